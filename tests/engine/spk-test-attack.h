/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-test-attack.h: a board and lookups shared by the attack and talent
 * tests. */
#pragma once

#include "spk-attack.h"

G_BEGIN_DECLS

/* A straight path from (-3, 0) to (5, 0) with a Source well at (2, 0),
 * red's gate at (-4, 0) and blue's at (6, 0); factions red and blue
 * marking each other, and green (mark red) for 3 players or more. */
SpkBoard               *spk_ta_line_board  (int players);

/* Adds a placed unit (or landmark) at (@q, 0) with @health and @attack. */
SpkChip                *spk_ta_unit        (SpkBoard *b, const char *id, SpkChipKind kind,
                                            const char *faction, int q, int health, int attack);

/* The target ids of @o, space separated. */
char                   *spk_ta_target_list (const SpkAttackOptions *o);

/* The target or refusal of @o for @target; aborts the test when absent. */
const SpkAttackOutcome *spk_ta_outcome     (const SpkAttackOptions *o, const char *target);
const SpkAttackRefusal *spk_ta_refusal     (const SpkAttackOptions *o, const char *target);

G_END_DECLS
