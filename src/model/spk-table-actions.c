/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The actions of SpkTable: each takes a copy of the board, changes it with
 * the engine's rules, and hands it to spk_table_action_commit, which
 * validates it and records the step. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-attack.h"
#include "spk-damage.h"
#include "spk-economy.h"
#include "spk-influence.h"
#include "spk-movement.h"
#include "spk-onslaught.h"
#include "spk-spire.h"
#include "spk-table-file.h"
#include "spk-talent.h"
#include "spk-table-private.h"

static SpkFaction *
find_faction (const SpkBoard *b, const char *id, GError **error)
{
  SpkFaction *f = spk_board_find_faction (b, id);

  if (f == NULL)
    g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_FACTION,
                 _("There is no faction “%s” at this table"), id ? id : "");
  return f;
}

static SpkChip *
find_chip (SpkBoard *b, const char *id, GError **error)
{
  SpkChip *c = spk_board_find_chip (b, id);

  if (c == NULL)
    g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_CHIP,
                 _("There is no chip “%s” at this table"), id ? id : "");
  return c;
}

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID, message);
  return FALSE;
}

/* "Grovetenders: Source 9 → 4 (built Reetail)" */
static char *
source_label (const SpkFaction *f, int before, const char *reason)
{
  if (reason != NULL && *reason != '\0')
    return g_strdup_printf (_("%s: Source %d → %d (%s)"), spk_faction_label (f), before, f->source, reason);
  return g_strdup_printf (_("%s: Source %d → %d"), spk_faction_label (f), before, f->source);
}

static char *
with_reason (char *label, const char *reason)
{
  char *full;

  if (reason == NULL || *reason == '\0')
    return label;
  full = g_strdup_printf ("%s (%s)", label, reason);
  g_free (label);
  return full;
}

/* Notes from the engine, appended to a label: "Wave 2: Income Phase —
 * Income: +7 Source to each faction; …" */
static char *
with_notes (char *label, GPtrArray *notes)
{
  g_autoptr(GString) s = NULL;

  if (notes == NULL || notes->len == 0)
    return label;
  s = g_string_new (label);
  g_string_append (s, " — ");
  for (guint i = 0; i < notes->len; i++)
    {
      if (i > 0)
        g_string_append (s, "; ");
      g_string_append (s, g_ptr_array_index (notes, i));
    }
  g_free (label);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static GPtrArray *
notes_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

/* R-build-4: a limited-build upgrade stays open for more upgrades of the
 * same spire only until any other step is taken. */
static void
close_open_upgrades (SpkBoard *board)
{
  for (guint i = 0; i < board->factions->len; i++)
    g_clear_pointer (&((SpkFaction *) g_ptr_array_index (board->factions, i))->open_upgrade, g_free);
}

static void enter_phase (SpkBoard *b, const SpkGameRules *rules, SpkPhase phase, GPtrArray *notes);
static void set_text (char **field, const char *text);

/* W-3: an Onslaught step that takes the last faction minion out of play
 * ends the wave in the same step; heroes stay where they stand. */
static char *
end_wave_if_over (const SpkBoard *before, SpkBoard *b, char *label)
{
  const char *onslaught = spk_phase_to_string (SPK_PHASE_ONSLAUGHT);
  g_autoptr(GPtrArray) notes = NULL;
  SpkGameRules rules;
  char *full;

  if (g_strcmp0 (before->phase, onslaught) != 0 || g_strcmp0 (b->phase, onslaught) != 0 ||
      spk_wave_over (before) || !spk_wave_over (b))
    return label;
  notes = notes_new ();
  spk_game_rules_from_board (b, &rules);
  set_text (&b->phase, spk_phase_to_string (SPK_PHASE_END_OF_WAVE));
  enter_phase (b, &rules, SPK_PHASE_END_OF_WAVE, notes);
  full = g_strdup_printf (_("%s; no faction minion is left in play: Wave %d: %s"), label, b->wave,
                          spk_phase_label (SPK_PHASE_END_OF_WAVE));
  g_free (label);
  return with_notes (full, notes);
}

/* Every action ends here, so the end of the wave is noticed after any of
 * them (a defeat, damage, a chip taken off, a move). */
static gboolean
commit_keep_open (SpkTable *self, SpkBoard *board, const char *who, char *label, GError **error)
{
  g_autofree char *owned = end_wave_if_over (spk_table_get_board (self), board, label);

  return spk_table_action_commit (self, board, who, owned, error);
}

static gboolean
commit (SpkTable *self, SpkBoard *board, const char *who, char *label, GError **error)
{
  close_open_upgrades (board);
  return commit_keep_open (self, board, who, label, error);
}

const char *
spk_table_error_code_name (const GError *error)
{
  /* Indexed by code, so a code added in the middle cannot shift the names. */
  static const char *const action[] = {
    [SPK_TABLE_ACTION_ERROR_UNKNOWN_FACTION] = "UNKNOWN_FACTION",
    [SPK_TABLE_ACTION_ERROR_UNKNOWN_CHIP] = "UNKNOWN_CHIP",
    [SPK_TABLE_ACTION_ERROR_UNKNOWN_HEX] = "UNKNOWN_HEX",
    [SPK_TABLE_ACTION_ERROR_INVALID] = "INVALID",
    [SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO] = "NOTHING_TO_UNDO",
    [SPK_TABLE_ACTION_ERROR_NOTHING_TO_REDO] = "NOTHING_TO_REDO",
    [SPK_TABLE_ACTION_ERROR_GROUP_OPEN] = "GROUP_OPEN",
    [SPK_TABLE_ACTION_ERROR_STACK] = "STACK",
    [SPK_TABLE_ACTION_ERROR_GAME_OVER] = "GAME_OVER",
    [SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT] = "SPIRE_LIMIT",
    [SPK_TABLE_ACTION_ERROR_CAPACITY] = "CAPACITY",
    [SPK_TABLE_ACTION_ERROR_EARTHSCAPE] = "EARTHSCAPE",
    [SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN] = "NOT_YOUR_TURN",
    [SPK_TABLE_ACTION_ERROR_WRONG_PHASE] = "WRONG_PHASE",
    [SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE] = "DISPLACE_CHOICE",
    [SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE] = "NEEDS_CHOICE",
    [SPK_TABLE_ACTION_ERROR_ALREADY_ATTACKED] = "ALREADY_ATTACKED",
    [SPK_TABLE_ACTION_ERROR_NOT_A_TARGET] = "NOT_A_TARGET",
    [SPK_TABLE_ACTION_ERROR_CANNOT_ATTACK] = "CANNOT_ATTACK",
    [SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION] = "NOT_A_DESTINATION",
    [SPK_TABLE_ACTION_ERROR_NO_WELL] = "NO_WELL",
    [SPK_TABLE_ACTION_ERROR_OCCUPIED] = "OCCUPIED",
    [SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS] = "OTHER_FORTRESS",
    [SPK_TABLE_ACTION_ERROR_NO_INFLUENCE] = "NO_INFLUENCE",
    [SPK_TABLE_ACTION_ERROR_WRONG_GAME] = "WRONG_GAME",
  };
  static const char *const codex[] = {
    [SPK_CODEX_ERROR_INVALID] = "INVALID",
    [SPK_CODEX_ERROR_NOT_YOUR_TURN] = "NOT_YOUR_TURN",
    [SPK_CODEX_ERROR_WRONG_PHASE] = "WRONG_PHASE",
    [SPK_CODEX_ERROR_NOT_ENOUGH_GOLD] = "NOT_ENOUGH_GOLD",
    [SPK_CODEX_ERROR_ONCE_PER_TURN] = "ONCE_PER_TURN",
    [SPK_CODEX_ERROR_NO_CARDS] = "NO_CARDS",
    [SPK_CODEX_ERROR_WORKERS] = "WORKERS",
    [SPK_CODEX_ERROR_NEEDS_BUILDING] = "NEEDS_BUILDING",
    [SPK_CODEX_ERROR_BUILT] = "BUILT",
    [SPK_CODEX_ERROR_HERO_LIMIT] = "HERO_LIMIT",
    [SPK_CODEX_ERROR_HERO_RUNES] = "HERO_RUNES",
    [SPK_CODEX_ERROR_HERO_IN_PLAY] = "HERO_IN_PLAY",
    [SPK_CODEX_ERROR_NOT_IN_PLAY] = "NOT_IN_PLAY",
    [SPK_CODEX_ERROR_MAX_LEVEL] = "MAX_LEVEL",
    [SPK_CODEX_ERROR_FREE_FOR_ALL] = "FREE_FOR_ALL",
    [SPK_CODEX_ERROR_BOUNTY_LIMIT] = "BOUNTY_LIMIT",
    [SPK_CODEX_ERROR_BASE_FULL] = "BASE_FULL",
    [SPK_CODEX_ERROR_GAME_OVER] = "GAME_OVER",
  };
  static const char *const economy[] = {
    "INVALID", "OUT_OF_ORDER", "NOT_ENOUGH_SOURCE", "LIMIT_REACHED", "NO_SUCH_FACTION",
  };
  static const char *const file[] = {
    "IO", "SYNTAX", "NOT_A_TABLE", "NEWER_VERSION", "MISSING", "TYPE", "VALUE", "NEGATIVE",
    "UNKNOWN_TERRAIN", "UNKNOWN_KIND", "UNKNOWN_UPGRADE", "DUPLICATE_ID", "UNKNOWN_REFERENCE",
    "HEX_OCCUPIED", "ON_SKY", "NO_FORTRESS", "OVERLAP", "PLACEMENT", "TOO_LARGE",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (action) == SPK_TABLE_ACTION_ERROR_WRONG_GAME + 1);
  G_STATIC_ASSERT (G_N_ELEMENTS (codex) == SPK_CODEX_ERROR_GAME_OVER + 1);
  G_STATIC_ASSERT (G_N_ELEMENTS (economy) == SPK_ECONOMY_ERROR_NO_SUCH_FACTION + 1);
  G_STATIC_ASSERT (G_N_ELEMENTS (file) == SPK_TABLE_ERROR_TOO_LARGE + 1);
  g_return_val_if_fail (error != NULL, NULL);
  if (error->code >= 0)
    {
      if (error->domain == SPK_TABLE_ACTION_ERROR && error->code < (int) G_N_ELEMENTS (action)
          && action[error->code] != NULL)
        return action[error->code];
      if (error->domain == SPK_ECONOMY_ERROR && error->code < (int) G_N_ELEMENTS (economy))
        return economy[error->code];
      if (error->domain == SPK_TABLE_ERROR && error->code < (int) G_N_ELEMENTS (file))
        return file[error->code];
      if (error->domain == SPK_CODEX_ERROR && error->code < (int) G_N_ELEMENTS (codex))
        return codex[error->code];
    }
  return "ERROR";
}

/* Factions */

gboolean
spk_table_set_source (SpkTable *self, const char *faction, int source, const char *reason,
                      GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  int before;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  before = f->source;
  f->source = source;
  return commit (self, g_steal_pointer (&b), faction, source_label (f, before, reason), error);
}

gboolean
spk_table_set_gate_health (SpkTable *self, const char *faction, int health, const char *reason,
                           GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  label = g_strdup_printf (_("%s: gate health %d → %d"), spk_faction_label (f), f->gate_health, health);
  f->gate_health = health;
  return commit (self, g_steal_pointer (&b), faction, with_reason (label, reason), error);
}

gboolean
spk_table_set_cp (SpkTable *self, const char *faction, int cp, const char *reason,
                  GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (cp < 0)
    return invalid (error, _("CP cannot be below 0"));
  label = g_strdup_printf (_("%s: CP %d → %d"), spk_faction_label (f), f->cp, cp);
  f->cp = cp;
  return commit (self, g_steal_pointer (&b), faction, with_reason (label, reason), error);
}

gboolean
spk_board_check_mark (const SpkBoard *b, const char *faction, const char *mark, GError **error)
{
  const SpkFaction *m = find_faction (b, mark, error);

  if (m == NULL)
    return FALSE;
  if (spk_board_friendly (b, faction, mark))
    return invalid (error, _("A mark must be an opposing faction"));
  if (m->gate_health == 0)
    return invalid (error, _("A defeated gate cannot be marked; choose a faction whose gate stands"));
  return TRUE;
}

gboolean
spk_table_set_mark (SpkTable *self, const char *faction, const char *mark, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f, *m;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL || (m = find_faction (b, mark, error)) == NULL)
    return FALSE;
  if (!spk_board_check_mark (b, faction, mark, error))
    return FALSE;
  g_free (f->mark);
  f->mark = g_strdup (mark);
  f->choose_mark = FALSE;
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s: marks %s"), spk_faction_label (f), spk_faction_label (m)), error);
}

