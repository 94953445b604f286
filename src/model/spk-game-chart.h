/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-game-chart.h: how the game went, wave by wave, read back from a
 * table's history: each faction's Source, gate health and fortress power
 * as they stood when each wave was left (the current wave: now). Waves
 * before the oldest step kept are not known. The Tracker's game chart
 * draws it. */
#pragma once

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_CHART_NONE (-1)   /* the faction was not at the table then */

typedef enum {
  SPK_CHART_SOURCE,
  SPK_CHART_GATE_HEALTH,
  SPK_CHART_POWER,        /* gate health + advancements; 0 with the gate down */
  SPK_N_CHART_SERIES
} SpkChartSeries;

typedef struct {
  GPtrArray *factions;    /* of char*: ids, as the table has them now */
  GPtrArray *names;       /* of char*: their names */
  GArray    *waves;       /* of int, ascending: the waves the history covers */
  /* value[series][w * factions->len + f]; SPK_CHART_NONE where unknown */
  int       *value[SPK_N_CHART_SERIES];
} SpkGameChart;

/* Walks @table's history back from now. Returns NULL with an error when a
 * step cannot be taken back (a damaged history). */
SpkGameChart *spk_game_chart_new     (SpkTable           *table,
                                      GError            **error);
void          spk_game_chart_free    (SpkGameChart       *chart);

int           spk_game_chart_get     (const SpkGameChart *chart,
                                      SpkChartSeries      series,
                                      guint               wave_index,
                                      guint               faction);
/* The largest value of @series, at least 1. */
int           spk_game_chart_max     (const SpkGameChart *chart,
                                      SpkChartSeries      series);
/* The chart in words, a line per wave, for screen readers and copying:
 * "Wave 2: Brawnen Source 9, gate 10, power 12; Grovetenders ...". */
char         *spk_game_chart_summary (const SpkGameChart *chart);
const char   *spk_chart_series_label (SpkChartSeries      series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkGameChart, spk_game_chart_free)

G_END_DECLS
