/* SPDX-License-Identifier: GPL-3.0-or-later */
/* New Table for 2 to 4 factions through its dialog (SpkNewTableDialog),
 * and a faction added and removed later from the Tracker page, each an
 * undoable step. The rules themselves are tested in
 * tests/model/test-table-setup.c; here the form reaches them. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-new-table-dialog.h"
#include "spk-rules-page.h"
#include "spk-table-codex.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tracker-page.h"
#include "spk-window.h"

static SpkNewTableDialog *
open_new_table (SpkWindow *window)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-table", NULL));
  spk_test_ui_iterate (100);
  dialog = spk_test_ui_shown_window (SPK_TYPE_NEW_TABLE_DIALOG);
  g_assert_nonnull (dialog);
  return SPK_NEW_TABLE_DIALOG (dialog);
}

static const SpkFaction *
seat (SpkWindow *window, guint i)
{
  return g_ptr_array_index (spk_table_get_board (spk_window_get_table (window))->factions, i);
}

static void
collect_toasts (GtkWidget *widget, gboolean inside, GString *out)
{
  inside = inside || spk_test_ui_is_type (widget, "AdwToastWidget");
  if (inside && GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_toasts (child, inside, out);
}

static char *
toast_text (SpkWindow *window)
{
  GString *out = g_string_new (NULL);

  collect_toasts (GTK_WIDGET (window), FALSE, out);
  return g_string_free (out, FALSE);
}

/* Three players: three factions, Source 0, gates at 10, marks round the
 * table, a market of 4, each faction from the game's list. */
static void
test_three_players (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *demo = spk_window_get_table (window);
  SpkNewTableDialog *dialog = open_new_table (window);
  static const char *const ids[] = { "brawnen", "grovetenders", "heirs" };
  static const char *const marks[] = { "grovetenders", "heirs", "brawnen" };
  g_autofree char *shot = NULL;
  GtkWidget *first;
  GListModel *seats;
  SpkTable *table;

  spk_new_table_dialog_set_players (dialog, 3);
  spk_test_ui_iterate (100);
  g_assert_null (spk_new_table_dialog_get_problem (dialog));
  /* First player and marks name the seats with their factions. */
  first = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "_First player");
  g_assert_nonnull (first);
  seats = adw_combo_row_get_model (ADW_COMBO_ROW (first));
  g_assert_cmpuint (g_list_model_get_n_items (seats), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (seats), 2), ==, "Seat 3: Heirs");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (first)), ==, 0);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "empty"));
  shot = spk_test_ui_screenshot (GTK_WIDGET (dialog), "new-table-three");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "empty");
  spk_test_ui_iterate (300);

  table = spk_window_get_table (window);
  g_assert_true (table != demo);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 3);
  g_assert_cmpint (spk_table_get_market_count (table), ==, 4);
  g_assert_cmpstr (spk_table_get_first_player (table), ==, "brawnen");
  g_assert_cmpuint (spk_table_get_board (table)->fortresses->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpstr (seat (window, i)->id, ==, ids[i]);
      g_assert_cmpint (seat (window, i)->source, ==, 0);
      g_assert_cmpint (seat (window, i)->gate_health, ==, 10);
      g_assert_cmpstr (seat (window, i)->mark, ==, marks[i]);
    }
  /* The table before can still be brought back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.bring-back", NULL));
  g_assert_true (spk_window_get_table (window) == demo);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Four players in 2 v 2 with a custom faction and the last seat first;
 * a form the model refuses cannot be taken, and says why. */
