#include "config.h"

#include "spk-application.h"

#include <glib/gi18n.h>

#include "spk-window.h"

struct _SpkApplication
{
  AdwApplication parent_instance;
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

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *developers[] = { "Spirekeeper developers", NULL };

  adw_show_about_window (parent,
                         "application-name", _("Spirekeeper"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("A rules companion for the board game Cloudspire"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
};

static void
spk_application_startup (GApplication *app)
{
  const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (spk_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
spk_application_class_init (SpkApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = spk_application_activate;
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
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/spirekeeper/Spirekeeper",
                       NULL);
}
