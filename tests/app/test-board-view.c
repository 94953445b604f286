/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board canvas: hit testing, keyboard focus and selection, overlays,
 * zoom, the accessible description, and light/dark colours. */
#include "config.h"

#include <adwaita.h>

#include "spk-board-legend.h"
#include "spk-board-view.h"
#include "spk-palette.h"
#include "spk-table.h"
#include "spk-table-file.h"
#include "spk-test-ui.h"

typedef struct {
  GtkWidget    *window;
  SpkBoardView *view;
  SpkBoard     *board;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *box;

  f->board = spk_table_file_load (path, NULL, &error);
  g_assert_no_error (error);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 600);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  f->view = SPK_BOARD_VIEW (spk_board_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (f->view), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->view));
  gtk_box_append (GTK_BOX (box), spk_board_legend_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  spk_board_view_set_board (f->view, f->board);
  gtk_window_present (GTK_WINDOW (f->window));
  spk_test_ui_wait_mapped (f->window);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_destroy (GTK_WINDOW (f->window));
  spk_board_free (f->board);
}

/* R-talent-5: Tallow with Spire Shot on Brick and Mortars. Selecting the
 * hex gives the hero, selecting it again the spire beneath, then the hero
 * again; the description names both. */
static void
test_spire_shot_rider (Fixture *f, gconstpointer data)
{
  SpkChip *tallow = spk_board_find_chip (f->board, "tallow");
  SpkHex spire = { -5, -1 };

  tallow->q = spire.q;
  tallow->r = spire.r;
  g_ptr_array_add (tallow->talents, g_strdup ("Spire Shot"));
  spk_board_view_set_board (f->view, f->board);

  spk_board_view_select (f->view, &spire);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "tallow");
  g_assert_nonnull (strstr (spk_board_view_get_description (f->view), "Spire Brick and Mortars (Brawnen)"));
  g_assert_nonnull (strstr (spk_board_view_get_description (f->view), "On the spire: Hero Tallow"));
  spk_board_view_select (f->view, &spire);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "brick-and-mortars");
  spk_board_view_select (f->view, &spire);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "tallow");

  /* Another hex, and back: the hero first again. */
  spk_board_view_select (f->view, &(SpkHex) { -3, 0 });
  spk_board_view_select (f->view, &spire);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "tallow");
  spk_test_ui_iterate (100);
  g_free (spk_test_ui_screenshot (f->window, "board-view-spire-shot"));
}

static void
test_hit_testing (Fixture *f, gconstpointer data)
{
  double x, y;
  SpkHex hex;

  /* The centre of every hex, gate and fortress well maps back to it. */
  for (guint i = 0; i < f->board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (f->board->hexes, i);

      spk_board_view_hex_center (f->view, spk_hex_make (e->q, e->r), &x, &y);
      g_assert_true (spk_board_view_hex_at (f->view, x, y, &hex));
      g_assert_cmpint (hex.q, ==, e->q);
      g_assert_cmpint (hex.r, ==, e->r);
    }
  spk_board_view_hex_center (f->view, spk_hex_make (-7, 0), &x, &y);
  g_assert_true (spk_board_view_hex_at (f->view, x, y, &hex));
  g_assert_cmpint (hex.q, ==, -7);
  g_assert_cmpint (hex.r, ==, 0);

  /* A point just inside the right edge of (-3, 0) is still that hex; one
   * just beyond it is the next hex east. */
  spk_board_view_hex_center (f->view, spk_hex_make (-3, 0), &x, &y);
  g_assert_true (spk_board_view_hex_at (f->view, x + spk_board_view_get_zoom (f->view) * 0.8, y, &hex));
  g_assert_cmpint (hex.q, ==, -3);
  g_assert_true (spk_board_view_hex_at (f->view, x + spk_board_view_get_zoom (f->view) * 0.95, y, &hex));
  g_assert_cmpint (hex.q, ==, -2);

  /* (3, 3) is sky. */
  spk_board_view_hex_center (f->view, spk_hex_make (3, 3), &x, &y);
  g_assert_false (spk_board_view_hex_at (f->view, x, y, &hex));
}

