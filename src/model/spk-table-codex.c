/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The actions of a Codex table: the engine's rule (spk-codex.c) on a copy
 * of the board, then the one action path of every table
 * (spk_table_action_commit: validation, history step, autosave). */
#include "config.h"

#include "spk-table-codex.h"

#include <glib/gi18n-lib.h>

#include "spk-table-file.h"
#include "spk-table-private.h"

SpkTable *
spk_table_new_codex (SpkCodexMode mode, const char *const *names, const char *const *specs,
                     const gboolean *multicolor, GError **error)
{
  g_autoptr(SpkBoard) board = spk_board_new ();
  g_autoptr(JsonNode) doc = NULL;
  SpkBoard *checked;

  board->codex = spk_codex_new (mode, names, error);
  if (board->codex == NULL)
    return NULL;
  for (guint i = 0; specs != NULL && i < board->codex->players->len && specs[i] != NULL; i++)
    if (*specs[i] != '\0')
      ((SpkCodexPlayer *) g_ptr_array_index (board->codex->players, i))->spec = g_strdup (specs[i]);
  for (guint i = 0; multicolor != NULL && i < board->codex->players->len; i++)
    ((SpkCodexPlayer *) g_ptr_array_index (board->codex->players, i))->multicolor = multicolor[i];
  board->player_count = (int) board->codex->players->len;
  board->market_count = board->player_count + 1;
  /* The same validation as a file read from disk (names, lengths). */
  doc = spk_table_file_to_node (board);
  checked = spk_table_file_parse_node (doc, NULL, error);
  if (checked == NULL)
    return NULL;
  return spk_table_new (checked);
}

const SpkCodex *
spk_table_get_codex (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_table_get_board (self)->codex;
}

/* A copy of the board to act on, or NULL (WRONG_GAME) at a Cloudspire
 * table. */
static SpkBoard *
codex_begin (SpkTable *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  if (spk_table_get_board (self)->codex == NULL)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_GAME,
                           _("This is a Cloudspire table; Codex actions need a Codex table"));
      return NULL;
    }
  return spk_table_action_begin (self);
}

/* Records @b (taken) with @label (taken) when the rule applied (@ok). */
static gboolean
codex_commit (SpkTable *self, SpkBoard *b, gboolean ok, char *label, GError **error)
{
  g_autofree char *owned = label;

  if (!ok)
    {
      spk_board_free (b);
      return FALSE;
    }
  return spk_table_action_commit (self, b, NULL, owned, error);
}

static const SpkCodexPlayer *
before (SpkTable *self, guint player)
{
  return spk_codex_player (spk_table_get_board (self)->codex, player);
}

static char *
join_notes (char *label, GPtrArray *notes)
{
  g_autoptr(GString) s = g_string_new (label);

  g_free (label);
  for (guint i = 0; i < notes->len; i++)
    g_string_append_printf (s, "%s%s", i == 0 ? " — " : "; ", (char *) g_ptr_array_index (notes, i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
spk_table_codex_hire_worker (SpkTable *self, guint player, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_hire_worker (b->codex, player, error);
  p = spk_codex_player (b->codex, player);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: hired a worker for 1 gold (%d workers, %d gold)"),
                                             p->name, p->workers, p->gold) : NULL,
                       error);
}

gboolean
spk_table_codex_play_card (SpkTable *self, guint player, int cost, const char *card,
                           GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_play_card (b->codex, player, cost, error);
  p = spk_codex_player (b->codex, player);
  if (!ok)
    return codex_commit (self, b, FALSE, NULL, error);
  if (card != NULL && *card != '\0')
    return codex_commit (self, b, TRUE,
                         g_strdup_printf (_("%s: played %s for %d gold (%d gold left)"), p->name,
                                          card, cost, p->gold), error);
  return codex_commit (self, b, TRUE,
                       g_strdup_printf (_("%s: played a card for %d gold (%d gold left)"), p->name,
                                        cost, p->gold), error);
}

gboolean
spk_table_codex_build_tech (SpkTable *self, guint player, int level, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  int cost = 0;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_check_tech (b->codex, player, level, &cost, error) &&
       spk_codex_build_tech (b->codex, player, level, error);
  p = spk_codex_player (b->codex, player);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: constructing a tech %s building for %d gold "
                                               "(done at the end of the turn)"),
                                             p->name, spk_codex_tech_numeral (level), cost) : NULL,
                       error);
}

