/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-page.h: the Table page: the board and its side panel.
 *
 * Shows one SpkTable: the board canvas and a side panel of sections, each
 * a template widget of its own: Tools (SpkToolPalette, with the chip
 * editor and the isle templates), Selection (SpkSelectionSection), where a
 * selected unit may move (from spk-movement.h, with the explanation),
 * Attack, Spire, Damage, Overlays, the movement stage and the Deployment
 * Stack. The page hands the sections the table, the board view and the
 * selection, and shows what they say as toasts. Every change goes through
 * an SpkTable action. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_TABLE_PAGE (spk_table_page_get_type ())

G_DECLARE_FINAL_TYPE (SpkTablePage, spk_table_page, SPK, TABLE_PAGE, GtkWidget)

void          spk_table_page_set_table      (SpkTablePage *self,
                                             SpkTable     *table);
SpkBoardView *spk_table_page_get_board_view (SpkTablePage *self);
/* The faction the overlays are shown for (NULL without a table). */
const char   *spk_table_page_get_overlay_faction (SpkTablePage *self);
/* Moves the selected unit to @hex if that is one of its destinations;
 * what clicking a highlighted hex does. Friendly heroes on its route make
 * way in the same step; when one of them cannot go where the minion came
 * from, a dialog asks where it goes (M-12) and the move waits for the
 * answer: TRUE then too, with spk_table_page_get_displace_question set. */
gboolean      spk_table_page_move_selected  (SpkTablePage *self,
                                             SpkHex        hex,
                                             GError      **error);
/* Answers the waiting question with @hex (what the dialog's buttons do)
 * and makes the move, or asks about the next hero on the route. */
gboolean      spk_table_page_answer_displacement (SpkTablePage *self,
                                                  SpkHex        hex,
                                                  GError      **error);
/* The question a waiting move asks, NULL when none waits. */
const char   *spk_table_page_get_displace_question (SpkTablePage *self);
/* What the side panel says, for tests and screen readers: whose turn it
 * is, where the movement walk stands, the selected unit's movement (NULL
 * when no unit is selected). */
const char   *spk_table_page_get_turn_text     (SpkTablePage *self);
const char   *spk_table_page_get_resolve_text  (SpkTablePage *self);
const char   *spk_table_page_get_movement_text (SpkTablePage *self);
/* The deployment stack editor's verdict (CP spent and every problem the
 * rules find), NULL while the editor is hidden (outside the Prep Phase). */
const char   *spk_table_page_get_stack_text    (SpkTablePage *self);
/* The sentence under the tools: the tool's hint, or while the Isle tool
 * hovers the board, whether the isle may be laid there and why not. */
const char   *spk_table_page_get_tool_text     (SpkTablePage *self);
/* The last message the page showed in a toast, NULL before the first. */
const char   *spk_table_page_get_last_message  (SpkTablePage *self);

G_END_DECLS
