/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-renderer-private.h"

#include <math.h>
#include <string.h>

#include "spk-chip-look.h"
#include "spk-palette.h"
#include "spk-sprite-cache.h"

#define SQRT3 SPK_HEX_LAYOUT_SQRT3

/* Largest cached drawing, in device pixels; beyond it frames draw direct. */
#define MAX_CACHE_PIXELS (4096 * 4096)

G_DEFINE_FINAL_TYPE (SpkBoardRenderer, spk_board_renderer, G_TYPE_OBJECT)

static void
mark_clear (gpointer data)
{
  Mark *mark = data;

  g_free (mark->label);
}

/* --- the cached drawings ---------------------------------------------------- */

/* What the map drawing depends on: hexes, fortresses, faction order,
 * and whether the sky grid shows. */
static guint
map_hash (SpkBoardRenderer *self)
{
  const SpkBoard *board = self->board;
  guint h = 17 + (guint) self->edit_mode;

  if (board == NULL)
    return 0;
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);

      h = h * 31 + (guint) e->q;
      h = h * 31 + (guint) e->r;
      h = h * 31 + (guint) e->terrain * 7 + (guint) e->well * 3 + (guint) e->layer;
      h = h * 31 + g_str_hash (e->group);
    }
  for (guint i = 0; i < board->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (board->fortresses, i);

      h = h * 31 + g_str_hash (f->faction) + (guint) f->gate.q * 131 + (guint) f->gate.r;
      for (guint k = 0; k < f->wells->len; k++)
        h = h * 31 + (guint) g_array_index (f->wells, SpkHex, k).q * 131 + (guint) g_array_index (f->wells, SpkHex, k).r;
    }
  for (guint i = 0; i < board->factions->len; i++)
    h = h * 31 + g_str_hash (((SpkFaction *) g_ptr_array_index (board->factions, i))->id);
  return h;
}

/* What the overlays drawing depends on: the cached layers' marks (their
 * labels are drawn with the pieces). Never 0, which means stale. */
/* Every mark but a bare label puts something on the overlays drawing. */
static gboolean
is_fill (SpkMarkStyle style)
{
  return style != SPK_MARK_LABEL;
}

static guint
fills_hash (SpkBoardRenderer *self)
{
  guint h = 17;

  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    {
      for (guint i = 0; i < self->marks[l]->len; i++)
        {
          const Mark *m = &g_array_index (self->marks[l], Mark, i);

          if (!is_fill (m->style))
            continue;
          h = h * 31 + (guint) m->hex.q;
          h = h * 31 + (guint) m->hex.r;
          h = h * 31 + (guint) m->style * 67 + (guint) (m->faction + 1);
        }
      h = h * 31 + (guint) l;
    }
  return h != 0 ? h : 1;
}

static gboolean
has_fills (SpkBoardRenderer *self)
{
  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    for (guint i = 0; i < self->marks[l]->len; i++)
      if (is_fill (g_array_index (self->marks[l], Mark, i).style))
        return TRUE;
  return FALSE;
}

static void
drop_layer (Layer *layer)
{
  g_clear_object (&layer->texture);
  g_clear_pointer (&layer->surface, cairo_surface_destroy);
  g_clear_pointer (&layer->spare, cairo_surface_destroy);
  layer->ok = FALSE;
  layer->skipped = FALSE;
}

/* A surface a little larger than needed is kept (its extra part stays
 * clear): zooming by small steps would otherwise allocate, and fault in,
 * megabytes every frame. A texture of it still alive keeps it busy. */
static gboolean
surface_fits (cairo_surface_t *surface, int w, int h, int factor)
{
  int sw, sh;
  double sx, sy;

  if (surface == NULL || cairo_surface_get_reference_count (surface) > 1)
    return FALSE;
  sw = cairo_image_surface_get_width (surface);
  sh = cairo_image_surface_get_height (surface);
  cairo_surface_get_device_scale (surface, &sx, &sy);
  return sx == factor && sw >= w * factor && sh >= h * factor
         && (double) sw * sh <= 1.5 * (double) w * factor * h * factor;
}

/* A surface for a new drawing of @layer, cleared unless @base (a
 * drawing to draw over) is given, which is copied into it. */
