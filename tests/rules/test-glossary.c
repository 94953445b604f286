/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Glossary packs: loading, every validation rule, backlinks, lookups. */
#include "config.h"

#include <string.h>

#include "spk-glossary.h"

static SpkGlossary *
load_fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "glossary-mini.json", NULL);
  g_autoptr(GError) error = NULL;
  SpkGlossary *g = spk_glossary_load (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (g);
  return g;
}

static void
test_load (void)
{
  g_autoptr(SpkGlossary) g = load_fixture ();
  const SpkGlossaryEntry *e;

  g_assert_cmpstr (spk_glossary_get_game (g), ==, "cloudspire");
  g_assert_cmpuint (spk_glossary_get_n_entries (g), ==, 15);
  g_assert_cmpuint (spk_glossary_get_n_tables (g), ==, 1);

  e = spk_glossary_lookup (g, "fortress-fortress-gate-attacking-and-defending-a-fortress-gate");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->title, ==, "Attacking and Defending a Fortress Gate");
  g_assert_cmpuint (g_strv_length (e->section), ==, 2);
  g_assert_cmpstr (e->section[1], ==, "Fortress Gate");
  g_assert_cmpuint (g_strv_length (e->rulings), ==, 1);
  g_assert_true (e->official);
  g_assert_false (spk_glossary_lookup (g, "wave-income")->official);
  g_assert_null (spk_glossary_lookup (g, "no-such-entry"));
  /* Entries keep file order and know their position. */
  g_assert_cmpuint (e->index, ==, 5);
  g_assert_true (spk_glossary_get_entry (g, 5) == e);
}

static void
test_backlinks (void)
{
  g_autoptr(SpkGlossary) g = load_fixture ();
  const SpkGlossaryEntry *gate = spk_glossary_lookup (g, "fortress-fortress-gate");
  const SpkGlossaryEntry *hero = spk_glossary_lookup (g, "hero");
  const SpkGlossaryEntry *wave = spk_glossary_lookup (g, "wave-income");

  /* Pointed to by Fortress and by its own sub-term, in pack order. */
  g_assert_cmpuint (gate->backlinks->len, ==, 2);
  g_assert_cmpstr (((SpkGlossaryEntry *) gate->backlinks->pdata[0])->id, ==, "fortress");
  g_assert_cmpstr (((SpkGlossaryEntry *) gate->backlinks->pdata[1])->id, ==,
                   "fortress-fortress-gate-attacking-and-defending-a-fortress-gate");
  /* displace, hero-hero-upgrades-attack-upgrades, merc */
  g_assert_cmpuint (hero->backlinks->len, ==, 3);
  g_assert_cmpstr (((SpkGlossaryEntry *) hero->backlinks->pdata[2])->id, ==, "merc");
  g_assert_cmpuint (wave->backlinks->len, ==, 0);
}

static void
test_find_title (void)
{
  g_autoptr(SpkGlossary) g = load_fixture ();
  const char *hero_path[] = { "Hero", "Hero Upgrades", NULL };
  const char *spire_path[] = { "spire", "SPIRE upgrades", NULL };

  g_assert_cmpstr (spk_glossary_find_title (g, NULL, "command points (cp)")->id, ==, "command-points-cp");
  g_assert_cmpstr (spk_glossary_find_title (g, hero_path, "Attack Upgrades")->id, ==,
                   "hero-hero-upgrades-attack-upgrades");
  g_assert_cmpstr (spk_glossary_find_title (g, spire_path, "attack upgrades")->id, ==,
                   "spire-spire-upgrades-attack-upgrades");
  g_assert_null (spk_glossary_find_title (g, NULL, "Tower"));
}

static void
test_tables (void)
{
  g_autoptr(SpkGlossary) g = load_fixture ();
  g_autoptr(GPtrArray) t = spk_glossary_tables_for_entry (g, "wave-income");
  g_autoptr(GPtrArray) none = spk_glossary_tables_for_entry (g, "spire");
  const SpkGlossaryTable *table;

  g_assert_cmpuint (t->len, ==, 1);
  g_assert_cmpuint (none->len, ==, 0);
  table = t->pdata[0];
  g_assert_cmpuint (g_strv_length (table->columns), ==, 3);
  g_assert_cmpuint (table->rows->len, ==, 4);
  g_assert_cmpstr (((char **) table->rows->pdata[3])[1], ==, "11");
}

