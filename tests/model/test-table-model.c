/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkTable: exact notifications, undo groups, history in the file, and the
 * wave sequence as the model applies it. Rule rows cite the rulebook
 * section (RB) or Rules Reference entry (RR) they rest on. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-faction-model.h"
#include "spk-table-file.h"
#include "spk-test-board.h"
#include "spk-test-table.h"

static const SpkFaction *
faction (SpkTable *t, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (t), id);
}

static SpkTable *
walkthrough_table (void)
{
  return spk_table_new (spk_test_table_walkthrough_board ());
}

static void
advance_to_phase (SpkTable *t, SpkPhase phase)
{
  while (spk_table_get_phase (t) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
}

/* Ends turns until it is @faction's. */
static void
turn_to (SpkTable *t, const char *faction)
{
  for (int i = 0; i < 8 && g_strcmp0 (spk_table_get_turn (t), faction) != 0; i++)
    g_assert_true (spk_table_end_turn (t, NULL));
  g_assert_cmpstr (spk_table_get_turn (t), ==, faction);
}

static void
advance (SpkTable *t, int times)
{
  for (int i = 0; i < times; i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
}

/* Each property notifies once per real change and not at all otherwise. */
static void
test_notify_once (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkFactionModel) brawnen = g_list_model_get_item (spk_table_get_factions (t), 0);
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter source, gate, phase, can_undo, undo_label, wave;

  spk_notify_counter_start (&source, brawnen, "source");
  spk_notify_counter_start (&gate, brawnen, "gate-health");
  g_assert_true (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  g_assert_cmpuint (source.count, ==, 1);
  g_assert_cmpint (spk_faction_model_get_source (brawnen), ==, 7);
  /* The same value again is no change: no notify, no step. */
  g_assert_true (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  g_assert_cmpuint (source.count, ==, 1);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 1);
  g_assert_cmpuint (spk_notify_counter_stop (&gate), ==, 0);

  /* One action changing Source twice over (income, then capacity) still
   * notifies once. */
  spk_notify_counter_start (&phase, t, "phase");
  spk_notify_counter_start (&wave, t, "wave");
  spk_notify_counter_start (&can_undo, t, "can-undo");
  spk_notify_counter_start (&undo_label, t, "undo-label");
  advance (t, 1);
  g_assert_cmpuint (source.count, ==, 2);
  g_assert_cmpint (spk_faction_model_get_source (brawnen), ==, 12);
  g_assert_cmpuint (phase.count, ==, 1);
  g_assert_cmpuint (wave.count, ==, 0);
  g_assert_cmpuint (can_undo.count, ==, 0);
  g_assert_cmpuint (undo_label.count, ==, 1);

  {
    const SpkBoard *board = spk_table_get_board (t);

    g_assert_true (spk_table_undo (t, &error));
    g_assert_no_error (error);
    /* The board a view holds stays the table's board. */
    g_assert_true (board == spk_table_get_board (t));
    g_assert_cmpstr (board->phase, ==, "setup");
  }
  g_assert_cmpuint (source.count, ==, 3);
  g_assert_cmpuint (phase.count, ==, 1 + 1);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_cmpuint (can_undo.count, ==, 1);
  g_assert_false (spk_table_can_undo (t));
  g_assert_cmpuint (source.count, ==, 4);
  g_assert_cmpint (spk_faction_model_get_source (brawnen), ==, 0);

  spk_notify_counter_stop (&source);
  spk_notify_counter_stop (&phase);
  spk_notify_counter_stop (&wave);
  spk_notify_counter_stop (&can_undo);
  spk_notify_counter_stop (&undo_label);
}

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, gpointer data)
{
  guint *count = data;
  (*count)++;
}

/* An edit of a chip is one step named after what changed. */
static void
test_edit_chip_label (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkChip) edited = spk_chip_copy (g_ptr_array_index (spk_table_get_board (t)->chips, 0));
  g_autoptr(GError) error = NULL;

  edited->revealed = TRUE;
  edited->health = edited->max_health = 4;
  g_assert_true (spk_table_edit_chip (t, edited, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Cebysa: health 0 → 4, max health 0 → 4, revealed yes");
}

/* Faction views, which the Tracker's cards bind to: one per faction in
 * board order, the same objects across steps, undo and redo (the list
 * never changes), each notifying only what changed; "label" is the name,
 * or the id while the faction has none. */
static void
test_faction_views (void)
{
  SpkBoard *board = spk_test_table_walkthrough_board ();
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(SpkFactionModel) brawnen = NULL;
  g_autoptr(SpkFactionModel) grove = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *factions;
  guint changes = 0;
  SpkNotifyCounter label, name, source, other;

  g_clear_pointer (&((SpkFaction *) g_ptr_array_index (board->factions, 1))->name, g_free);
  t = spk_table_new (board);
  factions = spk_table_get_factions (t);
  g_assert_cmpuint (g_list_model_get_n_items (factions), ==, 2);
  g_assert_true (g_list_model_get_item_type (factions) == SPK_TYPE_FACTION_MODEL);
  brawnen = g_list_model_get_item (factions, 0);
  grove = g_list_model_get_item (factions, 1);
  g_assert_cmpstr (spk_faction_model_get_label (brawnen), ==, "Brawnen");
  g_assert_null (spk_faction_model_get_name (grove));
  g_assert_cmpstr (spk_faction_model_get_label (grove), ==, "grovetenders");
  g_signal_connect (factions, "items-changed", G_CALLBACK (on_items_changed), &changes);

  spk_notify_counter_start (&label, grove, "label");
  spk_notify_counter_start (&name, grove, "name");
  spk_notify_counter_start (&source, grove, "source");
  spk_notify_counter_start (&other, brawnen, "label");
  g_assert_true (spk_table_set_faction_name (t, "grovetenders", "Uprising", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (label.count, ==, 1);
  g_assert_cmpuint (name.count, ==, 1);
  g_assert_cmpuint (source.count, ==, 0);
  g_assert_cmpstr (spk_faction_model_get_label (grove), ==, "Uprising");
  g_assert_true (spk_table_set_source (t, "grovetenders", 4, NULL, &error));
  g_assert_cmpuint (source.count, ==, 1);
  g_assert_cmpuint (label.count, ==, 1);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_cmpuint (label.count, ==, 2);
  g_assert_cmpstr (spk_faction_model_get_label (grove), ==, "grovetenders");
  g_assert_true (spk_table_redo (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_notify_counter_stop (&label), ==, 3);
  g_assert_cmpuint (spk_notify_counter_stop (&name), ==, 3);
  g_assert_cmpuint (spk_notify_counter_stop (&source), ==, 2);
  g_assert_cmpuint (spk_notify_counter_stop (&other), ==, 0);

  /* A whole phase changes every faction's Source; the views stay. */
  advance (t, 1);
  g_assert_cmpuint (changes, ==, 0);
  {
    g_autoptr(SpkFactionModel) again = g_list_model_get_item (factions, 1);

    g_assert_true (again == grove);
    g_assert_cmpstr (spk_faction_model_get_label (again), ==, "Uprising");
  }
}

/* Steps between begin and end are undone and redone as one. */
static void
test_undo_groups (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_set_source (t, "brawnen", 3, NULL, &error));
  spk_table_begin_group (t);
  g_assert_true (spk_table_set_source (t, "brawnen", 4, NULL, &error));
  spk_table_begin_group (t);
  g_assert_true (spk_table_set_source (t, "grovetenders", 5, NULL, &error));
  spk_table_end_group (t);
  g_assert_true (spk_table_set_cp (t, "brawnen", 2, NULL, &error));
  /* Undo waits for the end of the turn. */
  g_assert_false (spk_table_undo (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_GROUP_OPEN);
  g_clear_error (&error);
  spk_table_end_group (t);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (spk_table_get_log (t)), ==, 4);

  g_assert_true (spk_table_undo (t, &error));
  g_assert_cmpuint (spk_table_get_history_position (t), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (spk_table_get_log (t)), ==, 1);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 3);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 0);
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 0);
  g_assert_cmpstr (spk_table_get_redo_label (t), ==, "Brawnen: Source 3 → 4");

  g_assert_true (spk_table_redo (t, &error));
  g_assert_cmpuint (spk_table_get_history_position (t), ==, 4);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 5);
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 2);
  g_assert_false (spk_table_redo (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOTHING_TO_REDO);
  g_clear_error (&error);

  /* A new action after undo drops what could have been redone. */
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_set_notes (t, "rematch tomorrow", &error));
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 2);
  g_assert_false (spk_table_can_redo (t));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_false (spk_table_undo (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO);
}

