/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Movement sections of the Table page, driven through their own
 * controls: Resolve and End Turn buttons, the destination rows, the tie
 * list, and the dialog that asks where a displaced hero goes (M-12); an
 * undo in the middle of a walk takes its questions down.
 *
 * The demo table in its Onslaught Phase, Brawnen to play. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-answer-text.h"
#include "spk-board-view.h"
#include "spk-movement-section.h"
#include "spk-table-page.h"
#include "spk-test-table.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkWindow          *window;
  SpkBoardView       *view;
  SpkMovementSection *section;
  SpkTable           *table;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW));
  f->section = SPK_MOVEMENT_SECTION (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_MOVEMENT_SECTION));
  f->table = spk_window_get_table (f->window);
  spk_test_ui_iterate (300);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static GtkWidget *
button (Fixture *f, const char *label)
{
  GtkWidget *found = spk_test_ui_find (GTK_WIDGET (f->section), spk_test_ui_is_button_labelled, label);

  g_assert_nonnull (found);
  return found;
}

static GtkListBox *
list_with_row (Fixture *f, const char *title)
{
  GtkWidget *row = spk_test_ui_find (GTK_WIDGET (f->section), spk_test_ui_is_row_titled, title);

  g_assert_nonnull (row);
  return GTK_LIST_BOX (gtk_widget_get_parent (row));
}

/* The dialog asking where a displaced hero goes, or NULL. */
static AdwMessageDialog *
open_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Resolve stops on Dispatch with its destinations listed; activating a
 * row moves it and the walk goes on to Battleborn, then to its end. */
static void
test_resolve_and_rows (Fixture *f, gconstpointer data)
{
  GtkListBox *list;
  GtkListBoxRow *row;

  g_assert_false (gtk_widget_get_sensitive (button (f, "_End Turn")));
  spk_test_table_to_onslaught (f->table);
  spk_test_ui_iterate (50);
  g_assert_true (gtk_widget_get_sensitive (button (f, "_End Turn")));
  g_assert_cmpstr (spk_movement_section_get_turn_text (f->section), ==, "Brawnen to play");

  g_signal_emit_by_name (button (f, "_Resolve"), "clicked");
  g_assert_cmpstr (spk_movement_section_get_resolve_text (f->section), ==, "Choose where Dispatch goes");
  g_assert_cmpstr (spk_movement_section_get_last_message (f->section), ==, "Choose where Dispatch goes");
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  g_assert_cmpint (spk_movement_walk_get_question (spk_movement_section_get_walk (f->section)), ==,
                   SPK_WALK_QUESTION_DESTINATION);

  list = list_with_row (f, "Move to 0, 0");
  g_assert_nonnull (gtk_list_box_get_row_at_index (list, 1));
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));
  row = GTK_LIST_BOX_ROW (spk_test_ui_find (GTK_WIDGET (list), spk_test_ui_is_row_titled, "Move to 0, 0"));
  g_signal_emit_by_name (list, "row-activated", row);
  spk_test_assert_at (f->table, "dispatch", 0, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "battleborn");
  g_assert_cmpstr (spk_movement_section_get_resolve_text (f->section), ==, "Choose where Battleborn goes");

  g_assert_true (spk_movement_section_activate_hex (f->section, spk_hex_make (-5, 0)));
  spk_test_assert_at (f->table, "battleborn", -5, 0);
  g_assert_cmpstr (spk_movement_section_get_resolve_text (f->section), ==,
                   "Movement resolved: 3 minions moved, 2 of them by your choice");
  g_assert_cmpstr (spk_movement_section_get_last_message (f->section), ==,
                   "Movement resolved: 3 minions moved, 2 of them by your choice");
  /* A hex that is nobody's destination is the board's to select. */
  g_assert_false (spk_movement_section_activate_hex (f->section, spk_hex_make (7, 0)));

  g_signal_emit_by_name (button (f, "_End Turn"), "clicked");
  g_assert_cmpstr (spk_movement_section_get_turn_text (f->section), ==, "Grovetenders to play");
  g_assert_true (g_str_has_prefix (spk_movement_section_get_resolve_text (f->section), "Moves the minions"));
}

/* A tie is listed and lit; an undo ends the walk and takes the list and
 * the lit minions down. */
