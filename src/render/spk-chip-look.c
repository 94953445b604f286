/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-chip-look.h"

#include <math.h>

#include "spk-look.h"
#include "spk-palette.h"

/* A short label for a disc: initials of up to two words, else two letters. */
static void
chip_initials (const SpkChip *chip, char *out, gsize size)
{
  const char *name = chip->name != NULL && chip->name[0] != '\0' ? chip->name : chip->id;
  g_auto(GStrv) words = g_strsplit_set (name, " -", -1);
  GString *s = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; words[i] != NULL && n < 2; i++)
    {
      if (words[i][0] == '\0' || g_ascii_strcasecmp (words[i], "and") == 0
          || g_ascii_strcasecmp (words[i], "of") == 0 || g_ascii_strcasecmp (words[i], "the") == 0)
        continue;
      g_string_append_unichar (s, g_unichar_toupper (g_utf8_get_char (words[i])));
      n++;
    }
  if (n == 1 && g_utf8_strlen (name, -1) > 1)
    {
      const char *second = g_utf8_next_char (name);

      g_string_append_unichar (s, g_utf8_get_char (second));
    }
  g_strlcpy (out, s->str, size);
  g_string_free (s, TRUE);
}

void
spk_chip_look_draw_moved_mark (cairo_t *cr, double cx, double cy, double radius, gboolean dark)
{
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  if (dark)
    cairo_set_source_rgba (cr, 0.96, 0.96, 0.95, 0.95);
  else
    cairo_set_source_rgba (cr, 0.14, 0.12, 0.19, 0.9);
  cairo_fill (cr);
  cairo_move_to (cr, cx - radius * 0.5, cy + radius * 0.02);
  cairo_line_to (cr, cx - radius * 0.12, cy + radius * 0.42);
  cairo_line_to (cr, cx + radius * 0.52, cy - radius * 0.4);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.32));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (dark)
    cairo_set_source_rgba (cr, 0.14, 0.12, 0.19, 1);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The layers of a chip, bottom to top. */
typedef enum {
  CHIP_BASE,      /* the disc, square or diamond, and a hero's ring */
  CHIP_TEXT,      /* the initials */
  CHIP_PIPS,      /* health */
  CHIP_UPGRADES,
  CHIP_GROUPED,   /* the badge counting minions grouped under it */
  CHIP_MOVED,     /* the tick of a unit that moved this turn */
  N_CHIP_PARTS
} ChipPart;

G_STATIC_ASSERT (N_CHIP_PARTS == SPK_CHIP_LOOK_N_PARTS);

static void
chip_fill (SpkPaintContext *ctx, const SpkChip *chip, SpkRgba *fill)
{
  spk_palette_faction (chip->kind == SPK_CHIP_LANDMARK ? -1 : spk_palette_faction_index (ctx->board, chip->faction),
                       ctx->dark, fill);
  if (chip->moved)
    /* Moved this turn: the disc fades halfway to grey (and gets a tick
     * badge), so the units still to move stand out. */
    spk_palette_moved (fill, ctx->dark);
}

/* The outline of a circle, width w, as a ring to fill: cairo fills it
 * for a fraction of what stroking the circle costs, and covers the same
 * pixels. */
static void
ring_path (cairo_t *cr, double cx, double cy, double r, double w)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r + w / 2, 0, 2 * G_PI);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_arc_negative (cr, cx, cy, r - w / 2, 2 * G_PI, 0);
  cairo_close_path (cr);
}

/* The shapes chips and stacks are made of: each the same for every
 * faction and state of a kind of chip, in their colours. */
typedef enum {
  SHAPE_BODY,       /* a chip's disc, square or diamond */
  SHAPE_OUTLINE,    /* its rim */
  SHAPE_HERO_RING,  /* a hero's inner ring */
  SHAPE_STACK_DISC, /* a disc under a stack's top chip */
  SHAPE_STACK_RIM,  /* its rim */
  SHAPE_TILE,       /* an upgrade tile beside a chip */
  SHAPE_TILE_RIM,   /* its rim */
} ShapeKind;

