/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Spires fire, upgrade costs and unit range (issue 4). Each row names the
 * rule it checks: RR = Rules Reference entry, RB = rulebook, R-spire-N =
 * docs/rulings.md. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "spk-spire.h"
#include "spk-test-builder.h"

/* A path line (0,0)..(6,0) with the grovetender fortress beyond it (gate
 * (7,0), well (8,0)) and one more hex (9,0) past that; far off, two hexes
 * (0,5) and (2,5) whose straight line crosses sky at (1,5), joined the
 * long way round by (0,6) and (1,6). Teams: brawnen and narora against
 * grovetenders and heirs. */
static SpkBoard *
fire_board (void)
{
  SpkBoard *b = spk_tb_new (4);

  spk_tb_faction (b, "brawnen", "grovetenders", "a");
  spk_tb_faction (b, "narora", "grovetenders", "a");
  spk_tb_faction (b, "grovetenders", "brawnen", "b");
  spk_tb_faction (b, "heirs", "brawnen", "b");
  spk_tb_hexes (b, "line", 0, "0,0,p 1,0,p 2,0,p* 3,0,p 4,0,p 5,0,p 6,0,p*");
  spk_tb_hexes (b, "beyond", 0, "9,0,p");
  spk_tb_hexes (b, "gap", 0, "0,5,l* 2,5,l 0,6,l 1,6,l");
  spk_tb_fortress (b, "grovetenders", 7, 0, "8,0");
  spk_tb_fortress (b, "brawnen", -1, 0, "-1,-1");
  return b;
}

typedef struct {
  const char *name;
  const char *rule;
  const char *spires;   /* "faction:id@q,r:upgrades[:talent]" separated by ' ',
                         * '_' standing for a space in the talent */
  const char *units;    /* "faction:id@q,r[:flags]", flags F flying, S stacked, I inactive */
  const char *landmark; /* "q,r" or NULL */
  const char *expected; /* "id/dice/range/t1,t2;..." in table order, "" none */
} FireRow;

static const FireRow fire_rows[] = {
  { "adjacent-only", "RR Range: default range 1",
    "grovetenders:s@2,0:attack", "brawnen:u1@3,0 brawnen:u2@4,0", NULL, "s/1/1/u1" },
  { "range-upgrade", "RR Spire Upgrades: range = range upgrades + 1",
    "grovetenders:s@2,0:attack,range", "brawnen:u1@3,0 brawnen:u2@4,0 brawnen:u3@5,0", NULL,
    "s/1/2/u1,u2" },
  { "dice-per-attack", "RR Spires Fire: one die per attack upgrade",
    "grovetenders:s@2,0:attack,fortification,attack", "brawnen:u1@3,0", NULL, "s/2/1/u1" },
  { "no-attack-no-entry", "RR Spire Upgrades: no attack upgrade, no attack",
    "grovetenders:s@2,0:range,fortification", "brawnen:u1@3,0", NULL, "" },
  { "own-spire", "RR Attacking with Spires: your opponents' spires fire on your turn",
    "brawnen:s@2,0:attack", "brawnen:u1@3,0", NULL, "" },
  { "teammate-spire", "RR Friendly: an allied spire is not opposing",
    "narora:s@2,0:attack", "brawnen:u1@3,0", NULL, "" },
  { "opposing-spire-no-target", "RR Spires Fire: listed even with nobody in range",
    "heirs:s@2,0:attack", "brawnen:u1@5,0", NULL, "s/1/1/" },
  { "only-active-faction-units", "RR Attacking with Spires: only the current player's units",
    "grovetenders:s@2,0:attack,range", "heirs:h1@3,0 narora:n1@1,0 grovetenders:g1@4,0 brawnen:u1@0,0",
    NULL, "s/1/2/u1" },
  { "flying-plain-spire", "RR Attack: Flying only by Air Defense or Flying",
    "grovetenders:s@2,0:attack", "brawnen:u1@3,0:F brawnen:u2@1,0", NULL, "s/1/1/u2" },
  { "flying-air-defense", "RR Attack: Air Defense reaches Flying",
    "grovetenders:s@2,0:attack:Air_Defense", "brawnen:u1@3,0:F", NULL, "s/1/1/u1" },
  { "flying-flying", "RR Attack: Flying reaches Flying",
    "grovetenders:s@2,0:attack:Flying", "brawnen:u1@3,0:F", NULL, "s/1/1/u1" },
  { "deployment-stack", "RR Deployment Stack: stacked units are not in range",
    "grovetenders:s@2,0:attack", "brawnen:u1@3,0:S", NULL, "s/1/1/" },
  { "inactive", "RR Inactive: cannot be attacked (R-spire-3)",
    "grovetenders:s@2,0:attack", "brawnen:u1@3,0:I brawnen:u2@1,0", NULL, "s/1/1/u2" },
  { "not-through-sky", "RR Sky: no counting through sky",
    "grovetenders:s@0,5:attack,range", "brawnen:u1@2,5", NULL, "s/1/2/" },
  { "around-sky", "RR Sky: the way round counts",
    "grovetenders:s@0,5:attack,range,range", "brawnen:u1@2,5", NULL, "s/1/3/u1" },
  { "through-fortress", "RR Fortress Gate: gate and fortress wells are hexes for range",
    "grovetenders:s@6,0:attack,range,range", "brawnen:u1@9,0", NULL, "s/1/3/u1" },
  { "through-occupied", "RB Spires: range counts through occupied hexes",
    "grovetenders:s@0,0:attack,range", "brawnen:u1@2,0", "1,0", "s/1/2/u1" },
  { "table-order", "issue 4: one entry per opposing spire",
    "heirs:b@6,0:attack grovetenders:a@2,0:attack,attack,range", "brawnen:u1@3,0 brawnen:u2@5,0", NULL,
    "b/1/1/u2;a/2/2/u1" },
  { "walkthrough-shrubbery", "RB wave 1: the shrubbery fires 1 die at the dispatch in range",
    "grovetenders:shrubbery@2,0:attack,fortification", "brawnen:dispatch@3,0", NULL,
    "shrubbery/1/1/dispatch" },
};

