/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-attack.h"
#include "spk-onslaught.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-economy.h"
#include "spk-grid.h"
#include "spk-spire.h"
#include "spk-talent.h"

G_DEFINE_QUARK (spk-attack-error-quark, spk_attack_error)

/* A gate's retaliation (Attacking and Defending a Fortress Gate). */
#define GATE_RETALIATION 1
/* Units on a gate are inactive: their "N Range" talent does not help. */
#define STACK_UNIT_REACH 1

void
spk_attack_outcome_free (SpkAttackOutcome *o)
{
  if (o == NULL)
    return;
  g_free (o->target);
  g_free (o->owner);
  g_clear_pointer (&o->hit, spk_damage_result_free);
  g_free (o->retaliator);
  g_clear_pointer (&o->retaliation_hit, spk_damage_result_free);
  g_free (o->level_up);
  g_ptr_array_unref (o->questions);
  g_ptr_array_unref (o->results);
  g_free (o);
}

void
spk_attack_refusal_free (SpkAttackRefusal *r)
{
  if (r == NULL)
    return;
  g_free (r->target);
  g_free (r->why_not);
  g_free (r);
}

void
spk_attack_options_free (SpkAttackOptions *o)
{
  if (o == NULL)
    return;
  g_free (o->attacker);
  g_free (o->why_not);
  g_clear_pointer (&o->targets, g_ptr_array_unref);
  g_clear_pointer (&o->refused, g_ptr_array_unref);
  g_free (o);
}

int
spk_unit_attack (const SpkChip *unit)
{
  return unit->attack + spk_chip_count_upgrades (unit, SPK_UPGRADE_ATTACK);
}

/* The deployment stack @id lies in, or NULL. */
static const SpkDeployment *
stack_of (const SpkBoard *b, const char *id)
{
  for (guint i = 0; i < b->deployment->len; i++)
    {
      const SpkDeployment *d = g_ptr_array_index (b->deployment, i);

      if (g_ptr_array_find_with_equal_func (d->stack, id, g_str_equal, NULL))
        return d;
    }
  return NULL;
}

static const SpkChip *
group_top (const SpkBoard *b, const char *id)
{
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (g_ptr_array_find_with_equal_func (c->grouped, id, g_str_equal, NULL))
        return c;
    }
  return NULL;
}

/* The unit on top of @faction's deployment stack, or NULL. */
static SpkChip *
stack_top (const SpkBoard *b, const char *faction)
{
  const SpkDeployment *d = spk_board_find_deployment (b, faction);

  if (d == NULL || d->stack->len == 0)
    return NULL;
  return spk_board_find_chip (b, g_ptr_array_index (d->stack, 0));
}

/* A landmark nobody controls opposes every faction (Landmark Minion,
 * Opposing); anything else opposes the factions that are not friendly. */
static gboolean
opposes (const SpkBoard *b, const char *faction, const char *other)
{
  if (faction == NULL || other == NULL)
    return TRUE;
  return !spk_board_friendly (b, faction, other);
}

/* Why @a cannot attack at all, or NULL when it may. */
static char *
attacker_why_not (const SpkBoard *b, const SpkChip *a, SpkAttackError *code)
{
  const SpkChip *top;

  *code = SPK_ATTACK_ERROR_CANNOT_ATTACK;
  if (a->kind == SPK_CHIP_SPIRE)
    return g_strdup (_("spires fire in the spire stage; they do not make unit attacks"));
  if (a->kind == SPK_CHIP_LANDMARK)
    return g_strdup (_("landmarks do not attack; landmark minions only retaliate"));
  if (!a->placed)
    {
      if (stack_of (b, a->id) != NULL)
        return g_strdup (_("inactive: it is in the deployment stack"));
      if ((top = group_top (b, a->id)) != NULL)
        return g_strdup_printf (_("inactive: it is grouped under %s"), spk_chip_label (top));
      return g_strdup (_("it is not on the board"));
    }
  if (!a->active)
    return g_strdup (_("inactive (campfire mode)"));
  if (a->attacked)
    {
      *code = SPK_ATTACK_ERROR_ALREADY_ATTACKED;
      return g_strdup (_("already attacked this turn"));
    }
  if (spk_unit_attack (a) <= 0)
    return g_strdup (_("its attack stat is 0, so it does not attack"));
  return NULL;
}

static char *
distance_why_not (int distance, int range)
{
  if (distance < 0)
    return g_strdup (_("out of reach: only sky lies between"));
  if (range == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "not adjacent (%d hex away, range %d)",
                                         "not adjacent (%d hexes away, range %d)", distance),
                            distance, range);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "out of range (%d hex away, range %d)",
                                       "out of range (%d hexes away, range %d)", distance),
                          distance, range);
}

/* What kind of target @c would be for @a, or FALSE when it is not one to
 * consider at all (friendly, not on the board, a landmark without health). */
static gboolean
candidate_kind (const SpkBoard *b, const SpkChip *a, const SpkChip *c, SpkTargetKind *kind)
{
  if (c == a || !c->placed)
    return FALSE;
  switch (c->kind)
    {
    case SPK_CHIP_MINION:
    case SPK_CHIP_HERO:
      *kind = SPK_TARGET_UNIT;
      return opposes (b, a->faction, c->faction);
    case SPK_CHIP_SPIRE:
      *kind = SPK_TARGET_SPIRE;
      return opposes (b, a->faction, c->faction);
    case SPK_CHIP_LANDMARK:
      *kind = SPK_TARGET_LANDMARK;
      /* Landmarks with health chips may be attacked whoever they belong to
       * unless a faction controls them (R-attack-2). */
      return c->revealed && c->health > 0 && opposes (b, a->faction, c->faction);
    case SPK_N_CHIP_KINDS:
    default:
      return FALSE;
    }
}

