/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window: the table it shows and its title, reading a table
 * (and the autosave at start), writing and exporting, the save bar and
 * closing. Its actions are in spk-window-actions.c. */
#include "config.h"

#include "spk-window-private.h"

#include "spk-json-guard.h"
#include "spk-table-file.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "spk-board-export.h"
#include "spk-file-dialogs.h"
#include "spk-new-table-dialog.h"
#include "spk-recent-tables.h"
#include "spk-widget-util.h"
#include "spk-table-codex.h"

G_DEFINE_FINAL_TYPE (SpkWindow, spk_window, ADW_TYPE_APPLICATION_WINDOW)

void
_spk_window_toast (SpkWindow *self, const char *text)
{
  spk_toast_show (GTK_WIDGET (self->toast_overlay), text, FALSE);
}

/* The buttons' tooltips say what they would take back or do again (a
 * whole turn after End Turn); @what is taken. */
static void
set_history_tooltip (GtkWidget *button, const char *plain, char *what)
{
  g_autofree char *text = what != NULL ? g_strdup_printf ("%s: %s", plain, what) : NULL;

  gtk_widget_set_tooltip_text (button, text != NULL ? text : plain);
  g_free (what);
}

static void
update_history_actions (SpkWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 self->table != NULL && spk_table_can_undo (self->table));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 self->table != NULL && spk_table_can_redo (self->table));
  set_history_tooltip (self->undo_button, _("Undo"),
                       self->table != NULL ? spk_table_describe_undo (self->table) : NULL);
  set_history_tooltip (self->redo_button, _("Redo"),
                       self->table != NULL ? spk_table_describe_redo (self->table) : NULL);
}

/* The header names the table (its file, or what it is) and says whether
 * the autosave has it: the table is never "unsaved" while that holds. */
/* The table's name as the title shows it. */
char *
_spk_window_table_name (SpkWindow *self)
{
  return self->file != NULL ? g_file_get_basename (self->file) : g_strdup (self->name);
}

static void
update_title (SpkWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *state = NULL;
  const GError *error;

  if (self->table == NULL)
    {
      adw_view_switcher_title_set_title (self->switcher_title, _("Spirekeeper"));
      adw_view_switcher_title_set_subtitle (self->switcher_title, "");
      return;
    }
  name = _spk_window_table_name (self);
  if (self->autosave != NULL && spk_autosave_get_unsaved (self->autosave))
    {
      error = spk_autosave_get_error (self->autosave);
      state = g_strdup_printf (_("Not saved: %s"), error != NULL ? error->message : _("unknown error"));
    }
  else
    state = g_strdup (_("Autosaved"));
  adw_view_switcher_title_set_title (self->switcher_title, name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, state);
}

/* The bar stays while a step is not on disk: a toast could go unseen. */
static void
update_save_bar (SpkWindow *self)
{
  gboolean unsaved = self->autosave != NULL && spk_autosave_get_unsaved (self->autosave);
  gboolean shown = gtk_revealer_get_reveal_child (self->save_revealer);

  if (unsaved)
    {
      const GError *error = spk_autosave_get_error (self->autosave);
      g_autofree char *text =
        g_strdup_printf (_("The table could not be saved (%s). Spirekeeper keeps trying; free some disk space "
                           "or make the folder writable, and keep the app open until this bar goes away."),
                         error != NULL ? error->message : _("unknown error"));

      gtk_label_set_text (self->save_label, text);
    }
  gtk_revealer_set_reveal_child (self->save_revealer, unsaved);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-retry", unsaved);
  if (shown && !unsaved && self->autosave != NULL)
    _spk_window_toast (self, _("The table is saved again."));
  update_title (self);
}

SpkTable *
spk_window_get_table (SpkWindow *self)
{
  g_return_val_if_fail (SPK_IS_WINDOW (self), NULL);
  return self->table;
}

