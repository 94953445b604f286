/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Heroes returning to their fortress and mercs beside the barracks:
 * R-hero-1 … R-hero-5 in docs/rulings.md ("Returned heroes"), resting on
 * RR Returning to the Fortress, RR Select, RR Barracks, RR Hero Movement. */
#include "config.h"

#include <string.h>

#include "spk-movement.h"
#include "spk-table-file.h"
#include "spk-test-table.h"

/* Wave 2, Onslaught Phase, Brawnen to play; Awsh (4 CP, 5 health, hurt
 * to 2, one attack upgrade) stands two steps from Brawnen's gate (-6,0). */
static SpkBoard *
onslaught_board (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  SpkChip *awsh = spk_test_chip ("awsh", SPK_CHIP_HERO, "brawnen", "Awsh");
  SpkUpgrade attack = SPK_UPGRADE_ATTACK;

  b->wave = 2;
  g_free (b->phase);
  b->phase = g_strdup ("onslaught");
  awsh->placed = TRUE;
  awsh->q = -4;
  awsh->r = 0;
  awsh->movement = 3;
  awsh->allowance = SPK_TERRAIN_PLAINS;
  awsh->max_health = 5;
  awsh->health = 2;
  awsh->attack = 2;
  awsh->cost = 4;
  g_array_append_val (awsh->upgrades, attack);
  g_ptr_array_add (b->chips, awsh);
  return b;
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id);
}

static void
advance_to (SpkTable *t, int wave, SpkPhase phase)
{
  while (spk_table_get_wave (t) != wave || spk_table_get_phase (t) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
}

/* The units of @faction's stack plus @extra (a copy of a chip at the
 * table, or a new unit), as an editor hands them over. */
static GPtrArray *
units_with (const SpkChip *extra)
{
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);

  if (extra != NULL)
    g_ptr_array_add (units, spk_chip_copy (extra));
  return units;
}

/* R-hero-1: the movement engine offers the own gate; ending the move
 * there takes the hero off the board at full health, upgrades kept,
 * remembered as returned in this wave; undo puts it back as it was. */
static void
test_return_and_undo (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (spk_table_get_board (t), NULL, "awsh", &error);
  const SpkChip *c;

  g_assert_no_error (error);
  g_assert_nonnull (spk_move_result_find (moves, spk_hex_make (-6, 0)));

  g_assert_true (spk_table_move_unit (t, "awsh", -6, 0, &error));
  g_assert_no_error (error);
  c = chip (t, "awsh");
  g_assert_false (c->placed);
  g_assert_cmpint (c->health, ==, 5);
  g_assert_cmpint (c->returned, ==, 2);
  g_assert_cmpuint (c->upgrades->len, ==, 1);
  g_assert_cmpint (g_array_index (c->upgrades, SpkUpgrade, 0), ==, SPK_UPGRADE_ATTACK);
  g_assert_null (spk_board_find_deployment (spk_table_get_board (t), "brawnen"));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Awsh returned to the fortress from (-4, 0), health 2 → 5");

  /* The movement engine says where it is and what to do. */
  {
    g_autoptr(GError) where = NULL;
    g_autoptr(SpkMoveResult) none = spk_movement_moves (spk_table_get_board (t), NULL, "awsh", &where);

    g_assert_null (none);
    g_assert_error (where, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NO_PLACE);
    g_assert_cmpstr (where->message, ==,
                     "“awsh” returned to its fortress in wave 2 and waits beside the barracks; "
                     "select it for a deployment stack in a later Prep Phase");
  }

  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  c = chip (t, "awsh");
  g_assert_true (c->placed);
  g_assert_cmpint (c->q, ==, -4);
  g_assert_cmpint (c->r, ==, 0);
  g_assert_cmpint (c->health, ==, 2);
  g_assert_cmpint (c->returned, ==, 0);

  g_assert_true (spk_table_redo (t, &error));
  g_assert_cmpint (chip (t, "awsh")->returned, ==, 2);
}

