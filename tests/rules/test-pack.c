/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shipped packs. Cloudspire's: every Rules Reference term is there,
 * the pack validates, and realistic queries find the right entry. Codex's:
 * every keyword of the rulebook's glossary, the turn's phases, and one
 * ruling per card of the Card FAQ with its card and spec.
 *
 * The term names below were read off the official Rules Reference (names
 * only, no text); the pack must hold each of them as an official entry and
 * nothing else may claim to be official. */
#include "config.h"

#include <string.h>

#include "spk-glossary.h"
#include "spk-search.h"

static const char *const official_terms[] = {
  "Active", "Adjacent", "Attack", "Attacking with Spires", "Attacking with Units",
  "Attack Upgrade", "Attack Stat", "Barracks", "Basic Side", "Spires", "Units", "Blocked",
  "Build Option", "Campfire Mode", "Clear", "Close", "Command Points (CP)", "CP Cost",
  "Control", "Damage", "Defeat", "Deployment", "Deployment Stack", "Displace", "Earthscape",
  "End of the Game", "Equipment", "Event", "Exploration", "Faction", "Faction Unit",
  "First Player", "Fortification Upgrade", "Fortress", "Fortress Advancement", "Fortress Gate",
  "Attacking and Defending a Fortress Gate", "Fortress Power", "Fortress Source Well",
  "Fortress Spire", "Fortress Structure", "Friendly", "Group", "Grouped Only",
  "Leaves Group if Grouped", "Health", "Health Stat", "Hero", "Hero Selection and Deployment",
  "Hero Movement", "Hero Attacks", "Hero Defeats", "Hero Upgrades", "Attack Upgrades",
  "Fortification Upgrades", "Range Upgrades", "Hex", "Valid Hex", "Invalid Hex", "Hex Group",
  "In Play", "Inactive", "Influence", "Isle", "Center Isle", "Item", "Landmark",
  "Ancient Traxxyr", "Landmark Minion", "Leading Minion", "Level Up", "Limited Build Option",
  "Mark", "Market", "Merc", "Merc Unit", "Merc Spire", "Minion",
  "Minion Selection and Deployment", "Minion Movement", "Minion Attacks", "Minion Defeats",
  "Minion Upgrades", "Minion Type", "Movement", "After or Instead of Moving",
  "Before or After Moving", "Movement Stat", "Non-Path Hex", "Occupied", "Once Per Wave",
  "Opposing", "Path", "Pillage", "Play Area", "Progress", "Promoted", "Promoted Side", "Range",
  "Range Upgrade", "Recover", "Relic", "Relic Reward", "Remove from the Game",
  "Repairing Your Gate", "Retaliation", "Returning to the Fortress", "Revealed", "Reward",
  "Round", "Select", "Sky", "Source", "Source Cost", "Source Reward", "Source Well", "Spire",
  "Spire Construction", "Spire Upgrades", "Attack Upgrades", "Fortification Upgrades",
  "Range Upgrades", "Spires Fire", "Damaging a Spire", "Spire Limit", "Spire Reward",
  "Starting Hero", "Starting Upgrades", "Talent", "Target", "Teleport", "Terrain",
  "Terrain Allowance", "Turn", "Ungrouped", "Ungrouped Only", "Unit", "Unrevealed", "Upgrades",
  "Upgrade Capacity", "Wave",
};

/* The keywords of the Codex rulebook's glossary (names only). */
static const char *const codex_keywords[] = {
  "Armor X", "Armor Piercing", "Arrives", "Anti-air", "Attacks", "Boost X", "Channeling", "Copy",
  "Deathtouch", "Detector", "Dies", "Disable", "Ephemeral", "Fading X", "Flagbearer", "Flies Over",
  "Flying", "Forecast X", "Friendly", "Frenzy X", "Ground", "Haste", "Healing X", "Illusion",
  "Indestructible", "Invisible", "Leaves", "Legendary", "Long-range", "Max Level", "Obliterate X",
  "Overpower", "Readiness", "Repair", "Resist X", "Sacrifice", "Sideline", "Sneak", "Sparkshot",
  "Steal", "Stealth", "Swift Strike", "Two Lives", "Unattackable", "Unstoppable", "Untargetable",
  "Upkeep", "Weakest",
};

