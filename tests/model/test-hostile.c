/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile files (issue 12): inputs built to crash, hang or fool the
 * readers. Each is generated here rather than kept as a fixture, and each
 * must be refused with an exact code and a message naming the place. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-autosave.h"
#include "spk-glossary.h"
#include "spk-json-guard.h"
#include "spk-log-entry.h"
#include "spk-rules-import.h"
#include "spk-table-file.h"
#include "spk-table.h"
#include "spk-test-table.h"

#define DEEP 100000

/* @prefix, then DEEP '[' closed again, then @suffix. */
static char *
deep_text (const char *prefix, const char *suffix)
{
  GString *s = g_string_new (prefix);

  for (guint i = 0; i < DEEP; i++)
    g_string_append_c (s, '[');
  for (guint i = 0; i < DEEP; i++)
    g_string_append_c (s, ']');
  g_string_append (s, suffix);
  return g_string_free (s, FALSE);
}

/* In the texts below the outer object is the first level, so the bracket
 * refused is the 64th '[' after the prefix. */
static void
assert_mentions (const GError *error, const char *place)
{
  if (strstr (error->message, place) == NULL)
    g_error ("“%s” does not name the place “%s”", error->message, place);
}

/* The guard counts brackets outside strings only and names the first
 * bracket too deep by line and character column. */
static void
test_guard (void)
{
  g_autoptr(GString) ok = g_string_new ("{\"a\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"[[\"}");
  g_autoptr(GString) bad = g_string_new ("\n  \"é\", ");
  g_autoptr(GError) error = NULL;
  int line = 0, column = 0;

  g_assert_true (spk_json_check_text (ok->str, -1, NULL, NULL, &error));
  g_assert_no_error (error);
  for (int i = 0; i < SPK_JSON_MAX_DEPTH; i++)
    g_string_prepend_c (bad, '[');
  g_string_append (bad, "[[");
  g_assert_false (spk_json_check_text (bad->str, -1, &line, &column, &error));
  g_assert_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_DEEP);
  g_assert_cmpint (line, ==, 2);
  g_assert_cmpint (column, ==, 8);
  assert_mentions (error, "line 2, column 8");
}

/* A small valid table with @n_subst pairs of (placeholder, text) put in;
 * placeholders left are given their defaults. */
static char *
table_text (const char *const *subst)
{
  static const char *const defaults[] = {
    "@SOURCE@", "0", "@ID@", "\"a\"", "@NAME@", "\"Brawnen\"", "@Q@", "0", "@GATE@", "[3, 0]",
    "@CHIPS@", "", "@NOTES@", "\"n\"", NULL
  };
  GString *t = g_string_new (
    "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 2,\n"
    " \"factions\": [{\"id\": @ID@, \"name\": @NAME@, \"mark\": \"b\", \"source\": @SOURCE@},\n"
    "              {\"id\": \"b\", \"mark\": \"a\"}],\n"
    " \"hexes\": [{\"q\": @Q@, \"r\": 0, \"terrain\": \"path\", \"group\": \"isle-1\"},\n"
    "           {\"q\": 1, \"r\": 0, \"terrain\": \"path\", \"group\": \"isle-1\"}],\n"
    " \"fortresses\": [{\"faction\": \"a\", \"gate\": @GATE@}, {\"faction\": \"b\", \"gate\": [-3, 0]}],\n"
    " \"chips\": [@CHIPS@], \"notes\": @NOTES@}\n");

  for (guint i = 0; subst != NULL && subst[i] != NULL; i += 2)
    g_string_replace (t, subst[i], subst[i + 1], 0);
  for (guint i = 0; defaults[i] != NULL; i += 2)
    g_string_replace (t, defaults[i], defaults[i + 1], 0);
  return g_string_free (t, FALSE);
}

typedef struct {
  const char *placeholder;
  const char *text;
  int         code;
  const char *place; /* the message must name it */
} Row;

static void
test_row (gconstpointer data)
{
  const Row *row = data;
  const char *subst[] = { row->placeholder, row->text, NULL };
  g_autofree char *text = table_text (subst);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, row->code);
  assert_mentions (error, row->place);
}

