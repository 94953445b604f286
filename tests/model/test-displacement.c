/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minion's move displaces the friendly heroes on its route, as one
 * undoable step: rulings M-11 to M-14 in docs/rulings.md, resting on RR
 * Displace, RR Blocked and RR Returning to the Fortress. */
#include "config.h"

#include "spk-movement.h"
#include "spk-table-file.h"
#include "spk-test-table.h"

/* Wave 2, Onslaught Phase, Brawnen to play (gate (-6,0), mark the gate at
 * (6,0), path along r = 0). Awsh (Brawnen's hero, plains, health 2 of 5)
 * stands at (@hq, 0); the minion Dispatch (movement @movement) at (@mq, 0),
 * or in Brawnen's deployment stack when @mq is 0. */
static SpkBoard *
board_with (int hq, int mq, int movement)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  SpkChip *awsh = spk_test_chip ("awsh", SPK_CHIP_HERO, "brawnen", "Awsh");
  SpkChip *dispatch = spk_test_chip ("dispatch", SPK_CHIP_MINION, "brawnen", "Dispatch");

  b->wave = 2;
  g_free (b->phase);
  b->phase = g_strdup ("onslaught");
  awsh->placed = TRUE;
  awsh->q = hq;
  awsh->movement = 3;
  awsh->allowance = SPK_TERRAIN_PLAINS;
  awsh->max_health = 5;
  awsh->health = 2;
  g_ptr_array_add (b->chips, awsh);
  dispatch->movement = movement;
  dispatch->health = dispatch->max_health = 2;
  if (mq != 0)
    {
      dispatch->placed = TRUE;
      dispatch->q = mq;
    }
  else
    {
      SpkDeployment *d = spk_deployment_new ("brawnen");

      g_ptr_array_add (d->stack, g_strdup ("dispatch"));
      g_ptr_array_add (b->deployment, d);
    }
  g_ptr_array_add (b->chips, dispatch);
  return b;
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id);
}

static void
assert_at (SpkTable *t, const char *id, int q, int r)
{
  const SpkChip *c = chip (t, id);

  g_assert_nonnull (c);
  g_assert_true (c->placed);
  g_assert_cmpint (c->q, ==, q);
  g_assert_cmpint (c->r, ==, r);
}

/* M-11: the only legal move passes Awsh; the two swap in one step, the
 * label says so, and one undo puts both back. Ending on the hero swaps
 * the same way. */
static void
test_swap_and_undo (void)
{
  g_autoptr(SpkTable) t = spk_table_new (board_with (-4, -5, 2));
  g_autoptr(SpkTable) onto = spk_table_new (board_with (-4, -5, 1));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (spk_table_get_board (t), NULL, "dispatch", &error);
  const SpkMoveDestination *only;
  guint steps = spk_table_get_history_length (t);

  g_assert_no_error (error);
  g_assert_cmpuint (moves->destinations->len, ==, 1);
  only = g_ptr_array_index (moves->destinations, 0);
  g_assert_cmpint (only->hex.q, ==, -3);
  g_assert_cmpstr (g_ptr_array_index (only->displaces, 0), ==, "awsh");

  g_assert_true (spk_table_move_unit (t, "dispatch", -3, 0, &error));
  g_assert_no_error (error);
  assert_at (t, "dispatch", -3, 0);
  assert_at (t, "awsh", -5, 0);
  g_assert_true (chip (t, "dispatch")->moved);
  g_assert_false (chip (t, "awsh")->moved);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, steps + 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Dispatch moved (-5, 0) → (-3, 0); Awsh displaced (-4, 0) → (-5, 0)");

  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  assert_at (t, "dispatch", -5, 0);
  assert_at (t, "awsh", -4, 0);
  g_assert_false (chip (t, "dispatch")->moved);

  g_assert_true (spk_table_move_unit (onto, "dispatch", -4, 0, &error));
  g_assert_no_error (error);
  assert_at (onto, "dispatch", -4, 0);
  assert_at (onto, "awsh", -5, 0);
}

/* M-13: Dispatch deploys from the gate through Awsh: Awsh lands on its
 * own gate and has returned to the fortress (R-hero-1: full health,
 * remembered as returned in wave 2). Undo brings back both. */
static void
test_returned_by_displacement (void)
{
  g_autoptr(SpkTable) t = spk_table_new (board_with (-5, 0, 2));
  g_autoptr(GError) error = NULL;
  const SpkChip *awsh;

  g_assert_true (spk_table_move_unit (t, "dispatch", -4, 0, &error));
  g_assert_no_error (error);
  assert_at (t, "dispatch", -4, 0);
  awsh = chip (t, "awsh");
  g_assert_false (awsh->placed);
  g_assert_cmpint (awsh->health, ==, 5);
  g_assert_cmpint (awsh->returned, ==, 2);
  g_assert_cmpuint (spk_board_find_deployment (spk_table_get_board (t), "brawnen")->stack->len, ==, 0);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Dispatch deployed to (-4, 0); Awsh displaced from (-5, 0) onto its gate: "
                   "returned to the fortress, health 2 → 5");

  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  assert_at (t, "awsh", -5, 0);
  g_assert_cmpint (chip (t, "awsh")->health, ==, 2);
  g_assert_cmpint (chip (t, "awsh")->returned, ==, 0);
  g_assert_false (chip (t, "dispatch")->placed);
  g_assert_cmpstr (g_ptr_array_index (spk_board_find_deployment (spk_table_get_board (t), "brawnen")->stack, 0),
                   ==, "dispatch");
}

