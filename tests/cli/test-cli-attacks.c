/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli attacks: targets with what each attack does, refusals
 * with their reasons, JSON shape and exit codes (issue 11). */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

#include "spk-table-file.h"

/* RR Minion Attacks, Target: the war briar must attack the lost caverns,
 * the only landmark with health next to it; the rest is out of reach. */
static void
test_json (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) run = { 0 };
  JsonObject *o, *t, *removed, *refused;
  JsonArray *targets;

  spk_cli_run (&run, "attacks", path, "war-briar", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (run.json);
  o = json_node_get_object (run.json);
  g_assert_cmpstr (json_object_get_string_member (o, "attacker"), ==, "war-briar");
  g_assert_cmpint (json_object_get_int_member (o, "attack"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "range"), ==, 1);
  g_assert_true (json_object_get_boolean_member (o, "can_attack"));
  g_assert_true (json_object_get_boolean_member (o, "must_attack"));
  g_assert_true (json_object_get_null_member (o, "why_not"));
  targets = json_object_get_array_member (o, "targets");
  g_assert_cmpuint (json_array_get_length (targets), ==, 1);
  t = json_array_get_object_element (targets, 0);
  g_assert_cmpstr (json_object_get_string_member (t, "target"), ==, "lost-caverns");
  g_assert_cmpstr (json_object_get_string_member (t, "kind"), ==, "landmark");
  g_assert_cmpint (json_object_get_int_member (t, "damage"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (t, "distance"), ==, 1);
  removed = json_object_get_object_member (t, "removed");
  g_assert_cmpint (json_object_get_int_member (removed, "health"), ==, 2);
  g_assert_false (json_object_get_boolean_member (t, "defeated"));
  g_assert_cmpint (json_object_get_int_member (t, "retaliation"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (t, "results")), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "refused")), ==, 3);
  refused = json_array_get_object_element (json_object_get_array_member (o, "refused"), 2);
  g_assert_cmpstr (json_object_get_string_member (refused, "target"), ==, "gate:brawnen");
  g_assert_cmpstr (json_object_get_string_member (refused, "kind"), ==, "gate");
  g_assert_cmpint (json_object_get_int_member (refused, "distance"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (refused, "why_not"), ==,
                   "not adjacent (5 hexes away, range 1)");
}

/* RR Retaliation, Defeat: moved next to the war briar, the dispatch would
 * fall to its retaliation; without a target it says why. */
static void
test_text_and_retaliation (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-attacks-XXXXXX", NULL);
  g_autofree char *src = spk_cli_fixture ("table-basic.json", NULL);
  g_autofree char *path = g_build_filename (dir, "adjacent.json", NULL);
  g_autoptr(SpkBoard) board = spk_table_file_load (src, NULL, NULL);
  g_auto(SpkCliRun) far = { 0 }, near = { 0 }, json = { 0 };
  JsonObject *t;

  spk_cli_run (&far, "attacks", src, "dispatch", NULL);
  g_assert_cmpint (far.status, ==, 0);
  g_assert_true (g_str_has_prefix (far.out, "dispatch cannot attack: no legal target.\nNot targets:\n"));
  g_assert_nonnull (strstr (far.out, "\n  war-briar: not adjacent (3 hexes away, range 1)\n"));

  g_assert_nonnull (board);
  spk_board_find_chip (board, "dispatch")->q = 0;
  spk_table_file_save (board, path, NULL);
  spk_cli_run (&near, "attacks", path, "dispatch", NULL);
  g_assert_cmpint (near.status, ==, 0);
  g_assert_nonnull (strstr (near.out, "dispatch (attack 1, range 1) is a minion and must attack one of:\n"
                                      "  war-briar:\n"
                                      "    1 damage to War Briar, 1 health removed (health 2)\n"
                                      "    War Briar retaliates\n"
                                      "    2 damage to Dispatch, 2 health removed (health 0)\n"
                                      "    Dispatch is defeated and cleared\n"));
  spk_cli_run (&json, "attacks", path, "dispatch", "--json", NULL);
  g_assert_nonnull (json.json);
  t = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json.json), "targets"), 0);
  g_assert_cmpint (json_object_get_int_member (t, "retaliation"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (t, "retaliator"), ==, "war-briar");
  g_assert_true (json_object_get_boolean_member (t, "attacker_defeated"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_exit_codes (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) unknown = { 0 }, few = { 0 }, help = { 0 };

  spk_cli_run (&unknown, "attacks", path, "nobody", "--json", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_cmpstr (unknown.out, ==, "");
  g_assert_nonnull (strstr (unknown.err, "There is no chip “nobody” at this table"));
  spk_cli_run (&few, "attacks", path, NULL);
  g_assert_cmpint (few.status, ==, 2);
  spk_cli_run (&help, "attacks", "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "FILE CHIP_ID"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/attacks/json", test_json);
  g_test_add_func ("/cli/attacks/text-and-retaliation", test_text_and_retaliation);
  g_test_add_func ("/cli/attacks/exit-codes", test_exit_codes);
  return g_test_run ();
}
