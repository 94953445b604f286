/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer's drawing: the map's hexes, the overlays' marks, lines and
 * labels, and the pieces, each look a sprite copied into place. */
#include "config.h"

#include "spk-board-renderer-private.h"

#include <math.h>
#include <string.h>

#include "spk-chip-look.h"
#include "spk-palette.h"
#include "spk-terrain-pattern.h"

#define SQRT3 SPK_HEX_LAYOUT_SQRT3

/* Corner i of a pointy-top hex of radius 1, clockwise from upper right. */
static const double corner_x[6] = { SQRT3 / 2, SQRT3 / 2, 0, -SQRT3 / 2, -SQRT3 / 2, 0 };
static const double corner_y[6] = { -0.5, 0.5, 1, 0.5, -0.5, -1 };

void
spk_board_renderer_hex_path (cairo_t *cr, double cx, double cy, double radius)
{
  cairo_move_to (cr, cx + corner_x[0] * radius, cy + corner_y[0] * radius);
  for (int i = 1; i < 6; i++)
    cairo_line_to (cr, cx + corner_x[i] * radius, cy + corner_y[i] * radius);
  cairo_close_path (cr);
}

void
spk_board_renderer_battlements_path (cairo_t *cr, double cx, double cy, double radius)
{
  /* A crenellated band across the lower half of the hex. */
  double w = radius * 0.9, h = radius * 0.3, x0 = cx - w / 2, y0 = cy + radius * 0.28;

  cairo_rectangle (cr, x0, y0, w, h);
  for (int i = 0; i < 5; i += 2)
    cairo_rectangle (cr, x0 + i * w / 5, y0 - h * 0.6, w / 5, h * 0.6);
}

/* The outline group of a cell: its top hex group, or its fortress. */
static int
outline_group (const SpkCell *cell)
{
  return cell->kind == SPK_CELL_HEX ? cell->top_group : -2 - cell->fortress;
}

/* The ground and the overlay fills are hexes of a few looks, so each look
 * is drawn once per zoom as a sprite and copied to every hex that has it,
 * instead of filling and stroking hundreds of antialiased hex paths.
 * Centres land on half pixels (each look is drawn at the four half-pixel
 * phases), which keeps neighbours within a quarter pixel of where they
 * belong. */
typedef enum {
  HEX_TERRAIN,    /* a terrain, with its half of the thin grid line */
  HEX_EDGE,       /* one edge of a group outline, by direction */
  HEX_WELL,       /* a Source well */
  HEX_LAYERED,    /* the ring of an earthscape laid on top */
  HEX_GATE,       /* a fortress gate, by faction */
  HEX_FORT_WELL,  /* a fortress Source well cell, by faction */
  HEX_INFLUENCE,  /* an influence tint, by faction */
  HEX_RANGE,      /* a spire range tint, by faction */
  HEX_BUILDABLE,  /* a buildable well's ring, by faction */
  N_HEX_LOOKS
} HexLook;

#define HEX_LOOK_ARGS 6  /* terrains, directions, or 1 + faction colour */

/* The parts of the hex looks that have the same shape in every colour
 * (a hex in each faction's colour, the grid line on every terrain). */
typedef enum {
  SHAPE_GROUND,       /* a terrain's hex, reaching under later neighbours */
  SHAPE_HEX,          /* the hex itself */
  SHAPE_LINE,         /* the inner half of the line between hexes */
  SHAPE_BATTLEMENTS,  /* across a gate */
  SHAPE_RING,         /* a buildable well's ring */
  N_HEX_SHAPES
} HexShape;

typedef struct {
  const SpkSprite *sprite[N_HEX_LOOKS][HEX_LOOK_ARGS][4];
  guint            wanted[N_HEX_LOOKS][HEX_LOOK_ARGS];  /* phases, a bit each */
  const SpkMask   *mask[N_HEX_SHAPES][4];               /* by phase, once looked up */
  double           scale;  /* device pixels per user unit */
  int              hw, hh; /* half width and height, user units */
} HexSprites;

typedef struct {
  int x, y;   /* whole pixels */
  int phase;  /* half pixels to add: bit 0 across, bit 1 down */
} Spot;

/* One drawing: what every part of it needs, set up once. */
typedef struct {
  SpkPaintContext     ctx;
  const SpkHexLayout *layout;
  SpkBlitter          b;
  HexSprites          hs;
  int                 width, height;
  gboolean            collect;  /* see paint_hex */
  gboolean            direct;   /* every look drawn in place: no sprites */
} Frame;

static Spot
spot_of (double x, double y)
{
  double hx = round (x * 2), hy = round (y * 2), wx = floor (hx / 2), wy = floor (hy / 2);

  return (Spot) { (int) wx, (int) wy, (int) (hx - 2 * wx) + 2 * (int) (hy - 2 * wy) };
}

