/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Preferences window: every setting is a control in it, labelled and
 * bound to its GSettings key, and applies at once: the faction palette
 * and chip labels on the board, terrain patterns on the board and its
 * legend, the autosave delay and the history limit of the table on show,
 * and the campfire reading of the current table (a step undo takes back,
 * named on the Tracker while it is in force). */
#include "config.h"

#include <adwaita.h>

#include "spk-autosave.h"
#include "spk-board-legend.h"
#include "spk-board-view.h"
#include "spk-look.h"
#include "spk-palette.h"
#include "spk-preferences-window.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-wave-section.h"
#include "spk-window.h"

typedef struct {
  SpkApplication *app;
  SpkWindow      *window;
  GtkWidget      *view;
  GtkWidget      *prefs;
  GSettings      *settings;
} Fixture;

static gboolean
is_prefs (GtkWidget *widget, const char *data)
{
  return SPK_IS_PREFERENCES_WINDOW (widget);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GListModel) toplevels = NULL;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  f->app = g_object_ref (spk_test_window_app ());
  f->settings = g_settings_new (APP_ID);
  f->window = spk_test_window_new ();
  f->view = spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW);
  g_assert_nonnull (f->view);
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "preferences", NULL);
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; f->prefs == NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (is_prefs (w, NULL))
        f->prefs = w;
    }
  g_assert_nonnull (f->prefs);
  spk_test_ui_wait_mapped (f->prefs);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (f->prefs)) == GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->prefs));
  gtk_window_destroy (GTK_WINDOW (f->window));
  for (const char *const *k = (const char *const[]) { "colour-blind-palette", "terrain-patterns", "board-labels",
                                                        "autosave-delay", "history-limited", "history-steps", NULL };
       *k != NULL; k++)
    g_settings_reset (f->settings, *k);
  g_object_unref (f->settings);
  g_object_unref (f->app);
}

/* The control in the row titled @title. The keyboard reaches it through
 * its row: focusable, and activating it works the control. */
static GtkWidget *
control (Fixture *f, const char *title, GType type)
{
  GtkWidget *row = spk_test_ui_row (f->prefs, title);

  g_assert_true (gtk_widget_get_focusable (row));
  g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
  return spk_test_ui_row_control (f->prefs, title, type);
}

/* Pixels of @widget within 3 of the colour @rgb in each channel. */
static guint
count_colour (GtkWidget *widget, guint32 rgb)
{
  g_autoptr(GdkTexture) texture = spk_test_ui_texture (widget);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *px = g_malloc ((gsize) w * h * 4);
  int want[3] = { (rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff };
  guint n = 0;

  gdk_texture_download (texture, px, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      /* Cairo's byte order: B, G, R, A on little-endian machines. */
      const guchar *p = px + (gsize) i * 4;

      if (ABS (p[2] - want[0]) <= 3 && ABS (p[1] - want[1]) <= 3 && ABS (p[0] - want[2]) <= 3 && p[3] == 255)
        n++;
    }
  return n;
}

/* @widget's pixels as it draws now, to compare two drawings. */
static GBytes *
pixels (GtkWidget *widget)
{
  g_autoptr(GdkTexture) texture = spk_test_ui_texture (widget);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  guchar *px = g_malloc ((gsize) w * h * 4);

  gdk_texture_download (texture, px, (gsize) w * 4);
  return g_bytes_new_take (px, (gsize) w * h * 4);
}

/* Brawnen, the demo's first faction, is drawn in the standard red until
 * the colour-blind-safe palette is switched on; then in Okabe–Ito's
 * vermillion, on the board at once, and back again. The grovetenders
 * take its blue, or its sky blue in dark style. */
static void
test_palette (Fixture *f, gconstpointer data)
{
  GtkWidget *sw = control (f, "_Colour-blind-safe faction colours", GTK_TYPE_SWITCH);
  SpkRgba c;

  g_assert_false (gtk_switch_get_active (GTK_SWITCH (sw)));
  g_assert_cmpuint (count_colour (f->view, 0xc01c28), >, 50);
  g_assert_cmpuint (count_colour (f->view, 0xd55e00), ==, 0);

  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  g_assert_true (g_settings_get_boolean (f->settings, "colour-blind-palette"));
  g_assert_true (spk_look_get_colour_blind (spk_look_get_default ()));
  spk_palette_faction (1, FALSE, &c);
  g_assert_cmpint ((int) (c.blue * 255 + 0.5), ==, 0xb2);
  spk_test_ui_iterate (100);
  g_assert_cmpuint (count_colour (f->view, 0xd55e00), >, 50);
  g_assert_cmpuint (count_colour (f->view, 0xc01c28), ==, 0);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "preferences-colour-blind"));
  /* In dark style the grovetenders' blue is the set's sky blue. */
  g_assert_cmpuint (count_colour (f->view, 0x0072b2), >, 50);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  spk_test_ui_iterate (200);
  g_assert_cmpuint (count_colour (f->view, 0x56b4e9), >, 50);
  g_assert_cmpuint (count_colour (f->view, 0x0072b2), ==, 0);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "preferences-colour-blind-dark"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);

  g_settings_set_boolean (f->settings, "colour-blind-palette", FALSE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (sw)));
  spk_test_ui_iterate (100);
  g_assert_cmpuint (count_colour (f->view, 0xd55e00), ==, 0);
}

/* Chip labels off: the board loses the initials (fewer white pixels: the
 * pips stay) and draws exactly as before once they are back on. */
