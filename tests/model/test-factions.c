/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adding and removing a faction (spk_table_add_faction,
 * spk_table_remove_faction): one labelled, undoable step each; player
 * count, market size, marks and first player follow (docs/rulings.md,
 * Factions, R-faction-N); refusals say what to do. */
#include "config.h"

#include <string.h>

#include "spk-economy.h"
#include "spk-table.h"
#include "spk-test-table.h"

/* Three factions in seating order a, b, c; c has its fortress down, a has
 * a minion on the board. */
static const char three[] =
  "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 3,"
  " \"factions\": [{\"id\": \"a\", \"name\": \"Amber\", \"mark\": \"b\", \"source\": 4},"
  "                {\"id\": \"b\", \"name\": \"Beryl\", \"mark\": \"c\"},"
  "                {\"id\": \"c\", \"name\": \"Coral\", \"mark\": \"a\"}],"
  " \"hexes\": [{\"q\": 0, \"r\": 0, \"terrain\": \"plains\", \"group\": \"isle\"}],"
  " \"fortresses\": [{\"faction\": \"c\", \"gate\": [4, 0], \"wells\": [[5, 0], [4, 1]]}],"
  " \"chips\": [{\"id\": \"grunt\", \"kind\": \"minion\", \"faction\": \"a\", \"name\": \"Grunt\", \"q\": 0, \"r\": 0,"
  "              \"movement\": 2, \"allowance\": \"plains\", \"health\": 2, \"attack\": 1}],"
  " \"first_player\": \"b\"}";

static SpkTable *
three_table (void)
{
  g_autoptr(GError) error = NULL;
  SpkTable *t = spk_table_new_from_data (three, -1, &error);

  g_assert_no_error (error);
  return t;
}

static const char *
mark_of (SpkTable *t, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (t), id)->mark;
}

static char *
table_text (SpkTable *t)
{
  return spk_table_to_table_data (t, NULL);
}

/* R-faction-2, R-faction-3, R-faction-4: a fourth faction sits last, starts at Source 0,
 * gate 10, CP 0, marks the next faction round the table; the others keep
 * their marks; player count and the market follow. */
