/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkTable attacks (issue 11): spk_table_attack as one undoable step, its
 * refusals with typed errors, dry runs, the marks end of turn clears, and
 * the damage-path fixes (items 4, 5). docs/rulings.md, "Attacks". The
 * table is the walkthrough's: brawnen (gate (-6, 0)) plays first,
 * grovetenders' gate is at (6, 0), the path runs along r = 0. */
#include "config.h"

#include <string.h>

#include "spk-test-table.h"

static void
place (SpkTable *t, const char *id, SpkChipKind kind, const char *faction, int q, int health,
       int attack)
{
  g_autoptr(SpkChip) c = spk_test_chip (id, kind, faction, id);
  g_autoptr(GError) error = NULL;

  c->placed = TRUE;
  c->q = q;
  c->r = 0;
  c->movement = 1;
  c->health = c->max_health = health;
  c->attack = attack;
  c->capacity = 1;
  g_assert_true (spk_table_place_chip (t, c, &error));
  g_assert_no_error (error);
}

static SpkTable *
table_in (SpkPhase phase)
{
  SpkTable *t = spk_table_new (spk_test_table_walkthrough_board ());

  place (t, "b1", SPK_CHIP_MINION, "brawnen", 0, 3, 2);
  place (t, "g1", SPK_CHIP_MINION, "grovetenders", 1, 3, 1);
  place (t, "g2", SPK_CHIP_MINION, "grovetenders", 3, 3, 1);
  while (spk_table_get_phase (t) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
  return t;
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  const SpkChip *c = spk_board_find_chip (spk_table_get_board (t), id);

  if (c == NULL)
    g_error ("no chip %s", id);
  return c;
}

static const SpkFaction *
faction (SpkTable *t, const char *id)
{
  const SpkFaction *f = spk_board_find_faction (spk_table_get_board (t), id);

  if (f == NULL)
    g_error ("no faction %s", id);
  return f;
}

/* R-attack-1: attacks only in the Onslaught Phase. */
static void
test_wrong_phase (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_BUILD);
  g_autoptr(GError) error = NULL;
  guint len = spk_table_get_history_length (t);

  g_assert_false (spk_table_attack (t, "b1", "g1", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len);
}

/* R-attack-1: only the faction whose turn it is attacks. */
static void
test_not_your_turn (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
  g_assert_false (spk_table_attack (t, "g1", "b1", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_assert_false (chip (t, "g1")->attacked);
}

/* RR Attacking with Units, Retaliation: one step does it all; undo takes
 * it back whole; a second attack is refused. */
static void
test_one_step (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_table_data (t, NULL);
  g_autofree char *after = NULL;
  guint len = spk_table_get_history_length (t);

  g_assert_true (spk_table_attack (t, "b1", "g1", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len + 1);
  g_assert_cmpint (chip (t, "g1")->health, ==, 1);
  g_assert_true (chip (t, "g1")->retaliated);
  g_assert_cmpint (chip (t, "b1")->health, ==, 2);
  g_assert_true (chip (t, "b1")->attacked);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "b1 attacks g1 — 2 damage to g1, 2 health removed (health 1); g1 retaliates; "
                   "1 damage to b1, 1 health removed (health 2)");
  g_assert_false (spk_table_attack (t, "b1", "g1", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_ALREADY_ATTACKED);
  g_assert_true (spk_table_undo (t, NULL));
  after = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* RR Target: the message says why not. */
static void
test_not_a_target (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_table_attack (t, "b1", "g2", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_TARGET);
  g_assert_cmpstr (error->message, ==, "g2 is not a target: not adjacent (3 hexes away, range 1)");
}

/* RR Relic: the player keeps or sells it; a missing answer is asked for. */
static void
test_needs_choice (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) g1 = spk_chip_copy (chip (t, "g1"));
  SpkAttackChoices keep = { .relic = "Amulet", .relic_choice = SPK_RELIC_KEEP };
  guint len;

  g1->health = 1;
  g1->relic_reward = TRUE;
  g_assert_true (spk_table_edit_chip (t, g1, NULL));
  len = spk_table_get_history_length (t);
  g_assert_false (spk_table_attack (t, "b1", "g1", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE);
  g_assert_cmpstr (error->message, ==,
                   "A choice is needed: which relic did Brawnen draw, and does it keep it or sell it for 4 Source?");
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len);
  g_assert_true (spk_table_attack (t, "b1", "g1", &keep, NULL));
  g_assert_null (spk_board_find_chip (spk_table_get_board (t), "g1"));
  g_assert_cmpstr (g_ptr_array_index (faction (t, "brawnen")->relics, 0), ==, "Amulet");
}

/* Dry runs (spk_table_begin_dry_run): every check, nothing recorded. */
static void
test_dry_run (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_table_data (t, NULL);
  g_autofree char *after = NULL;
  guint len = spk_table_get_history_length (t);

  spk_table_begin_dry_run (t);
  g_assert_true (spk_table_attack (t, "b1", "g1", NULL, NULL));
  g_assert_false (spk_table_attack (t, "b1", "g2", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_TARGET);
  spk_table_end_dry_run (t);
  after = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len);
}

/* R-attack-8: the end of a turn clears attacked (its faction) and
 * retaliated (everyone). */
static void
test_end_turn_clears_marks (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);

  g_assert_true (spk_table_attack (t, "b1", "g1", NULL, NULL));
  g_assert_true (spk_table_end_turn (t, NULL));
  g_assert_false (chip (t, "b1")->attacked);
  g_assert_false (chip (t, "g1")->retaliated);
  g_assert_true (spk_table_attack (t, "g1", "b1", NULL, NULL));
  g_assert_cmpint (chip (t, "b1")->health, ==, 1);
}

/* Issue item 5 (R-attack-3): no reward for defeating one's own unit. */
static void
test_no_reward_for_own_defeat (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(SpkChip) b1 = spk_chip_copy (chip (t, "b1"));
  int source = faction (t, "brawnen")->source;

  b1->reward = 3;
  g_assert_true (spk_table_edit_chip (t, b1, NULL));
  g_assert_true (spk_table_damage_chip (t, "b1", 5, "brawnen", NULL));
  g_assert_null (spk_board_find_chip (spk_table_get_board (t), "b1"));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, source);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "5 damage: b1 defeated (no reward: not opposing Brawnen)");
}

/* Issue item 4 (R-attack-4): a fallen gate damaged again does not fall
 * again (here, in 2 players, it would end the game a second time). */
static void
test_fallen_gate_not_defeated_again (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);

  g_assert_true (spk_table_set_gate_health (t, "grovetenders", 0, NULL, NULL));
  g_assert_true (spk_table_damage_gate (t, "grovetenders", 2, "brawnen", NULL));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);
  g_assert_false (spk_table_get_game_over (t));
  g_assert_cmpint (faction (t, "grovetenders")->gate_health, ==, 0);
}

