/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Chip tool's roster picker on the Table page: "disp" finds Dispatch,
 * Enter picks it and the chip placed carries Dispatch's stats and roster
 * id; what the roster lacks is asked for; a spire from the barracks pays
 * its Source cost through the model; Custom Chip starts from defaults.
 * SpkRosterPicker alone: what its signals carry. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "spk-board-view.h"
#include "spk-roster-picker.h"
#include "spk-table-page.h"
#include "spk-test-keys.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkWindow    *window;
  SpkBoardView *view;
  SpkTablePage *page;
  SpkTable     *table;
} Fixture;

static GtkWidget *
row (Fixture *f, const char *title)
{
  return spk_test_ui_row (GTK_WIDGET (f->page), title);
}

static GtkSpinButton *
spin (Fixture *f, const char *title)
{
  return GTK_SPIN_BUTTON (spk_test_ui_row_control (GTK_WIDGET (f->page), title, GTK_TYPE_SPIN_BUTTON));
}

static GtkListBox *
matches (Fixture *f)
{
  return GTK_LIST_BOX (spk_test_ui_find_type (row (f, "Chip from the roster"), GTK_TYPE_LIST_BOX));
}

static GtkEditable *
search_entry (Fixture *f)
{
  return GTK_EDITABLE (spk_test_ui_find_type (row (f, "Chip from the roster"), GTK_TYPE_SEARCH_ENTRY));
}

static const char *
picked_text (Fixture *f)
{
  GtkWidget *box = gtk_widget_get_first_child (row (f, "Chip from the roster"));
  GtkWidget *label = gtk_widget_get_last_child (box);

  return gtk_label_get_text (GTK_LABEL (label));
}

/* Types @text into the search and waits for its matches (the entry
 * reports a change after a short pause, 150 ms by default). */
static void
search (Fixture *f, const char *text)
{
  gtk_editable_set_text (search_entry (f), text);
  spk_test_ui_iterate (300);
  for (int i = 0; i < 50 && gtk_list_box_get_row_at_index (matches (f), 0) == NULL; i++)
    spk_test_ui_iterate (50);
}

static const char *
match_id (Fixture *f, int index)
{
  GtkListBoxRow *match = gtk_list_box_get_row_at_index (matches (f), index);

  g_assert_nonnull (match);
  return g_object_get_data (G_OBJECT (match), "spk-roster-id");
}

/* The chip standing on @q, @r, or NULL. */
static const SpkChip *
chip_at (Fixture *f, int q, int r)
{
  const SpkBoard *b = spk_table_get_board (f->table);

  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->placed && c->q == q && c->r == r)
        return c;
    }
  return NULL;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW));
  f->page = SPK_TABLE_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE));
  f->table = spk_window_get_table (f->window);
  spk_test_ui_iterate (300);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.tool", "s", "chip"));
  spk_test_ui_iterate (200);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "_Faction")), 0);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* Type "disp", Enter picks Dispatch, place it: the chip on the board has
 * Dispatch's stats, talents and roster id; undo takes it away. */
static void
test_pick_and_place (Fixture *f, gconstpointer data)
{
  const SpkChip *chip;
  g_autofree char *shot = NULL;

  search (f, "disp");
  g_assert_cmpstr (match_id (f, 0), ==, "dispatch");
  g_assert_cmpstr (match_id (f, 1), ==, "dispatch-platform");
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "roster-picker-matches");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Name"))), ==, "Dispatch");
  g_assert_cmpint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "_Kind"))), ==, SPK_CHIP_MINION);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "_Movement")), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "_Health")), ==, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "A_ttack")), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "CP cost")), ==, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "Source reward")), ==, 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Talents, comma separated"))), ==, "2 Range");
  g_assert_true (g_str_has_prefix (picked_text (f), "From the roster: Dispatch."));

  g_assert_null (chip_at (f, -3, 1));
  spk_test_window_press_enter_on (f->view, -3, 1);
  chip = chip_at (f, -3, 1);
  g_assert_nonnull (chip);
  g_assert_cmpstr (chip->roster, ==, "dispatch");
  g_assert_cmpstr (chip->faction, ==, "brawnen");
  g_assert_cmpint (chip->movement, ==, 2);
  g_assert_cmpint (chip->health, ==, 3);
  g_assert_cmpint (chip->attack, ==, 1);
  g_assert_cmpint (chip->cost, ==, 3);
  g_assert_cmpint (chip->reward, ==, 3);
  g_assert_true (chip->has_promoted_side);
  g_assert_cmpint (chip->promoted_side.attack, ==, 2);
  g_assert_cmpuint (chip->talents->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (chip->talents, 0), ==, "2 Range");

  /* The pick stands: the next click places a second Dispatch. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Name"))), ==, "Dispatch");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (50);
  g_assert_null (chip_at (f, -3, 1));
  /* Redo brings it back from the history with its roster id. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL));
  spk_test_ui_iterate (50);
  g_assert_nonnull (chip_at (f, -3, 1));
  g_assert_cmpstr (chip_at (f, -3, 1)->roster, ==, "dispatch");
  g_assert_cmpint (chip_at (f, -3, 1)->reward, ==, 3);
}

/* The keyboard alone: typing into the search, Down into the matches (Up
 * on the first goes back), Down to the second, Enter picks it. */
