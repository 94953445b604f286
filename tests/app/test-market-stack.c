/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Market section of the Tracker page (buy a merc or item, buy the
 * earthscape, each with Undo; the controls say why when they cannot), what
 * waits beside the barracks reaching the deployment stack (mercs at 0 CP,
 * a merc spire at 0 Source, returned heroes), and grouped minions moving
 * as one block in the stack editor, whose faction follows the selection.
 * Rulings R-hero-3, R-hero-6 and R-stack-2. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "spk-application.h"
#include "spk-autosave.h"
#include "spk-board-view.h"
#include "spk-economy.h"
#include "spk-overlay-section.h"
#include "spk-table-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tracker-page.h"
#include "spk-window.h"

typedef struct {
  SpkApplication *app;
  SpkWindow      *window;
  SpkTable       *table;
  GtkWidget      *tracker;
  GtkWidget      *page;
  GtkWidget      *stack;   /* the page's Deployment Stack section */
} Fixture;

#define find spk_test_ui_find

static gboolean
is_button_for (GtkWidget *widget, const char *action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_stack_list (GtkWidget *widget, const char *label)
{
  return GTK_IS_LIST_BOX (widget) && gtk_widget_get_first_child (widget) != NULL &&
         find (gtk_widget_get_first_child (widget), is_button_for, "stack.up") != NULL;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->app = g_object_ref (spk_test_window_app ());
  f->window = spk_test_window_new ();
  f->table = spk_window_get_table (f->window);
  g_assert_nonnull (f->table);
  f->tracker = find (GTK_WIDGET (f->window), spk_test_ui_is_type, "SpkTrackerPage");
  f->page = find (GTK_WIDGET (f->window), spk_test_ui_is_type, "SpkTablePage");
  g_assert_nonnull (f->tracker);
  g_assert_nonnull (f->page);
  f->stack = find (f->page, spk_test_ui_is_type, "SpkStackSection");
  g_assert_nonnull (f->stack);
  spk_test_ui_iterate (200);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_object_unref (f->app);
}

static void
advance_to (Fixture *f, int wave, SpkPhase phase)
{
  while (spk_table_get_wave (f->table) != wave || spk_table_get_phase (f->table) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (f->table, &error));
      g_assert_no_error (error);
    }
}

static const SpkFaction *
faction (Fixture *f, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (f->table), id);
}

/* Titles of the stack editor's rows, top first, joined by commas. */
static char *
stack_rows (Fixture *f)
{
  GtkWidget *list = find (f->page, is_stack_list, NULL);
  GString *s = g_string_new (NULL);

  for (GtkWidget *row = list != NULL ? gtk_widget_get_first_child (list) : NULL; row != NULL;
       row = gtk_widget_get_next_sibling (row))
    g_string_append_printf (s, "%s%s", s->len > 0 ? "," : "", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  return g_string_free (s, FALSE);
}

static char *
table_stack (Fixture *f, const char *id)
{
  const SpkDeployment *d = spk_board_find_deployment (spk_table_get_board (f->table), id);
  GString *s = g_string_new (NULL);

  for (guint i = 0; d != NULL && i < d->stack->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "," : "", (const char *) g_ptr_array_index (d->stack, i));
  return g_string_free (s, FALSE);
}

/* Brings the stack editor into view for a screenshot, as Tab would. */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_point_t at;

  g_assert_nonnull (scroller);
  spk_test_ui_iterate (100);
  g_assert_true (gtk_widget_compute_point (widget, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                                           &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), at.y - 80);
  spk_test_ui_iterate (200);
}

static void
show_stack_editor (Fixture *f)
{
  GtkWidget *list = find (f->page, is_stack_list, NULL);

  g_assert_nonnull (list);
  gtk_widget_grab_focus (find (list, is_button_for, "stack.remove"));
  scroll_to (list);
}

#define ASSERT_ROWS(f, expected) \
  G_STMT_START { g_autofree char *got_ = stack_rows (f); g_assert_cmpstr (got_, ==, expected); } G_STMT_END
#define ASSERT_TABLE_STACK(f, expected) \
  G_STMT_START { g_autofree char *got_ = table_stack (f, "brawnen"); g_assert_cmpstr (got_, ==, expected); } G_STMT_END

