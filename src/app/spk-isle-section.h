/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-isle-section.h: the Isle tool's options on the Table page.
 *
 * The isle templates (the game's published tiles, built in and listed
 * first, then the player's own, kept in spk_isle_templates_default_path):
 * which to lay and how it is turned and mirrored, a preview of where it would land,
 * laying it on open sky as one step, and saving the isle of the selected
 * hex as a new template. What it did is said through the "message"
 * signal; "turned" says the orientation changed (R, M, the buttons). */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_ISLE_SECTION (spk_isle_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkIsleSection, spk_isle_section, SPK, ISLE_SECTION, AdwPreferencesGroup)

void      spk_isle_section_set_table      (SpkIsleSection *self,
                                           SpkTable       *table);
/* Where the preview is marked (its path layer) and whose selected hex
 * Save keeps. */
void      spk_isle_section_set_board_view (SpkIsleSection *self,
                                           SpkBoardView   *view);
/* Marks where the chosen isle would land with its first hex on @anchor,
 * the hexes it may not cover as refused, and says whether a click there
 * lays it, selects, or why not. NULL without a board. */
char     *spk_isle_section_preview        (SpkIsleSection *self,
                                           SpkHex          anchor);
/* Turns the chosen isle @turns sixths clockwise, mirrored when @flip. */
void      spk_isle_section_turn           (SpkIsleSection *self,
                                           int             turns,
                                           gboolean        flip);
/* Lays the chosen isle with its first hex on @anchor, as one step of the
 * table's history; with @announce a message names it, with Undo. An
 * earthscape template goes through spk_table_place_earthscape for the
 * first faction with a bought earthscape waiting, when there is one. */
gboolean  spk_isle_section_lay            (SpkIsleSection *self,
                                           SpkHex          anchor,
                                           gboolean        announce,
                                           GError        **error);

G_END_DECLS