/* The log entry says who, what, wave and phase. */
static void
test_log_entry (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkLogEntry) e = NULL;

  advance (t, 2);
  /* RB Market Phase: the first player (brawnen) takes the first turn. */
  g_assert_true (spk_table_pass_market (t, "brawnen", &error));
  g_assert_true (spk_table_buy_earthscape (t, "grovetenders", &error));
  e = g_list_model_get_item (spk_table_get_log (t), 3);
  g_assert_cmpstr (spk_log_entry_get_label (e), ==, "Grovetenders: Source 5 → 3 (bought the earthscape)");
  g_assert_cmpstr (spk_log_entry_get_faction (e), ==, "grovetenders");
  g_assert_cmpint (spk_log_entry_get_wave (e), ==, 1);
  g_assert_cmpstr (spk_log_entry_get_phase (e), ==, "market");
  /* One earthscape per Market Phase (RB Market Phase). */
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_set_source (t, "brawnen", 5, NULL, &error));
  g_assert_true (spk_table_buy_earthscape (t, "brawnen", &error));
  g_assert_true (spk_table_set_source (t, "grovetenders", 5, NULL, &error));
  g_assert_false (spk_table_buy_earthscape (t, "grovetenders", &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED);
}

/* An action that would make the table invalid is refused whole. */
static void
test_invalid_refused (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autofree char *after = NULL;

  g_assert_false (spk_table_move_chip (t, "swamp-west", -2, 1, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_HEX_OCCUPIED);
  g_clear_error (&error);
  g_assert_false (spk_table_set_source (t, "brawnen", 21, NULL, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE);
  g_clear_error (&error);
  g_assert_false (spk_table_move_chip (t, "nobody", 0, 0, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_CHIP);
  g_clear_error (&error);
  g_assert_false (spk_table_buy_market_chip (t, "brawnen", "Roa", 3, &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE);
  g_clear_error (&error);
  /* A price is never assumed: not entered, the purchase asks for it. */
  g_assert_false (spk_table_buy_market_chip (t, "brawnen", "Roa", SPK_MARKET_COST_UNSET, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Enter the Source cost printed on it");
  after = spk_table_to_data (t, NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 0);
}

/* Saved, reloaded, undone: the history is part of the file. */
static void
test_history_in_file (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkTable) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("spk-model-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "table.json", NULL);
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *back = NULL;
  g_autoptr(SpkBoard) plain = NULL;

  advance (t, 2);
  g_assert_true (spk_table_buy_market_chip (t, "brawnen", "Mini Harvester", 3, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_save (t, path, &error));
  g_assert_no_error (error);

  loaded = spk_table_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_length (loaded), ==, 3);
  g_assert_cmpuint (spk_table_get_history_position (loaded), ==, 2);
  g_assert_cmpuint (spk_table_get_sequence (loaded), ==, 4);
  g_assert_cmpstr (spk_table_get_redo_label (loaded), ==, "Brawnen: Source 5 → 2 (bought Mini Harvester)");
  g_assert_true (spk_table_redo (loaded, &error));
  g_assert_cmpint (faction (loaded, "brawnen")->source, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (faction (loaded, "brawnen")->purchases, 0), ==, "Mini Harvester");
  g_assert_true (spk_table_undo (loaded, &error));
  g_assert_true (spk_table_undo (loaded, &error));
  g_assert_true (spk_table_undo (loaded, &error));
  back = spk_table_to_table_data (loaded, NULL);
  g_assert_cmpstr (back, ==, start);

  /* The file reader of the CLI keeps the history as an unknown field, and
   * the CLI accepts the file. */
  plain = spk_table_file_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (plain->extra, "\"history\""));
  if (g_getenv ("SPK_CLI") != NULL)
    {
      const char *argv[] = { g_getenv ("SPK_CLI"), "validate", path, NULL };
      int status = -1;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                                   NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* A file that is not a table is refused with the table reader's words;
 * absurd nesting never reaches the JSON parser. */
static void
test_not_a_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) t = spk_table_new_from_data ("{\"format\": \"spirekeeper-table\",", -1, &error);
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(SpkTable) t2 = NULL;

  g_assert_null (t);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "line 1"));
  g_clear_error (&error);
  for (int i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  t2 = spk_table_new_from_data (deep->str, -1, &error);
  g_assert_null (t2);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
}

static void
test_damaged_history (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *broken = NULL;
  g_autoptr(SpkTable) loaded = NULL;
  char *at;

  advance (t, 1);
  data = spk_table_to_data (t, NULL);
  at = strstr (data, "\"position\" : 1");
  g_assert_nonnull (at);
  broken = g_strdup (data);
  memcpy (broken + (at - data), "\"position\" : 9", 14);
  loaded = spk_table_new_from_data (broken, -1, &error);
  g_assert_null (loaded);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE);
  g_assert_nonnull (strstr (error->message, "position"));
  g_clear_error (&error);

  /* A step is read when it is used: a damaged one opens, but undoing it
   * says why it cannot, and changes nothing. */
  g_free (broken);
  broken = g_strdup (data);
  at = strstr (broken, "\"steps\" : \"{");
  g_assert_nonnull (at);
  at[strlen ("\"steps\" : \"")] = '[';
  loaded = spk_table_new_from_data (broken, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_table_can_undo (loaded));
  g_assert_false (spk_table_undo (loaded, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_assert_cmpint (spk_table_get_phase (loaded), ==, SPK_PHASE_INCOME);
  g_assert_cmpuint (spk_table_get_history_position (loaded), ==, 1);
  g_clear_error (&error);
  g_clear_object (&loaded);

  /* A step of only white space is damaged too (found by fuzz-history). */
  g_free (broken);
  broken = g_strdup (data);
  at = strstr (broken, "\"steps\" : \"{");
  g_assert_nonnull (at);
  memcpy (at + strlen ("\"steps\" : \""), " \\n", 3);
  loaded = spk_table_new_from_data (broken, -1, &error);
  g_assert_no_error (error);
  g_assert_false (spk_table_undo (loaded, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "the text is empty"));
  g_assert_cmpuint (spk_table_get_history_position (loaded), ==, 1);
}

/* An undo that validation refuses leaves the table as it was, down to the
 * text it saves: the step below was edited to put the gate back at 20,
 * outside 0-10 (found by tests/fuzz/fuzz-history). */
static void
test_refused_undo_changes_nothing (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkTable) loaded = NULL;
  g_autoptr(SpkTable) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *edited = NULL;

  g_assert_true (spk_table_set_gate_health (t, "brawnen", 7, NULL, &error));
  g_assert_no_error (error);
  data = spk_table_to_data (t, NULL);
  parts = g_strsplit (data, "\\\"old\\\":10,", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  edited = g_strjoinv ("\\\"old\\\":20,", parts);
  loaded = spk_table_new_from_data (edited, -1, &error);
  g_assert_no_error (error);
  before = spk_table_to_data (loaded, NULL);

  g_assert_false (spk_table_undo (loaded, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE);
  g_clear_error (&error);
  g_assert_cmpint (faction (loaded, "brawnen")->gate_health, ==, 7);
  after = spk_table_to_data (loaded, NULL);
  g_assert_cmpstr (after, ==, before);
  again = spk_table_new_from_data (after, -1, &error);
  g_assert_no_error (error);
}

typedef struct {
  int         wave;
  int         start_source;
  int         income;      /* Source after the Income Phase */
  int         cp;          /* CP in the Prep Phase */
  const char *rule;
} WaveRow;

/* RB Income Phase and Prep Phase tables (5/7/9/11), RB Making the Game
 * Longer (+2 per added wave), RR Source capacity (20, excess lost). */
static const WaveRow wave_rows[] = {
  { 1, 0, 5, 5, "RB Income Phase: wave 1 gives 5" },
  { 2, 0, 7, 7, "RB Income Phase: wave 2 gives 7" },
  { 3, 0, 9, 9, "RB Income Phase: wave 3 gives 9" },
  { 4, 0, 11, 11, "RB Income Phase: wave 4 gives 11" },
  { 5, 0, 13, 13, "RB Making the Game Longer: wave 5 gives 13" },
  { 6, 0, 15, 15, "RB Making the Game Longer: wave 6 gives 15" },
  { 2, 18, 20, 7, "RR Source: capacity 20, the excess is lost" },
  { 4, 20, 20, 11, "RR Source: already full, nothing gained" },
};

static void
test_income_and_cp (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (wave_rows); i++)
    {
      const WaveRow *row = &wave_rows[i];
      SpkBoard *b = spk_test_table_walkthrough_board ();
      g_autoptr(SpkTable) t = NULL;

      g_test_message ("%s", row->rule);
      b->wave = row->wave;
      b->waves = 6;
      /* From the end of the previous wave (or set-up for wave 1). */
      g_free (b->phase);
      b->phase = g_strdup (row->wave == 1 ? "setup" : "event");
      ((SpkFaction *) g_ptr_array_index (b->factions, 0))->source = row->start_source;
      t = spk_table_new (b);
      advance (t, 1);
      g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_INCOME);
      g_assert_cmpint (faction (t, "brawnen")->source, ==, row->income);
      advance (t, 3);
      g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_PREP);
      g_assert_cmpint (faction (t, "brawnen")->cp, ==, row->cp);
      /* Unused CP is lost when the Prep Phase ends (RB Prep Phase). */
      advance (t, 1);
      g_assert_cmpint (faction (t, "brawnen")->cp, ==, 0);
    }
}

/* RB Sequence of Play: the phases in order; the Event Phase is skipped in
 * wave 1 only; end of wave passes the first player to the left and clears
 * limited builds; after the last wave the game ends. */
static void
test_wave_sequence (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  static const SpkPhase order[] = {
    SPK_PHASE_INCOME, SPK_PHASE_MARKET, SPK_PHASE_BUILD, SPK_PHASE_PREP,
    SPK_PHASE_ONSLAUGHT, SPK_PHASE_END_OF_WAVE, SPK_PHASE_EVENT, SPK_PHASE_INCOME,
  };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      if (order[i] == SPK_PHASE_END_OF_WAVE)
        {
          g_autoptr(SpkChip) wall = spk_test_chip ("wall", SPK_CHIP_SPIRE, "brawnen", "Wall");
          wall->placed = TRUE;
          wall->q = -7;
          wall->r = 0;
          g_array_append_val (wall->upgrades, ((SpkUpgrade) { SPK_UPGRADE_ATTACK }));
          g_assert_true (spk_table_set_source (t, "brawnen", 5, NULL, &error));
          /* In the Onslaught Phase a build is a limited build. */
          g_assert_true (spk_table_build_spire (t, wall, 2, FALSE, NULL, &error));
          g_assert_no_error (error);
          g_assert_cmpint (faction (t, "brawnen")->limited_builds, ==, 1);
          g_assert_cmpint (faction (t, "brawnen")->source, ==, 3);
        }
      if (order[i] == SPK_PHASE_EVENT)
        g_assert_true (spk_table_set_event (t, "Blood Moon", &error));
      advance (t, 1);
      g_assert_cmpint (spk_table_get_phase (t), ==, order[i]);
      /* R-model-3: last wave's event card goes with the new Event Phase. */
      if (order[i] == SPK_PHASE_EVENT)
        g_assert_null (spk_table_get_event (t));
    }
  g_assert_cmpint (spk_table_get_wave (t), ==, 2);
  g_assert_cmpstr (spk_table_get_first_player (t), ==, "grovetenders");
  g_assert_cmpint (faction (t, "brawnen")->limited_builds, ==, 0);
  g_assert_cmpint (spk_table_get_market_count (t), ==, 3);
}

/* RB Making the Game Faster: no Market Phase, the game ends after wave 3
 * with fortress power (gate health + advancements), ties by gate health. */
static void
test_faster_game (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  int steps = 0;

  g_assert_true (spk_table_set_variant (t, TRUE, 3, &error));
  g_assert_true (spk_table_get_faster (t));
  advance (t, 2);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_BUILD);
  /* Grovetenders buy Inner Oak 1: power 10 + 1 against 10 + 0. */
  g_assert_true (spk_table_buy_advancement (t, "grovetenders", "Inner Oak", &error));
  g_assert_no_error (error);
  while (!spk_table_get_game_over (t) && steps++ < 40)
    advance (t, 1);
  g_assert_true (spk_table_get_game_over (t));
  g_assert_cmpint (spk_table_get_wave (t), ==, 3);
  g_assert_cmpuint (spk_table_get_board (t)->winners->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (spk_table_get_board (t)->winners, 0), ==, "grovetenders");
  g_assert_false (spk_table_advance_phase (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_GAME_OVER);
}

/* RB 3- or 4-player games: a gate brought to 0 is pillaged by whoever
 * made the last hit (Source up to capacity), marks on it are chosen
 * again, and it is repaired to 3 in the next Income Phase. */
static void
test_pillage_and_repair (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  SpkFaction *third = spk_faction_new ("heirs");
  SpkFortress *fort = spk_fortress_new ("heirs", spk_hex_make (0, 3));
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  third->name = g_strdup ("Heirs");
  third->mark = g_strdup ("brawnen");
  third->source = 9;
  g_ptr_array_add (b->factions, third);
  g_ptr_array_add (b->fortresses, fort);
  b->player_count = 3;
  b->market_count = 4;
  ((SpkFaction *) g_ptr_array_index (b->factions, 0))->source = 15;
  t = spk_table_new (b);

  g_assert_true (spk_table_damage_gate (t, "brawnen", 4, "heirs", &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "brawnen")->gate_health, ==, 6);
  g_assert_true (spk_table_damage_gate (t, "brawnen", 6, "heirs", &error));
  g_assert_cmpint (faction (t, "brawnen")->gate_health, ==, 0);
  g_assert_cmpint (faction (t, "heirs")->source, ==, 20);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 0);
  g_assert_true (faction (t, "grovetenders")->choose_mark);
  g_assert_true (faction (t, "heirs")->choose_mark);
  g_assert_false (spk_table_get_game_over (t));
  /* A defeated gate cannot be marked. */
  g_assert_false (spk_table_set_mark (t, "heirs", "brawnen", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (spk_table_set_mark (t, "heirs", "grovetenders", &error));
  g_assert_false (faction (t, "heirs")->choose_mark);

  /* Income of wave 1 (5), then 3 health for 2 Source each: 5 - 6 < 0, so
   * the repair stops where the Source runs out. */
  advance (t, 1);
  g_assert_cmpint (faction (t, "brawnen")->gate_health, ==, 2);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 1);

  /* The repaired gate stands again: another falls and the game goes on;
   * when only one gate stands, the game ends. */
  g_assert_true (spk_table_damage_gate (t, "grovetenders", 10, "heirs", &error));
  g_assert_false (spk_table_get_game_over (t));
  g_assert_true (spk_table_damage_gate (t, "brawnen", 2, "heirs", &error));
  g_assert_true (spk_table_get_game_over (t));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_GAME_OVER);
  g_assert_cmpstr (g_ptr_array_index (spk_table_get_board (t)->winners, 0), ==, "heirs");
}

/* RB Selecting Heroes / Selecting Minions: violations are explained, the
 * stack is not changed. */
static void
test_deployment_rules (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_autoptr(GError) error = NULL;
  SpkChip *hero, *a, *b;

  advance (t, 4);
  a = spk_test_chip ("a", SPK_CHIP_MINION, "brawnen", "Dispatch");
  a->cost = 3;
  a->movement = 2;
  hero = spk_test_chip ("h", SPK_CHIP_HERO, "brawnen", "Awsh");
  hero->starting = TRUE;
  b = spk_test_chip ("b", SPK_CHIP_MINION, "brawnen", "Battleborn");
  b->cost = 2;
  b->movement = 2;
  g_ptr_array_add (units, a);
  g_ptr_array_add (units, hero);
  g_ptr_array_add (units, b);
  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
  g_test_message ("%s", error->message);
  g_assert_null (spk_board_find_chip (spk_table_get_board (t), "a"));
  g_clear_error (&error);

  /* Over the wave's 5 CP. */
  g_ptr_array_remove_index (units, 1);
  b->cost = 3;
  g_assert_false (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK);
  g_clear_error (&error);

  b->cost = 2;
  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 0);
  /* A new stack sends the old one back to the barracks. */
  g_ptr_array_remove_index (units, 1);
  g_assert_true (spk_table_set_deployment (t, "brawnen", units, &error));
  g_assert_null (spk_board_find_chip (spk_table_get_board (t), "b"));
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 2);
}

