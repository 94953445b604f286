/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-spire-section.h: the Spire section of the Table page's side panel.
 *
 * For a selected spire: its faction's Source, its attack, range and
 * upgrades, and a row per upgrade with what it costs or why it may not be
 * bought now (the model's answer to a dry run), and a Buy button. The
 * panel scrolls it into view when a spire is selected. What a purchase
 * did is said through the "message" signal. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_SPIRE_SECTION (spk_spire_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkSpireSection, spk_spire_section, SPK, SPIRE_SECTION, AdwPreferencesGroup)

void spk_spire_section_set_table (SpkSpireSection *self,
                                  SpkTable        *table);
/* The selected chip's id, or NULL; the section shows for a spire only.
 * Shows the table afresh in any case. */
void spk_spire_section_set_chip  (SpkSpireSection *self,
                                  const char      *chip);

G_END_DECLS
