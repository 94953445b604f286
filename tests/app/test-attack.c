/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Attack section of the Table page: the targets of the selected unit
 * with what each attack does, Attack buttons a dry run switches on or off
 * with the model's reason, the chips it may not attack and why, the
 * questions of an attack in a dialog, and Undo taking an attack back.
 *
 * The demo table in its Onslaught Phase (Brawnen's turn), War Briar moved
 * beside Tallow Ironside and Dispatch, Dywen two hexes off. */
#include "config.h"

#include <adwaita.h>

#include "spk-attack-section.h"
#include "spk-board-view.h"
#include "spk-table-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkWindow        *window;
  SpkBoardView     *view;
  SpkTablePage     *page;
  SpkAttackSection *section;
  SpkTable         *table;
} Fixture;

static const SpkChip *
chip (Fixture *f, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (f->table), id);
}

static const SpkFaction *
faction (Fixture *f, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (f->table), id);
}

static void
edit (Fixture *f, SpkChip *changed)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_edit_chip (f->table, changed, &error));
  g_assert_no_error (error);
  spk_chip_free (changed);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW));
  f->page = SPK_TABLE_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE));
  f->section = SPK_ATTACK_SECTION (spk_test_ui_find_type (GTK_WIDGET (f->page), SPK_TYPE_ATTACK_SECTION));
  f->table = spk_window_get_table (f->window);
  while (spk_table_get_phase (f->table) != SPK_PHASE_ONSLAUGHT)
    {
      g_assert_true (spk_table_advance_phase (f->table, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (spk_table_get_turn (f->table), ==, "brawnen");
  g_assert_true (spk_table_move_chip (f->table, "war-briar", -4, 0, &error));
  g_assert_true (spk_table_move_chip (f->table, "dywen", -2, -1, &error));
  g_assert_no_error (error);
  spk_test_ui_iterate (300);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
select_hex (Fixture *f, int q, int r)
{
  spk_board_view_set_focus_hex (f->view, spk_hex_make (q, r));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "board.activate-focus", NULL));
  spk_test_ui_iterate (100);
}

/* The row titled @title inside the Attack section. */
static GtkWidget *
row (Fixture *f, const char *title)
{
  GtkWidget *found = spk_test_ui_find (GTK_WIDGET (f->section), spk_test_ui_is_row_titled, title);

  g_assert_nonnull (found);
  return found;
}

static const char *
subtitle (Fixture *f, const char *title)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row (f, title)));
}

static GtkWidget *
attack_button (Fixture *f, const char *title)
{
  GtkWidget *button = spk_test_ui_find_type (row (f, title), GTK_TYPE_BUTTON);

  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Attack");
  return button;
}

/* The message dialog open over the window, or NULL. */
static AdwMessageDialog *
open_dialog (void)
{
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Presses the dialog's button labelled @label, as a player would: the
 * response is given and the dialog closes. */
static void
press (AdwMessageDialog *dialog, const char *label)
{
  GtkWidget *button = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_button_labelled, label);

  g_assert_nonnull (button);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_signal_emit_by_name (button, "clicked");
  spk_test_ui_iterate (200);
  g_assert_true (dialog == NULL || !gtk_widget_get_visible (GTK_WIDGET (dialog)));
  if (dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
}

/* The names a combo row offers, joined with "|". */
static char *
combo_names (AdwComboRow *combo)
{
  GListModel *model = adw_combo_row_get_model (combo);
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "|" : "",
                            gtk_string_list_get_string (GTK_STRING_LIST (model), i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static guint
n_marked (Fixture *f)
{
  g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_ATTACKS);

  return marked->len;
}

/* Scrolls the side panel down to the Attack section. */
static void
show_section (Fixture *f)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (f->section),
                                                                              GTK_TYPE_SCROLLED_WINDOW));
  GtkWidget *content = gtk_scrolled_window_get_child (scroller);
  graphene_rect_t bounds;

  /* Again once the panel has its new layout (a flap just revealed). */
  for (int i = 0; i < 2; i++)
    {
      spk_test_ui_iterate (200);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->section), content, &bounds));
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scroller), bounds.origin.y - 12);
    }
  spk_test_ui_iterate (200);
}

