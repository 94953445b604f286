/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of a Codex game as functions of its state. "Manual" below is
 * the unofficial manual rewrite in the shared reference; each number names
 * the part of it it comes from. */
#include "config.h"

#include "spk-codex.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (spk-codex-error-quark, spk_codex_error)

/* Manual, "Construct a Tech Building", the table of tech levels: gold
 * cost, workers needed and the hero limit each level gives. */
static const int tech_cost[SPK_CODEX_TECH_LEVELS] = { 1, 4, 5 };
static const int tech_workers[SPK_CODEX_TECH_LEVELS] = { 6, 8, 10 };
static const int tech_hero_limit[SPK_CODEX_TECH_LEVELS] = { 1, 2, 3 };

/* Manual, "Tech Buildings are an extension of your base" and "Construct
 * an Add-on Building": a destroyed tech building or add-on deals 2 damage
 * to its base. */
#define BUILDING_DAMAGE 2
/* Manual, "Hire a Worker": 1 gold, once a turn. */
#define WORKER_COST 1
/* Manual, "Summon or Level Up a Hero": each level costs 1 gold. */
#define LEVEL_COST 1
/* Manual, "Destroyed Heroes": two summoning runes; a hero that destroys an
 * opposing hero gains two levels. */
#define HERO_RUNES 2
#define HERO_AWARD 2
/* Manual, "Repair Base (Free-for-all only)": 3 gold per HP. */
#define REPAIR_COST 3
/* Manual, "Unit Bounties": at most 3 gold a turn. */
#define BOUNTY_MAX 3
/* Manual, "Draw Phase": the cards discarded plus 2. */
#define DRAW_EXTRA 2
/* Manual, "Tech Phase": two cards; at 10 workers or more, 0 to 2. */
#define TECH_PICKS 2
#define TECH_FREE_WORKERS 10
/* Manual, "Setup": the starting hand is 5 cards. */
#define STARTING_HAND 5

static gboolean
fail (GError **error, SpkCodexError code, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError **error, SpkCodexError code, const char *fmt, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, fmt);
  *error = g_error_new_valist (SPK_CODEX_ERROR, code, fmt, args);
  va_end (args);
  return FALSE;
}

/* Objects */

SpkCodexHero *
spk_codex_hero_new (const char *name, int cost, int mid, int max)
{
  SpkCodexHero *h = g_new0 (SpkCodexHero, 1);

  h->name = g_strdup (name);
  h->cost = cost;
  h->mid = mid;
  h->max = max;
  return h;
}

void
spk_codex_hero_free (SpkCodexHero *hero)
{
  if (hero == NULL)
    return;
  g_free (hero->name);
  g_free (hero);
}

static SpkCodexHero *
hero_copy (const SpkCodexHero *h)
{
  SpkCodexHero *c = spk_codex_hero_new (h->name, h->cost, h->mid, h->max);

  c->level = h->level;
  c->runes = h->runes;
  return c;
}

static gboolean
hero_equal (const SpkCodexHero *a, const SpkCodexHero *b)
{
  return g_strcmp0 (a->name, b->name) == 0 && a->cost == b->cost && a->mid == b->mid &&
         a->max == b->max && a->level == b->level && a->runes == b->runes;
}

SpkCodexPlayer *
spk_codex_player_new (const char *name)
{
  SpkCodexPlayer *p = g_new0 (SpkCodexPlayer, 1);

  p->name = g_strdup (name);
  p->hand = STARTING_HAND;
  p->heroes = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_codex_hero_free);
  return p;
}

void
spk_codex_player_free (SpkCodexPlayer *p)
{
  if (p == NULL)
    return;
  g_free (p->name);
  g_free (p->spec);
  g_ptr_array_unref (p->heroes);
  for (guint i = 0; i < SPK_CODEX_N_SLOTS; i++)
    g_free (p->patrol[i]);
  g_free (p);
}

static SpkCodexPlayer *
player_copy (const SpkCodexPlayer *p)
{
  SpkCodexPlayer *c = spk_codex_player_new (p->name);

  c->spec = g_strdup (p->spec);
  c->gold = p->gold;
  c->workers = p->workers;
  c->hand = p->hand;
  c->hired = p->hired;
  c->bounty = p->bounty;
  c->multicolor = p->multicolor;
  c->built_any = p->built_any;
  memcpy (c->tech, p->tech, sizeof c->tech);
  c->addon = p->addon;
  c->addon_state = p->addon_state;
  for (guint i = 0; i < p->heroes->len; i++)
    g_ptr_array_add (c->heroes, hero_copy (g_ptr_array_index (p->heroes, i)));
  for (guint i = 0; i < SPK_CODEX_N_SLOTS; i++)
    c->patrol[i] = g_strdup (p->patrol[i]);
  c->mercenaries = p->mercenaries;
  return c;
}

