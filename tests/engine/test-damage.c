/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Damage to spires, units, landmarks and gates (issue 4). Each row names
 * the rule it checks: RR = Rules Reference entry, RB = rulebook, R-spire-N
 * = docs/rulings.md. Nothing here may change the board. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "spk-damage.h"
#include "spk-test-builder.h"

static char *
upgrades_text (const GArray *ups)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < ups->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "," : "",
                            spk_upgrade_to_string (g_array_index (ups, SpkUpgrade, i)));
  return g_string_free (s, FALSE);
}

typedef struct {
  const char *name;
  const char *rule;
  const char *upgrades;   /* top first */
  int         amount;
  const char *left;
  const char *removed;
  gboolean    defeated;
} SpireRow;

static const SpireRow spire_rows[] = {
  { "walkthrough-shrubbery-holds", "RB wave 1: the battleborn's 1 damage leaves the shrubbery whole",
    "attack,fortification", 1, "attack,fortification", "", FALSE },
  { "bottom-fortification-needs-2", "RR Damaging a Spire: 2 or more removes a bottom fortification",
    "attack,fortification", 2, "attack", "fortification", FALSE },
  { "bottom-range", "RR Damaging a Spire: 1 damage removes a bottom range upgrade",
    "attack,range", 1, "attack", "range", FALSE },
  { "one-upgrade-per-attack", "RR Damaging a Spire: never more than one upgrade",
    "range,attack", 5, "range", "attack", FALSE },
  { "fortification-not-at-bottom", "RR Spire Upgrades: only a bottom fortification protects",
    "fortification,attack", 1, "fortification", "attack", FALSE },
  { "last-upgrade", "RR Defeat: a spire losing its last upgrade is defeated",
    "attack", 1, "", "attack", TRUE },
  { "last-fortification-holds", "RR Damage: a bottom fortification needs 2",
    "fortification", 1, "fortification", "", FALSE },
  { "last-fortification-falls", "RR Defeat",
    "fortification", 2, "", "fortification", TRUE },
  { "no-damage", "RR Damage: at least 1 damage",
    "attack", 0, "attack", "", FALSE },
};

static void
test_spire_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (spire_rows); i++)
    {
      const SpireRow *row = &spire_rows[i];
      g_autoptr(SpkBoard) b = spk_tb_new (2);
      SpkChip *s = spk_tb_chip (b, "shrubbery", SPK_CHIP_SPIRE, "grovetenders", 0, 0, row->upgrades);
      g_autoptr(SpkBoard) before = spk_board_copy (b);
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkDamageResult) r = spk_damage_chip (b, s->id, row->amount, &error);
      g_autofree char *left = NULL, *removed = NULL;

      g_test_message ("row %s (%s)", row->name, row->rule);
      g_assert_no_error (error);
      left = upgrades_text (r->chip->upgrades);
      removed = upgrades_text (r->removed_upgrades);
      g_assert_cmpstr (left, ==, row->left);
      g_assert_cmpstr (removed, ==, row->removed);
      g_assert_cmpint (r->defeated, ==, row->defeated);
      g_assert_cmpint (r->retaliation, ==, 0);
      g_assert_null (r->revealed);
      g_assert_true (spk_board_equal (b, before));
    }
}

typedef struct {
  const char *name;
  const char *rule;
  int         health;
  const char *upgrades;
  int         amount;
  int         health_after;
  const char *left;
  const char *removed;
  int         health_removed;
  gboolean    defeated;
} UnitRow;

static const UnitRow unit_rows[] = {
  { "fortification-takes-first", "RR Hero Upgrades: 1 damage removes a fortification",
    3, "fortification", 1, 3, "", "fortification", 0, FALSE },
  { "rest-to-health", "RR Hero Upgrades: further damage goes to health",
    3, "fortification", 2, 2, "", "fortification", 1, FALSE },
  { "other-upgrades-stay", "RR Hero Upgrades: only fortifications come off",
    2, "attack,fortification", 3, 0, "attack", "fortification", 2, TRUE },
  { "two-fortifications", "R-spire-4: each fortification stands in for one health chip",
    3, "fortification,range,fortification", 3, 2, "range", "fortification,fortification", 1, FALSE },
  { "attack-upgrade-kept", "RR Hero Upgrades: not removed when damaged",
    2, "attack", 1, 1, "attack", "", 1, FALSE },
  { "overkill", "RR Defeat: last health lost",
    2, "", 5, 0, "", "", 2, TRUE },
  { "no-damage", "RR Damage: nothing to remove",
    2, "fortification", 0, 2, "fortification", "", 0, FALSE },
};

