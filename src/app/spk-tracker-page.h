/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-tracker-page.h: the Tracker page: a shell of sections, top to
 * bottom: wave and phase with Next Phase (spk-wave-section.h), the end of
 * the game (spk-result-section.h), one card per faction bound to the
 * table's factions list (spk-faction-card.h), the Market
 * (spk-market-section.h) and the action log (spk-log-section.h).
 *
 * Its actions (tracker.next-phase, tracker.buy-market,
 * tracker.buy-earthscape, tracker.pass-market, tracker.edit-faction (s),
 * tracker.edit-structures (s), tracker.buy-advancement (ss),
 * tracker.remove-faction (s), the s being a faction id) are those of the
 * section or card that does the work; tracker.add-faction asks for a new
 * faction's name (spk_edit_dialog_add_faction). */
#pragma once

#include <adwaita.h>

#include "spk-codex-section.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_TRACKER_PAGE (spk_tracker_page_get_type ())

G_DECLARE_FINAL_TYPE (SpkTrackerPage, spk_tracker_page, SPK, TRACKER_PAGE, GtkWidget)

void        spk_tracker_page_set_table     (SpkTrackerPage *self,
                                            SpkTable       *table);
/* What the page shows, for tests and screen readers: the header line and
 * a faction card's value for one field ("source", "gate", "cp",
 * "limited", "spires", "heroes", "advancements", "power", "barracks"). */
const char *spk_tracker_page_get_header    (SpkTrackerPage *self);
/* The Codex board, shown for a Codex table instead of the Cloudspire
 * sections (for tests). */
SpkCodexSection *spk_tracker_page_get_codex_section (SpkTrackerPage *self);
const char *spk_tracker_page_get_value     (SpkTrackerPage *self,
                                            const char     *faction,
                                            const char     *field);
const char *spk_tracker_page_get_end_text  (SpkTrackerPage *self);
/* The line under the wave: phase, first player and, in the Onslaught
 * Phase, whose turn it is. */
const char *spk_tracker_page_get_phase_text (SpkTrackerPage *self);
/* The Market section's sentences: what is on offer, and whether (or why
 * not) the chosen faction can buy what the form names and the earthscape. */
const char *spk_tracker_page_get_market_text (SpkTrackerPage *self);
/* Rows in the log list as filtered now. */
guint       spk_tracker_page_get_n_log_rows (SpkTrackerPage *self);
/* Shows the steps of @faction only; NULL shows all. */
void        spk_tracker_page_filter_log    (SpkTrackerPage *self,
                                            const char     *faction);

G_END_DECLS
