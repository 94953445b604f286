/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Several games' packs searched as one (spk-packs.h), the Codex pack's
 * card rulings, and the Codex rulings of docs/rulings.md (C-1 to C-3). */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "spk-glossary.h"
#include "spk-packs.h"
#include "spk-rules-import.h"
#include "spk-search.h"

static SpkPacks *
load_packs (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", NULL);
  g_autoptr(GError) error = NULL;
  SpkPacks *packs;

  g_setenv ("SPK_GLOSSARY_DIR", dir, TRUE);
  packs = spk_packs_load_installed (&error);
  g_assert_no_error (error);
  return packs;
}

static const char *
first_id (SpkPacks *packs, const char *game, const char *query)
{
  g_autoptr(GPtrArray) r = spk_packs_query (packs, game, query, 1, SPK_SEARCH_ANY);

  /* Entries outlive the results: they belong to the packs. */
  return r->len > 0 ? ((SpkSearchResult *) r->pdata[0])->entry->id : "nothing";
}

static gboolean
in_first_three (SpkPacks *packs, const char *game, const char *query, const char *id)
{
  g_autoptr(GPtrArray) r = spk_packs_query (packs, game, query, 3, SPK_SEARCH_ANY);

  for (guint i = 0; i < r->len; i++)
    if (g_str_equal (((SpkSearchResult *) r->pdata[i])->entry->id, id))
      return TRUE;
  return FALSE;
}

static void
test_games (void)
{
  g_autoptr(SpkPacks) packs = load_packs ();
  g_auto(GStrv) games = spk_glossary_list_games ();

  g_assert_cmpuint (spk_packs_get_n_games (packs), ==, 2);
  g_assert_cmpstr (games[0], ==, "cloudspire");
  g_assert_cmpstr (games[1], ==, "codex");
  g_assert_null (games[2]);
  g_assert_cmpstr (spk_glossary_get_title (spk_packs_get_glossary (packs, "codex")), ==, "Codex");
  g_assert_null (spk_packs_get_glossary (packs, "chess"));
  g_assert_null (spk_packs_get_index (packs, "chess"));
  g_assert_null (spk_packs_get_game (packs, 2));
}

/* Every Codex card named in a Cloudspire search finds no Codex entry,
 * the same search for Codex finds the card's ruling first, and with no
 * game both packs answer. */
static void
test_game_filter (void)
{
  g_autoptr(SpkPacks) packs = load_packs ();
  SpkGlossary *codex = spk_packs_get_glossary (packs, "codex");
  guint cards = 0;

  for (guint i = 0; i < spk_glossary_get_n_entries (codex); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (codex, i);
      g_autoptr(GPtrArray) cloud = NULL;

      if (e->card == NULL)
        continue;
      cards++;
      cloud = spk_packs_query (packs, "cloudspire", e->card, 0, SPK_SEARCH_ANY);
      for (guint k = 0; k < cloud->len; k++)
        g_assert_cmpstr (((SpkSearchResult *) cloud->pdata[k])->entry->game, ==, "cloudspire");
      if (!in_first_three (packs, "codex", e->card, e->id))
        g_error ("searching Codex for “%s” does not bring %s into the first three", e->card, e->id);
    }
  g_assert_cmpuint (cards, >=, 130);

  /* "Attack" is an entry of both packs: each game keeps its own, and a
   * search of all games lists both, told apart by their keys. */
  {
    g_autoptr(GPtrArray) all = spk_packs_query (packs, NULL, "attack", 0, SPK_SEARCH_ANY);
    gboolean seen[2] = { FALSE, FALSE };

    for (guint k = 0; k < all->len; k++)
      {
        const SpkGlossaryEntry *e = ((SpkSearchResult *) all->pdata[k])->entry;
        g_autofree char *key = spk_packs_entry_key (e);
        SpkGlossary *owner = NULL;

        g_assert_true (spk_packs_lookup_key (packs, key, &owner) == e);
        g_assert_cmpstr (spk_glossary_get_game (owner), ==, e->game);
        if (g_str_equal (e->id, "attack"))
          seen[g_str_equal (e->game, "codex")] = TRUE;
        if (k > 0)
          g_assert_cmpfloat (((SpkSearchResult *) all->pdata[k - 1])->score, >=,
                             ((SpkSearchResult *) all->pdata[k])->score);
      }
    g_assert_true (seen[0] && seen[1]);
  }
  {
    g_autoptr(GPtrArray) limited = spk_packs_query (packs, NULL, "attack", 5, SPK_SEARCH_ANY);
    g_autoptr(GPtrArray) none = spk_packs_query (packs, "chess", "attack", 5, SPK_SEARCH_ANY);

    g_assert_cmpuint (limited->len, ==, 5);
    g_assert_cmpuint (none->len, ==, 0);
  }
  g_assert_cmpstr (first_id (packs, "codex", "frenzy"), ==, "frenzy-x");
  g_assert_cmpstr (first_id (packs, NULL, "frenzy"), ==, "frenzy-x");
  g_assert_null (spk_packs_lookup_key (packs, "frenzy-x", NULL));
  g_assert_null (spk_packs_lookup_key (packs, "cloudspire:frenzy-x", NULL));
  g_assert_null (spk_packs_lookup_key (packs, "chess:frenzy-x", NULL));
}

