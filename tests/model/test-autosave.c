/* Autosave: debounced snapshots, the journal that keeps every completed
 * action, recovery, and files that fail to load never overwritten. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-autosave.h"
#include "spk-table-file.h"
#include "spk-test-table.h"

typedef struct {
  char *dir;
  char *path;
  char *journal;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("spk-autosave-XXXXXX", NULL);
  f->path = g_build_filename (f->dir, "autosave.json", NULL);
  f->journal = g_strconcat (f->path, ".journal", NULL);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_autofree char *broken = g_strconcat (f->path, ".broken", NULL);

  g_unlink (f->journal);
  g_unlink (f->path);
  g_unlink (broken);
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
  g_free (f->journal);
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static guint
count_lines (const char *path)
{
  g_autofree char *text = contents (path);
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
run_for (guint ms)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add (ms, quit_loop, loop);
  g_main_loop_run (loop);
}

/* A burst of actions costs one snapshot; the journal holds each action
 * until then. */
static void
test_debounce (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path, &error);
  g_autoptr(SpkTable) back = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 1);
  spk_autosave_set_delay (save, 50);
  for (int i = 1; i <= 10; i++)
    g_assert_true (spk_table_set_source (t, "brawnen", i, NULL, &error));
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 1);
  g_assert_cmpuint (count_lines (f->journal), ==, 10);

  run_for (200);
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 2);
  g_assert_cmpuint (count_lines (f->journal), ==, 0);
  expected = spk_table_to_data (t, NULL);
  written = contents (f->path);
  g_assert_cmpstr (written, ==, expected);
  back = spk_autosave_recover (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (back), "brawnen")->source, ==, 10);
}

/* Flush on quit writes what is pending, and only then. */
static void
test_flush (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path, &error);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;

  spk_autosave_set_delay (save, 60000);
  g_assert_true (spk_autosave_flush (save, &error));
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 1);
  g_assert_true (spk_table_set_notes (t, "flush me", &error));
  g_assert_true (spk_autosave_flush (save, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 2);
  expected = spk_table_to_data (t, NULL);
  written = contents (f->path);
  g_assert_cmpstr (written, ==, expected);
}

/* With no snapshot since, the journal alone brings back every completed
 * action, undo and redo, and a line cut short by a crash is ignored. */
static void
test_recover_journal (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path, &error);
  g_autoptr(SpkTable) back = NULL;
  g_autoptr(SpkTable) back_again = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *recovered = NULL;
  g_autofree char *recovered_again = NULL;
  FILE *journal;

  spk_autosave_set_delay (save, 60000);
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_true (spk_table_buy_earthscape (t, "grovetenders", &error));
  g_assert_true (spk_table_set_source (t, "brawnen", 9, NULL, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_redo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_lines (f->journal), ==, 6);
  expected = spk_table_to_data (t, NULL);

  back = spk_autosave_recover (f->path, &error);
  g_assert_no_error (error);
  recovered = spk_table_to_data (back, NULL);
  g_assert_cmpstr (recovered, ==, expected);

  journal = g_fopen (f->journal, "a");
  fputs ("{\"sequence\": 7, \"op\": \"do\", \"step\": {\"lab", journal);
  fclose (journal);
  back_again = spk_autosave_recover (f->path, &error);
  g_assert_no_error (error);
  recovered_again = spk_table_to_data (back_again, NULL);
  g_assert_cmpstr (recovered_again, ==, expected);
}

/* An unreadable file where the autosave goes is kept aside, not
 * overwritten; opening an unreadable table changes neither it nor the
 * autosave. */
static void
test_never_overwrite (Fixture *f, gconstpointer data)
{
  const char *garbage = "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 7";
  g_autofree char *broken = g_strconcat (f->path, ".broken", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "bad.json", NULL);
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkTable) opened = NULL;
  g_autoptr(SpkAutosave) save = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *bad_after = NULL;
  g_autofree char *autosave_before = NULL;
  g_autofree char *autosave_after = NULL;

  g_assert_true (g_file_set_contents (f->path, garbage, -1, NULL));
  g_assert_null (spk_autosave_recover (f->path, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);

  save = spk_autosave_new (t, f->path, &error);
  g_assert_no_error (error);
  kept = contents (broken);
  g_assert_cmpstr (kept, ==, garbage);

  autosave_before = contents (f->path);
  g_assert_true (g_file_set_contents (bad, garbage, -1, NULL));
  opened = spk_table_new_from_file (bad, &error);
  g_assert_null (opened);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  bad_after = contents (bad);
  g_assert_cmpstr (bad_after, ==, garbage);
  autosave_after = contents (f->path);
  g_assert_cmpstr (autosave_after, ==, autosave_before);
  g_unlink (bad);
}

/* Without a path the autosave lives in the user's data directory. */
static void
test_default_path (void)
{
  g_autofree char *path = spk_autosave_default_path ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "spirekeeper", "autosave.json", NULL);
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkAutosave) save = NULL;

  g_assert_cmpstr (path, ==, expected);
  save = spk_autosave_new (t, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (spk_autosave_get_path (save), ==, expected);
  g_assert_true (g_file_test (expected, G_FILE_TEST_IS_REGULAR));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add ("/autosave/debounce", Fixture, NULL, fixture_setup, test_debounce, fixture_teardown);
  g_test_add ("/autosave/flush", Fixture, NULL, fixture_setup, test_flush, fixture_teardown);
  g_test_add ("/autosave/recover-journal", Fixture, NULL, fixture_setup, test_recover_journal, fixture_teardown);
  g_test_add ("/autosave/never-overwrite", Fixture, NULL, fixture_setup, test_never_overwrite, fixture_teardown);
  g_test_add_func ("/autosave/default-path", test_default_path);
  return g_test_run ();
}
