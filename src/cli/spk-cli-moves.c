/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli moves FILE CHIP_ID: where a minion or hero may go. */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-answer-text.h"
#include "spk-cli.h"
#include "spk-grid.h"
#include "spk-movement.h"

static void
add_distance (JsonBuilder *b, int distance)
{
  if (distance < 0)
    json_builder_add_null_value (b);
  else
    json_builder_add_int_value (b, distance);
}

static JsonNode *
result_to_json (const SpkMoveResult *res)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "chip");
  json_builder_add_string_value (b, res->chip);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, spk_chip_kind_to_string (res->kind));
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, spk_move_rule_to_string (res->rule));
  json_builder_set_member_name (b, "may_stay");
  json_builder_add_boolean_value (b, res->may_stay);
  json_builder_set_member_name (b, "movement_used");
  json_builder_add_int_value (b, res->movement_used);
  json_builder_set_member_name (b, "start_distance");
  add_distance (b, res->start_distance);
  if (res->approximate)
    {
      /* Ruling M-16: the route search reached its work limit. */
      json_builder_set_member_name (b, "approximate");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_set_member_name (b, "destinations");
  json_builder_begin_array (b);
  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "q");
      json_builder_add_int_value (b, dst->hex.q);
      json_builder_set_member_name (b, "r");
      json_builder_add_int_value (b, dst->hex.r);
      json_builder_set_member_name (b, "distance");
      add_distance (b, dst->distance);
      json_builder_set_member_name (b, "path");
      json_builder_begin_array (b);
      for (guint s = 0; s < dst->n_path; s++)
        {
          SpkHex h = dst->path[s];
          json_builder_begin_array (b);
          json_builder_add_int_value (b, h.q);
          json_builder_add_int_value (b, h.r);
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "displaces");
      json_builder_begin_array (b);
      for (guint s = 0; s < dst->displaces->len; s++)
        json_builder_add_string_value (b, g_ptr_array_index (dst->displaces, s));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "explanation");
  json_builder_begin_array (b);
  for (guint i = 0; i < res->explanation->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (res->explanation, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static char
terrain_char (SpkTerrain t)
{
  static const char chars[SPK_N_TERRAINS] = { '.', ':', '%', '^', '~' };

  return t < SPK_N_TERRAINS ? chars[t] : '?';
}

/* The neighbourhood of the move, one character per hex, rows offset so
 * that neighbours touch as on the table. */
static void
print_sketch (const SpkBoard *board, const SpkGrid *grid, const SpkChip *chip,
              const SpkMoveResult *res)
{
  SpkHex c = res->start;
  const SpkFaction *faction = spk_board_find_faction (board, chip->faction);
  int mark = faction != NULL ? spk_grid_gate_of (grid, faction->mark) : -1;
  int radius = CLAMP (chip->movement + 1, 2, 6);
  int min_x = G_MAXINT;

  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);
      radius = MAX (radius, MIN (spk_hex_distance (c, dst->hex) + 1, 9));
    }
  for (int r = c.r - radius; r <= c.r + radius; r++)
    for (int q = c.q - radius; q <= c.q + radius; q++)
      if (spk_hex_distance (c, spk_hex_make (q, r)) <= radius)
        min_x = MIN (min_x, 2 * q + r);

  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  guint first = G_MAXUINT, last = 0;

  for (int r = c.r - radius; r <= c.r + radius; r++)
    {
      GString *line = g_string_new ("    ");
      int col = min_x;

      for (int q = c.q - radius; q <= c.q + radius; q++)
        {
          SpkHex h = spk_hex_make (q, r);
          int ci = spk_grid_find (grid, h);
          int x = 2 * q + r;
          char ch = ' ';

          if (spk_hex_distance (c, h) > radius)
            continue;
          if (ci >= 0)
            {
              const SpkCell *cell = spk_grid_cell (grid, ci);

              ch = terrain_char (cell->terrain);
              if (cell->kind == SPK_CELL_GATE)
                ch = ci == mark ? 'M' : 'G';
              else if (cell->kind == SPK_CELL_FORTRESS_WELL)
                ch = 'W';
              if (cell->chip >= 0)
                {
                  const SpkChip *other = g_ptr_array_index (board->chips, cell->chip);

                  if (other->kind == SPK_CHIP_SPIRE)
                    ch = 'S';
                  else if (other->kind == SPK_CHIP_LANDMARK)
                    ch = 'L';
                  else
                    ch = spk_board_friendly (board, chip->faction, other->faction) ? 'U' : 'X';
                }
            }
          for (guint i = 0; i < res->destinations->len; i++)
            if (spk_hex_equal (((SpkMoveDestination *) g_ptr_array_index (res->destinations, i))->hex, h))
              ch = i < 26 ? (char) ('a' + i) : '*';
          if (spk_hex_equal (h, c))
            ch = '@';
          while (col < x)
            {
              g_string_append_c (line, ' ');
              col++;
            }
          g_string_append_c (line, ch);
          col++;
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      if (line->len > 0)
        {
          first = MIN (first, lines->len);
          last = lines->len;
        }
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  g_print ("\n");
  for (guint i = first; i <= last && i < lines->len; i++)
    g_print ("%s\n", (char *) g_ptr_array_index (lines, i));
  g_print ("\n    %s\n", _("@ start   a, b, … options   U friendly unit   X opposing unit   S spire   L landmark"));
  /* The legend names map symbols; "% forest" is a symbol, not a format.
   * xgettext:no-c-format */
  g_print ("    %s\n", _("M its mark   G other gate   W fortress well   . path   : plains   % forest   ^ mountains   ~ water"));
}

int
spk_cli_moves (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(SpkMovement) mv = NULL;
  g_autoptr(SpkMoveResult) res = NULL;
  g_autoptr(GError) error = NULL;
  const SpkChip *chip;
  int code;

  board = spk_cli_start ("moves", 2, 2, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;

  grid = spk_grid_new (board);
  mv = spk_movement_new (board, grid);
  res = spk_movement_query (mv, argv[2], &error);
  if (res == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }
  chip = spk_board_find_chip (board, argv[2]);

  if (json)
    {
      g_autoptr(JsonNode) root = result_to_json (res);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  {
    g_autofree char *text = spk_move_answer_text (board, res);

    g_print ("%s", text);
  }
  if (res->start_distance >= 0 || res->destinations->len > 0 || res->rule == SPK_MOVE_RULE_RECOVER)
    print_sketch (board, grid, chip, res);
  return SPK_CLI_OK;
}
