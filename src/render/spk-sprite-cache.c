/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-sprite-cache.h"

#include <math.h>
#include <string.h>

#include "spk-look.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

#define MAX_SPRITES 1024

/* Text is laid out at one size and scaled to the size wanted: every
 * zoom would otherwise ask fontconfig and Pango for fonts of new sizes,
 * which costs more than drawing a board of chips. cairo still renders
 * the glyphs at the size they land at. */
#define TEXT_SIZE 32.0
#define MAX_TEXT_LAYOUTS 512

/* Most of a sprite is clear (a round chip in a square): each row keeps
 * where its visible pixels start and end, so compositing skips the rest,
 * and where its fully opaque middle starts and ends (a hex of ground),
 * which is copied instead of blended. */
struct _SpkSprite {
  cairo_surface_t *surface;        /* its own, or a sheet it shares */
  const guint32   *data;
  int              height, stride; /* device pixels; stride in pixels */
  int              top, bottom;    /* the rows with anything visible */
  int             *rows;           /* 4 a row: visible start, end, opaque start, end */
  int              cell_x;         /* on a sheet: its cell's left, in user units */
  double           cell_w, cell_h; /* ... and its cell's size; 0 alone */
};

/* A coverage mask: each row of each cell keeps where its covered
 * pixels start and end and where its first run of fully covered ones
 * starts and ends, so laying a colour through it skips what is clear
 * and fills what is covered. */
struct _SpkMask {
  cairo_surface_t *surface;   /* A8 */
  int              n, pitch;  /* cells, device pixels from one to the next */
  int              w, h;      /* a cell, in device pixels */
  int             *rows;      /* 4 a row, cell after cell */
};

struct _SpkSpriteCache {
  GHashTable     *sprites;       /* appearance key -> SpkSprite */
  GHashTable     *masks;         /* shape key -> SpkMask */
  double          zoom;          /* the zoom the sprites were drawn at */
  double          factor;        /* ... the device scale */
  gboolean        dark;          /* ... the style */
  guint           look;          /* ... the SpkLook serial */
  PangoContext   *text_context;  /* for text_layouts */
  GHashTable     *text_layouts;  /* weight|text -> PangoLayout, at TEXT_SIZE */
  cairo_matrix_t  text_matrix;   /* what text_context was last set up for */
};

static void
sprite_free (gpointer data)
{
  SpkSprite *sprite = data;

  cairo_surface_destroy (sprite->surface);
  g_free (sprite->rows);
  g_free (sprite);
}

static void
mask_free (gpointer data)
{
  SpkMask *mask = data;

  cairo_surface_destroy (mask->surface);
  g_free (mask->rows);
  g_free (mask);
}

SpkSpriteCache *
spk_sprite_cache_new (void)
{
  SpkSpriteCache *self = g_new0 (SpkSpriteCache, 1);

  self->sprites = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, sprite_free);
  self->masks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, mask_free);
  self->text_layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  return self;
}

void
spk_sprite_cache_free (SpkSpriteCache *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->sprites);
  g_hash_table_unref (self->masks);
  g_hash_table_unref (self->text_layouts);
  g_clear_object (&self->text_context);
  g_free (self);
}

void
spk_blitter_init (SpkBlitter *b, cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_rectangle_list_t *clip;
  cairo_matrix_t m;
  double sx, sy, ox, oy;

  *b = (SpkBlitter) { .target = target };
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32
      || m.xx != 1 || m.yy != 1 || m.xy != 0 || m.yx != 0 || sx != sy || sx != floor (sx)
      || m.x0 != floor (m.x0) || m.y0 != floor (m.y0) || ox != floor (ox) || oy != floor (oy))
    return;
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status == CAIRO_STATUS_SUCCESS && clip->num_rectangles == 1)
    {
      const cairo_rectangle_t *r = &clip->rectangles[0];

      b->scale = sx;
      b->dx = m.x0 * sx + ox;
      b->dy = m.y0 * sx + oy;
      b->x0 = MAX (0, (int) ceil (r->x * sx + b->dx));
      b->y0 = MAX (0, (int) ceil (r->y * sx + b->dy));
      b->x1 = MIN (cairo_image_surface_get_width (target), (int) floor ((r->x + r->width) * sx + b->dx));
      b->y1 = MIN (cairo_image_surface_get_height (target), (int) floor ((r->y + r->height) * sx + b->dy));
      b->stride = cairo_image_surface_get_stride (target) / 4;
      b->data = (guint32 *) cairo_image_surface_get_data (target);
      cairo_surface_flush (target);
    }
  cairo_rectangle_list_destroy (clip);
}

/* cairo draws straight into an image's pixels too, so sprites and cairo
 * drawing can interleave; cairo only needs to hear of the change once. */
