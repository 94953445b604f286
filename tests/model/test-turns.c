/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkTable: player turns in the Onslaught Phase, the moved mark of units,
 * and undo grouped per turn. Rows cite the rulebook (RB) or the Rules
 * Reference (RR) entry they rest on; docs/rulings.md ("## Turns") lists
 * the choices made. */
#include "config.h"

#include <string.h>

#include "spk-movement.h"
#include "spk-table-file.h"
#include "spk-table-private.h"
#include "spk-test-table.h"

static void
place (SpkTable *t, const char *id, const char *faction, int q)
{
  g_autoptr(SpkChip) c = spk_test_chip (id, SPK_CHIP_MINION, faction, id);
  g_autoptr(GError) error = NULL;

  c->placed = TRUE;
  c->q = q;
  c->r = 0;
  c->movement = 1;
  c->health = c->max_health = 2;
  g_assert_true (spk_table_place_chip (t, c, &error));
  g_assert_no_error (error);
}

/* The walkthrough table in wave 1's Onslaught Phase with two minions a
 * side on the path. */
static SpkTable *
onslaught_table (void)
{
  SpkTable *t = spk_table_new (spk_test_table_walkthrough_board ());

  place (t, "b1", "brawnen", -5);
  place (t, "b2", "brawnen", -3);
  place (t, "g1", "grovetenders", 5);
  place (t, "g2", "grovetenders", 3);
  while (spk_table_get_phase (t) != SPK_PHASE_ONSLAUGHT)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
  return t;
}

static gboolean
moved (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id)->moved;
}

static void
move (SpkTable *t, const char *id, int q)
{
  g_autoptr(GError) error = NULL;

  gboolean done = spk_table_move_unit (t, id, q, 0, &error);

  g_assert_no_error (error);
  g_assert_true (done);
}

static void
end_turn (SpkTable *t)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_end_turn (t, &error));
  g_assert_no_error (error);
}

/* RB Onslaught Phase: each minion moves once per turn ("not yet moved this
 * turn" picks the leading minion), so a movement marks the unit and the
 * engine then answers already-moved; an editing move does not mark it. */
