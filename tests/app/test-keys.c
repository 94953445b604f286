/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keys pressed as a player would (XTest): the Rules page's history keys,
 * search from inside an article, page switching at 360 px, Next Phase
 * from every page, the Keyboard Shortcuts window; where the focus goes:
 * an article opens with nothing selected, Tab on the Tracker stops only on
 * controls and in order; the empty article pane and log say what to do. */
#include "config.h"

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-rules-page.h"
#include "spk-structure-text.h"
#include "spk-table-page.h"
#include "spk-tracker-page.h"
#include "spk-test-board.h"
#include "spk-test-keys.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"

typedef struct {
  SpkWindow *window;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = spk_test_window_new ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spk_test_ui_iterate (50);
}

static SpkRulesPage *
rules_page (Fixture *f)
{
  SpkRulesPage *page = SPK_RULES_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_RULES_PAGE));
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!spk_rules_page_is_ready (page) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (spk_rules_page_is_ready (page));
  return page;
}

static const char *
visible_page (Fixture *f)
{
  AdwViewStack *stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));

  return adw_view_stack_get_visible_child_name (stack);
}

/* Alt+Left and Alt+Right walk the article history, wherever the focus is
 * on the Rules page. */
static gboolean
is_link_button (GtkWidget *widget, const char *data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "rules.open") == 0;
}

static void
test_rules_history_keys (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  GtkWidget *link;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (200);
  g_assert_true (spk_rules_page_open (page, "spire"));
  g_assert_true (spk_rules_page_open (page, "influence"));
  spk_test_ui_iterate (200);
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Left, GDK_ALT_MASK);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, "spire");
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Right, GDK_ALT_MASK);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, "influence");

  /* With the focus on a link of the article, as after Tab. */
  link = spk_test_ui_find (GTK_WIDGET (page), is_link_button, NULL);
  g_assert_nonnull (link);
  g_assert_true (gtk_widget_grab_focus (link));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Left, GDK_ALT_MASK);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, "spire");

  /* On another page the keys leave the rules history alone. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Right, GDK_ALT_MASK);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, "spire");
}

static gboolean
is_selectable_label (GtkWidget *widget, const char *data)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_selectable (GTK_LABEL (widget)) && gtk_widget_get_mapped (widget);
}

/* Ctrl+F and "/" reach the search entry from inside an open article. */
static void
test_rules_find_from_article (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *focus;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (200);
  g_assert_true (spk_rules_page_open (page, "spire"));
  spk_test_ui_iterate (200);
  /* The focus on a paragraph of the article, as after clicking in it. */
  focus = spk_test_ui_find (GTK_WIDGET (page), is_selectable_label, NULL);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_grab_focus (focus));
  spk_test_ui_iterate (100);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == focus);
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_f, GDK_CONTROL_MASK);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

/* Alt+1/2/3 switch pages in a 360 px window too. */
static void
test_pages_narrow (Fixture *f, gconstpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  /* On a busy machine the new size may take a while to arrive. */
  spk_test_ui_iterate (400);
  while (gtk_widget_get_width (GTK_WIDGET (f->window)) > 360 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  g_assert_cmpstr (visible_page (f), ==, "table");
  /* As after a click on the board. */
  g_assert_true (gtk_widget_grab_focus (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW)));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_2, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "tracker");
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_3, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "rules");
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_1, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "table");
}

/* Ctrl+Return advances the phase from every page. */
static void
test_next_phase_anywhere (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  const char *pages[] = { "table", "rules", "tracker" };

  rules_page (f);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      SpkPhase before = spk_table_get_phase (table);

      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", pages[i]);
      spk_test_ui_iterate (200);
      spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Return, GDK_CONTROL_MASK);
      g_assert_cmpint (spk_table_get_phase (table), !=, before);
    }
}

static const char *
overlay_accelerator (GtkBuilder *builder, const char *title)
{
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);

  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *t = NULL, *accel = NULL;

        g_object_get (l->data, "title", &t, "accelerator", &accel, NULL);
        if (g_strcmp0 (t, title) == 0)
          return g_intern_string (accel);
      }
  return NULL;
}

