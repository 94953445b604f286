/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Table page while a table is entered and played: the view stays put
 * while editing, the side panel keeps one width and puts the selection
 * first, the chip editor shows what the chosen kind has and refuses what
 * it cannot read, the Isle tool selects and previews, the movement panel
 * says whose turn it is and words the rest as a what-if. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "spk-board-view.h"
#include "spk-isle-template.h"
#include "spk-movement.h"
#include "spk-damage-section.h"
#include "spk-table-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkWindow    *window;
  SpkBoardView *view;
  SpkTablePage *page;
  SpkTable     *table;
} Fixture;

static gboolean
is_group_titled (GtkWidget *widget, const char *title)
{
  return ADW_IS_PREFERENCES_GROUP (widget) &&
         g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), title) == 0;
}

/* The page's Deployment Stack section. */
static GtkWidget *
stack_section (Fixture *f)
{
  return spk_test_ui_find (GTK_WIDGET (f->page), spk_test_ui_is_type, "SpkStackSection");
}

static GtkWidget *
row (Fixture *f, const char *title)
{
  GtkWidget *found = spk_test_ui_find (GTK_WIDGET (f->page), spk_test_ui_is_row_titled, title);

  g_assert_nonnull (found);
  return found;
}

/* The control of @type in the row titled @title. */
static GtkWidget *
control (Fixture *f, const char *title, GType type)
{
  GtkWidget *found = spk_test_ui_find_type (row (f, title), type);

  g_assert_nonnull (found);
  return found;
}

static GtkSpinButton *
spin (Fixture *f, const char *title)
{
  return GTK_SPIN_BUTTON (control (f, title, GTK_TYPE_SPIN_BUTTON));
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *templates = spk_isle_templates_default_path ();

  g_unlink (templates);
  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW));
  f->page = SPK_TABLE_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE));
  f->table = spk_window_get_table (f->window);
  spk_test_ui_iterate (300);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *templates = spk_isle_templates_default_path ();

  gtk_window_destroy (GTK_WINDOW (f->window));
  g_unlink (templates);
}

static void
press_enter_on (SpkBoardView *view, int q, int r)
{
  spk_board_view_set_focus_hex (view, spk_hex_make (q, r));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "board.activate-focus", NULL));
}

static void
use_tool (Fixture *f, const char *tool)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.tool", "s", tool));
  spk_test_ui_iterate (200);
}

/* The zoom and where hex (-3, 0) is on screen, exactly as before. */
static void
assert_view (Fixture *f, double zoom, double x, double y, int panel_width)
{
  double hx, hy;
  AdwFlap *flap = ADW_FLAP (spk_test_ui_find_type (GTK_WIDGET (f->page), ADW_TYPE_FLAP));

  spk_board_view_hex_center (f->view, spk_hex_make (-3, 0), &hx, &hy);
  g_assert_cmpfloat (spk_board_view_get_zoom (f->view), ==, zoom);
  g_assert_cmpfloat (hx, ==, x);
  g_assert_cmpfloat (hy, ==, y);
  g_assert_cmpint (gtk_widget_get_width (adw_flap_get_flap (flap)), ==, panel_width);
}

static void
test_view_stays_put (Fixture *f, gconstpointer data)
{
  static const char *const tools[] = { "fortress", "erase", "chip", "isle", "well", "group", "select" };
  AdwFlap *flap = ADW_FLAP (spk_test_ui_find_type (GTK_WIDGET (f->page), ADW_TYPE_FLAP));
  double zoom = spk_board_view_get_zoom (f->view), x, y, zoomed;
  int width = gtk_widget_get_width (adw_flap_get_flap (flap));
  g_autofree char *shot = NULL;

  g_assert_false (adw_flap_get_folded (flap));
  g_assert_cmpint (width, ==, 340);
  spk_board_view_hex_center (f->view, spk_hex_make (-3, 0), &x, &y);

  /* Painting a new hex below the map widens the board's bounds. */
  use_tool (f, "terrain");
  assert_view (f, zoom, x, y, width);
  press_enter_on (f->view, 0, 5);
  g_assert_nonnull (spk_board_view_describe_hex (f->view, spk_hex_make (0, 5)));
  spk_test_ui_iterate (200);
  assert_view (f, zoom, x, y, width);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      use_tool (f, tools[i]);
      assert_view (f, zoom, x, y, width);
    }
  /* A chip selected with the select tool: the panel grows, not wider. */
  press_enter_on (f->view, -5, -1);
  spk_test_ui_iterate (200);
  assert_view (f, zoom, x, y, width);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "table-edit-view-put");

  /* Fit on request still fits. */
  spk_board_view_zoom_in (f->view);
  zoomed = spk_board_view_get_zoom (f->view);
  g_assert_cmpfloat (zoomed, >, zoom);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.fit", NULL));
  g_assert_cmpfloat (spk_board_view_get_zoom (f->view), <, zoomed);
}

/* Where @widget comes under @root, depth first: the order a reader meets
 * the panel's groups in, whichever section holds them. */
static int
tree_position (GtkWidget *root, GtkWidget *widget)
{
  int i = 0;

  for (GtkWidget *w = root; w != NULL && w != widget; i++)
    {
      GtkWidget *next = gtk_widget_get_first_child (w);

      while (next == NULL && w != NULL && w != root)
        {
          next = gtk_widget_get_next_sibling (w);
          w = gtk_widget_get_parent (w);
        }
      if (next == NULL)
        return -1;
      w = next;
    }
  return i;
}

