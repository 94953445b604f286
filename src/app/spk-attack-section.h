/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-attack-section.h: the Attack section of the Table page's side panel.
 *
 * For the selected unit it shows what spk_attack_options answers: its
 * attack and range, whether it must or cannot attack, one row per legal
 * target with what the attack would do there, and the opposing chips it
 * may not attack with the reason. Each target row has an Attack button,
 * sensitive when a dry run of spk_table_attack passes; pressing it asks
 * the questions the attack raises (in an AdwMessageDialog) and carries the
 * attack out as one step of the table's history. The targets are marked
 * on the board view's attacks layer.
 */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_ATTACK_SECTION (spk_attack_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkAttackSection, spk_attack_section, SPK, ATTACK_SECTION, AdwBin)

/* The table it reads and acts on; it refreshes on the table's "recorded"
 * signal. NULL hides the section. */
void        spk_attack_section_set_table        (SpkAttackSection *self,
                                                 SpkTable         *table);
/* Where the targets are marked (SPK_BOARD_LAYER_ATTACKS); may be NULL. */
void        spk_attack_section_set_board_view   (SpkAttackSection *self,
                                                 SpkBoardView     *view);
/* The chip id of the selected chip, or NULL. The section shows only for
 * a minion or hero standing on the board. Refreshes in any case. */
void        spk_attack_section_set_attacker     (SpkAttackSection *self,
                                                 const char       *attacker);
const char *spk_attack_section_get_attacker     (SpkAttackSection *self);
/* The line under the title (attack, range, must or cannot attack). */
const char *spk_attack_section_get_status_text  (SpkAttackSection *self);
/* The last message shown in a toast, NULL before the first. */
const char *spk_attack_section_get_last_message (SpkAttackSection *self);

G_END_DECLS
