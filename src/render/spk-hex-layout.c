/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-hex-layout.h"

#include <math.h>

#define SQRT3 SPK_HEX_LAYOUT_SQRT3

void
spk_hex_layout_init (SpkHexLayout *self)
{
  *self = (SpkHexLayout) { .scale = 40 };
}

void
spk_hex_layout_world_of_hex (SpkHex hex, double *x, double *y)
{
  *x = SQRT3 * (hex.q + hex.r / 2.0);
  *y = 1.5 * hex.r;
}

/* Cube rounding: round all three cube coordinates and fix the one that
 * moved most, so the result is the hex containing the point. */
SpkHex
spk_hex_layout_hex_of_world (double x, double y)
{
  double qf = SQRT3 / 3 * x - y / 3;
  double rf = 2.0 / 3 * y;
  double sf = -qf - rf;
  double q = round (qf), r = round (rf), s = round (sf);
  double dq = fabs (q - qf), dr = fabs (r - rf), ds = fabs (s - sf);

  if (dq > dr && dq > ds)
    q = -r - s;
  else if (dr > ds)
    r = -q - s;
  return spk_hex_make ((int) q, (int) r);
}

void
spk_hex_layout_hex_center (const SpkHexLayout *self, SpkHex hex, double *x, double *y)
{
  double wx, wy;

  spk_hex_layout_world_of_hex (hex, &wx, &wy);
  *x = wx * self->scale + self->ox;
  *y = wy * self->scale + self->oy;
}

SpkHex
spk_hex_layout_hex_at (const SpkHexLayout *self, double x, double y)
{
  return spk_hex_layout_hex_of_world ((x - self->ox) / self->scale, (y - self->oy) / self->scale);
}

gboolean
spk_hex_layout_cell_at (const SpkHexLayout *self, const SpkGrid *grid, double x, double y, SpkHex *out)
{
  SpkHex hex;

  if (grid == NULL || self->scale <= 0)
    return FALSE;
  hex = spk_hex_layout_hex_at (self, x, y);
  if (spk_grid_find (grid, hex) < 0)
    return FALSE;
  if (out != NULL)
    *out = hex;
  return TRUE;
}

void
spk_hex_layout_set_bounds (SpkHexLayout *self, const SpkGrid *grid, int margin)
{
  self->min_x = self->min_y = self->max_x = self->max_y = 0;
  if (grid == NULL)
    return;
  for (guint i = 0; i < spk_grid_n_cells (grid); i++)
    {
      double x, y;

      spk_hex_layout_world_of_hex (spk_grid_cell (grid, i)->hex, &x, &y);
      if (i == 0 || x - SQRT3 / 2 < self->min_x)
        self->min_x = x - SQRT3 / 2;
      if (i == 0 || x + SQRT3 / 2 > self->max_x)
        self->max_x = x + SQRT3 / 2;
      if (i == 0 || y - 1 < self->min_y)
        self->min_y = y - 1;
      if (i == 0 || y + 1 > self->max_y)
        self->max_y = y + 1;
    }
  self->min_x -= margin * SQRT3;
  self->max_x += margin * SQRT3;
  self->min_y -= margin * 1.5;
  self->max_y += margin * 1.5;
}

gboolean
spk_hex_layout_within_bounds (const SpkHexLayout *self, SpkHex hex)
{
  double x, y;

  spk_hex_layout_world_of_hex (hex, &x, &y);
  return x >= self->min_x - 0.1 && x <= self->max_x + 0.1 && y >= self->min_y - 0.1 && y <= self->max_y + 0.1;
}

void
spk_hex_layout_set_offset (SpkHexLayout *self, double ox, double oy)
{
  self->ox = round (ox);
  self->oy = round (oy);
}

void
spk_hex_layout_set_zoom (SpkHexLayout *self, double zoom, double anchor_x, double anchor_y)
{
  double wx = (anchor_x - self->ox) / self->scale, wy = (anchor_y - self->oy) / self->scale;

  zoom = CLAMP (zoom, SPK_HEX_LAYOUT_MIN_ZOOM, SPK_HEX_LAYOUT_MAX_ZOOM);
  self->scale = zoom;
  spk_hex_layout_set_offset (self, anchor_x - wx * zoom, anchor_y - wy * zoom);
}