SpkAutosave *
spk_window_get_autosave (SpkWindow *self)
{
  g_return_val_if_fail (SPK_IS_WINDOW (self), NULL);
  return self->autosave;
}

static const char *const saving_keys[] = { "autosave-delay", "history-limited", "history-steps" };

/* The saving preferences, applied to the table on show and its autosave
 * at once, whenever they change. */
static void
apply_saving_settings (SpkWindow *self)
{
  guint steps = g_settings_get_boolean (self->settings, "history-limited")
                  ? g_settings_get_uint (self->settings, "history-steps") : 0;

  if (self->autosave != NULL)
    spk_autosave_set_delay (self->autosave,
                            (guint) (g_settings_get_double (self->settings, "autosave-delay") * 1000 + 0.5));
  if (self->table != NULL)
    spk_table_set_history_limit (self->table, steps);
}

/* R-codex-5: a Codex table has no Cloudspire board, so the Table page is
 * hidden and the switcher offers the Tracker and the Rules. */
gboolean
_spk_window_is_codex (SpkWindow *self)
{
  return self->table != NULL && spk_table_get_codex (self->table) != NULL;
}

static void
show_pages_for_game (SpkWindow *self)
{
  AdwViewStackPage *page = adw_view_stack_get_page (self->stack, GTK_WIDGET (self->table_page));
  gboolean codex = _spk_window_is_codex (self);

  adw_view_stack_page_set_visible (page, !codex);
  /* The Rules page searches the table's game first (R-rules-7). */
  spk_rules_page_set_game (self->rules_page, codex ? "codex" : "cloudspire");
  if (codex && g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "table") == 0)
    adw_view_stack_set_visible_child_name (self->stack, "tracker");
}

/* @name is what the table is called while it has no file. */
void
_spk_window_set_table_named (SpkWindow *self, SpkTable *table, GFile *file, const char *name)
{
  gboolean kept = table != NULL && table != self->table && self->table != NULL;
  char *copy;

  /* A table that is replaced (New Table, Open…) is kept for Bring Back,
   * untouched or not: the New Table dialog promises it. */
  if (kept)
    spk_kept_table_keep (self->previous, self->table, self->file, self->name);
  if (self->table != NULL)
    {
      g_clear_signal_handler (&self->undo_handler, self->table);
      g_clear_signal_handler (&self->redo_handler, self->table);
      g_clear_signal_handler (&self->can_undo_handler, self->table);
    }
  g_set_object (&self->table, table);
  g_set_object (&self->file, file);
  copy = g_strdup (name);
  g_free (self->name);
  self->name = copy;
  /* Every table on show is kept on disk after each action, so a crash or
   * a closed window loses nothing; the next start reopens it. */
  if (self->autosave != NULL)
    g_clear_signal_handler (&self->unsaved_handler, self->autosave);
  g_clear_object (&self->autosave);
  if (table != NULL)
    {
      self->autosave = spk_autosave_new (table, NULL);
      self->unsaved_handler = g_signal_connect_swapped (self->autosave, "notify::unsaved",
                                                        G_CALLBACK (update_save_bar), self);
    }
  apply_saving_settings (self);
  update_save_bar (self);
  if (table != NULL)
    {
      self->undo_handler = g_signal_connect_swapped (table, "recorded",
                                                     G_CALLBACK (update_history_actions), self);
      self->redo_handler = g_signal_connect_swapped (table, "notify::can-redo",
                                                     G_CALLBACK (update_history_actions), self);
      self->can_undo_handler = g_signal_connect_swapped (table, "notify::can-undo",
                                                         G_CALLBACK (update_history_actions), self);
    }
  /* Nothing Cloudspire runs on a Codex table's empty board. */
  spk_table_page_set_table (self->table_page, _spk_window_is_codex (self) ? NULL : table);
  spk_tracker_page_set_table (self->tracker_page, table);
  show_pages_for_game (self);
  update_history_actions (self);
  update_title (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.bring-back", spk_kept_table_has (self->previous));
  if (kept)
    spk_toast_offer (GTK_WIDGET (self->toast_overlay), _("The table before is kept until the next one"),
                     _("_Bring Back"), "win.bring-back");
}

void
spk_window_set_table (SpkWindow *self, SpkTable *table, GFile *file)
{
  g_return_if_fail (SPK_IS_WINDOW (self));
  _spk_window_set_table_named (self, table, file, _("New table"));
}

/* --- reading ------------------------------------------------------------------- */

static void
load_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkWindow) self = data;
  GFile *file = G_FILE (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) table = NULL;
  g_autofree char *contents = NULL;
  gboolean demo = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (file), "spk-demo"));
  gsize length = 0;

  if (g_file_load_contents_finish (file, result, &contents, &length, NULL, &error))
    table = spk_table_new_from_data (contents, length, &error);
  if (table == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autoptr(GPtrArray) problems = NULL;

      /* A table that does not follow the format: every problem, where it
       * is and what to write, in a dialog that stays until read. */
      if (contents != NULL && g_error_matches (error, SPK_TABLE_ERROR, error->code))
        spk_board_free (spk_table_file_parse_full (contents, (gssize) length, &problems, NULL));
      spk_open_problems_dialog_present (GTK_WINDOW (self), name, error, problems);
      return;
    }
  /* The demo is a starting point: saving asks where. */
  if (demo)
    _spk_window_set_table_named (self, table, NULL, _("Demo table"));
  else
    {
      spk_window_set_table (self, table, file);
      spk_recent_tables_add (file);
    }
}

