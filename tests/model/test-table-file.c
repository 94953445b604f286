/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table file: round trip, unknown fields and every validation error. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-table-file.h"
#include "spk-talent.h"

static char *
fixture_text (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static void
test_round_trip (void)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) first = spk_table_file_parse (text, -1, &error);
  g_autoptr(SpkBoard) second = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_cmpint (first->player_count, ==, 2);
  g_assert_cmpuint (first->hexes->len, ==, 24);
  g_assert_cmpuint (first->chips->len, ==, 9);

  saved = spk_table_file_to_data (first, NULL);
  second = spk_table_file_parse (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (first, second));

  /* The same board always serialises to the same bytes. */
  saved_again = spk_table_file_to_data (second, NULL);
  g_assert_cmpstr (saved, ==, saved_again);
}

/* The attack fields and a promoted side survive a save, and a promoted
 * side on a spire or without health is refused with its path. */
static void
test_attack_fields (void)
{
  const char *head =
    "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2,"
    "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}],"
    "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"path\",\"group\":\"isle-1\"},"
    "{\"q\":1,\"r\":0,\"terrain\":\"path\",\"group\":\"isle-1\"}],"
    "\"fortresses\":[{\"faction\":\"a\",\"gate\":[3,0]},{\"faction\":\"b\",\"gate\":[-3,0]}],"
    "\"chips\":[";
  g_autofree char *good = g_strconcat (head,
    "{\"id\":\"h\",\"kind\":\"hero\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":3,"
    "\"attacked\":true,\"retaliated\":true,\"spire_reward\":true,\"relic_reward\":true,"
    "\"promoted\":true,\"promoted_side\":{\"movement\":3,\"allowance\":\"forest\",\"health\":5,"
    "\"attack\":2,\"capacity\":0}},"
    "{\"id\":\"v\",\"kind\":\"landmark\",\"q\":1,\"r\":0,\"health\":4,\"revealed\":true,"
    "\"landmark_minion\":true}]}", NULL);
  g_autofree char *spire_side = g_strconcat (head,
    "{\"id\":\"s\",\"kind\":\"spire\",\"faction\":\"a\",\"q\":0,\"r\":0,"
    "\"promoted_side\":{\"health\":2}}]}", NULL);
  g_autofree char *no_health = g_strconcat (head,
    "{\"id\":\"h\",\"kind\":\"hero\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":3,"
    "\"promoted_side\":{\"attack\":2}}]}", NULL);
  g_autofree char *minion_flag = g_strconcat (head,
    "{\"id\":\"m\",\"kind\":\"minion\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":3,"
    "\"landmark_minion\":true}]}", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (good, -1, &error);
  g_autoptr(SpkBoard) again = NULL;
  g_autofree char *saved = NULL;
  const SpkChip *h, *v;

  g_assert_no_error (error);
  h = spk_board_find_chip (board, "h");
  v = spk_board_find_chip (board, "v");
  g_assert_true (h->attacked && h->retaliated && h->spire_reward && h->relic_reward && h->promoted);
  g_assert_true (h->has_promoted_side);
  g_assert_cmpint (h->promoted_side.movement, ==, 3);
  g_assert_cmpint (h->promoted_side.allowance, ==, SPK_TERRAIN_FOREST);
  g_assert_cmpint (h->promoted_side.health, ==, 5);
  g_assert_cmpint (h->promoted_side.attack, ==, 2);
  g_assert_true (v->landmark_minion);
  g_assert_false (h->landmark_minion);
  saved = spk_table_file_to_data (board, NULL);
  again = spk_table_file_parse (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, again));
  g_assert_nonnull (strstr (saved, "\"promoted_side\""));

  g_assert_null (spk_table_file_parse (spire_side, -1, &error));
  g_assert_nonnull (strstr (error->message, "chips[0].promoted_side"));
  g_clear_error (&error);
  g_assert_null (spk_table_file_parse (no_health, -1, &error));
  g_assert_nonnull (strstr (error->message, "add health"));
  g_clear_error (&error);
  g_assert_null (spk_table_file_parse (minion_flag, -1, &error));
  g_assert_nonnull (strstr (error->message, "chips[0].landmark_minion"));
}