static void
test_table_text_is_valid (void)
{
  g_autofree char *text = table_text (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (board);
}

/* Integers json-glib or a cast to int would change: INT_MIN, past 32 bits
 * (once wrapped onto hex (3,0)), past 64 bits (once wrapped to -1). */
static const Row int_rows[] = {
  { "@Q@", "-2147483648", SPK_TABLE_ERROR_VALUE, "hexes[0].q" },
  { "@Q@", "4294967296", SPK_TABLE_ERROR_VALUE, "hexes[0].q" },
  { "@Q@", "18446744073709551615", SPK_TABLE_ERROR_VALUE, "hexes[0].q" },
  { "@Q@", "-99999999999999999999", SPK_TABLE_ERROR_VALUE, "hexes[0].q: a number of 20 digits (line 4, column 18)" },
  { "@GATE@", "[-2147483648, 0]", SPK_TABLE_ERROR_VALUE, "fortresses[0].gate" },
  { "@GATE@", "[4294967299, 0]", SPK_TABLE_ERROR_VALUE, "fortresses[0].gate" },
  { "@GATE@", "[3, 18446744073709551616]", SPK_TABLE_ERROR_VALUE, "fortresses[0].gate[1]" },
  { "@SOURCE@", "4294967304", SPK_TABLE_ERROR_VALUE, "factions[0].source" },
  { "@SOURCE@", "-1000001", SPK_TABLE_ERROR_VALUE, "factions[0].source" },
  { "@CHIPS@", "{\"id\": \"x\", \"kind\": \"minion\", \"faction\": \"a\", \"q\": 0, \"r\": 0, "
               "\"health\": 2147483648}", SPK_TABLE_ERROR_VALUE, "chips[0].health" },
};

/* Text json-glib would change on the way in: \u0000 cut an id short, a
 * lone surrogate was saved back as invalid UTF-8. */
static const Row text_rows[] = {
  { "@ID@", "\"a\\u0000b\"", SPK_TABLE_ERROR_VALUE, "factions[0].id: the text holds the escape \\u0000 (line 2, column 24)" },
  { "@NAME@", "\"\\ud800\"", SPK_TABLE_ERROR_VALUE, "factions[0].name: the escape \\ud800" },
  { "@NAME@", "\"x\\uDBFF\\u0041\"", SPK_TABLE_ERROR_VALUE, "factions[0].name: the escape \\udbff" },
  { "@NAME@", "\"x\\udc00\"", SPK_TABLE_ERROR_VALUE, "factions[0].name: the escape \\udc00" },
  { "@NOTES@", "\"ok\\\\u0000 \\ud800\"", SPK_TABLE_ERROR_VALUE, "notes: the escape \\ud800" },
  { "@CHIPS@", "{\"id\": \"x\", \"kind\": \"minion\", \"faction\": \"a\", \"q\": 0, \"r\": 0, "
               "\"talents\": [\"a\", \"\\u0000\"]}", SPK_TABLE_ERROR_VALUE, "chips[0].talents[1]: the text holds" },
  { "@CHIPS@", "{\"id\": \"x\", \"kind\": \"minion\", \"faction\": \"a\", \"q\": 0, \"r\": 0, "
               "\"ke\\u0000y\": 1}", SPK_TABLE_ERROR_VALUE, "chips[0]: the text holds" },
};

/* A whole character written as a surrogate pair and an escaped backslash
 * before "u0000" are fine. */
static void
test_good_escapes (void)
{
  const char *subst[] = { "@NAME@", "\"\\ud83d\\ude00 \\\\u0000\"", NULL };
  g_autofree char *text = table_text (subst);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (((SpkFaction *) g_ptr_array_index (board->factions, 0))->name, ==, "\xF0\x9F\x98\x80 \\u0000");
}

#define MINION(ID, MORE) "{\"id\": \"" ID "\", \"kind\": \"minion\", \"faction\": \"a\"" MORE "}"

/* Every circle in "grouped" is refused, whether or not a minion in it
 * also stands on the board. */
static const Row cycle_rows[] = {
  { "@CHIPS@", MINION ("m", ", \"grouped\": [\"m\"]"), SPK_TABLE_ERROR_PLACEMENT,
    "chips[0].grouped[0]: a minion cannot be grouped under itself" },
  { "@CHIPS@", MINION ("m", ", \"grouped\": [\"n\"]") ", " MINION ("n", ", \"grouped\": [\"m\"]"),
    SPK_TABLE_ERROR_PLACEMENT, "chips[1].grouped[0]: the grouping goes round in a circle (“m” under “n” under “m”)" },
  { "@CHIPS@", MINION ("m", ", \"q\": 0, \"r\": 0, \"grouped\": [\"n\"]") ", " MINION ("n", ", \"grouped\": [\"m\"]"),
    SPK_TABLE_ERROR_PLACEMENT, "chips[1].grouped[0]: the grouping goes round in a circle" },
  { "@CHIPS@", MINION ("x", ", \"q\": 1, \"r\": 0") ", "
               MINION ("m", ", \"grouped\": [\"n\"]") ", " MINION ("n", ", \"grouped\": [\"o\"]") ", "
               MINION ("o", ", \"grouped\": [\"p\", \"m\"]") ", " MINION ("p", ""),
    SPK_TABLE_ERROR_PLACEMENT, "chips[3].grouped[1]: the grouping goes round in a circle (“m” under “o” under “n” under “m”)" },
};

/* GLib's test framework makes criticals and warnings fatal, so each of
 * these fails on a critical as well as on a wrong answer. */
static const char *const empty_texts[] = { "", "  \n\t\r\n ", "/* nothing */", "\n/* a */ /* b */\n", NULL };

static void
test_empty_table (void)
{
  for (guint i = 0; empty_texts[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkBoard) board = spk_table_file_parse (empty_texts[i], -1, &error);
      g_autoptr(SpkTable) table = NULL;
      g_autoptr(JsonNode) root = NULL;

      g_assert_null (board);
      g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
      assert_mentions (error, "the table file is empty");
      g_clear_error (&error);
      table = spk_table_new_from_data (empty_texts[i], -1, &error);
      g_assert_null (table);
      g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
      assert_mentions (error, "the table file is empty");
      g_clear_error (&error);
      root = spk_table_file_read_json (empty_texts[i], -1, &error);
      g_assert_null (root);
      g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
      assert_mentions (error, "the table file is empty");
    }
}

static void
test_empty_other (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "official-rules.json", NULL);

  for (guint i = 0; empty_texts[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      SpkGlossary *pack = spk_glossary_load_from_data (empty_texts[i], -1, "empty.json", NULL, &error);
      g_autoptr(SpkRulesImport) back = NULL;
      g_autoptr(SpkLogEntry) step = spk_log_entry_new_from_text (empty_texts[i], strlen (empty_texts[i]));

      g_assert_null (pack);
      g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_SYNTAX);
      assert_mentions (error, "empty.json: ");
      assert_mentions (error, "empty");
      g_clear_error (&error);

      g_assert_true (g_file_set_contents (path, empty_texts[i], -1, &error));
      back = spk_rules_import_load_saved (path, &error);
      g_assert_null (back);
      g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
      assert_mentions (error, path);
      g_clear_error (&error);

      g_assert_false (spk_log_entry_check (step, &error));
      g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
      assert_mentions (error, "history");
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* A journal holding @line ends the replay at it: the snapshot comes back
 * as it was. */
static void
assert_journal_ignored (const char *line)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.json", NULL);
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autofree char *expected = spk_table_to_data (t, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) back = NULL;
  g_autofree char *recovered = NULL;

  g_assert_true (spk_table_save (t, path, &error));
  g_assert_true (g_file_set_contents (journal, line, -1, &error));
  back = spk_autosave_recover (path, &error);
  g_assert_no_error (error);
  recovered = spk_table_to_data (back, NULL);
  g_assert_cmpstr (recovered, ==, expected);
  g_unlink (journal);
  g_unlink (path);
  g_rmdir (dir);
}

/* Blank and comment-only journal lines end the replay quietly. */
static void
test_empty_journal (void)
{
  for (guint i = 0; empty_texts[i] != NULL; i++)
    {
      g_autofree char *line = g_strconcat (empty_texts[i], "\n", NULL);

      assert_journal_ignored (line);
    }
}

static char *
repeat (const char *open, const char *piece, guint n, const char *close)
{
  GString *t = g_string_new (open);

  for (guint i = 0; i < n; i++)
    g_string_append (t, piece);
  g_string_append (t, close);
  return g_string_free (t, FALSE);
}

/* One row per limit: the message names the field, its size and the limit. */
static void
test_long_texts (void)
{
  g_autofree char *long_name = repeat ("\"", "x", SPK_TABLE_MAX_TEXT + 1, "\"");
  g_autofree char *wide_name = repeat ("\"", "é", SPK_TABLE_MAX_TEXT, "\"");
  g_autofree char *long_notes = repeat ("\"", "n", SPK_TABLE_MAX_NOTES + 1, "\"");
  g_autofree char *long_talent = repeat ("{\"id\": \"x\", \"kind\": \"minion\", \"faction\": \"a\", "
                                         "\"q\": 0, \"r\": 0, \"talents\": [\"", "t", SPK_TABLE_MAX_TEXT + 1, "\"]}");
  g_autofree char *many_chips = repeat ("0", ", 0", SPK_TABLE_MAX_LIST, "");
  const Row rows[] = {
    { "@NAME@", long_name, SPK_TABLE_ERROR_TOO_LARGE,
      "factions[0].name: the text is 1001 characters long, more than the limit of 1000" },
    { "@NOTES@", long_notes, SPK_TABLE_ERROR_TOO_LARGE,
      "notes: the text is 100001 characters long, more than the limit of 100000" },
    { "@CHIPS@", long_talent, SPK_TABLE_ERROR_TOO_LARGE, "chips[0].talents[0]: the text is 1001 characters" },
    { "@CHIPS@", many_chips, SPK_TABLE_ERROR_TOO_LARGE,
      "chips: the list has 10001 entries, more than the limit of 10000" },
  };
  const char *subst[] = { "@NAME@", wide_name, NULL };
  g_autofree char *text = table_text (subst);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (board);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    test_row (&rows[i]);
}

/* A file past the size limit is refused before it is read: a sparse
 * 17 MiB file (no disk used), and a device that never ends. */
static void
test_large_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.json", NULL);
  g_autofree char *huge = g_malloc (SPK_JSON_MAX_SIZE + 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkTable) table = NULL;
  FILE *f = g_fopen (path, "wb");

  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 17 * 1024 * 1024 - 1, SEEK_SET), ==, 0);
  fputc (' ', f);
  fclose (f);
  board = spk_table_file_load (path, NULL, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE);
  assert_mentions (error, "huge.json” is 17.0\u00a0MiB (17825792 bytes), more than the limit of 16.0\u00a0MiB");
  g_clear_error (&error);
  table = spk_table_new_from_file (path, &error);
  g_assert_null (table);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  board = spk_table_file_load ("/dev/zero", NULL, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE);
  assert_mentions (error, "“/dev/zero” is more than the limit of 16.0\u00a0MiB");
  g_clear_error (&error);

  memset (huge, ' ', SPK_JSON_MAX_SIZE + 1);
  huge[SPK_JSON_MAX_SIZE + 1] = '\0';
  board = spk_table_file_parse (huge, -1, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE);
  assert_mentions (error, "the text is 16.0\u00a0MiB (16777217 bytes), more than the limit of 16.0\u00a0MiB");
  g_unlink (path);
  g_rmdir (dir);
}

