/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Talents the model applies in a unit's move (docs/talents.md): Impale
 * deals 1 damage to the opposing units the mover newly stands next to, in
 * the same undoable step (R-talent-8). The walkthrough table: brawnen move
 * east along r = 0 towards the grovetenders' gate at (6, 0). */
#include "config.h"

#include "spk-table-private.h"
#include "spk-test-table.h"

static SpkChip *
place (SpkTable *t, const char *id, const char *faction, int q, int health, const char *talent)
{
  g_autoptr(SpkChip) c = spk_test_chip (id, SPK_CHIP_MINION, faction, id);
  g_autoptr(GError) error = NULL;

  c->placed = TRUE;
  c->q = q;
  c->r = 0;
  c->movement = 1;
  c->attack = 1;
  c->reward = 2;
  c->health = c->max_health = health;
  if (talent != NULL)
    g_ptr_array_add (c->talents, g_strdup (talent));
  g_assert_true (spk_table_place_chip (t, c, &error));
  g_assert_no_error (error);
  return spk_board_find_chip (spk_table_get_board (t), id);
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id);
}

static void
move (SpkTable *t, const char *id, int q)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_move_unit (t, id, q, 0, &error));
  g_assert_no_error (error);
}

/* Glossary Impale; R-talent-8: 1 damage to a unit it was not next to, none
 * to one it already was next to; one step, undone as one; no retaliation. */
static void
test_impale_damage (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  place (t, "brier", "brawnen", -3, 3, "Impale");
  place (t, "g1", "grovetenders", -1, 2, NULL);
  place (t, "g2", "grovetenders", 5, 2, NULL);
  spk_test_table_to_onslaught (t);
  move (t, "brier", -2);
  g_assert_cmpint (chip (t, "g1")->health, ==, 1);
  g_assert_cmpint (chip (t, "brier")->health, ==, 3);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "brier moved (-3, 0) → (-2, 0); Impale: 1 damage to g1, health 2 → 1");
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chip (t, "g1")->health, ==, 2);
  spk_test_assert_at (t, "brier", -3, 0);
}

/* R-talent-8: without the talent nothing happens; an editing move outside
 * the Onslaught Phase is no movement and impales nobody. */
static void
test_impale_only_when_moving (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  place (t, "brier", "brawnen", -3, 3, "Impale");
  place (t, "plain", "brawnen", -5, 3, NULL);
  place (t, "g1", "grovetenders", -1, 2, NULL);
  g_assert_true (spk_table_move_chip (t, "brier", -2, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chip (t, "g1")->health, ==, 2);
  g_assert_true (spk_table_move_chip (t, "brier", -3, 0, &error));
  g_assert_true (spk_table_move_chip (t, "g1", -3, -1, &error));
  g_assert_no_error (error);
  spk_test_table_to_onslaught (t);
  /* The plain minion ends next to g1, which it was not next to. */
  move (t, "plain", -4);
  g_assert_cmpint (chip (t, "g1")->health, ==, 2);
}

/* R-talent-8: a unit Impale defeats pays its reward to the mover's
 * faction, as the Damage control does. */
static void
test_impale_defeats (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  int before;

  place (t, "brier", "brawnen", -3, 3, "Impale");
  place (t, "g1", "grovetenders", -1, 1, NULL);
  place (t, "g2", "grovetenders", 5, 2, NULL);
  spk_test_table_to_onslaught (t);
  before = spk_board_find_faction (spk_table_get_board (t), "brawnen")->source;
  move (t, "brier", -2);
  g_assert_null (chip (t, "g1"));
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "brawnen")->source, ==, before + 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/talent-moves/impale-damage", test_impale_damage);
  g_test_add_func ("/talent-moves/impale-only-when-moving", test_impale_only_when_moving);
  g_test_add_func ("/talent-moves/impale-defeats", test_impale_defeats);
  return g_test_run ();
}