static void
test_panel_order (Fixture *f, gconstpointer data)
{
  static const char *const order[] = { "Tools", "Selection", "Rules", "Movement", "Movement Stage", "Spire",
                                       "Damage", "Overlays", "Deployment Stack" };
  GtkWidget *scroller = spk_test_ui_find_type (GTK_WIDGET (f->page), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *spire = spk_test_ui_find (GTK_WIDGET (f->page), is_group_titled, "Spire");
  graphene_rect_t bounds;
  g_autofree char *shot = NULL;

  for (guint i = 0; i + 1 < G_N_ELEMENTS (order); i++)
    {
      GtkWidget *page = GTK_WIDGET (f->page);
      int here = tree_position (page, spk_test_ui_find (page, is_group_titled, order[i]));

      g_assert_cmpint (here, >=, 0);
      g_assert_cmpint (here, <, tree_position (page, spk_test_ui_find (page, is_group_titled, order[i + 1])));
    }

  /* The long chip editor above, the panel scrolled to the top: selecting
   * a spire brings its panel into view. */
  use_tool (f, "chip");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
  spk_board_view_select (f->view, &(SpkHex) { -5, -1 });
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "brick-and-mortars");
  spk_test_ui_iterate (400);
  g_assert_true (gtk_widget_get_visible (spire));
  g_assert_true (gtk_widget_compute_bounds (spire, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y, <, gtk_widget_get_height (scroller));
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "table-edit-spire-panel");
}

static gboolean
shown (Fixture *f, const char *title)
{
  return gtk_widget_get_visible (row (f, title));
}

static void
test_chip_editor (Fixture *f, gconstpointer data)
{
  AdwComboRow *kind = ADW_COMBO_ROW (row (f, "_Kind"));
  GtkEditable *name = GTK_EDITABLE (row (f, "Name"));
  GtkEditable *upgrades = GTK_EDITABLE (row (f, "Upgrades, top to bottom"));
  GtkEditable *talents = GTK_EDITABLE (row (f, "Talents, comma separated"));
  const SpkBoard *b;
  const SpkChip *chip;
  double lower, upper;
  guint n_chips;
  g_autofree char *shot = NULL;

  use_tool (f, "chip");

  /* A spire: no movement, allowance, health, attack stat or CP cost. */
  adw_combo_row_set_selected (kind, SPK_CHIP_SPIRE);
  g_assert_false (shown (f, "_Movement"));
  g_assert_false (shown (f, "_Allowance"));
  g_assert_false (shown (f, "_Health"));
  g_assert_false (shown (f, "A_ttack"));
  g_assert_false (shown (f, "CP cost"));
  g_assert_true (shown (f, "_Upgrade capacity"));
  g_assert_true (shown (f, "Upgrades, top to bottom"));
  g_assert_true (shown (f, "Source reward"));
  g_assert_true (shown (f, "_Faction"));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "table-edit-spire-editor");

  /* Not on a hex without a Source well. */
  gtk_editable_set_text (name, "Tower");
  gtk_editable_set_text (upgrades, "attack, range, fortification");
  gtk_spin_button_set_value (spin (f, "_Upgrade capacity"), 4);
  press_enter_on (f->view, -3, 1);
  g_assert_null (spk_board_find_chip (spk_table_get_board (f->table), "tower"));
  /* The model's answer (R-build-5), not a copy of the rule here. */
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==,
                   "(-3, 1) has no Source well on top; choose a hex with a Source well, or add a well to the map "
                   "first");
  /* On one with a well it is placed, and the one-off fields clear. */
  press_enter_on (f->view, -2, 1);
  chip = spk_board_find_chip (spk_table_get_board (f->table), "tower");
  g_assert_nonnull (chip);
  g_assert_cmpuint (chip->upgrades->len, ==, 3);
  g_assert_cmpint (chip->capacity, ==, 4);
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (upgrades), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (talents), ==, "");

  /* A minion: movement, allowance, health (at least 1), attack, CP cost;
   * no capacity and no upgrades, even when some were typed. */
  gtk_editable_set_text (upgrades, "attack");
  adw_combo_row_set_selected (kind, SPK_CHIP_MINION);
  g_assert_true (shown (f, "_Movement"));
  g_assert_true (shown (f, "_Allowance"));
  g_assert_true (shown (f, "_Health"));
  g_assert_true (shown (f, "A_ttack"));
  g_assert_true (shown (f, "CP cost"));
  g_assert_false (shown (f, "_Upgrade capacity"));
  g_assert_false (shown (f, "Upgrades, top to bottom"));
  gtk_spin_button_get_range (spin (f, "_Health"), &lower, &upper);
  g_assert_cmpfloat (lower, ==, 1);
  gtk_editable_set_text (name, "Scout");
  gtk_spin_button_set_value (spin (f, "CP cost"), 3);
  gtk_spin_button_set_value (spin (f, "Source reward"), 2);
  press_enter_on (f->view, -3, 1);
  chip = spk_board_find_chip (spk_table_get_board (f->table), "scout");
  g_assert_nonnull (chip);
  g_assert_cmpint (chip->cost, ==, 3);
  g_assert_cmpint (chip->reward, ==, 2);
  g_assert_cmpuint (chip->upgrades->len, ==, 0);
  g_assert_cmpint (chip->health, ==, 2);

  /* On a gate the unit joins the stack with its CP cost. */
  gtk_editable_set_text (name, "Runner");
  press_enter_on (f->view, -7, 0);
  chip = spk_board_find_chip (spk_table_get_board (f->table), "runner");
  g_assert_nonnull (chip);
  g_assert_false (chip->placed);
  g_assert_cmpint (chip->cost, ==, 3);
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "");

  /* A landmark: no faction, may have no health. */
  adw_combo_row_set_selected (kind, SPK_CHIP_LANDMARK);
  g_assert_false (shown (f, "_Faction"));
  g_assert_true (shown (f, "_Health"));
  g_assert_false (shown (f, "_Movement"));
  gtk_spin_button_get_range (spin (f, "_Health"), &lower, &upper);
  g_assert_cmpfloat (lower, ==, 0);
  adw_combo_row_set_selected (kind, SPK_CHIP_HERO);
  g_assert_true (shown (f, "Upgrades, top to bottom"));
  g_assert_true (shown (f, "_Faction"));

  /* Text that is no number is named, not read as 0. */
  gtk_spin_button_set_value (spin (f, "_Health"), 2);
  /* As typed: into the spin button's text. */
  gtk_editable_set_text (GTK_EDITABLE (spk_test_ui_find_type (GTK_WIDGET (spin (f, "_Health")), GTK_TYPE_TEXT)), "lots");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (spin (f, "_Health")), "error"));
  b = spk_table_get_board (f->table);
  n_chips = b->chips->len;
  gtk_editable_set_text (name, "Nobody");
  press_enter_on (f->view, -1, 1);
  g_assert_cmpuint (spk_table_get_board (f->table)->chips->len, ==, n_chips);
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==,
                   "“lots” is not a number: type a whole number for Health.");
  gtk_spin_button_update (spin (f, "_Health"));
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==,
                   "“lots” is not a number: type a whole number for Health. Kept 2.");
  g_assert_cmpfloat (gtk_spin_button_get_value (spin (f, "_Health")), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin (f, "_Health"))), ==, "2");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin (f, "_Health")), "error"));
}

