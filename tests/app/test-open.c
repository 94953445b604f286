/* Opening a table that breaks the format: a dialog lists every problem
 * with its place and what to write, the table on screen stays, and the
 * file is not touched. A table replaced by New Table can be brought
 * back. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "spk-autosave.h"
#include "spk-table.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

static AdwMessageDialog *
open_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static gboolean
is_named_problems (GtkWidget *widget, const char *name)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static void
test_every_problem_listed (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *before = spk_window_get_table (window);
  g_autofree char *demo = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *dir = g_dir_make_tmp ("spk-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.json", NULL);
  g_autofree char *after = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *label;
  const char *text;
  gint64 deadline;

  /* The demo with three mistakes in it. */
  {
    g_autofree char *demo_path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);

    g_assert_true (g_file_get_contents (demo_path, &demo, NULL, &error));
  }
  g_assert_nonnull (strstr (demo, "\"gate_health\": 10"));
  broken = g_strdup (demo);
  memcpy (strstr (broken, "\"gate_health\": 10"), "\"gate_health\": 99", strlen ("\"gate_health\": 99"));
  {
    char *second = strstr (strstr (broken, "\"gate_health\": 99") + 1, "\"gate_health\": 10");

    g_assert_nonnull (second);
    memcpy (second, "\"gate_health\": -1", strlen ("\"gate_health\": -1"));
  }
  g_assert_nonnull (strstr (broken, "\"player_count\": 2"));
  memcpy (strstr (broken, "\"player_count\": 2"), "\"player_count\": 7", strlen ("\"player_count\": 7"));
  g_assert_true (g_file_set_contents (path, broken, -1, &error));

  spk_window_open_file (window, file);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((dialog = open_dialog ()) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (dialog);
  spk_test_ui_iterate (200);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (dialog), "dialog-open-problems"));

  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open “broken.json”");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "3 problems were found"));
  label = spk_test_ui_find (adw_message_dialog_get_extra_child (dialog), is_named_problems, "problems");
  g_assert_nonnull (label);
  text = gtk_label_get_text (GTK_LABEL (label));
  /* One line per problem, each with its place. */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 3);
  }
  g_assert_nonnull (strstr (text, "player_count"));
  g_assert_nonnull (strstr (text, "99"));
  g_assert_nonnull (strstr (text, "-1"));

  /* The table on screen stays; the file is as it was. */
  g_assert_true (spk_window_get_table (window) == before);
  g_assert_true (g_file_get_contents (path, &after, NULL, &error));
  g_assert_cmpstr (after, ==, broken);

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* New Table does not throw the table away: Bring Back restores it with its
 * history, and a copy waits on disk beside the autosave. */
static void
test_new_table_brings_back (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *demo = spk_window_get_table (window);
  AdwMessageDialog *dialog;
  g_autofree char *autosave = spk_autosave_default_path ();
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *kept = g_build_filename (dir, "previous-table.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) on_disk = NULL;
  guint length;

  g_unlink (kept);
  g_assert_true (spk_table_move_chip (demo, "dispatch", -2, 0, &error));
  g_object_ref (demo);
  length = spk_table_get_history_length (demo);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-table", NULL));
  spk_test_ui_iterate (100);
  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "brought back"));
  adw_message_dialog_response (dialog, "empty");
  spk_test_ui_iterate (600);
  g_assert_true (spk_window_get_table (window) != demo);
  g_assert_cmpuint (spk_table_get_board (spk_window_get_table (window))->hexes->len, ==, 0);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  on_disk = spk_table_new_from_file (kept, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (on_disk), "dispatch")->q, ==, -2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.bring-back", NULL));
  g_assert_true (spk_window_get_table (window) == demo);
  g_assert_cmpuint (spk_table_get_history_length (demo), ==, length);
  g_assert_true (spk_table_can_undo (demo));
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (demo), "dispatch")->q, ==, -2);

  g_object_unref (demo);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/open/every-problem-listed", test_every_problem_listed);
  g_test_add_func ("/open/new-table-brings-back", test_new_table_brings_back);
  return g_test_run ();
}
