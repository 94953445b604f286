/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli check: the model's answer in a dry run, from a shell
 * (issue 11). Each row names the rule behind the answer. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

#include "spk-table-file.h"

/* The basic table in @phase, written to @dir; "onslaught-near" is the
 * Onslaught Phase with the dispatch moved next to the war briar. */
static char *
table_in_phase (const char *dir, const char *phase)
{
  g_autofree char *src = spk_cli_fixture ("table-basic.json", NULL);
  g_autoptr(SpkBoard) board = spk_table_file_load (src, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("%s.json", phase);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_nonnull (board);
  g_free (board->phase);
  if (g_str_equal (phase, "onslaught-near"))
    {
      SpkChip *dispatch = spk_board_find_chip (board, "dispatch");

      dispatch->q = dispatch->r = 0;
      board->phase = g_strdup ("onslaught");
    }
  else
    board->phase = g_strdup (phase);
  spk_table_file_save (board, path, &error);
  g_assert_no_error (error);
  return path;
}

typedef struct {
  const char *rule;
  const char *phase;
  const char *args[8];
  int         status;
  const char *out;
} Row;

static const Row rows[] = {
  { "R-build-1: not in the Set-up", "setup", { "build-spire", "brawnen", "-5", "0", NULL }, 1,
    "WRONG_PHASE: Spires are built and upgraded in the Build Phase, or with a limited build at the "
    "start of a turn in the Onslaught Phase\n" },
  { "RR Fortress Source Well: its own", "build", { "build-spire", "brawnen", "-5", "0", "--cost", "2", NULL }, 0,
    "allowed\n" },
  { "RR Source Well: covered", "build", { "build-spire", "brawnen", "2", "-1", NULL }, 1,
    "OCCUPIED: A chip stands on the well at (2, -1); choose a free well\n" },
  { "RR Fortress Source Well: another's", "build", { "build-spire", "brawnen", "5", "0", NULL }, 1,
    "OTHER_FORTRESS: (5, 0) is another faction's fortress well; Brawnen builds on its own fortress "
    "wells and on isles\n" },
  { "RR Source: not enough", "build", { "build-spire", "brawnen", "-5", "0", "--cost", "9", NULL }, 1,
    "NOT_ENOUGH_SOURCE: Brawnen has 8 Source; this costs 9\n" },
  { "RR Upgrade Capacity", "build", { "upgrade", "brick-and-mortars", "attack", "range", NULL }, 1,
    "CAPACITY: Brick and Mortars has 3 upgrades and an upgrade capacity of 4; only 1 of these 2 fit\n" },
  { "RR Spire Upgrades", "build", { "upgrade", "brick-and-mortars", "f", NULL }, 0, "allowed\n" },
  { "R-market-2: the first player first", "market", { "buy", "grovetenders", "Roa", "3", NULL }, 1,
    "NOT_YOUR_TURN: It is Brawnen's turn at the market; Grovetenders buys or passes after it, in "
    "turn order\n" },
  { "R-market-2: a pass", "market", { "pass-market", "brawnen", NULL }, 0, "allowed\n" },
  { "R-market-2: not outside the Market Phase", "build", { "pass-market", "brawnen", NULL }, 1,
    "WRONG_PHASE: A faction passes at the market in the Market Phase only\n" },
  { "R-build-3", "setup", { "advance", "brawnen", "Forge", NULL }, 1,
    "INVALID: The faction has no such fortress structure; enter it first\n" },
  { "RB Sequence of Play", "setup", { "next-phase", NULL }, 0, "allowed\n" },
  { "R-turns-1: End Turn in the Onslaught only", "build", { "end-turn", NULL }, 1, NULL },
  { "damage with a defeater", "setup", { "damage", "dispatch", "1", "--by", "grovetenders", NULL }, 0,
    "allowed\n" },
  { "R-attack-1: attacks in the Onslaught only", "build", { "attack", "dispatch", "war-briar", NULL }, 1,
    "WRONG_PHASE: Units attack in the Onslaught Phase only; advance to it first\n" },
  { "R-attack-2: adjacent targets", "onslaught", { "attack", "dispatch", "war-briar", NULL }, 1,
    "NOT_A_TARGET: War Briar is not a target: not adjacent (3 hexes away, range 1)\n" },
  { "R-attack-1: only on its own turn", "onslaught", { "attack", "war-briar", "dispatch", NULL }, 1,
    "NOT_YOUR_TURN: It is Brawnen's turn and War Briar belongs to another faction; end the turn first\n" },
  { "RR Attacking with Units", "onslaught-near", { "attack", "dispatch", "war-briar", NULL }, 0,
    "allowed\n" },
  { "R-attack-13: retaliation entered", "onslaught-near",
    { "attack", "dispatch", "war-briar", "--retaliation", "0", NULL }, 0, "allowed\n" },
  { "R-attack-13: nothing retaliates", "onslaught-near",
    { "attack", "dispatch", "lost-caverns", "--retaliation", "2", NULL }, 1,
    "INVALID: Nothing retaliates with an amount of its own here (a gate deals 1; a defeated, spent or "
    "distant unit none); leave the retaliation as it is\n" },
  { "R-attack-11: promotion needs the promoted side", "onslaught", { "level-up", "dywen", "attack", NULL }, 1,
    "INVALID: Dywen is at its capacity and is promoted: enter the stats of its promoted side first\n" },
  { "R-faction-8: a faction joins in any phase", "onslaught", { "add-faction", "thegn", "Thegn", NULL }, 0,
    "allowed\n" },
  { "R-faction-1: ids are unique", "setup", { "add-faction", "brawnen", "Red", NULL }, 1,
    "INVALID: A faction with that id already sits at the table; choose another id\n" },
  { "R-faction-1: never below two", "setup", { "remove-faction", "brawnen", NULL }, 1,
    "INVALID: Cloudspire needs at least 2 factions; add another before removing this one\n" },
};

static void
run_row (SpkCliRun *run, const char *path, const Row *row, gboolean json)
{
  const char *a[12] = { "check", path };
  guint n = 2;

  for (guint i = 0; row->args[i] != NULL; i++)
    a[n++] = row->args[i];
  if (json)
    a[n++] = "--json";
  a[n] = NULL;
  spk_cli_run (run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], NULL);
}

