/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli moves / order: JSON shape, text answer, exit codes. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

/* The object has exactly these members. */
static void
assert_members (JsonObject *obj, const char *const *names)
{
  g_autoptr(GList) members = json_object_get_members (obj);
  guint n = 0;

  for (; names[n] != NULL; n++)
    if (!json_object_has_member (obj, names[n]))
      g_error ("member “%s” missing", names[n]);
  g_assert_cmpuint (g_list_length (members), ==, n);
}

static void
test_moves_json (void)
{
  static const char *const top[] = { "chip", "kind", "rule", "may_stay", "movement_used",
                                     "start_distance", "destinations", "explanation", NULL };
  static const char *const dest[] = { "q", "r", "distance", "path", "displaces", NULL };
  static const int path[3][2] = { { 0, 1 }, { 1, 1 }, { 2, 1 } };
  g_autofree char *file = spk_cli_fixture ("table-movement.json", NULL);
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj, *d;
  JsonArray *dests, *p, *expl;

  /* Rulebook wave 1: the war briar leaves the gate two hexes along the path. */
  spk_cli_run (&run, "moves", "--json", file, "war-briar", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = spk_cli_parse_json (run.out);
  obj = json_node_get_object (root);
  assert_members (obj, top);
  g_assert_cmpstr (json_object_get_string_member (obj, "chip"), ==, "war-briar");
  g_assert_cmpstr (json_object_get_string_member (obj, "kind"), ==, "minion");
  g_assert_cmpstr (json_object_get_string_member (obj, "rule"), ==, "progress");
  g_assert_false (json_object_get_boolean_member (obj, "may_stay"));
  g_assert_cmpint (json_object_get_int_member (obj, "movement_used"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (obj, "start_distance"), ==, 6);

  dests = json_object_get_array_member (obj, "destinations");
  g_assert_cmpuint (json_array_get_length (dests), ==, 1);
  d = json_array_get_object_element (dests, 0);
  assert_members (d, dest);
  g_assert_cmpint (json_object_get_int_member (d, "q"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (d, "r"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (d, "distance"), ==, 4);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (d, "displaces")), ==, 0);
  p = json_object_get_array_member (d, "path");
  g_assert_cmpuint (json_array_get_length (p), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonArray *step = json_array_get_array_element (p, i);
      g_assert_cmpuint (json_array_get_length (step), ==, 2);
      g_assert_cmpint (json_array_get_int_element (step, 0), ==, path[i][0]);
      g_assert_cmpint (json_array_get_int_element (step, 1), ==, path[i][1]);
    }

  expl = json_object_get_array_member (obj, "explanation");
  g_assert_cmpuint (json_array_get_length (expl), ==, 5);
  g_assert_cmpstr (json_array_get_string_element (expl, 2), ==,
                   "Impale: after the move, 1 damage to each opposing unit it newly stands next to.");
  g_assert_cmpstr (json_array_get_string_element (expl, 4), ==, "(2,1): 4 steps from the mark.");
}

static void
test_moves_waiting (void)
{
  g_autofree char *file = spk_cli_fixture ("table-movement.json", NULL);
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;

  spk_cli_run (&run, "moves", file, "treed", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = spk_cli_parse_json (run.out);
  obj = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (obj, "rule"), ==, "waiting");
  g_assert_true (json_object_get_boolean_member (obj, "may_stay"));
  g_assert_true (json_node_is_null (json_object_get_member (obj, "start_distance")));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "destinations")), ==, 0);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "explanation"), 0), ==,
                   "Waiting in the deployment stack under War Briar; only the top unit may deploy.");
}

static void
test_moves_text (void)
{
  g_autofree char *file = spk_cli_fixture ("table-movement.json", NULL);
  g_auto(SpkCliRun) run = { 0 };

  spk_cli_run (&run, "moves", file, "war-briar", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "War Briar (minion, Grovetenders) at (0,1): must move to one of the marked hexes\n"));
  g_assert_nonnull (strstr (run.out, "  a  (2,1)  (0,1) → (1,1) → (2,1)\n"));
  /* The sketch: gate row with the fortress well, the start and option a. */
  g_assert_nonnull (strstr (run.out, "\n        W @ . a .\n"));
  g_assert_nonnull (strstr (run.out, "@ start"));
}

static void
test_moves_errors (void)
{
  g_autofree char *file = spk_cli_fixture ("table-movement.json", NULL);
  g_auto(SpkCliRun) unknown = { 0 }, spire = { 0 }, few = { 0 }, many = { 0 }, missing = { 0 };

  spk_cli_run (&unknown, "moves", file, "nobody", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_cmpstr (unknown.out, ==, "");
  g_assert_nonnull (strstr (unknown.err, "“nobody”"));

  spk_cli_run (&spire, "moves", "--json", file, "shrubbery", NULL);
  g_assert_cmpint (spire.status, ==, 1);
  g_assert_cmpstr (spire.out, ==, "");
  g_assert_nonnull (strstr (spire.err, "only minions and heroes move"));

  spk_cli_run (&few, "moves", file, NULL);
  g_assert_cmpint (few.status, ==, 2);
  spk_cli_run (&many, "moves", file, "a", "b", NULL);
  g_assert_cmpint (many.status, ==, 2);

  spk_cli_run (&missing, "moves", "/nonexistent/table.json", "war-briar", NULL);
  g_assert_cmpint (missing.status, ==, 1);
}

static void
test_order (void)
{
  g_autofree char *file = spk_cli_fixture ("table-movement.json", NULL);
  g_auto(SpkCliRun) json = { 0 }, text = { 0 }, bad = { 0 }, few = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;
  JsonArray *tiers;

  spk_cli_run (&json, "order", "--json", file, "grovetenders", NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = spk_cli_parse_json (json.out);
  obj = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (obj, "faction"), ==, "grovetenders");
  tiers = json_object_get_array_member (obj, "tiers");
  g_assert_cmpuint (json_array_get_length (tiers), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_array_get_array_element (tiers, 0)), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_array_get_array_element (tiers, 0), 0), ==, "war-briar");
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (obj, "distances"), 0), ==, 6);

  spk_cli_run (&text, "order", file, "brawnen", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "  1. dispatch (6 steps)\n"));

  spk_cli_run (&bad, "order", file, "heirs", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "“heirs”"));

  spk_cli_run (&few, "order", file, NULL);
  g_assert_cmpint (few.status, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/moves/json", test_moves_json);
  g_test_add_func ("/cli/moves/waiting", test_moves_waiting);
  g_test_add_func ("/cli/moves/text", test_moves_text);
  g_test_add_func ("/cli/moves/errors", test_moves_errors);
  g_test_add_func ("/cli/order", test_order);
  return g_test_run ();
}