static gboolean
is_button_labelled (GtkWidget *widget, const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static void
test_isle_tool (Fixture *f, gconstpointer data)
{
  guint n_hexes = spk_table_get_board (f->table)->hexes->len;
  GtkWidget *save_row = row (f, "Name to save the selected isle as");
  GtkWidget *save = spk_test_ui_find (save_row, is_button_labelled, "_Save");
  g_autoptr(GArray) marked = NULL;
  g_autofree char *shot = NULL;
  SpkHex selected;

  g_assert_nonnull (save);
  use_tool (f, "isle");
  /* Before any isle is saved, the game's Isle 1 is the one to lay. */
  g_signal_emit_by_name (f->view, "hex-hovered", 3, 4, TRUE);
  g_assert_cmpstr (spk_table_page_get_tool_text (f->page), ==, "Click to lay “Isle 1” here.");
  /* A click on the map selects and lays nothing... */
  press_enter_on (f->view, -3, 0);
  g_assert_true (spk_board_view_get_selected (f->view, &selected));
  g_assert_true (spk_hex_equal (selected, spk_hex_make (-3, 0)));
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes);
  /* ... so Save works without another tool. */
  gtk_editable_set_text (GTK_EDITABLE (save_row), "Ridge");
  g_signal_emit_by_name (save, "clicked");
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==, "Saved the isle “Ridge”");
  /* After the eight built-in tiles. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (row (f, "I_sle")))), ==, 9);

  /* Hovering: the isle's outline, refused where it would cover hexes. */
  g_signal_emit_by_name (f->view, "hex-hovered", -3, -1, TRUE);
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_PATH);
  g_assert_cmpuint (marked->len, ==, 5);
  g_assert_true (g_str_has_prefix (spk_table_page_get_tool_text (f->page), "Cannot lay “Ridge” here: it would cover hex "));
  g_assert_true (g_str_has_suffix (spk_table_page_get_tool_text (f->page), "Isles are laid on open sky."));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "table-edit-isle-refused");
  g_signal_emit_by_name (f->view, "hex-hovered", 3, 4, TRUE);
  g_assert_cmpstr (spk_table_page_get_tool_text (f->page), ==, "Click to lay “Ridge” here.");
  /* R turns the preview where it stands. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.turn-isle", NULL));
  {
    g_autoptr(SpkIsleTemplate) ridge = spk_isle_template_from_group (spk_table_get_board (f->table),
                                                                      "isle-west-ridge", "Ridge", NULL);
    g_autoptr(GArray) turned = spk_isle_template_place (ridge, spk_hex_make (3, 4), 1, FALSE);
    g_autoptr(GArray) shown_hexes = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_PATH);

    g_assert_cmpuint (shown_hexes->len, ==, turned->len);
    for (guint i = 0; i < turned->len; i++)
      g_assert_true (spk_hex_equal (g_array_index (shown_hexes, SpkHex, i),
                                    spk_hex_make (g_array_index (turned, SpkTemplateHex, i).q,
                                                  g_array_index (turned, SpkTemplateHex, i).r)));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.turn-isle", NULL));
  for (int i = 0; i < 4; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.turn-isle", NULL));
  g_signal_emit_by_name (f->view, "hex-hovered", -2, 0, TRUE);
  g_assert_cmpstr (spk_table_page_get_tool_text (f->page), ==,
                   "A click here selects this hex: Save then keeps its isle as a template. Isles are laid on the sky.");
  /* Leaving the board puts the tool's hint back. */
  g_signal_emit_by_name (f->view, "hex-hovered", 0, 0, FALSE);
  g_assert_true (g_str_has_prefix (spk_table_page_get_tool_text (f->page), "Click the sky to lay the chosen isle"));
  press_enter_on (f->view, 3, 4);
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes + 5);
}

/* A real pointer over the sky next to the board (not an emitted signal)
 * previews the isle there, and laying it names the isle in the toast. */