/* The Keyboard Shortcuts window names the keys the app installs. */
static void
test_shortcuts_window (Fixture *f, gconstpointer data)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/spirekeeper/Spirekeeper/gtk/help-overlay.ui");
  g_auto(GStrv) prefs = gtk_application_get_accels_for_action (GTK_APPLICATION (spk_test_window_app ()),
                                                               "app.preferences");

  g_assert_cmpstr (prefs[0], ==, "<Control>comma");
  g_assert_cmpstr (overlay_accelerator (builder, "Preferences"), ==, prefs[0]);
  /* Ctrl+Return works everywhere (next-phase-anywhere), and says so. */
  g_assert_cmpstr (overlay_accelerator (builder, "Next phase (from any page)"), ==, "<Control>Return");
  g_assert_null (overlay_accelerator (builder, "Next phase"));
  g_assert_cmpstr (overlay_accelerator (builder, "Back"), ==, "<Alt>Left");
  g_assert_cmpstr (overlay_accelerator (builder, "Forward"), ==, "<Alt>Right");
}

static gboolean
has_selection (GtkWidget *widget, const char *data)
{
  int start, end;

  return GTK_IS_LABEL (widget) && gtk_label_get_selection_bounds (GTK_LABEL (widget), &start, &end);
}

static gboolean
is_mapped_status_page (GtkWidget *widget, const char *data)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_get_mapped (widget);
}

/* Before anything is opened the article pane says what to do; an
 * article opened with Return from the search opens with nothing selected. */
static void
test_rules_open_unselected (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  AdwStatusPage *status;
  g_autofree char *shot = NULL;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (200);
  status = ADW_STATUS_PAGE (spk_test_ui_find (GTK_WIDGET (page), is_mapped_status_page, NULL));
  g_assert_nonnull (status);
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No Entry Open");
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-rules-empty");

  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_f, GDK_CONTROL_MASK);
  spk_rules_page_search (page, "spir");
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Return, 0);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, spk_rules_page_get_result (page, 0));
  g_assert_null (spk_test_ui_find (GTK_WIDGET (page), is_mapped_status_page, NULL));
  g_assert_null (spk_test_ui_find (GTK_WIDGET (page), has_selection, NULL));
}

/* TRUE once the focus is on @widget or inside it: the page moves it when
 * it is shown, which on a busy machine may take a moment (up to 5 s). */
static gboolean
focus_in (Fixture *f, GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  for (;;)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

      if (focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget)))
        return TRUE;
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Enter right after the text changes (a paste, fast typing: before the
 * entry's search delay) opens the best result for that text, not the
 * first row of the list found for the text before. */
static void
test_rules_enter_before_search (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY);
  g_autofree char *unfiltered = NULL;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (200);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  unfiltered = g_strdup (spk_rules_page_get_result (page, 0));
  g_assert_true (gtk_widget_grab_focus (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "upgrade costs");
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Return, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "upgrade costs");
  g_assert_nonnull (spk_rules_page_get_current (page));
  g_assert_cmpstr (spk_rules_page_get_current (page), !=, unfiltered);
  /* The list now is the one for the text typed, and its first row opened. */
  spk_test_ui_iterate (300);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, spk_rules_page_get_result (page, 0));
  g_assert_cmpstr (spk_rules_page_get_current (page), !=, unfiltered);
}

/* Down from the search field moves into the results, on the first. */
static void
test_rules_down_to_results (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *focus;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (200);
  spk_rules_page_search (page, "gate");
  spk_test_ui_iterate (300);
  g_assert_cmpuint (spk_rules_page_get_n_results (page), >, 1);
  g_assert_true (gtk_widget_grab_focus (entry));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Down, 0);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
  g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (focus)), ==, 0);
  g_assert_true (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (focus)));
  g_assert_cmpstr (g_object_get_data (G_OBJECT (focus), "spk-id"), ==, spk_rules_page_get_result (page, 0));
}

/* Alt+3 puts the focus in the search field, from the board or from the
 * header's page buttons: typing searches at once. */
