/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Search index over the small test pack: folding, stems, typos, prefixes,
 * stop words, ranking rules and snippets. Quality over the real pack is
 * in test-pack.c. */
#include "config.h"

#include <string.h>

#include "spk-search.h"
#include "spk-stem.h"

static SpkSearchIndex *
fixture_index (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "rules", "glossary-mini.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load (path, NULL, &error);

  g_assert_no_error (error);
  return spk_search_index_new (g);
}

static void
test_tokenize (void)
{
  g_auto(GStrv) t = spk_search_tokenize ("Fortress–Gate’s  CAFÉ, naïve  2v2!");
  const char *want[] = { "fortress", "gate", "s", "cafe", "naive", "2v2", NULL };

  g_assert_cmpstrv (t, want);
}

static void
test_stop_words (void)
{
  /* The list is binary-searched: every listed word must be found. */
  const char *stop[] = { "a", "can", "do", "how", "i", "the", "what", "your", "many", "does", "don", "isn", "aren", "wouldn",
                         "dont", "cant", "doesnt", "youre" };
  const char *kept[] = { "spire", "hero", "cp", "hp", "play", "once", "not", "after" };

  for (guint i = 0; i < G_N_ELEMENTS (stop); i++)
    g_assert_true (spk_search_is_stop_word (stop[i]));
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    g_assert_false (spk_search_is_stop_word (kept[i]));
}

static void
test_edit_distance (void)
{
  static const struct { const char *a, *b; guint max, want; } rows[] = {
    { "fortifcation", "fortification", 2, 1 },   /* a letter missing */
    { "retalation", "retaliation", 2, 1 },
    { "sprie", "spire", 1, 1 },                  /* adjacent letters swapped */
    { "heor", "hero", 1, 1 },
    { "displase", "displace", 2, 1 },
    { "merc", "merc", 1, 0 },
    { "tower", "spire", 2, 3 },                  /* capped at max + 1 */
    { "gate", "gateway", 2, 3 },                 /* length alone rules it out */
    { "inflence", "influence", 2, 1 },
    { "cmapfire", "campfire", 2, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpuint (spk_search_edit_distance (rows[i].a, rows[i].b, rows[i].max), ==, rows[i].want);
}

static void
test_stem (void)
{
  static const struct { const char *word, *stem; } rows[] = {
    { "retaliate", "retali" }, { "retaliation", "retali" }, { "retaliates", "retali" },
    { "retaliating", "retali" }, { "spires", "spire" }, { "heroes", "hero" },
    { "fortification", "fortif" }, { "grouped", "group" }, { "attacking", "attack" },
    { "upgrades", "upgrad" }, { "cp", "cp" }, { "2v2", "2v2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *s = spk_stem (rows[i].word);
      g_assert_cmpstr (s, ==, rows[i].stem);
    }
}

/* Which entry comes first for a query, and why. */
static const struct {
  const char *query;
  const char *first;
  const char *why;
} ranking[] = {
  { "tower", "spire", "alias of Spire" },
  { "hp", "health", "alias of Health" },
  { "swap", "displace", "alias of Displace" },
  { "mercenary", "merc", "alias of Merc" },
  { "merc", "merc", "exact title beats the body of Select that says mercs" },
  { "CP", "command-points-cp", "alias, and the title holds (CP)" },
  { "cp", "command-points-cp", "case folded" },
  { "fortifcation", "fortification-upgrade", "one letter missing" },
  { "retalation", "retaliation", "one letter missing" },
  { "retaliate", "retaliation", "same stem as the title" },
  { "can spires retaliate", "retaliation", "question words dropped; title stem and body" },
  { "how many heroes", "hero", "plural of a title" },
  { "don't spires retaliate?", "retaliation", "what is left of \"don't\" is a question word too" },
  { "fortif", "fortification-upgrade", "half a word while typing" },
  { "fortress g", "fortress-fortress-gate", "title being typed" },
  { "gate", "fortress-fortress-gate", "alias equals the query" },
  { "gate health", "fortress-fortress-gate-attacking-and-defending-a-fortress-gate", "alias equals the query" },
  { "Spire", "spire", "exact title first" },
  { "displase", "displace", "typo in the title word" },
  { "strike back", "retaliation", "alias phrase" },
  { "income", "wave-income", "alias of our own entry" },
  { "fortifcat", "fortification-upgrade", "misspelt while still typing: close to a word's start" },
  { "retal", "retaliation", "half a word while typing" },
};

static void
test_ranking (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();

  for (guint i = 0; i < G_N_ELEMENTS (ranking); i++)
    {
      g_autoptr(GPtrArray) r = spk_search_index_query (ix, ranking[i].query, 3);

      if (r->len == 0)
        g_error ("“%s”: no results (%s)", ranking[i].query, ranking[i].why);
      if (g_strcmp0 (((SpkSearchResult *) r->pdata[0])->entry->id, ranking[i].first) != 0)
        g_error ("“%s”: first is %s, want %s (%s)", ranking[i].query,
                 ((SpkSearchResult *) r->pdata[0])->entry->id, ranking[i].first, ranking[i].why);
    }
}

static void
test_title_outranks_body (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "hero ", 0);

  /* Hero (title) above every entry that only mentions heroes in the body. */
  g_assert_cmpuint (r->len, ==, 5);
  g_assert_cmpstr (((SpkSearchResult *) r->pdata[0])->entry->id, ==, "hero");
  for (guint i = 1; i < r->len; i++)
    g_assert_cmpfloat (((SpkSearchResult *) r->pdata[i])->score, <,
                       ((SpkSearchResult *) r->pdata[0])->score / 10);
}

static void
test_shared_title (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "attack upgrades", 2);

  /* Both sub-terms titled "Attack Upgrades" come first, hero's (earlier by title order tie). */
  g_assert_cmpuint (r->len, ==, 2);
  g_assert_true (g_str_has_suffix (((SpkSearchResult *) r->pdata[0])->entry->id, "-attack-upgrades"));
  g_assert_true (g_str_has_suffix (((SpkSearchResult *) r->pdata[1])->entry->id, "-attack-upgrades"));
}

static void
test_prefix_only_while_typing (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) typing = spk_search_index_query (ix, "mercen", 0);
  g_autoptr(GPtrArray) done = spk_search_index_query (ix, "heal ", 0);
  g_autoptr(GPtrArray) partial = spk_search_index_query (ix, "heal", 0);

  g_assert_cmpuint (typing->len, >=, 1);
  g_assert_cmpstr (((SpkSearchResult *) typing->pdata[0])->entry->id, ==, "merc");
  /* "heal" is no word of the pack; finished, it still falls back to
   * prefixes since it matched nothing whole. */
  g_assert_cmpuint (done->len, ==, partial->len);
  g_assert_cmpstr (((SpkSearchResult *) partial->pdata[0])->entry->id, ==, "health");
}

