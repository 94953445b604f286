/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli new-table: the table New Table makes, as a table file
 * the model reads back; refusals exit 1 with the model's reason and seat,
 * a malformed --mark exits 2. */
#include "config.h"

#include <string.h>

#include "spk-table.h"
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/new-table/made", test_made);
  g_test_add_func ("/cli/new-table/marks-and-no-fortresses", test_marks_and_no_fortresses);
  g_test_add_func ("/cli/new-table/refused", test_refused);
  return g_test_run ();
}
