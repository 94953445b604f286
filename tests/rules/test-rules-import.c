/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Importer of a player's own Rules Reference, on made-up exports of an
 * imaginary game (tests/fixtures/rules/import-*) and inline snippets. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-rules-import.h"
#include "spk-rules-test.h"

static SpkRulesImport *
import_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", name, NULL);
  g_autoptr(GError) error = NULL;
  SpkRulesImport *im = spk_rules_import_load (path, &error);

  g_assert_no_error (error);
  return im;
}

static void
test_plain (void)
{
  g_autoptr(SpkRulesImport) im = import_fixture ("import-plain.txt");
  const char *paths[] = {
    "Airship", "Airship > Airship Deck",
    "Airship > Airship Deck > Cargo Hold",   /* out of alphabetical order: a sub-term */
    "Anchor", "Beacon", "Beacon > Beacon Range", "Cinder",
    "Crew",                                  /* the heading repeated on a new page, once */
    "Deck Hand", "Rowing", "Wind", NULL,
  };
  const char *anchor_see[] = { "Wind", "Airship – Airship Deck", NULL };
  const char *cinder_see[] = { "Fuel", "Hold – Cargo Hold", NULL };
  const char *wind_see[] = { "Anchor", "Rowing", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_TEXT);
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpuint (spk_rules_test_term (im, 0)->line, ==, 11);
  g_assert_cmpstrv (spk_rules_test_term (im, 3)->see_also, anchor_see);
  /* Wrapped lines joined; "<b>" and a smart quote cleaned. */
  g_assert_cmpstr (spk_rules_test_term (im, 2)->paragraphs[0], ==, "The lowest deck. Goods placed here are safe from raiders.");
  g_assert_cmpstr (spk_rules_test_term (im, 5)->paragraphs[0], ==,
                   "How far a beacon's light reaches, counted in tiles. A beacon with a lens reaches one tile further.");
  /* A sentence cut by a running header and a page number is mended. */
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 6)->paragraphs), ==, 1);
  g_assert_true (g_str_has_suffix (spk_rules_test_term (im, 6)->paragraphs[0], "throw them overboard when you can."));
  g_assert_cmpstrv (spk_rules_test_term (im, 6)->see_also, cinder_see);
  /* Body straight under the term line; list items kept as paragraphs. */
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 9)->paragraphs), ==, 4);
  g_assert_cmpstr (spk_rules_test_term (im, 9)->paragraphs[1], ==, "- A rower must stand on the top deck");
  g_assert_cmpstrv (spk_rules_test_term (im, 10)->see_also, wind_see);
  g_assert_cmpstr (spk_rules_test_term (im, 10)->paragraphs[0], ==,
                   "The force that pushes ships each round; it blows from the compass card's direction.");

  /* Title lines, 3 running headers, 2 page numbers, 1 repeated heading = furniture */
  g_assert_cmpuint (im->n_furniture, ==, 8);
  g_assert_cmpuint (im->warnings->len, ==, 2);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "line 9: text before the first term; skipped");
  g_assert_cmpstr (im->warnings->pdata[1], ==,
                   "lines 80–84: text under “SCORING SUMMARY” is not a term; skipped");
}

static void
test_pipe_table (void)
{
  g_autoptr(SpkRulesImport) im = import_fixture ("import-table.md");
  const char *paths[] = {
    "Anchor", "Airship", "Airship > Airship Deck", "Beacon Range", "Cinder | Ash", "Fuel",
    "Hold > Cargo Hold", NULL,
  };
  const char *hold_see[] = { "Airship – Airship Deck", "Cinder | Ash", NULL };
  const char *anchor_see[] = { "Wind", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_MARKDOWN);
  spk_rules_test_assert_paths (im, paths);
  /* Continuation rows (empty term cell) add paragraphs and see-also. */
  g_assert_cmpstrv (spk_rules_test_term (im, 0)->see_also, anchor_see);
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 0)->paragraphs), ==, 1);
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 1)->paragraphs), ==, 2);
  g_assert_cmpstr (spk_rules_test_term (im, 1)->paragraphs[1], ==, "It has up to three decks.");
  /* <br> splits a cell into paragraphs. */
  g_assert_cmpstr (spk_rules_test_term (im, 3)->paragraphs[1], ==, "A lens adds one tile.");
  /* A term with an empty body is kept as a title. */
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 5)->paragraphs), ==, 0);
  g_assert_cmpstrv (spk_rules_test_term (im, 6)->see_also, hold_see);
  g_assert_cmpuint (spk_rules_test_term (im, 6)->line, ==, 16);
  g_assert_cmpuint (im->n_furniture, ==, 1);
  g_assert_cmpuint (im->warnings->len, ==, 1);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "lines 1–3: text outside the table; skipped");
}