void
spk_blitter_finish (SpkBlitter *b)
{
  if (b->data != NULL)
    cairo_surface_mark_dirty (b->target);
}

/* Each byte of x times a / 255, rounded as pixman rounds it; two
 * channels at a time. */
static inline guint32
mul_un8x4 (guint32 x, guint32 a)
{
  guint32 rb = (x & 0xff00ff) * a + 0x800080;
  guint32 ag = ((x >> 8) & 0xff00ff) * a + 0x800080;

  rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
  ag = (ag + ((ag >> 8) & 0xff00ff)) & 0xff00ff00;
  return rb | ag;
}

/* Where a row's visible pixels start and end and where its first run
 * of opaque ones starts and ends, widened to whole groups of four, so
 * blend_span never falls back to one pixel at a time on a sprite's
 * antialiased rims; clear pixels blended and opaque ones blended instead
 * of copied come out exactly as they were. */
static void
store_widened (int *out, int w, int start, int end, int ostart, int oend)
{
  if (start < end)
    {
      start &= ~3;
      end = MIN (w, (end + 3) & ~3);
      ostart = (ostart + 3) & ~3;
      oend &= ~3;
      if (oend <= ostart)
        ostart = oend = end;
    }
  out[0] = start;
  out[1] = end;
  out[2] = ostart;
  out[3] = oend;
}

#ifdef __SSE2__
/* Whether the sixteen pixels from @p are all clear: edge and ring
 * sprites are mostly clear rows. */
static inline gboolean
clear_16 (const guint32 *p)
{
  __m128i v = _mm_or_si128 (_mm_or_si128 (_mm_loadu_si128 ((const __m128i *) p),
                                          _mm_loadu_si128 ((const __m128i *) (p + 4))),
                            _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (p + 8)),
                                          _mm_loadu_si128 ((const __m128i *) (p + 12))));

  v = _mm_and_si128 (v, _mm_set1_epi32 ((int) 0xff000000u));
  return _mm_movemask_epi8 (_mm_cmpeq_epi32 (v, _mm_setzero_si128 ())) == 0xffff;
}
#endif

/* Found a group of four pixels at a time (sprites are drawn in rows of
 * whole groups, see spk_sprite_cache_draw): only the group where the
 * opaque run starts is looked at pixel by pixel. A new zoom scans a few
 * hundred sprites. */
static void
scan_row (const guint32 *row, int w, int *out)
{
#define ANY_VISIBLE(p) ((((p)[0] | (p)[1] | (p)[2] | (p)[3]) >> 24) != 0)
#define ALL_OPAQUE(p) ((((p)[0] & (p)[1] & (p)[2] & (p)[3]) >> 24) == 0xff)
  int start = 0, end = w, ostart, oend;

#ifdef __SSE2__
  while (start + 16 <= w && clear_16 (row + start))
    start += 16;
#endif
  while (start < w && !ANY_VISIBLE (row + start))
    start += 4;
  if (start == w)
    {
      store_widened (out, w, w, w, w, w);
      return;
    }
#ifdef __SSE2__
  while (end - 16 >= start && clear_16 (row + end - 16))
    end -= 16;
#endif
  while (!ANY_VISIBLE (row + end - 4))
    end -= 4;
  /* The group holding the first opaque pixel, then that pixel. */
  ostart = start;
  while (ostart < end && row[ostart] >> 24 != 0xff && row[ostart + 1] >> 24 != 0xff
         && row[ostart + 2] >> 24 != 0xff && row[ostart + 3] >> 24 != 0xff)
    ostart += 4;
  while (ostart < end && row[ostart] >> 24 != 0xff)
    ostart++;
  /* Its run to the next whole group, then whole opaque groups. */
  oend = ostart;
  while (oend < end && (oend & 3) != 0 && row[oend] >> 24 == 0xff)
    oend++;
  if ((oend & 3) == 0)
    while (oend < end && ALL_OPAQUE (row + oend))
      oend += 4;
  store_widened (out, w, start, end, ostart, oend);
#undef ANY_VISIBLE
#undef ALL_OPAQUE
}

/* Takes a reference to @surface; the sprite is its device pixels from
 * @px, @w wide (a whole number of groups of four). */
