/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-test-ui.h"

#include <adwaita.h>
#include <glib/gstdio.h>

static gboolean
timeout_done (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
spk_test_ui_iterate (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_done, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

void
spk_test_ui_wait_mapped (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (widget));
  spk_test_ui_iterate (200);
}

GdkTexture *
spk_test_ui_texture (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  int w = 0, h = 0;

  /* A widget waiting for a new layout, or a window not yet given its
   * size, draws nothing: give it a moment (more on a busy machine). */
  for (int tries = 0; node == NULL && (tries == 0 || g_get_monotonic_time () < deadline); tries++)
    {
      if (tries > 0)
        spk_test_ui_iterate (50);
      w = gtk_widget_get_width (widget);
      h = gtk_widget_get_height (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
    }
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
}

char *
spk_test_ui_screenshot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("SPK_SCREENSHOT_DIR");
  g_autoptr(GdkTexture) texture = spk_test_ui_texture (widget);
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  char *path;

  if (dir == NULL)
    dir = g_get_tmp_dir ();
  g_mkdir_with_parents (dir, 0755);
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  return path;
}

GtkWidget *
spk_test_ui_find (GtkWidget *root, SpkTestUiMatch match, const char *data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = spk_test_ui_find (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
spk_test_ui_is_type (GtkWidget *widget, const char *data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, g_type_from_name (data));
}

gboolean
spk_test_ui_is_row_titled (GtkWidget *widget, const char *data)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

gboolean
spk_test_ui_is_button_labelled (GtkWidget *widget, const char *data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

GtkWidget *
spk_test_ui_find_type (GtkWidget *root, GType type)
{
  return spk_test_ui_find (root, spk_test_ui_is_type, g_type_name (type));
}

GtkWidget *
spk_test_ui_row (GtkWidget *root, const char *title)
{
  GtkWidget *found = spk_test_ui_find (root, spk_test_ui_is_row_titled, title);

  g_assert_nonnull (found);
  return found;
}

GtkWidget *
spk_test_ui_row_control (GtkWidget *root, const char *title, GType type)
{
  GtkWidget *found = spk_test_ui_find_type (spk_test_ui_row (root, title), type);

  g_assert_nonnull (found);
  return found;
}

static void
clipboard_text_read (GObject *source, GAsyncResult *result, gpointer data)
{
  char **text = data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

char *
spk_test_ui_read_clipboard (GtkWidget *widget)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clipboard_text_read, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  return text;
}

GtkWidget *
spk_test_ui_shown_window (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}
