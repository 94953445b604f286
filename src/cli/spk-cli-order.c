/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli order FILE FACTION: the leading-minion order. */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-movement.h"

int
spk_cli_order (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkMovement) mv = NULL;
  g_autoptr(GPtrArray) tiers = NULL;
  g_autoptr(GError) error = NULL;
  int code;

  board = spk_cli_start ("order", 2, 2, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;

  mv = spk_movement_new (board, NULL);
  tiers = spk_movement_order (mv, argv[2], &error);
  if (tiers == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "faction");
      json_builder_add_string_value (b, argv[2]);
      json_builder_set_member_name (b, "tiers");
      json_builder_begin_array (b);
      for (guint i = 0; i < tiers->len; i++)
        {
          const SpkOrderTier *t = g_ptr_array_index (tiers, i);

          json_builder_begin_array (b);
          for (guint j = 0; j < t->chips->len; j++)
            json_builder_add_string_value (b, g_ptr_array_index (t->chips, j));
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "distances");
      json_builder_begin_array (b);
      for (guint i = 0; i < tiers->len; i++)
        {
          const SpkOrderTier *t = g_ptr_array_index (tiers, i);

          if (t->distance < 0)
            json_builder_add_null_value (b);
          else
            json_builder_add_int_value (b, t->distance);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  if (tiers->len == 0)
    {
      g_print (_("%s has no minion left to move.\n"), argv[2]);
      return SPK_CLI_OK;
    }
  g_print (_("Leading-minion order for %s (closest to the mark first):\n"), argv[2]);
  for (guint i = 0; i < tiers->len; i++)
    {
      const SpkOrderTier *t = g_ptr_array_index (tiers, i);
      g_autoptr(GString) ids = g_string_new (NULL);

      for (guint j = 0; j < t->chips->len; j++)
        g_string_append_printf (ids, "%s%s", j > 0 ? ", " : "", (char *) g_ptr_array_index (t->chips, j));
      if (t->distance < 0)
        g_print (_("  %u. %s (no route to the mark)\n"), i + 1, ids->str);
      else if (t->chips->len > 1)
        g_print (_("  %u. %s (%d steps; tied, the player chooses which leads)\n"), i + 1, ids->str,
                 t->distance);
      else
        g_print (_("  %u. %s (%d steps)\n"), i + 1, ids->str, t->distance);
    }
  return SPK_CLI_OK;
}
