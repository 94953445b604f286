/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-selection-section.h: the Selection and Rules groups of the Table
 * page's side panel.
 *
 * Says what the selected hex and chip are (the board view's description)
 * and offers the glossary terms that bear on them, each a button opening
 * the Rules page (win.show-term). The Talents group lists the selected
 * chip's talents, each marked as applied by the app or as a reminder
 * (spk-talent.h, docs/talents.md). */
#pragma once

#include <adwaita.h>

#include "spk-grid.h"

G_BEGIN_DECLS

#define SPK_TYPE_SELECTION_SECTION (spk_selection_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkSelectionSection, spk_selection_section, SPK, SELECTION_SECTION, AdwBin)

/* @cell and @chip may be NULL; an empty @description says how to select. */
void        spk_selection_section_show      (SpkSelectionSection *self,
                                             const SpkCell       *cell,
                                             const SpkChip       *chip,
                                             const char          *description);
/* What the Selection group says. */
const char *spk_selection_section_get_text  (SpkSelectionSection *self);
/* The terms offered, in order, NULL-terminated (free with g_strfreev). */
char      **spk_selection_section_get_terms (SpkSelectionSection *self);
/* The Talents rows, "Talent: what the app does", in order (g_strfreev). */
char      **spk_selection_section_get_talents (SpkSelectionSection *self);

G_END_DECLS