static SpkChip *
add_spec_chip (SpkBoard *b, const char *spec, SpkChipKind kind)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", 4);
  char id[32];
  int q, r;
  SpkChip *c;

  g_assert_cmpint (sscanf (parts[1], "%31[a-z0-9-]@%d,%d", id, &q, &r), ==, 3);
  c = spk_tb_chip (b, id, kind, parts[0], q, r,
                   kind == SPK_CHIP_SPIRE ? parts[2] : NULL);
  if (kind == SPK_CHIP_SPIRE && parts[2] != NULL && parts[3] != NULL)
    spk_tb_talent (c, g_strdelimit (parts[3], "_", ' '));
  if (kind != SPK_CHIP_SPIRE && parts[2] != NULL)
    {
      if (strchr (parts[2], 'F'))
        spk_tb_talent (c, "Flying");
      if (strchr (parts[2], 'I'))
        c->active = FALSE;
      if (strchr (parts[2], 'S'))
        {
          SpkDeployment *d = spk_deployment_new (c->faction);

          c->placed = FALSE;
          g_ptr_array_add (d->stack, g_strdup (c->id));
          g_ptr_array_add (b->deployment, d);
        }
    }
  if (kind != SPK_CHIP_SPIRE)
    c->health = c->max_health = 2;
  return c;
}

static void
test_fire_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fire_rows); i++)
    {
      const FireRow *row = &fire_rows[i];
      g_autoptr(SpkBoard) b = fire_board ();
      g_auto(GStrv) spires = g_strsplit (row->spires, " ", -1);
      g_auto(GStrv) units = g_strsplit (row->units, " ", -1);
      g_autoptr(GPtrArray) fires = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      g_test_message ("row %s (%s)", row->name, row->rule);
      for (guint s = 0; spires[s] != NULL; s++)
        add_spec_chip (b, spires[s], SPK_CHIP_SPIRE);
      for (guint u = 0; units[u] != NULL; u++)
        add_spec_chip (b, units[u], SPK_CHIP_MINION);
      if (row->landmark != NULL)
        {
          int q, r;

          g_assert_cmpint (sscanf (row->landmark, "%d,%d", &q, &r), ==, 2);
          spk_tb_chip (b, "landmark", SPK_CHIP_LANDMARK, NULL, q, r, NULL);
        }
      fires = spk_spires_fire (b, "brawnen", &error);
      g_assert_no_error (error);
      text = spk_tb_fire_text (fires);
      g_assert_cmpstr (text, ==, row->expected);
    }
}

