/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Autosave: debounced snapshots, the journal that keeps every completed
 * action, recovery, and files that fail to load never overwritten. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

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
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_chmod (f->dir, 0700);
  d = g_dir_open (f->dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = g_build_filename (f->dir, name, NULL);

      g_unlink (full);
    }
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

/* The one file in @dir whose name starts with @prefix (none of its
 * journals), as a full path. */
static char *
only_match (const char *dir, const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, ".journal"))
      {
        g_assert_null (found);
        found = g_build_filename (dir, name, NULL);
      }
  g_assert_nonnull (found);
  return found;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
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
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
  g_autoptr(SpkTable) back = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  spk_autosave_wait (save);
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 1);
  spk_autosave_set_delay (save, 50);
  for (int i = 1; i <= 10; i++)
    g_assert_true (spk_table_set_source (t, "brawnen", i, NULL, &error));
  spk_autosave_wait (save);
  g_assert_cmpuint (spk_autosave_get_snapshots (save), ==, 1);
  g_assert_cmpuint (count_lines (f->journal), ==, 10);

  run_for (200);
  spk_autosave_wait (save);
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
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
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
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
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
  spk_autosave_wait (save);
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
  g_autofree char *broken = NULL;
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

  save = spk_autosave_new (t, f->path);
  spk_autosave_wait (save);
  g_assert_false (spk_autosave_get_unsaved (save));
  broken = only_match (f->dir, "autosave.json.broken-");
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
  save = spk_autosave_new (t, NULL);
  spk_autosave_wait (save);
  g_assert_no_error (error);
  g_assert_cmpstr (spk_autosave_get_path (save), ==, expected);
  g_assert_true (g_file_test (expected, G_FILE_TEST_IS_REGULAR));
}

/* --- start ---------------------------------------------------------------------- */

static const char garbage_table[] = "{\"format\": \"spirekeeper-table\", \"vers";

/* Leaves an autosave of a table with three steps at f->path, as a crash
 * would (the steps in the journal only), and returns that table's data. */
static char *
leave_autosave (Fixture *f)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  SpkAutosave *save = spk_autosave_new (t, f->path);
  g_autofree char *snapshot = NULL;
  g_autofree char *journal = NULL;

  spk_autosave_set_delay (save, 60000);
  for (int i = 1; i <= 3; i++)
    g_assert_true (spk_table_set_source (t, "brawnen", i, NULL, NULL));
  spk_autosave_wait (save);
  snapshot = contents (f->path);
  journal = contents (f->journal);
  g_object_unref (save);
  g_assert_true (g_file_set_contents (f->path, snapshot, -1, NULL));
  g_assert_true (g_file_set_contents (f->journal, journal, -1, NULL));
  return spk_table_to_data (t, NULL);
}

/* Nothing kept yet: a first start. */
static void
test_start_first (Fixture *f, gconstpointer data)
{
  SpkAutosaveStart how = SPK_AUTOSAVE_START_AS_LEFT;
  g_autofree char *aside = NULL;

  g_assert_null (spk_autosave_open_at_start (f->path, &how, &aside));
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_FIRST);
  g_assert_null (aside);
  g_assert_cmpuint (count_files (f->dir), ==, 0);
}

/* A damaged autosave goes aside under a new name each time (an earlier
 * one is never overwritten) and the good copy of the last start opens. */