static gboolean
player_equal (const SpkCodexPlayer *a, const SpkCodexPlayer *b)
{
  if (g_strcmp0 (a->name, b->name) != 0 || g_strcmp0 (a->spec, b->spec) != 0 ||
      a->gold != b->gold || a->workers != b->workers || a->hand != b->hand ||
      a->hired != b->hired || a->bounty != b->bounty || a->multicolor != b->multicolor ||
      a->built_any != b->built_any || memcmp (a->tech, b->tech, sizeof a->tech) != 0 ||
      a->addon != b->addon || a->addon_state != b->addon_state ||
      a->mercenaries != b->mercenaries || a->heroes->len != b->heroes->len)
    return FALSE;
  for (guint i = 0; i < a->heroes->len; i++)
    if (!hero_equal (g_ptr_array_index (a->heroes, i), g_ptr_array_index (b->heroes, i)))
      return FALSE;
  for (guint i = 0; i < SPK_CODEX_N_SLOTS; i++)
    if (g_strcmp0 (a->patrol[i], b->patrol[i]) != 0)
      return FALSE;
  return TRUE;
}

SpkCodex *
spk_codex_new_empty (SpkCodexMode mode)
{
  SpkCodex *c = g_new0 (SpkCodex, 1);

  c->mode = mode;
  c->players = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_codex_player_free);
  c->bases = g_array_new (FALSE, TRUE, sizeof (int));
  c->turn = 1;
  return c;
}

int
spk_codex_player_count (SpkCodexMode mode, int *max)
{
  int min = 2, top = 2;

  /* Manual, "Multiplayer Mode": a free-for-all is for 3 to 5 players, a
   * two-headed dragon for two teams of two. */
  if (mode == SPK_CODEX_MODE_FREE_FOR_ALL)
    min = 3, top = 5;
  else if (mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    min = 4, top = 4;
  if (max != NULL)
    *max = top;
  return min;
}

int
spk_codex_starting_workers (SpkCodexMode mode, guint seat)
{
  /* Manual, "Setup" (worker card x4 / x5), "Free-for-all Setup" and the
   * two-headed dragon: the first seat (or the first team) starts with 4
   * workers, everyone else with 5. */
  if (mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    return seat < 2 ? 4 : 5;
  return seat == 0 ? 4 : 5;
}

int
spk_codex_starting_mercenaries (SpkCodexMode mode, guint seat)
{
  /* Manual, "Free-for-all Setup": the 3rd, 4th and 5th players start with
   * 1, 2 and 3 mercenaries. */
  if (mode != SPK_CODEX_MODE_FREE_FOR_ALL || seat < 2)
    return 0;
  return (int) seat - 1;
}

SpkCodex *
spk_codex_new (SpkCodexMode mode, const char *const *names, GError **error)
{
  g_autoptr(SpkCodex) c = spk_codex_new_empty (mode);
  guint n = names != NULL ? g_strv_length ((char **) names) : 0;
  int max, min = spk_codex_player_count (mode, &max);

  if ((int) n < min || (int) n > max)
    {
      if (min == max)
        fail (error, SPK_CODEX_ERROR_INVALID,
              _("A %s game has %d players, not %u; name one player per seat"),
              spk_codex_mode_to_string (mode), min, n);
      else
        fail (error, SPK_CODEX_ERROR_INVALID,
              _("A %s game has %d to %d players, not %u; name one player per seat"),
              spk_codex_mode_to_string (mode), min, max, n);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      SpkCodexPlayer *p = spk_codex_player_new (names[i]);

      p->workers = spk_codex_starting_workers (mode, i);
      p->mercenaries = spk_codex_starting_mercenaries (mode, i);
      g_ptr_array_add (c->players, p);
    }
  for (int i = 0; i < spk_codex_base_count (c); i++)
    {
      int hp = spk_codex_base_max (c);

      g_array_append_val (c->bases, hp);
    }
  return g_steal_pointer (&c);
}

SpkCodex *
spk_codex_copy (const SpkCodex *s)
{
  SpkCodex *c = spk_codex_new_empty (s->mode);

  for (guint i = 0; i < s->players->len; i++)
    g_ptr_array_add (c->players, player_copy (g_ptr_array_index (s->players, i)));
  g_array_append_vals (c->bases, s->bases->data, s->bases->len);
  c->turn = s->turn;
  c->active = s->active;
  c->phase = s->phase;
  return c;
}

void
spk_codex_free (SpkCodex *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->players);
  g_array_unref (c->bases);
  g_free (c);
}

gboolean
spk_codex_equal (const SpkCodex *a, const SpkCodex *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->mode != b->mode || a->turn != b->turn || a->active != b->active ||
      a->phase != b->phase || a->players->len != b->players->len ||
      a->bases->len != b->bases->len ||
      memcmp (a->bases->data, b->bases->data, a->bases->len * sizeof (int)) != 0)
    return FALSE;
  for (guint i = 0; i < a->players->len; i++)
    if (!player_equal (g_ptr_array_index (a->players, i), g_ptr_array_index (b->players, i)))
      return FALSE;
  return TRUE;
}

/* Names */

static const char *const mode_names[] = { "duel", "free-for-all", "two-headed-dragon" };
static const char *const phase_names[] = { "ready", "upkeep", "main", "draw", "tech" };
static const char *const building_names[] = { "none", "constructing", "built", "destroyed" };
static const char *const addon_names[] = { "none", "tower", "surplus", "heroes-hall", "tech-lab" };
static const char *const slot_names[] = { "squad_leader", "elite", "scavenger", "technician", "lookout" };