static SpkSprite *
add_sprite (SpkSpriteCache *self, char *key, cairo_surface_t *surface, int px, int w)
{
  SpkSprite *sprite = g_new (SpkSprite, 1);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface) / 4;
  const guint32 *data;
  int *rows = g_new (int, 4 * h);

  g_assert (w % 4 == 0);
  data = (const guint32 *) cairo_image_surface_get_data (surface) + px;
  for (int j = 0; j < h; j++)
    scan_row (data + j * stride, w, rows + 4 * j);
  *sprite = (SpkSprite) { cairo_surface_reference (surface), data, h, stride, h, 0, rows, 0, 0, 0 };
  for (int j = 0; j < h; j++)
    if (rows[4 * j] < rows[4 * j + 1])
      {
        sprite->top = MIN (sprite->top, j);
        sprite->bottom = j + 1;
      }
  g_hash_table_insert (self->sprites, key, sprite);
  return sprite;
}

#ifdef __SSE2__
/* Each 16-bit lane of x times that of a, / 255, with a rounding @bias:
 * 0x80 as pixman rounds, 0x7f as cairo's own span fillers do. */
static inline __m128i
mul_16_bias (__m128i x, __m128i a, short bias)
{
  __m128i t = _mm_adds_epu16 (_mm_mullo_epi16 (x, a), _mm_set1_epi16 (bias));

  return _mm_mulhi_epu16 (t, _mm_set1_epi16 (0x101));
}

/* Two pixels unpacked to 16 bits a channel, times a / 255 per channel,
 * rounded as mul_un8x4 rounds. */
static inline __m128i
mul_16 (__m128i x, __m128i a)
{
  return mul_16_bias (x, a, 0x80);
}

static inline __m128i
inverse_alpha_16 (__m128i x)
{
  __m128i a = _mm_shufflehi_epi16 (_mm_shufflelo_epi16 (x, _MM_SHUFFLE (3, 3, 3, 3)), _MM_SHUFFLE (3, 3, 3, 3));

  return _mm_xor_si128 (a, _mm_set1_epi16 (0xff));
}
#endif

#ifdef HAVE_AVX2_PATH
/* The SSE2 loop of blend_span_from eight pixels at a time, with the same
 * arithmetic and so the same pixels, on processors that have AVX2: a
 * frame spends most of its time here. Returns how many pixels it did. */
__attribute__ ((target ("avx2"), always_inline)) static inline int
blend_span_avx2 (guint32 *d, const guint32 *s, int n)
{
  const __m256i zero = _mm256_setzero_si256 (), alpha = _mm256_set1_epi32 ((int) 0xff000000u);
  const __m256i half = _mm256_set1_epi16 (0x80), k = _mm256_set1_epi16 (0x101), ff = _mm256_set1_epi16 (0xff);
  int i = 0;

  for (; i + 8 <= n; i += 8)
    {
      __m256i sp = _mm256_loadu_si256 ((const __m256i *) (s + i));
      __m256i sa = _mm256_and_si256 (sp, alpha), dp, lo, hi, alo, ahi;

      if ((guint32) _mm256_movemask_epi8 (_mm256_cmpeq_epi32 (sa, alpha)) == 0xffffffffu)
        {
          _mm256_storeu_si256 ((__m256i *) (d + i), sp);
          continue;
        }
      if ((guint32) _mm256_movemask_epi8 (_mm256_cmpeq_epi32 (sa, zero)) == 0xffffffffu)
        continue;
      dp = _mm256_loadu_si256 ((const __m256i *) (d + i));
      /* Unpacking and packing stay within each 128-bit half, so the
       * pixels come back in their order. */
      alo = _mm256_unpacklo_epi8 (sp, zero);
      ahi = _mm256_unpackhi_epi8 (sp, zero);
      alo = _mm256_xor_si256 (_mm256_shufflehi_epi16 (_mm256_shufflelo_epi16 (alo, 0xff), 0xff), ff);
      ahi = _mm256_xor_si256 (_mm256_shufflehi_epi16 (_mm256_shufflelo_epi16 (ahi, 0xff), 0xff), ff);
      lo = _mm256_adds_epu16 (_mm256_mullo_epi16 (_mm256_unpacklo_epi8 (dp, zero), alo), half);
      hi = _mm256_adds_epu16 (_mm256_mullo_epi16 (_mm256_unpackhi_epi8 (dp, zero), ahi), half);
      lo = _mm256_mulhi_epu16 (lo, k);
      hi = _mm256_mulhi_epu16 (hi, k);
      _mm256_storeu_si256 ((__m256i *) (d + i), _mm256_add_epi8 (sp, _mm256_packus_epi16 (lo, hi)));
    }
  return i;
}
#endif

/* OVER for premultiplied pixels from pixel @i on, four at a time where
 * SSE2 is there. */
