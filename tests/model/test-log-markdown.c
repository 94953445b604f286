/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The action log as Markdown (spk-log-markdown.h): each step under the
 * wave and phase it led to, with who took it; text that Markdown would
 * read as formatting is escaped. */
#include "config.h"

#include <string.h>

#include "spk-log-markdown.h"
#include "spk-test-table.h"

static SpkTable *
demo (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;
  SpkTable *table = spk_table_new_from_file (path, &error);

  g_assert_no_error (error);
  return table;
}

/* The position of @needle in @haystack, failing when absent. */
static gsize
at (const char *haystack, const char *needle)
{
  const char *p = strstr (haystack, needle);

  if (p == NULL)
    g_error ("“%s” not in:\n%s", needle, haystack);
  return (gsize) (p - haystack);
}

static void
test_empty (void)
{
  g_autoptr(SpkTable) table = demo ();
  g_autofree char *md = spk_log_to_markdown (table, NULL);

  g_assert_cmpstr (md, ==, "# Action Log\n\nNothing logged yet.\n");
}

static void
test_grouped (void)
{
  g_autoptr(SpkTable) table = demo ();
  g_autoptr(GError) error = NULL;
  g_autofree char *md = NULL;
  g_autoptr(SpkLogEntry) move = NULL;
  g_autofree char *move_line = NULL;
  int wave;
  SpkPhase phase;

  g_assert_true (spk_table_set_source (table, "brawnen", 9, "*bonus*", &error));
  spk_test_table_to_onslaught (table);
  g_assert_true (spk_table_move_unit (table, "dispatch", 0, 0, &error));
  g_assert_no_error (error);
  md = spk_log_to_markdown (table, "Friday *game*");

  g_assert_true (g_str_has_prefix (md, "# Friday \\*game\\*\n\n## Wave 1\n\n### "));
  /* Phases in the order they were reached, each once. */
  g_assert_cmpuint (at (md, "### Market Phase\n"), <, at (md, "### Onslaught Phase\n"));
  g_assert_null (strstr (strstr (md, "### Onslaught Phase\n") + 1, "### Onslaught Phase\n"));
  /* The move is the last line, under the Onslaught Phase, with its faction. */
  move = g_list_model_get_item (spk_table_get_log (table), g_list_model_get_n_items (spk_table_get_log (table)) - 1);
  move_line = g_strdup_printf ("- %s (Brawnen)\n", spk_log_entry_get_label (move));
  g_assert_true (g_str_has_suffix (md, move_line));
  g_assert_cmpuint (at (md, "### Onslaught Phase\n"), <, at (md, move_line));

  /* Where a step led: the last one to the table's wave and phase now. */
  g_assert_true (spk_log_step_place (table, g_list_model_get_n_items (spk_table_get_log (table)) - 1, &wave, &phase));
  g_assert_cmpint (wave, ==, 1);
  g_assert_cmpint (phase, ==, SPK_PHASE_ONSLAUGHT);
  g_assert_false (spk_log_step_place (table, 999, &wave, &phase));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/log-markdown/empty", test_empty);
  g_test_add_func ("/log-markdown/grouped", test_grouped);
  return g_test_run ();
}