static void
test_no_match (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) none = spk_search_index_query (ix, "zzyzx qqq", 10);
  g_autoptr(GPtrArray) empty = spk_search_index_query (ix, "  ?! ", 10);
  g_autoptr(GPtrArray) null = spk_search_index_query (ix, NULL, 10);

  g_autoptr(GPtrArray) only_stop = spk_search_index_query (ix, "the", 0);

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (empty->len, ==, 0);
  /* Nothing but question words: taken literally rather than dropped. */
  g_assert_cmpuint (only_stop->len, >, 3);
  g_assert_cmpuint (null->len, ==, 0);
}

static void
test_limit (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) all = spk_search_index_query (ix, "units", 0);
  g_autoptr(GPtrArray) two = spk_search_index_query (ix, "units", 2);

  g_assert_cmpuint (all->len, >, 2);
  g_assert_cmpuint (two->len, ==, 2);
  g_assert_true (((SpkSearchResult *) two->pdata[1])->entry == ((SpkSearchResult *) all->pdata[1])->entry);
}

static void
test_snippet (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "can spires retaliate", 1);
  SpkSearchResult *res = r->pdata[0];
  g_autofree char *marked = spk_search_result_mark (res, "«", "»");
  g_autofree char *bold = spk_search_result_mark (res, "<b>", "</b>");

  g_assert_cmpstr (res->entry->id, ==, "retaliation");
  g_assert_cmpstr (marked, ==,
                   "…an adjacent unit strikes back once per turn with its attack stat. "
                   "«Spires» never strike back, and «retaliation» is not an attack.");
  g_assert_cmpuint (res->highlights->len, ==, 2);
  /* Offsets point at the words in the unmarked snippet. */
  for (guint i = 0; i < res->highlights->len; i++)
    {
      SpkSearchSpan *s = &g_array_index (res->highlights, SpkSearchSpan, i);
      g_autofree char *word = g_strndup (res->snippet + s->start, s->end - s->start);
      g_assert_cmpstr (word, ==, i == 0 ? "Spires" : "retaliation");
    }
  g_assert_nonnull (strstr (bold, "<b>Spires</b> never"));
}

