/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board renderer without a display: which cached drawing each change
 * redraws, that a texture handed out never changes, and what the
 * drawings show. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "spk-board-export.h"
#include "spk-board-renderer-gdk.h"
#include "spk-sprite-cache.h"
#include "spk-table-file.h"

typedef struct {
  SpkBoard         *board;
  SpkBoardRenderer *renderer;
  SpkHexLayout      layout;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;

  f->board = spk_table_file_load (path, NULL, &error);
  g_assert_no_error (error);
  f->renderer = spk_board_renderer_new ();
  spk_board_renderer_set_board (f->renderer, f->board);
  spk_hex_layout_init (&f->layout);
  spk_hex_layout_set_bounds (&f->layout, spk_board_renderer_get_grid (f->renderer), 0);
  g_assert_true (spk_hex_layout_fit (&f->layout, 900, 600));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_object_unref (f->renderer);
  spk_board_free (f->board);
}

/* Brings the drawings up to date and checks how often each was drawn. */
static void
assert_draws (Fixture *f, guint map, guint overlays, guint pieces)
{
  g_assert_true (spk_board_renderer_update (f->renderer, &f->layout, 1));
  g_assert_cmpuint (spk_board_renderer_get_n_draws (f->renderer, SPK_RENDER_MAP), ==, map);
  g_assert_cmpuint (spk_board_renderer_get_n_draws (f->renderer, SPK_RENDER_OVERLAYS), ==, overlays);
  g_assert_cmpuint (spk_board_renderer_get_n_draws (f->renderer, SPK_RENDER_PIECES), ==, pieces);
}

static SpkHexEntry *
find_hex (SpkBoard *board, int q, int r)
{
  for (guint i = 0; i < board->hexes->len; i++)
    {
      SpkHexEntry *e = g_ptr_array_index (board->hexes, i);

      if (e->q == q && e->r == r)
        return e;
    }
  g_assert_not_reached ();
}

static void
test_invalidation (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) moved = spk_board_copy (f->board);

  g_assert_cmpuint (spk_board_renderer_get_n_draws (f->renderer, SPK_RENDER_MAP), ==, 0);
  assert_draws (f, 1, 1, 1);
  /* Nothing changed, a pan, or marks of the live layers: nothing redrawn. */
  assert_draws (f, 1, 1, 1);
  spk_hex_layout_pan (&f->layout, 40, -13);
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_MOVES, spk_hex_make (-2, 0), SPK_MARK_DESTINATION,
                               NULL, "1");
  spk_board_renderer_add_line (f->renderer, SPK_BOARD_LAYER_PATH, spk_hex_make (-3, 0), spk_hex_make (-2, 0),
                               SPK_MARK_PATH, "brawnen");
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_ATTACKS);
  assert_draws (f, 1, 1, 1);

  /* A move: only the pieces. */
  spk_board_find_chip (moved, "dispatch")->q = -4;
  spk_board_renderer_set_board (f->renderer, moved);
  assert_draws (f, 1, 1, 2);

  /* A tint: only the overlays; the same tint again after a clear, as the
   * Table page marks after every action: nothing. */
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-5, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  assert_draws (f, 1, 2, 2);
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_INFLUENCE);
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-5, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  assert_draws (f, 1, 2, 2);

  /* A closeness number is a label: the pieces, not the overlays. A line
   * of a cached layer: the pieces. */
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_CLOSENESS, spk_hex_make (-4, 0), SPK_MARK_LABEL,
                               NULL, "3");
  assert_draws (f, 1, 2, 3);
  spk_board_renderer_add_line (f->renderer, SPK_BOARD_LAYER_SPIRES, spk_hex_make (-5, -1), spk_hex_make (-3, 0),
                               SPK_MARK_TARGET, "brawnen");
  assert_draws (f, 1, 2, 4);
  /* Clearing a layer with only a label in it: the pieces again. */
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_CLOSENESS);
  assert_draws (f, 1, 2, 5);

  /* Editing shows the sky grid: the map only (the layout's bounds grow,
   * which moves every drawing's origin, so the view redraws all). */
  spk_board_renderer_set_edit_mode (f->renderer, TRUE);
  assert_draws (f, 2, 2, 5);
  spk_board_renderer_set_edit_mode (f->renderer, TRUE);
  assert_draws (f, 2, 2, 5);

  /* Another map, the style or the zoom: everything. */
  spk_board_renderer_set_dark (f->renderer, TRUE);
  assert_draws (f, 3, 3, 6);
  spk_hex_layout_set_zoom (&f->layout, f->layout.scale * 1.25, 0, 0);
  assert_draws (f, 4, 4, 7);
  find_hex (moved, -4, 0)->terrain = SPK_TERRAIN_WATER;
  spk_board_renderer_set_board (f->renderer, moved);
  assert_draws (f, 5, 4, 8);
  spk_board_renderer_invalidate (f->renderer);
  assert_draws (f, 6, 5, 9);
}