static void
test_tie_undone (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) marked = NULL;
  GtkListBox *list;

  g_assert_true (spk_table_move_chip (f->table, "battleborn", -3, 1, &error));
  g_assert_no_error (error);
  spk_test_table_to_onslaught (f->table);
  spk_movement_section_resolve (f->section);
  list = list_with_row (f, "Battleborn moves first");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (list)));
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (marked->len, ==, 2);
  g_clear_pointer (&marked, g_array_unref);

  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_no_error (error);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (list)));
  g_assert_null (gtk_list_box_get_row_at_index (list, 0));
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (marked->len, ==, 0);
  g_assert_cmpstr (spk_movement_section_get_turn_text (f->section), ==, "Turns are taken in the Onslaught Phase");
}

/* An Incorporeal Dispatch ends on Tallow, who cannot take the War
 * Briar's hex: the dialog asks, Cancel drops the move, an answer makes
 * it. */
static void
test_displacement_dialog (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  guint position;

  spk_test_table_ghost_dispatch (f->table);
  position = spk_table_get_history_position (f->table);
  spk_board_view_select (f->view, &(SpkHex) { -3, 0 });

  g_assert_true (spk_movement_section_move_selected (f->section, spk_hex_make (-1, 0), &error));
  g_assert_no_error (error);
  spk_test_ui_iterate (100);
  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Where Does Tallow Ironside Go?");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "1"), ==, "0, -1");
  /* What a click on its button does; the dialog then closes itself. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  spk_test_ui_iterate (100);
  g_assert_null (open_dialog ());
  g_assert_null (spk_movement_walk_get_displacement_question (spk_movement_section_get_walk (f->section)));
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position);

  g_assert_true (spk_movement_section_move_selected (f->section, spk_hex_make (-1, 0), &error));
  spk_test_ui_iterate (100);
  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "1");
  gtk_window_destroy (GTK_WINDOW (dialog));
  spk_test_ui_iterate (100);
  g_assert_null (open_dialog ());
  spk_test_assert_at (f->table, "dispatch", -1, 0);
  spk_test_assert_at (f->table, "tallow", 0, -1);
  g_assert_cmpuint (spk_table_get_history_position (f->table), ==, position + 1);
  g_assert_cmpstr (spk_movement_section_get_last_message (f->section), ==,
                   "Dispatch moved (-3, 0) → (-1, 0); Tallow Ironside displaced (-1, 0) → (0, -1)");
}

static gboolean
is_copy_button (GtkWidget *widget, const char *data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-copy-symbolic") == 0;
}

/* Copy as Text puts the selected unit's answer on the clipboard, as the
 * CLI prints it: the unit, the rule, each destination with its route. */
static void
test_copy_as_text (Fixture *f, gconstpointer data)
{
  GtkWidget *copy = spk_test_ui_find (GTK_WIDGET (f->section), is_copy_button, NULL);
  g_autoptr(SpkMoveResult) res = spk_movement_moves (spk_table_get_board (f->table), NULL, "dispatch", NULL);
  g_autofree char *expected = spk_move_answer_text (spk_table_get_board (f->table), res);
  g_autofree char *text = NULL;

  g_assert_nonnull (copy);
  spk_movement_section_set_unit (f->section, "dispatch");
  spk_test_ui_iterate (20);
  g_signal_emit_by_name (copy, "clicked");
  text = spk_test_ui_read_clipboard (GTK_WIDGET (f->section));
  g_assert_cmpstr (text, ==, expected);
  g_assert_true (g_str_has_prefix (text, "Dispatch (minion, Brawnen) at (-3,0): must move to one of the marked hexes\n"));
  g_assert_nonnull (strstr (text, "  a  (0,0)  (-3,0) → (-2,0) → (-1,0) → (0,0)\n"));
  g_assert_cmpstr (spk_movement_section_get_last_message (f->section), ==, "Copied where Dispatch may move");
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
#define ADD(name, func) g_test_add ("/movement-section/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("resolve-and-rows", test_resolve_and_rows);
  ADD ("tie-undone", test_tie_undone);
  ADD ("displacement-dialog", test_displacement_dialog);
  ADD ("copy-as-text", test_copy_as_text);
  return g_test_run ();
}