static void
test_rules_shown_focus_search (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (page), GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *switcher;

  spk_test_ui_iterate (200);
  g_assert_cmpstr (visible_page (f), ==, "table");
  g_assert_true (gtk_widget_grab_focus (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW)));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_3, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "rules");
  g_assert_true (focus_in (f, entry));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_g, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "g");

  /* The focus on the header's Table button, as after a click on it. */
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_1, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "table");
  switcher = spk_test_ui_find (GTK_WIDGET (f->window), spk_test_ui_is_type, "AdwViewSwitcherButton");
  g_assert_nonnull (switcher);
  g_assert_true (gtk_widget_get_mapped (switcher));
  g_assert_true (gtk_widget_grab_focus (switcher));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_3, GDK_ALT_MASK);
  g_assert_cmpstr (visible_page (f), ==, "rules");
  g_assert_true (focus_in (f, entry));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_a, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "ga");
}

static gboolean
is_button_labelled (GtkWidget *widget, const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static gboolean
is_mapped_label (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* Where the focus is on the Tracker, in Tab order: 0 Next Phase, 1 a
 * card, 2 Add Faction, 3 the market, 4 the game chart, 5 the log filter,
 * 6 the log. */
static int
tracker_part (GtkWidget *focus)
{
  GtkWidget *group;

  if (GTK_IS_BUTTON (focus)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), "wave.next-phase") == 0)
    return 0;
  if (gtk_widget_get_ancestor (focus, GTK_TYPE_FLOW_BOX) != NULL)
    return 1;
  if (GTK_IS_BUTTON (focus)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), "tracker.add-faction") == 0)
    return 2;
  group = gtk_widget_get_ancestor (focus, ADW_TYPE_PREFERENCES_GROUP);
  g_assert_nonnull (group);
  if (g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), "Market") == 0)
    return 3;
  if (g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), "Game Chart") == 0)
    return 4;
  if (gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN) != NULL)
    return 5;
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==, "Action Log");
  return 6;
}

/* Tab from Next Phase walks the cards' controls, Add Faction, the market,
 * the game chart, the log filter and the log, never stopping on a
 * read-only value. */
static void
test_tracker_tab_order (Fixture *f, gconstpointer data)
{
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  SpkTable *table = spk_window_get_table (f->window);
  GtkWidget *next;
  int seen[7] = { 0 }, last = 0, stops = 0;

  /* An empty log says what will show up in it. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (page), ==, 0);
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (page), is_mapped_label, "Nothing logged yet. Each step you take on "
                                      "the Table or here, and each phase, is listed here; Undo takes the last one back."));
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-empty-log"));
  g_assert_true (spk_table_advance_phase (table, NULL));
  spk_test_ui_iterate (200);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (page), >, 0);
  next = spk_test_ui_find (GTK_WIDGET (page), spk_test_ui_is_type, "GtkButton");
  while (next != NULL && tracker_part (next) != 0)
    next = NULL;
  g_assert_nonnull (next);
  g_assert_true (gtk_widget_grab_focus (next));
  for (stops = 0; stops < 200; stops++)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
      int part;

      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (page)))
        break;
      g_assert_false (GTK_IS_LABEL (focus));
      part = tracker_part (focus);
      g_assert_cmpint (part, >=, last);
      last = part;
      seen[part]++;
      if (part == 6)
        break;
      spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Tab, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (seen); i++)
    g_assert_cmpint (seen[i], >, 0);
  /* Two cards: the rename and remove buttons, three steppers each with
   * two buttons and Enter Structures; no more. */
  g_assert_cmpint (seen[1], ==, 2 * (2 + 3 * 2 + 1));
  g_assert_cmpint (seen[2], ==, 1);
}

/* Outside the Build Phase the Buy button of an advancement is insensitive
 * and gives the model's reason (a dry run of the purchase, R-build-3). */