static gboolean
claim_activation (SpkBoardView *view, int q, int r, gpointer data)
{
  SpkHex *seen = data;

  seen->q = q;
  seen->r = r;
  return TRUE;
}

static void
test_keyboard_and_selection (Fixture *f, gconstpointer data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  SpkHex hex = { 0, 0 }, seen = { 99, 99 };
  gulong handler;

  spk_board_view_set_focus_hex (f->view, spk_hex_make (-3, 0));
  gtk_widget_activate_action (w, "board.move-focus", "(ii)", 1, 0);
  g_assert_true (spk_board_view_get_focus_hex (f->view, &hex));
  g_assert_cmpint (hex.q, ==, -2);
  g_assert_cmpint (hex.r, ==, 0);
  gtk_widget_activate_action (w, "board.move-focus", "(ii)", 1, 0);
  spk_board_view_get_focus_hex (f->view, &hex);
  g_assert_cmpint (hex.q, ==, -1);
  g_assert_cmpint (hex.r, ==, 0);
  /* Up-left (-1, -1) is sky, so up goes up-right to (0, -1). */
  gtk_widget_activate_action (w, "board.move-focus", "(ii)", 0, -1);
  spk_board_view_get_focus_hex (f->view, &hex);
  g_assert_cmpint (hex.q, ==, 0);
  g_assert_cmpint (hex.r, ==, -1);
  gtk_widget_activate_action (w, "board.move-focus", "(ii)", 0, 1);
  spk_board_view_get_focus_hex (f->view, &hex);
  g_assert_cmpint (hex.q, ==, 0);
  g_assert_cmpint (hex.r, ==, 0);

  /* Left of the Brawnen gate is its fortress well, then nothing. */
  spk_board_view_set_focus_hex (f->view, spk_hex_make (-7, 0));
  g_assert_true (spk_board_view_move_focus (f->view, -1, 0));
  spk_board_view_get_focus_hex (f->view, &hex);
  g_assert_cmpint (hex.q, ==, -8);
  g_assert_false (spk_board_view_move_focus (f->view, -1, 0));

  /* Enter selects the focus hex and describes what stands there. */
  g_assert_false (spk_board_view_get_selected (f->view, NULL));
  g_assert_cmpstr (spk_board_view_get_description (f->view), ==, "");
  spk_board_view_set_focus_hex (f->view, spk_hex_make (-3, 0));
  gtk_widget_activate_action (w, "board.activate-focus", NULL);
  g_assert_true (spk_board_view_get_selected (f->view, &hex));
  g_assert_cmpint (hex.q, ==, -3);
  g_assert_cmpint (hex.r, ==, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  g_assert_cmpstr (spk_board_view_get_description (f->view), ==,
                   "Hex -3, 0: Path, group isle-west-ridge. Minion Dispatch (Brawnen): "
                   "health 2 of 2, attack 1, movement 3, allowance Path.");

  /* On a gate with nobody on it the selected chip is the stack's top. */
  spk_board_view_select (f->view, &(SpkHex) { -7, 0 });
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "battleborn");
  g_assert_cmpstr (spk_board_view_get_description (f->view), ==,
                   "Hex -7, 0: fortress gate of Brawnen. Deployment stack of 2, top: Battleborn.");

  spk_board_view_select (f->view, &(SpkHex) { -5, -1 });
  g_assert_cmpstr (spk_board_view_get_description (f->view), ==,
                   "Hex -5, -1: Forest, group isle-anvil. Source well. Spire Brick and Mortars (Brawnen). "
                   "Upgrades, top to bottom (3 of 4): attack, range, attack.");

  /* A handler that claims the activation keeps the selection where it is. */
  handler = g_signal_connect (f->view, "hex-activated", G_CALLBACK (claim_activation), &seen);
  spk_board_view_set_focus_hex (f->view, spk_hex_make (2, 0));
  gtk_widget_activate_action (w, "board.activate-focus", NULL);
  g_assert_cmpint (seen.q, ==, 2);
  g_assert_cmpint (seen.r, ==, 0);
  spk_board_view_get_selected (f->view, &hex);
  g_assert_cmpint (hex.q, ==, -5);
  g_assert_cmpint (hex.r, ==, -1);
  g_signal_handler_disconnect (f->view, handler);

  gtk_widget_activate_action (w, "board.clear-selection", NULL);
  g_assert_false (spk_board_view_get_selected (f->view, NULL));
  g_assert_null (spk_board_view_get_selected_chip (f->view));
  g_assert_cmpstr (spk_board_view_get_description (f->view), ==, "");

  /* Sky cannot be selected. */
  spk_board_view_select (f->view, &(SpkHex) { 3, 3 });
  g_assert_false (spk_board_view_get_selected (f->view, NULL));
}

