/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-log-markdown.h: a table's action log as it reads back after the
 * game: where each step led, and the whole log as Markdown to keep or
 * share. */
#pragma once

#include "spk-economy.h"
#include "spk-table.h"

G_BEGIN_DECLS

/* Where step @index of the log (oldest first) led: the wave and phase the
 * next step was taken in, or those of the table now for the newest. Each
 * step records the wave and phase it was taken in, so the step that pays
 * income would otherwise read as part of the phase before. FALSE when
 * there is no such step. */
gboolean spk_log_step_place   (SpkTable *table,
                               guint     index,
                               int      *wave,
                               SpkPhase *phase);
/* The same at a Codex table: the turn and Codex phase the step led to.
 * FALSE when there is no such step or the table is not a Codex table. */
gboolean spk_log_codex_step_place (SpkTable      *table,
                                   guint          index,
                                   int           *turn,
                                   SpkCodexPhase *phase);

/* The log, oldest first, as Markdown: a heading @title (or "Action Log"),
 * a heading per wave and per phase, then one list line per step with the
 * faction that took it. Ends with a newline. */
char    *spk_log_to_markdown  (SpkTable   *table,
                               const char *title);

G_END_DECLS