static cairo_surface_t *
layer_target (Layer *layer, int w, int h, int factor, cairo_surface_t *base)
{
  cairo_surface_t *swap;

  g_clear_object (&layer->texture);
  if (!surface_fits (layer->surface, w, h, factor))
    {
      swap = layer->surface;
      layer->surface = layer->spare;
      layer->spare = swap;
    }
  if (!surface_fits (layer->surface, w, h, factor))
    {
      g_clear_pointer (&layer->surface, cairo_surface_destroy);
      layer->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * factor, h * factor);
      cairo_surface_set_device_scale (layer->surface, factor, factor);
    }
  if (base != NULL)
    {
      /* Sizes may differ by the slack kept: a copy clears the rest. */
      cairo_t *cr = cairo_create (layer->surface);

      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_set_source_surface (cr, base, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  else
    {
      cairo_surface_flush (layer->surface);
      memset (cairo_image_surface_get_data (layer->surface), 0,
              (gsize) cairo_image_surface_get_stride (layer->surface) * cairo_image_surface_get_height (layer->surface));
      cairo_surface_mark_dirty (layer->surface);
    }
  return layer->surface;
}

static void
draw_layer (SpkBoardRenderer *self, SpkRenderLayer which, const SpkHexLayout *at)
{
  Layer *layer = &self->layers[which];
  cairo_t *cr;

  cairo_surface_t *base = self->stacked && which > 0 ? self->layers[which - 1].surface : NULL;

  layer->ok = TRUE;
  layer->skipped = FALSE;
  layer->n_draws++;
  /* Nothing to show: the surface is cleared when next drawn on. */
  layer->blank = !self->stacked && which == SPK_RENDER_OVERLAYS && !has_fills (self);
  if (layer->blank)
    {
      g_clear_object (&layer->texture);
      return;
    }
  cr = cairo_create (layer_target (layer, self->cache_w, self->cache_h, self->cache_factor, base));
  spk_board_renderer_draw (self, cr, at, self->cache_w, self->cache_h, 1 << which);
  cairo_destroy (cr);
}

/* Stacked, a layer is drawn over a copy of the one below, which must
 * then have a drawing of its own. */
static void
draw_stacked_layer (SpkBoardRenderer *self, SpkRenderLayer which, const SpkHexLayout *at)
{
  if (which > 0 && self->layers[which - 1].skipped)
    draw_stacked_layer (self, which - 1, at);
  draw_layer (self, which, at);
}

/* Stacked, with the map to redraw (a new zoom, a new map), everything is
 * drawn once straight into the top drawing: copying the map into the
 * overlays and those into the pieces would cost two full copies a frame
 * while zooming. The layers below get drawings of their own when a
 * frame first redraws one above them alone. */
static void
draw_stacked_all (SpkBoardRenderer *self, const SpkHexLayout *at)
{
  Layer *top = &self->layers[SPK_RENDER_PIECES];
  cairo_t *cr;

  for (int l = 0; l < SPK_N_RENDER_LAYERS; l++)
    {
      self->layers[l].ok = TRUE;
      self->layers[l].skipped = l != SPK_RENDER_PIECES;
      self->layers[l].n_draws++;
    }
  cr = cairo_create (layer_target (top, self->cache_w, self->cache_h, self->cache_factor, NULL));
  spk_board_renderer_draw (self, cr, at, self->cache_w, self->cache_h, DRAW_ALL);
  cairo_destroy (cr);
}

static gboolean
update (SpkBoardRenderer *self, const SpkHexLayout *layout, int factor, gboolean stacked)
{
  double s = layout->scale;
  int pad = 4, w, h, cache_ox, cache_oy;
  SpkHexLayout at = *layout;
  gboolean redrawn = FALSE;
  guint fills;

  if (self->grid == NULL || s <= 0)
    return FALSE;
  w = (int) ceil ((layout->max_x - layout->min_x) * s) + 2 * pad;
  h = (int) ceil ((layout->max_y - layout->min_y) * s) + 2 * pad;
  cache_ox = (int) ceil (pad - layout->min_x * s);
  cache_oy = (int) ceil (pad - layout->min_y * s);
  if ((double) w * h * factor * factor > MAX_CACHE_PIXELS)
    {
      for (int l = 0; l < SPK_N_RENDER_LAYERS; l++)
        drop_layer (&self->layers[l]);
      return FALSE;
    }
  if (self->stacked != stacked)
    {
      spk_board_renderer_invalidate (self);
      self->stacked = stacked;
    }
  if (self->cache_scale != s || self->cache_factor != factor || self->cache_ox != cache_ox
      || self->cache_oy != cache_oy || self->cache_w != w || self->cache_h != h)
    {
      spk_board_renderer_invalidate (self);
      self->cache_scale = s;
      self->cache_factor = factor;
      self->cache_ox = cache_ox;
      self->cache_oy = cache_oy;
      self->cache_w = w;
      self->cache_h = h;
    }

  /* Drawn at the drawings' own origin. */
  at.ox = cache_ox;
  at.oy = cache_oy;
  fills = fills_hash (self);
  if (self->fills_hash != fills)
    self->layers[SPK_RENDER_OVERLAYS].ok = FALSE;
  self->fills_hash = fills;
  if (stacked && !self->layers[SPK_RENDER_MAP].ok)
    {
      draw_stacked_all (self, &at);
      return TRUE;
    }
  for (int l = 0; l < SPK_N_RENDER_LAYERS; l++)
    if (!self->layers[l].ok || (stacked && redrawn))
      {
        if (stacked)
          draw_stacked_layer (self, l, &at);
        else
          draw_layer (self, l, &at);
        redrawn = TRUE;
      }
  return TRUE;
}

gboolean
spk_board_renderer_update (SpkBoardRenderer *self, const SpkHexLayout *layout, int factor)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), FALSE);
  return update (self, layout, factor, FALSE);
}