static void
test_unit_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (unit_rows); i++)
    {
      const UnitRow *row = &unit_rows[i];
      g_autoptr(SpkBoard) b = spk_tb_new (2);
      SpkChip *u = spk_tb_chip (b, "u", SPK_CHIP_HERO, "brawnen", 0, 0, row->upgrades);
      g_autoptr(SpkDamageResult) r = NULL;
      g_autofree char *left = NULL, *removed = NULL;

      g_test_message ("row %s (%s)", row->name, row->rule);
      u->health = u->max_health = row->health;
      r = spk_damage_chip (b, "u", row->amount, NULL);
      left = upgrades_text (r->chip->upgrades);
      removed = upgrades_text (r->removed_upgrades);
      g_assert_cmpint (r->chip->health, ==, row->health_after);
      g_assert_cmpstr (left, ==, row->left);
      g_assert_cmpstr (removed, ==, row->removed);
      g_assert_cmpint (r->health_removed, ==, row->health_removed);
      g_assert_cmpint (r->defeated, ==, row->defeated);
      g_assert_cmpint (u->health, ==, row->health);
      g_assert_null (r->revealed);
    }
}

/* RB wave 1: the shrubbery rolls 2 at the dispatch (1 health left); the
 * battleborn grouped under it is revealed with its own 3 health and the
 * extra point is lost (RR Group). */
static void
test_grouped_reveal (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  SpkChip *dispatch = spk_tb_chip (b, "dispatch", SPK_CHIP_MINION, "brawnen", 2, -1, NULL);
  SpkChip *battleborn = spk_tb_chip (b, "battleborn", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);
  g_autoptr(SpkDamageResult) r = NULL;

  dispatch->health = 1;
  dispatch->max_health = 2;
  dispatch->moved = TRUE;
  g_ptr_array_add (dispatch->grouped, g_strdup ("battleborn"));
  battleborn->placed = FALSE;
  battleborn->health = battleborn->max_health = 3;

  r = spk_damage_chip (b, "dispatch", 2, NULL);
  g_assert_true (r->defeated);
  g_assert_cmpint (r->chip->health, ==, 0);
  g_assert_cmpint (r->health_removed, ==, 1);
  g_assert_nonnull (r->revealed);
  g_assert_cmpstr (r->revealed->id, ==, "battleborn");
  g_assert_cmpint (r->revealed->health, ==, 3);
  g_assert_true (r->revealed->placed);
  g_assert_cmpint (r->revealed->q, ==, 2);
  g_assert_cmpint (r->revealed->r, ==, -1);
  /* RR Group: it carries on from where the top one was in the turn. */
  g_assert_true (r->revealed->moved);
  g_assert_cmpuint (r->revealed->grouped->len, ==, 0);
  /* The board is untouched. */
  g_assert_cmpint (dispatch->health, ==, 1);
  g_assert_false (battleborn->placed);
}

static void
test_grouped_three (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  SpkChip *top = spk_tb_chip (b, "top", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);
  SpkChip *mid = spk_tb_chip (b, "mid", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);
  SpkChip *low = spk_tb_chip (b, "low", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);
  g_autoptr(SpkDamageResult) r = NULL, hit = NULL;

  top->health = top->max_health = 1;
  mid->placed = low->placed = FALSE;
  mid->health = mid->max_health = 2;
  low->health = low->max_health = 4;
  g_ptr_array_add (top->grouped, g_strdup ("mid"));
  g_ptr_array_add (top->grouped, g_strdup ("low"));

  r = spk_damage_chip (b, "top", 1, NULL);
  g_assert_cmpstr (r->revealed->id, ==, "mid");
  g_assert_cmpint (r->revealed->health, ==, 2);
  g_assert_cmpuint (r->revealed->grouped->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (r->revealed->grouped, 0), ==, "low");

  /* A minion grouped underneath is inactive and cannot be hit (RR Inactive). */
  g_assert_null (spk_damage_chip (b, "mid", 1, NULL));

  /* Not defeated: nobody is revealed. */
  top->health = 3;
  hit = spk_damage_chip (b, "top", 1, NULL);
  g_assert_false (hit->defeated);
  g_assert_null (hit->revealed);
}

