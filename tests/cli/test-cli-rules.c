/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli lookup and import-rules as a shell sees them. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-test-cli.h"

/* Every run sees no imported rules unless the test says so. */
#define NO_OFFICIAL_RULES "/nonexistent/official-rules.json"

static void
test_lookup_json (void)
{
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_auto(SpkCliRun) run = { 0 }, limited = { 0 };
  g_autoptr(JsonNode) root = NULL, two = NULL;
  JsonArray *arr;
  JsonObject *first;

  spk_cli_run (&run, "lookup", "--pack", pack, "--json", "can", "spires", "retaliate", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = spk_cli_parse_json (run.out);
  arr = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (arr), ==, 6);
  first = json_array_get_object_element (arr, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "retaliation");
  g_assert_cmpstr (json_object_get_string_member (first, "title"), ==, "Retaliation");
  g_assert_cmpfloat (json_object_get_double_member (first, "score"), >,
                     json_object_get_double_member (json_array_get_object_element (arr, 1), "score"));
  g_assert_cmpstr (json_object_get_string_member (first, "snippet"), ==,
                   "…an adjacent unit strikes back once per turn with its attack stat. "
                   "«Spires» never strike back, and «retaliation» is not an attack.");
  g_assert_cmpuint (json_object_get_size (first), ==, 4);

  spk_cli_run (&limited, "lookup", "--pack", pack, "--json", "--limit", "2", "units", NULL);
  g_assert_cmpint (limited.status, ==, 0);
  two = spk_cli_parse_json (limited.out);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (two)), ==, 2);
}

/* The shipped pack's concept map: the result says how it read the words. */
static void
test_lookup_concept (void)
{
  g_autofree char *pack = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", "cloudspire.json", NULL);
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *first;

  spk_cli_run (&run, "lookup", "--pack", pack, "--json", "--limit", "1", "we", "killed", "it", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = spk_cli_parse_json (run.out);
  first = json_array_get_object_element (json_node_get_array (root), 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "defeat");
  g_assert_cmpstr (json_object_get_string_member (first, "matched_phrase"), ==, "killed");
  g_assert_cmpstr (json_object_get_string_member (first, "concept"), ==, "Defeat");
}

static void
test_lookup_text (void)
{
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_auto(SpkCliRun) run = { 0 }, table = { 0 };

  spk_cli_run (&run, "lookup", "--pack", pack, "gate", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
    "Fortress – Fortress Gate\n\nThe front hex of a fortress. Units waiting to deploy sit here in a stack. "
    "Opposing units may never enter it.\n\n"
    "See also: Fortress; Retaliation\n"
    "Referenced by: Fortress; Fortress – Fortress Gate – Attacking and Defending a Fortress Gate\n\n"
    "Other matches:\n"));
  g_assert_null (strstr (run.out, "Official wording"));

  /* Rulings and tables of the entry are printed with it. */
  spk_cli_run (&table, "lookup", "--pack", pack, "income", NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Source and CP by wave\n  Wave | Source | CP\n  1 | 5 | 5\n"));
}

/* The published rulings: a term lists them with their sources; with
 * --rulings only rulings are searched, printed with source and concerns. */
static void
test_lookup_rulings (void)
{
  g_autofree char *pack = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", "cloudspire.json", NULL);
  g_auto(SpkCliRun) term = { 0 }, only = { 0 }, json = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *first;

  spk_cli_run (&term, "lookup", "--pack", pack, "engage", NULL);
  g_assert_cmpint (term.status, ==, 0);
  g_assert_true (g_str_has_prefix (term.out, "Talent – Engage\n"));
  g_assert_nonnull (strstr (term.out, "\nPublished rulings:\n  • Dywen: Pacify against a unit with Engage (Cloudspire Helper FAQ"));

  spk_cli_run (&only, "lookup", "--pack", pack, "--rulings", "engage", NULL);
  g_assert_cmpint (only.status, ==, 0);
  g_assert_true (g_str_has_prefix (only.out, "FAQ – Engage: moving away from an engaging unit\n\n"));
  g_assert_nonnull (strstr (only.out, "\nSource: Cloudspire Helper FAQ (community), "
                                      "https://csh.dustinhendrickson.com/browse/faqs?page=3"));
  g_assert_nonnull (strstr (only.out, "\nConcerns: Talent – Engage; Movement\n"));
  g_assert_null (strstr (only.out, "  Talent – Engage —"));

  spk_cli_run (&json, "lookup", "--pack", pack, "--json", "--rulings", "Makeshift", "Wings", NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = spk_cli_parse_json (json.out);
  first = json_array_get_object_element (json_node_get_array (root), 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "faq-makeshift-wings-terrain-for-a-hero-with-flying");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (first, "source"), "Cloudspire Helper FAQ"));
}

