/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The roster (spk-roster.h): the shipped file loads and keeps every rule
 * of docs/roster-format.md, the starter factions are complete, its numbers
 * agree with the rulebook's wave-1 walkthrough, bad files are refused with
 * the place named, the picker's search and make_chip. */
#include "config.h"

#include <string.h>

#include "spk-glossary.h"
#include "spk-roster.h"
#include "spk-search.h"

static SpkRoster *
load_shipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = spk_roster_find_file ("cloudspire");
  SpkRoster *roster;

  g_assert_nonnull (path);
  roster = spk_roster_load_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (roster);
  return roster;
}

static const SpkRosterRecord *
find (const SpkRoster *roster, const char *id)
{
  const SpkRosterRecord *r = spk_roster_lookup (roster, id);

  if (r == NULL)
    g_error ("no record %s", id);
  return r;
}

static gboolean
has_string (GPtrArray *list, const char *s)
{
  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (g_ptr_array_index (list, i), s) == 0)
      return TRUE;
  return FALSE;
}

static int
count_upgrades (const SpkRosterSideStats *s, SpkUpgrade kind)
{
  int n = 0;

  g_assert_nonnull (s->upgrades);
  for (guint i = 0; i < s->upgrades->len; i++)
    n += g_array_index (s->upgrades, SpkUpgrade, i) == kind;
  return n;
}

/* spk_roster_make_chip with the record's id, asserting it succeeds. */
static SpkChip *
make (const SpkRoster *roster, const char *id, SpkRosterSide side, const char *faction,
      GPtrArray *unknown)
{
  g_autoptr(GError) error = NULL;
  SpkChip *chip = spk_roster_make_chip (roster, id, side, faction, NULL, unknown, &error);

  g_assert_no_error (error);
  g_assert_nonnull (chip);
  return chip;
}

/* SPK_ROSTER_DIR, then the source tree: the tests read the committed file. */
static void
test_find_file (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("SPK_DATADIR"), "roster", NULL);
  g_autofree char *path = NULL;

  g_setenv ("SPK_ROSTER_DIR", dir, TRUE);
  path = spk_roster_find_file ("cloudspire");
  g_assert_nonnull (path);
  g_assert_true (g_str_has_prefix (path, dir));
  g_assert_null (spk_roster_find_file ("no-such-game"));

  /* A directory named explicitly wins, even without the file. */
  g_setenv ("SPK_ROSTER_DIR", "/nonexistent", TRUE);
  g_assert_null (spk_roster_find_file ("cloudspire"));
  g_setenv ("SPK_ROSTER_DIR", dir, TRUE);
}

/* Every unit side of a faction chip prints all of these. */
static void
assert_unit_side_known (const SpkRosterRecord *r, const SpkRosterSideStats *s, gboolean basic)
{
  if (basic)
    g_assert_cmpint (s->cp_cost, >=, 0);
  g_assert_cmpint (s->source_reward, >=, 0);
  g_assert_cmpint (s->movement, >=, 1);
  g_assert_cmpint (s->allowance, >=, SPK_TERRAIN_PATH);
  g_assert_cmpint (s->health, >=, 1);
  g_assert_cmpint (s->attack, >=, 0);
  if (r->kind == SPK_ROSTER_HERO)
    g_assert_cmpint (s->capacity, >=, 0);
}

static void
assert_spire_side_known (const SpkRosterSideStats *s)
{
  g_assert_cmpint (s->source_cost, >=, 1);
  g_assert_cmpint (s->source_reward, >=, 0);
  g_assert_cmpint (s->capacity, >=, 0);
  g_assert_nonnull (s->upgrades);
}

/* The rules of the format the loader cannot see record by record: the
 * starter factions are complete (3 heroes, 12 minion chips of 6 types, 8
 * spire chips of 2 double-sided types, every stat known, as the rulebook's
 * Components and barracks set-up count them), the market holds the box's 20
 * chips, the landmarks no more than its 19. */
