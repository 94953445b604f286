/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-log-section.h"

#include "spk-table-codex.h"

#include <glib/gi18n.h>
#include <string.h>

#include "spk-economy.h"
#include "spk-log-markdown.h"
#include "spk-table-follow.h"
#include "spk-widget-util.h"

struct _SpkLogSection
{
  AdwBin              parent_instance;

  GtkDropDown        *faction_filter;
  GtkCheckButton     *map_edits;
  GtkListBox         *log_list;

  SpkTable           *table;
  gulong              recorded_handler;
  gulong              log_handler;
  GHashTable         *places;        /* SpkLogEntry* -> its place in the table's log + 1 */
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;        /* newest first */
  GPtrArray          *filter_ids;    /* of char*; [0] NULL = every faction */
  gboolean            rebuilding;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (SpkLogSection, spk_log_section, ADW_TYPE_BIN)

/* A step's place in the table's log (oldest first): it orders the list
 * newest first and finds the step after. */
static guint
log_place (SpkLogSection *self, SpkLogEntry *entry)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->places, entry)) - 1;
}

static void
log_items_changed (GListModel *log, guint position, guint removed, guint added, SpkLogSection *self)
{
  /* Entries taken out are forgotten: their addresses may come back. */
  if (removed > 0)
    {
      g_hash_table_remove_all (self->places);
      position = 0;
    }
  for (guint i = position; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(SpkLogEntry) entry = g_list_model_get_item (log, i);

      g_hash_table_insert (self->places, entry, GUINT_TO_POINTER (i + 1));
    }
}

static int
newest_first (gconstpointer a, gconstpointer b, gpointer data)
{
  SpkLogSection *self = data;
  guint ia = log_place (self, (SpkLogEntry *) a), ib = log_place (self, (SpkLogEntry *) b);

  return ia > ib ? -1 : ia < ib ? 1 : 0;
}

/* A Codex step: the turn and phase it led to. */
static char *
codex_subtitle (SpkLogSection *self, SpkLogEntry *entry)
{
  SpkCodexPhase phase = SPK_CODEX_PHASE_READY;
  int turn = 1;

  spk_log_codex_step_place (self->table, log_place (self, entry), &turn, &phase);
  return g_strdup_printf (_("Turn %d · %s"), turn, spk_codex_phase_label (phase));
}

static char *
row_subtitle (SpkLogSection *self, SpkLogEntry *entry)
{
  const char *faction = spk_log_entry_get_faction (entry);
  const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;
  SpkPhase phase = SPK_PHASE_SETUP;
  int wave;

  if (self->table != NULL && spk_table_get_codex (self->table) != NULL)
    return codex_subtitle (self, entry);
  /* A step is tagged with where it led (spk_log_step_place). */
  if (self->table == NULL || !spk_log_step_place (self->table, log_place (self, entry), &wave, &phase))
    {
      wave = spk_log_entry_get_wave (entry);
      spk_phase_from_string (spk_log_entry_get_phase (entry), &phase);
    }
  return faction != NULL && b != NULL
         ? g_strdup_printf (_("Wave %d · %s · %s"), wave, spk_phase_label (phase), spk_board_faction_label (b, faction))
         : g_strdup_printf (_("Wave %d · %s"), wave, spk_phase_label (phase));
}

static GtkWidget *
create_row (gpointer item, gpointer data)
{
  SpkLogEntry *entry = item;
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = row_subtitle (data, entry);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), spk_log_entry_get_label (entry));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  return row;
}

/* The newest row is made while its step is recorded, before the table
 * shows the step's outcome: it reads the phase again once it does. */
static void
update_newest_row (SpkLogSection *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->log_list, 0);
  g_autoptr(SpkLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->sorted), 0);
  g_autofree char *subtitle = NULL;

  if (row == NULL || entry == NULL)
    return;
  subtitle = row_subtitle (self, entry);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

/* A step that only edits the map: every change it holds is to the hexes
 * (terrain, groups, wells) or the fortresses, none to a faction, a chip or
 * the table's wave and phase. */
static gboolean
is_map_edit (SpkLogEntry *entry)
{
  JsonNode *changes = spk_log_entry_get_changes (entry);
  JsonArray *array;

  if (changes == NULL || !JSON_NODE_HOLDS_ARRAY (changes))
    return FALSE;
  array = json_node_get_array (changes);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *change = json_array_get_element (array, i);
      const char *in = JSON_NODE_HOLDS_OBJECT (change)
                       ? json_object_get_string_member_with_default (json_node_get_object (change), "in", NULL)
                       : NULL;

      if (g_strcmp0 (in, "hexes") != 0 && g_strcmp0 (in, "fortresses") != 0)
        return FALSE;
    }
  return json_array_get_length (array) > 0;
}

static gboolean
filter_func (gpointer item, gpointer data)
{
  SpkLogSection *self = data;
  guint i = gtk_drop_down_get_selected (self->faction_filter);
  const char *want = self->filter_ids != NULL && i < self->filter_ids->len ? g_ptr_array_index (self->filter_ids, i) : NULL;

  if (!gtk_check_button_get_active (self->map_edits) && is_map_edit (item))
    return FALSE;
  return want == NULL || g_strcmp0 (spk_log_entry_get_faction (item), want) == 0;
}

/* Template callback of both filter controls. */
static void
filter_changed (SpkLogSection *self)
{
  if (!self->rebuilding)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
rebuild_filter (SpkLogSection *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;

  self->rebuilding = TRUE;
  g_clear_pointer (&self->filter_ids, g_ptr_array_unref);
  self->filter_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_string_list_append (names, _("All Factions"));
  g_ptr_array_add (self->filter_ids, NULL);
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
      g_ptr_array_add (self->filter_ids, g_strdup (f->id));
    }
  gtk_drop_down_set_model (self->faction_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->faction_filter, 0);
  self->rebuilding = FALSE;
  filter_changed (self);
}