gboolean
spk_table_add_relic (SpkTable *self, const char *faction, const char *relic, const char *reason,
                     GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (relic == NULL || *relic == '\0')
    return invalid (error, _("Name the relic"));
  g_ptr_array_add (f->relics, g_strdup (relic));
  return commit (self, g_steal_pointer (&b), faction,
                 with_reason (g_strdup_printf (_("%s: gained relic %s"), spk_faction_label (f), relic), reason),
                 error);
}

gboolean
spk_table_remove_relic (SpkTable *self, const char *faction, const char *relic, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  guint i;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (!g_ptr_array_find_with_equal_func (f->relics, relic, g_str_equal, &i))
    return invalid (error, _("The faction holds no such relic"));
  g_ptr_array_remove_index (f->relics, i);
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s: relic %s discarded"), spk_faction_label (f), relic), error);
}

static void
set_text (char **field, const char *text)
{
  g_free (*field);
  *field = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

gboolean
spk_table_set_notes (SpkTable *self, const char *notes, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  set_text (&b->notes, notes);
  return commit (self, g_steal_pointer (&b), NULL, g_strdup (_("Notes edited")), error);
}

gboolean
spk_table_set_event (SpkTable *self, const char *event, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  set_text (&b->event, event);
  return commit (self, g_steal_pointer (&b), NULL,
                 b->event ? g_strdup_printf (_("Event in force: %s"), event)
                          : g_strdup (_("No event in force")),
                 error);
}

gboolean
spk_table_set_variant (SpkTable *self, gboolean faster, int waves, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  if (waves < 1)
    return invalid (error, _("A game has at least one wave"));
  b = spk_table_action_begin (self);
  b->faster = faster;
  b->waves = waves;
  return commit (self, g_steal_pointer (&b), NULL,
                 faster ? g_strdup_printf (_("Game: faster, %d waves"), waves)
                        : g_strdup_printf (_("Game: %d waves"), waves),
                 error);
}

const char *
spk_campfire_rule_label (SpkCampfireRule rule)
{
  if (rule == SPK_CAMPFIRE_ONE_FACTION)
    return _("only one faction has units in play (printed rule)");
  return _("no opposing faction has units in play (errata, official)");
}

gboolean
spk_table_set_campfire_rule (SpkTable *self, SpkCampfireRule rule, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  if (rule != SPK_CAMPFIRE_NO_OPPOSING && rule != SPK_CAMPFIRE_ONE_FACTION)
    return invalid (error, _("Unknown reading of when campfire mode begins; choose the errata or the printed rule"));
  b = spk_table_action_begin (self);
  b->campfire_rule = rule;
  /* Translators: the reading, as spk_campfire_rule_label says it. */
  return commit (self, g_steal_pointer (&b), NULL,
                 g_strdup_printf (_("Rule reading: campfire mode begins when %s"), spk_campfire_rule_label (rule)),
                 error);
}

/* Chips */

static void
remove_from_stacks (SpkBoard *b, const char *id)
{
  for (guint i = 0; i < b->deployment->len; i++)
    {
      SpkDeployment *d = g_ptr_array_index (b->deployment, i);
      guint at;

      if (g_ptr_array_find_with_equal_func (d->stack, id, g_str_equal, &at))
        g_ptr_array_remove_index (d->stack, at);
    }
}

/* Removes @id and the minions grouped under it. */
static void
remove_chip_and_group (SpkBoard *b, const char *id)
{
  g_autoptr(SpkChip) gone = NULL;
  int i = spk_board_chip_index (b, id);

  if (i < 0)
    return;
  gone = g_ptr_array_steal_index (b->chips, (guint) i);
  remove_from_stacks (b, id);
  for (guint g = 0; g < gone->grouped->len; g++)
    remove_chip_and_group (b, g_ptr_array_index (gone->grouped, g));
}

/* spk_spire_build_check's answer as a typed error that says why. */
static gboolean
spire_place_check (SpkBoard *b, const SpkChip *spire, gboolean reward, GError **error)
{
  g_autoptr(SpkGrid) grid = NULL;
  const SpkFaction *f = spk_board_find_faction (b, spire->faction);
  const char *who = f != NULL ? spk_faction_label (f) : spire->faction;
  SpkHex hex = spk_hex_make (spire->q, spire->r);

  if (f == NULL)
    return find_faction (b, spire->faction, error) != NULL;
  grid = spk_grid_new (b);
  switch (spk_spire_build_check (grid, spire->faction, hex, reward))
    {
    case SPK_BUILD_OK:
      return TRUE;
    case SPK_BUILD_AT_LIMIT:
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT,
                   _("%s already has %d spires in play, the limit at this table"),
                   who, spk_spire_limit (b->player_count));
      return FALSE;
    case SPK_BUILD_NO_WELL:
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NO_WELL,
                   _("(%d, %d) has no Source well on top; choose a hex with a Source well, or add a well "
                     "to the map first"),
                   hex.q, hex.r);
      return FALSE;
    case SPK_BUILD_OCCUPIED:
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_OCCUPIED,
                   _("A chip stands on the well at (%d, %d); choose a free well"), hex.q, hex.r);
      return FALSE;
    case SPK_BUILD_OTHER_FORTRESS:
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS,
                   _("(%d, %d) is another faction's fortress well; %s builds on its own "
                     "fortress wells and on isles"), hex.q, hex.r, who);
      return FALSE;
    case SPK_BUILD_NO_INFLUENCE:
    default:
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NO_INFLUENCE,
                   _("%s has no influence over (%d, %d); build within its influence "
                     "(the Influence overlay shows where)"), who, hex.q, hex.r);
      return FALSE;
    }
}

gboolean
spk_table_place_chip (SpkTable *self, const SpkChip *chip, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (chip != NULL && chip->id != NULL, FALSE);
  b = spk_table_action_begin (self);
  if (spk_board_find_chip (b, chip->id) != NULL)
    {
      g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_DUPLICATE_ID,
                   _("A chip “%s” is already at the table"), chip->id);
      return FALSE;
    }
  /* R-build-5: placing a spire types in the table as it stands: the place
   * rules hold (a well, not another fortress, the limit); no cost, phase or
   * influence, which only a build asks for. */
  if (chip->kind == SPK_CHIP_SPIRE && chip->placed && chip->faction != NULL &&
      !spire_place_check (b, chip, TRUE, error))
    return FALSE;
  g_ptr_array_add (b->chips, spk_chip_copy (chip));
  label = chip->placed ? g_strdup_printf (_("%s placed at (%d, %d)"), spk_chip_label (chip), chip->q, chip->r)
                       : g_strdup_printf (_("%s added"), spk_chip_label (chip));
  return commit (self, g_steal_pointer (&b), chip->faction, label, error);
}

/* A hero on the board that ends a move on its own fortress gate returns
 * to the fortress (R-hero-1); deploying from the gate is no return. */
static gboolean
returns_to_fortress (const SpkBoard *b, const SpkChip *c, int q, int r)
{
  const SpkFortress *fort;

  if (c->kind != SPK_CHIP_HERO || !c->placed || c->faction == NULL)
    return FALSE;
  fort = spk_board_find_fortress (b, c->faction);
  return fort != NULL && fort->gate.q == q && fort->gate.r == r && !(c->q == q && c->r == r);
}


/* R-hero-1: off the board, beside the barracks, at full health, upgrades
 * kept, remembered as returned in this wave. */
static void
send_home (SpkBoard *b, SpkChip *c)
{
  remove_from_stacks (b, c->id);
  c->placed = FALSE;
  c->q = c->r = 0;
  c->health = c->max_health;
  c->returned = b->wave;
}

/* The heroes a minion's move to (q, r) displaces (M-11 .. M-14), worked out
 * on the board before the move: the movement engine's route to that hex,
 * and where each hero on it goes. An empty list when the hex is not one of
 * the engine's destinations or nobody is in the way; NULL on an error. */
