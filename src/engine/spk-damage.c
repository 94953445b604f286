/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-damage.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (spk-damage-error-quark, spk_damage_error)

/* A fortification at the bottom of a spire holds against smaller hits. */
#define SPIRE_FORTIFICATION_THRESHOLD 2
#define GATE_RETALIATION 1

static SpkDamageResult *
result_new (const SpkChip *chip)
{
  SpkDamageResult *r = g_new0 (SpkDamageResult, 1);

  r->chip = chip != NULL ? spk_chip_copy (chip) : NULL;
  r->removed_upgrades = g_array_new (FALSE, FALSE, sizeof (SpkUpgrade));
  return r;
}

void
spk_damage_result_free (SpkDamageResult *r)
{
  if (r == NULL)
    return;
  g_clear_pointer (&r->chip, spk_chip_free);
  g_clear_pointer (&r->revealed, spk_chip_free);
  g_array_unref (r->removed_upgrades);
  g_free (r);
}

SpkDamageResult *
spk_damage_spire (const SpkChip *spire, int amount)
{
  SpkDamageResult *r = result_new (spire);
  GArray *ups = r->chip->upgrades;
  SpkUpgrade bottom;

  if (amount < 1)
    return r;
  if (ups->len == 0)
    {
      /* Nothing holds it up any more (a spire is defeated on losing its
       * last upgrade; one listed without any is taken as already gone). */
      r->defeated = TRUE;
      return r;
    }
  bottom = g_array_index (ups, SpkUpgrade, ups->len - 1);
  if (bottom == SPK_UPGRADE_FORTIFICATION && amount < SPIRE_FORTIFICATION_THRESHOLD)
    return r;
  g_array_append_val (r->removed_upgrades, bottom);
  g_array_remove_index (ups, ups->len - 1);
  r->defeated = ups->len == 0;
  return r;
}

static SpkChip *
reveal_next (const SpkBoard *board, const SpkChip *top)
{
  const SpkChip *next;
  SpkChip *c;

  if (board == NULL || top->grouped->len == 0)
    return NULL;
  next = spk_board_find_chip (board, g_ptr_array_index (top->grouped, 0));
  if (next == NULL)
    return NULL;
  c = spk_chip_copy (next);
  /* It takes the fallen minion's place and point in the turn, with fresh
   * health chips for its own health stat. */
  c->placed = top->placed;
  c->q = top->q;
  c->r = top->r;
  c->moved = top->moved;
  c->attacked = top->attacked;
  c->retaliated = top->retaliated;
  c->active = TRUE;
  c->health = c->max_health > 0 ? c->max_health : c->health;
  g_ptr_array_set_size (c->grouped, 0);
  for (guint i = 1; i < top->grouped->len; i++)
    g_ptr_array_add (c->grouped, g_strdup (g_ptr_array_index (top->grouped, i)));
  return c;
}

SpkDamageResult *
spk_damage_unit (const SpkBoard *board, const SpkChip *unit, int amount)
{
  SpkDamageResult *r = result_new (unit);
  GArray *ups = r->chip->upgrades;
  int left = MAX (amount, 0);

  /* Each fortification stands in for the next health chip to go. */
  for (guint i = ups->len; i > 0 && left > 0; i--)
    if (g_array_index (ups, SpkUpgrade, i - 1) == SPK_UPGRADE_FORTIFICATION)
      {
        SpkUpgrade f = SPK_UPGRADE_FORTIFICATION;

        g_array_append_val (r->removed_upgrades, f);
        g_array_remove_index (ups, i - 1);
        left--;
      }
  if (left == 0)
    return r;

  r->health_removed = MIN (left, MAX (r->chip->health, 0));
  r->chip->health = MAX (r->chip->health - left, 0);
  r->defeated = r->chip->health == 0;
  if (r->defeated && r->chip->kind == SPK_CHIP_MINION)
    r->revealed = reveal_next (board, unit);
  return r;
}

SpkDamageResult *
spk_damage_landmark (const SpkChip *landmark, int amount)
{
  SpkDamageResult *r = result_new (landmark);
  int left = MAX (amount, 0);

  r->health_removed = MIN (left, MAX (r->chip->health, 0));
  r->chip->health -= r->health_removed;
  r->defeated = landmark->landmark_minion && r->health_removed > 0 && r->chip->health == 0;
  return r;
}

