/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The faction card is bound to one SpkFactionModel: a step, undo or a
 * rename changes what the same card shows (the same label widgets, the
 * same structure rows when they did not change), and the Tracker page's
 * cards are made once per faction of the table, not once per step. */
#include "config.h"

#include <adwaita.h>

#include "spk-faction-card.h"
#include "spk-structure-text.h"
#include "spk-test-ui.h"
#include "spk-tracker-page.h"

typedef struct {
  SpkTable        *table;
  SpkFactionModel *brawnen;
  GtkWidget       *card;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "table-basic.json", NULL);
  g_autoptr(GError) error = NULL;

  f->table = spk_table_new_from_file (path, &error);
  g_assert_no_error (error);
  f->brawnen = g_list_model_get_item (spk_table_get_factions (f->table), 0);
  g_assert_cmpstr (spk_faction_model_get_id (f->brawnen), ==, "brawnen");
  f->card = g_object_ref_sink (spk_faction_card_new (f->table, f->brawnen));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->card);
  g_clear_object (&f->brawnen);
  g_clear_object (&f->table);
}

static gboolean
is_label_with (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_button_for (GtkWidget *widget, const char *action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* A model change reaches the label the card already has. */
static void
test_values_follow_model (Fixture *f, gconstpointer data)
{
  GtkWidget *source;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "source"), ==, "8 / 20");
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "gate"), ==, "10 / 10");
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "cp"), ==, "5");
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "limited"), ==, "0 / 2");
  g_assert_null (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "colour"));
  source = spk_test_ui_find (f->card, is_label_with, "8 / 20");
  g_assert_nonnull (source);

  g_assert_true (spk_table_set_source (f->table, "brawnen", 11, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (source)), ==, "11 / 20");
  g_assert_true (spk_test_ui_find (f->card, is_label_with, "11 / 20") == source);
  /* Another faction's step leaves the card as it was. */
  g_assert_true (spk_table_set_source (f->table, "grovetenders", 2, NULL, &error));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (source)), ==, "11 / 20");
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (source)), ==, "8 / 20");

  /* The card's own steppers act through the table. */
  g_assert_true (gtk_widget_activate_action (f->card, "card.gate", "i", -1));
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (f->table), "brawnen")->gate_health, ==, 9);
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "gate"), ==, "9 / 10");
  g_assert_true (gtk_widget_activate_action (f->card, "card.source", "i", 1));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (source)), ==, "9 / 20");
  g_assert_true (gtk_widget_activate_action (f->card, "card.cp", "i", 1));
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "cp"), ==, "6");
}

/* A rename retitles the card and renames its buttons for screen readers. */
static void
test_rename (Fixture *f, gconstpointer data)
{
  GtkWidget *title = spk_test_ui_find (f->card, is_label_with, "Brawnen");
  GtkWidget *less = spk_test_ui_find (f->card, is_button_for, "card.source");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (title);
  g_assert_nonnull (less);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (less), ==, "Remove 1 Source for Brawnen");
  g_assert_true (spk_table_set_faction_name (f->table, "brawnen", "Heirs", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Heirs");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (less), ==, "Remove 1 Source for Heirs");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (spk_test_ui_find (f->card, is_button_for, "card.rename")), ==,
                   "Rename Heirs or choose which faction it is");
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Brawnen");
}

/* Values that need the board (advancements, power) are read after each
 * step; the structure rows are made again only when they changed. */
static void
test_structures (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) structures = spk_structures_from_text ("Inner Oak: Amplify 3, Deep Roots 5", NULL, NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *row;

  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "advancements"), ==, "None entered");
  g_assert_null (spk_test_ui_find (f->card, spk_test_ui_is_row_titled, "Inner Oak"));
  g_assert_true (spk_table_set_structures (f->table, "brawnen", structures, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "advancements"), ==, "Inner Oak 0/2");
  row = spk_test_ui_find (f->card, spk_test_ui_is_row_titled, "Inner Oak");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (row)));
  /* Outside the Build Phase the Buy button says why not (R-build-3). */
  g_assert_null (spk_test_ui_find (row, is_button_for, "card.buy-advancement"));
  g_assert_true (spk_table_set_cp (f->table, "brawnen", 2, NULL, &error));
  g_assert_true (spk_test_ui_find (f->card, spk_test_ui_is_row_titled, "Inner Oak") == row);
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_cmpstr (spk_faction_card_get_value (SPK_FACTION_CARD (f->card), "advancements"), ==, "None entered");
  g_assert_null (spk_test_ui_find (f->card, spk_test_ui_is_row_titled, "Inner Oak"));
}

/* The page's cards are the factions list's: one per faction, the same
 * widgets after steps and undo; a new table brings new cards. */
static void
test_page_keeps_cards (Fixture *f, gconstpointer data)
{
  GtkWidget *page = g_object_ref_sink (g_object_new (SPK_TYPE_TRACKER_PAGE, NULL));
  GtkFlowBox *cards = GTK_FLOW_BOX (spk_test_ui_find_type (page, GTK_TYPE_FLOW_BOX));
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "table-basic.json", NULL);
  g_autoptr(SpkTable) other = spk_table_new_from_file (path, NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *first, *second;

  spk_tracker_page_set_table (SPK_TRACKER_PAGE (page), f->table);
  first = gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 0));
  second = gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 1));
  g_assert_true (SPK_IS_FACTION_CARD (first));
  g_assert_null (gtk_flow_box_get_child_at_index (cards, 2));
  g_assert_true (spk_faction_card_get_faction (SPK_FACTION_CARD (first)) == f->brawnen);
  g_assert_false (gtk_widget_get_focusable (gtk_widget_get_parent (first)));

  g_assert_true (gtk_widget_activate_action (page, "tracker.next-phase", NULL));
  g_assert_true (spk_table_set_source (f->table, "brawnen", 3, NULL, &error));
  g_assert_true (spk_table_set_faction_name (f->table, "grovetenders", "Uprising", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_tracker_page_get_value (SPK_TRACKER_PAGE (page), "brawnen", "source"), ==, "3 / 20");
  g_assert_true (gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 0)) == first);
  g_assert_true (gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 1)) == second);
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_true (gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 0)) == first);
  g_assert_cmpstr (spk_tracker_page_get_value (SPK_TRACKER_PAGE (page), "brawnen", "source"), ==, "8 / 20");

  spk_tracker_page_set_table (SPK_TRACKER_PAGE (page), other);
  g_assert_false (gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (cards, 0)) == first);
  spk_tracker_page_set_table (SPK_TRACKER_PAGE (page), NULL);
  g_assert_null (gtk_flow_box_get_child_at_index (cards, 0));
  g_object_unref (page);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(name, func) g_test_add ("/faction-card/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("values-follow-model", test_values_follow_model);
  ADD ("rename", test_rename);
  ADD ("structures", test_structures);
  ADD ("page-keeps-cards", test_page_keeps_cards);
#undef ADD
  return g_test_run ();
}
