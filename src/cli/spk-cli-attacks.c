/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-attack.h"
#include "spk-cli.h"

static const char *
kind_name (SpkTargetKind kind)
{
  switch (kind)
    {
    case SPK_TARGET_UNIT:
      return "unit";
    case SPK_TARGET_SPIRE:
      return "spire";
    case SPK_TARGET_GATE:
      return "gate";
    case SPK_TARGET_LANDMARK:
      return "landmark";
    case SPK_TARGET_STACK_UNIT:
    default:
      return "stack-unit";
    }
}

static void
add_strings (JsonBuilder *b, const char *member, const GPtrArray *list)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint i = 0; i < list->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (list, i));
  json_builder_end_array (b);
}

static void
add_string_or_null (JsonBuilder *b, const char *member, const char *value)
{
  json_builder_set_member_name (b, member);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_int (JsonBuilder *b, const char *member, int value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_int_value (b, value);
}

static void
add_bool (JsonBuilder *b, const char *member, gboolean value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_boolean_value (b, value);
}

static void
add_removed (JsonBuilder *b, const char *member, const SpkDamageResult *hit)
{
  json_builder_set_member_name (b, member);
  if (hit == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "upgrades");
  json_builder_begin_array (b);
  for (guint i = 0; i < hit->removed_upgrades->len; i++)
    json_builder_add_string_value (b, spk_upgrade_to_string (g_array_index (hit->removed_upgrades,
                                                                             SpkUpgrade, i)));
  json_builder_end_array (b);
  add_int (b, "health", hit->health_removed);
  json_builder_end_object (b);
}

static void
add_target (JsonBuilder *b, const SpkAttackOutcome *o)
{
  json_builder_begin_object (b);
  add_string_or_null (b, "target", o->target);
  add_string_or_null (b, "kind", kind_name (o->kind));
  add_string_or_null (b, "owner", o->owner);
  add_int (b, "distance", o->distance);
  add_int (b, "damage", o->damage);
  add_removed (b, "removed", o->hit);
  add_bool (b, "defeated", o->defeated);
  add_bool (b, "discarded", o->discarded);
  add_int (b, "retaliation", o->retaliation);
  add_string_or_null (b, "retaliator", o->retaliator);
  add_removed (b, "retaliation_removed", o->retaliation_hit);
  add_bool (b, "attacker_defeated", o->attacker_defeated);
  add_bool (b, "rewards", o->rewards);
  add_int (b, "source_gained", o->source_gained);
  add_int (b, "source_lost", o->source_lost);
  add_bool (b, "spire_reward", o->spire_reward);
  json_builder_set_member_name (b, "spire_site");
  if (o->spire_site)
    {
      json_builder_begin_object (b);
      add_int (b, "q", o->site.q);
      add_int (b, "r", o->site.r);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  add_bool (b, "relic", o->relic);
  add_bool (b, "pillage", o->pillage);
  add_bool (b, "game_over", o->game_over);
  add_string_or_null (b, "level_up", o->level_up);
  add_bool (b, "wave_ends", o->wave_ends);
  add_strings (b, "questions", o->questions);
  add_strings (b, "results", o->results);
  json_builder_end_object (b);
}

static void
print_json (const SpkAttackOptions *o)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  add_string_or_null (b, "attacker", o->attacker);
  add_int (b, "attack", o->attack);
  add_int (b, "range", o->range);
  add_bool (b, "can_attack", o->can_attack);
  add_bool (b, "must_attack", o->must_attack);
  add_string_or_null (b, "why_not", o->why_not);
  json_builder_set_member_name (b, "targets");
  json_builder_begin_array (b);
  for (guint i = 0; i < o->targets->len; i++)
    add_target (b, g_ptr_array_index (o->targets, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "refused");
  json_builder_begin_array (b);
  for (guint i = 0; i < o->refused->len; i++)
    {
      const SpkAttackRefusal *r = g_ptr_array_index (o->refused, i);

      json_builder_begin_object (b);
      add_string_or_null (b, "target", r->target);
      add_string_or_null (b, "kind", kind_name (r->kind));
      add_int (b, "distance", r->distance);
      add_string_or_null (b, "why_not", r->why_not);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  spk_cli_print_json (root);
}

static void
print_text (const SpkAttackOptions *o)
{
  if (!o->can_attack)
    g_print (_("%s cannot attack: %s.\n"), o->attacker, o->why_not);
  else if (o->must_attack)
    g_print (_("%s (attack %d, range %d) is a minion and must attack one of:\n"), o->attacker,
             o->attack, o->range);
  else
    g_print (_("%s (attack %d, range %d) may attack one of:\n"), o->attacker, o->attack, o->range);
  for (guint i = 0; i < o->targets->len; i++)
    {
      const SpkAttackOutcome *t = g_ptr_array_index (o->targets, i);

      g_print ("  %s:\n", t->target);
      for (guint j = 0; j < t->results->len; j++)
        g_print ("    %s\n", (const char *) g_ptr_array_index (t->results, j));
      for (guint j = 0; j < t->questions->len; j++)
        g_print (_("    asks: %s\n"), (const char *) g_ptr_array_index (t->questions, j));
    }
  if (o->refused->len > 0)
    g_print (_("Not targets:\n"));
  for (guint i = 0; i < o->refused->len; i++)
    {
      const SpkAttackRefusal *r = g_ptr_array_index (o->refused, i);

      g_print ("  %s: %s\n", r->target, r->why_not);
    }
}

int
spk_cli_attacks (int argc, char **argv)
{
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autoptr(GError) error = NULL;
  gboolean json = FALSE;
  int code;

  board = spk_cli_start ("attacks", 2, 2, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;
  if ((o = spk_attack_options (board, argv[2], &error)) == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }
  if (json)
    print_json (o);
  else
    print_text (o);
  return SPK_CLI_OK;
}