static GPtrArray *
displacements_of (const SpkBoard *b, const SpkChip *c, const SpkMoveResult *moves, int q, int r,
                  const SpkDisplaceChoice *choices, guint n_choices, GError **error)
{
  g_autoptr(GError) local = NULL;
  const SpkMoveDestination *dst;
  GPtrArray *list;
  const SpkDisplacement *question;

  if (c->kind != SPK_CHIP_MINION)
    return g_ptr_array_new ();
  dst = moves != NULL ? spk_move_result_find (moves, spk_hex_make (q, r)) : NULL;
  if (dst == NULL || dst->displaces->len == 0)
    return g_ptr_array_new ();
  list = spk_displacements (b, c->id, dst->path, dst->n_path, choices, n_choices, &local);
  if (list == NULL)
    {
      invalid (error, local->message);
      return NULL;
    }
  if ((question = spk_displacements_question (list)) != NULL)
    {
      const SpkChip *hero = spk_board_find_chip (b, question->hero);
      g_autoptr(GString) hexes = g_string_new (NULL);

      for (guint i = 0; i < question->candidates->len; i++)
        {
          SpkHex h = g_array_index (question->candidates, SpkHex, i);

          g_string_append_printf (hexes, "%s(%d, %d)", i > 0 ? ", " : "", h.q, h.r);
        }
      /* Translators: a minion steps onto the hero's hex; the hero cannot
       * go where the minion came from, so the player picks its hex. */
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE,
                   _("%s makes way for %s at (%d, %d) but cannot go to (%d, %d); choose where it goes: %s"),
                   spk_chip_label (hero), spk_chip_label (c), question->from.q, question->from.r,
                   question->left.q, question->left.r, hexes->str);
      g_ptr_array_unref (list);
      return NULL;
    }
  return list;
}

/* Puts the displaced heroes where @list says and appends to @label what
 * happened to each. */
static char *
apply_displacements (SpkBoard *b, const GPtrArray *list, char *label)
{
  GString *s = g_string_new (label);

  g_free (label);
  for (guint i = 0; i < list->len; i++)
    {
      const SpkDisplacement *d = g_ptr_array_index (list, i);
      SpkChip *hero = spk_board_find_chip (b, d->hero);

      if (d->returns)
        {
          g_string_append_printf (s, _("; %s displaced from (%d, %d) onto its gate: returned to the fortress, health %d → %d"),
                                  spk_chip_label (hero), d->from.q, d->from.r, hero->health, hero->max_health);
          send_home (b, hero);
        }
      else
        {
          g_string_append_printf (s, _("; %s displaced (%d, %d) → (%d, %d)"), spk_chip_label (hero),
                                  d->from.q, d->from.r, d->to.q, d->to.r);
          hero->q = d->to.q;
          hero->r = d->to.r;
        }
    }
  return g_string_free (s, FALSE);
}

/* M-15: a unit's movement in the Onslaught ends where the movement
 * engine says it may, or stays where that is allowed. */
static gboolean
movement_allows (const SpkMoveResult *moves, const SpkChip *c, int q, int r, GError **error)
{
  g_autoptr(GString) where = g_string_new (NULL);
  gboolean stays = c->placed && c->q == q && c->r == r;

  if (stays && (moves->may_stay || moves->rule == SPK_MOVE_RULE_NONE || moves->rule == SPK_MOVE_RULE_HERO))
    return TRUE;
  if (!stays && spk_move_result_find (moves, spk_hex_make (q, r)) != NULL)
    return TRUE;
  for (guint i = 0; i < moves->destinations->len; i++)
    {
      const SpkMoveDestination *d = g_ptr_array_index (moves->destinations, i);

      g_string_append_printf (where, "%s(%d, %d)", i > 0 ? ", " : "", d->hex.q, d->hex.r);
    }
  if (stays)
    g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION,
                 _("%s must move this turn; it may end on %s"), spk_chip_label (c), where->str);
  else if (where->len == 0)
    {
      g_autoptr(GString) why = g_string_new (NULL);

      for (guint i = 0; i < moves->explanation->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? " " : "",
                                (const char *) g_ptr_array_index (moves->explanation, i));
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION,
                   _("%s cannot move to (%d, %d); it has nowhere to go this turn. %s"),
                   spk_chip_label (c), q, r, why->str);
    }
  else
    g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION,
                 _("%s cannot move to (%d, %d); it may end on %s"), spk_chip_label (c), q, r, where->str);
  return FALSE;
}

static char *defeat (SpkBoard *b, const SpkChip *c, SpkChip *revealed, SpkFaction *by);

/* Impale (R-talent-8): after its movement the unit @mover deals 1 damage
 * to each opposing unit it newly stands next to. It is no attack, so
 * nothing retaliates; a defeat pays the mover's faction as the Damage
 * control would. Appends what happened to @label. */
static char *
impale (SpkBoard *b, const char *mover, SpkHex from, char *label)
{
  SpkChip *c = spk_board_find_chip (b, mover);
  g_autoptr(GPtrArray) targets = spk_talent_impale_targets (b, c, from, spk_hex_make (c->q, c->r));
  g_autofree char *faction = g_strdup (c->faction);
  GString *s = g_string_new (label);

  g_free (label);
  for (guint i = 0; i < targets->len; i++)
    {
      const char *id = g_ptr_array_index (targets, i);
      SpkChip *t = spk_board_find_chip (b, id);
      g_autoptr(SpkDamageResult) r = spk_damage_chip (b, id, 1, NULL);

      if (r == NULL)
        continue;
      if (r->defeated)
        {
          SpkFaction *by = faction != NULL ? spk_board_find_faction (b, faction) : NULL;
          g_autofree char *rest = defeat (b, t, g_steal_pointer (&r->revealed), by);

          g_string_append_printf (s, _("; Impale: 1 damage, %s"), rest);
        }
      else
        {
          int at = spk_board_chip_index (b, id);

          g_string_append_printf (s, _("; Impale: 1 damage to %s, health %d → %d"), spk_chip_label (t),
                                  t->health, r->chip->health);
          spk_chip_free (g_ptr_array_index (b->chips, at));
          g_ptr_array_index (b->chips, at) = g_steal_pointer (&r->chip);
        }
    }
  return g_string_free (s, FALSE);
}

/* Moves @chip to (q, r); as a @movement the unit is marked as moved.
 * Friendly heroes on a minion's route make way (@choices). */
static gboolean
move_chip (SpkTable *self, const char *chip, int q, int r, gboolean movement,
           const SpkDisplaceChoice *choices, guint n_choices, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GPtrArray) displaced = NULL;
  g_autoptr(SpkMoveResult) moves = NULL;
  g_autoptr(GError) move_error = NULL;
  const SpkFortress *fortress;
  gboolean judged;
  SpkHex from;
  SpkChip *c;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, chip, error)) == NULL)
    return FALSE;
  if (movement && !spk_chip_is_unit (c))
    return invalid (error, _("Only minions and heroes move"));
  if (movement && c->faction != NULL && g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) == 0
      && b->factions->len > 0)
    {
      const SpkFaction *now = g_ptr_array_index (b->factions, spk_board_turn_index (b));

      /* R-turns-5: in a turn only that faction's units move. */
      if (g_strcmp0 (now->id, c->faction) != 0)
        {
          const SpkFaction *owner = spk_board_find_faction (b, c->faction);

          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                       _("It is %s's turn and %s belongs to %s; end the turn first"), spk_faction_label (now),
                       spk_chip_label (c), owner != NULL ? spk_faction_label (owner) : c->faction);
          return FALSE;
        }
    }
  if (movement && c->moved)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("%s has moved this turn already; end the turn first"), spk_chip_label (c));
      return FALSE;
    }
  if (returns_to_fortress (b, c, q, r))
    {
      label = g_strdup_printf (_("%s returned to the fortress from (%d, %d), health %d → %d"),
                               spk_chip_label (c), c->q, c->r, c->health, c->max_health);
      send_home (b, c);
      c->moved = c->moved || movement;
      return commit (self, g_steal_pointer (&b), c->faction, label, error);
    }
  /* One answer of the movement engine serves the check and the
   * displacements. */
  judged = movement && g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) == 0;
  if (judged || c->kind == SPK_CHIP_MINION)
    moves = spk_movement_moves (b, NULL, c->id, &move_error);
  if (judged && moves == NULL)
    return invalid (error, move_error->message);
  if (judged && !movement_allows (moves, c, q, r, error))
    return FALSE;
  if ((displaced = displacements_of (b, c, moves, q, r, choices, n_choices, error)) == NULL)
    return FALSE;
  if (c->placed && c->q == q && c->r == r)
    label = g_strdup_printf (_("%s stays at (%d, %d)"), spk_chip_label (c), q, r);
  else if (c->placed)
    label = g_strdup_printf (_("%s moved (%d, %d) → (%d, %d)"), spk_chip_label (c), c->q, c->r, q, r);
  else
    label = g_strdup_printf (_("%s deployed to (%d, %d)"), spk_chip_label (c), q, r);
  label = apply_displacements (b, displaced, label);
  /* A unit in the stack starts its move on its gate. */
  if (c->placed)
    from = spk_hex_make (c->q, c->r);
  else if ((fortress = spk_board_find_fortress (b, c->faction)) != NULL)
    from = fortress->gate;
  else
    from = spk_hex_make (q, r);
  remove_from_stacks (b, c->id);
  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->moved = c->moved || movement;
  /* Deployed again: a later return is a new one. */
  c->returned = 0;
  if (judged)
    label = impale (b, c->id, from, label);
  return commit (self, g_steal_pointer (&b), c->faction, label, error);
}

gboolean
spk_table_move_chip (SpkTable *self, const char *chip, int q, int r, GError **error)
{
  return move_chip (self, chip, q, r, FALSE, NULL, 0, error);
}

gboolean
spk_table_move_unit (SpkTable *self, const char *chip, int q, int r, GError **error)
{
  return move_chip (self, chip, q, r, TRUE, NULL, 0, error);
}

gboolean
spk_table_move_chip_full (SpkTable *self, const char *chip, int q, int r,
                          const SpkDisplaceChoice *choices, guint n_choices, GError **error)
{
  return move_chip (self, chip, q, r, FALSE, choices, n_choices, error);
}

gboolean
spk_table_move_unit_full (SpkTable *self, const char *chip, int q, int r,
                          const SpkDisplaceChoice *choices, guint n_choices, GError **error)
{
  return move_chip (self, chip, q, r, TRUE, choices, n_choices, error);
}

static guint
clear_moved (SpkBoard *b, const char *faction)
{
  guint n = 0;

  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (b->chips, i);

      gboolean own = faction == NULL || g_strcmp0 (c->faction, faction) == 0;

      /* Movement and attacks are once per turn of their faction;
       * retaliation once per turn of whoever attacks, so every unit's
       * retaliation mark goes when any turn ends (R-attack-8). */
      if ((own && (c->moved || c->attacked)) || c->retaliated)
        {
          if (own)
            c->moved = c->attacked = FALSE;
          c->retaliated = FALSE;
          n++;
        }
    }
  return n;
}