static void
test_slug (void)
{
  static const struct {
    const char *section[3];
    const char *title;
    const char *slug;
  } rows[] = {
    { { "Fortress", "Fortress Gate", NULL }, "Attacking and Defending a Fortress Gate",
      "fortress-fortress-gate-attacking-and-defending-a-fortress-gate" },
    { { NULL }, "Command Points (CP)", "command-points-cp" },
    { { NULL }, "Non-Path Hex", "non-path-hex" },
    { { NULL }, "  --Café  Über–Spire!! ", "cafe-uber-spire" },
    { { "Hero – Hero Upgrades", NULL }, "# Range", "hero-hero-upgrades-range" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *s = spk_glossary_slug (rows[i].section, rows[i].title);
      g_assert_cmpstr (s, ==, rows[i].slug);
    }
}

static void
test_entry_path (void)
{
  g_autoptr(SpkGlossary) g = load_fixture ();
  g_autofree char *p = spk_glossary_entry_path (
    spk_glossary_lookup (g, "fortress-fortress-gate-attacking-and-defending-a-fortress-gate"));
  g_autofree char *top = spk_glossary_entry_path (spk_glossary_lookup (g, "spire"));

  g_assert_cmpstr (p, ==, "Fortress – Fortress Gate – Attacking and Defending a Fortress Gate");
  g_assert_cmpstr (top, ==, "Spire");
}

#define HEAD "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"game\":\"g\",\"title\":\"G\","
#define ENTRY(id, title, extra) \
  "{\"id\":\"" id "\",\"title\":\"" title "\",\"body\":\"b\",\"official\":true" extra "}"

#define RULING(id, title, extra) \
  "{\"id\":\"" id "\",\"title\":\"" title "\",\"body\":\"b\",\"official\":false,\"kind\":\"ruling\"" extra "}"
#define SOURCE ",\"source\":\"FAQ 1.7, Errata\""

/* Each row breaks one rule of the pack format. */
static const struct {
  const char *name;
  const char *json;
  SpkGlossaryError code;
  const char *where;
} bad_packs[] = {
  { "syntax", "{\"format\":", SPK_GLOSSARY_ERROR_SYNTAX, "not valid JSON" },
  { "not-a-pack", "{\"format\":\"spirekeeper-table\",\"version\":1}", SPK_GLOSSARY_ERROR_NOT_A_PACK, "format:" },
  { "array-root", "[1,2]", SPK_GLOSSARY_ERROR_NOT_A_PACK, "not a glossary pack" },
  { "newer", "{\"format\":\"spirekeeper-glossary\",\"version\":2,\"game\":\"g\",\"title\":\"G\",\"entries\":[]}",
    SPK_GLOSSARY_ERROR_NEWER_VERSION, "version:" },
  { "no-entries", "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"game\":\"g\",\"title\":\"G\"}",
    SPK_GLOSSARY_ERROR_MISSING, "entries:" },
  { "no-game", "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"title\":\"G\",\"entries\":[]}",
    SPK_GLOSSARY_ERROR_MISSING, "game:" },
  { "no-title", HEAD "\"entries\":[{\"id\":\"a\",\"body\":\"b\",\"official\":true}]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].title:" },
  { "empty-body", HEAD "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"\",\"official\":true}]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].body:" },
  { "no-official", HEAD "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"b\"}]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].official:" },
  { "official-type", HEAD "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"b\",\"official\":1}]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].official:" },
  { "bad-id", HEAD "\"entries\":[" ENTRY ("Spire", "Spire", "") "]}", SPK_GLOSSARY_ERROR_BAD_ID,
    "entries[0].id: “Spire” should be “spire”" },
  { "id-ignores-section", HEAD "\"entries\":[" ENTRY ("gate", "Gate", ",\"section\":[\"Fortress\"]") "]}",
    SPK_GLOSSARY_ERROR_BAD_ID, "should be “fortress-gate”" },
  { "duplicate-id", HEAD "\"entries\":[" ENTRY ("a", "A", "") "," ENTRY ("a", "A", "") "]}",
    SPK_GLOSSARY_ERROR_DUPLICATE_ID, "entries[1].id:" },
  { "duplicate-title", HEAD "\"entries\":[" ENTRY ("spire", "Spire", "") ","
    ENTRY ("x-spire", "SPIRE", ",\"section\":[\"X\"]") "]}", SPK_GLOSSARY_ERROR_DUPLICATE_TITLE,
    "entries[1].title:" },
  { "unresolved", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"see_also\":[\"b\"]") "]}",
    SPK_GLOSSARY_ERROR_UNRESOLVED, "entries[0].see_also[0]: no entry has the id “b”" },
  { "see-also-type", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"see_also\":\"b\"") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].see_also:" },
  { "alias-empty", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"aliases\":[\"\"]") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].aliases[0]:" },
  { "asked-not-list", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"asked\":\"how\"") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].asked: expected a list of strings" },
  { "asked-empty", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"asked\":[\"can I\",\"\"]") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].asked[1]: expected a non-empty string" },
  { "ruling-unresolved", HEAD "\"entries\":[" ENTRY ("a", "A", "") ","
    RULING ("r", "R", SOURCE ",\"concerns\":[\"a\",\"zz\"]") "]}",
    SPK_GLOSSARY_ERROR_UNRESOLVED, "entries[1].concerns[1]: no entry has the id “zz”" },
  { "ruling-about-ruling", HEAD "\"entries\":[" ENTRY ("a", "A", "") ","
    RULING ("q", "Q", SOURCE ",\"concerns\":[\"r\"]") "," RULING ("r", "R", SOURCE ",\"concerns\":[\"a\"]") "]}",
    SPK_GLOSSARY_ERROR_UNRESOLVED, "entries[1].concerns[0]: “r” is a ruling" },
  { "ruling-no-source", HEAD "\"entries\":[" ENTRY ("a", "A", "") "," RULING ("r", "R", ",\"concerns\":[\"a\"]") "]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[1].source:" },
  { "ruling-no-concerns", HEAD "\"entries\":[" ENTRY ("a", "A", "") "," RULING ("r", "R", SOURCE) "]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[1].concerns:" },
  { "ruling-empty-concerns", HEAD "\"entries\":[" RULING ("r", "R", SOURCE ",\"concerns\":[]") "]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].concerns: a ruling must concern at least one term" },
  { "ruling-concerns-type", HEAD "\"entries\":[" RULING ("r", "R", SOURCE ",\"concerns\":\"a\"") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].concerns:" },
  { "bad-kind", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"kind\":\"rule\"") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].kind: “rule” is not “term” or “ruling”" },
  { "term-with-concerns", HEAD "\"entries\":[" ENTRY ("a", "A", "") "," ENTRY ("b", "B", ",\"concerns\":[\"a\"]") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[1].concerns: only a ruling" },
  { "table-width", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"tables\":[{\"id\":\"t\",\"title\":\"T\","
    "\"entry\":\"a\",\"columns\":[\"x\",\"y\"],\"rows\":[[\"1\",\"2\"],[\"3\"]]}]}",
    SPK_GLOSSARY_ERROR_BAD_TABLE, "tables[0].rows[1]: has 1 cells but the table has 2 columns" },
  { "table-entry", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"tables\":[{\"id\":\"t\",\"title\":\"T\","
    "\"entry\":\"zz\",\"columns\":[\"x\"],\"rows\":[]}]}", SPK_GLOSSARY_ERROR_UNRESOLVED, "tables[0].entry:" },
  { "table-cell-type", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"tables\":[{\"id\":\"t\",\"title\":\"T\","
    "\"columns\":[\"x\"],\"rows\":[[5]]}]}", SPK_GLOSSARY_ERROR_TYPE, "tables[0].rows[0][0]:" },
  { "table-no-columns", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"tables\":[{\"id\":\"t\",\"title\":\"T\","
    "\"columns\":[],\"rows\":[]}]}", SPK_GLOSSARY_ERROR_BAD_TABLE, "tables[0].columns:" },
  { "concept-entry", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"x\"],"
    "\"entries\":[\"a\",\"zz\"]}]}", SPK_GLOSSARY_ERROR_UNRESOLVED, "concepts[0].entries[1]: no entry has the id “zz”" },
  { "concept-no-phrases", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[],"
    "\"entries\":[\"a\"]}]}", SPK_GLOSSARY_ERROR_MISSING, "concepts[0].phrases:" },
  { "concept-no-entries", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"x\"]}]}",
    SPK_GLOSSARY_ERROR_MISSING, "concepts[0].entries:" },
  { "concept-phrase-twice", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"wipe out\"],"
    "\"entries\":[\"a\"]},{\"phrases\":[\"y\",\"Wipe-Out!\"],\"entries\":[\"a\"]}]}",
    SPK_GLOSSARY_ERROR_DUPLICATE_PHRASE, "concepts[1].phrases[1]: “Wipe-Out!” is already a phrase of concepts[0]" },
  { "concept-phrase-words", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":"
    "[\"one two three four five six seven\"],\"entries\":[\"a\"]}]}", SPK_GLOSSARY_ERROR_TOO_LONG,
    "concepts[0].phrases[0]: “one two three four five six seven” has 7 words" },
  { "concept-phrase-empty", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"?!\"],"
    "\"entries\":[\"a\"]}]}", SPK_GLOSSARY_ERROR_MISSING, "concepts[0].phrases[0]: “?!” has no words" },
  { "concept-weight", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"x\"],"
    "\"entries\":[\"a\"],\"weight\":20}]}", SPK_GLOSSARY_ERROR_TYPE, "concepts[0].weight: 20 is not between 0.1 and 10" },
  { "concept-weight-type", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"phrases\":[\"x\"],"
    "\"entries\":[\"a\"],\"weight\":\"high\"}]}", SPK_GLOSSARY_ERROR_TYPE, "concepts[0].weight: expected a number" },
  { "concept-with-unknown", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"name\":\"K\",\"phrases\":[\"x\"],"
    "\"entries\":[\"a\"]},{\"phrases\":[\"y\"],\"entries\":[\"a\"],\"with\":[\"Kill\"]}]}",
    SPK_GLOSSARY_ERROR_UNRESOLVED, "concepts[1].with[0]: no other concept said on its own has the name “Kill”" },
  { "concept-with-chained", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"name\":\"K\",\"phrases\":[\"x\"],"
    "\"entries\":[\"a\"],\"with\":[\"L\"]},{\"name\":\"L\",\"phrases\":[\"y\"],\"entries\":[\"a\"],\"with\":[\"K\"]}]}",
    SPK_GLOSSARY_ERROR_UNRESOLVED, "concepts[0].with[0]: no other concept said on its own has the name “L”" },
  { "concept-with-phrase-twice", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[{\"name\":\"K\",\"phrases\":[\"x\"],"
    "\"entries\":[\"a\"]},{\"phrases\":[\"x\"],\"entries\":[\"a\"],\"with\":[\"K\"]},"
    "{\"phrases\":[\"x\"],\"entries\":[\"a\"],\"with\":[\"K\"]}]}",
    SPK_GLOSSARY_ERROR_DUPLICATE_PHRASE, "concepts[2].phrases[0]: “x” is already a phrase of concepts[1]" },
  { "concepts-type", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":{}}",
    SPK_GLOSSARY_ERROR_TYPE, "concepts: expected a list" },
  { "concept-type", HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"concepts\":[\"kill\"]}",
    SPK_GLOSSARY_ERROR_TYPE, "concepts[0]: expected an object" },
  { "i18n-type", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":[\"de\"]") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].i18n: expected an object of languages" },
  { "i18n-lang", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"German\":{\"title\":\"B\"}}") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].i18n.German: “German” is not a language code" },
  { "i18n-names-type", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"de\":\"B\"}") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].i18n.de: expected an object with a title, aliases or both" },
  { "i18n-empty", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"de\":{}}") "]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].i18n.de: give a title, aliases or both" },
  { "i18n-empty-title", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"de\":{\"title\":\"\"}}") "]}",
    SPK_GLOSSARY_ERROR_MISSING, "entries[0].i18n.de.title: must not be empty" },
  { "i18n-unknown-field", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"de\":{\"title\":\"B\",\"body\":\"x\"}}") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].i18n.de.body: unknown field" },
  { "i18n-alias-type", HEAD "\"entries\":[" ENTRY ("a", "A", ",\"i18n\":{\"de\":{\"aliases\":[3]}}") "]}",
    SPK_GLOSSARY_ERROR_TYPE, "entries[0].i18n.de.aliases[0]: expected a non-empty string" },
};