/* Why @c (a candidate at @distance) is no target of @a, or NULL. */
static char *
target_why_not (const SpkBoard *b, const SpkChip *a, const SpkChip *c, int distance)
{
  if (spk_chip_is_unit (c) && !c->active)
    return g_strdup (_("inactive (campfire mode): it cannot be attacked"));
  if (spk_chip_has_talent (c, "Flying") && !spk_chip_has_talent (a, "Flying")
      && !spk_chip_has_talent (a, "Air Defense"))
    return g_strdup (_("Flying: only units with Flying or Air Defense may attack it"));
  if (distance < 0 || distance > spk_unit_reach (b, a))
    return distance_why_not (distance, spk_unit_reach (b, a));
  return NULL;
}

/* TRUE when @c (at @distance) is a legal target of @a by itself. */
static gboolean
plain_target (const SpkBoard *b, const SpkChip *a, const SpkChip *c, int distance)
{
  g_autofree char *why = target_why_not (b, a, c, distance);

  return why == NULL;
}

/* Challenge and Engage take the choice of target away (R-talent-1,
 * R-talent-2): an opposing hero 3 hexes or closer to a chip with Challenge
 * may attack only such a chip; otherwise, while a chip with Engage is a
 * legal target, only such chips may be attacked. Returns why @target (a
 * chip; NULL for a gate or the stack on it) is not allowed, or NULL. */
static char *
talent_why_not (const SpkBoard *b, const int *dist, const SpkGrid *grid, const SpkChip *a,
                const SpkChip *target)
{
  const SpkChip *challenger = NULL;
  const SpkChip *engager = NULL;
  gboolean challenged = FALSE;
  gboolean engaged = FALSE;

  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);
      SpkTargetKind kind;
      int cell, d;

      if (!candidate_kind (b, a, c, &kind))
        continue;
      cell = spk_grid_find (grid, (SpkHex) { c->q, c->r });
      d = cell >= 0 ? dist[cell] : -1;
      if (a->kind == SPK_CHIP_HERO && spk_chip_has_talent (c, "Challenge")
          && d >= 0 && d <= SPK_CHALLENGE_REACH)
        {
          challenged = TRUE;
          if (c == target)
            return NULL;
          if (challenger == NULL)
            challenger = c;
        }
      if (spk_chip_has_talent (c, "Engage") && plain_target (b, a, c, d))
        {
          if (c == target)
            engaged = TRUE;
          else if (engager == NULL)
            engager = c;
        }
    }
  if (challenged)
    return g_strdup_printf (_("Challenge: %s is %d hexes or closer, so this hero may attack only it"),
                            spk_chip_label (challenger), SPK_CHALLENGE_REACH);
  if (engager != NULL && !engaged)
    return g_strdup_printf (_("Engage: %s can be attacked, so it must be attacked"),
                            spk_chip_label (engager));
  return NULL;
}

/* ---- Resolving ------------------------------------------------------ */

static SpkAttackOutcome *
outcome_new (const char *target, SpkTargetKind kind, const char *owner, int distance)
{
  SpkAttackOutcome *o = g_new0 (SpkAttackOutcome, 1);

  o->target = g_strdup (target);
  o->kind = kind;
  o->owner = g_strdup (owner);
  o->distance = distance;
  o->questions = g_ptr_array_new_with_free_func (g_free);
  o->results = g_ptr_array_new_with_free_func (g_free);
  return o;
}

static void
say (GPtrArray *list, char *text)
{
  g_ptr_array_add (list, text);
}

static gboolean
needs (GError **error, const char *question)
{
  g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NEEDS_CHOICE,
               _("A choice is needed: %s"), question);
  return FALSE;
}

/* A defeated chip is cleared; the minion grouped under it, when there is
 * one (@revealed, taken), takes its place and its stack entry. */
static void
clear_chip (SpkBoard *b, const char *chip, SpkChip *revealed)
{
  /* @chip may be the id of the very chip freed below. */
  g_autofree char *id = g_strdup (chip);
  int at;

  if (revealed != NULL)
    {
      at = spk_board_chip_index (b, revealed->id);
      spk_chip_free (g_ptr_array_index (b->chips, at));
      g_ptr_array_index (b->chips, at) = revealed;
      for (guint i = 0; i < b->deployment->len; i++)
        {
          SpkDeployment *d = g_ptr_array_index (b->deployment, i);
          guint pos;

          if (g_ptr_array_find_with_equal_func (d->stack, id, g_str_equal, &pos))
            {
              g_free (g_ptr_array_index (d->stack, pos));
              g_ptr_array_index (d->stack, pos) = g_strdup (revealed->id);
            }
        }
    }
  at = spk_board_chip_index (b, id);
  if (at >= 0)
    spk_chip_free (g_ptr_array_steal_index (b->chips, (guint) at));
  for (guint i = 0; i < b->deployment->len; i++)
    {
      SpkDeployment *d = g_ptr_array_index (b->deployment, i);
      guint pos;

      if (g_ptr_array_find_with_equal_func (d->stack, id, g_str_equal, &pos))
        g_ptr_array_remove_index (d->stack, pos);
    }
}

void
spk_board_clear_defeated (SpkBoard *board, const char *chip, SpkChip *revealed)
{
  clear_chip (board, chip, revealed);
}

gboolean
spk_defeat_pays (const SpkBoard *board, const char *defeater, const char *defeated)
{
  return defeater != NULL && opposes (board, defeater, defeated);
}

static gboolean
gain_source (SpkBoard *b, const char *faction, int amount, SpkAttackOutcome *o, const char *why)
{
  SpkFaction *f = spk_board_find_faction (b, faction);
  SpkSourceGain gain;

  if (f == NULL || amount <= 0)
    return FALSE;
  gain = spk_source_gain (f->source, amount, SPK_SOURCE_CAPACITY);
  f->source = gain.after;
  o->source_gained += gain.gained;
  o->source_lost += gain.lost;
  if (gain.lost > 0)
    say (o->results, g_strdup_printf (_("%s gains %d Source (%s), %d lost over capacity"),
                                      spk_board_faction_label (b, faction), gain.gained, why, gain.lost));
  else
    say (o->results, g_strdup_printf (_("%s gains %d Source (%s)"),
                                      spk_board_faction_label (b, faction), gain.gained, why));
  return TRUE;
}