/* The specs the Card FAQ files its cards under. */
static const char *const codex_specs[] = {
  "Anarchy", "Balance", "Bashing", "Blood", "Demonology", "Discipline", "Disease", "Feral",
  "Finesse", "Fire", "Future", "Growth", "Law", "Necromancy", "Ninjutsu", "Past", "Peace",
  "Present", "Strength", "Truth", "starting black", "starting blue", "starting green",
  "starting purple", "starting red", "starting white", NULL,
};

static SpkGlossary *
load_game (const char *game)
{
  g_autofree char *file = g_strconcat (game, ".json", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", file, NULL);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  SpkGlossary *g = spk_glossary_load (path, &problems, &error);

  for (guint i = 0; g == NULL && i < problems->len; i++)
    g_printerr ("%s\n", ((GError *) problems->pdata[i])->message);
  g_assert_no_error (error);
  return g;
}

static SpkGlossary *
load_pack (void)
{
  return load_game ("cloudspire");
}

static void
test_valid (void)
{
  g_autoptr(SpkGlossary) g = load_pack ();

  /* Loading checks ids, unique titles, every see_also and table link. */
  g_assert_cmpstr (spk_glossary_get_game (g), ==, "cloudspire");
  g_assert_cmpuint (spk_glossary_get_n_entries (g), >=, G_N_ELEMENTS (official_terms));
  g_assert_cmpuint (spk_glossary_get_n_tables (g), >=, 5);
}

static void
test_every_official_term (void)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  g_autoptr(GHashTable) want = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) have = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_official = 0;

  /* Titles repeat in the reference (Attack Upgrades under Hero Upgrades and
   * under Spire Upgrades): count them. */
  for (guint i = 0; i < G_N_ELEMENTS (official_terms); i++)
    {
      char *key = spk_glossary_fold (official_terms[i]);
      g_hash_table_insert (want, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (want, key)) + 1));
    }
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);
      char *key;

      if (!e->official)
        continue;
      n_official++;
      key = spk_glossary_fold (e->title);
      if (!g_hash_table_contains (want, key))
        g_error ("%s is marked official but is no Rules Reference term", e->id);
      g_hash_table_insert (have, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (have, key)) + 1));
    }
  for (guint i = 0; i < G_N_ELEMENTS (official_terms); i++)
    {
      g_autofree char *key = spk_glossary_fold (official_terms[i]);
      if (g_hash_table_lookup (have, key) != g_hash_table_lookup (want, key))
        g_error ("Rules Reference term “%s”: %u official entries, want %u", official_terms[i],
                 GPOINTER_TO_UINT (g_hash_table_lookup (have, key)),
                 GPOINTER_TO_UINT (g_hash_table_lookup (want, key)));
    }
  g_assert_cmpuint (n_official, ==, G_N_ELEMENTS (official_terms));
}

static void
check_entries_are_useful (SpkGlossary *g)
{
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);

      /* A body worth reading, and no entry pointing at itself. */
      if (strlen (e->body) < 40)
        g_error ("%s: body of %zu bytes", e->id, strlen (e->body));
      for (guint k = 0; e->see_also[k] != NULL; k++)
        g_assert_cmpstr (e->see_also[k], !=, e->id);
    }
}

static void
test_entries_are_useful (void)
{
  g_autoptr(SpkGlossary) g = load_pack ();

  check_entries_are_useful (g);
}

/* Every keyword once, as an official entry, and nothing else official. */
static void
test_codex_keywords (void)
{
  g_autoptr(SpkGlossary) g = load_game ("codex");
  guint n_official = 0;

  g_assert_cmpstr (spk_glossary_get_game (g), ==, "codex");
  for (guint i = 0; i < G_N_ELEMENTS (codex_keywords); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_find_title (g, NULL, codex_keywords[i]);

      if (e == NULL || !e->official)
        g_error ("Codex keyword “%s” has no official entry", codex_keywords[i]);
    }
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    n_official += spk_glossary_get_entry (g, i)->official;
  g_assert_cmpuint (n_official, ==, G_N_ELEMENTS (codex_keywords));
}