/* A card ruling is listed under the terms it concerns and found by its
 * card's name; its card and spec are the FAQ's. */
static void
test_card_ruling (void)
{
  g_autoptr(SpkPacks) packs = load_packs ();
  SpkGlossary *codex = spk_packs_get_glossary (packs, "codex");
  const SpkGlossaryEntry *ruling = spk_glossary_lookup (codex, "faq-blademaster-first-strike");
  const SpkGlossaryEntry *term = spk_glossary_lookup (codex, "swift-strike");
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  g_assert_nonnull (ruling);
  g_assert_cmpstr (ruling->card, ==, "Blademaster");
  g_assert_cmpstr (ruling->spec, ==, "Finesse");
  g_assert_cmpstr (ruling->game, ==, "codex");
  g_assert_true (g_ptr_array_find (term->rulings_about, ruling, NULL));
  g_assert_cmpstr (first_id (packs, "codex", "Blademaster"), ==, ruling->id);
  label = spk_glossary_entry_card_label (ruling);
  g_assert_cmpstr (label, ==, "Card: Blademaster (Finesse)");
  g_assert_null (spk_glossary_entry_card_label (term));
  text = spk_glossary_entry_to_text (codex, ruling);
  g_assert_nonnull (strstr (text, "Card: Blademaster (Finesse)"));
  g_assert_cmpuint (spk_glossary_count_kind (codex, SPK_GLOSSARY_KIND_RULING), >=, 130);
  g_assert_cmpuint (spk_glossary_count_kind (codex, SPK_GLOSSARY_KIND_TERM), >=, 80);
}

/* docs/rulings.md, Codex: the manual's words that its glossary does not
 * define are read as the terms they mean. */
static void
test_manual_inconsistencies (void)
{
  g_autoptr(SpkPacks) packs = load_packs ();

  /* C-1: "first strike" is Swift Strike. */
  g_assert_cmpstr (first_id (packs, "codex", "first strike"), ==, "swift-strike");
  g_assert_cmpstr (first_id (packs, "codex", "what is first strike"), ==, "swift-strike");
  /* C-2: "untap" is readying. */
  g_assert_cmpstr (first_id (packs, "codex", "untap"), ==, "exhaust-and-ready");
  g_assert_true (in_first_three (packs, "codex", "firehouse untap", "faq-firehouse-targeting-an-illusion"));
  /* C-3: Stealth and Unstoppable read alike in the manual; the pack tells
   * them apart by detection, and a question about both finds both. */
  g_assert_true (in_first_three (packs, "codex", "stealth or unstoppable", "stealth"));
  g_assert_true (in_first_three (packs, "codex", "stealth or unstoppable", "unstoppable"));
  g_assert_true (in_first_three (packs, "codex", "does a tower detect unstoppable", "unstoppable"));
  /* C-4: misspelt specs are recorded as the spec meant; either spelling
   * of Max Geigar finds his ruling. */
  g_assert_cmpstr (spk_glossary_lookup (spk_packs_get_glossary (packs, "codex"),
                                        "faq-calypso-vystari-with-no-spell-this-turn")->spec, ==, "Anarchy");
  g_assert_cmpstr (spk_glossary_lookup (spk_packs_get_glossary (packs, "codex"),
                                        "faq-jade-fox-den-s-headmistress-does-it-affect-itself")->spec, ==, "Ninjutsu");
  g_assert_cmpstr (first_id (packs, "codex", "Max Geiger"), ==, "faq-max-geigar-trashed-and-returned-units");
  g_assert_cmpstr (first_id (packs, "codex", "max geigar"), ==, "faq-max-geigar-trashed-and-returned-units");
}

