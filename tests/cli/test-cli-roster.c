/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli reads chips that name their roster record, as the app
 * saves them (R-file-6), and refuses an id the roster lacks with its
 * place in the file. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-test-cli.h"

#define TABLE(roster) \
  "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2," \
  "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}]," \
  "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"path\",\"group\":\"isle-1\"}]," \
  "\"fortresses\":[{\"faction\":\"a\",\"gate\":[3,0]},{\"faction\":\"b\",\"gate\":[-3,0]}]," \
  "\"chips\":[{\"id\":\"d\",\"kind\":\"minion\",\"faction\":\"a\",\"roster\":\"" roster "\"," \
  "\"q\":0,\"r\":0,\"movement\":2,\"health\":3,\"attack\":1,\"talents\":[\"2 Range\"]}]}"

static void
test_roster_chip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "good.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *located = g_strdup_printf ("%s: chips[0].roster: ", bad);
  g_auto(SpkCliRun) ok = { 0 }, refused = { 0 };

  g_assert_true (g_file_set_contents (good, TABLE ("dispatch"), -1, NULL));
  g_assert_true (g_file_set_contents (bad, TABLE ("no-such-chip"), -1, NULL));

  spk_cli_run (&ok, "validate", good, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_nonnull (strstr (ok.out, "valid table, 2 players, wave 1, 1 hexes, 1 units"));

  spk_cli_run (&refused, "validate", bad, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_true (g_str_has_prefix (refused.err, located));
  g_assert_nonnull (strstr (refused.err, "no-such-chip"));

  g_remove (good);
  g_remove (bad);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/roster-chip", test_roster_chip);
  return g_test_run ();
}