void
spk_hex_layout_pan (SpkHexLayout *self, double dx, double dy)
{
  spk_hex_layout_set_offset (self, self->ox + dx, self->oy + dy);
}

gboolean
spk_hex_layout_fit (SpkHexLayout *self, double width, double height)
{
  double bw = self->max_x - self->min_x, bh = self->max_y - self->min_y, margin = SPK_HEX_LAYOUT_FIT_MARGIN;

  if (width <= 2 * margin || height <= 2 * margin || bw <= 0 || bh <= 0)
    return FALSE;
  self->scale = CLAMP (MIN ((width - 2 * margin) / bw, (height - 2 * margin) / bh),
                       SPK_HEX_LAYOUT_MIN_ZOOM, SPK_HEX_LAYOUT_MAX_ZOOM);
  spk_hex_layout_set_offset (self, width / 2 - (self->min_x + bw / 2) * self->scale,
                             height / 2 - (self->min_y + bh / 2) * self->scale);
  return TRUE;
}

void
spk_hex_layout_scroll_to (SpkHexLayout *self, SpkHex hex, double width, double height)
{
  double x, y, margin = self->scale * 1.2, ox = self->ox, oy = self->oy;

  if (width <= 0 || height <= 0)
    return;
  spk_hex_layout_hex_center (self, hex, &x, &y);
  if (x < margin)
    ox += margin - x;
  else if (x > width - margin)
    ox -= x - (width - margin);
  if (y < margin)
    oy += margin - y;
  else if (y > height - margin)
    oy -= y - (height - margin);
  spk_hex_layout_set_offset (self, ox, oy);
}

gboolean
spk_hex_layout_offscreen (const SpkHexLayout *self, double x, double y, int width, int height)
{
  double s = self->scale;

  return x < -s || y < -s || x > width + s || y > height + s;
}

SpkHex
spk_hex_layout_middle_cell (const SpkHexLayout *self, const SpkGrid *grid)
{
  double best = G_MAXDOUBLE, cx = (self->min_x + self->max_x) / 2, cy = (self->min_y + self->max_y) / 2;
  SpkHex middle = { 0, 0 };

  for (guint i = 0; grid != NULL && i < spk_grid_n_cells (grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (grid, i);
      double x, y, d;

      spk_hex_layout_world_of_hex (cell->hex, &x, &y);
      d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (d < best)
        {
          best = d;
          middle = cell->hex;
        }
    }
  return middle;
}

gboolean
spk_hex_layout_step (const SpkHexLayout *self, const SpkGrid *grid, SpkHex from, int dx, int dy,
                     gboolean into_sky, SpkHex *out)
{
  /* Screen direction -> hex directions to try (spk_hex_directions order).
   * Up prefers up-left and down prefers down-right so the two undo each
   * other. */
  int dirs[2] = { -1, -1 };

  if (grid == NULL)
    return FALSE;
  if (dy < 0)
    dirs[0] = 2, dirs[1] = 1;
  else if (dy > 0)
    dirs[0] = 5, dirs[1] = 4;
  else if (dx > 0)
    dirs[0] = 0;
  else if (dx < 0)
    dirs[0] = 3;
  else
    return FALSE;

  for (int step = 1; step <= 16; step++)
    for (int k = 0; k < 2 && dirs[k] >= 0; k++)
      {
        SpkHex h = { from.q + spk_hex_directions[dirs[k]].q * step, from.r + spk_hex_directions[dirs[k]].r * step };

        /* Sky is walked onto one step at a time, or skipped. */
        if (spk_grid_find (grid, h) >= 0 || (step == 1 && into_sky && spk_hex_layout_within_bounds (self, h)))
          {
            *out = h;
            return TRUE;
          }
      }
  return FALSE;
}
