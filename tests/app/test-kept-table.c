/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkKeptTable, Bring Back's memory: the table replaced by New Table or
 * Open… is kept with its history, file and name, and written beside the
 * autosave; taking it hands it over once. */
#include "config.h"

#include <glib/gstdio.h>

#include "spk-autosave.h"
#include "spk-kept-table.h"

static const char table_text[] =
  "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 2,"
  " \"factions\": [{\"id\": \"a\", \"name\": \"Amber\", \"mark\": \"b\"},"
  "                {\"id\": \"b\", \"name\": \"Beryl\", \"mark\": \"a\"}],"
  " \"hexes\": [], \"fortresses\": [], \"chips\": []}";

static void
test_keep_and_take (void)
{
  g_autoptr(SpkKeptTable) kept = spk_kept_table_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) table = spk_table_new_from_data (table_text, -1, &error);
  g_autoptr(GFile) file = g_file_new_for_path ("/nowhere/table.json");
  g_autofree char *autosave = spk_autosave_default_path ();
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *path = g_build_filename (dir, "previous-table.json", NULL);
  g_autoptr(SpkTable) taken = NULL;
  g_autoptr(SpkTable) on_disk = NULL;
  g_autoptr(GFile) taken_file = NULL;
  g_autofree char *taken_name = NULL;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_assert_no_error (error);
  g_assert_true (spk_table_set_source (table, "a", 4, NULL, &error));
  g_assert_false (spk_kept_table_has (kept));
  g_assert_false (spk_kept_table_take (kept, &taken, &taken_file, &taken_name));
  g_assert_null (taken);

  spk_kept_table_keep (kept, table, file, "Demo table");
  g_assert_true (spk_kept_table_has (kept));
  /* Written in the background: a first file may be seen while its bytes
   * are still coming. */
  while ((on_disk = spk_table_new_from_file (path, NULL)) == NULL && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * 1000);
  g_assert_nonnull (on_disk);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (on_disk), "a")->source, ==, 4);
  g_assert_cmpuint (spk_table_get_history_length (on_disk), ==, 1);

  g_assert_true (spk_kept_table_take (kept, &taken, &taken_file, &taken_name));
  g_assert_true (taken == table);
  g_assert_true (taken_file == file);
  g_assert_cmpstr (taken_name, ==, "Demo table");
  g_assert_false (spk_kept_table_has (kept));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("spk-kept-XXXXXX", NULL);
  int status;

  /* Never the user's own data folder. */
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kept-table/keep-and-take", test_keep_and_take);
  status = g_test_run ();
  g_rmdir (home);
  return status;
}