static void
expect_problem (const char *json, const char *where)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "test.json", &problems, &error);

  g_assert_null (g);
  g_assert_nonnull (error);
  if (strstr (error->message, where) == NULL)
    g_error ("“%s” does not name %s", error->message, where);
}

#define PACK_HEAD "{\"format\": \"spirekeeper-glossary\", \"version\": 1, \"game\": \"g\", \"title\": \"G\", \"entries\": ["
#define TERM "{\"id\": \"a\", \"title\": \"A\", \"body\": \"x\", \"official\": true}"
#define RULING_START "{\"id\": \"faq-b\", \"title\": \"B\", \"section\": [\"FAQ\"], \"kind\": \"ruling\", \"body\": \"y\", " \
                     "\"source\": \"s\", \"concerns\": [\"a\"], \"official\": false"

static void
test_card_fields_checked (void)
{
  g_autoptr(SpkGlossary) ok = spk_glossary_load_from_data (PACK_HEAD TERM ", " RULING_START ", \"card\": \"C\"}]}",
                                                          -1, "test.json", NULL, NULL);

  g_assert_nonnull (ok);
  g_assert_cmpstr (spk_glossary_lookup (ok, "faq-b")->card, ==, "C");
  g_assert_null (spk_glossary_lookup (ok, "faq-b")->spec);
  g_assert_cmpstr (spk_glossary_lookup (ok, "a")->game, ==, "g");
  expect_problem (PACK_HEAD "{\"id\": \"a\", \"title\": \"A\", \"body\": \"x\", \"official\": true, \"card\": \"C\"}]}",
                  "test.json: entries[0].card");
  expect_problem (PACK_HEAD TERM ", " RULING_START ", \"spec\": \"\"}]}", "entries[1].spec");
  expect_problem (PACK_HEAD TERM ", " RULING_START ", \"card\": 3}]}", "entries[1].card");
  expect_problem ("{\"format\": \"spirekeeper-glossary\", \"version\": 1, \"game\": \"My Game\", \"title\": \"G\", "
                  "\"entries\": [" TERM "]}", "test.json: game: “My Game” is not a game id");
}

/* An import of official wording belongs to one game: saved with it, and
 * one saved before games were named is Cloudspire's. A Codex entry of the
 * same title as a Cloudspire term never takes Cloudspire's wording. */
static void
test_import_game (void)
{
  g_autoptr(SpkPacks) packs = load_packs ();
  const SpkGlossaryEntry *cloud = spk_packs_lookup_key (packs, "cloudspire:attack", NULL);
  const SpkGlossaryEntry *codex = spk_packs_lookup_key (packs, "codex:attack", NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-packs-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "official-rules.json", NULL);
  const char *legacy = "{\"format\": \"spirekeeper-official-rules\", \"version\": 1, \"terms\": "
                       "[{\"title\": \"Attack\", \"section\": [], \"paragraphs\": [\"Theirs.\"], \"see_also\": []}]}";
  g_autoptr(SpkRulesImport) parsed = spk_rules_import_parse ("| Term | Text |\n|---|---|\n| Attack | Theirs. |\n", -1, NULL);
  g_autoptr(SpkRulesImport) old = NULL;
  g_autoptr(SpkRulesImport) saved = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (cloud);
  g_assert_nonnull (codex);
  /* Not known: any game's entry of that title. */
  g_assert_nonnull (parsed);
  g_assert_null (parsed->game);
  g_assert_nonnull (spk_rules_import_find (parsed, codex));

  g_assert_true (g_file_set_contents (path, legacy, -1, NULL));
  old = spk_rules_import_load_saved (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (old->game, ==, SPK_RULES_IMPORT_LEGACY_GAME);
  g_assert_nonnull (spk_rules_import_find (old, cloud));
  g_assert_null (spk_rules_import_find (old, codex));

  parsed->game = g_strdup ("codex");
  g_assert_true (spk_rules_import_save (parsed, path, "mine.md", &error));
  saved = spk_rules_import_load_saved (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->game, ==, "codex");
  g_assert_nonnull (spk_rules_import_find (saved, codex));
  g_assert_null (spk_rules_import_find (saved, cloud));
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/packs/games", test_games);
  g_test_add_func ("/packs/game-filter", test_game_filter);
  g_test_add_func ("/packs/card-ruling", test_card_ruling);
  g_test_add_func ("/packs/codex-rulings", test_manual_inconsistencies);
  g_test_add_func ("/packs/card-fields-checked", test_card_fields_checked);
  g_test_add_func ("/packs/import-game", test_import_game);
  return g_test_run ();
}