static gboolean
lookup (const char *const *names, guint n, const char *s, int *out)
{
  for (guint i = 0; s != NULL && i < n; i++)
    if (strcmp (names[i], s) == 0)
      {
        *out = (int) i;
        return TRUE;
      }
  return FALSE;
}

const char *
spk_codex_mode_to_string (SpkCodexMode mode)
{
  return mode_names[mode];
}

gboolean
spk_codex_mode_from_string (const char *s, SpkCodexMode *mode)
{
  int v;

  if (!lookup (mode_names, G_N_ELEMENTS (mode_names), s, &v))
    return FALSE;
  *mode = (SpkCodexMode) v;
  return TRUE;
}

const char *
spk_codex_phase_to_string (SpkCodexPhase phase)
{
  return phase_names[phase];
}

gboolean
spk_codex_phase_from_string (const char *s, SpkCodexPhase *phase)
{
  int v;

  if (!lookup (phase_names, G_N_ELEMENTS (phase_names), s, &v))
    return FALSE;
  *phase = (SpkCodexPhase) v;
  return TRUE;
}

const char *
spk_codex_phase_label (SpkCodexPhase phase)
{
  switch (phase)
    {
    case SPK_CODEX_PHASE_READY: return _("Ready Phase");
    case SPK_CODEX_PHASE_UPKEEP: return _("Upkeep Phase");
    case SPK_CODEX_PHASE_MAIN: return _("Main Phase");
    case SPK_CODEX_PHASE_DRAW: return _("Draw Phase");
    case SPK_CODEX_PHASE_TECH: return _("Tech Phase");
    default: return "";
    }
}

const char *
spk_codex_building_to_string (SpkCodexBuilding b)
{
  return building_names[b];
}

gboolean
spk_codex_building_from_string (const char *s, SpkCodexBuilding *b)
{
  int v;

  if (!lookup (building_names, G_N_ELEMENTS (building_names), s, &v))
    return FALSE;
  *b = (SpkCodexBuilding) v;
  return TRUE;
}

const char *
spk_codex_addon_to_string (SpkCodexAddon addon)
{
  return addon_names[addon];
}

gboolean
spk_codex_addon_from_string (const char *s, SpkCodexAddon *addon)
{
  int v;

  if (!lookup (addon_names, G_N_ELEMENTS (addon_names), s, &v))
    return FALSE;
  *addon = (SpkCodexAddon) v;
  return TRUE;
}

const char *
spk_codex_addon_label (SpkCodexAddon addon)
{
  switch (addon)
    {
    case SPK_CODEX_ADDON_TOWER: return _("Tower");
    case SPK_CODEX_ADDON_SURPLUS: return _("Surplus");
    case SPK_CODEX_ADDON_HEROES_HALL: return _("Heroes’ Hall");
    case SPK_CODEX_ADDON_TECH_LAB: return _("Tech Lab");
    case SPK_CODEX_ADDON_NONE:
    default: return _("No add-on");
    }
}

const char *
spk_codex_slot_to_string (SpkCodexSlot slot)
{
  return slot_names[slot];
}

const char *
spk_codex_slot_label (SpkCodexSlot slot)
{
  switch (slot)
    {
    case SPK_CODEX_SLOT_SQUAD_LEADER: return _("Squad Leader");
    case SPK_CODEX_SLOT_ELITE: return _("Elite");
    case SPK_CODEX_SLOT_SCAVENGER: return _("Scavenger");
    case SPK_CODEX_SLOT_TECHNICIAN: return _("Technician");
    case SPK_CODEX_SLOT_LOOKOUT: return _("Lookout");
    default: return "";
    }
}

const char *
spk_codex_tech_numeral (int level)
{
  static const char *const numerals[] = { "I", "II", "III" };

  return level >= 1 && level <= SPK_CODEX_TECH_LEVELS ? numerals[level - 1] : "?";
}

/* Shape of the game */