static void
step (Fixture *f, const char *action, int index)
{
  g_assert_true (gtk_widget_activate_action (f->stack, action, "i", index));
}

/* Buying at the market: only in the Market Phase, each control saying why
 * not; the entry's Enter buys; Undo through the toast's action. */
static void
test_market (Fixture *f, gconstpointer data)
{
  SpkTrackerPage *tracker = SPK_TRACKER_PAGE (f->tracker);
  GtkWidget *buy = find (f->tracker, is_button_for, "market.buy");
  GtkWidget *earth = find (f->tracker, is_button_for, "market.buy-earthscape");
  GtkWidget *pass = find (f->tracker, is_button_for, "market.pass");
  GtkEditable *item = GTK_EDITABLE (find (f->tracker, spk_test_ui_is_row_titled, "_Merc or item bought"));
  GtkSpinButton *cost = GTK_SPIN_BUTTON (find (f->tracker, spk_test_ui_is_type, "GtkSpinButton"));
  AdwComboRow *who = ADW_COMBO_ROW (find (f->tracker, spk_test_ui_is_row_titled, "_Faction"));
  g_autofree char *closed = NULL, *open = NULL, *shot = NULL;

  g_assert_nonnull (buy);
  g_assert_nonnull (earth);
  g_assert_nonnull (pass);
  g_assert_nonnull (item);
  g_assert_nonnull (cost);
  g_assert_nonnull (who);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker"));

  /* Outside the Market Phase: closed, and the sentence says where to go. */
  closed = g_strdup_printf ("Purchases are made in the Market Phase; it is the %s now. Use Next Phase to get there.",
                            spk_phase_label (spk_table_get_phase (f->table)));
  gtk_editable_set_text (item, "Roa");
  g_assert_cmpstr (spk_tracker_page_get_market_text (tracker), ==, closed);
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_false (gtk_widget_get_sensitive (earth));
  g_assert_false (gtk_widget_get_sensitive (pass));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, closed);
  gtk_widget_activate_action (f->tracker, "tracker.buy-market", NULL);
  g_assert_cmpint (faction (f, "brawnen")->source, ==, 8);
  g_assert_cmpuint (faction (f, "brawnen")->purchases->len, ==, 0);

  advance_to (f, 1, SPK_PHASE_MARKET);
  /* Income came in on the way; round figures make the sentences plain. */
  g_assert_true (spk_table_set_source (f->table, "brawnen", 8, NULL, NULL));
  g_assert_true (spk_table_set_source (f->table, "grovetenders", 6, NULL, NULL));
  g_assert_cmpint (spk_table_get_market_count (f->table), ==, spk_market_options (2));
  gtk_editable_set_text (item, "");
  /* Every answer is the model's, from a dry run of the action. */
  g_assert_cmpstr (spk_tracker_page_get_market_text (tracker), ==,
                   "Wave 1: the market as set up offers 3 options besides the earthscape.\n"
                   "Type the name of what is bought\n"
                   "Buy the earthscape for 2 Source; Brawnen keeps 6.");
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_true (gtk_widget_get_sensitive (earth));
  g_assert_true (gtk_widget_get_sensitive (pass));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (pass), ==, "Brawnen buys nothing this Market Phase.");

  /* No cost entered: nothing is assumed, Buy waits and Enter buys nothing. */
  gtk_editable_set_text (item, "Roa");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cost)), ==, "");
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, "Enter the Source cost printed on it");
  g_signal_emit_by_name (item, "entry-activated");
  g_assert_cmpint (faction (f, "brawnen")->source, ==, 8);
  g_assert_cmpuint (faction (f, "brawnen")->purchases->len, ==, 0);

  /* R-market-2: the first player's turn; the other faction waits. */
  gtk_spin_button_set_value (cost, 3);
  adw_combo_row_set_selected (who, 1);
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_false (gtk_widget_get_sensitive (pass));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==,
                   "It is Brawnen's turn at the market; Grovetenders buys or passes after it, in turn order");
  adw_combo_row_set_selected (who, 0);

  /* Too dear: said, and not offered. */
  gtk_spin_button_set_value (cost, 9);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, "Brawnen has 8 Source; this costs 9");
  g_assert_false (gtk_widget_get_sensitive (buy));

  gtk_spin_button_set_value (cost, 3);
  open = g_strdup ("Buy Roa for 3 Source; Brawnen keeps 5.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, open);
  g_assert_true (gtk_widget_get_sensitive (buy));
  /* Enter in the entry buys, as the button would. */
  g_signal_emit_by_name (item, "entry-activated");
  g_assert_cmpint (faction (f, "brawnen")->source, ==, 5);
  g_assert_cmpuint (faction (f, "brawnen")->purchases->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (faction (f, "brawnen")->purchases, 0), ==, "Roa");
  g_assert_cmpstr (spk_table_get_undo_label (f->table), ==, "Brawnen: Source 8 → 5 (bought Roa)");
  g_assert_cmpstr (gtk_editable_get_text (item), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cost)), ==, "");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "barracks"), ==, "Roa");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "source"), ==, "5 / 20");

  /* The choice follows the market turn (R-market-2). */
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 1);
  /* Its one Market Phase turn is used (R-market-1): a second purchase is
   * refused and changes nothing. */
  adw_combo_row_set_selected (who, 0);
  g_assert_false (gtk_widget_get_sensitive (earth));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (earth), ==,
                   "Brawnen has taken its one turn of this Market Phase; undo it to buy something else");
  gtk_widget_activate_action (f->tracker, "tracker.buy-earthscape", NULL);
  g_assert_cmpint (faction (f, "brawnen")->source, ==, 5);
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "barracks"), ==, "Roa");

  /* The other faction takes its turn: the earthscape, with its own Source. */
  adw_combo_row_set_selected (who, 1);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (earth), ==, "Buy the earthscape for 2 Source; Grovetenders keeps 4.");
  g_assert_true (gtk_widget_activate_action (f->tracker, "tracker.buy-earthscape", NULL));
  g_assert_cmpint (faction (f, "grovetenders")->source, ==, 4);
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "grovetenders", "barracks"), ==, "Earthscape");
  g_assert_false (gtk_widget_get_sensitive (earth));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker-market");

  /* Undo, as the toast's button does. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpint (faction (f, "grovetenders")->source, ==, 6);
  g_assert_false (spk_table_get_board (f->table)->earthscape_bought);
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "grovetenders", "barracks"), ==, "Nothing");
  adw_combo_row_set_selected (who, 1);
  g_assert_true (gtk_widget_get_sensitive (earth));

  /* Narrow and dark: the form stays usable. */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 720);
  spk_test_ui_iterate (300);
  scroll_to (GTK_WIDGET (who));
  g_clear_pointer (&shot, g_free);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker-market-narrow-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);

  /* Past the Market Phase, Next Phase reaches it only in the next wave,
   * and after the last wave's never: the sentence says so. */
  advance_to (f, 1, SPK_PHASE_BUILD);
  g_clear_pointer (&closed, g_free);
  closed = g_strdup_printf ("Purchases are made in the Market Phase; it is the %s now, so the next one comes in "
                            "wave 2.", spk_phase_label (SPK_PHASE_BUILD));
  g_assert_cmpstr (spk_tracker_page_get_market_text (tracker), ==, closed);
  advance_to (f, spk_table_get_waves (f->table), SPK_PHASE_PREP);
  g_clear_pointer (&closed, g_free);
  closed = g_strdup_printf ("Purchases are made in the Market Phase; it is the %s now, and the last wave's Market "
                            "Phase is over.", spk_phase_label (SPK_PHASE_PREP));
  g_assert_cmpstr (spk_tracker_page_get_market_text (tracker), ==, closed);
}