static void
test_labels (Fixture *f, gconstpointer data)
{
  GtkWidget *sw = control (f, "Chip _labels", GTK_TYPE_SWITCH);
  g_autoptr(GBytes) before = pixels (f->view);
  g_autoptr(GBytes) after = NULL;
  guint white = count_colour (f->view, 0xffffff), without;

  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
  g_assert_false (spk_look_get_labels (spk_look_get_default ()));
  spk_test_ui_iterate (100);
  without = count_colour (f->view, 0xffffff);
  g_assert_cmpuint (without, <, white);
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  spk_test_ui_iterate (100);
  after = pixels (f->view);
  g_assert_true (g_bytes_equal (before, after));
}

/* Terrain patterns: the board and the legend change when they come on,
 * and look as before when they go off. */
static void
test_terrain_patterns (Fixture *f, gconstpointer data)
{
  GtkWidget *sw = control (f, "_Terrain patterns", GTK_TYPE_SWITCH);
  GtkWidget *legend = spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_LEGEND);
  g_autoptr(GBytes) board = NULL, key = NULL, board_on = NULL, key_on = NULL, board_off = NULL, key_off = NULL;

  g_assert_nonnull (legend);
  board = pixels (f->view);
  key = pixels (legend);
  gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
  g_assert_true (g_settings_get_boolean (f->settings, "terrain-patterns"));
  spk_test_ui_iterate (100);
  board_on = pixels (f->view);
  key_on = pixels (legend);
  g_assert_false (g_bytes_equal (board, board_on));
  g_assert_false (g_bytes_equal (key, key_on));
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "preferences-terrain-patterns"));
  gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
  spk_test_ui_iterate (100);
  board_off = pixels (f->view);
  key_off = pixels (legend);
  g_assert_true (g_bytes_equal (board, board_off));
  g_assert_true (g_bytes_equal (key, key_off));
}

/* The autosave delay and the history limit reach the window's autosave
 * and table as soon as they change. */
static void
test_saving (Fixture *f, gconstpointer data)
{
  GtkWidget *delay = control (f, "_Autosave delay (seconds)", GTK_TYPE_SPIN_BUTTON);
  GtkWidget *limited = control (f, "_Limit the undo history", GTK_TYPE_SWITCH);
  GtkWidget *steps = control (f, "Undo _steps kept", GTK_TYPE_SPIN_BUTTON);
  SpkAutosave *autosave = spk_window_get_autosave (f->window);
  SpkTable *table = spk_window_get_table (f->window);

  g_assert_cmpuint (spk_autosave_get_delay (autosave), ==, 500);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (delay), 2.5);
  g_assert_cmpfloat (g_settings_get_double (f->settings, "autosave-delay"), ==, 2.5);
  g_assert_cmpuint (spk_autosave_get_delay (autosave), ==, 2500);
  /* Below the key's minimum is not offered. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (delay), 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (delay)), ==, 0.5);
  g_assert_cmpuint (spk_autosave_get_delay (autosave), ==, 500);

  g_assert_cmpuint (spk_table_get_history_limit (table), ==, 0);
  g_assert_false (gtk_widget_is_sensitive (steps));
  gtk_switch_set_active (GTK_SWITCH (limited), TRUE);
  g_assert_true (gtk_widget_is_sensitive (steps));
  g_assert_cmpuint (spk_table_get_history_limit (table), ==, 1000);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (steps), 20);
  g_assert_cmpuint (g_settings_get_uint (f->settings, "history-steps"), ==, 20);
  g_assert_cmpuint (spk_table_get_history_limit (table), ==, 20);
  gtk_switch_set_active (GTK_SWITCH (limited), FALSE);
  g_assert_cmpuint (spk_table_get_history_limit (table), ==, 0);
}

/* The campfire reading of the table on show: a step named in the log,
 * undone by the window's Undo, which the row follows. */
static void
test_campfire_rule (Fixture *f, gconstpointer data)
{
  AdwComboRow *row = ADW_COMBO_ROW (spk_test_ui_row (f->prefs, "_Campfire mode begins when"));
  SpkTable *table = spk_window_get_table (f->window);
  SpkWaveSection *wave = SPK_WAVE_SECTION (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_WAVE_SECTION));
  guint steps = spk_table_get_history_length (table);

  g_assert_nonnull (wave);
  g_assert_null (spk_wave_section_get_reading_text (wave));
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  adw_combo_row_set_selected (row, 1);
  g_assert_cmpint (spk_table_get_campfire_rule (table), ==, SPK_CAMPFIRE_ONE_FACTION);
  g_assert_cmpuint (spk_table_get_history_length (table), ==, steps + 1);
  g_assert_cmpstr (spk_table_get_undo_label (table), ==,
                   "Rule reading: campfire mode begins when only one faction has units in play (printed rule)");
  /* The Tracker says which reading is in force while it is not the
   * official one. */
  g_assert_cmpstr (spk_wave_section_get_reading_text (wave), ==,
                   "Reading in force: campfire mode begins when only one faction has units in play (printed rule).");
  g_free (spk_test_ui_screenshot (f->prefs, "preferences"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpint (spk_table_get_campfire_rule (table), ==, SPK_CAMPFIRE_NO_OPPOSING);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_null (spk_wave_section_get_reading_text (wave));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
#define ADD(name, func) g_test_add ("/preferences/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("palette", test_palette);
  ADD ("labels", test_labels);
  ADD ("terrain-patterns", test_terrain_patterns);
  ADD ("saving", test_saving);
  ADD ("campfire-rule", test_campfire_rule);
  return g_test_run ();
}
