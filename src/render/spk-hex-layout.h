/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-hex-layout.h: where hexes land on screen.
 *
 * A plain value (no GObject, no GTK) holding the board's transform:
 * pointy-top hexes of radius 1 in world units, scaled by the zoom and
 * moved by a whole-pixel offset. It converts between hexes and pixels,
 * zooms about an anchor, pans, fits the board's bounds into a size and
 * hit-tests against a grid, so the board canvas and its renderer agree on
 * every pixel and the maths can be tested without a display.
 */
#pragma once

#include <glib.h>

#include "spk-grid.h"
#include "spk-hex.h"

G_BEGIN_DECLS

#define SPK_HEX_LAYOUT_SQRT3 1.7320508075688772
#define SPK_HEX_LAYOUT_MIN_ZOOM 6.0
#define SPK_HEX_LAYOUT_MAX_ZOOM 220.0
/* The margin Fit leaves around the board, in pixels. */
#define SPK_HEX_LAYOUT_FIT_MARGIN 12.0

typedef struct {
  double scale;                       /* pixels per hex radius */
  double ox, oy;                      /* pixel = world * scale + offset */
  double min_x, min_y, max_x, max_y;  /* world bounds of the board */
} SpkHexLayout;

void     spk_hex_layout_init           (SpkHexLayout       *self);

/* Hex centres in world units, and the hex a world point falls in. */
void     spk_hex_layout_world_of_hex   (SpkHex              hex,
                                        double             *x,
                                        double             *y);
SpkHex   spk_hex_layout_hex_of_world   (double              x,
                                        double              y);

/* Pixels: the centre of @hex, and the hex under (@x, @y), sky or not. */
void     spk_hex_layout_hex_center     (const SpkHexLayout *self,
                                        SpkHex              hex,
                                        double             *x,
                                        double             *y);
SpkHex   spk_hex_layout_hex_at         (const SpkHexLayout *self,
                                        double              x,
                                        double              y);
/* The cell of @grid under (@x, @y); FALSE over sky or without a grid. */
gboolean spk_hex_layout_cell_at        (const SpkHexLayout *self,
                                        const SpkGrid      *grid,
                                        double              x,
                                        double              y,
                                        SpkHex             *out);

/* The bounds of every cell of @grid (all zero without one), grown by
 * @margin hexes on every side. */
void     spk_hex_layout_set_bounds     (SpkHexLayout       *self,
                                        const SpkGrid      *grid,
                                        int                 margin);
/* Whether @hex's centre lies within the bounds. */
gboolean spk_hex_layout_within_bounds  (const SpkHexLayout *self,
                                        SpkHex              hex);

/* Zoom clamped to the limits, keeping the world point under the anchor
 * where it was. Offsets are kept on whole pixels so cached drawings stay
 * crisp when moved. */
void     spk_hex_layout_set_zoom       (SpkHexLayout       *self,
                                        double              zoom,
                                        double              anchor_x,
                                        double              anchor_y);
void     spk_hex_layout_set_offset     (SpkHexLayout       *self,
                                        double              ox,
                                        double              oy);
void     spk_hex_layout_pan            (SpkHexLayout       *self,
                                        double              dx,
                                        double              dy);
/* Centres the bounds in @width x @height at the largest zoom that fits
 * them inside the margin. FALSE (and no change) when nothing fits. */
gboolean spk_hex_layout_fit            (SpkHexLayout       *self,
                                        double              width,
                                        double              height);
/* Pans so that @hex is at least 1.2 hex radii inside the edges. */
void     spk_hex_layout_scroll_to      (SpkHexLayout       *self,
                                        SpkHex              hex,
                                        double              width,
                                        double              height);
/* Whether a hex centred at (@x, @y) pixels lies wholly outside
 * @width x @height. */
gboolean spk_hex_layout_offscreen      (const SpkHexLayout *self,
                                        double              x,
                                        double              y,
                                        int                 width,
                                        int                 height);

/* Keyboard focus. The cell of @grid nearest the middle of the bounds. */
SpkHex   spk_hex_layout_middle_cell    (const SpkHexLayout *self,
                                        const SpkGrid      *grid);
/* The next cell from @from in screen direction (@dx, @dy), each -1, 0 or
 * 1, skipping sky up to 16 hexes; with @into_sky, sky within the bounds
 * right next to @from too. FALSE when nothing lies that way. */
gboolean spk_hex_layout_step           (const SpkHexLayout *self,
                                        const SpkGrid      *grid,
                                        SpkHex              from,
                                        int                 dx,
                                        int                 dy,
                                        gboolean            into_sky,
                                        SpkHex             *out);

G_END_DECLS