/* RR Spire upgrades: attack and range cost the number of upgrades the
 * spire will have, a fortification 2; capacity caps them; RB Start of
 * Turn: two limited builds per Onslaught Phase. */
static void
test_spire_upgrades (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkChip) tower = spk_test_chip ("tower", SPK_CHIP_SPIRE, "grovetenders", "Reetail");
  g_autoptr(GError) error = NULL;
  const SpkChip *c;

  tower->placed = TRUE;
  tower->q = 7;
  tower->r = 0;
  tower->capacity = 3;
  g_array_append_val (tower->upgrades, ((SpkUpgrade) { SPK_UPGRADE_ATTACK }));
  /* Built in the Build Phase: no limited build. */
  advance_to_phase (t, SPK_PHASE_BUILD);
  g_assert_true (spk_table_set_source (t, "grovetenders", 9, NULL, &error));
  g_assert_true (spk_table_build_spire (t, tower, 3, FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 0);
  /* Upgraded on the grovetenders' turn in the Onslaught Phase: limited. */
  advance_to_phase (t, SPK_PHASE_ONSLAUGHT);
  turn_to (t, "grovetenders");
  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 4);
  /* R-build-4 (RR Build Option: any number of upgrades to one spire):
   * right after, the same spire's next upgrade continues that option. */
  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_FORTIFICATION, FALSE, &error));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 2);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: Source 4 → 2 (fortification upgrade on Reetail, limited build 1 of 2 continued)");
  c = spk_board_find_chip (spk_table_get_board (t), "tower");
  g_assert_cmpuint (c->upgrades->len, ==, 3);
  g_assert_cmpint (g_array_index (c->upgrades, SpkUpgrade, 2), ==, SPK_UPGRADE_FORTIFICATION);
  g_assert_false (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_ATTACK, FALSE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY);
  g_clear_error (&error);
  /* A third limited build in one Onslaught Phase is refused. */
  g_assert_true (spk_table_set_source (t, "grovetenders", 9, NULL, &error));
  g_assert_true (spk_table_remove_chip (t, "tower", NULL, &error));
  g_assert_true (spk_table_build_spire (t, tower, 3, FALSE, NULL, &error));
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 2);
  g_assert_true (spk_table_set_source (t, "grovetenders", 9, NULL, &error));
  g_assert_true (spk_table_remove_chip (t, "tower", NULL, &error));
  g_assert_false (spk_table_build_spire (t, tower, 3, FALSE, NULL, &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 9);
}

