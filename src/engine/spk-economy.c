/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-economy.c: waves, phases, Source, CP, limits, fortress advancements
 * and gate repair. Whole-table steps are in spk-victory.c, the deployment
 * plan in spk-deploy-plan.c. */
#include "config.h"

#include "spk-economy.h"
#include "spk-economy-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (spk-economy-error-quark, spk_economy_error)

void
spk_economy_note (GPtrArray *notes, const char *fmt, ...)
{
  va_list args;

  if (notes == NULL)
    return;
  va_start (args, fmt);
  g_ptr_array_add (notes, g_strdup_vprintf (fmt, args));
  va_end (args);
}

/* ------------------------------------------------------------------ */

void
spk_game_rules_init (SpkGameRules *rules, int player_count)
{
  g_return_if_fail (rules != NULL);

  memset (rules, 0, sizeof *rules);
  rules->player_count = player_count;
  rules->event_deck = TRUE;
}

gboolean
spk_game_rules_check (const SpkGameRules *rules, GError **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (rules->player_count < 2 || rules->player_count > 4)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID,
                   _("A game has 2, 3 or 4 players, not %d; change the player count"),
                   rules->player_count);
      return FALSE;
    }
  if (rules->team_play && rules->player_count != 4)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID,
                   _("Team play needs 4 players (2 against 2); turn team play off or add players"));
      return FALSE;
    }
  if (rules->extra_waves < 0)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID,
                   _("Added waves cannot be negative (%d); use 0 for a standard game"),
                   rules->extra_waves);
      return FALSE;
    }
  return TRUE;
}

int
spk_game_waves (const SpkGameRules *rules)
{
  g_return_val_if_fail (rules != NULL, 0);

  return (rules->faster ? 3 : 4) + MAX (rules->extra_waves, 0);
}

/* ------------------------------------------------------------------ */

static const char *phase_names[SPK_N_PHASES] = {
  "setup", "event", "income", "market", "build", "prep", "onslaught",
  "end-of-wave", "over",
};

static const char *phase_labels[SPK_N_PHASES] = {
  N_("Set-up"), N_("Event Phase"), N_("Income Phase"), N_("Market Phase"),
  N_("Build Phase"), N_("Prep Phase"), N_("Onslaught Phase"),
  N_("End of wave"), N_("Game over"),
};

const char *
spk_phase_to_string (SpkPhase phase)
{
  g_return_val_if_fail (phase < SPK_N_PHASES, NULL);
  return phase_names[phase];
}

gboolean
spk_phase_from_string (const char *s, SpkPhase *out)
{
  if (s == NULL)
    return FALSE;
  for (int i = 0; i < SPK_N_PHASES; i++)
    if (strcmp (phase_names[i], s) == 0)
      {
        if (out != NULL)
          *out = (SpkPhase) i;
        return TRUE;
      }
  return FALSE;
}

const char *
spk_phase_label (SpkPhase phase)
{
  g_return_val_if_fail (phase < SPK_N_PHASES, NULL);
  return _(phase_labels[phase]);
}

gboolean
spk_phase_skipped (const SpkGameRules *rules, int wave, SpkPhase phase)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  switch (phase)
    {
    case SPK_PHASE_EVENT:
      return wave <= 1 || !rules->event_deck;
    case SPK_PHASE_MARKET:
      return rules->skip_market;
    case SPK_PHASE_SETUP:
      return wave >= 1;
    case SPK_PHASE_INCOME:
    case SPK_PHASE_BUILD:
    case SPK_PHASE_PREP:
    case SPK_PHASE_ONSLAUGHT:
    case SPK_PHASE_END_OF_WAVE:
    case SPK_PHASE_GAME_OVER:
    case SPK_N_PHASES:
    default:
      return FALSE;
    }
}

SpkPhase
spk_phase_first (const SpkGameRules *rules)
{
  SpkPhase p = SPK_PHASE_EVENT;

  g_return_val_if_fail (rules != NULL, SPK_PHASE_INCOME);

  while (spk_phase_skipped (rules, 1, p))
    p++;
  return p;
}

