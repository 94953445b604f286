/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit attacks, retaliation and what follows (issue 11). Each test names
 * the rule it checks: RR = Rules Reference entry, R-attack-N =
 * docs/rulings.md. Boards are a straight path from (-3, 0) to (5, 0) with a
 * Source well at (2, 0), red's gate at (-4, 0) and blue's at (6, 0). */
#include "config.h"

#include <string.h>

#include "spk-attack.h"
#include "spk-economy.h"
#include "spk-test-attack.h"
#include "spk-test-builder.h"

static gboolean
is_refused (const SpkAttackOptions *o, const char *target)
{
  for (guint i = 0; i < o->refused->len; i++)
    if (g_str_equal (((SpkAttackRefusal *) g_ptr_array_index (o->refused, i))->target, target))
      return TRUE;
  return FALSE;
}

static SpkChip *
chip_of (const SpkBoard *b, const char *id)
{
  SpkChip *c = spk_board_find_chip (b, id);

  if (c == NULL)
    g_error ("no chip %s", id);
  return c;
}

static SpkFaction *
faction_of (const SpkBoard *b, const char *id)
{
  SpkFaction *f = spk_board_find_faction (b, id);

  if (f == NULL)
    g_error ("no faction %s", id);
  return f;
}

/* RR Attacking with Units, Minion Attacks: adjacent targets; minions must. */
static void
test_adjacent_only (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autofree char *list = NULL;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 2, 2);
  spk_ta_unit (b, "bm1", SPK_CHIP_MINION, "blue", 1, 2, 1);
  spk_ta_unit (b, "bm3", SPK_CHIP_MINION, "blue", 3, 2, 1);
  spk_ta_unit (b, "rm2", SPK_CHIP_MINION, "red", -1, 2, 1);
  o = spk_attack_options (b, "rm", NULL);
  list = spk_ta_target_list (o);
  g_assert_cmpstr (list, ==, "bm1");
  g_assert_true (o->can_attack);
  g_assert_true (o->must_attack);
  g_assert_cmpint (o->attack, ==, 2);
  g_assert_cmpint (o->range, ==, 1);
  g_assert_cmpstr (spk_ta_refusal (o, "bm3")->why_not, ==, "not adjacent (3 hexes away, range 1)");
  g_assert_cmpint (spk_ta_refusal (o, "bm3")->distance, ==, 3);
  /* Friendly units are neither targets nor refused: they are not candidates. */
  g_assert_false (is_refused (o, "rm2"));
  g_assert_cmpstr (spk_ta_refusal (o, "gate:blue")->why_not, ==, "not adjacent (6 hexes away, range 1)");
}

/* RR Range, Range Upgrade: "N Range" plus range upgrades; heroes may. */
static void
test_range_talent (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autofree char *list = NULL;
  SpkChip *h = spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1);

  spk_tb_talent (h, "2 Range");
  g_array_append_val (h->upgrades, (SpkUpgrade) { SPK_UPGRADE_RANGE });
  g_array_append_val (h->upgrades, (SpkUpgrade) { SPK_UPGRADE_ATTACK });
  spk_ta_unit (b, "bm3", SPK_CHIP_MINION, "blue", 3, 2, 1);
  spk_ta_unit (b, "bm4", SPK_CHIP_MINION, "blue", 4, 2, 1);
  o = spk_attack_options (b, "rh", NULL);
  list = spk_ta_target_list (o);
  g_assert_cmpstr (list, ==, "bm3");
  g_assert_cmpint (o->range, ==, 3);
  g_assert_cmpint (o->attack, ==, 2);
  g_assert_true (o->can_attack);
  g_assert_false (o->must_attack);
  g_assert_cmpstr (spk_ta_refusal (o, "bm4")->why_not, ==, "out of range (4 hexes away, range 3)");
}

/* RR Sky: # Range never counts through sky. */
static void
test_never_through_sky (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  SpkChip *h;

  spk_tb_faction (b, "red", "blue", NULL);
  spk_tb_faction (b, "blue", "red", NULL);
  spk_tb_hexes (b, "west", 0, "0,0,p");
  spk_tb_hexes (b, "east", 0, "2,0,p");
  h = spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1);
  spk_tb_talent (h, "3 Range");
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 2, 2, 1);
  o = spk_attack_options (b, "rh", NULL);
  g_assert_cmpuint (o->targets->len, ==, 0);
  g_assert_false (o->can_attack);
  g_assert_cmpstr (o->why_not, ==, "no legal target");
  g_assert_cmpint (spk_ta_refusal (o, "bm")->distance, ==, -1);
  g_assert_cmpstr (spk_ta_refusal (o, "bm")->why_not, ==, "out of reach: only sky lies between");
}

/* Cloudspire Helper FAQ, "Heroes & Minions (Units)", FLYING: Flying keeps
 * attacks away, not retaliation: a flyer that attacks a unit with neither
 * Flying nor Air Defense takes its retaliation. */
static void
test_flying_takes_retaliation (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;

  spk_tb_talent (spk_ta_unit (b, "rf", SPK_CHIP_MINION, "red", 0, 3, 1), "Flying");
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 3, 2);
  r = spk_attack_resolve (b, "rf", "bm", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->retaliation, ==, 2);
  g_assert_cmpstr (r->retaliator, ==, "bm");
  g_assert_cmpint (chip_of (b, "rf")->health, ==, 1);
}

