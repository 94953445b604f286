/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-codex.h: the actions of a Codex table (spk_table_get_game is
 * "codex").
 *
 * Each goes the way of every SpkTable action: the rule of spk-codex.h is
 * applied to a copy, the table file's validation reads the result back,
 * and one step is recorded with a label for the log (undo, redo, autosave
 * and dry runs as for Cloudspire). A refusal is an SPK_CODEX_ERROR from
 * the engine, or SPK_TABLE_ACTION_ERROR_WRONG_GAME at a Cloudspire table;
 * the table is then unchanged. Players are seats (0 = the first player). */
#pragma once

#include "spk-codex.h"
#include "spk-table.h"

G_BEGIN_DECLS

/* A new Codex table (no history) for the players @names in turn order;
 * @specs (may be NULL, or one entry per player, NULL or "" for none) are
 * the players' words for their specs and starting decks; @multicolor (may
 * be NULL, or one per player) marks a team of several hero colours, whose
 * first tech building or add-on costs 1 gold more. */
SpkTable       *spk_table_new_codex   (SpkCodexMode mode, const char *const *names,
                                       const char *const *specs, const gboolean *multicolor,
                                       GError **error);

/* The Codex state, NULL at a Cloudspire table. Replaced by every change. */
const SpkCodex *spk_table_get_codex   (SpkTable *self);

gboolean spk_table_codex_hire_worker  (SpkTable *self, guint player, GError **error);
/* A card from the hand played for @cost gold; @card (may be NULL) names it
 * in the log. */
gboolean spk_table_codex_play_card    (SpkTable *self, guint player, int cost, const char *card,
                                       GError **error);
gboolean spk_table_codex_build_tech   (SpkTable *self, guint player, int level, GError **error);
/* R-codex-1: the manual gives no add-on prices, so the player says @cost. */
gboolean spk_table_codex_build_addon  (SpkTable *self, guint player, SpkCodexAddon addon,
                                       int cost, GError **error);
/* Puts a hero in @player's command zone (set-up, or a hero chosen later). */
gboolean spk_table_codex_add_hero     (SpkTable *self, guint player, const char *name, int cost,
                                       int mid, int max, GError **error);
gboolean spk_table_codex_summon_hero  (SpkTable *self, guint player, guint hero, GError **error);
gboolean spk_table_codex_level_hero   (SpkTable *self, guint player, guint hero, int levels,
                                       GError **error);
gboolean spk_table_codex_destroy_hero (SpkTable *self, guint player, guint hero, GError **error);
gboolean spk_table_codex_award_levels (SpkTable *self, guint player, guint hero, GError **error);
gboolean spk_table_codex_damage_base  (SpkTable *self, guint base, int amount, const char *reason,
                                       GError **error);
gboolean spk_table_codex_destroy_tech (SpkTable *self, guint player, int level, GError **error);
gboolean spk_table_codex_destroy_addon (SpkTable *self, guint player, GError **error);
gboolean spk_table_codex_repair_base  (SpkTable *self, guint player, GError **error);
gboolean spk_table_codex_bounty       (SpkTable *self, guint player, GError **error);
gboolean spk_table_codex_gain_gold    (SpkTable *self, guint player, int amount,
                                       const char *reason, GError **error);
gboolean spk_table_codex_set_hand     (SpkTable *self, guint player, int hand, GError **error);
/* @name NULL or "" empties the slot. */
gboolean spk_table_codex_set_patrol   (SpkTable *self, guint player, SpkCodexSlot slot,
                                       const char *name, GError **error);
/* The next phase, with what it applies (upkeep, draw, the tech pick, the
 * end of the turn) written into the log label. */
gboolean spk_table_codex_next_phase   (SpkTable *self, GError **error);
/* From the Main Phase on: the rest of the turn in one step. */
gboolean spk_table_codex_end_turn     (SpkTable *self, GError **error);

G_END_DECLS
