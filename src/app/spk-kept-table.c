/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-kept-table.h"

#include <glib/gstdio.h>

#include "spk-autosave.h"

struct _SpkKeptTable
{
  GObject   parent_instance;

  SpkTable *table;
  GFile    *file;
  char     *name;
};

G_DEFINE_FINAL_TYPE (SpkKeptTable, spk_kept_table, G_TYPE_OBJECT)

static void
written (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_warning ("Could not keep the previous table: %s", error->message);
}

void
spk_kept_table_keep (SpkKeptTable *self, SpkTable *table, GFile *file, const char *name)
{
  g_autofree char *autosave = spk_autosave_default_path ();
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *path = g_build_filename (dir, "previous-table.json", NULL);
  g_autoptr(GFile) out = g_file_new_for_path (path);
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  char *data;

  g_return_if_fail (SPK_IS_KEPT_TABLE (self) && SPK_IS_TABLE (table));
  g_set_object (&self->table, table);
  g_set_object (&self->file, file);
  g_free (self->name);
  self->name = g_strdup (name);
  g_mkdir_with_parents (dir, 0700);
  data = spk_table_to_data (table, &length);
  bytes = g_bytes_new_take (data, length);
  /* Written to a new file and renamed over the old one. */
  g_file_replace_contents_bytes_async (out, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       written, NULL);
}

gboolean
spk_kept_table_has (SpkKeptTable *self)
{
  g_return_val_if_fail (SPK_IS_KEPT_TABLE (self), FALSE);
  return self->table != NULL;
}

gboolean
spk_kept_table_take (SpkKeptTable *self, SpkTable **table, GFile **file, char **name)
{
  g_return_val_if_fail (SPK_IS_KEPT_TABLE (self), FALSE);
  if (self->table == NULL)
    return FALSE;
  *table = g_steal_pointer (&self->table);
  *file = g_steal_pointer (&self->file);
  *name = g_steal_pointer (&self->name);
  return TRUE;
}

static void
spk_kept_table_dispose (GObject *object)
{
  SpkKeptTable *self = SPK_KEPT_TABLE (object);

  g_clear_object (&self->table);
  g_clear_object (&self->file);
  g_clear_pointer (&self->name, g_free);
  G_OBJECT_CLASS (spk_kept_table_parent_class)->dispose (object);
}

static void
spk_kept_table_class_init (SpkKeptTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = spk_kept_table_dispose;
}

static void
spk_kept_table_init (SpkKeptTable *self)
{
}

SpkKeptTable *
spk_kept_table_new (void)
{
  return g_object_new (SPK_TYPE_KEPT_TABLE, NULL);
}