static void
test_lookup_fails (void)
{
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_auto(SpkCliRun) none = { 0 }, none_json = { 0 }, missing = { 0 }, no_query = { 0 }, zero = { 0 },
              bad_opt = { 0 }, check_extra = { 0 };

  spk_cli_run (&none, "lookup", "--pack", pack, "zzyzx", NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_cmpstr (none.out, ==, "");
  g_assert_nonnull (strstr (none.err, "No glossary entry matches “zzyzx”"));

  spk_cli_run (&none_json, "lookup", "--pack", pack, "--json", "zzyzx", NULL);
  g_assert_cmpint (none_json.status, ==, 1);
  g_assert_cmpstr (g_strstrip (none_json.out), ==, "[]");

  spk_cli_run (&missing, "lookup", "--pack", "/nonexistent/pack.json", "spire", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/pack.json: cannot read the glossary"));

  spk_cli_run (&no_query, "lookup", "--pack", pack, NULL);
  g_assert_cmpint (no_query.status, ==, 2);
  spk_cli_run (&zero, "lookup", "--pack", pack, "--limit", "0", "spire", NULL);
  g_assert_cmpint (zero.status, ==, 2);
  spk_cli_run (&bad_opt, "lookup", "--frob", "spire", NULL);
  g_assert_cmpint (bad_opt.status, ==, 2);
  spk_cli_run (&check_extra, "lookup", "--check-pack", pack, "spire", NULL);
  g_assert_cmpint (check_extra.status, ==, 2);
}

static void
test_check_pack (void)
{
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-rules-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);
  g_auto(SpkCliRun) ok = { 0 }, broken = { 0 };
  const char *text = "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"game\":\"g\",\"title\":\"G\","
                     "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"b\",\"official\":true,"
                     "\"see_also\":[\"nowhere\"]},{\"id\":\"x\",\"title\":\"a\",\"body\":\"b\",\"official\":true}]}";

  spk_cli_run (&ok, "lookup", "--check-pack", pack, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_nonnull (strstr (ok.out, "valid glossary “Cloudspire (test pack)”, 15 entries (14 official terms), 1 tables"));

  g_assert_true (g_file_set_contents (bad, text, -1, NULL));
  spk_cli_run (&broken, "lookup", "--check-pack", bad, NULL);
  g_assert_cmpint (broken.status, ==, 1);
  g_assert_cmpstr (broken.out, ==, "");
  g_assert_nonnull (strstr (broken.err, "entries[1].title: “a” is also the title of “a”"));
  g_assert_nonnull (strstr (broken.err, "entries[0].see_also[0]: no entry has the id “nowhere”"));
  g_remove (bad);
  g_rmdir (dir);
}

static void
test_import_json (void)
{
  g_autofree char *plain = spk_cli_fixture ("rules", "import-plain.txt", NULL);
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_auto(SpkCliRun) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;
  JsonArray *terms;
  JsonObject *deck;

  spk_cli_run (&run, "import-rules", "--pack", pack, "--json", plain, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = spk_cli_parse_json (run.out);
  obj = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (obj, "format"), ==, "text");
  terms = json_object_get_array_member (obj, "terms");
  g_assert_cmpuint (json_array_get_length (terms), ==, 11);
  deck = json_array_get_object_element (terms, 1);
  g_assert_cmpstr (json_object_get_string_member (deck, "title"), ==, "Airship Deck");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (deck, "section"), 0), ==, "Airship");
  g_assert_cmpint (json_object_get_int_member (deck, "line"), ==, 15);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (
                     json_array_get_object_element (terms, 3), "see_also"), 1), ==, "Airship – Airship Deck");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "warnings")), ==, 2);
  g_assert_cmpint (json_object_get_int_member (obj, "furniture_lines"), ==, 8);
  /* None of the imaginary game's terms is in the Cloudspire test pack. */
  g_assert_cmpint (json_object_get_int_member (obj, "matched_entries"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "unmatched_terms")), ==, 11);
  g_assert_true (json_object_get_null_member (obj, "saved"));
  /* Warnings also go to stderr, one line each. */
  g_assert_nonnull (strstr (run.err, "import-plain.txt: line 9: text before the first term; skipped\n"));
}