static void
test_grid_table (void)
{
  g_autoptr(SpkRulesImport) im = import_fixture ("import-grid.txt");
  const char *paths[] = { "Anchor", "Beacon", "Beacon > Beacon Range", "Wind", NULL };
  const char *wind_see[] = { "Anchor", "Rowing", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_TABLE);
  spk_rules_test_assert_paths (im, paths);
  /* Lines of one cell joined; an empty cell line ends a paragraph. */
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 0)->paragraphs), ==, 2);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->paragraphs[0], ==, "An anchor holds an airship in place.");
  g_assert_cmpstr (spk_rules_test_term (im, 0)->paragraphs[1], ==, "Wind cards cannot move it.");
  /* A see-also column, wrapped over two lines. */
  g_assert_cmpstrv (spk_rules_test_term (im, 3)->see_also, wind_see);
  g_assert_cmpuint (im->warnings->len, ==, 1);
}

static void
test_tab_separated (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "Term\tDefinition\n"
    "Anchor\tHolds a ship.\n"
    "\tSee also: Wind\n"
    "Beacon\tA tower.\n"
    "Wind\tPushes ships.\n");
  const char *paths[] = { "Anchor", "Beacon", "Wind", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_TSV);
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->see_also[0], ==, "Wind");
}

static void
test_csv (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "Term,Definition,See also\r\n"
    "Anchor,\"Holds a ship, even in a gale.\",Wind\r\n"
    "Beacon,\"A tower.\r\n\r\nIt says \"\"here\"\".\",\r\n"
    "\"Beacon Range\",How far it shines.,\"Beacon, Wind\"\r\n");
  const char *paths[] = { "Anchor", "Beacon", "Beacon > Beacon Range", NULL };
  const char *range_see[] = { "Beacon", "Wind", NULL };

  /* Quoted cells keep their commas, doubled quotes and paragraph breaks. */
  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_CSV);
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->paragraphs[0], ==, "Holds a ship, even in a gale.");
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 1)->paragraphs), ==, 2);
  g_assert_cmpstr (spk_rules_test_term (im, 1)->paragraphs[1], ==, "It says \"here\".");
  g_assert_cmpstrv (spk_rules_test_term (im, 2)->see_also, range_see);
  g_assert_cmpuint (spk_rules_test_term (im, 2)->line, ==, 6);
}

static void
test_definition_list (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "Skyforge terms\n\n"
    "Anchor: Holds a ship in place.\n"
    "See also: Wind\n\n"
    "Beacon — A tower on an island.\n"
    "It shows the way at night.\n\n"
    "Beacon Range: How far a beacon shines.\n"
    "Wind: Pushes ships: every round, from the compass card.\n");
  const char *paths[] = { "Anchor", "Beacon", "Beacon > Beacon Range", "Wind", NULL };

  /* One "Term: text" per entry, no term on a line of its own. */
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->see_also[0], ==, "Wind");
  g_assert_cmpstr (spk_rules_test_term (im, 1)->paragraphs[0], ==, "A tower on an island. It shows the way at night.");
  g_assert_cmpstr (spk_rules_test_term (im, 3)->paragraphs[0], ==, "Pushes ships: every round, from the compass card.");
  g_assert_cmpuint (im->warnings->len, ==, 1);
}

static void
test_json (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "{\"glossary\": [\n"
    "  {\"term\": \"Anchor\", \"definition\": \"Holds a ship.\\n\\nEven in a gale.\", \"related\": \"Wind, Beacon\"},\n"
    "  {\"term\": \"Beacon Range\", \"definition\": [\"How far it shines.\"], \"parent\": \"Beacon\"},\n"
    "  {\"description\": \"no name\"},\n"
    "  {\"name\": \"Wind\"}\n"
    "]}\n");
  const char *paths[] = { "Anchor", "Beacon > Beacon Range", "Wind", NULL };
  const char *anchor_see[] = { "Wind", "Beacon", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_JSON);
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 0)->paragraphs), ==, 2);
  g_assert_cmpstrv (spk_rules_test_term (im, 0)->see_also, anchor_see);
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 2)->paragraphs), ==, 0);
  g_assert_cmpuint (im->warnings->len, ==, 1);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "item 3: no term name; skipped");
}

