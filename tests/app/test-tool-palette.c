/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Tools section of the Table page on its own: the tools as a
 * registered enum, the palette's tool property driving the board view and
 * the options shown, the page following the palette, and the chip editor
 * reading back the chip it loaded, and the tool applied to a hex.
 *
 * The chip editor tests use the demo table's spire Brick and Mortars
 * (Brawnen, capacity 4, upgrades attack, range, attack). */
#include "config.h"

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-chip-editor.h"
#include "spk-table-page.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tool-palette.h"
#include "spk-window.h"

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

static void
test_enum_round_trip (void)
{
  static const char *const nicks[SPK_N_TOOLS] = { "select", "terrain", "well", "group", "chip", "fortress", "erase",
                                                  "isle" };
  g_autoptr(GEnumClass) tools = g_type_class_ref (SPK_TYPE_TOOL);

  g_assert_true (G_TYPE_IS_ENUM (SPK_TYPE_TOOL));
  g_assert_cmpuint (tools->n_values, ==, SPK_N_TOOLS);
  for (int t = 0; t < SPK_N_TOOLS; t++)
    {
      GEnumValue *by_value = g_enum_get_value (tools, t);
      GEnumValue *by_nick = g_enum_get_value_by_nick (tools, nicks[t]);

      g_assert_nonnull (by_value);
      g_assert_nonnull (by_nick);
      g_assert_cmpstr (by_value->value_nick, ==, nicks[t]);
      g_assert_cmpint (by_nick->value, ==, t);
    }
  g_assert_null (g_enum_get_value_by_nick (tools, "paint"));
}