/* Concepts and phases are there; every entry reads; each ruling is about
 * one card, filed under a spec of the FAQ and found by the card's name. */
static void
test_codex_entries (void)
{
  g_autoptr(SpkGlossary) g = load_game ("codex");
  static const char *const phases[] = { "ready", "upkeep", "main", "draw", "tech" };
  static const char *const concepts[] = {
    "exhaust-and-ready", "arrival-fatigue", "patrol-zone", "patrol-zone-squad-leader", "tech-buildings",
    "runes", "damage", "destroy", "trash", "flying", "anti-air", "owner-and-controller",
  };
  guint rulings = 0;

  check_entries_are_useful (g);
  for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
    {
      g_autofree char *id = g_strdup_printf ("turn-%s-phase", phases[i]);
      g_assert_nonnull (spk_glossary_lookup (g, id));
    }
  for (guint i = 0; i < G_N_ELEMENTS (concepts); i++)
    g_assert_nonnull (spk_glossary_lookup (g, concepts[i]));
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);

      if (e->kind != SPK_GLOSSARY_KIND_RULING)
        {
          g_assert_null (e->card);
          continue;
        }
      rulings++;
      g_assert_true (g_str_has_prefix (e->id, "faq-"));
      g_assert_nonnull (e->card);
      if (!g_strv_contains (codex_specs, e->spec))
        g_error ("%s: spec “%s” is not one of the Card FAQ's", e->id, e->spec);
      g_assert_true (g_strv_contains ((const char *const *) e->aliases, e->card));
      g_assert_true (g_str_has_prefix (e->title, e->card));
    }
  g_assert_cmpuint (rulings, >=, 135);
}

/* Queries as players type them, the entry that must come first (rank 1)
 * or among the first three (rank 3), and the rule or alias behind it. */