/* A file past the size limit is refused from its size alone, before a
 * byte of it is read (a 200 MB file once took gigabytes to read). */
static void
size_known (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkWindow) self = data;
  GFile *file = G_FILE (source);
  g_autoptr(GFileInfo) info = g_file_query_info_finish (file, result, NULL);

  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE) &&
      g_file_info_get_size (info) > SPK_JSON_MAX_SIZE)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *size = g_format_size_full ((guint64) g_file_info_get_size (info), G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (SPK_JSON_MAX_SIZE, G_FORMAT_SIZE_IEC_UNITS);
      g_autoptr(GError) error = g_error_new (SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE,
                                             _("the file is %s, more than the limit of %s; no table is that "
                                               "large, so this is not a table file or it is damaged"),
                                             size, limit);

      spk_open_problems_dialog_present (GTK_WINDOW (self), name, error, NULL);
      return;
    }
  /* A size that cannot be known (a pipe): the reader still caps the text. */
  g_file_load_contents_async (file, NULL, load_done, g_object_ref (self));
}

void
spk_window_open_file (SpkWindow *self, GFile *file)
{
  g_return_if_fail (SPK_IS_WINDOW (self));
  /* A file named at start waits for the autosave, so the table left last
   * time is what Bring Back offers, not lost under the file. */
  if (self->restoring)
    {
      g_ptr_array_add (self->waiting, g_object_ref (file));
      return;
    }
  g_file_query_info_async (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT, NULL, size_known, g_object_ref (self));
}

typedef struct {
  SpkTable         *table;
  SpkAutosaveStart  how;
  char             *set_aside;
} Restored;

static void
restored_free (gpointer data)
{
  Restored *r = data;

  g_clear_object (&r->table);
  g_free (r->set_aside);
  g_free (r);
}

/* First start: the demo. Later starts: the table as it was left, or the
 * last good state when the autosave is damaged. */
static void
restore_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Restored *r = g_new0 (Restored, 1);

  r->table = spk_autosave_open_at_start (NULL, &r->how, &r->set_aside);
  g_task_return_pointer (task, r, restored_free);
}

/* The second frame comes after the first was drawn: the table from the
 * autosave was shown without stopping the app. */
static gboolean
started_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SpkWindow *self = SPK_WINDOW (widget);
  guint *frames = data;

  if (++*frames < 2)
    return G_SOURCE_CONTINUE;
  if (self->table != NULL)
    spk_autosave_started (NULL, self->table);
  return G_SOURCE_REMOVE;
}

