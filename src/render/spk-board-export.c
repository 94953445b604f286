/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-export.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "spk-answer-text.h"
#include "spk-board-renderer-private.h"
#include "spk-legend-look.h"
#include "spk-palette.h"

G_DEFINE_QUARK (spk-board-export-error-quark, spk_board_export_error)

/* A long answer is cut here: the picture is for a chat, the whole answer
 * is one Copy as Text away. */
#define MAX_ANSWER_LINES 14

/* --- the caption ------------------------------------------------------------- */

static char *
short_answer (char *text)
{
  g_auto(GStrv) lines = NULL;
  guint n;

  g_strchomp (text);
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  if (n <= MAX_ANSWER_LINES)
    return text;
  g_free (text);
  g_free (lines[MAX_ANSWER_LINES - 1]);
  lines[MAX_ANSWER_LINES - 1] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %u more line", "… and %u more lines",
                                                              n - MAX_ANSWER_LINES + 1),
                                                 n - MAX_ANSWER_LINES + 1);
  for (guint i = MAX_ANSWER_LINES; i < n; i++)
    g_clear_pointer (&lines[i], g_free);
  return g_strjoinv ("\n", lines);
}

static char *
chip_answer (SpkTable *table, const SpkChip *chip)
{
  const SpkBoard *board = spk_table_get_board (table);

  if (spk_chip_is_unit (chip))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkMoveResult) res = spk_movement_moves (board, NULL, chip->id, &error);

      return res != NULL ? spk_move_answer_text (board, res)
                         : g_strdup_printf ("%s: %s", spk_chip_label (chip), error->message);
    }
  if (chip->kind == SPK_CHIP_SPIRE)
    return spk_spire_answer_text (table, chip->id);
  return g_strdup_printf (_("Selected: %s"), spk_chip_label (chip));
}

SpkBoardCaption *
spk_board_caption_new (SpkTable *table, const char *name, const char *selected)
{
  SpkBoardCaption *caption = g_new0 (SpkBoardCaption, 1);
  const SpkBoard *board;
  const SpkChip *chip;
  const char *turn;
  SpkPhase phase;

  g_return_val_if_fail (SPK_IS_TABLE (table), caption);
  board = spk_table_get_board (table);
  caption->title = spk_board_export_table_name (name);
  phase = spk_table_get_phase (table);
  turn = spk_table_get_turn (table);
  if (turn != NULL)
    /* Translators: wave, waves in the game, phase, the faction whose turn it is. */
    caption->status = g_strdup_printf (_("Wave %d of %d · %s · Turn: %s"), spk_table_get_wave (table),
                                       spk_table_get_waves (table), spk_phase_label (phase),
                                       spk_board_faction_label (board, turn));
  else
    caption->status = g_strdup_printf (_("Wave %d of %d · %s"), spk_table_get_wave (table),
                                       spk_table_get_waves (table), spk_phase_label (phase));
  chip = selected != NULL ? spk_board_find_chip (board, selected) : NULL;
  if (chip != NULL)
    {
      caption->answer = short_answer (chip_answer (table, chip));
      caption->has_selected = chip->placed;
      caption->selected = spk_hex_make (chip->q, chip->r);
    }
  return caption;
}

void
spk_board_caption_free (SpkBoardCaption *caption)
{
  if (caption == NULL)
    return;
  g_free (caption->title);
  g_free (caption->status);
  g_free (caption->answer);
  g_free (caption->overlay_faction);
  g_free (caption);
}

char *
spk_board_export_table_name (const char *file_name)
{
  g_autofree char *base = file_name != NULL ? g_path_get_basename (file_name) : NULL;

  if (base == NULL || base[0] == '\0' || g_str_equal (base, ".") || g_str_equal (base, G_DIR_SEPARATOR_S))
    return g_strdup (_("Table"));
  if (g_str_has_suffix (base, ".spirekeeper") && strlen (base) > strlen (".spirekeeper"))
    base[strlen (base) - strlen (".spirekeeper")] = '\0';
  else if (g_str_has_suffix (base, ".json") && strlen (base) > strlen (".json"))
    base[strlen (base) - strlen (".json")] = '\0';
  return g_steal_pointer (&base);
}

