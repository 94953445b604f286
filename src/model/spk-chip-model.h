/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chip-model.h: one chip of an SpkTable as a GObject.
 *
 * A read-only view like SpkFactionModel: values are the table's after the
 * last action; each property notifies exactly once per real change. Change
 * chips through the SpkTable actions. */
#pragma once

#include <glib-object.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_TYPE_CHIP_MODEL (spk_chip_model_get_type ())
G_DECLARE_FINAL_TYPE (SpkChipModel, spk_chip_model, SPK, CHIP_MODEL, GObject)

const char    *spk_chip_model_get_id         (SpkChipModel *self);
SpkChipKind    spk_chip_model_get_kind       (SpkChipModel *self);
const char    *spk_chip_model_get_faction    (SpkChipModel *self);
const char    *spk_chip_model_get_name       (SpkChipModel *self);
gboolean       spk_chip_model_get_placed     (SpkChipModel *self);
int            spk_chip_model_get_q          (SpkChipModel *self);
int            spk_chip_model_get_r          (SpkChipModel *self);
int            spk_chip_model_get_health     (SpkChipModel *self);
int            spk_chip_model_get_max_health (SpkChipModel *self);
int            spk_chip_model_get_attack     (SpkChipModel *self);
int            spk_chip_model_get_movement   (SpkChipModel *self);
gboolean       spk_chip_model_get_moved      (SpkChipModel *self);
gboolean       spk_chip_model_get_revealed   (SpkChipModel *self);
/* The chip as plain data (owned by the view; valid until the next
 * change). */
const SpkChip *spk_chip_model_get_chip       (SpkChipModel *self);

/* For SpkTable. */
SpkChipModel  *spk_chip_model_new            (const SpkChip *chip);
void           spk_chip_model_update         (SpkChipModel  *self,
                                              const SpkChip *chip);

G_END_DECLS