__attribute__ ((always_inline)) static inline void
blend_span_from (guint32 *d, const guint32 *s, int n, int i)
{
#ifdef __SSE2__
  const __m128i zero = _mm_setzero_si128 (), alpha = _mm_set1_epi32 ((int) 0xff000000u);

  for (; i + 4 <= n; i += 4)
    {
      __m128i sp = _mm_loadu_si128 ((const __m128i *) (s + i));
      __m128i sa = _mm_and_si128 (sp, alpha), dp, lo, hi;
      int opaque = _mm_movemask_epi8 (_mm_cmpeq_epi32 (sa, alpha));

      if (opaque == 0xffff)
        {
          _mm_storeu_si128 ((__m128i *) (d + i), sp);
          continue;
        }
      if (_mm_movemask_epi8 (_mm_cmpeq_epi32 (sa, zero)) == 0xffff)
        continue;
      dp = _mm_loadu_si128 ((const __m128i *) (d + i));
      lo = mul_16 (_mm_unpacklo_epi8 (dp, zero), inverse_alpha_16 (_mm_unpacklo_epi8 (sp, zero)));
      hi = mul_16 (_mm_unpackhi_epi8 (dp, zero), inverse_alpha_16 (_mm_unpackhi_epi8 (sp, zero)));
      _mm_storeu_si128 ((__m128i *) (d + i), _mm_add_epi8 (sp, _mm_packus_epi16 (lo, hi)));
    }
#endif
  for (; i < n; i++)
    {
      guint32 sp = s[i], ia = 255 - (sp >> 24);

      /* Premultiplied colour never exceeds its alpha, so the sum
       * cannot carry from one channel into the next. */
      if (ia == 0)
        d[i] = sp;
      else if (ia < 255)
        d[i] = sp + mul_un8x4 (d[i], ia);
    }
}

static void
blend_span (guint32 *d, const guint32 *s, int n)
{
  blend_span_from (d, s, n, 0);
}

static void
copy_span (guint32 *d, const guint32 *s, int n)
{
  memcpy (d, s, (gsize) n * 4);
}

#ifdef HAVE_AVX2_PATH
/* With AVX2, the runs are done inline, eight pixels at a time: most of
 * a frame's copies are a few dozen pixels long, where calls cost as
 * much as the work. */
__attribute__ ((target ("avx2"), always_inline)) static inline void
blend_avx2 (guint32 *d, const guint32 *s, int n)
{
  blend_span_from (d, s, n, blend_span_avx2 (d, s, n));
}

__attribute__ ((target ("avx2"), always_inline)) static inline void
copy_avx2 (guint32 *d, const guint32 *s, int n)
{
  int i = 0;

  for (; i + 8 <= n; i += 8)
    _mm256_storeu_si256 ((__m256i *) (d + i), _mm256_loadu_si256 ((const __m256i *) (s + i)));
  for (; i + 4 <= n; i += 4)
    _mm_storeu_si128 ((__m128i *) (d + i), _mm_loadu_si128 ((const __m128i *) (s + i)));
  for (; i < n; i++)
    d[i] = s[i];
}
#endif

typedef void (*SpanFunc) (guint32 *d, const guint32 *s, int n);

#define PREFETCH_ROWS 4

/* Each row of @sprite at device pixel @px, @py: its visible pixels
 * blended, its opaque run copied. */
__attribute__ ((always_inline)) static inline void
blit_rows (const SpkBlitter *b, const SpkSprite *sprite, int px, int py, SpanFunc blend, SpanFunc copy)
{
  for (int j = MAX (sprite->top, b->y0 - py); j < sprite->bottom && py + j < b->y1; j++)
    {
      const int *row = sprite->rows + 4 * j;
      const guint32 *s;
      guint32 *d;
      int i0, i1, o0, o1;

      /* A drawing is megabytes: each row of a sprite lands on lines of
       * it the processor's cache no longer holds. Asked for a few rows
       * ahead, they are there by the time they are blended. */
      if (j + PREFETCH_ROWS < sprite->bottom && row[4 * PREFETCH_ROWS] < row[4 * PREFETCH_ROWS + 1])
        {
          guint32 *ahead = b->data + (py + j + PREFETCH_ROWS) * b->stride + px;

          __builtin_prefetch (ahead + row[4 * PREFETCH_ROWS], 1);
          __builtin_prefetch (ahead + row[4 * PREFETCH_ROWS + 1] - 1, 1);
        }
      if (row[0] >= row[1])
        continue;
      i0 = MAX (row[0], b->x0 - px);
      i1 = MIN (row[1], b->x1 - px);
      if (i0 >= i1)
        continue;
      o0 = CLAMP (row[2], i0, i1);
      o1 = CLAMP (row[3], o0, i1);
      s = sprite->data + j * sprite->stride;
      d = b->data + (py + j) * b->stride + px;
      blend (d + i0, s + i0, o0 - i0);
      copy (d + o0, s + o0, o1 - o0);
      blend (d + o1, s + o1, i1 - o1);
    }
}