static void
save_isle_of (Fixture *f, int q, int r, const char *name)
{
  GtkWidget *save_row = row (f, "Name to save the selected isle as");

  use_tool (f, "isle");
  press_enter_on (f->view, q, r);
  gtk_editable_set_text (GTK_EDITABLE (save_row), name);
  g_signal_emit_by_name (spk_test_ui_find (save_row, is_button_labelled, "_Save"), "clicked");
}

static void
test_isle_sky_hover (Fixture *f, gconstpointer data)
{
  guint n_hexes = spk_table_get_board (f->table)->hexes->len;
  g_autoptr(GArray) marked = NULL;
  SpkHex hex;
  double x, y;

  save_isle_of (f, -3, 0, "Ridge");
  /* (3, 4) is sky: not a hex of the board, yet within reach in edit mode. */
  spk_board_view_hex_center (f->view, spk_hex_make (3, 4), &x, &y);
  g_assert_false (spk_board_view_hex_at (f->view, x, y, &hex));
  g_assert_true (spk_board_view_pointer_moved (f->view, x, y));
  g_assert_cmpstr (spk_table_page_get_tool_text (f->page), ==, "Click to lay “Ridge” here.");
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_PATH);
  g_assert_cmpuint (marked->len, ==, 5);
  /* Far out in the sky nothing is hovered, and the hint comes back. */
  spk_board_view_hex_center (f->view, spk_hex_make (40, 40), &x, &y);
  g_assert_false (spk_board_view_pointer_moved (f->view, x, y));
  g_assert_true (g_str_has_prefix (spk_table_page_get_tool_text (f->page), "Click the sky to lay the chosen isle"));
  /* Out of edit mode (the Select tool) the sky is not hovered. */
  spk_board_view_hex_center (f->view, spk_hex_make (3, 4), &x, &y);
  use_tool (f, "select");
  g_assert_false (spk_board_view_pointer_moved (f->view, x, y));
  use_tool (f, "isle");
  press_enter_on (f->view, 3, 4);
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes + 5);
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==, "Isle “Ridge” laid at (3, 4), 5 hexes");
  /* Undo still takes the whole isle back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes);
}

/* Subtitles of the destination rows of the selected unit. */
static void
collect_subtitles (GtkWidget *widget, GPtrArray *out)
{
  if (ADW_IS_ACTION_ROW (widget) && g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "Move to "))
    g_ptr_array_add (out, (gpointer) adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_subtitles (c, out);
}

static void
test_wording (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) subtitles = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) spire = NULL;
  gboolean one_step = FALSE;

  /* No tooltip covering the hexes. */
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (f->view)));

  /* Tallow, a hero, may stop one step away: "1 step". */
  press_enter_on (f->view, -4, -1);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "tallow");
  collect_subtitles (GTK_WIDGET (f->page), subtitles);
  g_assert_cmpuint (subtitles->len, >, 0);
  for (guint i = 0; i < subtitles->len; i++)
    {
      const char *s = g_ptr_array_index (subtitles, i);

      g_assert_false (g_str_has_suffix (s, " 1 steps"));
      one_step |= g_str_has_suffix (s, ", 1 step");
    }
  g_assert_true (one_step);

  /* A spire with as many upgrades as its capacity is full, not over; the
   * words are the model's (a dry run of the upgrade). */
  spire = spk_chip_copy (spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars"));
  spire->capacity = 3;
  g_assert_true (spk_table_edit_chip (f->table, spire, &error));
  g_assert_no_error (error);
  press_enter_on (f->view, -5, -1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "Attack Upgrade"))), ==,
                   "Brick and Mortars is full: 3 of 3 upgrades; it takes no more");
  spire->capacity = 2;
  g_assert_true (spk_table_edit_chip (f->table, spire, &error));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "Range Upgrade"))), ==,
                   "Brick and Mortars is over its capacity: 3 upgrades for a capacity of 2; it takes no more");
}

static void
advance_to (SpkTable *table, SpkPhase phase)
{
  while (spk_table_get_phase (table) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (table, &error));
      g_assert_no_error (error);
    }
}

/* Upgrades are bought in the Build Phase (or as limited builds): before
 * it the Buy buttons are off and each row gives the model's reason (a dry
 * run of the upgrade, R-build-1), not a copy of the rule. */
static void
test_spire_phase (Fixture *f, gconstpointer data)
{
  GtkWidget *spire_group = spk_test_ui_find (GTK_WIDGET (f->page), is_group_titled, "Spire");
  GtkWidget *buy;

  press_enter_on (f->view, -5, -1);
  buy = spk_test_ui_find (row (f, "Attack Upgrade"), is_button_labelled, "_Buy");
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "Attack Upgrade"))), ==,
                   "Spires are built and upgraded in the Build Phase, or with a limited build at the start of a "
                   "turn in the Onslaught Phase");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==,
                   "Spires are built and upgraded in the Build Phase, or with a limited build at the start of a "
                   "turn in the Onslaught Phase");
  advance_to (f->table, SPK_PHASE_BUILD);
  buy = spk_test_ui_find (row (f, "Attack Upgrade"), is_button_labelled, "_Buy");
  g_assert_true (gtk_widget_get_sensitive (buy));
  g_assert_true (g_str_has_suffix (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (spire_group)),
                                   "3 of 4 upgrades."));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "Attack Upgrade"))), ==, "Costs 4 Source");
  g_signal_emit_by_name (buy, "clicked");
  g_assert_cmpuint (spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars")->upgrades->len, ==, 4);
}

static void
to_onslaught (SpkTable *table)
{
  advance_to (table, SPK_PHASE_ONSLAUGHT);
  g_assert_cmpstr (spk_table_get_turn (table), ==, "brawnen");
}

