/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-preferences-window.h: the Preferences window.
 *
 * Appearance (style, colour-blind-safe faction colours, terrain patterns,
 * chip labels) and saving (autosave delay, undo history kept) are
 * GSettings keys, bound both ways, so a change applies at once wherever
 * it is used. The rule readings belong to the table (docs/rulings.md,
 * W-5): the window shows the current table's and changes it through the
 * table's action, a step in its log that undo takes back. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_PREFERENCES_WINDOW (spk_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (SpkPreferencesWindow, spk_preferences_window, SPK, PREFERENCES_WINDOW, AdwPreferencesWindow)

/* @settings: the app's settings; @table: the table of the window it was
 * opened from, or NULL (its rule readings cannot be changed then). */
GtkWidget *spk_preferences_window_new (GSettings *settings,
                                       SpkTable  *table);

G_END_DECLS
