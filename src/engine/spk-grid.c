/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-grid.h"
#include "spk-talent.h"

#include <string.h>

static void
widen (int *lo, int *hi, int v)
{
  *lo = MIN (*lo, v);
  *hi = MAX (*hi, v);
}

/* Sizes the dense look-up to the bounding box of every place on the board. */
static void
set_bounds (SpkGrid *grid, const SpkBoard *board)
{
  int min_q = G_MAXINT, max_q = G_MININT, min_r = G_MAXINT, max_r = G_MININT;

  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);
      widen (&min_q, &max_q, e->q);
      widen (&min_r, &max_r, e->r);
    }
  for (guint f = 0; f < board->fortresses->len; f++)
    {
      const SpkFortress *fort = g_ptr_array_index (board->fortresses, f);
      widen (&min_q, &max_q, fort->gate.q);
      widen (&min_r, &max_r, fort->gate.r);
      for (guint w = 0; w < fort->wells->len; w++)
        {
          widen (&min_q, &max_q, g_array_index (fort->wells, SpkHex, w).q);
          widen (&min_r, &max_r, g_array_index (fort->wells, SpkHex, w).r);
        }
    }
  if (min_q > max_q)
    min_q = max_q = min_r = max_r = 0;
  grid->min_q = min_q;
  grid->min_r = min_r;
  grid->width = max_q - min_q + 1;
  grid->height = max_r - min_r + 1;
  grid->lookup = g_new0 (int, (gsize) grid->width * (gsize) grid->height);
}

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
  cell.rider = -1;
  g_array_append_val (grid->cells, cell);
  grid->lookup[(hex.r - grid->min_r) * grid->width + (hex.q - grid->min_q)] = index + 1;
  return index;
}

int
spk_grid_group_index (const SpkGrid *grid, const char *group)
{
  if (group == NULL)
    return -1;
  return GPOINTER_TO_INT (g_hash_table_lookup (grid->group_index, group)) - 1;
}

static int
intern_group (SpkGrid *grid, const char *group)
{
  int i = spk_grid_group_index (grid, group);

  if (i >= 0)
    return i;
  g_ptr_array_add (grid->groups, (gpointer) group);
  g_hash_table_insert (grid->group_index, (gpointer) group, GINT_TO_POINTER (grid->groups->len));
  return (int) grid->groups->len - 1;
}

SpkGrid *
spk_grid_new (const SpkBoard *board)
{
  SpkGrid *grid = g_new0 (SpkGrid, 1);
  g_autofree int *bottom_layer = NULL;

  grid->board = board;
  grid->cells = g_array_new (FALSE, FALSE, sizeof (SpkCell));
  set_bounds (grid, board);
  grid->groups = g_ptr_array_new ();
  grid->group_index = g_hash_table_new (g_str_hash, g_str_equal);

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
      SpkCell *cell;
      int ci;

      if (!chip->placed)
        continue;
      ci = spk_grid_find (grid, spk_hex_make (chip->q, chip->r));
      if (ci < 0)
        continue;
      cell = &g_array_index (grid->cells, SpkCell, ci);
      if (cell->chip < 0)
        cell->chip = (int) c;
      else if (cell->rider < 0 && cell->kind == SPK_CELL_HEX)
        {
          /* R-talent-5: the spire holds the hex, its hero rides on it. */
          const SpkChip *first = g_ptr_array_index (board->chips, cell->chip);

          if (spk_talent_may_stand_on (board, chip, first))
            cell->rider = (int) c;
          else if (spk_talent_may_stand_on (board, first, chip))
            {
              cell->rider = cell->chip;
              cell->chip = (int) c;
            }
        }
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
  g_free (grid->lookup);
  g_ptr_array_unref (grid->groups);
  g_hash_table_unref (grid->group_index);
  g_free (grid);
}

int
spk_grid_find (const SpkGrid *grid, SpkHex hex)
{
  int q = hex.q - grid->min_q, r = hex.r - grid->min_r;

  if (q < 0 || r < 0 || q >= grid->width || r >= grid->height)
    return -1;
  return grid->lookup[r * grid->width + q] - 1;
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

const char *
spk_grid_stack_faction (const SpkGrid *grid, SpkHex hex, const char *fallback)
{
  int index = grid != NULL ? spk_grid_find (grid, hex) : -1;
  const SpkCell *cell;

  if (index < 0)
    return fallback;
  cell = spk_grid_cell (grid, index);
  if (cell->chip >= 0)
    {
      const SpkChip *chip = g_ptr_array_index (grid->board->chips, cell->chip);

      return chip->faction != NULL ? chip->faction : fallback;
    }
  if (cell->fortress >= 0)
    return ((const SpkFortress *) g_ptr_array_index (grid->board->fortresses, cell->fortress))->faction;
  return fallback;
}
