/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-follow.h: how a section of a page follows its table. */
#pragma once

#include "spk-table.h"

G_BEGIN_DECLS

/* Lets go of *@table (and the "recorded" handler *@handler on it), then
 * holds @next (may be NULL) with @update connected to its "recorded"
 * signal, called with @section as its only argument. Call it with NULL in
 * dispose. */
void spk_table_follow (gpointer   section,
                       SpkTable **table,
                       gulong    *handler,
                       SpkTable  *next,
                       GCallback  update);

G_END_DECLS