static void
test_click_sky (Fixture *f, gconstpointer data)
{
  double x, y;
  SpkHex hex;

  /* A click on a hex selects it. */
  spk_board_view_hex_center (f->view, spk_hex_make (-3, 0), &x, &y);
  g_assert_true (spk_board_view_clicked (f->view, x, y));
  g_assert_true (spk_board_view_get_selected (f->view, &hex));
  g_assert_true (spk_hex_equal (hex, spk_hex_make (-3, 0)));

  /* In edit mode a click on far sky leaves the selection to the tool. */
  spk_board_view_set_edit_mode (f->view, TRUE);
  g_assert_false (spk_board_view_clicked (f->view, 1, 1));
  g_assert_true (spk_board_view_get_selected (f->view, NULL));
  spk_board_view_set_edit_mode (f->view, FALSE);

  /* (3, 3) is sky: a click there clears the selection. */
  spk_board_view_hex_center (f->view, spk_hex_make (3, 3), &x, &y);
  g_assert_false (spk_board_view_clicked (f->view, x, y));
  g_assert_false (spk_board_view_get_selected (f->view, NULL));
  g_assert_null (spk_board_view_get_selected_chip (f->view));
}

static void
test_overlays (Fixture *f, gconstpointer data)
{
  SpkHex marked[] = { { -2, 0 }, { -1, 0 }, { -3, 1 } };
  g_autoptr(GArray) got = NULL;
  g_autofree char *shot = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (marked); i++)
    {
      g_autofree char *label = g_strdup_printf ("%u", i + 1);

      spk_board_view_mark_hex (f->view, SPK_BOARD_LAYER_MOVES, marked[i], SPK_MARK_DESTINATION, NULL, label);
    }
  spk_board_view_mark_hex (f->view, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-5, 0), SPK_MARK_INFLUENCE, "brawnen", NULL);
  spk_board_view_mark_hex (f->view, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-2, 1), SPK_MARK_BUILDABLE, "brawnen", NULL);
  spk_board_view_add_line (f->view, SPK_BOARD_LAYER_SPIRES, spk_hex_make (-5, -1), spk_hex_make (-3, 0),
                           SPK_MARK_TARGET, "brawnen");

  got = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (got->len, ==, 3);
  for (guint i = 0; i < got->len; i++)
    g_assert_true (spk_hex_equal (g_array_index (got, SpkHex, i), marked[i]));
  g_assert_cmpstr (spk_board_view_get_mark_label (f->view, SPK_BOARD_LAYER_MOVES, spk_hex_make (-1, 0)), ==, "2");
  g_assert_null (spk_board_view_get_mark_label (f->view, SPK_BOARD_LAYER_MOVES, spk_hex_make (0, 0)));
  g_assert_cmpstr (spk_board_view_get_mark_label (f->view, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-5, 0)), ==, "");
  g_assert_cmpuint (spk_board_view_get_n_lines (f->view, SPK_BOARD_LAYER_SPIRES), ==, 1);

  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (f->window, "board-view-overlays");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));

  spk_board_view_clear_layer (f->view, SPK_BOARD_LAYER_MOVES);
  g_clear_pointer (&got, g_array_unref);
  got = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (got->len, ==, 0);
  g_assert_cmpuint (spk_board_view_get_n_lines (f->view, SPK_BOARD_LAYER_SPIRES), ==, 1);
}