guint
spk_board_renderer_get_n_draws (SpkBoardRenderer *self, SpkRenderLayer layer)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), 0);
  g_return_val_if_fail (layer < SPK_N_RENDER_LAYERS, 0);
  return self->layers[layer].n_draws;
}

void
spk_board_renderer_paint (SpkBoardRenderer *self, cairo_t *cr, const SpkHexLayout *layout, int width, int height)
{
  double sx = 1, sy = 1;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  if (self->grid == NULL || layout->scale <= 0)
    return;

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  if (update (self, layout, MAX (1, (int) ceil (sx)), TRUE))
    {
      cairo_save (cr);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
      cairo_set_source_surface (cr, self->layers[SPK_RENDER_PIECES].surface, layout->ox - self->cache_ox,
                                layout->oy - self->cache_oy);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  else
    spk_board_renderer_draw (self, cr, layout, width, height, DRAW_ALL);
}

/* --- what is shown ------------------------------------------------------------ */

void
spk_board_renderer_invalidate (SpkBoardRenderer *self)
{
  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  for (int l = 0; l < SPK_N_RENDER_LAYERS; l++)
    self->layers[l].ok = FALSE;
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer grid)
{
  SpkHex x = spk_grid_cell (grid, *(const guint *) a)->hex, y = spk_grid_cell (grid, *(const guint *) b)->hex;

  return x.r != y.r ? (x.r > y.r) - (x.r < y.r) : (x.q > y.q) - (x.q < y.q);
}

/* Worked out once per board and style rather than once per chip and
 * frame. */
static void
update_chip_keys (SpkBoardRenderer *self)
{
  SpkPaintContext ctx = { .board = self->board, .dark = self->dark };

  g_ptr_array_set_size (self->chip_keys, 0);
  for (guint i = 0; self->board != NULL && i < self->board->chips->len; i++)
    spk_chip_look_add_keys (&ctx, g_ptr_array_index (self->board->chips, i), self->chip_keys);
}

void
spk_board_renderer_set_board (SpkBoardRenderer *self, const SpkBoard *board)
{
  guint hash;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  g_clear_pointer (&self->grid, spk_grid_free);
  g_clear_pointer (&self->board, spk_board_free);
  g_array_set_size (self->rows_order, 0);
  if (board != NULL)
    {
      self->board = spk_board_copy (board);
      self->grid = spk_grid_new (self->board);
      for (guint i = 0; i < spk_grid_n_cells (self->grid); i++)
        g_array_append_val (self->rows_order, i);
      g_array_sort_with_data (self->rows_order, compare_rows, self->grid);
    }
  update_chip_keys (self);
  /* A move or an edit of a chip leaves the map as it was: keep its
   * drawing and redraw only what stands on it. */
  hash = map_hash (self);
  if (hash != self->map_hash)
    {
      self->map_hash = hash;
      self->layers[SPK_RENDER_MAP].ok = FALSE;
    }
  self->layers[SPK_RENDER_PIECES].ok = FALSE;
}

const SpkBoard *
spk_board_renderer_get_board (SpkBoardRenderer *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), NULL);
  return self->board;
}

const SpkGrid *
spk_board_renderer_get_grid (SpkBoardRenderer *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), NULL);
  return self->grid;
}

void
spk_board_renderer_set_dark (SpkBoardRenderer *self, gboolean dark)
{
  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  if (self->dark == !!dark)
    return;
  self->dark = !!dark;
  update_chip_keys (self);
  spk_board_renderer_invalidate (self);
}

gboolean
spk_board_renderer_get_dark (SpkBoardRenderer *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), FALSE);
  return self->dark;
}

void
spk_board_renderer_set_edit_mode (SpkBoardRenderer *self, gboolean edit_mode)
{
  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  if (self->edit_mode == !!edit_mode)
    return;
  self->edit_mode = !!edit_mode;
  self->map_hash = map_hash (self);
  self->layers[SPK_RENDER_MAP].ok = FALSE;
}

