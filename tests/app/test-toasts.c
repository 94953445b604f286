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
#include "spk-widget-util.h"
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

static gboolean
is_label_starting (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
has_action (GtkWidget *widget, const char *action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* @widget's bounds in the window's coordinates. */
static graphene_rect_t
bounds_in_window (GtkWidget *widget)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &r));
  return r;
}

static void
assert_clear_of (GtkWidget *toast, GtkWidget *control, const char *what)
{
  graphene_rect_t a = bounds_in_window (toast), b = bounds_in_window (control);

  g_test_message ("toast %.0f,%.0f %.0fx%.0f; %s %.0f,%.0f %.0fx%.0f", a.origin.x, a.origin.y, a.size.width,
                  a.size.height, what, b.origin.x, b.origin.y, b.size.width, b.size.height);
  g_assert_false (graphene_rect_intersection (&a, &b, NULL));
}

/* The toast stands clear of the board's zoom buttons and of Resolve, and
 * its text wraps within the window, at @width with the side panel shown
 * or not. */
static void
check_toast_geometry (SpkWindow *window, int width, gboolean panel, const char *text)
{
  const char *const zoom[] = { "page.zoom-out", "page.fit", "page.zoom-in" };
  GtkWidget *page = spk_test_ui_find (GTK_WIDGET (window), spk_test_ui_is_type, "SpkTablePage");
  GtkWidget *resolve = spk_test_ui_find (page, spk_test_ui_is_button_labelled, "_Resolve");
  AdwFlap *flap = ADW_FLAP (spk_test_ui_find (page, spk_test_ui_is_type, "AdwFlap"));
  GtkWidget *toast, *label;
  PangoLayout *layout;
  g_autofree char *shot = NULL;
  g_autofree char *name = g_strdup_printf ("toast-%d%s", width, panel ? "-panel" : "");

  /* On a busy machine the window's first configure can arrive after the
   * request and undo it: ask again (a new size each time) until it takes. */
  for (int attempt = 0; attempt < 10; attempt++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), width, 640 + attempt % 2);
      spk_test_ui_iterate (1000);
      if (gtk_widget_get_width (GTK_WIDGET (window)) <= width &&
          gtk_widget_get_width (GTK_WIDGET (window)) > width - 20)
        break;
    }
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, width - 20);
  adw_flap_set_reveal_flap (flap, panel);
  spk_test_ui_iterate (300);
  spk_toast_show (spk_test_ui_find (GTK_WIDGET (window), spk_test_ui_is_type, "AdwToastOverlay"), text, TRUE);
  spk_test_ui_iterate (1000);
  toast = spk_test_ui_find (GTK_WIDGET (window), spk_test_ui_is_type, "AdwToastWidget");
  g_assert_nonnull (toast);
  label = spk_test_ui_find (toast, is_label_starting, text);
  g_assert_nonnull (label);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  shot = spk_test_ui_screenshot (GTK_WIDGET (window), name);
  g_test_message ("%d px%s: \"%s\" on %d lines, %d px wide", width, panel ? ", panel" : "",
                  gtk_label_get_text (GTK_LABEL (label)), pango_layout_get_line_count (layout),
                  gtk_widget_get_width (label));
  /* A folded panel shown over the board hides the zoom buttons. */
  if (!panel || !adw_flap_get_folded (flap))
    for (guint i = 0; i < G_N_ELEMENTS (zoom); i++)
      assert_clear_of (toast, spk_test_ui_find (page, has_action, zoom[i]), zoom[i]);
  if (panel && adw_flap_get_folded (flap))
    {
      /* Over the board, the panel ends above the toast: none of its
       * buttons lies under it, and Resolve is reached by scrolling. */
      GtkWidget *scroller = spk_test_ui_find (page, spk_test_ui_is_type, "GtkScrolledWindow");
      graphene_rect_t t = bounds_in_window (toast), p = bounds_in_window (scroller);

      g_test_message ("toast top %.0f; panel %.0f to %.0f", t.origin.y, p.origin.y, p.origin.y + p.size.height);
      g_assert_cmpfloat (p.origin.y + p.size.height, <=, t.origin.y);
    }
  else if (panel)
    {
      graphene_rect_t r = bounds_in_window (resolve);

      /* On screen, or the check would mean nothing. */
      g_assert_cmpfloat (r.origin.y + r.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
      assert_clear_of (toast, resolve, "Resolve");
    }
  /* The whole text shows, wrapped to the toast's width. */
  g_assert_cmpint (gtk_widget_get_width (toast), <=, width);
  g_assert_false (pango_layout_is_ellipsized (layout));
  {
    int text_width, text_height;

    pango_layout_get_pixel_size (layout, &text_width, &text_height);
    g_assert_cmpint (text_width, <=, gtk_widget_get_width (label));
    g_assert_cmpint (text_height, <=, gtk_widget_get_height (label));
  }
  if (width <= 360 && strlen (text) > 40)
    g_assert_cmpint (pango_layout_get_line_count (layout), >, 1);
  spk_toast_dismiss (toast);
  spk_test_ui_iterate (700);
}

static void
test_clear_of_controls (void)
{
  const char *text = "Dispatch moved from (-2, 0) to (-1, 0) and Battleborn followed it to the gate of the "
                     "Grovetenders, which now has 8 health left";
  SpkWindow *window = spk_test_window_new ();
  SpkTable *table = spk_window_get_table (window);

  /* The Onslaught Phase, brawnen to move: Resolve is on offer. */
  while (spk_table_get_phase (table) != SPK_PHASE_ONSLAUGHT)
    g_assert_true (spk_table_advance_phase (table, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "table"));
  check_toast_geometry (window, 1280, TRUE, text);
  check_toast_geometry (window, 1280, FALSE, text);
  check_toast_geometry (window, 360, FALSE, text);
  check_toast_geometry (window, 360, TRUE, "Choose where Dispatch goes");
  check_toast_geometry (window, 360, TRUE, text);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/toasts/newest-step-replaces", test_newest_step_replaces);
  g_test_add_func ("/toasts/clear-of-controls", test_clear_of_controls);
  return g_test_run ();
}