static void
test_drives_board (void)
{
  SpkToolPalette *palette = g_object_ref_sink (g_object_new (SPK_TYPE_TOOL_PALETTE, NULL));
  SpkBoardView *view = g_object_ref_sink (g_object_new (SPK_TYPE_BOARD_VIEW, NULL));
  g_autofree char *select_hint = NULL;
  guint notified = 0;

  spk_tool_palette_set_board_view (palette, view);
  g_signal_connect (palette, "notify::tool", G_CALLBACK (count_notify), &notified);
  g_assert_cmpint (spk_tool_palette_get_tool (palette), ==, SPK_TOOL_SELECT);
  g_assert_false (spk_board_view_get_edit_mode (view));
  select_hint = g_strdup (spk_tool_palette_get_hint_text (palette));
  g_assert_true (g_str_has_prefix (select_hint, "Click a hex to see what is there."));

  /* The Terrain tool reaches into the sky; notified once per change. */
  g_object_set (palette, "tool", SPK_TOOL_TERRAIN, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (spk_board_view_get_edit_mode (view));
  g_assert_cmpstr (spk_tool_palette_get_hint_text (palette), ==,
                   "Click or drag to paint terrain. Painting the sky lays new hexes in the group below.");
  g_object_set (palette, "tool", SPK_TOOL_TERRAIN, NULL);
  g_assert_cmpuint (notified, ==, 1);

  /* The action the tool buttons use, with the enum's nicks. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (palette), "palette.tool", "s", "erase"));
  g_assert_cmpint (spk_tool_palette_get_tool (palette), ==, SPK_TOOL_ERASE);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_false (spk_board_view_get_edit_mode (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (palette), "palette.tool", "s", "isle"));
  g_assert_true (spk_board_view_get_edit_mode (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (palette), "palette.tool", "s", "select"));
  g_assert_false (spk_board_view_get_edit_mode (view));
  g_assert_cmpstr (spk_tool_palette_get_hint_text (palette), ==, select_hint);

  g_object_unref (palette);
  g_object_unref (view);
}

static gboolean
row_shown (GtkWidget *root, const char *title)
{
  GtkWidget *row = spk_test_ui_find (root, spk_test_ui_is_row_titled, title);

  g_assert_nonnull (row);
  /* Shown when it and what holds it in the palette are. */
  for (GtkWidget *w = row; w != NULL && w != root; w = gtk_widget_get_parent (w))
    if (!gtk_widget_get_visible (w))
      return FALSE;
  return TRUE;
}

/* Each tool's options, as the template binds them to the tool. */
static void
test_options_follow_tool (void)
{
  SpkToolPalette *palette = g_object_ref_sink (g_object_new (SPK_TYPE_TOOL_PALETTE, NULL));
  GtkWidget *root = GTK_WIDGET (palette);
  GtkWidget *editor = GTK_WIDGET (spk_tool_palette_get_chip_editor (palette));

  g_assert_false (gtk_widget_get_visible (editor));
  g_assert_false (row_shown (root, "_Terrain"));
  g_assert_false (row_shown (root, "Group"));

  spk_tool_palette_set_tool (palette, SPK_TOOL_TERRAIN);
  g_assert_true (row_shown (root, "_Terrain"));
  g_assert_true (row_shown (root, "Group"));
  g_assert_false (row_shown (root, "I_sle"));
  g_assert_cmpstr (spk_tool_palette_get_group (palette), ==, "isle-new");

  spk_tool_palette_set_tool (palette, SPK_TOOL_GROUP);
  g_assert_false (row_shown (root, "_Terrain"));
  g_assert_true (row_shown (root, "Group"));

  spk_tool_palette_set_tool (palette, SPK_TOOL_ISLE);
  g_assert_true (row_shown (root, "I_sle"));
  g_assert_true (row_shown (root, "Name to save the selected isle as"));
  g_assert_false (row_shown (root, "Group"));
  g_assert_false (gtk_widget_get_visible (editor));

  /* The Fortress tool asks only for the faction. */
  spk_tool_palette_set_tool (palette, SPK_TOOL_FORTRESS);
  g_assert_true (gtk_widget_get_visible (editor));
  g_assert_true (row_shown (root, "_Faction"));
  g_assert_false (row_shown (root, "_Kind"));
  g_assert_false (row_shown (root, "Name"));

  spk_tool_palette_set_tool (palette, SPK_TOOL_CHIP);
  g_assert_true (row_shown (root, "_Faction"));
  g_assert_true (row_shown (root, "_Kind"));
  g_assert_true (row_shown (root, "Name"));
  g_assert_false (row_shown (root, "I_sle"));

  g_object_unref (palette);
}

/* page.tool and the palette are one tool. */
static void
test_page_follows_palette (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkTablePage *page = SPK_TABLE_PAGE (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TABLE_PAGE));
  SpkToolPalette *palette = SPK_TOOL_PALETTE (spk_test_ui_find_type (GTK_WIDGET (page), SPK_TYPE_TOOL_PALETTE));
  SpkBoardView *view = spk_table_page_get_board_view (page);
  SpkTool tool;
  guint notified = 0;

  g_signal_connect (page, "notify::tool", G_CALLBACK (count_notify), &notified);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.tool", "s", "fortress"));
  g_assert_cmpint (spk_tool_palette_get_tool (palette), ==, SPK_TOOL_FORTRESS);
  g_assert_true (spk_board_view_get_edit_mode (view));
  g_assert_cmpuint (notified, ==, 1);

  spk_tool_palette_set_tool (palette, SPK_TOOL_WELL);
  g_object_get (page, "tool", &tool, NULL);
  g_assert_cmpint (tool, ==, SPK_TOOL_WELL);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_false (spk_board_view_get_edit_mode (view));
  g_assert_cmpstr (spk_table_page_get_tool_text (page), ==, "Click a hex to add or remove its Source well.");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The editor reads back what it loaded, only the fields of the chip's
 * kind; a reset keeps the kind and clears the one-off fields. */
static void
test_chip_editor_round_trip (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkToolPalette *palette = SPK_TOOL_PALETTE (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TOOL_PALETTE));
  SpkChipEditor *editor = spk_tool_palette_get_chip_editor (palette);
  SpkTable *table = spk_window_get_table (window);
  const SpkChip *spire = spk_board_find_chip (spk_table_get_board (table), "brick-and-mortars");
  g_autoptr(SpkChip) read = NULL;
  g_autoptr(SpkChip) fresh = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (spire);
  spk_chip_editor_load (editor, spire);
  g_assert_cmpstr (spk_chip_editor_get_faction (editor), ==, "brawnen");
  read = spk_chip_editor_build (editor, spire->id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  g_assert_cmpstr (read->id, ==, "brick-and-mortars");
  g_assert_cmpstr (read->name, ==, "Brick and Mortars");
  g_assert_cmpint (read->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpstr (read->faction, ==, "brawnen");
  g_assert_cmpint (read->capacity, ==, 4);
  g_assert_cmpuint (read->upgrades->len, ==, 3);
  g_assert_cmpint (g_array_index (read->upgrades, SpkUpgrade, 1), ==, SPK_UPGRADE_RANGE);
  /* A spire has no movement field: it is not read. */
  g_assert_cmpint (read->movement, ==, 0);

  spk_chip_editor_reset (editor);
  fresh = spk_chip_editor_build (editor, NULL, &error);
  g_assert_no_error (error);
  /* Named after its kind, numbered past the ids in use. */
  g_assert_cmpstr (fresh->id, ==, "spire");
  g_assert_cmpint (fresh->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpuint (fresh->upgrades->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
save_message (SpkToolPalette *palette, const char *text, gboolean undo, char **out)
{
  g_free (*out);
  *out = g_strdup_printf ("%s%s", text, undo ? " [Undo]" : "");
}

/* A click with the Well tool toggles the hex's well through the model and
 * says so with Undo; a paint stroke is one step, said once. The Select
 * tool leaves clicks to the board. */
static void
test_apply (void)
{
  SpkWindow *window = spk_test_window_new ();
  SpkToolPalette *palette = SPK_TOOL_PALETTE (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_TOOL_PALETTE));
  SpkTable *table = spk_window_get_table (window);
  g_autofree char *said = NULL;
  guint steps = spk_table_get_history_length (table);

  g_signal_connect (palette, "message", G_CALLBACK (save_message), &said);
  g_assert_false (spk_tool_palette_apply (palette, spk_hex_make (-3, 1)));
  g_assert_null (said);

  spk_tool_palette_set_tool (palette, SPK_TOOL_WELL);
  g_assert_true (spk_tool_palette_apply (palette, spk_hex_make (-3, 1)));
  g_assert_cmpuint (spk_table_get_history_length (table), ==, steps + 1);
  g_assert_nonnull (said);
  g_assert_true (g_str_has_suffix (said, " [Undo]"));

  g_clear_pointer (&said, g_free);
  spk_tool_palette_stroke (palette, TRUE);
  g_assert_true (spk_tool_palette_apply (palette, spk_hex_make (-3, 1)));
  g_assert_true (spk_tool_palette_apply (palette, spk_hex_make (-3, 1)));
  g_assert_null (said);
  spk_tool_palette_stroke (palette, FALSE);
  g_assert_cmpuint (spk_table_get_history_length (table), ==, steps + 3);
  g_assert_nonnull (said);
  /* One Undo takes the whole stroke back. */
  g_assert_cmpuint (spk_table_get_undo_steps (table), ==, 2);
  g_assert_true (spk_table_undo (table, NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, steps + 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);

  g_test_add_func ("/tool-palette/enum-round-trip", test_enum_round_trip);
  g_test_add_func ("/tool-palette/drives-board", test_drives_board);
  g_test_add_func ("/tool-palette/options-follow-tool", test_options_follow_tool);
  g_test_add_func ("/tool-palette/page-follows-palette", test_page_follows_palette);
  g_test_add_func ("/tool-palette/chip-editor-round-trip", test_chip_editor_round_trip);
  g_test_add_func ("/tool-palette/apply", test_apply);
  return g_test_run ();
}