static void
test_shipped_rules (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  int market = 0, landmarks = 0;

  g_assert_cmpstr (spk_roster_get_game (roster), ==, "cloudspire");
  g_assert_cmpuint (spk_roster_get_n_factions (roster), ==, 7);

  for (guint f = 0; f < spk_roster_get_n_factions (roster); f++)
    {
      const SpkRosterFaction *faction = spk_roster_get_faction (roster, f);
      int heroes = 0, minions = 0, spires = 0, minion_types = 0, spire_types = 0;

      for (guint i = 0; i < spk_roster_get_n_records (roster); i++)
        {
          const SpkRosterRecord *r = spk_roster_get_record (roster, i);

          /* Other factions are names so far, their stats the player's. */
          if (g_strcmp0 (r->faction, faction->id) != 0 || !faction->starter)
            continue;
          g_assert_cmpint (r->count, >=, 1);
          switch (r->kind)
            {
            case SPK_ROSTER_HERO:
              heroes += r->count;
              break;
            case SPK_ROSTER_MINION:
              minions += r->count;
              minion_types++;
              break;
            case SPK_ROSTER_SPIRE:
              spires += r->count;
              spire_types++;
              break;
            case SPK_ROSTER_LANDMARK:
            case SPK_ROSTER_EQUIPMENT:
            case SPK_ROSTER_N_KINDS:
            default:
              g_assert_not_reached ();
            }
          g_assert_true (r->has_promoted);
          if (r->kind == SPK_ROSTER_SPIRE)
            {
              assert_spire_side_known (&r->basic);
              assert_spire_side_known (&r->promoted);
              g_assert_nonnull (r->promoted.name);
            }
          else
            {
              assert_unit_side_known (r, &r->basic, TRUE);
              assert_unit_side_known (r, &r->promoted, FALSE);
            }
        }
      if (faction->starter)
        {
          g_assert_cmpint (heroes, ==, faction->heroes);
          g_assert_cmpint (minions, ==, faction->minion_chips);
          g_assert_cmpint (spires, ==, faction->spire_chips);
          g_assert_cmpint (heroes, ==, 3);
          g_assert_cmpint (minions, ==, 12);
          g_assert_cmpint (minion_types, ==, 6);
          g_assert_cmpint (spires, ==, 8);
          g_assert_cmpint (spire_types, ==, 2);
        }
    }

  for (guint i = 0; i < spk_roster_get_n_records (roster); i++)
    {
      const SpkRosterRecord *r = spk_roster_get_record (roster, i);

      g_assert_false (g_hash_table_contains (ids, r->id));
      g_hash_table_add (ids, r->id);
      g_assert_nonnull (r->sources);
      g_assert_cmpuint (r->sources->len, >=, 1);
      g_assert_cmpint (r->kind, <, SPK_ROSTER_N_KINDS);
      if (r->merc)
        {
          market += r->count;
          if (r->kind == SPK_ROSTER_HERO || r->kind == SPK_ROSTER_MINION)
            {
              g_assert_cmpint (r->basic.cp_cost, ==, 0);
              g_assert_cmpint (r->basic.source_cost, >=, 1);
              assert_unit_side_known (r, &r->basic, TRUE);
            }
          else
            g_assert_cmpint (r->basic.source_cost, >=, 1);
        }
      if (r->kind == SPK_ROSTER_LANDMARK)
        landmarks += r->count == SPK_ROSTER_UNKNOWN ? 1 : r->count;
      /* A disputed value names the ruling in docs/rulings.md. */
      if (r->disputed != NULL)
        g_assert_cmpuint (r->disputed->len, >=, 1);
    }
  g_assert_cmpint (market, ==, 20);
  g_assert_cmpint (landmarks, <=, 19);
}

/* Every chip the rulebook's set-up and wave-1 walkthrough name. */
static void
test_walkthrough_chips_present (void)
{
  static const char *const names[] = {
    "Awsh", "Battleborn", "Dispatch", "Dywen", "War Briar", "Treed", "Shrubbery",
    "Reetall", "Brick and Mortars", "Roa", "Mini Harvester", "Cebyssa", "Bounty Hunter",
    "Grail Vipers", "Source Peddler", "Traxxyr Roughneck", "Traxxyr Hellion", "Gateport",
    "Ancient Traxxyr",
  };
  g_autoptr(SpkRoster) roster = load_shipped ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GArray) hits = spk_roster_search (roster, names[i]);

      g_test_message ("%s", names[i]);
      g_assert_cmpuint (hits->len, >=, 1);
      g_assert_cmpstr (g_array_index (hits, SpkRosterMatch, 0).record->name, ==, names[i]);
    }
}

/* Numbers the walkthrough states or implies, each row naming the moment. */
typedef struct {
  const char *id;
  const char *field;
  int         value;
  const char *where;
} SpotCheck;

static int
field_value (const SpkRosterRecord *r, const char *field)
{
  const SpkRosterSideStats *s = g_str_has_prefix (field, "promoted.") ? &r->promoted : &r->basic;
  const char *name = strchr (field, '.') != NULL ? strchr (field, '.') + 1 : field;

  if (strcmp (name, "cp_cost") == 0) return s->cp_cost;
  if (strcmp (name, "source_cost") == 0) return s->source_cost;
  if (strcmp (name, "source_reward") == 0) return s->source_reward;
  if (strcmp (name, "movement") == 0) return s->movement;
  if (strcmp (name, "allowance") == 0) return s->allowance;
  if (strcmp (name, "health") == 0) return s->health;
  if (strcmp (name, "attack") == 0) return s->attack;
  if (strcmp (name, "capacity") == 0) return s->capacity;
  if (strcmp (name, "relic_reward") == 0) return s->relic_reward;
  if (strcmp (name, "spire_reward") == 0) return s->spire_reward;
  if (strcmp (name, "attack_upgrades") == 0) return count_upgrades (s, SPK_UPGRADE_ATTACK);
  if (strcmp (name, "range_upgrades") == 0) return count_upgrades (s, SPK_UPGRADE_RANGE);
  if (strcmp (name, "fortification_upgrades") == 0) return count_upgrades (s, SPK_UPGRADE_FORTIFICATION);
  g_error ("unknown field %s", field);
}