/* RR Attack (Flying example): Flying units only by Flying or Air Defense. */
static void
test_flying (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) plain = NULL;
  g_autoptr(SpkAttackOptions) air = NULL;
  SpkChip *ad;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 2, 2);
  ad = spk_ta_unit (b, "rad", SPK_CHIP_MINION, "red", 2, 2, 2);
  spk_tb_talent (ad, "Air Defense");
  spk_tb_talent (spk_ta_unit (b, "bf", SPK_CHIP_MINION, "blue", 1, 2, 1), "Flying");
  plain = spk_attack_options (b, "rm", NULL);
  g_assert_cmpuint (plain->targets->len, ==, 0);
  g_assert_cmpstr (spk_ta_refusal (plain, "bf")->why_not, ==,
                   "Flying: only units with Flying or Air Defense may attack it");
  air = spk_attack_options (b, "rad", NULL);
  g_assert_cmpint (spk_ta_outcome (air, "bf")->kind, ==, SPK_TARGET_UNIT);
}

/* RR Inactive, Attack Stat, Attacking with Units: who cannot attack. */
static void
test_attacker_why_not (void)
{
  struct { const char *id; const char *why; } rows[] = {
    { "camp", "inactive (campfire mode)" },
    { "done", "already attacked this turn" },
    { "zero", "its attack stat is 0, so it does not attack" },
    { "stacked", "inactive: it is in the deployment stack" },
    { "under", "inactive: it is grouped under top" },
    { "spire", "spires fire in the spire stage; they do not make unit attacks" },
  };
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkChip *c;
  SpkDeployment *d = spk_deployment_new ("red");

  spk_ta_unit (b, "camp", SPK_CHIP_HERO, "red", 0, 2, 2)->active = FALSE;
  spk_ta_unit (b, "done", SPK_CHIP_MINION, "red", -1, 2, 2)->attacked = TRUE;
  spk_ta_unit (b, "zero", SPK_CHIP_MINION, "red", -2, 2, 0);
  c = spk_ta_unit (b, "stacked", SPK_CHIP_MINION, "red", 0, 2, 2);
  c->placed = FALSE;
  g_ptr_array_add (d->stack, g_strdup ("stacked"));
  g_ptr_array_add (b->deployment, d);
  c = spk_ta_unit (b, "top", SPK_CHIP_MINION, "red", -3, 2, 2);
  g_ptr_array_add (c->grouped, g_strdup ("under"));
  spk_ta_unit (b, "under", SPK_CHIP_MINION, "red", 0, 2, 2)->placed = FALSE;
  spk_tb_chip (b, "spire", SPK_CHIP_SPIRE, "red", 1, 0, "attack");
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 2, 2, 1);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(SpkAttackOptions) o = spk_attack_options (b, rows[i].id, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkBoard) work = spk_board_copy (b);
      g_autoptr(SpkAttackOutcome) r = NULL;
      int code;

      g_test_message ("row %s", rows[i].id);
      g_assert_cmpstr (o->why_not, ==, rows[i].why);
      g_assert_false (o->can_attack);
      g_assert_false (o->must_attack);
      g_assert_cmpuint (o->targets->len, ==, 0);
      r = spk_attack_resolve (work, rows[i].id, "bm", NULL, &error);
      g_assert_null (r);
      code = g_str_equal (rows[i].id, "done") ? SPK_ATTACK_ERROR_ALREADY_ATTACKED
                                               : SPK_ATTACK_ERROR_CANNOT_ATTACK;
      g_assert_error (error, SPK_ATTACK_ERROR, code);
      g_assert_true (spk_board_equal (work, b));
    }
}

/* RR Inactive, Campfire Mode: an inactive unit is no target. */
static void
test_inactive_target (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 2, 2);
  spk_ta_unit (b, "camp", SPK_CHIP_HERO, "blue", 1, 2, 2)->active = FALSE;
  o = spk_attack_options (b, "rm", NULL);
  g_assert_cmpuint (o->targets->len, ==, 0);
  g_assert_cmpstr (spk_ta_refusal (o, "camp")->why_not, ==, "inactive (campfire mode): it cannot be attacked");
}

/* RR Target, Landmark Minion (R-attack-2): landmarks with health chips. */
static void
test_landmarks (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autofree char *list = NULL;
  SpkChip *l;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 2, 2);
  l = spk_tb_chip (b, "ruin", SPK_CHIP_LANDMARK, NULL, 1, 0, NULL);
  l->revealed = TRUE;
  l->health = 2;
  l = spk_tb_chip (b, "hidden", SPK_CHIP_LANDMARK, NULL, -1, 0, NULL);
  l->health = 2;
  o = spk_attack_options (b, "rm", NULL);
  list = spk_ta_target_list (o);
  g_assert_cmpstr (list, ==, "ruin");
  g_assert_cmpint (spk_ta_outcome (o, "ruin")->kind, ==, SPK_TARGET_LANDMARK);
  g_assert_null (spk_ta_outcome (o, "ruin")->owner);
  g_assert_false (is_refused (o, "hidden"));
}

