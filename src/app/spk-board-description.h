/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-description.h: a hex in words.
 *
 * What a hex is and what stands on it (terrain, group, well, fortress,
 * deployment stack, chip with its health, upgrades and grouped minions),
 * as the board canvas offers it to screen readers and the Table page
 * shows it.
 */
#pragma once

#include "spk-board.h"
#include "spk-grid.h"

G_BEGIN_DECLS

/* NULL for sky (or without a board). */
char *spk_board_describe_hex (const SpkBoard *board,
                              const SpkGrid  *grid,
                              SpkHex          hex);

G_END_DECLS