static void
test_four_with_teams (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkNewTableDialog *dialog = open_new_table (window);
  SpkTable *table;

  spk_new_table_dialog_set_teams (dialog, TRUE);
  spk_test_ui_iterate (50);
  /* Two players cannot play in teams: the engine's message. */
  g_assert_nonnull (spk_new_table_dialog_get_problem (dialog));
  g_assert_nonnull (strstr (spk_new_table_dialog_get_problem (dialog), "4 players"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "empty"));

  spk_new_table_dialog_set_players (dialog, 4);
  spk_new_table_dialog_set_seat (dialog, 3, NULL, "Sky Pirates", 2, -1);
  spk_new_table_dialog_set_first_player (dialog, 3);
  spk_test_ui_iterate (50);
  g_assert_null (spk_new_table_dialog_get_problem (dialog));

  /* Teammates side by side: refused at the seat, with the reason. */
  spk_new_table_dialog_set_seat (dialog, 1, "grovetenders", NULL, 1, -1);
  g_assert_nonnull (spk_new_table_dialog_get_problem (dialog));
  g_assert_true (g_str_has_prefix (spk_new_table_dialog_get_problem (dialog), "Seat 2: "));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "empty"));
  spk_new_table_dialog_set_seat (dialog, 1, "grovetenders", NULL, 2, -1);
  g_assert_null (spk_new_table_dialog_get_problem (dialog));
  g_free (spk_test_ui_screenshot (GTK_WIDGET (dialog), "new-table-teams"));

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "empty");
  spk_test_ui_iterate (300);
  table = spk_window_get_table (window);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 4);
  g_assert_cmpint (spk_table_get_market_count (table), ==, 5);
  g_assert_cmpstr (spk_table_get_first_player (table), ==, "sky-pirates");
  g_assert_cmpstr (seat (window, 3)->name, ==, "Sky Pirates");
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (seat (window, i)->team, ==, i % 2 == 0 ? "1" : "2");
  g_assert_cmpstr (seat (window, 0)->mark, ==, "grovetenders");
  g_assert_cmpstr (seat (window, 2)->mark, ==, "sky-pirates");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Add a faction from the Tracker page, remove it, undo; a faction still
 * in play is refused with the model's reason in a toast. */