static void
test_fire_unknown_faction (void)
{
  g_autoptr(SpkBoard) b = fire_board ();
  g_autoptr(GError) error = NULL;

  g_assert_null (spk_spires_fire (b, "nobody", &error));
  g_assert_error (error, SPK_SPIRE_ERROR, SPK_SPIRE_ERROR_UNKNOWN_FACTION);
}

/* RB wave 1: Brick and Mortars built with attack, range, attack rolls two
 * dice at up to two hexes, at the grovetenders on their turn. */
static void
test_brick_and_mortars (void)
{
  g_autoptr(SpkBoard) b = fire_board ();
  SpkChip *bm = spk_tb_chip (b, "brick-and-mortars", SPK_CHIP_SPIRE, "brawnen", 2, 0,
                             "attack,range,attack");
  g_autoptr(GPtrArray) fires = NULL;
  g_autofree char *text = NULL;

  add_spec_chip (b, "grovetenders:war-briar@4,0", SPK_CHIP_MINION);
  add_spec_chip (b, "grovetenders:treed@5,0", SPK_CHIP_MINION);
  g_assert_cmpint (spk_spire_attack (bm), ==, 2);
  g_assert_cmpint (spk_spire_range (bm), ==, 2);
  fires = spk_spires_fire (b, "grovetenders", NULL);
  text = spk_tb_fire_text (fires);
  g_assert_cmpstr (text, ==, "brick-and-mortars/2/2/war-briar");
}

typedef struct {
  const char *name;
  const char *rule;
  const char *upgrades;  /* on the spire now, top first */
  int         capacity;
  const char *plan;
  const char *costs;     /* "2 3 -" with - for over capacity */
  int         total;
} CostRow;

static const CostRow cost_rows[] = {
  { "second-and-third", "RR Spire Upgrades: the 2nd costs 2, the 3rd costs 3",
    "attack", 3, "attack range", "2 3", 5 },
  { "fortification-flat", "RR Spire Upgrades: fortification costs 2 regardless",
    "attack,range", 5, "fortification attack", "2 4", 6 },
  { "fortification-counts-later", "RR Spire Upgrades: the count includes every upgrade",
    "attack", 4, "fortification attack attack", "2 3 4", 9 },
  { "capacity-stops-plan", "RR Spire Upgrades: never beyond capacity",
    "attack", 2, "attack range", "2 -", 2 },
  { "at-capacity", "RR Upgrade Capacity: may not exceed",
    "attack,range", 2, "fortification", "-", 0 },
  { "above-capacity", "RR Spire Upgrades: above capacity, no upgrades until below",
    "attack,attack,range,fortification", 3, "fortification attack", "- -", 0 },
  { "no-capacity", "RR Upgrade Capacity: no icon means 0",
    "attack", 0, "range", "-", 0 },
  { "walkthrough-brick-and-mortars", "RB wave 1: Brick and Mortars (attack, range, attack)",
    "attack,range,attack", 4, "attack range", "4 -", 4 },
};

static void
test_cost_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (cost_rows); i++)
    {
      const CostRow *row = &cost_rows[i];
      g_autoptr(SpkBoard) b = fire_board ();
      SpkChip *s = spk_tb_chip (b, "s", SPK_CHIP_SPIRE, "brawnen", 2, 0, row->upgrades);
      g_auto(GStrv) names = g_strsplit (row->plan, " ", -1);
      guint n = g_strv_length (names);
      g_autofree SpkUpgrade *plan = g_new (SpkUpgrade, n);
      g_autofree int *costs = g_new (int, n);
      GString *text = g_string_new (NULL);
      g_autofree char *got = NULL;
      int total;

      g_test_message ("row %s (%s)", row->name, row->rule);
      s->capacity = row->capacity;
      for (guint k = 0; k < n; k++)
        g_assert_true (spk_upgrade_from_string (names[k], &plan[k]));
      total = spk_spire_plan_cost (s, plan, n, costs);
      for (guint k = 0; k < n; k++)
        {
          if (costs[k] == SPK_UPGRADE_OVER_CAPACITY)
            g_string_append_printf (text, "%s-", k > 0 ? " " : "");
          else
            g_string_append_printf (text, "%s%d", k > 0 ? " " : "", costs[k]);
        }
      got = g_string_free (text, FALSE);
      g_assert_cmpstr (got, ==, row->costs);
      g_assert_cmpint (total, ==, row->total);
      /* Pricing never touches the spire itself. */
      {
        g_auto(GStrv) before = g_strsplit (row->upgrades, ",", -1);

        g_assert_cmpuint (s->upgrades->len, ==, g_strv_length (before));
      }
    }
}

