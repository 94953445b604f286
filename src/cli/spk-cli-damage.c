/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "spk-cli.h"
#include "spk-damage.h"
#include "spk-table.h"

/* Fortress gates are not chips; they are named "gate:FACTION". */
#define GATE_PREFIX "gate:"

static void
add_upgrades (JsonBuilder *b, const GArray *ups)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < ups->len; i++)
    json_builder_add_string_value (b, spk_upgrade_to_string (g_array_index (ups, SpkUpgrade, i)));
  json_builder_end_array (b);
}

static void
add_chip (JsonBuilder *b, const SpkChip *c)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, c->id);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, spk_chip_kind_to_string (c->kind));
  if (c->placed)
    {
      json_builder_set_member_name (b, "q");
      json_builder_add_int_value (b, c->q);
      json_builder_set_member_name (b, "r");
      json_builder_add_int_value (b, c->r);
    }
  json_builder_set_member_name (b, "health");
  json_builder_add_int_value (b, c->health);
  json_builder_set_member_name (b, "upgrades");
  add_upgrades (b, c->upgrades);
  json_builder_set_member_name (b, "grouped");
  json_builder_begin_array (b);
  for (guint i = 0; i < c->grouped->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (c->grouped, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static char *
upgrade_list (const GArray *ups)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < ups->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "",
                            spk_upgrade_to_string (g_array_index (ups, SpkUpgrade, i)));
  if (ups->len == 0)
    g_string_append (s, _("none"));
  return g_string_free (s, FALSE);
}

static void
print_text (const char *target, const SpkDamageResult *r)
{
  g_autofree char *removed = upgrade_list (r->removed_upgrades);

  if (r->chip == NULL)
    {
      g_print (_("%s: %d health removed, %d left%s; the gate retaliates for %d.\n"),
               target, r->health_removed, r->gate_health,
               r->defeated ? _(", defeated") : "", r->retaliation);
      return;
    }
  g_print (_("%s: upgrades removed: %s; health removed: %d.\n"), target, removed, r->health_removed);
  if (r->chip->kind == SPK_CHIP_SPIRE)
    {
      g_autofree char *left = upgrade_list (r->chip->upgrades);

      g_print (_("Upgrades left, top to bottom: %s.\n"), left);
    }
  else
    g_print (_("Health left: %d.\n"), r->chip->health);
  if (r->defeated)
    g_print (_("%s is defeated.\n"), target);
  if (r->revealed != NULL)
    g_print (_("%s is revealed with %d health.\n"), r->revealed->id, r->revealed->health);
}

/* What the model does with the damage when @by dealt it: the step's
 * description and each faction's Source before and after (rewards, pillage;
 * none for a faction's own chip, R-attack-3). The file is not written. */
typedef struct {
  char   *step;     /* NULL when the damage changed nothing */
  GArray *before;   /* of int, one per faction */
  GArray *after;
} Dealt;

static void
dealt_clear (Dealt *d)
{
  g_clear_pointer (&d->step, g_free);
  g_clear_pointer (&d->before, g_array_unref);
  g_clear_pointer (&d->after, g_array_unref);
}

static GArray *
sources (const SpkBoard *board)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < board->factions->len; i++)
    g_array_append_val (a, ((SpkFaction *) g_ptr_array_index (board->factions, i))->source);
  return a;
}

static gboolean
deal (const char *path, const char *target, gboolean gate, int amount, const char *by, Dealt *out,
      GError **error)
{
  g_autoptr(SpkTable) table = spk_table_new_from_file (path, error);
  guint steps;

  if (table == NULL)
    return FALSE;
  if (spk_board_find_faction (spk_table_get_board (table), by) == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_FACTION,
                   _("no faction has the id “%s”"), by);
      return FALSE;
    }
  out->before = sources (spk_table_get_board (table));
  steps = spk_table_get_history_length (table);
  if (gate ? !spk_table_damage_gate (table, target + strlen (GATE_PREFIX), amount, by, error)
           : !spk_table_damage_chip (table, target, amount, by, error))
    return FALSE;
  if (spk_table_get_history_length (table) > steps)
    out->step = g_strdup (spk_table_get_undo_label (table));
  out->after = sources (spk_table_get_board (table));
  return TRUE;
}

