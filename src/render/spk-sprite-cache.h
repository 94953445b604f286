/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-sprite-cache.h: small drawings made once and copied many times.
 *
 * A board is hundreds of hexes, chips and labels of a few dozen looks.
 * Each look is drawn once per zoom, style and device scale into a sprite
 * (a small ARGB32 image), then copied into place. On a plain ARGB32 image
 * the copies are composited here with pixman's OVER arithmetic, which
 * costs a fraction of cairo setting up one paint per copy; anywhere else
 * they go through cairo, with the same pixels. The cache also keeps the
 * Pango layouts of the strings drawn on sprites.
 */
#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

typedef struct _SpkSpriteCache SpkSpriteCache;
typedef struct _SpkSprite SpkSprite;

/* Where sprites go: set up once per drawing on a cairo context. */
typedef struct {
  cairo_surface_t *target;
  guint32         *data;           /* NULL: paint through cairo */
  int              stride;         /* in pixels */
  int              x0, y0, x1, y1; /* clip, in device pixels */
  double           scale;          /* device pixels per user unit */
  double           dx, dy;         /* user origin, in device pixels */
} SpkBlitter;

SpkSpriteCache  *spk_sprite_cache_new      (void);
void             spk_sprite_cache_free     (SpkSpriteCache  *self);

/* Sprites are drawn for one zoom, style and device scale (that of @cr's
 * target); any change starts afresh. Called at the start of each drawing,
 * so sprites looked up during it stay valid. */
void             spk_sprite_cache_begin    (SpkSpriteCache  *self,
                                            cairo_t         *cr,
                                            double           zoom,
                                            gboolean         dark);
const SpkSprite *spk_sprite_cache_lookup   (SpkSpriteCache  *self,
                                            const char      *key);
/* A new sprite of @w x @h user units at @scale device pixels per unit:
 * draw on the context returned, then hand it to _end with its key. */
cairo_t         *spk_sprite_cache_draw     (int              w,
                                            int              h,
                                            double           scale);
const SpkSprite *spk_sprite_cache_end      (SpkSpriteCache  *self,
                                            char            *key,
                                            cairo_t         *cr);

/* Several looks drawn in one pass: a sheet of @n cells side by side,
 * each @w x @h user units at @scale, cell i's left edge at i * @pitch
 * user units. A look drawn in a cell comes out with the same pixels as
 * on a sprite of its own, and one path for all cells costs cairo little
 * more than one for one cell. @pitch is what _sheet_pitch returns; 0
 * there means no sheet at that scale. */
int              spk_sprite_sheet_pitch    (int              w,
                                            double           scale);
cairo_t         *spk_sprite_cache_draw_sheet (int            w,
                                              int            h,
                                              int            n,
                                              int            pitch,
                                              double         scale);
/* Takes the @n @keys and the context; fills @sprites, one a cell. */
void             spk_sprite_cache_end_sheet  (SpkSpriteCache *self,
                                              char          **keys,
                                              const SpkSprite **sprites,
                                              int            w,
                                              int            n,
                                              int            pitch,
                                              cairo_t       *cr);

/* Shapes that looks of many colours share (a hex in each faction's
 * colour, a chip's disc) are drawn once per zoom as coverage masks (A8
 * images) and laid onto each sprite in its colour: far cheaper than
 * cairo filling the same path again for every colour. A mask is drawn
 * like a sprite or a sheet of @n cells (@pitch as for a sheet; any for
 * one cell), kept by key, and dropped with the sprites. */
typedef struct _SpkMask SpkMask;

cairo_t         *spk_sprite_cache_draw_mask  (int            w,
                                              int            h,
                                              int            n,
                                              int            pitch,
                                              double         scale);
/* Takes @key and the context; the mask is owned by the cache. */
const SpkMask   *spk_sprite_cache_end_mask   (SpkSpriteCache *self,
                                              char          *key,
                                              int            w,
                                              int            n,
                                              int            pitch,
                                              cairo_t       *cr);
const SpkMask   *spk_sprite_cache_lookup_mask (SpkSpriteCache *self,
                                               const char    *key);
/* Lays @rgba (straight, not premultiplied) through cell @cell of @mask
 * onto @cr's target (a sprite being drawn: an ARGB32 image at the
 * mask's scale) with the cell's corner at device pixel (@x, @y), with
 * the pixels cairo gives when it fills the mask's shape in that colour
 * there. @first: nothing has been drawn on the target yet, where
 * cairo's arithmetic differs. */
void             spk_sprite_paint_mask       (cairo_t         *cr,
                                              const SpkMask   *mask,
                                              int              cell,
                                              int              x,
                                              int              y,
                                              const double     rgba[4],
                                              gboolean         first);

/* Fills or strokes a shape in @rgba, leaving @rgba the source. On a
 * sprite being made (@self given, @cr's target an ARGB32 image) the
 * shape is laid on through the mask kept as @key, which @draw draws,
 * the size of the sprite, the first time; anywhere else (@self NULL, a
 * vector surface) @draw draws it on @cr, as a path. @draw fills or
 * strokes @shape with @cr's source. */
typedef void (*SpkShapeFunc) (cairo_t *cr, gconstpointer shape);

void             spk_sprite_cache_paint_shape (SpkSpriteCache *self,
                                               cairo_t       *cr,
                                               const char    *key,
                                               SpkShapeFunc   draw,
                                               gconstpointer  shape,
                                               const double   rgba[4],
                                               gboolean       first);

/* Text laid out once at one size and scaled to @size, centred on
 * (@cx, @cy). */
void             spk_sprite_cache_draw_text (SpkSpriteCache        *self,
                                             cairo_t               *cr,
                                             PangoFontDescription  *font,
                                             double                 size,
                                             const char            *text,
                                             double                 cx,
                                             double                 cy,
                                             gboolean               bold);

void             spk_blitter_init          (SpkBlitter      *b,
                                            cairo_t         *cr);
void             spk_blitter_finish        (SpkBlitter      *b);
/* Composites @sprite (drawn at the target's device scale) with its top
 * left corner at whole user units @x, @y. */
void             spk_blitter_paint         (SpkBlitter      *b,
                                            cairo_t         *cr,
                                            const SpkSprite *sprite,
                                            int              x,
                                            int              y);

G_END_DECLS
