/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Table page's Selection, Spire and Deployment Stack sections driven
 * through their own API, on the demo table: Brick and Mortars is
 * Brawnen's spire, Dispatch a minion of theirs, and Brawnen's deployment
 * stack holds Battleborn over Mudlark; the factions are Brawnen and
 * Grovetenders, in that order. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "spk-answer-text.h"
#include "spk-influence.h"
#include "spk-isle-section.h"
#include "spk-isle-template.h"
#include "spk-overlay-section.h"
#include "spk-selection-section.h"
#include "spk-spire-section.h"
#include "spk-stack-section.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkWindow *window;
  SpkTable  *table;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *templates = spk_isle_templates_default_path ();

  /* No isle templates saved by an earlier run. */
  g_unlink (templates);
  f->window = spk_test_window_new ();
  f->table = spk_window_get_table (f->window);
  spk_test_ui_iterate (100);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static GtkWidget *
section (Fixture *f, GType type)
{
  GtkWidget *found = spk_test_ui_find_type (GTK_WIDGET (f->window), type);

  g_assert_nonnull (found);
  return found;
}

static void
save_message (GtkWidget *widget, const char *text, gboolean undo, char **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

/* A minion's terms, in order; nothing selected offers none. */
static void
test_selection_terms (void)
{
  SpkSelectionSection *selection = g_object_ref_sink (g_object_new (SPK_TYPE_SELECTION_SECTION, NULL));
  g_autoptr(SpkChip) minion = spk_chip_new ("scout", SPK_CHIP_MINION);
  const char *const expected[] = { "Minion", "Blocked", "Invalid Hex", "Flying", NULL };
  g_auto(GStrv) terms = NULL;
  g_auto(GStrv) none = NULL;

  g_ptr_array_add (minion->talents, g_strdup ("Flying"));
  spk_selection_section_show (selection, NULL, minion, "Scout, a minion");
  terms = spk_selection_section_get_terms (selection);
  g_assert_cmpstrv (terms, expected);
  g_assert_cmpstr (spk_selection_section_get_text (selection), ==, "Scout, a minion");

  spk_selection_section_show (selection, NULL, NULL, "");
  none = spk_selection_section_get_terms (selection);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_cmpstr (spk_selection_section_get_text (selection), ==,
                   "Click a hex, or use the arrow keys and Enter on the board; + and − zoom, 0 fits.");
  g_object_unref (selection);
}

/* docs/talents.md: each talent of the selected chip is marked as applied
 * or as a reminder; an unknown one says so; no talents, no group. */
static void
test_selection_talents (void)
{
  SpkSelectionSection *selection = g_object_ref_sink (g_object_new (SPK_TYPE_SELECTION_SECTION, NULL));
  g_autoptr(SpkChip) minion = spk_chip_new ("brier", SPK_CHIP_MINION);
  const char *const expected[] = {
    "Engage: Applied: opposing units that can attack it must attack it.",
    "Tough: Reminder: retaliation on it is reduced; enter the reduced retaliation.",
    "Elfin: Not in the app's list: check the reference sheet.",
    NULL
  };
  g_auto(GStrv) talents = NULL;
  g_auto(GStrv) none = NULL;
  GtkWidget *window;

  g_ptr_array_add (minion->talents, g_strdup ("Engage"));
  g_ptr_array_add (minion->talents, g_strdup ("Tough"));
  g_ptr_array_add (minion->talents, g_strdup ("Elfin"));
  spk_selection_section_show (selection, NULL, minion, "Brier, a minion");
  talents = spk_selection_section_get_talents (selection);
  g_assert_cmpstrv (talents, expected);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (selection));
  gtk_window_present (GTK_WINDOW (window));
  spk_test_ui_wait_mapped (window);
  g_free (spk_test_ui_screenshot (window, "selection-talents"));
  gtk_window_set_child (GTK_WINDOW (window), NULL);
  gtk_window_destroy (GTK_WINDOW (window));

  spk_selection_section_show (selection, NULL, NULL, "");
  none = spk_selection_section_get_talents (selection);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_object_unref (selection);
}