/* RB wave 1: Dywen, with 2 Range on a forest hex, reaches both landmarks;
 * RR Sky: a unit's # Range does not count through sky either. */
static void
test_dywen_range (void)
{
  g_autoptr(SpkBoard) b = spk_tb_new (2);
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree gboolean *within = NULL;
  SpkChip *dywen;

  spk_tb_faction (b, "brawnen", "grovetenders", NULL);
  spk_tb_faction (b, "grovetenders", "brawnen", NULL);
  spk_tb_hexes (b, "isle", 0, "0,0,f 1,0,p 2,0,p 1,-1,l 2,-2,l* -1,1,p -1,2,f* 3,0,p 0,-2,p");
  dywen = spk_tb_chip (b, "dywen", SPK_CHIP_HERO, "grovetenders", 0, 0, NULL);
  spk_tb_talent (dywen, "2 Range");
  spk_tb_chip (b, "grail-viper", SPK_CHIP_LANDMARK, NULL, 2, -2, NULL);
  spk_tb_chip (b, "cebysa", SPK_CHIP_LANDMARK, NULL, -1, 2, NULL);
  spk_tb_chip (b, "far-ruin", SPK_CHIP_LANDMARK, NULL, 3, 0, NULL);
  /* (0,-2) is two away on the map, but the only hex between, (0,-1), is
   * sky, and no other way leads there. */
  spk_tb_chip (b, "behind-sky", SPK_CHIP_LANDMARK, NULL, 0, -2, NULL);

  g_assert_cmpint (spk_unit_range (dywen), ==, 2);
  grid = spk_grid_new (b);
  within = g_new0 (gboolean, spk_grid_n_cells (grid));
  spk_grid_within (grid, spk_grid_find (grid, spk_hex_make (0, 0)), spk_unit_range (dywen), within);
  g_assert_true (within[spk_grid_find (grid, spk_hex_make (2, -2))]);
  g_assert_true (within[spk_grid_find (grid, spk_hex_make (-1, 2))]);
  g_assert_false (within[spk_grid_find (grid, spk_hex_make (3, 0))]);
  g_assert_false (within[spk_grid_find (grid, spk_hex_make (0, -2))]);
}

typedef struct {
  const char *talent;
  const char *upgrades;
  int         expected;
  const char *rule;
} UnitRangeRow;

static const UnitRangeRow unit_range_rows[] = {
  { NULL, NULL, 1, "RR Range: units attack adjacently without # Range" },
  { "2 Range", NULL, 2, "RR Range: the # Range talent" },
  { "2 Range", "range,attack", 3, "RR Hero Upgrades: each range upgrade adds 1" },
  { "Flying", "range", 1, "RR Hero Upgrades: range upgrades only with # Range" },
};

static void
test_unit_range (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (unit_range_rows); i++)
    {
      const UnitRangeRow *row = &unit_range_rows[i];
      g_autoptr(SpkBoard) b = spk_tb_new (2);
      SpkChip *u = spk_tb_chip (b, "u", SPK_CHIP_HERO, "a", 0, 0, row->upgrades);

      g_test_message ("row %zu (%s)", i, row->rule);
      if (row->talent != NULL)
        spk_tb_talent (u, row->talent);
      g_assert_cmpint (spk_unit_range (u), ==, row->expected);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/spire/fire/rows", test_fire_rows);
  g_test_add_func ("/spire/fire/unknown-faction", test_fire_unknown_faction);
  g_test_add_func ("/spire/fire/brick-and-mortars", test_brick_and_mortars);
  g_test_add_func ("/spire/upgrade-cost/rows", test_cost_rows);
  g_test_add_func ("/spire/unit-range/dywen", test_dywen_range);
  g_test_add_func ("/spire/unit-range/rows", test_unit_range);
  return g_test_run ();
}
