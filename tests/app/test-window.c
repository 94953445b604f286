/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window: opens on the demo table, the Table page shows where a
 * minion may go (exactly the engine's answer), moves it through the model
 * and undoes it; saving and exporting write real files without blocking;
 * narrow and dark screenshots. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "spk-application.h"
#include "spk-autosave.h"
#include "spk-board-export.h"
#include "spk-board-view.h"
#include "spk-movement.h"
#include "spk-damage-section.h"
#include "spk-table-page.h"
#include "spk-tracker-page.h"
#include "spk-economy.h"
#include "spk-glossary.h"
#include "spk-isle-template.h"
#include "spk-rules-page.h"
#include "spk-search.h"
#include "spk-spire.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tool-palette.h"
#include "spk-window.h"

typedef struct {
  SpkApplication *app;
  SpkWindow      *window;
  SpkBoardView   *view;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->app = g_object_ref (spk_test_window_app ());
  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_BOARD_VIEW));
  g_assert_nonnull (f->view);
  spk_test_ui_iterate (200);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_object_unref (f->app);
}

static void
test_opens_on_demo (Fixture *f, gconstpointer data)
{
  AdwViewStack *stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));
  const SpkBoard *board = spk_table_get_board (spk_window_get_table (f->window));
  g_autofree char *shot = NULL;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "Spirekeeper");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "table");
  g_assert_nonnull (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  g_assert_nonnull (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_TOAST_OVERLAY));
  /* The demo table, shown on the board. */
  g_assert_cmpuint (board->hexes->len, ==, 45);
  g_assert_true (spk_board_view_get_board (f->view) != NULL);
  g_assert_cmpuint (spk_board_view_get_board (f->view)->chips->len, ==, board->chips->len);
  /* Nothing done yet: nothing to undo. */
  g_assert_false (spk_table_can_undo (spk_window_get_table (f->window)));
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-table");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));
}

static void
test_move_minion_and_undo (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  g_autoptr(SpkMoveResult) expected = NULL;
  g_autoptr(GArray) marked = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  const SpkMoveDestination *target;
  const SpkChip *chip;
  SpkHex hex;

  expected = spk_movement_moves (spk_table_get_board (table), NULL, "dispatch", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (expected->destinations->len, >, 0);

  /* Keyboard: focus Dispatch's hex and press Enter. */
  spk_board_view_set_focus_hex (f->view, spk_hex_make (-3, 0));
  gtk_widget_activate_action (GTK_WIDGET (f->view), "board.activate-focus", NULL);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");

  /* The highlighted set is exactly the engine's answer, in its order. */
  marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (marked->len, ==, expected->destinations->len);
  for (guint i = 0; i < marked->len; i++)
    {
      const SpkMoveDestination *d = g_ptr_array_index (expected->destinations, i);

      g_assert_true (spk_hex_equal (g_array_index (marked, SpkHex, i), d->hex));
    }
  /* Hovering a destination shows the route there. */
  {
    const SpkMoveDestination *d = g_ptr_array_index (expected->destinations, 0);
    g_autoptr(GArray) path = NULL;

    g_signal_emit_by_name (f->view, "hex-hovered", d->hex.q, d->hex.r, TRUE);
    path = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_PATH);
    g_assert_cmpuint (path->len, ==, d->n_path - 1);
    for (guint i = 0; i < path->len; i++)
      g_assert_true (spk_hex_equal (g_array_index (path, SpkHex, i), d->path[i + 1]));
  }
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-move-destinations");

  /* Enter on a destination moves the unit through the model. */
  target = g_ptr_array_index (expected->destinations, expected->destinations->len - 1);
  spk_board_view_set_focus_hex (f->view, target->hex);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "board.activate-focus", NULL);
  chip = spk_board_find_chip (spk_table_get_board (table), "dispatch");
  g_assert_cmpint (chip->q, ==, target->hex.q);
  g_assert_cmpint (chip->r, ==, target->hex.r);
  g_assert_true (spk_table_can_undo (table));
  /* The selection follows the unit, and the view shows the new board. */
  g_assert_true (spk_board_view_get_selected (f->view, &hex));
  g_assert_true (spk_hex_equal (hex, target->hex));
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  spk_test_ui_iterate (100);
  g_clear_pointer (&shot, g_free);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-moved");

  /* A hex that is not a destination is refused, and changes nothing. */
  g_assert_false (spk_table_page_move_selected (SPK_TABLE_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (f->view),
                                                                                       SPK_TYPE_TABLE_PAGE)),
                                                spk_hex_make (7, 0), &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);

  /* Undo puts it back; redo moves it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  chip = spk_board_find_chip (spk_table_get_board (table), "dispatch");
  g_assert_cmpint (chip->q, ==, -3);
  g_assert_cmpint (chip->r, ==, 0);
  g_assert_false (spk_table_can_undo (table));
  g_assert_cmpint (spk_board_find_chip (spk_board_view_get_board (f->view), "dispatch")->q, ==, -3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL));
  chip = spk_board_find_chip (spk_table_get_board (table), "dispatch");
  g_assert_cmpint (chip->q, ==, target->hex.q);
}

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  GError **error = data;

  if (!spk_window_write_finish (SPK_WINDOW (source), result, error))
    g_assert_nonnull (*error);
  else
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NONE, "done");
}

static void
wait_write (GError **error)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (*error == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (*error, G_IO_ERROR, G_IO_ERROR_NONE);
  g_clear_error (error);
}

static void
test_save_open_export (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-window-XXXXXX", NULL);
  g_autofree char *table_path = g_build_filename (dir, "saved.json", NULL);
  g_autofree char *png_path = g_build_filename (dir, "board.png", NULL);
  g_autoptr(GFile) table_file = g_file_new_for_path (table_path);
  g_autoptr(GFile) png_file = g_file_new_for_path (png_path);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *png = NULL;
  SpkTable *before = spk_window_get_table (f->window);
  gsize length;

  g_assert_true (spk_table_move_chip (before, "dispatch", -2, 0, &error));
  g_assert_no_error (error);

  spk_window_save_to (f->window, table_file, write_done, &error);
  wait_write (&error);
  spk_window_export_image (f->window, png_file, write_done, &error);
  wait_write (&error);

  /* The image is a PNG of the whole board at 48 px per hex, with its
   * caption and key. */
  g_assert_true (g_file_get_contents (png_path, &png, &length, NULL));
  g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);
  texture = gdk_texture_new_from_filename (png_path, &error);
  g_assert_no_error (error);
  /* Bounds run from the fortress well at q -8 to the one at 8, and rows
   * -3..3: 17 hexes * sqrt 3 * 48 (1414) wide and (6 * 1.5 + 2) * 48
   * (528) high, with 8 px of padding and 16 of margin around; the caption
   * above and the key below add to the height. */
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 1414 + 16 + 32);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 528 + 16 + 32 + 60);

  /* Opening the saved file brings back the moved unit and its history. */
  g_object_ref (before);
  spk_window_open_file (f->window, table_file);
  spk_test_window_wait_for_table (f->window, before);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (spk_window_get_table (f->window)), "dispatch")->q, ==, -2);
  g_assert_true (spk_table_can_undo (spk_window_get_table (f->window)));
  g_object_unref (before);

  g_unlink (table_path);
  g_unlink (png_path);
  g_rmdir (dir);
}

/* Export Board Image as SVG: the format follows the name's ending, the
 * caption carries the selected unit's answer, and a name with another
 * ending is refused with what to do. */