/* A change to a cached layer's labels or lines redraws the pieces; its
 * fills are compared by hash when the overlays are next needed. */
static void
layer_changed (SpkBoardRenderer *self, SpkBoardLayer layer, gboolean pieces)
{
  if (layer < SPK_BOARD_LAYER_MOVES && pieces)
    self->layers[SPK_RENDER_PIECES].ok = FALSE;
}

static gboolean
has_label (const Mark *mark)
{
  return mark->label != NULL && mark->label[0] != '\0';
}

void
spk_board_renderer_clear_layer (SpkBoardRenderer *self, SpkBoardLayer layer)
{
  gboolean pieces;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS);
  pieces = self->lines[layer]->len > 0;
  for (guint i = 0; i < self->marks[layer]->len && !pieces; i++)
    pieces = has_label (&g_array_index (self->marks[layer], Mark, i));
  g_array_set_size (self->marks[layer], 0);
  g_array_set_size (self->lines[layer], 0);
  layer_changed (self, layer, pieces);
}

void
spk_board_renderer_mark_hex (SpkBoardRenderer *self, SpkBoardLayer layer, SpkHex hex,
                             SpkMarkStyle style, const char *faction, const char *label)
{
  Mark mark = { hex, style, -1, g_strdup (label) };

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS && style < SPK_N_MARKS);
  mark.faction = spk_palette_faction_index (self->board, faction);
  g_array_append_val (self->marks[layer], mark);
  layer_changed (self, layer, has_label (&mark));
}

void
spk_board_renderer_add_line (SpkBoardRenderer *self, SpkBoardLayer layer, SpkHex from, SpkHex to,
                             SpkMarkStyle style, const char *faction)
{
  Line line = { from, to, style, -1 };

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS && style < SPK_N_MARKS);
  line.faction = spk_palette_faction_index (self->board, faction);
  g_array_append_val (self->lines[layer], line);
  layer_changed (self, layer, TRUE);
}

GArray *
spk_board_renderer_get_marked (SpkBoardRenderer *self, SpkBoardLayer layer)
{
  GArray *out;

  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), NULL);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, NULL);
  out = g_array_sized_new (FALSE, FALSE, sizeof (SpkHex), self->marks[layer]->len);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    g_array_append_val (out, g_array_index (self->marks[layer], Mark, i).hex);
  return out;
}

const char *
spk_board_renderer_get_mark_label (SpkBoardRenderer *self, SpkBoardLayer layer, SpkHex hex)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), NULL);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, NULL);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *mark = &g_array_index (self->marks[layer], Mark, i);

      if (spk_hex_equal (mark->hex, hex))
        return mark->label != NULL ? mark->label : "";
    }
  return NULL;
}

guint
spk_board_renderer_get_n_lines (SpkBoardRenderer *self, SpkBoardLayer layer)
{
  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), 0);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, 0);
  return self->lines[layer]->len;
}

/* --- object ------------------------------------------------------------------- */

static void
spk_board_renderer_finalize (GObject *object)
{
  SpkBoardRenderer *self = SPK_BOARD_RENDERER (object);

  g_clear_pointer (&self->grid, spk_grid_free);
  g_clear_pointer (&self->board, spk_board_free);
  g_clear_pointer (&self->rows_order, g_array_unref);
  g_clear_pointer (&self->chip_keys, g_ptr_array_unref);
  for (int l = 0; l < SPK_N_RENDER_LAYERS; l++)
    drop_layer (&self->layers[l]);
  g_clear_pointer (&self->sprites, spk_sprite_cache_free);
  for (int l = 0; l < SPK_N_BOARD_LAYERS; l++)
    {
      g_array_unref (self->marks[l]);
      g_array_unref (self->lines[l]);
    }
  G_OBJECT_CLASS (spk_board_renderer_parent_class)->finalize (object);
}

static void
spk_board_renderer_class_init (SpkBoardRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = spk_board_renderer_finalize;
}

static void
spk_board_renderer_init (SpkBoardRenderer *self)
{
  self->rows_order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->chip_keys = g_ptr_array_new_with_free_func (g_free);
  self->sprites = spk_sprite_cache_new ();
  for (int l = 0; l < SPK_N_BOARD_LAYERS; l++)
    {
      self->marks[l] = g_array_new (FALSE, FALSE, sizeof (Mark));
      g_array_set_clear_func (self->marks[l], mark_clear);
      self->lines[l] = g_array_new (FALSE, FALSE, sizeof (Line));
    }
}

SpkBoardRenderer *
spk_board_renderer_new (void)
{
  return g_object_new (SPK_TYPE_BOARD_RENDERER, NULL);
}
