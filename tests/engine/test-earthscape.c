/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Earthscape placement (issue 4). Each row names the rule it checks:
 * RR = Rules Reference entry, R-spire-N = docs/rulings.md. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "spk-earthscape.h"
#include "spk-test-builder.h"

/* Path runs from the brawnen gate (-4,0) through home, bridge and east to
 * the grovetender gate (3,0). */
static SpkBoard *
base_board (void)
{
  SpkBoard *b = spk_tb_new (2);

  spk_tb_faction (b, "brawnen", "grovetenders", NULL);
  spk_tb_faction (b, "grovetenders", "brawnen", NULL);
  spk_tb_hexes (b, "home", 0, "-3,0,p -2,0,p -2,-1,l* -3,1,f");
  spk_tb_hexes (b, "bridge", 0, "-1,0,p 0,0,p 0,-1,l");
  spk_tb_hexes (b, "east", 0, "1,0,p 2,0,p 1,1,f*");
  spk_tb_fortress (b, "brawnen", -4, 0, "-5,0");
  spk_tb_fortress (b, "grovetenders", 3, 0, "4,-1");
  return b;
}

typedef struct {
  const char *name;
  const char *rule;
  const char *setup;     /* "spire@q,r", "landmark@q,r", "old@q,r" (layer 1 hex) */
  const char *group;
  const char *hexes;     /* as spk_tb_hexes */
  int         layer;     /* expected by the caller, -1 none */
  const char *problems;  /* expected kinds, in order, by short name */
  SpkEarthscapePlacement placement;
  int         result_layer;
} Row;

static const Row rows[] = {
  { "on-top-ok", "RR Earthscape: even plane, empty, under influence (gate-adjacent home)",
    "", "es", "-2,-1,f* -2,0,p", -1, "", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "on-top-breaks-path", "RR Earthscape / Path: path must still join every mark",
    "", "es", "-2,0,f -2,-1,f", -1, "path-broken", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "on-top-no-influence", "RR Influence: influence over at least one covered hex",
    "", "es", "1,1,f 2,0,p", -1, "no-influence", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "on-top-occupied", "RR Earthscape: not on occupied hexes",
    "spire@-2,-1 landmark@0,-1", "es", "0,-1,l 0,0,p", -1, "occupied", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "on-top-uneven", "RR Earthscape: an even plane",
    "spire@-2,-1 old@0,-1", "es", "0,-1,l 0,0,p", -1, "uneven", SPK_EARTHSCAPE_ON_TOP, 2 },
  { "on-top-over-fortress", "RR Fortress Gate: the fortress is no hex group (R-spire-6)",
    "", "es", "-4,0,p -3,0,p", -1, "over-fortress", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "part-over-sky", "R-spire-6: wholly on hexes or wholly beside",
    "spire@-2,-1", "es", "2,1,p 2,0,p", -1, "part-over-sky", SPK_EARTHSCAPE_MIXED, -1 },
  { "beside-ok", "RR Earthscape: an edge against a group with your spire",
    "spire@-2,-1", "es", "-2,-2,l -1,-2,l", -1, "", SPK_EARTHSCAPE_BESIDE, 0 },
  { "beside-gate-influence-not-enough", "RR Earthscape: extending needs a spire's group, not just influence",
    "", "es", "-2,-2,l -1,-2,l", -1, "no-spire-edge", SPK_EARTHSCAPE_BESIDE, 0 },
  { "beside-other-groups", "RR Earthscape: the touched group must hold your spire",
    "spire@-2,-1", "es", "1,-1,l 2,-1,l", -1, "no-spire-edge", SPK_EARTHSCAPE_BESIDE, 0 },
  { "beside-fortress-spire", "RR Influence: the fortress gives nothing to what touches its side",
    "spire@-5,0", "es", "-6,0,l -6,1,l", -1, "no-spire-edge", SPK_EARTHSCAPE_BESIDE, 0 },
  { "beside-spire-on-earthscape", "R-spire-1: a spire on a layered hex belongs to its top group",
    "old@0,-1 spire@0,-1", "es", "0,-2,l 1,-2,l", -1, "", SPK_EARTHSCAPE_BESIDE, 0 },
  { "group-in-play", "table format: a hex group id names one group",
    "spire@-2,-1", "home", "-2,-2,l -1,-2,l", -1, "group-in-play", SPK_EARTHSCAPE_BESIDE, 0 },
  { "layer-given-matches", "table format: layers",
    "", "es", "-2,-1,f* -2,0,p", 1, "", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "layer-given-wrong", "table format: layers",
    "", "es", "-2,-1,f* -2,0,p", 0, "layer-mismatch", SPK_EARTHSCAPE_ON_TOP, 1 },
  { "all-reasons-at-once", "issue 4: report every reason",
    "landmark@1,1", "east", "1,1,f 2,0,f", -1, "group-in-play occupied no-influence path-broken",
    SPK_EARTHSCAPE_ON_TOP, 1 },
};