/* The colour of the drawing of @layer at the middle of @hex, a little to
 * the left (inside a chip's disc, clear of its initials). */
static guint32
texture_pixel (Fixture *f, GdkTexture *texture, SpkHex hex)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  graphene_rect_t bounds;
  double x, y;

  gdk_texture_download (texture, data, (gsize) w * 4);
  spk_board_renderer_get_bounds (f->renderer, &f->layout, &bounds);
  spk_hex_layout_hex_center (&f->layout, hex, &x, &y);
  x -= bounds.origin.x + f->layout.scale * 0.45;
  y -= bounds.origin.y;
  return *(guint32 *) (data + (int) y * w * 4 + (int) x * 4);
}

static void
test_textures (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) moved = spk_board_copy (f->board);
  g_autoptr(GdkTexture) before = NULL;
  GdkTexture *map, *after;
  graphene_rect_t bounds;

  g_assert_true (spk_board_renderer_update (f->renderer, &f->layout, 1));
  map = spk_board_renderer_get_texture (f->renderer, SPK_RENDER_MAP);
  g_assert_nonnull (map);
  /* No marks: no overlays drawing. */
  g_assert_null (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_OVERLAYS));
  /* The drawing covers the bounds at the layout's zoom, 4 pixels of
   * margin around, where the layout puts the board. */
  spk_board_renderer_get_bounds (f->renderer, &f->layout, &bounds);
  g_assert_cmpfloat (bounds.size.width, >=, ceil ((f->layout.max_x - f->layout.min_x) * f->layout.scale) + 8);
  g_assert_cmpfloat (bounds.size.width, ==, gdk_texture_get_width (map));
  g_assert_cmpfloat (bounds.origin.x, ==, f->layout.ox - ceil (4 - f->layout.min_x * f->layout.scale));
  /* The map shows the bare path (opaque) and the pieces Dispatch's disc
   * on (-3, 0) in Brawnen red (the texture holds premultiplied BGRA). */
  g_assert_cmphex (texture_pixel (f, map, spk_hex_make (-4, 0)), ==, 0xffe9d9a6);
  before = g_object_ref (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_PIECES));
  g_assert_cmphex (texture_pixel (f, before, spk_hex_make (-3, 0)), ==, 0xffc01c28);
  g_assert_cmphex (texture_pixel (f, before, spk_hex_make (-4, 0)), ==, 0);

  /* A move while the old texture is still held (as GTK holds the last
   * frame's): a new texture shows it, the old one is unchanged. */
  spk_board_find_chip (moved, "dispatch")->q = -4;
  spk_board_renderer_set_board (f->renderer, moved);
  g_assert_true (spk_board_renderer_update (f->renderer, &f->layout, 1));
  after = spk_board_renderer_get_texture (f->renderer, SPK_RENDER_PIECES);
  g_assert_true (after != before);
  g_assert_cmphex (texture_pixel (f, after, spk_hex_make (-3, 0)), ==, 0);
  g_assert_cmphex (texture_pixel (f, after, spk_hex_make (-4, 0)), ==, 0xffc01c28);
  g_assert_cmphex (texture_pixel (f, before, spk_hex_make (-3, 0)), ==, 0xffc01c28);
  /* The map was not redrawn: the same texture. */
  g_assert_true (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_MAP) == map);
}

/* What paint puts at the middle of @hex, at @factor device pixels a
 * pixel. */
static guint32
painted_pixel (Fixture *f, SpkHex hex, int factor)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 900 * factor, 600 * factor);
  cairo_t *cr;
  double x, y;
  guint32 pixel;

  cairo_surface_set_device_scale (surface, factor, factor);
  cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  spk_board_renderer_paint (f->renderer, cr, &f->layout, 900, 600);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  spk_hex_layout_hex_center (&f->layout, hex, &x, &y);
  pixel = *(guint32 *) (cairo_image_surface_get_data (surface)
                        + (int) (y * factor) * cairo_image_surface_get_stride (surface) + (int) (x * factor) * 4);
  cairo_surface_destroy (surface);
  return pixel & 0xffffff;
}