gboolean
spk_phase_next (const SpkGameRules *rules,
                int                *wave,
                SpkPhase           *phase,
                GPtrArray          *notes)
{
  int w;
  SpkPhase p;

  g_return_val_if_fail (rules != NULL && wave != NULL && phase != NULL, FALSE);

  w = *wave;
  p = *phase;
  if (p >= SPK_PHASE_GAME_OVER)
    {
      *phase = SPK_PHASE_GAME_OVER;
      return FALSE;
    }

  do
    {
      if (p == SPK_PHASE_SETUP)
        {
          w = 1;
          p = SPK_PHASE_EVENT;
        }
      else if (p == SPK_PHASE_END_OF_WAVE)
        {
          if (w >= spk_game_waves (rules))
            {
              *phase = SPK_PHASE_GAME_OVER;
              spk_economy_note (notes, _("Wave %d was the last wave: the game is over"), w);
              return FALSE;
            }
          w++;
          p = SPK_PHASE_EVENT;
        }
      else
        p++;
    }
  while (spk_phase_skipped (rules, w, p));

  *wave = w;
  *phase = p;
  spk_economy_note (notes, _("Wave %d: %s"), w, spk_phase_label (p));
  return TRUE;
}

/* ------------------------------------------------------------------ */

int
spk_wave_income (int wave)
{
  return wave < 1 ? 0 : 3 + 2 * wave;
}

int
spk_wave_cp (int wave)
{
  return spk_wave_income (wave);
}

SpkSourceGain
spk_source_gain (int source, int amount, int capacity)
{
  SpkSourceGain g;
  int room = MAX (capacity - source, 0);

  amount = MAX (amount, 0);
  g.before = source;
  g.offered = amount;
  g.gained = MIN (amount, room);
  g.lost = amount - g.gained;
  g.after = source + g.gained;
  return g;
}

int
spk_market_options (int player_count)
{
  return player_count + 1;
}

gboolean
spk_market_refreshes (int wave)
{
  return wave > 1;
}

gboolean
spk_market_check_earthscape (int earthscapes_bought, int source, GError **error)
{
  if (earthscapes_bought >= SPK_EARTHSCAPES_PER_MARKET)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED,
                   _("An earthscape was already bought in this Market Phase; only one may be bought per wave"));
      return FALSE;
    }
  if (source < SPK_EARTHSCAPE_COST)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE,
                   _("An earthscape costs %d Source but only %d is available"),
                   SPK_EARTHSCAPE_COST, source);
      return FALSE;
    }
  return TRUE;
}

int
spk_limited_builds_left (int used)
{
  return CLAMP (SPK_LIMITED_BUILDS_PER_WAVE - used, 0, SPK_LIMITED_BUILDS_PER_WAVE);
}

gboolean
spk_limited_build_check (int used, GError **error)
{
  if (spk_limited_builds_left (used) == 0)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED,
                   _("Both limited build options of this Onslaught Phase are used; more come back at the end of the wave"));
      return FALSE;
    }
  return TRUE;
}

int
spk_first_player_next (int first_player, int player_count)
{
  g_return_val_if_fail (player_count > 0, 0);

  return ((first_player % player_count) + player_count + 1) % player_count;
}

int
spk_heroes_in_play (const SpkBoard *b, const char *faction)
{
  int n = 0;

  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->kind == SPK_CHIP_HERO && c->placed && g_strcmp0 (c->faction, faction) == 0)
        n++;
    }
  return n;
}

int
spk_hero_limit (int wave)
{
  return wave <= 1 ? SPK_HERO_LIMIT_WAVE_ONE : SPK_HERO_LIMIT;
}

int
spk_cp_unused (int wave, int cp_spent, const char *faction_name, GPtrArray *notes)
{
  int unused = MAX (spk_wave_cp (wave) - cp_spent, 0);

  if (unused > 0)
    spk_economy_note (notes,
                      g_dngettext (GETTEXT_PACKAGE, "%s: %d CP unused and lost",
                                   "%s: %d CP unused and lost", unused),
                      faction_name, unused);
  return unused;
}

