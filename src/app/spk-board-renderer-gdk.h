/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-renderer-gdk.h: the renderer's cached drawings as the board
 * canvas shows them, GDK textures placed by graphene rectangles. The
 * renderer itself (src/render) needs no GTK; this is the window's side. */
#pragma once

#include <gdk/gdk.h>
#include <graphene.h>

#include "spk-board-renderer.h"

G_BEGIN_DECLS

/* After update: @layer's drawing (NULL when it is empty) and where it
 * goes, in the layout's pixels. */
GdkTexture     *spk_board_renderer_get_texture      (SpkBoardRenderer   *self,
                                                     SpkRenderLayer      layer);
void            spk_board_renderer_get_bounds       (SpkBoardRenderer   *self,
                                                     const SpkHexLayout *layout,
                                                     graphene_rect_t    *out);
/* Where the live layers draw (in @layout's pixels); FALSE when they are
 * empty. */
gboolean        spk_board_renderer_get_live_extents (SpkBoardRenderer   *self,
                                                     const SpkHexLayout *layout,
                                                     graphene_rect_t    *out);

G_END_DECLS