static gboolean
spire_reward (SpkBoard *b, const char *faction, SpkHex site, const SpkAttackChoices *choices,
              SpkAttackOutcome *o, GError **error)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (b);
  SpkBuildCheck check = spk_spire_build_check (grid, faction, site, TRUE);
  SpkChip *built;
  int at;

  o->spire_reward = TRUE;
  o->site = site;
  if (check == SPK_BUILD_AT_LIMIT)
    {
      say (o->results, g_strdup_printf (_("Spire reward lost: %s has its spire limit in play"),
                                        spk_board_faction_label (b, faction)));
      return TRUE;
    }
  if (check != SPK_BUILD_OK)
    {
      say (o->results, g_strdup_printf (_("Spire reward lost: (%d, %d) has no free Source well"),
                                        site.q, site.r));
      return TRUE;
    }
  o->spire_site = TRUE;
  if (choices == NULL)
    {
      say (o->questions, g_strdup_printf (_("Spire reward: which spire does %s build at (%d, %d), if any?"),
                                          spk_board_faction_label (b, faction), site.q, site.r));
      say (o->results, g_strdup_printf (_("Spire reward: %s may build a spire at (%d, %d) for free"),
                                        spk_board_faction_label (b, faction), site.q, site.r));
      return TRUE;
    }
  if (choices->decline_spire)
    {
      say (o->results, g_strdup_printf (_("Spire reward declined by %s"), spk_board_faction_label (b, faction)));
      return TRUE;
    }
  if (choices->spire == NULL)
    {
      g_autofree char *q = g_strdup_printf (_("which spire does %s build at (%d, %d) as its spire reward, or does it decline?"),
                                            spk_board_faction_label (b, faction), site.q, site.r);
      return needs (error, q);
    }
  if (choices->spire->kind != SPK_CHIP_SPIRE || g_strcmp0 (choices->spire->faction, faction) != 0)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                   _("The spire reward must be a spire of %s"), spk_board_faction_label (b, faction));
      return FALSE;
    }
  at = spk_board_chip_index (b, choices->spire->id);
  if (at >= 0)
    {
      const SpkChip *old = g_ptr_array_index (b->chips, at);

      /* Only a spire waiting beside the barracks may be taken from there. */
      if (old->placed || old->kind != SPK_CHIP_SPIRE)
        {
          g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                       _("“%s” is already on the board; choose a spire that is not built"),
                       old->id);
          return FALSE;
        }
      spk_chip_free (g_ptr_array_steal_index (b->chips, (guint) at));
    }
  built = spk_chip_copy (choices->spire);
  built->placed = TRUE;
  built->q = site.q;
  built->r = site.r;
  g_ptr_array_add (b->chips, built);
  say (o->results, g_strdup_printf (_("Spire reward: %s builds %s at (%d, %d)"),
                                    spk_board_faction_label (b, faction), spk_chip_label (built), site.q, site.r));
  return TRUE;
}

static gboolean
relic_reward (SpkBoard *b, const char *faction, const SpkAttackChoices *choices,
              SpkAttackOutcome *o, GError **error)
{
  SpkFaction *f = spk_board_find_faction (b, faction);

  o->relic = TRUE;
  if (choices == NULL)
    {
      say (o->questions, g_strdup_printf (_("Relic reward: which relic does %s draw, and is it kept or sold for %d Source?"),
                                          spk_board_faction_label (b, faction), SPK_RELIC_SELL_SOURCE));
      say (o->results, g_strdup_printf (_("Relic reward: %s draws a relic"), spk_board_faction_label (b, faction)));
      return TRUE;
    }
  if (choices->relic == NULL || *choices->relic == '\0' || choices->relic_choice == SPK_RELIC_UNSET)
    {
      g_autofree char *q = g_strdup_printf (_("which relic did %s draw, and does it keep it or sell it for %d Source?"),
                                            spk_board_faction_label (b, faction), SPK_RELIC_SELL_SOURCE);
      return needs (error, q);
    }
  if (choices->relic_choice == SPK_RELIC_KEEP)
    {
      g_ptr_array_add (f->relics, g_strdup (choices->relic));
      say (o->results, g_strdup_printf (_("Relic reward: %s keeps %s"), spk_board_faction_label (b, faction),
                                        choices->relic));
      return TRUE;
    }
  {
    g_autofree char *why = g_strdup_printf (_("sold %s"), choices->relic);

    say (o->results, g_strdup_printf (_("Relic reward: %s sells %s"), spk_board_faction_label (b, faction),
                                      choices->relic));
    gain_source (b, faction, SPK_RELIC_SELL_SOURCE, o, why);
  }
  return TRUE;
}

static gboolean
level_up (SpkBoard *b, const char *hero, const SpkAttackChoices *choices, SpkAttackOutcome *o,
          GError **error)
{
  SpkChip *h = spk_board_find_chip (b, hero);
  gboolean changed = FALSE;

  /* A hero that fell in the same attack is no longer there to level up. */
  if (h == NULL || h->kind != SPK_CHIP_HERO || !h->placed)
    return TRUE;
  o->level_up = g_strdup (hero);
  if (choices == NULL)
    {
      say (o->questions, g_strdup_printf (_("Level up: does %s level up, and with which upgrade?"),
                                          spk_chip_label (h)));
      say (o->results, g_strdup_printf (_("%s may level up"), spk_chip_label (h)));
      return TRUE;
    }
  if (choices->level_up == SPK_LEVEL_UP_UNSET)
    {
      g_autofree char *q = g_strdup_printf (_("does %s level up (which upgrade), or does it decline?"),
                                            spk_chip_label (h));
      return needs (error, q);
    }
  if (choices->level_up == SPK_LEVEL_UP_DECLINE)
    {
      say (o->results, g_strdup_printf (_("%s does not level up"), spk_chip_label (h)));
      return TRUE;
    }
  return spk_hero_level_up (h, choices->level_up, &changed, o->results, error);
}

