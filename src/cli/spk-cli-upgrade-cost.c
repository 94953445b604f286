/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-spire.h"

int
spk_cli_upgrade_cost (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON"), NULL },
    { NULL }
  };
  const SpkCliCommand *cmd = spk_cli_find_command ("upgrade-cost");
  g_autoptr(SpkBoard) board = NULL;
  g_autofree SpkUpgrade *plan = NULL;
  g_autofree int *costs = NULL;
  const SpkChip *spire;
  guint n_plan;
  int code, total;

  if (!spk_cli_parse (cmd, entries, &argc, &argv, 3, -1, &code))
    return code;
  n_plan = (guint) argc - 3;
  plan = g_new (SpkUpgrade, n_plan);
  costs = g_new (int, n_plan);
  for (guint i = 0; i < n_plan; i++)
    if (!spk_upgrade_from_string (argv[3 + i], &plan[i]))
      {
        g_printerr (_("spirekeeper-cli %s: unknown upgrade “%s”; use attack, range or fortification\n"),
                    cmd->name, argv[3 + i]);
        return SPK_CLI_USAGE;
      }

  board = spk_cli_load_table (argv[1]);
  if (board == NULL)
    return SPK_CLI_FAILED;
  spire = spk_board_find_chip (board, argv[2]);
  if (spire == NULL || spire->kind != SPK_CHIP_SPIRE)
    {
      if (spire == NULL)
        g_printerr (_("%s: the table has no chip “%s”; use a spire id listed under “chips”\n"),
                    argv[1], argv[2]);
      else
        g_printerr (_("%s: “%s” is a %s, not a spire; give a spire id\n"),
                    argv[1], argv[2], spk_chip_kind_label (spire->kind));
      return SPK_CLI_FAILED;
    }
  total = spk_spire_plan_cost (spire, plan, n_plan, costs);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "costs");
      json_builder_begin_array (b);
      for (guint i = 0; i < n_plan; i++)
        if (costs[i] == SPK_UPGRADE_OVER_CAPACITY)
          json_builder_add_null_value (b);
        else
          json_builder_add_int_value (b, costs[i]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "total");
      json_builder_add_int_value (b, total);
      json_builder_set_member_name (b, "capacity");
      json_builder_add_int_value (b, spire->capacity);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  for (guint i = 0; i < n_plan; i++)
    if (costs[i] == SPK_UPGRADE_OVER_CAPACITY)
      g_print (_("%s: over capacity, cannot be added\n"), spk_upgrade_to_string (plan[i]));
    else
      g_print (_("%s: %d Source\n"), spk_upgrade_to_string (plan[i]), costs[i]);
  g_print (_("Total %d Source for %s (%u upgrades now, capacity %d).\n"),
           total, spire->id, spire->upgrades->len, spire->capacity);
  return SPK_CLI_OK;
}
