/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-crash-helper PATH SEED DELAY_MS: plays random actions on the
 * walkthrough table with an autosave at PATH, printing "done N" after the
 * N-th action returns and is on disk, until it is killed. test-crash kills it at random
 * moments and checks what the autosave brings back. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "spk-autosave.h"
#include "spk-test-table.h"

int
main (int argc, char **argv)
{
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(SpkAutosave) save = NULL;
  g_autoptr(GRand) r = NULL;

  if (argc != 4)
    {
      fprintf (stderr, "usage: %s PATH SEED DELAY_MS\n", argv[0]);
      return 2;
    }
  t = spk_table_new (spk_test_table_walkthrough_board ());
  save = spk_autosave_new (t, argv[1]);
  spk_autosave_wait (save);
  if (spk_autosave_get_unsaved (save))
    {
      fprintf (stderr, "%s\n", spk_autosave_get_error (save)->message);
      return 1;
    }
  spk_autosave_set_delay (save, (guint) atoi (argv[3]));
  r = g_rand_new_with_seed ((guint32) atoi (argv[2]));
  printf ("ready\n");
  fflush (stdout);
  for (guint n = 1;; n++)
    {
      spk_test_table_crash_step (t, r, n);
      /* Acknowledged only once on disk: the write runs on a worker thread
       * and counts once it has returned. */
      spk_autosave_wait (save);
      if (spk_autosave_get_unsaved (save) ||
          spk_autosave_get_saved_sequence (save) != spk_table_get_sequence (t))
        {
          fprintf (stderr, "action %u is not on disk\n", n);
          return 1;
        }
      printf ("done %u\n", n);
      fflush (stdout);
      /* Let debounced snapshots happen between actions, as in the app. */
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  return 0;
}
