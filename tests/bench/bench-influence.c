/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-influence: influence for every faction plus the spires that fire on
 * every faction's turn, on the benchmark board (about 400 hexes, 4 players,
 * 16 spires, earthscapes laid on top). Prints medians of many runs over a
 * few seeds; never fails on speed (the target is under 0.1 ms).
 *
 *   influence      every faction's influence on a prebuilt grid
 *   fire           every faction's turn: opposing spires, dice, targets
 *   both           the two together on a prebuilt grid (the target figure)
 *   grid build     spk_grid_new alone, for comparison (shared by every
 *                  engine query, built once per board change)
 */
#include "config.h"

#include <stdio.h>

#include "bench-report.h"

#include "spk-influence.h"
#include "spk-spire.h"
#include "spk-test-board.h"

#define RUNS 501
#define SEEDS 5

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median_ms (GArray *samples)
{
  g_array_sort (samples, compare_doubles);
  return g_array_index (samples, double, samples->len / 2) * 1000.0;
}

/* Returns how many groups, hexes and wells were found, so the work cannot
 * be optimised away and the figures say what was measured. */
static guint
all_influence (const SpkGrid *grid)
{
  const SpkBoard *board = grid->board;
  guint found = 0;

  for (guint f = 0; f < board->factions->len; f++)
    {
      const SpkFaction *faction = g_ptr_array_index (board->factions, f);
      g_autoptr(SpkInfluence) inf = spk_influence_compute_grid (grid, faction->id, NULL);

      found += inf->groups->len + inf->hexes->len + inf->buildable_wells->len;
    }
  return found;
}

static guint
all_fire (const SpkGrid *grid, guint *spires)
{
  const SpkBoard *board = grid->board;
  guint targets = 0;

  *spires = 0;
  for (guint f = 0; f < board->factions->len; f++)
    {
      const SpkFaction *faction = g_ptr_array_index (board->factions, f);
      g_autoptr(GPtrArray) fires = spk_spires_fire_grid (grid, faction->id, NULL);

      *spires += fires->len;
      for (guint i = 0; i < fires->len; i++)
        targets += ((SpkSpireFire *) g_ptr_array_index (fires, i))->targets->len;
    }
  return targets;
}

int
main (void)
{
  SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
  g_autoptr(GArray) influence = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) fire = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) both = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) grids = g_array_new (FALSE, FALSE, sizeof (double));
  guint sink = 0;

  printf ("bench-influence: %d runs on each of %d boards (%d players, ~%d hexes, %d spires, %d units)\n",
          RUNS, SEEDS, spec.players, spec.hexes, spec.spires, spec.units);
  for (guint32 seed = 1; seed <= SEEDS; seed++)
    {
      g_autoptr(SpkBoard) board = spk_test_board_random (seed, &spec);
      g_autoptr(SpkGrid) grid = spk_grid_new (board);
      guint found = all_influence (grid), spires = 0, targets = all_fire (grid, &spires);

      printf ("  seed %u: %u cells, %u groups; influence items %u; %u firing spire turns, %u targets\n",
              seed, spk_grid_n_cells (grid), grid->groups->len, found, spires, targets);
      for (int run = 0; run < RUNS; run++)
        {
          g_autoptr(GTimer) t = g_timer_new ();
          double a, b, c, d;
          guint n = 0;

          sink += all_influence (grid);
          a = g_timer_elapsed (t, NULL);
          g_timer_start (t);
          sink += all_fire (grid, &n);
          b = g_timer_elapsed (t, NULL);
          g_timer_start (t);
          sink += all_influence (grid) + all_fire (grid, &n);
          c = g_timer_elapsed (t, NULL);
          g_timer_start (t);
          {
            g_autoptr(SpkGrid) fresh = spk_grid_new (board);

            sink += spk_grid_n_cells (fresh);
          }
          d = g_timer_elapsed (t, NULL);
          g_array_append_val (influence, a);
          g_array_append_val (fire, b);
          g_array_append_val (both, c);
          g_array_append_val (grids, d);
        }
    }
  printf ("median influence, all factions:   %.4f ms\n", median_ms (influence));
  printf ("median fire, all factions' turns: %.4f ms\n", median_ms (fire));
  printf ("median both together:             %.4f ms   (target < 0.1 ms)\n", median_ms (both));
  printf ("median grid build (for reference):  %.4f ms\n", median_ms (grids));
  bench_report_scaled ("influence, all factions", (double *) (void *) influence->data, influence->len, 1e6, "-");
  bench_report_scaled ("fire, all factions' turns", (double *) (void *) fire->data, fire->len, 1e6, "-");
  bench_report_scaled ("influence and fire together", (double *) (void *) both->data, both->len, 1e6, "< 100");
  bench_report_scaled ("grid build", (double *) (void *) grids->data, grids->len, 1e6, "-");
  return sink == 0;
}
