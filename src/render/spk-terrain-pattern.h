/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-terrain-pattern.h: marks drawn over a terrain's colour, so a hex's
 * terrain can be told without telling colours apart.
 *
 * Path stays plain; plains get scattered dots, forest small trees
 * (upward triangles), mountains a diagonal hatching and water waves. The
 * marks are drawn in the hex's own ink, faint enough for chips and
 * overlays to stay readable on top. The board's hex looks and the legend
 * both draw them, when the player turned them on (spk-look.h). */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

/* Whether patterns are drawn at all (the player's choice). */
gboolean spk_terrain_pattern_enabled (void);

/* The pattern of @terrain inside a hex of @radius around each of the @n
 * centres (@cx, @cy), when patterns are enabled; nothing otherwise, and
 * nothing for path. @dark: the style the hex colours are for. The source,
 * path and clip of @cr are left as they were. */
void     spk_terrain_pattern_draw    (cairo_t       *cr,
                                      SpkTerrain     terrain,
                                      const double  *cx,
                                      const double  *cy,
                                      int            n,
                                      double         radius,
                                      gboolean       dark);

G_END_DECLS