/* A table of @n hexes in a square away from the gates, a minion on each
 * but the first, which the last one groups. */
static char *
many_chips_text (guint n)
{
  g_autoptr(GString) hexes = g_string_new (NULL);
  g_autoptr(GString) chips = g_string_new (NULL);
  char *text = NULL;

  for (guint i = 0; i < n; i++)
    {
      int q = 10 + (int) (i % 100), r = (int) (i / 100) - 50;

      g_string_append_printf (hexes, "%s{\"q\": %d, \"r\": %d, \"terrain\": \"path\", \"group\": \"isle-1\"}",
                              i ? ", " : "", q, r);
      if (i == 0)
        g_string_append (chips, "{\"id\": \"m1\", \"kind\": \"minion\", \"faction\": \"a\"}, ");
      else if (i + 1 < n)
        g_string_append_printf (chips, "{\"id\": \"m%u\", \"kind\": \"minion\", \"faction\": \"a\", "
                                "\"q\": %d, \"r\": %d}, ", i + 1, q, r);
      else
        g_string_append_printf (chips, "{\"id\": \"m0\", \"kind\": \"minion\", \"faction\": \"a\", "
                                "\"q\": %d, \"r\": %d, \"grouped\": [\"m1\"]}", q, r);
    }
  {
    const char *subst[] = { "{\"q\": @Q@, \"r\": 0, \"terrain\": \"path\", \"group\": \"isle-1\"},\n"
                            "           {\"q\": 1, \"r\": 0, \"terrain\": \"path\", \"group\": \"isle-1\"}",
                            hexes->str, "@CHIPS@", chips->str, NULL };
    text = table_text (subst);
  }
  return text;
}

