/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-recent-tables.h"

#include <glib/gi18n.h>

#define TABLE_MIME_TYPE "application/x-spirekeeper-table"
/* The name the recent list files our tables under: fixed, so it neither
 * depends on how the program was started nor changes with the language. */
#define RECENT_APP_NAME "Spirekeeper"

void
spk_recent_tables_add (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = { 0 };

  g_return_if_fail (G_IS_FILE (file));
  uri = g_file_get_uri (file);
  data.mime_type = (char *) TABLE_MIME_TYPE;
  data.app_name = (char *) RECENT_APP_NAME;
  data.app_exec = (char *) "spirekeeper %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  GtkRecentInfo *x = *(GtkRecentInfo **) a, *y = *(GtkRecentInfo **) b;

  return g_date_time_compare (gtk_recent_info_get_modified (y), gtk_recent_info_get_modified (x));
}

static void
rebuild (GtkRecentManager *manager, GMenu *menu)
{
  GList *items = gtk_recent_manager_get_items (manager);
  g_autoptr(GPtrArray) ours = g_ptr_array_new ();

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (gtk_recent_info_has_application (info, RECENT_APP_NAME) && gtk_recent_info_exists (info))
        g_ptr_array_add (ours, info);
    }
  g_ptr_array_sort (ours, newest_first);
  g_menu_remove_all (menu);
  for (guint i = 0; i < ours->len && i < SPK_RECENT_TABLES_MAX; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (menu, item);
    }
  /* No such action: the item shows, greyed out. */
  if (ours->len == 0)
    g_menu_append (menu, _("No Recent Tables"), "win.no-recent-tables");
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

GMenuModel *
spk_recent_tables_menu_new (void)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GMenu *menu = g_menu_new ();

  rebuild (manager, menu);
  g_signal_connect_object (manager, "changed", G_CALLBACK (rebuild), menu, 0);
  return G_MENU_MODEL (menu);
}