static void
hex_sprites_init (HexSprites *hs, cairo_t *cr, double s)
{
  double unused;
  double reach = MAX (1.6, s * 0.09) + 2;  /* outline caps, the wider under-hex */

  memset (hs, 0, sizeof *hs);
  hs->scale = 1;
  cairo_surface_get_device_scale (cairo_get_target (cr), &hs->scale, &unused);
  hs->hw = (int) ceil (s * SQRT3 / 2 + reach);
  hs->hh = (int) ceil (s + reach);
}

/* Faction colours repeat after four, so do their sprites. */
static int
faction_arg (int faction)
{
  return faction < 0 ? 0 : 1 + faction % SPK_PALETTE_N_FACTIONS;
}

/* The inner half of a line of width 2 * half along a hex's edge (a
 * stroke clipped to the hex): the band between the hex and the hex
 * moved in by half, filled, which costs cairo far less than clipping
 * and stroking and covers the same pixels. One band around each of the
 * @n centres. */
static void
fill_hex_band (cairo_t *cr, const double *cx, const double *cy, int n, double s, double half)
{
  for (int k = 0; k < n; k++)
    {
      spk_board_renderer_hex_path (cr, cx[k], cy[k], s);
      spk_board_renderer_hex_path (cr, cx[k], cy[k], s - 2 * half / SQRT3);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
hex_paths (cairo_t *cr, const double *cx, const double *cy, int n, double radius)
{
  for (int k = 0; k < n; k++)
    spk_board_renderer_hex_path (cr, cx[k], cy[k], radius);
}


/* Fills or strokes @shape around each of the @n centres with @cr's
 * source, all of them in one path. */
static void
draw_hex_shape (cairo_t *cr, HexShape shape, const double *cx, const double *cy, int n, double s)
{
  switch (shape)
    {
    case SHAPE_GROUND:
      {
        /* Hexes are drawn row by row, left to right. The edges towards
         * the neighbours drawn later (east, south-east, south-west) reach
         * a little past the edge, so the later hex's antialiased edge
         * blends into this colour and no background shows between them;
         * towards sky the group outline covers the extra. */
        double d = 0.8, e = 2 * d / SQRT3;

        for (int k = 0; k < n; k++)
          {
            cairo_move_to (cr, cx[k] + corner_x[0] * s + d, cy[k] + corner_y[0] * s + d / SQRT3);
            cairo_line_to (cr, cx[k] + corner_x[1] * s + d, cy[k] + corner_y[1] * s + d / SQRT3);
            cairo_line_to (cr, cx[k] + corner_x[2] * s, cy[k] + corner_y[2] * s + e);
            cairo_line_to (cr, cx[k] + corner_x[3] * s, cy[k] + corner_y[3] * s + e);
            cairo_line_to (cr, cx[k] + corner_x[4] * s, cy[k] + corner_y[4] * s);
            cairo_line_to (cr, cx[k] + corner_x[5] * s, cy[k] + corner_y[5] * s);
            cairo_close_path (cr);
          }
        cairo_fill (cr);
        break;
      }
    case SHAPE_HEX:
      hex_paths (cr, cx, cy, n, s);
      cairo_fill (cr);
      break;
    case SHAPE_LINE:
      /* The neighbour draws the other half; where it is of another
       * group, the outline covers it. */
      fill_hex_band (cr, cx, cy, n, s, MAX (0.6, s * 0.03) * 0.6);
      break;
    case SHAPE_BATTLEMENTS:
      for (int k = 0; k < n; k++)
        spk_board_renderer_battlements_path (cr, cx[k], cy[k], s);
      cairo_fill (cr);
      break;
    case SHAPE_RING:
      hex_paths (cr, cx, cy, n, s * 0.74);
      cairo_set_line_width (cr, MAX (2.0, s * 0.1));
      cairo_stroke (cr);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The mask of @shape at the half-pixel phase (@across, @down), and in
 * @cell its cell. Both phases across share one mask sheet where looks
 * are drawn on sheets, so a cell is drawn just as on the look's own
 * sheet. */
static const SpkMask *
hex_shape_mask (SpkBoardRenderer *self, Frame *f, HexShape shape, int across, int down, int *cell)
{
  int w = 2 * f->hs.hw + 1, h = 2 * f->hs.hh + 1;
  int pitch = spk_sprite_sheet_pitch (w, f->hs.scale), n = pitch > 0 ? 2 : 1;
  const SpkMask **slot = &f->hs.mask[shape][across + 2 * down];
  g_autofree char *key = NULL;
  double cx[2], cy[2];
  cairo_t *cr;

  *cell = pitch > 0 ? across : 0;
  if (*slot != NULL)
    return *slot;
  key = g_strdup_printf ("hex|%d|%d|%d", shape, down, pitch > 0 ? 0 : across);
  if ((*slot = spk_sprite_cache_lookup_mask (self->sprites, key)) != NULL)
    return *slot;
  for (int k = 0; k < n; k++)
    {
      cx[k] = k * pitch + f->hs.hw + 0.5 * (n == 2 ? k : across);
      cy[k] = f->hs.hh + 0.5 * down;
    }
  cr = spk_sprite_cache_draw_mask (w, h, n, pitch, f->hs.scale);
  draw_hex_shape (cr, shape, cx, cy, n, f->layout->scale);
  return *slot = spk_sprite_cache_end_mask (self->sprites, g_steal_pointer (&key), w, n, pitch, cr);
}

/* @shape around each of the @n centres in @c at @alpha. On a sprite
 * being made (@sprite, on an image) it is laid on through its mask;
 * anywhere else (a vector surface, a drawing in place) it is drawn as
 * a path. @first: nothing is on the sprite yet. */
static void
paint_hex_shape (SpkBoardRenderer *self, Frame *f, cairo_t *cr, gboolean sprite, HexShape shape,
                 const double *cx, const double *cy, int n, const SpkRgba *c, double alpha, gboolean first)
{
  cairo_surface_t *target = cairo_get_target (cr);
  const double rgba[4] = { c->red, c->green, c->blue, c->alpha * alpha };

  /* The colour is left as the source either way, as a path leaves it. */
  spk_palette_set_source (cr, c, alpha);
  if (!sprite || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32)
    {
      draw_hex_shape (cr, shape, cx, cy, n, f->layout->scale);
      return;
    }
  for (int k = 0; k < n; k++)
    {
      int across = cx[k] != floor (cx[k]), down = cy[k] != floor (cy[k]), cell;
      const SpkMask *mask = hex_shape_mask (self, f, shape, across, down, &cell);

      spk_sprite_paint_mask (cr, mask, cell, (int) round ((cx[k] - f->hs.hw - 0.5 * across) * f->hs.scale), 0,
                             rgba, first);
    }
}

/* Draws @look around each of the @n centres (cells of a sprite sheet,
 * far enough apart not to touch, when @sprite), every fill and stroke
 * taking all of them in one path. */
static void
draw_hex_look (SpkBoardRenderer *self, Frame *f, cairo_t *cr, gboolean sprite, HexLook look, int arg,
               const double *cx, const double *cy, int n)
{
  const SpkRgba black = { 0, 0, 0, 1 };
  double s = f->layout->scale, line = self->dark ? 0.35 : 0.18;
  SpkRgba c;

  if (look >= HEX_GATE)
    {
      if (arg > 0)
        spk_palette_faction (arg - 1, self->dark, &c);
      else
        spk_palette_accent (self->dark, &c);
    }
  switch (look)
    {
    case HEX_TERRAIN:
      spk_palette_terrain (arg, self->dark, &c);
      paint_hex_shape (self, f, cr, sprite, SHAPE_GROUND, cx, cy, n, &c, 1, TRUE);
      spk_terrain_pattern_draw (cr, arg, cx, cy, n, s, self->dark);
      paint_hex_shape (self, f, cr, sprite, SHAPE_LINE, cx, cy, n, &black, line, FALSE);
      break;
    case HEX_EDGE:
      {
        int a = (6 - arg) % 6, b = (a + 1) % 6;
        double h = MAX (1.6, s * 0.09) / 2;
        /* Along the edge (corner a to b, one side long) and across it. */
        double ux = corner_x[b] - corner_x[a], uy = corner_y[b] - corner_y[a];

        /* Opaque, so the square caps where edges meet do not darken the
         * corners; the colour is the translucent outline over ground.
         * A line with square caps is a rectangle, which cairo fills for
         * less than it strokes the line. */
        for (int k = 0; k < n; k++)
          {
            double x0 = cx[k] + corner_x[a] * s - ux * h, y0 = cy[k] + corner_y[a] * s - uy * h;
            double x1 = cx[k] + corner_x[b] * s + ux * h, y1 = cy[k] + corner_y[b] * s + uy * h;

            cairo_move_to (cr, x0 - uy * h, y0 + ux * h);
            cairo_line_to (cr, x1 - uy * h, y1 + ux * h);
            cairo_line_to (cr, x1 + uy * h, y1 - ux * h);
            cairo_line_to (cr, x0 + uy * h, y0 - ux * h);
            cairo_close_path (cr);
          }
        spk_palette_edge (self->dark, &c);
        spk_palette_set_source (cr, &c, 1);
        cairo_fill (cr);
        break;
      }
    case HEX_WELL:
      {
        double r = s * 0.2;

        for (int k = 0; k < n; k++)
          {
            double y = cy[k] - s * 0.5;

            cairo_move_to (cr, cx[k], y - r);
            cairo_line_to (cr, cx[k] + r * 0.75, y);
            cairo_line_to (cr, cx[k], y + r);
            cairo_line_to (cr, cx[k] - r * 0.75, y);
            cairo_close_path (cr);
          }
        spk_palette_well (self->dark, &c);
        spk_palette_set_source (cr, &c, 1);
        cairo_fill_preserve (cr);
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
        cairo_set_line_width (cr, MAX (0.8, s * 0.03));
        cairo_stroke (cr);
        break;
      }
    case HEX_GATE:
    case HEX_FORT_WELL:
      /* In the faction's colour, gates solid and wells lighter, with the
       * inner half of the line between the fortress's cells. */
      paint_hex_shape (self, f, cr, sprite, SHAPE_HEX, cx, cy, n, &c, look == HEX_GATE ? 0.85 : 0.45, TRUE);
      paint_hex_shape (self, f, cr, sprite, SHAPE_LINE, cx, cy, n, &black, line, FALSE);
      if (look == HEX_GATE)
        paint_hex_shape (self, f, cr, sprite, SHAPE_BATTLEMENTS, cx, cy, n, &black, 0.35, FALSE);
      break;
    case HEX_LAYERED:
      hex_paths (cr, cx, cy, n, s * 0.82);
      spk_palette_outline (self->dark, &c);
      spk_palette_set_source (cr, &c, 0.5);
      cairo_set_line_width (cr, MAX (0.8, s * 0.03));
      cairo_stroke (cr);
      break;
    case HEX_INFLUENCE:
    case HEX_RANGE:
      paint_hex_shape (self, f, cr, sprite, SHAPE_HEX, cx, cy, n, &c, look == HEX_INFLUENCE ? 0.35 : 0.18, TRUE);
      break;
    case HEX_BUILDABLE:
      /* A ring in the faction's colour inside the hex edge. */
      paint_hex_shape (self, f, cr, sprite, SHAPE_RING, cx, cy, n, &c, 1, TRUE);
      break;
    case N_HEX_LOOKS:
    default:
      g_assert_not_reached ();
    }
}

/* The sprites of @look at the half-pixel phases in @phases (a bit
 * each) that the cache does not have yet. The two phases of a row, on
 * a half pixel across or not, are drawn together on one sheet; phases
 * a half pixel apart downwards are not, as cairo's coverage of a row
 * depends on whether any edge of the path starts or ends in it. */
static void
make_hex_sprites (SpkBoardRenderer *self, Frame *f, HexLook look, int arg, guint phases)
{
  const SpkSprite **slots = f->hs.sprite[look][arg];
  int w = 2 * f->hs.hw + 1, h = 2 * f->hs.hh + 1;
  int pitch = spk_sprite_sheet_pitch (w, f->hs.scale);

  for (int down = 0; down < 2; down++)
    {
      char *keys[2];
      const SpkSprite *made[2];
      double cx[2], cy[2];
      int phase[2], n = 0;
      cairo_t *scr;

      for (int p = 2 * down; p < 2 * down + 2; p++)
        {
          char *key;

          if (!(phases & (1u << p)) || slots[p] != NULL)
            continue;
          key = g_strdup_printf ("hex|%d|%d|%d", look, arg, p);
          if ((slots[p] = spk_sprite_cache_lookup (self->sprites, key)) != NULL)
            {
              g_free (key);
              continue;
            }
          cx[n] = (pitch > 0 ? n * pitch : 0) + f->hs.hw + 0.5 * (p & 1);
          cy[n] = f->hs.hh + 0.5 * down;
          keys[n] = key;
          phase[n++] = p;
        }
      if (n == 2 && pitch > 0)
        {
          scr = spk_sprite_cache_draw_sheet (w, h, n, pitch, f->hs.scale);
          draw_hex_look (self, f, scr, TRUE, look, arg, cx, cy, n);
          spk_sprite_cache_end_sheet (self->sprites, keys, made, w, n, pitch, scr);
          for (int k = 0; k < n; k++)
            slots[phase[k]] = made[k];
          continue;
        }
      for (int k = 0; k < n; k++)
        {
          scr = spk_sprite_cache_draw (w, h, f->hs.scale);
          draw_hex_look (self, f, scr, TRUE, look, arg, &cx[k], &cy[k], 1);
          slots[phase[k]] = spk_sprite_cache_end (self->sprites, keys[k], scr);
        }
    }
}

/* While a frame collects, hexes are only counted: which phases each
 * look is wanted at, so all of them are drawn on one sheet. */
static void
paint_hex (SpkBoardRenderer *self, cairo_t *cr, Frame *f, HexLook look, int arg, Spot spot)
{
  const SpkSprite **slot = &f->hs.sprite[look][arg][spot.phase];

  if (f->direct)
    {
      double x = spot.x + 0.5 * (spot.phase & 1), y = spot.y + 0.5 * (spot.phase >> 1);

      if (!f->collect)
        draw_hex_look (self, f, cr, FALSE, look, arg, &x, &y, 1);
      return;
    }
  if (f->collect)
    {
      if (*slot == NULL)
        f->hs.wanted[look][arg] |= 1u << spot.phase;
      return;
    }
  if (*slot == NULL)
    {
      make_hex_sprites (self, f, look, arg, f->hs.wanted[look][arg] | 1u << spot.phase);
      f->hs.wanted[look][arg] = 0;
    }
  spk_blitter_paint (&f->b, cr, *slot, spot.x - f->hs.hw, spot.y - f->hs.hh);
}

static void
fill_marks (SpkBoardRenderer *self, cairo_t *cr, Frame *f, SpkBoardLayer layer, SpkMarkStyle style)
{
  HexLook look = style == SPK_MARK_INFLUENCE ? HEX_INFLUENCE : style == SPK_MARK_RANGE ? HEX_RANGE : HEX_BUILDABLE;

  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      double x, y;

      if (m->style != style)
        continue;
      spk_hex_layout_hex_center (f->layout, m->hex, &x, &y);
      if (spk_hex_layout_offscreen (f->layout, x, y, f->width, f->height))
        continue;
      paint_hex (self, cr, f, look, faction_arg (m->faction), spot_of (x, y));
    }
}

/* A label's badge: a disc of radius shape[2] at (shape[0], shape[1]). */
static void
draw_badge (cairo_t *cr, gconstpointer shape)
{
  const double *disc = shape;

  cairo_arc (cr, disc[0], disc[1], disc[2], 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A label is a dark badge with the text on it; on its sprite (@sprite)
 * the badge is the same mask for every label. */
static void
draw_label_look (SpkBoardRenderer *self, Frame *f, cairo_t *cr, gboolean sprite, const char *text, double cx,
                 double cy)
{
  double s = f->layout->scale;

  spk_sprite_cache_paint_shape (sprite ? self->sprites : NULL, cr, "label badge", draw_badge,
                                (const double[3]) { cx, cy, s * 0.24 }, (const double[4]) { 0, 0, 0, 0.6 }, TRUE);
  cairo_set_source_rgba (cr, 1, 1, 1, 1);
  spk_sprite_cache_draw_text (self->sprites, cr, f->ctx.font, s * 0.26, text, cx, cy, TRUE);
}

/* Drawn once per string and zoom and copied to every hex that has it. */
static const SpkSprite *
label_sprite (SpkBoardRenderer *self, Frame *f, const char *text, double scale, int half)
{
  g_autofree char *key = g_strdup_printf ("label|%s", text);
  const SpkSprite *sprite;
  cairo_t *scr;

  if ((sprite = spk_sprite_cache_lookup (self->sprites, key)) != NULL)
    return sprite;
  scr = spk_sprite_cache_draw (2 * half, 2 * half, scale);
  draw_label_look (self, f, scr, TRUE, text, half, half);
  return spk_sprite_cache_end (self->sprites, g_steal_pointer (&key), scr);
}

static void
draw_mark_labels (SpkBoardRenderer *self, cairo_t *cr, Frame *f, SpkBoardLayer layer)
{
  double s = f->layout->scale;
  /* The few distinct strings, looked up once each per frame. */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  int half = (int) ceil (s * 0.3) + 1;
  double scale = 1, unused;

  if (s < 14)
    return;
  cairo_surface_get_device_scale (cairo_get_target (cr), &scale, &unused);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      const SpkSprite *sprite;
      double x, y;

      if (m->label == NULL || m->label[0] == '\0')
        continue;
      spk_hex_layout_hex_center (f->layout, m->hex, &x, &y);
      if (spk_hex_layout_offscreen (f->layout, x, y, f->width, f->height))
        continue;
      y += m->style == SPK_MARK_LABEL ? -s * 0.62 : s * 0.62;
      if (f->direct)
        {
          draw_label_look (self, f, cr, FALSE, m->label, x, y);
          continue;
        }
      if ((sprite = g_hash_table_lookup (seen, m->label)) == NULL)
        {
          sprite = label_sprite (self, f, m->label, scale, half);
          g_hash_table_insert (seen, m->label, (gpointer) sprite);
        }
      spk_blitter_paint (&f->b, cr, sprite, (int) round (x) - half, (int) round (y) - half);
    }
}

static void
draw_marks (SpkBoardRenderer *self, cairo_t *cr, Frame *f, SpkBoardLayer layer)
{
  double s = f->layout->scale;
  SpkRgba accent;

  for (int pass = 0; pass < 2; pass++)
    {
      f->collect = pass == 0;
      fill_marks (self, cr, f, layer, SPK_MARK_INFLUENCE);
      fill_marks (self, cr, f, layer, SPK_MARK_RANGE);
      fill_marks (self, cr, f, layer, SPK_MARK_BUILDABLE);
    }

  spk_palette_accent (self->dark, &accent);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      SpkRgba c;
      double x, y;

      if (m->style == SPK_MARK_INFLUENCE || m->style == SPK_MARK_RANGE || m->style == SPK_MARK_LABEL
          || m->style == SPK_MARK_BUILDABLE)
        continue;
      spk_hex_layout_hex_center (f->layout, m->hex, &x, &y);
      if (spk_hex_layout_offscreen (f->layout, x, y, f->width, f->height))
        continue;
      if (m->faction >= 0)
        spk_palette_faction (m->faction, self->dark, &c);
      else
        c = accent;

      switch (m->style)
        {
        case SPK_MARK_DESTINATION:
          spk_board_renderer_hex_path (cr, x, y, s * 0.86);
          spk_palette_set_source (cr, &c, 0.28);
          cairo_fill_preserve (cr);
          spk_palette_set_source (cr, &c, 1);
          cairo_set_line_width (cr, MAX (2.0, s * 0.1));
          cairo_stroke (cr);
          break;
        case SPK_MARK_PATH:
          cairo_arc (cr, x, y, s * 0.18, 0, 2 * G_PI);
          spk_palette_set_source (cr, &c, 0.9);
          cairo_fill (cr);
          break;
        case SPK_MARK_TARGET:
          spk_board_renderer_hex_path (cr, x, y, s * 0.9);
          cairo_set_source_rgba (cr, 0.9, 0.1, 0.1, 0.95);
          cairo_set_line_width (cr, MAX (2.0, s * 0.12));
          cairo_stroke (cr);
          break;
        case SPK_MARK_INFLUENCE:
        case SPK_MARK_RANGE:
        case SPK_MARK_LABEL:
        case SPK_MARK_BUILDABLE:
        case SPK_N_MARKS:
        default:
          break;
        }
    }
}

/* A line from a hex centre at x0, y0 towards one at x1, y1 stops just
 * short of it, so the arrow does not hide the chip there. */
static void
draw_line_look (cairo_t *cr, const SpkRgba *c, double x0, double y0, double x1, double y1, double s)
{
  double head = MAX (6.0, s * 0.3), angle = atan2 (y1 - y0, x1 - x0);

  x1 -= cos (angle) * s * 0.45;
  y1 -= sin (angle) * s * 0.45;
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  spk_palette_set_source (cr, c, 1);
  cairo_set_line_width (cr, MAX (2.0, s * 0.08));
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - head * cos (angle - 0.45), y1 - head * sin (angle - 0.45));
  cairo_line_to (cr, x1 - head * cos (angle + 0.45), y1 - head * sin (angle + 0.45));
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Target lines are red, the others take their faction's colour. */
static void
line_rgba (SpkBoardRenderer *self, const Line *l, SpkRgba *out)
{
  if (l->style == SPK_MARK_TARGET)
    *out = (SpkRgba) { 0.85f, 0.1f, 0.1f, 0.95f };
  else
    {
      spk_palette_faction (l->faction, self->dark, out);
      out->alpha = 0.95f;
    }
}

/* Lines join hex centres, so a line looks the same wherever it starts
 * for the same step between its hexes: one sprite per colour, step and
 * half-pixel phase. Very long lines are drawn directly. */
#define MAX_LINE_SPRITE_STEPS 8

static void
draw_lines (SpkBoardRenderer *self, cairo_t *cr, Frame *f, SpkBoardLayer layer)
{
  double s = f->layout->scale;
  int margin = (int) ceil (MAX (6.0, s * 0.3) + MAX (2.0, s * 0.08)) + 2;
  double scale = 1, unused;

  cairo_surface_get_device_scale (cairo_get_target (cr), &scale, &unused);
  for (guint i = 0; i < self->lines[layer]->len; i++)
    {
      const Line *l = &g_array_index (self->lines[layer], Line, i);
      int dq = l->to.q - l->from.q, dr = l->to.r - l->from.r;
      g_autofree char *key = NULL;
      double x0, y0, x1, y1, dx, dy;
      const SpkSprite *sprite;
      SpkRgba c;
      Spot spot;
      int ax, ay;

      spk_hex_layout_hex_center (f->layout, l->from, &x0, &y0);
      spk_hex_layout_hex_center (f->layout, l->to, &x1, &y1);
      line_rgba (self, l, &c);
      if (f->direct || ABS (dq) > MAX_LINE_SPRITE_STEPS || ABS (dr) > MAX_LINE_SPRITE_STEPS)
        {
          draw_line_look (cr, &c, x0, y0, x1, y1, s);
          continue;
        }
      spot = spot_of (x0, y0);
      dx = x1 - x0;
      dy = y1 - y0;
      ax = (int) ceil (MAX (0, -dx)) + margin;
      ay = (int) ceil (MAX (0, -dy)) + margin;
      key = g_strdup_printf ("line|%d|%d|%d|%d", l->style == SPK_MARK_TARGET ? -2 : l->faction, dq, dr, spot.phase);
      if ((sprite = spk_sprite_cache_lookup (self->sprites, key)) == NULL)
        {
          cairo_t *scr = spk_sprite_cache_draw ((int) ceil (fabs (dx)) + 2 * margin + 1, (int) ceil (fabs (dy)) + 2 * margin + 1,
                                       scale);
          double sx0 = ax + 0.5 * (spot.phase & 1), sy0 = ay + 0.5 * (spot.phase >> 1);

          cairo_set_line_cap (scr, CAIRO_LINE_CAP_ROUND);
          draw_line_look (scr, &c, sx0, sy0, sx0 + dx, sy0 + dy, s);
          sprite = spk_sprite_cache_end (self->sprites, g_steal_pointer (&key), scr);
        }
      spk_blitter_paint (&f->b, cr, sprite, spot.x - ax, spot.y - ay);
    }
}


static void
frame_begin (SpkBoardRenderer *self, Frame *f, cairo_t *cr, const SpkHexLayout *layout, int width, int height)
{
  *f = (Frame) {
    .ctx = { self->sprites, self->board, self->dark, layout->scale,
             pango_font_description_from_string ("Sans") },
    .layout = layout,
    .width = width,
    .height = height,
  };
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  spk_blitter_init (&f->b, cr);
  spk_sprite_cache_begin (self->sprites, cr, layout->scale, self->dark);
  hex_sprites_init (&f->hs, cr, layout->scale);
  /* A coarser flattening of arcs is invisible at chip sizes. */
  cairo_set_tolerance (cr, 0.25);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
}

static void
frame_end (Frame *f, cairo_t *cr)
{
  spk_blitter_finish (&f->b);
  cairo_restore (cr);
  pango_font_description_free (f->ctx.font);
}

/* Editing: faint outlines where new hexes may go. */
static void
draw_sky (SpkBoardRenderer *self, cairo_t *cr, Frame *f)
{
  const SpkHexLayout *layout = f->layout;
  int r0 = (int) floor (layout->min_y / 1.5), r1 = (int) ceil (layout->max_y / 1.5);
  double s = layout->scale, dash = MAX (2.0, s * 0.1);

  for (int r = r0; r <= r1; r++)
    for (int q = (int) floor (layout->min_x / SQRT3 - r / 2.0) - 1; q <= (int) ceil (layout->max_x / SQRT3 - r / 2.0) + 1; q++)
      {
        SpkHex h = { q, r };
        double x, y;

        if (spk_grid_find (self->grid, h) >= 0 || !spk_hex_layout_within_bounds (layout, h))
          continue;
        spk_hex_layout_hex_center (layout, h, &x, &y);
        spk_board_renderer_hex_path (cr, x, y, s * 0.96);
      }
  cairo_set_source_rgba (cr, self->dark ? 1 : 0, self->dark ? 1 : 0, self->dark ? 1 : 0, 0.12);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, &dash, 1, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The map's cells landing at @spots, look by look. */
static void
map_cells (SpkBoardRenderer *self, cairo_t *cr, Frame *f, const Spot *spots, guint n)
{
  for (guint k = 0; k < n; k++)
    {
      guint i = g_array_index (self->rows_order, guint, k);
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (cell->kind == SPK_CELL_HEX && spots[i].x != G_MININT)
        paint_hex (self, cr, f, HEX_TERRAIN, cell->terrain, spots[i]);
    }

  /* Fortress cells in their faction's colour. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);
      const SpkFortress *fort;

      if (cell->kind == SPK_CELL_HEX || spots[i].x == G_MININT)
        continue;
      fort = g_ptr_array_index (self->board->fortresses, cell->fortress);
      paint_hex (self, cr, f, cell->kind == SPK_CELL_GATE ? HEX_GATE : HEX_FORT_WELL,
                 faction_arg (spk_palette_faction_index (self->board, fort->faction)), spots[i]);
    }

  /* Source wells, on hexes and in fortresses. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if ((cell->well || cell->kind == SPK_CELL_FORTRESS_WELL) && spots[i].x != G_MININT)
        paint_hex (self, cr, f, HEX_WELL, 0, spots[i]);
    }

  /* Group outlines: thick edges where the neighbour belongs elsewhere,
   * each shared edge once. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (spots[i].x == G_MININT)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int nb = cell->neighbours[d];

          if (nb >= 0 && (outline_group (spk_grid_cell (self->grid, nb)) == outline_group (cell) || nb < (int) i))
            continue;
          paint_hex (self, cr, f, HEX_EDGE, d, spots[i]);
        }
    }

  /* Earthscape hexes laid on top get an inner ring. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (cell->top_layer > 0 && spots[i].x != G_MININT)
        paint_hex (self, cr, f, HEX_LAYERED, 0, spots[i]);
    }
}

static void
draw_map (SpkBoardRenderer *self, cairo_t *cr, Frame *f)
{
  g_autofree Spot *spots = NULL;
  guint n = spk_grid_n_cells (self->grid);

  if (self->edit_mode)
    draw_sky (self, cr, f);

  /* Where each cell lands; offscreen cells are left out (x = G_MININT). */
  spots = g_new (Spot, n);
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      spk_hex_layout_hex_center (f->layout, spk_grid_cell (self->grid, i)->hex, &x, &y);
      spots[i] = spk_hex_layout_offscreen (f->layout, x, y, f->width, f->height) ? (Spot) { G_MININT, 0, 0 }
                                                                                 : spot_of (x, y);
    }

  for (int pass = 0; pass < 2; pass++)
    {
      f->collect = pass == 0;
      map_cells (self, cr, f, spots, n);
    }
}

static void
draw_pieces (SpkBoardRenderer *self, cairo_t *cr, Frame *f)
{
  for (guint i = 0; i < spk_grid_n_cells (self->grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);
      double x, y;

      if (cell->chip < 0 && cell->kind != SPK_CELL_GATE)
        continue;
      spk_hex_layout_hex_center (f->layout, cell->hex, &x, &y);
      if (spk_hex_layout_offscreen (f->layout, x, y, f->width, f->height))
        continue;
      if (cell->kind == SPK_CELL_GATE)
        {
          const SpkFortress *fort = g_ptr_array_index (self->board->fortresses, cell->fortress);

          spk_chip_look_paint_deployment (&f->ctx, cr, f->direct ? NULL : &f->b, spk_board_find_deployment (self->board, fort->faction),
                                          x, y, cell->chip >= 0);
        }
      if (cell->chip >= 0)
        {
          /* R-talent-5: a spire with a hero on it shows up and to the
           * right, the hero in front on the hex's centre. */
          double lift = cell->rider >= 0 ? f->ctx.zoom * 0.3 : 0;

          spk_chip_look_paint (&f->ctx, cr, f->direct ? NULL : &f->b, g_ptr_array_index (self->board->chips, cell->chip),
                               (char *const *) self->chip_keys->pdata + cell->chip * SPK_CHIP_LOOK_N_PARTS,
                               x + lift, y - lift);
        }
      if (cell->rider >= 0)
        spk_chip_look_paint (&f->ctx, cr, f->direct ? NULL : &f->b, g_ptr_array_index (self->board->chips, cell->rider),
                             (char *const *) self->chip_keys->pdata + cell->rider * SPK_CHIP_LOOK_N_PARTS, x, y);
    }

  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    draw_lines (self, cr, f, l);
  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    draw_mark_labels (self, cr, f, l);
}

void
spk_board_renderer_draw (SpkBoardRenderer *self, cairo_t *cr, const SpkHexLayout *layout, int width, int height, DrawParts parts)
{
  Frame f;

  frame_begin (self, &f, cr, layout, width, height);
  if (parts & DRAW_MAP)
    draw_map (self, cr, &f);
  if (parts & DRAW_FILLS)
    for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
      draw_marks (self, cr, &f, l);
  if (parts & DRAW_PIECES)
    draw_pieces (self, cr, &f);
  frame_end (&f, cr);
}

/* The moves, path and attacks layers. */
static void
draw_live (SpkBoardRenderer *self, cairo_t *cr, Frame *f)
{
  for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
    draw_marks (self, cr, f, l);
  for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
    draw_mark_labels (self, cr, f, l);
  for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
    draw_lines (self, cr, f, l);
}

void
spk_board_renderer_paint_live (SpkBoardRenderer *self, cairo_t *cr, const SpkHexLayout *layout, int width, int height)
{
  Frame f;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  if (self->grid == NULL)
    return;
  frame_begin (self, &f, cr, layout, width, height);
  draw_live (self, cr, &f);
  frame_end (&f, cr);
}

void
spk_board_renderer_draw_vector (SpkBoardRenderer *self, cairo_t *cr, const SpkHexLayout *layout, int width, int height)
{
  Frame f;

  g_return_if_fail (SPK_IS_BOARD_RENDERER (self));
  if (self->grid == NULL)
    return;
  frame_begin (self, &f, cr, layout, width, height);
  f.direct = TRUE;
  draw_map (self, cr, &f);
  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    draw_marks (self, cr, &f, l);
  draw_pieces (self, cr, &f);
  draw_live (self, cr, &f);
  frame_end (&f, cr);
}
