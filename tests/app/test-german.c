/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app started in German (LANGUAGE=de), from the build tree's compiled
 * catalogue: the header bar, the Tracker and a Rules search speak German,
 * and nothing asks for more than 360 px though German words are longer. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "spk-locale.h"
#include "spk-new-table-dialog.h"
#include "spk-rules-page.h"
#include "spk-table-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tracker-page.h"
#include "spk-window.h"

static gboolean
is_label_text (GtkWidget *widget, const char *data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
has_tooltip (GtkWidget *widget, const char *data)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

/* The labels of @menu's items, sections and submenus included. */
static void
collect_menu_labels (GMenuModel *menu, GPtrArray *labels)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      char *label = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_ptr_array_add (labels, label);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          collect_menu_labels (link, labels);
        }
    }
}

static const char *
page_title (AdwViewStack *stack, const char *name)
{
  return adw_view_stack_page_get_title (adw_view_stack_get_page (stack,
                                                                 adw_view_stack_get_child_by_name (stack, name)));
}

static void
test_header_bar (void)
{
  SpkWindow *window = spk_test_window_new ();
  AdwViewStack *stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  GtkMenuButton *menu = GTK_MENU_BUTTON (spk_test_ui_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON));
  AdwViewSwitcherTitle *title = ADW_VIEW_SWITCHER_TITLE (spk_test_ui_find_type (GTK_WIDGET (window),
                                                                               ADW_TYPE_VIEW_SWITCHER_TITLE));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *shot = NULL;

  /* The table's name and its autosave state, short enough for 360 px. */
  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==, "Demo-Tisch");
  g_assert_cmpstr (adw_view_switcher_title_get_subtitle (title), ==, "Gesichert");
  g_assert_cmpstr (page_title (stack, "table"), ==, "_Tisch");
  g_assert_cmpstr (page_title (stack, "tracker"), ==, "_Spielstand");
  g_assert_cmpstr (page_title (stack, "rules"), ==, "_Regeln");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (menu)), ==, "Hauptmenü");
  collect_menu_labels (gtk_menu_button_get_menu_model (menu), labels);
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "_Neuer Tisch", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "_Tastenkürzel", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (labels, "_Info zu Spirekeeper", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (labels, "_New Table", g_str_equal, NULL));
  /* The Table page under the header bar: its zoom buttons' tooltips. */
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (window), has_tooltip, "Vergrößern (+)"));
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (window), has_tooltip, "Seitenleiste zeigen (F9)"));

  shot = spk_test_ui_screenshot (GTK_WIDGET (window), "window-table-de");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Gives @window a phone's size and waits (up to ten seconds, the machine
 * may be busy) until it has taken it. */
static void
make_narrow (SpkWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  /* Without blocking: a window that cannot shrink sends no more events. */
  while (gtk_widget_get_width (GTK_WIDGET (window)) > 360 && g_get_monotonic_time () < deadline)
    spk_test_ui_iterate (50);
  spk_test_ui_iterate (300);
}

/* The side panel scrolls only up and down, so content wider than it is cut
 * off at the right edge though the window keeps its width: ask for the
 * panel's own minimum width. */
