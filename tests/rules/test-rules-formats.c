/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every export shape the importer reads, on one made-up glossary of an
 * imaginary sky-ship game written out in each shape
 * (tests/data/rules-formats/): the same terms, bodies, sections and
 * see-also must come out of each. Also format detection, the HTML
 * scanner, and the messages for exports that cannot be read. */
#include "config.h"

#include <string.h>

#include "spk-html-scan.h"
#include "spk-rules-import.h"
#include "spk-rules-test.h"

static char *
sample_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "rules-formats", name, NULL);
}

static SpkRulesImport *
import_sample (const char *name)
{
  g_autofree char *path = sample_path (name);
  g_autoptr(GError) error = NULL;
  SpkRulesImport *im = spk_rules_import_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (im);
  return im;
}

static char *
refuse (const char *text, gssize length, int code)
{
  g_autoptr(GError) error = NULL;
  SpkRulesImport *im = spk_rules_import_parse (text, length, &error);

  g_assert_null (im);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, code);
  return g_strdup (error->message);
}

static const SpkRulesTerm *
named (SpkRulesImport *im, const char *title)
{
  for (guint i = 0; i < im->terms->len; i++)
    if (g_str_equal (spk_rules_test_term (im, i)->title, title))
      return spk_rules_test_term (im, i);
  g_error ("no term “%s” in the import", title);
  return NULL;
}

static guint
n_paragraphs (const SpkRulesTerm *t)
{
  return t->paragraphs != NULL ? g_strv_length (t->paragraphs) : 0;
}

/* What every sample holds, whatever its shape: ten terms, two of them
 * sub-terms, one with no body, one with two paragraphs, see-also on the
 * first and the last. */
static void
assert_skyway (SpkRulesImport *im, const char *beacon_range, const char *harbour)
{
  g_autofree char *range_path = g_strdup_printf ("Beacon > %s", beacon_range);
  g_autofree char *harbour_path = g_strdup_printf ("Isle > %s", harbour);
  const char *paths[] = {
    "Anchor", "Ballast", "Beacon", range_path, "Cloud Ferry", "Crew", "Drift", "Isle", harbour_path,
    "Wind", NULL,
  };
  const char *anchor_see[] = { "Wind", NULL };
  const char *wind_see[] = { "Anchor", "Drift", NULL };

  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpuint (n_paragraphs (named (im, "Anchor")), ==, 1);
  g_assert_cmpstr (named (im, "Anchor")->paragraphs[0], ==,
                   "An anchor holds a ship where it is. A held ship ignores wind cards.");
  g_assert_cmpstrv (named (im, "Anchor")->see_also, anchor_see);
  g_assert_cmpuint (n_paragraphs (named (im, "Ballast")), ==, 0);
  g_assert_cmpuint (n_paragraphs (named (im, "Beacon")), ==, 2);
  g_assert_cmpstr (named (im, "Beacon")->paragraphs[1], ==, "It shines two tiles in every direction.");
  g_assert_cmpstr (named (im, beacon_range)->paragraphs[0], ==,
                   "Range is counted in tiles from the beacon, leaving out its own tile.");
  g_assert_cmpstr (named (im, "Crew")->paragraphs[0], ==,
                   "Crew members work the deck. Each ship starts the voyage with four.");
  g_assert_cmpstr (named (im, harbour)->paragraphs[0], ==,
                   "A harbour lets a docked ship mend one hull point at the end of its turn.");
  g_assert_cmpstrv (named (im, "Wind")->see_also, wind_see);
  g_assert_cmpuint (n_paragraphs (named (im, "Wind")), ==, 1);
  for (guint i = 0; i < im->terms->len; i++)
    g_assert_cmpuint (spk_rules_test_term (im, i)->line, >, 0);
}

static void
test_cells (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("cells.txt");
  const char *ferry_see[] = { "Crew", "Isle", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_CELLS);
  assert_skyway (im, "Beacon Range", "Isle Harbour");
  /* Blank lines between paragraphs: the other lines are wrapped text. */
  g_assert_cmpstr (named (im, "Beacon")->paragraphs[0], ==,
                   "A beacon is a tower on the rim of an isle that lights the way for ships at night.");
  g_assert_cmpuint (n_paragraphs (named (im, "Cloud Ferry")), ==, 2);
  g_assert_cmpstr (named (im, "Cloud Ferry")->paragraphs[1], ==, "It cannot carry cargo.");
  g_assert_cmpstrv (named (im, "Cloud Ferry")->see_also, ferry_see);
  g_assert_cmpuint (named (im, "Anchor")->line, ==, 2);
  g_assert_cmpuint (named (im, "Ballast")->line, ==, 8);
  g_assert_cmpuint (im->warnings->len, ==, 0);
}

