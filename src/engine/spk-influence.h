/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-influence.h: which hex groups and hexes a faction has influence over,
 * and where it may build a spire.
 *
 * Rulings used here are in docs/rulings.md, "Influence, spires and damage":
 * every layer's hex group takes part in group adjacency, a spire belongs to
 * the group of the hex it stands on (the top layer), and influence over a
 * hex follows the group of its bottom layer.
 */
#pragma once

#include "spk-grid.h"

G_BEGIN_DECLS

#define SPK_INFLUENCE_ERROR (spk_influence_error_quark ())

typedef enum {
  SPK_INFLUENCE_ERROR_UNKNOWN_FACTION,
} SpkInfluenceError;

typedef struct {
  char      *faction;
  GPtrArray *groups;          /* of char*: hex groups under influence, sorted */
  GArray    *hexes;           /* of SpkHex: hexes and own fortress wells under
                               * influence, sorted by q then r */
  GArray    *buildable_wells; /* of SpkHex: where a spire may be constructed
                               * now (empty at the spire limit) */
  GArray    *reward_wells;    /* of SpkHex: where a spire reward could place a
                               * spire, influence ignored: the hexes (not
                               * fortress wells) with a Source well on top and
                               * an opposing unit, spire or landmark minion on
                               * it (R-spire-8); empty at the limit */
  int        spires_in_play;
  int        spire_limit;
} SpkInfluence;

GQuark        spk_influence_error_quark (void);

/* Influence of @faction on @board. NULL with SPK_INFLUENCE_ERROR_UNKNOWN_FACTION
 * when the board has no such faction. */
SpkInfluence *spk_influence_compute      (const SpkBoard *board,
                                          const char     *faction,
                                          GError        **error);

/* The same over a grid already built for the board (hot paths). */
SpkInfluence *spk_influence_compute_grid (const SpkGrid  *grid,
                                          const char     *faction,
                                          GError        **error);

void          spk_influence_free         (SpkInfluence   *influence);

/* Fills @groups (one gboolean per entry of grid->groups) with the groups
 * @faction has influence over. */
void          spk_influence_mark_groups  (const SpkGrid  *grid,
                                          const char     *faction,
                                          gboolean       *groups);

/* TRUE when @faction has influence over grid cell @cell, given the groups
 * marked by spk_influence_mark_groups(): hexes by their bottom layer's
 * group, fortress wells only for their own faction, gates never. */
gboolean      spk_influence_over_cell    (const SpkGrid  *grid,
                                          const char     *faction,
                                          const gboolean *groups,
                                          int             cell);

/* Spires of @faction in play (standing on the board). */
int           spk_influence_count_spires (const SpkBoard *board,
                                          const char     *faction);

/* The group holding the spire or other chip standing on @cell for the
 * influence rules: the group of the cell's top layer, -1 on fortress cells. */
int           spk_influence_group_of_cell (const SpkGrid *grid,
                                           int            cell);

/* Writes to @out (room for @max) the distinct hex groups with a hex on
 * @cell on any layer, bottom first, top second, and returns how many. */
guint         spk_influence_cell_groups  (const SpkGrid  *grid,
                                          int             cell,
                                          int            *out,
                                          guint           max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkInfluence, spk_influence_free)

G_END_DECLS