gboolean
spk_image_format_for_path (const char *path, SpkImageFormat *out, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".png"))
    *out = SPK_IMAGE_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *out = SPK_IMAGE_SVG;
  else
    {
      g_autofree char *base = g_path_get_basename (path);

      g_set_error (error, SPK_BOARD_EXPORT_ERROR, SPK_BOARD_EXPORT_ERROR_FORMAT,
                   _("“%s” names no picture format: end the file name in .png or .svg"), base);
      return FALSE;
    }
  return TRUE;
}

/* --- the key ----------------------------------------------------------------- */

typedef struct {
  SpkSwatchKind  kind;
  int            arg;
  char          *text;
} KeyEntry;

static void
key_entry_free (gpointer data)
{
  KeyEntry *e = data;

  g_free (e->text);
  g_free (e);
}

static void
add_key (GPtrArray *keys, SpkSwatchKind kind, int arg, char *text)
{
  KeyEntry *e = g_new (KeyEntry, 1);

  *e = (KeyEntry) { kind, arg, text };
  g_ptr_array_add (keys, e);
}

/* The first mark of @style in @layer; NULL when there is none. */
static const Mark *
find_mark (SpkBoardRenderer *self, SpkBoardLayer layer, SpkMarkStyle style)
{
  for (guint i = 0; i < self->marks[layer]->len; i++)
    if (g_array_index (self->marks[layer], Mark, i).style == style)
      return &g_array_index (self->marks[layer], Mark, i);
  return NULL;
}

static const char *
faction_name (SpkBoardRenderer *self, int index)
{
  return index >= 0 && (guint) index < self->board->factions->len
         ? spk_faction_label (g_ptr_array_index (self->board->factions, index)) : _("a faction");
}

/* What the board shows: the ground and pieces always, each overlay when
 * it is on. */
static GPtrArray *
key_entries (SpkBoardRenderer *self, const SpkBoardCaption *caption)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (key_entry_free);
  const Mark *m;

  for (int t = 0; t < SPK_N_TERRAINS; t++)
    add_key (keys, SPK_SWATCH_TERRAIN, t, g_strdup (spk_palette_terrain_label (t)));
  add_key (keys, SPK_SWATCH_WELL, 0, g_strdup (spk_legend_swatch_label (SPK_SWATCH_WELL)));
  add_key (keys, SPK_SWATCH_LAYERED, 0, g_strdup (spk_legend_swatch_label (SPK_SWATCH_LAYERED)));
  add_key (keys, SPK_SWATCH_MOVED, 0, g_strdup (spk_legend_swatch_label (SPK_SWATCH_MOVED)));
  for (guint i = 0; self->board != NULL && i < self->board->factions->len; i++)
    add_key (keys, SPK_SWATCH_FACTION, (int) i, g_strdup (faction_name (self, (int) i)));
  /* The kinds of chip on the board, by shape, and gates if any. */
  for (SpkChipKind kind = SPK_CHIP_MINION; kind < SPK_N_CHIP_KINDS; kind++)
    for (guint i = 0; self->board != NULL && i < self->board->chips->len; i++)
      if (((const SpkChip *) g_ptr_array_index (self->board->chips, i))->kind == kind)
        {
          add_key (keys, SPK_SWATCH_CHIP, (int) kind, g_strdup (spk_legend_chip_label (kind)));
          break;
        }
  if (self->board != NULL && self->board->fortresses->len > 0)
    add_key (keys, SPK_SWATCH_GATE,
             spk_palette_faction_index (self->board,
                                        ((const SpkFortress *) g_ptr_array_index (self->board->fortresses, 0))->faction),
             g_strdup (spk_legend_swatch_label (SPK_SWATCH_GATE)));

  if ((m = find_mark (self, SPK_BOARD_LAYER_INFLUENCE, SPK_MARK_INFLUENCE)) != NULL)
    add_key (keys, SPK_SWATCH_INFLUENCE, m->faction,
             g_strdup_printf (_("Influence of %s"), faction_name (self, m->faction)));
  if ((m = find_mark (self, SPK_BOARD_LAYER_INFLUENCE, SPK_MARK_BUILDABLE)) != NULL)
    add_key (keys, SPK_SWATCH_BUILDABLE, m->faction,
             g_strdup_printf (_("A Source well %s may build on"), faction_name (self, m->faction)));
  if ((m = find_mark (self, SPK_BOARD_LAYER_SPIRES, SPK_MARK_RANGE)) != NULL)
    add_key (keys, SPK_SWATCH_RANGE, m->faction, g_strdup (spk_legend_swatch_label (SPK_SWATCH_RANGE)));
  if (self->lines[SPK_BOARD_LAYER_SPIRES]->len > 0)
    add_key (keys, SPK_SWATCH_TARGET, 0, g_strdup (spk_legend_swatch_label (SPK_SWATCH_TARGET)));
  if (self->marks[SPK_BOARD_LAYER_CLOSENESS]->len > 0)
    add_key (keys, SPK_SWATCH_NUMBER, 0,
             caption->overlay_faction != NULL
             ? g_strdup_printf (_("Steps from the mark of %s"), spk_board_faction_label (self->board, caption->overlay_faction))
             : g_strdup (spk_legend_swatch_label (SPK_SWATCH_NUMBER)));
  if (self->marks[SPK_BOARD_LAYER_MOVES]->len > 0)
    add_key (keys, SPK_SWATCH_DESTINATION, 0, g_strdup (spk_legend_swatch_label (SPK_SWATCH_DESTINATION)));
  return keys;
}