/* R-hero-1: only a hero moving onto its own gate returns; a move
 * elsewhere, or a minion, is an ordinary move. */
static void
test_only_own_gate (void)
{
  g_autoptr(SpkBoard) b = onslaught_board ();
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;
  SpkChip *minion = spk_test_chip ("dispatch", SPK_CHIP_MINION, "brawnen", "Dispatch");

  minion->placed = TRUE;
  minion->q = -5;
  minion->r = 0;
  minion->movement = 2;
  g_ptr_array_add (b->chips, minion);
  t = spk_table_new (spk_board_copy (b));

  g_assert_true (spk_table_move_unit (t, "awsh", -3, 0, &error));
  g_assert_true (chip (t, "awsh")->placed);
  g_assert_cmpint (chip (t, "awsh")->returned, ==, 0);
  g_assert_true (spk_table_move_chip (t, "dispatch", -6, 0, &error));
  g_assert_no_error (error);
  g_assert_true (chip (t, "dispatch")->placed);
  g_assert_cmpint (chip (t, "dispatch")->returned, ==, 0);
}

/* R-hero-2: the table file keeps the wave of the return; a bad value is
 * named with what to do. */
static void
test_file (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(SpkBoard) back = NULL;
  static const struct { const char *from, *to; int code; const char *message; } bad[] = {
    { "\"returned\" : 2", "\"returned\" : 3", SPK_TABLE_ERROR_VALUE,
      "chips[7].returned: wave 3 is not a wave played so far; give the wave the hero returned in, from 1 to 2" },
    { "\"returned\" : 2", "\"returned\" : 0", SPK_TABLE_ERROR_VALUE,
      "chips[7].returned: wave 0 is not a wave played so far; give the wave the hero returned in, from 1 to 2" },
    { "\"kind\" : \"hero\"", "\"kind\" : \"minion\"", SPK_TABLE_ERROR_PLACEMENT,
      "chips[7].returned: only heroes return to their fortress and “awsh” is a minion; remove returned" },
    { "\"returned\" : 2", "\"returned\" : 2, \"q\": -4, \"r\": 0", SPK_TABLE_ERROR_PLACEMENT,
      "chips[7]: “awsh” stands on the board and is marked as returned to its fortress; remove returned, or q and r" },
  };

  g_assert_true (spk_table_move_unit (t, "awsh", -6, 0, &error));
  data = spk_table_to_table_data (t, NULL);
  g_assert_nonnull (strstr (data, "\"returned\" : 2"));
  back = spk_table_file_parse (data, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (back, spk_table_get_board (t)));

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) e = NULL;
      g_auto(GStrv) parts = g_strsplit (data, bad[i].from, 2);
      g_autofree char *broken = NULL;
      g_autoptr(SpkBoard) none = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      g_assert_nonnull (parts[1]);
      broken = g_strjoin (bad[i].to, parts[0], parts[1], NULL);
      none = spk_table_file_parse_full (broken, -1, &problems, &e);
      g_assert_null (none);
      g_assert_nonnull (problems);
      g_assert_cmpuint (problems->len, >=, 1);
      g_assert_error ((GError *) g_ptr_array_index (problems, 0), SPK_TABLE_ERROR, bad[i].code);
      g_assert_cmpstr (((GError *) g_ptr_array_index (problems, 0))->message, ==, bad[i].message);
    }
}

/* R-hero-3: not again in the wave it returned in; from the next wave it
 * is selected for 0 CP, and a stack that leaves it out leaves it waiting
 * beside the barracks, never lost. R-hero-4: deployed again, the mark
 * goes. */