static void
test_import_save_and_lookup (void)
{
  g_autofree char *pack = spk_cli_fixture ("rules", "glossary-mini.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-rules-XXXXXX", NULL);
  g_autofree char *src = g_build_filename (dir, "my-copy.md", NULL);
  g_autofree char *saved = g_build_filename (dir, "data", "official-rules.json", NULL);
  g_autofree char *saved_dir = g_path_get_dirname (saved);
  g_auto(SpkCliRun) imp = { 0 }, look = { 0 };
  g_autofree char *found_line = g_strdup_printf ("%s: 3 terms found (Markdown table export)\n", src);
  g_autofree char *saved_line = g_strdup_printf ("Saved for the app as %s\n", saved);
  const char *copy = "| Term | Text |\n|---|---|\n"
                     "| Spire | Made-up wording one. |\n"
                     "| Health | Made-up wording two. |\n"
                     "| Kraken | Not in the pack. |\n";

  g_assert_true (g_file_set_contents (src, copy, -1, NULL));
  g_setenv ("SPK_OFFICIAL_RULES", saved, TRUE);
  spk_cli_run (&imp, "import-rules", "--pack", pack, "--save", src, NULL);
  g_assert_cmpint (imp.status, ==, 0);
  g_assert_true (g_str_has_prefix (imp.out, found_line));
  g_assert_nonnull (strstr (imp.out, "Matches 2 of 15 glossary entries.\n"));
  g_assert_nonnull (strstr (imp.out, saved_line));
  g_assert_true (g_file_test (saved, G_FILE_TEST_IS_REGULAR));

  /* lookup shows the player's copy beside our entry. */
  spk_cli_run (&look, "lookup", "--pack", pack, "tower", NULL);
  g_assert_cmpint (look.status, ==, 0);
  g_assert_nonnull (strstr (look.out, "\nOfficial wording (your imported copy):\n  Made-up wording one.\n"));
  g_setenv ("SPK_OFFICIAL_RULES", NO_OFFICIAL_RULES, TRUE);

  g_remove (saved);
  g_rmdir (saved_dir);
  g_remove (src);
  g_rmdir (dir);
}

/* lookup --game: the Codex pack through the same search; an unknown game
 * names the games there are. */
static void
test_lookup_game (void)
{
  g_auto(SpkCliRun) codex = { 0 }, card = { 0 }, cloud = { 0 }, unknown = { 0 }, both = { 0 };
  g_autoptr(JsonNode) root = NULL, cloud_root = NULL;
  JsonObject *first;
  JsonArray *arr;

  spk_cli_run (&codex, "lookup", "--game", "codex", "--json", "--limit", "1", "Blademaster", NULL);
  g_assert_cmpint (codex.status, ==, 0);
  root = spk_cli_parse_json (codex.out);
  first = json_array_get_object_element (json_node_get_array (root), 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "faq-blademaster-first-strike");
  g_assert_cmpstr (json_object_get_string_member (first, "card"), ==, "Blademaster");
  g_assert_cmpstr (json_object_get_string_member (first, "spec"), ==, "Finesse");

  spk_cli_run (&card, "lookup", "-g", "codex", "blademaster", NULL);
  g_assert_cmpint (card.status, ==, 0);
  g_assert_nonnull (strstr (card.out, "\nCard: Blademaster (Finesse)\nSource: "));
  g_assert_nonnull (strstr (card.out, "Concerns: Swift Strike\n"));

  /* Cloudspire by default: no Codex entry comes back. */
  spk_cli_run (&cloud, "lookup", "--json", "Blademaster", "first", "strike", NULL);
  if (cloud.status == 0)
    {
      cloud_root = spk_cli_parse_json (cloud.out);
      arr = json_node_get_array (cloud_root);
      for (guint i = 0; i < json_array_get_length (arr); i++)
        g_assert_false (json_object_has_member (json_array_get_object_element (arr, i), "card"));
    }

  spk_cli_run (&unknown, "lookup", "--game", "chess", "check", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_cmpstr (unknown.out, ==, "");
  g_assert_cmpstr (unknown.err, ==, "spirekeeper-cli lookup: --game: there is no glossary for the game “chess”; "
                                    "the games are: cloudspire, codex\n");

  spk_cli_run (&both, "lookup", "--game", "codex", "--pack", "/nonexistent.json", "x", NULL);
  g_assert_cmpint (both.status, ==, 2);
}

/* An import is of one game's Rules Reference: its wording never shows
 * beside another game's entry of the same title. */
static void
test_import_game (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-rules-XXXXXX", NULL);
  g_autofree char *src = g_build_filename (dir, "my-copy.md", NULL);
  g_autofree char *saved = g_build_filename (dir, "official-rules.json", NULL);
  g_autofree char *text = NULL;
  g_auto(SpkCliRun) imp = { 0 }, cloud = { 0 }, codex = { 0 }, unknown = { 0 };
  const char *copy = "| Term | Text |\n|---|---|\n| Attack | Made-up wording of an attack. |\n";

  g_assert_true (g_file_set_contents (src, copy, -1, NULL));
  g_setenv ("SPK_OFFICIAL_RULES", saved, TRUE);
  spk_cli_run (&imp, "import-rules", "--save", src, NULL);
  g_assert_cmpint (imp.status, ==, 0);
  g_assert_true (g_file_get_contents (saved, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"game\" : \"cloudspire\""));

  spk_cli_run (&cloud, "lookup", "attack", NULL);
  g_assert_nonnull (strstr (cloud.out, "Made-up wording of an attack."));
  spk_cli_run (&codex, "lookup", "--game", "codex", "attack", NULL);
  g_assert_cmpint (codex.status, ==, 0);
  g_assert_null (strstr (codex.out, "Made-up wording of an attack."));

  spk_cli_run (&unknown, "import-rules", "--game", "chess", src, NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_nonnull (strstr (unknown.err, "the games are: cloudspire, codex"));
  g_setenv ("SPK_OFFICIAL_RULES", NO_OFFICIAL_RULES, TRUE);

  g_remove (saved);
  g_remove (src);
  g_rmdir (dir);
}

/* The report names the shape it read, for every shape of the samples. */
static void
test_import_formats (void)
{
  static const char *const samples[][2] = {
    { "cells.txt", "cells" }, { "terms.csv", "csv" }, { "terms.tsv", "tsv" }, { "terms.md", "markdown" },
    { "terms-table.html", "html" }, { "terms-dl.html", "html" }, { "terms-headings.html", "html" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "rules-formats", samples[i][0], NULL);
      g_auto(SpkCliRun) run = { 0 };
      g_autoptr(JsonNode) root = NULL;
      JsonObject *obj;

      spk_cli_run (&run, "import-rules", "--json", path, NULL);
      g_assert_cmpint (run.status, ==, 0);
      root = spk_cli_parse_json (run.out);
      obj = json_node_get_object (root);
      g_assert_cmpstr (json_object_get_string_member (obj, "format"), ==, samples[i][1]);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "terms")), ==, 10);
    }
}

