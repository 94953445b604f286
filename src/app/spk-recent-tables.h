/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-recent-tables.h: the tables opened and saved lately, as the desktop's
 * recent files list keeps them (GtkRecentManager), offered as a menu. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SPK_RECENT_TABLES_MAX 8

/* Notes @file as a table opened or saved just now. */
void        spk_recent_tables_add      (GFile *file);

/* A menu of the most recent tables of this application that still exist,
 * newest first, at most SPK_RECENT_TABLES_MAX; each item runs
 * "win.open-recent" with the file's URI. It follows the recent list while
 * it lives. With no recent table it holds one item that does nothing and
 * says so. */
GMenuModel *spk_recent_tables_menu_new (void);

G_END_DECLS
