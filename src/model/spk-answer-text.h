/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-answer-text.h: answers as plain text a player can paste into a group
 * chat or read in a terminal. The CLI prints them and the app's Copy as
 * Text puts them on the clipboard, so both say the same. */
#pragma once

#include <glib.h>

#include "spk-board.h"
#include "spk-movement.h"
#include "spk-table.h"

G_BEGIN_DECLS

/* The rule readings @board plays by that differ from the official ones,
 * one line each ("Reading in force: …"), so an answer pasted elsewhere
 * says which rules it follows; "" when every reading is the official
 * one. The move and spire answers end with it. */
char       *spk_rule_readings_text (const SpkBoard *board);

/* What @rule asks of the unit, as a phrase: "must move to one of the
 * marked hexes". */
const char *spk_move_rule_summary (SpkMoveRule rule);

/* @res (an answer for a unit of @board) as lines: the unit, its faction and
 * hex and the rule, the engine's reasons, then each destination with its
 * route, lettered a, b, c... The text ends with a newline. */
char       *spk_move_answer_text  (const SpkBoard      *board,
                                   const SpkMoveResult *res);

/* One upgrade a spire might buy now: its price and the model's answer to
 * a dry run of buying it (phase, turn, limited builds, capacity, Source). */
typedef struct {
  SpkUpgrade  upgrade;
  int         cost;       /* SPK_UPGRADE_OVER_CAPACITY past its capacity */
  gboolean    allowed;
  char       *reason;     /* why not, as the model says it; NULL if allowed */
} SpkUpgradeOption;

/* The three upgrades of @spire (a spire of @table), in SpkUpgrade order:
 * an array of SpkUpgradeOption that frees its reasons. NULL when @spire is
 * not a spire on the table. */
GArray     *spk_spire_upgrade_options (SpkTable   *table,
                                       const char *spire);

/* What a player says of a spire: its faction's Source, attack, range and
 * upgrades, then each upgrade with its price or why it cannot be bought
 * now. Ends with a newline; NULL when @spire is not a spire. */
char       *spk_spire_answer_text     (SpkTable   *table,
                                       const char *spire);

G_END_DECLS