/* M-12: an Incorporeal Dispatch passes a grovetender minion at (-4,0)
 * and meets Awsh at (-3,0); Awsh cannot take the hex Dispatch left, so
 * the move needs the player's pick: refused with a typed error naming the
 * question (nothing recorded, dry run or not), refused with a hex that is
 * not on offer, done with the right one. */
static void
test_choice_needed (void)
{
  g_autoptr(SpkBoard) b = board_with (-3, -5, 3);
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;
  SpkChip *brute = spk_test_chip ("brute", SPK_CHIP_MINION, "grovetenders", "Brute");
  SpkDisplaceChoice wrong = { "awsh", { -5, 1 } };
  SpkDisplaceChoice right = { "awsh", { -3, -1 } };
  guint steps;

  brute->placed = TRUE;
  brute->q = -4;
  g_ptr_array_add (spk_board_find_chip (b, "dispatch")->talents, g_strdup ("Incorporeal"));
  g_ptr_array_add (b->chips, brute);
  t = spk_table_new (g_steal_pointer (&b));
  steps = spk_table_get_history_length (t);

  spk_table_begin_dry_run (t);
  g_assert_false (spk_table_move_unit (t, "dispatch", -2, 0, &error));
  spk_table_end_dry_run (t);
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE);
  g_assert_cmpstr (error->message, ==,
                   "Awsh makes way for Dispatch at (-3, 0) but cannot go to (-4, 0); "
                   "choose where it goes: (-3, -1)");
  g_clear_error (&error);
  g_assert_false (spk_table_move_unit (t, "dispatch", -2, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE);
  g_clear_error (&error);
  g_assert_false (spk_table_move_unit_full (t, "dispatch", -2, 0, &wrong, 1, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, steps);
  assert_at (t, "awsh", -3, 0);

  g_assert_true (spk_table_move_unit_full (t, "dispatch", -2, 0, &right, 1, &error));
  g_assert_no_error (error);
  assert_at (t, "dispatch", -2, 0);
  assert_at (t, "awsh", -3, -1);
  assert_at (t, "brute", -4, 0);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Dispatch moved (-5, 0) → (-2, 0); Awsh displaced (-3, 0) → (-3, -1)");
}

/* A move the engine does not offer displaces nobody: a hand move onto a
 * hero's hex is still refused as two chips on one hex. */
static void
test_not_a_destination (void)
{
  g_autoptr(SpkTable) t = spk_table_new (board_with (-2, -5, 2));
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_table_move_chip (t, "dispatch", -2, 0, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_HEX_OCCUPIED);
  assert_at (t, "awsh", -2, 0);
}

/* R-talent-5: in the Onslaught Phase a Spire Shot hero moves onto its
 * faction's spire through the table's action path (the spire keeps its
 * hex, the hero stands on it); one undo takes it off again. A minion is
 * never offered that hex. */
static void
test_spire_shot_rider (void)
{
  SpkBoard *b = board_with (-4, -2, 2);
  SpkChip *spire = spk_test_chip ("keep", SPK_CHIP_SPIRE, "brawnen", "Keep");
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkMoveResult) minion = NULL;

  /* The forest hex (-3, -1) gets a Source well for the spire. */
  for (guint i = 0; i < b->hexes->len; i++)
    {
      SpkHexEntry *e = g_ptr_array_index (b->hexes, i);

      if (e->q == -3 && e->r == -1)
        e->well = TRUE;
    }
  spire->placed = TRUE;
  spire->q = -3;
  spire->r = -1;
  g_ptr_array_add (b->chips, spire);
  g_ptr_array_add (spk_board_find_chip (b, "awsh")->talents, g_strdup ("Spire Shot"));
  spk_board_find_chip (b, "awsh")->allowance = SPK_TERRAIN_FOREST;
  t = spk_table_new (b);

  minion = spk_movement_moves (spk_table_get_board (t), NULL, "dispatch", &error);
  g_assert_no_error (error);
  g_assert_null (spk_move_result_find (minion, spk_hex_make (-3, -1)));

  g_assert_true (spk_table_move_unit (t, "awsh", -3, -1, &error));
  g_assert_no_error (error);
  assert_at (t, "awsh", -3, -1);
  assert_at (t, "keep", -3, -1);
  g_assert_true (spk_table_undo (t, &error));
  assert_at (t, "awsh", -4, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/displacement/swap-and-undo", test_swap_and_undo);
  g_test_add_func ("/displacement/returned", test_returned_by_displacement);
  g_test_add_func ("/displacement/spire-shot-rider", test_spire_shot_rider);
  g_test_add_func ("/displacement/choice-needed", test_choice_needed);
  g_test_add_func ("/displacement/not-a-destination", test_not_a_destination);
  return g_test_run ();
}
