/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-kept-table.h: the table New Table or Open… replaced, kept for Bring
 * Back: in memory with its history, file and name, and on disk beside the
 * autosave ("previous-table.json") in case the app is closed first. One
 * table is kept at a time: keeping another replaces it. */
#pragma once

#include <gio/gio.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_KEPT_TABLE (spk_kept_table_get_type ())

G_DECLARE_FINAL_TYPE (SpkKeptTable, spk_kept_table, SPK, KEPT_TABLE, GObject)

SpkKeptTable *spk_kept_table_new  (void);
/* Keeps @table, shown from @file (may be NULL) and called @name while it
 * has no file; its copy on disk is written in the background. */
void          spk_kept_table_keep (SpkKeptTable *self,
                                   SpkTable     *table,
                                   GFile        *file,
                                   const char   *name);
gboolean      spk_kept_table_has  (SpkKeptTable *self);
/* Hands over what was kept (each out argument owned by the caller) and
 * forgets it; FALSE when nothing is kept. */
gboolean      spk_kept_table_take (SpkKeptTable *self,
                                   SpkTable    **table,
                                   GFile       **file,
                                   char        **name);

G_END_DECLS
