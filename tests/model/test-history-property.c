/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Property: whatever sequence of actions is applied to a table, undoing
 * them all gives back the starting file byte for byte, and redoing them all
 * gives back the final one, also after a save and reload in between. A
 * refused action leaves the table exactly as it was. */
#include "config.h"

#include "spk-test-board.h"
#include "spk-test-table.h"

#define SEEDS   24
#define ACTIONS 80

static void
check_seed (guint32 seed)
{
  SpkTestBoardSpec spec = { 2 + (int) (seed % 3), 40, 8, 3, 4, 0.1, FALSE, seed % 2 == 0 };
  g_autoptr(SpkTable) t = spk_table_new (spk_test_board_random (seed, &spec));
  g_autoptr(GRand) r = g_rand_new_with_seed (seed * 7919u + 1);
  g_autoptr(SpkTable) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *end = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *back = NULL;
  g_autofree char *again = NULL;
  int depth = 0;

  for (guint i = 0; i < ACTIONS; i++)
    {
      guint x = (guint) g_rand_int_range (r, 0, 10);

      if (x == 0)
        {
          spk_table_begin_group (t);
          depth++;
        }
      else if (x == 1 && depth > 0)
        {
          spk_table_end_group (t);
          depth--;
        }
      spk_test_table_random_action (t, r, i);
    }
  while (depth-- > 0)
    spk_table_end_group (t);
  end = spk_table_to_table_data (t, NULL);
  g_test_message ("%u steps recorded", spk_table_get_history_length (t));
  g_assert_cmpuint (spk_table_get_history_length (t), >=, ACTIONS / 4);

  /* Half the seeds continue from a reloaded copy of the file. */
  if (seed % 2 == 1)
    {
      saved = spk_table_to_data (t, NULL);
      reloaded = spk_table_new_from_data (saved, -1, &error);
      g_assert_no_error (error);
      g_object_unref (t);
      t = g_steal_pointer (&reloaded);
    }
  while (spk_table_can_undo (t))
    {
      g_assert_true (spk_table_undo (t, &error));
      g_assert_no_error (error);
    }
  back = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (back, ==, start);
  while (spk_table_can_redo (t))
    {
      g_assert_true (spk_table_redo (t, &error));
      g_assert_no_error (error);
    }
  again = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (again, ==, end);
}

static void
test_undo_redo_property (void)
{
  for (guint32 seed = 1; seed <= SEEDS; seed++)
    {
      g_test_message ("seed %u", seed);
      check_seed (seed);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/undo-redo-property", test_undo_redo_property);
  return g_test_run ();
}