/* Tallow Ironside (attack 2) hits War Briar (health 3) for 2 and takes 2
 * back; Undo restores both, and the marks. */
static void
test_retaliation (Fixture *f, gconstpointer data)
{
  g_autoptr(GArray) marked = NULL;
  g_autofree char *shot = NULL;
  g_autofree char *undo = NULL;
  GtkWidget *button;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->section)));
  select_hex (f, -4, -1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->section)));
  g_assert_cmpstr (spk_attack_section_get_attacker (f->section), ==, "tallow");
  g_assert_cmpstr (spk_attack_section_get_status_text (f->section), ==, "Attack 2, range 1. 1 target in reach.");
  g_assert_cmpstr (subtitle (f, "War Briar"), ==,
                   "1 hex away · 2 damage, not defeated · 2 back\n"
                   "• 2 damage to War Briar, 2 health removed (health 1)\n"
                   "• War Briar retaliates\n"
                   "• 2 damage to Tallow Ironside, 2 health removed (health 3)");
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_ATTACKS);
  g_assert_cmpuint (marked->len, ==, 1);
  g_assert_true (spk_hex_equal (g_array_index (marked, SpkHex, 0), spk_hex_make (-4, 0)));
  button = attack_button (f, "War Briar");
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_null (gtk_widget_get_tooltip_text (button));

  /* The rest, each with its reason, folded away. */
  g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row (f, "Not attackable"))));
  g_assert_cmpstr (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row (f, "Not attackable"))), ==,
                   "4 opposing chips or gates, each with the reason");
  g_assert_cmpstr (subtitle (f, "Dywen"), ==, "not adjacent (3 hexes away, range 1)");
  g_assert_cmpstr (subtitle (f, "Gate of Grovetenders"), ==, "not adjacent (12 hexes away, range 1)");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row (f, "Not attackable")), TRUE);
  show_section (f);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "attack-targets");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));

  g_signal_emit_by_name (button, "clicked");
  spk_test_ui_iterate (100);
  g_assert_null (open_dialog ());
  g_assert_cmpint (chip (f, "war-briar")->health, ==, 1);
  g_assert_true (chip (f, "war-briar")->retaliated);
  g_assert_false (chip (f, "war-briar")->attacked);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 3);
  g_assert_true (chip (f, "tallow")->attacked);
  g_assert_false (chip (f, "tallow")->retaliated);
  undo = spk_table_describe_undo (f->table);
  g_assert_cmpstr (spk_attack_section_get_last_message (f->section), ==, undo);
  /* Refreshed on "recorded": no second attack this turn. */
  g_assert_cmpstr (spk_attack_section_get_status_text (f->section), ==,
                   "Attack 2, range 1. It cannot attack now: already attacked this turn.");
  g_assert_null (spk_test_ui_find (GTK_WIDGET (f->section), spk_test_ui_is_row_titled, "War Briar"));
  g_assert_cmpuint (n_marked (f), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpint (chip (f, "war-briar")->health, ==, 3);
  g_assert_false (chip (f, "war-briar")->retaliated);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 5);
  g_assert_false (chip (f, "tallow")->attacked);
  g_assert_true (gtk_widget_get_sensitive (attack_button (f, "War Briar")));
  g_assert_cmpuint (n_marked (f), ==, 1);
}

/* War Briar with 2 health, a 2 Source reward and a relic: Tallow defeats
 * it, Brawnen is paid, and the dialog asks for the relic and the level-up
 * (the choices a dry run accepts: no range upgrade without the talent). */