static void
test_defaults (void)
{
  const char *text =
    "{\"format\":\"spirekeeper-table\",\"version\":1,\"player_count\":2,"
    "\"factions\":[{\"id\":\"a\",\"mark\":\"b\"},{\"id\":\"b\",\"mark\":\"a\"}],"
    "\"hexes\":[{\"q\":0,\"r\":0,\"terrain\":\"forest\",\"group\":\"isle-1\"}],"
    "\"fortresses\":[{\"faction\":\"a\",\"gate\":[1,0]}],"
    "\"chips\":[{\"id\":\"m\",\"kind\":\"minion\",\"faction\":\"a\",\"q\":0,\"r\":0,\"health\":3}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);
  SpkFaction *a;
  SpkChip *m;
  SpkHexEntry *h;

  g_assert_no_error (error);
  g_assert_cmpint (board->wave, ==, 1);
  a = spk_board_find_faction (board, "a");
  g_assert_cmpstr (a->name, ==, "a");
  g_assert_null (a->team);
  g_assert_cmpint (a->source, ==, 0);
  g_assert_cmpint (a->gate_health, ==, 10);
  h = g_ptr_array_index (board->hexes, 0);
  g_assert_false (h->well);
  g_assert_cmpint (h->layer, ==, 0);
  m = spk_board_find_chip (board, "m");
  g_assert_cmpstr (m->name, ==, "m");
  g_assert_cmpint (m->movement, ==, 0);
  g_assert_cmpint (m->allowance, ==, SPK_TERRAIN_PATH);
  g_assert_cmpint (m->max_health, ==, 3);
  g_assert_true (m->active);
  g_assert_false (m->moved);
  g_assert_cmpuint (m->upgrades->len, ==, 0);
  g_assert_cmpuint (spk_board_find_fortress (board, "a")->wells->len, ==, 0);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
test_unknown_fields_kept (void)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, NULL);
  g_autofree char *saved = spk_table_file_to_data (board, NULL);
  g_autoptr(JsonNode) root = parse_json (saved);
  JsonObject *top = json_node_get_object (root);
  JsonObject *notes = json_object_get_object_member (top, "notes_from_the_future");

  g_assert_nonnull (notes);
  g_assert_true (json_object_get_boolean_member (notes, "kept"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (notes, "list")), ==, 3);
  g_assert_cmpint (json_object_get_int_member (
                     json_array_get_object_element (json_object_get_array_member (top, "factions"), 0),
                     "cp"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (
                     json_array_get_object_element (json_object_get_array_member (top, "chips"), 0),
                     "sticker"), ==, "red dot");
  g_assert_cmpstr (json_object_get_string_member (
                     json_array_get_object_element (json_object_get_array_member (top, "hexes"), 0),
                     "art"), ==, "isle 4 side B");
}

static void
test_save_atomic (void)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) back = NULL;
  GDir *d;
  int n = 0;

  g_assert_true (spk_table_file_save (board, path, &error));
  g_assert_no_error (error);
  back = spk_table_file_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, back));

  /* Nothing but the file itself is left behind. */
  d = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (d) != NULL)
    n++;
  g_dir_close (d);
  g_assert_cmpint (n, ==, 1);

  g_remove (path);
  g_rmdir (dir);
}

/* A mutation: set @value (JSON text, or NULL to delete) at @where, a path of
 * ".name" and "[i]" steps into the fixture. */
typedef struct {
  const char *name;
  const char *where;
  const char *value;
  SpkTableError code;
  const char *in_message;
} BadRow;