static void
test_paint (Fixture *f, gconstpointer data)
{
  guint32 tinted;

  g_assert_cmphex (painted_pixel (f, spk_hex_make (-4, 0), 1), ==, 0xe9d9a6);
  /* A tint over the map, then gone with its layer. */
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  tinted = painted_pixel (f, spk_hex_make (-4, 0), 1);
  g_assert_cmphex (tinted, !=, 0xe9d9a6);
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmphex (painted_pixel (f, spk_hex_make (-4, 0), 1), ==, 0xe9d9a6);
  /* Painting keeps the drawings stacked, so there are no textures until
   * they are asked for again, drawn apart. */
  g_assert_null (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_MAP));
  g_assert_true (spk_board_renderer_update (f->renderer, &f->layout, 1));
  g_assert_nonnull (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_MAP));
  g_assert_null (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_OVERLAYS));
  /* Stacked, a tint redraws the pieces drawn over it as well. */
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  g_assert_cmphex (painted_pixel (f, spk_hex_make (-4, 0), 1), ==, tinted);
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_INFLUENCE);
  /* Too large to cache at this zoom and device scale (over 4096 x 4096
   * device pixels): drawn directly, the same. */
  spk_hex_layout_set_zoom (&f->layout, SPK_HEX_LAYOUT_MAX_ZOOM, 450, 300);
  spk_hex_layout_scroll_to (&f->layout, spk_hex_make (-4, 0), 900, 600);
  g_assert_false (spk_board_renderer_update (f->renderer, &f->layout, 2));
  g_assert_null (spk_board_renderer_get_texture (f->renderer, SPK_RENDER_MAP));
  g_assert_cmphex (painted_pixel (f, spk_hex_make (-4, 0), 2), ==, 0xe9d9a6);
}

/* What paint puts on a 900 x 600 image. */
static cairo_surface_t *
painted_image (SpkBoardRenderer *renderer, const SpkHexLayout *layout)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 600);
  cairo_t *cr = cairo_create (surface);

  spk_board_renderer_paint (renderer, cr, layout, 900, 600);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* What a fresh renderer of @board with an influence tint at @tint (if
 * @tinted) paints, compared with @image pixel for pixel. */
static void
assert_paints_as_fresh (Fixture *f, const SpkBoard *board, gboolean tinted, cairo_surface_t *image)
{
  g_autoptr(SpkBoardRenderer) fresh = spk_board_renderer_new ();
  cairo_surface_t *expected;

  spk_board_renderer_set_board (fresh, board);
  if (tinted)
    spk_board_renderer_mark_hex (fresh, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE,
                                 "brawnen", NULL);
  expected = painted_image (fresh, &f->layout);
  g_assert_cmpint (cairo_image_surface_get_stride (image), ==, cairo_image_surface_get_stride (expected));
  g_assert_true (memcmp (cairo_image_surface_get_data (image), cairo_image_surface_get_data (expected),
                         (gsize) cairo_image_surface_get_stride (image) * 600) == 0);
  cairo_surface_destroy (expected);
  cairo_surface_destroy (image);
}

/* Painting at a new zoom draws all three drawings at once into the top
 * one; the first frame that redraws one above the map alone gives the
 * ones below drawings of their own, and paints what a fresh renderer
 * paints. */
static void
test_paint_stacked (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) moved = spk_board_copy (f->board);

  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  assert_paints_as_fresh (f, f->board, TRUE, painted_image (f->renderer, &f->layout));
  /* A move: the pieces over the map and overlays, drawn for it. */
  spk_board_find_chip (moved, "dispatch")->q = -4;
  spk_board_renderer_set_board (f->renderer, moved);
  assert_paints_as_fresh (f, moved, TRUE, painted_image (f->renderer, &f->layout));
  /* The tint gone: the overlays, over the map drawn for the move. */
  spk_board_renderer_clear_layer (f->renderer, SPK_BOARD_LAYER_INFLUENCE);
  assert_paints_as_fresh (f, moved, FALSE, painted_image (f->renderer, &f->layout));
  /* A new zoom, then the tint back: the overlays alone after it. */
  spk_hex_layout_set_zoom (&f->layout, f->layout.scale * 1.01, 450, 300);
  assert_paints_as_fresh (f, moved, FALSE, painted_image (f->renderer, &f->layout));
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  assert_paints_as_fresh (f, moved, TRUE, painted_image (f->renderer, &f->layout));
}

