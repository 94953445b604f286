/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-stack-section.h: the Deployment Stack section of the Table page.
 *
 * In the Prep Phase, a faction's deployment stack as an editable list
 * (top first, grouped minions under their top minion): units move up and
 * down, leave, or join from the chip editor or from beside the barracks
 * (mercs bought, returned heroes). What the rules say about the edited
 * stack (spk_table_check_deployment) shows before Apply makes it the
 * faction's stack. What it did is said through the "message" signal. */
#pragma once

#include <adwaita.h>

#include "spk-chip-editor.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_STACK_SECTION (spk_stack_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkStackSection, spk_stack_section, SPK, STACK_SECTION, AdwPreferencesGroup)

void        spk_stack_section_set_table       (SpkStackSection *self,
                                               SpkTable        *table);
/* Where Add Unit takes the unit from. */
void        spk_stack_section_set_chip_editor (SpkStackSection *self,
                                               SpkChipEditor   *editor);
/* Shows @faction's stack in the Prep Phase (hidden otherwise, or for
 * NULL). Edits in progress survive; another faction or @reload starts
 * over from the table. */
void        spk_stack_section_show_faction    (SpkStackSection *self,
                                               const char      *faction,
                                               gboolean         reload);
/* CP spent and every problem the rules find, NULL while hidden. */
const char *spk_stack_section_get_text        (SpkStackSection *self);
/* The deployment stack of @faction as it is on @board, top first, grouped
 * minions right after their top one (copies). */
GPtrArray  *spk_stack_section_units_of        (const SpkBoard  *board,
                                               const char      *faction);

G_END_DECLS
