/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Real key presses for ui tests: XTest events sent to the window's X11
 * surface, so they take the same path as a player's keyboard (shortcut
 * controllers in capture and bubble phase, focus, mnemonics). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* TRUE when the display is X11 with the XTest extension. */
gboolean spk_test_keys_available (void);

/* Presses and releases @keyval with @mods held down (Control, Alt, Shift)
 * while @window has the input focus, then runs the main loop a little. */
void     spk_test_keys_press     (GtkWidget       *window,
                                  guint            keyval,
                                  GdkModifierType  mods);

G_END_DECLS
