/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-widget-util.h: small helpers the pages share. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

/* Shows @text (plain text, not markup) in the toast overlay around
 * @widget (or @widget itself), at once. With @undo the toast offers Undo
 * (win.undo) and stands for a new step: the toasts of the step before are
 * taken down. Does nothing when there is no toast overlay. */
void spk_toast_show (GtkWidget  *widget,
                     const char *text,
                     gboolean    undo);

/* As spk_toast_show, with a button @button (a mnemonic label) that
 * activates @action instead of Undo; both NULL for none. */
void spk_toast_offer (GtkWidget  *widget,
                      const char *text,
                      const char *button,
                      const char *action);

/* A further toast about the same step (one per change it brought),
 * shown after the ones before it. */
void spk_toast_note (GtkWidget  *widget,
                     const char *text);

/* Takes down the toasts of the last step, shown or waiting. */
void spk_toast_dismiss (GtkWidget *widget);

/* How much of the toast overlay's bottom edge the toast on screen takes,
 * in pixels (0 when none): @func gets @watcher and that height each time
 * it changes, for controls that must stay clear of toasts. One watcher per
 * overlay, kept until it is finalized or replaced; @watcher must be inside
 * the overlay when this is called. */
typedef void (*SpkToastRoomFunc) (GtkWidget *watcher, int height);
void spk_toast_watch_room (GtkWidget        *watcher,
                           SpkToastRoomFunc  func);

/* Moves the keyboard focus off @container's descendants (to nothing)
 * before they are destroyed: GTK 4.8 would otherwise keep pointing at a
 * finalized widget. */
void spk_release_focus_within (GtkWidget *container);

/* Appends @child to @box without the extra tab stop of its flow box child,
 * so Tab goes straight from one button to the next. */
void spk_flow_box_append_plain (GtkFlowBox *box,
                                GtkWidget  *child);

/* GTK 4.8 names a button whose label has a mnemonic from both the label
 * text ("_Select") and its label child ("Select"), so a screen reader says
 * "underscore Select Select". Walks @root and gives each such button its
 * label once, without the underscore, as its accessible name. */
void spk_name_mnemonic_buttons (GtkWidget *root);

/* For a combo row whose items stand for @ids (of char*, same order): the
 * id of the chosen item (NULL when none), and choosing by id (nothing
 * changes when @id is not one of them). */
const char *spk_combo_row_get_id    (AdwComboRow *row,
                                     GPtrArray   *ids);
void        spk_combo_row_select_id (AdwComboRow *row,
                                     GPtrArray   *ids,
                                     const char  *id);

/* The "message" signal of the Table page's sections, for class_init: a
 * sentence for the player (the page shows it as a toast) and whether
 * Undo goes with it. Returns its id. */
guint       spk_section_message_new (GType        type);
/* After an action of @section on @table: its "message" with the error
 * when !@ok, or else with what Undo would take back, with Undo. */
void        spk_section_report      (gpointer     section,
                                     SpkTable    *table,
                                     gboolean     ok,
                                     const GError *error);

/* The terrains by name, in SpkTerrain order, for a combo row. */
GListModel *spk_terrain_model_new (void);

/* @label without its mnemonic underscores ("__" stays one "_"). */
char *spk_strip_mnemonic (const char *label);

/* gtk_button_new_with_mnemonic, named for a screen reader as
 * spk_name_mnemonic_buttons does, or as @name when not NULL (to tell
 * apart several "Buy" buttons, say). */
GtkWidget *spk_button_new_with_mnemonic (const char *label,
                                         const char *name);

G_END_DECLS