typedef struct {
  const char *name;
  const char *rule;
  int         health;
  int         amount;
  int         after;
  int         removed;
  gboolean    defeated;
} GateRow;

static const GateRow gate_rows[] = {
  { "health-down", "RR Fortress Gate: reduced by the damage dealt", 10, 3, 7, 3, FALSE },
  { "defeated-still-retaliates", "RR Attacking and Defending a Fortress Gate: retaliates even if defeated",
    2, 5, 0, 2, TRUE },
  { "no-damage", "RR Retaliation: a gate retaliates whenever attacked", 4, 0, 4, 0, FALSE },
};

static void
test_gate_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (gate_rows); i++)
    {
      const GateRow *row = &gate_rows[i];
      g_autoptr(SpkBoard) b = spk_tb_new (2);
      g_autoptr(SpkDamageResult) r = NULL;

      g_test_message ("row %s (%s)", row->name, row->rule);
      spk_tb_faction (b, "brawnen", "grovetenders", NULL);
      spk_tb_fortress (b, "brawnen", 0, 0, "");
      ((SpkFaction *) g_ptr_array_index (b->factions, 0))->gate_health = row->health;
      r = spk_damage_faction_gate (b, "brawnen", row->amount, NULL);
      g_assert_null (r->chip);
      g_assert_cmpint (r->gate_health, ==, row->after);
      g_assert_cmpint (r->health_removed, ==, row->removed);
      g_assert_cmpint (r->defeated, ==, row->defeated);
      g_assert_cmpint (r->retaliation, ==, 1);
      g_assert_cmpint (((SpkFaction *) g_ptr_array_index (b->factions, 0))->gate_health, ==, row->health);
    }
}

/* RR Damage: landmarks with health lose it; RR Defeat: emptying a landmark
 * that is not a unit is no defeat (R-spire-5). */
static void
test_landmark (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  SpkChip *caverns = spk_tb_chip (b, "lost-caverns", SPK_CHIP_LANDMARK, NULL, 0, 0, NULL);
  g_autoptr(SpkDamageResult) some = NULL, all = NULL;
  g_autoptr(GError) error = NULL;

  caverns->health = 3;
  some = spk_damage_chip (b, "lost-caverns", 2, NULL);
  g_assert_cmpint (some->chip->health, ==, 1);
  g_assert_false (some->defeated);
  all = spk_damage_chip (b, "lost-caverns", 5, NULL);
  g_assert_cmpint (all->chip->health, ==, 0);
  g_assert_cmpint (all->health_removed, ==, 3);
  g_assert_false (all->defeated);

  caverns->health = 0;
  g_assert_null (spk_damage_chip (b, "lost-caverns", 1, &error));
  g_assert_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NOT_DAMAGEABLE);
}

static void
test_errors (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  g_autoptr(GError) unknown = NULL, negative = NULL, gate = NULL, grouped = NULL;
  SpkChip *top = spk_tb_chip (b, "top", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);
  SpkChip *under = spk_tb_chip (b, "under", SPK_CHIP_MINION, "brawnen", 0, 0, NULL);

  under->placed = FALSE;
  g_ptr_array_add (top->grouped, g_strdup ("under"));
  spk_tb_faction (b, "brawnen", "grovetenders", NULL);

  g_assert_null (spk_damage_chip (b, "nobody", 1, &unknown));
  g_assert_error (unknown, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_UNKNOWN_TARGET);
  g_assert_null (spk_damage_chip (b, "top", -1, &negative));
  g_assert_error (negative, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NEGATIVE);
  /* brawnen has no fortress on this board. */
  g_assert_null (spk_damage_faction_gate (b, "brawnen", 1, &gate));
  g_assert_error (gate, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_UNKNOWN_TARGET);
  g_assert_null (spk_damage_chip (b, "under", 1, &grouped));
  g_assert_error (grouped, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NOT_DAMAGEABLE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/damage/spire/rows", test_spire_rows);
  g_test_add_func ("/damage/unit/rows", test_unit_rows);
  g_test_add_func ("/damage/unit/grouped-reveal", test_grouped_reveal);
  g_test_add_func ("/damage/unit/grouped-three", test_grouped_three);
  g_test_add_func ("/damage/gate/rows", test_gate_rows);
  g_test_add_func ("/damage/landmark", test_landmark);
  g_test_add_func ("/damage/errors", test_errors);
  return g_test_run ();
}
