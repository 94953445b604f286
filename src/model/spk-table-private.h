/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-private.h: how actions (spk-table-actions.c) change a table. */
#pragma once

#include "spk-history.h"
#include "spk-table.h"

G_BEGIN_DECLS

/* A copy of the board for an action to change. */
SpkBoard *spk_table_action_begin  (SpkTable   *self);
/* Validates @board (taken) as a table file and records the difference to
 * the current board as one step labelled @label, acted by @faction (may be
 * NULL). Nothing is recorded when nothing changed. */
gboolean  spk_table_action_commit (SpkTable   *self,
                                   SpkBoard   *board,
                                   const char *faction,
                                   const char *label,
                                   GError    **error);

/* Rules shared by the actions and New Table (spk-table-setup.c). */
/* May @faction mark @mark: an opposing faction whose gate stands
 * (SPK_TABLE_ACTION_ERROR_INVALID or _UNKNOWN_FACTION otherwise). */
gboolean    spk_board_check_mark         (const SpkBoard   *board,
                                          const char       *faction,
                                          const char       *mark,
                                          GError          **error);
/* @wanted (stripped) is a name no faction but @self has, case ignored,
 * and not empty (SPK_TABLE_ACTION_ERROR_INVALID otherwise). */
gboolean    spk_board_check_faction_name (const SpkBoard   *board,
                                          const SpkFaction *self,
                                          const char       *wanted,
                                          GError          **error);
/* R-faction-3: the first faction after seat @from, round the table, that
 * opposes @faction and whose gate stands; NULL when none does. */
const char *spk_board_next_mark          (const SpkBoard   *board,
                                          guint             from,
                                          const char       *faction);

/* The table's history, for tests that look at it on its own. */
SpkHistory *spk_table_get_history (SpkTable *self);

G_END_DECLS
