/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkMovementWalk on the demo table, without widgets: a walk to its end
 * with the player's picks, a tie (RR Leading Minion: equally close
 * minions, the player chooses), a displacement asked and answered (M-12),
 * answers the table refuses with its typed errors, and undo in the middle
 * of a walk. */
#include "config.h"

#include "spk-movement-walk.h"
#include "spk-test-table.h"

typedef struct {
  SpkTable        *table;
  SpkMovementWalk *walk;
  GString         *moves;   /* "id q,r;" per "moved" signal */
} Fixture;

static void
on_moved (SpkMovementWalk *walk, const char *chip, int q, int r, Fixture *f)
{
  g_string_append_printf (f->moves, "%s %d,%d;", chip, q, r);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;

  f->table = spk_table_new_from_file (path, &error);
  g_assert_no_error (error);
  f->walk = spk_movement_walk_new (f->table);
  f->moves = g_string_new (NULL);
  g_signal_connect (f->walk, "moved", G_CALLBACK (on_moved), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_object_unref (f->walk);
  g_object_unref (f->table);
  g_string_free (f->moves, TRUE);
}

static gboolean
moved (SpkTable *table, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (table), id)->moved;
}

/* Outside the Onslaught Phase nobody has a turn: nothing to walk. */
static void
test_wrong_phase (Fixture *f, gconstpointer data)
{
  guint position = spk_table_get_history_position (f->table);
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_movement_walk_resolve (f->walk, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  g_assert_null (spk_movement_walk_get_status (f->walk));
}

/* Dispatch leads with two end hexes, Battleborn on its gate has a choice
 * too, then Mudlark, on top of the stack, has one end hex and goes by
 * itself. Dispatch must move: resolving again does not skip it. */
static void
test_walk_to_the_end (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter counter;
  guint position;

  spk_test_table_to_onslaught (f->table);
  g_assert_cmpstr (spk_table_get_turn (f->table), ==, "brawnen");
  position = spk_table_get_history_position (f->table);

  spk_notify_counter_start (&counter, f->walk, "question");
  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_notify_counter_stop (&counter), ==, 1);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_DESTINATION);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "dispatch");
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==, "Choose where Dispatch goes");
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);

  g_assert_false (spk_movement_walk_resolve (f->walk, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION);
  g_clear_error (&error);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "dispatch");

  /* A hex the rules do not offer: the table's own refusal, and the walk
   * still waits on Dispatch. */
  g_assert_false (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (-3, 1), &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION);
  g_clear_error (&error);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "dispatch");
  g_assert_cmpstr (f->moves->str, ==, "");

  g_assert_true (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (0, 0), &error));
  g_assert_no_error (error);
  spk_test_assert_at (f->table, "dispatch", 0, 0);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "battleborn");
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==, "Choose where Battleborn goes");

  g_assert_true (spk_movement_walk_move (f->walk, "battleborn", spk_hex_make (-5, 0), &error));
  g_assert_no_error (error);
  spk_test_assert_at (f->table, "battleborn", -5, 0);
  spk_test_assert_at (f->table, "mudlark", -6, 0);
  g_assert_true (moved (f->table, "dispatch"));
  g_assert_true (moved (f->table, "battleborn"));
  g_assert_true (moved (f->table, "mudlark"));
  g_assert_cmpstr (f->moves->str, ==, "dispatch 0,0;battleborn -5,0;");
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  g_assert_null (spk_movement_walk_get_minion (f->walk));
  g_assert_cmpuint (spk_movement_walk_get_moved (f->walk), ==, 3);
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==,
                   "Movement resolved: 3 minions moved, 2 of them by your choice");
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 3);

  /* Nobody is left to move this turn. */
  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 3);
  g_assert_cmpuint (spk_movement_walk_get_moved (f->walk), ==, 0);
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==, "Movement resolved: no minion moved");
}

/* Dispatch and Battleborn equally close: the walk asks, refuses a pick
 * outside the tie, and goes on from the player's pick. */
static void
test_tie (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *tie;
  GArray *hexes;
  guint position;

  g_assert_true (spk_table_move_chip (f->table, "battleborn", -3, 1, &error));
  g_assert_no_error (error);
  spk_test_table_to_onslaught (f->table);
  g_assert_cmpstr (spk_table_get_turn (f->table), ==, "brawnen");
  position = spk_table_get_history_position (f->table);

  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_TIE);
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==,
                   "Dispatch and Battleborn are equally close to the mark, so you choose which moves first: "
                   "click one of the lit minions or pick it below.");
  tie = spk_movement_walk_get_tie (f->walk);
  hexes = spk_movement_walk_get_tie_hexes (f->walk);
  g_assert_cmpuint (tie->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (tie, 0), ==, "dispatch");
  g_assert_cmpstr (g_ptr_array_index (tie, 1), ==, "battleborn");
  g_assert_true (spk_hex_equal (g_array_index (hexes, SpkHex, 0), spk_hex_make (-3, 0)));
  g_assert_true (spk_hex_equal (g_array_index (hexes, SpkHex, 1), spk_hex_make (-3, 1)));
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);

  /* Resolving again asks again; it never picks for the player. */
  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_TIE);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);

  g_assert_false (spk_movement_walk_answer_tie (f->walk, "mudlark", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_TIE);

  /* Battleborn first, as far as it must; Dispatch behind it then has one
   * end hex, and Mudlark leaves the stack. */
  g_assert_true (spk_movement_walk_answer_tie (f->walk, "battleborn", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 3);
  g_assert_cmpstr (spk_log_entry_get_label (spk_table_get_step (f->table, position)), ==,
                   "Battleborn moved (-3, 1) → (-1, 0)");
  g_assert_cmpstr (spk_log_entry_get_label (spk_table_get_step (f->table, position + 1)), ==,
                   "Dispatch moved (-3, 0) → (-2, 0)");
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==, "Movement resolved: 3 minions moved by themselves");
  g_assert_null (spk_movement_walk_get_tie (f->walk));
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  /* No move was the player's own. */
  g_assert_cmpstr (f->moves->str, ==, "");
}

