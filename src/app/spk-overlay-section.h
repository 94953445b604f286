/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-overlay-section.h: the Overlays section of the Table page.
 *
 * A faction and what to draw for it on the board view's overlay layers:
 * its influence (buildable wells outlined), the opposing spires' ranges
 * and targets, and each hex's closeness to its mark (for the selected
 * unit's allowance when it is one of the faction's). The faction chosen
 * here is a property: the Deployment Stack section follows it. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_OVERLAY_SECTION (spk_overlay_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkOverlaySection, spk_overlay_section, SPK, OVERLAY_SECTION, AdwPreferencesGroup)

void        spk_overlay_section_set_table      (SpkOverlaySection *self,
                                                SpkTable          *table);
void        spk_overlay_section_set_board_view (SpkOverlaySection *self,
                                                SpkBoardView      *view);
/* The factions to choose from: @ids (of char*, kept) in the order of
 * @names. The choice goes back to the first. */
void        spk_overlay_section_set_factions   (SpkOverlaySection *self,
                                                GPtrArray         *ids,
                                                GListModel        *names);
/* The chosen faction's id (the "faction" property), NULL when none. */
const char *spk_overlay_section_get_faction    (SpkOverlaySection *self);
/* Chooses @id when it is one of the factions. */
void        spk_overlay_section_set_faction    (SpkOverlaySection *self,
                                                const char        *id);
/* Draws the overlays afresh; with @selection_only, only what depends on
 * the selected unit (closeness), and only when it is shown. */
void        spk_overlay_section_refresh        (SpkOverlaySection *self,
                                                gboolean           selection_only);

G_END_DECLS
