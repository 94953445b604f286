#include "spk-grid.h"

#include <string.h>

static int
add_cell (SpkGrid *grid, SpkHex hex, SpkCellKind kind)
{
  SpkCell cell = { 0 };
  int index = (int) grid->cells->len;

  cell.hex = hex;
  cell.kind = kind;
  cell.terrain = SPK_TERRAIN_PATH;
  cell.top_layer = G_MININT;
  cell.top_group = -1;
  cell.bottom_group = -1;
  cell.fortress = -1;
  cell.chip = -1;
  g_array_append_val (grid->cells, cell);
  g_hash_table_insert (grid->by_key, GUINT_TO_POINTER (spk_hex_key (hex)),
                       GINT_TO_POINTER (index + 1));
  return index;
}

int
spk_grid_group_index (const SpkGrid *grid, const char *group)
{
  for (guint i = 0; group != NULL && i < grid->groups->len; i++)
    if (strcmp (g_ptr_array_index (grid->groups, i), group) == 0)
      return (int) i;
  return -1;
}

static int
intern_group (SpkGrid *grid, const char *group)
{
  int i = spk_grid_group_index (grid, group);

  if (i >= 0)
    return i;
  g_ptr_array_add (grid->groups, (gpointer) group);
  return (int) grid->groups->len - 1;
}

SpkGrid *
spk_grid_new (const SpkBoard *board)
{
  SpkGrid *grid = g_new0 (SpkGrid, 1);
  g_autofree int *bottom_layer = NULL;

  grid->board = board;
  grid->cells = g_array_new (FALSE, FALSE, sizeof (SpkCell));
  grid->by_key = g_hash_table_new (NULL, NULL);
  grid->groups = g_ptr_array_new ();

  bottom_layer = g_new (int, board->hexes->len + 1);
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);
      SpkHex h = spk_hex_make (e->q, e->r);
      int ci = spk_grid_find (grid, h);
      int group = intern_group (grid, e->group);
      SpkCell *cell;

      if (ci < 0)
        {
          ci = add_cell (grid, h, SPK_CELL_HEX);
          bottom_layer[ci] = G_MAXINT;
        }
      cell = &g_array_index (grid->cells, SpkCell, ci);
      if (e->layer >= cell->top_layer)
        {
          cell->top_layer = e->layer;
          cell->terrain = e->terrain;
          cell->well = e->well;
          cell->top_group = group;
        }
      if (e->layer < bottom_layer[ci])
        {
          bottom_layer[ci] = e->layer;
          cell->bottom_group = group;
        }
    }

  for (guint f = 0; f < board->fortresses->len; f++)
    {
      const SpkFortress *fort = g_ptr_array_index (board->fortresses, f);
      int ci = spk_grid_find (grid, fort->gate);

      if (ci < 0)
        ci = add_cell (grid, fort->gate, SPK_CELL_GATE);
      g_array_index (grid->cells, SpkCell, ci).kind = SPK_CELL_GATE;
      g_array_index (grid->cells, SpkCell, ci).fortress = (int) f;
      for (guint w = 0; w < fort->wells->len; w++)
        {
          SpkHex h = g_array_index (fort->wells, SpkHex, w);
          int wi = spk_grid_find (grid, h);

          if (wi < 0)
            wi = add_cell (grid, h, SPK_CELL_FORTRESS_WELL);
          g_array_index (grid->cells, SpkCell, wi).kind = SPK_CELL_FORTRESS_WELL;
          g_array_index (grid->cells, SpkCell, wi).fortress = (int) f;
          g_array_index (grid->cells, SpkCell, wi).well = TRUE;
        }
    }

  for (guint c = 0; c < board->chips->len; c++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, c);
      int ci;

      if (!chip->placed)
        continue;
      ci = spk_grid_find (grid, spk_hex_make (chip->q, chip->r));
      if (ci >= 0 && g_array_index (grid->cells, SpkCell, ci).chip < 0)
        g_array_index (grid->cells, SpkCell, ci).chip = (int) c;
    }

  for (guint i = 0; i < grid->cells->len; i++)
    {
      SpkCell *cell = &g_array_index (grid->cells, SpkCell, i);

      for (int d = 0; d < 6; d++)
        cell->neighbours[d] = spk_grid_find (grid, spk_hex_neighbour (cell->hex, d));
    }

  return grid;
}

void
spk_grid_free (SpkGrid *grid)
{
  if (grid == NULL)
    return;
  g_array_unref (grid->cells);
  g_hash_table_unref (grid->by_key);
  g_ptr_array_unref (grid->groups);
  g_free (grid);
}

int
spk_grid_find (const SpkGrid *grid, SpkHex hex)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (grid->by_key,
                                               GUINT_TO_POINTER (spk_hex_key (hex)))) - 1;
}

int
spk_grid_gate_of (const SpkGrid *grid, const char *faction)
{
  for (guint f = 0; faction != NULL && f < grid->board->fortresses->len; f++)
    {
      const SpkFortress *fort = g_ptr_array_index (grid->board->fortresses, f);

      if (strcmp (fort->faction, faction) == 0)
        return spk_grid_find (grid, fort->gate);
    }
  return -1;
}