static gboolean
is_copy_button (GtkWidget *widget, const char *data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-copy-symbolic") == 0;
}

/* Shown for a spire only; a refused purchase says the model's reason,
 * the one its row shows; Copy as Text says it too. */
static void
test_spire (Fixture *f, gconstpointer data)
{
  SpkSpireSection *spire = SPK_SPIRE_SECTION (section (f, SPK_TYPE_SPIRE_SECTION));
  const SpkChip *before = spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars");
  guint upgrades = before->upgrades->len;
  g_autofree char *said = NULL;
  GtkWidget *row;

  spk_spire_section_set_chip (spire, "dispatch");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (spire)));
  spk_spire_section_set_chip (spire, "brick-and-mortars");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (spire)));
  row = spk_test_ui_find (GTK_WIDGET (spire), spk_test_ui_is_row_titled, "Range Upgrade");
  g_assert_nonnull (row);

  /* The demo table starts in a phase without building. */
  g_assert_cmpint (spk_table_get_phase (f->table), !=, SPK_PHASE_BUILD);
  g_signal_connect (spire, "message", G_CALLBACK (save_message), &said);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (spire), "spire.buy", "i", SPK_UPGRADE_RANGE));
  g_assert_nonnull (said);
  g_assert_cmpstr (said, ==, adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_assert_cmpuint (spk_board_find_chip (spk_table_get_board (f->table), "brick-and-mortars")->upgrades->len, ==,
                    upgrades);

  {
    GtkWidget *copy = spk_test_ui_find (GTK_WIDGET (spire), is_copy_button, NULL);
    g_autofree char *text = NULL;
    g_autofree char *expected = spk_spire_answer_text (f->table, "brick-and-mortars");
    g_autofree char *range = g_strdup_printf ("  Range upgrade: not now. %s\n", said);

    g_assert_nonnull (copy);
    g_signal_emit_by_name (copy, "clicked");
    text = spk_test_ui_read_clipboard (GTK_WIDGET (spire));
    g_assert_cmpstr (text, ==, expected);
    g_assert_nonnull (strstr (text, range));
    g_assert_true (g_str_has_prefix (text, "Brick and Mortars (spire, Brawnen) at ("));
  }

  spk_spire_section_set_chip (spire, NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (spire)));
}

/* Only in the Prep Phase; the stack as the table has it, top first. */
/* The id of the unit at @i of @faction's stack on the table. */
static const char *
table_stack_unit (Fixture *f, const char *faction, guint i)
{
  const SpkDeployment *d = spk_board_find_deployment (spk_table_get_board (f->table), faction);

  g_assert_nonnull (d);
  g_assert_cmpuint (i, <, d->stack->len);
  return g_ptr_array_index (d->stack, i);
}

