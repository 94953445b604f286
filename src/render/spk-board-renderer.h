/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-renderer.h: the board drawn once, then painted.
 *
 * SpkBoardRenderer holds what the board canvas shows (a private copy of
 * the board and the overlay layers' marks and lines) and draws it with
 * cairo into three cached drawings, each offered as a GdkTexture:
 *
 *   the map       hexes, fortresses, wells, group outlines (and the sky
 *                 grid while editing): redrawn when the map, the style
 *                 or the zoom changes;
 *   the overlays  the fills of the influence, spires and closeness
 *                 layers: redrawn when those marks change;
 *   the pieces    chips, deployment stacks, and those layers' lines and
 *                 labels: redrawn after a move or an edit of a chip.
 *
 * Panning, hover, selection and focus only paint the textures again. The
 * moves, path and attacks layers change with every selection and are
 * drawn live on top (paint_live). Image export (spk-board-export.h)
 * draws the same looks in place with draw_vector, at its own scale.
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "spk-board.h"
#include "spk-grid.h"
#include "spk-hex-layout.h"

G_BEGIN_DECLS

/* Independent overlay layers, drawn in this order above the board. The
 * first three are kept with the cached drawings; moves, path and attacks
 * are drawn live every frame, so changing them is cheap. */
typedef enum {
  SPK_BOARD_LAYER_INFLUENCE,
  SPK_BOARD_LAYER_SPIRES,
  SPK_BOARD_LAYER_CLOSENESS,
  SPK_BOARD_LAYER_MOVES,
  SPK_BOARD_LAYER_PATH,
  SPK_BOARD_LAYER_ATTACKS,  /* the targets of the selected unit's attack */
  SPK_N_BOARD_LAYERS
} SpkBoardLayer;

/* How a marked hex or a line looks. */
typedef enum {
  SPK_MARK_DESTINATION,  /* a legal destination: filled ring */
  SPK_MARK_PATH,         /* a hex on the hovered path */
  SPK_MARK_INFLUENCE,    /* tinted in the faction's colour */
  SPK_MARK_BUILDABLE,    /* a well the faction may build on */
  SPK_MARK_RANGE,        /* inside a spire's range */
  SPK_MARK_TARGET,       /* what a spire fires at */
  SPK_MARK_LABEL,        /* only the label (closeness numbers) */
  SPK_N_MARKS
} SpkMarkStyle;

/* The cached drawings, bottom to top. */
typedef enum {
  SPK_RENDER_MAP,
  SPK_RENDER_OVERLAYS,
  SPK_RENDER_PIECES,
  SPK_N_RENDER_LAYERS
} SpkRenderLayer;

#define SPK_TYPE_BOARD_RENDERER (spk_board_renderer_get_type ())

G_DECLARE_FINAL_TYPE (SpkBoardRenderer, spk_board_renderer, SPK, BOARD_RENDERER, GObject)

SpkBoardRenderer *spk_board_renderer_new            (void);

/* Takes a copy of @board (NULL clears it). The map is redrawn only when
 * its look changed; a move or an edit of a chip redraws the pieces. */
void            spk_board_renderer_set_board        (SpkBoardRenderer   *self,
                                                     const SpkBoard     *board);
const SpkBoard *spk_board_renderer_get_board        (SpkBoardRenderer   *self);
const SpkGrid  *spk_board_renderer_get_grid         (SpkBoardRenderer   *self);
void            spk_board_renderer_set_dark         (SpkBoardRenderer   *self,
                                                     gboolean            dark);
gboolean        spk_board_renderer_get_dark         (SpkBoardRenderer   *self);
/* Editing draws the sky within the layout's bounds as a faint grid. */
void            spk_board_renderer_set_edit_mode    (SpkBoardRenderer   *self,
                                                     gboolean            edit_mode);

/* Overlays. @faction tints influence/range marks (may be NULL); @label is
 * drawn on the hex (may be NULL). */
void            spk_board_renderer_clear_layer      (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer);
void            spk_board_renderer_mark_hex         (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer,
                                                     SpkHex              hex,
                                                     SpkMarkStyle        style,
                                                     const char         *faction,
                                                     const char         *label);
void            spk_board_renderer_add_line         (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer,
                                                     SpkHex              from,
                                                     SpkHex              to,
                                                     SpkMarkStyle        style,
                                                     const char         *faction);
GArray         *spk_board_renderer_get_marked       (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer);
const char     *spk_board_renderer_get_mark_label   (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer,
                                                     SpkHex              hex);
guint           spk_board_renderer_get_n_lines      (SpkBoardRenderer   *self,
                                                     SpkBoardLayer       layer);

/* Every cached drawing is redrawn on next use. */
void            spk_board_renderer_invalidate       (SpkBoardRenderer   *self);
/* Brings the cached drawings up to date, each apart, for @layout's zoom
 * and bounds at @factor device pixels per pixel, to be shown as
 * textures. FALSE when the board is too large at this zoom to cache
 * (then paint draws it directly). */
gboolean        spk_board_renderer_update           (SpkBoardRenderer   *self,
                                                     const SpkHexLayout *layout,
                                                     int                 factor);
/* How many times @layer has been drawn: what tests of the caching ask. */
guint           spk_board_renderer_get_n_draws      (SpkBoardRenderer   *self,
                                                     SpkRenderLayer      layer);

/* Paints the board into @cr (@width x @height pixels at @layout); the
 * live layers go on top. For cairo the drawings are kept stacked (each
 * drawn over a copy of the one below), so a frame copies one: the
 * textures (get_texture) are then redrawn apart on the next update. */
void            spk_board_renderer_paint            (SpkBoardRenderer   *self,
                                                     cairo_t            *cr,
                                                     const SpkHexLayout *layout,
                                                     int                 width,
                                                     int                 height);
/* The moves, path and attacks layers alone. */
void            spk_board_renderer_paint_live       (SpkBoardRenderer   *self,
                                                     cairo_t            *cr,
                                                     const SpkHexLayout *layout,
                                                     int                 width,
                                                     int                 height);
/* The whole board, overlays and live layers too, drawn straight onto
 * @cr (any surface: SVG, PDF, an image) by the same looks as paint, but
 * each drawn in place rather than copied from a sprite, so a vector
 * surface keeps it as shapes and text. */
void            spk_board_renderer_draw_vector      (SpkBoardRenderer   *self,
                                                     cairo_t            *cr,
                                                     const SpkHexLayout *layout,
                                                     int                 width,
                                                     int                 height);
/* The battlements of a gate in a hex of @radius centred on (@cx, @cy),
 * as rectangles added to the path. */
void            spk_board_renderer_battlements_path (cairo_t            *cr,
                                                     double              cx,
                                                     double              cy,
                                                     double              radius);
/* A hex outline of @radius centred on (@cx, @cy), as a closed path. */
void            spk_board_renderer_hex_path         (cairo_t            *cr,
                                                     double              cx,
                                                     double              cy,
                                                     double              radius);

G_END_DECLS
