/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Rules page's Game filter (issue 17): one page for every game's
 * pack; a game's search never lists another game's entries, "All Games"
 * lists both packs' entries named GAME:ID, and a Codex card ruling shows
 * under its keyword and is found by its card's name. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-rules-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"

typedef struct {
  SpkWindow    *window;
  SpkRulesPage *page;
  GtkDropDown  *dropdown;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = spk_test_window_new ();
  f->page = spk_test_window_rules_page (f->window);
  f->dropdown = GTK_DROP_DOWN (spk_test_ui_find_type (GTK_WIDGET (f->page), GTK_TYPE_DROP_DOWN));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spk_test_ui_iterate (50);
}

static gboolean
label_starts (GtkWidget *widget, const char *data)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

static gboolean
results_contain (SpkRulesPage *page, const char *id)
{
  for (guint i = 0; i < spk_rules_page_get_n_results (page); i++)
    if (g_str_equal (spk_rules_page_get_result (page, i), id))
      return TRUE;
  return FALSE;
}

/* The filter lists every pack by its title, then All Games; it is
 * labelled for screen readers and reachable from the keyboard. */
static void
test_filter_control (Fixture *f, gconstpointer data)
{
  GListModel *games = gtk_drop_down_get_model (f->dropdown);

  g_assert_cmpuint (g_list_model_get_n_items (games), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (games), 0), ==, "Cloudspire");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (games), 1), ==, "Codex");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (games), 2), ==, "All Games");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (f->dropdown)));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (f->dropdown)) ||
                 gtk_widget_get_focusable (gtk_widget_get_first_child (GTK_WIDGET (f->dropdown))));
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (f->dropdown)));
  /* Its accessible name ("Game") is checked with every control's by
   * test-a11y's walk of the accessibility tree. */
  /* Cloudspire, the first pack, until the window says otherwise. */
  g_assert_cmpstr (spk_rules_page_get_game (f->page), ==, "cloudspire");
  g_assert_cmpuint (gtk_drop_down_get_selected (f->dropdown), ==, 0);

  /* Choosing in the control sets the game. */
  gtk_drop_down_set_selected (f->dropdown, 1);
  g_assert_cmpstr (spk_rules_page_get_game (f->page), ==, "codex");
  gtk_drop_down_set_selected (f->dropdown, 2);
  g_assert_null (spk_rules_page_get_game (f->page));
  /* And the setter moves the control; an unknown game changes nothing. */
  g_assert_true (spk_rules_page_set_game (f->page, "codex"));
  g_assert_cmpuint (gtk_drop_down_get_selected (f->dropdown), ==, 1);
  g_assert_false (spk_rules_page_set_game (f->page, "chess"));
  g_assert_cmpstr (spk_rules_page_get_game (f->page), ==, "codex");
}

/* Codex entries stay out of Cloudspire's search and come back with
 * Codex; a card ruling is found by its card and listed under its
 * keyword. */
static void
test_game_filter (Fixture *f, gconstpointer data)
{
  const char *const *rulings;
  g_autofree char *shot = NULL;

  spk_rules_page_search (f->page, "Blademaster");
  g_assert_false (results_contain (f->page, "faq-blademaster-first-strike"));
  spk_rules_page_search (f->page, "frenzy");
  g_assert_false (results_contain (f->page, "frenzy-x"));

  g_assert_true (spk_rules_page_set_game (f->page, "codex"));
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "frenzy-x");
  spk_rules_page_search (f->page, "Blademaster");
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "faq-blademaster-first-strike");
  g_assert_true (spk_rules_page_open (f->page, "faq-blademaster-first-strike"));
  g_assert_true (g_strv_contains (spk_rules_page_get_links (f->page), "swift-strike"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.open", "s", "swift-strike"));
  rulings = spk_rules_page_get_rulings (f->page);
  g_assert_true (g_strv_contains (rulings, "faq-blademaster-first-strike"));
  /* Ruling C-1 is a note under the term. */
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (f->page), label_starts, "• The Card FAQ"));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "rules-codex-swift-strike");

  /* The empty list is Codex's tables and terms only. */
  spk_rules_page_search (f->page, "");
  g_assert_true (results_contain (f->page, "armor-x"));
  g_assert_false (results_contain (f->page, "talent-engage"));

  g_assert_true (spk_rules_page_set_game (f->page, "cloudspire"));
  spk_rules_page_search (f->page, "Blademaster");
  g_assert_false (results_contain (f->page, "faq-blademaster-first-strike"));
}

/* All Games: both packs' "Attack" are listed, told apart by their game;
 * links and history keep the game of what they name. */
static void
test_all_games (Fixture *f, gconstpointer data)
{
  const char *const *links;

  g_assert_true (spk_rules_page_set_game (f->page, NULL));
  g_assert_cmpuint (gtk_drop_down_get_selected (f->dropdown), ==, 2);
  spk_rules_page_search (f->page, "attack");
  g_assert_true (results_contain (f->page, "cloudspire:attack"));
  g_assert_true (results_contain (f->page, "codex:attack"));
  g_assert_false (results_contain (f->page, "attack"));

  g_assert_true (spk_rules_page_open (f->page, "codex:attack"));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "codex:attack");
  links = spk_rules_page_get_links (f->page);
  g_assert_true (g_strv_contains (links, "codex:combat-damage"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.open", "s", "cloudspire:attack"));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "cloudspire:attack");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.back", NULL));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "codex:attack");

  /* Back to one game: the open Codex article is named by its key, the
   * Cloudspire list by plain ids. */
  g_assert_true (spk_rules_page_set_game (f->page, "cloudspire"));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "codex:attack");
  spk_rules_page_search (f->page, "attack");
  g_assert_true (results_contain (f->page, "attack"));
  g_assert_true (spk_rules_page_open (f->page, "attack"));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "attack");
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add ("/rules-games/filter-control", Fixture, NULL, fixture_set_up, test_filter_control, fixture_tear_down);
  g_test_add ("/rules-games/filter", Fixture, NULL, fixture_set_up, test_game_filter, fixture_tear_down);
  g_test_add ("/rules-games/all", Fixture, NULL, fixture_set_up, test_all_games, fixture_tear_down);
  return g_test_run ();
}
