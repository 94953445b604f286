/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Property: whatever sequence of actions is applied to a table, undoing
 * them all gives back the starting file byte for byte, and redoing them all
 * gives back the final one, also after a save and reload in between. A
 * refused action leaves the table exactly as it was. */
#include "config.h"

#include "spk-test-board.h"
#include "spk-test-table.h"

#define SEEDS   24
#define ACTIONS 80

/* A random table of 2 to 4 factions for @seed. */
static SpkTable *
random_table (guint32 seed)
{
  SpkTestBoardSpec spec = { 2 + (int) (seed % 3), 40, 8, 3, 4, 0.1, FALSE, seed % 2 == 0 };

  return spk_table_new (spk_test_board_random (seed, &spec));
}

static void
check_seed (guint32 seed)
{
  g_autoptr(SpkTable) t = random_table (seed);
  g_autoptr(GRand) r = g_rand_new_with_seed (seed * 7919u + 1);
  g_autoptr(SpkTable) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *end = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *back = NULL;
  g_autofree char *again = NULL;
  int depth = 0;

  for (guint i = 0; i < ACTIONS; i++)
    {
      guint x = (guint) g_rand_int_range (r, 0, 10);

      if (x == 0)
        {
          spk_table_begin_group (t);
          depth++;
        }
      else if (x == 1 && depth > 0)
        {
          spk_table_end_group (t);
          depth--;
        }
      spk_test_table_random_action (t, r, i);
    }
  while (depth-- > 0)
    spk_table_end_group (t);
  end = spk_table_to_table_data (t, NULL);
  g_test_message ("%u steps recorded", spk_table_get_history_length (t));
  g_assert_cmpuint (spk_table_get_history_length (t), >=, ACTIONS / 4);

  /* Half the seeds continue from a reloaded copy of the file. */
  if (seed % 2 == 1)
    {
      saved = spk_table_to_data (t, NULL);
      reloaded = spk_table_new_from_data (saved, -1, &error);
      g_assert_no_error (error);
      g_object_unref (t);
      t = g_steal_pointer (&reloaded);
    }
  while (spk_table_can_undo (t))
    {
      g_assert_true (spk_table_undo (t, &error));
      g_assert_no_error (error);
    }
  back = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (back, ==, start);
  while (spk_table_can_redo (t))
    {
      g_assert_true (spk_table_redo (t, &error));
      g_assert_no_error (error);
    }
  again = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (again, ==, end);
}

static void
test_undo_redo_property (void)
{
  for (guint32 seed = 1; seed <= SEEDS; seed++)
    {
      g_test_message ("seed %u", seed);
      check_seed (seed);
    }
}

/* Lowering the history limit with steps waiting to be redone: the table
 * stays exactly as it is, every step that can be redone stays and redoes
 * to the same end, the steps that are done shrink to the limit (a group
 * goes whole, so fewer may stay), and undoing them all stops where the
 * kept history begins, a valid table. Raising the limit again brings
 * nothing back. */
static void
check_limit_lowered (guint32 seed)
{
  g_autoptr(SpkTable) t = random_table (seed);
  g_autoptr(GRand) r = g_rand_new_with_seed (seed * 104729u + 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *end = NULL, *now = NULL, *after = NULL, *redone = NULL;
  guint redo_steps, length;

  for (guint i = 0; i < ACTIONS; i++)
    spk_test_table_random_action (t, r, i);
  end = spk_table_to_table_data (t, NULL);
  for (guint i = 0; i < 3 && spk_table_can_undo (t); i++)
    g_assert_true (spk_table_undo (t, &error));
  now = spk_table_to_table_data (t, NULL);
  redo_steps = spk_table_get_history_length (t) - spk_table_get_history_position (t);
  length = spk_table_get_history_length (t);
  g_assert_cmpuint (length, >, 10 + redo_steps);

  spk_table_set_history_limit (t, 10);
  g_assert_cmpuint (spk_table_get_history_limit (t), ==, 10);
  after = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (after, ==, now);
  g_assert_cmpuint (spk_table_get_history_length (t) - spk_table_get_history_position (t), ==, redo_steps);
  g_assert_cmpuint (spk_table_get_history_length (t), <, length);
  g_assert_cmpuint (spk_table_get_history_length (t), <=, MAX (10u, redo_steps + 1));
  g_assert_cmpuint (g_list_model_get_n_items (spk_table_get_log (t)), ==, spk_table_get_history_position (t));

  spk_table_set_history_limit (t, 0);
  g_assert_cmpuint (spk_table_get_history_length (t), <=, MAX (10u, redo_steps + 1));
  while (spk_table_can_redo (t))
    g_assert_true (spk_table_redo (t, &error));
  redone = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (redone, ==, end);
  while (spk_table_can_undo (t))
    g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, 0);
}

static void
test_limit_lowered (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_test_message ("seed %u", seed);
      check_limit_lowered (seed);
    }
}

static void
count_notify (guint *n, GParamSpec *pspec, gpointer object)
{
  (*n)++;
}

/* With one step done and two to redo, a limit of one drops the step done:
 * undo goes (notified once), redo stays, the notes stay as they are. */
static void
test_limit_takes_undo (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  guint notified = 0;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *notes = g_strdup_printf ("notes %u", i);

      g_assert_true (spk_table_set_notes (t, notes, &error));
    }
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_signal_connect_swapped (t, "notify::can-undo", G_CALLBACK (count_notify), &notified);
  spk_table_set_history_limit (t, 1);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_false (spk_table_can_undo (t));
  g_assert_true (spk_table_can_redo (t));
  g_assert_cmpstr (spk_table_get_notes (t), ==, "notes 0");
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 2);
  g_assert_true (spk_table_redo (t, &error));
  g_assert_true (spk_table_redo (t, &error));
  g_assert_cmpstr (spk_table_get_notes (t), ==, "notes 2");
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/undo-redo-property", test_undo_redo_property);
  g_test_add_func ("/history/limit-lowered", test_limit_lowered);
  g_test_add_func ("/history/limit-takes-undo", test_limit_takes_undo);
  return g_test_run ();
}