static void
test_import_fails (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-cli-rules-XXXXXX", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.txt", NULL);
  g_autofree char *plain = spk_cli_fixture ("rules", "import-plain.txt", NULL);
  g_auto(SpkCliRun) missing = { 0 }, no_terms = { 0 }, no_args = { 0 }, two = { 0 }, unwritable = { 0 };

  spk_cli_run (&missing, "import-rules", "/nonexistent/rules.txt", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "cannot read"));

  g_assert_true (g_file_set_contents (empty, "nothing here that ends a sentence.\n", -1, NULL));
  spk_cli_run (&no_terms, "import-rules", empty, NULL);
  g_assert_cmpint (no_terms.status, ==, 1);
  g_assert_nonnull (strstr (no_terms.err, "no rules terms found"));

  spk_cli_run (&no_args, "import-rules", NULL);
  g_assert_cmpint (no_args.status, ==, 2);
  spk_cli_run (&two, "import-rules", plain, plain, NULL);
  g_assert_cmpint (two.status, ==, 2);

  spk_cli_run (&unwritable, "import-rules", "--output", "/proc/spk/x.json", plain, NULL);
  g_assert_cmpint (unwritable.status, ==, 1);
  g_assert_nonnull (strstr (unwritable.err, "cannot save the imported rules"));

  g_remove (empty);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("SPK_OFFICIAL_RULES", NO_OFFICIAL_RULES, TRUE);
  g_test_add_func ("/cli/lookup-concept", test_lookup_concept);
  g_test_add_func ("/cli/lookup/json", test_lookup_json);
  g_test_add_func ("/cli/import/formats", test_import_formats);
  g_test_add_func ("/cli/lookup/text", test_lookup_text);
  g_test_add_func ("/cli/lookup/fails", test_lookup_fails);
  g_test_add_func ("/cli/lookup/rulings", test_lookup_rulings);
  g_test_add_func ("/cli/lookup/check-pack", test_check_pack);
  g_test_add_func ("/cli/import-rules/json", test_import_json);
  g_test_add_func ("/cli/import-rules/save-and-lookup", test_import_save_and_lookup);
  g_test_add_func ("/cli/import-rules/fails", test_import_fails);
  g_test_add_func ("/cli/lookup/game", test_lookup_game);
  g_test_add_func ("/cli/import-rules/game", test_import_game);
  return g_test_run ();
}