static void
test_colon_terms_and_bullets (void)
{
  g_autoptr(SpkRulesImport) colons = spk_rules_test_import_text (
    "Anchor:\nHolds a ship.\n- Bow Line: ties the front.\nRelated: Wind\n\n"
    "Beacon::\nA tower.\n\nWind:\nPushes ships.\nSee: Anchor\n");
  g_autoptr(SpkRulesImport) bullets = spk_rules_test_import_text (
    "• Anchor — Holds a ship.\n• Beacon — A tower.\nSee: Anchor\n• Wind — Pushes ships.\n");
  const char *paths[] = { "Anchor", "Beacon", "Wind", NULL };

  /* "Term:" alone on a line; a list item inside a body stays a paragraph. */
  spk_rules_test_assert_paths (colons, paths);
  g_assert_cmpstr (spk_rules_test_term (colons, 0)->paragraphs[1], ==, "- Bow Line: ties the front.");
  g_assert_cmpstr (spk_rules_test_term (colons, 0)->see_also[0], ==, "Wind");
  g_assert_cmpstr (spk_rules_test_term (colons, 2)->see_also[0], ==, "Anchor");
  /* A bulleted definition list. */
  spk_rules_test_assert_paths (bullets, paths);
  g_assert_cmpstr (spk_rules_test_term (bullets, 1)->see_also[0], ==, "Anchor");
}

static void
test_markdown_headings (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "# Glossary\n\n"
    "## Beacon\n\nA tower on an island.\n\n"
    "### Beacon Range\n\nHow far it shines.\n\n"
    "#### Lens Bonus ####\n\nOne tile more.\n\n"
    "## Anchor\n\nHolds a ship. See the **Wind** entry.\n\n"
    "**Anchor Chain**\n\nIt can snap.\n");
  const char *paths[] = {
    "Beacon", "Beacon > Beacon Range", "Beacon > Beacon Range > Lens Bonus", "Anchor",
    "Anchor > Anchor Chain", NULL,
  };

  /* Heading levels give the depth outright, even against the alphabet; the
   * one top heading is the document's title, not a term. */
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 3)->paragraphs[0], ==, "Holds a ship. See the Wind entry.");
  g_assert_cmpuint (im->n_furniture, ==, 1);
}

static void
test_capitals (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "ANCHOR\n\nHolds a ship in place.\n\n"
    "BEACON\n\nA tower on an island.\n\n"
    "WIND\n\nPushes ships each round.\n\nSee also: ANCHOR\n");
  const char *paths[] = { "ANCHOR", "BEACON", "WIND", NULL };

  /* A list whose terms are all in capitals. */
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpuint (im->warnings->len, ==, 0);
}

static void
test_missing_bodies_and_encoding (void)
{
  /* Windows line ends, Windows-1252 quotes (0x92), a form feed between pages,
   * a term with no text before the next term. */
  const char text[] = "Anchor\r\n\r\nA ship\x92s anchor.\r\n\fBeacon\r\n\r\nBeacon Range\r\n\r\nFar.\r\n";
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (text);
  const char *paths[] = { "Anchor", "Beacon", "Beacon > Beacon Range", NULL };

  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->paragraphs[0], ==, "A ship's anchor.");
  g_assert_cmpuint (g_strv_length (spk_rules_test_term (im, 1)->paragraphs), ==, 0);
}

static void
test_clean_line (void)
{
  static const struct { const char *in, *out; } rows[] = {
    { "See also: [Hero – Hero Attacks](#), [Select](#sel)", "See also: Hero – Hero Attacks, Select" },
    { "[Command Points \\(CP\\)](#)", "Command Points (CP)" },
    { "*Inactive*  and **bold** and __under__", "Inactive and bold and under" },
    { "snake_case stays", "snake_case stays" },
    { "<b>Strong</b> &amp; <i>slanted</i>&nbsp;text&#33;", "Strong & slanted text!" },
    { "\u201cquoted\u201d \u2018single\u2019", "\"quoted\" 'single'" },
    { "icon \uE001 gone\u00ad", "icon gone" },
    { "* bullet item", "- bullet item" },
    { "   spaced    out   ", "spaced out" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *c = spk_rules_import_clean_line (rows[i].in);
      g_assert_cmpstr (c, ==, rows[i].out);
    }
}

static void
test_no_terms (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) im = spk_rules_import_parse ("just one long sentence that ends here.\n", -1, &error);
  g_autoptr(GError) io = NULL;
  g_autoptr(SpkRulesImport) none = spk_rules_import_load ("/nonexistent/rules.txt", &io);

  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_NO_TERMS);
  g_assert_null (none);
  g_assert_error (io, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_IO);
}