int
spk_codex_base_count (const SpkCodex *c)
{
  /* Manual, "Two-headed Dragon": each team shares one base. */
  if (c->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    return 2;
  return (int) c->players->len;
}

int
spk_codex_base_of (const SpkCodex *c, guint player)
{
  return c->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON ? (int) player / 2 : (int) player;
}

int
spk_codex_base_max (const SpkCodex *c)
{
  /* Manual, "Overview" and "Setup": a base starts at 20 HP; "Two-headed
   * Dragon": a team's base at 30. */
  return c->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON ? SPK_CODEX_TEAM_BASE_HP : SPK_CODEX_BASE_HP;
}

int
spk_codex_side_count (const SpkCodex *c)
{
  return spk_codex_base_count (c);
}

int
spk_codex_side_of (const SpkCodex *c, guint player)
{
  /* Manual, "Two-headed Dragon": teammates take each phase together, so
   * a team is on turn; otherwise one player. */
  return spk_codex_base_of (c, player);
}

gboolean
spk_codex_is_active (const SpkCodex *c, guint player)
{
  return spk_codex_side_of (c, player) == c->active;
}

gboolean
spk_codex_over (const SpkCodex *c)
{
  /* Manual, "Overview": destroying a base wins; "Free-for-all": the game
   * ends when any base is destroyed. */
  for (guint i = 0; i < c->bases->len; i++)
    if (g_array_index (c->bases, int, i) <= 0)
      return TRUE;
  return FALSE;
}

SpkCodexPlayer *
spk_codex_player (const SpkCodex *c, guint player)
{
  return player < c->players->len ? g_ptr_array_index (c->players, player) : NULL;
}

/* Numbers */

int
spk_codex_tech_cost (int level)
{
  return level >= 1 && level <= SPK_CODEX_TECH_LEVELS ? tech_cost[level - 1] : 0;
}

int
spk_codex_tech_workers (int level)
{
  return level >= 1 && level <= SPK_CODEX_TECH_LEVELS ? tech_workers[level - 1] : 0;
}

int
spk_codex_hero_limit (const SpkCodexPlayer *p)
{
  /* Manual, "Summon or Level Up a Hero": the limit starts at 1; the tech
   * table raises it with a finished tech II or III building; "Heroes'
   * hall" adds 1. Buildings under construction do not count yet. */
  int limit = 1;

  for (int l = 0; l < SPK_CODEX_TECH_LEVELS; l++)
    if (p->tech[l] == SPK_CODEX_BUILDING_BUILT)
      limit = MAX (limit, tech_hero_limit[l]);
  if (p->addon == SPK_CODEX_ADDON_HEROES_HALL && p->addon_state == SPK_CODEX_BUILDING_BUILT)
    limit++;
  return limit;
}

int
spk_codex_heroes_in_play (const SpkCodexPlayer *p)
{
  int n = 0;

  for (guint i = 0; i < p->heroes->len; i++)
    if (((SpkCodexHero *) g_ptr_array_index (p->heroes, i))->level > 0)
      n++;
  return n;
}

int
spk_codex_hero_band (const SpkCodexHero *h)
{
  /* Manual, "Summon or Level Up a Hero": three level bands; the last is
   * the max level. */
  if (h->level <= 0)
    return 0;
  if (h->level >= h->max)
    return 3;
  return h->level >= h->mid ? 2 : 1;
}

int
spk_codex_draw_count (int hand)
{
  return MIN (MAX (hand, 0) + DRAW_EXTRA, SPK_CODEX_HAND_MAX);
}

void
spk_codex_tech_picks (int workers, int *min, int *max)
{
  *min = workers >= TECH_FREE_WORKERS ? 0 : TECH_PICKS;
  *max = TECH_PICKS;
}

int
spk_codex_gain (int gold, int amount, int *lost)
{
  /* Manual, "Gold Limits": gold past 20 is lost at once. */
  int total = gold + amount;
  int kept = MIN (total, SPK_CODEX_GOLD_MAX);

  if (lost != NULL)
    *lost = MAX (total - kept, 0);
  return MAX (kept, gold);
}

/* Checks */

static SpkCodexPlayer *
get_player (const SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = spk_codex_player (c, player);

  if (p == NULL)
    fail (error, SPK_CODEX_ERROR_INVALID, _("There is no player %u at this table"), player + 1);
  return p;
}

static gboolean
check_running (const SpkCodex *c, GError **error)
{
  if (spk_codex_over (c))
    return fail (error, SPK_CODEX_ERROR_GAME_OVER,
                 _("The game is over: a base is destroyed; undo to go back"));
  return TRUE;
}

/* A main-phase action of the player on turn (manual, "Opponents' Turns":
 * nothing is done on another player's turn; "Main Phase Actions"). */
static SpkCodexPlayer *
acting_player (const SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error))
    return NULL;
  if (!spk_codex_is_active (c, player))
    {
      fail (error, SPK_CODEX_ERROR_NOT_YOUR_TURN,
            _("It is not %s’s turn; main-phase actions are taken on one’s own turn"), p->name);
      return NULL;
    }
  if (c->phase != SPK_CODEX_PHASE_MAIN)
    {
      fail (error, SPK_CODEX_ERROR_WRONG_PHASE,
            _("%s can do this in the Main Phase only; it is the %s"), p->name,
            spk_codex_phase_label (c->phase));
      return NULL;
    }
  return p;
}

static gboolean
pay (SpkCodexPlayer *p, int cost, GError **error)
{
  if (p->gold < cost)
    return fail (error, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD,
                 _("%s has %d gold and this costs %d; gain more first"), p->name, p->gold, cost);
  p->gold -= cost;
  return TRUE;
}

static int
surcharge (const SpkCodexPlayer *p)
{
  /* Manual, "Multicolor Teams": the first tech building or add-on costs
   * 1 gold more. */
  return p->multicolor && !p->built_any ? 1 : 0;
}

