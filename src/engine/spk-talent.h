/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-talent.h: which talents the engine applies, and the board-aware
 * talent rules that more than one engine file needs.
 *
 * Talents are stored on chips by name (spk-board.h). A talent either
 * changes what the engine computes (movement options, attack targets,
 * damage, spire fire, damage after a move) and is applied there, or it needs dice, a player's
 * choice or something the table does not track and is only a reminder.
 * docs/talents.md lists them with the function and the test of each;
 * rulings are R-talent-N in docs/rulings.md.
 */
#pragma once

#include "spk-board.h"

G_BEGIN_DECLS

typedef enum {
  SPK_TALENT_UNKNOWN,   /* not in the list: neither applied nor explained */
  SPK_TALENT_APPLIED,   /* the engine applies it */
  SPK_TALENT_REMINDER,  /* the players apply it; the app reminds them */
} SpkTalentUse;

typedef struct {
  const char   *name;        /* as printed, e.g. "Air Defense"; "# Range" */
  const char   *glossary_id; /* entry of the rules pack, e.g. "talent-engage" */
  SpkTalentUse  use;
  const char   *applied;     /* untranslated: what the app does with it (an
                              * applied talent) or leaves to the players */
} SpkTalentInfo;

/* How close an opposing hero must be for Challenge to bind it. */
#define SPK_CHALLENGE_REACH 3

/* The entry for @talent (case-insensitive; "2 Range" finds "# Range"), or
 * NULL when the app does not know it. */
const SpkTalentInfo *spk_talent_lookup      (const char *talent);

/* Every known talent, NULL-terminated, in the order of docs/talents.md. */
const SpkTalentInfo *spk_talent_list        (guint *n_talents);

/* The translated sentence of @info->applied. */
const char          *spk_talent_use_text    (const SpkTalentInfo *info);

/* The friendly spire @hero stands on with Spire Shot, or NULL: a placed
 * hero with the talent on the hex of a placed spire of its faction or a
 * teammate's (R-talent-5). */
const SpkChip       *spk_talent_spire_shot  (const SpkBoard *board,
                                             const SpkChip  *hero);

/* Whether @hero may share a hex with @spire (R-talent-5): a hero with
 * Spire Shot on a spire of its faction or a teammate's. Where the spire
 * stands (not on a fortress well) is for the caller to check. */
gboolean             spk_talent_may_stand_on (const SpkBoard *board,
                                              const SpkChip  *hero,
                                              const SpkChip  *spire);

/* A spire with a friendly Spire Shot hero on it is inactive. */
gboolean             spk_spire_shot_inactive (const SpkBoard *board,
                                              const SpkChip  *spire);

/* How far @unit attacks and retaliates on @board: spk_unit_range, plus 1
 * while it uses Spire Shot on a friendly spire. */
int                  spk_unit_reach         (const SpkBoard *board,
                                             const SpkChip  *unit);

/* Impale (R-talent-8): the ids of the units @mover, now standing at @to
 * after a move that began at @from, deals 1 damage to: every placed,
 * active opposing unit (a revealed landmark minion included) next to @to
 * that was not next to @from. Empty without the talent. Free with
 * g_ptr_array_unref. */
GPtrArray           *spk_talent_impale_targets (const SpkBoard *board,
                                                const SpkChip  *mover,
                                                SpkHex          from,
                                                SpkHex          to);

G_END_DECLS
