/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-search: index build time and query times over the real pack.
 *
 *   build/tests/bench/bench-search [PACK.json]
 *
 * Queries are what a player types: every prefix of a set of questions,
 * names and misspellings (as the search box sees them while typing), plus
 * the finished queries. Prints median, 99th percentile and worst over the
 * first 1,000 of them (after one warm-up pass), and the median of 50 index
 * builds. Then finished table-talk questions, which go through the pack's
 * concept map, the same way. Figures only; it never fails on speed.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-report.h"
#include "spk-search.h"

static const char *const questions[] = {
  "can spires retaliate", "how many heroes", "fortifcation", "retalation", "tower", "hp",
  "merc", "swap", "CP", "what happens when a hero is defeated", "spire limit 4 players",
  "market size", "upgrade cost", "campfire mode", "terrain chart", "who goes first",
  "lateral move", "do spires attack landmarks", "group minions", "level up",
  "earthscape", "influnce", "deployment stack", "fortress gate health", "pillage",
  "repairing your gate", "leading minion", "blocked minion", "displace hero",
  "range upgrade", "attack stat", "source well", "relic", "teleport", "landmark minion",
  "ancient traxxyr", "once per wave", "non path hex", "valid hex", "starting hero",
};

/* Whole sentences as asked at the table (issue 15). */
static const char *const table_talk[] = {
  "can their tower shoot my flyer?", "we wiped out his fortress, do we get anything?",
  "what do i get for killing a minion?", "how many towers can i have at once",
  "does my gate shoot back at attackers", "my hero died, do i get it back",
  "can i steal an enemy minion", "how do i heal my hero", "whats the upgrade cap on a unit",
  "who do my minions walk towards", "can I move through my own units",
  "what happens if a unit ends up in the void", "do minions have to attack if something is in range",
  "in what order do my units come out", "why did my heroes stop moving at the end of the wave",
  "how much money do we get each wave", "can we build a tower right where we killed their guy",
  "do we steal their source when their gate falls", "is there a max on spires",
  "what happens when a gate is destroyed in a 4 player game",
};

static double
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* CPU time of this thread: what the work costs when other processes share
 * the cores (wall time then includes waiting for one). */
static double
cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Times every query of @queries once after a warm-up pass; prints median,
 * 99th percentile and worst, wall and CPU, under @what. */
static void
measure (SpkSearchIndex *ix, GPtrArray *queries, const char *what)
{
  guint n = queries->len, total_results = 0, worst_i = 0;
  g_autofree double *times = g_new (double, n);
  g_autofree double *cpu = g_new (double, n);
  g_autofree char *wall_name = g_strdup_printf ("rules search: %s", what);
  g_autofree char *cpu_name = g_strdup_printf ("rules search: %s, CPU time", what);
  const char *worst_query;
  double worst;

  for (guint i = 0; i < n; i++)
    g_ptr_array_unref (spk_search_index_query (ix, queries->pdata[i], 10));
  for (guint i = 0; i < n; i++)
    {
      double t0 = now_us (), c0 = cpu_us ();
      GPtrArray *r = spk_search_index_query (ix, queries->pdata[i], 10);
      times[i] = now_us () - t0;
      cpu[i] = cpu_us () - c0;
      total_results += r->len;
      g_ptr_array_unref (r);
      if (times[i] > times[worst_i])
        worst_i = i;
    }
  worst_query = queries->pdata[worst_i];
  worst = times[worst_i];
  qsort (times, n, sizeof (double), compare_double);
  qsort (cpu, n, sizeof (double), compare_double);
  printf ("%s: %u queries (limit 10, snippets included), %.1f results on average\n", what, n,
          (double) total_results / n);
  printf ("  time: median %.1f µs, p99 %.1f µs, worst %.1f µs (“%s”)\n",
          times[n / 2], times[n * 99 / 100], worst, worst_query);
  printf ("  CPU time: median %.1f µs, p99 %.1f µs, worst %.1f µs\n",
          cpu[n / 2], cpu[n * 99 / 100], cpu[n - 1]);
  bench_report_scaled (wall_name, times, n, 1.0, "-");
  bench_report_scaled (cpu_name, cpu, n, 1.0, "-");
}

int
main (int argc, char **argv)
{
  g_autofree char *path = argc > 1 ? g_strdup (argv[1]) : spk_glossary_find_pack ("cloudspire");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = NULL;
  g_autoptr(SpkSearchIndex) ix = NULL;
  g_autoptr(GPtrArray) queries = g_ptr_array_new_with_free_func (g_free);
  double builds[50], build_cpu[50];

  if (path == NULL || (g = spk_glossary_load (path, NULL, &error)) == NULL)
    {
      fprintf (stderr, "bench-search: %s\n", error != NULL ? error->message : "no pack found");
      return 1;
    }

  for (guint i = 0; i < G_N_ELEMENTS (builds); i++)
    {
      double t0 = now_us (), c0 = cpu_us ();
      SpkSearchIndex *tmp = spk_search_index_new (g);
      builds[i] = now_us () - t0;
      build_cpu[i] = cpu_us () - c0;
      spk_search_index_free (tmp);
    }
  qsort (builds, G_N_ELEMENTS (builds), sizeof (double), compare_double);
  qsort (build_cpu, G_N_ELEMENTS (build_cpu), sizeof (double), compare_double);
  ix = spk_search_index_new (g);
  printf ("pack: %s (%u entries, %u words indexed)\n", path, spk_glossary_get_n_entries (g),
          spk_search_index_get_n_words (ix));
  printf ("index build: median %.0f µs (CPU %.0f µs), worst %.0f µs over %zu builds\n",
          builds[G_N_ELEMENTS (builds) / 2], build_cpu[G_N_ELEMENTS (build_cpu) / 2],
          builds[G_N_ELEMENTS (builds) - 1], G_N_ELEMENTS (builds));
  bench_report_scaled ("rules search: index build", builds, G_N_ELEMENTS (builds), 1.0, "-");

  /* As typed, one keystroke at a time, then again, until 1,000. */
  while (queries->len < 1000)
    for (guint q = 0; q < G_N_ELEMENTS (questions) && queries->len < 1000; q++)
      {
        const char *s = questions[q];
        for (gsize len = 1; s[len - 1] != '\0' && queries->len < 1000; len++)
          g_ptr_array_add (queries, g_strndup (s, len));
      }
  measure (ix, queries, "one query as typed");

  /* Finished sentences, again and again, until 1,000. */
  g_ptr_array_set_size (queries, 0);
  while (queries->len < 1000)
    for (guint q = 0; q < G_N_ELEMENTS (table_talk) && queries->len < 1000; q++)
      g_ptr_array_add (queries, g_strdup (table_talk[q]));
  measure (ix, queries, "one table-talk question");
  return 0;
}
