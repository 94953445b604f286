/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-test-builder.h: small hand-made boards for the engine rule tests. */
#pragma once

#include "spk-board.h"

G_BEGIN_DECLS

/* A board for @players players and no factions yet. */
SpkBoard *spk_tb_new       (int players);

/* Adds a faction; @team may be NULL. */
void      spk_tb_faction   (SpkBoard *b, const char *id, const char *mark, const char *team);

/* Adds hexes of @group on @layer: @spec is "q,r,T[w] q,r,T[w] ...", T one
 * of p (path), l (plains), f (forest), m (mountains), w (water), and a
 * trailing '*' marks a Source well, e.g. "0,0,p -1,0,f*". */
void      spk_tb_hexes     (SpkBoard *b, const char *group, int layer, const char *spec);

/* Adds @faction's fortress: the gate and "q,r q,r" wells. */
void      spk_tb_fortress  (SpkBoard *b, const char *faction, int gq, int gr, const char *wells);

/* Adds a placed chip and returns it (owned by the board). @upgrades is a
 * comma-separated list, top first, or NULL. */
SpkChip  *spk_tb_chip      (SpkBoard *b, const char *id, SpkChipKind kind,
                            const char *faction, int q, int r, const char *upgrades);

/* Adds a talent to @chip. */
void      spk_tb_talent    (SpkChip *chip, const char *talent);

/* "spire/dice/range/target,target;..." for a spk_spires_fire() answer. */
char     *spk_tb_fire_text (GPtrArray *fires);

G_END_DECLS