static void
test_save_and_find (void)
{
  g_autoptr(SpkRulesImport) im = import_fixture ("import-plain.txt");
  g_autofree char *dir = g_dir_make_tmp ("spk-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "official-rules.json", NULL);
  g_autofree char *sub = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) back = NULL;
  char *deck_section[] = { "Airship", NULL };
  char *wrong_section[] = { "Boat", "Airship Deck", NULL };
  char *empty[] = { NULL };
  SpkGlossaryEntry deck = { .title = (char *) "airship DECK", .section = deck_section };
  SpkGlossaryEntry hold = { .title = (char *) "Cargo Hold", .section = wrong_section };
  SpkGlossaryEntry none = { .title = (char *) "Kraken", .section = empty };

  g_assert_true (spk_rules_import_save (im, path, "import-plain.txt", &error));
  g_assert_no_error (error);
  back = spk_rules_import_load_saved (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->terms->len, ==, im->terms->len);
  for (guint i = 0; i < im->terms->len; i++)
    {
      g_assert_cmpstr (spk_rules_test_term (back, i)->title, ==, spk_rules_test_term (im, i)->title);
      g_assert_cmpstrv (spk_rules_test_term (back, i)->paragraphs, spk_rules_test_term (im, i)->paragraphs);
      g_assert_cmpstrv (spk_rules_test_term (back, i)->see_also, spk_rules_test_term (im, i)->see_also);
      g_assert_cmpstrv (spk_rules_test_term (back, i)->section, spk_rules_test_term (im, i)->section);
    }

  /* Matched by title and path; the closest parent when the path differs. */
  g_assert_cmpstr (spk_rules_import_find (back, &deck)->title, ==, "Airship Deck");
  g_assert_cmpstr (spk_rules_import_find (back, &hold)->title, ==, "Cargo Hold");
  g_assert_null (spk_rules_import_find (back, &none));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_load_saved_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "x.json", NULL);
  g_autoptr(GError) missing = NULL, wrong = NULL, empty = NULL;
  g_autoptr(SpkRulesImport) a = spk_rules_import_load_saved (path, &missing);
  g_autoptr(SpkRulesImport) b = NULL;
  g_autoptr(SpkRulesImport) c = NULL;

  g_assert_null (a);
  g_assert_error (missing, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_IO);
  g_assert_true (g_file_set_contents (path, "{\"format\":\"spirekeeper-table\"}", -1, NULL));
  b = spk_rules_import_load_saved (path, &wrong);
  g_assert_null (b);
  g_assert_error (wrong, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
  /* An empty file is JSON with no root (found by fuzz-rules-import). */
  g_assert_true (g_file_set_contents (path, " \n", -1, NULL));
  c = spk_rules_import_load_saved (path, &empty);
  g_assert_null (c);
  g_assert_error (empty, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
  g_remove (path);
  g_rmdir (dir);
}

/* Issue 12: an import past the limits is refused, naming the term. Just
 * under each limit still imports. */
static void
test_limits (void)
{
  g_autoptr(GString) many = g_string_new ("Term,Text\n");
  g_autoptr(GString) see = g_string_new ("Attack\n\nOne paragraph.\n\nSee also: ");
  g_autofree char *long_body = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) im = NULL;

  for (int i = 0; i <= SPK_RULES_IMPORT_MAX_TERMS; i++)
    g_string_append_printf (many, "Term %d,Text %d\n", i, i);
  im = spk_rules_import_parse (many->str, -1, &error);
  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "20001 terms"));
  g_clear_error (&error);

  /* One term of 50,001 characters; at 50,000 it imports. */
  long_body = g_strnfill (SPK_RULES_IMPORT_MAX_TERM_CHARS, 'x');
  text = g_strdup_printf ("Range\n\nShort text.\n\nAttack\n\n%sy\n", long_body);
  im = spk_rules_import_parse (text, -1, &error);
  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "line 5: "));
  g_assert_nonnull (strstr (error->message, "Attack"));
  g_clear_error (&error);
  g_free (text);
  text = g_strdup_printf ("Range\n\nShort text.\n\nAttack\n\n%s\n", long_body);
  im = spk_rules_import_parse (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (im->terms->len, ==, 2);
  g_clear_pointer (&im, spk_rules_import_free);

  for (int i = 0; i <= SPK_RULES_IMPORT_MAX_SEE_ALSO; i++)
    g_string_append_printf (see, "%sName %d", i > 0 ? ", " : "", i);
  g_string_append (see, "\n");
  im = spk_rules_import_parse (see->str, -1, &error);
  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "see also"));
}

