/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A table file with its history, and the autosave journal replayed on top.
 *
 * The input is a table file; when it holds a line "#journal", what follows
 * that line is the journal (PATH.journal) and both go through
 * spk_autosave_recover, as after a crash. A table that loads is then
 * walked back through its history and forwards again: a step either moves
 * the position, or fails with an error and changes nothing (a damaged
 * history is refused step by step, never half applied). Whatever it
 * reaches saves to text that loads again with the same history. */
#include "spk-fuzz.h"

#include <string.h>

#include "spk-autosave.h"
#include "spk-table.h"

#define JOURNAL_MARK "\n#journal\n"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  spk_fuzz_init ();
  return 0;
}

static SpkTable *
recover (const char *data, gsize size, const char *mark)
{
  g_autofree char *path = g_build_filename (spk_fuzz_tmpdir (), "autosave.json", NULL);
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);
  gsize head = (gsize) (mark - data), skip = strlen (JOURNAL_MARK);

  g_assert_true (g_file_set_contents (path, data, (gssize) head, NULL));
  g_assert_true (g_file_set_contents (journal, mark + skip, (gssize) (size - head - skip), NULL));
  return spk_autosave_recover (path, NULL);
}

/* One undo or redo: it moves the position by at least one step, or it
 * fails, says why and leaves the table as it was. FALSE when it failed. */
static gboolean
step (SpkTable *table, gboolean forwards)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  gsize before_length = 0, after_length = 0;
  guint position = spk_table_get_history_position (table);
  gboolean done;

  before = spk_table_to_data (table, &before_length);
  done = forwards ? spk_table_redo (table, &error) : spk_table_undo (table, &error);
  if (done)
    {
      g_assert_no_error (error);
      if (forwards)
        g_assert_cmpuint (spk_table_get_history_position (table), >, position);
      else
        g_assert_cmpuint (spk_table_get_history_position (table), <, position);
      return TRUE;
    }
  g_assert_nonnull (error);
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  after = spk_table_to_data (table, &after_length);
  g_assert_cmpmem (before, before_length, after, after_length);
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  const char *mark = g_strstr_len (text, (gssize) size, JOURNAL_MARK);
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(SpkTable) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  gsize length = 0;

  /* g_strstr_len stops at a NUL byte: the mark counts only before one. */
  if (mark != NULL)
    table = recover (text, size, mark);
  else
    table = spk_table_new_from_data (text, (gssize) size, &error);
  if (table == NULL)
    return 0;

  g_assert_cmpuint (spk_table_get_history_position (table), <=, spk_table_get_history_length (table));
  while (spk_table_can_undo (table) && step (table, FALSE))
    ;
  while (spk_table_can_redo (table) && step (table, TRUE))
    ;

  saved = spk_table_to_data (table, &length);
  again = spk_table_new_from_data (saved, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_length (again), ==, spk_table_get_history_length (table));
  g_assert_cmpuint (spk_table_get_history_position (again), ==, spk_table_get_history_position (table));
  return 0;
}
