/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Campfire mode and the end of the wave, noticed by the table itself:
 * rulings W-1 to W-4 in docs/rulings.md, resting on RR Campfire Mode, RR
 * Inactive, RR Wave, RR Turn and RR Defeat. */
#include "config.h"

#include <string.h>

#include "spk-answer-text.h"
#include "spk-log-markdown.h"
#include "spk-table-file.h"
#include "spk-test-table.h"

static SpkChip *
unit (SpkBoard *b, const char *id, SpkChipKind kind, const char *faction, const char *name, int q, int r)
{
  SpkChip *c = spk_test_chip (id, kind, faction, name);

  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->movement = 2;
  c->health = c->max_health = 2;
  g_ptr_array_add (b->chips, c);
  return c;
}

/* Wave 2, Onslaught Phase, Brawnen to play: Awsh (Brawnen's hero) at
 * (-3,0); the grovetenders' Treed at (2,0) and Dywen at (3,0). */
static SpkBoard *
onslaught_board (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();

  b->wave = 2;
  g_free (b->phase);
  b->phase = g_strdup ("onslaught");
  unit (b, "awsh", SPK_CHIP_HERO, "brawnen", "Awsh", -3, 0);
  unit (b, "treed", SPK_CHIP_MINION, "grovetenders", "Treed", 2, 0);
  unit (b, "dywen", SPK_CHIP_HERO, "grovetenders", "Dywen", 3, 0);
  return b;
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id);
}

#define DO(call) G_STMT_START { g_autoptr(GError) error = NULL; \
  g_assert_true (call); g_assert_no_error (error); } G_STMT_END

/* W-2: while Brawnen still has Awsh in play nothing happens; once Awsh is
 * gone, the next start of a turn puts Dywen into campfire mode, in the
 * end-of-turn step and its label; undo takes it back with the turn. */