static const BadRow bad_rows[] = {
  { "format-wrong", "format", "\"other-app\"", SPK_TABLE_ERROR_NOT_A_TABLE, "format:" },
  { "format-missing", "format", NULL, SPK_TABLE_ERROR_NOT_A_TABLE, "format:" },
  { "version-newer", "version", "2", SPK_TABLE_ERROR_NEWER_VERSION, "version:" },
  { "version-zero", "version", "0", SPK_TABLE_ERROR_VALUE, "version:" },
  { "version-type", "version", "\"1\"", SPK_TABLE_ERROR_TYPE, "version:" },
  { "players-five", "player_count", "5", SPK_TABLE_ERROR_VALUE, "player_count:" },
  { "players-missing", "player_count", NULL, SPK_TABLE_ERROR_MISSING, "player_count:" },
  { "wave-negative", "wave", "-1", SPK_TABLE_ERROR_NEGATIVE, "wave:" },
  { "factions-type", "factions", "{}", SPK_TABLE_ERROR_TYPE, "factions:" },
  { "faction-not-object", "factions[1]", "3", SPK_TABLE_ERROR_TYPE, "factions[1]:" },
  { "faction-dup", "factions[1].id", "\"brawnen\"", SPK_TABLE_ERROR_DUPLICATE_ID, "factions[1].id:" },
  { "faction-mark-unknown", "factions[0].mark", "\"nobody\"", SPK_TABLE_ERROR_UNKNOWN_REFERENCE, "factions[0].mark:" },
  { "faction-mark-missing", "factions[0].mark", NULL, SPK_TABLE_ERROR_MISSING, "factions[0].mark:" },
  { "faction-mark-self", "factions[0].mark", "\"brawnen\"", SPK_TABLE_ERROR_VALUE, "factions[0].mark:" },
  { "faction-source-high", "factions[0].source", "21", SPK_TABLE_ERROR_VALUE, "factions[0].source:" },
  { "faction-source-negative", "factions[1].source", "-2", SPK_TABLE_ERROR_NEGATIVE, "factions[1].source:" },
  { "faction-gate-negative", "factions[1].gate_health", "-1", SPK_TABLE_ERROR_NEGATIVE, "factions[1].gate_health:" },
  { "faction-gate-high", "factions[1].gate_health", "11", SPK_TABLE_ERROR_VALUE, "factions[1].gate_health:" },
  { "faction-source-type", "factions[0].source", "\"8\"", SPK_TABLE_ERROR_TYPE, "factions[0].source:" },
  { "hex-terrain", "hexes[3].terrain", "\"lava\"", SPK_TABLE_ERROR_UNKNOWN_TERRAIN, "hexes[3].terrain:" },
  { "hex-q-type", "hexes[2].q", "1.5", SPK_TABLE_ERROR_TYPE, "hexes[2].q:" },
  { "hex-group-missing", "hexes[2].group", NULL, SPK_TABLE_ERROR_MISSING, "hexes[2].group:" },
  { "hex-well-type", "hexes[2].well", "\"yes\"", SPK_TABLE_ERROR_TYPE, "hexes[2].well:" },
  { "hex-far-away", "hexes[2].q", "5000", SPK_TABLE_ERROR_VALUE, "hexes[2]: coordinate" },
  { "hex-layer-negative", "hexes[2].layer", "-1", SPK_TABLE_ERROR_NEGATIVE, "hexes[2].layer:" },
  { "hex-duplicate", "hexes[1].q", "-2", SPK_TABLE_ERROR_DUPLICATE_ID, "hexes[4]: hex (-2,1)" },
  { "fortress-faction", "fortresses[1].faction", "\"nobody\"", SPK_TABLE_ERROR_UNKNOWN_REFERENCE, "fortresses[1].faction:" },
  { "fortress-gate-type", "fortresses[0].gate", "[1]", SPK_TABLE_ERROR_TYPE, "fortresses[0].gate:" },
  { "fortress-on-hex", "fortresses[0].wells[1]", "[-2,0]", SPK_TABLE_ERROR_OVERLAP, "fortresses[0].wells[1]:" },
  { "fortress-dup", "fortresses[1].faction", "\"brawnen\"", SPK_TABLE_ERROR_DUPLICATE_ID, "fortresses[1].faction:" },
  /* RR Fortress Source Well: a faction's spire never stands on another's. */
  { "spire-other-fortress", "chips[6].q", "4", SPK_TABLE_ERROR_PLACEMENT,
    "chips[6]: spire “brick-and-mortars” of brawnen stands on a fortress well of grovetenders" },
  { "chip-kind", "chips[2].kind", "\"dragon\"", SPK_TABLE_ERROR_UNKNOWN_KIND, "chips[2].kind:" },
  { "chip-dup", "chips[2].id", "\"war-briar\"", SPK_TABLE_ERROR_DUPLICATE_ID, "chips[2].id:" },
  { "chip-faction-missing", "chips[2].faction", NULL, SPK_TABLE_ERROR_MISSING, "chips[2].faction:" },
  { "chip-faction-unknown", "chips[2].faction", "\"nobody\"", SPK_TABLE_ERROR_UNKNOWN_REFERENCE, "chips[2].faction:" },
  { "chip-upgrade", "chips[6].upgrades[1]", "\"speed\"", SPK_TABLE_ERROR_UNKNOWN_UPGRADE, "chips[6].upgrades[1]:" },
  { "chip-upgrade-type", "chips[6].upgrades[2]", "7", SPK_TABLE_ERROR_TYPE, "chips[6].upgrades[2]:" },
  { "chip-health-negative", "chips[0].health", "-3", SPK_TABLE_ERROR_NEGATIVE, "chips[0].health:" },
  { "chip-max-health-negative", "chips[0].max_health", "-1", SPK_TABLE_ERROR_NEGATIVE, "chips[0].max_health:" },
  { "chip-movement-negative", "chips[0].movement", "-1", SPK_TABLE_ERROR_NEGATIVE, "chips[0].movement:" },
  { "chip-allowance", "chips[0].allowance", "\"clouds\"", SPK_TABLE_ERROR_UNKNOWN_TERRAIN, "chips[0].allowance:" },
  { "chip-talents-type", "chips[4].talents", "\"Flying\"", SPK_TABLE_ERROR_TYPE, "chips[4].talents:" },
  { "chip-two-on-hex", "chips[2].q", "1", SPK_TABLE_ERROR_HEX_OCCUPIED, "chips[2]:" },
  /* R-talent-5: a hero without Spire Shot does not share its spire's hex. */
  { "chip-hero-on-spire", "chips[4].r", "-1", SPK_TABLE_ERROR_HEX_OCCUPIED, "chips[5]:" },
  { "chip-on-sky", "chips[0].q", "9", SPK_TABLE_ERROR_ON_SKY, "chips[0]:" },
  { "chip-no-place", "chips[0].q", NULL, SPK_TABLE_ERROR_MISSING, "chips[0]:" },
  { "chip-grouped-unknown", "chips[0].grouped", "[\"ghost\"]", SPK_TABLE_ERROR_UNKNOWN_REFERENCE, "chips[0].grouped[0]:" },
  { "chip-grouped-self", "chips[0].grouped", "[\"war-briar\"]", SPK_TABLE_ERROR_PLACEMENT, "chips[0].grouped[0]:" },
  { "chip-unit-on-fortress-well", "chips[2].q", "-5", SPK_TABLE_ERROR_PLACEMENT, "chips[2]:" },
  { "deployment-no-fortress", "fortresses[1]", NULL, SPK_TABLE_ERROR_NO_FORTRESS, "deployment[0].faction:" },
  { "deployment-unknown-chip", "deployment[0].stack[0]", "\"ghost\"", SPK_TABLE_ERROR_UNKNOWN_REFERENCE, "deployment[0].stack[0]:" },
  { "deployment-wrong-faction", "deployment[1].stack[0]", "\"treed\"", SPK_TABLE_ERROR_PLACEMENT, "deployment[1].stack[0]:" },
  { "deployment-dup", "deployment[1].faction", "\"grovetenders\"", SPK_TABLE_ERROR_DUPLICATE_ID, "deployment[1].faction:" },
  { "root-array", "", "[]", SPK_TABLE_ERROR_NOT_A_TABLE, "JSON object" },
};