/* --- the picture ------------------------------------------------------------- */

static PangoLayout *
text_layout (cairo_t *cr, const char *text, const char *family, double px, gboolean bold, double width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (family);

  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Where the picture goes: @cr, measured only unless @drawing. An SVG
 * also gets @text, the words again as SVG text elements. */
typedef struct {
  cairo_t  *cr;
  gboolean  drawing;
  GString  *text;
} Pen;

static void
append_number (GString *out, const char *name, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, " %s=\"%s\"", name, g_ascii_formatd (buf, sizeof buf, "%.2f", value));
}

/* Cairo's SVG surface writes glyphs as outlines, which no one can
 * select, search or read aloud: each line of @layout (drawn with its
 * top left at @x, @y) goes into the SVG once more as text, invisible,
 * on the same baseline. */
static void
add_text_layer (Pen *pen, PangoLayout *layout, double x, double y)
{
  const PangoFontDescription *font = pango_layout_get_font_description (layout);
  const char *text = pango_layout_get_text (layout);
  g_autofree char *family = g_markup_escape_text (pango_font_description_get_family (font), -1);
  PangoLayoutIter *iter;

  if (pen->text == NULL || !pen->drawing)
    return;
  g_string_append_printf (pen->text, "<text font-family=\"%s\" font-weight=\"%s\"", family,
                          pango_font_description_get_weight (font) >= PANGO_WEIGHT_BOLD ? "bold" : "normal");
  append_number (pen->text, "font-size", pango_font_description_get_size (font) / (double) PANGO_SCALE);
  g_string_append (pen->text, " fill-opacity=\"0\" xml:space=\"preserve\">");
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      int length = line->length;
      g_autofree char *words = NULL;
      PangoRectangle logical;

      while (length > 0 && (text[line->start_index + length - 1] == '\n' || text[line->start_index + length - 1] == ' '))
        length--;
      if (length == 0)
        continue;
      words = g_markup_escape_text (text + line->start_index, length);
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      g_string_append (pen->text, "<tspan");
      append_number (pen->text, "x", x + logical.x / (double) PANGO_SCALE);
      append_number (pen->text, "y", y + pango_layout_iter_get_baseline (iter) / (double) PANGO_SCALE);
      g_string_append_printf (pen->text, ">%s</tspan>", words);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  g_string_append (pen->text, "</text>\n");
}

/* Shows @layout with its top left at (@x, @y) when drawing. */
static void
show_layout (Pen *pen, PangoLayout *layout, double x, double y)
{
  if (!pen->drawing)
    return;
  cairo_move_to (pen->cr, x, y);
  pango_cairo_show_layout (pen->cr, layout);
  cairo_new_path (pen->cr);
  add_text_layer (pen, layout, x, y);
}

