/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board's transform without a display: hexes to pixels and back,
 * zoom about an anchor, pan, bounds, fit, hit testing and keyboard focus
 * steps. */
#include "config.h"

#include <math.h>

#include "spk-hex-layout.h"
#include "spk-test-builder.h"

#define SQRT3 SPK_HEX_LAYOUT_SQRT3

static void
test_world (void)
{
  double x, y;

  spk_hex_layout_world_of_hex (spk_hex_make (1, 0), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, SQRT3, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, 0, 1e-12);
  spk_hex_layout_world_of_hex (spk_hex_make (0, 1), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, SQRT3 / 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, 1.5, 1e-12);
  spk_hex_layout_world_of_hex (spk_hex_make (-2, 3), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, -SQRT3 / 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, 4.5, 1e-12);

  /* Every centre maps back to its hex. */
  for (int q = -6; q <= 6; q++)
    for (int r = -6; r <= 6; r++)
      {
        SpkHex hex;

        spk_hex_layout_world_of_hex (spk_hex_make (q, r), &x, &y);
        hex = spk_hex_layout_hex_of_world (x, y);
        g_assert_cmpint (hex.q, ==, q);
        g_assert_cmpint (hex.r, ==, r);
      }

  /* The east edge of (0, 0) is SQRT3 / 2 from its centre: 0.8 is still
   * inside, 0.95 is in (1, 0). Straight up, the corner is 1 away: 0.95 is
   * inside, 1.05 is in one of the hexes above. */
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_of_world (0.8, 0), spk_hex_make (0, 0)));
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_of_world (0.95, 0), spk_hex_make (1, 0)));
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_of_world (0, -0.95), spk_hex_make (0, 0)));
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_of_world (0.01, -1.05), spk_hex_make (1, -1)));
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_of_world (-0.01, -1.05), spk_hex_make (0, -1)));
}

static void
test_pixels (void)
{
  SpkHexLayout layout;
  double x, y;
  SpkHex hex;

  spk_hex_layout_init (&layout);
  g_assert_cmpfloat (layout.scale, ==, 40);
  layout.scale = 20;
  spk_hex_layout_set_offset (&layout, 100.4, 49.6);
  g_assert_cmpfloat (layout.ox, ==, 100);
  g_assert_cmpfloat (layout.oy, ==, 50);
  spk_hex_layout_hex_center (&layout, spk_hex_make (2, -1), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 1.5 * SQRT3 * 20 + 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, -1.5 * 20 + 50, 1e-9);
  hex = spk_hex_layout_hex_at (&layout, x + 15, y);
  g_assert_true (spk_hex_equal (hex, spk_hex_make (2, -1)));
  hex = spk_hex_layout_hex_at (&layout, x + 19, y);
  g_assert_true (spk_hex_equal (hex, spk_hex_make (3, -1)));

  spk_hex_layout_pan (&layout, 10.3, -5.6);
  g_assert_cmpfloat (layout.ox, ==, 110);
  g_assert_cmpfloat (layout.oy, ==, 44);

  /* A hex is offscreen once wholly past an edge (one radius of slack). */
  g_assert_false (spk_hex_layout_offscreen (&layout, -19, 10, 300, 200));
  g_assert_true (spk_hex_layout_offscreen (&layout, -21, 10, 300, 200));
  g_assert_false (spk_hex_layout_offscreen (&layout, 319, 219, 300, 200));
  g_assert_true (spk_hex_layout_offscreen (&layout, 100, 221, 300, 200));
}

static void
test_zoom (void)
{
  SpkHexLayout layout;
  double wx, wy, x, y;

  spk_hex_layout_init (&layout);
  spk_hex_layout_set_offset (&layout, 37, 81);
  /* The world point under the anchor stays under it (to the pixel the
   * whole-pixel offsets allow). */
  wx = (200 - layout.ox) / layout.scale;
  wy = (120 - layout.oy) / layout.scale;
  spk_hex_layout_set_zoom (&layout, 50, 200, 120);
  g_assert_cmpfloat (layout.scale, ==, 50);
  g_assert_cmpfloat (layout.ox, ==, round (layout.ox));
  g_assert_cmpfloat (layout.oy, ==, round (layout.oy));
  x = wx * layout.scale + layout.ox;
  y = wy * layout.scale + layout.oy;
  g_assert_cmpfloat (fabs (x - 200), <=, 0.5);
  g_assert_cmpfloat (fabs (y - 120), <=, 0.5);

  spk_hex_layout_set_zoom (&layout, 1000, 0, 0);
  g_assert_cmpfloat (layout.scale, ==, SPK_HEX_LAYOUT_MAX_ZOOM);
  spk_hex_layout_set_zoom (&layout, 1, 0, 0);
  g_assert_cmpfloat (layout.scale, ==, SPK_HEX_LAYOUT_MIN_ZOOM);
}

