/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render: draws the 400-hex benchmark board with every overlay in
 * use (influence, buildable wells, spire ranges and target lines,
 * closeness numbers on every hex, six labelled destinations) offscreen, 200 times, and prints
 * the median time per frame; the last two passes time the widget's own
 * frame (its snapshot rendered by the window's renderer). Needs a display
 * (xvfb-run). */
#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <time.h>

#include "bench-report.h"
#include "spk-application.h"
#include "spk-board-view.h"
#include "spk-grid.h"
#include "spk-test-board.h"

#define DEFAULT_FRAMES 200
#define WIDTH 1280
#define HEIGHT 960

enum { COLD, NEW_ZOOM, MOVE, MOVE_NEW_INFLUENCE, WARM, WIDGET_MOVE, WIDGET_WARM, N_PASSES };

static const char *const pass_names[N_PASSES] = {
  "cold (full redraw)",
  "new zoom (full redraw, chips and labels too)",
  "after a move (map and overlays kept)",
  "after a move with new influence (map kept)",
  "warm (cached board)",
  "after a move, the widget's frame through the window's renderer",
  "warm, the widget's frame through the window's renderer",
};

/* What a frame of the window costs: the widget's snapshot, rendered by
 * the window's renderer (as the app picks it: without a GPU, cairo). */
static void
render_widget (GtkWidget *view, GskRenderer *renderer)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GdkTexture *texture;

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (view),
                                                              gtk_widget_get_height (view)));
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* This thread's processor time, in ms: on a shared machine the wall
 * clock also counts the time other programs had the processor. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Influence on every third hex, starting at @shift: a new shift is what
 * a move that changes the influence looks like to the view. */
static void
mark_influence (SpkBoardView *view, const SpkBoard *board, const SpkGrid *grid, guint shift)
{
  const SpkFaction *first = g_ptr_array_index (board->factions, 0);

  spk_board_view_clear_layer (view, SPK_BOARD_LAYER_INFLUENCE);
  for (guint i = 0; i < spk_grid_n_cells (grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (grid, i);

      if ((i + shift) % 3 == 0)
        spk_board_view_mark_hex (view, SPK_BOARD_LAYER_INFLUENCE, cell->hex, SPK_MARK_INFLUENCE, first->id, NULL);
      if (cell->well)
        spk_board_view_mark_hex (view, SPK_BOARD_LAYER_INFLUENCE, cell->hex, SPK_MARK_BUILDABLE, first->id, NULL);
    }
}

static void
add_overlays (SpkBoardView *view, const SpkBoard *board)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (board);

  for (guint i = 0; i < spk_grid_n_cells (grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (grid, i);
      g_autofree char *number = g_strdup_printf ("%u", i % 13);

      spk_board_view_mark_hex (view, SPK_BOARD_LAYER_CLOSENESS, cell->hex, SPK_MARK_LABEL, NULL, number);
    }
  mark_influence (view, board, grid, 0);
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);

      if (chip->kind != SPK_CHIP_SPIRE || !chip->placed)
        continue;
      for (int d = 0; d < 6; d += 2)
        {
          SpkHex to = { chip->q + 2 * spk_hex_directions[d].q, chip->r + 2 * spk_hex_directions[d].r };

          spk_board_view_mark_hex (view, SPK_BOARD_LAYER_SPIRES, to, SPK_MARK_RANGE, chip->faction, NULL);
          spk_board_view_add_line (view, SPK_BOARD_LAYER_SPIRES, spk_hex_make (chip->q, chip->r), to,
                                   SPK_MARK_TARGET, chip->faction);
        }
    }
}