static void
test_snippet_skips_typed_question_word (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "merc a", 1);
  SpkSearchResult *res = r->pdata[0];
  g_autofree char *marked = spk_search_result_mark (res, "«", "»");

  /* "a" may still become a word, but as a question word it is not marked. */
  g_assert_cmpstr (res->entry->id, ==, "merc");
  g_assert_cmpstr (marked, ==, "Units and spires bought in the market. A «merc» hero still counts against the two "
                               "heroes a faction may field.");
}

static void
test_snippet_without_body_hit (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "tower", 1);
  SpkSearchResult *res = r->pdata[0];

  /* The alias matched, not the body: the snippet is the body's start. */
  g_assert_cmpuint (res->highlights->len, ==, 0);
  g_assert_true (g_str_has_prefix (res->snippet, "A silver-bordered building"));
  g_assert_true (g_str_has_suffix (res->snippet, "…"));
}

static void
test_paragraphs_squashed (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, "neighbouring", 1);
  SpkSearchResult *res = r->pdata[0];

  g_assert_cmpstr (res->entry->id, ==, "displace");
  g_assert_null (strchr (res->snippet, '\n'));
  g_assert_nonnull (strstr (res->snippet, "from. If that place"));
}

/* Random keystrokes: results stay ordered and highlights stay inside
 * their snippets. */
static void
test_random_queries (void)
{
  g_autoptr(SpkSearchIndex) ix = fixture_index ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (97);
  const char *alphabet = "abcdefghijklmnopqrstuvwxyz  '?-é\xc3";

  for (guint round = 0; round < 500; round++)
    {
      char q[24];
      guint n = (guint) g_rand_int_range (rand, 0, (gint32) sizeof q);
      g_autoptr(GPtrArray) r = NULL;

      for (guint i = 0; i < n; i++)
        q[i] = alphabet[g_rand_int_range (rand, 0, (gint32) strlen (alphabet))];
      q[n] = '\0';
      r = spk_search_index_query (ix, q, 5);
      g_assert_cmpuint (r->len, <=, 5);
      for (guint i = 0; i < r->len; i++)
        {
          SpkSearchResult *res = r->pdata[i];
          guint prev_end = 0;

          if (i > 0)
            g_assert_cmpfloat (res->score, <=, ((SpkSearchResult *) r->pdata[i - 1])->score);
          g_assert_true (g_utf8_validate (res->snippet, -1, NULL));
          for (guint k = 0; k < res->highlights->len; k++)
            {
              SpkSearchSpan *sp = &g_array_index (res->highlights, SpkSearchSpan, k);
              g_assert_cmpuint (sp->start, >=, prev_end);
              g_assert_cmpuint (sp->start, <, sp->end);
              g_assert_cmpuint (sp->end, <=, strlen (res->snippet));
              prev_end = sp->end;
            }
        }
    }
}

static const char *
result_id (GPtrArray *r, guint i)
{
  return i < r->len ? ((SpkSearchResult *) r->pdata[i])->entry->id : NULL;
}

#define PACK_HEAD "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"game\":\"g\",\"title\":\"G\",\"entries\":["
#define TERMS \
  "{\"id\":\"engage\",\"title\":\"Engage\",\"body\":\"Units able to attack an engaging unit must attack it.\",\"official\":true}," \
  "{\"id\":\"movement\",\"title\":\"Movement\",\"body\":\"Units move in the movement step, before they attack.\",\"official\":true}"
#define RULINGS \
  ",{\"id\":\"faq-engage-moving-away\",\"section\":[\"FAQ\"],\"title\":\"Engage: moving away\",\"kind\":\"ruling\"," \
  "\"body\":\"Allowed: out of range, the unit no longer has to attack.\",\"source\":\"s\",\"concerns\":[\"engage\",\"movement\"]," \
  "\"aliases\":[\"Engage\"],\"official\":false}," \
  "{\"id\":\"faq-dywen-pacify\",\"section\":[\"FAQ\"],\"title\":\"Dywen: Pacify\",\"kind\":\"ruling\"," \
  "\"body\":\"Not on a unit with Engage.\",\"source\":\"s\",\"concerns\":[\"engage\"],\"aliases\":[\"Dywen\",\"Pacify\"],\"official\":false}"