typedef struct {
  ShapeKind   what;
  SpkChipKind kind;    /* a chip's */
  gboolean    dashed;  /* a chip's rim, dashed (a hidden landmark) */
  int         depth;   /* a stack disc's place under the top, from 1; a
                        * tile's in its column, from 0 */
} ChipShape;

/* The path filled (@fill), or stroked @width wide. */
static void
fill_or_stroke (cairo_t *cr, gboolean fill, double width)
{
  if (fill)
    {
      cairo_fill (cr);
      return;
    }
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* Fills or strokes @shape, for a chip of radius @r at @cx, @cy at zoom
 * @s, with @cr's source. */
static void
draw_chip_shape (cairo_t *cr, const ChipShape *shape, double r, double cx, double cy, double s)
{
  gboolean disc = shape->kind != SPK_CHIP_SPIRE && shape->kind != SPK_CHIP_LANDMARK;
  double shift = s * 0.08 * shape->depth;

  cairo_new_path (cr);
  if (shape->what == SHAPE_TILE || shape->what == SHAPE_TILE_RIM)
    {
      double tile = s * 0.2;

      cairo_rectangle (cr, cx + r * 0.72, cy - r * 0.9 + shape->depth * tile * 1.05, tile * 1.3, tile);
      fill_or_stroke (cr, shape->what == SHAPE_TILE, MAX (0.6, s * 0.015));
      return;
    }
  if (shape->what == SHAPE_STACK_DISC || shape->what == SHAPE_STACK_RIM)
    {
      /* Offset down and right, like a real stack. */
      cairo_arc (cr, cx + shift, cy + shift, s * 0.56, 0, 2 * G_PI);
      fill_or_stroke (cr, shape->what == SHAPE_STACK_DISC, MAX (1.0, s * 0.04));
      return;
    }
  if (shape->what == SHAPE_HERO_RING || (disc && shape->what == SHAPE_OUTLINE))
    {
      /* A disc's outline and a hero's ring are rings, filled. */
      if (shape->what == SHAPE_HERO_RING)
        ring_path (cr, cx, cy, r * 0.8, MAX (1.0, s * 0.045));
      else
        ring_path (cr, cx, cy, r, MAX (1.0, s * 0.05));
      cairo_fill (cr);
      return;
    }
  if (disc)
    cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  else if (shape->kind == SPK_CHIP_SPIRE)
    {
      double half = r * 0.9, rad = r * 0.25;

      cairo_new_sub_path (cr);
      cairo_arc (cr, cx + half - rad, cy - half + rad, rad, -G_PI / 2, 0);
      cairo_arc (cr, cx + half - rad, cy + half - rad, rad, 0, G_PI / 2);
      cairo_arc (cr, cx - half + rad, cy + half - rad, rad, G_PI / 2, G_PI);
      cairo_arc (cr, cx - half + rad, cy - half + rad, rad, G_PI, 1.5 * G_PI);
      cairo_close_path (cr);
    }
  else
    {
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r, cy);
      cairo_line_to (cr, cx, cy + r);
      cairo_line_to (cr, cx - r, cy);
      cairo_close_path (cr);
    }
  if (shape->what != SHAPE_BODY && shape->dashed)
    {
      double dash = MAX (2.0, s * 0.1);

      cairo_set_dash (cr, &dash, 1, 0);
    }
  fill_or_stroke (cr, shape->what == SHAPE_BODY, MAX (1.0, s * 0.05));
  if (shape->what != SHAPE_BODY && shape->dashed)
    cairo_set_dash (cr, NULL, 0, 0);
}

/* A shape where it lands: what spk_sprite_cache_paint_shape hands to
 * draw_placed_shape. */
typedef struct {
  const ChipShape *shape;
  double           r, cx, cy, s;
} PlacedShape;

static void
draw_placed_shape (cairo_t *cr, gconstpointer data)
{
  const PlacedShape *p = data;

  draw_chip_shape (cr, p->shape, p->r, p->cx, p->cy, p->s);
}

/* @shape in @rgba. On a sprite of its own (@sprites given; the chip in
 * its middle) it is laid on through a mask kept per shape and zoom, so
 * a new zoom draws each shape once rather than once for every faction
 * and state; anywhere else (the key, a vector drawing) it is a path.
 * @first: nothing is on the sprite yet. */
