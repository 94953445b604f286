/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-asked-index.h"

#include <math.h>
#include <string.h>

#include "spk-search.h"
#include "spk-stem.h"

#define ASKED_K1 1.2
#define ASKED_B  0.75
/* Two words in a row ("level up", "path hex") are indexed as a pair too;
 * a pair the query says again counts this much of a word. */
#define PAIR_WEIGHT 0.75

typedef struct {
  guint32 entry;
  float   score;
} AskedPosting;

typedef struct {
  guint32 start;   /* into postings */
  guint32 n;
} AskedRun;

typedef struct {
  guint32 entry;
  guint32 tf;
} RawCount;

/* One indexed question: its text (borrowed from the glossary) and its
 * distinct stems, to tell which one a query is most like. */
typedef struct {
  const char *text;
  GStrv       stems;
} AskedQuestion;

struct _SpkAskedIndex {
  SpkGlossary *glossary;     /* a reference: the questions' text is its */
  GHashTable *runs_by_stem;  /* stem (owned) -> 1 + index into runs */
  GArray     *runs;          /* of AskedRun */
  GArray     *postings;      /* of AskedPosting, each stem's in one run */
  guint       n_questions;
  guint       n_docs;        /* entries with at least one question */
  GArray     *questions;     /* of AskedQuestion, entry by entry */
  guint32    *first;         /* per entry: its first question in questions */
  guint32    *count;         /* per entry: how many it has */
};

static void count_stem (GHashTable *raw, guint32 entry, char *stem);

/* Counts the stems of a question's words, question words left out, and of
 * each two of them in a row, for @entry. */
static void
add_question (SpkAskedIndex *self, GHashTable *raw, guint32 entry, const char *question, guint *length)
{
  g_auto(GStrv) words = spk_search_tokenize (question);
  g_autofree char *previous = NULL;
  g_autoptr(GStrvBuilder) distinct = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  AskedQuestion q = { question, NULL };

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *stem;

      if (spk_search_is_stop_word (words[i]))
        continue;
      stem = spk_stem (words[i]);
      if (g_hash_table_add (seen, g_strdup (stem)))
        g_strv_builder_add (distinct, stem);
      (*length)++;
      if (previous != NULL)
        count_stem (raw, entry, g_strconcat (previous, " ", stem, NULL));
      g_free (previous);
      previous = g_strdup (stem);
      count_stem (raw, entry, stem);
    }
  q.stems = g_strv_builder_end (distinct);
  g_array_append_val (self->questions, q);
}

/* Counts @stem (taken) once more for @entry. */
static void
count_stem (GHashTable *raw, guint32 entry, char *stem)
{
  GArray *counts;
  RawCount *last;

  if ((counts = g_hash_table_lookup (raw, stem)) == NULL)
    {
      counts = g_array_new (FALSE, FALSE, sizeof (RawCount));
      g_hash_table_insert (raw, stem, counts);
    }
  else
    g_free (stem);
  /* Entries are read in order, so an entry's count is the last one. */
  last = counts->len > 0 ? &g_array_index (counts, RawCount, counts->len - 1) : NULL;
  if (last != NULL && last->entry == entry)
    last->tf++;
  else
    {
      RawCount rc = { entry, 1 };
      g_array_append_val (counts, rc);
    }
}

SpkAskedIndex *
spk_asked_index_new (SpkGlossary *glossary, SpkAskedFunc keep, gpointer data)
{
  SpkAskedIndex *self = g_new0 (SpkAskedIndex, 1);
  guint n = spk_glossary_get_n_entries (glossary);
  g_autofree guint *lengths = g_new0 (guint, MAX (n, 1));
  g_autoptr(GHashTable) raw = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                     (GDestroyNotify) g_array_unref);
  guint n_docs = 0;
  double avg = 0;
  GHashTableIter it;
  gpointer key, value;

  self->glossary = spk_glossary_ref (glossary);
  self->questions = g_array_new (FALSE, FALSE, sizeof (AskedQuestion));
  self->first = g_new0 (guint32, MAX (n, 1));
  self->count = g_new0 (guint32, MAX (n, 1));
  self->runs_by_stem = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->runs = g_array_new (FALSE, FALSE, sizeof (AskedRun));
  self->postings = g_array_new (FALSE, FALSE, sizeof (AskedPosting));
  for (guint e = 0; e < n; e++)
    {
      const SpkGlossaryEntry *entry = spk_glossary_get_entry (glossary, e);
      guint kept = 0;

      self->first[e] = self->questions->len;
      for (guint q = 0; entry->asked != NULL && entry->asked[q] != NULL; q++)
        if (keep == NULL || keep (entry, entry->asked[q], data))
          {
            add_question (self, raw, e, entry->asked[q], &lengths[e]);
            kept++;
          }
      self->count[e] = kept;
      self->n_questions += kept;
      if (kept > 0)
        {
          n_docs++;
          avg += lengths[e];
        }
    }
  avg = n_docs > 0 && avg > 0 ? avg / n_docs : 1.0;
  self->n_docs = n_docs;

  g_hash_table_iter_init (&it, raw);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      GArray *counts = value;
      double df = counts->len;
      double idf = log (1.0 + (n_docs - df + 0.5) / (df + 0.5));
      AskedRun run = { self->postings->len, counts->len };

      for (guint i = 0; i < counts->len; i++)
        {
          const RawCount *rc = &g_array_index (counts, RawCount, i);
          double norm = 1.0 - ASKED_B + ASKED_B * lengths[rc->entry] / avg;
          AskedPosting p = { rc->entry, (float) (idf * rc->tf * (ASKED_K1 + 1.0) / (rc->tf + ASKED_K1 * norm)) };

          g_array_append_val (self->postings, p);
        }
      g_array_append_val (self->runs, run);
      g_hash_table_insert (self->runs_by_stem, g_strdup (key), GUINT_TO_POINTER (self->runs->len));
    }
  return self;
}

