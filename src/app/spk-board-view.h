/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-view.h: the board canvas.
 *
 * SpkBoardView shows one SpkBoard (a private copy, replaced with
 * spk_board_view_set_board whenever the model changes): hexes coloured by
 * terrain, Source wells, hex-group outlines, fortress gates and wells, chips
 * and deployment stacks. It pans, zooms, hit-tests and keeps a selected hex
 * and a keyboard focus hex. It knows no rules: whoever owns the page puts
 * the engine's answers on it as marks and lines in overlay layers.
 *
 * The widget handles input and paints: the transform is an SpkHexLayout,
 * the drawing is done once per change by its SpkBoardRenderer (which also
 * holds the board copy and the overlays), and a frame appends the
 * renderer's cached drawings plus hover, selection and focus.
 */
#pragma once

#include <gtk/gtk.h>

#include "spk-board.h"
#include "spk-board-renderer.h"

G_BEGIN_DECLS

#define SPK_TYPE_BOARD_VIEW (spk_board_view_get_type ())

G_DECLARE_FINAL_TYPE (SpkBoardView, spk_board_view, SPK, BOARD_VIEW, GtkWidget)

GtkWidget      *spk_board_view_new              (void);

/* Takes a copy of @board (NULL clears the view). Selection and focus stay
 * where they were if those hexes still exist; the overlays are kept. */
void            spk_board_view_set_board        (SpkBoardView   *self,
                                                 const SpkBoard *board);
const SpkBoard *spk_board_view_get_board        (SpkBoardView   *self);
/* The grid of that copy, kept until the next set_board (NULL without a
 * board): panels read the selected hex from it instead of building their own. */
const SpkGrid  *spk_board_view_get_grid         (SpkBoardView   *self);

/* The colour of @faction on this board (spk-palette.h has the rest). */
void            spk_board_view_faction_color    (SpkBoardView   *self,
                                                 const char     *faction,
                                                 GdkRGBA        *out);
const char     *spk_board_view_terrain_label    (SpkTerrain      terrain);

/* Overlays. @faction tints influence/range marks (may be NULL); @label is
 * drawn on the hex (may be NULL). */
void            spk_board_view_clear_layer      (SpkBoardView   *self,
                                                 SpkBoardLayer   layer);
void            spk_board_view_mark_hex         (SpkBoardView   *self,
                                                 SpkBoardLayer   layer,
                                                 SpkHex          hex,
                                                 SpkMarkStyle    style,
                                                 const char     *faction,
                                                 const char     *label);
void            spk_board_view_add_line         (SpkBoardView   *self,
                                                 SpkBoardLayer   layer,
                                                 SpkHex          from,
                                                 SpkHex          to,
                                                 SpkMarkStyle    style,
                                                 const char     *faction);
/* The hexes marked in @layer, in the order they were marked (of SpkHex). */
GArray         *spk_board_view_get_marked       (SpkBoardView   *self,
                                                 SpkBoardLayer   layer);
/* The label on @hex in @layer, NULL when the hex has no mark there. */
const char     *spk_board_view_get_mark_label   (SpkBoardView   *self,
                                                 SpkBoardLayer   layer,
                                                 SpkHex          hex);
guint           spk_board_view_get_n_lines      (SpkBoardView   *self,
                                                 SpkBoardLayer   layer);
/* The renderer holding the board and the overlays, for code that marks
 * a layer through spk-board-overlays.h (then queue a draw) and for the
 * image export. */
SpkBoardRenderer *spk_board_view_get_renderer   (SpkBoardView   *self);

/* Selection and keyboard focus. */
gboolean        spk_board_view_get_selected     (SpkBoardView   *self,
                                                 SpkHex         *out);
void            spk_board_view_select           (SpkBoardView   *self,
                                                 const SpkHex   *hex);
/* The chip at the selected hex: the chip standing there or, on a gate with
 * nobody standing on it, the top of the deployment stack. */
const SpkChip  *spk_board_view_get_selected_chip (SpkBoardView  *self);
gboolean        spk_board_view_get_focus_hex    (SpkBoardView   *self,
                                                 SpkHex         *out);
void            spk_board_view_set_focus_hex    (SpkBoardView   *self,
                                                 SpkHex          hex);
/* Moves the focus hex one step in screen direction (dx, dy), each -1, 0
 * or 1, skipping sky. Returns FALSE when nothing lies that way. */
gboolean        spk_board_view_move_focus       (SpkBoardView   *self,
                                                 int             dx,
                                                 int             dy);
/* What the selected hex holds, in words; also the widget's accessible
 * description. Empty when nothing is selected. */
const char     *spk_board_view_get_description  (SpkBoardView   *self);
/* Words for any hex (NULL for sky). */
char           *spk_board_view_describe_hex     (SpkBoardView   *self,
                                                 SpkHex          hex);

/* View transform. */
gboolean        spk_board_view_hex_at           (SpkBoardView   *self,
                                                 double          x,
                                                 double          y,
                                                 SpkHex         *out);
void            spk_board_view_hex_center       (SpkBoardView   *self,
                                                 SpkHex          hex,
                                                 double         *x,
                                                 double         *y);
/* What the pointer-motion handler does: hovers the hex under (@x, @y)
 * (widget coordinates), in edit mode sky near the board too, and emits
 * hex-hovered on a change. Returns whether a hex is hovered. */
gboolean        spk_board_view_pointer_moved    (SpkBoardView   *self,
                                                 double          x,
                                                 double          y);
/* What a primary click does at (@x, @y) (widget coordinates): activates
 * the hex there (edit mode: sky near the board too) and returns TRUE; out
 * of edit mode a click on no hex clears the selection. */
gboolean        spk_board_view_clicked          (SpkBoardView   *self,
                                                 double          x,
                                                 double          y);
double          spk_board_view_get_zoom         (SpkBoardView   *self);
void            spk_board_view_set_zoom         (SpkBoardView   *self,
                                                 double          zoom,
                                                 double          anchor_x,
                                                 double          anchor_y);
void            spk_board_view_zoom_in          (SpkBoardView   *self);
void            spk_board_view_zoom_out         (SpkBoardView   *self);
void            spk_board_view_pan              (SpkBoardView   *self,
                                                 double          dx,
                                                 double          dy);
void            spk_board_view_fit              (SpkBoardView   *self);

/* Edit mode: the sky around the board (two hexes deep) is drawn as a faint
 * grid and can be clicked, painted and focused, so new hexes can be laid. */
void            spk_board_view_set_edit_mode    (SpkBoardView   *self,
                                                 gboolean        edit_mode);
gboolean        spk_board_view_get_edit_mode    (SpkBoardView   *self);

/* When TRUE a primary-button drag activates every hex it crosses (painting
 * tools) instead of panning, between "stroke" TRUE and FALSE. */
void            spk_board_view_set_paint_drag   (SpkBoardView   *self,
                                                 gboolean        paint_drag);

/* Draws the board into @cr at @width x @height with the current transform,
 * as the widget shows it: the renderer's cached drawings of the map, the
 * overlay fills and the pieces (see spk-board-renderer.h), then the live
 * layers, hover, selection and focus. The widget itself appends the
 * drawings as textures. invalidate redraws all three. */
void            spk_board_view_render           (SpkBoardView   *self,
                                                 cairo_t        *cr,
                                                 int             width,
                                                 int             height);
void            spk_board_view_invalidate       (SpkBoardView   *self);

G_END_DECLS