static void
test_walkthrough_numbers (void)
{
  static const SpotCheck rows[] = {
    { "awsh", "cp_cost", 0, "Prep: the brawnen take their 0 CP hero" },
    { "battleborn", "cp_cost", 2, "Prep: a battleborn for 2 CP" },
    { "dispatch", "cp_cost", 3, "Prep: a dispatch for 3 CP" },
    { "dywen", "cp_cost", 0, "Prep: the grovetenders' 0 CP hero" },
    { "war-briar", "cp_cost", 2, "Prep: a war briar for 2 CP" },
    { "treed", "cp_cost", 3, "Prep: a treed for 3 CP" },
    { "dispatch", "movement", 2, "first move: 2 path hexes out of the fortress" },
    { "awsh", "allowance", SPK_TERRAIN_FOREST, "first move: Awsh may enter forest" },
    { "dywen", "allowance", SPK_TERRAIN_FOREST, "grovetenders' first move" },
    { "war-briar", "movement", 2, "grovetenders' first move" },
    { "treed", "movement", 2, "grovetenders' first move" },
    { "bounty-hunter", "health", 4, "revealed with 4 health chips" },
    { "grail-vipers", "health", 3, "revealed with 3 health chips" },
    { "grail-vipers", "relic_reward", TRUE, "its reward is a relic card" },
    { "treed", "attack", 1, "treed deals 1 to the viper" },
    { "dywen", "attack", 1, "Dywen deals 1 to the viper" },
    { "dywen", "capacity", 1, "Dywen levels up: capacity 1" },
    { "awsh", "attack", 1, "Hunter makes Awsh's 1 into 2 against the cebyssa" },
    { "cebyssa", "health", 4, "2 + 1 damage leaves it 1 health" },
    { "cebyssa", "attack", 0, "it does not retaliate" },
    { "cebyssa", "source_reward", 4, "its reward is 4 Source" },
    { "source-peddler", "health", 5, "2 + 1 + 1 damage leaves it 1 health" },
    { "source-peddler", "attack", 2, "it retaliates for 2" },
    { "source-peddler", "source_reward", 6, "the treed's defeat gains 6 Source" },
    { "dispatch", "health", 3, "2 damage in retaliation leaves it 1 health" },
    { "traxxyr-roughneck", "attack", 2, "it retaliates for 2 against the dispatch" },
    { "traxxyr-roughneck", "health", 5, "1 damage leaves it 4 health" },
    { "traxxyr-roughneck", "spire_reward", TRUE, "a free spire on its Source well" },
    { "shrubbery", "attack_upgrades", 1, "built with attack on top" },
    { "shrubbery", "fortification_upgrades", 1, "and fortification on the bottom" },
    { "brick-and-mortars", "source_cost", 4, "the market buy for 4 Source" },
    { "brick-and-mortars", "attack_upgrades", 2, "built as attack, range, attack" },
    { "brick-and-mortars", "range_upgrades", 1, "built as attack, range, attack" },
    { "dispatch", "source_reward", 3, "the grovetenders collect 3 Source for it" },
    { "battleborn", "health", 3, "revealed under the dispatch with 3 health" },
    { "traxxyr-hellion", "attack", 1, "it retaliates for 1 against Awsh" },
    { "awsh", "health", 3, "1 damage leaves Awsh 2 health" },
    { "reetall", "source_cost", 5, "it costs 5 of the grovetenders' 9 Source" },
    { "reetall", "attack_upgrades", 1, "attack on top" },
    { "reetall", "range_upgrades", 1, "range on the bottom" },
    { "war-briar", "source_reward", 1, "Awsh's defeat of it gains 1 Source" },
    { "awsh", "capacity", 1, "at capacity with one upgrade, Awsh may flip" },
    { "battleborn", "attack", 1, "the battleborn deals 1 to Dywen" },
    { "battleborn", "source_reward", 2, "the grovetenders earn 2 Source for it" },
    { "dywen", "health", 2, "1 damage then a flip brings her to 2" },
    { "dywen", "promoted.health", 3, "the promoted side adds one health chip" },
    { "treed", "source_reward", 2, "Awsh's defeat of it earns 2 Source" },
  };
  g_autoptr(SpkRoster) roster = load_shipped ();

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const SpkRosterRecord *r = find (roster, rows[i].id);

      g_test_message ("%s %s: %s", rows[i].id, rows[i].field, rows[i].where);
      g_assert_cmpint (field_value (r, rows[i].field), ==, rows[i].value);
    }
  g_assert_true (has_string (find (roster, "dispatch")->basic.talents, "2 Range"));
  g_assert_true (has_string (find (roster, "dywen")->basic.talents, "2 Range"));
  g_assert_true (has_string (find (roster, "awsh")->basic.talents, "Hunter"));
  g_assert_true (has_string (find (roster, "war-briar")->basic.talents, "Impale"));
  g_assert_true (has_string (find (roster, "treed")->basic.talents, "Tough"));
  g_assert_true (has_string (find (roster, "traxxyr-roughneck")->basic.talents, "Engage"));
  g_assert_true (has_string (find (roster, "traxxyr-hellion")->basic.talents, "Foreboding"));
}