static SpkSearchIndex *
inline_index (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "pack.json", NULL, &error);
  g_assert_no_error (error);
  return spk_search_index_new (g);
}


/* A small pack with a concept map, the way the shipped one uses it. */
static SpkSearchIndex *
concept_index (void)
{
  const char *json =
    "{\"format\":\"spirekeeper-glossary\",\"version\":1,\"game\":\"g\",\"title\":\"G\",\"entries\":["
    "{\"id\":\"defeat\",\"title\":\"Defeat\",\"body\":\"A unit whose health reaches 0 is defeated and leaves the board.\",\"official\":true},"
    "{\"id\":\"reward\",\"title\":\"Reward\",\"body\":\"Defeating an opposing unit earns what its chip shows.\",\"official\":true},"
    "{\"id\":\"pillage\",\"title\":\"Pillage\",\"body\":\"Taking the Source of a faction whose gate fell.\",\"official\":true},"
    "{\"id\":\"target\",\"title\":\"Target\",\"body\":\"The unit an attack is aimed at.\",\"official\":true},"
    "{\"id\":\"spires-fire\",\"title\":\"Spires Fire\",\"body\":\"Spires shoot at units in range.\",\"official\":true,"
    "\"aliases\":[\"shooting\"]},"
    "{\"id\":\"blocked\",\"title\":\"Blocked\",\"body\":\"A unit may not move through opposing units.\",\"official\":true},"
    "{\"id\":\"incorporeal\",\"title\":\"Incorporeal\",\"body\":\"It moves through opposing units.\","
    "\"official\":true,\"aliases\":[\"ghost\"]}],"
    "\"concepts\":["
    "{\"phrases\":[\"walk through\"],\"entries\":[\"blocked\"]},"
    "{\"name\":\"Fallen fortress\",\"phrases\":[\"fortress fall\"],\"entries\":[\"pillage\"]},"
    "{\"phrases\":[\"kill\",\"wipe out\"],\"entries\":[\"defeat\",\"reward\"]},"
    "{\"name\":\"Sacking a fortress\",\"phrases\":[\"wipe out fortress\"],\"entries\":[\"pillage\"]},"
    "{\"phrases\":[\"shoot at\"],\"entries\":[\"target\"]},"
    "{\"phrases\":[\"shoot\"],\"entries\":[\"spires-fire\"]},"
    "{\"phrases\":[\"what do i get\"],\"entries\":[\"reward\"],\"weight\":1.5}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "concepts.json", NULL, &error);
  g_assert_no_error (error);
  return spk_search_index_new (g);
}


/* Published rulings: found by the talent or card they name, after the term
 * of that name (a ruling's name earns no name bonus among terms); the
 * filters keep one kind; the terms score exactly as without rulings. */
static void
test_rulings (void)
{
  g_autoptr(SpkSearchIndex) ix = inline_index (PACK_HEAD TERMS RULINGS "]}");
  g_autoptr(SpkSearchIndex) bare = inline_index (PACK_HEAD TERMS "]}");
  g_autoptr(GPtrArray) any = spk_search_index_query (ix, "Engage", 0);
  g_autoptr(GPtrArray) only = spk_search_index_query_filtered (ix, "Engage", 0, SPK_SEARCH_RULINGS_ONLY);
  g_autoptr(GPtrArray) terms = spk_search_index_query_filtered (ix, "Engage", 0, SPK_SEARCH_TERMS_ONLY);
  g_autoptr(GPtrArray) card = spk_search_index_query (ix, "Dywen", 0);
  g_autoptr(GPtrArray) without = spk_search_index_query (bare, "Engage", 0);
  g_autoptr(GPtrArray) move = spk_search_index_query (ix, "attack movement", 0);
  g_autoptr(GPtrArray) move_bare = spk_search_index_query (bare, "attack movement", 0);

  g_assert_cmpstr (result_id (any, 0), ==, "engage");
  g_assert_cmpstr (result_id (any, 1), ==, "faq-engage-moving-away");
  g_assert_cmpstr (result_id (any, 2), ==, "faq-dywen-pacify");
  g_assert_cmpuint (only->len, ==, 2);
  g_assert_cmpstr (result_id (only, 0), ==, "faq-engage-moving-away");
  g_assert_cmpstr (result_id (only, 1), ==, "faq-dywen-pacify");
  for (guint i = 0; i < terms->len; i++)
    g_assert_false (g_str_has_prefix (result_id (terms, i), "faq-"));
  g_assert_cmpstr (result_id (card, 0), ==, "faq-dywen-pacify");
  /* Term statistics leave the rulings out: same terms, same scores. */
  g_assert_cmpfloat_with_epsilon (((SpkSearchResult *) any->pdata[0])->score,
                                  ((SpkSearchResult *) without->pdata[0])->score, 1e-9);
  g_assert_cmpstr (result_id (move, 0), ==, result_id (move_bare, 0));
  g_assert_cmpfloat_with_epsilon (((SpkSearchResult *) move->pdata[0])->score,
                                  ((SpkSearchResult *) move_bare->pdata[0])->score, 1e-9);
}