static gboolean
upgrade_of (SpkLevelUpChoice choice, SpkUpgrade *out)
{
  switch (choice)
    {
    case SPK_LEVEL_UP_ATTACK:
      *out = SPK_UPGRADE_ATTACK;
      return TRUE;
    case SPK_LEVEL_UP_RANGE:
      *out = SPK_UPGRADE_RANGE;
      return TRUE;
    case SPK_LEVEL_UP_FORTIFICATION:
      *out = SPK_UPGRADE_FORTIFICATION;
      return TRUE;
    case SPK_LEVEL_UP_UNSET:
    case SPK_LEVEL_UP_DECLINE:
    case SPK_LEVEL_UP_PROMOTE:
    default:
      return FALSE;
    }
}

gboolean
spk_hero_level_up (SpkChip *hero, SpkLevelUpChoice choice, gboolean *changed, GPtrArray *notes,
                   GError **error)
{
  SpkUpgrade up;
  int range_ups;

  *changed = FALSE;
  if (hero->kind != SPK_CHIP_HERO)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                   _("Only heroes level up; %s is no hero"), spk_chip_label (hero));
      return FALSE;
    }
  if (choice == SPK_LEVEL_UP_UNSET)
    return needs (error, _("which upgrade does the hero take?"));
  if (choice == SPK_LEVEL_UP_DECLINE)
    return TRUE;
  if ((int) hero->upgrades->len < hero->capacity)
    {
      if (!upgrade_of (choice, &up))
        {
          g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                       _("%s has %u of %d upgrades and is promoted only at its capacity; choose an upgrade"),
                       spk_chip_label (hero), hero->upgrades->len, hero->capacity);
          return FALSE;
        }
      range_ups = spk_chip_count_upgrades (hero, SPK_UPGRADE_RANGE);
      /* spk_unit_range is 1 exactly when there is no "N Range" talent. */
      if (up == SPK_UPGRADE_RANGE && spk_unit_range (hero) == 1 && range_ups == 0)
        {
          g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                       _("%s has no Range talent, so it cannot take a range upgrade"),
                       spk_chip_label (hero));
          return FALSE;
        }
      g_array_append_val (hero->upgrades, up);
      *changed = TRUE;
      if (notes != NULL)
        say (notes, g_strdup_printf (_("%s levels up: +1 %s upgrade"), spk_chip_label (hero),
                                     spk_upgrade_label (up)));
      return TRUE;
    }
  if (hero->promoted)
    {
      if (notes != NULL)
        say (notes, g_strdup_printf (_("%s is promoted and at its capacity: levelling up has no effect"),
                                     spk_chip_label (hero)));
      return TRUE;
    }
  if (!hero->has_promoted_side)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NO_PROMOTED_SIDE,
                   _("%s is at its capacity and is promoted: enter the stats of its promoted side first"),
                   spk_chip_label (hero));
      return FALSE;
    }
  {
    int gained = MAX (hero->promoted_side.health - hero->max_health, 0);

    hero->movement = hero->promoted_side.movement;
    hero->allowance = hero->promoted_side.allowance;
    hero->attack = hero->promoted_side.attack;
    hero->capacity = hero->promoted_side.capacity;
    hero->max_health = hero->promoted_side.health;
    hero->health += gained;
    g_array_set_size (hero->upgrades, 0);
    hero->promoted = TRUE;
    *changed = TRUE;
    if (notes != NULL)
      say (notes, g_strdup_printf (_("%s is promoted: upgrades removed, +%d health"),
                                   spk_chip_label (hero), gained));
  }
  return TRUE;
}

/* The rewards of a defeated chip (a copy taken before it was cleared) for
 * @by, then the level-up of @hero: steps 3 and 4 of Defeat. */
static gboolean
chip_rewards (SpkBoard *b, const SpkChip *gone, const char *by, const char *hero,
              const SpkAttackChoices *choices, SpkAttackOutcome *o, GError **error)
{
  g_autofree char *why = g_strdup_printf (_("defeated %s"), spk_chip_label (gone));

  if (!spk_defeat_pays (b, by, gone->faction))
    {
      if (by != NULL)
        say (o->results, g_strdup_printf (_("No reward: %s is not opposing %s"), spk_chip_label (gone),
                                          spk_board_faction_label (b, by)));
      return TRUE;
    }
  o->rewards = TRUE;
  gain_source (b, by, gone->reward, o, why);
  if (gone->spire_reward && !spire_reward (b, by, (SpkHex) { gone->q, gone->r }, choices, o, error))
    return FALSE;
  if (gone->relic_reward && !relic_reward (b, by, choices, o, error))
    return FALSE;
  if (hero != NULL && !level_up (b, hero, choices, o, error))
    return FALSE;
  return TRUE;
}

/* Step 2 of Defeat for a unit, spire or landmark minion hit by @hit. */
static void
clear_defeated (SpkBoard *b, const SpkChip *gone, SpkDamageResult *hit, SpkAttackOutcome *o)
{
  g_autoptr(SpkChip) revealed = g_steal_pointer (&hit->revealed);

  say (o->results, g_strdup_printf (_("%s is defeated and cleared"), spk_chip_label (gone)));
  if (revealed != NULL)
    say (o->results, g_strdup_printf (_("%s is revealed beneath it at %d health"),
                                      spk_chip_label (revealed), revealed->health));
  clear_chip (b, gone->id, g_steal_pointer (&revealed));
}

static void
describe_hit (const SpkBoard *b, const char *who, const SpkDamageResult *hit, int amount,
              GPtrArray *out)
{
  g_autoptr(GString) s = g_string_new (NULL);
  int forts = 0;

  for (guint i = 0; i < hit->removed_upgrades->len; i++)
    if (g_array_index (hit->removed_upgrades, SpkUpgrade, i) == SPK_UPGRADE_FORTIFICATION)
      forts++;
  g_string_printf (s, _("%d damage to %s"), amount, who);
  if (hit->chip != NULL && hit->chip->kind == SPK_CHIP_SPIRE)
    {
      if (hit->removed_upgrades->len > 0)
        g_string_append_printf (s, _(": the bottom %s upgrade is removed"),
                                spk_upgrade_label (g_array_index (hit->removed_upgrades, SpkUpgrade, 0)));
      else if (amount > 0 && hit->chip->upgrades->len > 0)
        g_string_append (s, _(": the bottom fortification holds (2 damage needed)"));
    }
  else if (hit->chip == NULL)
    g_string_append_printf (s, _(": gate health %d"), hit->gate_health);
  else
    {
      if (forts > 0)
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, ": %d fortification absorbs",
                                                ": %d fortifications absorb", forts), forts);
      g_string_append_printf (s, _(", %d health removed (health %d)"), hit->health_removed,
                              hit->chip->health);
    }
  say (out, g_string_free (g_steal_pointer (&s), FALSE));
}

