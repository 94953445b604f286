/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Axial hex geometry and the grid index. */
#include "spk-board.h"
#include "spk-grid.h"

static void
test_distance (void)
{
  static const struct { int aq, ar, bq, br, d; } rows[] = {
    { 0, 0, 0, 0, 0 },
    { 0, 0, 1, 0, 1 },
    { 0, 0, 1, -1, 1 },
    { 0, 0, 2, -1, 2 },
    { 0, 0, -3, 3, 3 },
    { -2, 1, 3, -1, 5 },
    { 1, 1, -1, -1, 4 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpint (spk_hex_distance (spk_hex_make (rows[i].aq, rows[i].ar),
                                       spk_hex_make (rows[i].bq, rows[i].br)), ==, rows[i].d);
}

static void
test_neighbours (void)
{
  SpkHex c = spk_hex_make (2, -3);

  for (int d = 0; d < 6; d++)
    {
      SpkHex n = spk_hex_neighbour (c, d);
      g_assert_true (spk_hex_adjacent (c, n));
      g_assert_true (spk_hex_equal (spk_hex_from_key (spk_hex_key (n)), n));
    }
  g_assert_false (spk_hex_adjacent (c, c));
  g_assert_true (spk_hex_equal (spk_hex_from_key (spk_hex_key (spk_hex_make (-7, 300))),
                                spk_hex_make (-7, 300)));
}

static void
test_grid_layers (void)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  g_autoptr(SpkGrid) grid = NULL;
  SpkHexEntry *top;
  SpkFortress *fort;
  SpkChip *chip;
  const SpkCell *cell;
  int ci;

  g_ptr_array_add (b->hexes, spk_hex_entry_new (0, 0, SPK_TERRAIN_FOREST, "isle-1"));
  g_ptr_array_add (b->hexes, spk_hex_entry_new (1, 0, SPK_TERRAIN_PATH, "isle-1"));
  top = spk_hex_entry_new (0, 0, SPK_TERRAIN_WATER, "earthscape-1");
  top->layer = 1;
  top->well = TRUE;
  g_ptr_array_add (b->hexes, top);
  fort = spk_fortress_new ("a", spk_hex_make (-1, 0));
  g_array_append_val (fort->wells, ((SpkHex) { -2, 0 }));
  g_ptr_array_add (b->fortresses, fort);
  chip = spk_chip_new ("m", SPK_CHIP_MINION);
  chip->placed = TRUE;
  chip->q = 1;
  g_ptr_array_add (b->chips, chip);

  grid = spk_grid_new (b);
  g_assert_cmpuint (spk_grid_n_cells (grid), ==, 4);
  ci = spk_grid_find (grid, spk_hex_make (0, 0));
  cell = spk_grid_cell (grid, ci);
  g_assert_cmpint (cell->terrain, ==, SPK_TERRAIN_WATER);
  g_assert_true (cell->well);
  g_assert_cmpstr (g_ptr_array_index (grid->groups, cell->top_group), ==, "earthscape-1");
  g_assert_cmpstr (g_ptr_array_index (grid->groups, cell->bottom_group), ==, "isle-1");
  g_assert_cmpint (cell->neighbours[0], ==, spk_grid_find (grid, spk_hex_make (1, 0)));
  g_assert_cmpint (cell->neighbours[3], ==, spk_grid_gate_of (grid, "a"));
  g_assert_cmpint (cell->neighbours[2], ==, -1);
  g_assert_cmpint (spk_grid_cell (grid, spk_grid_find (grid, spk_hex_make (1, 0)))->chip, ==, 0);
  g_assert_cmpint (spk_grid_cell (grid, spk_grid_find (grid, spk_hex_make (-2, 0)))->kind, ==,
                   SPK_CELL_FORTRESS_WELL);
  g_assert_cmpint (spk_grid_find (grid, spk_hex_make (5, 5)), ==, -1);
}

static void
test_friendly (void)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  SpkFaction *a = spk_faction_new ("a"), *c = spk_faction_new ("c"), *d = spk_faction_new ("d");

  a->team = g_strdup ("red");
  c->team = g_strdup ("red");
  g_ptr_array_add (b->factions, a);
  g_ptr_array_add (b->factions, c);
  g_ptr_array_add (b->factions, d);
  g_assert_true (spk_board_friendly (b, "a", "a"));
  g_assert_true (spk_board_friendly (b, "a", "c"));
  g_assert_false (spk_board_friendly (b, "a", "d"));
  g_assert_true (spk_board_friendly (b, "d", "d"));
  g_assert_cmpint (spk_spire_limit (2), ==, 6);
  g_assert_cmpint (spk_spire_limit (3), ==, 5);
  g_assert_cmpint (spk_spire_limit (4), ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hex/distance", test_distance);
  g_test_add_func ("/hex/neighbours", test_neighbours);
  g_test_add_func ("/grid/layers", test_grid_layers);
  g_test_add_func ("/board/friendly", test_friendly);
  return g_test_run ();
}
