/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-movement-section.h: the Movement sections of the Table page's side
 * panel.
 *
 * "Movement" shows the selected unit's destinations (spk-movement.h) with
 * the reasons, lit on the board view's moves layer; a row or a click on a
 * lit hex moves the unit. "Movement Stage" says whose turn it is, with End
 * Turn, and drives an SpkMovementWalk with Resolve Movement: the tied
 * minions to pick from (listed and lit), the minion whose destination the
 * player chooses (selected), and an AdwMessageDialog asking where a
 * displaced hero goes. Every move goes through the walk, which acts on the
 * table. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-movement-walk.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_MOVEMENT_SECTION (spk_movement_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkMovementSection, spk_movement_section, SPK, MOVEMENT_SECTION, AdwBin)

/* The table it reads and acts on; a new table starts a new walk. */
void             spk_movement_section_set_table      (SpkMovementSection *self,
                                                      SpkTable           *table);
SpkMovementWalk *spk_movement_section_get_walk       (SpkMovementSection *self);
/* Where destinations, routes and ties are lit, and whose selection
 * follows the walk; may be NULL. */
void             spk_movement_section_set_board_view (SpkMovementSection *self,
                                                      SpkBoardView       *view);
/* The chip id of the selected chip, or NULL: the Movement section shows
 * for a unit. Refreshes in any case (call it after every change). */
void             spk_movement_section_set_unit       (SpkMovementSection *self,
                                                      const char         *unit);
/* Whose turn it is, afresh from the table; call it after every change. */
void             spk_movement_section_update_turn    (SpkMovementSection *self);

/* A click on @hex with the Select tool: a lit minion of a tie moves first,
 * or the selected unit moves to one of its destinations (a refusal is
 * shown in a toast). FALSE when @hex is neither. */
gboolean         spk_movement_section_activate_hex   (SpkMovementSection *self,
                                                      SpkHex              hex);
/* The pointer is over @hex: the route there when it is a destination. */
void             spk_movement_section_show_route     (SpkMovementSection *self,
                                                      SpkHex              hex);
/* Moves the selected unit to @hex if that is one of its destinations and
 * it may move now; TRUE too when the move waits on a displaced hero's hex
 * (the dialog asks; spk_movement_section_answer_displacement answers). */
gboolean         spk_movement_section_move_selected  (SpkMovementSection *self,
                                                      SpkHex              hex,
                                                      GError            **error);
gboolean         spk_movement_section_answer_displacement (SpkMovementSection *self,
                                                           SpkHex              hex,
                                                           GError            **error);
/* Resolve Movement and End Turn, as their buttons do. */
void             spk_movement_section_resolve        (SpkMovementSection *self);
void             spk_movement_section_end_turn       (SpkMovementSection *self);

/* What the sections say, for tests and screen readers: whose turn it is,
 * where the walk stands, the selected unit's movement (NULL when no unit
 * is selected), and the last toast (NULL before the first). */
const char      *spk_movement_section_get_turn_text     (SpkMovementSection *self);
const char      *spk_movement_section_get_resolve_text  (SpkMovementSection *self);
const char      *spk_movement_section_get_movement_text (SpkMovementSection *self);
const char      *spk_movement_section_get_last_message  (SpkMovementSection *self);

G_END_DECLS