gboolean
spk_codex_check_tech (const SpkCodex *c, guint player, int level, int *cost, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);
  SpkCodexBuilding state;

  if (p == NULL)
    return FALSE;
  if (level < 1 || level > SPK_CODEX_TECH_LEVELS)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("Tech buildings are levels 1 to 3, not %d"), level);
  state = p->tech[level - 1];
  if (state == SPK_CODEX_BUILDING_CONSTRUCTING || state == SPK_CODEX_BUILDING_BUILT)
    return fail (error, SPK_CODEX_ERROR_BUILT,
                 state == SPK_CODEX_BUILDING_BUILT ? _("%s already has a tech %s building")
                                                   : _("%s is already constructing a tech %s building"),
                 p->name, spk_codex_tech_numeral (level));
  /* Manual, "Construct a Tech Building": tech II needs a tech I building,
   * tech III a tech II one; a building under construction is not done
   * until the end of the turn. */
  if (level > 1 && p->tech[level - 2] != SPK_CODEX_BUILDING_BUILT)
    return fail (error, SPK_CODEX_ERROR_NEEDS_BUILDING,
                 _("A tech %s building needs a finished tech %s building first"),
                 spk_codex_tech_numeral (level), spk_codex_tech_numeral (level - 1));
  if (p->workers < tech_workers[level - 1])
    return fail (error, SPK_CODEX_ERROR_WORKERS,
                 _("A tech %s building needs %d workers; %s has %d"),
                 spk_codex_tech_numeral (level), tech_workers[level - 1], p->name, p->workers);
  /* Manual: rebuilding a destroyed tech building costs 0 gold. */
  *cost = (state == SPK_CODEX_BUILDING_DESTROYED ? 0 : tech_cost[level - 1]) + surcharge (p);
  if (p->gold < *cost)
    return fail (error, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD,
                 _("A tech %s building costs %s %d gold and %s has %d"),
                 spk_codex_tech_numeral (level), p->name, *cost, p->name, p->gold);
  return TRUE;
}

/* Actions of a player */

gboolean
spk_codex_hire_worker (SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);

  if (p == NULL)
    return FALSE;
  if (p->hired)
    return fail (error, SPK_CODEX_ERROR_ONCE_PER_TURN,
                 _("%s has already hired a worker this turn; one a turn"), p->name);
  if (p->hand < 1)
    return fail (error, SPK_CODEX_ERROR_NO_CARDS,
                 _("%s has no card in hand to tuck under the workers"), p->name);
  if (!pay (p, WORKER_COST, error))
    return FALSE;
  p->hand--;
  p->workers++;
  p->hired = TRUE;
  return TRUE;
}

gboolean
spk_codex_play_card (SpkCodex *c, guint player, int cost, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);

  if (p == NULL)
    return FALSE;
  if (cost < 0 || cost > SPK_CODEX_GOLD_MAX)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("A card costs 0 to %d gold, not %d"), SPK_CODEX_GOLD_MAX, cost);
  if (p->hand < 1)
    return fail (error, SPK_CODEX_ERROR_NO_CARDS, _("%s has no card in hand"), p->name);
  if (!pay (p, cost, error))
    return FALSE;
  p->hand--;
  return TRUE;
}

gboolean
spk_codex_build_tech (SpkCodex *c, guint player, int level, GError **error)
{
  SpkCodexPlayer *p;
  int cost = 0;

  if (!spk_codex_check_tech (c, player, level, &cost, error))
    return FALSE;
  p = spk_codex_player (c, player);
  p->gold -= cost;
  p->tech[level - 1] = SPK_CODEX_BUILDING_CONSTRUCTING;
  p->built_any = TRUE;
  return TRUE;
}

gboolean
spk_codex_build_addon (SpkCodex *c, guint player, SpkCodexAddon addon, int cost, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);

  if (p == NULL)
    return FALSE;
  if (addon == SPK_CODEX_ADDON_NONE || (int) addon >= SPK_CODEX_N_ADDONS)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("Choose an add-on: tower, surplus, heroes’ hall or tech lab"));
  if (cost < 0 || cost > SPK_CODEX_GOLD_MAX)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("An add-on costs 0 to %d gold, not %d"), SPK_CODEX_GOLD_MAX, cost);
  /* Manual, "Construct an Add-on Building": room for one add-on. */
  if (p->addon != SPK_CODEX_ADDON_NONE)
    return fail (error, SPK_CODEX_ERROR_BUILT,
                 _("%s already has an add-on (%s); destroy it to make room"), p->name,
                 spk_codex_addon_label (p->addon));
  if (!pay (p, cost + surcharge (p), error))
    return FALSE;
  p->addon = addon;
  p->addon_state = SPK_CODEX_BUILDING_CONSTRUCTING;
  p->built_any = TRUE;
  return TRUE;
}

static gboolean
check_hero_numbers (const char *name, int cost, int mid, int max, GError **error)
{
  if (name == NULL || *name == '\0')
    return fail (error, SPK_CODEX_ERROR_INVALID, _("Give the hero a name"));
  if (cost < 0 || cost > SPK_CODEX_GOLD_MAX)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("A hero costs 0 to %d gold to summon, not %d"), SPK_CODEX_GOLD_MAX, cost);
  /* Three bands: level 1, a middle band from @mid, and the max level. */
  if (mid < 2 || max <= mid || max > SPK_CODEX_HERO_LEVEL_MAX)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("A hero’s bands start at level 1, then a middle level of 2 or more, then a "
                   "higher max level (up to %d); %d and %d do not fit"),
                 SPK_CODEX_HERO_LEVEL_MAX, mid, max);
  return TRUE;
}

