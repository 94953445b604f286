/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-damage-section.h: the Damage section of the Table page.
 *
 * Deals damage to the selected chip, or to the gate selected, through the
 * model (spk_table_damage_chip, spk_table_damage_gate), naming who deals
 * it: "Dealt by" starts at the faction whose turn it is and follows the
 * turn. What it did is said through the "message" signal. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-grid.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_DAMAGE_SECTION (spk_damage_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkDamageSection, spk_damage_section, SPK, DAMAGE_SECTION, AdwPreferencesGroup)

void spk_damage_section_set_table       (SpkDamageSection *self,
                                         SpkTable         *table);
/* Whose selection takes the damage. */
void spk_damage_section_set_board_view  (SpkDamageSection *self,
                                         SpkBoardView     *view);
/* The factions that may deal damage: @ids (of char*, kept) in the order
 * of @names; "Dealt by" offers nobody first, then follows the turn. */
void spk_damage_section_set_factions    (SpkDamageSection *self,
                                         GPtrArray        *ids,
                                         GListModel       *names);
/* The turn may have passed: "Dealt by" follows it. */
void spk_damage_section_follow_turn     (SpkDamageSection *self);
/* Shown for a chip on the board or a gate (@cell, @chip may be NULL). */
void spk_damage_section_show_for        (SpkDamageSection *self,
                                         const SpkCell    *cell,
                                         const SpkChip    *chip);

G_END_DECLS
