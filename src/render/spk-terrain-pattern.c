/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-terrain-pattern.h"

#include <math.h>

#include "spk-board-renderer.h"
#include "spk-look.h"

gboolean
spk_terrain_pattern_enabled (void)
{
  return spk_look_get_terrain_patterns (spk_look_get_default ());
}

static void
dots (cairo_t *cr, double x0, double y0, double x1, double y1, double step, double dot)
{
  int row = 0;

  for (double y = y0; y <= y1; y += step * 0.87, row++)
    for (double x = x0 + (row % 2) * step / 2; x <= x1; x += step)
      {
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, dot, 0, 2 * G_PI);
      }
  cairo_fill (cr);
}

static void
trees (cairo_t *cr, double x0, double y0, double x1, double y1, double step)
{
  int row = 0;
  double h = step * 0.45, w = step * 0.3;

  for (double y = y0; y <= y1; y += step * 0.87, row++)
    for (double x = x0 + (row % 2) * step / 2; x <= x1; x += step)
      {
        cairo_move_to (cr, x, y - h / 2);
        cairo_line_to (cr, x + w / 2, y + h / 2);
        cairo_line_to (cr, x - w / 2, y + h / 2);
        cairo_close_path (cr);
      }
  cairo_fill (cr);
}

static void
hatching (cairo_t *cr, double x0, double y0, double x1, double y1, double step)
{
  double h = y1 - y0;

  for (double x = x0 - h; x <= x1; x += step * 0.5)
    {
      cairo_move_to (cr, x, y1);
      cairo_line_to (cr, x + h, y0);
    }
  cairo_stroke (cr);
}

static void
waves (cairo_t *cr, double x0, double y0, double x1, double y1, double step)
{
  double a = step * 0.12, half = step / 2;

  for (double y = y0; y <= y1; y += step * 0.5)
    {
      cairo_move_to (cr, x0, y);
      for (double x = x0; x < x1; x += step)
        {
          cairo_curve_to (cr, x + half * 0.4, y - a, x + half * 0.6, y - a, x + half, y);
          cairo_curve_to (cr, x + half * 1.4, y + a, x + half * 1.6, y + a, x + step, y);
        }
    }
  cairo_stroke (cr);
}

void
spk_terrain_pattern_draw (cairo_t *cr, SpkTerrain terrain, const double *cx, const double *cy, int n, double radius,
                          gboolean dark)
{
  /* Fewer, larger marks at small zooms, so they do not blur into a tint. */
  double step = MAX (5.0, radius * 0.42);

  if (!spk_terrain_pattern_enabled () || terrain == SPK_TERRAIN_PATH || terrain >= SPK_N_TERRAINS || radius < 6)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  if (dark)
    cairo_set_source_rgba (cr, 1, 1, 1, 0.28);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.24);
  cairo_set_line_width (cr, MAX (0.8, radius * 0.045));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (int k = 0; k < n; k++)
    {
      double x0 = cx[k] - radius, y0 = cy[k] - radius, x1 = cx[k] + radius, y1 = cy[k] + radius;

      cairo_save (cr);
      spk_board_renderer_hex_path (cr, cx[k], cy[k], radius * 0.9);
      cairo_clip (cr);
      switch (terrain)
        {
        case SPK_TERRAIN_PLAINS:
          dots (cr, x0 + step / 4, y0 + step / 4, x1, y1, step, MAX (0.8, radius * 0.045));
          break;
        case SPK_TERRAIN_FOREST:
          trees (cr, x0 + step / 4, y0 + step / 4, x1, y1, step);
          break;
        case SPK_TERRAIN_MOUNTAINS:
          hatching (cr, x0, y0, x1, y1, step);
          break;
        case SPK_TERRAIN_WATER:
          waves (cr, x0, y0 + step / 4, x1, y1, step);
          break;
        case SPK_TERRAIN_PATH:
        case SPK_N_TERRAINS:
        default:
          break;
        }
      cairo_restore (cr);
    }
  cairo_restore (cr);
}