static void
assert_panel_fits (GtkWidget *page)
{
  GtkWidget *viewport = spk_test_ui_find_type (page, GTK_TYPE_VIEWPORT);
  int min = 0;

  gtk_widget_measure (viewport, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_assert_cmpint (min, <=, gtk_widget_get_width (viewport));
}

static void
test_table_narrow (void)
{
  SpkWindow *window = spk_test_window_new ();
  GtkWidget *page = spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TABLE_PAGE);
  g_autofree char *select = NULL, *chip = NULL;

  /* The side panel at phone width, with the German tool names and the
   * Chip tool's editor, the longest German labels of the Table page. */
  make_narrow (window);
  g_assert_true (gtk_widget_activate_action (page, "page.toggle-panel", NULL));
  spk_test_ui_iterate (600);
  g_assert_nonnull (spk_test_ui_find (page, spk_test_ui_is_button_labelled, "_Auswählen"));
  g_assert_nonnull (spk_test_ui_find (page, is_label_text, "Werkzeuge"));
  select = spk_test_ui_screenshot (GTK_WIDGET (window), "window-table-narrow-panel-de");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);

  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "chip"));
  spk_test_ui_iterate (300);
  g_assert_nonnull (spk_test_ui_find (page, spk_test_ui_is_row_titled, "Chip aus der Chipliste"));
  chip = spk_test_ui_screenshot (GTK_WIDGET (window), "window-tool-chip-narrow-de");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  assert_panel_fits (page);
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "isle"));
  spk_test_ui_iterate (300);
  assert_panel_fits (page);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_new_table_dialog (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkNewTableDialog *dialog;
  g_autofree char *shot = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-table", NULL));
  spk_test_ui_iterate (200);
  dialog = SPK_NEW_TABLE_DIALOG (spk_test_ui_shown_window (SPK_TYPE_NEW_TABLE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Neuer Tisch");
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "_Spielerzahl"));
  /* A problem the model finds with the seats, in German in the dialog. */
  spk_new_table_dialog_set_players (dialog, 3);
  spk_new_table_dialog_set_teams (dialog, TRUE);
  spk_test_ui_iterate (100);
  g_assert_nonnull (spk_new_table_dialog_get_problem (dialog));
  g_assert_true (g_str_has_prefix (spk_new_table_dialog_get_problem (dialog), "Teamspiel braucht 4 Spieler"));
  shot = spk_test_ui_screenshot (GTK_WIDGET (dialog), "new-table-de");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_tracker (void)
{
  SpkWindow *window = spk_test_window_new ();
  GtkWidget *tracker = spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TRACKER_PAGE);
  g_autofree char *shot = NULL, *narrow = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "tracker"));
  spk_test_ui_iterate (300);
  /* The demo table is in wave 1 of 4; "1 von 4" is kept on one line
   * (no-break spaces) when the label wraps beside the button. */
  g_assert_nonnull (spk_test_ui_find (tracker, is_label_text, "Welle 1\u00a0von\u00a04"));
  g_assert_nonnull (spk_test_ui_find (tracker, spk_test_ui_is_button_labelled, "_Nächste Phase"));
  g_assert_nonnull (spk_test_ui_find (tracker, is_label_text, "Aktionsprotokoll"));
  g_assert_nonnull (spk_test_ui_find (tracker, is_label_text, "Torleben"));
  g_assert_nonnull (spk_test_ui_find (tracker, spk_test_ui_is_button_labelled, "_Fraktion hinzufügen …"));
  g_assert_null (spk_test_ui_find (tracker, is_label_text, "Gate health"));
  shot = spk_test_ui_screenshot (GTK_WIDGET (window), "window-tracker-de");

  /* German's longer words still fit a phone-sized window. */
  make_narrow (window);
  narrow = spk_test_ui_screenshot (GTK_WIDGET (window), "window-tracker-narrow-de");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_rules_search (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkRulesPage *rules = SPK_RULES_PAGE (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_RULES_PAGE));
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (rules), GTK_TYPE_SEARCH_ENTRY);
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  g_autofree char *placeholder = NULL, *shot = NULL, *narrow = NULL, *count = NULL;

  while (!spk_rules_page_is_ready (rules) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (spk_rules_page_is_ready (rules));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search-rules", NULL));
  spk_test_ui_iterate (200);

  g_object_get (entry, "placeholder-text", &placeholder, NULL);
  g_assert_cmpstr (placeholder, ==, "Die Regeln durchsuchen (Strg+F oder /)");
  /* Nothing open yet: the empty state says so in German. */
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (rules), is_label_text, "Kein Eintrag geöffnet"));

  /* A word nothing matches: the German hint. */
  spk_rules_page_search (rules, "qqxyzzy");
  spk_test_ui_iterate (100);
  g_assert_cmpuint (spk_rules_page_get_n_results (rules), ==, 0);
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (rules), is_label_text,
                                      "Kein Eintrag passt. Versuche weniger oder andere Wörter."));

  /* A word that matches: the count in German, with its plural. */
  spk_rules_page_search (rules, "influence");
  spk_test_ui_iterate (100);
  g_assert_cmpuint (spk_rules_page_get_n_results (rules), >, 1);
  count = g_strdup_printf ("%u Einträge", spk_rules_page_get_n_results (rules));
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (rules), is_label_text, count));
  /* A German game word finds its entry, shown under its German title
   * (the pack's names, ruling R-rules-10). */
  spk_rules_page_search (rules, "Turm");
  spk_test_ui_iterate (100);
  g_assert_cmpstr (spk_rules_page_get_result (rules, 0), ==, "spire");
  g_assert_true (spk_rules_page_open (rules, "spire"));
  spk_test_ui_iterate (100);
  g_assert_cmpstr (spk_rules_page_get_shown_title (rules), ==, "Turm");
  shot = spk_test_ui_screenshot (GTK_WIDGET (window), "window-rules-de");

  make_narrow (window);
  narrow = spk_test_ui_screenshot (GTK_WIDGET (window), "window-rules-narrow-de");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *mo = NULL;

  /* LANGUAGE is ignored under the C locale; C.UTF-8 is built into glibc
   * 2.35 and later, so nothing needs generating. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  spk_test_window_init (&argc, &argv);
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C.UTF-8") != 0)
    {
      /* TAP's way of skipping a whole program. */
      g_print ("1..0 # SKIP no C.UTF-8 locale: LANGUAGE is ignored under the C locale\n");
      return 0;
    }
  mo = g_build_filename (spk_locale_dir (), "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));

  g_test_add_func ("/german/header-bar", test_header_bar);
  g_test_add_func ("/german/table-narrow", test_table_narrow);
  g_test_add_func ("/german/tracker", test_tracker);
  g_test_add_func ("/german/new-table-dialog", test_new_table_dialog);
  g_test_add_func ("/german/rules-search", test_rules_search);
  return g_test_run ();
}