static void
test_rows (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-check-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const Row *row = &rows[i];
      g_autofree char *path = table_in_phase (dir, row->phase);
      g_autofree char *before = NULL, *after = NULL;
      g_auto(SpkCliRun) text = { 0 }, json = { 0 };
      g_autoptr(JsonNode) answer = NULL;
      JsonObject *o;

      g_test_message ("row %u: %s", i, row->rule);
      g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
      run_row (&text, path, row, FALSE);
      g_assert_cmpint (text.status, ==, row->status);
      if (row->out != NULL)
        g_assert_cmpstr (text.out, ==, row->out);
      g_assert_cmpstr (text.err, ==, "");

      run_row (&json, path, row, TRUE);
      g_assert_cmpint (json.status, ==, row->status);
      /* Printed on "no" (exit status 1) as well. */
      answer = spk_cli_parse_json (json.out);
      o = json_node_get_object (answer);
      g_assert_cmpint (json_object_get_boolean_member (o, "allowed"), ==, row->status == 0);
      if (row->status == 0)
        g_assert_true (json_object_get_null_member (o, "error"));
      else
        {
          JsonObject *e = json_object_get_object_member (o, "error");
          g_autofree char *line = g_strdup_printf ("%s: %s\n", json_object_get_string_member (e, "code"),
                                                   json_object_get_string_member (e, "message"));

          g_assert_cmpstr (line, ==, text.out);
        }
      /* A dry run: the file is the same. */
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, before);
      g_remove (path);
    }
  g_rmdir (dir);
}

/* Exit status 2 for a wrong command line; 1 for a bad table. */
static void
test_usage (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) unknown = { 0 }, few = { 0 }, bad_number = { 0 }, bad_option = { 0 },
                    missing = { 0 }, help = { 0 };

  spk_cli_run (&unknown, "check", path, "fly", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "unknown action “fly”"));
  spk_cli_run (&few, "check", path, "move", "dispatch", "1", NULL);
  g_assert_cmpint (few.status, ==, 2);
  g_assert_nonnull (strstr (few.err, "expected move CHIP Q R"));
  spk_cli_run (&bad_number, "check", path, "move", "dispatch", "one", "0", NULL);
  g_assert_cmpint (bad_number.status, ==, 2);
  g_assert_nonnull (strstr (bad_number.err, "“one” is not a whole number"));
  spk_cli_run (&bad_option, "check", path, "end-turn", "--fast", NULL);
  g_assert_cmpint (bad_option.status, ==, 2);
  spk_cli_run (&missing, "check", "/nonexistent/table.json", "end-turn", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_cmpstr (missing.out, ==, "");
  spk_cli_run (&help, "check", "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "build-spire FACTION Q R"));
  g_assert_nonnull (strstr (help.out, "--upgrades=LIST"));
  g_assert_nonnull (strstr (help.out, "attack ATTACKER TARGET"));
  {
    g_auto(SpkCliRun) bad_level = { 0 };

    spk_cli_run (&bad_level, "check", path, "level-up", "dywen", "sideways", NULL);
    g_assert_cmpint (bad_level.status, ==, 2);
    g_assert_nonnull (strstr (bad_level.err, "“sideways” is no level-up"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/check/rows", test_rows);
  g_test_add_func ("/cli/check/usage", test_usage);
  return g_test_run ();
}