static void
test_move_marks_unit (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkMoveResult) result = NULL;
  g_autoptr(GPtrArray) tiers = NULL;
  SpkMovement *movement;

  g_assert_false (moved (t, "b1"));
  move (t, "b1", -4);
  g_assert_true (moved (t, "b1"));
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (t), "b1")->q, ==, -4);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "b1 moved (-5, 0) → (-4, 0)");

  /* Twice in one turn is refused and changes nothing. */
  g_assert_false (spk_table_move_unit (t, "b1", -5, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (t), "b1")->q, ==, -4);

  /* Landmarks do not move. */
  g_assert_false (spk_table_move_unit (t, "center", 0, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);

  /* Moving a chip by hand (correcting the table) leaves the mark alone. */
  g_assert_true (spk_table_move_chip (t, "b2", -2, 0, &error));
  g_assert_no_error (error);
  g_assert_false (moved (t, "b2"));

  movement = spk_movement_new (spk_table_get_board (t), NULL);
  result = spk_movement_query (movement, "b1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (result->rule, ==, SPK_MOVE_RULE_ALREADY_MOVED);
  g_assert_cmpuint (result->destinations->len, ==, 0);
  /* The leading-minion order leaves the moved one out: only b2 is left. */
  tiers = spk_movement_order (movement, "brawnen", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tiers->len, ==, 1);
  g_assert_cmpuint (((SpkOrderTier *) g_ptr_array_index (tiers, 0))->chips->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (((SpkOrderTier *) g_ptr_array_index (tiers, 0))->chips, 0), ==, "b2");
  spk_movement_free (movement);

  /* M-15: a minion that can make progress may not stay... */
  end_turn (t);
  g_assert_false (spk_table_move_unit (t, "g2", 3, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION);
  g_assert_cmpstr (error->message, ==, "g2 must move this turn; it may end on (2, 0)");
  g_clear_error (&error);
  g_assert_false (moved (t, "g2"));
  /* ... nor go backwards ... */
  g_assert_false (spk_table_move_unit (t, "g2", 4, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION);
  g_assert_cmpstr (error->message, ==, "g2 cannot move to (4, 0); it may end on (2, 0)");
  g_clear_error (&error);
  /* ... while one that is blocked stays, and staying is its movement. */
  g_assert_true (spk_table_move_chip (t, "b2", 2, 0, &error));
  move (t, "g2", 3);
  g_assert_true (moved (t, "g2"));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "g2 stays at (3, 0)");
}

/* RB Onslaught Phase: the first player takes the first turn, then the
 * others in turn order (the order of the factions), round after round. */
static void
test_end_turn_passes (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter counter;

  /* No turns before the Onslaught Phase. */
  g_assert_null (spk_table_get_turn (t));
  g_assert_false (spk_table_end_turn (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_object (&t);

  t = onslaught_table ();
  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
  move (t, "b1", -4);
  move (t, "b2", -2);

  spk_notify_counter_start (&counter, t, "turn");
  end_turn (t);
  g_assert_cmpuint (spk_notify_counter_stop (&counter), ==, 1);
  g_assert_cmpstr (spk_table_get_turn (t), ==, "grovetenders");
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Brawnen: end of turn; Grovetenders to play");
  g_assert_false (moved (t, "b1"));
  g_assert_false (moved (t, "b2"));

  move (t, "g1", 4);
  /* Only the ending faction's marks are cleared. A hand-set mark on a
   * brawnen unit survives the grovetenders' end of turn. */
  {
    g_autoptr(SpkChip) b2 = spk_chip_copy (spk_board_find_chip (spk_table_get_board (t), "b2"));

    b2->moved = TRUE;
    g_assert_true (spk_table_edit_chip (t, b2, &error));
    g_assert_no_error (error);
  }
  end_turn (t);
  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
  g_assert_false (moved (t, "g1"));
  g_assert_true (moved (t, "b2"));

  /* The turn is saved in the table file, and read back. */
  {
    g_autofree char *data = NULL;
    g_autoptr(SpkTable) back = NULL;

    end_turn (t);
    data = spk_table_to_table_data (t, NULL);
    g_assert_nonnull (strstr (data, "\"turn\" : \"grovetenders\""));
    back = spk_table_new_from_data (data, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (spk_table_get_turn (back), ==, "grovetenders");
  }

  /* The end of the wave clears every mark and the turn. */
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
  g_assert_null (spk_table_get_turn (t));
  g_assert_false (moved (t, "b2"));
  {
    g_autofree char *data = spk_table_to_table_data (t, NULL);

    g_assert_null (strstr (data, "\"turn\""));
  }
}

/* RB Fortress gate defeat: a faction whose gate fell keeps taking its
 * turns, so the turn is not passed over it. */
static void
test_fallen_gate_keeps_turns (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_set_gate_health (t, "grovetenders", 0, NULL, &error));
  g_assert_no_error (error);
  end_turn (t);
  g_assert_cmpstr (spk_table_get_turn (t), ==, "grovetenders");
  end_turn (t);
  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
}

/* A turn unknown to the table is refused when the file is read. */
static void
test_turn_in_file_checked (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autofree char *data = spk_table_to_table_data (t, NULL);
  g_autoptr(GString) bad = g_string_new (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) b = NULL;
  char *at = strstr (bad->str, "\"phase\"");

  g_assert_nonnull (at);
  g_string_insert (bad, at - bad->str, "\"turn\" : \"nobody\",\n  ");
  b = spk_table_file_parse (bad->str, (gssize) bad->len, &error);
  g_assert_null (b);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_UNKNOWN_REFERENCE);
}

static void
assert_table_data (SpkTable *t, const char *expected)
{
  g_autofree char *data = spk_table_to_table_data (t, NULL);

  g_assert_cmpstr (data, ==, expected);
}

/* Issue 5: undo and redo are grouped per player turn. A finished turn,
 * up to and including its end, is undone and redone whole; in a turn
 * still being played undo takes one step, so a slip costs one step. */
static void
test_undo_per_turn (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *ended = NULL;
  g_autofree char *second = NULL;
  guint length = spk_table_get_history_length (t);

  move (t, "b1", -4);
  move (t, "b2", -2);
  end_turn (t);
  ended = spk_table_to_table_data (t, NULL);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length + 3);

  /* What Undo would take back says so: the end of turn and both moves. */
  g_assert_cmpuint (spk_table_get_undo_steps (t), ==, 3);
  {
    g_autofree char *undo = spk_table_describe_undo (t);
    g_autofree char *expected = g_strdup_printf ("%s, with 2 earlier steps of the turn",
                                                 spk_table_get_undo_label (t));

    g_assert_cmpstr (undo, ==, expected);
  }

  /* One undo takes the whole turn back. */
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, length);
  assert_table_data (t, start);
  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
  g_assert_false (moved (t, "b1"));
  {
    g_autofree char *redo = spk_table_describe_redo (t);
    g_autofree char *expected = g_strdup_printf ("%s, with 2 more steps of the turn",
                                                 spk_table_get_redo_label (t));

    g_assert_cmpstr (redo, ==, expected);
  }

  /* One redo replays it. */
  g_assert_true (spk_table_redo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, length + 3);
  assert_table_data (t, ended);

  /* Mid-turn, undo and redo go step by step. */
  move (t, "g1", 4);
  move (t, "g2", 2);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, length + 4);
  g_assert_true (moved (t, "g1"));
  g_assert_false (moved (t, "g2"));
  /* Mid-turn, the description is the one step. */
  g_assert_cmpuint (spk_table_get_undo_steps (t), ==, 1);
  {
    g_autofree char *undo = spk_table_describe_undo (t);

    g_assert_cmpstr (undo, ==, spk_table_get_undo_label (t));
  }
  g_assert_true (spk_table_redo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, length + 5);
  g_assert_true (moved (t, "g2"));

  /* Ended, the grovetenders' turn goes back whole and stops at the
   * brawnen's end of turn. */
  end_turn (t);
  second = spk_table_to_table_data (t, NULL);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, length + 3);
  assert_table_data (t, ended);
  g_assert_true (spk_table_redo (t, &error));
  g_assert_no_error (error);
  assert_table_data (t, second);

  /* The turns are read from the history, so this holds after reopening. */
  {
    g_autofree char *saved = spk_table_to_data (t, NULL);
    g_autoptr(SpkTable) back = spk_table_new_from_data (saved, -1, &error);

    g_assert_no_error (error);
    g_assert_true (spk_table_undo (back, &error));
    g_assert_no_error (error);
    assert_table_data (back, ended);
    g_assert_true (spk_table_undo (back, &error));
    g_assert_no_error (error);
    assert_table_data (back, start);
  }

  /* Leaving the Onslaught Phase also changes the turn, but it ends no
   * turn: undoing it takes that one step. */
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_no_error (error);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  assert_table_data (t, second);
}