/* The gate a target names, or NULL. */
static const char *
gate_faction (const char *target)
{
  if (target != NULL && g_str_has_prefix (target, SPK_ATTACK_GATE_PREFIX))
    return target + strlen (SPK_ATTACK_GATE_PREFIX);
  return NULL;
}

static gboolean
not_a_target (GError **error, const char *who, const char *why)
{
  g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NOT_A_TARGET,
               _("%s is not a target: %s"), who, why);
  return FALSE;
}

/* Checks that @target is a legal target of @a; sets *victim (a chip, or
 * NULL for a gate), *gate (the gate's faction, or NULL) and *distance. */
static gboolean
judge (const SpkBoard *b, const SpkGrid *grid, const int *dist, const SpkChip *a,
       const char *target, const SpkAttackChoices *choices, SpkChip **victim,
       const char **gate, SpkTargetKind *kind, int *distance, GError **error)
{
  const char *gf = gate_faction (target);
  SpkChip *c = spk_board_find_chip (b, target);
  g_autofree char *why = NULL;
  const SpkDeployment *d;

  *victim = NULL;
  *gate = NULL;
  *kind = SPK_TARGET_UNIT;
  *distance = -1;
  if (c == NULL && gf != NULL)
    {
      int cell = spk_grid_gate_of (grid, gf);

      if (spk_board_find_fortress (b, gf) == NULL || cell < 0)
        {
          g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_UNKNOWN_CHIP,
                       _("There is no fortress gate of “%s”"), gf);
          return FALSE;
        }
      *distance = dist[cell];
      *kind = SPK_TARGET_GATE;
      *gate = spk_board_find_fortress (b, gf)->faction;
      if (!opposes (b, a->faction, gf))
        return not_a_target (error, target, _("the gate is friendly"));
      if (*distance < 0 || *distance > spk_unit_reach (b, a))
        {
          why = distance_why_not (*distance, spk_unit_reach (b, a));
          return not_a_target (error, target, why);
        }
      if ((why = talent_why_not (b, dist, grid, a, NULL)) != NULL)
        return not_a_target (error, target, why);
      if (choices != NULL && choices->gate_defence == SPK_GATE_DEFENCE_STACK)
        {
          if ((*victim = stack_top (b, gf)) == NULL)
            {
              g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                           _("There is no deployment stack on the gate of %s to take the attack"),
                           spk_board_faction_label (b, gf));
              return FALSE;
            }
          *kind = SPK_TARGET_STACK_UNIT;
        }
      return TRUE;
    }
  if (c == NULL)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_UNKNOWN_CHIP,
                   _("There is no chip “%s” at this table"), target != NULL ? target : "");
      return FALSE;
    }
  if (!c->placed && (d = stack_of (b, c->id)) != NULL)
    {
      int cell = spk_grid_gate_of (grid, d->faction);

      /* Naming the top unit of a stack sends a gate attack to it. */
      if (g_strcmp0 (g_ptr_array_index (d->stack, 0), c->id) != 0)
        return not_a_target (error, spk_chip_label (c),
                             _("inactive: only the top unit of a deployment stack may take an attack on its gate"));
      *distance = cell >= 0 ? dist[cell] : -1;
      *kind = SPK_TARGET_STACK_UNIT;
      if (!opposes (b, a->faction, d->faction))
        return not_a_target (error, spk_chip_label (c), _("the gate is friendly"));
      if (*distance < 0 || *distance > spk_unit_reach (b, a))
        {
          why = distance_why_not (*distance, spk_unit_reach (b, a));
          return not_a_target (error, spk_chip_label (c), why);
        }
      if ((why = talent_why_not (b, dist, grid, a, NULL)) != NULL)
        return not_a_target (error, spk_chip_label (c), why);
      *victim = c;
      return TRUE;
    }
  if (!candidate_kind (b, a, c, kind))
    {
      if (c == a)
        return not_a_target (error, spk_chip_label (c), _("a unit cannot attack itself"));
      if (!c->placed)
        return not_a_target (error, spk_chip_label (c), group_top (b, c->id) != NULL
                             ? _("inactive: it is grouped under another minion")
                             : _("it is not on the board"));
      if (c->kind == SPK_CHIP_LANDMARK)
        return not_a_target (error, spk_chip_label (c), _("a landmark without health chips cannot be attacked"));
      return not_a_target (error, spk_chip_label (c), _("it is friendly"));
    }
  {
    int cell = spk_grid_find (grid, (SpkHex) { c->q, c->r });

    *distance = cell >= 0 ? dist[cell] : -1;
  }
  if ((why = target_why_not (b, a, c, *distance)) != NULL
      || (why = talent_why_not (b, dist, grid, a, c)) != NULL)
    return not_a_target (error, spk_chip_label (c), why);
  *victim = c;
  return TRUE;
}

/* TRUE when @v (after taking the hit) may still retaliate on an attacker
 * at @distance: once a turn, within its reach. */
static gboolean
may_retaliate (const SpkBoard *b, const SpkChip *v, SpkTargetKind kind, int distance)
{
  int reach = kind == SPK_TARGET_STACK_UNIT ? STACK_UNIT_REACH : spk_unit_reach (b, v);

  return !v->retaliated && distance >= 0 && distance <= reach;
}

/* Retaliation of @v on its attacker: its attack stat, or what the players
 * entered for a talent that changes it (R-attack-13). */
static int
unit_retaliation (const SpkBoard *b, const SpkChip *v, SpkTargetKind kind, int distance,
                  const SpkAttackChoices *choices)
{
  if (!may_retaliate (b, v, kind, distance))
    return 0;
  if (choices != NULL && choices->set_retaliation)
    return MAX (choices->retaliation_damage, 0);
  return MAX (spk_unit_attack (v), 0);
}

