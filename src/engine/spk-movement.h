/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-movement.h: where may this unit go, and why.
 *
 * Answers the movement question for one minion or hero of a board: its
 * closeness to its mark, every legal end hex (all tied choices, each with
 * one example route), the rule that produced them and plain sentences a
 * player can check against the rules. docs/rulings.md ("## Movement") lists
 * the choices made where the rules leave room.
 *
 * An SpkMovement borrows a board (and optionally a grid built from it) and
 * caches closeness maps per (mark, terrain allowance), so asking about many
 * units of one board is cheap. Rebuild it after the board changes. It holds
 * a search workspace, so use one per thread.
 */
#pragma once

#include <glib.h>

#include "spk-board.h"
#include "spk-grid.h"

G_BEGIN_DECLS

#define SPK_MOVEMENT_ERROR (spk_movement_error_quark ())

typedef enum {
  SPK_MOVEMENT_ERROR_UNKNOWN_CHIP,    /* no chip has that id */
  SPK_MOVEMENT_ERROR_NOT_A_UNIT,      /* the chip is a spire or landmark */
  SPK_MOVEMENT_ERROR_UNKNOWN_FACTION, /* no faction has that id */
  SPK_MOVEMENT_ERROR_NO_PLACE,        /* neither placed, stacked nor grouped */
} SpkMovementError;

typedef enum {
  SPK_MOVE_RULE_PROGRESS,      /* must end on one of the destinations */
  SPK_MOVE_RULE_LATERAL,       /* may end on one of them, or stay */
  SPK_MOVE_RULE_NONE,          /* cannot move */
  SPK_MOVE_RULE_ALREADY_MOVED, /* moved earlier this turn */
  SPK_MOVE_RULE_WAITING,       /* under another unit in the deployment stack */
  SPK_MOVE_RULE_RECOVER,       /* starts on an invalid hex (Invalid Hex rule) */
  SPK_MOVE_RULE_HERO,          /* a hero's free choice */
  SPK_N_MOVE_RULES
} SpkMoveRule;

/* Closeness that no route reaches. */
#define SPK_MOVEMENT_UNREACHABLE (-1)

typedef struct {
  SpkHex     hex;
  int        distance;   /* closeness to the mark, SPK_MOVEMENT_UNREACHABLE */
  SpkHex    *path;       /* n_path hexes: start hex first, this hex last;
                            memory of the result it belongs to */
  guint      n_path;
  GPtrArray *displaces;  /* of char*: ids of heroes swapped on the way */
} SpkMoveDestination;

typedef struct {
  char        *chip;
  SpkChipKind  kind;
  SpkMoveRule  rule;
  gboolean     may_stay;
  int          movement_used;  /* steps of a progress move (recover: most
                                  steps of any option), else 0 */
  int          start_distance; /* SPK_MOVEMENT_UNREACHABLE when none */
  SpkHex       start;          /* the hex it leaves: its own, or its gate */
  int          range;          /* from an "N Range" talent, 0 without */
  GPtrArray   *destinations;   /* of SpkMoveDestination*, by distance, r, q */
  GPtrArray   *explanation;    /* of char*: translated sentences */
  gboolean     approximate;    /* ruling M-16: the route search reached its
                                  work limit and some options stand on the
                                  walk count alone (see the explanation) */
} SpkMoveResult;

typedef struct {
  int        distance;          /* SPK_MOVEMENT_UNREACHABLE for the last tier */
  GPtrArray *chips;             /* of char*: tied minion ids, board order */
} SpkOrderTier;

typedef struct _SpkMovement SpkMovement;

GQuark         spk_movement_error_quark  (void);

/* @grid may be NULL (one is built) or a grid of @board that outlives the
 * returned object. */
SpkMovement   *spk_movement_new          (const SpkBoard *board,
                                          const SpkGrid  *grid);
void           spk_movement_free         (SpkMovement *movement);

const SpkGrid *spk_movement_get_grid     (SpkMovement *movement);

/* Closeness of @hex to the gate of @mark_faction for a unit with
 * @allowance: the fewest steps over hexes within the allowance, through
 * units but not spires or landmarks, gates or fortress wells. A hex that is
 * not itself on such a route (a gate, a hex outside the allowance) counts
 * from its best neighbour. SPK_MOVEMENT_UNREACHABLE when there is no route
 * or no such gate. */
int            spk_movement_closeness    (SpkMovement *movement,
                                          SpkHex       hex,
                                          const char  *mark_faction,
                                          SpkTerrain   allowance);

/* The answer for one chip. A minion grouped under another gets rule
 * `none`. Errors: SPK_MOVEMENT_ERROR_UNKNOWN_CHIP, _NOT_A_UNIT, _NO_PLACE. */
SpkMoveResult *spk_movement_query        (SpkMovement *movement,
                                          const char  *chip_id,
                                          GError     **error);

typedef enum {
  SPK_MOVE_QUERY_DEFAULT        = 0,
  SPK_MOVE_QUERY_NO_EXPLANATION = 1 << 0, /* options only, e.g. for overlays */
} SpkMoveQueryFlags;

/* spk_movement_query with @flags. */
SpkMoveResult *spk_movement_query_full   (SpkMovement       *movement,
                                          const char        *chip_id,
                                          SpkMoveQueryFlags  flags,
                                          GError           **error);

/* One-off convenience: builds a context (reusing @grid if given). */
SpkMoveResult *spk_movement_moves        (const SpkBoard *board,
                                          const SpkGrid  *grid,
                                          const char     *chip_id,
                                          GError        **error);

/* Leading-minion order of @faction: its minions that have not moved (and
 * the minion on top of its deployment stack), closest to the mark first,
 * ties in one tier; minions with no route to the mark come last. Returns a
 * GPtrArray of SpkOrderTier* (free with g_ptr_array_unref). Error:
 * SPK_MOVEMENT_ERROR_UNKNOWN_FACTION. */
GPtrArray     *spk_movement_order        (SpkMovement *movement,
                                          const char  *faction,
                                          GError     **error);

/* A result's destinations and sentences live in memory that the result
 * owns: read them while it lives, never steal them from its arrays. */
void           spk_move_result_free      (SpkMoveResult *result);
/* Releases what @destination holds; the struct goes with its result. */
void           spk_move_destination_free (SpkMoveDestination *destination);
void           spk_order_tier_free       (SpkOrderTier *tier);

/* "progress", "lateral", "none", "already-moved", "waiting", "recover",
 * "hero". */
const char    *spk_move_rule_to_string   (SpkMoveRule rule);

/* The destination at @hex, or NULL. */
const SpkMoveDestination *spk_move_result_find (const SpkMoveResult *result,
                                                SpkHex               hex);

/* Parses an "N Range" talent ("2 Range", case-insensitive); 0 when @talent
 * is something else. */
int            spk_talent_range          (const char *talent);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkMovement, spk_movement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkMoveResult, spk_move_result_free)

G_END_DECLS
