/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-palette.h: the colours of the table, in one place.
 *
 * Factions, terrains, Source wells, upgrades and the board's own inks,
 * each in a light and a dark variant that follow the style manager. The
 * board, its legend and the tracker all ask here, so a faction is the
 * same red everywhere. Faction colours follow the palette chosen in
 * Preferences (spk-look.h): the standard one or a colour-blind-safe one.
 */
#pragma once

#include <cairo.h>

#include "spk-board.h"

G_BEGIN_DECLS

/* A colour: the same four floats, in the same order, as GdkRGBA, kept
 * here so that the drawing needs no GTK (spirekeeper-cli renders too). */
typedef struct {
  float red, green, blue, alpha;
} SpkRgba;

/* Faction colours follow the order of board->factions and repeat after
 * SPK_PALETTE_N_FACTIONS; -1 is neutral (landmarks, no faction). */
#define SPK_PALETTE_N_FACTIONS 4

void        spk_palette_faction        (int          index,
                                        gboolean     dark,
                                        SpkRgba     *out);
/* The index of @faction in @board's faction order, -1 for none. */
int         spk_palette_faction_index  (const SpkBoard *board,
                                        const char  *faction);
void        spk_palette_terrain        (SpkTerrain   terrain,
                                        gboolean     dark,
                                        SpkRgba     *out);
const char *spk_palette_terrain_label  (SpkTerrain   terrain);
/* The diamond of a Source well. */
void        spk_palette_well           (gboolean     dark,
                                        SpkRgba     *out);
void        spk_palette_upgrade        (SpkUpgrade   upgrade,
                                        SpkRgba     *out);
/* Selection, destinations and unowned fortresses. */
void        spk_palette_accent         (gboolean     dark,
                                        SpkRgba     *out);
/* @fill faded halfway to grey: a unit that has moved this turn. */
void        spk_palette_moved          (SpkRgba     *fill,
                                        gboolean     dark);
/* Group outlines (and the translucent rings of laid-over hexes). */
void        spk_palette_outline        (gboolean     dark,
                                        SpkRgba     *out);
/* The outline's look where it is drawn opaque over the ground. */
void        spk_palette_edge           (gboolean     dark,
                                        SpkRgba     *out);
/* The window background an exported image sits on. */
void        spk_palette_background     (gboolean     dark,
                                        SpkRgba     *out);
/* Text on the window background as @cr's source: @alpha below 1 for
 * quieter lines. */
void        spk_palette_set_text_source (cairo_t    *cr,
                                         gboolean    dark,
                                         double      alpha);
/* Whether text on @c reads better light than dark. */
gboolean    spk_palette_light_text_on  (const SpkRgba *c);

static inline void
spk_palette_set_source (cairo_t *cr, const SpkRgba *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

G_END_DECLS
