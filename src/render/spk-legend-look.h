/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-legend-look.h: the swatches of the board's key.
 *
 * The legend under the board canvas and the key of an exported image
 * draw the same small pictures, with the board's own colours and paths,
 * so a swatch always matches what it explains.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

typedef enum {
  SPK_SWATCH_TERRAIN,      /* @arg: an SpkTerrain */
  SPK_SWATCH_WELL,         /* a Source well */
  SPK_SWATCH_LAYERED,      /* an earthscape hex laid on top of others */
  SPK_SWATCH_MOVED,        /* a unit that has moved this turn */
  SPK_SWATCH_FACTION,      /* @arg: a faction's colour index */
  SPK_SWATCH_INFLUENCE,    /* @arg: colour index; a hex under influence */
  SPK_SWATCH_BUILDABLE,    /* @arg: colour index; a well it may build on */
  SPK_SWATCH_RANGE,        /* @arg: colour index; within a spire's range */
  SPK_SWATCH_TARGET,       /* what a spire fires at: a red arrow */
  SPK_SWATCH_DESTINATION,  /* a legal destination of the selected unit */
  SPK_SWATCH_NUMBER,       /* a number on a hex (closeness, distance) */
  SPK_SWATCH_CHIP,         /* @arg: an SpkChipKind; the chip's shape */
  SPK_SWATCH_GATE,         /* @arg: colour index; a fortress gate */
} SpkSwatchKind;

/* What a swatch means, for the kinds whose meaning needs no name:
 * NULL for a terrain, a faction, an influence, a buildable well or a
 * chip (spk_legend_chip_label names those). */
const char *spk_legend_chip_label (SpkChipKind kind);
const char *spk_legend_swatch_label (SpkSwatchKind kind);

/* Draws a swatch of @kind centred on (@cx, @cy) within radius @r. */
void spk_legend_draw_swatch (cairo_t       *cr,
                             SpkSwatchKind  kind,
                             int            arg,
                             double         cx,
                             double         cy,
                             double         r,
                             gboolean       dark);

G_END_DECLS
