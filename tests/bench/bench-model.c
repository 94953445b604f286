/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-model: save and load of a full 4-player mid-game table (400
 * hexes, 60 units, spires, landmarks) with 500 steps of history, through
 * SpkTable. Prints the median of many runs; the target is under 5 ms for
 * each. Run: build/tests/bench/bench-model */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "bench-report.h"
#include "spk-table.h"
#include "spk-test-board.h"
#include "spk-test-table.h"

#define RUNS 51
#define STEPS 500

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_ms (double *samples, guint n)
{
  qsort (samples, n, sizeof (double), (GCompareFunc) compare_doubles);
  return samples[n / 2] * 1000.0;
}

int
main (void)
{
  SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
  g_autoptr(SpkTable) t = spk_table_new (spk_test_board_random (2026, &spec));
  g_autoptr(GRand) r = g_rand_new_with_seed (7);
  g_autofree char *dir = g_dir_make_tmp ("spk-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.json", NULL);
  g_autoptr(GError) error = NULL;
  double to_data[RUNS], write[RUNS], save[RUNS], load[RUNS], parse[RUNS], act[RUNS], undo[RUNS];
  double act_cpu[RUNS], undo_cpu[RUNS];
  g_autofree char *data = NULL;
  gsize length = 0;
  guint serial = 0;
  guint steps;

  /* A mid-game: 500 recorded steps of every kind (the last one from the
   * action timing below), a few of them undone. */
  while (spk_table_get_history_length (t) < STEPS - 1)
    {
      /* A player turn: a few actions, undone together. */
      spk_table_begin_group (t);
      for (guint k = 0; k < 16 && spk_table_get_history_length (t) < STEPS - 1; k++)
        spk_test_table_random_action (t, r, serial++);
      spk_table_end_group (t);
    }
  /* One action and its undo on the full table, as a player feels them. */
  for (guint i = 0; i < RUNS; i++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      const SpkFaction *f = g_ptr_array_index (spk_table_get_board (t)->factions, 0);
      double cpu = bench_thread_cpu_seconds ();

      if (!spk_table_set_source (t, f->id, (f->source + 1) % 20, NULL, &error))
        g_error ("%s", error->message);
      act[i] = g_timer_elapsed (timer, NULL);
      act_cpu[i] = bench_thread_cpu_seconds () - cpu;
      g_timer_start (timer);
      cpu = bench_thread_cpu_seconds ();
      if (!spk_table_undo (t, &error))
        g_error ("%s", error->message);
      undo[i] = g_timer_elapsed (timer, NULL);
      undo_cpu[i] = bench_thread_cpu_seconds () - cpu;
    }

  /* The last turn undone: the file also holds steps to redo. */
  if (!spk_table_undo (t, &error))
    g_error ("%s", error->message);
  data = spk_table_to_data (t, &length);

  for (guint i = 0; i < RUNS; i++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      g_autofree char *out = spk_table_to_data (t, NULL);

      to_data[i] = g_timer_elapsed (timer, NULL);
      /* A plain write that never waits for the disk, to tell the
       * program's share from the storage's. */
      g_timer_start (timer);
      g_file_set_contents_full (path, out, -1, G_FILE_SET_CONTENTS_NONE, 0644, NULL);
      write[i] = g_timer_elapsed (timer, NULL) + to_data[i];
      g_timer_start (timer);
      if (!spk_table_save (t, path, &error))
        g_error ("%s", error->message);
      save[i] = g_timer_elapsed (timer, NULL);
    }
  printf ("bench-model: 4 players, %u hexes, %u chips, %u history steps, file %" G_GSIZE_FORMAT " bytes\n",
          spk_table_get_board (t)->hexes->len, spk_table_get_board (t)->chips->len,
          spk_table_get_history_length (t), length);
  steps = spk_table_get_history_length (t);
  /* Loading is measured as the app does it: in a process that is not
   * holding a second copy of the game. */
  g_clear_object (&t);
  for (guint i = 0; i < RUNS; i++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      g_autoptr(SpkTable) loaded = spk_table_new_from_file (path, &error);

      load[i] = g_timer_elapsed (timer, NULL);
      if (loaded == NULL)
        g_error ("%s", error->message);
      if (spk_table_get_history_length (loaded) != steps)
        g_error ("history lost in the round trip");
      g_timer_start (timer);
      {
        g_autoptr(SpkTable) parsed = spk_table_new_from_data (data, (gssize) length, &error);
        parse[i] = g_timer_elapsed (timer, NULL);
        if (parsed == NULL)
          g_error ("the table did not read back: %s", error->message);
      }
    }

  printf ("  serialise (table + history):   median %.2f ms\n", median_ms (to_data, RUNS));
  printf ("  serialise + plain write (no fsync): median %.2f ms\n", median_ms (write, RUNS));
  printf ("  save to file (atomic, fsync):  median %.2f ms\n", median_ms (save, RUNS));
  printf ("  load from file (with history): median %.2f ms\n", median_ms (load, RUNS));
  printf ("  load from memory:              median %.2f ms\n", median_ms (parse, RUNS));
  printf ("  one action (Source +1):        median %.2f ms\n", median_ms (act, RUNS));
  printf ("  its undo:                      median %.2f ms\n", median_ms (undo, RUNS));
  printf ("  one action, CPU time:           median %.2f ms\n", median_ms (act_cpu, RUNS));
  printf ("  its undo, CPU time:             median %.2f ms\n", median_ms (undo_cpu, RUNS));
  bench_report_scaled ("model: serialise table + history", to_data, RUNS, 1e6, "-");
  bench_report_scaled ("model: serialise + plain write", write, RUNS, 1e6, "-");
  bench_report_scaled ("model: save to file (atomic, fsync)", save, RUNS, 1e6, "-");
  bench_report_scaled ("model: load from file", load, RUNS, 1e6, "-");
  bench_report_scaled ("model: load from memory", parse, RUNS, 1e6, "-");
  bench_report_scaled ("model: one action (Source +1)", act, RUNS, 1e6, "-");
  bench_report_scaled ("model: its undo", undo, RUNS, 1e6, "-");
  bench_report_scaled ("model: one action, CPU time", act_cpu, RUNS, 1e6, "-");
  bench_report_scaled ("model: its undo, CPU time", undo_cpu, RUNS, 1e6, "-");
  if (g_getenv ("SPK_BENCH_KEEP") != NULL)
    g_file_set_contents (g_getenv ("SPK_BENCH_KEEP"), data, (gssize) length, NULL);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