static void
paint_chip_shape (SpkSpriteCache *sprites, cairo_t *cr, const ChipShape *shape, const double rgba[4], double r,
                  double cx, double cy, double s, gboolean first)
{
  PlacedShape placed = { shape, r, cx, cy, s };
  char key[64];

  g_snprintf (key, sizeof key, "chip|%d|%d|%d|%d", shape->what, shape->kind, shape->dashed, shape->depth);
  spk_sprite_cache_paint_shape (sprites, cr, key, draw_placed_shape, &placed, rgba, first);
}

/* A chip's base in @fill, its rim in @ink and a hero's ring in white. */
static void
draw_chip_base (SpkSpriteCache *sprites, cairo_t *cr, const SpkChip *chip, const SpkRgba *fill, const SpkRgba *ink,
                double alpha, double r, double cx, double cy, double s)
{
  ChipShape shape = { SHAPE_BODY, chip->kind, chip->kind == SPK_CHIP_LANDMARK && !chip->revealed, 0 };

  paint_chip_shape (sprites, cr, &shape, (const double[4]) { fill->red, fill->green, fill->blue, fill->alpha * alpha },
                    r, cx, cy, s, TRUE);
  shape.what = SHAPE_OUTLINE;
  paint_chip_shape (sprites, cr, &shape,
                    (const double[4]) { ink->red, ink->green, ink->blue, ink->alpha * (0.85 * alpha) },
                    r, cx, cy, s, FALSE);
  if (chip->kind == SPK_CHIP_HERO)
    {
      shape.what = SHAPE_HERO_RING;
      paint_chip_shape (sprites, cr, &shape, (const double[4]) { 1, 1, 1, 0.9 * alpha }, r, cx, cy, s, FALSE);
    }
}

void
spk_chip_look_draw_kind (cairo_t *cr, SpkChipKind kind, double cx, double cy, double r, gboolean dark)
{
  SpkChip chip = { 0 };
  SpkRgba fill, ink = { 0.1f, 0.1f, 0.12f, 1.0f };

  chip.kind = kind;
  chip.revealed = TRUE;
  spk_palette_faction (-1, dark, &fill);
  draw_chip_base (NULL, cr, &chip, &fill, &ink, 1, r, cx, cy, r / 0.62);
}