static void
test_png (Fixture *f, gconstpointer data)
{
  SpkBoardCaption caption = { "Table", "Wave 1 of 4", NULL, NULL, FALSE, { 0, 0 } };
  g_autoptr(GBytes) png = spk_board_export_to_bytes (f->renderer, &caption, SPK_IMAGE_PNG, 48, NULL);
  g_autoptr(GdkTexture) image = gdk_texture_new_from_bytes (png, NULL);
  int board_w = (int) ceil ((f->layout.max_x - f->layout.min_x) * 48) + 16;

  g_assert_nonnull (image);
  /* The bounds at 48 pixels a hex, 8 pixels of padding and 16 of margin
   * around; the caption and key add to the height. */
  g_assert_cmpint (gdk_texture_get_width (image), ==, MAX (board_w + 32, 560));
  g_assert_cmpint (gdk_texture_get_height (image), >, (int) ceil ((f->layout.max_y - f->layout.min_y) * 48) + 48);
  /* Exporting draws nothing into the cached drawings. */
  g_assert_cmpuint (spk_board_renderer_get_n_draws (f->renderer, SPK_RENDER_MAP), ==, 0);
}

/* The live layers draw around their hexes only: that is all a frame
 * needs to redraw for them. */
static void
test_live_extents (Fixture *f, gconstpointer data)
{
  double x, y, reach = f->layout.scale * 1.2 + 8;
  graphene_rect_t box;

  g_assert_false (spk_board_renderer_get_live_extents (f->renderer, &f->layout, &box));
  /* Marks of the cached layers are not live. */
  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-5, 0), SPK_MARK_INFLUENCE,
                               "brawnen", NULL);
  g_assert_false (spk_board_renderer_get_live_extents (f->renderer, &f->layout, &box));

  spk_board_renderer_mark_hex (f->renderer, SPK_BOARD_LAYER_MOVES, spk_hex_make (-2, 0), SPK_MARK_DESTINATION,
                               NULL, "1");
  g_assert_true (spk_board_renderer_get_live_extents (f->renderer, &f->layout, &box));
  spk_hex_layout_hex_center (&f->layout, spk_hex_make (-2, 0), &x, &y);
  g_assert_cmpfloat (box.origin.x, ==, floor (x - reach));
  g_assert_cmpfloat (box.origin.y, ==, floor (y - reach));
  g_assert_cmpfloat (box.origin.x + box.size.width, >=, x + reach);
  g_assert_cmpfloat (box.origin.x + box.size.width, <, x + reach + 1);

  /* A line reaches both its ends. */
  spk_board_renderer_add_line (f->renderer, SPK_BOARD_LAYER_ATTACKS, spk_hex_make (-2, 0), spk_hex_make (2, 0),
                               SPK_MARK_TARGET, NULL);
  g_assert_true (spk_board_renderer_get_live_extents (f->renderer, &f->layout, &box));
  spk_hex_layout_hex_center (&f->layout, spk_hex_make (2, 0), &x, &y);
  g_assert_cmpfloat (box.origin.x + box.size.width, >=, x + reach);
  g_assert_cmpfloat (box.origin.x + box.size.width, <, x + reach + 1);
}

/* A look with straight and curved antialiased edges, translucent. */
static void
draw_test_look (cairo_t *cr, double cx, double cy)
{
  cairo_move_to (cr, cx - 7.3, cy - 9.1);
  cairo_line_to (cr, cx + 8.6, cy - 2.2);
  cairo_line_to (cr, cx - 1.4, cy + 9.7);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.2, 0.5, 0.9, 0.8);
  cairo_fill (cr);
  cairo_arc (cr, cx + 2.2, cy + 1.1, 5.3, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.9, 0.3, 0.1, 0.45);
  cairo_fill (cr);
}

/* @sprite painted at (5, 4) on a grey image of @format. */
static cairo_surface_t *
paint_sprite (const SpkSprite *sprite, cairo_format_t format)
{
  cairo_surface_t *target = cairo_image_surface_create (format, 40, 36);
  cairo_t *cr = cairo_create (target);
  SpkBlitter b;

  cairo_set_source_rgb (cr, 0.5, 0.6, 0.4);
  cairo_paint (cr);
  spk_blitter_init (&b, cr);
  g_assert_true ((b.data != NULL) == (format == CAIRO_FORMAT_ARGB32));
  spk_blitter_paint (&b, cr, sprite, 5, 4);
  spk_blitter_finish (&b);
  cairo_destroy (cr);
  cairo_surface_flush (target);
  return target;
}

static void
assert_same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  g_assert_cmpmem (cairo_image_surface_get_data (a), stride * h, cairo_image_surface_get_data (b), stride * h);
}

/* Looks drawn side by side on one sheet come out as on sprites of their
 * own, blitted and through cairo alike. */