/* Per-language names: the title in a language, from a locale name with
 * region, codeset and modifier; the entry's own title where the language
 * has none or gives only aliases. */
static void
test_i18n (void)
{
  const char *json = HEAD "\"entries\":["
    ENTRY ("spire", "Spire", ",\"i18n\":{\"de\":{\"title\":\"Turm\",\"aliases\":[\"Türme\"]},"
                             "\"pt_BR\":{\"title\":\"Torre\"}}") ","
    ENTRY ("wave", "Wave", ",\"i18n\":{\"de\":{\"aliases\":[\"Welle\"]}}") ","
    ENTRY ("gate", "Gate", "") "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "i18n.json", NULL, &error);
  const SpkGlossaryEntry *spire, *wave, *gate;
  const SpkGlossaryLocalized *de;

  g_assert_no_error (error);
  spire = spk_glossary_lookup (g, "spire");
  wave = spk_glossary_lookup (g, "wave");
  gate = spk_glossary_lookup (g, "gate");
  de = spk_glossary_entry_localized (spire, "de");
  g_assert_nonnull (de);
  g_assert_cmpstr (de->title, ==, "Turm");
  g_assert_cmpstr (de->aliases[0], ==, "Türme");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, "de_DE.UTF-8"), ==, "Turm");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, "de_AT@euro"), ==, "Turm");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, "pt_BR"), ==, "Torre");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, "pt"), ==, "Spire");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, "C"), ==, "Spire");
  g_assert_cmpstr (spk_glossary_entry_title_in (spire, NULL), ==, "Spire");
  g_assert_cmpstr (spk_glossary_entry_title_in (wave, "de"), ==, "Wave");
  g_assert_cmpstr (spk_glossary_entry_localized (wave, "de")->aliases[0], ==, "Welle");
  g_assert_null (spk_glossary_entry_localized (gate, "de"));
  g_assert_true (spk_glossary_has_language (g, "de_CH.UTF-8"));
  g_assert_false (spk_glossary_has_language (g, "fr_FR"));
}