/* R-build-5: in the Build Phase the Chip tool builds a faction's spire
 * through the model (its Source cost paid, influence asked) and shows the
 * model's refusal; in the Set-up it places one. */
static void
test_chip_tool_builds (Fixture *f, gconstpointer data)
{
  AdwComboRow *kind = ADW_COMBO_ROW (row (f, "_Kind"));
  GtkEditable *name = GTK_EDITABLE (row (f, "Name"));
  g_autoptr(GError) error = NULL;
  const SpkChip *tower;

  use_tool (f, "chip");
  adw_combo_row_set_selected (kind, SPK_CHIP_SPIRE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "_Faction")), 0);
  g_assert_true (shown (f, "Source cost to build"));
  advance_to (f->table, SPK_PHASE_BUILD);
  g_assert_true (spk_table_set_source (f->table, "brawnen", 8, NULL, &error));
  gtk_editable_set_text (name, "Tower");
  gtk_spin_button_set_value (spin (f, "Source cost to build"), 3);
  /* A grovetenders well: out of the brawnen's influence. */
  press_enter_on (f->view, 2, -1);
  g_assert_null (spk_board_find_chip (spk_table_get_board (f->table), "tower"));
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==,
                   "Brawnen has no influence over (2, -1); build within its influence (the Influence overlay "
                   "shows where)");
  press_enter_on (f->view, -5, 1);
  tower = spk_board_find_chip (spk_table_get_board (f->table), "tower");
  g_assert_nonnull (tower);
  g_assert_cmpstr (tower->faction, ==, "brawnen");
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (f->table), "brawnen")->source, ==, 5);
  g_assert_cmpstr (spk_table_get_undo_label (f->table), ==, "Brawnen: Source 8 → 5 (built Tower)");
}

/* RR Source Reward: damage dealt from the panel names its dealer ("Dealt
 * by", the faction whose turn it is by default), who gains the reward of
 * a chip it defeats. */
static void
test_damage_dealt_by (Fixture *f, gconstpointer data)
{
  AdwComboRow *by = ADW_COMBO_ROW (row (f, "Dealt by"));
  g_autoptr(SpkChip) dispatch = spk_chip_copy (spk_board_find_chip (spk_table_get_board (f->table), "dispatch"));
  g_autoptr(GError) error = NULL;

  /* Outside the Onslaught Phase nobody is named. */
  g_assert_cmpuint (adw_combo_row_get_selected (by), ==, 0);
  dispatch->reward = 2;
  g_assert_true (spk_table_edit_chip (f->table, dispatch, &error));
  to_onslaught (f->table);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (by)),
                                               adw_combo_row_get_selected (by)), ==, "Brawnen");
  g_assert_true (spk_table_end_turn (f->table, &error));
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (by)),
                                               adw_combo_row_get_selected (by)), ==, "Grovetenders");
  g_assert_true (spk_table_set_source (f->table, "grovetenders", 6, NULL, &error));

  press_enter_on (f->view, -3, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  gtk_spin_button_set_value (spin (f, "_Amount"), 2);
  g_assert_true (gtk_widget_activate_action (spk_test_ui_find_type (GTK_WIDGET (f->page), SPK_TYPE_DAMAGE_SECTION),
                                             "damage.apply", NULL));
  g_assert_null (spk_board_find_chip (spk_table_get_board (f->table), "dispatch"));
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (f->table), "grovetenders")->source, ==, 8);
}

static void
test_whose_turn (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkMoveResult) moves = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) marked = NULL;
  const SpkMoveDestination *d;
  const SpkChip *briar;
  g_autofree char *shot = NULL;
  guint position;

  /* Outside the Onslaught Phase: a what-if, and moving edits the table. */
  press_enter_on (f->view, -3, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  g_assert_true (g_str_has_prefix (spk_table_page_get_movement_text (f->page),
                                   "Not the Onslaught Phase: clicking a highlighted hex moves the unit as an edit of "
                                   "the table.\nOn its turn it could "));
  moves = spk_movement_moves (spk_table_get_board (f->table), NULL, "dispatch", &error);
  g_assert_no_error (error);
  d = g_ptr_array_index (moves->destinations, 0);
  g_assert_true (spk_table_page_move_selected (f->page, d->hex, &error));
  g_assert_no_error (error);
  g_assert_false (spk_board_find_chip (spk_table_get_board (f->table), "dispatch")->moved);
  g_clear_pointer (&moves, spk_move_result_free);

  /* Brawnen's turn: a Grovetenders unit shows where it could go, and
   * stays. */
  to_onslaught (f->table);
  press_enter_on (f->view, 2, 0);
  briar = spk_board_view_get_selected_chip (f->view);
  g_assert_cmpstr (briar->id, ==, "war-briar");
  g_assert_true (g_str_has_prefix (spk_table_page_get_movement_text (f->page),
                                   "It is Brawnen's turn and War Briar belongs to Grovetenders; end the turn "
                                   "first. The highlighted hexes are where it could go then."));
  moves = spk_movement_moves (spk_table_get_board (f->table), NULL, "war-briar", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (moves->destinations->len, >, 0);
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (marked->len, ==, moves->destinations->len);
  d = g_ptr_array_index (moves->destinations, 0);
  position = spk_table_get_history_position (f->table);
  g_assert_false (spk_table_page_move_selected (f->page, d->hex, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  press_enter_on (f->view, d->hex.q, d->hex.r);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (f->table), "war-briar")->q, ==, 2);
  g_assert_true (g_str_has_prefix (spk_table_page_get_last_message (f->page), "It is Brawnen's turn"));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "table-edit-not-your-turn");
}

