/* Helpers for widget tests: wait for a window, save a screenshot. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs the main loop until @widget is mapped and drawn once. */
void     spk_test_ui_wait_mapped (GtkWidget *widget);

/* Runs pending main-loop work for about @ms milliseconds. */
void     spk_test_ui_iterate     (guint ms);

/* Saves @widget (usually the window) as screenshots/NAME.png in the build
 * directory; returns the path. */
char    *spk_test_ui_screenshot  (GtkWidget *widget, const char *name);

G_END_DECLS