static void
test_add_remove_undo (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTable *table = spk_window_get_table (window);
  GtkWidget *tracker = spk_test_ui_find (GTK_WIDGET (window), spk_test_ui_is_type, "SpkTrackerPage");
  GtkWidget *dialog, *entry, *pick;
  g_autofree char *refused = NULL;
  g_autofree char *removed = NULL;

  g_assert_cmpint (spk_table_get_player_count (table), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "tracker"));
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.add-faction", NULL));
  spk_test_ui_iterate (100);
  dialog = spk_test_ui_shown_window (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  entry = spk_test_ui_find_type (dialog, GTK_TYPE_ENTRY);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Heirs");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  spk_test_ui_iterate (200);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 3);
  g_assert_cmpint (spk_table_get_market_count (table), ==, 4);
  g_assert_cmpstr (seat (window, 2)->id, ==, "heirs");
  g_assert_cmpint (seat (window, 2)->gate_health, ==, 10);
  g_assert_nonnull (spk_tracker_page_get_value (SPK_TRACKER_PAGE (tracker), "heirs", "gate"));
  g_free (spk_test_ui_screenshot (GTK_WIDGET (window), "new-table-faction-added"));

  /* Brawnen has chips on the board: refused, and the toast says so. */
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.remove-faction", "s", "brawnen"));
  spk_test_ui_iterate (200);
  refused = toast_text (window);
  g_assert_nonnull (strstr (refused, "remove them first"));
  g_assert_cmpint (spk_table_get_player_count (table), ==, 3);

  g_assert_true (gtk_widget_activate_action (tracker, "tracker.remove-faction", "s", "heirs"));
  spk_test_ui_iterate (200);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 2);
  g_assert_null (spk_tracker_page_get_value (SPK_TRACKER_PAGE (tracker), "heirs", "gate"));
  removed = toast_text (window);
  g_assert_nonnull (strstr (removed, "Heirs leaves the table"));
  g_assert_nonnull (strstr (removed, "Undo"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 3);
  g_assert_cmpstr (seat (window, 2)->id, ==, "heirs");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 2);

  /* The game's factions are one click away and keep the game's id. */
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.add-faction", NULL));
  spk_test_ui_iterate (100);
  dialog = spk_test_ui_shown_window (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  pick = spk_test_ui_find (dialog, spk_test_ui_is_button_labelled, "Horizon's Wrath");
  g_assert_nonnull (pick);
  g_signal_emit_by_name (pick, "clicked");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  spk_test_ui_iterate (200);
  g_assert_cmpint (spk_table_get_player_count (table), ==, 3);
  g_assert_cmpstr (seat (window, 2)->id, ==, "horizons-wrath");
  g_assert_cmpstr (seat (window, 2)->name, ==, "Horizon's Wrath");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
click (SpkCodexSection *section, guint player, const char *what)
{
  GtkWidget *button = spk_codex_section_get_button (section, player, what);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spk_test_ui_iterate (50);
}

/* Clicks a player's form button and returns the form's dialog. */
static GtkWidget *
open_codex_form (SpkCodexSection *section, guint player, const char *what)
{
  GtkWidget *dialog;

  click (section, player, what);
  spk_test_ui_iterate (100);
  dialog = spk_test_ui_shown_window (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  return dialog;
}

/* A Codex table through New Table: the Table page is hidden, the Tracker
 * shows the Codex board, its buttons are the model's actions (sensitivity
 * and reason from dry runs), and undo works as for Cloudspire. */
static void
test_codex (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkNewTableDialog *dialog = open_new_table (window);
  AdwViewStack *stack;
  SpkCodexSection *section;
  GtkWidget *hire, *tracker, *row, *form;
  g_autofree char *text = NULL;
  g_autofree char *shot = NULL;
  SpkTable *table;

  spk_new_table_dialog_set_game (dialog, "codex");
  spk_new_table_dialog_set_codex_player (dialog, 0, "", NULL);
  spk_test_ui_iterate (50);
  /* An empty name: the table file's own check says where. */
  g_assert_nonnull (spk_new_table_dialog_get_problem (dialog));
  g_assert_nonnull (strstr (spk_new_table_dialog_get_problem (dialog), "codex.players[0].name"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "empty"));
  spk_new_table_dialog_set_codex_player (dialog, 0, "Ann", "Bashing vs. Finesse");
  spk_new_table_dialog_set_codex_player (dialog, 1, "Bo", NULL);
  gtk_switch_set_active (GTK_SWITCH (spk_test_ui_row_control (GTK_WIDGET (dialog), "Heroes of several colours",
                                                              GTK_TYPE_SWITCH)), TRUE);
  spk_test_ui_iterate (50);
  g_assert_null (spk_new_table_dialog_get_problem (dialog));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "empty");
  spk_test_ui_iterate (300);

  table = spk_window_get_table (window);
  g_assert_cmpstr (spk_table_get_game (table), ==, "codex");
  g_assert_true (spk_codex_player (spk_table_get_codex (table), 0)->multicolor);
  g_assert_cmpstr (spk_codex_player (spk_table_get_codex (table), 0)->spec, ==, "Bashing vs. Finesse");
  stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  g_assert_false (adw_view_stack_page_get_visible (adw_view_stack_get_page (stack,
                    adw_view_stack_get_child_by_name (stack, "table"))));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "tracker");
  /* The Rules page searches Codex's pack now (R-rules-7). */
  g_assert_cmpstr (spk_rules_page_get_game (spk_test_window_rules_page (window)), ==, "codex");
  /* Alt+1 leads to the Tracker too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "table"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "tracker");

  tracker = spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TRACKER_PAGE);
  section = spk_tracker_page_get_codex_section (SPK_TRACKER_PAGE (tracker));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (section)));
  /* Not yet the Main Phase: Hire Worker is off, with the model's reason. */
  hire = spk_codex_section_get_button (section, 0, "hire");
  g_assert_false (gtk_widget_get_sensitive (hire));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (hire), "Main Phase"));

  click (section, 0, "next-phase");   /* upkeep: 4 gold from 4 workers */
  click (section, 0, "next-phase");   /* main */
  click (section, 0, "hire");         /* 3 gold, 5 workers */
  g_assert_false (gtk_widget_get_sensitive (hire));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (hire), "already hired"));
  click (section, 1, "damage");       /* Bo's base 19 */
  text = spk_codex_section_get_player_text (section, 0);
  g_assert_nonnull (strstr (text, "Gold 3 / 20"));
  g_assert_nonnull (strstr (text, "Workers 5"));
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 0)->gold, ==, 3);
  g_assert_cmpint (g_array_index (spk_table_get_codex (table)->bases, int, 1), ==, 19);
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (SPK_TRACKER_PAGE (tracker)), ==, 4);
  /* Log rows say the Codex turn and phase a step led to. */
  row = spk_test_ui_find (tracker, spk_test_ui_is_row_titled, "Ann: hired a worker for 1 gold (5 workers, 3 gold)");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Turn 1 · Main Phase");
  shot = spk_test_ui_screenshot (GTK_WIDGET (window), "codex-tracker");

  /* Undo twice: the base, then the worker. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  spk_test_ui_iterate (50);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 0)->gold, ==, 4);
  g_assert_cmpint (g_array_index (spk_table_get_codex (table)->bases, int, 1), ==, 20);
  g_assert_true (gtk_widget_get_sensitive (hire));
  /* Play Card… and Patrol Zone… are forms; each apply is the model's. */
  form = open_codex_form (section, 0, "play");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spk_test_ui_row_control (form, "Gold cost", GTK_TYPE_SPIN_BUTTON)), 2);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (form), "apply");
  spk_test_ui_iterate (50);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 0)->gold, ==, 2);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 0)->hand, ==, 4);
  form = open_codex_form (section, 0, "patrol");
  gtk_editable_set_text (GTK_EDITABLE (spk_test_ui_row (form, "Squad Leader")), "Tenderfoot");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (form), "apply");
  spk_test_ui_iterate (50);
  g_clear_pointer (&text, g_free);
  text = spk_codex_section_get_player_text (section, 0);
  g_assert_nonnull (strstr (text, "Patrol zone: Squad Leader: Tenderfoot"));
  /* A hero through Add Hero…, then summoned with its row's button. */
  form = open_codex_form (section, 0, "add-hero");
  gtk_editable_set_text (GTK_EDITABLE (spk_test_ui_row (form, "Hero name")), "Troq");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (form), "apply");
  spk_test_ui_iterate (50);
  click (section, 0, "hero:0");
  g_assert_cmpint (((SpkCodexHero *) g_ptr_array_index (spk_codex_player (spk_table_get_codex (table), 0)->heroes, 0))->level,
                   ==, 1);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 0)->gold, ==, 0);
  /* Level Up now: no gold left, and the button says so. */
  g_assert_false (gtk_widget_get_sensitive (spk_codex_section_get_button (section, 0, "hero:0")));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (spk_codex_section_get_button (section, 0, "hero:0")),
                            "0 gold"));
  form = open_codex_form (section, 1, "gold");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spk_test_ui_row_control (form, "Gold gained", GTK_TYPE_SPIN_BUTTON)), 25);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (form), "apply");
  spk_test_ui_iterate (50);
  /* Bo's gold stops at the limit of 20; the button says there is no room. */
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (table), 1)->gold, ==, 20);
  g_assert_false (gtk_widget_get_sensitive (spk_codex_section_get_button (section, 1, "gold")));
  /* Ctrl+Return's action goes to the Codex phases. */
  g_assert_true (gtk_widget_activate_action (tracker, "tracker.next-phase", NULL));
  g_assert_cmpint (spk_table_get_codex (table)->phase, ==, SPK_CODEX_PHASE_DRAW);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/new-table/three-players", test_three_players);
  g_test_add_func ("/new-table/four-with-teams", test_four_with_teams);
  g_test_add_func ("/new-table/add-remove-undo", test_add_remove_undo);
  g_test_add_func ("/new-table/codex", test_codex);
  return g_test_run ();
}