/* Sets @value (JSON text; NULL deletes) at @where inside @root. */
static void
apply_mutation (JsonNode *root, const char *where, const char *value)
{
  JsonNode *node = root;
  JsonNode *parent = NULL;
  g_autofree char *last_name = NULL;
  int last_index = -1;
  const char *p = where;

  while (*p != '\0')
    {
      parent = node;
      g_clear_pointer (&last_name, g_free);
      last_index = -1;
      if (*p == '[')
        {
          char *end;
          last_index = (int) strtol (p + 1, &end, 10);
          p = end + 1;
          node = json_array_get_element (json_node_get_array (parent), last_index);
        }
      else
        {
          const char *end;
          if (*p == '.')
            p++;
          end = p + strcspn (p, ".[");
          last_name = g_strndup (p, end - p);
          p = end;
          node = json_object_get_member (json_node_get_object (parent), last_name);
        }
    }

  if (last_name != NULL)
    {
      if (value == NULL)
        json_object_remove_member (json_node_get_object (parent), last_name);
      else
        json_object_set_member (json_node_get_object (parent), last_name, parse_json (value));
    }
  else
    {
      JsonArray *old = json_node_get_array (parent);
      g_autoptr(JsonArray) copy = json_array_new ();

      for (guint i = 0; i < json_array_get_length (old); i++)
        {
          if ((int) i != last_index)
            json_array_add_element (copy, json_node_copy (json_array_get_element (old, i)));
          else if (value != NULL)
            json_array_add_element (copy, parse_json (value));
        }
      json_node_set_array (parent, copy);
    }
}

