/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening a table that breaks the format: a dialog lists every problem
 * with its place and what to write, the table on screen stays, and the
 * file is not touched. A table replaced by New Table can be brought
 * back. A damaged autosave at start is set aside and said so; a table
 * that cannot be saved shows a bar until it is. The header names the
 * table and says whether it is autosaved. */
#include "config.h"

#include <stdio.h>

#include <adwaita.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

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

static gboolean
is_revealer_named (GtkWidget *widget, const char *name)
{
  return GTK_IS_REVEALER (widget) && g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static char *
contents_of (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
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

/* A file far past the size limit is refused from its size, before it is
 * read (issue 12: a 200 MB file once took gigabytes); the table on screen
 * stays. The file is sparse, so the test writes almost nothing. */
static void
test_too_large (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *before = spk_window_get_table (window);
  g_autofree char *dir = g_dir_make_tmp ("spk-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdwMessageDialog *dialog;
  GtkWidget *label;
  gint64 deadline;
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, 200 * 1024 * 1024, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('}', f), ==, '}');
  g_assert_cmpint (fclose (f), ==, 0);

  spk_window_open_file (window, file);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((dialog = open_dialog ()) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open “huge.json”");
  label = spk_test_ui_find (adw_message_dialog_get_extra_child (dialog), is_named_problems, "problems");
  g_assert_nonnull (label);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "the file is 200"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "more than the limit of 16.0"));
  g_assert_true (spk_window_get_table (window) == before);

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

/* An untouched table is kept as well: the dialog promises it. */
static void
test_untouched_brings_back (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *demo = g_object_ref (spk_window_get_table (window));

  g_assert_cmpuint (spk_table_get_history_length (demo), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-table", NULL));
  spk_test_ui_iterate (100);
  adw_message_dialog_response (open_dialog (), "empty");
  spk_test_ui_iterate (100);
  g_assert_true (spk_window_get_table (window) != demo);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.bring-back", NULL));
  g_assert_true (spk_window_get_table (window) == demo);
  g_object_unref (demo);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Files in @dir whose names start with @prefix, journals aside. */
static GPtrArray *
files_starting (const char *dir, const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, ".journal"))
      g_ptr_array_add (found, g_build_filename (dir, name, NULL));
  return found;
}

static AdwMessageDialog *
wait_for_dialog (void)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  AdwMessageDialog *dialog;

  while ((dialog = open_dialog ()) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (dialog);
  return dialog;
}

/* A damaged autosave at start: a dialog says what opened instead and where
 * the damaged copy is kept; the copy is the damaged file, untouched. With
 * a good copy from an earlier start that opens; without one, the demo. */
static void
test_damaged_autosave (void)
{
  const char *garbage = "{\"format\": \"spirekeeper-table\", \"versi";
  g_autofree char *autosave = spk_autosave_default_path ();
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *good = g_strconcat (autosave, ".good", NULL);
  g_autofree char *marker = g_strconcat (autosave, ".opening", NULL);
  g_autofree char *demo_path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autofree char *demo = NULL;
  g_autoptr(GPtrArray) broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  SpkWindow *window = spk_test_window_new ();
  AdwMessageDialog *dialog;
  const SpkFaction *first;
  const char *body;

  /* A first start, then a damaged autosave and no good copy: the demo. */
  gtk_window_destroy (GTK_WINDOW (window));
  spk_test_ui_iterate (50);
  g_unlink (good);
  g_assert_true (g_file_set_contents (autosave, garbage, -1, &error));
  window = spk_test_window_start ();
  dialog = wait_for_dialog ();
  spk_test_ui_iterate (200);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (dialog), "dialog-damaged-autosave"));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Autosave Was Damaged");
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (body, "the demo table opens"));
  broken = files_starting (dir, "autosave.json.broken-");
  g_assert_cmpuint (broken->len, ==, 1);
  g_assert_nonnull (strstr (body, g_ptr_array_index (broken, 0)));
  kept = contents_of (g_ptr_array_index (broken, 0));
  g_assert_cmpstr (kept, ==, garbage);
  g_assert_nonnull (spk_board_find_chip (spk_table_get_board (spk_window_get_table (window)), "dispatch"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  spk_test_ui_iterate (50);

  /* Damaged again, with a good copy (a gate at 7): the good copy opens,
   * and the first damaged copy is still there. */
  g_assert_true (g_file_get_contents (demo_path, &demo, NULL, &error));
  memcpy (strstr (demo, "\"gate_health\": 10"), "\"gate_health\": 07", strlen ("\"gate_health\": 07"));
  g_assert_true (g_file_set_contents (good, demo, -1, &error));
  g_assert_true (g_file_set_contents (autosave, garbage, -1, &error));
  window = spk_test_window_start ();
  dialog = wait_for_dialog ();
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (body, "as it was when Spirekeeper last started"));
  g_clear_pointer (&broken, g_ptr_array_unref);
  broken = files_starting (dir, "autosave.json.broken-");
  g_assert_cmpuint (broken->len, ==, 2);
  first = g_ptr_array_index (spk_table_get_board (spk_window_get_table (window))->factions, 0);
  g_assert_cmpint (first->gate_health, ==, 7);
  /* Once the table was drawn, the mark that guards against crash loops
   * goes. */
  spk_test_ui_iterate (300);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < broken->len; i++)
    {
      g_autofree char *journal = g_strconcat (g_ptr_array_index (broken, i), ".journal", NULL);

      g_unlink (g_ptr_array_index (broken, i));
      g_unlink (journal);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gssize
full_disk_write (int fd, const void *buf, gsize count, gpointer data)
{
  gboolean *full = data;

  if (*full)
    {
      errno = ENOSPC;
      return -1;
    }
  return write (fd, buf, count);
}

/* A full disk: a bar that stays says the table could not be saved and
 * that the app keeps trying; it goes once the table is on disk. Closing
 * the window meanwhile asks first. */
static void
test_save_bar (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *table = spk_window_get_table (window);
  SpkAutosave *save = spk_window_get_autosave (window);
  GtkWidget *revealer = spk_test_ui_find (GTK_WIDGET (window), is_revealer_named, "save_revealer");
  g_autoptr(GError) error = NULL;
  gboolean full = TRUE;
  AdwMessageDialog *dialog;
  GtkWidget *label;

  g_assert_nonnull (revealer);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  spk_autosave_set_retry_delay (save, 60000);
  spk_autosave_set_write_func (save, full_disk_write, &full);
  g_assert_true (spk_table_move_chip (table, "dispatch", -2, 0, &error));
  /* The write runs on the autosave's worker thread. */
  spk_autosave_wait (save);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  spk_test_ui_iterate (400);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (window), "window-save-bar"));
  label = spk_test_ui_find (revealer, is_named_problems, "save_label");
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "could not be saved"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "keeps trying"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), g_strerror (ENOSPC)));

  /* Closing asks first; Keep Open keeps the window and its table. */
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Close Without Saving?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), g_strerror (ENOSPC)));
  adw_message_dialog_response (dialog, "cancel");
  spk_test_ui_iterate (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (spk_window_get_table (window) == table);

  /* Try Again while still full: the bar stays; with room: it goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-retry", NULL));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  full = FALSE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-retry", NULL));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_false (spk_autosave_get_unsaved (save));
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char *
header_title (SpkWindow *window, gboolean subtitle)
{
  AdwViewSwitcherTitle *title =
    ADW_VIEW_SWITCHER_TITLE (spk_test_ui_find_type (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));

  g_assert_nonnull (title);
  return subtitle ? adw_view_switcher_title_get_subtitle (title) : adw_view_switcher_title_get_title (title);
}

/* The header names the table after what it is or its file, and says it
 * is autosaved, or why it is not. */
static void
test_title (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *demo = spk_window_get_table (window);
  g_autofree char *dir = g_dir_make_tmp ("spk-title-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "evening.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gboolean full = TRUE;
  SpkTable *table;

  g_assert_cmpstr (header_title (window, FALSE), ==, "Demo table");
  g_assert_cmpstr (header_title (window, TRUE), ==, "Autosaved");

  g_assert_true (spk_table_move_chip (demo, "dispatch", -2, 0, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-table", NULL));
  spk_test_ui_iterate (100);
  adw_message_dialog_response (open_dialog (), "empty");
  spk_test_ui_iterate (100);
  g_assert_cmpstr (header_title (window, FALSE), ==, "New table");
  g_assert_cmpstr (header_title (window, TRUE), ==, "Autosaved");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.bring-back", NULL));
  g_assert_cmpstr (header_title (window, FALSE), ==, "Demo table");

  spk_test_window_save (window, file);
  table = spk_window_get_table (window);
  spk_window_open_file (window, file);
  while (spk_window_get_table (window) == table)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (header_title (window, FALSE), ==, "evening.json");
  g_assert_cmpstr (header_title (window, TRUE), ==, "Autosaved");

  /* A full disk: the subtitle gives the problem until the table is kept. */
  spk_autosave_set_retry_delay (spk_window_get_autosave (window), 60000);
  spk_autosave_set_write_func (spk_window_get_autosave (window), full_disk_write, &full);
  g_assert_true (spk_table_move_chip (spk_window_get_table (window), "dispatch", -1, 0, &error));
  spk_autosave_wait (spk_window_get_autosave (window));
  spk_test_ui_iterate (50);
  g_assert_nonnull (strstr (header_title (window, TRUE), "Not saved"));
  g_assert_nonnull (strstr (header_title (window, TRUE), g_strerror (ENOSPC)));
  full = FALSE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-retry", NULL));
  g_assert_cmpstr (header_title (window, TRUE), ==, "Autosaved");

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/open/every-problem-listed", test_every_problem_listed);
  g_test_add_func ("/open/too-large", test_too_large);
  g_test_add_func ("/open/new-table-brings-back", test_new_table_brings_back);
  g_test_add_func ("/open/untouched-brings-back", test_untouched_brings_back);
  g_test_add_func ("/open/damaged-autosave", test_damaged_autosave);
  g_test_add_func ("/open/save-bar", test_save_bar);
  g_test_add_func ("/open/title", test_title);
  return g_test_run ();
}