/* RR Attacking and Defending a Fortress Gate: the stack may defend. */
static void
test_gate_and_stack_targets (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autofree char *list = NULL;
  SpkDeployment *d = spk_deployment_new ("blue");
  const SpkAttackOutcome *gate, *stack;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 5, 2, 2);
  spk_ta_unit (b, "bs", SPK_CHIP_MINION, "blue", 0, 3, 1)->placed = FALSE;
  spk_ta_unit (b, "bs2", SPK_CHIP_MINION, "blue", 0, 3, 1)->placed = FALSE;
  g_ptr_array_add (d->stack, g_strdup ("bs"));
  g_ptr_array_add (d->stack, g_strdup ("bs2"));
  g_ptr_array_add (b->deployment, d);
  o = spk_attack_options (b, "rm", NULL);
  list = spk_ta_target_list (o);
  g_assert_cmpstr (list, ==, "gate:blue bs");
  gate = spk_ta_outcome (o, "gate:blue");
  stack = spk_ta_outcome (o, "bs");
  g_assert_cmpint (gate->kind, ==, SPK_TARGET_GATE);
  g_assert_cmpuint (gate->questions->len, ==, 1);
  g_assert_cmpint (gate->hit->gate_health, ==, 8);
  g_assert_cmpint (gate->retaliation, ==, 1);
  g_assert_cmpint (stack->kind, ==, SPK_TARGET_STACK_UNIT);
  g_assert_cmpint (stack->hit->chip->health, ==, 1);
  g_assert_cmpint (stack->retaliation, ==, 1);
  g_assert_cmpstr (stack->retaliator, ==, "bs");
}

/* RR Retaliation: the target retaliates with its attack stat once. */
static void
test_unit_retaliation (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;
  SpkChip *bm;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 2);
  bm = spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 3, 1);
  g_array_append_val (bm->upgrades, (SpkUpgrade) { SPK_UPGRADE_ATTACK });
  r = spk_attack_resolve (b, "rm", "bm", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->damage, ==, 2);
  g_assert_false (r->defeated);
  g_assert_cmpint (r->retaliation, ==, 2);
  g_assert_cmpstr (r->retaliator, ==, "bm");
  g_assert_false (r->attacker_defeated);
  g_assert_cmpint (chip_of (b, "bm")->health, ==, 1);
  g_assert_true (chip_of (b, "bm")->retaliated);
  g_assert_cmpint (chip_of (b, "rm")->health, ==, 1);
  g_assert_true (chip_of (b, "rm")->attacked);
  g_assert_cmpstr (g_ptr_array_index (r->results, 0), ==, "2 damage to bm, 2 health removed (health 1)");
  g_assert_cmpstr (g_ptr_array_index (r->results, 1), ==, "bm retaliates");
  g_assert_cmpuint (r->results->len, ==, 3);
}

/* RR Damage (talents modify the damage dealt), R-attack-13: what the
 * players enter for a talent the app does not apply changes the numbers,
 * and the results name it. */
static void
test_entered_modifiers (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkBoard) gate = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;
  SpkAttackChoices hunter = { .damage_modifier = 1, .modifier_reason = "Hunter",
                              .set_retaliation = TRUE, .retaliation_damage = 0 };
  SpkAttackChoices wrong = { .set_retaliation = TRUE, .retaliation_damage = 3 };

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 1);
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 3, 2);
  r = spk_attack_resolve (b, "rm", "bm", &hunter, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->damage, ==, 2);
  g_assert_cmpint (chip_of (b, "bm")->health, ==, 1);
  /* Retaliation entered as 0 (say Tough): nothing reaches the attacker,
   * and bm has still used its retaliation. */
  g_assert_cmpint (r->retaliation, ==, 0);
  g_assert_cmpint (chip_of (b, "rm")->health, ==, 3);
  g_assert_true (chip_of (b, "bm")->retaliated);
  g_assert_cmpstr (g_ptr_array_index (r->results, 0), ==, "Damage changed by +1 (Hunter): 2");
  g_assert_cmpstr (g_ptr_array_index (r->results, 2), ==, "Retaliation entered as 0 (Hunter)");

  /* A retaliation entered where nothing retaliates by its own amount is
   * refused, and the board is left as it was. */
  spk_ta_unit (gate, "rm", SPK_CHIP_MINION, "red", 5, 3, 1);
  g_assert_null (spk_attack_resolve (gate, "rm", "gate:blue", &wrong, &error));
  g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE);
  g_assert_cmpint (faction_of (gate, "blue")->gate_health, ==, 10);
  g_assert_false (chip_of (gate, "rm")->attacked);
}

/* RR Retaliation: not a second time in a turn; only within its own range. */
static void
test_retaliation_limits (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkChip *rh;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 1);
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 3, 1)->retaliated = TRUE;
  rh = spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 3, 3, 1);
  spk_tb_talent (rh, "2 Range");
  spk_ta_unit (b, "far", SPK_CHIP_MINION, "blue", 5, 3, 2);
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rm", "bm", NULL, NULL);

    g_assert_cmpint (r->retaliation, ==, 0);
    g_assert_null (r->retaliator);
  }
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rh", "far", NULL, NULL);

    /* Two hexes away: the target's range of 1 does not reach back. */
    g_assert_cmpint (r->distance, ==, 2);
    g_assert_cmpint (r->retaliation, ==, 0);
  }
}