/* A chip known by name only: every stat is the player's to enter. */
static void
test_name_only (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(SpkChip) minaret = make (roster, "minaret", SPK_ROSTER_SIDE_BASIC, "heirs", unknown);
  static const char *const expected[] = { "source_reward", "capacity", "upgrades", "talents" };

  g_assert_cmpstr (minaret->name, ==, "Minaret");
  g_assert_cmpint (minaret->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpuint (minaret->upgrades->len, ==, 0);
  g_assert_cmpuint (unknown->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (g_ptr_array_index (unknown, i), ==, expected[i]);
  g_assert_cmpint (find (roster, "elfinkaze")->count, ==, SPK_ROSTER_UNKNOWN);
}

/* The one published value sources disagree on is marked and still read. */
static void
test_disputed (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  const SpkRosterRecord *forsaken = find (roster, "forsaken");

  g_assert_nonnull (forsaken->disputed);
  g_assert_true (has_string (forsaken->disputed, "promoted.attack"));
  g_assert_cmpint (forsaken->promoted.attack, ==, 3);
  g_assert_null (find (roster, "dispatch")->disputed);
}

/* A small valid roster; each bad row replaces one piece of it. */
#define GOOD_HEAD "{\"format\": \"spirekeeper-roster\", \"version\": 1, \"game\": \"test\", " \
                  "\"factions\": [{\"id\": \"red\", \"name\": \"Red\", \"source\": [\"x\"]}], "
/* A hero record of Red with the given basic side. */
#define HERO(basic) GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", " \
                    "\"faction\": \"red\", \"basic\": " basic ", \"source\": [\"x\"]}]}"
#define GOOD_UNIT "{\"id\": \"imp\", \"name\": \"Imp\", \"kind\": \"minion\", \"faction\": \"red\", " \
                  "\"basic\": {\"cp_cost\": 2, \"health\": 3}, \"source\": [\"x\"]}"

static void
test_good_minimal (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRoster) roster = spk_roster_load_from_data (GOOD_HEAD "\"records\": [" GOOD_UNIT "]}",
                                                           -1, &error);
  const SpkRosterRecord *imp;

  g_assert_no_error (error);
  g_assert_cmpuint (spk_roster_get_n_records (roster), ==, 1);
  imp = find (roster, "imp");
  g_assert_cmpint (imp->basic.cp_cost, ==, 2);
  g_assert_cmpint (imp->basic.health, ==, 3);
  g_assert_cmpint (imp->basic.attack, ==, SPK_ROSTER_UNKNOWN);
  g_assert_cmpint (imp->basic.allowance, ==, SPK_ROSTER_UNKNOWN);
  g_assert_null (imp->basic.talents);
  g_assert_false (imp->has_promoted);
  g_assert_cmpint (imp->count, ==, SPK_ROSTER_UNKNOWN);
}

typedef struct {
  const char *name;
  const char *text;
  int         code;
  const char *prefix;  /* the message starts with the JSON path */
} BadRow;

static void
test_bad (void)
{
  g_autofree char *long_name = NULL;
  g_autofree char *long_text = NULL;
  const BadRow rows[] = {
    { "not-json", "{", SPK_ROSTER_ERROR_SYNTAX, "not a roster file" },
    { "key-twice", GOOD_HEAD "\"records\": [], \"records\": []}", SPK_ROSTER_ERROR_SYNTAX, "not a roster file" },
    { "wrong-format", "{\"format\": \"spirekeeper-table\", \"version\": 1}", SPK_ROSTER_ERROR_NOT_A_ROSTER, "format:" },
    { "array", "[]", SPK_ROSTER_ERROR_NOT_A_ROSTER, "not a roster" },
    { "newer", "{\"format\": \"spirekeeper-roster\", \"version\": 2}", SPK_ROSTER_ERROR_NEWER_VERSION, "version:" },
    { "no-records", GOOD_HEAD "\"x\": 1}", SPK_ROSTER_ERROR_INVALID, "records:" },
    { "health-text", GOOD_HEAD "\"records\": [" GOOD_UNIT ", {\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"red\", \"basic\": {\"health\": \"three\"}, \"source\": [\"x\"]}]}",
      SPK_ROSTER_ERROR_INVALID, "records[1].basic.health: " },
    { "health-range", HERO ("{\"health\": 31}"),
      SPK_ROSTER_ERROR_INVALID, "records[0].basic.health: " },
    { "negative", HERO ("{\"attack\": -1}"),
      SPK_ROSTER_ERROR_INVALID, "records[0].basic.attack: " },
    { "misspelt", HERO ("{\"heath\": 3}"),
      SPK_ROSTER_ERROR_INVALID, "records[0].basic: " },
    { "no-source", GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"red\", \"basic\": {}}]}", SPK_ROSTER_ERROR_INVALID, "records[0]: " },
    { "empty-source", GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"red\", \"basic\": {}, \"source\": []}]}", SPK_ROSTER_ERROR_INVALID, "records[0]: " },
    { "same-id", GOOD_HEAD "\"records\": [" GOOD_UNIT ", " GOOD_UNIT "]}", SPK_ROSTER_ERROR_INVALID, "records[1]: " },
    { "bad-id", GOOD_HEAD "\"records\": [{\"id\": \"Big Imp\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]}]}", SPK_ROSTER_ERROR_INVALID, "records[0]: " },
    { "bad-kind", GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"dragon\", "
      "\"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]}]}", SPK_ROSTER_ERROR_INVALID, "records[0].kind: " },
    { "bad-faction", GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"blue\", \"basic\": {}, \"source\": [\"x\"]}]}", SPK_ROSTER_ERROR_INVALID, "records[0].faction: " },
    { "bad-terrain", HERO ("{\"allowance\": \"lava\"}"),
      SPK_ROSTER_ERROR_INVALID, "records[0].basic.allowance: " },
    { "bad-upgrade", GOOD_HEAD "\"records\": [{\"id\": \"s\", \"name\": \"S\", \"kind\": \"spire\", "
      "\"faction\": \"red\", \"basic\": {\"upgrades\": [\"attack\", \"speed\"]}, \"source\": [\"x\"]}]}",
      SPK_ROSTER_ERROR_INVALID, "records[0].basic.upgrades[1]: " },
    { "spire-health", GOOD_HEAD "\"records\": [{\"id\": \"s\", \"name\": \"S\", \"kind\": \"spire\", "
      "\"faction\": \"red\", \"basic\": {\"health\": 2}, \"source\": [\"x\"]}]}",
      SPK_ROSTER_ERROR_INVALID, "records[0].basic: " },
    { "landmark-faction", GOOD_HEAD "\"records\": [{\"id\": \"l\", \"name\": \"L\", \"kind\": \"landmark\", "
      "\"faction\": \"red\", \"landmark_type\": \"swamp\", \"basic\": {}, \"source\": [\"x\"]}]}",
      SPK_ROSTER_ERROR_INVALID, "records[0]: " },
    { "market-not-merc", GOOD_HEAD "\"records\": [{\"id\": \"m\", \"name\": \"M\", \"kind\": \"hero\", "
      "\"faction\": \"market\", \"basic\": {}, \"source\": [\"x\"]}]}", SPK_ROSTER_ERROR_INVALID, "records[0]: " },
    { "landmark-promoted", GOOD_HEAD "\"records\": [{\"id\": \"l\", \"name\": \"L\", \"kind\": \"landmark\", "
      "\"faction\": \"landmark\", \"landmark_type\": \"swamp\", \"basic\": {}, \"promoted\": {}, \"source\": [\"x\"]}]}",
      SPK_ROSTER_ERROR_INVALID, "records[0].promoted: " },
    { "talent-number", HERO ("{\"talents\": [\"Flying\", 2]}"),
      SPK_ROSTER_ERROR_INVALID, "records[0].basic.talents[1]: " },
    { "disputed-side", GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"B\", \"kind\": \"hero\", "
      "\"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"], \"disputed\": {\"promoted.attack\": {}}}]}",
      SPK_ROSTER_ERROR_INVALID, "records[0].disputed.promoted.attack: " },
    { "long-name", NULL, SPK_ROSTER_ERROR_TOO_LONG, "records[0].name: " },
  };

  long_name = g_strnfill (SPK_ROSTER_MAX_CHARS + 1, 'a');
  long_text = g_strdup_printf (GOOD_HEAD "\"records\": [{\"id\": \"b\", \"name\": \"%s\", \"kind\": \"hero\", "
                               "\"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]}]}", long_name);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkRoster) roster = NULL;

      g_test_message ("row %s", rows[i].name);
      roster = spk_roster_load_from_data (rows[i].text != NULL ? rows[i].text : long_text, -1, &error);
      g_assert_null (roster);
      g_assert_error (error, SPK_ROSTER_ERROR, rows[i].code);
      if (!g_str_has_prefix (error->message, rows[i].prefix))
        g_error ("row %s: \"%s\" does not start with \"%s\"", rows[i].name, error->message,
                 rows[i].prefix);
    }
}

