/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli influence, fire, upgrade-cost, damage and
 * earthscape-check: JSON shapes, text output and exit codes (issue 4). */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

#include "spk-table-file.h"

static JsonObject *
root (const SpkCliRun *run)
{
  g_assert_nonnull (run->json);
  return json_node_get_object (run->json);
}

static char *
fixture (void)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "table-basic.json", NULL);
}

/* Writes the basic table with the dispatch moved next to the shrubbery. */
static char *
table_with_dispatch_in_range (const char *dir)
{
  g_autofree char *src = fixture ();
  g_autoptr(SpkBoard) board = spk_table_file_load (src, NULL, NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "in-range.json", NULL);
  SpkChip *dispatch;

  g_assert_nonnull (board);
  dispatch = spk_board_find_chip (board, "dispatch");
  dispatch->q = 2;
  dispatch->r = 0;
  spk_table_file_save (board, path, &error);
  g_assert_no_error (error);
  return path;
}

static char *
hexes_text (JsonArray *arr)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      JsonObject *h = json_array_get_object_element (arr, i);

      g_assert_cmpuint (json_object_get_size (h), ==, 2);
      g_string_append_printf (s, "%s%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT, i > 0 ? " " : "",
                              json_object_get_int_member (h, "q"), json_object_get_int_member (h, "r"));
    }
  return g_string_free (s, FALSE);
}

static char *
strings_text (JsonArray *arr)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (arr); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "", json_array_get_string_element (arr, i));
  return g_string_free (s, FALSE);
}

static void
test_influence (void)
{
  g_autofree char *path = fixture ();
  g_auto(SpkCliRun) json = { 0 }, text = { 0 }, unknown = { 0 }, few = { 0 };
  g_autofree char *groups = NULL, *wells = NULL, *hexes = NULL;
  JsonObject *o;

  spk_cli_run (&json, "influence", path, "brawnen", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  o = root (&json);
  groups = strings_text (json_object_get_array_member (o, "groups"));
  wells = hexes_text (json_object_get_array_member (o, "buildable_wells"));
  hexes = hexes_text (json_object_get_array_member (o, "hexes"));
  /* Brawnen: isle-west by the gate and its spire, north and south beside it. */
  g_assert_cmpstr (groups, ==, "isle-north isle-south isle-west");
  g_assert_cmpstr (wells, ==, "-5,0 -4,-1 -1,-1 0,-2 0,2");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "hexes")), ==, 19);
  g_assert_true (g_str_has_prefix (hexes, "-5,0 -4,-1 -3,0 -3,1 "));
  g_assert_cmpint (json_object_get_int_member (o, "spires_in_play"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "spire_limit"), ==, 6);
  /* R-spire-8 (RR Spire Reward): the grovetenders' spire on its well is the
   * one reward site; empty wells are none. */
  {
    JsonArray *sites = json_object_get_array_member (o, "reward_sites");
    JsonObject *site;

    g_assert_cmpuint (json_array_get_length (sites), ==, 1);
    site = json_array_get_object_element (sites, 0);
    g_assert_cmpint (json_object_get_int_member (site, "q"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (site, "r"), ==, -1);
    g_assert_cmpstr (json_object_get_string_member (site, "chip"), ==, "shrubbery");
  }

  spk_cli_run (&text, "influence", path, "grovetenders", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "(isle-east, isle-south)"));
  g_assert_nonnull (strstr (text.out, "Spires in play: 1 of 6."));
  g_assert_nonnull (strstr (text.out, "(0,2) (4,1) (5,0)"));
  g_assert_nonnull (strstr (text.out, "Spire reward sites (defeat the chip there): (-2,1) brick-and-mortars\n"));

  spk_cli_run (&unknown, "influence", path, "nobody", "--json", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_cmpstr (unknown.out, ==, "");
  g_assert_nonnull (strstr (unknown.err, "nobody"));

  spk_cli_run (&few, "influence", path, NULL);
  g_assert_cmpint (few.status, ==, 2);
}