static void
test_advancement_buy_phase (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  const char *faction = ((SpkFaction *) g_ptr_array_index (spk_table_get_board (table)->factions, 0))->id;
  g_autoptr(GPtrArray) structures = spk_structures_from_text ("Inner Oak: Amplify 3, Deep Roots 5", NULL, NULL);
  GtkWidget *buy;

  g_assert_nonnull (structures);
  g_assert_true (spk_table_set_structures (table, faction, structures, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  g_assert_cmpint (spk_table_get_phase (table), ==, SPK_PHASE_SETUP);
  buy = spk_test_ui_find (GTK_WIDGET (page), is_button_labelled, "Buy Amplify (3 Source)");
  g_assert_nonnull (buy);
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==,
                   "Fortress advancements are bought in the Build Phase");
  while (spk_table_get_phase (table) != SPK_PHASE_BUILD)
    g_assert_true (spk_table_advance_phase (table, NULL));
  spk_test_ui_iterate (100);
  buy = spk_test_ui_find (GTK_WIDGET (page), is_button_labelled, "Buy Amplify (3 Source)");
  g_assert_true (gtk_widget_get_sensitive (buy));
}

static gboolean
is_action_row_titled (GtkWidget *widget, const char *title)
{
  return ADW_IS_ACTION_ROW (widget) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* In the Build Phase a Buy button the faction cannot pay for is
 * insensitive and gives the model's reason; the structure's row is no Tab
 * stop, only its button is. */
static void
test_advancement_buy_source (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  const SpkFaction *fa = g_ptr_array_index (spk_table_get_board (table)->factions, 0);
  g_autofree char *faction = g_strdup (fa->id);
  g_autofree char *name = g_strdup (fa->name != NULL ? fa->name : fa->id);
  g_autofree char *expected = g_strdup ("Outer Ring 1 – Walls costs 2 Source but only 0 is available");
  g_autoptr(GPtrArray) structures = spk_structures_from_text ("Outer Ring: Walls 2, Towers 5", NULL, NULL);
  GtkWidget *buy, *row;

  g_assert_nonnull (structures);
  g_assert_true (spk_table_set_structures (table, faction, structures, NULL));
  while (spk_table_get_phase (table) != SPK_PHASE_BUILD)
    g_assert_true (spk_table_advance_phase (table, NULL));
  g_assert_true (spk_table_set_source (table, faction, 0, NULL, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  buy = spk_test_ui_find (GTK_WIDGET (page), is_button_labelled, "Buy Walls (2 Source)");
  g_assert_nonnull (buy);
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, expected);
  row = spk_test_ui_find (GTK_WIDGET (page), is_action_row_titled, "Outer Ring");
  g_assert_nonnull (row);
  g_assert_false (gtk_widget_get_focusable (row));
  g_assert_false (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));

  /* One Source short still is short; with 2 it can be bought. */
  g_assert_true (spk_table_set_source (table, faction, 1, NULL, NULL));
  spk_test_ui_iterate (100);
  buy = spk_test_ui_find (GTK_WIDGET (page), is_button_labelled, "Buy Walls (2 Source)");
  g_assert_false (gtk_widget_get_sensitive (buy));
  g_free (expected);
  expected = g_strdup ("Outer Ring 1 – Walls costs 2 Source but only 1 is available");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, expected);
  g_assert_true (spk_table_set_source (table, faction, 2, NULL, NULL));
  spk_test_ui_iterate (100);
  buy = spk_test_ui_find (GTK_WIDGET (page), is_button_labelled, "Buy Walls (2 Source)");
  g_assert_true (gtk_widget_get_sensitive (buy));
  g_free (expected);
  expected = g_strdup_printf ("Buy level 1 of Outer Ring, Walls, for 2 Source (%s has 2)", name);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (buy), ==, expected);
  /* Tab from the button before it (the faction's rename button or a
   * stepper) reaches the Buy button without stopping on the row. */
  g_assert_true (gtk_widget_grab_focus (buy));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_false (gtk_root_get_focus (GTK_ROOT (f->window)) == row);
}

/* In the Market Phase the Faction choice follows whose market turn it is
 * (R-market-2): after a purchase or a pass it moves on in turn order;
 * when every faction has had its turn, it stays. */
