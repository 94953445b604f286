/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli check: may this action be taken on this table? The
 * model answers in a dry run (spk_table_begin_dry_run), exactly as the
 * app's buttons ask it, and the file is never written. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "spk-cli.h"
#include "spk-table.h"
#include "spk-table-codex.h"

typedef struct {
  int       cost;
  gboolean  reward;
  char     *name;
  char     *upgrades;
  int       capacity;
  char     *by;
  /* attack */
  char     *defence;
  gboolean  decline_spire;
  char     *relic;
  char     *relic_choice;
  char     *level_up;
  int       modifier;
  char     *retaliation_text;
} CheckOptions;

typedef gboolean (*CheckFunc) (SpkTable *t, char **args, const CheckOptions *o, GError **error);

typedef struct {
  const char *name;
  const char *args;
  int         n_args;   /* required */
  int         max_args; /* -1: any */
  CheckFunc   run;
} CheckAction;

static gboolean
usage_error (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* A command-line mistake, told apart from the model's answer by domain. */
static gboolean
usage_error (GError **error, const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  g_propagate_error (error, g_error_new_valist (G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, fmt, ap));
  va_end (ap);
  return FALSE;
}

static gboolean
parse_int (const char *text, int *out, GError **error)
{
  char *end = NULL;
  long v = strtol (text, &end, 10);

  if (end == text || *end != '\0' || v < -100000 || v > 100000)
    return usage_error (error, _("“%s” is not a whole number"), text);
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_upgrade (const char *text, SpkUpgrade *out, GError **error)
{
  if (spk_upgrade_from_string (text, out))
    return TRUE;
  if (g_str_equal (text, "a"))
    *out = SPK_UPGRADE_ATTACK;
  else if (g_str_equal (text, "r"))
    *out = SPK_UPGRADE_RANGE;
  else if (g_str_equal (text, "f"))
    *out = SPK_UPGRADE_FORTIFICATION;
  else
    return usage_error (error, _("unknown upgrade “%s”; use attack, range or fortification (a, r, f)"),
                        text);
  return TRUE;
}

/* The spire --name, --upgrades and --capacity describe, for @faction at
 * (q, r), with an id no chip has yet. */
static SpkChip *
spire_from_options (SpkTable *t, const char *faction, int q, int r, const CheckOptions *o,
                    GError **error)
{
  g_autoptr(SpkChip) spire = NULL;
  g_autofree char *id = NULL;

  /* An id no chip has: the name in lower case, else "new-spire". */
  id = o->name != NULL ? g_utf8_strdown (o->name, -1) : g_strdup ("new-spire");
  g_strdelimit (id, " ", '-');
  for (int n = 2; spk_board_find_chip (spk_table_get_board (t), id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%d", o->name != NULL ? o->name : "new-spire", n);
      g_strdelimit (id, " ", '-');
    }
  spire = spk_chip_new (id, SPK_CHIP_SPIRE);
  spire->faction = g_strdup (faction);
  spire->name = g_strdup (o->name);
  spire->placed = TRUE;
  spire->q = q;
  spire->r = r;
  spire->capacity = o->capacity;
  if (o->upgrades != NULL)
    {
      g_auto(GStrv) names = g_strsplit (o->upgrades, ",", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          SpkUpgrade u;

          if (!parse_upgrade (names[i], &u, error))
            return NULL;
          g_array_append_val (spire->upgrades, u);
        }
    }
  return g_steal_pointer (&spire);
}

static gboolean
check_build_spire (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  g_autoptr(SpkChip) spire = NULL;
  int q, r;

  if (!parse_int (args[1], &q, error) || !parse_int (args[2], &r, error))
    return FALSE;
  if ((spire = spire_from_options (t, args[0], q, r, o, error)) == NULL)
    return FALSE;
  return spk_table_build_spire (t, spire, o->cost, o->reward, o->reward ? _("reward") : NULL, error);
}

static gboolean
check_upgrade (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint n = g_strv_length (args) - 1;
  g_autofree SpkUpgrade *ups = g_new (SpkUpgrade, n);

  for (guint i = 0; i < n; i++)
    if (!parse_upgrade (args[1 + i], &ups[i], error))
      return FALSE;
  return spk_table_upgrade_spire_many (t, args[0], ups, n, o->reward, error);
}

static gboolean
check_move (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  int q, r;

  if (!parse_int (args[1], &q, error) || !parse_int (args[2], &r, error))
    return FALSE;
  return spk_table_move_unit (t, args[0], q, r, error);
}

static gboolean
check_end_turn (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_end_turn (t, error);
}

static gboolean
check_next_phase (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_advance_phase (t, error);
}

static gboolean
check_buy (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  int cost;

  if (!parse_int (args[2], &cost, error))
    return FALSE;
  return spk_table_buy_market_chip (t, args[0], args[1], cost, error);
}

static gboolean
check_buy_earthscape (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_buy_earthscape (t, args[0], error);
}

static gboolean
check_pass_market (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_pass_market (t, args[0], error);
}

static gboolean
check_advance (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_buy_advancement (t, args[0], args[1], error);
}

static gboolean
check_damage (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  int amount;

  if (!parse_int (args[1], &amount, error))
    return FALSE;
  /* R-spire-9: gate:FACTION names a gate unless a chip has that id. */
  if (g_str_has_prefix (args[0], "gate:") &&
      spk_board_find_chip (spk_table_get_board (t), args[0]) == NULL)
    return spk_table_damage_gate (t, args[0] + 5, amount, o->by, error);
  return spk_table_damage_chip (t, args[0], amount, o->by, error);
}

static gboolean
parse_level_up (const char *text, SpkLevelUpChoice *out, GError **error)
{
  static const char *const names[] = { "decline", "attack", "range", "fortification", "promote" };
  static const SpkLevelUpChoice values[] = {
    SPK_LEVEL_UP_DECLINE, SPK_LEVEL_UP_ATTACK, SPK_LEVEL_UP_RANGE, SPK_LEVEL_UP_FORTIFICATION,
    SPK_LEVEL_UP_PROMOTE,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (text, names[i]))
      {
        *out = values[i];
        return TRUE;
      }
  return usage_error (error, _("“%s” is no level-up; use attack, range, fortification, promote or decline"),
                      text);
}

static gboolean
check_attack (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  g_autoptr(SpkChip) spire = NULL;
  const SpkChip *attacker = spk_board_find_chip (spk_table_get_board (t), args[0]);
  SpkAttackChoices choices = {
    .decline_spire = o->decline_spire,
    .relic = o->relic,
    .damage_modifier = o->modifier,
    .set_retaliation = o->retaliation_text != NULL,
  };

  if (o->retaliation_text != NULL && !parse_int (o->retaliation_text, &choices.retaliation_damage, error))
    return FALSE;
  if (o->defence != NULL)
    {
      if (g_str_equal (o->defence, "gate"))
        choices.gate_defence = SPK_GATE_DEFENCE_GATE;
      else if (g_str_equal (o->defence, "stack"))
        choices.gate_defence = SPK_GATE_DEFENCE_STACK;
      else
        return usage_error (error, _("“%s” is no defence; use gate or stack"), o->defence);
    }
  if (o->relic_choice != NULL)
    {
      if (g_str_equal (o->relic_choice, "keep"))
        choices.relic_choice = SPK_RELIC_KEEP;
      else if (g_str_equal (o->relic_choice, "sell"))
        choices.relic_choice = SPK_RELIC_SELL;
      else
        return usage_error (error, _("“%s” is no relic choice; use keep or sell"), o->relic_choice);
    }
  if (o->level_up != NULL && !parse_level_up (o->level_up, &choices.level_up, error))
    return FALSE;
  /* A spire reward: the spire --name describes, for the attacker's side. */
  if (o->name != NULL && attacker != NULL)
    {
      if ((spire = spire_from_options (t, attacker->faction, 0, 0, o, error)) == NULL)
        return FALSE;
      choices.spire = spire;
    }
  return spk_table_attack (t, args[0], args[1], &choices, error);
}

static gboolean
check_level_up (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  SpkLevelUpChoice choice;

  if (!parse_level_up (args[1], &choice, error))
    return FALSE;
  return spk_table_level_up (t, args[0], choice, error);
}

static gboolean
check_add_faction (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_add_faction (t, args[0], args[1], error);
}

static gboolean
check_remove_faction (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return spk_table_remove_faction (t, args[0], error);
}

static gboolean
is_codex (SpkTable *t, GError **error)
{
  if (spk_table_get_codex (t) != NULL)
    return TRUE;
  g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_GAME,
                       _("This is a Cloudspire table; codex-… actions need a Codex table"));
  return FALSE;
}

/* Codex: PLAYER is a seat from 1 or a player's name. */
static gboolean
parse_player (SpkTable *t, const char *text, guint *out, GError **error)
{
  const SpkCodex *codex = spk_table_get_codex (t);
  guint64 seat;

  if (!is_codex (t, error))
    return FALSE;
  for (guint i = 0; i < codex->players->len; i++)
    if (g_strcmp0 (spk_codex_player (codex, i)->name, text) == 0)
      {
        *out = i;
        return TRUE;
      }
  if (!g_ascii_string_to_unsigned (text, 10, 1, codex->players->len, &seat, NULL))
    return usage_error (error, _("“%s” is no player here; give a seat from 1 to %u or a name"),
                        text, codex->players->len);
  *out = (guint) seat - 1;
  return TRUE;
}

static gboolean
check_codex_hire (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint p;

  return parse_player (t, args[0], &p, error) && spk_table_codex_hire_worker (t, p, error);
}

static gboolean
check_codex_tech (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint p;
  int level;

  return parse_player (t, args[0], &p, error) && parse_int (args[1], &level, error) &&
         spk_table_codex_build_tech (t, p, level, error);
}

static gboolean
check_codex_summon (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint p;
  int hero;

  return parse_player (t, args[0], &p, error) && parse_int (args[1], &hero, error) &&
         (hero >= 1 || usage_error (error, _("heroes count from 1"))) &&
         spk_table_codex_summon_hero (t, p, (guint) hero - 1, error);
}

static gboolean
check_codex_level (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint p;
  int hero, levels = 1;

  return parse_player (t, args[0], &p, error) && parse_int (args[1], &hero, error) &&
         (hero >= 1 || usage_error (error, _("heroes count from 1"))) &&
         (args[2] == NULL || parse_int (args[2], &levels, error)) &&
         spk_table_codex_level_hero (t, p, (guint) hero - 1, levels, error);
}

static gboolean
check_codex_repair (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  guint p;

  return parse_player (t, args[0], &p, error) && spk_table_codex_repair_base (t, p, error);
}

static gboolean
check_codex_next_phase (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return is_codex (t, error) && spk_table_codex_next_phase (t, error);
}

static gboolean
check_codex_end_turn (SpkTable *t, char **args, const CheckOptions *o, GError **error)
{
  return is_codex (t, error) && spk_table_codex_end_turn (t, error);
}

static const CheckAction actions[] = {
  { "build-spire", "FACTION Q R", 3, 3, check_build_spire },
  { "upgrade", "SPIRE TYPE…", 2, -1, check_upgrade },
  { "move", "CHIP Q R", 3, 3, check_move },
  { "end-turn", "", 0, 0, check_end_turn },
  { "next-phase", "", 0, 0, check_next_phase },
  { "buy", "FACTION ITEM COST", 3, 3, check_buy },
  { "buy-earthscape", "FACTION", 1, 1, check_buy_earthscape },
  { "pass-market", "FACTION", 1, 1, check_pass_market },
  { "advance", "FACTION STRUCTURE", 2, 2, check_advance },
  { "damage", "CHIP AMOUNT", 2, 2, check_damage },
  { "attack", "ATTACKER TARGET", 2, 2, check_attack },
  { "level-up", "HERO attack|range|fortification|promote|decline", 2, 2, check_level_up },
  { "add-faction", "ID NAME", 2, 2, check_add_faction },
  { "remove-faction", "ID", 1, 1, check_remove_faction },
  { "codex-hire", "PLAYER", 1, 1, check_codex_hire },
  { "codex-tech", "PLAYER LEVEL", 2, 2, check_codex_tech },
  { "codex-summon", "PLAYER HERO", 2, 2, check_codex_summon },
  { "codex-level", "PLAYER HERO [LEVELS]", 2, 3, check_codex_level },
  { "codex-repair", "PLAYER", 1, 1, check_codex_repair },
  { "codex-next-phase", "", 0, 0, check_codex_next_phase },
  { "codex-end-turn", "", 0, 0, check_codex_end_turn },
};

static char *
actions_help (void)
{
  GString *s = g_string_new (_("Actions:"));

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    g_string_append_printf (s, "\n  %s%s%s", actions[i].name, *actions[i].args ? " " : "",
                            actions[i].args);
  g_string_append_printf (s, "\n\n%s", _("Prints “allowed” (exit status 0), or the error code and "
                                         "the reason (exit status 1)."));
  return g_string_free (s, FALSE);
}

static void
print_answer (gboolean allowed, const GError *error, gboolean json)
{
  const char *code = error != NULL ? spk_table_error_code_name (error) : "ERROR";
  const char *message = error != NULL ? error->message : "";

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "allowed");
      json_builder_add_boolean_value (b, allowed);
      json_builder_set_member_name (b, "error");
      if (allowed)
        json_builder_add_null_value (b);
      else
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "code");
          json_builder_add_string_value (b, code);
          json_builder_set_member_name (b, "message");
          json_builder_add_string_value (b, message);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
    }
  else if (allowed)
    g_print ("%s\n", _("allowed"));
  else
    g_print ("%s: %s\n", code, message);
}