static void
test_bad_row (gconstpointer data)
{
  const BadRow *row = data;
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(JsonNode) root = parse_json (text);
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *mutated = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(SpkBoard) board = NULL;
  gboolean found = FALSE;

  /* An empty place replaces the whole document. */
  if (*row->where == '\0')
    mutated = g_strdup (row->value);
  else
    {
      apply_mutation (root, row->where, row->value);
      json_generator_set_root (gen, root);
      mutated = json_generator_to_data (gen, NULL);
    }

  board = spk_table_file_parse_full (mutated, -1, &problems, &error);
  g_assert_null (board);
  g_assert_nonnull (error);
  g_assert_nonnull (problems);
  for (guint i = 0; i < problems->len; i++)
    {
      GError *e = g_ptr_array_index (problems, i);
      if (g_error_matches (e, SPK_TABLE_ERROR, (int) row->code) &&
          strstr (e->message, row->in_message) != NULL)
        found = TRUE;
    }
  if (!found)
    {
      for (guint i = 0; i < problems->len; i++)
        g_test_message ("got %d: %s", ((GError *) g_ptr_array_index (problems, i))->code,
                        ((GError *) g_ptr_array_index (problems, i))->message);
      g_test_fail_printf ("%s: no problem with code %d mentioning “%s”", row->name,
                          row->code, row->in_message);
    }
}

/* Parses table-basic.json with dywen (chips[4]) given Spire Shot and
 * moved to (@q, @r); NULL and @error set when refused. */
static SpkBoard *
spire_shot_table (const char *q, const char *r, GError **error)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(JsonNode) root = parse_json (text);
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *mutated = NULL;

  apply_mutation (root, "chips[4].talents", "[\"Spire Shot\"]");
  apply_mutation (root, "chips[4].q", q);
  apply_mutation (root, "chips[4].r", r);
  json_generator_set_root (gen, root);
  mutated = json_generator_to_data (gen, NULL);
  return spk_table_file_parse (mutated, -1, error);
}

/* R-talent-5: a Spire Shot hero may stand on its faction's spire (and
 * the file keeps it there), not on an opposing one. */
static void
test_spire_shot_shares_hex (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) opposing = NULL;
  g_autoptr(SpkBoard) board = spire_shot_table ("2", "-1", &error);
  g_autoptr(SpkBoard) refused = NULL;
  g_autoptr(SpkBoard) again = NULL;
  g_autofree char *data = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (spk_talent_spire_shot (board, spk_board_find_chip (board, "dywen")));
  data = spk_table_file_to_data (board, NULL);
  again = spk_table_file_parse (data, -1, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, again));

  refused = spire_shot_table ("-2", "1", &opposing);
  g_assert_null (refused);
  g_assert_error (opposing, SPK_TABLE_ERROR, SPK_TABLE_ERROR_HEX_OCCUPIED);
}

static void
test_syntax_error_has_position (void)
{
  const char *text = "{\n  \"format\": \"spirekeeper-table\",\n  \"version\": 1,,\n}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, &error);

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "line 3"));
  g_assert_nonnull (strstr (error->message, "column"));
}