/* Concepts keep their phrases and entries; the name defaults to the first
 * entry's title. */
static void
test_concepts (void)
{
  const char *json = HEAD "\"entries\":[" ENTRY ("defeat", "Defeat", "") "," ENTRY ("reward", "Reward", "") "],"
    "\"concepts\":[{\"phrases\":[\"kill\",\"wipe out\"],\"entries\":[\"defeat\",\"reward\"]},"
    "{\"name\":\"Loot\",\"phrases\":[\"loot\"],\"entries\":[\"reward\"],\"weight\":1.5}]}";
  const char *phrases[] = { "kill", "wipe out", NULL };
  const char *entries[] = { "defeat", "reward", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", NULL, &error);
  g_autoptr(SpkGlossary) none = load_fixture ();

  g_assert_no_error (error);
  g_assert_cmpuint (spk_glossary_get_n_concepts (g), ==, 2);
  g_assert_cmpstr (spk_glossary_get_concept (g, 0)->name, ==, "Defeat");
  g_assert_cmpstrv (spk_glossary_get_concept (g, 0)->phrases, phrases);
  g_assert_cmpstrv (spk_glossary_get_concept (g, 0)->entries, entries);
  g_assert_cmpstr (spk_glossary_get_concept (g, 1)->name, ==, "Loot");
  g_assert_cmpfloat (spk_glossary_get_concept (g, 0)->weight, ==, 1.0);
  g_assert_cmpfloat (spk_glossary_get_concept (g, 1)->weight, ==, 1.5);
  g_assert_cmpuint (spk_glossary_get_n_concepts (none), ==, 0);
}

/* Issue 12: a string or list past the limits is refused with its path;
 * just under them the pack loads. */
static void
test_limits (void)
{
  g_autofree char *at_limit = g_strnfill (SPK_GLOSSARY_MAX_CHARS, 'x');
  g_autofree char *over = g_strnfill (SPK_GLOSSARY_MAX_CHARS + 1, 'x');
  g_autoptr(GString) many = g_string_new (HEAD "\"entries\":[" ENTRY ("a", "A", "") "],\"tables\":[{\"id\":\"t\","
                                          "\"title\":\"T\",\"columns\":[\"x\"],\"rows\":[");
  struct { const char *field; const char *body; const char *where; } cases[] = {
    { "body", over, "entries[0].body: 20001 characters" },
    { "alias", over, "entries[0].aliases[0]: 20001 characters" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_str_equal (cases[i].field, "body")
        ? g_strdup_printf (HEAD "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"%s\",\"official\":true}]}", cases[i].body)
        : g_strdup_printf (HEAD "\"entries\":[" ENTRY ("a", "A", ",\"aliases\":[\"%s\"]") "]}", cases[i].body);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", &problems, &error);

      g_assert_null (g);
      g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_TOO_LONG);
      if (strstr (error->message, cases[i].where) == NULL)
        g_error ("“%.80s” lacks “%s”", error->message, cases[i].where);
    }

  {
    g_autofree char *json = g_strdup_printf (HEAD "\"entries\":[{\"id\":\"a\",\"title\":\"A\",\"body\":\"%s\",\"official\":true}]}", at_limit);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) problems = NULL;
    g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", &problems, &error);

    g_assert_no_error (error);
    g_assert_nonnull (g);
  }

  for (int i = 0; i <= SPK_GLOSSARY_MAX_ITEMS; i++)
    g_string_append_printf (many, "%s[\"%d\"]", i > 0 ? "," : "", i);
  g_string_append (many, "]}]}");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) problems = NULL;
    g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (many->str, -1, "pack.json", &problems, &error);

    g_assert_null (g);
    g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_TOO_LONG);
    g_assert_nonnull (strstr (error->message, "tables[0].rows: 10001 elements"));
  }
}