/* R-build-1..3: when spires are built and upgraded and advancements
 * bought; rewards whenever they come. */
static void
test_build_times (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkChip) tower = spk_test_chip ("tower", SPK_CHIP_SPIRE, "grovetenders", "Reetail");
  g_autoptr(GError) error = NULL;
  const SpkChip *unit = NULL;
  guint length;

  tower->placed = TRUE;
  tower->q = 7;
  tower->r = 0;
  tower->capacity = 3;
  g_assert_true (spk_table_set_source (t, "grovetenders", 20, NULL, &error));

  /* Market Phase: no builds, no advancements. */
  advance_to_phase (t, SPK_PHASE_MARKET);
  length = spk_table_get_history_length (t);
  g_assert_false (spk_table_build_spire (t, tower, 3, FALSE, NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length);

  /* A reward is taken whenever it comes, and is no limited build. */
  g_assert_true (spk_table_build_spire (t, tower, 0, TRUE, "reward", &error));
  g_assert_no_error (error);
  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_RANGE, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 20);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 0);

  /* Onslaught Phase, the brawnen's turn: the grovetenders wait for theirs. */
  advance_to_phase (t, SPK_PHASE_ONSLAUGHT);
  turn_to (t, "brawnen");
  g_assert_false (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_ATTACK, FALSE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  /* On their turn, only before any of their units has moved. */
  turn_to (t, "grovetenders");
  {
    g_autoptr(SpkChip) g1 = spk_test_chip ("g1", SPK_CHIP_MINION, "grovetenders", "g1");

    g1->placed = TRUE;
    g1->q = 5;
    g1->movement = 1;
    g1->health = g1->max_health = 2;
    g_assert_true (spk_table_place_chip (t, g1, &error));
    g_assert_no_error (error);
  }
  unit = spk_board_find_chip (spk_table_get_board (t), "g1");
  g_assert_true (spk_table_move_unit (t, "g1", unit->q - 1, unit->r, &error));
  g_assert_no_error (error);
  g_assert_false (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_ATTACK, FALSE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_ATTACK, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 1);

  /* Fortress advancements only in the Build Phase. */
  g_assert_false (spk_table_buy_advancement (t, "grovetenders", "Inner Oak", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE);
  g_clear_error (&error);

  /* A damage step names only what changed. */
  g_assert_true (spk_table_damage_chip (t, "g1", 1, NULL, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "g1: 1 damage (health 2 → 1)");
  g_assert_true (spk_table_damage_chip (t, "tower", 1, NULL, &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Reetail: 1 damage (upgrades 2 → 1)");
}

/* R-market-1: one purchase per faction in a Market Phase; the next wave's
 * Market Phase opens anew; the file keeps who has bought. */
static void
test_market_once (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkTable) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  guint length;

  advance_to_phase (t, SPK_PHASE_MARKET);
  g_assert_true (spk_table_set_source (t, "brawnen", 10, NULL, &error));
  g_assert_true (spk_table_buy_market_chip (t, "brawnen", "Roa", 3, &error));
  g_assert_no_error (error);
  g_assert_true (faction (t, "brawnen")->market_done);
  length = spk_table_get_history_length (t);
  g_assert_false (spk_table_buy_earthscape (t, "brawnen", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_false (spk_table_buy_market_chip (t, "brawnen", "Grail Spire", 2, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 7);

  /* The other faction has its own turn. */
  g_assert_true (spk_table_buy_earthscape (t, "grovetenders", &error));
  g_assert_no_error (error);

  /* Kept in the file. */
  saved = spk_table_to_data (t, NULL);
  back = spk_table_new_from_data (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (faction (back, "brawnen")->market_done);

  /* Undo gives the turn back. */
  g_assert_true (spk_table_undo (t, &error));
  g_assert_true (spk_table_undo (t, &error));
  g_assert_false (faction (t, "brawnen")->market_done);

  /* Next wave, the market opens again. */
  g_assert_true (spk_table_buy_market_chip (t, "brawnen", "Roa", 3, &error));
  advance_to_phase (t, SPK_PHASE_EVENT);
  advance_to_phase (t, SPK_PHASE_MARKET);
  g_assert_false (faction (t, "brawnen")->market_done);
  /* RB Market Phase: in wave 2 the grovetenders are first player. */
  g_assert_true (spk_table_pass_market (t, "grovetenders", &error));
  g_assert_true (spk_table_buy_market_chip (t, "brawnen", "Grail Spire", 2, &error));
  g_assert_no_error (error);
}

/* RB Spire Limits: 6 spires per faction with 2 players. */
static void
test_spire_limit (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(GError) error = NULL;
  static const SpkHex sites[] = { { 7, 0 }, { 7, -1 }, { 4, 1 }, { 1, -1 }, { 3, 1 }, { -3, -1 }, { -5, 1 } };

  /* Spires stand on Source wells (R-build-5): wells where there were none;
   * a reward build, so influence does not matter here. */
  g_assert_true (spk_table_set_hex (t, 1, -1, 0, SPK_TERRAIN_PLAINS, TRUE, "isle-1", &error));
  g_assert_true (spk_table_set_hex (t, 3, 1, 0, SPK_TERRAIN_FOREST, TRUE, "isle-5", &error));
  g_assert_true (spk_table_set_hex (t, -3, -1, 0, SPK_TERRAIN_FOREST, TRUE, "isle-2", &error));
  g_assert_true (spk_table_set_hex (t, -5, 1, 0, SPK_TERRAIN_PLAINS, TRUE, "isle-2", &error));
  g_assert_no_error (error);
  advance_to_phase (t, SPK_PHASE_BUILD);

  for (guint i = 0; i < G_N_ELEMENTS (sites); i++)
    {
      g_autofree char *id = g_strdup_printf ("s%u", i);
      g_autoptr(SpkChip) s = spk_test_chip (id, SPK_CHIP_SPIRE, "grovetenders", id);

      s->placed = TRUE;
      s->q = sites[i].q;
      s->r = sites[i].r;
      g_array_append_val (s->upgrades, ((SpkUpgrade) { SPK_UPGRADE_RANGE }));
      g_assert_cmpint (spk_table_build_spire (t, s, 0, TRUE, "reward", &error), ==, i < 6);
    }
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT);
}

/* RB Winning the Game: fortress power (gate health + advancements), ties
 * broken by gate health; the evaluation on demand is one step like any
 * other. */
static void
test_end_game (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  SpkFaction *grove = g_ptr_array_index (b->factions, 1);
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;
  SpkNotifyCounter over;

  /* Power 10 each (10 + 0 against 9 + 1): the higher gate wins. */
  grove->gate_health = 9;
  ((SpkStructure *) g_ptr_array_index (grove->structures, 0))->bought = 1;
  t = spk_table_new (b);
  spk_notify_counter_start (&over, t, "game-over");
  g_assert_true (spk_table_end_game (t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_notify_counter_stop (&over), ==, 1);
  g_assert_cmpuint (spk_table_get_board (t)->winners->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (spk_table_get_board (t)->winners, 0), ==, "brawnen");
  g_assert_true (spk_table_undo (t, &error));
  g_assert_false (spk_table_get_game_over (t));
  g_assert_cmpuint (spk_table_get_board (t)->winners->len, ==, 0);
}

/* RR Earthscape: laid beside the map, a piece must touch a hex group with
 * the faction's own spire; the refusal names why and changes nothing. */
static void
test_earthscape_refused (void)
{
  g_autoptr(SpkTable) t = walkthrough_table ();
  g_autoptr(SpkEarthscape) piece = spk_earthscape_new ("earthscape-4");
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (piece->hexes, spk_hex_entry_new (5, 1, SPK_TERRAIN_PATH, "earthscape-4"));
  g_ptr_array_add (piece->hexes, spk_hex_entry_new (5, 2, SPK_TERRAIN_PLAINS, "earthscape-4"));
  g_assert_false (spk_table_place_earthscape (t, "grovetenders", piece, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_EARTHSCAPE);
  g_assert_nonnull (strstr (error->message, "no-spire-edge"));
  g_assert_cmpuint (spk_table_get_history_length (t), ==, 0);
}

/* RB Team Play: the game ends as soon as any gate falls, and the team of
 * the defeater wins. */
static void
test_team_gate (void)
{
  SpkTestBoardSpec spec = { 4, 60, 4, 0, 0, 0.0, TRUE, FALSE };
  g_autoptr(SpkTable) t = spk_table_new (spk_test_board_random (11, &spec));
  const SpkBoard *b = spk_table_get_board (t);
  const SpkFaction *victim = g_ptr_array_index (b->factions, 0);
  const SpkFaction *attacker = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *victim_id = g_strdup (victim->id);

  for (guint i = 1; i < b->factions->len && attacker == NULL; i++)
    if (!spk_board_friendly (b, victim->id, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id))
      attacker = g_ptr_array_index (b->factions, i);
  g_assert_nonnull (attacker);
  g_assert_true (spk_table_damage_gate (t, victim_id, 10, attacker->id, &error));
  g_assert_no_error (error);
  b = spk_table_get_board (t);
  g_assert_true (spk_table_get_game_over (t));
  g_assert_cmpuint (b->winners->len, ==, 2);
  for (guint i = 0; i < b->winners->len; i++)
    g_assert_false (spk_board_friendly (b, victim_id, g_ptr_array_index (b->winners, i)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table/notify-once", test_notify_once);
  g_test_add_func ("/table/edit-chip-label", test_edit_chip_label);
  g_test_add_func ("/table/faction-views", test_faction_views);
  g_test_add_func ("/table/undo-groups", test_undo_groups);
  g_test_add_func ("/table/log-entry", test_log_entry);
  g_test_add_func ("/table/invalid-refused", test_invalid_refused);
  g_test_add_func ("/table/history-in-file", test_history_in_file);
  g_test_add_func ("/table/damaged-history", test_damaged_history);
  g_test_add_func ("/table/refused-undo-changes-nothing", test_refused_undo_changes_nothing);
  g_test_add_func ("/table/not-a-table", test_not_a_table);
  g_test_add_func ("/table/income-and-cp", test_income_and_cp);
  g_test_add_func ("/table/wave-sequence", test_wave_sequence);
  g_test_add_func ("/table/faster-game", test_faster_game);
  g_test_add_func ("/table/pillage-and-repair", test_pillage_and_repair);
  g_test_add_func ("/table/deployment-rules", test_deployment_rules);
  g_test_add_func ("/table/spire-upgrades", test_spire_upgrades);
  g_test_add_func ("/table/build-times", test_build_times);
  g_test_add_func ("/table/market-once", test_market_once);
  g_test_add_func ("/table/spire-limit", test_spire_limit);
  g_test_add_func ("/table/end-game", test_end_game);
  g_test_add_func ("/table/team-gate", test_team_gate);
  g_test_add_func ("/table/earthscape-refused", test_earthscape_refused);
  return g_test_run ();
}
