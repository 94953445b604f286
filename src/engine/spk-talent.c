/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-talent.h"

#include <glib/gi18n-lib.h>

#include "spk-movement.h"
#include "spk-spire.h"

/* The talents of the roster plus the ones issue 14 names; docs/talents.md
 * gives the reasons and the tests. */
static const SpkTalentInfo talents[] = {
  { "# Range", "range", SPK_TALENT_APPLIED,
    N_("Applied: attack and retaliation reach N plus range upgrades.") },
  { "Flying", "talent-flying", SPK_TALENT_APPLIED,
    N_("Applied: only Flying or Air Defense attackers and spires may target it.") },
  { "Air Defense", "talent-air-defense", SPK_TALENT_APPLIED,
    N_("Applied: it may target Flying units.") },
  { "Incorporeal", "talent-incorporeal", SPK_TALENT_APPLIED,
    N_("Applied: moves through opposing units, never ends on them.") },
  { "Challenge", "talent-challenge", SPK_TALENT_APPLIED,
    N_("Applied: opposing heroes 3 hexes or closer may attack only it.") },
  { "Engage", "talent-engage", SPK_TALENT_APPLIED,
    N_("Applied: opposing units that can attack it must attack it.") },
  { "Hunter", "talent-hunter", SPK_TALENT_APPLIED,
    N_("Applied: +1 damage on attacks against landmarks.") },
  { "Rooted", "talent-rooted", SPK_TALENT_APPLIED,
    N_("Applied: next to a spire it may stay instead of moving.") },
  { "Spire Shot", "talent-spire-shot", SPK_TALENT_APPLIED,
    N_("Applied: on a friendly spire its reach grows by 1 and the spire does not fire.") },
  { "Impale", "talent-impale", SPK_TALENT_APPLIED,
    N_("Applied: after its move, 1 damage to each opposing unit it newly stands next to.") },
  { "Foreboding", "talent-foreboding", SPK_TALENT_REMINDER,
    N_("Reminder: reveal it when it is explored.") },
  { "Relentless", "talent-relentless", SPK_TALENT_REMINDER,
    N_("Reminder: roll its retaliation and enter the total when attacking it.") },
  { "Survival", "talent-survival", SPK_TALENT_REMINDER,
    N_("Reminder: if it neither moved nor attacked, it may recover 1 health at the end of the turn.") },
  { "Tough", "talent-tough", SPK_TALENT_REMINDER,
    N_("Reminder: retaliation on it is reduced; enter the reduced retaliation.") },
  { "Toxic Secretion", "talent-toxic-secretion", SPK_TALENT_REMINDER,
    N_("Reminder: opposing units moving next to it take damage (Damage, not an attack).") },
};

const SpkTalentInfo *
spk_talent_lookup (const char *talent)
{
  if (talent == NULL)
    return NULL;
  if (spk_talent_range (talent) > 0)
    return &talents[0];
  for (guint i = 0; i < G_N_ELEMENTS (talents); i++)
    if (g_ascii_strcasecmp (talents[i].name, talent) == 0)
      return &talents[i];
  return NULL;
}

const SpkTalentInfo *
spk_talent_list (guint *n_talents)
{
  if (n_talents != NULL)
    *n_talents = G_N_ELEMENTS (talents);
  return talents;
}

const char *
spk_talent_use_text (const SpkTalentInfo *info)
{
  return info != NULL ? _(info->applied) : "";
}

gboolean
spk_talent_may_stand_on (const SpkBoard *board, const SpkChip *hero, const SpkChip *spire)
{
  return hero->kind == SPK_CHIP_HERO && spire->kind == SPK_CHIP_SPIRE &&
         spk_chip_has_talent (hero, "Spire Shot") &&
         spk_board_friendly (board, spire->faction, hero->faction);
}

const SpkChip *
spk_talent_spire_shot (const SpkBoard *board, const SpkChip *hero)
{
  if (hero->kind != SPK_CHIP_HERO || !hero->placed || !spk_chip_has_talent (hero, "Spire Shot"))
    return NULL;
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      if (c->kind == SPK_CHIP_SPIRE && c->placed && c->q == hero->q && c->r == hero->r
          && spk_board_friendly (board, c->faction, hero->faction))
        return c;
    }
  return NULL;
}

gboolean
spk_spire_shot_inactive (const SpkBoard *board, const SpkChip *spire)
{
  if (spire->kind != SPK_CHIP_SPIRE || !spire->placed)
    return FALSE;
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      if (c->kind == SPK_CHIP_HERO && c->q == spire->q && c->r == spire->r
          && spk_talent_spire_shot (board, c) == spire)
        return TRUE;
    }
  return FALSE;
}

int
spk_unit_reach (const SpkBoard *board, const SpkChip *unit)
{
  return spk_unit_range (unit) + (spk_talent_spire_shot (board, unit) != NULL ? 1 : 0);
}

GPtrArray *
spk_talent_impale_targets (const SpkBoard *board, const SpkChip *mover, SpkHex from, SpkHex to)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  if (!spk_chip_has_talent (mover, "Impale"))
    return out;
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);
      SpkHex at = spk_hex_make (c->q, c->r);
      gboolean unit = spk_chip_is_unit (c) || (c->kind == SPK_CHIP_LANDMARK && c->landmark_minion
                                               && c->revealed && c->health > 0);

      if (c == mover || !unit || !c->placed || !c->active
          || (c->faction != NULL && mover->faction != NULL
              && spk_board_friendly (board, c->faction, mover->faction)))
        continue;
      if (spk_hex_distance (at, to) == 1 && spk_hex_distance (at, from) != 1)
        g_ptr_array_add (out, g_strdup (c->id));
    }
  return out;
}