static void
test_campfire_at_turn_start (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());

  DO (spk_table_end_turn (t, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Brawnen: end of turn; Grovetenders to play");
  g_assert_true (chip (t, "dywen")->active);

  DO (spk_table_defeat_chip (t, "awsh", "grovetenders", &error));
  g_assert_true (chip (t, "dywen")->active);
  DO (spk_table_end_turn (t, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: end of turn; Brawnen to play — "
                   "campfire mode: Dywen inactive for the rest of the wave");
  g_assert_false (chip (t, "dywen")->active);
  g_assert_true (chip (t, "treed")->active);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);

  /* Already in campfire mode: the next turn changes nothing more. */
  DO (spk_table_end_turn (t, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Brawnen: end of turn; Grovetenders to play");

  DO (spk_table_undo (t, &error));
  DO (spk_table_undo (t, &error));
  g_assert_true (chip (t, "dywen")->active);
}

/* W-2: the Onslaught Phase begins with only the grovetenders' units in
 * play (a stack on their gate, Dywen on the board): Dywen is inactive from
 * the first turn. */
static void
test_campfire_when_onslaught_begins (void)
{
  g_autoptr(SpkBoard) b = spk_test_table_walkthrough_board ();
  g_autoptr(SpkTable) t = NULL;
  SpkDeployment *stack = spk_deployment_new ("grovetenders");
  SpkChip *treed;

  b->wave = 2;
  g_free (b->phase);
  b->phase = g_strdup ("prep");
  unit (b, "dywen", SPK_CHIP_HERO, "grovetenders", "Dywen", 3, 0);
  treed = unit (b, "treed", SPK_CHIP_MINION, "grovetenders", "Treed", 0, 0);
  treed->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("treed"));
  g_ptr_array_add (b->deployment, stack);
  t = spk_table_new (g_steal_pointer (&b));

  DO (spk_table_advance_phase (t, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);
  g_assert_false (chip (t, "dywen")->active);
  g_assert_true (g_str_has_suffix (spk_table_get_undo_label (t),
                                   "campfire mode: Dywen inactive for the rest of the wave"));
}

/* W-3, W-4: defeating the last faction minion moves the phase on to End of
 * wave in the same step; heroes stay where they stand and leave campfire
 * mode. One undo brings back the minion and the Onslaught. */
static void
test_last_minion_ends_wave (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  guint steps;

  DO (spk_table_defeat_chip (t, "awsh", "grovetenders", &error));
  DO (spk_table_end_turn (t, &error));
  DO (spk_table_end_turn (t, &error));
  g_assert_false (chip (t, "dywen")->active);
  steps = spk_table_get_history_length (t);

  DO (spk_table_damage_chip (t, "treed", 2, NULL, &error));
  g_assert_cmpuint (spk_table_get_history_length (t), ==, steps + 1);
  g_assert_null (chip (t, "treed"));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
  g_assert_cmpint (spk_table_get_wave (t), ==, 2);
  g_assert_null (spk_table_get_turn (t));
  g_assert_true (chip (t, "dywen")->active);
  g_assert_true (chip (t, "dywen")->placed);
  g_assert_cmpint (chip (t, "dywen")->q, ==, 3);
  g_assert_cmpstr (spk_table_get_first_player (t), ==, "grovetenders");
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "2 damage: Treed defeated; no faction minion is left in play: Wave 2: End of wave — "
                   "campfire mode over: Dywen active again; Limited build options are available again; "
                   "First player: Grovetenders");

  DO (spk_table_undo (t, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);
  g_assert_nonnull (chip (t, "treed"));
  g_assert_false (chip (t, "dywen")->active);
}

/* W-3: any Onslaught action that leaves no faction minion ends the wave (a
 * chip taken off the table by hand here); minions waiting in a deployment
 * stack keep it going; an Onslaught that starts with no minion at all
 * waits for Next Phase. */
static void
test_what_ends_the_wave (void)
{
  g_autoptr(SpkBoard) b = onslaught_board ();
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(SpkTable) empty = NULL;
  SpkDeployment *stack = spk_deployment_new ("brawnen");
  SpkChip *dispatch = unit (b, "dispatch", SPK_CHIP_MINION, "brawnen", "Dispatch", 0, 0);

  dispatch->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("dispatch"));
  g_ptr_array_add (b->deployment, stack);
  t = spk_table_new (spk_board_copy (b));
  DO (spk_table_remove_chip (t, "treed", NULL, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);
  DO (spk_table_remove_chip (t, "dispatch", NULL, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);

  g_ptr_array_set_size (stack->stack, 0);
  g_ptr_array_remove_index (b->chips, (guint) spk_board_chip_index (b, "dispatch"));
  g_ptr_array_remove_index (b->chips, (guint) spk_board_chip_index (b, "treed"));
  empty = spk_table_new (g_steal_pointer (&b));
  DO (spk_table_end_turn (empty, &error));
  g_assert_cmpint (spk_table_get_phase (empty), ==, SPK_PHASE_ONSLAUGHT);
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* W-5: Brawnen and the grovetenders on one team, each with units in play.
 * By the errata (the default) the next turn puts both heroes into campfire
 * mode; played by the printed rule nobody goes, since two factions have
 * units. The change of reading is a step of its own with a label that
 * names it, undone like any other; the property notifies once. */
static void
test_campfire_printed_rule (void)
{
  g_autoptr(SpkBoard) b = onslaught_board ();
  g_autoptr(SpkTable) t = NULL;
  guint notified = 0;

  for (guint i = 0; i < b->factions->len; i++)
    ((SpkFaction *) g_ptr_array_index (b->factions, i))->team = g_strdup ("sky");
  t = spk_table_new (g_steal_pointer (&b));
  g_assert_cmpint (spk_table_get_campfire_rule (t), ==, SPK_CAMPFIRE_NO_OPPOSING);
  DO (spk_table_end_turn (t, &error));
  g_assert_false (chip (t, "awsh")->active);
  g_assert_false (chip (t, "dywen")->active);
  DO (spk_table_undo (t, &error));
  g_assert_true (chip (t, "awsh")->active);

  g_signal_connect (t, "notify::campfire-rule", G_CALLBACK (count_notify), &notified);
  DO (spk_table_set_campfire_rule (t, SPK_CAMPFIRE_ONE_FACTION, &error));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpint (spk_table_get_campfire_rule (t), ==, SPK_CAMPFIRE_ONE_FACTION);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Rule reading: campfire mode begins when only one faction has units in play (printed rule)");
  /* The same reading again changes nothing and records nothing. */
  DO (spk_table_set_campfire_rule (t, SPK_CAMPFIRE_ONE_FACTION, &error));
  g_assert_cmpuint (notified, ==, 1);
  DO (spk_table_end_turn (t, &error));
  g_assert_true (chip (t, "awsh")->active);
  g_assert_true (chip (t, "dywen")->active);

  /* Taken in Brawnen's turn, the change goes back with that turn. */
  DO (spk_table_undo (t, &error));
  g_assert_cmpint (spk_table_get_campfire_rule (t), ==, SPK_CAMPFIRE_NO_OPPOSING);
  g_assert_cmpuint (notified, ==, 2);
  DO (spk_table_set_campfire_rule (t, SPK_CAMPFIRE_ONE_FACTION, &error));
  DO (spk_table_set_campfire_rule (t, SPK_CAMPFIRE_NO_OPPOSING, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Rule reading: campfire mode begins when no opposing faction has units in play (errata, official)");
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (spk_table_set_campfire_rule (t, (SpkCampfireRule) 7, &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  }
}

/* W-5: the reading travels in the table file as `campfire_rule`, written
 * only when it is not the errata (old files keep their bytes); an unknown
 * reading is refused with a message that names the field and both
 * readings; answers and the exported log name a reading that is not the
 * official one. */
static void
test_campfire_rule_in_file_and_answers (void)
{
  g_autoptr(SpkTable) t = spk_table_new (onslaught_board ());
  g_autoptr(SpkTable) back = NULL;
  g_autoptr(GError) err = NULL;
  g_autofree char *official = spk_table_to_table_data (t, NULL);
  g_autofree char *plain = spk_rule_readings_text (spk_table_get_board (t));
  g_autofree char *data = NULL, *readings = NULL, *spire = NULL, *md = NULL, *bad = NULL;
  const char *want = "Reading in force: campfire mode begins when only one faction has units in play "
                     "(printed rule).\n";

  g_assert_null (strstr (official, "campfire_rule"));
  g_assert_cmpstr (plain, ==, "");
  DO (spk_table_set_campfire_rule (t, SPK_CAMPFIRE_ONE_FACTION, &error));
  data = spk_table_to_table_data (t, NULL);
  g_assert_nonnull (strstr (data, "\"campfire_rule\" : \"one-faction\""));
  back = spk_table_new_from_data (data, -1, &err);
  g_assert_no_error (err);
  g_assert_cmpint (spk_table_get_campfire_rule (back), ==, SPK_CAMPFIRE_ONE_FACTION);

  readings = spk_rule_readings_text (spk_table_get_board (t));
  g_assert_cmpstr (readings, ==, want);
  md = spk_log_to_markdown (t, NULL);
  g_assert_nonnull (strstr (md, want));

  {
    g_auto(GStrv) parts = g_strsplit (data, "\"one-faction\"", -1);

    bad = g_strjoinv ("\"printed\"", parts);
  }
  g_clear_object (&back);
  back = spk_table_new_from_data (bad, -1, &err);
  g_assert_null (back);
  g_assert_error (err, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE);
  g_assert_nonnull (strstr (err->message, "campfire_rule"));
  g_assert_nonnull (strstr (err->message, "one-faction"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/campfire/turn-start", test_campfire_at_turn_start);
  g_test_add_func ("/campfire/onslaught-begins", test_campfire_when_onslaught_begins);
  g_test_add_func ("/campfire/last-minion-ends-wave", test_last_minion_ends_wave);
  g_test_add_func ("/campfire/what-ends-the-wave", test_what_ends_the_wave);
  g_test_add_func ("/campfire/printed-rule", test_campfire_printed_rule);
  g_test_add_func ("/campfire/rule-in-file-and-answers", test_campfire_rule_in_file_and_answers);
  return g_test_run ();
}
