/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Search queries on the shipped glossary pack: any text is a query. The
 * answer is ranked best first, each snippet's highlights lie inside it in
 * order, and the edit distance the search relies on is a distance. */
#include "config.h"

#include "spk-fuzz.h"

#include <math.h>
#include <string.h>

#include "spk-glossary.h"
#include "spk-search.h"

static SpkSearchIndex *index_;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autofree char *pack = g_build_filename (SPK_SOURCE_DATADIR, "glossary", "cloudspire.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) glossary = NULL;

  spk_fuzz_init ();
  glossary = spk_glossary_load (pack, NULL, &error);
  g_assert_no_error (error);
  index_ = spk_search_index_new (glossary);
  return 0;
}

static void
check_results (GPtrArray *results, guint limit)
{
  double last = INFINITY;

  if (limit > 0)
    g_assert_cmpuint (results->len, <=, limit);
  for (guint i = 0; i < results->len; i++)
    {
      const SpkSearchResult *r = g_ptr_array_index (results, i);
      gsize n = strlen (r->snippet);
      guint end = 0;
      g_autofree char *marked = NULL;

      g_assert_nonnull (r->entry);
      g_assert_true (isfinite (r->score));
      g_assert_cmpfloat (r->score, <=, last);
      last = r->score;
      g_assert_true (g_utf8_validate (r->snippet, -1, NULL));
      for (guint h = 0; h < r->highlights->len; h++)
        {
          const SpkSearchSpan *s = &g_array_index (r->highlights, SpkSearchSpan, h);

          g_assert_cmpuint (s->start, >=, end);
          g_assert_cmpuint (s->start, <, s->end);
          g_assert_cmpuint (s->end, <=, n);
          end = s->end;
        }
      marked = spk_search_result_mark (r, "«", "»");
      g_assert_cmpuint (strlen (marked), ==, n + r->highlights->len * 2 * strlen ("«"));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *query = g_strndup ((const char *) data, size);
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) top = NULL;
  g_auto(GStrv) words = NULL;
  gsize half = strlen (query) / 2;
  g_autofree char *a = g_strndup (query, half);
  const char *b = query + half;

  /* The app searches as the player types, so the query may be any text,
   * not even UTF-8. */
  all = spk_search_index_query (index_, query, 0);
  check_results (all, 0);
  top = spk_search_index_query (index_, query, 3);
  check_results (top, 3);
  g_assert_cmpuint (top->len, ==, MIN (all->len, 3));
  for (guint i = 0; i < top->len; i++)
    g_assert_cmpfloat (((SpkSearchResult *) g_ptr_array_index (top, i))->score, ==,
                       ((SpkSearchResult *) g_ptr_array_index (all, i))->score);

  words = spk_search_tokenize (query);
  for (guint i = 0; words[i] != NULL; i++)
    spk_search_is_stop_word (words[i]);

  g_assert_cmpuint (spk_search_edit_distance (a, a, 2), ==, 0);
  g_assert_cmpuint (spk_search_edit_distance (a, b, 2), ==, spk_search_edit_distance (b, a, 2));
  g_assert_cmpuint (spk_search_edit_distance (a, b, 2), <=, 3);
  return 0;
}