static void
test_export_svg (Fixture *f, gconstpointer data)
{
  static const GMarkupParser parser = { NULL, NULL, NULL, NULL, NULL };
  g_autofree char *dir = g_dir_make_tmp ("spk-window-XXXXXX", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "board.svg", NULL);
  g_autofree char *gif_path = g_build_filename (dir, "board.gif", NULL);
  g_autoptr(GFile) svg_file = g_file_new_for_path (svg_path);
  g_autoptr(GFile) gif_file = g_file_new_for_path (gif_path);
  g_autoptr(GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  const SpkChip *dispatch = spk_board_find_chip (spk_table_get_board (spk_window_get_table (f->window)), "dispatch");
  SpkHex hex = spk_hex_make (dispatch->q, dispatch->r);
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;
  gsize length;

  spk_board_view_select (f->view, &hex);
  spk_test_ui_iterate (50);
  spk_window_export_image (f->window, svg_file, write_done, &error);
  wait_write (&error);
  g_assert_true (g_file_get_contents (svg_path, &svg, &length, NULL));
  g_assert_true (g_markup_parse_context_parse (ctx, svg, (gssize) length, &error));
  g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg, "<svg "));
  g_assert_null (strstr (svg, "<image"));
  g_assert_nonnull (strstr (svg, "<desc>Wave 1 of 4 · Set-up\nDispatch (minion, Brawnen) at "));

  spk_window_export_image (f->window, gif_file, write_done, &error);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, SPK_BOARD_EXPORT_ERROR, SPK_BOARD_EXPORT_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==, "“board.gif” names no picture format: end the file name in .png or .svg");
  g_assert_false (g_file_test (gif_path, G_FILE_TEST_EXISTS));

  g_unlink (svg_path);
  g_rmdir (dir);
}

static void
assert_tracker_matches (SpkTrackerPage *tracker, SpkTable *table)
{
  const SpkBoard *board = spk_table_get_board (table);
  g_autofree char *header = g_strdup_printf ("Wave %d of %d: %s", board->wave, spk_table_get_waves (table),
                                             spk_phase_label (spk_table_get_phase (table)));

  g_assert_cmpstr (spk_tracker_page_get_header (tracker), ==, header);
  for (guint i = 0; i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);
      g_autofree char *source = g_strdup_printf ("%d / 20", f->source);
      g_autofree char *gate = g_strdup_printf ("%d / 10", f->gate_health);
      g_autofree char *cp = g_strdup_printf ("%d", f->cp);

      g_assert_cmpstr (spk_tracker_page_get_value (tracker, f->id, "source"), ==, source);
      g_assert_cmpstr (spk_tracker_page_get_value (tracker, f->id, "gate"), ==, gate);
      g_assert_cmpstr (spk_tracker_page_get_value (tracker, f->id, "cp"), ==, cp);
    }
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (tracker), ==, g_list_model_get_n_items (spk_table_get_log (table)));
}

static void
test_tracker_next_phase (Fixture *f, gconstpointer data)
{
  AdwViewStack *stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));
  SpkTrackerPage *tracker = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  SpkTable *table = spk_window_get_table (f->window);
  g_autofree char *shot = NULL, *end_shot = NULL;
  guint brawnen_steps = 0, steps;
  GListModel *log;
  int waves = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "tracker");
  assert_tracker_matches (tracker, table);
  g_assert_null (spk_tracker_page_get_end_text (tracker));
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "spires"), ==, "1 / 6");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "heroes"), ==, "1 / 1");

  /* Next Phase applies the rules through the model; the cards follow. */
  steps = spk_table_get_history_length (table);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.next-phase", NULL));
  g_assert_cmpuint (spk_table_get_history_length (table), ==, steps + 1);
  assert_tracker_matches (tracker, table);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.next-phase", NULL));
  assert_tracker_matches (tracker, table);
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker");

  /* The log filtered to one faction lists only that faction's steps. */
  g_assert_true (spk_table_set_source (table, "brawnen", 3, NULL, NULL));
  log = spk_table_get_log (table);
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(SpkLogEntry) entry = g_list_model_get_item (log, i);

      brawnen_steps += g_strcmp0 (spk_log_entry_get_faction (entry), "brawnen") == 0;
    }
  g_assert_cmpuint (brawnen_steps, ==, 1);
  spk_tracker_page_filter_log (tracker, "brawnen");
  g_assert_cmpuint (spk_tracker_page_get_n_log_rows (tracker), ==, brawnen_steps);
  spk_tracker_page_filter_log (tracker, NULL);
  assert_tracker_matches (tracker, table);

  /* Play the phases out with Brawnen's gate damaged: the end panel names
   * the winner and the step that decided. */
  g_assert_true (spk_table_set_gate_health (table, "brawnen", 7, NULL, NULL));
  while (!spk_table_get_game_over (table) && waves++ < 100)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.next-phase", NULL));
  g_assert_true (spk_table_get_game_over (table));
  assert_tracker_matches (tracker, table);
  g_assert_nonnull (spk_tracker_page_get_end_text (tracker));
  g_assert_cmpuint (spk_table_get_board (table)->winners->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (spk_table_get_board (table)->winners, 0), ==, "grovetenders");
  g_assert_cmpstr (spk_tracker_page_get_end_text (tracker), ==, "Winner: Grovetenders\nDecided by fortress power.");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "power"), ==, "7");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "grovetenders", "power"), ==, "10");
  spk_test_ui_iterate (100);
  end_shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker-game-over");
}