/* R-rules-12: an entry's asked questions bring it to a question worded
 * like them though its own text shares no word with it; a question an
 * index leaves out counts for nothing; a pair of words said in the same
 * order counts beyond its two words; a result names the question it was
 * asked like. */
static gboolean
keep_unless_stuck (const SpkGlossaryEntry *entry, const char *question, gpointer data)
{
  return strstr (question, "stuck") == NULL;
}

static void
test_asked (void)
{
  const char *json = PACK_HEAD
    "{\"id\":\"terrain-allowance\",\"title\":\"Terrain Allowance\",\"body\":\"The kinds of ground a unit may enter.\","
    "\"official\":true,\"asked\":[\"my little guy is stuck behind a mountain\",\"can my dude cross the lake\"]},"
    "{\"id\":\"market\",\"title\":\"Market\",\"body\":\"Where units and items are bought between waves.\",\"official\":true,"
    "\"asked\":[\"what can i buy in the shop\",\"does the shop refresh\"]},"
    "{\"id\":\"trail\",\"title\":\"Trail\",\"body\":\"Ground that units walk along.\",\"official\":true,"
    "\"asked\":[\"is that a path hex\"]},"
    "{\"id\":\"marker\",\"title\":\"Marker\",\"body\":\"A token put on the board.\",\"official\":true,"
    "\"asked\":[\"hex by path\",\"hex by a path\"]}"
    "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load_from_data (json, -1, "asked.json", NULL, &error);
  g_autoptr(SpkSearchIndex) ix = NULL;
  g_autoptr(SpkSearchIndex) without = NULL;
  g_autoptr(GPtrArray) stuck = NULL;
  g_autoptr(GPtrArray) stuck_without = NULL;
  g_autoptr(GPtrArray) shop = NULL;
  g_autoptr(GPtrArray) pair = NULL;
  g_autoptr(GPtrArray) nothing = NULL;
  g_autoptr(GPtrArray) like = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (spk_glossary_lookup (g, "market")->asked), ==, 2);
  ix = spk_search_index_new (g);
  without = spk_search_index_new_full (g, keep_unless_stuck, NULL);
  stuck = spk_search_index_query (ix, "help, my minion is stuck", 0);
  stuck_without = spk_search_index_query (without, "help, my minion is stuck", 0);
  shop = spk_search_index_query (ix, "shop", 0);
  pair = spk_search_index_query (ix, "path hex ", 0);
  nothing = spk_search_index_query (ix, "zebra", 0);
  like = spk_search_index_query (ix, "my little dude is stuck", 0);

  g_assert_cmpstr (result_id (stuck, 0), ==, "terrain-allowance");
  g_assert_cmpuint (stuck_without->len, ==, 0);
  g_assert_cmpstr (result_id (shop, 0), ==, "market");
  g_assert_cmpstr (result_id (pair, 0), ==, "trail");
  g_assert_cmpstr (result_id (pair, 1), ==, "marker");
  g_assert_cmpuint (nothing->len, ==, 0);
  /* The question a result was asked like: one sharing most of the
   * query's words, none when it shares a single one. */
  g_assert_cmpstr (result_id (like, 0), ==, "terrain-allowance");
  g_assert_cmpstr (((SpkSearchResult *) like->pdata[0])->asked_like, ==, "my little guy is stuck behind a mountain");
  g_assert_null (((SpkSearchResult *) stuck->pdata[0])->asked_like);
}