/* A saved import past the limits is damaged: refused as such. */
static void
test_saved_limits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "x.json", NULL);
  g_autofree char *body = g_strnfill (SPK_RULES_IMPORT_MAX_TERM_CHARS + 1, 'x');
  g_autofree char *json = g_strdup_printf ("{\"format\":\"spirekeeper-official-rules\",\"terms\":"
                                           "[{\"title\":\"Attack\",\"section\":[],\"see_also\":[],\"paragraphs\":[\"%s\"]}]}", body);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) im = NULL;

  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  im = spk_rules_import_load_saved (path, &error);
  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_assert_nonnull (strstr (error->message, "Attack"));
  g_remove (path);
  g_rmdir (dir);
}

/* Damaged exports: flipped bytes, cut lines, swapped lines. Whatever
 * comes in, the importer either finds terms or says it found none, and
 * what it returns keeps its promises. */
static void
test_random_damage (void)
{
  const char *names[] = { "import-plain.txt", "import-table.md", "import-grid.txt" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);

  for (guint round = 0; round < 300; round++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules",
                                                     names[round % G_N_ELEMENTS (names)], NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkRulesImport) im = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      for (guint k = 0, n = g_rand_int_range (rand, 1, 12); k < n && len > 2; k++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) len);

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0: /* any byte, even a broken UTF-8 sequence */
              text[at] = (char) g_rand_int_range (rand, 1, 256);
              break;
            case 1: /* cut the text short */
              len = at + 1;
              text[len] = '\0';
              break;
            case 2:
              text[at] = "|\n\t*#:"[g_rand_int_range (rand, 0, 7)];
              break;
            default: /* drop a run of bytes */
              {
                gsize want = (gsize) g_rand_int_range (rand, 1, 40);
                gsize n_drop = MIN (len - at, want);
                memmove (text + at, text + at + n_drop, len - at - n_drop + 1);
                len -= n_drop;
              }
            }
        }
      im = spk_rules_import_parse (text, (gssize) len, &error);
      if (im == NULL)
        {
          g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_NO_TERMS);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (im->terms->len, >, 0);
      for (guint i = 0; i < im->terms->len; i++)
        {
          SpkRulesTerm *t = spk_rules_test_term (im, i);

          g_assert_true (g_utf8_validate (t->title, -1, NULL));
          g_assert_cmpstr (t->title, !=, "");
          for (guint k = 0; t->paragraphs[k] != NULL; k++)
            g_assert_true (*t->paragraphs[k] != '\0' && g_utf8_validate (t->paragraphs[k], -1, NULL));
          for (guint k = 0; t->see_also[k] != NULL; k++)
            g_assert_cmpstr (t->see_also[k], !=, "");
        }
      for (guint i = 0; i < im->warnings->len; i++)
        g_assert_true (g_str_has_prefix (im->warnings->pdata[i], "line"));
    }
}

static void
test_default_path (void)
{
  g_autofree char *dflt = NULL;
  g_autofree char *env = NULL;

  g_unsetenv ("SPK_OFFICIAL_RULES");
  dflt = spk_rules_import_default_path ();
  g_assert_true (g_str_has_prefix (dflt, g_get_user_data_dir ()));
  g_assert_true (g_str_has_suffix (dflt, "/spirekeeper/official-rules.json"));
  g_setenv ("SPK_OFFICIAL_RULES", "/tmp/elsewhere.json", TRUE);
  env = spk_rules_import_default_path ();
  g_assert_cmpstr (env, ==, "/tmp/elsewhere.json");
  g_unsetenv ("SPK_OFFICIAL_RULES");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import/plain", test_plain);
  g_test_add_func ("/import/pipe-table", test_pipe_table);
  g_test_add_func ("/import/grid-table", test_grid_table);
  g_test_add_func ("/import/tab-separated", test_tab_separated);
  g_test_add_func ("/import/csv", test_csv);
  g_test_add_func ("/import/definition-list", test_definition_list);
  g_test_add_func ("/import/json", test_json);
  g_test_add_func ("/import/colon-terms-and-bullets", test_colon_terms_and_bullets);
  g_test_add_func ("/import/markdown-headings", test_markdown_headings);
  g_test_add_func ("/import/capitals", test_capitals);
  g_test_add_func ("/import/missing-bodies-encoding", test_missing_bodies_and_encoding);
  g_test_add_func ("/import/clean-line", test_clean_line);
  g_test_add_func ("/import/no-terms", test_no_terms);
  g_test_add_func ("/import/save-and-find", test_save_and_find);
  g_test_add_func ("/import/load-saved-errors", test_load_saved_errors);
  g_test_add_func ("/import/random-damage", test_random_damage);
  g_test_add_func ("/import/limits", test_limits);
  g_test_add_func ("/import/saved-limits", test_saved_limits);
  g_test_add_func ("/import/default-path", test_default_path);
  return g_test_run ();
}
