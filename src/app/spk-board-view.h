/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-view.h: the board canvas.
 *
 * SpkBoardView draws one SpkBoard (a private copy, replaced with
 * spk_board_view_set_board whenever the model changes): hexes coloured by
 * terrain, Source wells, hex-group outlines, fortress gates and wells, chips
 * and deployment stacks. It pans, zooms, hit-tests and keeps a selected hex
 * and a keyboard focus hex. It knows no rules: whoever owns the page puts
 * the engine's answers on it as marks and lines in overlay layers.
 */
#pragma once

#include <gtk/gtk.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_TYPE_BOARD_VIEW (spk_board_view_get_type ())

G_DECLARE_FINAL_TYPE (SpkBoardView, spk_board_view, SPK, BOARD_VIEW, GtkWidget)

/* Independent overlay layers, drawn in this order above the board. The
 * first three are kept with the cached board drawing; moves, path and
 * attacks are redrawn every frame, so changing them is cheap. */
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

GtkWidget      *spk_board_view_new              (void);

/* Takes a copy of @board (NULL clears the view). Selection and focus stay
 * where they were if those hexes still exist; the overlays are kept. */
void            spk_board_view_set_board        (SpkBoardView   *self,
                                                 const SpkBoard *board);
const SpkBoard *spk_board_view_get_board        (SpkBoardView   *self);

/* Faction colours follow the order of board->factions; -1 is neutral. */
void            spk_board_view_palette_color    (int             index,
                                                 gboolean        dark,
                                                 GdkRGBA        *out);
void            spk_board_view_faction_color    (SpkBoardView   *self,
                                                 const char     *faction,
                                                 GdkRGBA        *out);
void            spk_board_view_terrain_color    (SpkTerrain      terrain,
                                                 gboolean        dark,
                                                 GdkRGBA        *out);
const char     *spk_board_view_terrain_label    (SpkTerrain      terrain);
/* The badge on a unit that has moved this turn (a tick in a disc of
 * @radius), for the board and its legend. */
void            spk_board_view_draw_moved_mark  (cairo_t        *cr,
                                                 double          cx,
                                                 double          cy,
                                                 double          radius,
                                                 gboolean        dark);

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

/* Draws the board into @cr at @width x @height with the current transform;
 * the widget's snapshot and image export both use it. The board, overlays
 * and chips are kept as one drawing per zoom level, so repeated frames
 * (pans, hover, selection) only repaint it. It is built over a drawing of
 * the map with the overlay fills, which survives moves and chip edits while
 * the overlays' marks stay the same, itself over a drawing of the map
 * alone; invalidate redraws all three. */
void            spk_board_view_render           (SpkBoardView   *self,
                                                 cairo_t        *cr,
                                                 int             width,
                                                 int             height);
void            spk_board_view_invalidate       (SpkBoardView   *self);
/* The whole board (no hover, selection or focus) as a PNG at @scale
 * pixels per hex, on the window background of the current style. */
GBytes         *spk_board_view_to_png           (SpkBoardView   *self,
                                                 double          scale);

G_END_DECLS
