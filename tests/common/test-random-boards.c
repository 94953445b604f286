/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The random boards other tests rely on are valid tables and repeatable. */
#include "spk-table-file.h"
#include "spk-test-board.h"

static void
test_valid_and_repeatable (void)
{
  for (guint32 seed = 1; seed <= 200; seed++)
    {
      SpkTestBoardSpec spec = { 2 + seed % 3, 60 + (seed % 7) * 50, 5 + seed % 40,
                                seed % 10, seed % 6, (seed % 5) * 0.05, seed % 2, seed % 3 == 0 };
      g_autoptr(SpkBoard) a = spk_test_board_random (seed, &spec);
      g_autoptr(SpkBoard) b = spk_test_board_random (seed, &spec);
      g_autofree char *text = spk_table_file_to_data (a, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkBoard) back = spk_table_file_parse (text, -1, &error);

      g_assert_true (spk_board_equal (a, b));
      if (error != NULL)
        g_test_message ("seed %u: %s", seed, error->message);
      g_assert_no_error (error);
      g_assert_true (spk_board_equal (a, back));
    }
}

static void
test_bench_size (void)
{
  SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
  g_autoptr(SpkBoard) board = spk_test_board_random (42, &spec);
  guint units = 0;

  for (guint i = 0; i < board->chips->len; i++)
    if (spk_chip_is_unit (g_ptr_array_index (board->chips, i)))
      units++;
  g_assert_cmpuint (units, ==, 60);
  g_assert_cmpuint (board->factions->len, ==, 4);
  g_assert_cmpuint (board->hexes->len, >=, 350);
  g_assert_cmpuint (board->hexes->len, <=, 460);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/random-boards/valid-and-repeatable", test_valid_and_repeatable);
  g_test_add_func ("/random-boards/bench-size", test_bench_size);
  return g_test_run ();
}