static void
test_market_next_faction (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  const SpkBoard *b = spk_table_get_board (table);
  AdwComboRow *who = ADW_COMBO_ROW (spk_test_ui_find_type (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW));
  GtkWidget *group = gtk_widget_get_ancestor (GTK_WIDGET (who), ADW_TYPE_PREFERENCES_GROUP);
  GtkWidget *item = spk_test_ui_find_type (group, ADW_TYPE_ENTRY_ROW);
  GtkSpinButton *cost = GTK_SPIN_BUTTON (spk_test_ui_find_type (group, GTK_TYPE_SPIN_BUTTON));
  g_autofree char *first = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, 0))->id);
  g_autofree char *second = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, 1))->id);

  g_assert_cmpuint (b->factions->len, ==, 2);
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==, "Market");
  while (spk_table_get_phase (table) != SPK_PHASE_MARKET)
    g_assert_true (spk_table_advance_phase (table, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 0);

  /* The first faction buys with Enter in the item field. */
  gtk_spin_button_set_value (cost, 1);
  gtk_editable_set_text (GTK_EDITABLE (item), "Roa");
  g_assert_true (gtk_widget_grab_focus (item));
  spk_test_keys_press (GTK_WIDGET (f->window), GDK_KEY_Return, 0);
  b = spk_table_get_board (table);
  g_assert_cmpuint (spk_board_find_faction (b, first)->purchases->len, ==, 1);
  g_assert_true (spk_board_find_faction (b, first)->market_done);
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 1);

  /* The second buys too: nobody is left, the choice stays. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "tracker.buy-earthscape", NULL));
  b = spk_table_get_board (table);
  g_assert_true (spk_board_find_faction (b, second)->market_done);
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 1);

  /* Both undone: the choice follows the turn back to the first (R-market-2);
   * the first passes and the choice moves on. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  b = spk_table_get_board (table);
  g_assert_false (spk_board_find_faction (b, first)->market_done);
  g_assert_false (spk_board_find_faction (b, second)->market_done);
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "tracker.pass-market", NULL));
  b = spk_table_get_board (table);
  g_assert_true (spk_board_find_faction (b, first)->market_done);
  g_assert_cmpuint (spk_board_find_faction (b, first)->purchases->len, ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (who), ==, 1);
}

static gboolean
is_cut_label (GtkWidget *widget, const char *data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && gtk_widget_get_ancestor (widget, GTK_TYPE_FLOW_BOX) != NULL
         && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
}

static gboolean
is_faction_card (GtkWidget *widget, const char *data)
{
  return gtk_widget_has_css_class (widget, "faction-card") && gtk_widget_get_mapped (widget);
}

static void
card_bounds (GtkWidget *page, guint i, graphene_rect_t *out)
{
  GtkWidget *flow = spk_test_ui_find_type (page, GTK_TYPE_FLOW_BOX);
  GtkWidget *card = spk_test_ui_find (GTK_WIDGET (gtk_flow_box_get_child_at_index (GTK_FLOW_BOX (flow), i)),
                                      is_faction_card, NULL);

  g_assert_nonnull (card);
  g_assert_true (gtk_widget_compute_bounds (card, page, out));
}

/* The faction cards: with structures entered they stay side by side at
 * 1000 px, as tall as each other; at 360 px they stack, no wider than the
 * window, and no name on them is cut short. */
static void
test_tracker_cards_layout (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  GtkWidget *page = spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE);
  const char *faction = ((SpkFaction *) g_ptr_array_index (spk_table_get_board (table)->factions, 0))->id;
  g_autoptr(GPtrArray) structures = spk_structures_from_text ("Throne of the Old Kings: Walls 1\nKeep: Walls 1", NULL, NULL);
  graphene_rect_t a, b;

  g_assert_nonnull (structures);
  g_assert_true (spk_table_set_structures (table, faction, structures, NULL));
  while (spk_table_get_phase (table) != SPK_PHASE_BUILD)
    g_assert_true (spk_table_advance_phase (table, NULL));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (400);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), >=, 900);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-tracker-cards-1000"));
  card_bounds (page, 0, &a);
  card_bounds (page, 1, &b);
  g_assert_cmpfloat (a.origin.y, ==, b.origin.y);
  g_assert_cmpfloat (a.origin.x + a.size.width, <, b.origin.x);
  g_assert_cmpfloat (a.size.height, ==, b.size.height);

  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  /* On a busy machine the new size may take a while to arrive. */
  spk_test_ui_iterate (400);
  while (gtk_widget_get_width (GTK_WIDGET (f->window)) > 360 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-tracker-cards-360"));
  card_bounds (page, 0, &a);
  card_bounds (page, 1, &b);
  g_assert_cmpfloat (a.origin.y + a.size.height, <, b.origin.y);
  g_assert_cmpfloat (a.origin.x + a.size.width, <=, gtk_widget_get_width (page));
  g_assert_null (spk_test_ui_find (page, is_cut_label, NULL));
}