static void
set_movement (SpkTable *table, const char *id, int movement)
{
  g_autoptr(SpkChip) chip = spk_chip_copy (spk_board_find_chip (spk_table_get_board (table), id));
  g_autoptr(GError) error = NULL;

  chip->movement = movement;
  g_assert_true (spk_table_edit_chip (table, chip, &error));
  g_assert_no_error (error);
}

/* Dispatch and Battleborn equally close to the mark, neither able to
 * move (movement 0): whichever went first, both would stay, so Resolve
 * asks nothing and marks both as moved. */
static void
test_tie_without_routes (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkMovement) movement = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  const SpkOrderTier *first;

  g_assert_true (spk_table_move_chip (f->table, "battleborn", -3, 1, &error));
  g_assert_no_error (error);
  set_movement (f->table, "dispatch", 0);
  set_movement (f->table, "battleborn", 0);
  to_onslaught (f->table);
  movement = spk_movement_new (spk_table_get_board (f->table), NULL);
  order = spk_movement_order (movement, "brawnen", &error);
  g_assert_no_error (error);
  first = g_ptr_array_index (order, 0);
  g_assert_cmpuint (first->chips->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_query (movement, g_ptr_array_index (first->chips, i), &error);

      g_assert_no_error (error);
      g_assert_cmpuint (result->destinations->len, ==, 0);
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.resolve", NULL));
  g_assert_true (g_str_has_prefix (spk_table_page_get_resolve_text (f->page), "Movement resolved: "));
  g_assert_true (spk_board_find_chip (spk_table_get_board (f->table), "dispatch")->moved);
  g_assert_true (spk_board_find_chip (spk_table_get_board (f->table), "battleborn")->moved);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (f->table), "dispatch")->q, ==, -3);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (f->table), "battleborn")->q, ==, -3);
}

static void
assert_at (SpkTable *table, const char *id, int q, int r)
{
  const SpkChip *chip = spk_board_find_chip (spk_table_get_board (table), id);

  g_assert_nonnull (chip);
  g_assert_true (chip->placed);
  g_assert_cmpint (chip->q, ==, q);
  g_assert_cmpint (chip->r, ==, r);
}

/* M-11: with movement 1, Dispatch's only move is onto Tallow's hex.
 * Clicking it moves Dispatch and puts Tallow where Dispatch stood, in one
 * step; after an undo, Resolve Movement does the same by itself. */
static void
test_displace_hero (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkMoveResult) moves = NULL;
  g_autoptr(GError) error = NULL;
  const SpkMoveDestination *only;
  guint position;

  g_assert_true (spk_table_move_chip (f->table, "tallow", -2, 0, &error));
  g_assert_no_error (error);
  set_movement (f->table, "dispatch", 1);
  to_onslaught (f->table);
  moves = spk_movement_moves (spk_table_get_board (f->table), NULL, "dispatch", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (moves->destinations->len, ==, 1);
  g_assert_false (moves->may_stay);
  only = g_ptr_array_index (moves->destinations, 0);
  g_assert_cmpint (only->hex.q, ==, -2);
  g_assert_cmpint (only->hex.r, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (only->displaces, 0), ==, "tallow");

  position = spk_table_get_history_position (f->table);
  press_enter_on (f->view, -3, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  press_enter_on (f->view, -2, 0);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 1);
  assert_at (f->table, "dispatch", -2, 0);
  assert_at (f->table, "tallow", -3, 0);
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==,
                   "Dispatch moved (-3, 0) → (-2, 0); Tallow Ironside displaced (-2, 0) → (-3, 0)");
  g_assert_null (spk_table_page_get_displace_question (f->page));

  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_no_error (error);
  assert_at (f->table, "dispatch", -3, 0);
  assert_at (f->table, "tallow", -2, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.resolve", NULL));
  assert_at (f->table, "dispatch", -2, 0);
  assert_at (f->table, "tallow", -3, 0);
  g_assert_true (spk_board_find_chip (spk_table_get_board (f->table), "dispatch")->moved);
}

/* M-12: an Incorporeal Dispatch passes the war briar and ends on Tallow;
 * Tallow cannot take the briar's hex, so a click asks where Tallow goes
 * (nothing moves yet) and the answer makes the move. */
