/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board view's zoom and pan. Any of them ends fitting the board to
 * the widget on resize, until spk_board_view_fit. */
#include "config.h"

#include "spk-board-view-private.h"

double
spk_board_view_get_zoom (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), 0);
  return self->layout.scale;
}

void
spk_board_view_set_zoom (SpkBoardView *self, double zoom, double anchor_x, double anchor_y)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_hex_layout_set_zoom (&self->layout, zoom, anchor_x, anchor_y);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_zoom_in (SpkBoardView *self)
{
  spk_board_view_set_zoom (self, self->layout.scale * ZOOM_STEP,
                           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
spk_board_view_zoom_out (SpkBoardView *self)
{
  spk_board_view_set_zoom (self, self->layout.scale / ZOOM_STEP,
                           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
spk_board_view_pan (SpkBoardView *self, double dx, double dy)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_hex_layout_pan (&self->layout, dx, dy);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_fit (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  self->fitted = TRUE;
  spk_hex_layout_fit (&self->layout, gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