static void
test_start_damaged_good_copy (Fixture *f, gconstpointer data)
{
  g_autofree char *expected = leave_autosave (f);
  g_autofree char *good = g_strconcat (f->path, ".good", NULL);
  g_autofree char *old_broken = g_strconcat (f->path, ".broken", NULL);
  SpkAutosaveStart how;
  g_autofree char *aside = NULL;
  g_autofree char *aside2 = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *kept_old = NULL;
  g_autofree char *opened_data = NULL;
  g_autoptr(SpkTable) opened = spk_autosave_open_at_start (f->path, &how, &aside);
  g_autoptr(SpkTable) again = NULL;

  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_AS_LEFT);
  g_assert_null (aside);
  g_assert_false (g_file_test (good, G_FILE_TEST_EXISTS));
  spk_autosave_started (f->path, opened);
  g_assert_true (g_file_test (good, G_FILE_TEST_IS_REGULAR));
  g_clear_object (&opened);

  g_assert_true (g_file_set_contents (old_broken, "older", -1, NULL));
  g_assert_true (g_file_set_contents (f->path, garbage_table, -1, NULL));
  opened = spk_autosave_open_at_start (f->path, &how, &aside);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_GOOD_COPY);
  g_assert_nonnull (opened);
  opened_data = spk_table_to_data (opened, NULL);
  g_assert_cmpstr (opened_data, ==, expected);
  spk_autosave_started (f->path, opened);
  g_assert_nonnull (aside);
  g_assert_true (g_str_has_prefix (aside, f->path));
  g_assert_true (g_regex_match_simple ("\\.broken-[0-9]{8}-[0-9]{6}(-[0-9]+)?$", aside, 0, 0));
  kept = contents (aside);
  g_assert_cmpstr (kept, ==, garbage_table);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* Damaged again within the same second: another name. */
  g_assert_true (g_file_set_contents (f->path, garbage_table, -1, NULL));
  again = spk_autosave_open_at_start (f->path, &how, &aside2);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_GOOD_COPY);
  g_assert_nonnull (aside2);
  g_assert_cmpstr (aside2, !=, aside);
  g_free (kept);
  kept = contents (aside);
  g_assert_cmpstr (kept, ==, garbage_table);
  kept_old = contents (old_broken);
  g_assert_cmpstr (kept_old, ==, "older");
}

/* Damaged with no good copy: nothing to open (the app shows the demo),
 * the damaged file kept. */
static void
test_start_damaged_nothing (Fixture *f, gconstpointer data)
{
  SpkAutosaveStart how;
  g_autofree char *aside = NULL;
  g_autofree char *kept = NULL;

  g_assert_true (g_file_set_contents (f->path, garbage_table, -1, NULL));
  g_assert_null (spk_autosave_open_at_start (f->path, &how, &aside));
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_NOTHING);
  g_assert_nonnull (aside);
  kept = contents (aside);
  g_assert_cmpstr (kept, ==, garbage_table);
}

/* A whole journal line that does not read: the table opens at the record
 * before it, the snapshot and journal go aside together, and the autosave
 * place holds the table opened. */
static void
test_start_damaged_journal (Fixture *f, gconstpointer data)
{
  g_autofree char *expected = leave_autosave (f);
  g_autofree char *before = contents (f->journal);
  g_autofree char *aside_journal = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *opened_data = NULL;
  g_autofree char *on_disk = NULL;
  g_autofree char *aside = NULL;
  g_autoptr(SpkTable) opened = NULL;
  SpkAutosaveStart how;
  FILE *journal = g_fopen (f->journal, "a");

  g_assert_cmpuint (count_lines (f->journal), ==, 3);
  fputs ("{\"sequence\": 4, \"op\": \"do\", \"st@@\n", journal);
  fputs ("{\"sequence\": 5, \"op\": \"undo\"}\n", journal);
  fclose (journal);
  opened = spk_autosave_open_at_start (f->path, &how, &aside);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_TRIMMED);
  opened_data = spk_table_to_data (opened, NULL);
  g_assert_cmpstr (opened_data, ==, expected);
  g_assert_nonnull (aside);
  aside_journal = g_strconcat (aside, ".journal", NULL);
  kept = contents (aside_journal);
  g_assert_true (g_str_has_prefix (kept, before));
  g_assert_nonnull (strstr (kept, "st@@"));
  g_assert_false (g_file_test (f->journal, G_FILE_TEST_EXISTS));
  on_disk = contents (f->path);
  g_assert_cmpstr (on_disk, ==, expected);
}

/* A start that stopped before the table was shown (no
 * spk_autosave_started) leaves its mark: the file it names is not read
 * again but set aside; the good copy opens, and when the good copy was
 * the one, nothing does. */