/* (0, 0), (1, 0) and (0, 1): three hexes in a triangle. */
static SpkGrid *
small_grid (SpkBoard **board)
{
  *board = spk_tb_new (2);
  spk_tb_hexes (*board, "isle", 0, "0,0,p 1,0,l 0,1,f*");
  return spk_grid_new (*board);
}

static void
test_bounds_and_fit (void)
{
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkGrid) grid = small_grid (&board);
  SpkHexLayout layout;
  double x, y, cx, cy;

  spk_hex_layout_init (&layout);
  spk_hex_layout_set_bounds (&layout, grid, 0);
  g_assert_cmpfloat_with_epsilon (layout.min_x, -SQRT3 / 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.max_x, 1.5 * SQRT3, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.min_y, -1, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.max_y, 2.5, 1e-12);
  g_assert_true (spk_hex_layout_within_bounds (&layout, spk_hex_make (0, 0)));
  g_assert_false (spk_hex_layout_within_bounds (&layout, spk_hex_make (-1, 0)));

  /* Two hexes of margin, as in edit mode. */
  spk_hex_layout_set_bounds (&layout, grid, 2);
  g_assert_cmpfloat_with_epsilon (layout.min_x, -2.5 * SQRT3, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.max_x, 3.5 * SQRT3, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.min_y, -4, 1e-12);
  g_assert_cmpfloat_with_epsilon (layout.max_y, 5.5, 1e-12);
  g_assert_true (spk_hex_layout_within_bounds (&layout, spk_hex_make (-1, 0)));
  g_assert_true (spk_hex_layout_within_bounds (&layout, spk_hex_make (-2, 0)));
  g_assert_false (spk_hex_layout_within_bounds (&layout, spk_hex_make (-3, 0)));

  /* Fit: the height limits the zoom (9.5 units in 100 - 24 pixels); the
   * middle of the bounds lands in the middle. */
  g_assert_true (spk_hex_layout_fit (&layout, 400, 100));
  g_assert_cmpfloat_with_epsilon (layout.scale, 76 / 9.5, 1e-9);
  cx = (layout.min_x + layout.max_x) / 2 * layout.scale + layout.ox;
  cy = (layout.min_y + layout.max_y) / 2 * layout.scale + layout.oy;
  g_assert_cmpfloat (fabs (cx - 200), <=, 0.5);
  g_assert_cmpfloat (fabs (cy - 50), <=, 0.5);

  /* Nothing fits inside the margin: no change. */
  g_assert_false (spk_hex_layout_fit (&layout, 20, 300));
  g_assert_cmpfloat_with_epsilon (layout.scale, 76 / 9.5, 1e-9);

  /* Without a grid the bounds are empty and Fit does nothing. */
  spk_hex_layout_set_bounds (&layout, NULL, 2);
  g_assert_cmpfloat (layout.max_x - layout.min_x, ==, 0);
  g_assert_false (spk_hex_layout_fit (&layout, 400, 300));

  /* Scrolling a hex into view leaves 1.2 radii to the edge. */
  spk_hex_layout_init (&layout);
  layout.scale = 10;
  spk_hex_layout_scroll_to (&layout, spk_hex_make (20, 0), 200, 100);
  spk_hex_layout_hex_center (&layout, spk_hex_make (20, 0), &x, &y);
  g_assert_cmpfloat (fabs (x - (200 - 12)), <=, 0.5);
  g_assert_cmpfloat (y, ==, 12);
  /* Already in view: nothing moves. */
  spk_hex_layout_scroll_to (&layout, spk_hex_make (19, 0), 200, 100);
  spk_hex_layout_hex_center (&layout, spk_hex_make (20, 0), &cx, &cy);
  g_assert_cmpfloat (cx, ==, x);
  g_assert_cmpfloat (cy, ==, y);
}

