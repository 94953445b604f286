/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-renderer-private.h: what the renderer's object and its
 * drawing code (spk-board-renderer-draw.c) share. */
#pragma once

#include "spk-board-renderer.h"
#include "spk-sprite-cache.h"

G_BEGIN_DECLS

typedef struct {
  SpkHex        hex;
  SpkMarkStyle  style;
  int           faction;   /* index into board->factions, -1 for none */
  char         *label;
} Mark;

typedef struct {
  SpkHex        from, to;
  SpkMarkStyle  style;
  int           faction;
} Line;

/* One cached drawing. Its texture shares the surface's pixels; while GTK
 * still holds a texture (the last frame it rendered), the next drawing
 * goes to the spare surface instead, so a texture never changes. */
typedef struct {
  cairo_surface_t *surface;
  cairo_surface_t *spare;
  GObject         *texture;   /* a GdkTexture, made by spk-board-renderer-gdk.c */
  gboolean         ok;
  gboolean         blank;     /* nothing drawn: no texture needed */
  gboolean         skipped;   /* stacked: drawn only as part of a layer above */
  guint            n_draws;
} Layer;

struct _SpkBoardRenderer
{
  GObject          parent_instance;

  SpkBoard        *board;
  SpkGrid         *grid;
  GArray          *rows_order;  /* of guint: grid cells by row, then column */
  GPtrArray       *chip_keys;   /* of char*: each chip's part looks, board order */
  GArray          *marks[SPK_N_BOARD_LAYERS];  /* of Mark */
  GArray          *lines[SPK_N_BOARD_LAYERS];  /* of Line */
  gboolean         dark;
  gboolean         edit_mode;

  SpkSpriteCache  *sprites;
  Layer            layers[SPK_N_RENDER_LAYERS];
  /* Painting through cairo, each drawing is drawn over a copy of the one
   * below, so a frame copies the top one alone: compositing three full
   * drawings every frame would cost three times that. Textures are
   * drawn apart, for the renderer to composite. */
  gboolean         stacked;
  guint            map_hash;     /* of what the map drawing shows */
  guint            fills_hash;   /* of what the overlays drawing shows; 0: stale */
  double           cache_scale;  /* the zoom the drawings are at */
  int              cache_factor;
  int              cache_ox, cache_oy;  /* world→drawing pixel offset */
  int              cache_w, cache_h;    /* in pixels */
};

typedef enum {
  DRAW_MAP = 1 << SPK_RENDER_MAP,            /* hexes, fortresses, wells, outlines */
  DRAW_FILLS = 1 << SPK_RENDER_OVERLAYS,     /* the cached overlays' hex fills and rings */
  DRAW_PIECES = 1 << SPK_RENDER_PIECES,      /* chips, stacks, cached lines and labels */
  DRAW_ALL = DRAW_MAP | DRAW_FILLS | DRAW_PIECES,
} DrawParts;

/* Draws @parts at @layout's offsets into @cr, clipped to @width x
 * @height. */
void spk_board_renderer_draw (SpkBoardRenderer   *self,
                              cairo_t            *cr,
                              const SpkHexLayout *layout,
                              int                 width,
                              int                 height,
                              DrawParts           parts);

G_END_DECLS