static void
test_sprite_sheet (void)
{
  SpkSpriteCache *cache = spk_sprite_cache_new ();
  int w = 23, h = 25, pitch = spk_sprite_sheet_pitch (w, 1);
  char *keys[2] = { g_strdup ("a"), g_strdup ("b") };
  const SpkSprite *cells[2], *alone[2];
  cairo_t *cr;

  g_assert_cmpint (pitch, >=, 24 + 4);
  g_assert_cmpint (pitch % 4, ==, 0);
  g_assert_cmpint (spk_sprite_sheet_pitch (w, 2) * 2 % 4, ==, 0);
  g_assert_cmpint (spk_sprite_sheet_pitch (w, 1.5), ==, 0);

  cr = spk_sprite_cache_draw_sheet (w, h, 2, pitch, 1);
  g_assert_cmpint (cairo_image_surface_get_width (cairo_get_target (cr)), ==, pitch + 24);
  draw_test_look (cr, 11.5, 12);
  draw_test_look (cr, pitch + 12, 12);
  spk_sprite_cache_end_sheet (cache, keys, cells, w, 2, pitch, cr);
  g_assert_true (spk_sprite_cache_lookup (cache, "a") == cells[0]);
  g_assert_true (spk_sprite_cache_lookup (cache, "b") == cells[1]);
  for (int i = 0; i < 2; i++)
    {
      cr = spk_sprite_cache_draw (w, h, 1);
      draw_test_look (cr, i == 0 ? 11.5 : 12, 12);
      alone[i] = spk_sprite_cache_end (cache, g_strdup_printf ("alone %d", i), cr);
    }
  for (int i = 0; i < 2; i++)
    for (int blit = 0; blit < 2; blit++)
      {
        cairo_format_t format = blit ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24;
        cairo_surface_t *a = paint_sprite (cells[i], format), *b = paint_sprite (alone[i], format);

        assert_same_pixels (a, b);
        cairo_surface_destroy (a);
        cairo_surface_destroy (b);
      }
  spk_sprite_cache_free (cache);
}

/* The two shapes of the mask test: a triangle filled, a circle
 * stroked. */
static void
draw_mask_test_shape (cairo_t *cr, gconstpointer data)
{
  if (*(const int *) data == 0)
    {
      cairo_move_to (cr, 3.3, 2.9);
      cairo_line_to (cr, 21.6, 9.8);
      cairo_line_to (cr, 8.4, 21.7);
      cairo_close_path (cr);
      cairo_fill (cr);
      return;
    }
  cairo_arc (cr, 13.2, 11.7, 6.3, 0, 2 * G_PI);
  cairo_set_line_width (cr, 2.3);
  cairo_stroke (cr);
}

/* A shape laid through its mask comes out as cairo draws its path, on
 * a clear sprite and over what is there, in opaque and translucent
 * colours, at either device scale. */
static void
test_sprite_mask (void)
{
  static const double colours[][4] = { { 0.2, 0.5, 0.9, 1 }, { 0.9, 0.3, 0.1, 0.45 }, { 0, 0, 0, 0.18 } };

  for (int scale = 1; scale <= 2; scale++)
    for (guint c0 = 0; c0 < G_N_ELEMENTS (colours); c0++)
      for (guint c1 = 0; c1 < G_N_ELEMENTS (colours); c1++)
        {
          SpkSpriteCache *cache = spk_sprite_cache_new ();
          cairo_t *path = spk_sprite_cache_draw (25, 24, scale), *mask = spk_sprite_cache_draw (25, 24, scale);

          for (int k = 0; k < 2; k++)
            {
              g_autofree char *key = g_strdup_printf ("test %d", k);
              const double *rgba = colours[k == 0 ? c0 : c1];

              spk_sprite_cache_paint_shape (NULL, path, key, draw_mask_test_shape, &k, rgba, k == 0);
              spk_sprite_cache_paint_shape (cache, mask, key, draw_mask_test_shape, &k, rgba, k == 0);
            }
          g_assert_nonnull (spk_sprite_cache_lookup_mask (cache, "test 1"));
          cairo_surface_flush (cairo_get_target (path));
          cairo_surface_flush (cairo_get_target (mask));
          assert_same_pixels (cairo_get_target (path), cairo_get_target (mask));
          cairo_destroy (path);
          cairo_destroy (mask);
          spk_sprite_cache_free (cache);
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) g_test_add ("/board-renderer/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("invalidation", test_invalidation);
  ADD ("textures", test_textures);
  ADD ("paint", test_paint);
  ADD ("paint-stacked", test_paint_stacked);
  ADD ("png", test_png);
  ADD ("live-extents", test_live_extents);
#undef ADD
  g_test_add_func ("/board-renderer/sprite-sheet", test_sprite_sheet);
  g_test_add_func ("/board-renderer/sprite-mask", test_sprite_mask);
  return g_test_run ();
}
