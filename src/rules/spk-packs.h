/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-packs.h: the glossary packs of several games searched as one.
 *
 * Each pack keeps its own search index (its words, concepts and ranking
 * are its own); a query names one game, or none to search them all, the
 * hits of every pack then merged by score. Nothing here knows a game:
 * the games are whatever packs were added (spk_packs_load_installed adds
 * every pack spk_glossary_list_games finds).
 *
 * Entry ids are unique within a pack only ("attack" is in both the
 * Cloudspire and the Codex pack), so across packs an entry is named by
 * its key, "GAME:ID" ("codex:attack").
 */
#pragma once

#include <glib.h>

#include "spk-glossary.h"
#include "spk-search.h"

G_BEGIN_DECLS

typedef struct _SpkPacks SpkPacks;

SpkPacks       *spk_packs_new             (void);
void            spk_packs_free            (SpkPacks *self);

/* Adds @glossary (a reference is taken) and builds its index. Fails when a
 * pack of the same game is already there. */
gboolean        spk_packs_add             (SpkPacks     *self,
                                           SpkGlossary  *glossary,
                                           GError      **error);
/* Every installed pack; fails on the first one that does not load, the
 * message naming the file and the place. No pack at all is an error too. */
SpkPacks       *spk_packs_load_installed  (GError      **error);

guint           spk_packs_get_n_games     (SpkPacks    *self);
/* The game ids in the order added ("cloudspire", "codex"). */
const char     *spk_packs_get_game        (SpkPacks    *self,
                                           guint        i);
/* NULL when there is no pack of @game. */
SpkGlossary    *spk_packs_get_glossary    (SpkPacks    *self,
                                           const char  *game);
SpkSearchIndex *spk_packs_get_index       (SpkPacks    *self,
                                           const char  *game);

/* Ranked results (SpkSearchResult*, as spk_search_index_query_filtered
 * gives them), best first, at most @limit (0: all): of the pack of @game,
 * or of every pack merged by score when @game is NULL. An unknown @game
 * gives no results. Free with g_ptr_array_unref. */
GPtrArray      *spk_packs_query           (SpkPacks        *self,
                                           const char      *game,
                                           const char      *query,
                                           guint            limit,
                                           SpkSearchFilter  filter);

/* "GAME:ID" of @entry. */
char           *spk_packs_entry_key       (const SpkGlossaryEntry *entry);
/* The entry a key names, and its pack in @glossary when given; NULL when
 * the key is malformed or names nothing. */
const SpkGlossaryEntry *spk_packs_lookup_key (SpkPacks      *self,
                                              const char    *key,
                                              SpkGlossary  **glossary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkPacks, spk_packs_free)

G_END_DECLS
