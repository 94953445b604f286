/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-edit-dialogs.h: the Tracker's editor dialogs for one faction (its
 * name, its fortress structures) and the frame they share with the gate
 * repair question.
 *
 * Each dialog acts on the table through its actions when applied; a
 * refused answer brings the dialog back with the model's reason and what
 * was typed. Toasts go to the overlay around @widget. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

/* Gives @dialog Cancel and @apply responses, @extra under its text, the
 * focus on @focus, and presents it. @on_response is connected with
 * @data, which the dialog frees with @free_data when it goes. */
void spk_edit_dialog_present         (GtkWidget      *dialog,
                                      GtkWidget      *extra,
                                      const char     *apply,
                                      GCallback       on_response,
                                      gpointer        data,
                                      GDestroyNotify  free_data,
                                      GtkWidget      *focus);
/* A message dialog over @widget's window. */
GtkWidget *spk_edit_dialog_new       (GtkWidget      *widget,
                                      const char     *heading,
                                      const char     *body);

/* Names @faction: typed, or one of the game's factions picked. */
void spk_edit_dialog_rename_faction  (GtkWidget      *widget,
                                      SpkTable       *table,
                                      const char     *faction);
/* A new faction, at the end of the seating order
 * (spk_table_add_faction): its name typed or one of the game's picked. */
void spk_edit_dialog_add_faction     (GtkWidget      *widget,
                                      SpkTable       *table);
/* The structures of @faction as text (spk-structure-text.h). */
void spk_edit_dialog_structures      (GtkWidget      *widget,
                                      SpkTable       *table,
                                      const char     *faction);

G_END_DECLS