#ifdef HAVE_AVX2_PATH
__attribute__ ((target ("avx2"))) static void
blit_rows_avx2 (const SpkBlitter *b, const SpkSprite *sprite, int px, int py)
{
  blit_rows (b, sprite, px, py, blend_avx2, copy_avx2);
}
#endif

static void
blit_rows_sse2 (const SpkBlitter *b, const SpkSprite *sprite, int px, int py)
{
  blit_rows (b, sprite, px, py, blend_span, copy_span);
}

/* Composites a sprite (drawn at the target's device scale) with its top
 * left corner at whole user units x, y. */
void
spk_blitter_paint (SpkBlitter *b, cairo_t *cr, const SpkSprite *sprite, int x, int y)
{
  int px, py;

  if (b->data == NULL && sprite->cell_w > 0)
    {
      /* A cell of a sheet: the sheet, shown through the cell. */
      cairo_save (cr);
      cairo_set_source_surface (cr, sprite->surface, x - sprite->cell_x, y);
      cairo_rectangle (cr, x, y, sprite->cell_w, sprite->cell_h);
      cairo_fill (cr);
      cairo_restore (cr);
      return;
    }
  if (b->data == NULL)
    {
      cairo_set_source_surface (cr, sprite->surface, x, y);
      cairo_paint (cr);
      return;
    }
  px = (int) (x * b->scale + b->dx);
  py = (int) (y * b->scale + b->dy);
#ifdef HAVE_AVX2_PATH
  if (__builtin_cpu_supports ("avx2"))
    {
      blit_rows_avx2 (b, sprite, px, py);
      return;
    }
#endif
  blit_rows_sse2 (b, sprite, px, py);
}

void
spk_sprite_cache_begin (SpkSpriteCache *self, cairo_t *cr, double zoom, gboolean dark)
{
  double factor = 1, unused;
  guint look = spk_look_get_serial (spk_look_get_default ());

  cairo_surface_get_device_scale (cairo_get_target (cr), &factor, &unused);
  if (self->zoom != zoom || self->factor != factor || self->dark != dark || self->look != look
      || g_hash_table_size (self->sprites) >= MAX_SPRITES)
    {
      g_hash_table_remove_all (self->sprites);
      g_hash_table_remove_all (self->masks);
      self->zoom = zoom;
      self->factor = factor;
      self->dark = dark;
      self->look = look;
    }
}

const SpkSprite *
spk_sprite_cache_lookup (SpkSpriteCache *self, const char *key)
{
  return g_hash_table_lookup (self->sprites, key);
}

/* Rows of whole groups of four pixels (see add_sprite). */
static int
cell_pixels (int w, double scale)
{
  return ((int) ceil (w * scale) + 3) & ~3;
}

static cairo_t *
sheet_context (cairo_format_t format, int width, int height, double scale)
{
  cairo_surface_t *sheet = cairo_image_surface_create (format, width, height);
  cairo_t *cr;

  cairo_surface_set_device_scale (sheet, scale, scale);
  cr = cairo_create (sheet);
  cairo_surface_destroy (sheet);
  cairo_set_tolerance (cr, 0.25);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  return cr;
}

cairo_t *
spk_sprite_cache_draw (int w, int h, double scale)
{
  return sheet_context (CAIRO_FORMAT_ARGB32, cell_pixels (w, scale), (int) ceil (h * scale), scale);
}

const SpkSprite *
spk_sprite_cache_end (SpkSpriteCache *self, char *key, cairo_t *cr)
{
  cairo_surface_t *surface = cairo_get_target (cr);
  const SpkSprite *sprite;

  cairo_surface_flush (surface);
  sprite = add_sprite (self, key, surface, 0, cairo_image_surface_get_width (surface));
  cairo_destroy (cr);
  return sprite;
}

int
spk_sprite_sheet_pitch (int w, double scale)
{
  int pitch;

  if (scale != floor (scale) || scale < 1)
    return 0;
  /* Whole user units and whole groups of device pixels, with a gap of
   * at least four pixels, so what one look drew past its cell (cut off
   * on a sprite of its own) is never part of its neighbour. */
  pitch = (int) ceil ((cell_pixels (w, scale) + 4) / scale);
  while (((int) (pitch * scale)) % 4 != 0)
    pitch++;
  return pitch;
}

cairo_t *
spk_sprite_cache_draw_sheet (int w, int h, int n, int pitch, double scale)
{
  g_return_val_if_fail (n >= 1 && pitch > 0, NULL);
  return sheet_context (CAIRO_FORMAT_ARGB32, (int) ((n - 1) * pitch * scale) + cell_pixels (w, scale),
                        (int) ceil (h * scale), scale);
}