static void
test_displace_choice (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkChip) ghost = NULL;
  g_autoptr(GError) error = NULL;
  guint position;

  g_assert_true (spk_table_move_chip (f->table, "tallow", -1, 0, &error));
  g_assert_true (spk_table_move_chip (f->table, "war-briar", -2, 0, &error));
  g_assert_no_error (error);
  ghost = spk_chip_copy (spk_board_find_chip (spk_table_get_board (f->table), "dispatch"));
  ghost->movement = 2;
  g_ptr_array_add (ghost->talents, g_strdup ("Incorporeal"));
  g_assert_true (spk_table_edit_chip (f->table, ghost, &error));
  g_assert_no_error (error);
  to_onslaught (f->table);

  position = spk_table_get_history_position (f->table);
  press_enter_on (f->view, -3, 0);
  g_assert_true (spk_table_page_move_selected (f->page, spk_hex_make (-1, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);
  g_assert_cmpstr (spk_table_page_get_displace_question (f->page), ==,
                   "Tallow Ironside makes way for Dispatch at (-1, 0) but cannot go to (-2, 0); "
                   "choose where it goes: (0, 0), (0, -1), (-2, 1), (-1, 1)");
  spk_test_ui_iterate (100);

  g_assert_false (spk_table_page_answer_displacement (f->page, spk_hex_make (-3, 0), &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (spk_table_page_get_displace_question (f->page));
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);

  g_assert_true (spk_table_page_move_selected (f->page, spk_hex_make (-1, 0), &error));
  g_assert_nonnull (spk_table_page_get_displace_question (f->page));
  g_assert_true (spk_table_page_answer_displacement (f->page, spk_hex_make (0, -1), &error));
  g_assert_no_error (error);
  g_assert_null (spk_table_page_get_displace_question (f->page));
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 1);
  assert_at (f->table, "dispatch", -1, 0);
  assert_at (f->table, "tallow", 0, -1);
  assert_at (f->table, "war-briar", -2, 0);

  /* Resolve Movement reaches Dispatch, whose one move needs the answer:
   * the walk asks the same question, and the answer moves it and walks
   * on. */
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.resolve", NULL));
  g_assert_cmpstr (spk_table_page_get_resolve_text (f->page), ==, spk_table_page_get_displace_question (f->page));
  g_assert_true (g_str_has_prefix (spk_table_page_get_displace_question (f->page),
                                   "Tallow Ironside makes way for Dispatch at (-1, 0)"));
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  assert_at (f->table, "dispatch", -3, 0);
  g_assert_true (spk_table_page_answer_displacement (f->page, spk_hex_make (0, 0), &error));
  g_assert_no_error (error);
  assert_at (f->table, "dispatch", -1, 0);
  assert_at (f->table, "tallow", 0, 0);
  g_assert_true (spk_board_find_chip (spk_table_get_board (f->table), "dispatch")->moved);
  g_assert_null (spk_table_page_get_displace_question (f->page));
}

/* The CP cost typed in the Chip tool is what the stack editor counts in
 * the Prep Phase. */
static void
test_stack_cp (Fixture *f, gconstpointer data)
{
  int spent = -1, available = -1, spent_after = -1, available_after = -1;

  advance_to (f->table, SPK_PHASE_PREP);
  g_assert_nonnull (spk_table_page_get_stack_text (f->page));
  g_assert_cmpint (sscanf (spk_table_page_get_stack_text (f->page), "%d of %d CP spent.", &spent, &available), ==, 2);
  use_tool (f, "chip");
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "_Kind")), SPK_CHIP_MINION);
  gtk_editable_set_text (GTK_EDITABLE (row (f, "Name")), "Scout");
  gtk_spin_button_set_value (spin (f, "CP cost"), 3);
  g_assert_true (gtk_widget_activate_action (stack_section (f), "stack.add", NULL));
  g_assert_cmpint (sscanf (spk_table_page_get_stack_text (f->page), "%d of %d CP spent.", &spent_after,
                           &available_after), ==, 2);
  g_assert_cmpint (spent_after, ==, spent + 3);
  g_assert_cmpint (available_after, ==, available);
}

/* Places the editor's chip named @name on (@q, @r) and checks its flags. */
static void
place_flagged (Fixture *f, const char *name, int q, int r, gboolean starting, gboolean merc)
{
  g_autofree char *id = g_ascii_strdown (name, -1);
  const SpkChip *chip;

  gtk_editable_set_text (GTK_EDITABLE (row (f, "Name")), name);
  press_enter_on (f->view, q, r);
  chip = spk_board_find_chip (spk_table_get_board (f->table), id);
  g_assert_nonnull (chip);
  g_assert_cmpint (chip->starting, ==, starting);
  g_assert_cmpint (chip->merc, ==, merc);
}

/* Starting hero (heroes) and Merc (units, spires) switches feed the
 * chip's starting and merc flags: a starting hero entered from scratch
 * may join a wave-1 stack, a merc is entered as one, and loading a chip
 * shows its flags. */
