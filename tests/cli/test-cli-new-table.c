/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli new-table: the table New Table makes, as a table file
 * the model reads back; refusals exit 1 with the model's reason and seat,
 * a malformed --mark exits 2. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-table-codex.h"
#include "spk-test-cli.h"

static const SpkFaction *
seat (SpkTable *t, guint i)
{
  return g_ptr_array_index (spk_table_get_board (t)->factions, i);
}

static void
test_made (void)
{
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  spk_cli_run (&run, "new-table", "--teams", "--first", "4", "brawnen", "grovetenders", "heirs", "Sky Pirates",
               NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  t = spk_table_new_from_data (run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_player_count (t), ==, 4);
  g_assert_cmpint (spk_table_get_market_count (t), ==, 5);
  g_assert_cmpstr (spk_table_get_first_player (t), ==, "sky-pirates");
  g_assert_cmpstr (seat (t, 3)->name, ==, "Sky Pirates");
  g_assert_cmpstr (seat (t, 1)->team, ==, "2");
  g_assert_cmpstr (seat (t, 2)->mark, ==, "sky-pirates");
  g_assert_cmpint (seat (t, 0)->gate_health, ==, 10);
  g_assert_cmpuint (spk_table_get_board (t)->fortresses->len, ==, 4);
}

static void
test_marks_and_no_fortresses (void)
{
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  spk_cli_run (&run, "new-table", "--no-fortresses", "--mark", "1:3", "--mark", "2:1", "brawnen", "narora",
               "heirs", NULL);
  g_assert_cmpint (run.status, ==, 0);
  t = spk_table_new_from_data (run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (seat (t, 0)->mark, ==, "heirs");
  g_assert_cmpstr (seat (t, 1)->mark, ==, "brawnen");
  g_assert_cmpstr (seat (t, 2)->mark, ==, "brawnen");
  g_assert_cmpint (spk_table_get_market_count (t), ==, 4);
  g_assert_cmpuint (spk_table_get_board (t)->fortresses->len, ==, 0);
}

static void
test_refused (void)
{
  g_auto(SpkCliRun) twice = { 0 }, teams = { 0 }, itself = { 0 }, bad_mark = { 0 }, one = { 0 };

  spk_cli_run (&twice, "new-table", "brawnen", "brawnen", NULL);
  g_assert_cmpint (twice.status, ==, 1);
  g_assert_nonnull (strstr (twice.err, "Seat 2: "));
  g_assert_cmpstr (twice.out, ==, "");

  spk_cli_run (&teams, "new-table", "--teams", "brawnen", "heirs", NULL);
  g_assert_cmpint (teams.status, ==, 1);
  g_assert_nonnull (strstr (teams.err, "4 players"));

  spk_cli_run (&itself, "new-table", "--mark", "1:1", "brawnen", "heirs", NULL);
  g_assert_cmpint (itself.status, ==, 1);
  g_assert_nonnull (strstr (itself.err, "Seat 1: "));

  spk_cli_run (&bad_mark, "new-table", "--mark", "1:5", "brawnen", "heirs", NULL);
  g_assert_cmpint (bad_mark.status, ==, 2);

  spk_cli_run (&one, "new-table", "brawnen", NULL);
  g_assert_cmpint (one.status, ==, 2);
}

/* --game codex: a Codex table the model reads back; validate and check
 * accept it, the Cloudspire commands refuse it with a clear message. */
static void
test_codex (void)
{
  g_auto(SpkCliRun) run = { 0 }, five = { 0 }, cloud = { 0 }, bad = { 0 };
  g_auto(SpkCliRun) valid = { 0 }, moves = { 0 }, hire = { 0 }, next = { 0 }, tech = { 0 };
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(SpkTable) ffa = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-codex-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "codex.json", NULL);

  spk_cli_run (&run, "new-table", "--game", "codex", "--spec", "Bashing", "--multicolor", "2", "Ann", "Bo", NULL);
  g_assert_cmpint (run.status, ==, 0);
  t = spk_table_new_from_data (run.out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (spk_table_get_game (t), ==, "codex");
  g_assert_cmpint (spk_table_get_codex (t)->mode, ==, SPK_CODEX_MODE_DUEL);
  g_assert_cmpstr (spk_codex_player (spk_table_get_codex (t), 0)->spec, ==, "Bashing");
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (t), 1)->workers, ==, 5);
  g_assert_true (spk_codex_player (spk_table_get_codex (t), 1)->multicolor);
  g_assert_false (spk_codex_player (spk_table_get_codex (t), 0)->multicolor);

  /* Five players: a free-for-all; Cloudspire seats four at most. */
  spk_cli_run (&five, "new-table", "--game", "codex", "A", "B", "C", "D", "E", NULL);
  g_assert_cmpint (five.status, ==, 0);
  ffa = spk_table_new_from_data (five.out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_codex (ffa)->mode, ==, SPK_CODEX_MODE_FREE_FOR_ALL);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (ffa), 4)->mercenaries, ==, 3);
  spk_cli_run (&cloud, "new-table", "brawnen", "heirs", "narora", "grovetenders", "A", NULL);
  g_assert_cmpint (cloud.status, ==, 2);
  spk_cli_run (&bad, "new-table", "--game", "codex", "--mode", "two-headed-dragon", "A", "B", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "4 players"));

  g_assert_true (g_file_set_contents (path, run.out, -1, NULL));
  spk_cli_run (&valid, "validate", path, NULL);
  g_assert_cmpint (valid.status, ==, 0);
  g_assert_nonnull (strstr (valid.out, "valid Codex table (duel), 2 players"));
  spk_cli_run (&moves, "moves", path, "x", NULL);
  g_assert_cmpint (moves.status, ==, 1);
  g_assert_nonnull (strstr (moves.err, "this is a Codex table"));
  /* check asks the model in a dry run: not Ann's Main Phase yet. */
  spk_cli_run (&hire, "check", path, "codex-hire", "Ann", NULL);
  g_assert_cmpint (hire.status, ==, 1);
  g_assert_nonnull (strstr (hire.out, "WRONG_PHASE"));
  spk_cli_run (&next, "check", path, "codex-next-phase", NULL);
  g_assert_cmpint (next.status, ==, 0);
  spk_cli_run (&tech, "check", path, "codex-tech", "2", "1", NULL);
  g_assert_cmpint (tech.status, ==, 1);
  g_assert_nonnull (strstr (tech.out, "NOT_YOUR_TURN"));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/new-table/made", test_made);
  g_test_add_func ("/cli/new-table/marks-and-no-fortresses", test_marks_and_no_fortresses);
  g_test_add_func ("/cli/new-table/refused", test_refused);
  g_test_add_func ("/cli/new-table/codex", test_codex);
  return g_test_run ();
}
