/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli render FILE OUT.png|OUT.svg: the picture the window's
 * Export Board Image makes, from a shell. */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-board-export.h"
#include "spk-board-overlays.h"
#include "spk-cli.h"
#include "spk-grid.h"

#define DEFAULT_SIZE 48
#define MIN_SIZE 8
#define MAX_SIZE 200

/* A chip by its id or, ignoring case, its name. */
static const SpkChip *
find_chip (const SpkBoard *board, const char *what)
{
  const SpkChip *chip = spk_board_find_chip (board, what);
  g_autofree char *want = g_utf8_casefold (what, -1);

  for (guint i = 0; chip == NULL && i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);
      g_autofree char *name = g_utf8_casefold (spk_chip_label (c), -1);

      if (g_str_equal (name, want))
        chip = c;
    }
  return chip;
}

static char *
faction_ids (const SpkBoard *board)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < board->factions->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "",
                            ((const SpkFaction *) g_ptr_array_index (board->factions, i))->id);
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* Applies one --overlay SPEC; returns an exit code. */
static int
apply_overlay (SpkBoardRenderer *renderer, SpkTable *table, const SpkGrid *grid, const SpkChip *unit,
               const char *path, const char *spec, SpkBoardCaption *caption)
{
  const SpkBoard *board = spk_table_get_board (table);
  g_auto(GStrv) parts = g_strsplit (spec, ":", 2);
  const char *faction = parts[1];

  if (g_str_equal (parts[0], "ranges") && faction == NULL)
    /* Whose turn it is, else the first player: the spires that fire now. */
    faction = spk_table_get_turn (table) != NULL ? spk_table_get_turn (table) : spk_table_get_first_player (table);
  if (!g_str_equal (parts[0], "influence") && !g_str_equal (parts[0], "ranges") && !g_str_equal (parts[0], "closeness"))
    {
      g_printerr (_("spirekeeper-cli render: unknown overlay “%s”: use influence:FACTION, ranges[:FACTION] "
                    "or closeness:FACTION\n"), spec);
      return SPK_CLI_USAGE;
    }
  if (faction == NULL || spk_board_find_faction (board, faction) == NULL)
    {
      g_autofree char *ids = faction_ids (board);

      if (faction == NULL)
        g_printerr (_("spirekeeper-cli render: overlay “%s” needs a faction, as in %s:FACTION (factions: %s)\n"),
                    spec, parts[0], ids);
      else
        g_printerr (_("%s: no faction “%s” on this table (factions: %s)\n"), path, faction, ids);
      return faction == NULL ? SPK_CLI_USAGE : SPK_CLI_FAILED;
    }
  if (g_str_equal (parts[0], "influence"))
    spk_board_overlays_influence (renderer, board, grid, faction);
  else if (g_str_equal (parts[0], "ranges"))
    spk_board_overlays_spires (renderer, board, grid, faction);
  else
    {
      spk_board_overlays_closeness (renderer, board, grid, faction, unit);
      g_free (caption->overlay_faction);
      caption->overlay_faction = g_strdup (faction);
    }
  return SPK_CLI_OK;
}

int
spk_cli_render (int argc, char **argv)
{
  g_autofree char *select = NULL;
  g_auto(GStrv) overlays = NULL;
  int size = DEFAULT_SIZE, code;
  GOptionEntry entries[] = {
    { "select", 0, 0, G_OPTION_ARG_STRING, &select,
      N_("Select a chip (id or name): a ring on it, its destinations and its answer in the caption"), "CHIP" },
    { "overlay", 0, 0, G_OPTION_ARG_STRING_ARRAY, &overlays,
      N_("Show an overlay: influence:FACTION, ranges[:FACTION] or closeness:FACTION (may be repeated)"), "OVERLAY" },
    { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("Pixels from a hex’s centre to its corner (8 to 200, default 48)"), "N" },
    { NULL }
  };
  g_autoptr(SpkBoardRenderer) renderer = NULL;
  g_autoptr(SpkBoardCaption) caption = NULL;
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const SpkBoard *board;
  const SpkChip *chip = NULL;
  SpkImageFormat format;
  SpkBoard *loaded;

  if (!spk_cli_parse (spk_cli_find_command ("render"), entries, &argc, &argv, 2, 2, &code))
    return code;
  if (size < MIN_SIZE || size > MAX_SIZE)
    {
      g_printerr (_("spirekeeper-cli render: --size %d is out of range: give 8 to 200 pixels\n"), size);
      return SPK_CLI_USAGE;
    }
  if (!spk_image_format_for_path (argv[2], &format, &error))
    {
      g_printerr ("spirekeeper-cli render: %s\n", error->message);
      return SPK_CLI_USAGE;
    }
  if ((loaded = spk_cli_load_table (argv[1])) == NULL)
    return SPK_CLI_FAILED;
  table = spk_table_new (loaded);
  board = spk_table_get_board (table);

  if (select != NULL && (chip = find_chip (board, select)) == NULL)
    {
      g_printerr (_("%s: no chip “%s” on this table: give a chip’s id or name (see “spirekeeper-cli validate %s”)\n"),
                  argv[1], select, argv[1]);
      return SPK_CLI_FAILED;
    }

  caption = spk_board_caption_new (table, argv[1], chip != NULL ? chip->id : NULL);
  renderer = spk_board_renderer_new ();
  spk_board_renderer_set_board (renderer, board);
  grid = spk_grid_new (board);
  for (guint i = 0; overlays != NULL && overlays[i] != NULL; i++)
    if ((code = apply_overlay (renderer, table, grid, chip, argv[1], overlays[i], caption)) != SPK_CLI_OK)
      return code;
  if (chip != NULL && spk_chip_is_unit (chip))
    {
      g_autoptr(SpkMoveResult) moves = spk_movement_moves (board, NULL, chip->id, NULL);

      spk_board_overlays_moves (renderer, moves);
    }

  if ((bytes = spk_board_export_to_bytes (renderer, caption, format, size, &error)) == NULL
      || !g_file_set_contents (argv[2], g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    {
      g_printerr (_("%s: could not write the picture: %s\n"), argv[2], error->message);
      return SPK_CLI_FAILED;
    }
  return SPK_CLI_OK;
}