static gboolean
resolve (SpkBoard *b, const char *attacker, const char *target, const SpkAttackChoices *choices,
         gboolean preview, SpkAttackOutcome **out, GError **error)
{
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree int *dist = NULL;
  g_autoptr(SpkAttackOutcome) o = NULL;
  g_autoptr(SpkChip) a_before = NULL;
  g_autoptr(SpkChip) v_before = NULL;
  g_autofree char *why = NULL;
  g_autofree char *gate = NULL;
  g_autofree char *by = NULL;
  SpkAttackError code;
  SpkTargetKind kind;
  SpkChip *a = spk_board_find_chip (b, attacker);
  SpkChip *v;
  const char *gate_id;
  int distance;
  guint minions_before;
  gboolean minion_fell = FALSE;
  gboolean entered_retaliation = FALSE;

  if (a == NULL)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_UNKNOWN_CHIP,
                   _("There is no chip “%s” at this table"), attacker != NULL ? attacker : "");
      return FALSE;
    }
  if ((why = attacker_why_not (b, a, &code)) != NULL)
    {
      g_set_error (error, SPK_ATTACK_ERROR, code, _("%s cannot attack: %s"), spk_chip_label (a), why);
      return FALSE;
    }
  grid = spk_grid_new (b);
  dist = spk_grid_distances (grid, spk_grid_find (grid, (SpkHex) { a->q, a->r }));
  if (!judge (b, grid, dist, a, target, preview ? NULL : choices, &v, &gate_id, &kind, &distance,
              error))
    return FALSE;
  gate = g_strdup (gate_id);
  if (kind == SPK_TARGET_STACK_UNIT && gate == NULL)
    {
      const SpkDeployment *d = stack_of (b, v->id);

      gate = g_strdup (d != NULL ? d->faction : NULL);
    }

  /* A gate with a stack on it: its owner chooses who takes the attack. */
  if (kind == SPK_TARGET_GATE && stack_top (b, gate) != NULL && !preview)
    {
      if (choices == NULL || choices->gate_defence == SPK_GATE_DEFENCE_UNSET)
        {
          g_autofree char *q = g_strdup_printf (_("does %s's gate take the attack, or the top unit of its deployment stack (%s)?"),
                                                spk_board_faction_label (b, gate), spk_chip_label (stack_top (b, gate)));
          return needs (error, q);
        }
    }

  o = outcome_new (kind == SPK_TARGET_STACK_UNIT ? v->id : target, kind,
                   v != NULL ? v->faction : gate, distance);
  if (preview && kind == SPK_TARGET_GATE && stack_top (b, gate) != NULL)
    say (o->questions, g_strdup_printf (_("Gate defence: %s chooses whether the gate or %s on top of its deployment stack takes the attack"),
                                        spk_board_faction_label (b, gate), spk_chip_label (stack_top (b, gate))));
  minions_before = spk_faction_minions_in_play (b);
  a->attacked = TRUE;
  a_before = spk_chip_copy (a);
  o->damage = spk_unit_attack (a);
  if (kind == SPK_TARGET_LANDMARK && spk_chip_has_talent (a, "Hunter"))
    {
      o->damage += 1;
      say (o->results, g_strdup_printf (_("Hunter: +1 damage against a landmark: %d"), o->damage));
    }
  if (choices != NULL && choices->damage_modifier != 0)
    {
      o->damage = MAX (o->damage + choices->damage_modifier, 0);
      say (o->results, choices->modifier_reason != NULL && *choices->modifier_reason != '\0'
           ? g_strdup_printf (_("Damage changed by %+d (%s): %d"), choices->damage_modifier,
                              choices->modifier_reason, o->damage)
           : g_strdup_printf (_("Damage changed by %+d: %d"), choices->damage_modifier, o->damage));
    }

  /* Damage. */
  if (kind == SPK_TARGET_GATE)
    {
      SpkFaction *f = spk_board_find_faction (b, gate);

      o->hit = spk_damage_gate (f->gate_health, o->damage);
      o->defeated = o->hit->defeated;
      f->gate_health = o->hit->gate_health;
      {
        g_autofree char *gate_name = g_strdup_printf (_("the gate of %s"), spk_board_faction_label (b, gate));

        describe_hit (b, gate_name, o->hit, o->damage, o->results);
      }
    }
  else
    {
      v_before = spk_chip_copy (v);
      if (kind == SPK_TARGET_SPIRE)
        o->hit = spk_damage_spire (v, o->damage);
      else if (kind == SPK_TARGET_LANDMARK)
        o->hit = spk_damage_landmark (v, o->damage);
      else
        o->hit = spk_damage_unit (b, v, o->damage);
      o->defeated = o->hit->defeated;
      if (kind == SPK_TARGET_LANDMARK && o->hit->chip->health == 0 && !v->landmark_minion)
        o->discarded = TRUE;
      describe_hit (b, spk_chip_label (v), o->hit, o->damage, o->results);
    }

  /* Retaliation: a gate always, a unit when it stands and reaches. */
  if (kind == SPK_TARGET_GATE)
    {
      o->retaliation = GATE_RETALIATION;
      o->retaliator = g_strconcat (SPK_ATTACK_GATE_PREFIX, gate, NULL);
    }
  else if (!o->defeated && (spk_chip_is_unit (v) || (v->kind == SPK_CHIP_LANDMARK && v->landmark_minion)))
    {
      o->retaliation = unit_retaliation (b, o->hit->chip, kind, distance, choices);
      entered_retaliation = may_retaliate (b, o->hit->chip, kind, distance);
      if (choices != NULL && choices->set_retaliation && entered_retaliation)
        say (o->results, choices->modifier_reason != NULL && *choices->modifier_reason != '\0'
             ? g_strdup_printf (_("Retaliation entered as %d (%s)"), o->retaliation, choices->modifier_reason)
             : g_strdup_printf (_("Retaliation entered as %d"), o->retaliation));
      /* Retaliating for 0 still uses the one retaliation of the turn. */
      if (o->retaliation == 0 && choices != NULL && choices->set_retaliation && entered_retaliation)
        o->hit->chip->retaliated = TRUE;
      if (o->retaliation > 0)
        {
          o->retaliator = g_strdup (v->id);
          o->hit->chip->retaliated = TRUE;
        }
    }
  if (choices != NULL && choices->set_retaliation && !entered_retaliation)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_INVALID_CHOICE,
                   _("Nothing retaliates with an amount of its own here (a gate deals 1; a defeated, "
                     "spent or distant unit none); leave the retaliation as it is"));
      return FALSE;
    }
  if (v != NULL && !o->defeated && !o->discarded)
    {
      int at = spk_board_chip_index (b, v->id);

      spk_chip_free (g_ptr_array_index (b->chips, at));
      g_ptr_array_index (b->chips, at) = spk_chip_copy (o->hit->chip);
    }
  if (o->retaliation > 0)
    {
      int at = spk_board_chip_index (b, a->id);

      o->retaliation_hit = spk_damage_unit (b, a, o->retaliation);
      o->attacker_defeated = o->retaliation_hit->defeated;
      say (o->results, g_strdup_printf (_("%s retaliates"), kind == SPK_TARGET_GATE
                                        ? spk_board_faction_label (b, gate) : spk_chip_label (v_before)));
      describe_hit (b, spk_chip_label (a), o->retaliation_hit, o->retaliation, o->results);
      if (!o->attacker_defeated)
        {
          spk_chip_free (g_ptr_array_index (b->chips, at));
          g_ptr_array_index (b->chips, at) = spk_chip_copy (o->retaliation_hit->chip);
        }
    }
  a = NULL;

  /* Defeats, in the order of the Rules Reference (Defeat). */
  if (o->discarded)
    {
      say (o->results, g_strdup_printf (_("%s has no health left and is discarded (no defeat, no reward)"),
                                        spk_chip_label (v_before)));
      clear_chip (b, v_before->id, NULL);
    }
  if (o->defeated && kind == SPK_TARGET_GATE)
    {
      SpkGameRules rules;
      SpkGateDefeat fall = { 0 };

      say (o->results, g_strdup_printf (_("The gate of %s is defeated"), spk_board_faction_label (b, gate)));
      spk_game_rules_from_board (b, &rules);
      if (!spk_gate_defeated (&rules, b, gate, a_before->faction, spk_first_player_index (b), &fall,
                              o->results, error))
        return FALSE;
      o->pillage = fall.pillaged;
      o->game_over = fall.game_over;
      if (fall.pillaged)
        o->source_gained += fall.pillage.gained;
      if (fall.game_over)
        {
          g_ptr_array_set_size (b->winners, 0);
          for (guint i = 0; i < fall.winners->len; i++)
            g_ptr_array_add (b->winners, g_strdup (g_ptr_array_index (fall.winners, i)));
          g_free (b->phase);
          b->phase = g_strdup (spk_phase_to_string (SPK_PHASE_GAME_OVER));
        }
      o->rewards = spk_defeat_pays (b, a_before->faction, gate);
      spk_gate_defeat_clear (&fall);
      /* A hero the gate's retaliation defeats is gone before it could
       * level up. */
      if (a_before->kind == SPK_CHIP_HERO && o->rewards && !o->attacker_defeated
          && !level_up (b, a_before->id, preview ? NULL : choices, o, error))
        return FALSE;
    }
  else if (o->defeated)
    {
      minion_fell = minion_fell || v_before->kind == SPK_CHIP_MINION;
      clear_defeated (b, v_before, o->hit, o);
      if (!chip_rewards (b, v_before, a_before->faction,
                         a_before->kind == SPK_CHIP_HERO ? a_before->id : NULL,
                         preview ? NULL : choices, o, error))
        return FALSE;
    }
  if (o->attacker_defeated)
    {
      minion_fell = minion_fell || a_before->kind == SPK_CHIP_MINION;
      by = g_strdup (kind == SPK_TARGET_GATE ? gate : v_before->faction);
      clear_defeated (b, a_before, o->retaliation_hit, o);
      if (by != NULL
          && !chip_rewards (b, a_before, by,
                            v_before != NULL && v_before->kind == SPK_CHIP_HERO ? v_before->id : NULL,
                            preview ? NULL : choices, o, error))
        return FALSE;
    }
  if (minion_fell && minions_before > 0 && spk_wave_over (b))
    {
      o->wave_ends = TRUE;
      say (o->results, g_strdup (_("The last faction minion in play is gone: the wave ends")));
    }
  *out = g_steal_pointer (&o);
  return TRUE;
}