static void
test_file_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRoster) roster = spk_roster_load_from_file ("/nonexistent/roster.json", &error);

  g_assert_null (roster);
  g_assert_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/roster.json: "));
}

static const char *
match_id (GArray *hits, guint i)
{
  return g_array_index (hits, SpkRosterMatch, i).record->id;
}

static void
test_search (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GArray) disp = spk_roster_search (roster, "disp");
  g_autoptr(GArray) lance = spk_roster_search (roster, "LANCE");
  g_autoptr(GArray) kram = spk_roster_search (roster, "kram  the-mighty");
  g_autoptr(GArray) brier = spk_roster_search (roster, "war brier");
  g_autoptr(GArray) inner = spk_roster_search (roster, "root");
  g_autoptr(GArray) none = spk_roster_search (roster, "");
  g_autoptr(GArray) nothing = spk_roster_search (roster, "zzz");

  g_assert_cmpuint (disp->len, ==, 2);
  g_assert_cmpstr (match_id (disp, 0), ==, "dispatch");
  g_assert_cmpstr (match_id (disp, 1), ==, "dispatch-platform");

  g_assert_cmpuint (lance->len, ==, 1);
  g_assert_cmpstr (match_id (lance, 0), ==, "drilling-outpost");
  g_assert_cmpint (g_array_index (lance, SpkRosterMatch, 0).side, ==, SPK_ROSTER_SIDE_PROMOTED);

  g_assert_cmpuint (kram->len, ==, 1);
  g_assert_cmpstr (match_id (kram, 0), ==, "kram-the-mighty");
  g_assert_cmpint (g_array_index (kram, SpkRosterMatch, 0).side, ==, SPK_ROSTER_SIDE_BASIC);

  /* The rulebook's other spelling is an alias. */
  g_assert_cmpuint (brier->len, ==, 1);
  g_assert_cmpstr (match_id (brier, 0), ==, "war-briar");

  /* "Taproot" starts a word; "Rooted" is only a talent, not a name. */
  g_assert_cmpuint (inner->len, ==, 1);
  g_assert_cmpstr (match_id (inner, 0), ==, "taproot");

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (nothing->len, ==, 0);
}