/* R-hero-6: a merc bought at the market joins the stack for 0 CP from
 * beside the barracks, and a bought merc spire is built for 0 Source. */
static void
test_mercs_usable (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  const SpkChip *spire;
  g_autofree char *shot = NULL;

  advance_to (f, 1, SPK_PHASE_MARKET);
  g_assert_true (spk_table_set_source (f->table, "brawnen", 8, NULL, &error));
  g_assert_true (spk_table_buy_market_chip (f->table, "brawnen", "Roa", 3, &error));
  /* One purchase per Market Phase (R-market-1): the merc spire comes as an
   * effect's gift, recorded in the Build Phase. */
  advance_to (f, 1, SPK_PHASE_BUILD);
  g_assert_true (spk_table_buy_market_chip (f->table, "brawnen", "Grail Spire", 2, &error));
  advance_to (f, 1, SPK_PHASE_PREP);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  spk_test_ui_iterate (50);

  ASSERT_ROWS (f, "Battleborn,Mudlark");
  g_assert_nonnull (find (f->page, spk_test_ui_is_row_titled, "Roa"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (f->page, spk_test_ui_is_row_titled, "_Kind")), SPK_CHIP_MINION);
  g_assert_true (gtk_widget_activate_action (f->stack, "stack.add-merc", "s", "Roa"));
  ASSERT_ROWS (f, "Battleborn,Mudlark,Roa");
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f->page, spk_test_ui_is_row_titled, "Roa"))),
                                   "· 0 CP (merc)"));
  show_stack_editor (f);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-stack-merc");
  g_assert_true (gtk_widget_activate_action (f->stack, "stack.apply", NULL));
  ASSERT_TABLE_STACK (f, "battleborn,mudlark,roa");
  g_assert_true (spk_board_find_chip (spk_table_get_board (f->table), "roa")->merc);
  g_assert_cmpuint (faction (f, "brawnen")->purchases->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (faction (f, "brawnen")->purchases, 0), ==, "Grail Spire");

  /* The Chip tool on a free well, as a limited build at the start of the
   * brawnen's turn (R-build-2): a spire named as the purchase is that
   * merc, built for nothing. */
  advance_to (f, spk_table_get_wave (f->table), SPK_PHASE_ONSLAUGHT);
  while (g_strcmp0 (spk_table_get_turn (f->table), "brawnen") != 0)
    g_assert_true (spk_table_end_turn (f->table, NULL));
  g_assert_true (gtk_widget_activate_action (f->page, "page.tool", "s", "chip"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (f->page, spk_test_ui_is_row_titled, "_Faction")), 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find (f->page, spk_test_ui_is_row_titled, "_Kind")), SPK_CHIP_SPIRE);
  gtk_editable_set_text (GTK_EDITABLE (find (f->page, spk_test_ui_is_row_titled, "Name")), "Grail Spire");
  spk_board_view_set_focus_hex (SPK_BOARD_VIEW (find (f->page, spk_test_ui_is_type, "SpkBoardView")), spk_hex_make (-5, 1));
  g_assert_true (gtk_widget_activate_action (find (f->page, spk_test_ui_is_type, "SpkBoardView"), "board.activate-focus", NULL));
  spire = spk_board_find_chip (spk_table_get_board (f->table), "grail-spire");
  g_assert_nonnull (spire);
  g_assert_true (spire->merc);
  g_assert_cmpint (faction (f, "brawnen")->source, ==, 3);
  g_assert_cmpuint (faction (f, "brawnen")->purchases->len, ==, 0);
  g_assert_cmpstr (spk_table_get_undo_label (f->table), ==,
                   "Brawnen: built Grail Spire, limited build 1 of 2, merc bought at the market");
}