static void
test_zoom_and_fit (Fixture *f, gconstpointer data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  double fit = spk_board_view_get_zoom (f->view), x0, y0, x1, y1;
  double cx = gtk_widget_get_width (w) / 2.0, cy = gtk_widget_get_height (w) / 2.0;
  SpkHex before, after;

  /* Fitted: the whole board is inside the widget. */
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x0, &y0);
  spk_board_view_hex_center (f->view, spk_hex_make (8, 0), &x1, &y1);
  g_assert_cmpfloat (x0, >, 0);
  g_assert_cmpfloat (x1, <, gtk_widget_get_width (w));

  g_assert_true (spk_board_view_hex_at (f->view, cx, cy, &before));
  gtk_widget_activate_action (w, "board.zoom-in", NULL);
  g_assert_cmpfloat_with_epsilon (spk_board_view_get_zoom (f->view), fit * 1.25, 1e-9);
  /* Zooming keeps the hex under the middle in the middle. */
  g_assert_true (spk_board_view_hex_at (f->view, cx, cy, &after));
  g_assert_true (spk_hex_equal (before, after));

  spk_board_view_pan (f->view, 30, -10);
  spk_board_view_hex_center (f->view, spk_hex_make (0, 0), &x1, &y1);
  spk_board_view_zoom_out (f->view);
  spk_board_view_pan (f->view, -30, 10);
  g_assert_cmpfloat_with_epsilon (spk_board_view_get_zoom (f->view), fit, 1e-9);

  spk_board_view_set_zoom (f->view, 1000, cx, cy);
  g_assert_cmpfloat (spk_board_view_get_zoom (f->view), ==, 220);
  gtk_widget_activate_action (w, "board.fit", NULL);
  g_assert_cmpfloat_with_epsilon (spk_board_view_get_zoom (f->view), fit, 1e-9);
}

static void
test_zoom_keeps_selection (Fixture *f, gconstpointer data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  double width = gtk_widget_get_width (w), height = gtk_widget_get_height (w), x0, y0, x, y;

  /* The Brawnen well (-8, 0) sits at the left edge: zooming about the
   * middle four times would push it out of the widget. + zooms about it
   * instead, keeping it a hex's size from the edge (offsets are whole pixels). */
  spk_board_view_select (f->view, &(SpkHex) { -8, 0 });
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x0, &y0);
  for (int i = 0; i < 4; i++)
    gtk_widget_activate_action (w, "board.zoom-in", NULL);
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, MAX (x0, spk_board_view_get_zoom (f->view)), 2);
  g_assert_cmpfloat_with_epsilon (y, y0, 2);
  /* − zooms about it too: it does not move. */
  x0 = x;
  gtk_widget_activate_action (w, "board.zoom-out", NULL);
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, x0, 2);
  g_assert_cmpfloat_with_epsilon (y, y0, 2);

  /* A zoom about another point (the wheel's pointer) pans the selection
   * back in, a hex's width from the edge. */
  spk_board_view_set_zoom (f->view, spk_board_view_get_zoom (f->view) * 2, width, height / 2);
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x, &y);
  g_assert_cmpfloat_with_epsilon (x, spk_board_view_get_zoom (f->view), 2);
  g_assert_cmpfloat (y, >, 0);
  g_assert_cmpfloat (y, <, height);

  /* Scrolled out of view, + brings it back too. */
  spk_board_view_pan (f->view, -width, 0);
  spk_board_view_zoom_in (f->view);
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x, &y);
  g_assert_cmpfloat (x, >=, 0);
  g_assert_cmpfloat (x, <=, width);
}

static gboolean
is_label (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text);
}

/* The pixels of the swatch beside the legend's label @text. */
static GBytes *
swatch_pixels (Fixture *f, const char *text, const char *name)
{
  GtkWidget *label = spk_test_ui_find (f->window, is_label, text);
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  gsize stride;
  guchar *data;

  g_assert_nonnull (label);
  path = spk_test_ui_screenshot (gtk_widget_get_prev_sibling (label), name);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  stride = gdk_texture_get_width (texture) * 4;
  data = g_malloc (stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * gdk_texture_get_height (texture));
}