/* An Incorporeal Dispatch passes the War Briar and ends on Tallow, who
 * cannot take the Briar's hex: the move asks where Tallow goes. */
static void
test_displacement (Fixture *f, gconstpointer data)
{
  static const SpkHex offer[] = { { 0, 0 }, { 0, -1 }, { -2, 1 }, { -1, 1 } };
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter counter;
  GArray *hexes;
  guint position;

  spk_test_table_ghost_dispatch (f->table);
  position = spk_table_get_history_position (f->table);

  g_assert_true (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (-1, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_DISPLACEMENT);
  g_assert_cmpstr (spk_movement_walk_get_displacement_question (f->walk), ==,
                   "Tallow Ironside makes way for Dispatch at (-1, 0) but cannot go to (-2, 0); "
                   "choose where it goes: (0, 0), (0, -1), (-2, 1), (-1, 1)");
  g_assert_cmpstr (spk_movement_walk_get_displaced_hero (f->walk), ==, "tallow");
  hexes = spk_movement_walk_get_displacement_offer (f->walk);
  g_assert_cmpuint (hexes->len, ==, G_N_ELEMENTS (offer));
  for (guint i = 0; i < G_N_ELEMENTS (offer); i++)
    g_assert_true (spk_hex_equal (g_array_index (hexes, SpkHex, i), offer[i]));
  g_assert_cmpstr (f->moves->str, ==, "");

  /* A hex not on offer: the table refuses it, and the move is dropped. */
  spk_notify_counter_start (&counter, f->walk, "question");
  g_assert_false (spk_movement_walk_answer_displacement (f->walk, spk_hex_make (-3, 0), &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (spk_notify_counter_stop (&counter), ==, 1);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  g_assert_null (spk_movement_walk_get_displacement_question (f->walk));
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);
  /* With no question, an answer is refused too. */
  g_assert_false (spk_movement_walk_answer_displacement (f->walk, spk_hex_make (0, -1), &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);

  /* Asked again, cancelled, asked again and answered. */
  g_assert_true (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (-1, 0), &error));
  spk_movement_walk_cancel_displacement (f->walk);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  g_assert_true (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (-1, 0), &error));
  g_assert_true (spk_movement_walk_answer_displacement (f->walk, spk_hex_make (0, -1), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 1);
  spk_test_assert_at (f->table, "dispatch", -1, 0);
  spk_test_assert_at (f->table, "tallow", 0, -1);
  spk_test_assert_at (f->table, "war-briar", -2, 0);
  g_assert_cmpstr (f->moves->str, ==, "dispatch -1,0;");
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
}

/* The walk reaches Dispatch, whose one move needs the answer: it asks the
 * same question, and the answer makes the move and walks on. */
static void
test_displacement_in_walk (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  spk_test_table_ghost_dispatch (f->table);
  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_DISPLACEMENT);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "dispatch");
  g_assert_cmpstr (spk_movement_walk_get_status (f->walk), ==,
                   spk_movement_walk_get_displacement_question (f->walk));
  g_assert_true (g_str_has_prefix (spk_movement_walk_get_status (f->walk),
                                   "Tallow Ironside makes way for Dispatch at (-1, 0)"));
  spk_test_assert_at (f->table, "dispatch", -3, 0);

  g_assert_true (spk_movement_walk_answer_displacement (f->walk, spk_hex_make (0, 0), &error));
  g_assert_no_error (error);
  spk_test_assert_at (f->table, "dispatch", -1, 0);
  spk_test_assert_at (f->table, "tallow", 0, 0);
  g_assert_true (moved (f->table, "dispatch"));
  g_assert_null (spk_movement_walk_get_displacement_question (f->walk));
  g_assert_cmpstr (f->moves->str, ==, "dispatch -1,0;");
  /* The walk went on past Dispatch. */
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), !=, "dispatch");
}

/* An undo in the middle takes back a move the walk counted on: the walk
 * ends, and a new one starts from the table as it is. */
static void
test_undo_in_the_middle (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter counter;

  spk_test_table_to_onslaught (f->table);
  g_assert_cmpstr (spk_table_get_turn (f->table), ==, "brawnen");
  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_true (spk_movement_walk_move (f->walk, "dispatch", spk_hex_make (0, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "battleborn");

  spk_notify_counter_start (&counter, f->walk, "question");
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_notify_counter_stop (&counter), ==, 1);
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
  g_assert_null (spk_movement_walk_get_minion (f->walk));
  spk_test_assert_at (f->table, "dispatch", -3, 0);
  g_assert_false (moved (f->table, "dispatch"));

  g_assert_true (spk_movement_walk_resolve (f->walk, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_movement_walk_get_minion (f->walk), ==, "dispatch");
  /* A redo also ends it. */
  g_assert_true (spk_table_redo (f->table, &error));
  g_assert_null (spk_movement_walk_get_minion (f->walk));
  g_assert_cmpint (spk_movement_walk_get_question (f->walk), ==, SPK_WALK_QUESTION_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, func) g_test_add ("/movement-walk/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("wrong-phase", test_wrong_phase);
  ADD ("to-the-end", test_walk_to_the_end);
  ADD ("tie", test_tie);
  ADD ("displacement", test_displacement);
  ADD ("displacement-in-walk", test_displacement_in_walk);
  ADD ("undo-in-the-middle", test_undo_in_the_middle);
  return g_test_run ();
}