static const struct {
  const char *query;
  const char *entry;
  guint       rank;
  const char *why;
} queries[] = {
  { "tower", "spire", 1, "alias: players call spires towers" },
  { "hp", "health", 1, "alias: hit points are Health" },
  { "merc", "merc", 1, "exact title" },
  { "mercenary", "merc", 1, "alias: Merc is short for mercenary" },
  { "swap", "displace", 1, "alias: displacing swaps two units" },
  { "CP", "command-points-cp", 1, "alias and title (CP)" },
  { "can spires retaliate", "retaliation", 3, "question words dropped; Retaliation says spires never do" },
  { "how many heroes", "hero-hero-selection-and-deployment", 3, "Hero Selection and Deployment sets the hero count" },
  { "fortif", "fortification-upgrade", 3, "half a word while typing" },
  { "fortifcation", "fortification-upgrade", 3, "one letter missing" },
  { "retalation", "retaliation", 1, "one letter missing" },
  { "spire limit", "spire-spire-limit", 1, "exact sub-term title" },
  { "how many spires can i have", "spire-spire-limit", 3, "Spire Limit sets spires per player count" },
  { "what happens when a hero is defeated", "hero-hero-defeats", 3, "Hero Defeats: removed from the game" },
  { "gate health", "fortress-fortress-gate-attacking-and-defending-a-fortress-gate", 3, "gate health tracker lives under Attacking and Defending a Fortress Gate" },
  { "campfire", "campfire-mode", 1, "prefix of Campfire Mode" },
  { "terrain chart", "terrain", 3, "Terrain carries the terrain chart table" },
  { "who goes first", "first-player", 3, "First Player" },
  { "lateral move", "minion-minion-movement", 3, "Minion Movement allows a lateral move" },
  { "do spires attack landmarks", "attack-attacking-with-spires", 3, "Attacking with Spires lists what spires cannot attack" },
  { "group minions", "group", 3, "Group explains grouping" },
  { "level up", "level-up", 1, "exact title" },
  { "influnce", "influence", 1, "one letter missing" },
  { "deployment stack", "deployment-deployment-stack", 1, "exact sub-term title" },
  { "pilage", "pillage", 1, "one letter missing" },
  { "repair gate", "repairing-your-gate", 3, "Repairing Your Gate, stemmed" },
  { "leading minion", "leading-minion", 1, "exact title" },
  { "range upgrade", "range-range-upgrade", 1, "exact sub-term title" },
  { "attack stat", "attack-attack-stat", 1, "exact sub-term title" },
  { "source well", "source-well", 1, "exact title" },
  { "traxxyr", "landmark-ancient-traxxyr", 1, "Ancient Traxxyr" },
  { "once per wave", "once-per-wave", 1, "exact title" },
  { "non path hex", "non-path-hex", 1, "hyphen folded" },
  { "valid hex", "hex-valid-hex", 1, "exact sub-term title" },
  { "starting hero", "starting-hero", 1, "exact title" },
  { "earthscape cost", "earthscape", 3, "Earthscape gives its price" },
  { "upgrade cost", "spire-spire-upgrades", 3, "Spire Upgrades gives the cost rule" },
  { "how much does a third spire upgrade cost", "spire-spire-upgrades", 3, "Spire Upgrades: cost equals the upgrade count" },
  { "can heroes be grouped", "group", 3, "Group says only minions form groups (as Hero Selection and Deployment does)" },
  { "end of game tiebreaker", "end-of-the-game", 3, "End of the Game lists the tie-breaks" },
  { "fortress power", "fortress-fortress-power", 1, "exact sub-term title" },
  { "limited build", "limited-build-option", 1, "title being typed" },
  { "who wins", "end-of-the-game", 3, "End of the Game decides the winner" },
  { "market size", "market", 3, "Market: offerings by player count" },
  { "retaliate", "retaliation", 1, "stem of Retaliation" },
  { "inactive units", "inactive", 1, "Inactive" },
  { "explore landmark", "exploration", 3, "Exploration stage" },
  { "promote hero", "promoted", 3, "Promoted: a hero flips on level up at capacity" },
  { "landmark minion", "landmark-landmark-minion", 1, "exact sub-term title" },
  { "spire dice", "spire-spire-upgrades-attack-upgrades", 3, "spire attack upgrades are dice" },
  { "2v2 campfire", "campfire-mode", 3, "Campfire Mode covers team games" },
  { "fortress g", "fortress-fortress-gate", 1, "title being typed" },
  { "spire re", "spire-spire-reward", 1, "title being typed: \"re\" is not yet a question word" },
  { "displ", "displace", 1, "half a word while typing" },
  { "heor", "hero", 3, "letters swapped" },
  { "gate retaliation range", "retaliation", 3, "Retaliation: a fortress gate hits back at any range" },
  { "minion movement", "minion-minion-movement", 1, "exact sub-term title" },
  { "can minions move backwards", "minion-minion-movement", 3, "Minion Movement: never end farther from the mark" },
  { "occupied hex", "occupied", 1, "Occupied" },
  { "what is a mark", "mark", 1, "Mark" },
  { "sell relic", "relic", 3, "Relic: keep it or sell it for Source" },
  { "spires fire", "spire-spires-fire", 3, "exact sub-term title" },
  { "damage a spire", "spire-damaging-a-spire", 1, "Damaging a Spire" },
  { "hero upgrades", "hero-hero-upgrades", 1, "exact sub-term title" },
  { "wave income", "wave", 3, "Wave carries the income tables" },
  { "defeated merc hero", "merc-merc-unit", 3, "Merc Unit: merc heroes leave the game" },
  { "equipment", "equipment", 1, "exact title" },
  { "unit", "unit", 1, "exact title" },
  { "adjacent", "adjacent", 1, "exact title" },
  { "closest to mark", "close", 3, "Close measures closeness to the mark" },
  { "infleunce", "influence", 1, "two letters swapped" },
  { "earthscpae", "earthscape", 1, "two letters swapped" },
  { "campfir", "campfire-mode", 1, "half a word while typing" },
  { "retaliaton", "retaliation", 1, "one letter missing" },
  { "pilalge", "pillage", 1, "two letters swapped" },
  { "deplyoment", "deployment", 1, "two letters swapped" },
  { "fortres gate", "fortress-fortress-gate", 1, "one letter missing" },
  { "spire limt", "spire-spire-limit", 1, "one letter missing" },
  { "heros", "hero", 1, "misspelt plural" },
  { "minons", "minion", 1, "one letter missing" },
  { "teleprot", "teleport", 1, "two letters swapped" },
  { "landmrak", "landmark", 1, "two letters swapped" },
  { "explration", "exploration", 1, "one letter missing" },
  { "equipmnet", "equipment", 1, "two letters swapped" },
  { "mercanary", "merc", 1, "misspelt alias" },
  { "retailation", "retaliation", 3, "two letters swapped" },
  { "what happens when the last minion is defeated", "defeat", 1, "Defeat: the wave ends with the last minion" },
  { "can a hero return to the fortress", "returning-to-the-fortress", 1, "Returning to the Fortress" },
  { "when does the game end", "end-of-the-game", 1, "End of the Game" },
  { "how is fortress power calculated", "fortress-fortress-power", 1, "Fortress Power: gate health plus advancements" },
  { "how much source can i hold", "source", 1, "Source: at most 20" },
  { "what does inactive mean", "inactive", 1, "Inactive" },
  { "does retaliation count as an attack", "retaliation", 1, "Retaliation: part of the attack, not an attack" },
  { "how do i promote a minion", "promoted", 3, "Promoted: each faction promotes minions its own way" },
  { "who is the first player", "first-player", 1, "First Player" },
  { "can heroes block minions", "blocked", 1, "Blocked: heroes never block friendly minions" },
  { "what is a valid hex", "hex-valid-hex", 1, "Valid Hex" },
  { "how many limited build options", "limited-build-option", 1, "Limited Build Option: two per Onslaught Phase" },
  { "can i place an earthscape on occupied hexes", "earthscape", 1, "Earthscape: never on occupied hexes" },
};

