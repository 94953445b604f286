/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-legend-look.h"
#include "spk-terrain-pattern.h"

#include <glib/gi18n.h>

#include "spk-board-renderer.h"
#include "spk-chip-look.h"
#include "spk-palette.h"

/* A hex of the board's ground with the thin line swatches share. */
static void
ground_hex (cairo_t *cr, SpkTerrain terrain, double cx, double cy, double r, gboolean dark)
{
  SpkRgba c;

  spk_board_renderer_hex_path (cr, cx, cy, r);
  spk_palette_terrain (terrain, dark, &c);
  spk_palette_set_source (cr, &c, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
moved_swatch (cairo_t *cr, double cx, double cy, double r, gboolean dark)
{
  SpkRgba c;

  /* A faded neutral disc with the board's tick badge. */
  cairo_arc (cr, cx - 1, cy - 1, r - 1, 0, 2 * G_PI);
  spk_palette_faction (-1, dark, &c);
  spk_palette_moved (&c, dark);
  spk_palette_set_source (cr, &c, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  spk_chip_look_draw_moved_mark (cr, cx + r * 0.5, cy + r * 0.5, r * 0.55, dark);
}

const char *
spk_legend_swatch_label (SpkSwatchKind kind)
{
  switch (kind)
    {
    case SPK_SWATCH_WELL:
      return _("Source well");
    case SPK_SWATCH_LAYERED:
      return _("Earthscape on top");
    case SPK_SWATCH_MOVED:
      return _("Moved this turn");
    case SPK_SWATCH_RANGE:
      return _("Within a spire’s range");
    case SPK_SWATCH_TARGET:
      return _("What a spire fires at");
    case SPK_SWATCH_DESTINATION:
      return _("Where the selected unit may go (number: its distance from its mark)");
    case SPK_SWATCH_NUMBER:
      return _("Steps from the faction’s mark");
    case SPK_SWATCH_GATE:
      return _("Fortress gate");
    case SPK_SWATCH_TERRAIN:
    case SPK_SWATCH_FACTION:
    case SPK_SWATCH_INFLUENCE:
    case SPK_SWATCH_BUILDABLE:
    case SPK_SWATCH_CHIP:
    default:
      return NULL;
    }
}

const char *
spk_legend_chip_label (SpkChipKind kind)
{
  switch (kind)
    {
    case SPK_CHIP_MINION:
      return _("Minion");
    case SPK_CHIP_HERO:
      return _("Hero");
    case SPK_CHIP_SPIRE:
      return _("Spire");
    case SPK_CHIP_LANDMARK:
      return _("Landmark (dashed: not revealed)");
    default:
      return NULL;
    }
}

void
spk_legend_draw_swatch (cairo_t *cr, SpkSwatchKind kind, int arg, double cx, double cy, double r, gboolean dark)
{
  SpkRgba c;

  cairo_save (cr);
  cairo_new_path (cr);
  switch (kind)
    {
    case SPK_SWATCH_TERRAIN:
      {
        SpkTerrain t = arg >= 0 && arg < SPK_N_TERRAINS ? (SpkTerrain) arg : SPK_TERRAIN_PLAINS;

        ground_hex (cr, t, cx, cy, r, dark);
        /* The board's pattern for it, when the player turned them on. */
        spk_terrain_pattern_draw (cr, t, &cx, &cy, 1, r, dark);
      }
      break;
    case SPK_SWATCH_WELL:
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      cairo_move_to (cr, cx, cy - r * 0.5);
      cairo_line_to (cr, cx + r * 0.38, cy);
      cairo_line_to (cr, cx, cy + r * 0.5);
      cairo_line_to (cr, cx - r * 0.38, cy);
      cairo_close_path (cr);
      spk_palette_well (dark, &c);
      spk_palette_set_source (cr, &c, 1);
      cairo_fill (cr);
      break;
    case SPK_SWATCH_LAYERED:
      /* The board's inner ring, its line a little heavier to show at
       * this size. */
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      spk_board_renderer_hex_path (cr, cx, cy, r * 0.82);
      spk_palette_outline (dark, &c);
      spk_palette_set_source (cr, &c, 0.5);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      break;
    case SPK_SWATCH_MOVED:
      moved_swatch (cr, cx, cy, r, dark);
      break;
    case SPK_SWATCH_FACTION:
      cairo_arc (cr, cx, cy, r * 0.85, 0, 2 * G_PI);
      spk_palette_faction (arg, dark, &c);
      spk_palette_set_source (cr, &c, 1);
      cairo_fill (cr);
      break;
    case SPK_SWATCH_INFLUENCE:
    case SPK_SWATCH_RANGE:
      /* The tint over plain ground, at the board's strength. */
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      spk_board_renderer_hex_path (cr, cx, cy, r);
      spk_palette_faction (arg, dark, &c);
      spk_palette_set_source (cr, &c, kind == SPK_SWATCH_INFLUENCE ? 0.35 : 0.18);
      cairo_fill (cr);
      break;
    case SPK_SWATCH_BUILDABLE:
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      spk_board_renderer_hex_path (cr, cx, cy, r * 0.74);
      spk_palette_faction (arg, dark, &c);
      spk_palette_set_source (cr, &c, 1);
      cairo_set_line_width (cr, MAX (2.0, r * 0.1));
      cairo_stroke (cr);
      break;
    case SPK_SWATCH_TARGET:
      /* The board's target line: red, with its head to the right. */
      cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.95);
      cairo_set_line_width (cr, MAX (2.0, r * 0.2));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, cx - r, cy);
      cairo_line_to (cr, cx + r * 0.4, cy);
      cairo_stroke (cr);
      cairo_move_to (cr, cx + r, cy);
      cairo_line_to (cr, cx + r * 0.3, cy - r * 0.45);
      cairo_line_to (cr, cx + r * 0.3, cy + r * 0.45);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case SPK_SWATCH_DESTINATION:
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      spk_board_renderer_hex_path (cr, cx, cy, r * 0.86);
      spk_palette_accent (dark, &c);
      spk_palette_set_source (cr, &c, 0.28);
      cairo_fill_preserve (cr);
      spk_palette_set_source (cr, &c, 1);
      cairo_set_line_width (cr, MAX (2.0, r * 0.1));
      cairo_stroke (cr);
      break;
    case SPK_SWATCH_CHIP:
      spk_chip_look_draw_kind (cr, (SpkChipKind) arg, cx, cy, r * 0.85, dark);
      break;
    case SPK_SWATCH_GATE:
      spk_board_renderer_hex_path (cr, cx, cy, r);
      spk_palette_faction (arg, dark, &c);
      spk_palette_set_source (cr, &c, 0.85);
      cairo_fill (cr);
      spk_board_renderer_battlements_path (cr, cx, cy, r);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_fill (cr);
      break;
    case SPK_SWATCH_NUMBER:
      /* The board's label badge: a dark disc. */
      ground_hex (cr, SPK_TERRAIN_PLAINS, cx, cy, r, dark);
      cairo_arc (cr, cx, cy, r * 0.55, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
      cairo_fill (cr);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_restore (cr);
}
