/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli as a shell sees it: exit codes, stdout and stderr. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

static void
test_usage (void)
{
  g_auto(SpkCliRun) none = { 0 }, unknown = { 0 }, help = { 0 }, sub_help = { 0 },
              bad_opt = { 0 }, too_many = { 0 }, too_few = { 0 };

  spk_cli_run (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Usage"));

  spk_cli_run (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));

  spk_cli_run (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "validate"));

  spk_cli_run (&sub_help, "validate", "--help", NULL);
  g_assert_cmpint (sub_help.status, ==, 0);
  g_assert_nonnull (strstr (sub_help.out, "--json"));

  spk_cli_run (&bad_opt, "validate", "--frob", "x.json", NULL);
  g_assert_cmpint (bad_opt.status, ==, 2);

  spk_cli_run (&too_many, "validate", "a.json", "b.json", NULL);
  g_assert_cmpint (too_many.status, ==, 2);

  spk_cli_run (&too_few, "validate", NULL);
  g_assert_cmpint (too_few.status, ==, 2);
}

static void
test_validate_ok (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) text = { 0 }, json = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *obj;

  spk_cli_run (&text, "validate", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "valid table, 2 players, wave 1, 24 hexes"));
  g_assert_cmpstr (text.err, ==, "");
  /* One line. */
  g_assert_cmpint (strchr (text.out, '\n') - text.out, ==, (int) strlen (text.out) - 1);

  spk_cli_run (&json, "validate", "--json", path, NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  obj = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_get_boolean_member (obj, "valid"));
  g_assert_cmpint (json_object_get_int_member (obj, "chips"), ==, 9);
}

static void
test_validate_bad (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.json", NULL);
  g_auto(SpkCliRun) run = { 0 }, missing = { 0 };
  const char *text = "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2,"
                     "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}],"
                     "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"lava\",\"group\":\"g\"}],"
                     "\"fortresses\":[],\"chips\":[{\"id\":\"x\",\"kind\":\"minion\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":-1}]}";

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  spk_cli_run (&run, "validate", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "hexes[0].terrain"));
  g_assert_nonnull (strstr (run.err, "chips[0].health"));

  spk_cli_run (&missing, "validate", "/nonexistent/table.json", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "cannot read"));

  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/validate/ok", test_validate_ok);
  g_test_add_func ("/cli/validate/bad", test_validate_bad);
  return g_test_run ();
}