static void
test_search_quality (void)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  g_autoptr(SpkSearchIndex) ix = spk_search_index_new (g);
  guint failures = 0;

  g_assert_cmpuint (G_N_ELEMENTS (queries), >=, 40);
  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autoptr(GPtrArray) r = spk_search_index_query (ix, queries[i].query, queries[i].rank);
      gboolean found = FALSE;

      g_assert_nonnull (spk_glossary_lookup (g, queries[i].entry));
      for (guint k = 0; k < r->len; k++)
        found = found || g_str_equal (((SpkSearchResult *) r->pdata[k])->entry->id, queries[i].entry);
      if (!found)
        {
          g_printerr ("“%s”: %s not in the first %u (%s); first is %s\n", queries[i].query,
                      queries[i].entry, queries[i].rank, queries[i].why,
                      r->len > 0 ? ((SpkSearchResult *) r->pdata[0])->entry->id : "nothing");
          failures++;
        }
    }
  g_assert_cmpuint (failures, ==, 0);
}

/* The published FAQ and errata rulings, looked up by the card or talent
 * they are about: with every entry searched, the ruling is among the first
 * three (after the term of that name, when there is one); with the
 * rulings-only filter it comes first. Each row names the FAQ section. */
static const struct {
  const char *query;
  const char *ruling;
  const char *section;
} ruling_queries[] = {
  { "Engage", "faq-engage-moving-away-from-an-engaging-unit", "CSH Heroes & Minions (Units)" },
  { "Siege Tower Raze fortress gate", "faq-siege-tower-raze-on-a-fortress-gate-that-deals-no-damage", "CSH Brawnen" },
  { "Drilling Outpost", "faq-drilling-outpost-built-from-a-spire-reward", "CSH Brawnen" },
  { "Forsaken", "faq-forsaken-retaliating-after-rolling-no-attack", "CSH Brawnen" },
  { "Neglected", "faq-neglected-landmark-minions-do-not-switch-it-off", "CSH Brawnen" },
  { "Broodnest", "faq-broodnest-a-larva-with-only-an-invalid-hex-to-spawn-on", "CSH Greige" },
  { "Evo die", "faq-evo-die-the-rolled-unit-is-not-in-the-barracks", "CSH Greige" },
  { "Surrogate Chamber", "faq-surrogate-chamber-excess-damage-and-rewards", "CSH Greige" },
  { "Tunnel System", "faq-tunnel-system-workers-way-where-progress-is-counted-from", "CSH Greige" },
  { "Creeping Vines", "faq-creeping-vines-creep-onto-a-source-well", "CSH Grovetenders" },
  { "Dywen Pacify", "faq-dywen-pacify-against-a-unit-with-engage", "CSH Grovetenders" },
  { "Lookout", "faq-lookout-revealing-the-landmarks-it-looks-at", "CSH Heroes & Minions (Units)" },
  { "Splash", "faq-splash-does-a-spire-need-a-hit-to-splash", "CSH Heroes & Minions (Units)" },
  { "Makeshift Wings", "faq-makeshift-wings-terrain-for-a-hero-with-flying", "CSH Market" },
  { "Londil Leech", "faq-londil-when-leech-heals", "CSH Market" },
  { "Yewsel", "faq-range-1-talent-what-it-adds-yewsel-slingshot", "CSH Market" },
  { "Time Vials", "faq-time-vials-spires-after-back-to-the-future", "CSH Market" },
  { "Forgotten Graves", "faq-narora-heroes-defeated-heroes-go-to-the-forgotten-graves", "CSH Narora" },
  { "Wounded Priest", "faq-wounded-priest-the-reward-when-a-recruited-priest-falls", "FAQ 1.7 Errata" },
  { "forming die", "faq-grovetender-forming-die-once-per-wave", "FAQ 1.7 Errata" },
  { "campfire mode errata", "faq-campfire-mode-when-it-begins-errata", "FAQ 1.7 Errata" },
};

