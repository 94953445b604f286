/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-spire.h"

int
spk_cli_fire (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(GPtrArray) fires = NULL;
  g_autoptr(GError) error = NULL;
  int code;

  board = spk_cli_start ("fire", 2, 2, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;
  fires = spk_spires_fire (board, argv[2], &error);
  if (fires == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "spires");
      json_builder_begin_array (b);
      for (guint i = 0; i < fires->len; i++)
        {
          const SpkSpireFire *f = g_ptr_array_index (fires, i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "spire");
          json_builder_add_string_value (b, f->spire);
          json_builder_set_member_name (b, "dice");
          json_builder_add_int_value (b, f->dice);
          json_builder_set_member_name (b, "range");
          json_builder_add_int_value (b, f->range);
          json_builder_set_member_name (b, "targets");
          json_builder_begin_array (b);
          for (guint t = 0; t < f->targets->len; t++)
            json_builder_add_string_value (b, g_ptr_array_index (f->targets, t));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  if (fires->len == 0)
    g_print (_("No opposing spire with an attack upgrade is in play.\n"));
  for (guint i = 0; i < fires->len; i++)
    {
      const SpkSpireFire *f = g_ptr_array_index (fires, i);

      if (f->targets->len == 0)
        {
          g_print (ngettext ("%s (%d die, range %d): no target in range\n",
                             "%s (%d dice, range %d): no target in range\n", f->dice),
                   f->spire, f->dice, f->range);
        }
      else
        {
          g_autofree char *targets = NULL;

          g_ptr_array_add (f->targets, NULL);
          targets = g_strjoinv (", ", (char **) f->targets->pdata);
          g_ptr_array_remove_index (f->targets, f->targets->len - 1);
          g_print (ngettext ("%s (%d die, range %d) may fire at: %s\n",
                             "%s (%d dice, range %d) may fire at: %s\n", f->dice),
                   f->spire, f->dice, f->range, targets);
        }
    }
  return SPK_CLI_OK;
}