static void
setup_board (SpkBoard *b, const char *setup)
{
  g_auto(GStrv) items = g_strsplit (setup, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      char what[16];
      int q, r;
      g_autofree char *id = g_strdup_printf ("chip-%u", i);

      if (items[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (items[i], "%15[a-z]@%d,%d", what, &q, &r), ==, 3);
      if (strcmp (what, "spire") == 0)
        spk_tb_chip (b, id, SPK_CHIP_SPIRE, "brawnen", q, r, "attack");
      else if (strcmp (what, "landmark") == 0)
        spk_tb_chip (b, id, SPK_CHIP_LANDMARK, NULL, q, r, NULL);
      else
        {
          g_autofree char *spec = g_strdup_printf ("%d,%d,l*", q, r);

          g_assert_cmpstr (what, ==, "old");
          spk_tb_hexes (b, "old", 1, spec);
        }
    }
}

static SpkEarthscape *
row_earthscape (const char *group, const char *hexes, int layer)
{
  SpkEarthscape *e = spk_earthscape_new (group);
  g_autoptr(SpkBoard) scratch = spk_tb_new (2);

  spk_tb_hexes (scratch, group, 0, hexes);
  while (scratch->hexes->len > 0)
    g_ptr_array_add (e->hexes, g_ptr_array_steal_index (scratch->hexes, 0));
  e->layer = layer;
  return e;
}

static void
test_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const Row *row = &rows[i];
      g_autoptr(SpkBoard) b = base_board ();
      g_autoptr(SpkEarthscape) e = row_earthscape (row->group, row->hexes, row->layer);
      g_autoptr(SpkEarthscapeCheck) check = NULL;
      g_autoptr(GError) error = NULL;
      GString *kinds = g_string_new (NULL);
      g_autofree char *got = NULL;

      g_test_message ("row %s (%s)", row->name, row->rule);
      setup_board (b, row->setup);
      check = spk_earthscape_check (b, e, "brawnen", &error);
      g_assert_no_error (error);
      for (guint k = 0; k < check->problems->len; k++)
        g_string_append_printf (kinds, "%s%s", k > 0 ? " " : "",
                                spk_earthscape_problem_code (g_array_index (check->problems, SpkEarthscapeProblem, k).kind));
      got = g_string_free (kinds, FALSE);
      g_assert_cmpstr (got, ==, row->problems);
      g_assert_cmpint (check->ok, ==, row->problems[0] == '\0');
      g_assert_cmpint (check->placement, ==, row->placement);
      g_assert_cmpint (check->layer, ==, row->result_layer);
    }
}

static void
test_problem_details (void)
{
  g_autoptr(SpkBoard) b = base_board ();
  g_autoptr(SpkEarthscape) breaks = row_earthscape ("es", "-2,0,f -2,-1,f", -1);
  g_autoptr(SpkEarthscape) sky = row_earthscape ("es", "2,1,p 2,0,p", -1);
  g_autoptr(SpkEarthscapeCheck) c1 = spk_earthscape_check (b, breaks, "brawnen", NULL);
  g_autoptr(SpkEarthscapeCheck) c2 = spk_earthscape_check (b, sky, "brawnen", NULL);
  const SpkEarthscapeProblem *p;

  p = &g_array_index (c1->problems, SpkEarthscapeProblem, 0);
  g_assert_cmpint (p->gate_a, ==, 0);
  g_assert_cmpint (p->gate_b, ==, 1);
  p = &g_array_index (c2->problems, SpkEarthscapeProblem, 0);
  g_assert_cmpint (p->hex.q, ==, 2);
  g_assert_cmpint (p->hex.r, ==, 1);
}

/* Three gates: only the pair the earthscape cuts apart is reported, and a
 * pair already apart before is not blamed on it (R-spire-7). */