/* The largest table the limits allow loads whole (the loader indexes chips
 * and hexes once, so this takes a fraction of a second; how long is for
 * the benchmarks to say, never a test); one chip more is refused. */
static void
test_most_chips (void)
{
  g_autofree char *most = many_chips_text (SPK_TABLE_MAX_LIST);
  g_autofree char *over = many_chips_text (SPK_TABLE_MAX_LIST + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (most, -1, &error);
  g_autoptr(SpkBoard) refused = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (board->chips->len, ==, SPK_TABLE_MAX_LIST);
  g_assert_cmpstr (g_ptr_array_index (spk_board_find_chip (board, "m0")->grouped, 0), ==, "m1");
  refused = spk_table_file_parse (over, -1, &error);
  g_assert_null (refused);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE);
}

static void
test_deep_table (void)
{
  g_autofree char *deep = deep_text ("{\"format\": \"spirekeeper-table\", \"x\": ", "}");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (deep, -1, &error);
  g_autoptr(SpkTable) table = NULL;

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  assert_mentions (error, "line 1, column 101");
  g_clear_error (&error);
  table = spk_table_new_from_data (deep, -1, &error);
  g_assert_null (table);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  assert_mentions (error, "line 1, column 101");
}

static void
test_deep_history_step (void)
{
  g_autofree char *deep = deep_text ("{\"label\": ", "}");
  g_autoptr(SpkLogEntry) step = spk_log_entry_new_from_text (deep, strlen (deep));
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_log_entry_check (step, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  assert_mentions (error, "line 1, column 74");
}

/* A journal record too deep ends the replay like a damaged one. */
static void
test_deep_journal (void)
{
  g_autofree char *deep = deep_text ("{\"sequence\": 1, \"op\": \"do\", \"step\": ", "}\n");

  assert_journal_ignored (deep);
}

static void
test_deep_glossary (void)
{
  g_autofree char *deep = deep_text ("{\"format\": \"spirekeeper-glossary\", \"entries\": ", "}");
  g_autoptr(GError) error = NULL;
  SpkGlossary *pack = spk_glossary_load_from_data (deep, -1, "hostile.json", NULL, &error);

  g_assert_null (pack);
  g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_SYNTAX);
  assert_mentions (error, "line 1, column 110");
}