/* A word start ranks before a match inside a word. */
static void
test_search_order (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRoster) roster = spk_roster_load_from_data (
    GOOD_HEAD "\"records\": ["
    "{\"id\": \"grape\", \"name\": \"Grape\", \"kind\": \"minion\", \"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]},"
    "{\"id\": \"ape\", \"name\": \"Ape\", \"kind\": \"minion\", \"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]},"
    "{\"id\": \"big-ape\", \"name\": \"Big Ape\", \"kind\": \"minion\", \"faction\": \"red\", \"basic\": {}, \"source\": [\"x\"]}]}",
    -1, &error);
  g_autoptr(GArray) hits = NULL;

  g_assert_no_error (error);
  hits = spk_roster_search (roster, "ap");
  g_assert_cmpuint (hits->len, ==, 3);
  g_assert_cmpstr (match_id (hits, 0), ==, "ape");
  g_assert_cmpstr (match_id (hits, 1), ==, "big-ape");
  g_assert_cmpstr (match_id (hits, 2), ==, "grape");
}

static void
test_make_chip_unit (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) chip = spk_roster_make_chip (roster, "dispatch", SPK_ROSTER_SIDE_BASIC,
                                                  "brawnen", "b-dispatch-1", unknown, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (chip->id, ==, "b-dispatch-1");
  g_assert_cmpint (chip->kind, ==, SPK_CHIP_MINION);
  g_assert_cmpstr (chip->faction, ==, "brawnen");
  g_assert_cmpstr (chip->name, ==, "Dispatch");
  g_assert_cmpint (chip->cost, ==, 3);
  g_assert_cmpint (chip->reward, ==, 3);
  g_assert_cmpint (chip->movement, ==, 2);
  g_assert_cmpint (chip->allowance, ==, SPK_TERRAIN_PATH);
  g_assert_cmpint (chip->health, ==, 3);
  g_assert_cmpint (chip->max_health, ==, 3);
  g_assert_cmpint (chip->attack, ==, 1);
  g_assert_cmpint (chip->capacity, ==, 0);
  g_assert_cmpuint (chip->talents->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (chip->talents, 0), ==, "2 Range");
  g_assert_false (chip->merc);
  g_assert_false (chip->starting);
  g_assert_false (chip->promoted);
  g_assert_true (chip->has_promoted_side);
  g_assert_cmpint (chip->promoted_side.attack, ==, 2);
  g_assert_cmpint (chip->promoted_side.health, ==, 3);
  g_assert_cmpint (chip->promoted_side.movement, ==, 2);
  /* Only the talent list is short of proof of completeness. */
  g_assert_cmpuint (unknown->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (unknown, 0), ==, "talents");
}