/* W-2: at the start of a turn, when only mutually friendly factions have
 * units in play, their heroes on the board go into campfire mode
 * (inactive) for the rest of the wave. */
static void
start_turn (SpkBoard *b, GPtrArray *notes)
{
  g_autoptr(GPtrArray) factions = spk_campfire_factions (b);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->kind != SPK_CHIP_HERO || !c->placed || !c->active ||
          !g_ptr_array_find_with_equal_func (factions, c->faction, g_str_equal, NULL))
        continue;
      c->active = FALSE;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", spk_chip_label (c));
    }
  if (names->len > 0)
    g_ptr_array_add (notes, g_strdup_printf (_("campfire mode: %s inactive for the rest of the wave"),
                                             names->str));
}

/* W-4: campfire mode lasts until the wave ends; then every hero is active
 * again. */
static void
end_campfire (SpkBoard *b, GPtrArray *notes)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->kind != SPK_CHIP_HERO || c->active)
        continue;
      c->active = TRUE;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", spk_chip_label (c));
    }
  if (names->len > 0)
    g_ptr_array_add (notes, g_strdup_printf (_("campfire mode over: %s active again"), names->str));
}

gboolean
spk_table_end_turn (SpkTable *self, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GPtrArray) notes = notes_new ();
  g_autofree char *ending = NULL;
  g_autofree char *following = NULL;
  const SpkFaction *now, *next;
  char *label;
  int at;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) != 0 || b->factions->len == 0)
    return invalid (error, _("Turns are taken in the Onslaught Phase; advance to it first"));
  at = spk_board_turn_index (b);
  now = g_ptr_array_index (b->factions, at);
  next = g_ptr_array_index (b->factions, (guint) (at + 1) % b->factions->len);
  label = g_strdup_printf (_("%s: end of turn; %s to play"), spk_faction_label (now), spk_faction_label (next));
  ending = g_strdup (now->id);
  following = g_strdup (next->id);
  /* R-attack-9: gates retaliate on the units that stood by them idle. */
  if (!spk_attack_end_of_turn (b, ending, notes, error))
    {
      g_free (label);
      return FALSE;
    }
  clear_moved (b, ending);
  set_text (&b->turn, following);
  start_turn (b, notes);
  return commit (self, g_steal_pointer (&b), ending, with_notes (label, notes), error);
}

static void
describe_int (GString *s, const char *what, int was, int now)
{
  if (was == now)
    return;
  if (s->len > 0)
    g_string_append (s, ", ");
  g_string_append_printf (s, "%s %d → %d", what, was, now);
}

static void
describe_flag (GString *s, const char *what, gboolean was, gboolean now)
{
  if (was == now)
    return;
  if (s->len > 0)
    g_string_append (s, ", ");
  g_string_append_printf (s, "%s %s", what, now ? _("yes") : _("no"));
}

gboolean
spk_table_edit_chip (SpkTable *self, const SpkChip *chip, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GString) what = g_string_new (NULL);
  SpkChip *c;
  int i;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (chip != NULL, FALSE);
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, chip->id, error)) == NULL)
    return FALSE;
  describe_int (what, _("health"), c->health, chip->health);
  describe_int (what, _("max health"), c->max_health, chip->max_health);
  describe_int (what, _("attack"), c->attack, chip->attack);
  describe_int (what, _("movement"), c->movement, chip->movement);
  describe_int (what, _("upgrades"), (int) c->upgrades->len, (int) chip->upgrades->len);
  describe_int (what, _("capacity"), c->capacity, chip->capacity);
  describe_flag (what, _("moved"), c->moved, chip->moved);
  describe_flag (what, _("active"), c->active, chip->active);
  describe_flag (what, _("revealed"), c->revealed, chip->revealed);
  if (what->len == 0)
    g_string_append (what, _("details"));
  i = spk_board_chip_index (b, chip->id);
  spk_chip_free (g_ptr_array_index (b->chips, i));
  g_ptr_array_index (b->chips, i) = spk_chip_copy (chip);
  return commit (self, g_steal_pointer (&b), chip->faction,
                 g_strdup_printf (_("%s: %s"), spk_chip_label (chip), what->str), error);
}

gboolean
spk_table_remove_chip (SpkTable *self, const char *chip, const char *reason, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkChip *c;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, chip, error)) == NULL)
    return FALSE;
  label = with_reason (g_strdup_printf (_("%s removed"), spk_chip_label (c)), reason);
  remove_chip_and_group (b, chip);
  return commit (self, g_steal_pointer (&b), NULL, label, error);
}

/* A defeated chip leaves; the next minion of its group, if any, takes its
 * place (@revealed, taken) and @by collects the reward when it opposes the
 * chip (R-attack-3: nothing for one's own or a teammate's). */
static char *
defeat (SpkBoard *b, const SpkChip *c, SpkChip *revealed, SpkFaction *by)
{
  g_autofree char *name = g_strdup (spk_chip_label (c));
  gboolean pays = by != NULL && spk_defeat_pays (b, by->id, c->faction);
  int reward = c->reward;

  spk_board_clear_defeated (b, c->id, revealed);
  if (pays && reward > 0)
    {
      int before = by->source;
      SpkSourceGain gain = spk_source_gain (by->source, reward, SPK_SOURCE_CAPACITY);
      g_autofree char *reason = g_strdup_printf (_("defeated %s"), name);

      by->source = gain.after;
      return source_label (by, before, reason);
    }
  if (by != NULL && !pays)
    return g_strdup_printf (_("%s defeated (no reward: not opposing %s)"), name, spk_faction_label (by));
  return g_strdup_printf (_("%s defeated"), name);
}

gboolean
spk_table_defeat_chip (SpkTable *self, const char *chip, const char *by, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *winner = NULL;
  SpkChip *c;
  SpkChip *revealed = NULL;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, chip, error)) == NULL)
    return FALSE;
  if (by != NULL && (winner = find_faction (b, by, error)) == NULL)
    return FALSE;
  if (c->grouped->len > 0)
    {
      /* Damage enough to defeat it reveals the next minion the same way. */
      g_autoptr(SpkDamageResult) r = spk_damage_unit (b, c, c->health + 1);
      revealed = g_steal_pointer (&r->revealed);
    }
  label = defeat (b, c, revealed, winner);
  return commit (self, g_steal_pointer (&b), by, label, error);
}

gboolean
spk_table_damage_chip (SpkTable *self, const char *chip, int amount, const char *by,
                       GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(SpkDamageResult) r = NULL;
  SpkFaction *winner = NULL;
  SpkChip *c;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, chip, error)) == NULL)
    return FALSE;
  if (by != NULL && (winner = find_faction (b, by, error)) == NULL)
    return FALSE;
  if ((r = spk_damage_chip (b, chip, amount, error)) == NULL)
    return FALSE;
  if (r->defeated)
    {
      g_autofree char *rest = defeat (b, c, g_steal_pointer (&r->revealed), winner);
      label = g_strdup_printf (_("%d damage: %s"), amount, rest);
    }
  else
    {
      int i = spk_board_chip_index (b, chip);

      g_autoptr(GString) what = g_string_new (NULL);

      /* Only what the damage changed: a spire loses upgrades, a unit
       * health, a fortification may take nothing. */
      if (c->health != r->chip->health)
        g_string_append_printf (what, _("health %d → %d"), c->health, r->chip->health);
      if (c->upgrades->len != r->chip->upgrades->len)
        {
          if (what->len > 0)
            g_string_append (what, ", ");
          g_string_append_printf (what, _("upgrades %u → %u"), c->upgrades->len, r->chip->upgrades->len);
        }
      if (what->len == 0)
        g_string_append (what, _("no effect"));
      label = g_strdup_printf (_("%s: %d damage (%s)"), spk_chip_label (c), amount, what->str);
      spk_chip_free (g_ptr_array_index (b->chips, i));
      g_ptr_array_index (b->chips, i) = g_steal_pointer (&r->chip);
    }
  return commit (self, g_steal_pointer (&b), by, label, error);
}

gboolean
spk_table_damage_gate (SpkTable *self, const char *faction, int amount, const char *by,
                       GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(SpkDamageResult) r = NULL;
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkFaction *f;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (by != NULL && find_faction (b, by, error) == NULL)
    return FALSE;
  if ((r = spk_damage_faction_gate (b, faction, amount, error)) == NULL)
    return FALSE;
  label = g_strdup_printf (_("%s: gate health %d → %d"), spk_faction_label (f), f->gate_health, r->gate_health);
  f->gate_health = r->gate_health;
  if (r->defeated)
    {
      SpkGameRules rules;
      SpkGateDefeat out = { 0 };

      spk_game_rules_from_board (b, &rules);
      if (!spk_gate_defeated (&rules, b, faction, by, spk_first_player_index (b), &out, notes, error))
        {
          g_free (label);
          return FALSE;
        }
      if (out.game_over)
        {
          g_ptr_array_set_size (b->winners, 0);
          for (guint i = 0; i < out.winners->len; i++)
            g_ptr_array_add (b->winners, g_strdup (g_ptr_array_index (out.winners, i)));
          g_free (b->phase);
          b->phase = g_strdup (spk_phase_to_string (SPK_PHASE_GAME_OVER));
        }
      spk_gate_defeat_clear (&out);
    }
  return commit (self, g_steal_pointer (&b), by, with_notes (label, notes), error);
}

/* Attacks */

static gboolean
attack_error (GError **error, GError *engine)
{
  int code = SPK_TABLE_ACTION_ERROR_INVALID;

  if (engine->domain != SPK_ATTACK_ERROR)
    {
      g_propagate_error (error, engine);
      return FALSE;
    }
  switch ((SpkAttackError) engine->code)
    {
    case SPK_ATTACK_ERROR_UNKNOWN_CHIP:
      code = SPK_TABLE_ACTION_ERROR_UNKNOWN_CHIP;
      break;
    case SPK_ATTACK_ERROR_CANNOT_ATTACK:
      code = SPK_TABLE_ACTION_ERROR_CANNOT_ATTACK;
      break;
    case SPK_ATTACK_ERROR_ALREADY_ATTACKED:
      code = SPK_TABLE_ACTION_ERROR_ALREADY_ATTACKED;
      break;
    case SPK_ATTACK_ERROR_NOT_A_TARGET:
      code = SPK_TABLE_ACTION_ERROR_NOT_A_TARGET;
      break;
    case SPK_ATTACK_ERROR_NEEDS_CHOICE:
      code = SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE;
      break;
    case SPK_ATTACK_ERROR_INVALID_CHOICE:
    case SPK_ATTACK_ERROR_NO_PROMOTED_SIDE:
    default:
      break;
    }
  g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, code, engine->message);
  g_error_free (engine);
  return FALSE;
}

