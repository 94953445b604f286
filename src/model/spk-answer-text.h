/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-answer-text.h: answers as plain text a player can paste into a group
 * chat or read in a terminal. The CLI prints them and the app's Copy as
 * Text puts them on the clipboard, so both say the same. */
#pragma once

#include <glib.h>

#include "spk-board.h"
#include "spk-movement.h"

G_BEGIN_DECLS

/* What @rule asks of the unit, as a phrase: "must move to one of the
 * marked hexes". */
const char *spk_move_rule_summary (SpkMoveRule rule);

/* @res (an answer for a unit of @board) as lines: the unit, its faction and
 * hex and the rule, the engine's reasons, then each destination with its
 * route, lettered a, b, c... The text ends with a newline. */
char       *spk_move_answer_text  (const SpkBoard      *board,
                                   const SpkMoveResult *res);

G_END_DECLS
