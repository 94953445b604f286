#include "config.h"

#include "spk-window.h"

#include <glib/gi18n.h>

#include "spk-table-file.h"

struct _SpkWindow
{
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *title;
  AdwStatusPage  *status;
};

G_DEFINE_FINAL_TYPE (SpkWindow, spk_window, ADW_TYPE_APPLICATION_WINDOW)

/* Shows what the demo table holds, so a first start shows a real table. */
static void
show_demo_summary (SpkWindow *self)
{
  g_autofree char *path = g_build_filename (SPK_SOURCE_DATADIR, "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = NULL;
  g_autofree char *text = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_clear_pointer (&path, g_free);
      path = g_build_filename (PKGDATADIR, "demo", "demo-table.json", NULL);
    }
  board = spk_table_file_load (path, NULL, &error);
  if (board == NULL)
    {
      adw_status_page_set_title (self->status, _("The demo table could not be read"));
      adw_status_page_set_description (self->status, error->message);
      return;
    }
  adw_window_title_set_subtitle (self->title, _("Demo table"));
  text = g_strdup_printf (_("%d players, wave %d, %u hexes and %u chips on the table."),
                          board->player_count, board->wave, board->hexes->len, board->chips->len);
  adw_status_page_set_description (self->status, text);
}

static void
spk_window_class_init (SpkWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, title);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, status);
}

static void
spk_window_init (SpkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  show_demo_summary (self);
}

SpkWindow *
spk_window_new (SpkApplication *app)
{
  return g_object_new (SPK_TYPE_WINDOW, "application", app, NULL);
}
