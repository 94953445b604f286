/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-application.h"

#include <glib/gi18n.h>

#include "spk-look.h"
#include "spk-preferences-window.h"
#include "spk-window.h"

struct _SpkApplication
{
  AdwApplication parent_instance;

  GSettings     *settings;
};

G_DEFINE_FINAL_TYPE (SpkApplication, spk_application, ADW_TYPE_APPLICATION)

static void
spk_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (spk_window_new (SPK_APPLICATION (app)));
  gtk_window_present (window);
}

/* A table file given on the command line or double-clicked in a file
 * manager opens in the window on show, which keeps the table before it for
 * Bring Back, as New Table does; the first window opens it once the
 * autosave is read. Only the last of several files stays open: each one
 * replaces the one before, and Bring Back offers the one before it. */
static void
spk_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (spk_window_new (SPK_APPLICATION (app)));
  for (int i = 0; i < n_files; i++)
    spk_window_open_file (SPK_WINDOW (window), files[i]);
  gtk_window_present (window);
}

/* Quitting closes each window as its close button would, so a window
 * whose table cannot be saved asks first; the app ends with the last. */
static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GList *windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (user_data)),
                                     (GCopyFunc) (void (*) (void)) g_object_ref, NULL);

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *developers[] = { _("Spirekeeper developers"), NULL };

  adw_show_about_window (parent,
                         "application-name", _("Spirekeeper"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("A rules companion for the board game Cloudspire"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
apply_color_scheme (SpkApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme value = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (scheme, "light"))
    value = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (scheme, "dark"))
    value = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), value);
}

static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  SpkApplication *self = SPK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  SpkTable *table = SPK_IS_WINDOW (parent) ? spk_window_get_table (SPK_WINDOW (parent)) : NULL;
  GtkWidget *window = spk_preferences_window_new (self->settings, table);

  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry app_actions[] = {
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
};

static void
spk_application_startup (GApplication *app)
{
  SpkApplication *self = SPK_APPLICATION (app);
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (spk_application_parent_class)->startup (app);
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme", G_CALLBACK (apply_color_scheme), self,
                           G_CONNECT_SWAPPED);
  apply_color_scheme (self);
  /* How the board is drawn is one for the whole app, like the style. */
  g_settings_bind (self->settings, "colour-blind-palette", spk_look_get_default (), "colour-blind", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "terrain-patterns", spk_look_get_default (), "terrain-patterns", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-labels", spk_look_get_default (), "labels", G_SETTINGS_BIND_GET);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
spk_application_dispose (GObject *object)
{
  g_clear_object (&SPK_APPLICATION (object)->settings);
  G_OBJECT_CLASS (spk_application_parent_class)->dispose (object);
}

static void
spk_application_class_init (SpkApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = spk_application_dispose;

  app_class->activate = spk_application_activate;
  app_class->open = spk_application_open;
  app_class->startup = spk_application_startup;
}

static void
spk_application_init (SpkApplication *self)
{
}

SpkApplication *
spk_application_new (void)
{
  return g_object_new (SPK_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/spirekeeper/Spirekeeper",
                       NULL);
}

gboolean
spk_application_skip_software_gl (const char *dri_dir)
{
  if (g_getenv ("GSK_RENDERER") != NULL || g_getenv ("GDK_DEBUG") != NULL)
    return FALSE;
  if (g_file_test (dri_dir, G_FILE_TEST_IS_DIR))
    return FALSE;
  return g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
}
