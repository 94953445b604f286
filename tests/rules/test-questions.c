/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Table-talk questions (data/glossary/parts/GAME-questions.tsv) against
 * the shipped packs. Every set but "blind" is also in the pack, as the
 * questions asked for each answer's entry (R-rules-12), so those are
 * measured the way a question nobody has typed yet would be: in five
 * folds, each asked of an index built without the questions of its fold
 * (cross-validation). The "blind" set, written by players who saw neither
 * the search nor the questions, is never in a pack and is asked of the
 * shipped index as it is (issue 15). The figures of every set are printed;
 * those of all the sets in the pack together are asserted, and those of
 * the blind set against the target: the right entry first for 90%,
 * in the first three for 98%. */
#include "config.h"

#include <string.h>

#include "spk-glossary.h"
#include "spk-search.h"

#define BLIND_SET "blind"
#define N_FOLDS 5
#define MAX_SETS 16

typedef struct {
  guint    set;       /* index into the file's set names */
  char    *question;
  GStrv    expected;  /* acceptable entry ids, best first */
  guint    line;
  guint    fold;
} Question;

typedef struct {
  char  *names[MAX_SETS];  /* in the order of their first line */
  guint  n_sets;
  guint  asked[MAX_SETS];
  guint  first[MAX_SETS];
  guint  top3[MAX_SETS];
} Figures;

static void
question_free (Question *q)
{
  g_free (q->question);
  g_strfreev (q->expected);
  g_free (q);
}