static void
test_keyboard (Fixture *f, gconstpointer data)
{
  static const guint keys[] = { GDK_KEY_d, GDK_KEY_i, GDK_KEY_s, GDK_KEY_p };
  GtkWidget *window = GTK_WIDGET (f->window);

  if (!spk_test_keys_available ())
    {
      g_test_skip ("no XTest on this display");
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
  spk_test_ui_wait_mapped (window);
  gtk_widget_grab_focus (GTK_WIDGET (search_entry (f)));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    spk_test_keys_press (window, keys[i], 0);
  for (int i = 0; i < 50 && gtk_list_box_get_row_at_index (matches (f), 0) == NULL; i++)
    spk_test_ui_iterate (50);
  g_assert_cmpstr (gtk_editable_get_text (search_entry (f)), ==, "disp");
  g_assert_cmpstr (match_id (f, 0), ==, "dispatch");
  spk_test_keys_press (window, GDK_KEY_Down, 0);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (matches (f), 0))));
  /* Up goes back to the search, Down into the list again. */
  spk_test_keys_press (window, GDK_KEY_Up, 0);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (search_entry (f))));
  spk_test_keys_press (window, GDK_KEY_Down, 0);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (matches (f), 0))));
  spk_test_keys_press (window, GDK_KEY_Down, 0);
  spk_test_keys_press (window, GDK_KEY_Return, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Name"))), ==, "Dispatch Platform");
  g_assert_cmpint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (f, "_Kind"))), ==, SPK_CHIP_SPIRE);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "Source cost to build")), ==, 4);
}

/* A chip whose stats nobody published: the fields are empty and marked,
 * and it is not placed until they are typed. */
static void
test_unknown_fields (Fixture *f, gconstpointer data)
{
  GtkSpinButton *health;
  g_autofree char *shot = NULL;

  search (f, "elfinkaze");
  g_assert_cmpstr (match_id (f, 0), ==, "elfinkaze");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  health = spin (f, "_Health");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (health)), ==, "");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, "_Health"))), ==,
                   "Not in the roster: enter it");
  g_assert_nonnull (strstr (picked_text (f), "Not in the roster, enter before placing: "));
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "roster-picker-unknown");
  spk_test_window_press_enter_on (f->view, -3, 1);
  g_assert_null (chip_at (f, -3, 1));
  g_assert_true (g_str_has_suffix (spk_table_page_get_last_message (f->page),
                                   "is not in the roster: enter it from the chip first."));

  gtk_editable_set_text (GTK_EDITABLE (spin (f, "_Movement")), "2");
  gtk_editable_set_text (GTK_EDITABLE (health), "3");
  gtk_editable_set_text (GTK_EDITABLE (spin (f, "A_ttack")), "1");
  gtk_editable_set_text (GTK_EDITABLE (spin (f, "CP cost")), "2");
  gtk_editable_set_text (GTK_EDITABLE (spin (f, "Source reward")), "1");
  /* The allowance the roster lacks is chosen. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (f, "_Allowance")), SPK_TERRAIN_PLAINS);
  spk_test_window_press_enter_on (f->view, -3, 1);
  g_assert_nonnull (chip_at (f, -3, 1));
  g_assert_cmpint (chip_at (f, -3, 1)->health, ==, 3);
  g_assert_cmpint (chip_at (f, -3, 1)->allowance, ==, SPK_TERRAIN_PLAINS);
  g_assert_cmpstr (chip_at (f, -3, 1)->roster, ==, "elfinkaze");
}

/* A spire from the roster built in the Build Phase pays its Source cost
 * through the model, is refused with the model's reason when the Source
 * is short, and undo gives the Source back. */