void
spk_sprite_cache_end_sheet (SpkSpriteCache *self, char **keys, const SpkSprite **sprites, int w, int n,
                            int pitch, cairo_t *cr)
{
  cairo_surface_t *sheet = cairo_get_target (cr);
  double scale, unused;
  int cell = 0;

  cairo_surface_get_device_scale (sheet, &scale, &unused);
  cell = cell_pixels (w, scale);
  cairo_surface_flush (sheet);
  for (int i = 0; i < n; i++)
    {
      SpkSprite *sprite = add_sprite (self, keys[i], sheet, (int) (i * pitch * scale), cell);

      sprite->cell_x = i * pitch;
      sprite->cell_w = cell / scale;
      sprite->cell_h = sprite->height / scale;
      sprites[i] = sprite;
    }
  cairo_destroy (cr);
}

cairo_t *
spk_sprite_cache_draw_mask (int w, int h, int n, int pitch, double scale)
{
  cairo_t *cr;

  g_return_val_if_fail (n >= 1 && (n == 1 || pitch > 0), NULL);
  cr = sheet_context (CAIRO_FORMAT_A8, (int) ((n - 1) * pitch * scale) + cell_pixels (w, scale),
                      (int) ceil (h * scale), scale);
  /* Coverage: the shape filled or stroked in opaque white. */
  cairo_set_source_rgb (cr, 1, 1, 1);
  return cr;
}

/* Where a mask row's covered pixels start and end, and its first run
 * of fully covered ones. */
static void
scan_mask_row (const guint8 *row, int w, int *out)
{
  int start = 0, end = w, ostart, oend;
  guint64 group;

  while (start + 8 <= w && (memcpy (&group, row + start, 8), group == 0))
    start += 8;
  while (start < w && row[start] == 0)
    start++;
  while (end - 8 >= start && (memcpy (&group, row + end - 8, 8), group == 0))
    end -= 8;
  while (end > start && row[end - 1] == 0)
    end--;
  ostart = start;
  while (ostart < end && row[ostart] != 255)
    ostart++;
  oend = ostart;
  while (oend < end && row[oend] == 255)
    oend++;
  out[0] = start;
  out[1] = end;
  out[2] = ostart;
  out[3] = oend;
}

const SpkMask *
spk_sprite_cache_end_mask (SpkSpriteCache *self, char *key, int w, int n, int pitch, cairo_t *cr)
{
  SpkMask *mask = g_new (SpkMask, 1);
  double scale, unused;
  const guint8 *data;
  int stride;

  mask->surface = cairo_surface_reference (cairo_get_target (cr));
  cairo_destroy (cr);
  cairo_surface_flush (mask->surface);
  cairo_surface_get_device_scale (mask->surface, &scale, &unused);
  mask->n = n;
  mask->pitch = n > 1 ? (int) (pitch * scale) : 0;
  mask->w = (int) ceil (w * scale);
  mask->h = cairo_image_surface_get_height (mask->surface);
  mask->rows = g_new (int, 4 * n * mask->h);
  data = cairo_image_surface_get_data (mask->surface);
  stride = cairo_image_surface_get_stride (mask->surface);
  for (int c = 0; c < n; c++)
    for (int j = 0; j < mask->h; j++)
      scan_mask_row (data + j * stride + c * mask->pitch, mask->w, mask->rows + 4 * (c * mask->h + j));
  g_hash_table_insert (self->masks, key, mask);
  return mask;
}

const SpkMask *
spk_sprite_cache_lookup_mask (SpkSpriteCache *self, const char *key)
{
  return g_hash_table_lookup (self->masks, key);
}

/* A colour as cairo turns it into a premultiplied pixel: each channel
 * times alpha to 16 bits, rounded, then its high byte. */
static guint32
solid_pixel (const double rgba[4])
{
  double a = CLAMP (rgba[3], 0.0, 1.0);
  guint32 pixel = (guint32) ((guint16) (a * 65535.0 + 0.5) >> 8) << 24;

  for (int i = 0; i < 3; i++)
    pixel |= (guint32) ((guint16) (CLAMP (rgba[i], 0.0, 1.0) * a * 65535.0 + 0.5) >> 8) << (16 - 8 * i);
  return pixel;
}

/* Two channels (bits 0-7 and 16-23 of @x) times a / 255, rounded the
 * way cairo's own span fillers round, which is not quite pixman's. */