static void
test_cell_at (void)
{
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkGrid) grid = small_grid (&board);
  SpkHexLayout layout;
  SpkHex hex = { 99, 99 };
  double x, y;

  spk_hex_layout_init (&layout);
  spk_hex_layout_set_offset (&layout, 50, 50);
  spk_hex_layout_hex_center (&layout, spk_hex_make (0, 1), &x, &y);
  g_assert_true (spk_hex_layout_cell_at (&layout, grid, x, y, &hex));
  g_assert_true (spk_hex_equal (hex, spk_hex_make (0, 1)));
  g_assert_true (spk_hex_layout_cell_at (&layout, grid, x, y, NULL));
  /* (-1, 0) is sky; without a grid nothing is hit. */
  spk_hex_layout_hex_center (&layout, spk_hex_make (-1, 0), &x, &y);
  g_assert_false (spk_hex_layout_cell_at (&layout, grid, x, y, &hex));
  g_assert_true (spk_hex_equal (hex, spk_hex_make (0, 1)));
  g_assert_true (spk_hex_equal (spk_hex_layout_hex_at (&layout, x, y), spk_hex_make (-1, 0)));
  g_assert_false (spk_hex_layout_cell_at (&layout, NULL, x, y, &hex));
}

/* A row with a gap: (-1,0) (0,0) (1,0) [sky (2,0)] (3,0) (4,0), with
 * (0,-1) (1,-1) above, (0,1) below and (5,-1) up-right of (4,0). */
static void
test_focus_steps (void)
{
  g_autoptr(SpkBoard) board = spk_tb_new (2);
  g_autoptr(SpkGrid) grid = NULL;
  SpkHexLayout layout;
  SpkHex to = { 99, 99 };

  spk_tb_hexes (board, "isle", 0, "-1,0,p 0,0,p 1,0,p 3,0,p 4,0,p 0,-1,p 1,-1,p 0,1,p 5,-1,p");
  grid = spk_grid_new (board);
  spk_hex_layout_init (&layout);
  spk_hex_layout_set_bounds (&layout, grid, 0);

  /* The middle of the bounds (1.75 hex widths right of (0, 0)) is
   * nearest (1, 0). */
  g_assert_true (spk_hex_equal (spk_hex_layout_middle_cell (&layout, grid), spk_hex_make (1, 0)));
  g_assert_true (spk_hex_equal (spk_hex_layout_middle_cell (&layout, NULL), spk_hex_make (0, 0)));

  /* Right skips the sky at (2, 0); left runs out after (-1, 0). */
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (1, 0), 1, 0, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (3, 0)));
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (0, 0), -1, 0, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (-1, 0)));
  g_assert_false (spk_hex_layout_step (&layout, grid, spk_hex_make (-1, 0), -1, 0, FALSE, &to));
  g_assert_false (spk_hex_layout_step (&layout, grid, spk_hex_make (0, 0), 0, 0, FALSE, &to));
  g_assert_false (spk_hex_layout_step (&layout, NULL, spk_hex_make (0, 0), 1, 0, FALSE, &to));
  /* Editing steps onto the sky next door, within the bounds only. */
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (1, 0), 1, 0, TRUE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (2, 0)));
  g_assert_false (spk_hex_layout_step (&layout, grid, spk_hex_make (-1, 0), -1, 0, TRUE, &to));
  /* Up tries up-left first, then up-right; down tries down-right first,
   * so up then down comes back. */
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (1, 0), 0, -1, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (1, -1)));
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (4, 0), 0, -1, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (5, -1)));
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (0, -1), 0, 1, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (0, 0)));
  g_assert_true (spk_hex_layout_step (&layout, grid, spk_hex_make (0, 0), 0, 1, FALSE, &to));
  g_assert_true (spk_hex_equal (to, spk_hex_make (0, 1)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hex-layout/world", test_world);
  g_test_add_func ("/hex-layout/pixels", test_pixels);
  g_test_add_func ("/hex-layout/zoom", test_zoom);
  g_test_add_func ("/hex-layout/bounds-and-fit", test_bounds_and_fit);
  g_test_add_func ("/hex-layout/cell-at", test_cell_at);
  g_test_add_func ("/hex-layout/focus-steps", test_focus_steps);
  return g_test_run ();
}