static void
test_defeat_rewards (Fixture *f, gconstpointer data)
{
  SpkChip *briar = spk_chip_copy (chip (f, "war-briar"));
  SpkChip *tallow = spk_chip_copy (chip (f, "tallow"));
  int source = faction (f, "brawnen")->source;
  AdwMessageDialog *dialog;
  GtkWidget *level, *relic, *keep;
  g_autofree char *names = NULL;

  briar->health = 2;
  briar->reward = 2;
  briar->relic_reward = TRUE;
  edit (f, briar);
  tallow->capacity = 2;
  edit (f, tallow);
  select_hex (f, -4, -1);
  g_assert_cmpstr (subtitle (f, "War Briar"), ==,
                   "1 hex away · 2 damage, defeated · no retaliation\n"
                   "• 2 damage to War Briar, 2 health removed (health 0)\n"
                   "• War Briar is defeated and cleared\n"
                   "• Brawnen gains 2 Source (defeated War Briar)\n"
                   "• Relic reward: Brawnen draws a relic\n"
                   "• Tallow Ironside may level up");

  g_signal_emit_by_name (attack_button (f, "War Briar"), "clicked");
  spk_test_ui_iterate (200);
  g_assert_nonnull (dialog = open_dialog ());
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Attack War Briar");
  level = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Level-up of Tallow Ironside");
  relic = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Relic drawn");
  keep = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "The relic");
  g_assert_nonnull (level);
  g_assert_nonnull (relic);
  g_assert_nonnull (keep);
  g_assert_null (spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Spire reward"));
  names = combo_names (ADW_COMBO_ROW (level));
  g_assert_cmpstr (names, ==, "Attack upgrade|Fortification upgrade|No level-up");
  g_free (spk_test_ui_screenshot (GTK_WIDGET (dialog), "attack-questions"));

  /* No relic named: the model's question comes back in a toast. */
  press (dialog, "_Attack");
  g_assert_cmpstr (spk_attack_section_get_last_message (f->section), ==,
                   "A choice is needed: which relic did Brawnen draw, and does it keep it or sell it for 4 Source?");
  g_assert_nonnull (chip (f, "war-briar"));
  g_assert_cmpint (faction (f, "brawnen")->source, ==, source);

  g_signal_emit_by_name (attack_button (f, "War Briar"), "clicked");
  spk_test_ui_iterate (200);
  g_assert_nonnull (dialog = open_dialog ());
  level = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Level-up of Tallow Ironside");
  relic = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Relic drawn");
  keep = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "The relic");
  gtk_editable_set_text (GTK_EDITABLE (relic), "Amulet of Tides");
  adw_combo_row_set_selected (ADW_COMBO_ROW (keep), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (level), 0);
  press (dialog, "_Attack");
  g_assert_null (open_dialog ());
  g_assert_null (chip (f, "war-briar"));
  /* 2 for the defeat, 4 for the relic sold. */
  g_assert_cmpint (faction (f, "brawnen")->source, ==, source + 6);
  g_assert_cmpuint (faction (f, "brawnen")->relics->len, ==, 0);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 5);
  g_assert_true (chip (f, "tallow")->attacked);
  g_assert_cmpuint (chip (f, "tallow")->upgrades->len, ==, 1);
  g_assert_cmpint (g_array_index (chip (f, "tallow")->upgrades, SpkUpgrade, 0), ==, SPK_UPGRADE_ATTACK);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpint (chip (f, "war-briar")->health, ==, 2);
  g_assert_cmpint (faction (f, "brawnen")->source, ==, source);
  g_assert_cmpuint (chip (f, "tallow")->upgrades->len, ==, 0);
  g_assert_false (chip (f, "tallow")->attacked);
}

/* A unit of the faction whose turn it is not: its Attack buttons are off
 * and say why; a Flying unit beside Tallow is no target of it. */
