/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-movement: every unit's movement options on the benchmark board
 * (about 400 hexes, 4 players, 60 units), with explanations, as the CLI and
 * the app ask for them. Prints medians; never fails on speed.
 *
 *   whole board   a fresh SpkMovement on a prebuilt grid, then every unit
 *   with grid     the same, building the grid too
 *   options only  prebuilt grid, SPK_MOVE_QUERY_NO_EXPLANATION
 *   per minion    one minion's query on a warm context (closeness cached)
 *
 * The whole board on a prebuilt grid is also timed in processor time
 * (this thread's), which other programs on the machine disturb less.
 *
 * on three boards:
 *
 *   random        the benchmark board as generated: most minions stand on
 *                 hexes outside their allowance and only recover
 *   in play       the same board with every hex open to the minions and
 *                 none moved yet, so most of them make progress, as in a game
 *   stress        the board in play with every minion given movement 5, so
 *                 the exact-step search has most room
 *
 * Each board's line says how many units fall under each rule. With an
 * argument ("random", "play" or "stress") only that board is run, for
 * profiling.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "bench-report.h"
#include "spk-grid.h"
#include "spk-movement.h"
#include "spk-test-board.h"

#define RUNS 101

static double
median (GArray *samples)
{
  g_array_sort (samples, bench_compare_doubles);
  return g_array_index (samples, double, samples->len / 2);
}

/* This thread's processor time in microseconds. */
static double
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1e6 + (double) ts.tv_nsec / 1e3;
}

static void
query_all (const SpkBoard *board, SpkMovement *mv, SpkMoveQueryFlags flags, guint *options)
{
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      g_autoptr(SpkMoveResult) res = NULL;

      if (!spk_chip_is_unit (chip))
        continue;
      res = spk_movement_query_full (mv, chip->id, flags, NULL);
      *options += res->destinations->len;
    }
}

static void
report (const char *board, const char *what, GArray *samples, const char *target)
{
  g_autofree char *operation = g_strdup_printf ("movement, %s: %s", board, what);

  bench_report (operation, samples, target);
}