static void
test_make_chip_hero (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(SpkChip) awsh = make (roster, "awsh", SPK_ROSTER_SIDE_PROMOTED, "brawnen", unknown);
  g_autoptr(SpkChip) drang = make (roster, "drang", SPK_ROSTER_SIDE_BASIC, "brawnen", NULL);

  g_assert_cmpstr (awsh->id, ==, "awsh");
  g_assert_cmpint (awsh->kind, ==, SPK_CHIP_HERO);
  g_assert_true (awsh->promoted);
  g_assert_false (awsh->has_promoted_side);
  g_assert_true (awsh->starting);
  g_assert_cmpint (awsh->attack, ==, 2);
  g_assert_cmpint (awsh->reward, ==, 4);
  g_assert_cmpint (awsh->capacity, ==, 1);
  g_assert_cmpint (awsh->allowance, ==, SPK_TERRAIN_FOREST);
  g_assert_cmpuint (awsh->talents->len, ==, 2);
  /* The CP cost is the basic side's; every talent of the side is known. */
  g_assert_cmpint (awsh->cost, ==, 0);
  g_assert_cmpuint (unknown->len, ==, 0);

  g_assert_false (drang->starting);
  g_assert_cmpint (drang->cost, ==, 4);
  g_assert_cmpint (drang->promoted_side.allowance, ==, SPK_TERRAIN_MOUNTAINS);
  g_assert_cmpint (drang->promoted_side.capacity, ==, 0);
}

