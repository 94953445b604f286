/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for widget tests: wait for a window, save a screenshot. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs the main loop until @widget is mapped and drawn once. */
void     spk_test_ui_wait_mapped (GtkWidget *widget);

/* Runs pending main-loop work for about @ms milliseconds. */
void     spk_test_ui_iterate     (guint ms);

/* @widget as it draws now, waiting for it to draw at all. */
GdkTexture *spk_test_ui_texture  (GtkWidget *widget);
/* Saves @widget (usually the window) as screenshots/NAME.png in the build
 * directory; returns the path. */
char    *spk_test_ui_screenshot  (GtkWidget *widget, const char *name);

/* The first widget under @root (itself included, depth first) for which
 * @match (widget, @data) is TRUE, or NULL. */
typedef gboolean (*SpkTestUiMatch) (GtkWidget *widget, const char *data);
GtkWidget *spk_test_ui_find      (GtkWidget      *root,
                                  SpkTestUiMatch  match,
                                  const char     *data);

/* Matchers for spk_test_ui_find: a widget of the type named @data
 * (subtypes included); an AdwPreferencesRow titled @data; a GtkButton
 * whose label is @data (mnemonic underscores included). */
gboolean   spk_test_ui_is_type       (GtkWidget *widget, const char *data);
gboolean   spk_test_ui_is_row_titled (GtkWidget *widget, const char *data);
gboolean   spk_test_ui_is_button_labelled (GtkWidget *widget, const char *data);

/* The first widget of @type under @root (itself included), or NULL. */
GtkWidget *spk_test_ui_find_type     (GtkWidget *root, GType type);

/* The AdwPreferencesRow titled @title under @root, and the control of
 * @type in it; the test fails when there is none. */
GtkWidget *spk_test_ui_row           (GtkWidget *root, const char *title);
GtkWidget *spk_test_ui_row_control   (GtkWidget *root, const char *title, GType type);

/* The first visible toplevel window of @type (subtypes included), or
 * NULL: a dialog the app has just opened. */
GtkWidget *spk_test_ui_shown_window  (GType type);

/* The text on @widget's clipboard, waiting for it; "" when it holds none. */
char      *spk_test_ui_read_clipboard (GtkWidget *widget);

G_END_DECLS