static void
test_bad_pack (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (bad_packs[i].json, -1, "pack.json", &problems, &error);

  g_assert_null (g);
  g_assert_error (error, SPK_GLOSSARY_ERROR, (int) bad_packs[i].code);
  g_assert_true (g_str_has_prefix (error->message, "pack.json: "));
  if (strstr (error->message, bad_packs[i].where) == NULL)
    g_error ("%s: “%s” lacks “%s”", bad_packs[i].name, error->message, bad_packs[i].where);
  g_assert_cmpuint (problems->len, >=, 1);
}

/* A ruling keeps its source and the terms it concerns; each term lists the
 * rulings about it in pack order; terms have neither field. */
static void
test_rulings (void)
{
  const char *json = HEAD "\"entries\":["
    ENTRY ("engage", "Engage", "") "," ENTRY ("movement", "Movement", "") ","
    RULING ("faq-engage-moving-away", "Engage: moving away", SOURCE ",\"section\":[\"FAQ\"]"
            ",\"concerns\":[\"engage\",\"movement\"]") ","
    RULING ("faq-dywen-pacify", "Dywen: Pacify", SOURCE ",\"section\":[\"FAQ\"],\"concerns\":[\"engage\",\"engage\"]") "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", NULL, &error);
  const SpkGlossaryEntry *engage, *away;

  g_assert_no_error (error);
  engage = spk_glossary_lookup (g, "engage");
  away = spk_glossary_lookup (g, "faq-engage-moving-away");
  g_assert_cmpint (engage->kind, ==, SPK_GLOSSARY_KIND_TERM);
  g_assert_null (engage->source);
  g_assert_cmpuint (g_strv_length (engage->concerns), ==, 0);
  g_assert_cmpint (away->kind, ==, SPK_GLOSSARY_KIND_RULING);
  g_assert_cmpstr (away->source, ==, "FAQ 1.7, Errata");
  g_assert_cmpuint (g_strv_length (away->concerns), ==, 2);
  /* Listed once each, in pack order, even when named twice. */
  g_assert_cmpuint (engage->rulings_about->len, ==, 2);
  g_assert_true (engage->rulings_about->pdata[0] == away);
  g_assert_cmpstr (((SpkGlossaryEntry *) engage->rulings_about->pdata[1])->id, ==, "faq-dywen-pacify");
  g_assert_cmpuint (spk_glossary_lookup (g, "movement")->rulings_about->len, ==, 1);
  g_assert_cmpuint (away->rulings_about->len, ==, 0);
  g_assert_cmpuint (spk_glossary_count_kind (g, SPK_GLOSSARY_KIND_RULING), ==, 2);
  g_assert_cmpuint (spk_glossary_count_kind (g, SPK_GLOSSARY_KIND_TERM), ==, 2);
}

