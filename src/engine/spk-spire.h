/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-spire.h: spire maths: where one may be built, what upgrades cost,
 * and which spires fire at whom on a faction's turn. */
#pragma once

#include "spk-grid.h"

G_BEGIN_DECLS

#define SPK_SPIRE_ERROR (spk_spire_error_quark ())

typedef enum {
  SPK_SPIRE_ERROR_UNKNOWN_CHIP,
  SPK_SPIRE_ERROR_NOT_A_SPIRE,
  SPK_SPIRE_ERROR_UNKNOWN_FACTION,
} SpkSpireError;

GQuark      spk_spire_error_quark   (void);

/* Dice a spire rolls when it fires: one per attack upgrade. */
int         spk_spire_attack        (const SpkChip *spire);

/* How far a spire reaches: 1 plus one per range upgrade. */
int         spk_spire_range         (const SpkChip *spire);

/* How far a unit attacks and retaliates: N for a unit with the "N Range"
 * talent plus one per range upgrade, 1 (adjacent) without the talent. */
int         spk_unit_range          (const SpkChip *unit);

/* ---- Upgrade costs --------------------------------------------------- */

#define SPK_UPGRADE_OVER_CAPACITY (-1)

/* Source to add one @kind upgrade to a spire that has @upgrades upgrades and
 * an upgrade capacity of @capacity: range and attack cost the count after
 * adding, fortification 2. SPK_UPGRADE_OVER_CAPACITY when the spire would
 * go beyond its capacity (including a spire already above it). */
int         spk_spire_upgrade_cost  (int        upgrades,
                                     int        capacity,
                                     SpkUpgrade kind);

/* Prices @plan in order, each upgrade added at the bottom before the next
 * is priced. @costs (room for @n_plan) gets each price or
 * SPK_UPGRADE_OVER_CAPACITY; an upgrade over capacity is not added. Returns
 * the total of the upgrades that fit. */
int         spk_spire_plan_cost     (const SpkChip    *spire,
                                     const SpkUpgrade *plan,
                                     guint             n_plan,
                                     int              *costs);

/* ---- Construction ---------------------------------------------------- */

typedef enum {
  SPK_BUILD_OK,
  SPK_BUILD_AT_LIMIT,       /* the faction already has its spire limit in play */
  SPK_BUILD_NO_WELL,        /* sky, a gate, or no Source well on the top layer */
  SPK_BUILD_OCCUPIED,       /* a chip covers the well */
  SPK_BUILD_OTHER_FORTRESS, /* another faction's fortress well */
  SPK_BUILD_NO_INFLUENCE,   /* the hex is outside the faction's influence */
} SpkBuildCheck;

/* May @faction construct a spire at @hex? With @spire_reward the influence
 * requirement is dropped (a spire reward), nothing else is. */
SpkBuildCheck spk_spire_build_check (const SpkGrid *grid,
                                     const char    *faction,
                                     SpkHex         hex,
                                     gboolean       spire_reward);

/* ---- Spires fire ----------------------------------------------------- */

typedef struct {
  char      *spire;     /* chip id */
  int        dice;
  int        range;
  GPtrArray *targets;   /* of char*: unit ids in range, in table order */
} SpkSpireFire;

void        spk_spire_fire_free     (SpkSpireFire *fire);

/* TRUE when @spire may pick @unit as a target at all: a unit with Flying
 * only by a spire with Air Defense or Flying. Range is not checked. */
gboolean    spk_spire_may_target    (const SpkChip *spire,
                                     const SpkChip *unit);

/* Cells reachable from @from in at most @steps steps over cells (never sky);
 * @out gets TRUE per cell index within reach. */
void        spk_grid_within         (const SpkGrid *grid,
                                     int            from,
                                     int            steps,
                                     gboolean      *out);

/* Hexes from @from to every cell, counted over cells and never over sky
 * (-1 where there is no way); one int per cell, free with g_free. */
int        *spk_grid_distances      (const SpkGrid *grid,
                                     int            from);

/* One entry (SpkSpireFire*) per spire in play that opposes
 * @active_faction and has at least one attack upgrade, in table order.
 * Targets are @active_faction's active units standing on the board. A
 * spire with a friendly Spire Shot hero on it does not fire (R-talent-5). */
GPtrArray  *spk_spires_fire         (const SpkBoard *board,
                                     const char     *active_faction,
                                     GError        **error);

GPtrArray  *spk_spires_fire_grid    (const SpkGrid  *grid,
                                     const char     *active_faction,
                                     GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkSpireFire, spk_spire_fire_free)

G_END_DECLS