void
spk_asked_index_free (SpkAskedIndex *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->runs_by_stem);
  g_array_unref (self->runs);
  g_array_unref (self->postings);
  for (guint i = 0; i < self->questions->len; i++)
    g_strfreev (g_array_index (self->questions, AskedQuestion, i).stems);
  g_array_unref (self->questions);
  g_free (self->first);
  g_free (self->count);
  spk_glossary_unref (self->glossary);
  g_free (self);
}

guint
spk_asked_index_get_n_questions (SpkAskedIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_questions;
}

static guint
add_run (SpkAskedIndex *self, const char *key, double weight, double *scores, guint32 *touched, guint n_touched)
{
  guint run_index = GPOINTER_TO_UINT (g_hash_table_lookup (self->runs_by_stem, key));
  const AskedRun *run;

  if (run_index == 0)
    return n_touched;
  run = &g_array_index (self->runs, AskedRun, run_index - 1);
  for (guint p = 0; p < run->n; p++)
    {
      const AskedPosting *po = &g_array_index (self->postings, AskedPosting, run->start + p);

      if (scores[po->entry] == 0)
        touched[n_touched++] = po->entry;
      scores[po->entry] += weight * po->score;
    }
  return n_touched;
}

guint
spk_asked_index_score (SpkAskedIndex *self, const char *const *stems, guint n_stems, double *scores,
                       guint32 *touched)
{
  guint n_touched = 0;

  for (guint i = 0; i < n_stems; i++)
    {
      gboolean again = FALSE;

      for (guint k = 0; k < i && !again; k++)
        again = g_str_equal (stems[k], stems[i]);
      if (!again)
        n_touched = add_run (self, stems[i], 1.0, scores, touched, n_touched);
      if (i > 0)
        {
          g_autofree char *pair = g_strconcat (stems[i - 1], " ", stems[i], NULL);
          n_touched = add_run (self, pair, PAIR_WEIGHT, scores, touched, n_touched);
        }
    }
  return n_touched;
}

/* How rare @stem is among the entries' questions (BM25's idf); 0 for a
 * stem no question has. */
static double
stem_weight (SpkAskedIndex *self, const char *stem)
{
  guint run_index = GPOINTER_TO_UINT (g_hash_table_lookup (self->runs_by_stem, stem));
  double df;

  if (run_index == 0)
    return 0;
  df = g_array_index (self->runs, AskedRun, run_index - 1).n;
  return log (1.0 + (self->n_docs - df + 0.5) / (df + 0.5));
}

const char *
spk_asked_index_closest (SpkAskedIndex *self, guint32 entry, const char *const *stems, guint n_stems)
{
  const AskedQuestion *best = NULL;
  double best_mass = 0, total = 0;
  guint best_shared = 0;
  g_autofree double *weight = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  if (entry >= spk_glossary_get_n_entries (self->glossary) || self->count[entry] == 0)
    return NULL;
  /* Each distinct stem weighs by its rarity; a repeated one weighs 0. */
  weight = g_new0 (double, MAX (n_stems, 1));
  for (guint i = 0; i < n_stems; i++)
    {
      gboolean again = FALSE;

      for (guint k = 0; k < i && !again; k++)
        again = g_str_equal (stems[k], stems[i]);
      weight[i] = again ? 0 : stem_weight (self, stems[i]);
      total += weight[i];
    }
  for (guint q = 0; q < self->count[entry]; q++)
    {
      const AskedQuestion *aq = &g_array_index (self->questions, AskedQuestion, self->first[entry] + q);
      double mass = 0;
      guint shared = 0;

      for (guint i = 0; i < n_stems; i++)
        if (weight[i] > 0 && g_strv_contains ((const char *const *) aq->stems, stems[i]))
          {
            mass += weight[i];
            shared++;
          }
      /* The most weight shared, then the shortest question. */
      if (mass > best_mass || (mass == best_mass && best != NULL && strlen (aq->text) < strlen (best->text)))
        {
          best = aq;
          best_mass = mass;
          best_shared = shared;
        }
    }
  /* Worth showing only when it shares at least two words and most of
   * the weight of the query's words. */
  if (best == NULL || best_shared < 2 || best_mass < 0.5 * total)
    return NULL;
  return best->text;
}