gboolean
spk_codex_add_hero (SpkCodex *c, guint player, const char *name, int cost, int mid, int max,
                    GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error) || !check_hero_numbers (name, cost, mid, max, error))
    return FALSE;
  for (guint i = 0; i < p->heroes->len; i++)
    if (g_strcmp0 (((SpkCodexHero *) g_ptr_array_index (p->heroes, i))->name, name) == 0)
      return fail (error, SPK_CODEX_ERROR_INVALID, _("%s already has a hero called %s"),
                   p->name, name);
  g_ptr_array_add (p->heroes, spk_codex_hero_new (name, cost, mid, max));
  return TRUE;
}

static SpkCodexHero *
get_hero (SpkCodexPlayer *p, guint hero, GError **error)
{
  if (hero >= p->heroes->len)
    {
      fail (error, SPK_CODEX_ERROR_INVALID, _("%s has no hero %u"), p->name, hero + 1);
      return NULL;
    }
  return g_ptr_array_index (p->heroes, hero);
}

gboolean
spk_codex_summon_hero (SpkCodex *c, guint player, guint hero, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);
  SpkCodexHero *h = p != NULL ? get_hero (p, hero, error) : NULL;
  int limit;

  if (h == NULL)
    return FALSE;
  if (h->level > 0)
    return fail (error, SPK_CODEX_ERROR_HERO_IN_PLAY, _("%s is already in play"), h->name);
  /* Manual, "Summon or Level Up a Hero" and "Destroyed Heroes": a hero with
   * a summoning rune cannot be summoned. */
  if (h->runes > 0)
    return fail (error, SPK_CODEX_ERROR_HERO_RUNES,
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s still has %d summoning rune; one comes off each upkeep",
                              "%s still has %d summoning runes; one comes off each upkeep",
                              (gulong) h->runes),
                 h->name, h->runes);
  limit = spk_codex_hero_limit (p);
  if (spk_codex_heroes_in_play (p) >= limit)
    return fail (error, SPK_CODEX_ERROR_HERO_LIMIT,
                 _("%s has %d heroes in play, the hero limit; a finished tech II or III "
                   "building or a heroes’ hall raises it"), p->name, limit);
  if (!pay (p, h->cost, error))
    return FALSE;
  /* Manual: a hero arrives at level 1. */
  h->level = 1;
  return TRUE;
}

gboolean
spk_codex_level_hero (SpkCodex *c, guint player, guint hero, int levels, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);
  SpkCodexHero *h = p != NULL ? get_hero (p, hero, error) : NULL;

  if (h == NULL)
    return FALSE;
  if (levels < 1)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("Level up by 1 or more levels, not %d"), levels);
  if (h->level == 0)
    return fail (error, SPK_CODEX_ERROR_NOT_IN_PLAY,
                 _("%s is not in play; summon the hero first"), h->name);
  if (h->level + levels > h->max)
    return fail (error, SPK_CODEX_ERROR_MAX_LEVEL,
                 _("%s is level %d of %d; %d more levels would pass the max level"),
                 h->name, h->level, h->max, levels);
  if (!pay (p, levels * LEVEL_COST, error))
    return FALSE;
  h->level += levels;
  return TRUE;
}

gboolean
spk_codex_repair_base (SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);
  int base;

  if (p == NULL)
    return FALSE;
  if (c->mode != SPK_CODEX_MODE_FREE_FOR_ALL)
    return fail (error, SPK_CODEX_ERROR_FREE_FOR_ALL,
                 _("Bases are repaired only in a free-for-all"));
  base = spk_codex_base_of (c, player);
  /* Manual, "Repair Base": up to 20 HP. */
  if (g_array_index (c->bases, int, base) >= SPK_CODEX_BASE_HP)
    return fail (error, SPK_CODEX_ERROR_BASE_FULL,
                 _("%s’s base is at %d HP already, its most"), p->name, SPK_CODEX_BASE_HP);
  if (!pay (p, REPAIR_COST, error))
    return FALSE;
  g_array_index (c->bases, int, base)++;
  return TRUE;
}

gboolean
spk_codex_bounty (SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);

  if (p == NULL)
    return FALSE;
  if (c->mode != SPK_CODEX_MODE_FREE_FOR_ALL)
    return fail (error, SPK_CODEX_ERROR_FREE_FOR_ALL,
                 _("Unit bounties are paid only in a free-for-all"));
  if (p->bounty >= BOUNTY_MAX)
    return fail (error, SPK_CODEX_ERROR_BOUNTY_LIMIT,
                 _("%s has had %d bounty gold this turn, the most a turn gives"), p->name,
                 BOUNTY_MAX);
  p->bounty++;
  p->gold = spk_codex_gain (p->gold, 1, NULL);
  return TRUE;
}

gboolean
spk_codex_set_patrol (SpkCodex *c, guint player, SpkCodexSlot slot, const char *name,
                      GError **error)
{
  SpkCodexPlayer *p = acting_player (c, player, error);

  if (p == NULL)
    return FALSE;
  if ((int) slot < 0 || (int) slot >= SPK_CODEX_N_SLOTS)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("There is no patrol slot %d"), (int) slot);
  g_free (p->patrol[slot]);
  p->patrol[slot] = name != NULL && *name != '\0' ? g_strdup (name) : NULL;
  return TRUE;
}

/* What happens to a player */

