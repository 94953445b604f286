/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The grid's answers for the app: whose deployment stack goes with a
 * selected hex (ruling R-stack-2 in docs/rulings.md). */
#include "config.h"

#include "spk-grid.h"
#include "spk-test-builder.h"

static void
test_stack_faction (void)
{
  SpkBoard *b = spk_tb_new (2);
  g_autoptr(SpkGrid) grid = NULL;
  SpkChip *landmark;

  spk_tb_faction (b, "red", "red", NULL);
  spk_tb_faction (b, "blue", "blue", NULL);
  spk_tb_hexes (b, "isle", 0, "-1,0,p 0,0,p 1,0,p 0,1,l");
  spk_tb_fortress (b, "red", -2, 0, "-3,0");
  spk_tb_fortress (b, "blue", 2, 0, "3,0");
  spk_tb_chip (b, "r1", SPK_CHIP_MINION, "red", -1, 0, NULL);
  spk_tb_chip (b, "b1", SPK_CHIP_MINION, "blue", 1, 0, NULL);
  /* A blue unit standing on the red gate. */
  spk_tb_chip (b, "b2", SPK_CHIP_MINION, "blue", -2, 0, NULL);
  landmark = spk_tb_chip (b, "stones", SPK_CHIP_LANDMARK, NULL, 0, 1, NULL);
  g_assert_null (landmark->faction);
  grid = spk_grid_new (b);

  /* R-stack-2, row by row: the chip's faction first... */
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (-1, 0), "blue"), ==, "red");
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (1, 0), "red"), ==, "blue");
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (-2, 0), "red"), ==, "blue");
  /* ... then the fortress of a gate or well with no chip... */
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (2, 0), "red"), ==, "blue");
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (-3, 0), "blue"), ==, "red");
  /* ... else the fallback: a landmark, bare ground, sky. */
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (0, 1), "blue"), ==, "blue");
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (0, 0), "red"), ==, "red");
  g_assert_cmpstr (spk_grid_stack_faction (grid, spk_hex_make (9, 9), "blue"), ==, "blue");
  g_assert_null (spk_grid_stack_faction (grid, spk_hex_make (0, 0), NULL));
  g_assert_null (spk_grid_stack_faction (NULL, spk_hex_make (0, 0), NULL));

  g_clear_pointer (&grid, spk_grid_free);
  spk_board_free (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/grid/stack-faction", test_stack_faction);
  return g_test_run ();
}