/* "Ends a turn" is recorded with the step from the boards before and
 * after; a step read from a file gets it from its patch. Both agree. */
static void
test_ends_turn_recorded (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autoptr(GError) error = NULL;
  SpkHistory *h = spk_table_get_history (t);
  guint ends = 0;

  move (t, "b1", -4);
  end_turn (t);
  move (t, "g1", 4);
  end_turn (t);
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < spk_history_get_length (h); i++)
    {
      JsonNode *changes = spk_log_entry_get_changes (spk_history_get_step (h, i));

      g_assert_cmpint (spk_history_get_ends_turn (h, i), ==, spk_history_patch_ends_turn (changes));
      ends += spk_history_get_ends_turn (h, i);
    }
  g_assert_cmpuint (ends, ==, 2);
}

/* Outside the Onslaught Phase steps stay one group each. */
static void
test_no_turn_groups_elsewhere (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  guint position;

  g_assert_true (spk_table_set_source (t, "brawnen", 3, NULL, &error));
  g_assert_true (spk_table_set_source (t, "brawnen", 4, NULL, &error));
  position = spk_table_get_history_position (t);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (t), ==, position - 1);
}

/* R-turns-5: during a turn only the faction whose turn it is moves its
 * units; moving another faction's unit as table editing stays possible. */
static void
test_only_turn_faction_moves (void)
{
  g_autoptr(SpkTable) t = onslaught_table ();
  g_autoptr(GError) error = NULL;
  guint length = spk_table_get_history_length (t);

  g_assert_cmpstr (spk_table_get_turn (t), ==, "brawnen");
  g_assert_false (spk_table_move_unit (t, "g1", 4, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_assert_nonnull (strstr (error->message, "end the turn first"));
  g_clear_error (&error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length);
  g_assert_false (moved (t, "g1"));

  /* Editing the table is not a movement. */
  g_assert_true (spk_table_move_chip (t, "g1", 4, 0, &error));
  g_assert_no_error (error);
  g_assert_false (moved (t, "g1"));

  /* Its turn come, it moves: blocked behind g2, it stays (M-15). */
  end_turn (t);
  g_assert_false (spk_table_move_unit (t, "g1", 5, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION);
  g_assert_nonnull (strstr (error->message, "g1 cannot move to (5, 0); it has nowhere to go this turn."));
  g_clear_error (&error);
  move (t, "g1", 4);
  g_assert_true (moved (t, "g1"));
}

/* Steps taken as one outside a turn (a paint stroke) are described as
 * such, not as a turn. */
static void
test_group_described (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autofree char *undo = NULL;
  g_autofree char *expected = NULL;

  spk_table_begin_group (t);
  g_assert_true (spk_table_set_source (t, "brawnen", 3, NULL, NULL));
  g_assert_true (spk_table_set_source (t, "brawnen", 4, NULL, NULL));
  g_assert_true (spk_table_set_source (t, "brawnen", 5, NULL, NULL));
  spk_table_end_group (t);
  g_assert_cmpuint (spk_table_get_undo_steps (t), ==, 3);
  undo = spk_table_describe_undo (t);
  expected = g_strdup_printf ("%s, with 2 earlier steps", spk_table_get_undo_label (t));
  g_assert_cmpstr (undo, ==, expected);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/turns/move-marks-unit", test_move_marks_unit);
  g_test_add_func ("/turns/end-turn-passes", test_end_turn_passes);
  g_test_add_func ("/turns/fallen-gate-keeps-turns", test_fallen_gate_keeps_turns);
  g_test_add_func ("/turns/turn-in-file-checked", test_turn_in_file_checked);
  g_test_add_func ("/turns/undo-per-turn", test_undo_per_turn);
  g_test_add_func ("/turns/ends-turn-recorded", test_ends_turn_recorded);
  g_test_add_func ("/turns/only-turn-faction-moves", test_only_turn_faction_moves);
  g_test_add_func ("/turns/group-described", test_group_described);
  g_test_add_func ("/turns/no-turn-groups-elsewhere", test_no_turn_groups_elsewhere);
  return g_test_run ();
}