static void
test_spire_pays (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  const SpkBoard *b;

  spk_test_window_advance_to (f->table, SPK_PHASE_BUILD);
  g_assert_true (spk_table_set_source (f->table, "brawnen", 3, NULL, &error));
  search (f, "dispatch platform");
  g_assert_cmpstr (match_id (f, 0), ==, "dispatch-platform");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  spk_test_window_press_enter_on (f->view, -5, 1);
  b = spk_table_get_board (f->table);
  g_assert_null (chip_at (f, -5, 1));
  g_assert_cmpstr (spk_table_page_get_last_message (f->page), ==, "Brawnen has 3 Source; this costs 4");

  g_assert_true (spk_table_set_source (f->table, "brawnen", 8, NULL, &error));
  spk_test_window_press_enter_on (f->view, -5, 1);
  b = spk_table_get_board (f->table);
  g_assert_nonnull (chip_at (f, -5, 1));
  g_assert_cmpstr (chip_at (f, -5, 1)->roster, ==, "dispatch-platform");
  g_assert_cmpuint (chip_at (f, -5, 1)->upgrades->len, ==, 2);
  g_assert_cmpint (spk_board_find_faction (b, "brawnen")->source, ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  b = spk_table_get_board (f->table);
  g_assert_null (chip_at (f, -5, 1));
  g_assert_cmpint (spk_board_find_faction (b, "brawnen")->source, ==, 8);
}

/* The Promoted side toggle turns the pick over: the chip arrives with its
 * promoted side's stats and lies on that side. */
static void
test_promoted_side (Fixture *f, gconstpointer data)
{
  GtkCheckButton *promoted = GTK_CHECK_BUTTON (spk_test_ui_find_type (row (f, "Chip from the roster"),
                                                                      GTK_TYPE_CHECK_BUTTON));
  const SpkChip *chip;

  search (f, "dispatch");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "A_ttack")), ==, 1);
  gtk_check_button_set_active (promoted, TRUE);
  spk_test_ui_iterate (50);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "A_ttack")), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "Source reward")), ==, 2);
  spk_test_window_press_enter_on (f->view, -3, 1);
  chip = chip_at (f, -3, 1);
  g_assert_nonnull (chip);
  g_assert_true (chip->promoted);
  g_assert_cmpint (chip->attack, ==, 2);
  g_assert_cmpstr (chip->roster, ==, "dispatch");

  /* A landmark has no promoted side: the roster says so and the toggle
   * goes back. */
  gtk_check_button_set_active (promoted, FALSE);
  search (f, "lost caverns");
  g_assert_cmpstr (match_id (f, 0), ==, "lost-caverns");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  gtk_check_button_set_active (promoted, TRUE);
  spk_test_ui_iterate (50);
  g_assert_false (gtk_check_button_get_active (promoted));
  g_assert_true (g_str_has_prefix (spk_table_page_get_last_message (f->page),
                                   "Cannot pick it: the roster has no promoted side of "));

  /* With the toggle on, a chip printed on one side only comes on it. */
  search (f, "dispatch");
  g_signal_emit_by_name (search_entry (f), "activate");
  gtk_check_button_set_active (promoted, TRUE);
  spk_test_ui_iterate (50);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "A_ttack")), ==, 2);
  search (f, "lost caverns");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  g_assert_false (gtk_check_button_get_active (promoted));
  g_assert_true (g_str_has_prefix (picked_text (f), "From the roster: Lost Caverns."));
}

/* Custom Chip drops the pick and starts from the template's values, not
 * from the last chip's. */
