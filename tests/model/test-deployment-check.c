/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk_table_check_deployment: the verdict a stack editor shows before
 * applying is exactly what spk_table_set_deployment then enforces, and
 * asking changes nothing. RB Prep Phase (CP of the wave, hero between
 * minions), RR Grouped Minions. */
#include "config.h"

#include "spk-test-table.h"

static SpkTable *
prep_table (void)
{
  SpkTable *t = spk_table_new (spk_test_table_walkthrough_board ());

  while (spk_table_get_phase (t) != SPK_PHASE_PREP)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
  return t;
}

static SpkChip *
unit (const char *id, SpkChipKind kind, int cost, int movement)
{
  SpkChip *c = spk_test_chip (id, kind, "brawnen", id);

  c->cost = cost;
  c->movement = movement;
  return c;
}

/* The problems' texts as set_deployment joins them. */
static char *
joined (const SpkStackCheck *check)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < check->problems->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                            ((const SpkStackProblem *) g_ptr_array_index (check->problems, i))->text);
  return g_string_free (s, FALSE);
}

static void
test_same_verdict (void)
{
  g_autoptr(SpkTable) t = prep_table ();
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  SpkStackCheck *check;
  SpkChip *hero;

  /* A hero between two minions, and 6 CP of 5. */
  g_ptr_array_add (units, unit ("a", SPK_CHIP_MINION, 3, 2));
  hero = unit ("h", SPK_CHIP_HERO, 0, 2);
  hero->starting = TRUE;
  g_ptr_array_add (units, hero);
  g_ptr_array_add (units, unit ("b", SPK_CHIP_MINION, 3, 2));
  check = spk_table_check_deployment (t, "brawnen", units);
  g_assert_cmpint (check->cp_available, ==, 5);
  g_assert_cmpint (check->cp_spent, ==, 6);
  g_assert_cmpuint (check->problems->len, ==, 2);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->kind, ==, SPK_STACK_OVER_CP);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 1))->kind, ==,
                   SPK_STACK_HERO_BETWEEN_MINIONS);
  text = joined (check);
  spk_stack_check_free (check);
  after = spk_table_to_data (t, NULL);
  g_assert_cmpstr (after, ==, before);

  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
  g_assert_cmpstr (error->message, ==, text);
}

/* A grouped minion counts in its top one's group: lowest movement on
 * top is fine, the other way round is named. */
static void
test_groups (void)
{
  g_autoptr(SpkTable) t = prep_table ();
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_autoptr(GError) error = NULL;
  SpkStackCheck *check;
  SpkChip *top = unit ("dispatch", SPK_CHIP_MINION, 1, 2);
  SpkChip *under = unit ("battleborn", SPK_CHIP_MINION, 1, 3);

  g_ptr_array_add (top->grouped, g_strdup ("battleborn"));
  g_ptr_array_add (units, top);
  g_ptr_array_add (units, under);
  check = spk_table_check_deployment (t, "brawnen", units);
  g_assert_cmpuint (check->problems->len, ==, 0);
  g_assert_cmpint (check->cp_spent, ==, 2);
  spk_stack_check_free (check);

  under->movement = 1;
  check = spk_table_check_deployment (t, "brawnen", units);
  g_assert_cmpuint (check->problems->len, ==, 1);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->kind, ==, SPK_STACK_GROUP_ORDER);
  spk_stack_check_free (check);
  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/deployment-check/same-verdict", test_same_verdict);
  g_test_add_func ("/deployment-check/groups", test_groups);
  return g_test_run ();
}