static gboolean
is_label_text (GtkWidget *widget, const char *data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static void
test_rules_search_and_links (Fixture *f, gconstpointer data)
{
  AdwViewStack *stack = ADW_VIEW_STACK (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));
  SpkRulesPage *rules = SPK_RULES_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_RULES_PAGE));
  GtkWidget *entry = spk_test_ui_find_type (GTK_WIDGET (rules), GTK_TYPE_SEARCH_ENTRY);
  g_autofree char *pack = spk_glossary_find_pack ("cloudspire");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) glossary = spk_glossary_load (pack, NULL, &error);
  g_autoptr(SpkSearchIndex) index = NULL;
  g_autoptr(GPtrArray) hits = NULL, links = g_ptr_array_new ();
  g_autofree char *first = NULL, *shot = NULL, *narrow = NULL;
  const SpkGlossaryEntry *e;
  const char *const *shown;
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  g_assert_no_error (error);
  index = spk_search_index_new (glossary);
  while (!spk_rules_page_is_ready (rules) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (spk_rules_page_is_ready (rules));

  /* Ctrl+F (and "/") go to the Rules page with the search entry focused. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.search-rules", NULL));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "rules");
  spk_test_ui_iterate (200);
  g_assert_nonnull (gtk_root_get_focus (GTK_ROOT (f->window)));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), entry));

  /* Results as you type are the search index's answer, in its order. */
  spk_rules_page_search (rules, "influence");
  hits = spk_search_index_query (index, "influence", 40);
  g_assert_cmpuint (hits->len, >, 0);
  g_assert_cmpuint (spk_rules_page_get_n_results (rules), ==, hits->len);
  for (guint i = 0; i < hits->len; i++)
    g_assert_cmpstr (spk_rules_page_get_result (rules, i), ==,
                     ((SpkSearchResult *) g_ptr_array_index (hits, i))->entry->id);

  /* A player's word the pack's concept map knows says how it was read. */
  spk_rules_page_search (rules, "kill ");
  g_assert_cmpstr (spk_rules_page_get_result (rules, 0), ==, "defeat");
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (rules), is_label_text, "matched “kill” as Defeat"));
  /* A result found through the questions players asked says which one
   * the question was like (R-rules-12). */
  spk_rules_page_search (rules, "my little guy is stuck next to a lake");
  g_assert_nonnull (spk_test_ui_find (GTK_WIDGET (rules), is_label_text,
                                      "asked like “my little guy is stuck behind a mountain, what now”"));

  /* The entry shows its see-also links, then its backlinks. */
  first = g_strdup (spk_rules_page_get_result (rules, 0));
  g_assert_true (spk_rules_page_open (rules, first));
  g_assert_cmpstr (spk_rules_page_get_current (rules), ==, first);
  e = spk_glossary_lookup (glossary, first);
  for (guint i = 0; e->see_also[i] != NULL; i++)
    g_ptr_array_add (links, e->see_also[i]);
  for (guint i = 0; i < e->backlinks->len; i++)
    g_ptr_array_add (links, ((SpkGlossaryEntry *) g_ptr_array_index (e->backlinks, i))->id);
  shown = spk_rules_page_get_links (rules);
  g_assert_nonnull (shown);
  g_assert_cmpuint (g_strv_length ((char **) shown), ==, links->len);
  for (guint i = 0; i < links->len; i++)
    g_assert_cmpstr (shown[i], ==, g_ptr_array_index (links, i));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-rules");

  /* Follow the first link, then back and forward. */
  g_assert_cmpuint (links->len, >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rules), "rules.open", "s", shown[0]));
  g_assert_cmpstr (spk_rules_page_get_current (rules), ==, g_ptr_array_index (links, 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rules), "rules.back", NULL));
  g_assert_cmpstr (spk_rules_page_get_current (rules), ==, first);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (rules), "rules.forward", NULL));
  g_assert_cmpstr (spk_rules_page_get_current (rules), ==, g_ptr_array_index (links, 0));

  /* A quick-reference table opens as a table. */
  spk_rules_page_search (rules, "");
  g_assert_true (g_str_has_prefix (spk_rules_page_get_result (rules, 0), "table:"));
  g_assert_true (spk_rules_page_open (rules, spk_rules_page_get_result (rules, 0)));

  /* A term offered on the board opens its best match. */
  g_clear_pointer (&hits, g_ptr_array_unref);
  hits = spk_search_index_query (index, "Forest", 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-term", "s", "Forest"));
  g_assert_cmpstr (spk_rules_page_get_current (rules), ==,
                   ((SpkSearchResult *) g_ptr_array_index (hits, 0))->entry->id);

  /* The player imports their own copy of the reference (here a stand-in
   * written for the test): its wording shows beside ours. */
  {
    g_autofree char *dir = g_dir_make_tmp ("spk-rules-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "my-rules.txt", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    const char *text = "GLOSSARY\n\nInfluence\n\nStand-in wording for a test of the importer.\n\n"
                       "Terrain\n\nAnother stand-in paragraph, also made up for the test.\n";

    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    g_assert_true (spk_rules_page_open (rules, "influence"));
    g_assert_false (spk_rules_page_has_official (rules));
    spk_window_import_rules (f->window, file);
    deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (!spk_rules_page_has_official (rules) && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (spk_rules_page_has_official (rules));
    g_assert_true (g_file_test (g_getenv ("SPK_OFFICIAL_RULES"), G_FILE_TEST_EXISTS));
    spk_test_ui_iterate (100);
    g_clear_pointer (&shot, g_free);
    shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-rules-official");
    g_unlink (path);
    g_rmdir (dir);
  }

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  spk_test_ui_iterate (500);
  narrow = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-rules-narrow");
  g_assert_true (g_file_test (narrow, G_FILE_TEST_EXISTS));
}

static gboolean
has_hex (const SpkBoard *board, int q, int r, SpkTerrain *terrain, gboolean *well, const char **group)
{
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);

      if (e->q == q && e->r == r)
        {
          if (terrain != NULL)
            *terrain = e->terrain;
          if (well != NULL)
            *well = e->well;
          if (group != NULL)
            *group = e->group;
          return TRUE;
        }
    }
  return FALSE;
}

/* The first widget under @widget (itself included) that @match accepts. */
static GtkWidget *
find_matching (GtkWidget *widget, gboolean (*match) (GtkWidget *, const char *), const char *text)
{
  if (match (widget, text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_matching (child, match, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_button_for_action (GtkWidget *widget, const char *action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_list_with_row (GtkWidget *widget, const char *title)
{
  if (GTK_IS_LIST_BOX (widget))
    for (GtkWidget *row = gtk_widget_get_first_child (widget); row != NULL; row = gtk_widget_get_next_sibling (row))
      if (ADW_IS_PREFERENCES_ROW (row) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
        return TRUE;
  return FALSE;
}

/* The list box holding a row titled @title. */
static GtkWidget *
find_list_titled (GtkWidget *widget, const char *title)
{
  return find_matching (widget, is_list_with_row, title);
}

static void
press_enter_on (SpkBoardView *view, int q, int r)
{
  SpkHex focus;

  spk_board_view_set_focus_hex (view, spk_hex_make (q, r));
  g_assert_true (spk_board_view_get_focus_hex (view, &focus));
  g_assert_cmpint (focus.q, ==, q);
  g_assert_cmpint (focus.r, ==, r);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "board.activate-focus", NULL));
}

static AdwComboRow *
combo_titled (GtkWidget *root, const char *title)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      AdwComboRow *found;

      if (ADW_IS_COMBO_ROW (w) && g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), title))
        return ADW_COMBO_ROW (w);
      if ((found = combo_titled (w, title)) != NULL)
        return found;
    }
  return NULL;
}