static void
check_options_clear (CheckOptions *o)
{
  g_clear_pointer (&o->name, g_free);
  g_clear_pointer (&o->upgrades, g_free);
  g_clear_pointer (&o->by, g_free);
  g_clear_pointer (&o->defence, g_free);
  g_clear_pointer (&o->relic, g_free);
  g_clear_pointer (&o->relic_choice, g_free);
  g_clear_pointer (&o->level_up, g_free);
  g_clear_pointer (&o->retaliation_text, g_free);
}

/* Q and R may be negative: "-2" is an argument here, not an option. */
static gboolean
is_number (const char *s)
{
  char *end = NULL;

  strtol (s, &end, 10);
  return end != s && *end == '\0';
}

int
spk_cli_check (int argc, char **argv)
{
  const SpkCliCommand *cmd = spk_cli_find_command ("check");
  g_autofree char *prgname = g_strdup_printf ("spirekeeper-cli %s", cmd->name);
  g_autofree char *description = actions_help ();
  gboolean json = FALSE;
  CheckOptions o = { .cost = 0 };
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON"), NULL },
    { "cost", 0, 0, G_OPTION_ARG_INT, &o.cost, N_("build-spire: Source paid (default 0)"), "N" },
    { "reward", 0, 0, G_OPTION_ARG_NONE, &o.reward, N_("build-spire, upgrade: granted by an effect"), NULL },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o.name, N_("build-spire: the spire’s name"), "NAME" },
    { "upgrades", 0, 0, G_OPTION_ARG_STRING, &o.upgrades,
      N_("build-spire: starting upgrades, top first, e.g. a,r,f"), "LIST" },
    { "capacity", 0, 0, G_OPTION_ARG_INT, &o.capacity, N_("build-spire: upgrade capacity"), "N" },
    { "by", 0, 0, G_OPTION_ARG_STRING, &o.by, N_("damage: the faction that deals it"), "FACTION" },
    { "defence", 0, 0, G_OPTION_ARG_STRING, &o.defence,
      N_("attack on a gate with a deployment stack: gate or stack takes it"), "WHO" },
    { "decline-spire", 0, 0, G_OPTION_ARG_NONE, &o.decline_spire,
      N_("attack: build no spire for a spire reward (or name one with --name)"), NULL },
    { "relic", 0, 0, G_OPTION_ARG_STRING, &o.relic, N_("attack: the relic card drawn"), "NAME" },
    { "relic-choice", 0, 0, G_OPTION_ARG_STRING, &o.relic_choice, N_("attack: keep or sell the relic"),
      "CHOICE" },
    { "level-up", 0, 0, G_OPTION_ARG_STRING, &o.level_up,
      N_("attack: the hero's level-up (attack, range, fortification, promote, decline)"), "UPGRADE" },
    { "modifier", 0, 0, G_OPTION_ARG_INT, &o.modifier,
      N_("attack: damage added or taken by a talent the app does not apply"), "N" },
    { "retaliation", 0, 0, G_OPTION_ARG_STRING, &o.retaliation_text,
      N_("attack: the retaliation dealt, as entered for a talent"), "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) ctx = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) table = NULL;
  const CheckAction *action = NULL;
  int n_args;
  gboolean allowed;

  g_set_prgname (prgname);
  ctx = g_option_context_new (cmd->args);
  g_option_context_set_summary (ctx, _(cmd->summary));
  g_option_context_set_description (ctx, description);
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_option_context_set_ignore_unknown_options (ctx, TRUE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    goto usage;
  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '-' && !is_number (argv[i]))
      {
        error = g_error_new (G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                             _("Unknown option %s"), argv[i]);
        goto usage;
      }
  if (argc < 3)
    {
      error = g_error_new (G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("expected %s"), cmd->args);
      goto usage;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (actions) && action == NULL; i++)
    if (g_str_equal (actions[i].name, argv[2]))
      action = &actions[i];
  n_args = argc - 3;
  if (action == NULL)
    {
      error = g_error_new (G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("unknown action “%s”; see --help for the list"), argv[2]);
      goto usage;
    }
  if (n_args < action->n_args || (action->max_args >= 0 && n_args > action->max_args))
    {
      error = g_error_new (G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("expected %s %s"),
                           action->name, action->args);
      goto usage;
    }

  table = spk_table_new_from_file (argv[1], &error);
  if (table == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }
  spk_table_begin_dry_run (table);
  allowed = action->run (table, argv + 3, &o, &error);
  spk_table_end_dry_run (table);
  if (!allowed && error != NULL && error->domain == G_OPTION_ERROR)
    goto usage;
  print_answer (allowed, error, json);
  check_options_clear (&o);
  return allowed ? SPK_CLI_OK : SPK_CLI_FAILED;

usage:
  g_printerr ("spirekeeper-cli %s: %s\n", cmd->name, error->message);
  g_printerr (_("Try “spirekeeper-cli %s --help”.\n"), cmd->name);
  check_options_clear (&o);
  return SPK_CLI_USAGE;
}