static gboolean
onslaught (const SpkBoard *b)
{
  return g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) == 0 && b->factions->len > 0;
}

/* How the log names an attack's target: the chip's name, or "the gate of
 * Brawnen" for "gate:brawnen". */
static char *
target_name (const SpkBoard *b, const char *target)
{
  const SpkChip *c = target != NULL ? spk_board_find_chip (b, target) : NULL;
  const SpkFaction *f = NULL;

  if (c != NULL)
    return g_strdup (spk_chip_label (c));
  if (target != NULL && g_str_has_prefix (target, SPK_ATTACK_GATE_PREFIX))
    f = spk_board_find_faction (b, target + strlen (SPK_ATTACK_GATE_PREFIX));
  if (f != NULL)
    return g_strdup_printf (_("the gate of %s"), spk_faction_label (f));
  return g_strdup (target != NULL ? target : "");
}

gboolean
spk_table_attack (SpkTable *self, const char *attacker, const char *target,
                  const SpkAttackChoices *choices, GError **error)
{
  static const SpkAttackChoices none = { 0 };
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(SpkAttackOutcome) o = NULL;
  g_autofree char *who = NULL;
  g_autofree char *whom = NULL;
  GError *local = NULL;
  const SpkFaction *now;
  SpkChip *a;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if (!onslaught (b))
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE,
                           _("Units attack in the Onslaught Phase only; advance to it first"));
      return FALSE;
    }
  if ((a = find_chip (b, attacker, error)) == NULL)
    return FALSE;
  now = g_ptr_array_index (b->factions, spk_board_turn_index (b));
  /* R-attack-1: only the units of the faction whose turn it is attack. */
  if (spk_chip_is_unit (a) && g_strcmp0 (now->id, a->faction) != 0)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                   _("It is %s's turn and %s belongs to another faction; end the turn first"),
                   spk_faction_label (now), spk_chip_label (a));
      return FALSE;
    }
  whom = target_name (b, target);
  label = g_strdup_printf (_("%s attacks %s"), spk_chip_label (a), whom);
  /* The attack replaces the board's parts: keep what is needed after it. */
  who = g_strdup (now->id);
  if ((o = spk_attack_resolve (b, attacker, target, choices != NULL ? choices : &none, &local)) == NULL)
    {
      g_free (label);
      return attack_error (error, local);
    }
  return commit (self, g_steal_pointer (&b), who, with_notes (label, o->results), error);
}

gboolean
spk_table_level_up (SpkTable *self, const char *hero, SpkLevelUpChoice upgrade, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GPtrArray) notes = notes_new ();
  GError *local = NULL;
  gboolean changed = FALSE;
  SpkChip *h;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((h = find_chip (b, hero, error)) == NULL)
    return FALSE;
  if (!spk_hero_level_up (h, upgrade, &changed, notes, &local))
    return attack_error (error, local);
  if (!changed)
    return TRUE;
  return commit (self, g_steal_pointer (&b), h->faction,
                 g_strdup (notes->len > 0 ? g_ptr_array_index (notes, 0) : spk_chip_label (h)), error);
}

/* Map */

static int
hex_index (const SpkBoard *b, int q, int r, int layer)
{
  for (guint i = 0; i < b->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (b->hexes, i);

      if (e->q == q && e->r == r && e->layer == layer)
        return (int) i;
    }
  return -1;
}

gboolean
spk_table_add_hex (SpkTable *self, const SpkHexEntry *hex, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  g_ptr_array_add (b->hexes, spk_hex_entry_copy (hex));
  return commit (self, g_steal_pointer (&b), NULL,
                 g_strdup_printf (_("Hex (%d, %d) added to %s"), hex->q, hex->r, hex->group), error);
}

static gboolean
no_hex (GError **error, int q, int r, int layer)
{
  g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_HEX,
               _("There is no hex at (%d, %d) on layer %d"), q, r, layer);
  return FALSE;
}

gboolean
spk_table_remove_hex (SpkTable *self, int q, int r, int layer, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  int i;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((i = hex_index (b, q, r, layer)) < 0)
    return no_hex (error, q, r, layer);
  g_ptr_array_remove_index (b->hexes, (guint) i);
  return commit (self, g_steal_pointer (&b), NULL,
                 g_strdup_printf (_("Hex (%d, %d) removed"), q, r), error);
}

gboolean
spk_table_set_hex (SpkTable *self, int q, int r, int layer, SpkTerrain terrain, gboolean well,
                   const char *group, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkHexEntry *e;
  int i;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  if (terrain >= SPK_N_TERRAINS)
    return invalid (error, _("Unknown terrain"));
  b = spk_table_action_begin (self);
  if ((i = hex_index (b, q, r, layer)) < 0)
    return no_hex (error, q, r, layer);
  e = g_ptr_array_index (b->hexes, i);
  e->terrain = terrain;
  e->well = well;
  if (group != NULL)
    {
      g_free (e->group);
      e->group = g_strdup (group);
    }
  return commit (self, g_steal_pointer (&b), NULL,
                 g_strdup_printf (_("Hex (%d, %d): %s%s, %s"), q, r, spk_terrain_label (terrain),
                                  well ? _(" with a Source well") : "", e->group),
                 error);
}

gboolean
spk_table_place_earthscape (SpkTable *self, const char *faction, const SpkEarthscape *earthscape,
                            GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(SpkEarthscapeCheck) check = NULL;
  SpkFaction *f;
  guint at;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (earthscape != NULL, FALSE);
  check = spk_earthscape_check (spk_table_get_board (self), earthscape, faction, error);
  if (check == NULL)
    return FALSE;
  if (!check->ok)
    {
      g_autoptr(GString) why = g_string_new (NULL);

      for (guint i = 0; i < check->problems->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? ", " : "",
                                spk_earthscape_problem_code (g_array_index (check->problems, SpkEarthscapeProblem, i).kind));
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_EARTHSCAPE,
                   _("The earthscape cannot lie there (%s)"), why->str);
      return FALSE;
    }
  b = spk_earthscape_apply (spk_table_get_board (self), earthscape, check->layer);
  f = spk_board_find_faction (b, faction);
  if (g_ptr_array_find_with_equal_func (f->purchases, _("Earthscape"), g_str_equal, &at))
    g_ptr_array_remove_index (f->purchases, at);
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: laid %s (%u hex)",
                                               "%s: laid %s (%u hexes)", earthscape->hexes->len),
                                  spk_faction_label (f), earthscape->group, earthscape->hexes->len),
                 error);
}

gboolean
spk_table_place_fortress (SpkTable *self, const char *faction, SpkHex gate, const SpkHex *wells,
                          guint n_wells, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  SpkFortress *fort;
  guint at;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  fort = spk_fortress_new (faction, gate);
  g_array_append_vals (fort->wells, wells, n_wells);
  if (g_ptr_array_find_with_equal_func (b->fortresses, spk_board_find_fortress (b, faction), NULL, &at))
    {
      spk_fortress_free (g_ptr_array_index (b->fortresses, at));
      g_ptr_array_index (b->fortresses, at) = fort;
    }
  else
    g_ptr_array_add (b->fortresses, fort);
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s: fortress gate at (%d, %d)"), spk_faction_label (f), gate.q, gate.r),
                 error);
}

/* Deployment */

static void
add_plan_unit (GArray *units, const SpkChip *c, int group)
{
  SpkPlanUnit u = {
    .id = c->id, .name = spk_chip_label (c), .kind = c->kind, .cp_cost = c->cost,
    .merc = c->merc, .starting_hero = c->starting, .movement = c->movement,
    .group = group, .returned = c->kind == SPK_CHIP_HERO && c->returned > 0,
    .returned_wave = c->returned,
  };

  g_array_append_val (units, u);
}

static const SpkChip *
top_of (const GPtrArray *units, const char *id)
{
  for (guint i = 0; i < units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (units, i);

      if (g_ptr_array_find_with_equal_func (c->grouped, id, g_str_equal, NULL))
        return c;
    }
  return NULL;
}

static guint
unit_index (const GPtrArray *units, const SpkChip *c)
{
  guint i = 0;

  g_ptr_array_find ((GPtrArray *) units, c, &i);
  return i;
}

/* The plan of @units for spk_stack_check: a grouped minion carries the
 * stack position of its top one. Points into @units. */
static GArray *
plan_of (const GPtrArray *units)
{
  GArray *plan = g_array_new (FALSE, FALSE, sizeof (SpkPlanUnit));

  for (guint i = 0; i < units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (units, i);
      const SpkChip *top = top_of (units, c->id);
      int group = 0;

      if (c->grouped->len > 0)
        group = (int) i + 1;
      else if (top != NULL)
        group = (int) unit_index (units, top) + 1;
      add_plan_unit (plan, c, group);
    }
  return plan;
}