static void
print_dealt (const SpkBoard *board, const char *by, const Dealt *d)
{
  gboolean any = FALSE;

  if (d->step != NULL)
    g_print (_("Dealt by %s: %s\n"), by, d->step);
  for (guint i = 0; i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);
      int was = g_array_index (d->before, int, i), now = g_array_index (d->after, int, i);

      if (was != now)
        {
          g_print (_("%s: Source %d → %d\n"), spk_faction_label (f), was, now);
          any = TRUE;
        }
    }
  if (!any)
    g_print (_("No faction gains or loses Source.\n"));
}

static void
add_dealt (JsonBuilder *b, const SpkBoard *board, const char *by, const Dealt *d)
{
  json_builder_set_member_name (b, "by");
  json_builder_add_string_value (b, by);
  json_builder_set_member_name (b, "step");
  if (d->step != NULL)
    json_builder_add_string_value (b, d->step);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "source");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "faction");
      json_builder_add_string_value (b, f->id);
      json_builder_set_member_name (b, "before");
      json_builder_add_int_value (b, g_array_index (d->before, int, i));
      json_builder_set_member_name (b, "after");
      json_builder_add_int_value (b, g_array_index (d->after, int, i));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

int
spk_cli_damage (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autofree char *by = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON"), NULL },
    { "by", 0, 0, G_OPTION_ARG_STRING, &by,
      N_("The faction that deals the damage: also say what it gains (rewards, pillage)"), "FACTION" },
    { NULL }
  };
  Dealt dealt = { 0 };
  const SpkCliCommand *cmd = spk_cli_find_command ("damage");
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkDamageResult) r = NULL;
  g_autoptr(GError) error = NULL;
  const char *target;
  gint64 amount;
  int code;
  gboolean gate;

  if (!spk_cli_parse (cmd, entries, &argc, &argv, 3, 3, &code))
    return code;
  if (!g_ascii_string_to_signed (argv[3], 10, 0, 1000, &amount, NULL))
    {
      g_printerr (_("spirekeeper-cli %s: AMOUNT must be a whole number from 0 to 1000, not “%s”\n"),
                  cmd->name, argv[3]);
      return SPK_CLI_USAGE;
    }
  board = spk_cli_load_table (argv[1]);
  if (board == NULL)
    return SPK_CLI_FAILED;
  target = argv[2];
  gate = spk_board_find_chip (board, target) == NULL && g_str_has_prefix (target, GATE_PREFIX);
  if (gate)
    r = spk_damage_faction_gate (board, target + strlen (GATE_PREFIX), (int) amount, &error);
  else
    r = spk_damage_chip (board, target, (int) amount, &error);
  if (r == NULL || (by != NULL && !deal (argv[1], target, gate, (int) amount, by, &dealt, &error)))
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      dealt_clear (&dealt);
      return SPK_CLI_FAILED;
    }

  if (!json)
    {
      print_text (target, r);
      if (by != NULL)
        print_dealt (board, by, &dealt);
      dealt_clear (&dealt);
      return SPK_CLI_OK;
    }
  {
    g_autoptr(JsonBuilder) b = json_builder_new ();
    g_autoptr(JsonNode) root = NULL;

    json_builder_begin_object (b);
    json_builder_set_member_name (b, "target");
    json_builder_add_string_value (b, target);
    json_builder_set_member_name (b, "kind");
    json_builder_add_string_value (b, gate ? "gate" : spk_chip_kind_to_string (r->chip->kind));
    json_builder_set_member_name (b, "chip");
    if (r->chip != NULL)
      add_chip (b, r->chip);
    else
      json_builder_add_null_value (b);
    if (gate)
      {
        json_builder_set_member_name (b, "gate_health");
        json_builder_add_int_value (b, r->gate_health);
      }
    json_builder_set_member_name (b, "removed");
    json_builder_begin_object (b);
    json_builder_set_member_name (b, "upgrades");
    add_upgrades (b, r->removed_upgrades);
    json_builder_set_member_name (b, "health");
    json_builder_add_int_value (b, r->health_removed);
    json_builder_end_object (b);
    json_builder_set_member_name (b, "defeated");
    json_builder_add_boolean_value (b, r->defeated);
    json_builder_set_member_name (b, "revealed");
    if (r->revealed != NULL)
      add_chip (b, r->revealed);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "retaliation");
    json_builder_add_int_value (b, r->retaliation);
    if (by != NULL)
      add_dealt (b, board, by, &dealt);
    json_builder_end_object (b);
    root = json_builder_get_root (b);
    spk_cli_print_json (root);
  }
  dealt_clear (&dealt);
  return SPK_CLI_OK;
}
