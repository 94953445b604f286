/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tables as files of their own: a file named at start (a double-click, or
 * `spirekeeper FILE`) opens once the autosave is read, so the table left
 * last time waits behind it for Bring Back; tables opened show under Open
 * Recent and open from there, and leave it once deleted; the action log
 * exports as Markdown. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "spk-log-markdown.h"
#include "spk-log-section.h"
#include "spk-recent-tables.h"
#include "spk-table.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

static int
dispatch_q (SpkWindow *window)
{
  return spk_board_find_chip (spk_table_get_board (spk_window_get_table (window)), "dispatch")->q;
}

/* The file asked for while the autosave is still being read is what the
 * window ends on; the table of last time is one Bring Back away. */
static void
test_open_at_start (void)
{
  SpkWindow *window = spk_test_window_new ();
  g_autofree char *dir = g_dir_make_tmp ("spk-filetype-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "shared.spirekeeper", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  /* A file whose dispatch stands at -2; the autosave's at -1. */
  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -2, 0, &error));
  spk_test_window_save (window, file);
  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -1, 0, &error));
  g_assert_no_error (error);
  spk_autosave_wait (spk_window_get_autosave (window));
  gtk_window_destroy (GTK_WINDOW (window));

  /* The next start, given the file (as `spirekeeper FILE` or a
   * double-click does): the application makes the window and hands it the
   * file while it still reads the autosave. Whichever would finish first,
   * the file must be what stays. */
  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (spk_test_window_app ())));
  g_application_open (G_APPLICATION (spk_test_window_app ()), &file, 1, "");
  window = SPK_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (spk_test_window_app ())));
  g_assert_nonnull (window);
  spk_test_window_wait_for_table (window, NULL);
  spk_test_ui_iterate (300);
  while (dispatch_q (window) != -2)
    g_main_context_iteration (NULL, TRUE);
  spk_test_ui_iterate (300);
  g_assert_cmpint (dispatch_q (window), ==, -2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.bring-back", NULL));
  g_assert_cmpint (dispatch_q (window), ==, -1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* The label and URI of each item of @menu's first section, or of @menu. */
static GPtrArray *
menu_uris (GMenuModel *menu)
{
  GPtrArray *uris = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                                          G_VARIANT_TYPE_STRING);
      g_ptr_array_add (uris, target != NULL ? g_variant_dup_string (target, NULL) : NULL);
    }
  return uris;
}

static gboolean
has_uri (GPtrArray *uris, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  for (guint i = 0; i < uris->len; i++)
    if (g_strcmp0 (g_ptr_array_index (uris, i), uri) == 0)
      return TRUE;
  return FALSE;
}

static void
test_recent (void)
{
  SpkWindow *window = spk_test_window_new ();
  g_autoptr(GMenuModel) menu = spk_recent_tables_menu_new ();
  g_autofree char *dir = g_dir_make_tmp ("spk-recent-XXXXXX", NULL);
  g_autofree char *first_path = g_build_filename (dir, "monday.spirekeeper", NULL);
  g_autofree char *second_path = g_build_filename (dir, "friday.json", NULL);
  g_autoptr(GFile) first = g_file_new_for_path (first_path);
  g_autoptr(GFile) second = g_file_new_for_path (second_path);
  g_autofree char *first_uri = g_file_get_uri (first);
  g_autoptr(GPtrArray) uris = NULL;
  g_autoptr(GError) error = NULL;
  SpkTable *table;
  gint64 deadline;

  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -2, 0, &error));
  spk_test_window_save (window, first);
  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -1, 0, &error));
  spk_test_window_save (window, second);
  /* Opening a table puts it on the list (Save As does too). */
  table = spk_window_get_table (window);
  spk_window_open_file (window, first);
  spk_test_window_wait_for_table (window, table);
  table = spk_window_get_table (window);
  spk_window_open_file (window, second);
  spk_test_window_wait_for_table (window, table);
  g_assert_cmpint (dispatch_q (window), ==, -1);

  /* The recent list is written and read back on idle. */
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  do
    {
      g_main_context_iteration (NULL, FALSE);
      g_clear_pointer (&uris, g_ptr_array_unref);
      uris = menu_uris (menu);
    }
  while (!(has_uri (uris, first) && has_uri (uris, second)) && g_get_monotonic_time () < deadline);
  g_assert_true (has_uri (uris, first));
  g_assert_true (has_uri (uris, second));

  /* Open Recent opens the file. */
  table = spk_window_get_table (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent", "s", first_uri));
  spk_test_window_wait_for_table (window, table);
  g_assert_cmpint (dispatch_q (window), ==, -2);

  /* A file gone from disk leaves the menu. */
  g_unlink (second_path);
  spk_recent_tables_add (first);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  do
    {
      g_main_context_iteration (NULL, FALSE);
      g_clear_pointer (&uris, g_ptr_array_unref);
      uris = menu_uris (menu);
    }
  while (has_uri (uris, second) && g_get_monotonic_time () < deadline);
  g_assert_false (has_uri (uris, second));
  g_assert_true (has_uri (uris, first));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (first_path);
  g_rmdir (dir);
}

static void
exported (GObject *source, GAsyncResult *result, gpointer data)
{
  gboolean *done = data;

  g_assert_true (spk_log_section_export_finish (SPK_LOG_SECTION (source), result, NULL));
  *done = TRUE;
}

/* The log section writes the model's Markdown, whole, where asked. */
static void
test_log_markdown (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkLogSection *section = SPK_LOG_SECTION (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_LOG_SECTION));
  g_autofree char *dir = g_dir_make_tmp ("spk-log-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "log.md", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  gboolean done = FALSE;

  g_assert_nonnull (section);
  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -2, 0, &error));
  spk_log_section_export_to (section, file, exported, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  expected = spk_log_to_markdown (spk_window_get_table (window), "Spirekeeper Action Log");
  g_assert_cmpstr (written, ==, expected);
  g_assert_nonnull (strstr (written, "## Wave 1\n"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/file-type/open-at-start", test_open_at_start);
  g_test_add_func ("/file-type/recent", test_recent);
  g_test_add_func ("/file-type/log-markdown", test_log_markdown);
  return g_test_run ();
}
