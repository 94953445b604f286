/* spirekeeper-cli as a shell sees it: exit codes, stdout and stderr. */
#include "config.h"

#include <glib/gstdio.h>
#include <sys/wait.h>
#include <json-glib/json-glib.h>
#include <string.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run *run, const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("SPK_CLI");
  va_list ap;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (char *) cli);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

static void
test_usage (void)
{
  g_auto(Run) none = { 0 }, unknown = { 0 }, help = { 0 }, sub_help = { 0 },
              bad_opt = { 0 }, too_many = { 0 }, too_few = { 0 };

  run_cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Usage"));

  run_cli (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));

  run_cli (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "validate"));

  run_cli (&sub_help, "validate", "--help", NULL);
  g_assert_cmpint (sub_help.status, ==, 0);
  g_assert_nonnull (strstr (sub_help.out, "--json"));

  run_cli (&bad_opt, "validate", "--frob", "x.json", NULL);
  g_assert_cmpint (bad_opt.status, ==, 2);

  run_cli (&too_many, "validate", "a.json", "b.json", NULL);
  g_assert_cmpint (too_many.status, ==, 2);

  run_cli (&too_few, "validate", NULL);
  g_assert_cmpint (too_few.status, ==, 2);
}

static void
test_validate_ok (void)
{
  g_autofree char *path = fixture ("table-basic.json");
  g_auto(Run) text = { 0 }, json = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *obj;

  run_cli (&text, "validate", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "valid table, 2 players, wave 1, 24 hexes"));
  g_assert_cmpstr (text.err, ==, "");
  /* One line. */
  g_assert_cmpint (strchr (text.out, '\n') - text.out, ==, (int) strlen (text.out) - 1);

  run_cli (&json, "validate", "--json", path, NULL);
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
  g_auto(Run) run = { 0 }, missing = { 0 };
  const char *text = "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2,"
                     "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}],"
                     "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"lava\",\"group\":\"g\"}],"
                     "\"fortresses\":[],\"chips\":[{\"id\":\"x\",\"kind\":\"minion\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":-1}]}";

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run_cli (&run, "validate", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "hexes[0].terrain"));
  g_assert_nonnull (strstr (run.err, "chips[0].health"));

  run_cli (&missing, "validate", "/nonexistent/table.json", NULL);
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