static gboolean
in_units (const GPtrArray *units, const char *id)
{
  for (guint i = 0; i < units->len; i++)
    if (g_strcmp0 (((const SpkChip *) g_ptr_array_index (units, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

/* A hero that returned to its fortress and is in no stack now. */
static gboolean
waits_beside_barracks (const SpkBoard *b, const SpkChip *c)
{
  if (c->placed || c->kind != SPK_CHIP_HERO || c->returned == 0)
    return FALSE;
  for (guint i = 0; i < b->deployment->len; i++)
    if (g_ptr_array_find_with_equal_func (((SpkDeployment *) g_ptr_array_index (b->deployment, i))->stack,
                                          c->id, g_str_equal, NULL))
      return FALSE;
  return TRUE;
}

/* Takes the stack entry @id (and its group) back to @f's barracks: a
 * returned hero keeps waiting beside them; a merc that @units leaves out
 * is a purchase beside them again; the rest leave the table. @old_ids
 * gets every id taken. */
static void
stack_entry_to_barracks (SpkBoard *b, SpkFaction *f, const char *id, const GPtrArray *units,
                         GHashTable *old_ids)
{
  SpkChip *c = spk_board_find_chip (b, id);

  if (c == NULL)
    {
      remove_from_stacks (b, id);
      return;
    }
  g_hash_table_add (old_ids, g_strdup (c->id));
  for (guint g = 0; g < c->grouped->len; g++)
    {
      const SpkChip *under = spk_board_find_chip (b, g_ptr_array_index (c->grouped, g));

      if (under == NULL)
        continue;
      g_hash_table_add (old_ids, g_strdup (under->id));
      if (under->merc && !in_units (units, under->id))
        g_ptr_array_add (f->purchases, g_strdup (spk_chip_label (under)));
    }
  if (c->merc && !in_units (units, c->id))
    g_ptr_array_add (f->purchases, g_strdup (spk_chip_label (c)));
  if (c->kind == SPK_CHIP_HERO && c->returned > 0)
    remove_from_stacks (b, c->id);
  else
    remove_chip_and_group (b, c->id);
}

SpkStackCheck *
spk_table_check_deployment (SpkTable *self, const char *faction, const GPtrArray *units)
{
  const SpkBoard *b;
  g_autoptr(GArray) plan = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  g_return_val_if_fail (units != NULL, NULL);
  b = spk_table_get_board (self);
  plan = plan_of (units);
  return spk_stack_check (b->wave, spk_heroes_in_play (b, faction),
                          (const SpkPlanUnit *) (gpointer) plan->data, plan->len);
}

gboolean
spk_table_set_deployment (SpkTable *self, const char *faction, const GPtrArray *units,
                          GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GArray) plan = NULL;
  g_autoptr(SpkStackCheck) check = NULL;
  g_autoptr(GHashTable) old_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  SpkDeployment *d;
  SpkFaction *f;
  int wave_cp;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (units != NULL, FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;

  /* The old stack goes back to the barracks; what waits beside them
   * (mercs, returned heroes) waits there again. */
  if ((d = spk_board_find_deployment (b, faction)) != NULL)
    {
      while (d->stack->len > 0)
        stack_entry_to_barracks (b, f, g_ptr_array_index (d->stack, 0), units, old_ids);
    }

  for (guint i = 0; i < units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (units, i);
      SpkChip *waiting = spk_board_find_chip (b, c->id);

      if (c->placed || g_strcmp0 (c->faction, faction) != 0 ||
          (waiting != NULL && !waits_beside_barracks (b, waiting)))
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK,
                       _("%s cannot join %s’s deployment stack: it is in play or not theirs"),
                       spk_chip_label (c), spk_faction_label (f));
          return FALSE;
        }
      if (c->returned != (waiting != NULL ? waiting->returned : 0))
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK,
                       _("%s has not returned to the fortress as the stack says; add it again from the barracks"),
                       spk_chip_label (c));
          return FALSE;
        }
    }
  /* A returned hero selected again leaves its place beside the barracks. */
  for (guint i = 0; i < units->len; i++)
    {
      int at = spk_board_chip_index (b, ((const SpkChip *) g_ptr_array_index (units, i))->id);

      if (at >= 0)
        spk_chip_free (g_ptr_array_steal_index (b->chips, (guint) at));
    }
  plan = plan_of (units);
  check = spk_stack_check (b->wave, spk_heroes_in_play (b, faction),
                           (const SpkPlanUnit *) (gpointer) plan->data, plan->len);
  if (check->problems->len > 0)
    {
      g_autoptr(GString) s = g_string_new (NULL);

      for (guint i = 0; i < check->problems->len; i++)
        {
          const SpkStackProblem *p = g_ptr_array_index (check->problems, i);

          if (i > 0)
            g_string_append (s, " ");
          g_string_append (s, p->text);
        }
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK, s->str);
      return FALSE;
    }

  if (d == NULL)
    {
      d = spk_deployment_new (faction);
      g_ptr_array_add (b->deployment, d);
    }
  for (guint i = 0; i < units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (units, i);
      guint at;

      g_ptr_array_add (b->chips, spk_chip_copy (c));
      if (top_of (units, c->id) == NULL)
        g_ptr_array_add (d->stack, g_strdup (c->id));
      /* A merc newly selected is taken from beside the barracks. */
      if (c->merc && !g_hash_table_contains (old_ids, c->id) &&
          g_ptr_array_find_with_equal_func (f->purchases, spk_chip_label (c), g_str_equal, &at))
        g_ptr_array_remove_index (f->purchases, at);
    }
  wave_cp = spk_wave_cp (b->wave);
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_PREP)) == 0)
    f->cp = MAX (wave_cp - check->cp_spent, 0);
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s: deployment stack of %u unit (%d of %d CP)",
                                               "%s: deployment stack of %u units (%d of %d CP)",
                                               units->len),
                                  spk_faction_label (f), units->len, check->cp_spent, wave_cp),
                 error);
}

/* Wave sequence */

static void
enter_phase (SpkBoard *b, const SpkGameRules *rules, SpkPhase phase, GPtrArray *notes)
{
  switch (phase)
    {
    case SPK_PHASE_EVENT:
      /* Last wave's event card is discarded; the players enter the new one. */
      set_text (&b->event, NULL);
      break;
    case SPK_PHASE_INCOME:
      spk_income_rows_free (spk_income_phase (rules, b->wave, b, notes));
      /* A stated preference answers one repair. */
      for (guint i = 0; i < b->factions->len; i++)
        g_ptr_array_set_size (((SpkFaction *) g_ptr_array_index (b->factions, i))->repair_preference, 0);
      break;
    case SPK_PHASE_MARKET:
      b->market_count = spk_market_options (b->player_count);
      b->earthscape_bought = FALSE;
      for (guint i = 0; i < b->factions->len; i++)
        ((SpkFaction *) g_ptr_array_index (b->factions, i))->market_done = FALSE;
      break;
    case SPK_PHASE_PREP:
      for (guint i = 0; i < b->factions->len; i++)
        ((SpkFaction *) g_ptr_array_index (b->factions, i))->cp = spk_wave_cp (b->wave);
      break;
    case SPK_PHASE_ONSLAUGHT:
      /* The first player takes the first turn, every unit fresh. */
      set_text (&b->turn, NULL);
      clear_moved (b, NULL);
      for (guint i = 0; i < b->factions->len; i++)
        {
          SpkFaction *f = g_ptr_array_index (b->factions, i);

          spk_cp_unused (b->wave, spk_wave_cp (b->wave) - f->cp, spk_faction_label (f), notes);
          f->cp = 0;
        }
      start_turn (b, notes);
      break;
    case SPK_PHASE_END_OF_WAVE:
      {
        set_text (&b->turn, NULL);
        clear_moved (b, NULL);
        end_campfire (b, notes);
        SpkWaveEnd end = spk_end_of_wave (rules, b->wave, b, spk_first_player_index (b), notes);
        SpkFaction *first = g_ptr_array_index (b->factions, end.first_player);

        set_text (&b->first_player, first->id);
      }
      break;
    case SPK_PHASE_GAME_OVER:
      {
        SpkFinalScore score = { 0 };

        spk_final_score (rules, b, &score, notes);
        g_ptr_array_set_size (b->winners, 0);
        for (guint i = 0; i < score.winners->len; i++)
          g_ptr_array_add (b->winners, g_strdup (g_ptr_array_index (score.winners, i)));
        spk_final_score_clear (&score);
      }
      break;
    case SPK_PHASE_SETUP:
    case SPK_PHASE_BUILD:
    case SPK_N_PHASES:
    default:
      break;
    }
}

/* R-repair-1: the gate repairs entering the Income Phase of @wave would
 * make whose sacrifice is a choice the player has not made: faction id →
 * GStrv of the tied structures. */
static GHashTable *
repair_choices (const SpkBoard *board, const SpkGameRules *rules, int wave)
{
  g_autoptr(SpkBoard) b = spk_board_copy (board);
  GHashTable *choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_strfreev);
  GArray *rows = spk_income_phase (rules, wave, b, NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const SpkIncomeRow *row = &g_array_index (rows, SpkIncomeRow, i);
      const SpkFaction *f = g_ptr_array_index (board->factions, i);
      g_autoptr(GStrvBuilder) tied = NULL;

      if (!row->repaired || !row->repair.tie_by_sheet_order)
        continue;
      tied = g_strv_builder_new ();
      for (guint s = 0; s < f->structures->len; s++)
        {
          const SpkStructure *st = g_ptr_array_index (f->structures, s);

          if (st->bought >= row->repair.tie_level)
            g_strv_builder_add (tied, st->name);
        }
      g_hash_table_insert (choices, g_strdup (f->id), g_strv_builder_end (tied));
    }
  spk_income_rows_free (rows);
  return choices;
}

GHashTable *
spk_table_get_repair_choices (SpkTable *self)
{
  const SpkBoard *b;
  SpkGameRules rules;
  SpkPhase phase = SPK_PHASE_SETUP;
  int wave;

  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  b = spk_table_get_board (self);
  spk_phase_from_string (b->phase, &phase);
  spk_game_rules_from_board (b, &rules);
  wave = b->wave;
  if (phase == SPK_PHASE_GAME_OVER || b->winners->len > 0 ||
      !spk_phase_next (&rules, &wave, &phase, NULL) || phase != SPK_PHASE_INCOME)
    return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  return repair_choices (b, &rules, wave);
}

gboolean
spk_table_set_repair_preference (SpkTable *self, const char *faction,
                                 const char *const *structures, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *list = NULL;
  SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  g_ptr_array_set_size (f->repair_preference, 0);
  for (guint i = 0; structures != NULL && structures[i] != NULL; i++)
    {
      gboolean known = FALSE;

      for (guint s = 0; s < f->structures->len && !known; s++)
        known = g_strcmp0 (((SpkStructure *) g_ptr_array_index (f->structures, s))->name,
                           structures[i]) == 0;
      if (!known)
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                       _("%s has no fortress structure “%s”; name one it has entered"),
                       spk_faction_label (f), structures[i]);
          return FALSE;
        }
      g_ptr_array_add (f->repair_preference, g_strdup (structures[i]));
    }
  list = structures != NULL ? g_strjoinv (", ", (char **) structures) : g_strdup ("");
  return commit (self, g_steal_pointer (&b), faction,
                 *list != '\0'
                   ? g_strdup_printf (_("%s: gate repair sacrifices %s first"), spk_faction_label (f), list)
                   : g_strdup_printf (_("%s: gate repair preference cleared"), spk_faction_label (f)),
                 error);
}

