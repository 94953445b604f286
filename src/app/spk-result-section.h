/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-result-section.h: the end of the game on the Tracker page: the
 * winners and what decided it (the last gate standing, a team's gate, or
 * fortress power and its tiebreaks, RB Winning the Game). Hidden while
 * the game goes on. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_RESULT_SECTION (spk_result_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkResultSection, spk_result_section, SPK, RESULT_SECTION, AdwBin)

/* The table it reads; it refreshes on "recorded". */
void        spk_result_section_set_table    (SpkResultSection *self,
                                             SpkTable         *table);
/* The result as shown, or NULL while the game goes on. */
const char *spk_result_section_get_text     (SpkResultSection *self);

G_END_DECLS