static void
test_fire (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-spires-XXXXXX", NULL);
  g_autofree char *path = table_with_dispatch_in_range (dir);
  g_autofree char *basic = fixture ();
  g_auto(SpkCliRun) brawnen = { 0 }, grove = { 0 }, text = { 0 }, bad = { 0 }, missing = { 0 };
  JsonArray *spires;
  JsonObject *s;

  /* RB wave 1: the shrubbery fires one die at the dispatch in its range. */
  spk_cli_run (&brawnen, "fire", path, "brawnen", "--json", NULL);
  g_assert_cmpint (brawnen.status, ==, 0);
  spires = json_object_get_array_member (root (&brawnen), "spires");
  g_assert_cmpuint (json_array_get_length (spires), ==, 1);
  s = json_array_get_object_element (spires, 0);
  g_assert_cmpuint (json_object_get_size (s), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (s, "spire"), ==, "shrubbery");
  g_assert_cmpint (json_object_get_int_member (s, "dice"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (s, "range"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "targets")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (s, "targets"), 0),
                   ==, "dispatch");

  /* Brick and Mortars (attack, range, attack) has nobody within 2. */
  spk_cli_run (&grove, "fire", basic, "grovetenders", "--json", NULL);
  g_assert_cmpint (grove.status, ==, 0);
  spires = json_object_get_array_member (root (&grove), "spires");
  g_assert_cmpuint (json_array_get_length (spires), ==, 1);
  s = json_array_get_object_element (spires, 0);
  g_assert_cmpstr (json_object_get_string_member (s, "spire"), ==, "brick-and-mortars");
  g_assert_cmpint (json_object_get_int_member (s, "dice"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (s, "range"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "targets")), ==, 0);

  spk_cli_run (&text, "fire", path, "brawnen", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.out, ==, "shrubbery (1 die, range 1) may fire at: dispatch\n");

  spk_cli_run (&bad, "fire", path, "nobody", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  spk_cli_run (&missing, "fire", "/nonexistent/table.json", "brawnen", NULL);
  g_assert_cmpint (missing.status, ==, 1);

  g_remove (path);
  g_rmdir (dir);
}

static void
test_upgrade_cost (void)
{
  g_autofree char *path = fixture ();
  g_auto(SpkCliRun) json = { 0 }, text = { 0 }, type = { 0 }, unknown = { 0 }, unit = { 0 }, few = { 0 };
  JsonArray *costs;
  JsonObject *o;

  /* Brick and Mortars has 3 upgrades and capacity 4: a 4th attack costs 4,
   * a 5th would go over. */
  spk_cli_run (&json, "upgrade-cost", path, "brick-and-mortars", "attack", "range", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  o = root (&json);
  g_assert_cmpuint (json_object_get_size (o), ==, 3);
  costs = json_object_get_array_member (o, "costs");
  g_assert_cmpuint (json_array_get_length (costs), ==, 2);
  g_assert_cmpint (json_array_get_int_element (costs, 0), ==, 4);
  g_assert_true (json_node_is_null (json_array_get_element (costs, 1)));
  g_assert_cmpint (json_object_get_int_member (o, "total"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "capacity"), ==, 4);

  /* Shrubbery: 2 upgrades, capacity 3, a fortification costs 2. */
  spk_cli_run (&text, "upgrade-cost", path, "shrubbery", "fortification", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "fortification: 2 Source"));
  g_assert_nonnull (strstr (text.out, "Total 2 Source"));

  spk_cli_run (&type, "upgrade-cost", path, "shrubbery", "speed", NULL);
  g_assert_cmpint (type.status, ==, 2);
  g_assert_nonnull (strstr (type.err, "speed"));
  spk_cli_run (&unknown, "upgrade-cost", path, "nothing", "attack", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  spk_cli_run (&unit, "upgrade-cost", path, "dispatch", "attack", NULL);
  g_assert_cmpint (unit.status, ==, 1);
  g_assert_nonnull (strstr (unit.err, "not a spire"));
  spk_cli_run (&few, "upgrade-cost", path, "shrubbery", NULL);
  g_assert_cmpint (few.status, ==, 2);
}

static void
test_damage (void)
{
  g_autofree char *path = fixture ();
  g_auto(SpkCliRun) holds = { 0 }, falls = { 0 }, text = { 0 }, nan = { 0 }, negative = { 0 }, unknown = { 0 };
  g_autofree char *left = NULL, *removed = NULL;
  JsonObject *o, *chip;

  /* RB wave 1: the battleborn's 1 damage leaves the shrubbery whole. */
  spk_cli_run (&holds, "damage", path, "shrubbery", "1", "--json", NULL);
  g_assert_cmpint (holds.status, ==, 0);
  o = root (&holds);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "spire");
  chip = json_object_get_object_member (o, "chip");
  left = strings_text (json_object_get_array_member (chip, "upgrades"));
  g_assert_cmpstr (left, ==, "attack fortification");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (o, "removed"), "upgrades")), ==, 0);
  g_assert_false (json_object_get_boolean_member (o, "defeated"));
  g_assert_true (json_object_get_null_member (o, "revealed"));

  spk_cli_run (&falls, "damage", path, "shrubbery", "2", "--json", NULL);
  g_assert_cmpint (falls.status, ==, 0);
  removed = strings_text (json_object_get_array_member (
                            json_object_get_object_member (root (&falls), "removed"), "upgrades"));
  g_assert_cmpstr (removed, ==, "fortification");

  spk_cli_run (&text, "damage", path, "dispatch", "2", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "dispatch is defeated."));

  spk_cli_run (&nan, "damage", path, "shrubbery", "two", NULL);
  g_assert_cmpint (nan.status, ==, 2);
  spk_cli_run (&negative, "damage", path, "shrubbery", "-1", NULL);
  g_assert_cmpint (negative.status, ==, 2);
  spk_cli_run (&unknown, "damage", path, "nothing", "1", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
}

