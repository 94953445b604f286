/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-new-table-dialog.h: New Table: the player count, one group of rows
 * per seat in turn order (the faction from the game's list or a custom
 * one, its team in 2 v 2, its mark), the first player and whether the
 * fortresses are placed; or the demo table instead.
 *
 * Responses: "empty" (make the table the form describes,
 * spk_new_table_dialog_create_table), "demo" and "cancel". What is wrong
 * with the form is the model's answer (spk_new_table_spec_check), shown
 * under it; "empty" is offered only when there is nothing wrong. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_NEW_TABLE_DIALOG (spk_new_table_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpkNewTableDialog, spk_new_table_dialog, SPK, NEW_TABLE_DIALOG, AdwMessageDialog)

SpkNewTableDialog *spk_new_table_dialog_new          (GtkWindow         *parent);

/* The form, as a test or a keyboard would set it: 2 to 4 players; @seat
 * from 0; @faction a roster faction id, or NULL for a custom faction
 * called @name (@name NULL keeps the roster's name); @team 1 or 2 (used
 * with teams on); @mark a seat index or -1 for the seating-order rule. */
void               spk_new_table_dialog_set_players  (SpkNewTableDialog *self,
                                                      guint              n);
void               spk_new_table_dialog_set_teams    (SpkNewTableDialog *self,
                                                      gboolean           teams);
void               spk_new_table_dialog_set_seat     (SpkNewTableDialog *self,
                                                      guint              seat,
                                                      const char        *faction,
                                                      const char        *name,
                                                      int                team,
                                                      int                mark);
void               spk_new_table_dialog_set_first_player (SpkNewTableDialog *self,
                                                      guint              seat);
/* The model's objection to the form as it stands; NULL when none. */
/* "cloudspire" or "codex": the game is chosen first; a Codex table has
 * players with names and free-text specs instead of factions. */
void               spk_new_table_dialog_set_game     (SpkNewTableDialog *self,
                                                      const char        *game);
void               spk_new_table_dialog_set_codex_player (SpkNewTableDialog *self,
                                                      guint              seat,
                                                      const char        *name,
                                                      const char        *spec);
const char        *spk_new_table_dialog_get_problem  (SpkNewTableDialog *self);

/* The table the form describes; NULL with the model's @error. */
SpkTable          *spk_new_table_dialog_create_table (SpkNewTableDialog *self,
                                                      GError           **error);

/* The demo table's file, found in the source tree when running
 * uninstalled; marked (object data "spk-demo") so that opening it names
 * the table "Demo table" and saving asks where. */
GFile             *spk_new_table_demo_file           (void);

G_END_DECLS
