/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-overlays.h: the engine's answers as marks on a renderer.
 *
 * The Table page's overlay switches and movement panel, and
 * spirekeeper-cli render, mark the same hexes for the same answer: the
 * marking lives here once. Each function clears its layer first.
 */
#pragma once

#include "spk-board-renderer.h"
#include "spk-movement.h"

G_BEGIN_DECLS

/* The hexes under @faction's influence and the wells it may build on. */
void spk_board_overlays_influence (SpkBoardRenderer    *renderer,
                                   const SpkBoard      *board,
                                   const SpkGrid       *grid,
                                   const char          *faction);
/* What @faction's opponents' spires reach on its turn, and their
 * targets (@faction is the one whose turn it is). */
void spk_board_overlays_spires    (SpkBoardRenderer    *renderer,
                                   const SpkBoard      *board,
                                   const SpkGrid       *grid,
                                   const char          *faction);
/* Each hex's closeness to @faction's mark, for @unit's allowance when it
 * is one of @faction's units (may be NULL). */
void spk_board_overlays_closeness (SpkBoardRenderer    *renderer,
                                   const SpkBoard      *board,
                                   const SpkGrid       *grid,
                                   const char          *faction,
                                   const SpkChip       *unit);
/* A unit's legal destinations, each with its distance from the mark. */
void spk_board_overlays_moves     (SpkBoardRenderer    *renderer,
                                   const SpkMoveResult *moves);

G_END_DECLS