static void
test_damage_gate (void)
{
  g_autofree char *path = fixture ();
  g_auto(SpkCliRun) json = { 0 }, text = { 0 }, unknown = { 0 };
  JsonObject *o;

  spk_cli_run (&json, "damage", path, "gate:brawnen", "3", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  o = root (&json);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "gate");
  g_assert_true (json_object_get_null_member (o, "chip"));
  g_assert_cmpint (json_object_get_int_member (o, "gate_health"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "removed"), "health"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (o, "retaliation"), ==, 1);
  g_assert_false (json_object_get_boolean_member (o, "defeated"));

  spk_cli_run (&text, "damage", path, "gate:grovetenders", "12", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "10 health removed, 0 left, defeated"));

  spk_cli_run (&unknown, "damage", path, "gate:nobody", "1", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
}

static char *
write_file (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
test_earthscape_check (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-spires-XXXXXX", NULL);
  g_autofree char *table = fixture ();
  g_autofree char *piece = write_file (dir, "piece.json",
    "{\"group\": \"earthscape-11\", \"hexes\": ["
    "{\"q\": -3, \"r\": 0, \"terrain\": \"path\"},"
    "{\"q\": -3, \"r\": 1, \"terrain\": \"forest\", \"well\": true}]}");
  g_autofree char *broken = write_file (dir, "broken.json", "{\"group\": \"x\", \"hexes\": [");
  g_autofree char *no_hexes = write_file (dir, "no-hexes.json", "{\"group\": \"x\"}");
  g_auto(SpkCliRun) ok = { 0 }, refused = { 0 }, text = { 0 }, bad = { 0 }, shape = { 0 },
              faction = { 0 }, few = { 0 };
  g_autofree char *codes = NULL;
  JsonObject *o;

  spk_cli_run (&ok, "earthscape-check", table, piece, "brawnen", "--json", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  o = root (&ok);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (o, "placement"), ==, "on-top");
  g_assert_cmpint (json_object_get_int_member (o, "layer"), ==, 1);

  /* The grovetenders have no influence over isle-west. */
  spk_cli_run (&refused, "earthscape-check", table, piece, "grovetenders", "--json", NULL);
  g_assert_cmpint (refused.status, ==, 0);
  o = root (&refused);
  g_assert_false (json_object_get_boolean_member (o, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), ==, 1);
  g_assert_nonnull (strstr (json_array_get_string_element (json_object_get_array_member (o, "reasons"), 0),
                            "influence"));
  codes = strings_text (json_object_get_array_member (o, "codes"));
  g_assert_cmpstr (codes, ==, "no-influence");

  spk_cli_run (&text, "earthscape-check", table, piece, "grovetenders", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "may not lay earthscape “earthscape-11”"));

  spk_cli_run (&bad, "earthscape-check", table, broken, "brawnen", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  spk_cli_run (&shape, "earthscape-check", table, no_hexes, "brawnen", NULL);
  g_assert_cmpint (shape.status, ==, 1);
  g_assert_nonnull (strstr (shape.err, "hexes"));
  spk_cli_run (&faction, "earthscape-check", table, piece, "nobody", NULL);
  g_assert_cmpint (faction.status, ==, 1);
  spk_cli_run (&few, "earthscape-check", table, piece, NULL);
  g_assert_cmpint (few.status, ==, 2);

  g_remove (piece);
  g_remove (broken);
  g_remove (no_hexes);
  g_rmdir (dir);
}

static void
test_help (void)
{
  const char *commands[] = { "influence", "fire", "upgrade-cost", "damage", "earthscape-check" };

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(SpkCliRun) help = { 0 }, bad_opt = { 0 };

      spk_cli_run (&help, commands[i], "--help", NULL);
      g_assert_cmpint (help.status, ==, 0);
      g_assert_nonnull (strstr (help.out, "--json"));
      spk_cli_run (&bad_opt, commands[i], "--frob", NULL);
      g_assert_cmpint (bad_opt.status, ==, 2);
    }
}

