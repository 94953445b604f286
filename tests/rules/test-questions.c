/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Table-talk questions (tests/rules/questions.tsv for Cloudspire,
 * tests/rules/codex-questions.tsv for Codex) against the shipped packs:
 * the right entry first for at least 90% of the tuning set and in the
 * first three for at least 98%. The other sets are printed, not asserted:
 * "held" and "held2" were held out until session 23 and "held3" (written
 * blind by two other players) was measured once before it; all three have
 * been tuned on since. "held4", written before session 23's changes, was
 * never tuned on: its figures, like those of the blind sets still to come,
 * stand for questions nobody has tried yet (issue 15). */
#include "config.h"

#include <string.h>

#include "spk-glossary.h"
#include "spk-search.h"

/* The sets of questions.tsv, in the order their figures are printed. */
static const char *const set_names[] = { "tune", "held", "held2", "held3", "held4" };
#define N_SETS G_N_ELEMENTS (set_names)

typedef struct {
  guint    set;       /* index into set_names */
  char    *question;
  GStrv    expected;  /* acceptable entry ids, best first */
  guint    line;
} Question;

typedef struct {
  guint asked;
  guint first;
  guint top3;
} Score;

static void
question_free (Question *q)
{
  g_free (q->question);
  g_strfreev (q->expected);
  g_free (q);
}

static SpkGlossary *
load_pack (const char *game)
{
  g_autofree char *file = g_strconcat (game, ".json", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", file, NULL);
  g_autoptr(GError) error = NULL;
  SpkGlossary *g = spk_glossary_load (path, NULL, &error);

  g_assert_no_error (error);
  return g;
}

/* Every question of the file; a malformed line fails the test with its
 * line number. */
static GPtrArray *
load_questions (const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "rules", file, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) question_free);

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cols = NULL;
      Question *q;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      cols = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (cols) != 3 || !g_strv_contains (set_names, cols[0]) || cols[1][0] == '\0' ||
          cols[2][0] == '\0')
        g_error ("%s:%u: expected SET<tab>QUESTION<tab>ENTRIES (SET one of tune, held, held2, held3, held4)", file, i + 1);
      q = g_new0 (Question, 1);
      while (!g_str_equal (set_names[q->set], cols[0]))
        q->set++;
      q->question = g_strdup (cols[1]);
      q->expected = g_strsplit (cols[2], ",", -1);
      q->line = i + 1;
      g_ptr_array_add (out, q);
    }
  return out;
}

/* 0 when the first result is acceptable, 1 or 2 for the second or third,
 * 3 when none of the first three is. */
static guint
rank_of (SpkSearchIndex *ix, const Question *q, char **first_id, char **matched)
{
  g_autoptr(GPtrArray) r = spk_search_index_query (ix, q->question, 3);

  *first_id = g_strdup (r->len > 0 ? ((SpkSearchResult *) r->pdata[0])->entry->id : "nothing");
  *matched = NULL;
  if (r->len > 0 && ((SpkSearchResult *) r->pdata[0])->concept != NULL)
    {
      const SpkSearchResult *top = r->pdata[0];
      *matched = g_strdup_printf (" (matched “%s” as %s)", top->matched_phrase, top->concept->name);
    }
  for (guint k = 0; k < r->len; k++)
    if (g_strv_contains ((const char *const *) q->expected, ((SpkSearchResult *) r->pdata[k])->entry->id))
      return k;
  return 3;
}

/* Asks every question of @file of the pack of @game; the tuning set's
 * figures are asserted (90% first, 98% in the first three), the held-out
 * ones printed. Returns the number of questions in each set. */
static void
ask_questions (const char *game, const char *file, Score sets[N_SETS])
{
  g_autoptr(SpkGlossary) g = load_pack (game);
  g_autoptr(SpkSearchIndex) ix = spk_search_index_new (g);
  g_autoptr(GPtrArray) questions = load_questions (file);

  for (guint i = 0; i < questions->len; i++)
    {
      const Question *q = questions->pdata[i];
      g_autofree char *first = NULL;
      g_autofree char *matched = NULL;
      Score *s = &sets[q->set];
      guint rank;

      for (guint k = 0; q->expected[k] != NULL; k++)
        if (spk_glossary_lookup (g, q->expected[k]) == NULL)
          g_error ("%s:%u: no entry has the id “%s”", file, q->line, q->expected[k]);
      rank = rank_of (ix, q, &first, &matched);
      s->asked++;
      s->first += rank == 0;
      s->top3 += rank < 3;
      if (rank > 0)
        g_test_message ("%s miss%s: “%s”: want %s, first is %s%s", set_names[q->set],
                        rank < 3 ? " (in top three)" : "", q->question, q->expected[0], first,
                        matched != NULL ? matched : "");
    }
  for (guint h = 0; h < N_SETS; h++)
    g_test_message ("%s set: %u questions, first %u (%.1f%%), top three %u (%.1f%%)",
                    set_names[h], sets[h].asked, sets[h].first,
                    100.0 * sets[h].first / MAX (sets[h].asked, 1), sets[h].top3,
                    100.0 * sets[h].top3 / MAX (sets[h].asked, 1));
  g_assert_cmpuint (sets[0].first * 100, >=, sets[0].asked * 90);
  g_assert_cmpuint (sets[0].top3 * 100, >=, sets[0].asked * 98);
}