/* The opposing gates next to @c, as faction ids. */
static GPtrArray *
gates_beside (const SpkBoard *b, const SpkGrid *grid, const SpkChip *c)
{
  GPtrArray *out = g_ptr_array_new ();
  int cell = spk_grid_find (grid, (SpkHex) { c->q, c->r });

  for (guint i = 0; cell >= 0 && i < b->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (b->fortresses, i);
      int gate = spk_grid_gate_of (grid, f->faction);

      if (gate < 0 || !opposes (b, c->faction, f->faction))
        continue;
      for (int d = 0; d < 6; d++)
        if (spk_grid_cell (grid, cell)->neighbours[d] == gate)
          {
            g_ptr_array_add (out, f->faction);
            break;
          }
    }
  return out;
}

gboolean
spk_attack_end_of_turn (SpkBoard *board, const char *faction, GPtrArray *results, GError **error)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) gates = g_ptr_array_new_with_free_func (g_free);

  /* Who stands next to which gate is decided before anyone falls. */
  {
    g_autoptr(SpkGrid) grid = spk_grid_new (board);

    for (guint i = 0; i < board->chips->len; i++)
      {
        const SpkChip *c = g_ptr_array_index (board->chips, i);
        g_autoptr(GPtrArray) beside = NULL;

        if (!spk_chip_is_unit (c) || !c->placed || !c->active || c->attacked
            || g_strcmp0 (c->faction, faction) != 0)
          continue;
        beside = gates_beside (board, grid, c);
        for (guint g = 0; g < beside->len; g++)
          {
            g_ptr_array_add (ids, g_strdup (c->id));
            g_ptr_array_add (gates, g_strdup (g_ptr_array_index (beside, g)));
          }
      }
  }
  for (guint i = 0; i < ids->len; i++)
    {
      SpkChip *c = spk_board_find_chip (board, g_ptr_array_index (ids, i));
      const char *gate = g_ptr_array_index (gates, i);
      g_autoptr(SpkAttackOutcome) o = NULL;
      g_autoptr(SpkChip) before = NULL;

      /* Already defeated by another gate's retaliation. */
      if (c == NULL)
        continue;
      o = outcome_new (c->id, SPK_TARGET_GATE, gate, 1);
      before = spk_chip_copy (c);
      o->retaliation_hit = spk_damage_unit (board, c, GATE_RETALIATION);
      say (o->results, g_strdup_printf (_("%s did not attack beside the gate of %s, which retaliates"),
                                        spk_chip_label (c), spk_board_faction_label (board, gate)));
      describe_hit (board, spk_chip_label (c), o->retaliation_hit, GATE_RETALIATION, o->results);
      if (o->retaliation_hit->defeated)
        {
          clear_defeated (board, before, o->retaliation_hit, o);
          if (!chip_rewards (board, before, gate, NULL, NULL, o, error))
            return FALSE;
        }
      else
        {
          int at = spk_board_chip_index (board, c->id);

          spk_chip_free (g_ptr_array_index (board->chips, at));
          g_ptr_array_index (board->chips, at) = spk_chip_copy (o->retaliation_hit->chip);
        }
      for (guint r = 0; r < o->results->len; r++)
        g_ptr_array_add (results, g_strdup (g_ptr_array_index (o->results, r)));
    }
  return TRUE;
}