static void
test_path_pairs (void)
{
  g_autoptr(SpkBoard) b = base_board ();
  g_autoptr(SpkEarthscape) e = row_earthscape ("es", "1,0,f 1,1,f", -1);
  g_autoptr(SpkEarthscapeCheck) check = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  gboolean links[16];
  const SpkEarthscapeProblem *p;

  spk_tb_faction (b, "narora", "brawnen", NULL);
  spk_tb_hexes (b, "south", 0, "-1,1,p -1,2,p");
  spk_tb_fortress (b, "narora", -1, 3, "");
  spk_tb_faction (b, "heirs", "brawnen", NULL);
  spk_tb_fortress (b, "heirs", 8, 8, "");
  b->player_count = 4;

  grid = spk_grid_new (b);
  spk_earthscape_path_links (grid, links);
  /* Fortresses: 0 brawnen, 1 grovetenders, 2 narora, 3 heirs (cut off). */
  g_assert_true (links[0 * 4 + 1]);
  g_assert_true (links[0 * 4 + 2]);
  g_assert_true (links[1 * 4 + 2]);
  g_assert_false (links[0 * 4 + 3]);
  g_assert_false (links[3 * 4 + 2]);
  g_assert_true (links[3 * 4 + 3]);

  spk_tb_chip (b, "s", SPK_CHIP_SPIRE, "brawnen", -2, -1, "attack");
  spk_tb_chip (b, "s2", SPK_CHIP_SPIRE, "brawnen", 0, -1, "attack");
  check = spk_earthscape_check (b, e, "brawnen", NULL);
  g_assert_false (check->ok);
  g_assert_cmpuint (check->problems->len, ==, 2);
  p = &g_array_index (check->problems, SpkEarthscapeProblem, 0);
  g_assert_cmpint (p->kind, ==, SPK_EARTHSCAPE_PROBLEM_PATH_BROKEN);
  g_assert_cmpint (p->gate_a, ==, 0);
  g_assert_cmpint (p->gate_b, ==, 1);
  p = &g_array_index (check->problems, SpkEarthscapeProblem, 1);
  g_assert_cmpint (p->gate_a, ==, 1);
  g_assert_cmpint (p->gate_b, ==, 2);
}

static void
test_bad_pieces (void)
{
  g_autoptr(SpkBoard) b = base_board ();
  g_autoptr(SpkEarthscape) empty = spk_earthscape_new ("es");
  g_autoptr(SpkEarthscape) twice = row_earthscape ("es", "-2,-2,l -2,-2,f", -1);
  g_autoptr(SpkEarthscape) apart = row_earthscape ("es", "-2,-2,l 5,5,l", -1);
  g_autoptr(SpkEarthscape) fine = row_earthscape ("es", "-2,-2,l", -1);
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;

  g_assert_null (spk_earthscape_check (b, empty, "brawnen", &e1));
  g_assert_error (e1, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_EMPTY);
  g_assert_null (spk_earthscape_check (b, twice, "brawnen", &e2));
  g_assert_error (e2, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_DUPLICATE_HEX);
  g_assert_null (spk_earthscape_check (b, apart, "brawnen", &e3));
  g_assert_error (e3, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_NOT_ONE_PIECE);
  g_assert_null (spk_earthscape_check (b, fine, "nobody", &e4));
  g_assert_error (e4, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_UNKNOWN_FACTION);
}

static void
test_apply (void)
{
  g_autoptr(SpkBoard) b = base_board ();
  g_autoptr(SpkEarthscape) e = row_earthscape ("es", "-2,-1,f* -2,0,p", -1);
  g_autoptr(SpkBoard) after = spk_earthscape_apply (b, e, 1);
  const SpkHexEntry *last = g_ptr_array_index (after->hexes, after->hexes->len - 1);

  g_assert_cmpuint (after->hexes->len, ==, b->hexes->len + 2);
  g_assert_cmpstr (last->group, ==, "es");
  g_assert_cmpint (last->layer, ==, 1);
  g_assert_cmpint (last->q, ==, -2);
  g_assert_cmpint (last->r, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/earthscape/rows", test_rows);
  g_test_add_func ("/earthscape/problem-details", test_problem_details);
  g_test_add_func ("/earthscape/path-pairs", test_path_pairs);
  g_test_add_func ("/earthscape/bad-pieces", test_bad_pieces);
  g_test_add_func ("/earthscape/apply", test_apply);
  return g_test_run ();
}