static void
test_questions (void)
{
  Score sets[N_SETS] = { { 0 } };

  ask_questions ("cloudspire", "questions.tsv", sets);
  /* Issue 15: at least 100 questions, about a fifth held out. */
  g_assert_cmpuint (sets[0].asked + sets[1].asked, >=, 120);
  g_assert_cmpuint (sets[1].asked * 6, >=, sets[0].asked + sets[1].asked);
  /* The second held-out set: at least 120 questions. */
  g_assert_cmpuint (sets[2].asked, >=, 120);
}

/* Issue 17: at least 60 Codex questions (keywords, concepts, card names). */
static void
test_codex_questions (void)
{
  Score sets[N_SETS] = { { 0 } };

  ask_questions ("codex", "codex-questions.tsv", sets);
  g_assert_cmpuint (sets[0].asked + sets[1].asked, >=, 60);
}

/* Every phrase of the shipped concept map, asked alone, is read as its
 * concept and brings the concept's first entry into the first three (a
 * phrase shadowed by a longer one, or never tokenized as written, would
 * not). */
static void
check_every_phrase (const char *game, guint min_concepts)
{
  g_autoptr(SpkGlossary) g = load_pack (game);
  g_autoptr(SpkSearchIndex) ix = spk_search_index_new (g);
  guint failures = 0, phrases = 0;

  g_assert_cmpuint (spk_glossary_get_n_concepts (g), >=, min_concepts);
  for (guint c = 0; c < spk_glossary_get_n_concepts (g); c++)
    {
      const SpkGlossaryConcept *concept = spk_glossary_get_concept (g, c);

      for (guint k = 0; concept->phrases[k] != NULL; k++)
        {
          /* A concept said only with another is asked with that one's
           * first phrase before it ("kill source"). */
          const SpkGlossaryConcept *with = NULL;
          g_autofree char *query = NULL;

          for (guint o = 0; concept->with[0] != NULL && o < spk_glossary_get_n_concepts (g); o++)
            if (g_str_equal (spk_glossary_get_concept (g, o)->name, concept->with[0]))
              with = spk_glossary_get_concept (g, o);
          query = g_strconcat (with != NULL ? with->phrases[0] : "", with != NULL ? " " : "",
                               concept->phrases[k], " ", NULL);
          g_autoptr(GPtrArray) r = spk_search_index_query (ix, query, 3);
          gboolean found = FALSE;

          phrases++;
          for (guint i = 0; i < r->len; i++)
            {
              const SpkSearchResult *hit = r->pdata[i];
              found = found || (hit->concept == concept && g_str_equal (hit->entry->id, concept->entries[0]));
            }
          if (!found)
            {
              g_test_message ("“%s” (%s): %s not in the first three as that concept", concept->phrases[k],
                              concept->name, concept->entries[0]);
              failures++;
            }
        }
    }
  g_test_message ("%u phrases in %u concepts", phrases, spk_glossary_get_n_concepts (g));
  g_assert_cmpuint (failures, ==, 0);
}

static void
test_every_phrase (void)
{
  check_every_phrase ("cloudspire", 40);
}

static void
test_codex_every_phrase (void)
{
  check_every_phrase ("codex", 8);
}

/* Issue 16: the pack's German titles and aliases find their entries, in
 * every language, with umlauts typed, folded or spelt out; every entry has
 * a German title; the title in German comes from the language passed in,
 * never from the environment. */
static void
test_german (void)
{
  g_autoptr(SpkGlossary) g = load_pack ("cloudspire");
  g_autoptr(SpkSearchIndex) ix = spk_search_index_new (g);
  static const struct { const char *query, *first; } rows[] = {
    { "Turm", "spire" },
    { "Einfluss", "influence" },
    { "Welle", "wave" },
    { "Held", "hero" },
    { "Festung", "fortress" },
    { "Quelle", "source" },
    { "Tor", "fortress-fortress-gate" },
    { "Insel", "isle" },
    { "Türme", "spire" },
    { "Tuerme", "spire" },
    { "Turme", "spire" },
    { "Lagerfeuer", "campfire-mode" },
    { "Vergeltung", "retaliation" },
    { "Zäh", "talent-tough" },
    { "zaeh", "talent-tough" },
    { "wie viele Türme", "spire-spire-limit" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GPtrArray) r = spk_search_index_query (ix, rows[i].query, 3);
      const char *first = r->len > 0 ? ((SpkSearchResult *) r->pdata[0])->entry->id : "nothing";

      if (!g_str_equal (first, rows[i].first))
        g_error ("“%s”: first is %s, want %s", rows[i].query, first, rows[i].first);
    }
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkGlossaryEntry *e = spk_glossary_get_entry (g, i);
      const SpkGlossaryLocalized *de = spk_glossary_entry_localized (e, "de");

      if (de == NULL || de->title == NULL)
        g_error ("%s has no German title", e->id);
    }
  g_assert_cmpstr (spk_glossary_entry_title_in (spk_glossary_lookup (g, "spire"), "de_DE.UTF-8"), ==, "Turm");
  g_assert_cmpstr (spk_glossary_entry_title_in (spk_glossary_lookup (g, "influence"), "de"), ==, "Einfluss");
  g_assert_cmpstr (spk_glossary_entry_title_in (spk_glossary_lookup (g, "wave"), "de"), ==, "Welle");
  g_assert_cmpstr (spk_glossary_entry_title_in (spk_glossary_lookup (g, "spire"), "en_GB"), ==, "Spire");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/questions/table-talk", test_questions);
  g_test_add_func ("/questions/every-phrase", test_every_phrase);
  g_test_add_func ("/questions/codex/table-talk", test_codex_questions);
  g_test_add_func ("/questions/codex/every-phrase", test_codex_every_phrase);
  g_test_add_func ("/questions/german", test_german);
  return g_test_run ();
}
