/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-faction-model.h: one faction of an SpkTable as a GObject.
 *
 * A read-only view: the values are those of the table's SpkBoard after the
 * last action, and each property notifies exactly once when an action,
 * undo or redo really changes it. Change a faction through the SpkTable
 * actions (spk-table.h). Named "model" so it does not clash with the
 * engine's plain SpkFaction struct. */
#pragma once

#include <glib-object.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_TYPE_FACTION_MODEL (spk_faction_model_get_type ())
G_DECLARE_FINAL_TYPE (SpkFactionModel, spk_faction_model, SPK, FACTION_MODEL, GObject)

const char  *spk_faction_model_get_id             (SpkFactionModel *self);
const char  *spk_faction_model_get_name           (SpkFactionModel *self);
/* The name, or the id while the faction has none (spk_faction_label). */
const char  *spk_faction_model_get_label          (SpkFactionModel *self);
const char  *spk_faction_model_get_mark           (SpkFactionModel *self);
const char  *spk_faction_model_get_team           (SpkFactionModel *self);
int          spk_faction_model_get_source         (SpkFactionModel *self);
int          spk_faction_model_get_gate_health    (SpkFactionModel *self);
int          spk_faction_model_get_cp             (SpkFactionModel *self);
int          spk_faction_model_get_limited_builds (SpkFactionModel *self);
/* Advancements bought, over all structures. */
int          spk_faction_model_get_advancements   (SpkFactionModel *self);
gboolean     spk_faction_model_get_choose_mark    (SpkFactionModel *self);
/* The faction as plain data (owned by the view; valid until the next
 * change). */
const SpkFaction *spk_faction_model_get_faction   (SpkFactionModel *self);

/* For SpkTable. */
SpkFactionModel *spk_faction_model_new            (const SpkFaction *faction);
void         spk_faction_model_update             (SpkFactionModel  *self,
                                                   const SpkFaction *faction);

G_END_DECLS
