/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions, one callback each, and their keys; the file
 * choosers they open and the import of a player's copy of the official
 * rules text. */
#include "config.h"

#include "spk-window-private.h"

#include <glib/gi18n.h>

#include "spk-board-export.h"
#include "spk-new-table-dialog.h"
#include "spk-widget-util.h"

/* --- importing the official rules text ------------------------------------------ */

static void
import_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GBytes *bytes = data;
  g_autofree char *path = spk_rules_import_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  GError *error = NULL;
  SpkRulesImport *import;
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  import = spk_rules_import_parse (text, length, &error);
  if (import != NULL)
    {
      /* The official text of the game the Rules page shows. */
      import->game = g_strdup (g_object_get_data (G_OBJECT (task), "spk-game"));
      g_mkdir_with_parents (dir, 0700);
      if (!spk_rules_import_save (import, path, g_object_get_data (G_OBJECT (task), "spk-name"), &error))
        g_clear_pointer (&import, spk_rules_import_free);
    }
  if (import == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, import, (GDestroyNotify) spk_rules_import_free);
}

static void
import_done (GObject *source, GAsyncResult *result, gpointer data)
{
  SpkWindow *self = SPK_WINDOW (source);
  g_autoptr(GError) error = NULL;
  SpkRulesImport *import = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *text = NULL;

  if (import == NULL)
    text = g_strdup_printf (_("Could not import the rules: %s"), error->message);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u term; its wording shows beside ours",
                                         "Imported %u terms; their wording shows beside ours", import->terms->len),
                            import->terms->len);
  if (import != NULL)
    spk_rules_page_set_import (self->rules_page, import);
  _spk_window_toast (self, text);
}

static void
rules_read (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_file_load_bytes_finish (G_FILE (source), result, NULL, &error);
  g_autoptr(GTask) task = NULL;

  if (bytes == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not import the rules: %s"), error->message);

      _spk_window_toast (self, text);
      return;
    }
  task = g_task_new (self, NULL, import_done, NULL);
  g_object_set_data_full (G_OBJECT (task), "spk-name", g_file_get_basename (G_FILE (source)), g_free);
  g_object_set_data_full (G_OBJECT (task), "spk-game",
                          g_strdup (spk_rules_page_get_game (self->rules_page) != NULL
                                    ? spk_rules_page_get_game (self->rules_page)
                                    : SPK_RULES_IMPORT_LEGACY_GAME), g_free);
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, import_in_thread);
}

void
spk_window_import_rules (SpkWindow *self, GFile *file)
{
  g_return_if_fail (SPK_IS_WINDOW (self));
  g_file_load_bytes_async (file, NULL, rules_read, g_object_ref (self));
}

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer data)
{
  SpkWindow *self = SPK_WINDOW (data);
  SpkChooseKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "spk-kind"));
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  switch (kind)
    {
    case SPK_CHOOSE_OPEN:
      spk_window_open_file (self, file);
      break;
    case SPK_CHOOSE_SAVE:
      spk_window_save_to (self, file, _spk_window_written, g_object_ref (file));
      break;
    case SPK_CHOOSE_RULES:
      spk_window_import_rules (self, file);
      break;
    case SPK_CHOOSE_EXPORT:
      g_object_set_data (G_OBJECT (file), "spk-export", GINT_TO_POINTER (TRUE));
      spk_window_export_image (self, file, _spk_window_written, g_object_ref (file));
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Each picture format on its own, after the filter for both. */
static void
add_image_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) png = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) svg = gtk_file_filter_new ();

  gtk_file_filter_set_name (png, _("PNG images"));
  gtk_file_filter_add_mime_type (png, "image/png");
  gtk_file_filter_add_suffix (png, "png");
  gtk_file_filter_set_name (svg, _("SVG images"));
  gtk_file_filter_add_mime_type (svg, "image/svg+xml");
  gtk_file_filter_add_suffix (svg, "svg");
  gtk_file_chooser_add_filter (chooser, png);
  gtk_file_chooser_add_filter (chooser, svg);
}

void
_spk_window_choose_file (SpkWindow *self, SpkChooseKind kind)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserAction action = kind == SPK_CHOOSE_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char *title = kind == SPK_CHOOSE_OPEN ? _("Open Table")
                      : kind == SPK_CHOOSE_SAVE ? _("Save Table As")
                      : kind == SPK_CHOOSE_RULES ? _("Import Your Copy of the Rules Reference") : _("Export Board Image");
  const char *accept = kind == SPK_CHOOSE_OPEN ? _("_Open") : kind == SPK_CHOOSE_SAVE ? _("_Save")
                       : kind == SPK_CHOOSE_RULES ? _("_Import") : _("_Export");

  if (kind == SPK_CHOOSE_RULES)
    action = GTK_FILE_CHOOSER_ACTION_OPEN;

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  if (kind == SPK_CHOOSE_RULES)
    {
      /* Every shape spk_rules_import_detect() reads, whatever the
       * desktop's MIME database says about their parents. */
      gtk_file_filter_set_name (filter, _("Text files"));
      gtk_file_filter_add_mime_type (filter, "text/plain");
      gtk_file_filter_add_mime_type (filter, "text/html");
      gtk_file_filter_add_mime_type (filter, "text/csv");
      gtk_file_filter_add_mime_type (filter, "text/tab-separated-values");
      gtk_file_filter_add_mime_type (filter, "text/markdown");
      gtk_file_filter_add_mime_type (filter, "application/json");
    }
  else if (kind == SPK_CHOOSE_EXPORT)
    {
      g_autofree char *file_name = _spk_window_table_name (self);
      g_autofree char *name = spk_board_export_table_name (file_name);
      g_autofree char *suggested = g_strconcat (name, ".png", NULL);

      /* The picture's format follows the name's ending. */
      gtk_file_filter_set_name (filter, _("PNG and SVG images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
      gtk_file_filter_add_suffix (filter, "png");
      gtk_file_filter_add_suffix (filter, "svg");
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), suggested);
    }
  else
    {
      /* By type where the desktop knows it, by name where it does not
       * (the app run from its build folder); JSON tables of old too. */
      gtk_file_filter_set_name (filter, _("Table files"));
      gtk_file_filter_add_mime_type (filter, "application/x-spirekeeper-table");
      gtk_file_filter_add_mime_type (filter, "application/json");
      gtk_file_filter_add_suffix (filter, "spirekeeper");
      gtk_file_filter_add_suffix (filter, "json");
      if (kind == SPK_CHOOSE_SAVE)
        /* Translators: keep the .spirekeeper ending, the file type. */
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("table.spirekeeper"));
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (kind == SPK_CHOOSE_EXPORT)
    add_image_filters (GTK_FILE_CHOOSER (self->chooser));
  g_object_set_data (G_OBJECT (self->chooser), "spk-kind", GINT_TO_POINTER (kind));
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- actions ------------------------------------------------------------------- */