static GtkEditable *
entry_titled (GtkWidget *root, const char *title)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkEditable *found;

      if (ADW_IS_ENTRY_ROW (w) && g_str_equal (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), title))
        return GTK_EDITABLE (w);
      if ((found = entry_titled (w, title)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_editing_tools (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  g_autofree char *shot = NULL;
  SpkTool tool = SPK_TOOL_SELECT;
  const SpkChip *chip;
  SpkTerrain terrain = SPK_TERRAIN_PATH;
  const char *group = NULL;
  gboolean well = FALSE;
  guint steps;

  /* Terrain: Enter on the sky beside the map lays a new hex. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "terrain"));
  g_object_get (page, "tool", &tool, NULL);
  g_assert_cmpint (tool, ==, SPK_TOOL_TERRAIN);
  g_assert_true (spk_board_view_get_edit_mode (f->view));
  adw_combo_row_set_selected (combo_titled (page, "_Terrain"), SPK_TERRAIN_WATER);
  gtk_editable_set_text (entry_titled (page, "Group"), "isle-lagoon");
  g_assert_false (has_hex (spk_table_get_board (table), 3, 3, NULL, NULL, NULL));
  press_enter_on (f->view, 3, 3);
  g_assert_true (has_hex (spk_table_get_board (table), 3, 3, &terrain, NULL, &group));
  g_assert_cmpint (terrain, ==, SPK_TERRAIN_WATER);
  g_assert_cmpstr (group, ==, "isle-lagoon");
  /* ... and repaints an existing one. */
  press_enter_on (f->view, -4, 0);
  has_hex (spk_table_get_board (table), -4, 0, &terrain, NULL, &group);
  g_assert_cmpint (terrain, ==, SPK_TERRAIN_WATER);
  g_assert_cmpstr (group, ==, "isle-anvil");

  /* A paint stroke is one undo step. */
  steps = spk_table_get_history_length (table);
  g_signal_emit_by_name (f->view, "stroke", TRUE);
  press_enter_on (f->view, 4, 3);
  press_enter_on (f->view, 5, 3);
  g_signal_emit_by_name (f->view, "stroke", FALSE);
  g_assert_cmpuint (spk_table_get_history_length (table), ==, steps + 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_false (has_hex (spk_table_get_board (table), 4, 3, NULL, NULL, NULL));
  g_assert_false (has_hex (spk_table_get_board (table), 5, 3, NULL, NULL, NULL));
  g_assert_true (has_hex (spk_table_get_board (table), 3, 3, NULL, NULL, NULL));
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tool-terrain");

  /* Well: toggles the Source well. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "well"));
  g_assert_false (spk_board_view_get_edit_mode (f->view));
  press_enter_on (f->view, -3, 1);
  has_hex (spk_table_get_board (table), -3, 1, NULL, &well, NULL);
  g_assert_true (well);

  /* Group: moves a hex to the named group. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "group"));
  gtk_editable_set_text (entry_titled (page, "Group"), "isle-lagoon");
  press_enter_on (f->view, -3, 1);
  has_hex (spk_table_get_board (table), -3, 1, NULL, NULL, &group);
  g_assert_cmpstr (group, ==, "isle-lagoon");

  /* Chip: places what the editor describes on an empty hex. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "chip"));
  adw_combo_row_set_selected (combo_titled (page, "_Faction"), 1);
  adw_combo_row_set_selected (combo_titled (page, "_Kind"), SPK_CHIP_SPIRE);
  gtk_editable_set_text (entry_titled (page, "Name"), "Root Tower");
  gtk_editable_set_text (entry_titled (page, "Upgrades, top to bottom"), "range, Attack");
  press_enter_on (f->view, -3, 1);
  chip = spk_board_find_chip (spk_table_get_board (table), "root-tower");
  g_assert_nonnull (chip);
  g_assert_cmpint (chip->kind, ==, SPK_CHIP_SPIRE);
  g_assert_cmpstr (chip->faction, ==, "grovetenders");
  g_assert_cmpint (chip->q, ==, -3);
  g_assert_cmpint (chip->r, ==, 1);
  g_assert_cmpint (chip->health, ==, 0);
  g_assert_cmpint (chip->movement, ==, 0);
  g_assert_cmpuint (chip->upgrades->len, ==, 2);
  g_assert_cmpint (g_array_index (chip->upgrades, SpkUpgrade, 0), ==, SPK_UPGRADE_RANGE);
  g_assert_cmpint (g_array_index (chip->upgrades, SpkUpgrade, 1), ==, SPK_UPGRADE_ATTACK);
  /* Clicking it selects it and loads it into the editor. */
  gtk_editable_set_text (entry_titled (page, "Name"), "");
  press_enter_on (f->view, -3, 1);
  g_assert_cmpstr (gtk_editable_get_text (entry_titled (page, "Name")), ==, "Root Tower");
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "root-tower");
  spk_test_ui_iterate (100);
  g_clear_pointer (&shot, g_free);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tool-chip");

  /* On a gate, the unit joins the bottom of that deployment stack. */
  adw_combo_row_set_selected (combo_titled (page, "_Kind"), SPK_CHIP_MINION);
  gtk_editable_set_text (entry_titled (page, "Name"), "Pebble");
  gtk_editable_set_text (entry_titled (page, "Upgrades, top to bottom"), "");
  press_enter_on (f->view, -7, 0);
  {
    const SpkDeployment *d = spk_board_find_deployment (spk_table_get_board (table), "brawnen");

    g_assert_cmpuint (d->stack->len, ==, 3);
    g_assert_cmpstr (g_ptr_array_index (d->stack, 0), ==, "battleborn");
    g_assert_cmpstr (g_ptr_array_index (d->stack, 1), ==, "mudlark");
    g_assert_cmpstr (g_ptr_array_index (d->stack, 2), ==, "pebble");
    g_assert_cmpstr (spk_board_find_chip (spk_table_get_board (table), "pebble")->faction, ==, "brawnen");
    g_assert_false (spk_board_find_chip (spk_table_get_board (table), "pebble")->placed);
  }

  /* Erase: the chip first, then the hex's top layer. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "erase"));
  press_enter_on (f->view, -3, 1);
  g_assert_null (spk_board_find_chip (spk_table_get_board (table), "root-tower"));
  g_assert_true (has_hex (spk_table_get_board (table), -3, 1, NULL, NULL, NULL));
  press_enter_on (f->view, -3, 1);
  g_assert_false (has_hex (spk_table_get_board (table), -3, 1, NULL, NULL, NULL));

  /* Fortress: the gate on the sky, its wells on the far side. */
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "fortress"));
  adw_combo_row_set_selected (combo_titled (page, "_Faction"), 0);
  press_enter_on (f->view, -4, 2);
  {
    const SpkFortress *fortress = spk_board_find_fortress (spk_table_get_board (table), "brawnen");

    g_assert_cmpint (fortress->gate.q, ==, -4);
    g_assert_cmpint (fortress->gate.r, ==, 2);
    g_assert_cmpuint (fortress->wells->len, ==, 2);
    for (guint i = 0; i < 2; i++)
      g_assert_cmpint (spk_hex_distance (g_array_index (fortress->wells, SpkHex, i), fortress->gate), ==, 1);
  }
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "select"));
  g_assert_false (spk_board_view_get_edit_mode (f->view));
}

