/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-asked-index.h: the questions a pack says players asked for each
 * entry ("asked"), as one small BM25 index: an entry's questions are one
 * document, their words read as stems (question words left out), each two
 * words in a row also as a pair. The search adds what a query scores
 * here to what it scores on the entry's own text (R-rules-12), so a
 * question worded like earlier questions finds their answer even when the
 * entry's text says it in other words. */
#pragma once

#include <glib.h>

#include "spk-glossary.h"

G_BEGIN_DECLS

typedef struct _SpkAskedIndex SpkAskedIndex;

/* Whether to index one of an entry's asked questions; NULL indexes all.
 * The question-set test leaves out the questions it is about to ask. */
typedef gboolean (*SpkAskedFunc) (const SpkGlossaryEntry *entry,
                                  const char             *question,
                                  gpointer                data);

SpkAskedIndex *spk_asked_index_new      (SpkGlossary      *glossary,
                                         SpkAskedFunc      keep,
                                         gpointer          data);
void           spk_asked_index_free     (SpkAskedIndex    *self);
/* Questions indexed, over all entries. */
guint          spk_asked_index_get_n_questions (SpkAskedIndex *self);

/* Adds the BM25 score of the query's @stems, in the order said (each
 * counted once, each two in a row also as a pair), to
 * @scores[entry] of every entry whose questions hold one of them, and
 * lists each such entry once in @touched (n_entries long), returning how
 * many it listed. @scores and @touched are the caller's; an entry is
 * listed only when its score was 0 before. */
guint          spk_asked_index_score    (SpkAskedIndex     *self,
                                         const char *const *stems,
                                         guint              n_stems,
                                         double            *scores,
                                         guint32           *touched);

/* Of @entry's questions, the one sharing most of the query's distinct
 * @stems, each weighed by its rarity (the shortest of those sharing as
 * much), to show what a result was asked like; NULL when none shares two
 * of them and half of their weight. Borrowed from the glossary. */
const char    *spk_asked_index_closest  (SpkAskedIndex     *self,
                                         guint32            entry,
                                         const char *const *stems,
                                         guint              n_stems);

G_END_DECLS
