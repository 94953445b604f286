/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-history.h: the undo history of a table, on its own.
 *
 * A list of steps (SpkLogEntry: a label, who acted, when, a group and the
 * patch between two table documents, spk-patch.h) and a position: steps
 * before it are done, the rest can be redone. A new step drops the steps
 * that could be redone. Steps recorded while a group is open share its
 * number and are undone and redone together; a finished turn of the
 * Onslaught Phase goes whole (see "ends a turn" below and
 * docs/table-format.md). A limit on the number of steps, when set, drops
 * the oldest groups.
 *
 * The history knows documents, not boards: undo and redo apply the patches
 * to a document the caller gives, and a check the caller gives decides
 * whether the result is acceptable before the position moves (SpkTable
 * reads it back as a table file). It is saved as the "history" member of a
 * table file, in the format docs/table-format.md describes.
 *
 * Whether a step ended a turn is a field of the step, set by whoever
 * records it (it knows the turn and phase before and after). Steps read
 * from a file get it from their patch once, when first asked, since the
 * file format does not store it. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "spk-log-entry.h"

G_BEGIN_DECLS

#define SPK_TYPE_HISTORY (spk_history_get_type ())
G_DECLARE_FINAL_TYPE (SpkHistory, spk_history, SPK, HISTORY, GObject)

/* Decides whether @doc, the document undo or redo has made, may become the
 * current one; FALSE with @error refuses it and the history stays where it
 * was. */
typedef gboolean (*SpkHistoryCheck) (JsonNode  *doc,
                                     gpointer   user_data,
                                     GError   **error);

SpkHistory  *spk_history_new              (void);
/* A history from the "history" member of a table file. A damaged one is
 * refused with SPK_TABLE_ERROR_TYPE and a message that names the field and
 * says how to open the table without it; damaged steps are only found
 * when they are used (spk_log_entry_check). */
SpkHistory  *spk_history_new_from_node    (JsonNode    *node,
                                           GError     **error);
/* The "history" member, as spk_history_new_from_node reads it. */
JsonNode    *spk_history_to_node          (SpkHistory  *self);

/* The most steps kept; 0 (the default) keeps them all. Going over drops
 * the oldest steps, a whole group at a time. */
void         spk_history_set_max_steps    (SpkHistory  *self,
                                           guint        max_steps);
guint        spk_history_get_max_steps    (SpkHistory  *self);

guint        spk_history_get_length       (SpkHistory  *self);
guint        spk_history_get_position     (SpkHistory  *self);
/* Operations so far (push, undo, redo); saved with the history. */
guint64      spk_history_get_sequence     (SpkHistory  *self);
SpkLogEntry *spk_history_get_step         (SpkHistory  *self,
                                           guint        index);
gboolean     spk_history_get_ends_turn    (SpkHistory  *self,
                                           guint        index);
/* The steps done (SpkLogEntry, oldest first): the action log. */
GListModel  *spk_history_get_done         (SpkHistory  *self);

gboolean     spk_history_can_undo         (SpkHistory  *self);
gboolean     spk_history_can_redo         (SpkHistory  *self);
const char  *spk_history_get_undo_label   (SpkHistory  *self);
const char  *spk_history_get_redo_label   (SpkHistory  *self);
/* The label, and how many more steps come with it; NULL when none. */
char        *spk_history_describe_undo    (SpkHistory  *self);
char        *spk_history_describe_redo    (SpkHistory  *self);
guint        spk_history_get_undo_steps   (SpkHistory  *self);

/* Steps pushed between begin and end form one group; groups nest, the
 * outermost pair counts. Undo and redo are refused while one is open. */
void         spk_history_begin_group      (SpkHistory  *self);
void         spk_history_end_group        (SpkHistory  *self);
gboolean     spk_history_get_group_open   (SpkHistory  *self);

/* Records a new step with the patch @changes (a reference is taken), in
 * the open group or a group of its own. Returns the step (owned by the
 * history). */
SpkLogEntry *spk_history_push             (SpkHistory  *self,
                                           const char  *label,
                                           const char  *faction,
                                           int          wave,
                                           const char  *phase,
                                           JsonNode    *changes,
                                           gboolean     ends_turn);
/* Records a step made elsewhere (an autosave journal), keeping its group. */
void         spk_history_push_step        (SpkHistory  *self,
                                           SpkLogEntry *step);

/* Undo applies the patches of the last group (or finished turn) backwards
 * to @doc, redo the next one forwards; then @check (may be NULL) sees the
 * result, and only then does the position move. FALSE with
 * SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO / _NOTHING_TO_REDO, _GROUP_OPEN, a
 * damaged step's or patch's error, or @check's; @doc may then be partly
 * changed. */
gboolean     spk_history_undo             (SpkHistory      *self,
                                           JsonNode        *doc,
                                           SpkHistoryCheck  check,
                                           gpointer         user_data,
                                           GError         **error);
gboolean     spk_history_redo             (SpkHistory      *self,
                                           JsonNode        *doc,
                                           SpkHistoryCheck  check,
                                           gpointer         user_data,
                                           GError         **error);

/* TRUE when the patch @changes ends a turn: it changes the table's `turn`
 * and not its `phase`. How a step read from a file is judged. */
gboolean     spk_history_patch_ends_turn  (JsonNode    *changes);

G_END_DECLS