/* RR Retaliation, Range: a ranged target retaliates from as far. */
static void
test_ranged_retaliation (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  spk_tb_talent (spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1), "2 Range");
  spk_tb_talent (spk_ta_unit (b, "bh", SPK_CHIP_HERO, "blue", 2, 3, 2), "2 Range");
  r = spk_attack_resolve (b, "rh", "bh", NULL, NULL);
  g_assert_cmpint (r->retaliation, ==, 2);
  g_assert_cmpint (chip_of (b, "rh")->health, ==, 1);
}

/* RR Hero Upgrades / R-spire-4: fortifications absorb damage on units,
 * retaliation included. */
static void
test_fortification_absorbs (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  SpkChip *bh;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 3);
  bh = spk_ta_unit (b, "bh", SPK_CHIP_HERO, "blue", 1, 4, 1);
  g_array_append_val (bh->upgrades, (SpkUpgrade) { SPK_UPGRADE_FORTIFICATION });
  r = spk_attack_resolve (b, "rm", "bh", NULL, NULL);
  g_assert_cmpuint (r->hit->removed_upgrades->len, ==, 1);
  g_assert_cmpint (r->hit->health_removed, ==, 2);
  g_assert_cmpint (chip_of (b, "bh")->health, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (r->results, 0), ==,
                   "3 damage to bh: 1 fortification absorbs, 2 health removed (health 2)");
}

/* RR Damaging a Spire: the bottom upgrade; spires never retaliate. */
static void
test_spire_target (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 1);
  spk_tb_chip (b, "bsp", SPK_CHIP_SPIRE, "blue", 1, 0, "attack,fortification");
  r = spk_attack_resolve (b, "rm", "bsp", NULL, NULL);
  g_assert_cmpuint (r->hit->removed_upgrades->len, ==, 0);
  g_assert_cmpint (r->retaliation, ==, 0);
  g_assert_cmpuint (chip_of (b, "bsp")->upgrades->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (r->results, 0), ==,
                   "1 damage to bsp: the bottom fortification holds (2 damage needed)");
}

/* RR Attacking and Defending a Fortress Gate: 1 back at any range. */
static void
test_gate_retaliates_at_range (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  spk_tb_talent (spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 4, 3, 2), "2 Range");
  r = spk_attack_resolve (b, "rh", "gate:blue", NULL, NULL);
  g_assert_cmpint (r->distance, ==, 2);
  g_assert_cmpint (faction_of (b, "blue")->gate_health, ==, 8);
  g_assert_cmpint (r->retaliation, ==, 1);
  g_assert_cmpstr (r->retaliator, ==, "gate:blue");
  g_assert_cmpint (chip_of (b, "rh")->health, ==, 2);
}

/* Issue item 4 (R-attack-4): a fallen gate hit again is not defeated again
 * nor pillaged again, but still retaliates. */
static void
test_fallen_gate_not_defeated_again (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (3);

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 5, 3, 2);
  faction_of (b, "blue")->gate_health = 2;
  faction_of (b, "blue")->source = 6;
  faction_of (b, "red")->source = 3;
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rm", "gate:blue", NULL, NULL);

    g_assert_true (r->defeated);
    g_assert_true (r->pillage);
    g_assert_false (r->game_over);
    g_assert_cmpint (faction_of (b, "red")->source, ==, 9);
    g_assert_cmpint (faction_of (b, "blue")->source, ==, 0);
  }
  faction_of (b, "blue")->source = 5;
  chip_of (b, "rm")->attacked = FALSE;
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rm", "gate:blue", NULL, NULL);

    g_assert_false (r->defeated);
    g_assert_false (r->pillage);
    g_assert_cmpint (r->retaliation, ==, 1);
    g_assert_cmpint (faction_of (b, "blue")->gate_health, ==, 0);
    g_assert_cmpint (faction_of (b, "red")->source, ==, 9);
    g_assert_cmpint (faction_of (b, "blue")->source, ==, 5);
    g_assert_cmpint (chip_of (b, "rm")->health, ==, 1);
  }
}

/* RR Defeat, Source: the reward, capped at 20. */
static void
test_source_reward_capped (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  faction_of (b, "red")->source = 19;
  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 2);
  spk_ta_unit (b, "rm2", SPK_CHIP_MINION, "red", -2, 3, 2);
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1)->reward = 3;
  spk_ta_unit (b, "bm2", SPK_CHIP_MINION, "blue", 4, 2, 1);
  r = spk_attack_resolve (b, "rm", "bm", NULL, NULL);
  g_assert_true (r->defeated);
  g_assert_true (r->rewards);
  g_assert_cmpint (r->retaliation, ==, 0);
  g_assert_cmpint (r->source_gained, ==, 1);
  g_assert_cmpint (r->source_lost, ==, 2);
  g_assert_false (r->wave_ends);
  g_assert_null (spk_board_find_chip (b, "bm"));
  g_assert_cmpint (faction_of (b, "red")->source, ==, 20);
  g_assert_cmpstr (g_ptr_array_index (r->results, 1), ==, "bm is defeated and cleared");
  g_assert_cmpstr (g_ptr_array_index (r->results, 2), ==,
                   "red gains 1 Source (defeated bm), 2 lost over capacity");
}