/* The same shape without the outer pipes, with a header row, a title
 * above the table, an empty body last and three columns. */
static void
test_cells_variants (void)
{
  g_autoptr(SpkRulesImport) plain = spk_rules_test_import_text (
    "Skyway terms\n\nTerm\n|\nDefinition\n|\n|\n"
    "Anchor\n|\nHolds a ship.\n|\n|\n"
    "Crew\n|\nWorks the deck.\n|\n|\n"
    "Wind\n|\n|\n");
  g_autoptr(SpkRulesImport) three = spk_rules_test_import_text (
    "Anchor\n|\nHolds a ship.\n|\nWind\n|\n|\n"
    "Crew\n|\nWorks the deck.\n|\n\n|\n|\n"
    "Wind\n|\nMoves ships.\n|\nAnchor, Crew\n|\n");
  g_autoptr(SpkRulesImport) bare = spk_rules_test_import_text (
    "Anchor\n|\nHolds a ship.\n|\nCrew\n|\n|\nDrift\n|\nMoves with the wind.\nNever against it.\n|\n"
    "Isle\n|\nFloating land.\n|\nWind\n|\nMoves ships.\n");
  const char *paths[] = { "Anchor", "Crew", "Wind", NULL };
  const char *bare_paths[] = { "Anchor", "Crew", "Drift", "Isle", "Wind", NULL };
  const char *anchor_see[] = { "Wind", NULL };
  const char *wind_see[] = { "Anchor", "Crew", NULL };

  g_assert_cmpint (plain->format, ==, SPK_RULES_FORMAT_CELLS);
  spk_rules_test_assert_paths (plain, paths);
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (plain, 2)), ==, 0);
  g_assert_cmpuint (plain->warnings->len, ==, 1);
  g_assert_cmpstr (plain->warnings->pdata[0], ==, "line 1: text before the table; skipped");

  /* Three columns: the longest is the body, the first the term, the
   * other one names terms to see. */
  spk_rules_test_assert_paths (three, paths);
  g_assert_cmpstr (spk_rules_test_term (three, 0)->paragraphs[0], ==, "Holds a ship.");
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (three, 2)), ==, 1);
  g_assert_cmpstrv (spk_rules_test_term (three, 0)->see_also, anchor_see);
  g_assert_cmpstrv (spk_rules_test_term (three, 2)->see_also, wind_see);

  /* A single pipe between rows: two columns, no separators. */
  spk_rules_test_assert_paths (bare, bare_paths);
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (bare, 1)), ==, 0);
  g_assert_cmpstr (spk_rules_test_term (bare, 4)->paragraphs[0], ==, "Moves ships.");
  /* No blank line in any cell, lines of any width: each sentence that
   * ends a line ends a paragraph. */
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (bare, 2)), ==, 2);
}

/* Bodies wrapped to one width with no blank lines: a sentence ends a
 * paragraph only where the next word would have fitted on its line. */
static void
test_cells_wrapped (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "Anchor\n|\n"
    "An anchor holds a ship where it is, whatever the wind card says.\n"
    "A held ship cannot move on its own turn either. Lifting it takes\n"
    "one crew action.\n"
    "Anchors are bought at a harbour for two coins each; a ship may\n"
    "carry two of them at most.\n"
    "|\n|\nCrew\n|\nWorks the deck.\n|\n");
  const char *anchor[] = {
    "An anchor holds a ship where it is, whatever the wind card says. A held ship cannot move on its own "
    "turn either. Lifting it takes one crew action.",
    "Anchors are bought at a harbour for two coins each; a ship may carry two of them at most.",
    NULL,
  };

  g_assert_cmpuint (im->terms->len, ==, 2);
  g_assert_cmpstrv (spk_rules_test_term (im, 0)->paragraphs, anchor);
}