static GtkWidget *
button_labelled (GtkWidget *root, const char *label)
{
  for (GtkWidget *w = gtk_widget_get_first_child (root); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), label) == 0)
        return w;
      if ((found = button_labelled (w, label)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_isle_templates (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  g_autofree char *path = spk_isle_templates_default_path ();
  g_autoptr(SpkIsleTemplate) ridge = spk_isle_template_from_group (spk_table_get_board (table), "isle-west-ridge",
                                                                    "Ridge", NULL);
  g_autoptr(GArray) expected = spk_isle_template_place (ridge, spk_hex_make (3, 4), 2, TRUE);
  g_autofree char *shot = NULL;
  gint64 deadline;

  /* Save the isle of the selected hex under a name. */
  spk_board_view_select (f->view, &(SpkHex) { -3, 0 });
  g_assert_true (gtk_widget_activate_action (page, "page.tool", "s", "isle"));
  gtk_editable_set_text (entry_titled (page, "Name to save the selected isle as"), "Ridge");
  g_assert_nonnull (button_labelled (page, "_Save"));
  g_assert_true (spk_board_view_get_selected (f->view, NULL));
  g_signal_emit_by_name (button_labelled (page, "_Save"), "clicked");
  /* After the eight built-in tiles. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (combo_titled (page, "I_sle"))), ==, 9);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!g_file_test (path, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  /* The player's file holds only the player's own template (once it is
   * all written). */
  {
    g_autoptr(GPtrArray) own = NULL;

    while (own == NULL && g_get_monotonic_time () < deadline)
      {
        g_autofree char *saved = NULL;
        gsize length;

        if (g_file_get_contents (path, &saved, &length, NULL))
          own = spk_isle_templates_from_data (saved, length, NULL);
        if (own == NULL)
          g_main_context_iteration (NULL, TRUE);
      }
    g_assert_cmpuint (own != NULL ? own->len : 0, ==, 1);
    g_assert_cmpstr (((SpkIsleTemplate *) g_ptr_array_index (own, 0))->name, ==, "Ridge");
  }

  /* The tool buttons show which tool is on. */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button_labelled (page, "_Isle"))));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button_labelled (page, "_Select"))));

  /* Turn it twice (R), mirror it (M), and lay it on the sky: one step. */
  g_assert_true (gtk_widget_activate_action (page, "page.turn-isle", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.turn-isle", NULL));
  g_assert_true (gtk_widget_activate_action (page, "page.mirror-isle", NULL));
  press_enter_on (f->view, 3, 4);
  for (guint i = 0; i < expected->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (expected, SpkTemplateHex, i);
      SpkTerrain terrain = SPK_TERRAIN_PATH;
      const char *group = NULL;
      gboolean well = FALSE;

      g_assert_true (has_hex (spk_table_get_board (table), h->q, h->r, &terrain, &well, &group));
      g_assert_cmpint (terrain, ==, h->terrain);
      g_assert_cmpint (well, ==, h->well);
      g_assert_cmpstr (group, ==, "ridge-1");
    }
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tool-isle");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  for (guint i = 0; i < expected->len; i++)
    g_assert_false (has_hex (spk_table_get_board (table), g_array_index (expected, SpkTemplateHex, i).q,
                             g_array_index (expected, SpkTemplateHex, i).r, NULL, NULL, NULL));
  /* Laying it over existing hexes is refused and changes nothing. */
  press_enter_on (f->view, -3, -1);
  g_assert_false (has_hex (spk_table_get_board (table), -3, -1, NULL, NULL, NULL));
  g_unlink (path);
}

/* The demo table moved on to wave 1's Onslaught Phase, brawnen to play. */
static void
to_onslaught (SpkTable *table)
{
  while (spk_table_get_phase (table) != SPK_PHASE_ONSLAUGHT)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (table, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (spk_table_get_turn (table), ==, "brawnen");
}

static void
test_resolve_movement (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  const SpkChip *chip;
  GError *error = NULL;
  g_autoptr(SpkMovement) movement = NULL;
  g_autoptr(GPtrArray) order = NULL;
  const SpkOrderTier *first;
  guint position;

  /* Outside the Onslaught Phase there is no movement stage to walk. */
  position = spk_table_get_history_position (table);
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);

  to_onslaught (table);
  position = spk_table_get_history_position (table);
  movement = spk_movement_new (spk_table_get_board (table), NULL);
  order = spk_movement_order (movement, "brawnen", &error);

  g_assert_no_error (error);
  /* The engine's order: Dispatch leads, Battleborn follows. */
  g_assert_cmpuint (order->len, ==, 2);
  first = g_ptr_array_index (order, 0);
  g_assert_cmpstr (g_ptr_array_index (first->chips, 0), ==, "dispatch");

  /* It is brawnen's turn; Dispatch has two end hexes, so the walk stops
   * on it with its destinations lit. */
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  {
    g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);

    g_assert_cmpuint (marked->len, ==, 2);
  }
  /* Dispatch must move: Resolve again does not skip it. */
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");

  /* The player's pick moves it; the walk goes on to Battleborn on its
   * gate, which also has a choice. */
  press_enter_on (f->view, 0, 0);
  chip = spk_board_find_chip (spk_table_get_board (table), "dispatch");
  g_assert_cmpint (chip->q, ==, 0);
  g_assert_cmpint (chip->r, ==, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "battleborn");
  press_enter_on (f->view, -5, 0);
  chip = spk_board_find_chip (spk_table_get_board (table), "battleborn");
  g_assert_true (chip->placed);
  g_assert_cmpint (chip->q, ==, -5);
  g_assert_cmpint (chip->r, ==, 0);
  /* Mudlark, now on top of the stack, is blocked beyond (-6, 0): one end
   * hex, so it went by itself, and the walk is over. */
  chip = spk_board_find_chip (spk_table_get_board (table), "mudlark");
  g_assert_true (chip->placed);
  g_assert_cmpint (chip->q, ==, -6);
  g_assert_cmpint (chip->r, ==, 0);
  /* Each has had its move, in the model's marks. */
  g_assert_true (spk_board_find_chip (spk_table_get_board (table), "dispatch")->moved);
  g_assert_true (spk_board_find_chip (spk_table_get_board (table), "battleborn")->moved);
  g_assert_true (spk_board_find_chip (spk_table_get_board (table), "mudlark")->moved);
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position + 3);
  g_assert_cmpstr (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)), ==,
                   "Movement resolved: 3 minions moved, 2 of them by your choice");
  /* Resolving again finds nobody left to move this turn. */
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position + 3);
  g_assert_cmpstr (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)), ==,
                   "Movement resolved: no minion moved");
  /* The turn is not over: each move is undone on its own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_false (spk_board_find_chip (spk_table_get_board (table), "mudlark")->placed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_false (spk_board_find_chip (spk_table_get_board (table), "battleborn")->placed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (table), "dispatch")->q, ==, -3);
  g_assert_false (spk_board_find_chip (spk_table_get_board (table), "dispatch")->moved);
}

/* @widget's shortcuts bind @trigger to the action @action. */
static gboolean
has_shortcut (GtkWidget *widget, const char *trigger, const char *action)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          g_autofree char *keys = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
          GtkShortcutAction *named = gtk_shortcut_get_action (shortcut);

          if (g_strcmp0 (keys, trigger) == 0 && GTK_IS_NAMED_ACTION (named) &&
              g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (named)), action) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

/* A unit moved through the Table page in the Onslaught Phase is marked as
 * moved; its selection shows the engine's "already moved" answer, and
 * End Turn (Ctrl+T) clears the marks and passes the turn. */
static void
test_turns_and_moved (Fixture *f, gconstpointer data)
{
  SpkTablePage *page = SPK_TABLE_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE));
  SpkTable *table = spk_window_get_table (f->window);
  g_autoptr(SpkMoveResult) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *shot = NULL;
  guint position;

  g_assert_cmpstr (spk_table_page_get_turn_text (page), ==, "Turns are taken in the Onslaught Phase");
  to_onslaught (table);
  g_assert_cmpstr (spk_table_page_get_turn_text (page), ==, "Brawnen to play");
  position = spk_table_get_history_position (table);

  press_enter_on (f->view, -3, 0);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  g_assert_true (spk_table_page_move_selected (page, spk_hex_make (0, 0), &error));
  g_assert_no_error (error);
  g_assert_true (spk_board_find_chip (spk_table_get_board (table), "dispatch")->moved);

  /* Still selected: the panel gives the engine's answer for a moved unit. */
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  after = spk_movement_moves (spk_table_get_board (table), NULL, "dispatch", &error);
  g_assert_no_error (error);
  g_assert_cmpint (after->rule, ==, SPK_MOVE_RULE_ALREADY_MOVED);
  g_assert_cmpuint (after->explanation->len, ==, 1);
  /* The engine's sentence alone: the rule's would say it twice. */
  expected = g_strdup (g_ptr_array_index (after->explanation, 0));
  g_assert_cmpstr (spk_table_page_get_movement_text (page), ==, expected);
  g_assert_cmpstr (g_ptr_array_index (after->explanation, 0), ==, "Dispatch has already moved this turn.");
  {
    g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);

    g_assert_cmpuint (marked->len, ==, 0);
  }
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-already-moved");

  /* Ctrl+T ends the turn. */
  g_assert_true (has_shortcut (GTK_WIDGET (page), "<Control>t", "page.end-turn"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.end-turn", NULL));
  g_assert_cmpstr (spk_table_get_turn (table), ==, "grovetenders");
  g_assert_cmpstr (spk_table_page_get_turn_text (page), ==, "Grovetenders to play");
  g_assert_cmpstr (spk_tracker_page_get_phase_text (SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window),
                                                                                      SPK_TYPE_TRACKER_PAGE))),
                   ==, "Onslaught Phase · first player Brawnen · Grovetenders to play");
  g_assert_false (spk_board_find_chip (spk_table_get_board (table), "dispatch")->moved);
  g_assert_cmpstr (spk_table_get_undo_label (table), ==, "Brawnen: end of turn; Grovetenders to play");
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position + 2);
  /* The Undo button says it takes the whole turn back. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find_matching (GTK_WIDGET (f->window), is_button_for_action, "win.undo")),
                   ==, "Undo: Brawnen: end of turn; Grovetenders to play, with 1 earlier step of the turn");

  /* Undo takes the whole turn back: the move and its end. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  g_assert_cmpstr (spk_table_page_get_turn_text (page), ==, "Brawnen to play");
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (table), "dispatch")->q, ==, -3);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find_matching (GTK_WIDGET (f->window), is_button_for_action, "win.redo")),
                   ==, "Redo: Dispatch moved (-3, 0) → (0, 0), with 1 more step of the turn");
}

/* Equally close minions: the walk asks which goes first, lights them,
 * and goes on with the one the player picks. */
