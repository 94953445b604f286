/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Dry runs (spk_table_begin_dry_run): an action answers as it would, with
 * the same error, and records and changes nothing. */
#include "config.h"

#include "spk-table.h"
#include "spk-test-table.h"

static void
test_dry_run_answers_without_change (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autofree char *after = NULL;
  guint64 sequence = spk_table_get_sequence (t);

  spk_table_begin_dry_run (t);
  g_assert_true (spk_table_get_dry_run (t));
  /* Allowed: TRUE, yet nothing happens. */
  g_assert_true (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_no_error (error);
  /* Refused: the very error the real action gives. */
  g_assert_false (spk_table_set_faction_name (t, "brawnen", "Grovetenders", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  /* The table file's own validation is part of the answer. */
  g_assert_false (spk_table_set_source (t, "brawnen", -1, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  spk_table_end_dry_run (t);
  g_assert_false (spk_table_get_dry_run (t));

  after = spk_table_to_data (t, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (spk_table_get_sequence (t), ==, sequence);
  g_assert_false (spk_table_can_undo (t));

  /* Out of the dry run the same action is taken. */
  g_assert_true (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "brawnen")->source, ==, 7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dry-run/answers-without-change", test_dry_run_answers_without_change);
  return g_test_run ();
}
