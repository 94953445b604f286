/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-search.h: ranked, typo-tolerant search over a glossary pack.
 *
 * Words are split on anything that is not a letter or digit and folded
 * (case, accents: g_str_tokenize_and_fold). Titles, aliases, section paths
 * and bodies are indexed as separate fields and ranked with BM25 per field,
 * the fields weighted so a title or alias hit outranks a body hit. A query
 * word matches an indexed word that is equal, has the same Porter stem, or
 * (last word, or a word that matches nothing whole) starts with it, or is
 * within edit distance 1 (4-7 letters) or 2 (8 and more). Question words
 * ("how", "can", "the" ...) are ignored. A query equal to a title or alias
 * puts that entry first.
 *
 * The pack's concepts map players' words to entries: a query that says a
 * concept phrase (word by word, each word equal or of the same stem:
 * "killed" says "kill") adds the concept's entries with a weight, the
 * first entry most, and those results name the phrase and the concept.
 * A misspelt word (five letters or more) says the phrase word one edit
 * away; a phrase may come loosely (two words the other way round, or
 * one other word between), at half weight; a title or alias
 * with a word rare in the pack, said inside a longer question, counts as
 * a concept (docs/rulings.md R-rules-9).
 *
 * An entry's titles and aliases in other languages (the pack's "i18n")
 * are searched in every language, German ones also with umlauts spelt
 * out ("Tuerme" finds "Türme").
 *
 * An index is built once per pack and answers one query at a time (it keeps
 * scratch space between queries; use one index per thread).
 */
#pragma once

#include <glib.h>

#include "spk-asked-index.h"
#include "spk-glossary.h"

G_BEGIN_DECLS

typedef struct _SpkSearchIndex SpkSearchIndex;

typedef struct {
  guint start;  /* byte offsets into SpkSearchResult.snippet */
  guint end;
} SpkSearchSpan;

typedef struct {
  const SpkGlossaryEntry *entry;  /* borrowed from the index's glossary */
  double  score;
  char   *snippet;     /* a window of the body, "…" where it was cut */
  GArray *highlights;  /* of SpkSearchSpan: matched words in snippet, in order */
  /* The concept whose phrase brought this entry in or raised it, or NULL;
   * borrowed from the glossary. */
  const SpkGlossaryConcept *concept;
  char   *matched_phrase;  /* the query's words that said it, folded; NULL without a concept */
  /* Without a concept: the question asked for this entry that the query
   * is most like ("can my dude cross the lake"), or NULL (R-rules-12). */
  char   *asked_like;
} SpkSearchResult;

SpkSearchIndex *spk_search_index_new   (SpkGlossary    *glossary);
/* As spk_search_index_new, with the entries' asked questions that
 * @keep_asked keeps (NULL: all of them); the question-set test builds an
 * index without the questions it asks. */
SpkSearchIndex *spk_search_index_new_full (SpkGlossary  *glossary,
                                           SpkAskedFunc  keep_asked,
                                           gpointer      data);
void            spk_search_index_free  (SpkSearchIndex *self);
SpkGlossary    *spk_search_index_get_glossary (SpkSearchIndex *self);
/* Number of distinct indexed words. */
guint           spk_search_index_get_n_words  (SpkSearchIndex *self);

/* Ranked results, best first, at most @limit (0: all). Returns an empty
 * array when nothing matches. Free with g_ptr_array_unref. */
GPtrArray      *spk_search_index_query (SpkSearchIndex *self,
                                        const char     *query,
                                        guint           limit);

/* Which entries a query may return. */
typedef enum {
  SPK_SEARCH_ANY,            /* terms and published rulings */
  SPK_SEARCH_TERMS_ONLY,
  SPK_SEARCH_RULINGS_ONLY,   /* the Rules page's "Rulings only" filter */
} SpkSearchFilter;

/* As spk_search_index_query, restricted by @filter. With SPK_SEARCH_ANY
 * (what spk_search_index_query does) a ruling never takes a name bonus
 * and its score is weighed down, so a term the question names still comes
 * first and the rulings about it follow; with SPK_SEARCH_RULINGS_ONLY the
 * rulings are ranked among themselves as the search ranks terms. */
GPtrArray      *spk_search_index_query_filtered (SpkSearchIndex  *self,
                                                 const char      *query,
                                                 guint            limit,
                                                 SpkSearchFilter  filter);

/* The snippet with every highlight wrapped in @open and @close,
 * e.g. "«" and "»". */
char           *spk_search_result_mark (const SpkSearchResult *result,
                                        const char            *open,
                                        const char            *close);
void            spk_search_result_free (SpkSearchResult *result);

/* The folded words of @text as the index sees them (for tests and tools). */
GStrv           spk_search_tokenize    (const char *text);
/* TRUE for words a query ignores ("how", "can", "the" ...). */
gboolean        spk_search_is_stop_word (const char *folded_word);
/* Optimal string alignment distance (Damerau-Levenshtein with adjacent
 * transpositions) of two ASCII words, or @max + 1 once it exceeds @max. */
guint           spk_search_edit_distance (const char *a,
                                          const char *b,
                                          guint       max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkSearchIndex, spk_search_index_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkSearchResult, spk_search_result_free)

G_END_DECLS
