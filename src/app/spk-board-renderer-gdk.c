/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's drawings handed to GTK: textures sharing the cached
 * surfaces' pixels, and where they and the live layers go. */
#include "config.h"

#include "spk-board-renderer-gdk.h"

#include <math.h>

#include "spk-board-renderer-private.h"

static void
free_surface_ref (gpointer surface)
{
  cairo_surface_destroy (surface);
}

GdkTexture *
spk_board_renderer_get_texture (SpkBoardRenderer *self, SpkRenderLayer which)
{
  Layer *layer;

  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), NULL);
  g_return_val_if_fail (which < SPK_N_RENDER_LAYERS, NULL);
  layer = &self->layers[which];
  if (!layer->ok || layer->blank || layer->surface == NULL || self->stacked)
    return NULL;
  if (layer->texture == NULL)
    {
      cairo_surface_t *surface = layer->surface;
      int stride = cairo_image_surface_get_stride (surface), height = cairo_image_surface_get_height (surface);
      g_autoptr(GBytes) bytes = NULL;

      /* The texture reads the surface's pixels in place (cairo's ARGB32
       * is GDK's default memory format) and keeps the surface alive. */
      cairo_surface_flush (surface);
      bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), (gsize) stride * height,
                                          free_surface_ref, cairo_surface_reference (surface));
      layer->texture = G_OBJECT (gdk_memory_texture_new (cairo_image_surface_get_width (surface), height,
                                                         GDK_MEMORY_DEFAULT, bytes, stride));
    }
  return GDK_TEXTURE (layer->texture);
}

void
spk_board_renderer_get_bounds (SpkBoardRenderer *self, const SpkHexLayout *layout, graphene_rect_t *out)
{
  const Layer *map;
  double w = 0, h = 0;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  map = &self->layers[SPK_RENDER_MAP];
  if (map->surface != NULL)
    {
      w = cairo_image_surface_get_width (map->surface) / (double) self->cache_factor;
      h = cairo_image_surface_get_height (map->surface) / (double) self->cache_factor;
    }
  graphene_rect_init (out, layout->ox - self->cache_ox, layout->oy - self->cache_oy, w, h);
}

/* Grows @box (x0, y0, x1, y1; empty while x0 > x1) to a square of half
 * side @reach around @hex's centre. */
static void
add_hex_extents (const SpkHexLayout *layout, SpkHex hex, double reach, double box[4])
{
  double x, y;

  spk_hex_layout_hex_center (layout, hex, &x, &y);
  box[0] = MIN (box[0], x - reach);
  box[1] = MIN (box[1], y - reach);
  box[2] = MAX (box[2], x + reach);
  box[3] = MAX (box[3], y + reach);
}

gboolean
spk_board_renderer_get_live_extents (SpkBoardRenderer *self, const SpkHexLayout *layout, graphene_rect_t *out)
{
  /* A hex with its label badge below it, a line's arrow head: all
   * within 1.2 radii of a centre, plus a few pixels of antialiasing. */
  double reach = layout->scale * 1.2 + 8, box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (self), FALSE);
  for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
    {
      for (guint i = 0; i < self->marks[l]->len; i++)
        add_hex_extents (layout, g_array_index (self->marks[l], Mark, i).hex, reach, box);
      for (guint i = 0; i < self->lines[l]->len; i++)
        {
          add_hex_extents (layout, g_array_index (self->lines[l], Line, i).from, reach, box);
          add_hex_extents (layout, g_array_index (self->lines[l], Line, i).to, reach, box);
        }
    }
  if (box[0] > box[2])
    return FALSE;
  graphene_rect_init (out, floor (box[0]), floor (box[1]), ceil (box[2] - floor (box[0])),
                      ceil (box[3] - floor (box[1])));
  return TRUE;
}