gboolean
spk_codex_gain_gold (SpkCodex *c, guint player, int amount, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error))
    return FALSE;
  if (amount < 1 || amount > SPK_CODEX_GOLD_MAX)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("Gain 1 to %d gold, not %d"), SPK_CODEX_GOLD_MAX, amount);
  p->gold = spk_codex_gain (p->gold, amount, NULL);
  return TRUE;
}

gboolean
spk_codex_set_hand (SpkCodex *c, guint player, int hand, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error))
    return FALSE;
  /* Manual, "Hand Limit": more than 5 cards may be held. */
  if (hand < 0 || hand > 100)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("A hand holds 0 to 100 cards, not %d"), hand);
  p->hand = hand;
  return TRUE;
}

gboolean
spk_codex_damage_base (SpkCodex *c, guint base, int amount, GError **error)
{
  if (!check_running (c, error))
    return FALSE;
  if (base >= c->bases->len)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("There is no base %u"), base + 1);
  if (amount < 1 || amount > SPK_CODEX_TEAM_BASE_HP)
    return fail (error, SPK_CODEX_ERROR_INVALID,
                 _("Deal 1 to %d damage, not %d"), SPK_CODEX_TEAM_BASE_HP, amount);
  g_array_index (c->bases, int, base) = MAX (g_array_index (c->bases, int, base) - amount, 0);
  return TRUE;
}

static void
base_hit (SpkCodex *c, guint player, int amount)
{
  int *hp = &g_array_index (c->bases, int, spk_codex_base_of (c, player));

  *hp = MAX (*hp - amount, 0);
}

gboolean
spk_codex_destroy_tech (SpkCodex *c, guint player, int level, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error))
    return FALSE;
  if (level < 1 || level > SPK_CODEX_TECH_LEVELS)
    return fail (error, SPK_CODEX_ERROR_INVALID, _("Tech buildings are levels 1 to 3, not %d"), level);
  /* Manual, "Construct a Tech Building": a building cannot be damaged on
   * the turn it was constructed. */
  if (p->tech[level - 1] == SPK_CODEX_BUILDING_CONSTRUCTING)
    return fail (error, SPK_CODEX_ERROR_BUILT,
                 _("%s’s tech %s building is under construction and takes no damage this turn"),
                 p->name, spk_codex_tech_numeral (level));
  if (p->tech[level - 1] != SPK_CODEX_BUILDING_BUILT)
    return fail (error, SPK_CODEX_ERROR_NEEDS_BUILDING, _("%s has no tech %s building"),
                 p->name, spk_codex_tech_numeral (level));
  p->tech[level - 1] = SPK_CODEX_BUILDING_DESTROYED;
  base_hit (c, player, BUILDING_DAMAGE);
  return TRUE;
}

gboolean
spk_codex_destroy_addon (SpkCodex *c, guint player, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);

  if (p == NULL || !check_running (c, error))
    return FALSE;
  if (p->addon == SPK_CODEX_ADDON_NONE)
    return fail (error, SPK_CODEX_ERROR_NEEDS_BUILDING, _("%s has no add-on"), p->name);
  if (p->addon_state == SPK_CODEX_BUILDING_CONSTRUCTING)
    return fail (error, SPK_CODEX_ERROR_BUILT,
                 _("%s’s add-on is under construction and takes no damage this turn"), p->name);
  /* Manual, "Construct an Add-on Building": it returns to its stack. */
  p->addon = SPK_CODEX_ADDON_NONE;
  p->addon_state = SPK_CODEX_BUILDING_NONE;
  base_hit (c, player, BUILDING_DAMAGE);
  return TRUE;
}

gboolean
spk_codex_destroy_hero (SpkCodex *c, guint player, guint hero, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);
  SpkCodexHero *h = p != NULL ? get_hero (p, hero, error) : NULL;

  if (h == NULL || !check_running (c, error))
    return FALSE;
  if (h->level == 0)
    return fail (error, SPK_CODEX_ERROR_NOT_IN_PLAY, _("%s is not in play"), h->name);
  h->level = 0;
  h->runes = HERO_RUNES;
  return TRUE;
}

gboolean
spk_codex_award_levels (SpkCodex *c, guint player, guint hero, GError **error)
{
  SpkCodexPlayer *p = get_player (c, player, error);
  SpkCodexHero *h = p != NULL ? get_hero (p, hero, error) : NULL;

  if (h == NULL || !check_running (c, error))
    return FALSE;
  /* Manual, "Destroyed Heroes": only a hero in play gains levels. */
  if (h->level == 0)
    return fail (error, SPK_CODEX_ERROR_NOT_IN_PLAY,
                 _("%s is not in play and cannot gain levels"), h->name);
  if (h->level >= h->max)
    return fail (error, SPK_CODEX_ERROR_MAX_LEVEL, _("%s is at max level already"), h->name);
  h->level = MIN (h->level + HERO_AWARD, h->max);
  return TRUE;
}

/* Turn structure */

static void
note (GPtrArray *notes, char *text)
{
  if (notes != NULL)
    g_ptr_array_add (notes, text);
  else
    g_free (text);
}

/* Manual, "Upkeep Phase": gold from workers, one summoning rune off each
 * hero, the surplus add-on's card. */