gboolean
spk_table_advance_phase (SpkTable *self, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;
  SpkPhase phase = SPK_PHASE_SETUP;
  int wave;
  char *label;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  spk_phase_from_string (b->phase, &phase);
  if (phase == SPK_PHASE_GAME_OVER || b->winners->len > 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_GAME_OVER,
                           _("The game is over; no phase follows"));
      return FALSE;
    }
  spk_game_rules_from_board (b, &rules);
  wave = b->wave;
  spk_phase_next (&rules, &wave, &phase, NULL);
  if (phase == SPK_PHASE_INCOME)
    {
      g_autoptr(GHashTable) choices = repair_choices (b, &rules, wave);

      for (guint i = 0; i < b->factions->len; i++)
        {
          const SpkFaction *f = g_ptr_array_index (b->factions, i);
          const char *const *tied = g_hash_table_lookup (choices, f->id);
          g_autofree char *names = NULL;

          if (tied == NULL)
            continue;
          names = g_strjoinv (", ", (char **) tied);
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE,
                       _("%s's gate repair sacrifices advancements of equal level: choose "
                         "which of %s go first"), spk_faction_label (f), names);
          return FALSE;
        }
    }
  b->wave = wave;
  set_text (&b->phase, spk_phase_to_string (phase));
  enter_phase (b, &rules, phase, notes);
  if (phase == SPK_PHASE_GAME_OVER)
    label = g_strdup (_("Game over"));
  else
    label = g_strdup_printf (_("Wave %d: %s"), wave, spk_phase_label (phase));
  return commit (self, g_steal_pointer (&b), NULL, with_notes (label, notes), error);
}

gboolean
spk_table_end_game (SpkTable *self, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  spk_game_rules_from_board (b, &rules);
  set_text (&b->phase, spk_phase_to_string (SPK_PHASE_GAME_OVER));
  enter_phase (b, &rules, SPK_PHASE_GAME_OVER, notes);
  return commit (self, g_steal_pointer (&b), NULL, with_notes (g_strdup (_("Game over")), notes),
                 error);
}

/* Market and build */

static gboolean
pay (SpkFaction *f, int cost, GError **error)
{
  if (cost < 0)
    return invalid (error, _("A cost cannot be below 0"));
  if (f->source < cost)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE,
                   _("%s has %d Source; this costs %d"), spk_faction_label (f), f->source, cost);
      return FALSE;
    }
  f->source -= cost;
  return TRUE;
}

/* RB Market Phase, R-market-2: the faction whose market turn it is, the
 * first in turn order from the first player that has not bought or
 * passed; NULL when all have. */
static SpkFaction *
market_turn_of (const SpkBoard *b)
{
  guint n = b->factions->len;
  int first = spk_first_player_index (b);

  for (guint i = 0; i < n; i++)
    {
      SpkFaction *f = g_ptr_array_index (b->factions, (first + i) % n);

      if (!f->market_done)
        return f;
    }
  return NULL;
}

/* R-market-1, R-market-2: one turn per faction in the Market Phase, a
 * purchase or a pass, in turn order. Outside that phase a purchase is an
 * effect that grants one and uses no turn. */
static gboolean
market_turn (const SpkBoard *b, SpkFaction *f, GError **error)
{
  const SpkFaction *now;

  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_MARKET)) != 0)
    return TRUE;
  if (f->market_done)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                   _("%s has taken its one turn of this Market Phase; undo it to buy something else"),
                   spk_faction_label (f));
      return FALSE;
    }
  now = market_turn_of (b);
  if (now != f)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                   _("It is %s's turn at the market; %s buys or passes after it, in turn order"),
                   spk_faction_label (now), spk_faction_label (f));
      return FALSE;
    }
  f->market_done = TRUE;
  return TRUE;
}

const char *
spk_table_get_market_turn (SpkTable *self)
{
  const SpkBoard *b;
  const SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  b = spk_table_get_board (self);
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_MARKET)) != 0)
    return NULL;
  f = market_turn_of (b);
  return f != NULL ? f->id : NULL;
}

gboolean
spk_table_pass_market (SpkTable *self, const char *faction, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_MARKET)) != 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE,
                           _("A faction passes at the market in the Market Phase only"));
      return FALSE;
    }
  if (!market_turn (b, f, error))
    return FALSE;
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s passes at the market"), spk_faction_label (f)), error);
}

gboolean
spk_table_buy_market_chip (SpkTable *self, const char *faction, const char *item, int cost,
                           GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *reason = NULL;
  SpkFaction *f;
  int before;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (item == NULL || *item == '\0')
    return invalid (error, _("Type the name of what is bought"));
  if (cost == SPK_MARKET_COST_UNSET)
    return invalid (error, _("Enter the Source cost printed on it"));
  if (!market_turn (b, f, error))
    return FALSE;
  before = f->source;
  if (!pay (f, cost, error))
    return FALSE;
  g_ptr_array_add (f->purchases, g_strdup (item));
  reason = g_strdup_printf (_("bought %s"), item);
  return commit (self, g_steal_pointer (&b), faction, source_label (f, before, reason), error);
}

gboolean
spk_table_buy_earthscape (SpkTable *self, const char *faction, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;
  int before;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (!market_turn (b, f, error) ||
      !spk_market_check_earthscape (b->earthscape_bought ? 1 : 0, f->source, error))
    return FALSE;
  before = f->source;
  f->source -= SPK_EARTHSCAPE_COST;
  b->earthscape_bought = TRUE;
  g_ptr_array_add (f->purchases, g_strdup (_("Earthscape")));
  return commit (self, g_steal_pointer (&b), faction,
                 source_label (f, before, _("bought the earthscape")), error);
}

gboolean
spk_table_set_structures (SpkTable *self, const char *faction, const GPtrArray *structures,
                          GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  g_ptr_array_set_size (f->structures, 0);
  for (guint i = 0; i < structures->len; i++)
    g_ptr_array_add (f->structures, spk_structure_copy (g_ptr_array_index (structures, i)));
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s: fortress structures entered"), spk_faction_label (f)), error);
}

gboolean
spk_table_buy_advancement (SpkTable *self, const char *faction, const char *structure,
                           GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  SpkStructure *st = NULL;
  SpkFaction *f;
  int before;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < f->structures->len && st == NULL; i++)
    if (g_strcmp0 (((SpkStructure *) g_ptr_array_index (f->structures, i))->name, structure) == 0)
      st = g_ptr_array_index (f->structures, i);
  if (st == NULL)
    return invalid (error, _("The faction has no such fortress structure; enter it first"));
  /* R-build-3 */
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_BUILD)) != 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE,
                           _("Fortress advancements are bought in the Build Phase"));
      return FALSE;
    }
  before = f->source;
  if (!spk_structure_buy (st, st->bought + 1, &f->source, spk_faction_label (f), NULL, error))
    return FALSE;
  title = spk_structure_level_title (st, st->bought);
  reason = g_strdup_printf (_("bought %s"), title);
  return commit (self, g_steal_pointer (&b), faction, source_label (f, before, reason), error);
}

/* R-build-1, R-build-2: when @f may build or upgrade a spire, and whether
 * it is a limited build (set in @limited). Rewards come whenever the
 * effect that grants them says. */
static gboolean
check_build_time (SpkBoard *b, SpkFaction *f, gboolean reward, const char *continues,
                  gboolean *limited, GError **error)
{
  const SpkFaction *now;
  gboolean open;

  *limited = FALSE;
  if (reward || g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_BUILD)) == 0)
    return TRUE;
  if (g_strcmp0 (b->phase, spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) != 0 || b->factions->len == 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE,
                           _("Spires are built and upgraded in the Build Phase, or with a limited build "
                             "at the start of a turn in the Onslaught Phase"));
      return FALSE;
    }
  now = g_ptr_array_index (b->factions, spk_board_turn_index (b));
  if (g_strcmp0 (now->id, f->id) != 0)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                   _("It is %s's turn; %s uses its limited builds at the start of its own turn"),
                   spk_faction_label (now), spk_faction_label (f));
      return FALSE;
    }
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->moved && g_strcmp0 (c->faction, f->id) == 0)
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,
                       _("Limited builds come at the start of a turn, and %s has moved already; "
                         "undo the movement to build first"), spk_chip_label (c));
          return FALSE;
        }
    }
  /* R-build-4: more upgrades of the spire the open option was used on. */
  open = continues != NULL && g_strcmp0 (f->open_upgrade, continues) == 0;
  if (!open && !spk_limited_build_check (f->limited_builds, error))
    return FALSE;
  if (!open)
    f->limited_builds++;
  *limited = TRUE;
  return TRUE;
}

static char *
build_reason (const char *what, const char *reason, gboolean limited, const SpkFaction *f)
{
  g_autoptr(GString) s = g_string_new (what);

  if (limited)
    g_string_append_printf (s, _(", limited build %d of %d"), f->limited_builds,
                            SPK_LIMITED_BUILDS_PER_WAVE);
  if (reason != NULL && *reason != '\0')
    g_string_append_printf (s, ", %s", reason);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
spk_table_build_spire (SpkTable *self, const SpkChip *spire, int cost, gboolean reward,
                       const char *reason, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *what = NULL;
  g_autofree char *full = NULL;
  SpkFaction *f;
  gboolean limited;
  int before;
  guint at;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (spire != NULL, FALSE);
  if (spire->kind != SPK_CHIP_SPIRE || !spire->placed)
    return invalid (error, _("Only a spire standing on a Source well can be built"));
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, spire->faction, error)) == NULL)
    return FALSE;
  if (spk_board_find_chip (b, spire->id) != NULL)
    {
      g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_DUPLICATE_ID,
                   _("A chip “%s” is already at the table"), spire->id);
      return FALSE;
    }
  before = f->source;
  if (!check_build_time (b, f, reward, NULL, &limited, error) ||
      !spire_place_check (b, spire, reward, error) || !pay (f, cost, error))
    return FALSE;
  /* A merc spire bought at the market is paid for already. */
  if (g_ptr_array_find_with_equal_func (f->purchases, spk_chip_label (spire), g_str_equal, &at))
    g_ptr_array_remove_index (f->purchases, at);
  g_ptr_array_add (b->chips, spk_chip_copy (spire));
  what = g_strdup_printf (_("built %s"), spk_chip_label (spire));
  full = build_reason (what, reason, limited, f);
  return commit (self, g_steal_pointer (&b), f->id,
                 cost > 0 ? source_label (f, before, full)
                          : g_strdup_printf ("%s: %s", spk_faction_label (f), full),
                 error);
}

