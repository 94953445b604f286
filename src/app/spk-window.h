/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "spk-application.h"
#include "spk-autosave.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_WINDOW (spk_window_get_type ())

G_DECLARE_FINAL_TYPE (SpkWindow, spk_window, SPK, WINDOW, AdwApplicationWindow)

SpkWindow *spk_window_new        (SpkApplication *app);

/* The table on show; NULL until the first one has loaded. */
SpkTable  *spk_window_get_table  (SpkWindow      *self);
/* What keeps the table on disk; NULL when no table is on show. */
SpkAutosave *spk_window_get_autosave (SpkWindow    *self);
void       spk_window_set_table  (SpkWindow      *self,
                                  SpkTable       *table,
                                  GFile          *file);
/* Reads a table file without blocking; errors end up in a toast. */
void       spk_window_open_file  (SpkWindow      *self,
                                  GFile          *file);
/* The demo table shipped with the app (as on first start). */
void       spk_window_load_demo  (SpkWindow      *self);
/* Writes the table (with its history) or the board image without
 * blocking; @callback may be NULL. */
void       spk_window_save_to    (SpkWindow      *self,
                                  GFile          *file,
                                  GAsyncReadyCallback callback,
                                  gpointer        user_data);
void       spk_window_export_image (SpkWindow    *self,
                                  GFile          *file,
                                  GAsyncReadyCallback callback,
                                  gpointer        user_data);
/* Reads the player's own copy of the Rules Reference (plain text), keeps
 * it in the user data dir and shows its wording beside ours. */
void       spk_window_import_rules (SpkWindow    *self,
                                  GFile          *file);
gboolean   spk_window_write_finish (SpkWindow    *self,
                                  GAsyncResult   *result,
                                  GError        **error);

G_END_DECLS