static void
upkeep (SpkCodex *c, guint player, GPtrArray *notes)
{
  SpkCodexPlayer *p = g_ptr_array_index (c->players, player);
  int before = p->gold, lost = 0, runes = 0;

  p->gold = spk_codex_gain (p->gold, p->workers, &lost);
  if (lost > 0)
    note (notes, g_strdup_printf (_("%s: +%d gold from %d workers (%d lost over %d)"), p->name,
                                  p->gold - before, p->workers, lost, SPK_CODEX_GOLD_MAX));
  else
    note (notes, g_strdup_printf (_("%s: +%d gold from %d workers"), p->name, p->gold - before,
                                  p->workers));
  for (guint i = 0; i < p->heroes->len; i++)
    {
      SpkCodexHero *h = g_ptr_array_index (p->heroes, i);

      if (h->runes > 0)
        h->runes--, runes++;
    }
  if (runes > 0)
    note (notes, g_strdup_printf (_("%s: a summoning rune off %d heroes"), p->name, runes));
  if (p->addon == SPK_CODEX_ADDON_SURPLUS && p->addon_state == SPK_CODEX_BUILDING_BUILT)
    {
      p->hand++;
      note (notes, g_strdup_printf (_("%s: draws a card (surplus)"), p->name));
    }
}

/* Manual, "Draw Phase". */
static void
draw (SpkCodex *c, guint player, GPtrArray *notes)
{
  SpkCodexPlayer *p = g_ptr_array_index (c->players, player);
  int drawn = spk_codex_draw_count (p->hand);

  note (notes, g_strdup_printf (_("%s: discards %d, draws %d"), p->name, p->hand, drawn));
  p->hand = drawn;
}

static void
tech_note (SpkCodex *c, guint player, GPtrArray *notes)
{
  SpkCodexPlayer *p = g_ptr_array_index (c->players, player);
  int min, max;

  spk_codex_tech_picks (p->workers, &min, &max);
  if (min == max)
    note (notes, g_strdup_printf (_("%s: tech %d cards from the codex"), p->name, max));
  else
    note (notes, g_strdup_printf (_("%s: tech %d to %d cards from the codex (%d workers)"),
                                  p->name, min, max, p->workers));
}

/* Manual, "Construct a Tech Building" and "Add-on": what was constructed
 * is finished at the end of the turn. The turn's counters start again. */
static void
finish_turn (SpkCodex *c, guint player, GPtrArray *notes)
{
  SpkCodexPlayer *p = g_ptr_array_index (c->players, player);

  for (int l = 0; l < SPK_CODEX_TECH_LEVELS; l++)
    if (p->tech[l] == SPK_CODEX_BUILDING_CONSTRUCTING)
      {
        p->tech[l] = SPK_CODEX_BUILDING_BUILT;
        note (notes, g_strdup_printf (_("%s: tech %s building finished"), p->name,
                                      spk_codex_tech_numeral (l + 1)));
      }
  if (p->addon_state == SPK_CODEX_BUILDING_CONSTRUCTING)
    {
      p->addon_state = SPK_CODEX_BUILDING_BUILT;
      note (notes, g_strdup_printf (_("%s: %s finished"), p->name, spk_codex_addon_label (p->addon)));
    }
  p->hired = FALSE;
  p->bounty = 0;
}

typedef void (*PlayerStep) (SpkCodex *c, guint player, GPtrArray *notes);

static void
each_active (SpkCodex *c, PlayerStep step, GPtrArray *notes)
{
  for (guint i = 0; i < c->players->len; i++)
    if (spk_codex_is_active (c, i))
      step (c, i, notes);
}

gboolean
spk_codex_next_phase (SpkCodex *c, GPtrArray *notes, GError **error)
{
  if (!check_running (c, error))
    return FALSE;
  switch (c->phase)
    {
    case SPK_CODEX_PHASE_READY:
      c->phase = SPK_CODEX_PHASE_UPKEEP;
      each_active (c, upkeep, notes);
      break;
    case SPK_CODEX_PHASE_UPKEEP:
      c->phase = SPK_CODEX_PHASE_MAIN;
      break;
    case SPK_CODEX_PHASE_MAIN:
      c->phase = SPK_CODEX_PHASE_DRAW;
      each_active (c, draw, notes);
      break;
    case SPK_CODEX_PHASE_DRAW:
      c->phase = SPK_CODEX_PHASE_TECH;
      each_active (c, tech_note, notes);
      break;
    case SPK_CODEX_PHASE_TECH:
    default:
      /* Manual, "Tech Phase": the next turn begins as the tech phase does;
       * the tracker hands over when the players move on. */
      each_active (c, finish_turn, notes);
      c->active = (c->active + 1) % spk_codex_side_count (c);
      if (c->active == 0)
        c->turn++;
      c->phase = SPK_CODEX_PHASE_READY;
      break;
    }
  return TRUE;
}

gboolean
spk_codex_end_turn (SpkCodex *c, GPtrArray *notes, GError **error)
{
  int active = c->active;

  if (!check_running (c, error))
    return FALSE;
  if (c->phase < SPK_CODEX_PHASE_MAIN)
    return fail (error, SPK_CODEX_ERROR_WRONG_PHASE,
                 _("The turn ends after the Main Phase; it is the %s"),
                 spk_codex_phase_label (c->phase));
  while (c->active == active)
    spk_codex_next_phase (c, notes, NULL);
  return TRUE;
}