static void
test_same_title_other_parent (void)
{
  /* Official sub-terms may share a title when their parents differ. */
  const char *json = HEAD "\"entries\":["
    ENTRY ("hero-attack-upgrades", "Attack Upgrades", ",\"section\":[\"Hero\"]") ","
    ENTRY ("spire-attack-upgrades", "Attack Upgrades", ",\"section\":[\"Spire\"]") "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (spk_glossary_get_n_entries (g), ==, 2);
}

static void
test_every_problem (void)
{
  const char *json = HEAD "\"entries\":["
    ENTRY ("a", "A", ",\"see_also\":[\"x\",\"y\"]") "," ENTRY ("B", "B", "") "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", &problems, &error);

  g_assert_null (g);
  /* bad id "B", then two unresolved links, in that order */
  g_assert_cmpuint (problems->len, ==, 3);
  g_assert_error ((GError *) problems->pdata[0], SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_BAD_ID);
  g_assert_error ((GError *) problems->pdata[1], SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_UNRESOLVED);
  g_assert_error ((GError *) problems->pdata[2], SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_UNRESOLVED);
  g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_BAD_ID);
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load ("/nonexistent/pack.json", NULL, &error);

  g_assert_null (g);
  g_assert_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/pack.json: "));
}

/* Damaged packs either load whole or are refused with a glossary error. */
static void
test_random_damage (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "glossary-mini.json", NULL);
  g_autofree char *orig = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (611);
  gsize len;
  guint loaded = 0;

  g_assert_true (g_file_get_contents (path, &orig, &len, NULL));
  for (guint round = 0; round < 300; round++)
    {
      g_autofree char *text = g_strdup (orig);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(SpkGlossary) g = NULL;

      for (guint k = 0, n = g_rand_int_range (rand, 1, 4); k < n; k++)
        text[g_rand_int_range (rand, 0, (gint32) len)] = "\"[]{},:x- a"[g_rand_int_range (rand, 0, 12)];
      g = spk_glossary_load_from_data (text, (gssize) len, "pack.json", &problems, &error);
      if (g == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == SPK_GLOSSARY_ERROR);
          g_assert_cmpuint (problems->len, >=, 1);
          continue;
        }
      loaded++;
      g_assert_no_error (error);
      for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
        {
          const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);
          g_autofree char *slug = spk_glossary_slug ((const char *const *) e->section, e->title);

          g_assert_cmpstr (slug, ==, e->id);
          for (guint k = 0; e->see_also[k] != NULL; k++)
            g_assert_nonnull (spk_glossary_lookup (g, e->see_also[k]));
        }
    }
  /* Some damage lands in bodies and leaves a valid pack. */
  g_assert_cmpuint (loaded, >, 0);
}