SpkDamageResult *
spk_damage_gate (int gate_health, int amount)
{
  SpkDamageResult *r = result_new (NULL);
  int left = MAX (amount, 0);

  r->health_removed = MIN (left, MAX (gate_health, 0));
  r->gate_health = MAX (gate_health - left, 0);
  /* A fallen gate hit again stays fallen: no second defeat, no second
   * pillage. */
  r->defeated = gate_health > 0 && r->gate_health == 0;
  r->retaliation = GATE_RETALIATION;
  return r;
}

static gboolean
check_amount (int amount, GError **error)
{
  if (amount >= 0)
    return TRUE;
  g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NEGATIVE,
               _("Damage of %d is below 0; give 0 or more"), amount);
  return FALSE;
}

static const SpkChip *
grouped_under (const SpkBoard *board, const char *id)
{
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      for (guint g = 0; g < c->grouped->len; g++)
        if (g_strcmp0 (g_ptr_array_index (c->grouped, g), id) == 0)
          return c;
    }
  return NULL;
}

/* Units in a deployment stack are inactive, but the top one may take an
 * attack on its gate (Attacking and Defending a Fortress Gate). */
static gboolean
stack_top_unit (const SpkBoard *board, const char *id)
{
  for (guint i = 0; i < board->deployment->len; i++)
    {
      const SpkDeployment *d = g_ptr_array_index (board->deployment, i);

      if (d->stack->len > 0 && g_strcmp0 (g_ptr_array_index (d->stack, 0), id) == 0)
        return TRUE;
    }
  return FALSE;
}

SpkDamageResult *
spk_damage_chip (const SpkBoard *board, const char *chip_id, int amount, GError **error)
{
  const SpkChip *chip = spk_board_find_chip (board, chip_id);
  const SpkChip *top;

  if (chip == NULL)
    {
      g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_UNKNOWN_TARGET,
                   _("The table has no chip “%s”; use an id listed under “chips”"),
                   chip_id != NULL ? chip_id : "");
      return NULL;
    }
  if (!check_amount (amount, error))
    return NULL;
  switch (chip->kind)
    {
    case SPK_CHIP_SPIRE:
      return spk_damage_spire (chip, amount);
    case SPK_CHIP_MINION:
    case SPK_CHIP_HERO:
      top = grouped_under (board, chip->id);
      if (top != NULL)
        {
          g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NOT_DAMAGEABLE,
                       _("“%s” is grouped under “%s” and cannot be damaged; damage the top minion"),
                       chip->id, top->id);
          return NULL;
        }
      if (!chip->placed && !stack_top_unit (board, chip->id))
        {
          g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_INACTIVE,
                       _("%s is inactive off the board; only the top unit of a deployment stack takes damage, when it defends its gate"),
                       chip->id);
          return NULL;
        }
      if (chip->placed && !chip->active)
        {
          g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_INACTIVE,
                       _("%s is inactive (campfire mode) and cannot be damaged"), chip->id);
          return NULL;
        }
      return spk_damage_unit (board, chip, amount);
    case SPK_CHIP_LANDMARK:
    case SPK_N_CHIP_KINDS:
    default:
      if (chip->health <= 0)
        {
          g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_NOT_DAMAGEABLE,
                       _("Landmark “%s” has no health chips and cannot be damaged"),
                       chip->id);
          return NULL;
        }
      return spk_damage_landmark (chip, amount);
    }
}

SpkDamageResult *
spk_damage_faction_gate (const SpkBoard *board, const char *faction, int amount, GError **error)
{
  const SpkFaction *f = spk_board_find_faction (board, faction);

  if (f == NULL || spk_board_find_fortress (board, faction) == NULL)
    {
      g_set_error (error, SPK_DAMAGE_ERROR, SPK_DAMAGE_ERROR_UNKNOWN_TARGET,
                   _("The table has no fortress gate of “%s”; use a faction listed under “fortresses”"),
                   faction != NULL ? faction : "");
      return NULL;
    }
  if (!check_amount (amount, error))
    return NULL;
  return spk_damage_gate (f->gate_health, amount);
}
