/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game chart's numbers (spk-game-chart.h): each faction's Source, gate
 * health and fortress power as each wave was left, read back from the
 * history; the current wave as it stands now. */
#include "config.h"

#include <string.h>

#include "spk-game-chart.h"
#include "spk-test-table.h"

#define DO(call) G_STMT_START { g_autoptr(GError) error = NULL; \
  g_assert_true (call); g_assert_no_error (error); } G_STMT_END

/* Wave 1, Onslaught Phase, Brawnen to play; the grovetenders' last minion,
 * Treed, at (2,0). */
static SpkBoard *
last_minion_board (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  SpkChip *treed = spk_test_chip ("treed", SPK_CHIP_MINION, "grovetenders", "Treed");

  b->wave = 1;
  g_free (b->phase);
  b->phase = g_strdup ("onslaught");
  treed->placed = TRUE;
  treed->q = 2;
  treed->r = 0;
  treed->health = 2;
  treed->max_health = 2;
  g_ptr_array_add (b->chips, treed);
  return b;
}

static guint
faction_index (const SpkGameChart *chart, const char *id)
{
  for (guint i = 0; i < chart->factions->len; i++)
    if (g_str_equal (g_ptr_array_index (chart->factions, i), id))
      return i;
  g_assert_not_reached ();
}

static void
test_waves (void)
{
  g_autoptr(SpkTable) t = spk_table_new (last_minion_board ());
  g_autoptr(SpkGameChart) chart = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *after = NULL;
  gsize length, length_after;
  guint brawnen, grove;

  DO (spk_table_set_source (t, "brawnen", 7, NULL, &error));
  DO (spk_table_set_gate_health (t, "grovetenders", 6, NULL, &error));
  /* The last minion falls: the wave ends; the next phase starts wave 2. */
  DO (spk_table_damage_chip (t, "treed", 1, NULL, &error));
  DO (spk_table_damage_chip (t, "treed", 1, NULL, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
  DO (spk_table_advance_phase (t, &error));
  g_assert_cmpint (spk_table_get_wave (t), ==, 2);
  DO (spk_table_set_source (t, "brawnen", 19, NULL, &error));

  saved = spk_table_to_data (t, &length);
  chart = spk_game_chart_new (t, &read_error);
  g_assert_no_error (read_error);
  /* Reading back never changes the history's own steps. */
  after = spk_table_to_data (t, &length_after);
  g_assert_cmpmem (saved, length, after, length_after);
  g_assert_cmpuint (chart->waves->len, ==, 2);
  g_assert_cmpint (g_array_index (chart->waves, int, 0), ==, 1);
  g_assert_cmpint (g_array_index (chart->waves, int, 1), ==, 2);
  brawnen = faction_index (chart, "brawnen");
  grove = faction_index (chart, "grovetenders");
  /* Wave 1 as it was left, wave 2 as it is now. */
  g_assert_cmpint (spk_game_chart_get (chart, SPK_CHART_SOURCE, 0, brawnen), ==, 7);
  g_assert_cmpint (spk_game_chart_get (chart, SPK_CHART_SOURCE, 1, brawnen), ==, 19);
  g_assert_cmpint (spk_game_chart_get (chart, SPK_CHART_GATE_HEALTH, 0, grove), ==, 6);
  g_assert_cmpint (spk_game_chart_get (chart, SPK_CHART_POWER, 0, grove), >=, 6);
  g_assert_cmpint (spk_game_chart_get (chart, SPK_CHART_SOURCE, 5, brawnen), ==, SPK_CHART_NONE);
  g_assert_cmpint (spk_game_chart_max (chart, SPK_CHART_SOURCE), >=, 19);
  /* Reading it back left the table as it was. */
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "brawnen")->source, ==, 19);

  summary = spk_game_chart_summary (chart);
  g_assert_true (g_str_has_prefix (summary, "Wave 1: Brawnen Source 7, gate "));
  g_assert_nonnull (strstr (summary, "\nWave 2: Brawnen Source 19, gate "));

  /* And undo still takes every step back as it was: Treed comes back
   * with the 1 health it had when it fell. */
  while (spk_board_find_chip (spk_table_get_board (t), "treed") == NULL)
    DO (spk_table_undo (t, &error));
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (t), "treed")->health, ==, 1);
  while (spk_table_can_undo (t))
    DO (spk_table_undo (t, &error));
  g_assert_cmpint (spk_table_get_wave (t), ==, 1);
  g_assert_nonnull (spk_board_find_chip (spk_table_get_board (t), "treed"));
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (t), "treed")->health, ==, 2);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (t), "grovetenders")->gate_health, ==, 10);
}

/* No history: one wave, now. */
static void
test_no_history (void)
{
  g_autoptr(SpkTable) t = spk_table_new (last_minion_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGameChart) chart = spk_game_chart_new (t, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (chart->waves->len, ==, 1);
  g_assert_cmpuint (chart->factions->len, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-chart/waves", test_waves);
  g_test_add_func ("/game-chart/no-history", test_no_history);
  return g_test_run ();
}
