/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The published FAQ and errata rulings on the Rules page: a term lists the
 * rulings about it and each opens; a ruling shows its source and the terms
 * it concerns; the "Rulings only" filter lists and searches rulings alone,
 * from the mouse or from its Alt+R mnemonic. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-glossary.h"
#include "spk-rules-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"

typedef struct {
  SpkWindow    *window;
  SpkRulesPage *page;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = spk_test_window_new ();
  f->page = spk_test_window_rules_page (f->window);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spk_test_ui_iterate (50);
}

static SpkGlossary *
load_pack (void)
{
  g_autofree char *pack = spk_glossary_find_pack ("cloudspire");
  g_autoptr(GError) error = NULL;
  SpkGlossary *g = spk_glossary_load (pack, NULL, &error);

  g_assert_no_error (error);
  return g;
}

/* Engage lists its two rulings (FAQ "Heroes & Minions", "Grovetenders")
 * under "Rulings"; the first opens, with its source and the terms it
 * concerns as links; back returns to Engage. */
static void
test_entry_rulings (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  const SpkGlossaryEntry *ruling;
  const char *const *rulings;
  const char *const *links;
  g_autofree char *shot = NULL;

  g_assert_true (spk_rules_page_open (f->page, "talent-engage"));
  rulings = spk_rules_page_get_rulings (f->page);
  g_assert_nonnull (rulings);
  g_assert_cmpuint (g_strv_length ((char **) rulings), ==, 2);
  g_assert_cmpstr (rulings[0], ==, "faq-dywen-pacify-against-a-unit-with-engage");
  g_assert_cmpstr (rulings[1], ==, "faq-engage-moving-away-from-an-engaging-unit");
  /* The see-also links are unchanged by the rulings. */
  links = spk_rules_page_get_links (f->page);
  g_assert_false (g_strv_contains (links, rulings[0]));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "rules-entry-rulings");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.open", "s", rulings[1]));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "faq-engage-moving-away-from-an-engaging-unit");
  ruling = spk_glossary_lookup (g, spk_rules_page_get_current (f->page));
  g_assert_cmpint (ruling->kind, ==, SPK_GLOSSARY_KIND_RULING);
  links = spk_rules_page_get_links (f->page);
  g_assert_cmpuint (g_strv_length ((char **) links), ==, g_strv_length (ruling->concerns));
  g_assert_cmpstr (links[0], ==, "talent-engage");
  /* A ruling lists no rulings of its own. */
  g_assert_null (spk_rules_page_get_rulings (f->page)[0]);
  spk_test_ui_iterate (100);
  g_clear_pointer (&shot, g_free);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "rules-ruling");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.back", NULL));
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "talent-engage");
}

/* With the filter on, nothing typed lists every ruling and nothing else;
 * "Engage" finds the Engage rulings only; off again, the term comes first. */
static void
test_rulings_only (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  guint n_rulings = spk_glossary_count_kind (g, SPK_GLOSSARY_KIND_RULING);
  GtkWidget *toggle = spk_test_ui_find_type (GTK_WIDGET (f->page), GTK_TYPE_TOGGLE_BUTTON);
  g_autofree char *shot = NULL;

  g_assert_nonnull (toggle);
  g_assert_cmpuint (n_rulings, >=, 30);
  spk_rules_page_search (f->page, "");
  for (guint i = 0; i < spk_rules_page_get_n_results (f->page); i++)
    g_assert_false (g_str_has_prefix (spk_rules_page_get_result (f->page, i), "faq-"));

  /* The mnemonic (Alt+R) toggles the filter as a click would. */
  g_assert_true (gtk_widget_mnemonic_activate (toggle, FALSE));
  /* A button shows itself pressed for a moment before it clicks. */
  spk_test_ui_iterate (400);
  g_assert_true (spk_rules_page_get_rulings_only (f->page));
  g_assert_cmpuint (spk_rules_page_get_n_results (f->page), ==, n_rulings);
  for (guint i = 0; i < n_rulings; i++)
    g_assert_true (g_str_has_prefix (spk_rules_page_get_result (f->page, i), "faq-"));

  spk_rules_page_search (f->page, "Engage");
  g_assert_cmpuint (spk_rules_page_get_n_results (f->page), >=, 2);
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "faq-engage-moving-away-from-an-engaging-unit");
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 1), ==, "faq-dywen-pacify-against-a-unit-with-engage");
  for (guint i = 0; i < spk_rules_page_get_n_results (f->page); i++)
    g_assert_true (g_str_has_prefix (spk_rules_page_get_result (f->page, i), "faq-"));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "rules-rulings-only");

  spk_rules_page_set_rulings_only (f->page, FALSE);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "talent-engage");
  /* Every control keeps its name for a screen reader. */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (toggle)), ==, "_Rulings");
}

/* Copy as Text on an entry: the pack's words, the rulings about it with
 * their sources, and a line saying it is not the official text. */
static void
test_copy_entry (Fixture *f, gconstpointer data)
{
  g_autoptr(SpkGlossary) g = load_pack ();
  const SpkGlossaryEntry *engage = spk_glossary_lookup (g, "talent-engage");
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;

  g_assert_nonnull (engage);
  g_assert_true (spk_rules_page_open (f->page, "talent-engage"));
  spk_test_ui_iterate (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "rules.copy", NULL));
  text = spk_test_ui_read_clipboard (GTK_WIDGET (f->page));
  expected = spk_glossary_entry_to_text (g, engage);
  g_assert_cmpstr (text, ==, expected);
  g_assert_nonnull (strstr (text, engage->body));
  g_assert_nonnull (strstr (text, "\nRulings:\n- "));
  g_assert_true (g_str_has_suffix (text, "not the official text.\n"));
}

/* Issue 16: with German passed in (not read from the environment), the
 * open entry shows its German title and the results find German words;
 * English again shows the English title. */
static void
test_german_titles (Fixture *f, gconstpointer data)
{
  g_autofree char *shot = NULL;

  spk_rules_page_set_language (f->page, "de_DE.UTF-8");
  g_assert_true (spk_rules_page_open (f->page, "spire"));
  g_assert_cmpstr (spk_rules_page_get_shown_title (f->page), ==, "Turm");
  spk_rules_page_search (f->page, "Einfluss");
  g_assert_cmpuint (spk_rules_page_get_n_results (f->page), >=, 1);
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "influence");
  spk_rules_page_search (f->page, "Tuerme");
  g_assert_cmpstr (spk_rules_page_get_result (f->page, 0), ==, "spire");
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "rules-german-title");

  spk_rules_page_set_language (f->page, "C");
  g_assert_cmpstr (spk_rules_page_get_current (f->page), ==, "spire");
  g_assert_cmpstr (spk_rules_page_get_shown_title (f->page), ==, "Spire");
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add ("/rules-rulings/entry", Fixture, NULL, fixture_set_up, test_entry_rulings, fixture_tear_down);
  g_test_add ("/rules-rulings/only", Fixture, NULL, fixture_set_up, test_rulings_only, fixture_tear_down);
  g_test_add ("/rules-rulings/copy", Fixture, NULL, fixture_set_up, test_copy_entry, fixture_tear_down);
  g_test_add ("/rules-rulings/german-titles", Fixture, NULL, fixture_set_up, test_german_titles, fixture_tear_down);
  return g_test_run ();
}
