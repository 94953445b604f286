/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Toasts: the newest step's toast shows at once and takes down the toasts
 * of the step before, shown or waiting, so an Undo button never stands
 * for a step other than the one it names; undoing takes down the toasts
 * of the undone step; the notes of one step (a toast per change Next Phase
 * brought) follow its Undo toast. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-table.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tracker-page.h"
#include "spk-window.h"

static void
collect_toast_text (GtkWidget *widget, gboolean inside, GString *out, guint *n_toasts)
{
  if (spk_test_ui_is_type (widget, "AdwToastWidget"))
    {
      inside = TRUE;
      (*n_toasts)++;
    }
  if (inside && GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_toast_text (child, inside, out, n_toasts);
}

/* The toasts on screen now: how many, and their labels. */
static guint
shown_toasts (SpkWindow *window, char **text)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = 0;

  collect_toast_text (GTK_WIDGET (window), FALSE, out, &n);
  if (text != NULL)
    *text = g_strdup (out->str);
  return n;
}

static void
test_newest_step_replaces (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *table = spk_window_get_table (window);
  GtkWidget *tracker = spk_test_ui_find (GTK_WIDGET (window), spk_test_ui_is_type, "SpkTrackerPage");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *after_undo = NULL;
  g_autofree char *later = NULL;
  g_autofree char *step = NULL;

  g_assert_nonnull (tracker);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "tracker"));
  spk_test_ui_iterate (200);

  /* Set-up → Income: the phase with Undo, then its notes. */
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.next-phase", NULL));
  /* Toasts taken down leave with an animation. */
  spk_test_ui_iterate (1000);
  g_assert_cmpuint (shown_toasts (window, &first), ==, 1);
  step = g_strdup (spk_table_get_undo_label (table));
  *strstr (step, " — ") = '\0';
  g_assert_nonnull (strstr (first, step));
  g_assert_nonnull (strstr (first, "Undo"));

  /* Income → Market at once: the new step's toast is the one shown, and
   * nothing of the step before waits behind it. */
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.next-phase", NULL));
  /* Toasts taken down leave with an animation. */
  spk_test_ui_iterate (1000);
  shown_toasts (window, &second);
  g_test_message ("shown: %s", second);
  g_assert_cmpuint (shown_toasts (window, NULL), ==, 1);
  {
    g_auto(GStrv) parts = g_strsplit (spk_table_get_undo_label (table), " — ", 2);

    g_assert_nonnull (strstr (second, parts[0]));
  }
  g_assert_null (strstr (second, step));

  /* Undo takes its toast down; no older toast comes back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spk_test_ui_iterate (700);
  g_assert_cmpuint (shown_toasts (window, &after_undo), ==, 0);
  spk_test_ui_iterate (1500);
  g_assert_cmpuint (shown_toasts (window, &later), ==, 0);

  /* Quick steps, one while the toast of the one before is still coming
   * in: still one toast, the newest. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (spk_table_set_source (table, "brawnen", (int) i, NULL, NULL));
      g_assert_true (gtk_widget_activate_action (tracker, "tracker.next-phase", NULL));
      spk_test_ui_iterate (i * 60);
    }
  spk_test_ui_iterate (1000);
  {
    g_autofree char *text = NULL;
    g_auto(GStrv) parts = g_strsplit (spk_table_get_undo_label (table), " — ", 2);

    g_assert_cmpuint (shown_toasts (window, &text), ==, 1);
    g_assert_nonnull (strstr (text, parts[0]));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/toasts/newest-step-replaces", test_newest_step_replaces);
  return g_test_run ();
}