static void
restore_done (GObject *source, GAsyncResult *result, gpointer data)
{
  SpkWindow *self = SPK_WINDOW (source);
  Restored *r = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(GPtrArray) waiting = g_steal_pointer (&self->waiting);

  self->restoring = FALSE;
  if (r->table != NULL)
    {
      _spk_window_set_table_named (self, r->table, NULL, _("Restored table"));
      gtk_widget_add_tick_callback (GTK_WIDGET (self), started_tick, g_new0 (guint, 1), g_free);
    }
  else if (waiting == NULL || waiting->len == 0)
    spk_window_load_demo (self);
  if (r->how == SPK_AUTOSAVE_START_TRIMMED || r->how == SPK_AUTOSAVE_START_GOOD_COPY ||
      r->how == SPK_AUTOSAVE_START_NOTHING)
    spk_damaged_autosave_dialog_present (GTK_WINDOW (self), r->how, r->set_aside);
  restored_free (r);
  for (guint i = 0; waiting != NULL && i < waiting->len; i++)
    spk_window_open_file (self, g_ptr_array_index (waiting, i));
}

void
spk_window_load_demo (SpkWindow *self)
{
  g_autoptr(GFile) file = spk_new_table_demo_file ();

  g_return_if_fail (SPK_IS_WINDOW (self));
  spk_window_open_file (self, file);
}

/* --- writing ------------------------------------------------------------------- */

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;

  if (g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
write_bytes (SpkWindow *self, GFile *file, GBytes *bytes, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);

  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                       NULL, write_done, task);
}