gboolean
spk_table_upgrade_spire_many (SpkTable *self, const char *spire, const SpkUpgrade *upgrades,
                              guint n, gboolean reward, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(GString) what = NULL;
  g_autofree int *costs = NULL;
  g_autofree char *full = NULL;
  SpkFaction *f;
  SpkChip *c;
  gboolean limited, continued;
  int cost, before, fit = 0;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  if (n == 0)
    return invalid (error, _("Choose at least one upgrade"));
  for (guint i = 0; i < n; i++)
    if (upgrades[i] >= SPK_N_UPGRADES)
      return invalid (error, _("Unknown upgrade"));
  b = spk_table_action_begin (self);
  if ((c = find_chip (b, spire, error)) == NULL)
    return FALSE;
  if (c->kind != SPK_CHIP_SPIRE)
    return invalid (error, _("Only spires are upgraded with Source"));
  if ((f = find_faction (b, c->faction, error)) == NULL)
    return FALSE;
  /* RR Upgrade Capacity: at or over it, a spire takes no upgrade. */
  costs = g_new0 (int, n);
  cost = spk_spire_plan_cost (c, upgrades, n, costs);
  for (guint i = 0; i < n; i++)
    if (costs[i] != SPK_UPGRADE_OVER_CAPACITY)
      fit++;
  if (fit < (int) n)
    {
      if (fit == 0 && (int) c->upgrades->len == c->capacity)
        g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY,
                     _("%s is full: %u of %d upgrades; it takes no more"),
                     spk_chip_label (c), c->upgrades->len, c->capacity);
      else if (fit == 0)
        g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY,
                     _("%s is over its capacity: %u upgrades for a capacity of %d; it takes no more"),
                     spk_chip_label (c), c->upgrades->len, c->capacity);
      else
        g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY,
                     _("%s has %u upgrades and an upgrade capacity of %d; only %d of these %u fit"),
                     spk_chip_label (c), c->upgrades->len, c->capacity, fit, n);
      return FALSE;
    }
  if (reward)
    cost = 0;
  before = f->source;
  continued = !reward && g_strcmp0 (f->open_upgrade, c->id) == 0;
  if (!check_build_time (b, f, reward, c->id, &limited, error) || !pay (f, cost, error))
    return FALSE;
  g_array_append_vals (c->upgrades, upgrades, n);
  what = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (what, "%s%s", i > 0 ? ", " : "", spk_upgrade_label (upgrades[i]));
  g_string_append_printf (what, n == 1 ? _(" upgrade on %s") : _(" upgrades on %s"), spk_chip_label (c));
  if (limited && continued)
    full = g_strdup_printf (_("%s, limited build %d of %d continued"), what->str,
                            f->limited_builds, SPK_LIMITED_BUILDS_PER_WAVE);
  else
    full = build_reason (what->str, reward ? _("a reward") : NULL, limited, f);
  close_open_upgrades (b);
  if (limited)
    f->open_upgrade = g_strdup (c->id);
  return commit_keep_open (self, g_steal_pointer (&b), f->id, source_label (f, before, full), error);
}

gboolean
spk_table_upgrade_spire (SpkTable *self, const char *spire, SpkUpgrade upgrade, gboolean reward,
                         GError **error)
{
  return spk_table_upgrade_spire_many (self, spire, &upgrade, 1, reward, error);
}

/* Two factions of one name could not be told apart in the tracker:
 * @wanted (stripped) must be non-empty and differ, case ignored, from the
 * name of every faction other than @self. */
gboolean
spk_board_check_faction_name (const SpkBoard *b, const SpkFaction *self, const char *wanted, GError **error)
{
  g_autofree char *folded = NULL;

  if (*wanted == '\0')
    return invalid (error, _("Type a name for the faction"));
  folded = g_utf8_casefold (wanted, -1);
  for (guint i = 0; i < b->factions->len; i++)
    {
      const SpkFaction *other = g_ptr_array_index (b->factions, i);
      g_autofree char *other_folded = g_utf8_casefold (spk_faction_label (other), -1);

      if (other != self && g_str_equal (other_folded, folded))
        return invalid (error, _("Another faction has that name; choose a different one"));
    }
  return TRUE;
}

gboolean
spk_table_set_faction_name (SpkTable *self, const char *faction, const char *name, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *wanted = g_strstrip (g_strdup (name != NULL ? name : ""));
  g_autofree char *old = NULL;
  SpkFaction *f;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if ((f = find_faction (b, faction, error)) == NULL)
    return FALSE;
  if (!spk_board_check_faction_name (b, f, wanted, error))
    return FALSE;
  old = g_strdup (spk_faction_label (f));
  g_free (f->name);
  f->name = g_strdup (wanted);
  return commit (self, g_steal_pointer (&b), faction,
                 g_strdup_printf (_("%s renamed %s"), old, wanted), error);
}

/* Adding and removing a faction (docs/rulings.md, Factions) */

/* The first faction after position @from in seating order (wrapping round)
 * that opposes @faction and whose gate stands; NULL when there is none. */
const char *
spk_board_next_mark (const SpkBoard *b, guint from, const char *faction)
{
  for (guint k = 1; k <= b->factions->len; k++)
    {
      const SpkFaction *m = g_ptr_array_index (b->factions, (from + k) % b->factions->len);

      if (!spk_board_friendly (b, faction, m->id) && m->gate_health > 0)
        return m->id;
    }
  return NULL;
}

/* A market laid out for the player count follows it; one the players
 * changed by hand stays as they set it. */
static void
follow_player_count (SpkBoard *b, int players)
{
  if (b->market_count == spk_market_options (b->player_count))
    b->market_count = spk_market_options (players);
  b->player_count = players;
}

gboolean
spk_table_add_faction (SpkTable *self, const char *id, const char *name, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *wanted = g_strstrip (g_strdup (name != NULL ? name : ""));
  SpkFaction *f;
  char *label;
  int limit;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if (id == NULL || *id == '\0')
    return invalid (error, _("Give the faction an id"));
  if (spk_board_find_faction (b, id) != NULL)
    return invalid (error, _("A faction with that id already sits at the table; choose another id"));
  if (b->factions->len >= 4)
    return invalid (error, _("Cloudspire is played by 2 to 4 factions; remove one before adding another"));
  if (!spk_board_check_faction_name (b, NULL, wanted, error))
    return FALSE;
  /* RR Spire Limit: a faction over the smaller limit must lose spires first. */
  limit = spk_spire_limit ((int) b->factions->len + 1);
  for (guint i = 0; i < b->factions->len; i++)
    {
      const SpkFaction *other = g_ptr_array_index (b->factions, i);
      int n = spk_influence_count_spires (b, other->id);

      if (n > limit)
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT,
                       _("%s has %d spires, over the limit of %d for %d players; remove a spire "
                         "first"),
                       spk_faction_label (other), n, limit, b->factions->len + 1);
          return FALSE;
        }
    }
  f = spk_faction_new (id);
  f->name = g_strdup (wanted);
  f->gate_health = SPK_GATE_HEALTH_START;
  g_ptr_array_add (b->factions, f);
  g_free (f->mark);
  f->mark = g_strdup (spk_board_next_mark (b, b->factions->len - 1, id));
  follow_player_count (b, (int) b->factions->len);
  label = g_strdup_printf (_("%s joins the table (%d players)"), wanted, b->player_count);
  return commit (self, g_steal_pointer (&b), NULL, label, error);
}

/* What still ties @id to the table, as a sentence saying what to remove
 * first; NULL when nothing does. */
static char *
faction_in_play (const SpkBoard *b, const char *id)
{
  const SpkDeployment *d = spk_board_find_deployment (b, id);
  guint chips = 0;

  for (guint i = 0; i < b->chips->len; i++)
    if (g_strcmp0 (((SpkChip *) g_ptr_array_index (b->chips, i))->faction, id) == 0)
      chips++;
  if (chips > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s still has %u chip at the table; remove it first",
                                         "%s still has %u chips at the table; remove them first",
                                         chips),
                            spk_board_faction_label (b, id), chips);
  if (d != NULL && d->stack->len > 0)
    return g_strdup_printf (_("%s still has a deployment stack; empty it first"),
                            spk_board_faction_label (b, id));
  if (spk_board_find_fortress (b, id) != NULL)
    return g_strdup_printf (_("%s still has its fortress on the table; take it off first"),
                            spk_board_faction_label (b, id));
  return NULL;
}

static void
drop_id (GPtrArray *ids, const char *id)
{
  guint i;

  if (g_ptr_array_find_with_equal_func (ids, id, g_str_equal, &i))
    g_ptr_array_remove_index (ids, i);
}

gboolean
spk_table_remove_faction (SpkTable *self, const char *id, GError **error)
{
  g_autoptr(SpkBoard) b = NULL;
  g_autofree char *in_play = NULL;
  g_autofree char *name = NULL;
  char *label;
  gboolean teams = FALSE;
  const char *next;
  guint at;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  b = spk_table_action_begin (self);
  if (find_faction (b, id, error) == NULL)
    return FALSE;
  if (b->factions->len <= 2)
    return invalid (error, _("Cloudspire needs at least 2 factions; add another before removing this one"));
  if ((in_play = faction_in_play (b, id)) != NULL)
    return invalid (error, in_play);
  name = g_strdup (spk_board_faction_label (b, id));
  for (at = 0; at < b->factions->len; at++)
    if (g_str_equal (((SpkFaction *) g_ptr_array_index (b->factions, at))->id, id))
      break;
  for (guint i = 0; i < b->deployment->len; i++)
    if (g_strcmp0 (((SpkDeployment *) g_ptr_array_index (b->deployment, i))->faction, id) == 0)
      g_ptr_array_remove_index (b->deployment, i--);
  teams = ((SpkFaction *) g_ptr_array_index (b->factions, at))->team != NULL;
  /* Whoever sat after it takes its place as first player or in turn. */
  next = ((SpkFaction *) g_ptr_array_index (b->factions, (at + 1) % b->factions->len))->id;
  if (g_strcmp0 (b->first_player, id) == 0)
    set_text (&b->first_player, next);
  if (g_strcmp0 (b->turn, id) == 0)
    set_text (&b->turn, next);
  drop_id (b->winners, id);
  g_ptr_array_remove_index (b->factions, at);
  /* Team play is for four factions only (RB Team Play); cleared before the
   * marks are passed on, so a former teammate can be marked. */
  for (guint i = 0; teams && i < b->factions->len; i++)
    g_clear_pointer (&((SpkFaction *) g_ptr_array_index (b->factions, i))->team, g_free);
  for (guint i = 0; i < b->factions->len; i++)
    {
      SpkFaction *f = g_ptr_array_index (b->factions, i);

      if (g_strcmp0 (f->mark, id) == 0)
        {
          g_free (f->mark);
          f->mark = g_strdup (spk_board_next_mark (b, i, f->id));
        }
    }
  follow_player_count (b, (int) b->factions->len);
  label = g_strdup_printf (teams ? _("%s leaves the table (%d players, no teams)")
                                 : _("%s leaves the table (%d players)"),
                           name, b->player_count);
  return commit (self, g_steal_pointer (&b), NULL, label, error);
}