static void
test_refusals (Fixture *f, gconstpointer data)
{
  const char *not_yours = "It is Brawnen's turn and War Briar belongs to another faction; end the turn first";
  SpkChip *dywen = spk_chip_copy (chip (f, "dywen"));
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  GtkWidget *button;

  select_hex (f, -4, 0);
  g_assert_cmpstr (spk_attack_section_get_status_text (f->section), ==,
                   "Attack 2, range 1. A minion with a target in reach has to attack one of them.");
  button = attack_button (f, "Tallow Ironside");
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, not_yours);
  g_assert_true (g_str_has_suffix (subtitle (f, "Tallow Ironside"), not_yours));
  g_assert_false (gtk_widget_get_sensitive (attack_button (f, "Dispatch")));
  g_assert_cmpstr (subtitle (f, "Dispatch"), ==,
                   "1 hex away · 2 damage, defeated · no retaliation\n"
                   "• 2 damage to Dispatch, 2 health removed (health 0)\n"
                   "• Dispatch is defeated and cleared\n"
                   "It is Brawnen's turn and War Briar belongs to another faction; end the turn first");
  g_assert_cmpstr (subtitle (f, "Gate of Brawnen"), ==, "not adjacent (3 hexes away, range 1)");
  g_assert_cmpuint (n_marked (f), ==, 2);

  g_ptr_array_add (dywen->talents, g_strdup ("Flying"));
  edit (f, dywen);
  g_assert_true (spk_table_move_chip (f->table, "dywen", -5, 0, &error));
  g_assert_no_error (error);
  select_hex (f, -4, -1);
  g_assert_cmpstr (subtitle (f, "Dywen"), ==, "Flying: only units with Flying or Air Defense may attack it");
  g_assert_cmpuint (n_marked (f), ==, 1);

  /* A spire is no attacker: the section is not there. */
  select_hex (f, -5, -1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->section)));
  g_assert_cmpuint (n_marked (f), ==, 0);

  /* At 360 px the panel folds over the board; the rows wrap. */
  select_hex (f, -4, 0);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  spk_test_ui_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  {
    AdwFlap *flap = ADW_FLAP (spk_test_ui_find_type (GTK_WIDGET (f->page), ADW_TYPE_FLAP));

    adw_flap_set_reveal_flap (flap, TRUE);
    spk_test_ui_iterate (400);
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->section)), <=, 360);
  }
  show_section (f);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "attack-360");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));
}

/* Tallow beside the Grovetenders gate, Treed on the stack there: the
 * gate and the stack's top unit are both targets, and the gate's Attack
 * asks who takes it. The gate takes 2 and hits back for 1; sent to the
 * stack, Treed falls and leaves it, and the level-up question offers only
 * what a dry run accepts (Tallow has no promoted side entered). */
static void
test_gate_stack (Fixture *f, gconstpointer data)
{
  const char *stack_title = "Treed, on top of the stack at the gate of Grovetenders";
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *level;
  int gate = faction (f, "grovetenders")->gate_health;

  g_assert_true (spk_table_move_chip (f->table, "tallow", 6, 0, &error));
  g_assert_no_error (error);
  select_hex (f, 6, 0);
  /* The engine's own damage line names the gate by its id
   * ("gate:grovetenders"), which is left out here. */
  g_assert_true (g_str_has_prefix (subtitle (f, "Gate of Grovetenders"), "1 hex away · 2 damage, not defeated · 1 back\n"));
  g_assert_true (g_str_has_suffix (subtitle (f, "Gate of Grovetenders"),
                                   ": gate health 8\n"
                                   "• Grovetenders retaliates\n"
                                   "• 1 damage to Tallow Ironside, 1 health removed (health 4)"));
  g_assert_true (g_str_has_prefix (subtitle (f, stack_title), "1 hex away · 2 damage, defeated · no retaliation\n"));
  g_assert_true (gtk_widget_get_sensitive (attack_button (f, stack_title)));

  g_signal_emit_by_name (attack_button (f, "Gate of Grovetenders"), "clicked");
  spk_test_ui_iterate (200);
  g_assert_nonnull (dialog = open_dialog ());
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Who Takes the Attack?");
  press (dialog, "The _Gate");
  g_assert_null (open_dialog ());
  g_assert_cmpint (faction (f, "grovetenders")->gate_health, ==, gate - 2);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 4);
  g_assert_nonnull (chip (f, "treed"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_cmpint (faction (f, "grovetenders")->gate_health, ==, gate);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 5);

  g_signal_emit_by_name (attack_button (f, "Gate of Grovetenders"), "clicked");
  spk_test_ui_iterate (200);
  press (open_dialog (), "The _Top Unit");
  g_assert_nonnull (dialog = open_dialog ());
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Attack Treed, on top of the stack at the gate of Grovetenders");
  level = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Level-up of Tallow Ironside");
  g_assert_nonnull (level);
  names = combo_names (ADW_COMBO_ROW (level));
  g_assert_cmpstr (names, ==, "No level-up");
  press (dialog, "_Attack");
  g_assert_null (chip (f, "treed"));
  g_assert_cmpuint (spk_board_find_deployment (spk_table_get_board (f->table), "grovetenders")->stack->len, ==, 0);
  g_assert_cmpint (faction (f, "grovetenders")->gate_health, ==, gate);
  g_assert_cmpint (chip (f, "tallow")->health, ==, 5);
  g_assert_true (chip (f, "tallow")->attacked);
}

