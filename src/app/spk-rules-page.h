/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-rules-page.h: the Rules page: search as you type, entries with their
 * see-also links and backlinks, back/forward, quick-reference tables, and
 * the official wording beside ours once the player has imported it. */
#pragma once

#include <adwaita.h>

#include "spk-rules-import.h"

G_BEGIN_DECLS

#define SPK_TYPE_RULES_PAGE (spk_rules_page_get_type ())

G_DECLARE_FINAL_TYPE (SpkRulesPage, spk_rules_page, SPK, RULES_PAGE, GtkWidget)

/* The glossary pack and any saved import load in a worker thread; the
 * "ready" signal says when the page can search. */
gboolean    spk_rules_page_is_ready        (SpkRulesPage *self);
void        spk_rules_page_focus_search    (SpkRulesPage *self);
/* Puts @text in the search entry and lists the results at once. */
void        spk_rules_page_search          (SpkRulesPage *self,
                                            const char   *text);
guint       spk_rules_page_get_n_results   (SpkRulesPage *self);
/* The entry id of result @i ("table:ID" for a quick-reference table). */
const char *spk_rules_page_get_result      (SpkRulesPage *self,
                                            guint         i);
/* Opens an entry ("table:ID" opens a table) and records it for back and
 * forward; FALSE for an unknown id. */
gboolean    spk_rules_page_open            (SpkRulesPage *self,
                                            const char   *id);
const char *spk_rules_page_get_current     (SpkRulesPage *self);
/* The ids the open entry links to (see also, then backlinks), in the
 * order shown. */
const char *const *spk_rules_page_get_links (SpkRulesPage *self);
/* The ids of the rulings listed under the open term ("Rulings"), in the
 * order shown; NULL before anything is opened. */
const char *const *spk_rules_page_get_rulings (SpkRulesPage *self);
/* The "Rulings only" filter: the list and the search show the published
 * rulings alone (with nothing typed, every ruling). */
void        spk_rules_page_set_rulings_only (SpkRulesPage *self,
                                             gboolean      rulings_only);
gboolean    spk_rules_page_get_rulings_only (SpkRulesPage *self);
/* Opens the best match for a term name from elsewhere in the app. */
gboolean    spk_rules_page_show_term       (SpkRulesPage *self,
                                            const char   *term);
/* Takes @import (may be NULL): its wording is shown beside ours. */
void        spk_rules_page_set_import      (SpkRulesPage   *self,
                                            SpkRulesImport *import);
gboolean    spk_rules_page_has_official    (SpkRulesPage *self);
/* Shows titles in @language ("de", "de_DE.UTF-8"; "C" or NULL: the
 * pack's own English ones) in place of the user's first language the pack
 * has names in, and shows the results and the open entry again. */
void        spk_rules_page_set_language    (SpkRulesPage *self,
                                            const char   *language);
/* The open entry's title as shown, or NULL when no entry (or a table) is open. */
const char *spk_rules_page_get_shown_title (SpkRulesPage *self);

/* The game whose rules the page searches ("codex"), NULL for all games;
 * the Game filter shows it. The first pack's game until set (the window
 * sets the current table's). FALSE, and nothing changes, when no pack of
 * @game is installed; before the packs are read the game is kept and an
 * unknown one falls back to the first pack. While all games are searched,
 * results, links and spk_rules_page_get_current() name entries
 * "GAME:ID", since ids repeat across packs; so does an entry of another
 * game than the one searched. */
gboolean    spk_rules_page_set_game        (SpkRulesPage *self,
                                            const char   *game);
const char *spk_rules_page_get_game        (SpkRulesPage *self);

G_END_DECLS