gboolean
spk_table_codex_build_addon (SpkTable *self, guint player, SpkCodexAddon addon, int cost,
                             GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  int gold;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  gold = before (self, player) != NULL ? before (self, player)->gold : 0;
  ok = spk_codex_build_addon (b->codex, player, addon, cost, error);
  p = spk_codex_player (b->codex, player);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: constructing %s for %d gold (done at the end "
                                               "of the turn)"),
                                             p->name, spk_codex_addon_label (addon), gold - p->gold) : NULL,
                       error);
}

gboolean
spk_table_codex_add_hero (SpkTable *self, guint player, const char *name, int cost, int mid,
                          int max, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_add_hero (b->codex, player, name, cost, mid, max, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: hero %s in the command zone (%d gold; bands "
                                               "1, %d, %d)"),
                                             spk_codex_player (b->codex, player)->name, name, cost,
                                             mid, max) : NULL,
                       error);
}

static const SpkCodexHero *
hero_of (const SpkCodex *codex, guint player, guint hero)
{
  return g_ptr_array_index (spk_codex_player (codex, player)->heroes, hero);
}

gboolean
spk_table_codex_summon_hero (SpkTable *self, guint player, guint hero, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexHero *h;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_summon_hero (b->codex, player, hero, error);
  h = ok ? hero_of (b->codex, player, hero) : NULL;
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: summoned %s for %d gold (level 1)"),
                                             spk_codex_player (b->codex, player)->name, h->name,
                                             h->cost) : NULL,
                       error);
}

gboolean
spk_table_codex_level_hero (SpkTable *self, guint player, guint hero, int levels, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexHero *h;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_level_hero (b->codex, player, hero, levels, error);
  h = ok ? hero_of (b->codex, player, hero) : NULL;
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: %s levelled to %d of %d for %d gold (band %d)"),
                                             spk_codex_player (b->codex, player)->name, h->name,
                                             h->level, h->max, levels, spk_codex_hero_band (h)) : NULL,
                       error);
}

gboolean
spk_table_codex_destroy_hero (SpkTable *self, guint player, guint hero, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_destroy_hero (b->codex, player, hero, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: %s destroyed, back to the command zone with 2 "
                                               "summoning runes"),
                                             spk_codex_player (b->codex, player)->name,
                                             hero_of (b->codex, player, hero)->name) : NULL,
                       error);
}

gboolean
spk_table_codex_award_levels (SpkTable *self, guint player, guint hero, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexHero *h;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_award_levels (b->codex, player, hero, error);
  h = ok ? hero_of (b->codex, player, hero) : NULL;
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: %s gains levels for destroying a hero (level %d)"),
                                             spk_codex_player (b->codex, player)->name, h->name,
                                             h->level) : NULL,
                       error);
}

static char *
base_name (const SpkCodex *codex, guint base)
{
  if (codex->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    return g_strdup_printf (_("Team %u"), base + 1);
  return g_strdup (spk_codex_player (codex, base)->name);
}

gboolean
spk_table_codex_damage_base (SpkTable *self, guint base, int amount, const char *reason,
                             GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  g_autofree char *who = NULL;
  char *label;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_damage_base (b->codex, base, amount, error);
  if (!ok)
    return codex_commit (self, b, FALSE, NULL, error);
  who = base_name (b->codex, base);
  label = g_strdup_printf (_("%s’s base takes %d damage (%d HP)"), who, amount,
                           g_array_index (b->codex->bases, int, base));
  if (reason != NULL && *reason != '\0')
    {
      char *full = g_strdup_printf ("%s (%s)", label, reason);

      g_free (label);
      label = full;
    }
  if (spk_codex_over (b->codex))
    {
      char *full = g_strdup_printf (_("%s; the base is destroyed and the game is over"), label);

      g_free (label);
      label = full;
    }
  return codex_commit (self, b, TRUE, label, error);
}

gboolean
spk_table_codex_destroy_tech (SpkTable *self, guint player, int level, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_destroy_tech (b->codex, player, level, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: tech %s building destroyed; the base takes 2 "
                                               "damage (%d HP)"),
                                             spk_codex_player (b->codex, player)->name,
                                             spk_codex_tech_numeral (level),
                                             g_array_index (b->codex->bases, int,
                                                            spk_codex_base_of (b->codex, player))) : NULL,
                       error);
}

