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

/* The table's history, for tests that look at it on its own. */
SpkHistory *spk_table_get_history (SpkTable *self);

G_END_DECLS