SpkAttackOutcome *
spk_attack_resolve (SpkBoard *board, const char *attacker, const char *target,
                    const SpkAttackChoices *choices, GError **error)
{
  g_autoptr(SpkBoard) work = spk_board_copy (board);
  SpkAttackOutcome *o = NULL;
  SpkBoard tmp;

  if (!resolve (work, attacker, target, choices, choices == NULL, &o, error))
    return NULL;
  /* Only a whole attack changes the caller's board. */
  tmp = *board;
  *board = *work;
  *work = tmp;
  return o;
}

SpkAttackOptions *
spk_attack_options (const SpkBoard *board, const char *attacker, GError **error)
{
  g_autoptr(SpkAttackOptions) opts = g_new0 (SpkAttackOptions, 1);
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree int *dist = NULL;
  const SpkChip *a = spk_board_find_chip (board, attacker);
  SpkAttackError code;
  gboolean engaged = FALSE;

  if (a == NULL)
    {
      g_set_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_UNKNOWN_CHIP,
                   _("There is no chip “%s” at this table"), attacker != NULL ? attacker : "");
      return NULL;
    }
  opts->attacker = g_strdup (a->id);
  opts->attack = spk_chip_is_unit (a) ? spk_unit_attack (a) : 0;
  opts->range = spk_chip_is_unit (a) ? spk_unit_reach (board, a) : 0;
  opts->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_attack_outcome_free);
  opts->refused = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_attack_refusal_free);
  if ((opts->why_not = attacker_why_not (board, a, &code)) != NULL)
    return g_steal_pointer (&opts);

  grid = spk_grid_new (board);
  dist = spk_grid_distances (grid, spk_grid_find (grid, (SpkHex) { a->q, a->r }));
  for (guint i = 0; i <= board->chips->len + board->fortresses->len; i++)
    {
      g_autofree char *target = NULL;
      g_autoptr(GError) local = NULL;
      g_autoptr(SpkBoard) work = NULL;
      SpkAttackOutcome *o = NULL;
      SpkTargetKind kind;
      SpkChip *v;
      const char *gate;
      const SpkChip *top = NULL;
      int distance;

      if (i < board->chips->len)
        {
          const SpkChip *c = g_ptr_array_index (board->chips, i);

          if (!candidate_kind (board, a, c, &kind))
            continue;
          target = g_strdup (c->id);
        }
      else if (i < board->chips->len + board->fortresses->len)
        {
          const SpkFortress *f = g_ptr_array_index (board->fortresses, i - board->chips->len);

          if (!opposes (board, a->faction, f->faction))
            continue;
          target = g_strconcat (SPK_ATTACK_GATE_PREFIX, f->faction, NULL);
          top = stack_top (board, f->faction);
        }
      else
        break;
      if (!judge (board, grid, dist, a, target, NULL, &v, &gate, &kind, &distance, &local))
        {
          SpkAttackRefusal *r = g_new0 (SpkAttackRefusal, 1);
          const char *colon = strstr (local->message, ": ");

          r->target = g_steal_pointer (&target);
          r->kind = kind;
          r->distance = distance;
          r->why_not = g_strdup (colon != NULL ? colon + 2 : local->message);
          g_ptr_array_add (opts->refused, r);
          continue;
        }
      work = spk_board_copy (board);
      if (!resolve (work, a->id, target, NULL, TRUE, &o, error))
        return NULL;
      g_ptr_array_add (opts->targets, o);
      /* Engage binds heroes too (R-talent-2). */
      if (v != NULL && spk_chip_has_talent (v, "Engage"))
        engaged = TRUE;
      if (top != NULL)
        {
          /* The same attack sent to the stack by the gate's owner. */
          g_clear_pointer (&work, spk_board_free);
          work = spk_board_copy (board);
          if (!resolve (work, a->id, top->id, NULL, TRUE, &o, error))
            return NULL;
          g_ptr_array_add (opts->targets, o);
        }
    }
  opts->can_attack = opts->targets->len > 0;
  opts->must_attack = opts->can_attack && (a->kind == SPK_CHIP_MINION || engaged);
  if (!opts->can_attack)
    opts->why_not = g_strdup (_("no legal target"));
  return g_steal_pointer (&opts);
}