/* War Briar with a spire reward, on the Source well at (-2, 1): the dialog
 * offers no spire or one entered by name and capacity (a table keeps no
 * spire off the board to pick from); declined, nothing is built; named,
 * that spire is built on the hex for free. */
static void
test_spire_reward (Fixture *f, gconstpointer data)
{
  SpkChip *briar = spk_chip_copy (chip (f, "war-briar"));
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *spire, *name;
  const SpkChip *built;
  guint n_chips;

  briar->health = 2;
  briar->spire_reward = TRUE;
  edit (f, briar);
  g_assert_true (spk_table_move_chip (f->table, "war-briar", -2, 1, &error));
  g_assert_true (spk_table_move_chip (f->table, "tallow", -2, 0, &error));
  g_assert_no_error (error);
  n_chips = spk_table_get_board (f->table)->chips->len;
  select_hex (f, -2, 0);
  g_assert_true (g_str_has_suffix (subtitle (f, "War Briar"),
                                   "• Spire reward: Brawnen may build a spire at (-2, 1) for free\n"
                                   "• Tallow Ironside may level up"));

  g_signal_emit_by_name (attack_button (f, "War Briar"), "clicked");
  spk_test_ui_iterate (200);
  g_assert_nonnull (dialog = open_dialog ());
  spire = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Spire reward");
  g_assert_nonnull (spire);
  names = combo_names (ADW_COMBO_ROW (spire));
  g_assert_cmpstr (names, ==, "Build no spire|Build the spire named below");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (spire)), ==, 0);
  press (dialog, "_Attack");
  g_assert_null (chip (f, "war-briar"));
  g_assert_cmpuint (spk_table_get_board (f->table)->chips->len, ==, n_chips - 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  spk_test_ui_iterate (100);
  g_assert_nonnull (chip (f, "war-briar"));
  g_signal_emit_by_name (attack_button (f, "War Briar"), "clicked");
  spk_test_ui_iterate (200);
  g_assert_nonnull (dialog = open_dialog ());
  spire = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Spire reward");
  name = spk_test_ui_find (GTK_WIDGET (dialog), spk_test_ui_is_row_titled, "Name of the spire");
  g_assert_false (gtk_widget_get_sensitive (name));
  adw_combo_row_set_selected (ADW_COMBO_ROW (spire), 1);
  g_assert_true (gtk_widget_get_sensitive (name));
  gtk_editable_set_text (GTK_EDITABLE (name), "Stone Ward");
  press (dialog, "_Attack");
  g_assert_null (chip (f, "war-briar"));
  built = chip (f, "stone-ward");
  g_assert_nonnull (built);
  g_assert_true (built->placed);
  g_assert_cmpint (built->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpint (built->q, ==, -2);
  g_assert_cmpint (built->r, ==, 1);
  g_assert_cmpstr (built->faction, ==, "brawnen");
  g_assert_cmpstr (built->name, ==, "Stone Ward");
  g_assert_cmpint (built->capacity, ==, 3);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
#define ADD(name, func) g_test_add ("/attack/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("retaliation", test_retaliation);
  ADD ("defeat-rewards", test_defeat_rewards);
  ADD ("refusals", test_refusals);
  ADD ("gate-stack", test_gate_stack);
  ADD ("spire-reward", test_spire_reward);
#undef ADD
  return g_test_run ();
}
