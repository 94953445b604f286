/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-table-file.h"

static guint
count_kind (const SpkBoard *board, SpkChipKind kind)
{
  guint n = 0;

  for (guint i = 0; i < board->chips->len; i++)
    if (((SpkChip *) g_ptr_array_index (board->chips, i))->kind == kind)
      n++;
  return n;
}

int
spk_cli_validate (int argc, char **argv)
{
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the summary as JSON"), NULL },
    { NULL }
  };
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = NULL;
  int code;

  if (!spk_cli_parse (spk_cli_find_command ("validate"), entries, &argc, &argv, 1, 1, &code))
    return code;

  board = spk_table_file_load (argv[1], &problems, &error);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "valid");
      json_builder_add_boolean_value (b, board != NULL);
      json_builder_set_member_name (b, "problems");
      json_builder_begin_array (b);
      for (guint i = 0; board == NULL && i < problems->len; i++)
        json_builder_add_string_value (b, ((GError *) g_ptr_array_index (problems, i))->message);
      json_builder_end_array (b);
      if (board != NULL)
        {
          json_builder_set_member_name (b, "game");
          json_builder_add_string_value (b, board->codex != NULL ? "codex" : "cloudspire");
          json_builder_set_member_name (b, "players");
          json_builder_add_int_value (b, board->player_count);
          json_builder_set_member_name (b, "wave");
          json_builder_add_int_value (b, board->wave);
          json_builder_set_member_name (b, "hexes");
          json_builder_add_int_value (b, board->hexes->len);
          json_builder_set_member_name (b, "chips");
          json_builder_add_int_value (b, board->chips->len);
        }
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
    }
  if (board == NULL)
    {
      for (guint i = 0; i < problems->len; i++)
        g_printerr ("%s: %s\n", argv[1], ((GError *) g_ptr_array_index (problems, i))->message);
      return SPK_CLI_FAILED;
    }
  if (!json && board->codex != NULL)
    g_print (_("%s: valid Codex table (%s), %d players, turn %d, %s\n"), argv[1],
             spk_codex_mode_to_string (board->codex->mode), board->player_count, board->codex->turn,
             spk_codex_phase_label (board->codex->phase));
  else if (!json)
    g_print (_("%s: valid table, %d players, wave %d, %u hexes, %u units, %u spires, %u landmarks\n"),
             argv[1], board->player_count, board->wave, board->hexes->len,
             count_kind (board, SPK_CHIP_MINION) + count_kind (board, SPK_CHIP_HERO),
             count_kind (board, SPK_CHIP_SPIRE), count_kind (board, SPK_CHIP_LANDMARK));
  return SPK_CLI_OK;
}
