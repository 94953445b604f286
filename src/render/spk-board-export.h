/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-export.h: the board as a picture to share, PNG or SVG.
 *
 * A caption (the table's name; wave, phase and whose turn; the selected
 * chip's answer), the board as the renderer holds it (overlays and the
 * selected unit's destinations included) and a key to its colours and
 * marks, laid out one above the other. The board is drawn by
 * spk_board_renderer_draw_vector, the text by Pango, so an SVG keeps
 * shapes as shapes. Cairo writes Pango's glyphs as outlines, so an SVG
 * also carries the words as text: a title and description, and a layer
 * of invisible text elements on the drawn lines' baselines, for search,
 * selection and screen readers. The window's Export Board Image and
 * `spirekeeper-cli render` both come here.
 */
#pragma once

#include <gio/gio.h>

#include "spk-board-renderer.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_BOARD_EXPORT_ERROR (spk_board_export_error_quark ())

typedef enum {
  SPK_BOARD_EXPORT_ERROR_FORMAT,   /* the file name ends in neither .png nor .svg */
  SPK_BOARD_EXPORT_ERROR_WRITE,    /* the picture could not be made or written */
} SpkBoardExportError;

typedef enum {
  SPK_IMAGE_PNG,
  SPK_IMAGE_SVG,
} SpkImageFormat;

/* The words around the board. */
typedef struct {
  char     *title;           /* the table's name */
  char     *status;          /* wave, phase, whose turn */
  char     *answer;          /* the selected chip's answer, or NULL */
  char     *overlay_faction; /* whose closeness numbers are shown, or NULL */
  gboolean  has_selected;
  SpkHex    selected;        /* ringed as on screen */
} SpkBoardCaption;

GQuark           spk_board_export_error_quark (void);

/* The caption of @table named @name, with @selected (a chip id, or
 * NULL) and its answer: a unit's movement answer or a spire's upgrades,
 * the texts Copy as Text gives. */
SpkBoardCaption *spk_board_caption_new        (SpkTable          *table,
                                               const char        *name,
                                               const char        *selected);
void             spk_board_caption_free       (SpkBoardCaption   *caption);

/* A table's name from its file's name: without a .spirekeeper or .json
 * ending, and never empty. */
char            *spk_board_export_table_name  (const char        *file_name);

/* The format named by @path's extension (case ignored). */
gboolean         spk_image_format_for_path    (const char        *path,
                                               SpkImageFormat    *out,
                                               GError           **error);

/* Draws the whole picture onto @cr at @scale pixels per hex radius and
 * sets its size in pixels; with @cr NULL it only measures. */
void             spk_board_export_draw        (SpkBoardRenderer  *renderer,
                                               const SpkBoardCaption *caption,
                                               double             scale,
                                               cairo_t           *cr,
                                               int               *width,
                                               int               *height);
/* The picture as the bytes of a PNG or SVG file. */
GBytes          *spk_board_export_to_bytes    (SpkBoardRenderer  *renderer,
                                               const SpkBoardCaption *caption,
                                               SpkImageFormat     format,
                                               double             scale,
                                               GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkBoardCaption, spk_board_caption_free)

G_END_DECLS