static void
test_stack (Fixture *f, gconstpointer data)
{
  SpkStackSection *stack = SPK_STACK_SECTION (section (f, SPK_TYPE_STACK_SECTION));
  g_autoptr(GPtrArray) units = spk_stack_section_units_of (spk_table_get_board (f->table), "brawnen");
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (units->len, ==, 2);
  g_assert_cmpstr (((SpkChip *) g_ptr_array_index (units, 0))->id, ==, "battleborn");
  g_assert_cmpstr (((SpkChip *) g_ptr_array_index (units, 1))->id, ==, "mudlark");

  spk_stack_section_show_faction (stack, "brawnen", TRUE);
  if (spk_table_get_phase (f->table) != SPK_PHASE_PREP)
    {
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (stack)));
      g_assert_null (spk_stack_section_get_text (stack));
    }
  while (spk_table_get_phase (f->table) != SPK_PHASE_PREP)
    g_assert_true (spk_table_advance_phase (f->table, &error));
  spk_stack_section_show_faction (stack, "brawnen", TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (stack)));
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (stack), spk_test_ui_is_row_titled, "Battleborn"));
  g_assert_true (g_str_has_suffix (spk_stack_section_get_text (stack), " CP spent.\nThe stack follows the rules."));

  /* Battleborn down: edited, not applied. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (stack), "stack.down", "i", 0));
  g_assert_cmpstr (table_stack_unit (f, "brawnen", 0), ==, "battleborn");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (stack), "stack.apply", NULL));
  g_assert_cmpstr (table_stack_unit (f, "brawnen", 0), ==, "mudlark");
  g_assert_cmpstr (table_stack_unit (f, "brawnen", 1), ==, "battleborn");

  spk_stack_section_show_faction (stack, NULL, FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (stack)));
  g_assert_null (spk_stack_section_get_text (stack));
}

static void
count_notify (guint *count)
{
  (*count)++;
}

static gboolean
is_label (GtkWidget *widget, const char *text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* How many hexes the engine says @faction influences, with its buildable
 * wells: what the influence layer shows. */
static guint
influence_marks (Fixture *f, const char *faction)
{
  g_autoptr(SpkInfluence) influence = spk_influence_compute (spk_table_get_board (f->table), faction, NULL);

  g_assert_nonnull (influence);
  return influence->hexes->len + influence->buildable_wells->len;
}

/* The influence layer follows the switch and the faction; the faction is
 * a property notified once per real change. */