static void
test_leading_minion_tie (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  g_autoptr(SpkMovement) movement = NULL;
  g_autoptr(GPtrArray) order = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  const SpkOrderTier *first;
  guint position;

  /* Battleborn set beside Dispatch, as far from the mark. */
  g_assert_true (spk_table_move_chip (table, "battleborn", -3, 1, &error));
  g_assert_no_error (error);
  to_onslaught (table);
  movement = spk_movement_new (spk_table_get_board (table), NULL);
  order = spk_movement_order (movement, "brawnen", &error);
  g_assert_no_error (error);
  first = g_ptr_array_index (order, 0);
  g_assert_cmpuint (first->chips->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (first->chips, 0), ==, "dispatch");
  g_assert_cmpstr (g_ptr_array_index (first->chips, 1), ==, "battleborn");
  position = spk_table_get_history_position (table);

  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  g_assert_cmpstr (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)), ==,
                   "Dispatch and Battleborn are equally close to the mark, so you choose which moves first: "
                   "click one of the lit minions or pick it below.");
  {
    g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);

    g_assert_cmpuint (marked->len, ==, 2);
    g_assert_true (spk_hex_equal (g_array_index (marked, SpkHex, 0), spk_hex_make (-3, 0)));
    g_assert_true (spk_hex_equal (g_array_index (marked, SpkHex, 1), spk_hex_make (-3, 1)));
  }
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-leading-tie");
  /* Resolve again does not pick for the player. */
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  g_assert_true (g_str_has_prefix (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)),
                                   "Dispatch and Battleborn are equally close"));
  {
    g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);

    g_assert_cmpuint (marked->len, ==, 2);
  }

  /* The player picks Battleborn by its hex. It goes first, as far as it
   * must (its only end hex); that leaves Dispatch, behind it, one end hex
   * instead of two, then Mudlark leaves the stack. */
  press_enter_on (f->view, -3, 1);
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position + 3);
  g_assert_cmpstr (spk_log_entry_get_label (spk_table_get_step (table, position)), ==,
                   "Battleborn moved (-3, 1) → (-1, 0)");
  g_assert_cmpstr (spk_log_entry_get_label (spk_table_get_step (table, position + 1)), ==,
                   "Dispatch moved (-3, 0) → (-2, 0)");
  g_assert_cmpstr (spk_log_entry_get_label (spk_table_get_step (table, position + 2)), ==,
                   "Mudlark deployed to (-5, 0)");
  g_assert_cmpstr (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)), ==,
                   "Movement resolved: 3 minions moved by themselves");
  {
    g_autoptr(GArray) marked = spk_board_view_get_marked (f->view, SPK_BOARD_LAYER_MOVES);

    g_assert_cmpuint (marked->len, ==, 0);
  }
}

/* The same tie answered from the list under Resolve Movement, by
 * keyboard: picking Dispatch moves it first, and it has a choice. */
static void
test_leading_minion_tie_list (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  g_autoptr(GError) error = NULL;
  GtkListBox *list = NULL;
  GtkListBoxRow *row;
  guint position;

  g_assert_true (spk_table_move_chip (table, "battleborn", -3, 1, &error));
  g_assert_no_error (error);
  to_onslaught (table);
  position = spk_table_get_history_position (table);
  g_assert_true (gtk_widget_activate_action (page, "page.resolve", NULL));
  /* The list of the tie: one row per minion, in the engine's order. */
  list = GTK_LIST_BOX (find_list_titled (page, "Dispatch moves first"));
  g_assert_nonnull (list);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (list)));
  row = gtk_list_box_get_row_at_index (list, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Dispatch moves first");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "At -3, 0");
  row = gtk_list_box_get_row_at_index (list, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Battleborn moves first");
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0))));

  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
  spk_test_ui_iterate (50);
  /* Dispatch has two end hexes: the walk waits on it. */
  g_assert_cmpuint (spk_table_get_history_position (table), ==, position);
  g_assert_cmpstr (spk_board_view_get_selected_chip (f->view)->id, ==, "dispatch");
  g_assert_cmpstr (spk_table_page_get_resolve_text (SPK_TABLE_PAGE (page)), ==, "Choose where Dispatch goes");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (list)));
}

static void
assert_stack_rows (GtkWidget *page, const char *const *names)
{
  GtkListBox *list = GTK_LIST_BOX (find_list_titled (page, names[0]));
  guint n = 0;

  g_assert_nonnull (list);
  for (; names[n] != NULL; n++)
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_list_box_get_row_at_index (list, n))),
                     ==, names[n]);
  g_assert_null (gtk_list_box_get_row_at_index (list, n));
}

static void
assert_table_stack (SpkTable *table, const char *first, const char *second)
{
  const SpkDeployment *d = spk_board_find_deployment (spk_table_get_board (table), "brawnen");

  g_assert_cmpuint (d->stack->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (d->stack, 0), ==, first);
  g_assert_cmpstr (g_ptr_array_index (d->stack, 1), ==, second);
}

/* The deployment stack editor of the Prep Phase: reorder, add a unit
 * from the Chip tool, see the rules' verdict before applying, apply and
 * undo. */