static void
test_csv (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms.csv");
  const char *ferry_see[] = { "Crew", "Isle", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_CSV);
  assert_skyway (im, "Beacon Range", "Isle Harbour");
  /* Commas, doubled quotes and a blank line inside quoted cells. */
  g_assert_cmpstr (named (im, "Beacon")->paragraphs[0], ==,
                   "A beacon is a tower on the rim of an isle that lights the way, even in fog.");
  g_assert_cmpstr (named (im, "Cloud Ferry")->paragraphs[0], ==,
                   "A ferry carries up to three crew between two isles in one move. Players call it the \"sky bus\".");
  g_assert_cmpstrv (named (im, "Cloud Ferry")->see_also, ferry_see);
  g_assert_cmpuint (named (im, "Beacon Range")->line, ==, 7);
}

static void
test_tsv (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms.tsv");
  const char *beacon_see[] = { "Isle", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_TSV);
  /* Sub-terms named by a section column. */
  assert_skyway (im, "Range", "Harbour");
  g_assert_cmpstrv (named (im, "Beacon")->see_also, beacon_see);
}

static void
test_markdown (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms.md");

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_MARKDOWN);
  assert_skyway (im, "Beacon Range", "Isle Harbour");
  /* \| is a pipe inside a cell. */
  g_assert_cmpstr (named (im, "Cloud Ferry")->paragraphs[0], ==, "A ferry carries crew between isles | never cargo.");
  g_assert_cmpuint (im->warnings->len, ==, 1);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "line 1: text outside the table; skipped");
}

/* Three Markdown tables on one page, one rule each: rows, not a grid;
 * the header repeated over each table is no term. */
static void
test_markdown_tables (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "## A\n\n| Term | Body |\n|---|---|\n| Anchor | Holds a ship. |\n| Ballast | Weighs. |\n\n"
    "## C\n\n| Term | Body |\n|---|---|\n| Cloud Ferry | Carries crew. |\n| Crew | Works the deck. |\n\n"
    "## W\n\n| Term | Body |\n|---|---|\n| Wind | Moves ships. |\n| Wreck | Sinks. |\n");
  const char *paths[] = { "Anchor", "Ballast", "Cloud Ferry", "Crew", "Wind", "Wreck", NULL };

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_MARKDOWN);
  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpstr (spk_rules_test_term (im, 3)->paragraphs[0], ==, "Works the deck.");
}

static void
test_html_table (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms-table.html");

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_HTML);
  assert_skyway (im, "Beacon Range", "Isle Harbour");
  /* Tags dropped, entities decoded, wrapped source lines joined; nothing
   * from the script, the style or the comment. */
  g_assert_cmpstr (named (im, "Beacon")->paragraphs[0], ==,
                   "A beacon is a tower on the rim of an isle that lights the way for ships at night.");
  g_assert_cmpstr (named (im, "Cloud Ferry")->paragraphs[0], ==, "A ferry carries crew & passengers; it can't carry cargo.");
  g_assert_cmpstr (named (im, "Isle")->paragraphs[1], ==, "Caf\u00e9s \u2192 tea \u00d7 2.");
  g_assert_cmpstr (named (im, "Drift")->paragraphs[0], ==,
                   "A ship with no crew on deck drifts one tile with the wind – never against it.");
  g_assert_cmpuint (named (im, "Anchor")->line, ==, 15);
}

static void
test_html_definition_list (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms-dl.html");

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_HTML);
  assert_skyway (im, "Beacon Range", "Isle Harbour");
  g_assert_cmpuint (im->warnings->len, ==, 1);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "line 3: text before the first term; skipped");
}

static void
test_html_headings (void)
{
  g_autoptr(SpkRulesImport) im = import_sample ("terms-headings.html");

  g_assert_cmpint (im->format, ==, SPK_RULES_FORMAT_HTML);
  /* <h3> under <h2>: sub-terms by level, whatever their names. */
  assert_skyway (im, "Beacon Range", "Harbour");
  g_assert_cmpuint (im->warnings->len, ==, 1);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "line 4: the title of the page is not a term; skipped");
}