static void
test_custom_chip (Fixture *f, gconstpointer data)
{
  const SpkChip *chip;

  search (f, "dispatch");
  g_signal_emit_by_name (search_entry (f), "activate");
  spk_test_ui_iterate (50);
  gtk_spin_button_set_value (spin (f, "_Health"), 7);
  g_assert_true (gtk_widget_activate_action (row (f, "Chip from the roster"), "picker.custom", NULL));
  spk_test_ui_iterate (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Name"))), ==, "");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (f, "Talents, comma separated"))), ==, "");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "_Health")), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (f, "CP cost")), ==, 0);
  g_assert_cmpstr (picked_text (f), ==, "Custom chip: type its values below.");
  gtk_editable_set_text (GTK_EDITABLE (row (f, "Name")), "Scout");
  spk_test_window_press_enter_on (f->view, -3, 1);
  chip = chip_at (f, -3, 1);
  g_assert_nonnull (chip);
  g_assert_null (chip->roster);
  g_assert_false (chip->has_promoted_side);
}

typedef struct {
  char *id;
  int   side;
  int   picked;
  int   custom;
  int   notified;
  char *message;
} PickerSeen;

static void
picker_picked (SpkRosterPicker *picker, const char *id, int side, PickerSeen *seen)
{
  g_free (seen->id);
  seen->id = g_strdup (id);
  seen->side = side;
  seen->picked++;
}

static void
picker_custom (SpkRosterPicker *picker, PickerSeen *seen)
{
  seen->custom++;
}

static void
picker_message (SpkRosterPicker *picker, const char *text, gboolean undo, PickerSeen *seen)
{
  g_free (seen->message);
  seen->message = g_strdup (text);
}

static void
picker_notified (SpkRosterPicker *picker, GParamSpec *pspec, PickerSeen *seen)
{
  seen->notified++;
}

/* SpkRosterPicker on its own, in a window of its own: "disp" and Enter
 * pick Dispatch for the faction set; the toggle turns it over; a landmark
 * has no promoted side and the pick stands; Custom Chip says "custom". */
static void
test_picker_alone (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *picker = spk_roster_picker_new ();
  SpkRosterPicker *p = SPK_ROSTER_PICKER (picker);
  GtkEditable *entry = GTK_EDITABLE (spk_test_ui_find_type (picker, GTK_TYPE_SEARCH_ENTRY));
  GtkListBox *list = GTK_LIST_BOX (spk_test_ui_find_type (picker, GTK_TYPE_LIST_BOX));
  GtkCheckButton *promoted = GTK_CHECK_BUTTON (spk_test_ui_find_type (picker, GTK_TYPE_CHECK_BUTTON));
  PickerSeen seen = { NULL, -1, 0, 0, 0, NULL };

  gtk_window_set_child (GTK_WINDOW (window), picker);
  g_signal_connect (picker, "picked", G_CALLBACK (picker_picked), &seen);
  g_signal_connect (picker, "custom", G_CALLBACK (picker_custom), &seen);
  g_signal_connect (picker, "message", G_CALLBACK (picker_message), &seen);
  g_signal_connect (picker, "notify::faction", G_CALLBACK (picker_notified), &seen);
  spk_roster_picker_set_faction (p, "brawnen");
  spk_roster_picker_set_faction (p, "brawnen");
  g_assert_cmpint (seen.notified, ==, 1);
  g_assert_cmpstr (spk_roster_picker_get_faction (p), ==, "brawnen");
  g_assert_null (spk_roster_picker_get_chip (p));

  gtk_editable_set_text (entry, "disp");
  for (int i = 0; i < 50 && gtk_list_box_get_row_at_index (list, 0) == NULL; i++)
    spk_test_ui_iterate (50);
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (seen.picked, ==, 1);
  g_assert_cmpstr (seen.id, ==, "dispatch");
  g_assert_cmpint (seen.side, ==, SPK_ROSTER_SIDE_BASIC);
  g_assert_cmpstr (spk_roster_picker_get_chip (p)->roster, ==, "dispatch");
  g_assert_cmpstr (spk_roster_picker_get_chip (p)->faction, ==, "brawnen");
  g_assert_cmpint (spk_roster_picker_get_chip (p)->attack, ==, 1);

  gtk_check_button_set_active (promoted, TRUE);
  g_assert_cmpint (seen.picked, ==, 2);
  g_assert_cmpint (seen.side, ==, SPK_ROSTER_SIDE_PROMOTED);
  g_assert_true (spk_roster_picker_get_chip (p)->promoted);
  g_assert_cmpint (spk_roster_picker_get_chip (p)->attack, ==, 2);

  g_assert_false (spk_roster_picker_pick (p, "lost-caverns", SPK_ROSTER_SIDE_PROMOTED));
  g_assert_cmpint (seen.picked, ==, 2);
  g_assert_true (g_str_has_prefix (seen.message, "Cannot pick it: the roster has no promoted side of "));
  g_assert_cmpstr (spk_roster_picker_get_chip (p)->roster, ==, "dispatch");

  g_assert_true (gtk_widget_activate_action (picker, "picker.custom", NULL));
  g_assert_cmpint (seen.custom, ==, 1);
  spk_roster_picker_drop (p);
  g_assert_null (spk_roster_picker_get_chip (p));
  g_assert_cmpint (spk_roster_picker_get_build_cost (p), ==, SPK_ROSTER_UNKNOWN);
  /* Without a pick the toggle turns nothing over. */
  gtk_check_button_set_active (promoted, FALSE);
  g_assert_cmpint (seen.picked, ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_free (seen.id);
  g_free (seen.message);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);

#define ADD(name, func) g_test_add ("/roster-picker/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("pick-and-place", test_pick_and_place);
  ADD ("keyboard", test_keyboard);
  ADD ("unknown-fields", test_unknown_fields);
  ADD ("spire-pays", test_spire_pays);
  ADD ("promoted-side", test_promoted_side);
  ADD ("custom-chip", test_custom_chip);
  g_test_add_func ("/roster-picker/picker-alone", test_picker_alone);
  return g_test_run ();
}