static void
test_legend (Fixture *f, gconstpointer data)
{
  g_autoptr(GBytes) plains = swatch_pixels (f, spk_palette_terrain_label (SPK_TERRAIN_PLAINS), "legend-plains");
  g_autoptr(GBytes) layered = swatch_pixels (f, "Earthscape on top", "legend-earthscape");

  /* The earthscape swatch is a plains hex with the board's inner ring. */
  g_assert_cmpuint (g_bytes_get_size (plains), ==, g_bytes_get_size (layered));
  g_assert_false (g_bytes_equal (plains, layered));
}

/* Reads the colour a little left of the middle of @hex: inside a chip's
 * disc but clear of its initials. */
static guint32
pixel_at (Fixture *f, SpkHex hex)
{
  int w = gtk_widget_get_width (GTK_WIDGET (f->view)), h = gtk_widget_get_height (GTK_WIDGET (f->view));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surface);
  double x, y;
  guint32 pixel;

  spk_board_view_render (f->view, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  spk_board_view_hex_center (f->view, hex, &x, &y);
  x -= spk_board_view_get_zoom (f->view) * 0.45;
  pixel = *(guint32 *) (cairo_image_surface_get_data (surface)
                        + (int) y * cairo_image_surface_get_stride (surface) + (int) x * 4);
  cairo_surface_destroy (surface);
  return pixel & 0xffffff;
}

/* Brawnen red (c01c28) halfway to the light style's grey (c0bfbc). */
#define MOVED_RED 0xc06d72

/* (-4, 0) is a bare path hex. */
static guint32
path_pixel (Fixture *f)
{
  return pixel_at (f, spk_hex_make (-4, 0));
}

static void
test_redraw_after_move (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) moved = spk_board_copy (f->board);
  SpkChip *dispatch = spk_board_find_chip (moved, "dispatch");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  spk_test_ui_iterate (100);
  /* Dispatch's disc (Brawnen red) covers the middle of its hex. */
  g_assert_cmphex (pixel_at (f, spk_hex_make (-3, 0)), ==, 0xc01c28);
  g_assert_cmphex (path_pixel (f), ==, 0xe9d9a6);
  /* Moved off: the kept map drawing shows the bare path again, and the
   * disc is drawn where it went. */
  dispatch->q = -4;
  spk_board_view_set_board (f->view, moved);
  g_assert_cmphex (pixel_at (f, spk_hex_make (-3, 0)), ==, 0xe9d9a6);
  g_assert_cmphex (path_pixel (f), ==, 0xc01c28);
}

/* The overlay fills are kept in their own drawing across moves: it must
 * follow the marks, whether they change alone or with a move. */