static void
test_empty_and_binary (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse ("", 0, &error);
  const char binary[] = { '{', (char) 0xff, (char) 0xfe, '}' };

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_clear_error (&error);
  board = spk_table_file_parse (binary, sizeof binary, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
}

static void
test_many_problems_listed (void)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(JsonNode) root = parse_json (text);
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *mutated = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(SpkBoard) board = NULL;

  apply_mutation (root, "chips[0].health", "-1");
  apply_mutation (root, "hexes[0].terrain", "\"lava\"");
  json_generator_set_root (gen, root);
  mutated = json_generator_to_data (gen, NULL);
  board = spk_table_file_parse_full (mutated, -1, &problems, &error);
  g_assert_null (board);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (error->message, "1 more problem"));
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_load ("/nonexistent/spk/table.json", NULL, &error);

  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO);
}

/* RR Spire Limit: 6 spires per faction at a 2-player table; the seventh
 * is refused where it is listed, the sixth is fine. */
static void
test_spire_limit (void)
{
  g_autofree char *text = fixture_text ("table-basic.json");
  g_autoptr(SpkBoard) board = spk_table_file_parse (text, -1, NULL);
  g_autoptr(SpkBoard) six = NULL;
  g_autoptr(SpkBoard) seven = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  guint added = 0, last = 0;

  g_assert_nonnull (board);
  /* The fixture has one grovetenders spire; add spires on free hexes. */
  for (guint i = 0; i < board->hexes->len && added < 6; i++)
    {
      SpkHexEntry *h = g_ptr_array_index (board->hexes, i);
      gboolean taken = FALSE;
      g_autofree char *id = NULL;
      SpkChip *c;

      for (guint j = 0; j < board->chips->len && !taken; j++)
        {
          const SpkChip *o = g_ptr_array_index (board->chips, j);
          taken = o->placed && o->q == h->q && o->r == h->r;
        }
      if (taken || h->layer != 0)
        continue;
      id = g_strdup_printf ("extra-%u", added);
      /* R-file-2: a spire stands on a Source well. */
      h->well = TRUE;
      c = spk_chip_new (id, SPK_CHIP_SPIRE);
      c->faction = g_strdup ("grovetenders");
      c->placed = TRUE;
      c->q = h->q;
      c->r = h->r;
      g_ptr_array_add (board->chips, c);
      last = board->chips->len - 1;
      added++;
      if (added == 5)
        {
          g_autofree char *at_limit = spk_table_file_to_data (board, NULL);

          six = spk_table_file_parse (at_limit, -1, &error);
          g_assert_no_error (error);
        }
    }
  g_assert_cmpuint (added, ==, 6);
  data = spk_table_file_to_data (board, NULL);
  seven = spk_table_file_parse_full (data, -1, &problems, &error);
  g_assert_null (seven);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_PLACEMENT);
  g_assert_cmpuint (problems->len, ==, 1);
  {
    g_autofree char *expected = g_strdup_printf (
      "chips[%u]: spire “extra-5” is spire 7 of grovetenders on the board, over the limit of 6 "
      "for 2 players; remove a spire or take it off the board", last);

    g_assert_cmpstr (((GError *) g_ptr_array_index (problems, 0))->message, ==, expected);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-file/round-trip", test_round_trip);
  g_test_add_func ("/table-file/spire-shot-shares-hex", test_spire_shot_shares_hex);
  g_test_add_func ("/table-file/defaults", test_defaults);
  g_test_add_func ("/table-file/attack-fields", test_attack_fields);
  g_test_add_func ("/table-file/unknown-fields-kept", test_unknown_fields_kept);
  g_test_add_func ("/table-file/save-atomic", test_save_atomic);
  g_test_add_func ("/table-file/syntax-error-position", test_syntax_error_has_position);
  g_test_add_func ("/table-file/empty-and-binary", test_empty_and_binary);
  g_test_add_func ("/table-file/many-problems", test_many_problems_listed);
  g_test_add_func ("/table-file/missing-file", test_missing_file);
  g_test_add_func ("/table-file/spire-limit", test_spire_limit);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_rows); i++)
    {
      g_autofree char *name = g_strdup_printf ("/table-file/invalid/%s", bad_rows[i].name);
      g_test_add_data_func (name, &bad_rows[i], test_bad_row);
    }
  return g_test_run ();
}