/* Issue item 5 (R-attack-3): no rewards for one's own or a teammate's. */
static void
test_no_reward_for_own (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (4);

  spk_tb_faction (b, "red", "blue", "a");
  spk_tb_faction (b, "blue", "red", "b");
  spk_tb_faction (b, "pink", "blue", "a");
  spk_tb_faction (b, "navy", "red", "b");
  g_assert_false (spk_defeat_pays (b, "red", "red"));
  g_assert_false (spk_defeat_pays (b, "red", "pink"));
  g_assert_true (spk_defeat_pays (b, "red", "blue"));
  g_assert_true (spk_defeat_pays (b, "red", NULL));
  g_assert_false (spk_defeat_pays (b, NULL, "blue"));
}

/* RR Spire Reward (R-spire-8): a free spire on the defeated chip's well. */
static void
test_spire_reward (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkChip) spire = spk_chip_new ("rsp", SPK_CHIP_SPIRE);
  SpkAttackChoices choices = { 0 };
  SpkChip *bm;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 1, 3, 2);
  spk_ta_unit (b, "rm2", SPK_CHIP_MINION, "red", -3, 3, 2);
  bm = spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 2, 2, 1);
  bm->spire_reward = TRUE;
  spire->faction = g_strdup ("red");
  g_array_append_val (spire->upgrades, (SpkUpgrade) { SPK_UPGRADE_ATTACK });
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rm", "bm", NULL, NULL);

    g_assert_true (r->spire_reward);
    g_assert_true (r->spire_site);
    g_assert_cmpint (r->site.q, ==, 2);
    g_assert_cmpuint (r->questions->len, ==, 1);
    g_assert_null (spk_board_find_chip (work, "rsp"));
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GError) error = NULL;

    g_assert_null (spk_attack_resolve (work, "rm", "bm", &choices, &error));
    g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NEEDS_CHOICE);
    g_assert_cmpstr (error->message, ==,
                     "A choice is needed: which spire does red build at (2, 0) as its spire reward, or does it decline?");
    g_assert_true (spk_board_equal (work, b));
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = NULL;
    const SpkChip *built;

    choices.spire = spire;
    r = spk_attack_resolve (work, "rm", "bm", &choices, NULL);
    built = spk_board_find_chip (work, "rsp");
    g_assert_nonnull (built);
    g_assert_true (built->placed);
    g_assert_cmpint (built->q, ==, 2);
    g_assert_cmpint (built->r, ==, 0);
    g_assert_cmpuint (r->questions->len, ==, 0);
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = NULL;

    choices.spire = NULL;
    choices.decline_spire = TRUE;
    r = spk_attack_resolve (work, "rm", "bm", &choices, NULL);
    g_assert_null (spk_board_find_chip (work, "rsp"));
    g_assert_cmpuint (work->chips->len, ==, b->chips->len - 1);
  }
}

/* RR Spire Limit: a spire reward at the limit is lost. */
static void
test_spire_reward_at_limit (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 1, 3, 2);
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 2, 2, 1)->spire_reward = TRUE;
  for (int i = 0; i < spk_spire_limit (2); i++)
    {
      g_autofree char *id = g_strdup_printf ("sp%d", i);

      /* Off the path: only the count matters here. */
      spk_tb_chip (b, id, SPK_CHIP_SPIRE, "red", i, 7, "attack");
    }
  r = spk_attack_resolve (b, "rm", "bm", NULL, NULL);
  g_assert_true (r->spire_reward);
  g_assert_false (r->spire_site);
  g_assert_cmpuint (r->questions->len, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (r->results, 2), ==,
                   "Spire reward lost: red has its spire limit in play");
}

/* RR Relic, Landmark Minion, Defeat (R-attack-5): a landmark minion falls
 * at 0 health; its relic is kept or sold for 4. */
static void
test_landmark_minion_relic (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkAttackChoices keep = { .relic = "Grail", .relic_choice = SPK_RELIC_KEEP };
  SpkAttackChoices sell = { .relic = "Grail", .relic_choice = SPK_RELIC_SELL };
  SpkChip *l;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 2);
  l = spk_tb_chip (b, "viper", SPK_CHIP_LANDMARK, NULL, 1, 0, NULL);
  l->revealed = l->landmark_minion = l->relic_reward = TRUE;
  l->health = 2;
  l->reward = 1;
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rm", "viper", &keep, NULL);

    g_assert_true (r->defeated);
    g_assert_true (r->relic);
    g_assert_cmpint (r->retaliation, ==, 0);
    g_assert_cmpstr (g_ptr_array_index (faction_of (work, "red")->relics, 0), ==, "Grail");
    g_assert_cmpint (faction_of (work, "red")->source, ==, 1);
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rm", "viper", &sell, NULL);

    g_assert_nonnull (r);
    g_assert_cmpuint (faction_of (work, "red")->relics->len, ==, 0);
    g_assert_cmpint (faction_of (work, "red")->source, ==, 5);
  }
}

/* RR Landmark Minion: it does not attack but retaliates. */
static void
test_landmark_minion_retaliates (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(SpkAttackOptions) o = NULL;
  SpkChip *l;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 1);
  l = spk_tb_chip (b, "cebysa", SPK_CHIP_LANDMARK, NULL, 1, 0, NULL);
  l->revealed = l->landmark_minion = TRUE;
  l->health = l->max_health = 3;
  l->attack = 2;
  o = spk_attack_options (b, "cebysa", NULL);
  g_assert_cmpstr (o->why_not, ==, "landmarks do not attack; landmark minions only retaliate");
  r = spk_attack_resolve (b, "rm", "cebysa", NULL, NULL);
  g_assert_cmpint (r->retaliation, ==, 2);
  g_assert_cmpint (chip_of (b, "rm")->health, ==, 1);
  g_assert_true (chip_of (b, "cebysa")->retaliated);
}