/* Shows @text at (@x, @y) when drawing; returns its height. */
static double
show_text (Pen *pen, const char *text, const char *family, double px, gboolean bold, double x, double y, double width)
{
  g_autoptr(PangoLayout) layout = text_layout (pen->cr, text, family, px, bold, width);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  show_layout (pen, layout, x, y);
  return h;
}

/* The key's entries side by side, wrapping within @width; returns the
 * height used. */
static double
draw_key (SpkBoardRenderer *self, Pen *pen, GPtrArray *keys, double k, double x0, double y0, double width)
{
  double r = 8 * k, gap = 6 * k, x = x0, y = y0, row = 0;

  for (guint i = 0; i < keys->len; i++)
    {
      const KeyEntry *e = g_ptr_array_index (keys, i);
      g_autoptr(PangoLayout) layout = text_layout (pen->cr, e->text, "Sans", 13 * k, FALSE, -1);
      int tw, th;
      double w, h;

      pango_layout_get_pixel_size (layout, &tw, &th);
      w = 2 * r + gap + tw;
      h = MAX (2 * r, th);
      if (x > x0 && x + w > x0 + width)
        {
          x = x0;
          y += row + gap;
          row = 0;
        }
      if (pen->drawing)
        {
          spk_legend_draw_swatch (pen->cr, e->kind, e->arg, x + r, y + h / 2, r, self->dark);
          spk_palette_set_text_source (pen->cr, self->dark, 1);
        }
      show_layout (pen, layout, x + 2 * r + gap, y + (h - th) / 2);
      x += w + 3 * gap;
      row = MAX (row, h);
    }
  return y + row - y0;
}

/* Lays out (and, with @pen drawing, draws) the picture; its size in @size. */
static void
compose (SpkBoardRenderer *self, const SpkBoardCaption *caption, double scale, Pen *pen, double size[2])
{
  cairo_t *cr = pen->cr;
  g_autoptr(GPtrArray) keys = key_entries (self, caption);
  double k = CLAMP (scale / 48, 0.6, 2.5), m = 16 * k, pad = 8 * k;
  double bw = 0, bh = 0, width, text_w, y;
  SpkHexLayout at;
  SpkRgba background;

  spk_hex_layout_init (&at);
  if (self->grid != NULL)
    {
      spk_hex_layout_set_bounds (&at, self->grid, 0);
      bw = ceil ((at.max_x - at.min_x) * scale) + 2 * pad;
      bh = ceil ((at.max_y - at.min_y) * scale) + 2 * pad;
    }
  width = ceil (MAX (bw + 2 * m, 560 * k));
  text_w = width - 2 * m;

  if (pen->drawing)
    {
      spk_palette_background (self->dark, &background);
      spk_palette_set_source (cr, &background, 1);
      cairo_paint (cr);
    }

  y = m;
  spk_palette_set_text_source (cr, self->dark, 1);
  y += show_text (pen, caption->title, "Sans", 20 * k, TRUE, m, y, text_w) + 2 * k;
  spk_palette_set_text_source (cr, self->dark, 0.8);
  y += show_text (pen, caption->status, "Sans", 14 * k, FALSE, m, y, text_w) + 10 * k;

  if (pen->drawing && self->grid != NULL)
    {
      at.scale = scale;
      spk_hex_layout_set_offset (&at, floor ((width - bw) / 2) + pad - at.min_x * scale,
                                 floor (y) + pad - at.min_y * scale);
      spk_board_renderer_draw_vector (self, cr, &at, (int) width, (int) ceil (size[1]));
      if (caption->has_selected)
        {
          double x, sy;
          SpkRgba accent;

          /* The selection ring, as the board canvas draws it. */
          spk_hex_layout_hex_center (&at, caption->selected, &x, &sy);
          spk_board_renderer_hex_path (cr, x, sy, scale * 0.94);
          spk_palette_accent (self->dark, &accent);
          spk_palette_set_source (cr, &accent, 1);
          cairo_set_line_width (cr, MAX (2.5, scale * 0.13));
          cairo_stroke (cr);
        }
    }
  y += bh + 10 * k;

  if (caption->answer != NULL)
    {
      spk_palette_set_text_source (cr, self->dark, 1);
      y += show_text (pen, caption->answer, "Monospace", 12 * k, FALSE, m, y, text_w) + 12 * k;
    }
  spk_palette_set_text_source (cr, self->dark, 1);
  y += show_text (pen, _("Key"), "Sans", 13 * k, TRUE, m, y, text_w) + 6 * k;
  y += draw_key (self, pen, keys, k, m, y, text_w) + m;

  size[0] = width;
  size[1] = ceil (y);
}