static void
test_chip_flags (Fixture *f, gconstpointer data)
{
  AdwComboRow *kind = ADW_COMBO_ROW (row (f, "_Kind"));
  GtkSwitch *starting = GTK_SWITCH (control (f, "Starting hero", GTK_TYPE_SWITCH));
  GtkSwitch *merc = GTK_SWITCH (control (f, "Merc", GTK_TYPE_SWITCH));

  advance_to (f->table, SPK_PHASE_PREP);
  use_tool (f, "chip");
  /* Which kind shows which switch; the hero comes last, for what follows. */
  static const struct { SpkChipKind kind; gboolean starting, merc; } rows[] = {
    { SPK_CHIP_MINION, FALSE, TRUE },
    { SPK_CHIP_LANDMARK, FALSE, FALSE },
    { SPK_CHIP_SPIRE, FALSE, TRUE },
    { SPK_CHIP_HERO, TRUE, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      adw_combo_row_set_selected (kind, rows[i].kind);
      g_assert_cmpint (shown (f, "Starting hero"), ==, rows[i].starting);
      g_assert_cmpint (shown (f, "Merc"), ==, rows[i].merc);
    }

  /* Without the switch, a new hero may not deploy in wave 1. */
  gtk_editable_set_text (GTK_EDITABLE (row (f, "Name")), "Captain");
  g_assert_true (gtk_widget_activate_action (stack_section (f), "stack.add", NULL));
  g_assert_nonnull (strstr (spk_table_page_get_stack_text (f->page), "Captain cannot deploy in wave 1"));
  /* As the starting hero it may. */
  gtk_editable_set_text (GTK_EDITABLE (row (f, "Name")), "Warden");
  gtk_switch_set_active (starting, TRUE);
  g_assert_true (gtk_widget_activate_action (stack_section (f), "stack.add", NULL));
  g_assert_null (strstr (spk_table_page_get_stack_text (f->page), "Warden cannot deploy"));
  g_assert_nonnull (strstr (spk_table_page_get_stack_text (f->page), "Captain cannot deploy in wave 1"));
  /* Placed on the map, the hero keeps the flag in the table. */
  place_flagged (f, "Marshal", -1, 1, TRUE, FALSE);
  /* Placing clears the switches, as it clears the name. */
  g_assert_false (gtk_switch_get_active (starting));

  /* A merc minion placed on the map. */
  adw_combo_row_set_selected (kind, SPK_CHIP_MINION);
  gtk_switch_set_active (merc, TRUE);
  place_flagged (f, "Sellsword", -3, 1, FALSE, TRUE);
  g_assert_false (gtk_switch_get_active (merc));
  /* Loading it shows the flag; Apply keeps what the switch says. */
  press_enter_on (f->view, -3, 1);
  g_assert_true (gtk_switch_get_active (merc));
  gtk_switch_set_active (merc, FALSE);
  g_signal_emit_by_name (spk_test_ui_find (GTK_WIDGET (f->page), is_button_labelled, "A_pply to Selected"), "clicked");
  g_assert_false (spk_board_find_chip (spk_table_get_board (f->table), "sellsword")->merc);
}

/* A faction renamed in the table is renamed in the page's faction rows
 * (overlays, Fortress and Chip tools) at once; each keeps its choice. */
static void
test_faction_rename (Fixture *f, gconstpointer data)
{
  AdwComboRow *overlay = ADW_COMBO_ROW (row (f, "Faction"));
  AdwComboRow *tool = ADW_COMBO_ROW (row (f, "_Faction"));
  const SpkFaction *second = g_ptr_array_index (spk_table_get_board (f->table)->factions, 1);
  g_autofree char *id = g_strdup (second->id);
  g_autoptr(GError) error = NULL;

  adw_combo_row_set_selected (overlay, 1);
  adw_combo_row_set_selected (tool, 1);
  g_assert_true (spk_table_set_faction_name (f->table, id, "Skyreavers", &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      AdwComboRow *r = i == 0 ? overlay : tool;

      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (r)), 1), ==, "Skyreavers");
      g_assert_cmpuint (adw_combo_row_get_selected (r), ==, 1);
    }
  /* Undo puts the old name back in the rows too. */
  g_assert_true (spk_table_undo (f->table, NULL));
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (tool)), 1), ==,
                   spk_board_find_faction (spk_table_get_board (f->table), id)->name);
  g_assert_cmpstr (spk_board_find_faction (spk_table_get_board (f->table), id)->name, !=, "Skyreavers");
}

/* A chip loaded into the editor that changes in the table (an upgrade
 * bought in the spire panel) is shown afresh, so Apply keeps the new
 * upgrade; a new table clears the editor. */
static void
test_editor_follows_table (Fixture *f, gconstpointer data)
{
  GtkEditable *upgrades = GTK_EDITABLE (row (f, "Upgrades, top to bottom"));
  GtkEditable *name = GTK_EDITABLE (row (f, "Name"));
  g_autoptr(SpkTable) other = NULL;
  const SpkChip *spire;
  GtkWidget *buy;

  advance_to (f->table, SPK_PHASE_BUILD);
  use_tool (f, "chip");
  press_enter_on (f->view, -5, -1);
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "Brick and Mortars");
  g_assert_cmpuint (spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars")->upgrades->len, ==, 3);
  buy = spk_test_ui_find (row (f, "Attack Upgrade"), is_button_labelled, "_Buy");
  g_signal_emit_by_name (buy, "clicked");
  spire = spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars");
  g_assert_cmpuint (spire->upgrades->len, ==, 4);
  g_assert_true (g_str_has_suffix (gtk_editable_get_text (upgrades), ", attack"));
  g_signal_emit_by_name (spk_test_ui_find (GTK_WIDGET (f->page), is_button_labelled, "A_pply to Selected"), "clicked");
  g_assert_cmpuint (spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars")->upgrades->len, ==, 4);
  /* Edits not applied stay while the chip itself does not change. */
  gtk_editable_set_text (name, "Bastion");
  g_assert_true (spk_table_advance_phase (f->table, NULL));
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "Bastion");

  other = spk_table_new (spk_board_copy (spk_table_get_board (f->table)));
  spk_table_page_set_table (f->page, other);
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (upgrades), ==, "");
  spk_table_page_set_table (f->page, f->table);
}

int
main (int argc, char **argv)
{
  /* Never read or write a real user's isle templates. */
  spk_test_window_init (&argc, &argv);

#define ADD(name, func) g_test_add ("/table-edit/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("view-stays-put", test_view_stays_put);
  ADD ("panel-order", test_panel_order);
  ADD ("chip-editor", test_chip_editor);
  ADD ("isle-tool", test_isle_tool);
  ADD ("isle-sky-hover", test_isle_sky_hover);
  ADD ("wording", test_wording);
  ADD ("whose-turn", test_whose_turn);
  ADD ("tie-without-routes", test_tie_without_routes);
  ADD ("displace-hero", test_displace_hero);
  ADD ("displace-choice", test_displace_choice);
  ADD ("stack-cp", test_stack_cp);
  ADD ("spire-phase", test_spire_phase);
  ADD ("chip-tool-builds", test_chip_tool_builds);
  ADD ("damage-dealt-by", test_damage_dealt_by);
  ADD ("chip-flags", test_chip_flags);
  ADD ("faction-rename", test_faction_rename);
  ADD ("editor-follows-table", test_editor_follows_table);
  return g_test_run ();
}
