/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-import: reading rules exports of a size no real one reaches, made
 * up here (no reference text), each at 0.5 MB and at 2 MB. Every loader
 * must be linear: the 2 MB time should be about four times the 0.5 MB one
 * (a text of one long paragraph was once quadratic). Prints medians; never fails
 * on speed. */
#include "config.h"

#include "bench-report.h"
#include "spk-rules-import.h"

#define RUNS 3

static const char *const words[] = { "alpha", "spire", "minion", "gate", "source", "wave", "hex", "mark" };

/* @bytes of text: "Term N" lines each followed by a paragraph of
 * @body_lines lines; 0 body lines gives one paragraph with no terms. */
static char *
make_text (gsize bytes, int body_lines, gboolean cells)
{
  GString *s = g_string_sized_new (bytes + 256);
  GRand *rand = g_rand_new_with_seed (7);

  for (guint i = 0; s->len < bytes; i++)
    {
      if (body_lines > 0)
        g_string_append_printf (s, cells ? "|\nCloud Term %u\n|\n" : "Cloud Term %u\n\n", i);
      for (int l = 0; l < MAX (body_lines, 1); l++)
        {
          for (int w = 0; w < 12; w++)
            g_string_append_printf (s, "%s%s", w > 0 ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
          g_string_append (s, ".\n");
        }
      if (body_lines > 0 && !cells)
        g_string_append_c (s, '\n');
    }
  g_rand_free (rand);
  return g_string_free (s, FALSE);
}

static void
bench (const char *label, gsize bytes, int body_lines, gboolean cells)
{
  g_autofree char *text = make_text (bytes, body_lines, cells);
  double samples[RUNS];
  g_autofree char *operation = g_strdup_printf ("rules import: %s, %.1f MB", label, bytes / 1e6);

  for (int r = 0; r < RUNS; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(SpkRulesImport) import = spk_rules_import_parse (text, -1, NULL);

      samples[r] = (double) (g_get_monotonic_time () - t0);
    }
  bench_report_scaled (operation, samples, RUNS, 1.0, "-");
}

int
main (void)
{
  for (gsize kb = 500; kb <= 2000; kb *= 4)
    {
      bench ("plain text, one long paragraph", kb * 1000, 0, FALSE);
      bench ("plain text, terms and paragraphs", kb * 1000, 3, FALSE);
      bench ("one cell per line", kb * 1000, 3, TRUE);
    }
  return 0;
}