gboolean
spk_window_write_finish (SpkWindow *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
spk_window_save_to (SpkWindow *self, GFile *file, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;
  char *data;

  g_return_if_fail (SPK_IS_WINDOW (self) && self->table != NULL);
  data = spk_table_to_data (self->table, &length);
  bytes = g_bytes_new_take (data, length);
  write_bytes (self, file, bytes, callback, user_data);
}

void
spk_window_export_image (SpkWindow *self, GFile *file, GAsyncReadyCallback callback, gpointer user_data)
{
  SpkBoardView *view;
  g_autofree char *path = NULL, *file_name = NULL, *name = NULL;
  g_autoptr(SpkBoardCaption) caption = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const SpkChip *chip;
  SpkImageFormat format;

  g_return_if_fail (SPK_IS_WINDOW (self) && self->table != NULL);
  view = spk_table_page_get_board_view (self->table_page);
  path = g_file_get_basename (file);
  if (spk_image_format_for_path (path, &format, &error))
    {
      /* The picture shows what the board does: its overlays, the
       * selected hex, and the selected chip's answer. */
      chip = spk_board_view_get_selected_chip (view);
      file_name = _spk_window_table_name (self);
      name = spk_board_export_table_name (file_name);
      caption = spk_board_caption_new (self->table, name, chip != NULL ? chip->id : NULL);
      caption->has_selected = spk_board_view_get_selected (view, &caption->selected);
      caption->overlay_faction = g_strdup (spk_table_page_get_overlay_faction (self->table_page));
      bytes = spk_board_export_to_bytes (spk_board_view_get_renderer (view), caption, format, 48, &error);
    }
  if (bytes == NULL)
    {
      GTask *task = g_task_new (self, NULL, callback, user_data);

      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }
  write_bytes (self, file, bytes, callback, user_data);
}

/* After Save As (data "saved") or Export (data "exported"): say how it went. */
void
_spk_window_written (GObject *source, GAsyncResult *result, gpointer data)
{
  SpkWindow *self = SPK_WINDOW (source);
  g_autoptr(GFile) file = data;
  gboolean export = g_object_get_data (G_OBJECT (file), "spk-export") != NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = NULL;

  if (!spk_window_write_finish (self, result, &error))
    text = g_strdup_printf (export ? _("Could not export “%s”: %s") : _("Could not save “%s”: %s"),
                            name, error->message);
  else if (export)
    text = g_strdup_printf (_("Exported the board to “%s”"), name);
  else
    {
      text = g_strdup_printf (_("Saved “%s”"), name);
      g_set_object (&self->file, file);
      spk_recent_tables_add (file);
      update_title (self);
    }
  _spk_window_toast (self, text);
}

static void
close_unsaved_response (AdwMessageDialog *dialog, const char *response, SpkWindow *self)
{
  if (g_str_equal (response, "close"))
    {
      self->close_unsaved = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (g_str_equal (response, "save-as"))
    _spk_window_choose_file (self, SPK_CHOOSE_SAVE);
}

/* Closing writes what is pending; when the table still cannot be saved,
 * the player is asked first: the steps since the last save would go. */
static gboolean
spk_window_close_request (GtkWindow *window)
{
  SpkWindow *self = SPK_WINDOW (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (self->close_unsaved || self->autosave == NULL || spk_autosave_flush (self->autosave, &error))
    return GTK_WINDOW_CLASS (spk_window_parent_class)->close_request (window);
  body = g_strdup_printf (_("The table could not be saved (%s). Closing now loses every step since the last "
                            "save. Free some disk space and keep the window open until the bar goes away, or "
                            "save the table somewhere else."), error->message);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (window, _("Close Without Saving?"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Keep Open"), "save-as", _("_Save As…"),
                                    "close", _("_Close Anyway"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "close", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (close_unsaved_response), self);
  spk_name_mnemonic_buttons (GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static void
spk_window_dispose (GObject *object)
{
  SpkWindow *self = SPK_WINDOW (object);

  if (self->table != NULL)
    {
      g_clear_signal_handler (&self->undo_handler, self->table);
      g_clear_signal_handler (&self->redo_handler, self->table);
      g_clear_signal_handler (&self->can_undo_handler, self->table);
    }
  if (self->autosave != NULL)
    {
      g_clear_signal_handler (&self->unsaved_handler, self->autosave);
      spk_autosave_flush (self->autosave, NULL);
    }
  g_clear_object (&self->autosave);
  g_clear_object (&self->settings);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->table);
  g_clear_object (&self->file);
  g_clear_object (&self->previous);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->waiting, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_window_parent_class)->dispose (object);
}

static void
spk_window_class_init (SpkWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = spk_window_close_request;

  g_type_ensure (SPK_TYPE_TABLE_PAGE);
  g_type_ensure (SPK_TYPE_TRACKER_PAGE);
  g_type_ensure (SPK_TYPE_RULES_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, table_page);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, tracker_page);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, rules_page);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, save_revealer);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, save_label);
  gtk_widget_class_bind_template_child (widget_class, SpkWindow, recent_menu);
  _spk_window_class_add_actions (widget_class);


}

static void
spk_window_init (SpkWindow *self)
{
  g_autoptr(GTask) task = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->previous = spk_kept_table_new ();
  spk_name_mnemonic_buttons (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.bring-back", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-retry", FALSE);
  update_history_actions (self);
  update_title (self);
  {
    g_autoptr(GMenuModel) recent = spk_recent_tables_menu_new ();

    g_menu_append_section (self->recent_menu, NULL, recent);
  }

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  for (guint i = 0; i < G_N_ELEMENTS (saving_keys); i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", saving_keys[i], NULL);

      g_signal_connect_object (self->settings, signal, G_CALLBACK (apply_saving_settings), self, G_CONNECT_SWAPPED);
    }

  self->restoring = TRUE;
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
  task = g_task_new (self, NULL, restore_done, NULL);
  g_task_run_in_thread (task, restore_in_thread);
}

SpkWindow *
spk_window_new (SpkApplication *app)
{
  return g_object_new (SPK_TYPE_WINDOW, "application", app, NULL);
}