static void
test_select_again (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) none = units_with (NULL);
  g_autoptr(SpkStackCheck) check = NULL;
  guint n_chips;

  g_assert_true (spk_table_move_unit (t, "awsh", -6, 0, &error));
  n_chips = spk_table_get_board (t)->chips->len;

  units = units_with (chip (t, "awsh"));
  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
  g_assert_cmpstr (error->message, ==,
                   "Awsh returned to the fortress in wave 2 and cannot deploy again until the next wave; "
                   "take it out of the stack");
  g_clear_error (&error);

  advance_to (t, 3, SPK_PHASE_PREP);
  check = spk_table_check_deployment (t, "brawnen", units);
  g_assert_cmpuint (check->problems->len, ==, 0);
  g_assert_cmpint (check->cp_spent, ==, 0);
  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_board (t)->chips->len, ==, n_chips);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "brawnen")->cp, ==, spk_wave_cp (3));
  g_assert_cmpstr (g_ptr_array_index (spk_board_find_deployment (spk_table_get_board (t), "brawnen")->stack, 0),
                   ==, "awsh");

  /* Out of the stack again: back beside the barracks, still free. */
  g_assert_true (spk_table_set_deployment (t, "brawnen", none, &error));
  g_assert_nonnull (chip (t, "awsh"));
  g_assert_false (chip (t, "awsh")->placed);
  g_assert_cmpint (chip (t, "awsh")->returned, ==, 2);
  g_assert_cmpint (chip (t, "awsh")->health, ==, 5);

  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  advance_to (t, 3, SPK_PHASE_ONSLAUGHT);
  /* Deployed on its faction's turn (R-turns-5). */
  while (g_strcmp0 (spk_table_get_turn (t), "brawnen") != 0)
    g_assert_true (spk_table_end_turn (t, NULL));
  g_assert_true (spk_table_move_unit (t, "awsh", -5, 0, &error));
  g_assert_no_error (error);
  g_assert_true (chip (t, "awsh")->placed);
  g_assert_cmpint (chip (t, "awsh")->returned, ==, 0);
}

/* R-hero-5: a stack cannot claim a return that did not happen. */
static void
test_claimed_return (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) other = spk_test_chip ("sorn", SPK_CHIP_HERO, "brawnen", "Sorn");
  g_autoptr(GPtrArray) units = NULL;

  other->cost = 5;
  other->returned = 1;
  units = units_with (other);
  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
  g_assert_cmpstr (error->message, ==,
                   "Sorn has not returned to the fortress as the stack says; add it again from the barracks");
}

/* R-hero-6: a merc bought at the market joins the stack for 0 CP and is
 * taken from the purchases beside the barracks; left out of the stack
 * again, it waits there again. */
static void
test_merc_from_purchases (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) roa = spk_test_chip ("roa", SPK_CHIP_MINION, "brawnen", "Roa");
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(GPtrArray) none = units_with (NULL);
  const SpkFaction *f;

  advance_to (t, 2, SPK_PHASE_MARKET);
  /* RB Market Phase: the grovetenders are first player in wave 2. */
  g_assert_true (spk_table_pass_market (t, "grovetenders", &error));
  g_assert_true (spk_table_buy_market_chip (t, "brawnen", "Roa", 3, &error));
  advance_to (t, 2, SPK_PHASE_PREP);
  roa->merc = TRUE;
  roa->cost = 3;
  roa->movement = 2;
  units = units_with (roa);
  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_no_error (error);
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpuint (f->purchases->len, ==, 0);
  g_assert_cmpint (f->cp, ==, spk_wave_cp (2));

  /* Reordering or re-applying the same stack takes nothing more. */
  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpuint (f->purchases->len, ==, 0);

  g_assert_true (spk_table_set_deployment (t, "brawnen", none, &error));
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpuint (f->purchases->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->purchases, 0), ==, "Roa");
  g_assert_null (chip (t, "roa"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/returned-heroes/return-and-undo", test_return_and_undo);
  g_test_add_func ("/returned-heroes/only-own-gate", test_only_own_gate);
  g_test_add_func ("/returned-heroes/file", test_file);
  g_test_add_func ("/returned-heroes/select-again", test_select_again);
  g_test_add_func ("/returned-heroes/claimed-return", test_claimed_return);
  g_test_add_func ("/returned-heroes/merc-from-purchases", test_merc_from_purchases);
  return g_test_run ();
}