/* A JSON rules export (what `spirekeeper-cli import-rules` reads) and a
 * saved import. */
static void
test_deep_rules (void)
{
  g_autofree char *deep = deep_text ("", "");
  g_autofree char *dir = g_dir_make_tmp ("spk-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "official-rules.json", NULL);
  g_autofree char *saved = deep_text ("{\"format\": \"spirekeeper-official-rules\", \"terms\": ", "}");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRulesImport) import = spk_rules_import_parse (deep, -1, &error);
  g_autoptr(SpkRulesImport) back = NULL;

  g_assert_null (import);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
  assert_mentions (error, "line 1, column 65");
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, saved, -1, &error));
  back = spk_rules_import_load_saved (path, &error);
  g_assert_null (back);
  g_assert_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT);
  assert_mentions (error, "line 1, column 114");
  g_unlink (path);
  g_rmdir (dir);
}

static void
add_rows (const char *prefix, const Row *rows, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%u", prefix, i);

      g_test_add_data_func (name, &rows[i], test_row);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/depth/guard", test_guard);
  g_test_add_func ("/hostile/depth/table", test_deep_table);
  g_test_add_func ("/hostile/depth/history-step", test_deep_history_step);
  g_test_add_func ("/hostile/depth/journal", test_deep_journal);
  g_test_add_func ("/hostile/depth/glossary", test_deep_glossary);
  g_test_add_func ("/hostile/depth/rules", test_deep_rules);
  g_test_add_func ("/hostile/table-text", test_table_text_is_valid);
  add_rows ("/hostile/int", int_rows, G_N_ELEMENTS (int_rows));
  add_rows ("/hostile/text", text_rows, G_N_ELEMENTS (text_rows));
  g_test_add_func ("/hostile/text/good-escapes", test_good_escapes);
  add_rows ("/hostile/grouped", cycle_rows, G_N_ELEMENTS (cycle_rows));
  g_test_add_func ("/hostile/empty/table", test_empty_table);
  g_test_add_func ("/hostile/empty/other", test_empty_other);
  g_test_add_func ("/hostile/empty/journal", test_empty_journal);
  g_test_add_func ("/hostile/size/texts-and-lists", test_long_texts);
  g_test_add_func ("/hostile/size/file", test_large_file);
  g_test_add_func ("/hostile/size/most-chips", test_most_chips);
  return g_test_run ();
}