/* The faction choice names the factions as they are now; it keeps its
 * selection. */
static void
rebuild_filter_if_renamed (SpkLogSection *self)
{
  const SpkBoard *b = spk_table_get_board (self->table);
  guint selected = gtk_drop_down_get_selected (self->faction_filter);
  GListModel *names = gtk_drop_down_get_model (self->faction_filter);
  gboolean same = names != NULL && g_list_model_get_n_items (names) == b->factions->len + 1;

  for (guint i = 0; same && i < b->factions->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i + 1),
                      spk_faction_label (g_ptr_array_index (b->factions, i))) == 0;
  if (same)
    return;
  rebuild_filter (self);
  if (selected < self->filter_ids->len)
    gtk_drop_down_set_selected (self->faction_filter, selected);
}

static void
table_recorded (SpkLogSection *self)
{
  update_newest_row (self);
  rebuild_filter_if_renamed (self);
}

/* --- Export as Markdown --------------------------------------------------------- */

static void
export_written (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;

  if (g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
spk_log_section_export_to (SpkLogSection *self, GFile *file, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  g_autoptr(GBytes) bytes = NULL;
  char *text;

  g_return_if_fail (SPK_IS_LOG_SECTION (self) && G_IS_FILE (file));
  task = g_task_new (self, NULL, callback, user_data);
  if (self->table == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no table to export"));
      g_object_unref (task);
      return;
    }
  text = spk_log_to_markdown (self->table, _("Spirekeeper Action Log"));
  bytes = g_bytes_new_take (text, strlen (text));
  /* g_file_replace writes beside the file and renames: never half a log. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       export_written, task);
}

gboolean
spk_log_section_export_finish (SpkLogSection *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
exported (GObject *source, GAsyncResult *result, gpointer data)
{
  SpkLogSection *self = SPK_LOG_SECTION (source);
  g_autoptr(GFile) file = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;

  if (spk_log_section_export_finish (self, result, &error))
    text = g_strdup_printf (_("Exported the log to “%s”"), name);
  else
    text = g_strdup_printf (_("Could not export “%s”: %s"), name, error->message);
  spk_toast_show (GTK_WIDGET (self), text, FALSE);
}

static void
export_response (GtkNativeDialog *dialog, int response, SpkLogSection *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      GFile *file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        spk_log_section_export_to (self, file, exported, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

/* Template callback of Export as Markdown…. */
static void
export_clicked (SpkLogSection *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export the Action Log"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Markdown"));
  gtk_file_filter_add_mime_type (filter, "text/markdown");
  gtk_file_filter_add_suffix (filter, "md");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("action-log.md"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
spk_log_section_dispose (GObject *object)
{
  SpkLogSection *self = SPK_LOG_SECTION (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->log_handler, spk_table_get_log (self->table));
  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_LOG_SECTION);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  G_OBJECT_CLASS (spk_log_section_parent_class)->dispose (object);
}

static void
spk_log_section_finalize (GObject *object)
{
  SpkLogSection *self = SPK_LOG_SECTION (object);

  g_hash_table_unref (self->places);
  g_clear_pointer (&self->filter_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_log_section_parent_class)->finalize (object);
}

static void
spk_log_section_class_init (SpkLogSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_log_section_dispose;
  object_class->finalize = spk_log_section_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-log-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkLogSection, faction_filter);
  gtk_widget_class_bind_template_child (widget_class, SpkLogSection, map_edits);
  gtk_widget_class_bind_template_child (widget_class, SpkLogSection, log_list);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked);
}

static void
spk_log_section_init (SpkLogSection *self)
{
  self->places = g_hash_table_new (NULL, NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (NULL, GTK_FILTER (self->filter));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->filtered)),
                                          GTK_SORTER (gtk_custom_sorter_new (newest_first, self, NULL)));
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_bind_model (self->log_list, G_LIST_MODEL (self->sorted), create_row, self, NULL);
}

void
spk_log_section_set_table (SpkLogSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_LOG_SECTION (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->log_handler, spk_table_get_log (self->table));
  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (table_recorded));
  g_hash_table_remove_all (self->places);
  /* Placed before the list sees a change, so new rows sort and read
   * their next step right. */
  if (table != NULL)
    {
      log_items_changed (spk_table_get_log (table), 0, 0, 0, self);
      self->log_handler = g_signal_connect (spk_table_get_log (table), "items-changed",
                                            G_CALLBACK (log_items_changed), self);
    }
  gtk_filter_list_model_set_model (self->filtered, table != NULL ? spk_table_get_log (table) : NULL);
  rebuild_filter (self);
  /* A Codex table has no factions and no map to filter by. */
  gtk_widget_set_visible (GTK_WIDGET (self->faction_filter),
                          table == NULL || spk_table_get_codex (table) == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->map_edits), table == NULL || spk_table_get_codex (table) == NULL);
}

guint
spk_log_section_get_n_rows (SpkLogSection *self)
{
  g_return_val_if_fail (SPK_IS_LOG_SECTION (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

void
spk_log_section_filter (SpkLogSection *self, const char *faction)
{
  g_return_if_fail (SPK_IS_LOG_SECTION (self));
  for (guint i = 0; self->filter_ids != NULL && i < self->filter_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->filter_ids, i), faction) == 0)
      gtk_drop_down_set_selected (self->faction_filter, i);
}