static gboolean
is_wider_than_page (GtkWidget *widget, const char *data)
{
  GtkWidget *page = gtk_widget_get_ancestor (widget, SPK_TYPE_RULES_PAGE);
  graphene_rect_t bounds;

  /* Texts and buttons; a scrollbar may rest past the edge. */
  return (GTK_IS_LABEL (widget) || GTK_IS_BUTTON (widget))
         && gtk_widget_get_mapped (widget) && gtk_widget_compute_bounds (widget, page, &bounds)
         && bounds.origin.x + bounds.size.width > gtk_widget_get_width (page) + 0.5;
}

static gboolean
is_row_for (GtkWidget *widget, const char *id)
{
  return GTK_IS_LIST_BOX_ROW (widget) && g_strcmp0 (g_object_get_data (G_OBJECT (widget), "spk-id"), id) == 0;
}

/* At 360 px an article with long see-also titles fits (nothing reaches
 * past the right edge, the window does not grow), and after going back to
 * the list the entry shown can be opened again. */
static void
test_rules_narrow (Fixture *f, gconstpointer data)
{
  SpkRulesPage *page = rules_page (f);
  AdwLeaflet *leaflet = ADW_LEAFLET (spk_test_ui_find_type (GTK_WIDGET (page), ADW_TYPE_LEAFLET));
  const char *gate = "fortress-fortress-gate";
  GtkListBoxRow *row;
  guint tables = 0;
  int width;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  spk_test_ui_iterate (400);
  width = gtk_widget_get_width (GTK_WIDGET (f->window));
  g_assert_cmpint (width, <=, 360);
  g_assert_true (adw_leaflet_get_folded (leaflet));
  row = GTK_LIST_BOX_ROW (spk_test_ui_find (GTK_WIDGET (page), is_row_for, gate));
  g_assert_nonnull (row);
  g_signal_emit_by_name (gtk_widget_get_parent (GTK_WIDGET (row)), "row-activated", row);
  spk_test_ui_iterate (400);
  g_assert_cmpstr (spk_rules_page_get_current (page), ==, gate);
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "entry");
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-rules-360-gate"));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), ==, width);
  g_assert_null (spk_test_ui_find (GTK_WIDGET (page), is_wider_than_page, NULL));

  /* The quick-reference tables scroll sideways rather than widen it. */
  for (guint i = 0; i < spk_rules_page_get_n_results (page); i++)
    if (g_str_has_prefix (spk_rules_page_get_result (page, i), "table:"))
      {
        g_assert_true (spk_rules_page_open (page, spk_rules_page_get_result (page, i)));
        spk_test_ui_iterate (150);
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), ==, width);
        tables++;
      }
  g_assert_cmpuint (tables, >, 0);
  g_assert_true (spk_rules_page_open (page, gate));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "rules.show-list", NULL));
  spk_test_ui_iterate (400);
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "search");
  g_signal_emit_by_name (gtk_widget_get_parent (GTK_WIDGET (row)), "row-activated", row);
  spk_test_ui_iterate (400);
  g_assert_cmpstr (adw_leaflet_get_visible_child_name (leaflet), ==, "entry");
}

static gboolean
is_check_button (GtkWidget *widget, const char *label)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

static gboolean
is_log_list (GtkWidget *widget, const char *data)
{
  GtkWidget *group = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP);

  /* The group's own (empty, hidden) list is not the log. */
  return GTK_IS_LIST_BOX (widget) && gtk_widget_get_visible (widget) && group != NULL
         && g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), "Action Log") == 0;
}