int
main (int argc, char **argv)
{
  SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_surface_t *surface;
  GskRenderer *renderer;
  GtkWidget *window;
  SpkBoardView *view;
  double fit_zoom;
  /* An optional pass number runs that pass alone (for a profiler), and
   * an optional frame count after it shortens the run (for callgrind). */
  int only = argc > 1 ? atoi (argv[1]) : -1;
  int frames = argc > 2 ? MAX (1, atoi (argv[2])) : DEFAULT_FRAMES;

  spk_application_skip_software_gl ("/dev/dri");
  gtk_init ();
  adw_init ();
  board = spk_test_board_random (7, &spec);
  grid = spk_grid_new (board);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  view = SPK_BOARD_VIEW (spk_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  spk_board_view_set_board (view, board);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (GTK_WIDGET (view)) == 0)
    g_main_context_iteration (NULL, TRUE);
  spk_board_view_fit (view);
  fit_zoom = spk_board_view_get_zoom (view);
  add_overlays (view, board);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  g_print ("NOTE\trender: the window's renderer is %s\n", G_OBJECT_TYPE_NAME (renderer));
  /* Every frame composites the renderer's three cached drawings (map,
   * overlays, pieces: what the widget appends as textures) and draws the
   * live layers and highlights over them. Cold: all three redrawn, as
   * after an edited map: every hex, edge, chip, line and label copied
   * again into fresh drawings (the sprites each look is drawn from once
   * per zoom and style are kept). New zoom: those sprites too, every
   * frame at a zoom the last one did not have. Move: a unit moved and
   * the overlays were marked again the same, so only the pieces (chips,
   * lines and labels) are redrawn. Move with new influence: the overlays
   * too. Warm: the cached drawings repainted with a new selection, new
   * destinations and a pan, which is what selecting a unit, hover, focus
   * and panning cost. The board copy made by set_board is not timed. */
  for (int pass = 0; pass < N_PASSES; pass++)
    {
      if (only >= 0 && pass != only)
        continue;
      g_array_set_size (times, 0);
      g_array_set_size (cpu_times, 0);
      for (int i = 0; i < frames + 10; i++)
        {
          cairo_t *cr = cairo_create (surface);
          const SpkHexEntry *e = g_ptr_array_index (board->hexes, i % board->hexes->len);
          gint64 start;
          double ms, cpu_start, cpu;

          if (pass == COLD)
            spk_board_view_invalidate (view);
          else if (pass == NEW_ZOOM)
            spk_board_view_set_zoom (view, fit_zoom * (i % 2 ? 1.0 : 1.01), WIDTH / 2.0, HEIGHT / 2.0);
          else if (pass == MOVE || pass == MOVE_NEW_INFLUENCE || pass == WIDGET_MOVE)
            {
              SpkChip *unit = NULL;

              for (guint c = 0; c < board->chips->len && unit == NULL; c++)
                {
                  SpkChip *chip = g_ptr_array_index (board->chips, c);

                  if (spk_chip_is_unit (chip) && chip->placed)
                    unit = chip;
                }
              /* Back and forth between two hexes of the board. */
              unit->q = i % 2 ? e->q : ((SpkHexEntry *) g_ptr_array_index (board->hexes, 0))->q;
              unit->r = i % 2 ? e->r : ((SpkHexEntry *) g_ptr_array_index (board->hexes, 0))->r;
              spk_board_view_set_board (view, board);
              if (pass == MOVE_NEW_INFLUENCE)
                mark_influence (view, board, grid, i % 2 + 1);
            }
          /* A new selection brings new destinations, as in the app. */
          spk_board_view_clear_layer (view, SPK_BOARD_LAYER_MOVES);
          for (int d = 0; d < 6; d++)
            spk_board_view_mark_hex (view, SPK_BOARD_LAYER_MOVES, spk_hex_neighbour (spk_hex_make (e->q, e->r), d),
                                     SPK_MARK_DESTINATION, NULL, "1");
          spk_board_view_select (view, &(SpkHex) { e->q, e->r });
          spk_board_view_pan (view, i % 2 ? 1 : -1, 0);
          start = g_get_monotonic_time ();
          cpu_start = cpu_ms ();
          if (pass >= WIDGET_MOVE)
            render_widget (GTK_WIDGET (view), renderer);
          else
            {
              cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
              cairo_paint (cr);
              cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
              spk_board_view_render (view, cr, WIDTH, HEIGHT);
              cairo_surface_flush (surface);
            }
          ms = (g_get_monotonic_time () - start) / 1000.0;
          cpu = cpu_ms () - cpu_start;
          cairo_destroy (cr);
          if (i >= 10) /* the first frames warm the glyph caches */
            {
              g_array_append_val (times, ms);
              g_array_append_val (cpu_times, cpu);
            }
        }
      /* Back to the fitted board and the first overlays. */
      if (pass == NEW_ZOOM)
        spk_board_view_fit (view);
      if (pass == MOVE_NEW_INFLUENCE)
        mark_influence (view, board, grid, 0);
      g_array_sort (times, compare_doubles);
      g_array_sort (cpu_times, compare_doubles);
      g_print ("bench-render %s: %u hexes, %u chips, %dx%d, zoom %.1f px, %d frames: median %.2f ms/frame "
               "(min %.2f, max %.2f; processor time median %.2f ms; target < 4 ms)\n",
               pass_names[pass],
               board->hexes->len, board->chips->len, WIDTH, HEIGHT, spk_board_view_get_zoom (view), frames,
               g_array_index (times, double, frames / 2), g_array_index (times, double, 0),
               g_array_index (times, double, frames - 1), g_array_index (cpu_times, double, frames / 2));
      {
        g_autofree char *operation = g_strdup_printf ("render: %s", pass_names[pass]);

        bench_report_scaled (operation, (double *) (void *) times->data, times->len, 1000.0, "< 4000");
      }
    }
  cairo_surface_write_to_png (surface, "bench-render.png");
  cairo_surface_destroy (surface);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