/* @sprite: drawn on a sprite of its own, centred on (@cx, @cy). */
static void
draw_chip (SpkPaintContext *ctx, cairo_t *cr, gboolean sprite, const SpkChip *chip, ChipPart part, double cx,
           double cy, double s)
{
  SpkRgba fill, ink = { 0.1f, 0.1f, 0.12f, 1.0f };
  double r = s * (chip->kind == SPK_CHIP_LANDMARK ? 0.5 : 0.56);
  double alpha = chip->active ? 1.0 : 0.55;
  char initials[16];

  chip_fill (ctx, chip, &fill);

  if (part == CHIP_BASE)
    draw_chip_base (sprite ? ctx->sprites : NULL, cr, chip, &fill, &ink, alpha, r, cx, cy, s);

  if (part == CHIP_TEXT && s >= 14)
    {
      chip_initials (chip, initials, sizeof initials);
      if (spk_palette_light_text_on (&fill))
        cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      else
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, alpha);
      spk_sprite_cache_draw_text (ctx->sprites, cr, ctx->font, r * 0.72, initials, cx, cy - (chip->kind == SPK_CHIP_LANDMARK ? 0 : r * 0.12), TRUE);
    }

  /* Health pips along the bottom of the disc: filled for what is left. */
  if (part == CHIP_PIPS && chip->max_health > 0 && s >= 12)
    {
      int n = MIN (chip->max_health, 10);
      double pr = s * 0.055, gap = s * 0.15;
      double x0 = cx - (n - 1) * gap / 2, y = cy + r * 0.58;

      /* The pips do not touch: one fill and one stroke for them all. */
      cairo_new_path (cr);
      for (int i = 0; i < MIN (chip->health, n); i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x0 + i * gap, y, pr, 0, 2 * G_PI);
        }
      cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      cairo_fill (cr);
      for (int i = 0; i < n; i++)
        ring_path (cr, x0 + i * gap, y, pr, MAX (0.8, s * 0.02));
      spk_palette_set_source (cr, &ink, alpha);
      cairo_fill (cr);
    }

  /* Upgrades as a stack of tiles beside the chip, top first. */
  if (part == CHIP_UPGRADES && chip->upgrades != NULL && chip->upgrades->len > 0)
    {
      double tile = s * 0.2, x = cx + r * 0.72, y = cy - r * 0.9;
      /* Tiles stand where they stand on every chip of a size. */
      ChipShape shape = { SHAPE_TILE, chip->kind == SPK_CHIP_LANDMARK ? SPK_CHIP_LANDMARK : SPK_CHIP_MINION, FALSE, 0 };

      for (guint i = 0; i < chip->upgrades->len && i < 6; i++)
        {
          SpkUpgrade u = g_array_index (chip->upgrades, SpkUpgrade, i);
          SpkRgba c;
          const char letter[2] = { u == SPK_UPGRADE_ATTACK ? 'A' : u == SPK_UPGRADE_RANGE ? 'R' : 'F', 0 };

          spk_palette_upgrade (u, &c);
          shape.what = SHAPE_TILE;
          shape.depth = (int) i;
          paint_chip_shape (sprite ? ctx->sprites : NULL, cr, &shape,
                            (const double[4]) { c.red, c.green, c.blue, c.alpha * alpha }, r, cx, cy, s, i == 0);
          shape.what = SHAPE_TILE_RIM;
          paint_chip_shape (sprite ? ctx->sprites : NULL, cr, &shape, (const double[4]) { 1, 1, 1, 0.9 * alpha }, r, cx,
                            cy, s, FALSE);
          if (s >= 40)
            spk_sprite_cache_draw_text (ctx->sprites, cr, ctx->font, tile * 0.8, letter, x + tile * 0.65, y + i * tile * 1.05 + tile / 2, TRUE);
        }
    }

  if (part == CHIP_GROUPED && chip->grouped != NULL && chip->grouped->len > 0 && s >= 14)
    {
      g_autofree char *badge = g_strdup_printf ("+%u", chip->grouped->len);

      cairo_arc (cr, cx - r * 0.85, cy - r * 0.75, s * 0.18, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.15, 0.15, 0.15, alpha);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      spk_sprite_cache_draw_text (ctx->sprites, cr, ctx->font, s * 0.2, badge, cx - r * 0.85, cy - r * 0.75, TRUE);
    }

  if (part == CHIP_MOVED && chip->moved && s >= 10)
    spk_chip_look_draw_moved_mark (cr, cx + r * 0.8, cy + r * 0.8, MAX (3.5, r * 0.44), ctx->dark);
}

/* What @part of @chip looks like, as a sprite key; NULL when the chip
 * has no such part. */