static void
test_make_chip_spire_and_landmark (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(SpkChip) lance = spk_roster_make_chip (roster, "drilling-outpost", SPK_ROSTER_SIDE_PROMOTED,
                                                   "brawnen", "lance-1", NULL, NULL);
  g_autoptr(SpkChip) thoraxx = NULL;
  g_autoptr(SpkChip) gateport = NULL;

  g_assert_cmpint (lance->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpstr (lance->name, ==, "Lance Launcher");
  g_assert_cmpint (lance->capacity, ==, 4);
  g_assert_cmpint (lance->reward, ==, 3);
  g_assert_cmpuint (lance->upgrades->len, ==, 2);
  g_assert_cmpint (g_array_index (lance->upgrades, SpkUpgrade, 0), ==, SPK_UPGRADE_ATTACK);
  g_assert_cmpint (g_array_index (lance->upgrades, SpkUpgrade, 1), ==, SPK_UPGRADE_RANGE);

  thoraxx = spk_roster_make_chip (roster, "thoraxx", SPK_ROSTER_SIDE_BASIC, "brawnen", NULL,
                                  unknown, NULL);
  g_assert_cmpint (thoraxx->kind, ==, SPK_CHIP_LANDMARK);
  g_assert_null (thoraxx->faction);
  g_assert_true (thoraxx->landmark_minion);
  g_assert_false (thoraxx->revealed);
  g_assert_cmpint (thoraxx->health, ==, 5);
  g_assert_cmpint (thoraxx->max_health, ==, 5);
  g_assert_cmpint (thoraxx->movement, ==, 3);
  g_assert_cmpint (thoraxx->reward, ==, 5);
  g_assert_cmpuint (unknown->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (unknown, 0), ==, "allowance");
  g_assert_cmpstr (g_ptr_array_index (unknown, 1), ==, "talents");

  g_ptr_array_set_size (unknown, 0);
  gateport = spk_roster_make_chip (roster, "gateport", SPK_ROSTER_SIDE_BASIC, NULL, NULL,
                                   unknown, NULL);
  g_assert_false (gateport->landmark_minion);
  g_assert_cmpint (gateport->health, ==, 0);
  g_assert_true (has_string (unknown, "source_reward"));
  g_assert_false (has_string (unknown, "health"));
}

static void
test_make_chip_merc (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(SpkChip) roa = make (roster, "roa", SPK_ROSTER_SIDE_BASIC, "grovetenders", unknown);

  g_assert_true (roa->merc);
  g_assert_false (roa->starting);
  g_assert_cmpint (roa->cost, ==, 0);
  g_assert_cmpint (roa->health, ==, 4);
  g_assert_cmpint (roa->allowance, ==, SPK_TERRAIN_MOUNTAINS);
  g_assert_false (roa->has_promoted_side);
  g_assert_true (has_string (unknown, "promoted"));
  g_assert_true (has_string (unknown, "talents"));
}

static void
test_make_chip_refused (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  struct {
    const char   *id;
    SpkRosterSide side;
    const char   *faction;
    int           code;
  } rows[] = {
    { "no-such-chip", SPK_ROSTER_SIDE_BASIC, "brawnen", SPK_ROSTER_ERROR_NOT_FOUND },
    { "time-vials", SPK_ROSTER_SIDE_BASIC, "brawnen", SPK_ROSTER_ERROR_NOT_A_CHIP },
    { "roa", SPK_ROSTER_SIDE_PROMOTED, "brawnen", SPK_ROSTER_ERROR_NOT_A_CHIP },
    { "thoraxx", SPK_ROSTER_SIDE_PROMOTED, NULL, SPK_ROSTER_ERROR_NOT_A_CHIP },
    { "dispatch", SPK_ROSTER_SIDE_BASIC, NULL, SPK_ROSTER_ERROR_NOT_A_CHIP },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;
      SpkChip *chip = spk_roster_make_chip (roster, rows[i].id, rows[i].side, rows[i].faction,
                                            NULL, NULL, &error);

      g_test_message ("row %s", rows[i].id);
      g_assert_null (chip);
      g_assert_error (error, SPK_ROSTER_ERROR, rows[i].code);
    }
}

/* A talent is a searchable entry of the rules pack: searching a talent's
 * name puts its entry first ("2 Range" finds Range, whose text covers
 * every # Range). */
static void
check_talents_searchable (SpkSearchIndex *ix, GPtrArray *talents, GHashTable *seen)
{
  if (talents == NULL)
    return;
  for (guint i = 0; i < talents->len; i++)
    {
      const char *talent = g_ptr_array_index (talents, i);
      g_autoptr(GPtrArray) hits = NULL;
      g_autofree char *expected = NULL;
      const char *sp = strchr (talent, ' ');

      if (g_hash_table_contains (seen, talent))
        continue;
      g_hash_table_add (seen, (gpointer) talent);
      if (sp != NULL && g_ascii_isdigit (talent[0]) && strcmp (sp, " Range") == 0)
        expected = g_strdup ("range");
      else
        {
          const char *const section[] = { "Talent", NULL };

          expected = spk_glossary_slug (section, talent);
        }
      hits = spk_search_index_query (ix, talent, 1);
      g_test_message ("talent %s", talent);
      g_assert_cmpuint (hits->len, ==, 1);
      g_assert_cmpstr (((SpkSearchResult *) hits->pdata[0])->entry->id, ==, expected);
    }
}

static void
test_talents_in_glossary (void)
{
  g_autoptr(SpkRoster) roster = load_shipped ();
  g_autofree char *pack = spk_glossary_find_pack ("cloudspire");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) glossary = NULL;
  g_autoptr(SpkSearchIndex) ix = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_nonnull (pack);
  glossary = spk_glossary_load (pack, NULL, &error);
  g_assert_no_error (error);
  ix = spk_search_index_new (glossary);
  for (guint i = 0; i < spk_roster_get_n_records (roster); i++)
    {
      const SpkRosterRecord *r = spk_roster_get_record (roster, i);

      check_talents_searchable (ix, r->basic.talents, seen);
      check_talents_searchable (ix, r->promoted.talents, seen);
    }
  /* Every talent the roster names so far, and Flying, which Air Defense
   * is about. */
  g_assert_cmpuint (g_hash_table_size (seen), ==, 13);
  g_assert_nonnull (spk_glossary_lookup (glossary, "talent-flying"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* Every test reads the committed roster, not an installed one. */
  if (g_getenv ("SPK_DATADIR") != NULL)
    {
      g_autofree char *dir = g_build_filename (g_getenv ("SPK_DATADIR"), "roster", NULL);

      g_autofree char *glossary = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", NULL);

      g_setenv ("SPK_ROSTER_DIR", dir, TRUE);
      g_setenv ("SPK_GLOSSARY_DIR", glossary, TRUE);
    }

  g_test_add_func ("/roster/find-file", test_find_file);
  g_test_add_func ("/roster/shipped/rules", test_shipped_rules);
  g_test_add_func ("/roster/shipped/walkthrough-chips", test_walkthrough_chips_present);
  g_test_add_func ("/roster/shipped/walkthrough-numbers", test_walkthrough_numbers);
  g_test_add_func ("/roster/shipped/disputed", test_disputed);
  g_test_add_func ("/roster/shipped/name-only", test_name_only);
  g_test_add_func ("/roster/load/minimal", test_good_minimal);
  g_test_add_func ("/roster/load/bad", test_bad);
  g_test_add_func ("/roster/load/file-errors", test_file_errors);
  g_test_add_func ("/roster/search", test_search);
  g_test_add_func ("/roster/search/order", test_search_order);
  g_test_add_func ("/roster/make-chip/unit", test_make_chip_unit);
  g_test_add_func ("/roster/make-chip/hero", test_make_chip_hero);
  g_test_add_func ("/roster/make-chip/spire-landmark", test_make_chip_spire_and_landmark);
  g_test_add_func ("/roster/make-chip/merc", test_make_chip_merc);
  g_test_add_func ("/roster/make-chip/refused", test_make_chip_refused);
  g_test_add_func ("/roster/talents-in-glossary", test_talents_in_glossary);
  return g_test_run ();
}