static void
assert_log_row (GtkListBox *list, int i, const char *title, const char *subtitle)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);

  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, title);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, subtitle);
}

/* The log lists newest first, tags a step with the phase it led to, and
 * hides map edits unless asked. */
static void
test_tracker_log (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  GtkListBox *list = GTK_LIST_BOX (spk_test_ui_find (GTK_WIDGET (page), is_log_list, NULL));
  GtkCheckButton *edits = GTK_CHECK_BUTTON (spk_test_ui_find (GTK_WIDGET (page), is_check_button, "Map edits"));
  GListModel *log = spk_table_get_log (table);
  SpkHexEntry hex = { .q = 9, .r = 9, .terrain = SPK_TERRAIN_PLAINS, .group = (char *) "far", .layer = 0 };
  g_autoptr(SpkLogEntry) first = NULL;
  g_autoptr(SpkLogEntry) last = NULL;
  guint n;

  g_assert_nonnull (list);
  g_assert_nonnull (edits);
  g_assert_false (gtk_check_button_get_active (edits));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  g_assert_true (spk_table_add_hex (table, &hex, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (page), ==, 0);
  g_assert_true (spk_table_advance_phase (table, NULL));
  g_assert_cmpint (spk_table_get_phase (table), ==, SPK_PHASE_INCOME);
  spk_test_ui_iterate (100);
  n = g_list_model_get_n_items (log);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (page), ==, n - 1);
  first = g_list_model_get_item (log, 1);
  last = g_list_model_get_item (log, n - 1);
  /* Taken in the Set-up, leading to the Income Phase. */
  g_assert_cmpstr (spk_log_entry_get_phase (first), ==, "setup");
  assert_log_row (list, 0, spk_log_entry_get_label (last), "Wave 1 · Income Phase");
  assert_log_row (list, (int) n - 2, spk_log_entry_get_label (first), "Wave 1 · Income Phase");
  g_free (spk_test_ui_screenshot (GTK_WIDGET (f->window), "keys-tracker-log"));

  gtk_check_button_set_active (edits, TRUE);
  spk_test_ui_iterate (100);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (page), ==, n);
  assert_log_row (list, (int) n - 1, "Hex (9, 9) added to far", "Wave 1 · Set-up");
  assert_log_row (list, 0, spk_log_entry_get_label (last), "Wave 1 · Income Phase");
}

/* The newest message dialog shown. */
static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        found = ADW_MESSAGE_DIALOG (window);
    }
  return found;
}

/* As a click on a response button: the response, then the dialog goes. */
static void
respond (AdwMessageDialog *dialog, const char *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  spk_test_ui_iterate (200);
}

static gboolean
is_button_tooltip (GtkWidget *widget, const char *tooltip)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static gboolean
is_sensitive_button_tooltip (GtkWidget *widget, const char *tooltip)
{
  return is_button_tooltip (widget, tooltip) && gtk_widget_get_sensitive (widget);
}

static gboolean
is_action_button (GtkWidget *widget, const char *action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* R-repair-1 (RR Repairing Your Gate): Next Phase into the Income Phase
 * asks which equal-level advancements go first, in a dialog listing the
 * tied ones; the order chosen is the one the model applies. */
static void
test_repair_choice (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkBoard) b = spk_board_copy (spk_table_get_board (spk_window_get_table (f->window)));
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  g_autoptr(SpkTable) table = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *up;
  const SpkFaction *after;

  spk_test_board_repair_tie (b);
  table = spk_table_new (g_steal_pointer (&b));
  spk_window_set_table (f->window, table, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "tracker.next-phase", NULL));
  spk_test_ui_iterate (200);
  g_assert_cmpint (spk_table_get_phase (table), ==, SPK_PHASE_EVENT);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Gate Repair of Brawnen");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Brawnen's gate repair sacrifices advancements of equal level: choose which of "
                                   "Forge, Barracks, Gateport, Quarry go first"));
  /* Quarry up to the top: Quarry, Forge, Barracks, Gateport. */
  for (int i = 0; i < 3; i++)
    {
      up = spk_test_ui_find (GTK_WIDGET (dialog), is_sensitive_button_tooltip, "Give Up Quarry Earlier");
      g_assert_nonnull (up);
      g_signal_emit_by_name (up, "clicked");
    }
  g_assert_null (spk_test_ui_find (GTK_WIDGET (dialog), is_sensitive_button_tooltip, "Give Up Quarry Earlier"));
  respond (dialog, "apply");
  g_assert_cmpint (spk_table_get_phase (table), ==, SPK_PHASE_INCOME);
  after = spk_board_find_faction (spk_table_get_board (table), "brawnen");
  g_assert_cmpint (after->gate_health, ==, 3);
  /* Quarry, Forge and Barracks given up; Gateport kept. */
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (after->structures, 0))->bought, ==, 0);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (after->structures, 1))->bought, ==, 0);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (after->structures, 2))->bought, ==, 1);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (after->structures, 3))->bought, ==, 0);
}

