/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules importer on arbitrary bytes, in every shape it detects (plain
 * text, grid and Markdown tables, one cell per line, CSV, TSV, HTML,
 * JSON), and the reader of its own saved file. An import it accepts must
 * save to a file it reads back with the same terms. */
#include "spk-fuzz.h"

#include "spk-rules-import.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  spk_fuzz_init ();
  return 0;
}

static void
assert_same_strv (char **a, char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0, nb = b != NULL ? g_strv_length (b) : 0;

  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    g_assert_cmpstr (a[i], ==, b[i]);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *path = g_build_filename (spk_fuzz_tmpdir (), "official-rules.json", NULL);
  g_autoptr(SpkRulesImport) import = NULL;
  g_autoptr(SpkRulesImport) saved = NULL;
  g_autoptr(SpkRulesImport) raw = NULL;
  g_autoptr(GError) error = NULL;

  /* The same bytes as a saved import: refused or read, never a crash. */
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) size, NULL));
  raw = spk_rules_import_load_saved (path, NULL);

  import = spk_rules_import_parse ((const char *) data, (gssize) size, &error);
  if (import == NULL)
    {
      /* Refused with a reason: no terms, JSON the guard refuses (too deep,
       * a huge number, a key twice: FORMAT), or past the limits. */
      g_assert_nonnull (error);
      g_assert_true (error->domain == SPK_RULES_IMPORT_ERROR);
      g_assert_true (error->code == SPK_RULES_IMPORT_ERROR_NO_TERMS ||
                     error->code == SPK_RULES_IMPORT_ERROR_FORMAT ||
                     error->code == SPK_RULES_IMPORT_ERROR_TOO_LARGE);
      g_assert_cmpstr (error->message, !=, "");
      return 0;
    }
  g_assert_cmpuint (import->terms->len, >, 0);

  g_assert_true (spk_rules_import_save (import, path, "fuzz", &error));
  g_assert_no_error (error);
  saved = spk_rules_import_load_saved (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->terms->len, ==, import->terms->len);
  for (guint i = 0; i < import->terms->len; i++)
    {
      const SpkRulesTerm *a = g_ptr_array_index (import->terms, i);
      const SpkRulesTerm *b = g_ptr_array_index (saved->terms, i);

      g_assert_cmpstr (a->title, ==, b->title);
      assert_same_strv (a->section, b->section);
      assert_same_strv (a->paragraphs, b->paragraphs);
      assert_same_strv (a->see_also, b->see_also);
    }
  return 0;
}