static void
bench_board (const char *label, const SpkBoard *board)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (board);
  g_autoptr(GArray) whole = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) whole_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) with_grid = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) quiet = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) per_minion = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(SpkMovement) warm = spk_movement_new (board, grid);
  guint options = 0, units = 0, minions = 0, rules[SPK_N_MOVE_RULES] = { 0 };
  double worst = 0;
  const char *worst_id = "-";
  SpkMoveRule worst_rule = SPK_MOVE_RULE_NONE;

  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      g_autoptr(SpkMoveResult) res = NULL;

      if (!spk_chip_is_unit (chip))
        continue;
      units++;
      minions += chip->kind == SPK_CHIP_MINION;
      res = spk_movement_query (warm, chip->id, NULL);
      rules[res->rule]++;
    }

  for (int run = 0; run < RUNS; run++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_now ();
      double us, cpu;

      {
        g_autoptr(SpkMovement) mv = spk_movement_new (board, grid);
        query_all (board, mv, SPK_MOVE_QUERY_DEFAULT, &options);
      }
      cpu = cpu_now () - c0;
      us = (double) (g_get_monotonic_time () - t0);
      g_array_append_val (whole, us);
      g_array_append_val (whole_cpu, cpu);

      t0 = g_get_monotonic_time ();
      {
        g_autoptr(SpkMovement) mv = spk_movement_new (board, grid);
        query_all (board, mv, SPK_MOVE_QUERY_NO_EXPLANATION, &options);
      }
      us = (double) (g_get_monotonic_time () - t0);
      g_array_append_val (quiet, us);

      t0 = g_get_monotonic_time ();
      {
        g_autoptr(SpkGrid) g = spk_grid_new (board);
        g_autoptr(SpkMovement) mv = spk_movement_new (board, g);
        query_all (board, mv, SPK_MOVE_QUERY_DEFAULT, &options);
      }
      us = (double) (g_get_monotonic_time () - t0);
      g_array_append_val (with_grid, us);
    }

  /* Single queries are too quick for the clock: time 200 in a row. */
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (double));
      double m;

      if (chip->kind != SPK_CHIP_MINION)
        continue;
      for (int run = 0; run < 11; run++)
        {
          gint64 t0 = g_get_monotonic_time ();
          double us;

          for (int k = 0; k < 200; k++)
            spk_move_result_free (spk_movement_query (warm, chip->id, NULL));
          us = (double) (g_get_monotonic_time () - t0) / 200.0;
          g_array_append_val (one, us);
        }
      m = median (one);
      if (m > worst)
        {
          g_autoptr(SpkMoveResult) res = spk_movement_query (warm, chip->id, NULL);

          worst = m;
          worst_id = chip->id;
          worst_rule = res->rule;
        }
      g_array_append_val (per_minion, m);
    }

  printf ("%s: %u hexes, %u units (%u minions); rules:", label, board->hexes->len, units, minions);
  for (int r = 0; r < SPK_N_MOVE_RULES; r++)
    printf (" %s %u", spk_move_rule_to_string (r), rules[r]);
  printf ("\n");
  /* The same for the table's notes: NOTE<TAB>text. */
  printf ("NOTE\tmovement, %s: %u units (%u minions);", label, units, minions);
  for (int r = 0; r < SPK_N_MOVE_RULES; r++)
    printf ("%s %s %u", r > 0 ? "," : "", spk_move_rule_to_string (r), rules[r]);
  printf ("\n");
  printf ("  whole board, prebuilt grid:  median %8.1f µs  (target < 500)\n", median (whole));
  printf ("  the same, processor time:    median %8.1f µs\n", median (whole_cpu));
  printf ("  whole board, building grid:  median %8.1f µs\n", median (with_grid));
  printf ("  whole board, options only:   median %8.1f µs  (no explanation sentences)\n",
          median (quiet));
  printf ("  per minion (warm context):   median %8.2f µs, slowest minion %.2f µs (%s, %s)  (target < 20)\n",
          median (per_minion), worst, worst_id, spk_move_rule_to_string (worst_rule));
  report (label, "every unit, prebuilt grid", whole, "< 500");
  report (label, "every unit, prebuilt grid, processor time", whole_cpu, "< 500");
  report (label, "every unit, building the grid", with_grid, "-");
  report (label, "every unit, options only", quiet, "-");
  report (label, "one minion, warm (median over minions)", per_minion, "< 20");
  (void) options;
}

/* The random board as a game would have it. Its terrain is random, so few
 * path hexes connect to a mark and most minions stand where they may not;
 * on a real board the paths join the marks. Here every hex is terrain the
 * minions may cross, and none has moved yet; movement stays as dealt. */
static SpkBoard *
in_play (const SpkBoard *random)
{
  SpkBoard *board = spk_board_copy (random);

  for (guint i = 0; i < board->chips->len; i++)
    {
      SpkChip *chip = g_ptr_array_index (board->chips, i);

      if (chip->kind == SPK_CHIP_MINION)
        {
          chip->allowance = SPK_TERRAIN_WATER;
          chip->moved = FALSE;
        }
    }
  return board;
}

int
main (int argc, char **argv)
{
  SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
  g_autoptr(SpkBoard) board = spk_test_board_random (2026, &spec);
  g_autoptr(SpkBoard) play = in_play (board);
  g_autoptr(SpkBoard) stress = in_play (board);

  for (guint i = 0; i < stress->chips->len; i++)
    {
      SpkChip *chip = g_ptr_array_index (stress->chips, i);

      if (chip->kind == SPK_CHIP_MINION)
        chip->movement = 5;
    }

  if (argc < 2 || g_str_equal (argv[1], "random"))
    bench_board ("random board", board);
  if (argc < 2 || g_str_equal (argv[1], "play"))
    bench_board ("board in play", play);
  if (argc < 2 || g_str_equal (argv[1], "stress"))
    bench_board ("stress (movement 5, water)", stress);
  return 0;
}
