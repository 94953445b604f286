/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board-legend.h: the key to the board's colours and symbols. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SPK_TYPE_BOARD_LEGEND (spk_board_legend_get_type ())

G_DECLARE_FINAL_TYPE (SpkBoardLegend, spk_board_legend, SPK, BOARD_LEGEND, GtkWidget)

GtkWidget *spk_board_legend_new (void);

G_END_DECLS