static void
new_table_response (SpkNewTableDialog *dialog, const char *response, SpkWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) table = NULL;

  if (g_str_equal (response, "demo"))
    spk_window_load_demo (self);
  else if (g_str_equal (response, "empty"))
    {
      if ((table = spk_new_table_dialog_create_table (dialog, &error)) == NULL)
        _spk_window_toast (self, error->message);
      else
        spk_window_set_table (self, table, NULL);
    }
}

/* Undo and Redo dismiss a toast first: one offering Undo would name a
 * step that is no longer the last. */
static void
history_step (SpkWindow *self, gboolean undo)
{
  g_autoptr(GError) error = NULL;

  if (self->table == NULL)
    return;
  spk_toast_dismiss (GTK_WIDGET (self->toast_overlay));
  if (!(undo ? spk_table_undo (self->table, &error) : spk_table_redo (self->table, &error)))
    _spk_window_toast (self, error->message);
}

static void
undo_action (GtkWidget *widget, const char *name, GVariant *param)
{
  history_step (SPK_WINDOW (widget), TRUE);
}

static void
redo_action (GtkWidget *widget, const char *name, GVariant *param)
{
  history_step (SPK_WINDOW (widget), FALSE);
}

static void
new_table_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkNewTableDialog *dialog = spk_new_table_dialog_new (GTK_WINDOW (widget));

  g_signal_connect (dialog, "response", G_CALLBACK (new_table_response), widget);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The table it replaces is kept in turn, so Bring Back undoes itself. */
static void
bring_back_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);
  g_autoptr(SpkTable) previous = NULL;
  g_autoptr(GFile) previous_file = NULL;
  g_autofree char *previous_name = NULL;

  if (spk_kept_table_take (self->previous, &previous, &previous_file, &previous_name))
    _spk_window_set_table_named (self, previous, previous_file, previous_name);
}

static void
save_retry_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);

  if (self->autosave != NULL)
    spk_autosave_flush (self->autosave, NULL);
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *param)
{
  _spk_window_choose_file (SPK_WINDOW (widget), SPK_CHOOSE_OPEN);
}

static void
open_recent_action (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  spk_window_open_file (SPK_WINDOW (widget), file);
}

static void
save_as_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);

  if (self->table != NULL)
    _spk_window_choose_file (self, SPK_CHOOSE_SAVE);
}

static void
export_image_action (GtkWidget *widget, const char *name, GVariant *param)
{
  _spk_window_choose_file (SPK_WINDOW (widget), SPK_CHOOSE_EXPORT);
}

/* Alt+1 at a Codex table shows the Tracker: its board is there. */
static void
show_page_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);
  const char *page = g_variant_get_string (param, NULL);

  adw_view_stack_set_visible_child_name (self->stack,
                                         _spk_window_is_codex (self) && g_str_equal (page, "table") ? "tracker"
                                                                                                   : page);
}

static void
import_rules_action (GtkWidget *widget, const char *name, GVariant *param)
{
  _spk_window_choose_file (SPK_WINDOW (widget), SPK_CHOOSE_RULES);
}

static void
search_rules_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->stack, "rules");
  spk_rules_page_focus_search (self->rules_page);
}

static void
show_term_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWindow *self = SPK_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->stack, "rules");
  if (!spk_rules_page_show_term (self->rules_page, g_variant_get_string (param, NULL)))
    _spk_window_toast (self, _("No rules entry matches that term."));
}

void
_spk_window_class_add_actions (GtkWidgetClass *widget_class)
{
  static const struct { const char *name; const char *type; GtkWidgetActionActivateFunc activate; } actions[] = {
    { "win.undo", NULL, undo_action },
    { "win.redo", NULL, redo_action },
    { "win.new-table", NULL, new_table_action },
    { "win.bring-back", NULL, bring_back_action },
    { "win.open", NULL, open_action },
    { "win.open-recent", "s", open_recent_action },
    { "win.save-retry", NULL, save_retry_action },
    { "win.save-as", NULL, save_as_action },
    { "win.export-image", NULL, export_image_action },
    { "win.show-page", "s", show_page_action },
    { "win.import-rules", NULL, import_rules_action },
    { "win.search-rules", NULL, search_rules_action },
    { "win.show-term", "s", show_term_action },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].type, actions[i].activate);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.search-rules", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_slash, 0, "win.search-rules", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK, "win.show-page", "s", "rules");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-table", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK, "win.show-page", "s", "table");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK, "win.show-page", "s", "tracker");
}