/* Issue item 7 (R-attack-6): a campfire hero takes no damage. */
static void
test_inactive_takes_no_damage (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) g2 = spk_chip_copy (chip (t, "g2"));

  g2->kind = SPK_CHIP_HERO;
  g2->active = FALSE;
  g_assert_true (spk_table_edit_chip (t, g2, NULL));
  g_assert_false (spk_table_damage_chip (t, "g2", 1, "brawnen", &error));
  g_assert_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_INACTIVE);
  g_assert_cmpint (chip (t, "g2")->health, ==, 3);
}

/* RR Level Up: the standalone action, and a promotion without stats. */
static void
test_level_up (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GError) error = NULL;
  guint len;

  place (t, "hero", SPK_CHIP_HERO, "brawnen", -1, 4, 1);
  len = spk_table_get_history_length (t);
  g_assert_true (spk_table_level_up (t, "hero", SPK_LEVEL_UP_ATTACK, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chip (t, "hero")->upgrades->len, ==, 1);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len + 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "hero levels up: +1 attack upgrade");
  g_assert_false (spk_table_level_up (t, "hero", SPK_LEVEL_UP_ATTACK, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, len + 1);
}

/* R-attack-9: End Turn applies the retaliation of a gate to the units
 * that stood idle beside it, in the same step. */
static void
test_end_turn_gate_retaliation (void)
{
  g_autoptr(SpkTable) t = table_in (SPK_PHASE_ONSLAUGHT);

  place (t, "b5", SPK_CHIP_MINION, "brawnen", 5, 3, 1);
  g_assert_true (spk_table_end_turn (t, NULL));
  g_assert_cmpint (chip (t, "b5")->health, ==, 2);
  g_assert_cmpint (chip (t, "b1")->health, ==, 3);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Brawnen: end of turn; Grovetenders to play — b5 did not attack beside the gate of "
                   "Grovetenders, which retaliates; 1 damage to b5, 1 health removed (health 2)");
}

/* R-attack-7, W-3: an attack that defeats the last faction minion ends the
 * wave in the same step; one undo takes back both. */
static void
test_last_minion_ends_wave (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  SpkAttackChoices choices = { .level_up = SPK_LEVEL_UP_DECLINE };

  place (t, "hero", SPK_CHIP_HERO, "brawnen", 0, 3, 2);
  place (t, "g1", SPK_CHIP_MINION, "grovetenders", 1, 2, 1);
  while (spk_table_get_phase (t) != SPK_PHASE_ONSLAUGHT)
    g_assert_true (spk_table_advance_phase (t, NULL));
  g_assert_false (spk_table_attack (t, "hero", "g1", NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE);
  g_clear_error (&error);
  g_assert_true (spk_table_attack (t, "hero", "g1", &choices, &error));
  g_assert_no_error (error);
  g_assert_null (spk_board_find_chip (spk_table_get_board (t), "g1"));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
  /* The hero stays where it stood. */
  g_assert_cmpint (chip (t, "hero")->q, ==, 0);
  g_assert_true (spk_table_undo (t, NULL));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);
  g_assert_cmpint (chip (t, "g1")->health, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/attack-action/wrong-phase", test_wrong_phase);
  g_test_add_func ("/attack-action/not-your-turn", test_not_your_turn);
  g_test_add_func ("/attack-action/one-step", test_one_step);
  g_test_add_func ("/attack-action/not-a-target", test_not_a_target);
  g_test_add_func ("/attack-action/needs-choice", test_needs_choice);
  g_test_add_func ("/attack-action/dry-run", test_dry_run);
  g_test_add_func ("/attack-action/end-turn-clears-marks", test_end_turn_clears_marks);
  g_test_add_func ("/attack-action/no-reward-for-own-defeat", test_no_reward_for_own_defeat);
  g_test_add_func ("/attack-action/fallen-gate-not-defeated-again", test_fallen_gate_not_defeated_again);
  g_test_add_func ("/attack-action/inactive-takes-no-damage", test_inactive_takes_no_damage);
  g_test_add_func ("/attack-action/level-up", test_level_up);
  g_test_add_func ("/attack-action/end-turn-gate-retaliation", test_end_turn_gate_retaliation);
  g_test_add_func ("/attack-action/last-minion-ends-wave", test_last_minion_ends_wave);
  return g_test_run ();
}
