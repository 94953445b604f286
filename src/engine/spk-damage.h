/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-damage.h: what one instance of damage does to a unit, a spire, a
 * landmark with health or a fortress gate.
 *
 * Nothing here changes the board: each function returns the state after
 * the damage and what it took away, and the model applies it.
 */
#pragma once

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_DAMAGE_ERROR (spk_damage_error_quark ())

typedef enum {
  SPK_DAMAGE_ERROR_UNKNOWN_TARGET,  /* no chip or faction with that id */
  SPK_DAMAGE_ERROR_NEGATIVE,        /* damage below 0 */
  SPK_DAMAGE_ERROR_NOT_DAMAGEABLE,  /* a landmark without health, or a
                                     * minion grouped under another */
  SPK_DAMAGE_ERROR_INACTIVE,        /* a hero in campfire mode, or a unit in a
                                     * deployment stack below its top */
} SpkDamageError;

typedef struct {
  SpkChip  *chip;              /* copy of the chip after the damage; NULL for a gate */
  SpkChip  *revealed;          /* the grouped minion now on top at full health, or NULL */
  GArray   *removed_upgrades;  /* of SpkUpgrade taken off by this damage */
  int       health_removed;    /* health chips taken off (units, landmarks, gates) */
  int       gate_health;       /* gates: health after the damage; otherwise 0 */
  int       retaliation;       /* damage the target deals back for it: a gate's 1 */
  gboolean  defeated;
} SpkDamageResult;

GQuark           spk_damage_error_quark (void);

void             spk_damage_result_free (SpkDamageResult *result);

/* A spire: at least 1 damage takes the bottom upgrade when it is attack or
 * range, a bottom fortification needs at least 2; one upgrade at most. */
SpkDamageResult *spk_damage_spire       (const SpkChip  *spire,
                                         int             amount);

/* A unit: each fortification upgrade takes one point in place of a health
 * chip, the rest removes health. When a grouped minion falls, the next one
 * in its group (looked up on @board, which may be NULL for an ungrouped
 * unit) is revealed at its full health on the same place; extra damage is
 * lost. */
SpkDamageResult *spk_damage_unit        (const SpkBoard *board,
                                         const SpkChip  *unit,
                                         int             amount);

/* A landmark with health: it loses health; a landmark minion losing its
 * last health is defeated, any other landmark never is (R-attack-5). */
SpkDamageResult *spk_damage_landmark    (const SpkChip  *landmark,
                                         int             amount);

/* A fortress gate at @gate_health: it loses health (not below 0), is
 * defeated when this damage takes its last health (a gate already at 0 is
 * not defeated again, R-attack-4), and retaliates for 1 in any case. */
SpkDamageResult *spk_damage_gate        (int             gate_health,
                                         int             amount);

/* Damage to the chip @chip_id on @board, whatever its kind. */
SpkDamageResult *spk_damage_chip        (const SpkBoard *board,
                                         const char     *chip_id,
                                         int             amount,
                                         GError        **error);

/* Damage to @faction's fortress gate on @board. */
SpkDamageResult *spk_damage_faction_gate (const SpkBoard *board,
                                          const char     *faction,
                                          int             amount,
                                          GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkDamageResult, spk_damage_result_free)

G_END_DECLS