static void
test_stack_editor (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  GtkWidget *stack = spk_test_ui_find (page, spk_test_ui_is_type, "SpkStackSection");
  SpkTable *table = spk_window_get_table (f->window);
  static const char *const start[] = { "Battleborn", "Mudlark", NULL };
  static const char *const swapped[] = { "Mudlark", "Battleborn", NULL };
  static const char *const with_hero[] = { "Mudlark", "Battleborn", "Urgen", NULL };
  g_autofree char *clean = g_strdup_printf ("0 of %d CP spent.\nThe stack follows the rules.", spk_wave_cp (1));
  g_autofree char *shot = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) units = NULL;
  g_autoptr(SpkStackCheck) check = NULL;
  g_autofree char *verdict = NULL;

  /* Only in the Prep Phase. */
  g_assert_null (spk_table_page_get_stack_text (SPK_TABLE_PAGE (page)));
  while (spk_table_get_phase (table) != SPK_PHASE_PREP)
    {
      g_assert_true (spk_table_advance_phase (table, &error));
      g_assert_no_error (error);
    }
  assert_stack_rows (page, start);
  g_assert_cmpstr (spk_table_page_get_stack_text (SPK_TABLE_PAGE (page)), ==, clean);

  /* Mudlark up: only the editor changes. */
  g_assert_true (gtk_widget_activate_action (stack, "stack.up", "i", 1));
  assert_stack_rows (page, swapped);
  assert_table_stack (table, "battleborn", "mudlark");

  /* A hero other than the starting one in wave 1: the editor says why,
   * and applying is refused. */
  gtk_editable_set_text (entry_titled (page, "Name"), "Urgen");
  adw_combo_row_set_selected (combo_titled (page, "_Kind"), SPK_CHIP_HERO);
  g_assert_true (gtk_widget_activate_action (stack, "stack.add", NULL));
  assert_stack_rows (page, with_hero);
  units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_ptr_array_add (units, spk_chip_copy (spk_board_find_chip (spk_table_get_board (table), "mudlark")));
  g_ptr_array_add (units, spk_chip_copy (spk_board_find_chip (spk_table_get_board (table), "battleborn")));
  g_ptr_array_add (units, spk_chip_new ("urgen", SPK_CHIP_HERO));
  ((SpkChip *) g_ptr_array_index (units, 2))->name = g_strdup ("Urgen");
  check = spk_table_check_deployment (table, "brawnen", units);
  /* Two problems: not the starting hero in wave 1, and Tallow already
   * fills wave 1's limit of one hero. */
  g_assert_cmpuint (check->problems->len, ==, 2);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->kind, ==, SPK_STACK_HERO_WAVE_ONE);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->position, ==, 2);
  g_assert_cmpint (((SpkStackProblem *) g_ptr_array_index (check->problems, 1))->kind, ==, SPK_STACK_TOO_MANY_HEROES);
  verdict = g_strdup_printf ("0 of %d CP spent.\n• %s\n• %s", spk_wave_cp (1),
                             ((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->text,
                             ((SpkStackProblem *) g_ptr_array_index (check->problems, 1))->text);
  g_assert_cmpstr (spk_table_page_get_stack_text (SPK_TABLE_PAGE (page)), ==, verdict);
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-stack-editor");
  g_assert_true (gtk_widget_activate_action (stack, "stack.apply", NULL));
  assert_table_stack (table, "battleborn", "mudlark");
  assert_stack_rows (page, with_hero);

  /* Without the hero it applies, as one undoable step. */
  g_assert_true (gtk_widget_activate_action (stack, "stack.remove", "i", 2));
  g_assert_cmpstr (spk_table_page_get_stack_text (SPK_TABLE_PAGE (page)), ==, clean);
  g_assert_true (gtk_widget_activate_action (stack, "stack.apply", NULL));
  assert_table_stack (table, "mudlark", "battleborn");
  assert_stack_rows (page, swapped);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  assert_table_stack (table, "battleborn", "mudlark");
  assert_stack_rows (page, start);

  /* Reload drops edits in progress. */
  g_assert_true (gtk_widget_activate_action (stack, "stack.down", "i", 0));
  assert_stack_rows (page, swapped);
  g_assert_true (gtk_widget_activate_action (stack, "stack.reload", NULL));
  assert_stack_rows (page, start);
}

/* The open message dialog, after letting the main loop settle. */
static AdwMessageDialog *
open_message_dialog (void)
{
  g_autoptr(GListModel) toplevels = NULL;
  AdwMessageDialog *found = NULL;

  spk_test_ui_iterate (50);
  toplevels = gtk_window_get_toplevels ();
  g_object_ref (toplevels);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        found = ADW_MESSAGE_DIALOG (w);
    }
  return found;
}

static gboolean
is_button_labelled (GtkWidget *widget, const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* Clicks the dialog's response button labelled @label, as a player would. */
static void
click_response (AdwMessageDialog *dialog, const char *label)
{
  GtkWidget *button = find_matching (GTK_WIDGET (dialog), is_button_labelled, label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

static void
set_dialog_text (AdwMessageDialog *dialog, const char *text)
{
  GtkTextView *view = GTK_TEXT_VIEW (spk_test_ui_find_type (adw_message_dialog_get_extra_child (dialog),
                                                      GTK_TYPE_TEXT_VIEW));

  g_assert_nonnull (view);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
}

static char *
dialog_text (AdwMessageDialog *dialog)
{
  GtkTextView *view = GTK_TEXT_VIEW (spk_test_ui_find_type (adw_message_dialog_get_extra_child (dialog),
                                                      GTK_TYPE_TEXT_VIEW));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  return gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
}

/* Fortress advancements on the Tracker: the player enters a faction's
 * structures once, buys the next level with Source checked, and undoes. */
static void
test_fortress_advancements (Fixture *f, gconstpointer data)
{
  SpkTrackerPage *tracker = SPK_TRACKER_PAGE (spk_test_ui_find_type (GTK_WIDGET (f->window), SPK_TYPE_TRACKER_PAGE));
  SpkTable *table = spk_window_get_table (f->window);
  g_autoptr(GError) error = NULL;
  g_autofree char *shot = NULL;
  g_autofree char *kept = NULL;
  const SpkFaction *brawnen;
  const SpkStructure *oak;
  AdwMessageDialog *dialog;
  GtkWidget *list;
  int power;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker"));
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "advancements"), ==, "None entered");
  power = atoi (spk_tracker_page_get_value (tracker, "brawnen", "power"));

  /* A line that does not read brings the editor back with the problem
   * and the text as typed; the table is untouched. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.edit-structures", "s", "brawnen"));
  dialog = open_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Fortress Structures of Brawnen");
  set_dialog_text (dialog, "Inner Oak: Amplify 3, Deep Roots 5\nOuter Wall Brick 2");
  click_response (dialog, "_Apply");
  dialog = open_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Line 2: write the structure's name, a colon, then its levels\n\n"));
  kept = dialog_text (dialog);
  g_assert_cmpstr (kept, ==, "Inner Oak: Amplify 3, Deep Roots 5\nOuter Wall Brick 2");
  g_assert_cmpuint (spk_board_find_faction (spk_table_get_board (table), "brawnen")->structures->len, ==, 0);
  spk_test_ui_iterate (100);
  shot = spk_test_ui_screenshot (GTK_WIDGET (dialog), "dialog-structures");

  set_dialog_text (dialog, "Inner Oak: Amplify 3, Deep Roots 5\nOuter Wall: Brick 2");
  click_response (dialog, "_Apply");
  g_assert_null (open_message_dialog ());
  brawnen = spk_board_find_faction (spk_table_get_board (table), "brawnen");
  g_assert_cmpuint (brawnen->structures->len, ==, 2);
  oak = g_ptr_array_index (brawnen->structures, 0);
  g_assert_cmpstr (oak->name, ==, "Inner Oak");
  g_assert_cmpint (g_array_index (oak->level_costs, int, 1), ==, 5);
  g_assert_cmpstr (spk_table_get_undo_label (table), ==, "Brawnen: fortress structures entered");
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "advancements"), ==,
                   "Inner Oak 0/2\nOuter Wall 0/1");
  /* The card lists them with a buy button for the next level. */
  list = find_list_titled (GTK_WIDGET (tracker), "Inner Oak");
  g_assert_nonnull (list);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0))),
                   ==, "None of 2 levels bought");

  /* Advancements are bought in the Build Phase (R-build-3). */
  while (spk_table_get_phase (table) != SPK_PHASE_BUILD)
    g_assert_true (spk_table_advance_phase (table, NULL));
  /* Not enough Source: refused, nothing changes. */
  g_assert_true (spk_table_set_source (table, "brawnen", 2, NULL, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.buy-advancement", "(ss)",
                                             "brawnen", "Inner Oak"));
  brawnen = spk_board_find_faction (spk_table_get_board (table), "brawnen");
  g_assert_cmpint (brawnen->source, ==, 2);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (brawnen->structures, 0))->bought, ==, 0);

  g_assert_true (spk_table_set_source (table, "brawnen", 4, NULL, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.buy-advancement", "(ss)",
                                             "brawnen", "Inner Oak"));
  brawnen = spk_board_find_faction (spk_table_get_board (table), "brawnen");
  g_assert_cmpint (brawnen->source, ==, 1);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (brawnen->structures, 0))->bought, ==, 1);
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "advancements"), ==,
                   "Inner Oak 1/2\nOuter Wall 0/1");
  g_assert_cmpint (atoi (spk_tracker_page_get_value (tracker, "brawnen", "power")), ==, power + 1);
  list = find_list_titled (GTK_WIDGET (tracker), "Inner Oak");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0))),
                   ==, "Level 1 of 2 bought: Amplify");
  spk_test_ui_iterate (100);
  g_clear_pointer (&shot, g_free);
  shot = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker-advancements");

  /* Re-entering keeps what was bought. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tracker), "tracker.edit-structures", "s", "brawnen"));
  dialog = open_message_dialog ();
  g_clear_pointer (&kept, g_free);
  kept = dialog_text (dialog);
  g_assert_cmpstr (kept, ==, "Inner Oak: Amplify 3, Deep Roots 5\nOuter Wall: Brick 2\n");
  click_response (dialog, "_Cancel");
  g_assert_null (open_message_dialog ());

  /* Undo gives the Source back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  brawnen = spk_board_find_faction (spk_table_get_board (table), "brawnen");
  g_assert_cmpint (brawnen->source, ==, 4);
  g_assert_cmpint (((SpkStructure *) g_ptr_array_index (brawnen->structures, 0))->bought, ==, 0);
  g_assert_cmpstr (spk_tracker_page_get_value (tracker, "brawnen", "advancements"), ==,
                   "Inner Oak 0/2\nOuter Wall 0/1");
}

static void
test_reopens_where_left (Fixture *f, gconstpointer data)
{
  SpkTable *table = spk_window_get_table (f->window);
  SpkWindow *second;
  g_autoptr(GError) error = NULL;

  /* Changes are kept as they happen; a new window (the next start) opens
   * the table as it was left, history included. */
  g_assert_true (spk_table_move_chip (table, "dispatch", -2, 0, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (f->window));
  second = spk_window_new (f->app);
  gtk_window_present (GTK_WINDOW (second));
  spk_test_window_wait_for_table (second, NULL);
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (spk_window_get_table (second)), "dispatch")->q, ==, -2);
  g_assert_true (spk_table_can_undo (spk_window_get_table (second)));
  f->window = second;
}