static inline guint32
mul_cairo_2x (guint32 x, guint32 a)
{
  guint32 t = (x & 0xff00ff) * a + 0x7f007f;

  return ((t + ((t >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
}

/* Two channels added, each held at 255. */
static inline guint32
add_saturated_2x (guint32 x, guint32 y)
{
  guint32 t = x + y;

  t |= 0x1000100 - ((t >> 8) & 0xff00ff);
  return t & 0xff00ff;
}

/* What cairo puts on a pixel @d when it fills with an opaque colour, or
 * with any colour on a clear image: @p weighted by coverage @m, @d by
 * the rest. */
static inline guint32
lerp_cairo (guint32 p, guint32 m, guint32 d)
{
  return add_saturated_2x (mul_cairo_2x (p, m), mul_cairo_2x (d, 255 - m))
         | add_saturated_2x (mul_cairo_2x (p >> 8, m), mul_cairo_2x (d >> 8, 255 - m)) << 8;
}

/* What pixman's OVER puts on @d for the solid pixel @p under coverage
 * @m: @p times @m, over @d. */
static inline guint32
over_pixman (guint32 p, guint32 m, guint32 d)
{
  guint32 s = m == 255 ? p : mul_un8x4 (p, m);

  return s + mul_un8x4 (d, 255 - (s >> 24));
}

#ifdef __SSE2__
/* Four pixels under coverage @m4 (four bytes), @p2 the colour's pixel
 * twice over, unpacked to 16 bits a channel: by cairo's arithmetic
 * (@lerp) or pixman's OVER. Both come out right for clear and fully
 * covered pixels too. */
static inline void
mask_4 (guint32 *d, guint32 m4, __m128i p2, gboolean lerp)
{
  const __m128i zero = _mm_setzero_si128 (), ff = _mm_set1_epi16 (0xff);
  __m128i m = _mm_unpacklo_epi16 (_mm_unpacklo_epi8 (_mm_cvtsi32_si128 ((int) m4), zero),
                                  _mm_unpacklo_epi8 (_mm_cvtsi32_si128 ((int) m4), zero));
  /* Each pixel's coverage in all four of its channels. */
  __m128i mlo = _mm_unpacklo_epi32 (m, m), mhi = _mm_unpackhi_epi32 (m, m);
  __m128i dp = _mm_loadu_si128 ((const __m128i *) d);
  __m128i dlo = _mm_unpacklo_epi8 (dp, zero), dhi = _mm_unpackhi_epi8 (dp, zero), lo, hi;

  if (lerp)
    {
      lo = _mm_add_epi16 (mul_16_bias (p2, mlo, 0x7f), mul_16_bias (dlo, _mm_xor_si128 (mlo, ff), 0x7f));
      hi = _mm_add_epi16 (mul_16_bias (p2, mhi, 0x7f), mul_16_bias (dhi, _mm_xor_si128 (mhi, ff), 0x7f));
    }
  else
    {
      __m128i slo = mul_16 (p2, mlo), shi = mul_16 (p2, mhi);

      lo = _mm_add_epi16 (slo, mul_16 (dlo, inverse_alpha_16 (slo)));
      hi = _mm_add_epi16 (shi, mul_16 (dhi, inverse_alpha_16 (shi)));
    }
  /* Packing holds each channel at 255, as both add them. */
  _mm_storeu_si128 ((__m128i *) d, _mm_packus_epi16 (lo, hi));
}
#endif

/* Pixels @i0 to @i1 of a row under coverage @m, by cairo's arithmetic
 * (@lerp) or pixman's OVER; four at a time where SSE2 is there,
 * skipping clear stretches. */
static inline void
mask_span (guint32 *d, const guint8 *m, int i0, int i1, guint32 pixel, gboolean lerp)
{
  int i = i0;
#ifdef __SSE2__
  __m128i p2 = _mm_unpacklo_epi8 (_mm_set1_epi32 ((int) pixel), _mm_setzero_si128 ());

  for (; i + 4 <= i1; i += 4)
    {
      guint32 m4;

      memcpy (&m4, m + i, 4);
      if (m4 == 0)
        continue;
      if (m4 == G_MAXUINT32 && lerp)
        d[i] = d[i + 1] = d[i + 2] = d[i + 3] = pixel;
      else
        mask_4 (d + i, m4, p2, lerp);
    }
#endif
  for (; i < i1; i++)
    if (m[i] != 0)
      d[i] = lerp ? lerp_cairo (pixel, m[i], d[i]) : over_pixman (pixel, m[i], d[i]);
}

void
spk_sprite_paint_mask (cairo_t *cr, const SpkMask *mask, int cell, int x, int y, const double rgba[4], gboolean first)
{
  cairo_surface_t *target = cairo_get_target (cr);
  guint32 pixel = solid_pixel (rgba);
  /* cairo fills a clear image, or any image in an opaque colour, by
   * weighting the colour and what was there by the coverage (a "lerp");
   * a translucent colour over something goes through pixman's OVER. */
  gboolean lerp = first || pixel >> 24 == 0xff;
  const guint8 *mdata;
  guint32 *tdata;
  int mstride, tstride;

  g_return_if_fail (cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32);
  g_return_if_fail (cell >= 0 && cell < mask->n);
  g_return_if_fail (x >= 0 && y >= 0 && x + mask->w <= cairo_image_surface_get_width (target)
                    && y + mask->h <= cairo_image_surface_get_height (target));
  cairo_surface_flush (target);
  mstride = cairo_image_surface_get_stride (mask->surface);
  mdata = cairo_image_surface_get_data (mask->surface) + cell * mask->pitch;
  tstride = cairo_image_surface_get_stride (target) / 4;
  tdata = (guint32 *) cairo_image_surface_get_data (target) + y * tstride + x;
  for (int j = 0; j < mask->h; j++)
    {
      const int *row = mask->rows + 4 * (cell * mask->h + j);
      const guint8 *m = mdata + j * mstride;
      guint32 *d = tdata + j * tstride;

      if (row[0] >= row[1])
        continue;
      if (!lerp)
        {
          mask_span (d, m, row[0], row[1], pixel, FALSE);
          continue;
        }
      /* Where it is fully covered, the colour itself. */
      mask_span (d, m, row[0], row[2], pixel, TRUE);
      for (int i = row[2]; i < row[3]; i++)
        d[i] = pixel;
      mask_span (d, m, row[3], row[1], pixel, TRUE);
    }
  cairo_surface_mark_dirty (target);
}

void
spk_sprite_cache_paint_shape (SpkSpriteCache *self, cairo_t *cr, const char *key, SpkShapeFunc draw,
                              gconstpointer shape, const double rgba[4], gboolean first)
{
  cairo_surface_t *target = cairo_get_target (cr);
  const SpkMask *mask;

  cairo_set_source_rgba (cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  if (self == NULL || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32)
    {
      draw (cr, shape);
      return;
    }
  if ((mask = spk_sprite_cache_lookup_mask (self, key)) == NULL)
    {
      double scale, unused;
      int w = cairo_image_surface_get_width (target);
      cairo_t *mcr;

      /* The sprite's size in user units, as it was asked for. */
      cairo_surface_get_device_scale (target, &scale, &unused);
      mcr = sheet_context (CAIRO_FORMAT_A8, w, cairo_image_surface_get_height (target), scale);
      cairo_set_source_rgb (mcr, 1, 1, 1);
      draw (mcr, shape);
      mask = spk_sprite_cache_end_mask (self, g_strdup (key), (int) floor (w / scale), 1, 0, mcr);
    }
  spk_sprite_paint_mask (cr, mask, 0, 0, 0, rgba, first);
}

/* Laid out at one size, a string looks the same at every zoom: its
 * layout (shaping and all) is kept across zooms, one per string and
 * weight, in a context that follows the sprite it is drawn on. */
static PangoLayout *
text_layout (SpkSpriteCache *self, cairo_t *cr, PangoFontDescription *font, const char *text, gboolean bold)
{
  g_autofree char *key = g_strdup_printf ("%d|%s", bold, text);
  PangoLayout *layout;
  cairo_matrix_t m;

  /* Sprites are all plain images drawn from an identity matrix, so the
   * context is set up once; updating it for each sprite would have
   * Pango lay every string out again. */
  cairo_get_matrix (cr, &m);
  if (self->text_context == NULL || memcmp (&m, &self->text_matrix, sizeof m) != 0)
    {
      if (self->text_context == NULL)
        self->text_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      pango_cairo_update_context (cr, self->text_context);
      self->text_matrix = m;
    }
  if ((layout = g_hash_table_lookup (self->text_layouts, key)) != NULL)
    return layout;
  if (g_hash_table_size (self->text_layouts) >= MAX_TEXT_LAYOUTS)
    g_hash_table_remove_all (self->text_layouts);
  layout = pango_layout_new (self->text_context);
  pango_font_description_set_absolute_size (font, TEXT_SIZE * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  g_hash_table_insert (self->text_layouts, g_steal_pointer (&key), layout);
  return layout;
}

void
spk_sprite_cache_draw_text (SpkSpriteCache *self, cairo_t *cr, PangoFontDescription *font, double size,
                            const char *text, double cx, double cy, gboolean bold)
{
  PangoLayout *layout = text_layout (self, cr, font, text, bold);
  double k = size / TEXT_SIZE;
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, k, k);
  cairo_move_to (cr, -w / (2.0 * PANGO_SCALE), -h / (2.0 * PANGO_SCALE));
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  /* Leave no current point behind, or the next arc would join it. */
  cairo_new_path (cr);
}

