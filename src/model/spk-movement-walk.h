/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-movement-walk.h: one walk through the movement stage of a turn.
 *
 * The Onslaught Phase's movement stage moves the minions of the faction
 * whose turn it is in leading-minion order (spk_movement_order). A walk
 * moves every minion whose movement the rules fix by itself and stops on
 * what the rules leave to the player: which of equally close minions goes
 * first (a tie), where a minion with a choice goes, or which hex a hero
 * displaced by a minion takes (M-12). The `question` property says which
 * of these waits; the answer functions give it and let the walk go on.
 *
 * Every move is an SpkTable action (spk_table_move_unit_full, or
 * spk_table_move_chip_full outside the Onslaught Phase, where a move is an
 * edit of the table): the table stays the referee, and its typed errors
 * (SPK_TABLE_ACTION_ERROR) come back unchanged. The moves of one Resolve
 * are one history group. An undo or redo of the table ends the walk.
 *
 * A move the player makes on a unit (spk_movement_walk_move) goes through
 * the walk too, walk or no walk, so that its displacement question has one
 * owner; moving the minion the walk waits on lets the walk go on. */
#pragma once

#include <glib-object.h>

#include "spk-table.h"

G_BEGIN_DECLS

/* What the player must answer now. */
typedef enum {
  SPK_WALK_QUESTION_NONE,
  SPK_WALK_QUESTION_TIE,          /* which tied minion moves first:
                                   * spk_movement_walk_answer_tie */
  SPK_WALK_QUESTION_DESTINATION,  /* where the waiting minion goes: move it
                                   * (or resolve again when it may stay) */
  SPK_WALK_QUESTION_DISPLACEMENT, /* where a displaced hero goes:
                                   * spk_movement_walk_answer_displacement */
} SpkWalkQuestion;

#define SPK_TYPE_WALK_QUESTION (spk_walk_question_get_type ())
GType spk_walk_question_get_type (void);

#define SPK_TYPE_MOVEMENT_WALK (spk_movement_walk_get_type ())
G_DECLARE_FINAL_TYPE (SpkMovementWalk, spk_movement_walk, SPK, MOVEMENT_WALK, GObject)

SpkMovementWalk *spk_movement_walk_new          (SpkTable        *table);
SpkTable        *spk_movement_walk_get_table    (SpkMovementWalk *self);

SpkWalkQuestion  spk_movement_walk_get_question (SpkMovementWalk *self);
/* Where the walk stands, in a sentence: the question it asks, or how many
 * minions moved once it is over. NULL before the first walk. */
const char      *spk_movement_walk_get_status   (SpkMovementWalk *self);
/* Minions the last walk moved, by itself and by the player's choice. */
guint            spk_movement_walk_get_moved    (SpkMovementWalk *self);
/* The minion the walk waits on (a destination or a displacement to
 * answer), NULL when none. */
const char      *spk_movement_walk_get_minion   (SpkMovementWalk *self);

/* The Resolve Movement button: starts a walk for the faction whose turn it
 * is, or goes on with the current one. A tie is asked again, never
 * answered for the player; a waiting minion that may stay stays, one that
 * must move is refused (SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION).
 * SPK_TABLE_ACTION_ERROR_WRONG_PHASE outside the Onslaught Phase. An error
 * from a move ends the walk. */
gboolean         spk_movement_walk_resolve      (SpkMovementWalk *self,
                                                 GError         **error);
/* Ends the walk: nothing waits any more. */
void             spk_movement_walk_reset        (SpkMovementWalk *self);

/* The tied minions (of char*, engine order) and the hex each leaves from
 * (of SpkHex), while the question is a tie; NULL otherwise. */
GPtrArray       *spk_movement_walk_get_tie      (SpkMovementWalk *self);
GArray          *spk_movement_walk_get_tie_hexes (SpkMovementWalk *self);
/* @minion, one of the tie, moves first; the walk goes on.
 * SPK_TABLE_ACTION_ERROR_INVALID when no tie waits or @minion is not in
 * it. */
gboolean         spk_movement_walk_answer_tie   (SpkMovementWalk *self,
                                                 const char      *minion,
                                                 GError         **error);

/* The player moves @chip to @hex (no check that it is the selected unit's
 * destination: the table checks the rules). TRUE when it moved, or when a
 * displaced hero needs a hex first: the question is then a displacement
 * and the move waits for the answer. When @chip is the minion the walk
 * waits on, the walk goes on after the move. The "moved" signal is
 * emitted after each move the player made. */
gboolean         spk_movement_walk_move         (SpkMovementWalk *self,
                                                 const char      *chip,
                                                 SpkHex           hex,
                                                 GError         **error);
/* The displacement question: the model's sentence naming the hero and
 * the hexes, the hero's id and those hexes (of SpkHex); NULL when no move
 * waits on one. */
const char      *spk_movement_walk_get_displacement_question (SpkMovementWalk *self);
const char      *spk_movement_walk_get_displaced_hero        (SpkMovementWalk *self);
GArray          *spk_movement_walk_get_displacement_offer    (SpkMovementWalk *self);
/* Answers the displacement question with @hex and makes the waiting move
 * (or asks about the next hero on its route). A hex the table refuses is
 * its typed error, and the waiting move is dropped (the player asks for it
 * again); SPK_TABLE_ACTION_ERROR_INVALID when no question waits. */
gboolean         spk_movement_walk_answer_displacement (SpkMovementWalk *self,
                                                        SpkHex           hex,
                                                        GError         **error);
/* Drops the move waiting on a displacement answer; a walk stays on its
 * minion, whose move may be asked for again. */
void             spk_movement_walk_cancel_displacement (SpkMovementWalk *self);

G_END_DECLS