/* R-hero-1, R-hero-3: a hero moved onto its own gate goes back to its
 * fortress, waits beside the barracks and joins a later wave's stack for
 * 0 CP. */
static void
test_returned_hero (Fixture *f, gconstpointer data)
{
  SpkBoardView *view = SPK_BOARD_VIEW (find (f->page, spk_test_ui_is_type, "SpkBoardView"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) marked = NULL;
  gboolean on_gate = FALSE;
  const SpkChip *tallow;

  advance_to (f, 1, SPK_PHASE_ONSLAUGHT);
  /* Two steps from its gate, then back onto it by keyboard on the board:
   * the gate is one of the hero's destinations (R-hero-1). */
  g_assert_true (spk_table_move_chip (f->table, "tallow", -5, 0, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  spk_board_view_set_focus_hex (view, spk_hex_make (-5, 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "board.activate-focus", NULL));
  g_assert_cmpstr (spk_board_view_get_selected_chip (view)->id, ==, "tallow");
  marked = spk_board_view_get_marked (view, SPK_BOARD_LAYER_MOVES);
  for (guint i = 0; i < marked->len; i++)
    on_gate = on_gate || spk_hex_equal (g_array_index (marked, SpkHex, i), spk_hex_make (-7, 0));
  g_assert_true (on_gate);
  spk_board_view_set_focus_hex (view, spk_hex_make (-7, 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "board.activate-focus", NULL));
  g_assert_cmpstr (spk_table_get_undo_label (f->table), ==,
                   "Tallow Ironside returned to the fortress from (-5, 0), health 5 → 5");
  /* The gate stays selected: it shows its deployment stack, not the hero. */
  g_assert_cmpstr (spk_board_view_get_selected_chip (view)->id, ==, "battleborn");
  /* Undo puts it back on the board; redo returns it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  tallow = spk_board_find_chip (spk_table_get_board (f->table), "tallow");
  g_assert_true (tallow->placed);
  g_assert_cmpint (tallow->q, ==, -5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL));
  tallow = spk_board_find_chip (spk_table_get_board (f->table), "tallow");
  g_assert_false (tallow->placed);
  g_assert_cmpint (tallow->returned, ==, 1);
  advance_to (f, 2, SPK_PHASE_PREP);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f->page, spk_test_ui_is_row_titled, "Tallow Ironside"))), ==,
                   "Returned in wave 1 · 0 CP");
  g_assert_true (gtk_widget_activate_action (f->stack, "stack.add-hero", "s", "tallow"));
  ASSERT_ROWS (f, "Battleborn,Mudlark,Tallow Ironside");
  g_assert_true (gtk_widget_activate_action (f->stack, "stack.apply", NULL));
  ASSERT_TABLE_STACK (f, "battleborn,mudlark,tallow");
  tallow = spk_board_find_chip (spk_table_get_board (f->table), "tallow");
  g_assert_cmpint (tallow->returned, ==, 1);
  g_assert_cmpint (faction (f, "brawnen")->cp, ==, spk_wave_cp (2));
}

static SpkChip *
minion (const char *id, const char *name, int movement)
{
  SpkChip *c = spk_chip_new (id, SPK_CHIP_MINION);

  c->faction = g_strdup ("brawnen");
  c->name = g_strdup (name);
  c->movement = movement;
  return c;
}

/* A group moves as one block past its neighbours; its minions move only
 * within it; removing its top minion removes the group. */
static void
test_group_moves (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  SpkChip *lead;
  const SpkChip *kept;

  advance_to (f, 1, SPK_PHASE_PREP);
  g_ptr_array_add (units, minion ("a", "Alder", 2));
  lead = minion ("lead", "Lead", 1);
  g_ptr_array_add (lead->grouped, g_strdup ("g1"));
  g_ptr_array_add (lead->grouped, g_strdup ("g2"));
  g_ptr_array_add (units, lead);
  g_ptr_array_add (units, minion ("g1", "Gorse", 2));
  g_ptr_array_add (units, minion ("g2", "Gravel", 2));
  g_ptr_array_add (units, minion ("b", "Birch", 2));
  g_assert_true (spk_table_set_deployment (f->table, "brawnen", units, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  ASSERT_ROWS (f, "Alder,Lead,Gorse,Gravel,Birch");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find (f->page, spk_test_ui_is_row_titled, "Gorse"))), ==,
                   "Minion · movement 2 · 0 CP · grouped under Lead");

  step (f, "stack.up", 1);
  ASSERT_ROWS (f, "Lead,Gorse,Gravel,Alder,Birch");
  step (f, "stack.down", 0);
  ASSERT_ROWS (f, "Alder,Lead,Gorse,Gravel,Birch");
  step (f, "stack.down", 1);
  ASSERT_ROWS (f, "Alder,Birch,Lead,Gorse,Gravel");
  /* A single unit passes the whole group too. */
  step (f, "stack.up", 1);
  ASSERT_ROWS (f, "Birch,Alder,Lead,Gorse,Gravel");
  step (f, "stack.down", 1);
  ASSERT_ROWS (f, "Birch,Lead,Gorse,Gravel,Alder");
  /* Within the group only: Gravel swaps with Gorse, but Gorse never rises
   * above its top minion. */
  step (f, "stack.down", 2);
  ASSERT_ROWS (f, "Birch,Lead,Gravel,Gorse,Alder");
  step (f, "stack.up", 2);
  ASSERT_ROWS (f, "Birch,Lead,Gravel,Gorse,Alder");
  show_stack_editor (f);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-stack-group");
  g_assert_cmpstr (spk_table_page_get_stack_text (SPK_TABLE_PAGE (f->page)), ==,
                   "0 of 5 CP spent.\nThe stack follows the rules.");

  g_assert_true (gtk_widget_activate_action (f->stack, "stack.apply", NULL));
  ASSERT_TABLE_STACK (f, "b,lead,a");
  kept = spk_board_find_chip (spk_table_get_board (f->table), "lead");
  g_assert_cmpuint (kept->grouped->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (kept->grouped, 0), ==, "g2");
  g_assert_cmpstr (g_ptr_array_index (kept->grouped, 1), ==, "g1");
  ASSERT_ROWS (f, "Birch,Lead,Gravel,Gorse,Alder");

  step (f, "stack.remove", 1);
  ASSERT_ROWS (f, "Birch,Alder");
  g_assert_true (gtk_widget_activate_action (f->stack, "stack.apply", NULL));
  ASSERT_TABLE_STACK (f, "b,a");
  g_assert_null (spk_board_find_chip (spk_table_get_board (f->table), "g1"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  ASSERT_TABLE_STACK (f, "b,lead,a");
  ASSERT_ROWS (f, "Birch,Lead,Gravel,Gorse,Alder");
}

/* R-stack-2: the stack editor shows the faction of the selected chip or
 * fortress, else the Overlays section's. */
static void
assert_rows_after_select (Fixture *f, const SpkHex *hex, const char *expected)
{
  spk_board_view_select (SPK_BOARD_VIEW (find (f->page, spk_test_ui_is_type, "SpkBoardView")), hex);
  ASSERT_ROWS (f, expected);
}

#define BRAWNEN "Battleborn,Mudlark"
#define GROVETENDERS "Treed"

static void
test_stack_faction (Fixture *f, gconstpointer data)
{
  SpkOverlaySection *overlays = SPK_OVERLAY_SECTION (find (f->page, spk_test_ui_is_type, "SpkOverlaySection"));
  SpkBoardView *view = SPK_BOARD_VIEW (find (f->page, spk_test_ui_is_type, "SpkBoardView"));

  while (spk_table_get_phase (f->table) != SPK_PHASE_PREP)
    g_assert_true (spk_table_advance_phase (f->table, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  g_assert_cmpstr (spk_overlay_section_get_faction (overlays), ==, "brawnen");

  /* Nothing selected: the Overlays faction's stack. */
  assert_rows_after_select (f, NULL, BRAWNEN);
  /* A Grovetenders unit. */
  assert_rows_after_select (f, &(SpkHex) { 2, 0 }, GROVETENDERS);
  /* A Brawnen unit. */
  assert_rows_after_select (f, &(SpkHex) { -3, 0 }, BRAWNEN);
  /* The Grovetenders gate, then one of their fortress wells. */
  assert_rows_after_select (f, &(SpkHex) { 7, 0 }, GROVETENDERS);
  assert_rows_after_select (f, &(SpkHex) { -8, 0 }, BRAWNEN);
  assert_rows_after_select (f, &(SpkHex) { 8, 0 }, GROVETENDERS);
  /* A landmark (no faction) and a bare path hex, each after a
   * Grovetenders selection, fall back to the Overlays faction. */
  assert_rows_after_select (f, &(SpkHex) { 2, -3 }, BRAWNEN);
  assert_rows_after_select (f, &(SpkHex) { 7, 0 }, GROVETENDERS);
  assert_rows_after_select (f, &(SpkHex) { -4, 0 }, BRAWNEN);

  /* With nothing selected the Overlays choice still decides. */
  spk_board_view_select (view, NULL);
  spk_overlay_section_set_faction (overlays, "grovetenders");
  ASSERT_ROWS (f, GROVETENDERS);
  /* And a selection still wins over it. */
  assert_rows_after_select (f, &(SpkHex) { -7, 0 }, BRAWNEN);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
#define ADD(name, func) g_test_add ("/market-stack/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("market", test_market);
  ADD ("mercs-usable", test_mercs_usable);
  ADD ("returned-hero", test_returned_hero);
  ADD ("group-moves", test_group_moves);
  ADD ("stack-faction", test_stack_faction);
  return g_test_run ();
}
