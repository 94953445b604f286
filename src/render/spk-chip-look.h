/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chip-look.h: chips and deployment stacks on the board.
 *
 * A chip is drawn in parts (base, initials, health pips, upgrades, the
 * grouped badge, the moved tick), each part a sprite shared by every chip
 * that looks the same at the current zoom. A deployment stack is one
 * sprite per look. The board renderer paints them; the legend borrows
 * the moved tick.
 */
#pragma once

#include "spk-board.h"
#include "spk-sprite-cache.h"

G_BEGIN_DECLS

#define SPK_CHIP_LOOK_N_PARTS 6

/* What a drawing of the board needs to know, set up once per drawing. */
typedef struct {
  SpkSpriteCache       *sprites;
  const SpkBoard       *board;
  gboolean              dark;
  double                zoom;   /* pixels per hex radius */
  PangoFontDescription *font;
} SpkPaintContext;

/* Appends the sprite keys of @chip's parts to @keys, one per part, NULL
 * for a part the chip does not have. Only ->board and ->dark are read. */
void spk_chip_look_add_keys          (SpkPaintContext     *ctx,
                                      const SpkChip       *chip,
                                      GPtrArray           *keys);
/* Paints @chip centred on (@cx, @cy); @keys are its part keys, or NULL
 * to work them out. With @b NULL every part is drawn straight onto @cr
 * (a vector export) instead of copied from its sprite. */
void spk_chip_look_paint             (SpkPaintContext     *ctx,
                                      cairo_t             *cr,
                                      SpkBlitter          *b,
                                      const SpkChip       *chip,
                                      char *const         *keys,
                                      double               cx,
                                      double               cy);
/* A fortress's deployment stack on its gate: the stack, or a small count
 * badge when a unit stands on the gate (@occupied). */
void spk_chip_look_paint_deployment  (SpkPaintContext     *ctx,
                                      cairo_t             *cr,
                                      SpkBlitter          *b,
                                      const SpkDeployment *d,
                                      double               cx,
                                      double               cy,
                                      gboolean             occupied);
/* The bare shape of a chip of @kind (disc, ringed disc, square,
 * diamond) of @radius in the neutral colour, for the key. */
void spk_chip_look_draw_kind         (cairo_t             *cr,
                                      SpkChipKind          kind,
                                      double               cx,
                                      double               cy,
                                      double               radius,
                                      gboolean             dark);
/* The badge on a unit that has moved this turn (a tick in a disc of
 * @radius), for the board and its legend. */
void spk_chip_look_draw_moved_mark   (cairo_t             *cr,
                                      double               cx,
                                      double               cy,
                                      double               radius,
                                      gboolean             dark);

G_END_DECLS