/* RR Defeat, Landmark (R-attack-5): a landmark that is no unit is
 * discarded at 0 health, with no defeat and no reward. */
static void
test_landmark_discarded (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  SpkChip *l;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 2);
  l = spk_tb_chip (b, "cavern", SPK_CHIP_LANDMARK, NULL, 1, 0, NULL);
  l->revealed = l->relic_reward = TRUE;
  l->health = 1;
  l->reward = 3;
  r = spk_attack_resolve (b, "rm", "cavern", NULL, NULL);
  g_assert_false (r->defeated);
  g_assert_true (r->discarded);
  g_assert_false (r->relic);
  g_assert_cmpint (r->source_gained, ==, 0);
  g_assert_null (spk_board_find_chip (b, "cavern"));
  g_assert_cmpint (faction_of (b, "red")->source, ==, 0);
}

/* RR Level Up, Promoted, Hero Defeats: a hero that defeats may level up. */
static void
test_level_up (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkAttackChoices up = { .level_up = SPK_LEVEL_UP_ATTACK };
  SpkChip *rh;

  rh = spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 2);
  rh->capacity = 1;
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1);
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rh", "bm", NULL, NULL);

    g_assert_cmpstr (r->level_up, ==, "rh");
    g_assert_cmpuint (r->questions->len, ==, 1);
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GError) error = NULL;
    SpkAttackChoices none = { 0 };

    g_assert_null (spk_attack_resolve (work, "rh", "bm", &none, &error));
    g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NEEDS_CHOICE);
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rh", "bm", &up, NULL);
    const SpkChip *h = spk_board_find_chip (work, "rh");

    g_assert_nonnull (r);
    g_assert_cmpuint (h->upgrades->len, ==, 1);
    g_assert_cmpint (spk_unit_attack (h), ==, 3);
  }
}

/* RR Level Up, Promoted: at capacity the basic side flips; promoted and
 * at capacity nothing happens; no promoted stats is a typed error. */
static void
test_promotion (void)
{
  g_autoptr(SpkChip) h = spk_chip_new ("h", SPK_CHIP_HERO);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gboolean changed = TRUE;

  h->capacity = 1;
  h->health = 2;
  h->max_health = 4;
  h->attack = 1;
  g_array_append_val (h->upgrades, (SpkUpgrade) { SPK_UPGRADE_FORTIFICATION });
  g_assert_false (spk_hero_level_up (h, SPK_LEVEL_UP_ATTACK, &changed, notes, &error));
  g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NO_PROMOTED_SIDE);
  g_assert_false (changed);
  h->has_promoted_side = TRUE;
  h->promoted_side = (SpkChipSide) { .movement = 4, .allowance = SPK_TERRAIN_FOREST, .health = 6,
                                     .attack = 3, .capacity = 2 };
  g_assert_true (spk_hero_level_up (h, SPK_LEVEL_UP_PROMOTE, &changed, notes, NULL));
  g_assert_true (changed);
  g_assert_true (h->promoted);
  g_assert_cmpuint (h->upgrades->len, ==, 0);
  g_assert_cmpint (h->health, ==, 4);
  g_assert_cmpint (h->max_health, ==, 6);
  g_assert_cmpint (h->attack, ==, 3);
  g_assert_cmpint (h->capacity, ==, 2);
  g_assert_cmpint (h->movement, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (notes, 0), ==, "h is promoted: upgrades removed, +2 health");
  g_assert_true (spk_hero_level_up (h, SPK_LEVEL_UP_ATTACK, &changed, NULL, NULL));
  g_assert_true (spk_hero_level_up (h, SPK_LEVEL_UP_FORTIFICATION, &changed, NULL, NULL));
  g_assert_cmpuint (h->upgrades->len, ==, 2);
  g_assert_true (spk_hero_level_up (h, SPK_LEVEL_UP_ATTACK, &changed, notes, NULL));
  g_assert_false (changed);
  g_assert_cmpuint (h->upgrades->len, ==, 2);
  g_clear_error (&error);
  h->capacity = 5;
  g_assert_false (spk_hero_level_up (h, SPK_LEVEL_UP_RANGE, &changed, NULL, &error));
  g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE);
}

/* RR Defeat, Retaliation: the retaliating side defeats the attacker and
 * gains its reward; its hero may level up. */
static void
test_retaliation_defeats_attacker (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 1, 1)->reward = 2;
  spk_ta_unit (b, "bh", SPK_CHIP_HERO, "blue", 1, 5, 2)->capacity = 2;
  r = spk_attack_resolve (b, "rm", "bh", NULL, NULL);
  g_assert_true (r->attacker_defeated);
  g_assert_null (spk_board_find_chip (b, "rm"));
  g_assert_cmpint (faction_of (b, "blue")->source, ==, 2);
  g_assert_cmpstr (r->level_up, ==, "bh");
  g_assert_true (r->wave_ends);
}

/* RR Group, Defeat: the next grouped minion is revealed, keeps the fallen
 * one's marks and does not retaliate on its behalf. */
