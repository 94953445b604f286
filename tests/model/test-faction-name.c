/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Renaming a faction (spk_table_set_faction_name): one labelled, undoable
 * step that changes the name only; empty and taken names refused. */
#include "config.h"

#include "spk-table.h"
#include "spk-test-table.h"

static void
test_rename_and_undo (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  const SpkFaction *f;
  guint position = spk_table_get_history_position (t);

  g_assert_true (spk_table_set_faction_name (t, "brawnen", "  Red Host ", &error));
  g_assert_no_error (error);
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpstr (f->name, ==, "Red Host");
  g_assert_cmpstr (f->mark, ==, "grovetenders");
  g_assert_cmpuint (spk_table_get_history_position (t), ==, position + 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Brawnen renamed Red Host");

  /* The same name again changes nothing and records nothing. */
  g_assert_true (spk_table_set_faction_name (t, "brawnen", "Red Host", &error));
  g_assert_cmpuint (spk_table_get_history_position (t), ==, position + 1);

  g_assert_true (spk_table_undo (t, &error));
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpstr (f->name, ==, "Brawnen");
  g_assert_true (spk_table_redo (t, &error));
  f = spk_board_find_faction (spk_table_get_board (t), "brawnen");
  g_assert_cmpstr (f->name, ==, "Red Host");
}

static void
test_refused (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  guint position = spk_table_get_history_position (t);
  struct { const char *faction, *name; int code; const char *message; } rows[] = {
    { "brawnen", "   ", SPK_TABLE_ACTION_ERROR_INVALID, "Type a name for the faction" },
    { "brawnen", NULL, SPK_TABLE_ACTION_ERROR_INVALID, "Type a name for the faction" },
    /* Two factions of one name could not be told apart in the tracker. */
    { "brawnen", "GROVETENDERS", SPK_TABLE_ACTION_ERROR_INVALID,
      "Another faction has that name; choose a different one" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (spk_table_set_faction_name (t, rows[i].faction, rows[i].name, &error));
      g_assert_error (error, SPK_TABLE_ACTION_ERROR, rows[i].code);
      g_assert_cmpstr (error->message, ==, rows[i].message);
    }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (spk_table_set_faction_name (t, "nobody", "Heirs", &error));
    g_assert_nonnull (error);
  }
  g_assert_cmpuint (spk_table_get_history_position (t), ==, position);
  g_assert_cmpstr (spk_board_find_faction (spk_table_get_board (t), "brawnen")->name, ==, "Brawnen");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/faction-name/rename-and-undo", test_rename_and_undo);
  g_test_add_func ("/faction-name/refused", test_refused);
  return g_test_run ();
}