/* No table, list or heading: paragraphs that read as titles name terms. */
static void
test_html_paragraphs (void)
{
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (
    "<html><body><p>Made up for the tests.</p>\n<p><b>Anchor</b></p><p>Holds a ship.</p>\n"
    "<p><strong>Crew</strong></p><p>Works the deck.</p><p>Four to a ship.</p>\n<p>Wind</p></body></html>");
  const char *paths[] = { "Anchor", "Crew", "Wind", NULL };

  spk_rules_test_assert_paths (im, paths);
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (im, 1)), ==, 2);
  g_assert_cmpuint (n_paragraphs (spk_rules_test_term (im, 2)), ==, 0);
  g_assert_cmpuint (spk_rules_test_term (im, 2)->line, ==, 4);
  g_assert_cmpstr (im->warnings->pdata[0], ==, "line 1: text before the first term; skipped");
}

static void
test_html_charset (void)
{
  /* "Café" in Latin-1, declared so. */
  const char latin1[] = "<html><head><meta charset=\"iso-8859-1\"></head><body>"
                        "<dl><dt>Caf\xe9</dt><dd>Crew rest here.</dd></dl></body></html>";
  g_autoptr(SpkRulesImport) im = spk_rules_test_import_text (latin1);
  g_autofree char *unknown = refuse ("<html><head><meta charset=\"x-martian-7\"></head>"
                                     "<body><h2>Anchor</h2><p>Holds.</p></body></html>",
                                     -1, SPK_RULES_IMPORT_ERROR_FORMAT);

  g_assert_cmpstr (spk_rules_test_term (im, 0)->title, ==, "Café");
  g_assert_cmpstr (im->warnings->pdata[0], ==, "the page was written in the charset “iso-8859-1” and was converted");
  g_assert_true (g_str_has_prefix (unknown, "this web page declares the charset “x-martian-7”, which cannot be read here"));
}

/* Windows "Unicode" text is UTF-16: converted, not misread. */
static void
test_utf16 (void)
{
  const char le[] = "\xff\xfe" "A\0n\0c\0h\0o\0r\0\n\0\n\0H\0o\0l\0d\0s\0.\0\n\0";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) im = spk_rules_import_parse (le, sizeof le - 1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (im->terms->len, ==, 1);
  g_assert_cmpstr (spk_rules_test_term (im, 0)->title, ==, "Anchor");
  g_assert_cmpstr (spk_rules_test_term (im, 0)->paragraphs[0], ==, "Holds.");
  g_assert_cmpint (spk_rules_import_detect (le, sizeof le - 1), ==, SPK_RULES_FORMAT_TEXT);
}