static void
test_spire_damage_and_new_table (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (f->view), SPK_TYPE_TABLE_PAGE);
  SpkTable *table = spk_window_get_table (f->window);
  const SpkChip *spire = spk_board_find_chip (spk_table_get_board (table), "brick-and-mortars");
  int cost = spk_spire_upgrade_cost (spire->upgrades->len, spire->capacity, SPK_UPGRADE_ATTACK);
  int source = spk_board_find_faction (spk_table_get_board (table), "brawnen")->source;
  GtkWidget *dialog = NULL;
  GList *toplevels;

  /* The spire panel buys the next upgrade at the engine's price, in the
   * Build Phase (R-build-1). */
  while (spk_table_get_phase (table) != SPK_PHASE_BUILD)
    g_assert_true (spk_table_advance_phase (table, NULL));
  source = spk_board_find_faction (spk_table_get_board (table), "brawnen")->source;
  spk_board_view_select (f->view, &(SpkHex) { -5, -1 });
  g_signal_emit_by_name (button_labelled (page, "_Buy"), "clicked");
  spire = spk_board_find_chip (spk_table_get_board (table), "brick-and-mortars");
  g_assert_cmpuint (spire->upgrades->len, ==, 4);
  g_assert_cmpint (g_array_index (spire->upgrades, SpkUpgrade, 3), ==, SPK_UPGRADE_ATTACK);
  g_assert_cmpint (spk_board_find_faction (spk_table_get_board (table), "brawnen")->source, ==, source - cost);

  /* Damage to War Briar (health 3) through the model. */
  spk_board_view_select (f->view, &(SpkHex) { 2, 0 });
  g_assert_true (gtk_widget_activate_action (spk_test_ui_find_type (page, SPK_TYPE_DAMAGE_SECTION), "damage.apply",
                                             NULL));
  g_assert_cmpint (spk_board_find_chip (spk_table_get_board (table), "war-briar")->health, ==, 2);

  /* New Table → Empty Board: two factions, their fortresses, no hexes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-table", NULL));
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "empty");
  spk_test_ui_iterate (300);
  table = spk_window_get_table (f->window);
  g_assert_cmpuint (spk_table_get_board (table)->hexes->len, ==, 0);
  g_assert_cmpuint (spk_table_get_board (table)->factions->len, ==, 2);
  g_assert_cmpuint (spk_table_get_board (table)->fortresses->len, ==, 2);
}

static void
test_narrow_and_dark (Fixture *f, gconstpointer data)
{
  AdwFlap *flap = ADW_FLAP (spk_test_ui_find_type (GTK_WIDGET (f->window), ADW_TYPE_FLAP));
  AdwViewSwitcherBar *bar = ADW_VIEW_SWITCHER_BAR (spk_test_ui_find_type (GTK_WIDGET (f->window),
                                                                   ADW_TYPE_VIEW_SWITCHER_BAR));
  g_autofree char *wide_dark = NULL, *narrow = NULL, *narrow_panel = NULL;

  g_assert_false (adw_flap_get_folded (flap));
  spk_board_view_select (f->view, &(SpkHex) { -5, -1 });
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  spk_test_ui_iterate (300);
  wide_dark = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-table-dark");

  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  spk_test_ui_iterate (500);
  /* Nothing inside asks for more than the 360 px the window was given. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  /* Narrow: the side panel folds away and the page switcher moves down. */
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));
  narrow = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-table-narrow-dark");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "page.toggle-panel", NULL);
  spk_test_ui_iterate (600);
  g_assert_true (adw_flap_get_reveal_flap (flap));
  narrow_panel = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-table-narrow-panel");
  g_assert_true (g_file_test (narrow_panel, G_FILE_TEST_EXISTS));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker"));
  spk_test_ui_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);
  g_clear_pointer (&narrow, g_free);
  narrow = spk_test_ui_screenshot (GTK_WIDGET (f->window), "window-tracker-narrow");
}

int
main (int argc, char **argv)
{
  spk_test_window_init (&argc, &argv);
#define ADD(name, func) g_test_add ("/window/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("opens-on-demo", test_opens_on_demo);
  ADD ("move-minion-and-undo", test_move_minion_and_undo);
  ADD ("save-open-export", test_save_open_export);
  ADD ("export-svg", test_export_svg);
  ADD ("tracker-next-phase", test_tracker_next_phase);
  ADD ("rules-search-and-links", test_rules_search_and_links);
  ADD ("editing-tools", test_editing_tools);
  ADD ("isle-templates", test_isle_templates);
  ADD ("resolve-movement", test_resolve_movement);
  ADD ("turns-and-moved", test_turns_and_moved);
  ADD ("leading-minion-tie", test_leading_minion_tie);
  ADD ("leading-minion-tie-list", test_leading_minion_tie_list);
  ADD ("fortress-advancements", test_fortress_advancements);
  ADD ("stack-editor", test_stack_editor);
  ADD ("reopens-where-left", test_reopens_where_left);
  ADD ("spire-damage-and-new-table", test_spire_damage_and_new_table);
  ADD ("narrow-and-dark", test_narrow_and_dark);
#undef ADD
  return g_test_run ();
}
