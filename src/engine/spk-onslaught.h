/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-onslaught.h: when the Onslaught Phase changes by itself.
 *
 * Two questions the table asks after every Onslaught step: is the wave
 * over (no faction minion left in play), and has campfire mode begun (only
 * mutually friendly factions still have units in play)? docs/rulings.md,
 * "Campfire mode and the end of the wave" (W-1 to W-4).
 */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

/* Minions of a faction in play: on the board, in a deployment stack, or
 * grouped under one of those (W-1). Landmark minions belong to no faction
 * and do not count. */
guint      spk_faction_minions_in_play (const SpkBoard *board);

/* TRUE when no faction minion is in play: the Onslaught is over. */
gboolean   spk_wave_over               (const SpkBoard *board);

/* The factions whose heroes go into campfire mode at the start of a turn
 * (W-2): when every faction with units in play (on the board or in a
 * deployment stack) is friendly to every other, those factions, in table
 * order; otherwise, or when no faction has units in play, an empty array.
 * That is the errata's reading; a board that plays by the printed rule
 * (board->campfire_rule, W-5) names a faction only when it is the one
 * faction with units in play. Free with g_ptr_array_unref; the strings
 * are borrowed from @board. */
GPtrArray *spk_campfire_factions       (const SpkBoard *board);

/* The reading's name in a table file ("no-opposing", "one-faction"), and
 * back: FALSE for a name that is neither. */
const char *spk_campfire_rule_to_string   (SpkCampfireRule rule);
gboolean    spk_campfire_rule_from_string (const char      *name,
                                           SpkCampfireRule *rule);

G_END_DECLS
