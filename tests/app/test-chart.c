/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Tracker's game chart: its words follow the table after each step,
 * it draws in light and dark and at 360 px, and exports a PNG of the
 * asked size and an SVG that parses. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-chart-section.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"

static void
test_follows_table (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkChartSection *chart = SPK_CHART_SECTION (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_CHART_SECTION));
  SpkTable *table = spk_window_get_table (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  gint64 deadline;

  g_assert_nonnull (chart);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "tracker"));
  spk_test_ui_iterate (100);
  g_assert_true (g_str_has_prefix (spk_chart_section_get_summary (chart), "Wave 1: Brawnen Source "));
  before = g_strdup (spk_chart_section_get_summary (chart));

  g_assert_true (spk_table_set_source (table, "brawnen", 17, NULL, &error));
  g_assert_no_error (error);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (g_strcmp0 (spk_chart_section_get_summary (chart), before) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_str_has_prefix (spk_chart_section_get_summary (chart), "Wave 1: Brawnen Source 17, gate "));

  spk_chart_section_set_series (chart, SPK_CHART_POWER);
  spk_test_ui_iterate (50);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (chart), "chart-light"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  spk_test_ui_iterate (100);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (chart), "chart-dark"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  spk_test_ui_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (chart)), <=, 360);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (chart), "chart-360"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_export (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkChartSection *chart = SPK_CHART_SECTION (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_CHART_SECTION));
  const SpkGameChart *numbers = spk_chart_section_get_chart (chart);
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GBytes) svg = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMarkupParseContext) parse = NULL;
  static const GMarkupParser nothing = { 0 };
  gsize length;
  const char *text;

  g_assert_nonnull (numbers);
  png = spk_chart_render (numbers, SPK_CHART_SOURCE, 720, 400, FALSE, FALSE);
  g_assert_cmpmem (g_bytes_get_data (png, NULL), 8, "\x89PNG\r\n\x1a\n", 8);
  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 720);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 400);

  svg = spk_chart_render (numbers, SPK_CHART_SOURCE, 720, 400, TRUE, TRUE);
  text = g_bytes_get_data (svg, &length);
  g_assert_nonnull (g_strstr_len (text, (gssize) length, "<svg"));
  parse = g_markup_parse_context_new (&nothing, 0, NULL, NULL);
  g_assert_true (g_markup_parse_context_parse (parse, text, (gssize) length, &error));
  g_assert_true (g_markup_parse_context_end_parse (parse, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/chart/follows-table", test_follows_table);
  g_test_add_func ("/chart/export", test_export);
  return g_test_run ();
}
