/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board view's overlays: marks and lines kept by its renderer, set
 * by the pages; each change asks for a new frame. */
#include "config.h"

#include "spk-board-view-private.h"

void
spk_board_view_clear_layer (SpkBoardView *self, SpkBoardLayer layer)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_board_renderer_clear_layer (self->renderer, layer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_mark_hex (SpkBoardView *self, SpkBoardLayer layer, SpkHex hex,
                         SpkMarkStyle style, const char *faction, const char *label)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_board_renderer_mark_hex (self->renderer, layer, hex, style, faction, label);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_add_line (SpkBoardView *self, SpkBoardLayer layer, SpkHex from, SpkHex to,
                         SpkMarkStyle style, const char *faction)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_board_renderer_add_line (self->renderer, layer, from, to, style, faction);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GArray *
spk_board_view_get_marked (SpkBoardView *self, SpkBoardLayer layer)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return spk_board_renderer_get_marked (self->renderer, layer);
}

const char *
spk_board_view_get_mark_label (SpkBoardView *self, SpkBoardLayer layer, SpkHex hex)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return spk_board_renderer_get_mark_label (self->renderer, layer, hex);
}

guint
spk_board_view_get_n_lines (SpkBoardView *self, SpkBoardLayer layer)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), 0);
  return spk_board_renderer_get_n_lines (self->renderer, layer);
}

SpkBoardRenderer *
spk_board_view_get_renderer (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return self->renderer;
}