static void
test_rulings (void)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  g_autoptr(SpkSearchIndex) ix = spk_search_index_new (g);
  guint failures = 0;

  /* Every ruling names its source and concerns terms (checked on load). */
  g_assert_cmpuint (spk_glossary_count_kind (g, SPK_GLOSSARY_KIND_RULING), >=, 30);
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);

      if (e->kind != SPK_GLOSSARY_KIND_RULING)
        continue;
      g_assert_true (g_str_has_prefix (e->id, "faq-"));
      g_assert_false (e->official);
      g_assert_nonnull (e->source);
      g_assert_cmpuint (g_strv_length (e->concerns), >=, 1);
    }
  g_assert_cmpuint (spk_glossary_lookup (g, "talent-engage")->rulings_about->len, ==, 2);
  g_assert_cmpuint (spk_glossary_lookup (g, "campfire-mode")->rulings_about->len, ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (ruling_queries); i++)
    {
      g_autoptr(GPtrArray) any = spk_search_index_query (ix, ruling_queries[i].query, 3);
      g_autoptr(GPtrArray) only = spk_search_index_query_filtered (ix, ruling_queries[i].query, 1,
                                                                   SPK_SEARCH_RULINGS_ONLY);
      gboolean found = FALSE;

      g_assert_nonnull (spk_glossary_lookup (g, ruling_queries[i].ruling));
      for (guint k = 0; k < any->len; k++)
        found = found || g_str_equal (((SpkSearchResult *) any->pdata[k])->entry->id, ruling_queries[i].ruling);
      if (!found || only->len == 0 ||
          !g_str_equal (((SpkSearchResult *) only->pdata[0])->entry->id, ruling_queries[i].ruling))
        {
          g_printerr ("“%s” (%s): %s not in the first 3, or not first of the rulings\n",
                      ruling_queries[i].query, ruling_queries[i].section, ruling_queries[i].ruling);
          failures++;
        }
    }
  g_assert_cmpuint (failures, ==, 0);

  /* A term named outright still comes first. */
  {
    g_autoptr(GPtrArray) r = spk_search_index_query (ix, "Engage", 3);
    g_assert_cmpstr (((SpkSearchResult *) r->pdata[0])->entry->id, ==, "talent-engage");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pack/valid", test_valid);
  g_test_add_func ("/pack/every-official-term", test_every_official_term);
  g_test_add_func ("/pack/entries", test_entries_are_useful);
  g_test_add_func ("/pack/search-quality", test_search_quality);
  g_test_add_func ("/pack/rulings", test_rulings);
  g_test_add_func ("/pack/codex/keywords", test_codex_keywords);
  g_test_add_func ("/pack/codex/entries", test_codex_entries);
  return g_test_run ();
}
