/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Chips made from the roster in the table file: the roster id is kept,
 * the roster fields equal to the record are left out and read back from
 * it, and an id the roster lacks is refused with its path (R-file-6). */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-roster.h"
#include "spk-table-file.h"

#define HEAD \
  "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2," \
  "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}]," \
  "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"path\",\"group\":\"isle-1\"}," \
  "{\"q\":1,\"r\":0,\"terrain\":\"path\",\"group\":\"isle-1\"}]," \
  "\"fortresses\":[{\"faction\":\"a\",\"gate\":[3,0]},{\"faction\":\"b\",\"gate\":[-3,0]}]," \
  "\"chips\":["

/* A two-faction board with Dispatch of faction a made from the roster on
 * 0,0. */
static SpkBoard *
board_with_dispatch (void)
{
  g_autoptr(GError) error = NULL;
  SpkBoard *board = spk_table_file_parse (HEAD "]}", -1, &error);
  const SpkRoster *roster = spk_roster_get_default (&error);
  SpkChip *chip;

  g_assert_no_error (error);
  g_assert_nonnull (roster);
  chip = spk_roster_make_chip (roster, "dispatch", SPK_ROSTER_SIDE_BASIC, "a", "dispatch-1", NULL, &error);
  g_assert_no_error (error);
  chip->placed = TRUE;
  g_ptr_array_add (board->chips, chip);
  return board;
}

/* The saved object of the first chip of @text. */
static JsonObject *
first_chip (JsonParser *parser, const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  return json_array_get_object_element (json_object_get_array_member (root, "chips"), 0);
}

static void
test_round_trip (void)
{
  g_autoptr(SpkBoard) board = board_with_dispatch ();
  g_autoptr(SpkBoard) again = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = spk_table_file_to_data (board, NULL);
  JsonObject *chip = first_chip (parser, saved);
  const SpkChip *d;

  g_assert_cmpstr (json_object_get_string_member (chip, "roster"), ==, "dispatch");
  /* The roster fields equal to the record are left out... */
  g_assert_false (json_object_has_member (chip, "cost"));
  g_assert_false (json_object_has_member (chip, "reward"));
  g_assert_false (json_object_has_member (chip, "promoted_side"));
  /* ...the shared contract's are always written. */
  g_assert_cmpint (json_object_get_int_member (chip, "movement"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (chip, "health"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (chip, "attack"), ==, 1);
  g_assert_true (json_object_has_member (chip, "talents"));

  again = spk_table_file_parse (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, again));
  d = spk_board_find_chip (again, "dispatch-1");
  g_assert_cmpstr (d->roster, ==, "dispatch");
  g_assert_cmpint (d->cost, ==, 3);
  g_assert_cmpint (d->reward, ==, 3);
  g_assert_true (d->has_promoted_side);
  g_assert_cmpint (d->promoted_side.attack, ==, 2);
}

/* A value the players changed is written, even when it is the contract's
 * default, and read back as changed. */
static void
test_changed_value_kept (void)
{
  g_autoptr(SpkBoard) board = board_with_dispatch ();
  g_autoptr(SpkBoard) again = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  SpkChip *d = spk_board_find_chip (board, "dispatch-1");
  JsonObject *chip;

  d->reward = 0;
  d->cost = 5;
  d->attack = 4;
  d->promoted_side.attack = 3;
  saved = spk_table_file_to_data (board, NULL);
  chip = first_chip (parser, saved);
  g_assert_cmpint (json_object_get_int_member (chip, "reward"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (chip, "cost"), ==, 5);
  g_assert_true (json_object_has_member (chip, "promoted_side"));

  again = spk_table_file_parse (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, again));
  d = spk_board_find_chip (again, "dispatch-1");
  g_assert_cmpint (d->reward, ==, 0);
  g_assert_cmpint (d->cost, ==, 5);
  g_assert_cmpint (d->attack, ==, 4);
  g_assert_cmpint (d->promoted_side.attack, ==, 3);
}

/* A hand-written chip naming its record gets the roster fields it leaves
 * out; the contract's stats keep the contract's defaults. */
static void
test_absent_fields_filled (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (
    HEAD "{\"id\":\"d\",\"kind\":\"minion\",\"faction\":\"a\",\"roster\":\"dispatch\","
    "\"q\":0,\"r\":0,\"health\":3,\"merc\":true}]}", -1, &error);
  const SpkChip *d;

  g_assert_no_error (error);
  d = spk_board_find_chip (board, "d");
  g_assert_cmpint (d->cost, ==, 3);
  g_assert_cmpint (d->reward, ==, 3);
  g_assert_true (d->merc);
  g_assert_false (d->starting);
  g_assert_true (d->has_promoted_side);
  g_assert_cmpint (d->promoted_side.movement, ==, 2);
  g_assert_cmpint (d->movement, ==, 0);
  g_assert_cmpint (d->health, ==, 3);
}

/* An id the roster lacks is refused at its place in the file, and so is a
 * record of another kind than the chip. */
static void
test_unknown_id_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  SpkBoard *board = spk_table_file_parse_full (
    HEAD "{\"id\":\"x\",\"kind\":\"minion\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":1},"
    "{\"id\":\"d\",\"kind\":\"minion\",\"faction\":\"a\",\"roster\":\"no-such-chip\","
    "\"q\":1,\"r\":0,\"health\":3}]}", -1, &problems, &error);

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_UNKNOWN_REFERENCE);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_true (g_str_has_prefix (error->message, "chips[1].roster: "));
  g_assert_nonnull (strstr (error->message, "no-such-chip"));
  g_clear_error (&error);

  board = spk_table_file_parse (
    HEAD "{\"id\":\"d\",\"kind\":\"spire\",\"faction\":\"a\",\"roster\":\"dispatch\","
    "\"q\":0,\"r\":0}]}", -1, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "chips[0].roster: "));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-roster/round-trip", test_round_trip);
  g_test_add_func ("/table-roster/changed-value-kept", test_changed_value_kept);
  g_test_add_func ("/table-roster/absent-fields-filled", test_absent_fields_filled);
  g_test_add_func ("/table-roster/unknown-id-refused", test_unknown_id_refused);
  return g_test_run ();
}