static void
test_grouped_revealed (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOutcome) r = NULL;
  SpkChip *top, *under;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 0, 3, 2);
  top = spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 3);
  top->attacked = TRUE;
  g_ptr_array_add (top->grouped, g_strdup ("bm2"));
  under = spk_ta_unit (b, "bm2", SPK_CHIP_MINION, "blue", 0, 4, 3);
  under->placed = FALSE;
  under->health = 0;
  r = spk_attack_resolve (b, "rm", "bm", NULL, NULL);
  g_assert_true (r->defeated);
  g_assert_cmpint (r->retaliation, ==, 0);
  under = spk_board_find_chip (b, "bm2");
  g_assert_true (under->placed);
  g_assert_cmpint (under->q, ==, 1);
  g_assert_cmpint (under->health, ==, 4);
  g_assert_true (under->attacked);
  g_assert_false (r->wave_ends);
}

/* RR Defeat (last paragraph on minions), R-attack-7: the wave ends when no
 * faction minion is left on the board or in a stack. */
static void
test_wave_ends (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkDeployment *d;

  spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 2);
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1);
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (work, "rh", "bm", NULL, NULL);

    g_assert_true (r->wave_ends);
  }
  spk_ta_unit (b, "waiting", SPK_CHIP_MINION, "red", 0, 2, 1)->placed = FALSE;
  d = spk_deployment_new ("red");
  g_ptr_array_add (d->stack, g_strdup ("waiting"));
  g_ptr_array_add (b->deployment, d);
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rh", "bm", NULL, NULL);

    g_assert_false (r->wave_ends);
  }
}

/* RR Attacking and Defending a Fortress Gate: the defender chooses; the
 * stack's top unit retaliates once per turn against an adjacent attacker. */
static void
test_stack_defends_gate (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkAttackChoices stack = { .gate_defence = SPK_GATE_DEFENCE_STACK };
  SpkAttackChoices unset = { 0 };
  g_autoptr(GError) error = NULL;
  SpkDeployment *d = spk_deployment_new ("blue");
  SpkChip *bs;

  spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 5, 3, 1);
  spk_tb_talent (spk_ta_unit (b, "rh", SPK_CHIP_HERO, "red", 4, 3, 1), "2 Range");
  bs = spk_ta_unit (b, "bs", SPK_CHIP_MINION, "blue", 0, 4, 2);
  bs->placed = FALSE;
  spk_tb_talent (bs, "2 Range");
  g_ptr_array_add (d->stack, g_strdup ("bs"));
  g_ptr_array_add (b->deployment, d);
  g_assert_null (spk_attack_resolve (b, "rm", "gate:blue", &unset, &error));
  g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NEEDS_CHOICE);
  {
    /* Two hexes off: an inactive unit's Range talent does not help. */
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rh", "bs", NULL, NULL);

    g_assert_cmpint (r->kind, ==, SPK_TARGET_STACK_UNIT);
    g_assert_cmpint (r->retaliation, ==, 0);
    g_assert_cmpint (chip_of (b, "bs")->health, ==, 3);
    g_assert_false (chip_of (b, "bs")->retaliated);
  }
  {
    g_autoptr(SpkAttackOutcome) r = spk_attack_resolve (b, "rm", "gate:blue", &stack, NULL);

    g_assert_cmpint (r->kind, ==, SPK_TARGET_STACK_UNIT);
    g_assert_cmpint (faction_of (b, "blue")->gate_health, ==, 10);
    g_assert_cmpint (chip_of (b, "bs")->health, ==, 2);
    g_assert_cmpint (r->retaliation, ==, 2);
    g_assert_true (chip_of (b, "bs")->retaliated);
    g_assert_cmpint (chip_of (b, "rm")->health, ==, 1);
  }
}

/* Issue item 7 (R-attack-6): inactive units take no damage, except the
 * top of a stack defending its gate. */
static void
test_inactive_takes_no_damage (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkDeployment *d = spk_deployment_new ("blue");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkDamageResult) top = NULL;
  SpkDamageResult *none;

  spk_ta_unit (b, "camp", SPK_CHIP_HERO, "blue", 1, 3, 1)->active = FALSE;
  spk_ta_unit (b, "s1", SPK_CHIP_MINION, "blue", 0, 3, 1)->placed = FALSE;
  spk_ta_unit (b, "s2", SPK_CHIP_MINION, "blue", 0, 3, 1)->placed = FALSE;
  g_ptr_array_add (d->stack, g_strdup ("s1"));
  g_ptr_array_add (d->stack, g_strdup ("s2"));
  g_ptr_array_add (b->deployment, d);
  none = spk_damage_chip (b, "camp", 1, &error);
  g_assert_null (none);
  g_assert_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_INACTIVE);
  g_clear_error (&error);
  none = spk_damage_chip (b, "s2", 1, &error);
  g_assert_null (none);
  g_assert_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_INACTIVE);
  top = spk_damage_chip (b, "s1", 1, NULL);
  g_assert_cmpint (top->chip->health, ==, 2);
}

/* R-attack-5: a landmark minion at 0 health is defeated by damage. */
static void
test_landmark_minion_damage (void)
{
  g_autoptr(SpkChip) l = spk_chip_new ("peddler", SPK_CHIP_LANDMARK);
  g_autoptr(SpkDamageResult) minion = NULL;
  g_autoptr(SpkDamageResult) plain = NULL;

  l->health = 2;
  l->revealed = TRUE;
  plain = spk_damage_landmark (l, 2);
  g_assert_false (plain->defeated);
  l->landmark_minion = TRUE;
  minion = spk_damage_landmark (l, 3);
  g_assert_true (minion->defeated);
  g_assert_cmpint (minion->health_removed, ==, 2);
}