static void
test_concepts (void)
{
  g_autoptr(SpkSearchIndex) ix = concept_index ();
  /* Each row: the question, the first entry, the phrase it read and the
   * concept it read it as (NULL: the first result names none). */
  static const struct { const char *query, *first, *phrase, *concept; } rows[] = {
    { "we killed their guy", "defeat", "killed", "Defeat" },          /* stem of a phrase word */
    { "kill ", "defeat", "kill", "Defeat" },
    { "we wiped out his fortress", "pillage", "wiped out his fortress", "Sacking a fortress" },  /* most words win; "his" passed over */
    { "wiped out", "defeat", "wiped out", "Defeat" },
    { "who can i shoot at", "target", "shoot at", "Target" },         /* the phrase's own question word */
    { "shoot the unit", "spires-fire", "shoot", "Spires Fire" },      /* "shoot at" needs its "at" */
    { "spires", "spires-fire", NULL, NULL },
    /* Question words only, yet what is asked: it outweighs the subject. */
    { "what do i get for killing a unit", "reward", "what do i get", "Reward" },
    /* A misspelt phrase word of five letters or more, one edit away. */
    { "shooot the unit", "spires-fire", "shooot", "Spires Fire" },
    { "can they walk through units", "blocked", "walk through", "Blocked" },
    /* Two words of content the other way round, question words between. */
    { "after the fall of their fortress", "pillage", "fall of their fortress", "Fallen fortress" },
    /* One other word between a phrase's words, close together. */
    { "can they walk a unit through", "blocked", "walk a unit through", "Blocked" },
    /* A name with a word rare in the pack outweighs the phrase around it. */
    { "can a ghost walk through units", "incorporeal", NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GPtrArray) r = spk_search_index_query (ix, rows[i].query, 3);
      const SpkSearchResult *top;

      g_assert_cmpuint (r->len, >=, 1);
      top = r->pdata[0];
      if (g_strcmp0 (top->entry->id, rows[i].first) != 0)
        g_error ("“%s”: first is %s, want %s", rows[i].query, top->entry->id, rows[i].first);
      g_assert_cmpstr (top->matched_phrase, ==, rows[i].phrase);
      g_assert_cmpstr (top->concept != NULL ? top->concept->name : NULL, ==, rows[i].concept);
    }
  {
    /* Nothing but a phrase of question words names its entry; a question
     * longer than the words read for phrases still answers. */
    g_autoptr(GPtrArray) r = spk_search_index_query (ix, "what do i get", 0);
    g_autoptr(GString) longq = g_string_new (NULL);
    g_autoptr(GPtrArray) l = NULL;

    g_assert_cmpuint (r->len, >=, 1);
    g_assert_cmpstr (((SpkSearchResult *) r->pdata[0])->entry->id, ==, "reward");
    for (guint i = 0; i < 100; i++)
      g_string_append (longq, i % 3 == 0 ? "kill " : i % 3 == 1 ? "wipe " : "out ");
    l = spk_search_index_query (ix, longq->str, 0);
    g_assert_cmpuint (l->len, >=, 1);
    g_assert_cmpstr (((SpkSearchResult *) l->pdata[0])->entry->id, ==, "defeat");
  }
  {
    /* The concept's next entry comes in too, lower. */
    g_autoptr(GPtrArray) r = spk_search_index_query (ix, "kill", 0);

    g_assert_cmpuint (r->len, ==, 2);
    g_assert_cmpstr (((SpkSearchResult *) r->pdata[1])->entry->id, ==, "reward");
    g_assert_cmpfloat (((SpkSearchResult *) r->pdata[1])->score, <, ((SpkSearchResult *) r->pdata[0])->score);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/tokenize", test_tokenize);
  g_test_add_func ("/search/stop-words", test_stop_words);
  g_test_add_func ("/search/edit-distance", test_edit_distance);
  g_test_add_func ("/search/stem", test_stem);
  g_test_add_func ("/search/ranking", test_ranking);
  g_test_add_func ("/search/title-outranks-body", test_title_outranks_body);
  g_test_add_func ("/search/shared-title", test_shared_title);
  g_test_add_func ("/search/prefix", test_prefix_only_while_typing);
  g_test_add_func ("/search/no-match", test_no_match);
  g_test_add_func ("/search/concepts", test_concepts);
  g_test_add_func ("/search/asked", test_asked);
  g_test_add_func ("/search/limit", test_limit);
  g_test_add_func ("/search/snippet", test_snippet);
  g_test_add_func ("/search/snippet-no-body-hit", test_snippet_without_body_hit);
  g_test_add_func ("/search/snippet-typed-question-word", test_snippet_skips_typed_question_word);
  g_test_add_func ("/search/snippet-paragraphs", test_paragraphs_squashed);
  g_test_add_func ("/search/random-queries", test_random_queries);
  g_test_add_func ("/search/rulings", test_rulings);
  return g_test_run ();
}
