/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-faction-card.h: one faction's card on the Tracker page.
 *
 * Bound to one SpkFactionModel of the table's factions list: the values
 * the model has (name, Source, gate health, CP, limited builds) follow its
 * properties; those that need the whole board (spires and heroes in play,
 * advancements, fortress power, what waits beside the barracks, the
 * structures with their Buy buttons) are read again after each step. The
 * card is made once per faction and never rebuilt, so the focus stays on
 * the control that changed a value.
 *
 * Actions (on the card): card.source, card.gate, card.cp (int: the
 * change), card.rename, card.edit-structures, card.buy-advancement
 * (string: the structure). */
#pragma once

#include <adwaita.h>

#include "spk-faction-model.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_FACTION_CARD (spk_faction_card_get_type ())

G_DECLARE_FINAL_TYPE (SpkFactionCard, spk_faction_card, SPK, FACTION_CARD, AdwBin)

GtkWidget       *spk_faction_card_new         (SpkTable        *table,
                                               SpkFactionModel *faction);
SpkFactionModel *spk_faction_card_get_faction (SpkFactionCard  *self);
/* The text shown for @field: "source", "gate", "cp", "limited", "spires",
 * "heroes", "advancements", "power" or "barracks"; NULL for another. */
const char      *spk_faction_card_get_value   (SpkFactionCard  *self,
                                               const char      *field);

G_END_DECLS