/* RR Attacking and Defending a Fortress Gate (last paragraph), R-attack-9:
 * a unit idle beside an opposing gate takes its retaliation at the end of
 * the attack stage. */
static void
test_end_of_turn_gate_retaliation (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkChip *rm = spk_ta_unit (b, "rm", SPK_CHIP_MINION, "red", 5, 2, 0);

  rm->reward = 2;
  spk_ta_unit (b, "bm", SPK_CHIP_MINION, "blue", -1, 2, 1);
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);

    g_assert_true (spk_attack_end_of_turn (work, "red", notes, NULL));
    g_assert_cmpint (chip_of (work, "rm")->health, ==, 1);
    g_assert_cmpuint (notes->len, ==, 2);
    g_assert_cmpstr (g_ptr_array_index (notes, 0), ==, "rm did not attack beside the gate of blue, which retaliates");
    g_assert_cmpstr (g_ptr_array_index (notes, 1), ==, "1 damage to rm, 1 health removed (health 1)");
  }
  {
    /* Blue's turn: red's unit is not blue's, and blue's own gate is not
     * opposing its units. */
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);

    g_assert_true (spk_attack_end_of_turn (work, "blue", notes, NULL));
    g_assert_cmpuint (notes->len, ==, 0);
    g_assert_true (spk_board_equal (work, b));
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);

    chip_of (work, "rm")->attacked = TRUE;
    g_assert_true (spk_attack_end_of_turn (work, "red", notes, NULL));
    g_assert_cmpint (chip_of (work, "rm")->health, ==, 2);
  }
  {
    g_autoptr(SpkBoard) work = spk_board_copy (b);
    g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);

    chip_of (work, "rm")->health = 1;
    g_assert_true (spk_attack_end_of_turn (work, "red", notes, NULL));
    g_assert_null (spk_board_find_chip (work, "rm"));
    g_assert_cmpint (faction_of (work, "blue")->source, ==, 2);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/attack/rule/adjacent-only", test_adjacent_only);
  g_test_add_func ("/attack/rule/range-talent", test_range_talent);
  g_test_add_func ("/attack/rule/never-through-sky", test_never_through_sky);
  g_test_add_func ("/attack/rule/flying", test_flying);
  g_test_add_func ("/attack/rule/flying-takes-retaliation", test_flying_takes_retaliation);
  g_test_add_func ("/attack/rule/attacker-why-not", test_attacker_why_not);
  g_test_add_func ("/attack/rule/inactive-target", test_inactive_target);
  g_test_add_func ("/attack/rule/landmarks-with-health", test_landmarks);
  g_test_add_func ("/attack/rule/gate-and-stack-targets", test_gate_and_stack_targets);
  g_test_add_func ("/attack/rule/retaliation", test_unit_retaliation);
  g_test_add_func ("/attack/rule/retaliation-limits", test_retaliation_limits);
  g_test_add_func ("/attack/rule/ranged-retaliation", test_ranged_retaliation);
  g_test_add_func ("/attack/rule/fortification-absorbs", test_fortification_absorbs);
  g_test_add_func ("/attack/rule/spire-bottom-upgrade", test_spire_target);
  g_test_add_func ("/attack/rule/gate-retaliates-at-range", test_gate_retaliates_at_range);
  g_test_add_func ("/attack/rule/fallen-gate-not-defeated-again", test_fallen_gate_not_defeated_again);
  g_test_add_func ("/attack/rule/source-reward-capped", test_source_reward_capped);
  g_test_add_func ("/attack/rule/no-reward-for-own", test_no_reward_for_own);
  g_test_add_func ("/attack/rule/spire-reward", test_spire_reward);
  g_test_add_func ("/attack/rule/spire-reward-at-limit", test_spire_reward_at_limit);
  g_test_add_func ("/attack/rule/landmark-minion-relic", test_landmark_minion_relic);
  g_test_add_func ("/attack/rule/landmark-minion-retaliates", test_landmark_minion_retaliates);
  g_test_add_func ("/attack/rule/landmark-discarded", test_landmark_discarded);
  g_test_add_func ("/attack/rule/level-up", test_level_up);
  g_test_add_func ("/attack/rule/promotion", test_promotion);
  g_test_add_func ("/attack/rule/retaliation-defeats-attacker", test_retaliation_defeats_attacker);
  g_test_add_func ("/attack/rule/grouped-revealed", test_grouped_revealed);
  g_test_add_func ("/attack/rule/wave-ends", test_wave_ends);
  g_test_add_func ("/attack/rule/entered-modifiers", test_entered_modifiers);
  g_test_add_func ("/attack/rule/stack-defends-gate", test_stack_defends_gate);
  g_test_add_func ("/attack/rule/inactive-takes-no-damage", test_inactive_takes_no_damage);
  g_test_add_func ("/attack/rule/landmark-minion-damage", test_landmark_minion_damage);
  g_test_add_func ("/attack/rule/end-of-turn-gate-retaliation", test_end_of_turn_gate_retaliation);
  return g_test_run ();
}