static void
test_redraw_after_overlay_change (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) moved = spk_board_copy (f->board);
  guint32 tinted;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  spk_test_ui_iterate (100);
  g_assert_cmphex (path_pixel (f), ==, 0xe9d9a6);
  spk_board_view_mark_hex (f->view, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE, "brawnen", NULL);
  tinted = path_pixel (f);
  g_assert_cmphex (tinted, !=, 0xe9d9a6);

  spk_board_view_clear_layer (f->view, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmphex (path_pixel (f), ==, 0xe9d9a6);
  /* Cleared and marked again, as the Table page does after each action:
   * the same tint, and it stays through a move elsewhere. */
  spk_board_view_mark_hex (f->view, SPK_BOARD_LAYER_INFLUENCE, spk_hex_make (-4, 0), SPK_MARK_INFLUENCE, "brawnen", NULL);
  g_assert_cmphex (path_pixel (f), ==, tinted);
  spk_board_find_chip (moved, "dispatch")->q = -2;
  spk_board_view_set_board (f->view, moved);
  g_assert_cmphex (path_pixel (f), ==, tinted);
  spk_board_view_clear_layer (f->view, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmphex (path_pixel (f), ==, 0xe9d9a6);
}

/* A unit that has moved this turn looks different (a faded disc with a
 * tick) and says so; undoing the move takes both back. */
static void
test_moved_mark (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkTable) table = spk_table_new (spk_board_copy (f->board));
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL, *undone = NULL, *shot = NULL;
  const char *fresh_text = "Hex -3, 0: Path, group isle-west-ridge. Minion Dispatch (Brawnen): "
                           "health 2 of 2, attack 1, movement 3, allowance Path.";
  guint32 fresh, moved;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  spk_test_ui_iterate (100);
  spk_board_view_set_board (f->view, spk_table_get_board (table));
  before = spk_board_view_describe_hex (f->view, spk_hex_make (-3, 0));
  g_assert_cmpstr (before, ==, fresh_text);
  fresh = pixel_at (f, spk_hex_make (-3, 0));
  g_assert_cmphex (fresh, ==, 0xc01c28);

  g_assert_true (spk_table_move_unit (table, "dispatch", -4, 0, &error));
  g_assert_no_error (error);
  spk_board_view_set_board (f->view, spk_table_get_board (table));
  after = spk_board_view_describe_hex (f->view, spk_hex_make (-4, 0));
  g_assert_cmpstr (after, ==, "Hex -4, 0: Path, group isle-anvil. Minion Dispatch (Brawnen): "
                              "health 2 of 2, attack 1, movement 3, allowance Path. Moved this turn.");
  /* The disc halfway between Brawnen red and grey. */
  moved = pixel_at (f, spk_hex_make (-4, 0));
  g_assert_cmphex (moved, !=, fresh);
  g_assert_cmphex (moved, ==, MOVED_RED);
  g_assert_cmphex (pixel_at (f, spk_hex_make (-3, 0)), ==, 0xe9d9a6);
  spk_board_view_select (f->view, &(SpkHex) { -4, 0 });
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (f->window, "board-view-moved");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));

  g_assert_true (spk_table_undo (table, &error));
  g_assert_no_error (error);
  spk_board_view_set_board (f->view, spk_table_get_board (table));
  undone = spk_board_view_describe_hex (f->view, spk_hex_make (-3, 0));
  g_assert_cmpstr (undone, ==, fresh_text);
  g_assert_cmphex (pixel_at (f, spk_hex_make (-3, 0)), ==, fresh);
  g_assert_cmphex (pixel_at (f, spk_hex_make (-4, 0)), ==, 0xe9d9a6);
}

static void
test_light_and_dark (Fixture *f, gconstpointer data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  g_autofree char *light_shot = NULL, *dark_shot = NULL;

  spk_board_view_select (f->view, &(SpkHex) { 3, -1 });
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  spk_test_ui_iterate (100);
  g_assert_cmphex (path_pixel (f), ==, 0xe9d9a6);
  light_shot = spk_test_ui_screenshot (f->window, "board-view-light");

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  spk_test_ui_iterate (200);
  g_assert_cmphex (path_pixel (f), ==, 0x8d7c4e);
  dark_shot = spk_test_ui_screenshot (f->window, "board-view-dark");
  g_assert_true (g_file_test (dark_shot, G_FILE_TEST_EXISTS));
}

static void
test_narrow (Fixture *f, gconstpointer data)
{
  g_autofree char *shot = NULL;
  double x0, y0, x1, y1;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  spk_test_ui_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (f->window), ==, 360);
  /* Still fitted: both fortresses are on screen. */
  spk_board_view_hex_center (f->view, spk_hex_make (-8, 0), &x0, &y0);
  spk_board_view_hex_center (f->view, spk_hex_make (8, 0), &x1, &y1);
  g_assert_cmpfloat (x0, >, 0);
  g_assert_cmpfloat (x1, <, gtk_widget_get_width (GTK_WIDGET (f->view)));
  shot = spk_test_ui_screenshot (f->window, "board-view-narrow");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(name, func) g_test_add ("/board-view/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("spire-shot-rider", test_spire_shot_rider);
  ADD ("hit-testing", test_hit_testing);
  ADD ("keyboard-and-selection", test_keyboard_and_selection);
  ADD ("click-sky", test_click_sky);
  ADD ("overlays", test_overlays);
  ADD ("zoom-and-fit", test_zoom_and_fit);
  ADD ("zoom-keeps-selection", test_zoom_keeps_selection);
  ADD ("light-and-dark", test_light_and_dark);
  ADD ("narrow", test_narrow);
  ADD ("legend", test_legend);
  ADD ("redraw-after-move", test_redraw_after_move);
  ADD ("redraw-after-overlay-change", test_redraw_after_overlay_change);
  ADD ("moved-mark", test_moved_mark);
#undef ADD
  return g_test_run ();
}
