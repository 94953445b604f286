/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-wave-section.h: the head of the Tracker page: the wave, the phase
 * line (first player and, in the Onslaught Phase, whose turn it is) and
 * Next Phase.
 *
 * Next Phase (wave.next-phase) asks the model to advance; one toast per
 * change the phase brought. When the model needs a player's choice first
 * (R-repair-1: which tied advancements a gate repair gives up), the
 * section asks it in a dialog and then goes on. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_WAVE_SECTION (spk_wave_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkWaveSection, spk_wave_section, SPK, WAVE_SECTION, AdwBin)

/* The table it reads and advances; it refreshes on "recorded". */
void        spk_wave_section_set_table      (SpkWaveSection *self,
                                             SpkTable       *table);
/* "Wave 1 of 4: Income Phase". */
const char *spk_wave_section_get_header     (SpkWaveSection *self);
const char *spk_wave_section_get_phase_text (SpkWaveSection *self);
/* The line under the phase naming a rule reading that is not the
 * official one (docs/rulings.md, W-5); NULL while every reading is. */
const char *spk_wave_section_get_reading_text (SpkWaveSection *self);

G_END_DECLS
