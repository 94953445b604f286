/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-test-board.h: random, valid tables for property tests and benchmarks.
 *
 * The boards follow every rule of the table file (they load and save
 * cleanly), but are otherwise arbitrary: isles of random shape and terrain,
 * sky holes, fortresses spread round the edge, units, spires on wells and
 * landmarks in random places. The same seed always gives the same board.
 */
#pragma once

#include "spk-board.h"

G_BEGIN_DECLS

typedef struct {
  int      players;       /* 2..4 */
  int      hexes;         /* roughly how many hexes (isle cells) */
  int      units;         /* minions and heroes, on the board or stacked */
  int      spires;        /* at most one per well */
  int      landmarks;
  double   sky_fraction;  /* 0..0.5: share of the region left as sky holes */
  gboolean teams;         /* 4 players: two teams of two */
  gboolean layers;        /* lay a few earthscapes on top of isles */
} SpkTestBoardSpec;

/* A 400-hex, 4-player board with 60 units, the benchmark size. */
#define SPK_TEST_BOARD_SPEC_BENCH \
  ((SpkTestBoardSpec) { 4, 400, 60, 16, 10, 0.08, FALSE, TRUE })

SpkBoard *spk_test_board_random (guint32 seed, const SpkTestBoardSpec *spec);

/* Makes @b (two factions, "brawnen" first) a 3-player table in the Event
 * Phase of wave 2, "narora" added, whose brawnen gate fell with four
 * structures (Forge, Barracks, Gateport, Quarry) at level 1: the repair
 * gives up three of the four, the player's choice (R-repair-1). */
void      spk_test_board_repair_tie (SpkBoard *b);

G_END_DECLS