static void
test_find_pack (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", NULL);
  g_autofree char *found = NULL;
  g_autofree char *missing = NULL;

  g_setenv ("SPK_GLOSSARY_DIR", dir, TRUE);
  found = spk_glossary_find_pack ("glossary-mini");
  g_assert_nonnull (found);
  g_assert_true (g_str_has_suffix (found, "fixtures/rules/glossary-mini.json"));
  /* An explicit directory without the pack does not fall back elsewhere. */
  missing = spk_glossary_find_pack ("no-such-game");
  g_assert_null (missing);
  g_unsetenv ("SPK_GLOSSARY_DIR");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/glossary/limits", test_limits);
  g_test_add_func ("/glossary/load", test_load);
  g_test_add_func ("/glossary/backlinks", test_backlinks);
  g_test_add_func ("/glossary/find-title", test_find_title);
  g_test_add_func ("/glossary/tables", test_tables);
  g_test_add_func ("/glossary/concepts", test_concepts);
  g_test_add_func ("/glossary/slug", test_slug);
  g_test_add_func ("/glossary/entry-path", test_entry_path);
  g_test_add_func ("/glossary/i18n", test_i18n);
  for (guint i = 0; i < G_N_ELEMENTS (bad_packs); i++)
    {
      g_autofree char *name = g_strdup_printf ("/glossary/invalid/%s", bad_packs[i].name);
      g_test_add_data_func (name, GUINT_TO_POINTER (i), test_bad_pack);
    }
  g_test_add_func ("/glossary/same-title-other-parent", test_same_title_other_parent);
  g_test_add_func ("/glossary/rulings", test_rulings);
  g_test_add_func ("/glossary/every-problem", test_every_problem);
  g_test_add_func ("/glossary/missing-file", test_missing_file);
  g_test_add_func ("/glossary/random-damage", test_random_damage);
  g_test_add_func ("/glossary/find-pack", test_find_pack);
  return g_test_run ();
}