static char *
chip_part_key (SpkPaintContext *ctx, const SpkChip *chip, ChipPart part)
{
  gboolean landmark = chip->kind == SPK_CHIP_LANDMARK;
  GString *key;
  SpkRgba fill;
  char initials[16];

  switch (part)
    {
    case CHIP_BASE:
      return g_strdup_printf ("cb|%d|%d|%d|%d|%d", chip->kind, landmark ? -1 : spk_palette_faction_index (ctx->board, chip->faction),
                              chip->moved, chip->active, landmark && !chip->revealed);
    case CHIP_TEXT:
      chip_fill (ctx, chip, &fill);
      chip_initials (chip, initials, sizeof initials);
      return g_strdup_printf ("ct|%s|%d|%d|%d", initials, spk_palette_light_text_on (&fill), chip->active, landmark);
    case CHIP_PIPS:
      if (chip->max_health <= 0)
        return NULL;
      return g_strdup_printf ("cp|%d|%d|%d|%d", MIN (chip->max_health, 10), chip->health, chip->active, landmark);
    case CHIP_UPGRADES:
      if (chip->upgrades == NULL || chip->upgrades->len == 0)
        return NULL;
      key = g_string_new (NULL);
      g_string_printf (key, "cu|%d|%d|", chip->active, landmark);
      for (guint i = 0; i < chip->upgrades->len; i++)
        g_string_append_c (key, '0' + g_array_index (chip->upgrades, SpkUpgrade, i));
      return g_string_free (key, FALSE);
    case CHIP_GROUPED:
      if (chip->grouped == NULL || chip->grouped->len == 0)
        return NULL;
      return g_strdup_printf ("cg|%u|%d|%d", chip->grouped->len, chip->active, landmark);
    case CHIP_MOVED:
      return chip->moved ? g_strdup_printf ("cm|%d", landmark) : NULL;
    case N_CHIP_PARTS:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

/* Half the side of a chip's or a stack's sprite: everything drawn for
 * them (upgrade tiles, badges, the discs of a stack) stays within 0.85
 * hex radius of the centre. */
#define CHIP_REACH(s) ((int) ceil ((s) * 0.95) + 2)
/* The initials (two letters at most 0.4 hex radius high, wide ones
 * under 0.8 radius across) stay within 0.6 radius of the centre: their
 * sprite is a third of a whole chip's, which a new zoom draws for every
 * name on the board. */
#define CHIP_TEXT_REACH(s) ((int) ceil ((s) * 0.6) + 2)

/* The smallest zoom at which each part is drawn. */
static const double chip_part_min_scale[N_CHIP_PARTS] = { 0, 14, 12, 0, 14, 10 };

void
spk_chip_look_add_keys (SpkPaintContext *ctx, const SpkChip *chip, GPtrArray *keys)
{
  for (ChipPart part = 0; part < N_CHIP_PARTS; part++)
    g_ptr_array_add (keys, chip_part_key (ctx, chip, part));
}

/* A chip looks the same wherever it stands, and many chips share a part
 * of their look (a faction's disc, a name, a health count): each part is
 * drawn once per look and zoom, then copied into place, in drawing
 * order. The copies land on whole pixels (at most half a pixel from the
 * exact centre), which keeps them sharp. @keys are the chip's part keys
 * (add_chip_keys), or NULL to work them out. */
void
spk_chip_look_paint (SpkPaintContext *ctx, cairo_t *cr, SpkBlitter *b, const SpkChip *chip, char *const *keys,
                     double cx, double cy)
{
  g_autoptr(GPtrArray) own_keys = NULL;
  double s = ctx->zoom;
  double sx = 1, sy = 1;
  int half = CHIP_REACH (s);

  if (keys == NULL)
    {
      own_keys = g_ptr_array_new_with_free_func (g_free);
      spk_chip_look_add_keys (ctx, chip, own_keys);
      keys = (char *const *) own_keys->pdata;
    }
  for (ChipPart part = 0; part < N_CHIP_PARTS; part++)
    {
      const SpkSprite *sprite;
      int reach = part == CHIP_TEXT ? CHIP_TEXT_REACH (s) : half;

      if (keys[part] == NULL || s < chip_part_min_scale[part])
        continue;
      if (part == CHIP_TEXT && !spk_look_get_labels (spk_look_get_default ()))
        continue;
      if (b == NULL)
        {
          draw_chip (ctx, cr, FALSE, chip, part, cx, cy, s);
          continue;
        }
      if ((sprite = spk_sprite_cache_lookup (ctx->sprites, keys[part])) == NULL)
        {
          cairo_t *scr;

          cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
          scr = spk_sprite_cache_draw (2 * reach, 2 * reach, sx);
          draw_chip (ctx, scr, TRUE, chip, part, reach, reach, s);
          sprite = spk_sprite_cache_end (ctx->sprites, g_strdup (keys[part]), scr);
        }
      spk_blitter_paint (b, cr, sprite, (int) round (cx) - reach, (int) round (cy) - reach);
    }
}

static void
draw_deployment_look (SpkPaintContext *ctx, cairo_t *cr, SpkBlitter *b, const SpkDeployment *d, const SpkChip *top,
                      double cx, double cy, double s, gboolean occupied)
{
  guint n = MIN (d->stack->len, 4);

  if (occupied)
    {
      /* Somebody stands on the gate: show the stack as a small badge. */
      g_autofree char *count = g_strdup_printf ("%u", d->stack->len);
      SpkRgba fill;

      spk_palette_faction (spk_palette_faction_index (ctx->board, d->faction), ctx->dark, &fill);
      cairo_arc (cr, cx + s * 0.55, cy - s * 0.55, s * 0.22, 0, 2 * G_PI);
      spk_palette_set_source (cr, &fill, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 1);
      cairo_set_line_width (cr, MAX (1.0, s * 0.03));
      cairo_stroke (cr);
      if (s >= 14)
        spk_sprite_cache_draw_text (ctx->sprites, cr, ctx->font, s * 0.24, count, cx + s * 0.55, cy - s * 0.55, TRUE);
      return;
    }

  /* Discs under the top one, on a sprite (@b) through masks too. */
  for (guint i = n - 1; i > 0; i--)
    {
      ChipShape disc = { SHAPE_STACK_DISC, SPK_CHIP_MINION, FALSE, (int) i };
      SpkRgba fill;

      spk_palette_faction (spk_palette_faction_index (ctx->board, d->faction), ctx->dark, &fill);
      paint_chip_shape (b != NULL ? ctx->sprites : NULL, cr, &disc,
                        (const double[4]) { fill.red, fill.green, fill.blue, fill.alpha * 0.8 }, 0, cx, cy, s, i == n - 1);
      disc.what = SHAPE_STACK_RIM;
      paint_chip_shape (b != NULL ? ctx->sprites : NULL, cr, &disc, (const double[4]) { 0.1, 0.1, 0.1, 0.8 }, 0, cx, cy,
                        s, FALSE);
    }
  spk_chip_look_paint (ctx, cr, b, top, NULL, cx, cy);
  if (d->stack->len > 1 && s >= 14)
    {
      g_autofree char *count = g_strdup_printf ("×%u", d->stack->len);

      cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
      cairo_arc (cr, cx + s * 0.55, cy - s * 0.55, s * 0.22, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 1);
      spk_sprite_cache_draw_text (ctx->sprites, cr, ctx->font, s * 0.2, count, cx + s * 0.55, cy - s * 0.55, TRUE);
    }
}

/* A deployment stack is drawn once per look (faction, size, top chip,
 * whether someone stands on the gate) and zoom, like a chip. */
void
spk_chip_look_paint_deployment (SpkPaintContext *ctx, cairo_t *cr, SpkBlitter *b, const SpkDeployment *d,
                                double cx, double cy, gboolean occupied)
{
  double s = ctx->zoom;
  g_autoptr(GPtrArray) top_keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) key = g_string_new (NULL);
  const SpkSprite *sprite;
  const SpkChip *top;
  int half = CHIP_REACH (s);

  if (d == NULL || d->stack->len == 0)
    return;
  top = spk_board_find_chip (ctx->board, g_ptr_array_index (d->stack, 0));
  if (top == NULL)
    return;
  if (b == NULL)
    {
      draw_deployment_look (ctx, cr, NULL, d, top, cx, cy, s, occupied);
      return;
    }
  spk_chip_look_add_keys (ctx, top, top_keys);
  g_string_printf (key, "dep|%d|%u|%d", spk_palette_faction_index (ctx->board, d->faction), d->stack->len, occupied);
  for (guint i = 0; i < top_keys->len; i++)
    g_string_append_printf (key, "|%s", g_ptr_array_index (top_keys, i) != NULL
                            ? (const char *) g_ptr_array_index (top_keys, i) : "-");
  if ((sprite = spk_sprite_cache_lookup (ctx->sprites, key->str)) == NULL)
    {
      double sx = 1, sy = 1;
      cairo_t *scr;
      SpkBlitter into;

      cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
      scr = spk_sprite_cache_draw (2 * half, 2 * half, sx);
      cairo_rectangle (scr, 0, 0, 2 * half, 2 * half);
      cairo_clip (scr);
      spk_blitter_init (&into, scr);
      draw_deployment_look (ctx, scr, &into, d, top, half, half, s, occupied);
      spk_blitter_finish (&into);
      sprite = spk_sprite_cache_end (ctx->sprites, g_strdup (key->str), scr);
    }
  spk_blitter_paint (b, cr, sprite, (int) round (cx) - half, (int) round (cy) - half);
}