/* A faction is renamed from its card: typed, or picked from the game's
 * factions; a taken name is refused in the dialog; undo brings the old
 * name back. */
static void
test_rename_faction (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkTrackerPage *page = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  const SpkBoard *b = spk_table_get_board (table);
  g_autofree char *id = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, 0))->id);
  g_autofree char *old = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, 0))->name);
  g_autofree char *other = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, 1))->name);
  g_autofree char *undo = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *edit;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker");
  spk_test_ui_iterate (200);
  edit = spk_test_ui_find (GTK_WIDGET (page), is_action_button, "card.rename");
  g_assert_nonnull (edit);
  g_signal_emit_by_name (edit, "clicked");
  spk_test_ui_iterate (200);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  /* Another faction's name is refused and the dialog comes back. */
  gtk_editable_set_text (GTK_EDITABLE (spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_type, "GtkText")), other);
  respond (dialog, "apply");
  g_assert_cmpstr (spk_board_find_faction (spk_table_get_board (table), id)->name, ==, old);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Another faction has that name; choose a different one"));
  g_signal_emit_by_name (spk_test_ui_find (GTK_WIDGET (dialog), is_button_labelled, "Heirs"), "clicked");
  g_free (spk_test_ui_screenshot (GTK_WIDGET (dialog), "keys-rename-faction"));
  respond (dialog, "apply");
  g_assert_null (find_dialog ());
  g_assert_cmpstr (spk_board_find_faction (spk_table_get_board (table), id)->name, ==, "Heirs");
  undo = g_strdup_printf ("%s renamed Heirs", old);
  g_assert_cmpstr (spk_table_get_undo_label (table), ==, undo);
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (page), is_mapped_label, "Heirs"));
  g_assert_null (spk_test_ui_find (GTK_WIDGET (page), is_mapped_label, old));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpstr (spk_board_find_faction (spk_table_get_board (table), id)->name, ==, old);
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (page), is_mapped_label, old));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  if (!spk_test_keys_available ())
    {
      g_test_skip ("needs an X11 display with XTest");
      return g_test_run ();
    }
#define ADD(name, func) g_test_add ("/keys/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("shortcuts-window", test_shortcuts_window);
  ADD ("rules-open-unselected", test_rules_open_unselected);
  ADD ("rules-narrow", test_rules_narrow);
  ADD ("rules-enter-before-search", test_rules_enter_before_search);
  ADD ("rules-down-to-results", test_rules_down_to_results);
  ADD ("rules-shown-focus-search", test_rules_shown_focus_search);
  ADD ("tracker-log", test_tracker_log);
  ADD ("rename-faction", test_rename_faction);
  ADD ("tracker-tab-order", test_tracker_tab_order);
  ADD ("advancement-buy-phase", test_advancement_buy_phase);
  ADD ("advancement-buy-source", test_advancement_buy_source);
  ADD ("market-next-faction", test_market_next_faction);
  ADD ("repair-choice", test_repair_choice);
  ADD ("tracker-cards-layout", test_tracker_cards_layout);
  ADD ("rules-history", test_rules_history_keys);
  ADD ("rules-find-from-article", test_rules_find_from_article);
  ADD ("pages-narrow", test_pages_narrow);
  ADD ("next-phase-anywhere", test_next_phase_anywhere);
  return g_test_run ();
}