/* ------------------------------------------------------------------ */
/* Advancements */

int
spk_structures_count (const GPtrArray *structures)
{
  int n = 0;

  if (structures == NULL)
    return 0;
  for (guint i = 0; i < structures->len; i++)
    n += ((const SpkStructure *) g_ptr_array_index (structures, i))->bought;
  return n;
}

int
spk_structures_top_level (const GPtrArray *structures)
{
  int top = 0;

  if (structures == NULL)
    return 0;
  for (guint i = 0; i < structures->len; i++)
    top = MAX (top, ((const SpkStructure *) g_ptr_array_index (structures, i))->bought);
  return top;
}

char *
spk_structure_level_title (const SpkStructure *s, int level)
{
  const char *name = NULL;

  g_return_val_if_fail (s != NULL, NULL);

  if (level >= 1 && (guint) level <= s->level_names->len)
    name = g_ptr_array_index (s->level_names, level - 1);
  if (name != NULL && name[0] != '\0')
    return g_strdup_printf (C_("advancement", "%s %d – %s"), s->name, level, name);
  return g_strdup_printf (C_("advancement", "%s %d"), s->name, level);
}

static int
level_cost (const SpkStructure *s, int level)
{
  return g_array_index (s->level_costs, int, level - 1);
}

gboolean
spk_structure_check_buy (const SpkStructure *s,
                         int                 level,
                         int                 source,
                         GError            **error)
{
  int cost;

  g_return_val_if_fail (s != NULL, FALSE);

  if (level < 1 || (guint) level > s->level_costs->len)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID,
                   _("%s has no level %d; it has %u levels"),
                   s->name, level, s->level_costs->len);
      return FALSE;
    }
  if (level <= s->bought)
    {
      g_autofree char *title = spk_structure_level_title (s, level);

      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID,
                   _("%s is already bought"), title);
      return FALSE;
    }
  if (level > s->bought + 1)
    {
      g_autofree char *title = spk_structure_level_title (s, level);
      g_autofree char *missing = spk_structure_level_title (s, s->bought + 1);

      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_OUT_OF_ORDER,
                   _("%s cannot be bought before %s: levels of a structure are bought in order"),
                   title, missing);
      return FALSE;
    }
  cost = level_cost (s, level);
  if (source < cost)
    {
      g_autofree char *title = spk_structure_level_title (s, level);

      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE,
                   _("%s costs %d Source but only %d is available"), title, cost, source);
      return FALSE;
    }
  return TRUE;
}

gboolean
spk_structure_buy (SpkStructure *s,
                   int           level,
                   int          *source,
                   const char   *faction_name,
                   GPtrArray    *notes,
                   GError      **error)
{
  int cost;
  g_autofree char *title = NULL;

  g_return_val_if_fail (s != NULL && source != NULL, FALSE);

  if (!spk_structure_check_buy (s, level, *source, error))
    return FALSE;
  cost = level_cost (s, level);
  s->bought = level;
  *source -= cost;
  title = spk_structure_level_title (s, level);
  spk_economy_note (notes, _("%s: bought %s for %d Source"), faction_name, title, cost);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Gate repair */

gboolean
spk_gate_needs_repair (const SpkGameRules *rules, int gate_health)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  return rules->player_count >= 3 && !rules->team_play && gate_health <= 0;
}

/* Rank of structure `i` among equal-level candidates: its place in the
 * player's preference, else after all preferred ones in sheet order. */
static int
preference_rank (int i, const int *preference, gsize n_preference)
{
  for (gsize k = 0; k < n_preference; k++)
    if (preference[k] == i)
      return (int) k;
  return (int) n_preference + i;
}