/* The basic table with a Source reward on the dispatch and the
 * grovetenders' gate fallen already. */
static char *
table_for_defeats (const char *dir)
{
  g_autofree char *src = fixture ();
  g_autoptr(SpkBoard) board = spk_table_file_load (src, NULL, NULL);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "defeats.json", NULL);

  g_assert_nonnull (board);
  spk_board_find_chip (board, "dispatch")->reward = 3;
  spk_board_find_faction (board, "grovetenders")->gate_health = 0;
  spk_table_file_save (board, path, &error);
  g_assert_no_error (error);
  return path;
}

/* --by: what the dealer gains. RR Defeat: a reward for an opposing chip
 * only (R-attack-3); a fallen gate is not defeated again (R-attack-4). The
 * file stays as it was. */
static void
test_damage_by (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-damage-XXXXXX", NULL);
  g_autofree char *path = table_for_defeats (dir);
  g_autofree char *before = NULL, *after = NULL;
  g_auto(SpkCliRun) own = { 0 }, opposing = { 0 }, json = { 0 }, fallen = { 0 }, nobody = { 0 };
  JsonArray *source;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  spk_cli_run (&own, "damage", path, "dispatch", "5", "--by", "brawnen", NULL);
  g_assert_cmpint (own.status, ==, 0);
  g_assert_nonnull (strstr (own.out, "Dealt by brawnen: 5 damage: Dispatch defeated (no reward: not opposing Brawnen)\n"
                                     "No faction gains or loses Source.\n"));
  spk_cli_run (&opposing, "damage", path, "dispatch", "5", "--by", "grovetenders", NULL);
  g_assert_nonnull (strstr (opposing.out, "Grovetenders: Source 6 → 9\n"));
  spk_cli_run (&json, "damage", path, "dispatch", "5", "--by", "grovetenders", "--json", NULL);
  g_assert_cmpstr (json_object_get_string_member (root (&json), "by"), ==, "grovetenders");
  source = json_object_get_array_member (root (&json), "source");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (source, 1), "before"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (source, 1), "after"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (source, 0), "after"), ==,
                   json_object_get_int_member (json_array_get_object_element (source, 0), "before"));

  spk_cli_run (&fallen, "damage", path, "gate:grovetenders", "2", "--by", "brawnen", NULL);
  g_assert_cmpint (fallen.status, ==, 0);
  g_assert_cmpstr (fallen.out, ==, "gate:grovetenders: 0 health removed, 0 left; the gate retaliates for 1.\n"
                                   "No faction gains or loses Source.\n");
  spk_cli_run (&nobody, "damage", path, "dispatch", "1", "--by", "nobody", NULL);
  g_assert_cmpint (nobody.status, ==, 1);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/influence", test_influence);
  g_test_add_func ("/cli/fire", test_fire);
  g_test_add_func ("/cli/upgrade-cost", test_upgrade_cost);
  g_test_add_func ("/cli/damage", test_damage);
  g_test_add_func ("/cli/damage/gate", test_damage_gate);
  g_test_add_func ("/cli/damage/by", test_damage_by);
  g_test_add_func ("/cli/earthscape-check", test_earthscape_check);
  g_test_add_func ("/cli/help", test_help);
  return g_test_run ();
}