static void
export_draw (SpkBoardRenderer *renderer, const SpkBoardCaption *caption, double scale, cairo_t *cr, GString *text,
             int *width, int *height)
{
  double size[2] = { 0, 0 };
  cairo_surface_t *scratch;
  Pen measure = { NULL, FALSE, NULL }, pen = { cr, TRUE, text };

  /* Text is measured on an image of its own, so the size does not
   * depend on the surface drawn on. */
  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  measure.cr = cairo_create (scratch);
  compose (renderer, caption, scale, &measure, size);
  cairo_destroy (measure.cr);
  cairo_surface_destroy (scratch);
  if (cr != NULL)
    {
      cairo_save (cr);
      compose (renderer, caption, scale, &pen, size);
      cairo_restore (cr);
    }
  if (width != NULL)
    *width = (int) size[0];
  if (height != NULL)
    *height = (int) size[1];
}

void
spk_board_export_draw (SpkBoardRenderer *renderer, const SpkBoardCaption *caption, double scale, cairo_t *cr,
                       int *width, int *height)
{
  g_return_if_fail (SPK_IS_BOARD_RENDERER (renderer));
  g_return_if_fail (caption != NULL && scale > 0);
  export_draw (renderer, caption, scale, cr, NULL, width, height);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Cairo writes text as glyph outlines: the caption's words go into the
 * SVG's title and description, and every string drawn into @text, a
 * layer of invisible text over the outlines. */
static GBytes *
svg_with_text (GByteArray *svg, const SpkBoardCaption *caption, GString *text)
{
  g_autofree char *doc = g_strndup ((const char *) svg->data, svg->len);
  const char *open = strstr (doc, "<svg");
  const char *end = open != NULL ? strchr (open, '>') : NULL;
  const char *close = g_strrstr (doc, "</svg>");
  g_autofree char *title = NULL, *desc = NULL, *plain = NULL;
  GString *out;

  if (end == NULL || close == NULL || close < end)
    return g_bytes_new (svg->data, svg->len);
  plain = g_strjoin ("\n", caption->status, caption->answer, NULL);
  title = g_markup_escape_text (caption->title, -1);
  desc = g_markup_escape_text (plain, -1);
  out = g_string_new_len (doc, end + 1 - doc);
  g_string_append_printf (out, "\n<title>%s</title>\n<desc>%s</desc>", title, desc);
  g_string_append_len (out, end + 1, close - (end + 1));
  g_string_append_printf (out, "<g id=\"text\">\n%s</g>\n", text->str);
  g_string_append (out, close);
  return g_string_free_to_bytes (out);
}

GBytes *
spk_board_export_to_bytes (SpkBoardRenderer *renderer, const SpkBoardCaption *caption, SpkImageFormat format,
                           double scale, GError **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  int w, h;

  g_return_val_if_fail (SPK_IS_BOARD_RENDERER (renderer), NULL);
  spk_board_export_draw (renderer, caption, scale, NULL, &w, &h);
  if (format == SPK_IMAGE_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
    }
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  export_draw (renderer, caption, scale, cr, format == SPK_IMAGE_SVG ? text : NULL, NULL, NULL);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == SPK_IMAGE_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SPK_BOARD_EXPORT_ERROR, SPK_BOARD_EXPORT_ERROR_WRITE,
                   _("Could not draw the picture (%s); try a smaller size"), cairo_status_to_string (status));
      return NULL;
    }
  if (format == SPK_IMAGE_SVG)
    return svg_with_text (bytes, caption, text);
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}