gboolean
spk_table_codex_destroy_addon (SpkTable *self, guint player, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  SpkCodexAddon addon;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  addon = before (self, player) != NULL ? before (self, player)->addon : SPK_CODEX_ADDON_NONE;
  ok = spk_codex_destroy_addon (b->codex, player, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: %s destroyed; the base takes 2 damage (%d HP)"),
                                             spk_codex_player (b->codex, player)->name,
                                             spk_codex_addon_label (addon),
                                             g_array_index (b->codex->bases, int,
                                                            spk_codex_base_of (b->codex, player))) : NULL,
                       error);
}

gboolean
spk_table_codex_repair_base (SpkTable *self, guint player, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_repair_base (b->codex, player, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: repaired 1 base HP for 3 gold (%d HP)"),
                                             spk_codex_player (b->codex, player)->name,
                                             g_array_index (b->codex->bases, int,
                                                            spk_codex_base_of (b->codex, player))) : NULL,
                       error);
}

gboolean
spk_table_codex_bounty (SpkTable *self, guint player, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_bounty (b->codex, player, error);
  p = spk_codex_player (b->codex, player);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: bounty for an enemy unit (%d of 3 this turn; %d gold)"),
                                             p->name, p->bounty, p->gold) : NULL,
                       error);
}

gboolean
spk_table_codex_gain_gold (SpkTable *self, guint player, int amount, const char *reason,
                           GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  const SpkCodexPlayer *p;
  char *label;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_gain_gold (b->codex, player, amount, error);
  if (!ok)
    return codex_commit (self, b, FALSE, NULL, error);
  p = spk_codex_player (b->codex, player);
  if (reason != NULL && *reason != '\0')
    label = g_strdup_printf (_("%s: +%d gold (%s; %d gold)"), p->name, amount, reason, p->gold);
  else
    label = g_strdup_printf (_("%s: +%d gold (%d gold)"), p->name, amount, p->gold);
  return codex_commit (self, b, TRUE, label, error);
}

gboolean
spk_table_codex_set_hand (SpkTable *self, guint player, int hand, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_set_hand (b->codex, player, hand, error);
  return codex_commit (self, b, ok,
                       ok ? g_strdup_printf (_("%s: %d cards in hand"),
                                             spk_codex_player (b->codex, player)->name, hand) : NULL,
                       error);
}

gboolean
spk_table_codex_set_patrol (SpkTable *self, guint player, SpkCodexSlot slot, const char *name,
                            GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  gboolean ok;
  char *label = NULL;

  if (b == NULL)
    return FALSE;
  ok = spk_codex_set_patrol (b->codex, player, slot, name, error);
  if (ok && name != NULL && *name != '\0')
    label = g_strdup_printf (_("%s: %s patrols as %s"), spk_codex_player (b->codex, player)->name,
                             name, spk_codex_slot_label (slot));
  else if (ok)
    label = g_strdup_printf (_("%s: %s slot emptied"), spk_codex_player (b->codex, player)->name,
                             spk_codex_slot_label (slot));
  return codex_commit (self, b, ok, label, error);
}

static char *
turn_label (const SpkCodex *codex)
{
  if (codex->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    return g_strdup_printf (_("Team %d"), codex->active + 1);
  return g_strdup (spk_codex_player (codex, (guint) codex->active)->name);
}

gboolean
spk_table_codex_next_phase (SpkTable *self, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *who = NULL;
  int active;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  active = b->codex->active;
  ok = spk_codex_next_phase (b->codex, notes, error);
  if (!ok)
    return codex_commit (self, b, FALSE, NULL, error);
  who = turn_label (b->codex);
  if (b->codex->active != active)
    return codex_commit (self, b, TRUE,
                         join_notes (g_strdup_printf (_("Turn %d: %s to play, %s"), b->codex->turn, who,
                                                      spk_codex_phase_label (b->codex->phase)), notes),
                         error);
  return codex_commit (self, b, TRUE,
                       join_notes (g_strdup_printf (_("%s: %s"), who,
                                                    spk_codex_phase_label (b->codex->phase)), notes),
                       error);
}

gboolean
spk_table_codex_end_turn (SpkTable *self, GError **error)
{
  SpkBoard *b = codex_begin (self, error);
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *ending = NULL;
  g_autofree char *next = NULL;
  gboolean ok;

  if (b == NULL)
    return FALSE;
  ending = turn_label (b->codex);
  ok = spk_codex_end_turn (b->codex, notes, error);
  if (!ok)
    return codex_commit (self, b, FALSE, NULL, error);
  next = turn_label (b->codex);
  return codex_commit (self, b, TRUE,
                       join_notes (g_strdup_printf (_("%s: end of turn; turn %d: %s to play"), ending,
                                                    b->codex->turn, next), notes),
                       error);
}
