/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-codex-section.h: the Tracker's board for a Codex table: the turn and
 * phase with Next Phase and End Turn, and per player the base, gold (of
 * 20), workers, hand, tech buildings, add-on, heroes and patrol zone, with
 * a button per action. Each button's sensitivity and tooltip come from the
 * model's dry run of its action, so a refused action shows the model's
 * reason. Every click is one model action (undo, log and autosave as for
 * any step). */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_CODEX_SECTION (spk_codex_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkCodexSection, spk_codex_section, SPK, CODEX_SECTION, AdwBin)

/* The Codex table it shows; NULL or a Cloudspire table shows nothing. */
void        spk_codex_section_set_table       (SpkCodexSection *self,
                                               SpkTable        *table);
/* Next Phase, as its button (Ctrl+Return through the Tracker page). */
void        spk_codex_section_next_phase      (SpkCodexSection *self);
/* "Turn 2: Main Phase". */
const char *spk_codex_section_get_header      (SpkCodexSection *self);
/* What a player's card says, one line per fact (for tests and the log). */
char       *spk_codex_section_get_player_text (SpkCodexSection *self,
                                               guint            player);
/* A button for tests: a player's "hire", "tech", "damage", "repair",
 * "bounty", "add-hero", "play", "addon", "patrol", "destroy", "gold", "hand", or "hero:N"
 * (summon or level hero N from 0); "next-phase" and "end-turn". */
GtkWidget  *spk_codex_section_get_button      (SpkCodexSection *self,
                                               guint            player,
                                               const char      *what);

G_END_DECLS
