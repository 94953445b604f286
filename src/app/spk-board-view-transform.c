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

/* How far @v must move to lie within [@m, @size - @m], @m being at most
 * half of @size. */
static double
shift_into (double v, double size, double m)
{
  m = MIN (m, size / 2);
  if (v < m)
    return m - v;
  if (v > size - m)
    return size - m - v;
  return 0;
}

/* Pans the least that brings the selected hex back inside the widget, a
 * hex's width from its edges where the widget is wide enough for that. */
static void
keep_selection_in_view (SpkBoardView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double x, y, dx, dy;

  if (!self->has_selection || w <= 0 || h <= 0)
    return;
  spk_hex_layout_hex_center (&self->layout, self->selected, &x, &y);
  dx = shift_into (x, w, self->layout.scale);
  dy = shift_into (y, h, self->layout.scale);
  if (dx != 0 || dy != 0)
    spk_hex_layout_pan (&self->layout, dx, dy);
}

void
spk_board_view_set_zoom (SpkBoardView *self, double zoom, double anchor_x, double anchor_y)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_hex_layout_set_zoom (&self->layout, zoom, anchor_x, anchor_y);
  keep_selection_in_view (self);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* + and − zoom about the selected hex when one is in view (it stays where
 * the player is looking), else about the middle. */
static void
zoom_by (SpkBoardView *self, double factor)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double x = w / 2.0, y = h / 2.0;

  if (self->has_selection)
    {
      double sx, sy;

      spk_hex_layout_hex_center (&self->layout, self->selected, &sx, &sy);
      if (sx >= 0 && sx <= w && sy >= 0 && sy <= h)
        x = sx, y = sy;
    }
  spk_board_view_set_zoom (self, self->layout.scale * factor, x, y);
}

void
spk_board_view_zoom_in (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  zoom_by (self, ZOOM_STEP);
}

void
spk_board_view_zoom_out (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  zoom_by (self, 1 / ZOOM_STEP);
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