static void
test_overlays (Fixture *f, gconstpointer data)
{
  SpkOverlaySection *overlays = SPK_OVERLAY_SECTION (section (f, SPK_TYPE_OVERLAY_SECTION));
  SpkBoardView *view = SPK_BOARD_VIEW (section (f, SPK_TYPE_BOARD_VIEW));
  GtkWidget *row = spk_test_ui_find (GTK_WIDGET (overlays), spk_test_ui_is_row_titled, "_Influence");
  GtkSwitch *influence = GTK_SWITCH (spk_test_ui_find_type (row, GTK_TYPE_SWITCH));
  g_autoptr(GArray) before = spk_board_view_get_marked (view, SPK_BOARD_LAYER_INFLUENCE);
  g_autoptr(GArray) brawnen = NULL;
  g_autoptr(GArray) grovetenders = NULL;
  g_autofree char *property = NULL;
  guint notified = 0;

  g_assert_cmpstr (spk_overlay_section_get_faction (overlays), ==, "brawnen");
  g_assert_cmpuint (before->len, ==, 0);
  gtk_switch_set_active (influence, TRUE);
  brawnen = spk_board_view_get_marked (view, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmpuint (brawnen->len, >, 0);
  g_assert_cmpuint (brawnen->len, ==, influence_marks (f, "brawnen"));

  g_signal_connect_swapped (overlays, "notify::faction", G_CALLBACK (count_notify), &notified);
  spk_overlay_section_set_faction (overlays, "grovetenders");
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (overlays, "faction", &property, NULL);
  g_assert_cmpstr (property, ==, "grovetenders");
  grovetenders = spk_board_view_get_marked (view, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmpuint (grovetenders->len, ==, influence_marks (f, "grovetenders"));
  spk_overlay_section_set_faction (overlays, "grovetenders");
  spk_overlay_section_set_faction (overlays, "nobody");
  g_assert_cmpuint (notified, ==, 1);
}

/* Before any template of the player's, the game's Isle 1 comes first;
 * over the map a click selects; laying over hexes is refused; turning says
 * so once and shows in the orientation row. Without the built-ins the
 * preview says what to do. */
static void
test_isles (Fixture *f, gconstpointer data)
{
  SpkIsleSection *isles = SPK_ISLE_SECTION (section (f, SPK_TYPE_ISLE_SECTION));
  g_autofree char *sky = spk_isle_section_preview (isles, spk_hex_make (9, 9));
  g_autofree char *map = spk_isle_section_preview (isles, spk_hex_make (-3, 0));
  g_autofree char *empty_dir = g_dir_make_tmp ("spk-templates-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  guint turned = 0;

  g_assert_cmpstr (sky, ==, "Click to lay “Isle 1” here.");
  g_assert_true (g_str_has_prefix (map, "A click here selects this hex"));
  g_assert_false (spk_isle_section_lay (isles, spk_hex_make (-3, 0), TRUE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  {
    g_autoptr(SpkIsleSection) bare = NULL;
    g_autofree char *none = NULL;

    g_setenv ("SPK_TEMPLATES_DIR", empty_dir, TRUE);
    bare = g_object_ref_sink (g_object_new (SPK_TYPE_ISLE_SECTION, NULL));
    g_unsetenv ("SPK_TEMPLATES_DIR");
    spk_isle_section_set_table (bare, f->table);
    spk_isle_section_set_board_view (bare, SPK_BOARD_VIEW (section (f, SPK_TYPE_BOARD_VIEW)));
    none = spk_isle_section_preview (bare, spk_hex_make (9, 9));
    g_assert_cmpstr (none, ==, "No isle to lay yet: select a hex of an isle and save it below.");
    g_rmdir (empty_dir);
  }

  g_signal_connect_swapped (isles, "turned", G_CALLBACK (count_notify), &turned);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (isles), "isle.turn", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (isles), "isle.mirror", NULL));
  g_assert_cmpuint (turned, ==, 2);
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (isles), is_label, "Turned 60° and mirrored"));
}

/* The game's Isle 1, laid on an empty table through the section as one
 * step with a message offering Undo, and undone. */
static void
test_builtin_isle (void)
{
  g_autoptr(GError) error = NULL;
  /* As Empty Board starts: two fortresses, no hex. */
  g_autoptr(SpkTable) table = spk_table_new_from_data (
    "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 2,"
    " \"factions\": [{\"id\": \"red\", \"mark\": \"blue\"}, {\"id\": \"blue\", \"mark\": \"red\"}],"
    " \"hexes\": [], \"chips\": [],"
    " \"fortresses\": [{\"faction\": \"red\", \"gate\": [-4, 0]}, {\"faction\": \"blue\", \"gate\": [4, 0]}]}",
    -1, &error);
  g_autoptr(SpkIsleSection) isles = g_object_ref_sink (g_object_new (SPK_TYPE_ISLE_SECTION, NULL));
  AdwComboRow *chooser = ADW_COMBO_ROW (spk_test_ui_find_type (GTK_WIDGET (isles), ADW_TYPE_COMBO_ROW));
  g_autofree char *said = NULL;
  const SpkBoard *board;
  guint wells = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (chooser)), 0), ==,
                   "Isle 1 (built-in)");
  g_assert_cmpuint (adw_combo_row_get_selected (chooser), ==, 0);
  spk_isle_section_set_table (isles, table);
  g_signal_connect (isles, "message", G_CALLBACK (save_message), &said);
  g_assert_true (spk_isle_section_lay (isles, spk_hex_make (1, -2), TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (said, ==, "Isle “Isle 1” laid at (1, -2), 13 hexes");
  board = spk_table_get_board (table);
  g_assert_cmpuint (board->hexes->len, ==, 13);
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (board->hexes, i);

      g_assert_cmpstr (h->group, ==, "isle-1-1");
      g_assert_cmpint (spk_hex_distance (spk_hex_make (h->q, h->r), spk_hex_make (0, 0)), <=, 2);
      if (h->well)
        {
          /* Its one Source well is in the forest at its centre. */
          g_assert_cmpint (h->q, ==, 0);
          g_assert_cmpint (h->r, ==, 0);
          g_assert_cmpint (h->terrain, ==, SPK_TERRAIN_FOREST);
          wells++;
        }
    }
  g_assert_cmpuint (wells, ==, 1);
  g_assert_true (spk_table_undo (table, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_board (table)->hexes->len, ==, 0);
  g_assert_false (spk_table_can_undo (table));
}

/* The game's Earthscape 10, chosen while Brawnen has bought an
 * earthscape: laid where the earthscaping rules let Brawnen lay it, as
 * Brawnen's step, using up the purchase (R-tiles-3). */
static void
test_builtin_earthscape (Fixture *f, gconstpointer data)
{
  SpkIsleSection *isles = SPK_ISLE_SECTION (section (f, SPK_TYPE_ISLE_SECTION));
  AdwComboRow *chooser = ADW_COMBO_ROW (spk_test_ui_find_type (GTK_WIDGET (isles), ADW_TYPE_COMBO_ROW));
  guint n_hexes = spk_table_get_board (f->table)->hexes->len;
  g_autoptr(GError) error = NULL;
  const SpkFaction *brawnen;
  gboolean laid = FALSE;

  while (spk_table_get_phase (f->table) != SPK_PHASE_MARKET)
    g_assert_true (spk_table_advance_phase (f->table, NULL));
  g_assert_true (spk_table_buy_earthscape (f->table, "brawnen", &error));
  g_assert_no_error (error);
  adw_combo_row_set_selected (chooser, 4);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (chooser)), 4), ==,
                   "Earthscape 10 (built-in)");
  /* Over open sky far from Brawnen's spires, the rules refuse it. */
  {
    g_autofree char *far = spk_isle_section_preview (isles, spk_hex_make (30, 30));

    g_assert_true (g_str_has_prefix (far, "Brawnen cannot lay “Earthscape 10” here"));
    g_assert_false (spk_isle_section_lay (isles, spk_hex_make (30, 30), TRUE, &error));
    g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_EARTHSCAPE);
    g_clear_error (&error);
  }
  /* The first place, row by row, where the preview says it may go. */
  for (int r = -8; !laid && r <= 8; r++)
    for (int q = -12; !laid && q <= 12; q++)
      {
        g_autofree char *text = spk_isle_section_preview (isles, spk_hex_make (q, r));

        if (!g_str_has_prefix (text, "Click to lay “Earthscape 10” here for Brawnen"))
          continue;
        g_assert_true (spk_isle_section_lay (isles, spk_hex_make (q, r), TRUE, &error));
        g_assert_no_error (error);
        laid = TRUE;
      }
  g_assert_true (laid);
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes + 3);
  brawnen = spk_board_find_faction (spk_table_get_board (f->table), "brawnen");
  g_assert_false (g_ptr_array_find_with_equal_func (brawnen->purchases, "Earthscape", g_str_equal, NULL));
  g_assert_true (g_str_has_prefix (spk_table_get_undo_label (f->table), "Brawnen: laid earthscape-10-1 (3 hexes)"));
  g_assert_true (spk_table_undo (f->table, &error));
  g_assert_cmpuint (spk_table_get_board (f->table)->hexes->len, ==, n_hexes);
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
  g_test_add_func ("/sections/selection-terms", test_selection_terms);
  g_test_add_func ("/sections/selection-talents", test_selection_talents);
  g_test_add ("/sections/spire", Fixture, NULL, fixture_set_up, test_spire, fixture_tear_down);
  g_test_add ("/sections/overlays", Fixture, NULL, fixture_set_up, test_overlays, fixture_tear_down);
  g_test_add ("/sections/isles", Fixture, NULL, fixture_set_up, test_isles, fixture_tear_down);
  g_test_add_func ("/sections/builtin-isle", test_builtin_isle);
  g_test_add ("/sections/builtin-earthscape", Fixture, NULL, fixture_set_up, test_builtin_earthscape, fixture_tear_down);
  g_test_add ("/sections/stack", Fixture, NULL, fixture_set_up, test_stack, fixture_tear_down);
  return g_test_run ();
}