void
spk_gate_repair_plan (const GPtrArray *structures,
                      int              gate_health,
                      int              source,
                      const int       *preference,
                      gsize            n_preference,
                      SpkRepair       *out)
{
  int n = 0;
  g_autofree int *levels = NULL;
  int health = MAX (gate_health, 0);

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->sacrificed = g_array_new (FALSE, FALSE, sizeof (SpkSacrifice));
  out->health_before = gate_health;
  out->source_before = source;

  if (gate_health >= SPK_GATE_REPAIR_HEALTH)
    {
      out->health_after = gate_health;
      out->source_after = source;
      return;
    }

  if (structures != NULL)
    n = (int) structures->len;
  levels = g_new0 (int, MAX (n, 1));
  for (int i = 0; i < n; i++)
    levels[i] = ((const SpkStructure *) g_ptr_array_index (structures, i))->bought;

  while (health < SPK_GATE_REPAIR_HEALTH)
    {
      int top = 0, best = -1, candidates = 0;

      for (int i = 0; i < n; i++)
        top = MAX (top, levels[i]);
      if (top == 0)
        break;
      for (int i = 0; i < n; i++)
        {
          if (levels[i] != top)
            continue;
          candidates++;
          if (best < 0
              || preference_rank (i, preference, n_preference)
                 < preference_rank (best, preference, n_preference))
            best = i;
        }
      /* Taking some but not all of the top level means the player had a
       * choice; without a stated preference the UI should ask. */
      if (candidates > 1 && SPK_GATE_REPAIR_HEALTH - health < candidates
          && n_preference == 0 && !out->tie_by_sheet_order)
        {
          out->tie_by_sheet_order = TRUE;
          out->tie_level = top;
        }
      g_array_append_val (out->sacrificed, ((SpkSacrifice) { best, top }));
      levels[best]--;
      health += SPK_REPAIR_HEALTH_PER_ADVANCEMENT;
    }

  while (health < SPK_GATE_REPAIR_HEALTH
         && source - out->source_spent >= SPK_REPAIR_SOURCE_PER_HEALTH)
    {
      out->source_spent += SPK_REPAIR_SOURCE_PER_HEALTH;
      health++;
    }

  out->short_of_source = health < SPK_GATE_REPAIR_HEALTH;
  out->health_after = health;
  out->source_after = source - out->source_spent;
}

void
spk_gate_repair_apply (const SpkRepair *plan,
                       GPtrArray       *structures,
                       int             *gate_health,
                       int             *source,
                       const char      *faction_name,
                       GPtrArray       *notes)
{
  g_autoptr(GString) taken = g_string_new (NULL);

  g_return_if_fail (plan != NULL && gate_health != NULL && source != NULL);

  for (guint i = 0; i < plan->sacrificed->len; i++)
    {
      const SpkSacrifice *sac = &g_array_index (plan->sacrificed, SpkSacrifice, i);
      SpkStructure *s;
      g_autofree char *title = NULL;

      g_return_if_fail (structures != NULL && (guint) sac->structure < structures->len);
      s = g_ptr_array_index (structures, sac->structure);
      g_return_if_fail (s->bought == sac->level);
      title = spk_structure_level_title (s, sac->level);
      s->bought--;
      if (taken->len > 0)
        g_string_append (taken, _(", "));
      g_string_append (taken, title);
    }

  *gate_health = plan->health_after;
  *source = plan->source_after;

  if (plan->health_after == plan->health_before)
    return;
  if (taken->len > 0)
    spk_economy_note (notes,
                      g_dngettext (GETTEXT_PACKAGE,
                                   "%s: %d advancement sacrificed to repair the gate (%s)",
                                   "%s: %d advancements sacrificed to repair the gate (%s)",
                                   plan->sacrificed->len),
                      faction_name, (int) plan->sacrificed->len, taken->str);
  if (plan->source_spent > 0)
    spk_economy_note (notes, _("%s: %d Source spent to repair the gate"),
                      faction_name, plan->source_spent);
  if (plan->short_of_source)
    spk_economy_note (notes,
                      _("%s: not enough Source to finish the repair; the gate stands at %d of %d"),
                      faction_name, plan->health_after, SPK_GATE_REPAIR_HEALTH);
  else
    spk_economy_note (notes, _("%s: gate repaired to %d"), faction_name, plan->health_after);
}

void
spk_repair_clear (SpkRepair *repair)
{
  if (repair == NULL)
    return;
  g_clear_pointer (&repair->sacrificed, g_array_unref);
}