static void
test_detect (void)
{
  static const struct {
    const char    *text;
    SpkRulesFormat format;
  } cases[] = {
    { "Anchor\n\nHolds a ship.\n", SPK_RULES_FORMAT_TEXT },
    { "[{\"term\": \"Anchor\", \"body\": \"Holds.\"}]", SPK_RULES_FORMAT_JSON },
    { "[1, 2", SPK_RULES_FORMAT_TEXT },
    { "Anchor\n|\nHolds.\n|\n|\nCrew\n|\nWorks.\n|\n", SPK_RULES_FORMAT_CELLS },
    { "Term,Definition\nAnchor,Holds.\n", SPK_RULES_FORMAT_CSV },
    { "Anchor,Holds a ship.\nCrew,Works the deck.\nWind,Moves ships.\n", SPK_RULES_FORMAT_CSV },
    { "Anchor\n\nHolds a ship, even in a gale.\n\nCrew\n\nWorks, and works.\n\nWind\n\nBlows, often.\n",
      SPK_RULES_FORMAT_TEXT },
    { "Term\tDefinition\nAnchor\tHolds.\n", SPK_RULES_FORMAT_TSV },
    { "A\tb\nC\td\nE\tf\n", SPK_RULES_FORMAT_TSV },
    { "| Term | Body |\n|---|---|\n| A | b |\n| C | d |\n", SPK_RULES_FORMAT_MARKDOWN },
    { "| A | b |\n| C | d |\n| E | f |\n", SPK_RULES_FORMAT_TABLE },
    { "+---+---+\n| A | b |\n+---+---+\n| C | d |\n+---+---+\n", SPK_RULES_FORMAT_TABLE },
    { "<!DOCTYPE html><html><body><p>x</p></body></html>", SPK_RULES_FORMAT_HTML },
    { "  <table><tr><td>A</td><td>b</td></tr></table>", SPK_RULES_FORMAT_HTML },
    { "<b>Anchor</b>\nHolds a ship.\n", SPK_RULES_FORMAT_TEXT },
    { "<!-- exported -->\n| Term | Body |\n|---|---|\n| A | b |\n| C | d |\n", SPK_RULES_FORMAT_MARKDOWN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u", i);
      g_assert_cmpint (spk_rules_import_detect (cases[i].text, -1), ==, cases[i].format);
    }
  g_assert_cmpstr (spk_rules_format_id (SPK_RULES_FORMAT_CELLS), ==, "cells");
  g_assert_cmpstr (spk_rules_format_id (SPK_RULES_FORMAT_HTML), ==, "html");
  g_assert_cmpstr (spk_rules_format_name (SPK_RULES_FORMAT_CSV), ==, "CSV");
}

/* What the refusal names: the shape seen, never an empty success. */
static void
test_unreadable (void)
{
  static const struct {
    const char *text;
    int         code;
    const char *message;
  } cases[] = {
    { "", SPK_RULES_IMPORT_ERROR_NO_TERMS, "no rules terms found in an empty file;" },
    { "this is all lower case.\nso is this one.\nand this.\n", SPK_RULES_IMPORT_ERROR_NO_TERMS,
      "no rules terms found in 3 lines of text, none looks like a term;" },
    { "<html><body><p>Nothing here but a paragraph.</p></body></html>", SPK_RULES_IMPORT_ERROR_NO_TERMS,
      "no rules terms found in a web page (HTML) with no table, definition list or headings;" },
    { "Term,Definition\n,no term here\n,nor here\n", SPK_RULES_IMPORT_ERROR_NO_TERMS,
      "no rules terms found in a CSV file of 3 rows, none naming a term;" },
    { "Term,Definition\n", SPK_RULES_IMPORT_ERROR_NO_TERMS,
      "no rules terms found in a CSV file of 1 row, none naming a term;" },
    { "Term,Definition\nAnchor,\"Holds a ship\nCrew,Works\n", SPK_RULES_IMPORT_ERROR_FORMAT,
      "line 2: a quoted cell of this CSV file opens here and is never closed;" },
    { "|\n|\n|\n|\n", SPK_RULES_IMPORT_ERROR_NO_TERMS,
      "no rules terms found in 4 lone “|” lines with no text between them;" },
    { "[]", SPK_RULES_IMPORT_ERROR_NO_TERMS, "no rules terms found in JSON whose list names no term;" },
    { "42", SPK_RULES_IMPORT_ERROR_NO_TERMS, "no rules terms found in 1 line of text that does not look like a term;" },
    { "%PDF-1.4\n", SPK_RULES_IMPORT_ERROR_FORMAT, "this is a PDF document, not an export;" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = refuse (cases[i].text, -1, cases[i].code);

      g_test_message ("case %u: %s", i, message);
      if (cases[i].message != NULL)
        g_assert_true (g_str_has_prefix (message, cases[i].message));
    }
}

/* R-rules-5 in every shape: past the terms a rules text can have, the
 * rows are counted, not read, and the import is refused. */
static void
test_limits (void)
{
  g_autoptr(GString) cells = g_string_new (NULL);
  g_autoptr(GString) html = g_string_new ("<table>");
  g_autoptr(GString) dl = g_string_new ("<dl>");
  g_autofree char *cells_error = NULL;
  g_autofree char *html_error = NULL;
  g_autofree char *dl_error = NULL;

  for (guint i = 0; i < 25000; i++)
    {
      g_string_append_printf (cells, "Term %u\n|\nBody.\n|\n|\n", i);
      g_string_append_printf (html, "<tr><td>Term %u</td><td>Body.</td></tr>", i);
      g_string_append_printf (dl, "<dt>Term %u<dd>Body.", i);
    }
  cells_error = refuse (cells->str, -1, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  html_error = refuse (html->str, -1, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  dl_error = refuse (dl->str, -1, SPK_RULES_IMPORT_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (dl_error, "25000 terms found, more than the 20000 a rules text can have"));
  g_assert_true (g_str_has_prefix (cells_error, "25000 terms found, more than the 20000 a rules text can have"));
  g_assert_true (g_str_has_prefix (html_error, "25000 terms found, more than the 20000 a rules text can have"));
}

static void
test_html_scan (void)
{
  g_autoptr(GPtrArray) blocks = spk_html_scan (
    "<p>One<br>two</p>\n<h2 class=x>Head</h2>\n"
    "<dl><dt>T</dt><dd>D <p>E</dd></dl>1 < 2 <tr><td></td><td><h4>c</h4>d</td>"
    "<script>if (a < b) document.write('<h1>no</h1>')</script><style>p{}</style>"
    "<!-- <h1>no</h1> --><p>end <unclosed");
  static const struct {
    SpkHtmlBlockKind kind;
    int              level;
    guint            line;
    const char      *text;
  } want[] = {
    { SPK_HTML_BLOCK_PARAGRAPH, 0, 1, "One\n\ntwo" },
    { SPK_HTML_BLOCK_HEADING, 2, 2, "Head" },
    { SPK_HTML_BLOCK_TERM, 1, 3, "T" },
    { SPK_HTML_BLOCK_DEFINITION, 1, 3, "D\n\nE" },
    { SPK_HTML_BLOCK_PARAGRAPH, 0, 3, "1 < 2" },
    { SPK_HTML_BLOCK_ROW, 0, 3, "" },
    { SPK_HTML_BLOCK_CELL, 0, 3, "" },
    { SPK_HTML_BLOCK_CELL, 0, 3, "c\n\nd" },
    { SPK_HTML_BLOCK_PARAGRAPH, 0, 3, "end <unclosed" },
  };

  g_assert_cmpuint (blocks->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < blocks->len; i++)
    {
      SpkHtmlBlock *b = blocks->pdata[i];

      g_test_message ("block %u", i);
      g_assert_cmpint (b->kind, ==, want[i].kind);
      g_assert_cmpint (b->level, ==, want[i].level);
      g_assert_cmpuint (b->line, ==, want[i].line);
      g_assert_cmpstr (b->text, ==, want[i].text);
    }
}

/* 100,000 nested tags and a page of lone '<': one pass, no recursion. */
static void
test_html_scan_hostile (void)
{
  GString *deep = g_string_new ("<html><body>");
  g_autoptr(GPtrArray) blocks = NULL;
  g_autoptr(GPtrArray) lts = NULL;
  g_autofree char *many_lt = NULL;
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "<div><span>");
  g_string_append (deep, "<h2>Anchor</h2><p>Holds.</p>");
  blocks = spk_html_scan (deep->str);
  g_assert_cmpuint (blocks->len, ==, 2);
  g_string_free (deep, TRUE);

  many_lt = g_strnfill (1000000, '<');
  lts = spk_html_scan (many_lt);
  g_assert_cmpuint (lts->len, ==, 1);
  g_assert_cmpuint (strlen (((SpkHtmlBlock *) lts->pdata[0])->text), ==, 1000000);
  /* Seconds would mean a pass per tag. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/formats/detect", test_detect);
  g_test_add_func ("/formats/utf16", test_utf16);
  g_test_add_func ("/formats/cells", test_cells);
  g_test_add_func ("/formats/cells-variants", test_cells_variants);
  g_test_add_func ("/formats/cells-wrapped", test_cells_wrapped);
  g_test_add_func ("/formats/csv", test_csv);
  g_test_add_func ("/formats/tsv", test_tsv);
  g_test_add_func ("/formats/markdown", test_markdown);
  g_test_add_func ("/formats/markdown-tables", test_markdown_tables);
  g_test_add_func ("/formats/html-table", test_html_table);
  g_test_add_func ("/formats/html-definition-list", test_html_definition_list);
  g_test_add_func ("/formats/html-headings", test_html_headings);
  g_test_add_func ("/formats/html-paragraphs", test_html_paragraphs);
  g_test_add_func ("/formats/html-charset", test_html_charset);
  g_test_add_func ("/formats/unreadable", test_unreadable);
  g_test_add_func ("/formats/limits", test_limits);
  g_test_add_func ("/formats/html-scan", test_html_scan);
  g_test_add_func ("/formats/html-scan-hostile", test_html_scan_hostile);
  return g_test_run ();
}