static void
test_start_crash_loop (Fixture *f, gconstpointer data)
{
  g_autofree char *expected = leave_autosave (f);
  g_autofree char *marker = g_strconcat (f->path, ".opening", NULL);
  g_autofree char *good = g_strconcat (f->path, ".good", NULL);
  g_autofree char *aside = NULL;
  g_autofree char *aside2 = NULL;
  g_autofree char *opened_data = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *autosave_data = NULL;
  SpkAutosaveStart how;
  g_autoptr(SpkTable) opened = spk_autosave_open_at_start (f->path, &how, NULL);

  /* A start that went well. */
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_AS_LEFT);
  g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));
  spk_autosave_started (f->path, opened);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_clear_object (&opened);

  /* One that stopped while showing the autosave. */
  autosave_data = contents (f->path);
  opened = spk_autosave_open_at_start (f->path, &how, NULL);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_AS_LEFT);
  g_clear_object (&opened);
  opened = spk_autosave_open_at_start (f->path, &how, &aside);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_GOOD_COPY);
  opened_data = spk_table_to_data (opened, NULL);
  g_assert_cmpstr (opened_data, ==, expected);
  kept = contents (aside);
  g_assert_cmpstr (kept, ==, autosave_data);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* And one that stopped while showing the good copy. */
  g_clear_object (&opened);
  opened = spk_autosave_open_at_start (f->path, &how, &aside2);
  g_assert_null (opened);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_NOTHING);
  g_assert_nonnull (aside2);
  g_assert_cmpstr (aside2, !=, aside);
  g_assert_false (g_file_test (good, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
}

/* Temporary files of interrupted writes go; everything else stays. */
static void
test_start_temporary_files (Fixture *f, gconstpointer data)
{
  const char *gone[] = { "autosave.json.Ab12Cd", "autosave.json.good.xY9z0Q" };
  const char *kept[] = { "autosave.json.broken", "autosave.json.broken-20260101-120000",
                         "autosave.json.journal", "other.json.Ab12Cd", "autosave.json.Ab12C" };
  g_autoptr(SpkTable) opened = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *p = g_build_filename (f->dir, gone[i], NULL);

      g_assert_true (g_file_set_contents (p, "x", -1, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *p = g_build_filename (f->dir, kept[i], NULL);

      g_assert_true (g_file_set_contents (p, "x", -1, NULL));
    }
  opened = spk_autosave_open_at_start (f->path, NULL, NULL);
  g_assert_null (opened);
  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *p = g_build_filename (f->dir, gone[i], NULL);

      g_assert_false (g_file_test (p, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *p = g_build_filename (f->dir, kept[i], NULL);

      g_assert_true (g_file_test (p, G_FILE_TEST_EXISTS));
    }
}

/* --- a full disk ------------------------------------------------------------------ */

/* What the autosave brings back is @t as it is now. */
static void
assert_recovers (const char *path, SpkTable *t)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) back = spk_autosave_recover (path, &error);
  g_autofree char *expected = spk_table_to_data (t, NULL);
  g_autofree char *recovered = NULL;

  g_assert_no_error (error);
  recovered = spk_table_to_data (back, NULL);
  g_assert_cmpstr (recovered, ==, expected);
}

/* A disk with @room bytes left; G_MAXSIZE: no limit. */
typedef struct {
  gsize room;
  guint notified;
} Disk;

static gssize
disk_write (int fd, const void *buf, gsize count, gpointer data)
{
  Disk *disk = data;
  gsize n = MIN (count, disk->room);

  if (n == 0)
    {
      errno = ENOSPC;
      return -1;
    }
  n = (gsize) write (fd, buf, n);
  if (disk->room != G_MAXSIZE)
    disk->room -= n;
  return (gssize) n;
}

static void
count_notify (GObject *object, GParamSpec *pspec, Disk *disk)
{
  disk->notified++;
}

static gboolean
whole_lines (const char *path)
{
  g_autofree char *text = contents (path);

  return text[0] == '\0' || g_str_has_suffix (text, "\n");
}

/* The disk fills in the middle of a journal record: the record is cut
 * back, the table is unsaved at once (one notification), later steps are
 * not journalled after a gap, and once there is room again the retry
 * writes a snapshot with every step. */
static void
test_full_disk (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *journal_before = NULL;
  g_autofree char *journal_after = NULL;
  Disk disk = { G_MAXSIZE, 0 };
  guint64 saved;

  spk_autosave_set_delay (save, 60000);
  spk_autosave_set_retry_delay (save, 20);
  spk_autosave_set_write_func (save, disk_write, &disk);
  g_signal_connect (save, "notify::unsaved", G_CALLBACK (count_notify), &disk);
  g_assert_true (spk_table_set_source (t, "brawnen", 1, NULL, &error));
  spk_autosave_wait (save);
  g_assert_false (spk_autosave_get_unsaved (save));
  saved = spk_autosave_get_saved_sequence (save);
  g_assert_cmpuint (saved, ==, spk_table_get_sequence (t));
  journal_before = contents (f->journal);

  disk.room = 20;
  g_assert_true (spk_table_set_source (t, "brawnen", 2, NULL, &error));
  spk_autosave_wait (save);
  g_assert_true (spk_autosave_get_unsaved (save));
  g_assert_cmpuint (disk.notified, ==, 1);
  g_assert_error (spk_autosave_get_error (save), SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO);
  g_assert_nonnull (strstr (spk_autosave_get_error (save)->message, g_strerror (ENOSPC)));
  g_assert_cmpuint (spk_autosave_get_saved_sequence (save), ==, saved);
  journal_after = contents (f->journal);
  g_assert_cmpstr (journal_after, ==, journal_before);
  g_assert_true (spk_table_set_source (t, "brawnen", 3, NULL, &error));
  g_assert_true (spk_table_set_source (t, "brawnen", 4, NULL, &error));
  spk_autosave_wait (save);
  g_free (journal_after);
  journal_after = contents (f->journal);
  g_assert_cmpstr (journal_after, ==, journal_before);
  g_assert_true (whole_lines (f->journal));
  g_assert_cmpuint (count_files (f->dir), ==, 2);
  run_for (100);
  spk_autosave_wait (save);
  g_assert_true (spk_autosave_get_unsaved (save));
  g_assert_cmpuint (count_files (f->dir), ==, 2);

  /* Room again: the next retry saves everything. */
  disk.room = G_MAXSIZE;
  run_for (1000);
  spk_autosave_wait (save);
  g_assert_false (spk_autosave_get_unsaved (save));
  g_assert_null (spk_autosave_get_error (save));
  g_assert_cmpuint (disk.notified, ==, 2);
  g_assert_cmpuint (spk_autosave_get_saved_sequence (save), ==, spk_table_get_sequence (t));
  assert_recovers (f->path, t);

  /* Journalled again after that, as whole lines. */
  g_assert_true (spk_table_set_source (t, "brawnen", 5, NULL, &error));
  spk_autosave_wait (save);
  g_assert_cmpuint (count_lines (f->journal), ==, 1);
}

/* A clean quit while the disk is full says so; once there is room, the
 * flush on quit keeps every step. */
static void
test_full_disk_quit (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
  g_autoptr(GError) error = NULL;
  Disk disk = { 0, 0 };

  spk_autosave_set_delay (save, 60000);
  spk_autosave_set_retry_delay (save, 60000);
  spk_autosave_set_write_func (save, disk_write, &disk);
  g_assert_true (spk_table_set_notes (t, "lost?", &error));
  g_assert_true (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  spk_autosave_wait (save);
  g_assert_true (spk_autosave_get_unsaved (save));
  g_assert_false (spk_autosave_flush (save, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpuint (count_files (f->dir), ==, 2);

  disk.room = G_MAXSIZE;
  g_assert_true (spk_autosave_flush (save, &error));
  g_assert_no_error (error);
  g_assert_false (spk_autosave_get_unsaved (save));
  assert_recovers (f->path, t);
}

/* A read-only data folder: a clear error at once, the table in memory
 * untouched, no file (whole or half) written; saved once writable. */
static void
test_read_only_dir (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkAutosave) save = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = g_strconcat (f->dir, ".aside", NULL);
  /* Root writes to read-only folders, so there the folder is made
   * unwritable another way: a plain file takes its place (ENOTDIR). */
  gboolean root = geteuid () == 0;

  if (root)
    {
      g_assert_cmpint (g_rename (f->dir, aside), ==, 0);
      g_assert_true (g_file_set_contents (f->dir, "not a folder", -1, NULL));
    }
  else
    g_assert_cmpint (g_chmod (f->dir, 0500), ==, 0);
  save = spk_autosave_new (t, f->path);
  spk_autosave_set_retry_delay (save, 20);
  spk_autosave_wait (save);
  g_assert_true (spk_autosave_get_unsaved (save));
  g_assert_error (spk_autosave_get_error (save), SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO);
  g_assert_nonnull (strstr (spk_autosave_get_error (save)->message, f->path));
  g_assert_nonnull (strstr (spk_autosave_get_error (save)->message, g_strerror (root ? ENOTDIR : EACCES)));
  g_assert_true (spk_table_set_source (t, "brawnen", 6, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "brawnen")->source, ==, 6);
  spk_autosave_wait (save);
  g_assert_true (spk_autosave_get_unsaved (save));

  if (root)
    {
      g_assert_cmpint (g_remove (f->dir), ==, 0);
      g_assert_cmpint (g_rename (aside, f->dir), ==, 0);
    }
  g_assert_cmpuint (count_files (f->dir), ==, 0);
  if (!root)
    g_assert_cmpint (g_chmod (f->dir, 0700), ==, 0);
  run_for (1500);
  spk_autosave_wait (save);
  g_assert_false (spk_autosave_get_unsaved (save));
  assert_recovers (f->path, t);
}

/* --- the worker thread --------------------------------------------------------- */

/* A disk that holds every write until it is opened, and notes the thread
 * each write comes from. */
typedef struct {
  GMutex   lock;
  GCond    cond;
  gboolean open;
  GThread *main;
  guint    calls;
  guint    off_main;
} Gate;

static gssize
gate_write (int fd, const void *buf, gsize count, gpointer data)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  gate->calls++;
  if (g_thread_self () != gate->main)
    gate->off_main++;
  while (!gate->open)
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
  return write (fd, buf, count);
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* An action returns while its record is still being written; the step is
 * counted as saved only once the write has returned; records that come
 * meanwhile go in one write; every write is off the main thread. */
static void
test_worker (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkAutosave) save = spk_autosave_new (t, f->path);
  g_autoptr(GError) error = NULL;
  Gate gate = { .main = g_thread_self () };
  guint64 before;

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  spk_autosave_wait (save);
  spk_autosave_set_delay (save, 60000);
  spk_autosave_set_write_func (save, gate_write, &gate);
  before = spk_autosave_get_saved_sequence (save);
  g_assert_cmpuint (before, ==, spk_table_get_sequence (t));

  for (int i = 1; i <= 3; i++)
    g_assert_true (spk_table_set_source (t, "brawnen", i, NULL, &error));
  g_assert_cmpuint (spk_autosave_get_saved_sequence (save), ==, before);
  g_assert_false (spk_autosave_get_unsaved (save));

  gate_open (&gate);
  spk_autosave_wait (save);
  g_assert_cmpuint (spk_autosave_get_saved_sequence (save), ==, spk_table_get_sequence (t));
  g_assert_cmpuint (count_lines (f->journal), ==, 3);
  g_assert_cmpuint (gate.calls, ==, 2);

  g_assert_true (spk_autosave_flush (save, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_lines (f->journal), ==, 0);
  g_assert_cmpuint (gate.calls, ==, 3);
  g_assert_cmpuint (gate.off_main, ==, gate.calls);
  assert_recovers (f->path, t);
  g_clear_object (&save);
  g_mutex_clear (&gate.lock);
  g_cond_clear (&gate.cond);
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
  g_test_add ("/autosave/start/first", Fixture, NULL, fixture_setup, test_start_first, fixture_teardown);
  g_test_add ("/autosave/start/damaged-good-copy", Fixture, NULL, fixture_setup, test_start_damaged_good_copy,
              fixture_teardown);
  g_test_add ("/autosave/start/damaged-nothing", Fixture, NULL, fixture_setup, test_start_damaged_nothing,
              fixture_teardown);
  g_test_add ("/autosave/start/damaged-journal", Fixture, NULL, fixture_setup, test_start_damaged_journal,
              fixture_teardown);
  g_test_add ("/autosave/start/crash-loop", Fixture, NULL, fixture_setup, test_start_crash_loop, fixture_teardown);
  g_test_add ("/autosave/start/temporary-files", Fixture, NULL, fixture_setup, test_start_temporary_files,
              fixture_teardown);
  g_test_add ("/autosave/full-disk", Fixture, NULL, fixture_setup, test_full_disk, fixture_teardown);
  g_test_add ("/autosave/full-disk-quit", Fixture, NULL, fixture_setup, test_full_disk_quit, fixture_teardown);
  g_test_add ("/autosave/worker", Fixture, NULL, fixture_setup, test_worker, fixture_teardown);
  g_test_add ("/autosave/read-only-dir", Fixture, NULL, fixture_setup, test_read_only_dir, fixture_teardown);
  return g_test_run ();
}