static void
test_add_to_three (void)
{
  g_autoptr(SpkTable) t = three_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = table_text (t);
  g_autofree char *after = NULL;
  const SpkBoard *b;
  const SpkFaction *d;

  g_assert_cmpint (spk_table_get_market_count (t), ==, spk_market_options (3));
  g_assert_true (spk_table_add_faction (t, "d", " Dusk ", &error));
  g_assert_no_error (error);
  b = spk_table_get_board (t);
  g_assert_cmpuint (b->factions->len, ==, 4);
  d = g_ptr_array_index (b->factions, 3);
  g_assert_cmpstr (d->id, ==, "d");
  g_assert_cmpstr (d->name, ==, "Dusk");
  g_assert_cmpint (d->source, ==, 0);
  g_assert_cmpint (d->gate_health, ==, SPK_GATE_HEALTH_START);
  g_assert_cmpint (d->cp, ==, 0);
  g_assert_null (d->team);
  g_assert_cmpstr (d->mark, ==, "a");
  g_assert_cmpstr (mark_of (t, "c"), ==, "a");
  g_assert_cmpint (spk_table_get_player_count (t), ==, 4);
  g_assert_cmpint (spk_table_get_market_count (t), ==, spk_market_options (4));
  g_assert_cmpstr (b->first_player, ==, "b");
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Dusk joins the table (4 players)");

  after = table_text (t);
  g_assert_true (spk_table_undo (t, &error));
  g_assert_no_error (error);
  {
    g_autofree char *undone = table_text (t);

    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_cmpint (spk_table_get_player_count (t), ==, 3);
  g_assert_true (spk_table_redo (t, &error));
  {
    g_autofree char *redone = table_text (t);

    g_assert_cmpstr (redone, ==, after);
  }
}

/* R-faction-3: a mark never lands on a fallen gate. */
static void
test_add_skips_fallen_gate (void)
{
  g_autoptr(SpkTable) t = three_table ();
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_set_gate_health (t, "a", 0, NULL, &error));
  g_assert_true (spk_table_add_faction (t, "d", "Dusk", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mark_of (t, "d"), ==, "b");
}

/* A two-player table grows to three: the walkthrough board. */
static void
test_add_to_two (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_add_faction (t, "thegn", "Thegn", &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_player_count (t), ==, 3);
  g_assert_cmpstr (mark_of (t, "thegn"), ==, "brawnen");
  g_assert_cmpstr (mark_of (t, "brawnen"), ==, "grovetenders");
  g_assert_cmpstr (mark_of (t, "grovetenders"), ==, "brawnen");

  /* R-faction-6: a fortress keeps a faction at the table. */
  g_assert_false (spk_table_remove_faction (t, "brawnen", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Brawnen still has its fortress on the table; take it off first");
  g_clear_error (&error);

  g_assert_true (spk_table_remove_faction (t, "thegn", &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_player_count (t), ==, 2);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Thegn leaves the table (2 players)");
}

static void
test_refused (void)
{
  g_autoptr(SpkTable) t = three_table ();
  g_autofree char *before = NULL;
  guint position;
  struct { const char *id, *name; int code; const char *message; } rows[] = {
    { "b", "Bright", SPK_TABLE_ACTION_ERROR_INVALID,
      "A faction with that id already sits at the table; choose another id" },
    { "", "Dusk", SPK_TABLE_ACTION_ERROR_INVALID, "Give the faction an id" },
    { "d", "  ", SPK_TABLE_ACTION_ERROR_INVALID, "Type a name for the faction" },
    { "d", "coral", SPK_TABLE_ACTION_ERROR_INVALID,
      "Another faction has that name; choose a different one" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (spk_table_add_faction (t, rows[i].id, rows[i].name, &error));
      g_assert_error (error, SPK_TABLE_ACTION_ERROR, rows[i].code);
      g_assert_cmpstr (error->message, ==, rows[i].message);
    }

  {
    g_autoptr(GError) error = NULL;

    /* R-faction-1: no fifth faction. */
    g_assert_true (spk_table_add_faction (t, "d", "Dusk", &error));
    before = table_text (t);
    position = spk_table_get_history_position (t);
    g_assert_false (spk_table_add_faction (t, "e", "Ember", &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==,
                     "Cloudspire is played by 2 to 4 factions; remove one before adding another");
    g_clear_error (&error);

    /* R-faction-6: a fortress on the table keeps its faction. */
    g_assert_false (spk_table_remove_faction (t, "c", &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "Coral still has its fortress on the table; take it off first");
    g_clear_error (&error);

    /* R-faction-6: so does a chip, on the board or off it. */
    g_assert_false (spk_table_remove_faction (t, "a", &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
    g_assert_cmpstr (error->message, ==, "Amber still has 1 chip at the table; remove it first");
    g_clear_error (&error);

    g_assert_false (spk_table_remove_faction (t, "zz", &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_UNKNOWN_FACTION);
    g_clear_error (&error);
  }
  {
    g_autofree char *now = table_text (t);

    g_assert_cmpstr (now, ==, before);
    g_assert_cmpuint (spk_table_get_history_position (t), ==, position);
  }
}

/* R-faction-1, R-faction-3, R-faction-5: the marks and first player of a removed faction pass
 * to whoever sat after it; never below two factions. */
static void
test_remove (void)
{
  g_autoptr(SpkTable) t = three_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = table_text (t);

  g_assert_true (spk_table_remove_faction (t, "b", &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_player_count (t), ==, 2);
  g_assert_cmpint (spk_table_get_market_count (t), ==, spk_market_options (2));
  g_assert_null (spk_board_find_faction (spk_table_get_board (t), "b"));
  g_assert_cmpstr (mark_of (t, "a"), ==, "c");
  g_assert_cmpstr (mark_of (t, "c"), ==, "a");
  g_assert_cmpstr (spk_table_get_board (t)->first_player, ==, "c");
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Beryl leaves the table (2 players)");

  g_assert_false (spk_table_remove_faction (t, "a", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "Cloudspire needs at least 2 factions; add another before removing this one");
  g_clear_error (&error);

  g_assert_true (spk_table_undo (t, &error));
  {
    g_autofree char *undone = table_text (t);

    g_assert_cmpstr (undone, ==, before);
  }
}

/* R-faction-4: a market the players set by hand stays as they set it. */
static void
test_market_set_by_hand (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = g_strdup_printf ("%.*s, \"market_count\": 7}", (int) strlen (three) - 1, three);
  g_autoptr(SpkTable) t = spk_table_new_from_data (data, -1, &error);

  g_assert_no_error (error);
  g_assert_true (spk_table_add_faction (t, "d", "Dusk", &error));
  g_assert_cmpint (spk_table_get_market_count (t), ==, 7);
}

/* R-faction-4: six spires are within the limit for 2 players, over the
 * limit of 5 for 3. */
static void
test_spire_limit (void)
{
  g_autoptr(GString) data = g_string_new (
    "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 2,"
    " \"factions\": [{\"id\": \"a\", \"name\": \"Amber\", \"mark\": \"b\"},"
    "                {\"id\": \"b\", \"name\": \"Beryl\", \"mark\": \"a\"}],"
    " \"fortresses\": [], \"hexes\": [");
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < 6; i++)
    g_string_append_printf (data, "%s{\"q\": %d, \"r\": 0, \"terrain\": \"plains\", \"group\": \"isle\","
                            " \"well\": true}", i > 0 ? ", " : "", i);
  g_string_append (data, "], \"chips\": [");
  for (int i = 0; i < 6; i++)
    g_string_append_printf (data, "%s{\"id\": \"s%d\", \"kind\": \"spire\", \"faction\": \"a\","
                            " \"name\": \"Spire %d\", \"q\": %d, \"r\": 0, \"upgrades\": [\"attack\"],"
                            " \"capacity\": 3}", i > 0 ? ", " : "", i, i, i);
  g_string_append (data, "]}");
  t = spk_table_new_from_data (data->str, -1, &error);
  g_assert_no_error (error);

  g_assert_false (spk_table_add_faction (t, "c", "Coral", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT);
  g_assert_cmpstr (error->message, ==,
                   "Amber has 6 spires, over the limit of 5 for 3 players; remove a spire first");
  g_assert_cmpint (spk_table_get_player_count (t), ==, 2);
}

/* R-faction-7: team play ends when a faction on a team leaves. */
static void
test_teams_end (void)
{
  static const char teams[] =
    "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 4,"
    " \"factions\": [{\"id\": \"a\", \"name\": \"Amber\", \"mark\": \"b\", \"team\": \"sun\"},"
    "                {\"id\": \"b\", \"name\": \"Beryl\", \"mark\": \"a\", \"team\": \"moon\"},"
    "                {\"id\": \"c\", \"name\": \"Coral\", \"mark\": \"d\", \"team\": \"sun\"},"
    "                {\"id\": \"d\", \"name\": \"Dusk\", \"mark\": \"c\", \"team\": \"moon\"}],"
    " \"hexes\": [], \"fortresses\": [], \"chips\": []}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) t = spk_table_new_from_data (teams, -1, &error);
  const SpkBoard *b;

  g_assert_no_error (error);
  g_assert_true (spk_table_remove_faction (t, "b", &error));
  g_assert_no_error (error);
  b = spk_table_get_board (t);
  for (guint i = 0; i < b->factions->len; i++)
    g_assert_null (((SpkFaction *) g_ptr_array_index (b->factions, i))->team);
  g_assert_cmpstr (mark_of (t, "a"), ==, "c");
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Beryl leaves the table (3 players, no teams)");
}

static void
test_dry_run (void)
{
  g_autoptr(SpkTable) t = three_table ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = table_text (t);
  guint position = spk_table_get_history_position (t);

  spk_table_begin_dry_run (t);
  g_assert_true (spk_table_add_faction (t, "d", "Dusk", &error));
  g_assert_true (spk_table_remove_faction (t, "b", &error));
  g_assert_false (spk_table_remove_faction (t, "c", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  spk_table_end_dry_run (t);
  {
    g_autofree char *now = table_text (t);

    g_assert_cmpstr (now, ==, before);
    g_assert_cmpuint (spk_table_get_history_position (t), ==, position);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/factions/add-to-three", test_add_to_three);
  g_test_add_func ("/factions/add-skips-fallen-gate", test_add_skips_fallen_gate);
  g_test_add_func ("/factions/add-to-two", test_add_to_two);
  g_test_add_func ("/factions/refused", test_refused);
  g_test_add_func ("/factions/remove", test_remove);
  g_test_add_func ("/factions/market-set-by-hand", test_market_set_by_hand);
  g_test_add_func ("/factions/spire-limit", test_spire_limit);
  g_test_add_func ("/factions/teams-end", test_teams_end);
  g_test_add_func ("/factions/dry-run", test_dry_run);
  return g_test_run ();
}