static void
figures_clear (Figures *f)
{
  for (guint i = 0; i < f->n_sets; i++)
    g_free (f->names[i]);
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

/* A question's fold, from its words alone, so that the pack's copy of it
 * (the same text) falls in the same one. */
static guint
fold_of (const char *question)
{
  g_auto(GStrv) words = spk_search_tokenize (question);
  g_autofree char *key = g_strjoinv (" ", words);

  return g_str_hash (key) % N_FOLDS;
}

/* Every question of the game's file; a malformed line fails the test with
 * its line number. */
static GPtrArray *
load_questions (const char *game, Figures *fig)
{
  g_autofree char *file = g_strconcat (game, "-questions.tsv", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", "parts", file, NULL);
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
      if (g_strv_length (cols) != 3 || cols[0][0] == '\0' || cols[1][0] == '\0' || cols[2][0] == '\0')
        g_error ("%s:%u: expected SET<tab>QUESTION<tab>ENTRIES", file, i + 1);
      q = g_new0 (Question, 1);
      while (q->set < fig->n_sets && !g_str_equal (fig->names[q->set], cols[0]))
        q->set++;
      if (q->set == fig->n_sets)
        {
          g_assert_cmpuint (fig->n_sets, <, MAX_SETS);
          fig->names[fig->n_sets++] = g_strdup (cols[0]);
        }
      q->question = g_strdup (cols[1]);
      q->expected = g_strsplit (cols[2], ",", -1);
      q->line = i + 1;
      q->fold = fold_of (q->question);
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

/* The pack's asked questions outside one fold. */
static gboolean
outside_fold (const SpkGlossaryEntry *entry, const char *question, gpointer data)
{
  return fold_of (question) != GPOINTER_TO_UINT (data);
}

/* Asks every question of the game's file: each of a set in the pack of the
 * index without its fold, each of the blind set of the shipped index.
 * Prints every miss and each set's figures; asserts that the sets in the
 * pack together find the right entry first for at least @first percent
 * and in the first three for at least @top3 percent. */
static void
ask_questions (const char *game, Figures *fig, guint first, guint top3)
{
  g_autoptr(SpkGlossary) g = load_pack (game);
  g_autoptr(GPtrArray) questions = load_questions (game, fig);
  SpkSearchIndex *ix[N_FOLDS + 1];
  guint asked = 0, firsts = 0, top3s = 0;

  for (guint k = 0; k < N_FOLDS; k++)
    ix[k] = spk_search_index_new_full (g, outside_fold, GUINT_TO_POINTER (k));
  ix[N_FOLDS] = spk_search_index_new (g);
  for (guint i = 0; i < questions->len; i++)
    {
      const Question *q = questions->pdata[i];
      gboolean blind = g_str_equal (fig->names[q->set], BLIND_SET);
      g_autofree char *first_id = NULL;
      g_autofree char *matched = NULL;
      guint rank;

      for (guint k = 0; q->expected[k] != NULL; k++)
        if (spk_glossary_lookup (g, q->expected[k]) == NULL)
          g_error ("%s-questions.tsv:%u: no entry has the id “%s”", game, q->line, q->expected[k]);
      rank = rank_of (ix[blind ? N_FOLDS : q->fold], q, &first_id, &matched);
      fig->asked[q->set]++;
      fig->first[q->set] += rank == 0;
      fig->top3[q->set] += rank < 3;
      if (rank > 0)
        g_test_message ("%s miss%s: “%s”: want %s, first is %s%s", fig->names[q->set],
                        rank < 3 ? " (in top three)" : "", q->question, q->expected[0], first_id,
                        matched != NULL ? matched : "");
    }
  for (guint k = 0; k <= N_FOLDS; k++)
    spk_search_index_free (ix[k]);
  for (guint h = 0; h < fig->n_sets; h++)
    {
      g_test_message ("%s set%s: %u questions, first %u (%.1f%%), top three %u (%.1f%%)", fig->names[h],
                      g_str_equal (fig->names[h], BLIND_SET) ? "" : " (cross-validated)", fig->asked[h],
                      fig->first[h], 100.0 * fig->first[h] / MAX (fig->asked[h], 1), fig->top3[h],
                      100.0 * fig->top3[h] / MAX (fig->asked[h], 1));
      if (g_str_equal (fig->names[h], BLIND_SET))
        continue;
      asked += fig->asked[h];
      firsts += fig->first[h];
      top3s += fig->top3[h];
    }
  g_test_message ("the sets in the pack: %u questions, first %.1f%%, top three %.1f%% (cross-validated)", asked,
                  100.0 * firsts / MAX (asked, 1), 100.0 * top3s / MAX (asked, 1));
  g_assert_cmpuint (firsts * 100, >=, asked * first);
  g_assert_cmpuint (top3s * 100, >=, asked * top3);
}

static gint
set_index (const Figures *fig, const char *name)
{
  for (guint h = 0; h < fig->n_sets; h++)
    if (g_str_equal (fig->names[h], name))
      return (gint) h;
  return -1;
}

static guint
set_size (const Figures *fig, const char *name)
{
  gint h = set_index (fig, name);

  return h >= 0 ? fig->asked[h] : 0;
}

static void
test_questions (void)
{
  Figures fig = { { 0 } };

  gint blind;

  ask_questions ("cloudspire", &fig, 85, 95);
  /* Issue 15: at least 100 questions of our own, and a blind set written
   * by players who saw neither the search nor these, which finds the
   * right entry first for 90% and in the first three for 98%. */
  g_assert_cmpuint (set_size (&fig, "tune"), >=, 100);
  g_assert_cmpuint (set_size (&fig, BLIND_SET), >=, 300);
  blind = set_index (&fig, BLIND_SET);
  g_assert_cmpuint (fig.first[blind] * 100, >=, fig.asked[blind] * 90);
  g_assert_cmpuint (fig.top3[blind] * 100, >=, fig.asked[blind] * 98);
  figures_clear (&fig);
}

/* Issue 17: at least 60 Codex questions (keywords, concepts, card names). */
static void
test_codex_questions (void)
{
  Figures fig = { { 0 } };

  ask_questions ("codex", &fig, 95, 98);
  g_assert_cmpuint (set_size (&fig, "tune") + set_size (&fig, "held"), >=, 60);
  figures_clear (&fig);
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
