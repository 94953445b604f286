/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-view-private.h: what the board view's widget code and its
 * smaller parts (spk-board-view-overlays.c, spk-board-view-transform.c)
 * share. */
#pragma once

#include "spk-board-renderer-gdk.h"
#include "spk-board-view.h"
#include "spk-hex-layout.h"

G_BEGIN_DECLS

/* One step of zoom in or out, by key, button or wheel. */
#define ZOOM_STEP 1.25

struct _SpkBoardView
{
  GtkWidget         parent_instance;

  SpkBoardRenderer *renderer;   /* the board, its overlays, their drawings */
  SpkHexLayout      layout;
  gboolean          fitted;     /* refit on resize until the user pans/zooms */

  gboolean          has_selection;
  SpkHex            selected;
  gboolean          select_under;  /* the spire under a Spire Shot hero (R-talent-5) */
  gboolean          has_focus_hex;
  SpkHex            focus;
  gboolean          has_hover;
  SpkHex            hover;
  char             *description;

  gboolean          paint_drag;
  gboolean          edit_mode;  /* sky can be targeted, for building the map */
  gboolean          painting;
  SpkHex            last_painted;
  double            drag_ox, drag_oy;
  double            pinch_scale;
  double            pointer_x, pointer_y;

  gulong            dark_handler;
  gulong            look_handler;  /* SpkLook::changed */
};

G_END_DECLS
