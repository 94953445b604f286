/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chart-section.h: the Tracker's game chart: one faction's line per
 * colour across the waves for Source, gate health or fortress power
 * (spk-game-chart.h), with the same numbers in words beside it, and an
 * export as PNG or SVG. */
#pragma once

#include <adwaita.h>

#include "spk-game-chart.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_CHART_SECTION (spk_chart_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkChartSection, spk_chart_section, SPK, CHART_SECTION, AdwBin)

void            spk_chart_section_set_table   (SpkChartSection *self,
                                               SpkTable        *table);
void            spk_chart_section_set_series  (SpkChartSection *self,
                                               SpkChartSeries   series);
/* The numbers on show (read again when the table changes); NULL without a
 * table or when its history cannot be read back. */
const SpkGameChart *spk_chart_section_get_chart (SpkChartSection *self);
/* The chart words beside the drawing. */
const char     *spk_chart_section_get_summary (SpkChartSection *self);

/* Draws @chart's @series in @width × @height on @cr, in the dark style's
 * colours when @dark: axes, wave numbers, a line per faction, a legend. */
void            spk_chart_draw                (cairo_t            *cr,
                                               const SpkGameChart *chart,
                                               SpkChartSeries      series,
                                               int                 width,
                                               int                 height,
                                               gboolean            dark);
/* The chart as a PNG (".png") or SVG (any other name) file's bytes. */
GBytes         *spk_chart_render              (const SpkGameChart *chart,
                                               SpkChartSeries      series,
                                               int                 width,
                                               int                 height,
                                               gboolean            dark,
                                               gboolean            svg);

G_END_DECLS
