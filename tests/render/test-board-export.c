/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The picture export without a display: file names and formats, the
 * caption of the demo table and of each kind of selected chip, the
 * overlays' marks against the engine's answers, and the vector drawing
 * against the sprites the screen uses. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "spk-answer-text.h"
#include "spk-board-export.h"
#include "spk-board-overlays.h"
#include "spk-grid.h"
#include "spk-influence.h"

static SpkTable *
demo_table (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;
  SpkTable *table = spk_table_new_from_file (path, &error);

  g_assert_no_error (error);
  return table;
}

/* The demo in the Onslaught Phase, at Grovetenders' turn. */
static SpkTable *
demo_in_onslaught (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  JsonObject *root;
  SpkTable *table;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_string_member (root, "phase", "onslaught");
  json_object_set_string_member (root, "turn", "grovetenders");
  data = json_to_string (json_parser_get_root (parser), FALSE);
  table = spk_table_new_from_data (data, -1, &error);
  g_assert_no_error (error);
  return table;
}

static void
test_formats (void)
{
  static const struct { const char *path; SpkImageFormat format; } good[] = {
    { "board.png", SPK_IMAGE_PNG }, { "/tmp/x/BOARD.SVG", SPK_IMAGE_SVG }, { "a.b.Png", SPK_IMAGE_PNG },
  };
  static const char *bad[] = { "board.gif", "board", "png", "board.svg.txt" };
  SpkImageFormat format;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (spk_image_format_for_path (good[i].path, &format, NULL));
      g_assert_cmpint (format, ==, good[i].format);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *want = g_strdup_printf ("“%s” names no picture format: end the file name in .png or .svg", bad[i]);

      g_assert_false (spk_image_format_for_path (bad[i], &format, &error));
      g_assert_error (error, SPK_BOARD_EXPORT_ERROR, SPK_BOARD_EXPORT_ERROR_FORMAT);
      g_assert_cmpstr (error->message, ==, want);
    }
}

static void
test_table_names (void)
{
  static const char *cases[][2] = {
    { "demo-table.json", "demo-table" }, { "/home/p/Friday.spirekeeper", "Friday" }, { "old.JSON", "old.JSON" },
    { ".json", ".json" }, { "notes.txt", "notes.txt" }, { "", "Table" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = spk_board_export_table_name (cases[i][0]);
      g_assert_cmpstr (name, ==, cases[i][1]);
    }
  {
    g_autofree char *name = spk_board_export_table_name (NULL);
    g_assert_cmpstr (name, ==, "Table");
  }
}

static void
test_caption (void)
{
  g_autoptr(SpkTable) table = demo_table ();
  g_autoptr(SpkBoardCaption) plain = spk_board_caption_new (table, "demo-table.json", NULL);
  g_autoptr(SpkBoardCaption) hero = spk_board_caption_new (table, "demo", "tallow");
  g_autoptr(SpkBoardCaption) spire = spk_board_caption_new (table, "demo", "brick-and-mortars");
  g_autoptr(SpkBoardCaption) landmark = spk_board_caption_new (table, "demo", "lost-caverns");
  g_autoptr(SpkBoardCaption) nobody = spk_board_caption_new (table, "demo", "nobody");
  g_autofree char *spire_text = spk_spire_answer_text (table, "brick-and-mortars");

  g_assert_cmpstr (plain->title, ==, "demo-table");
  /* The demo is set up for wave 1 of 4: no faction's turn yet. */
  g_assert_null (spk_table_get_turn (table));
  g_assert_cmpstr (plain->status, ==, "Wave 1 of 4 · Set-up");
  g_assert_null (plain->answer);
  g_assert_false (plain->has_selected);

  /* A unit: its movement answer, as `moves` and Copy as Text give it. */
  g_assert_true (g_str_has_prefix (hero->answer, "Tallow Ironside (hero, Brawnen) at (-4,-1): moves freely (a hero)\n"));
  g_assert_true (g_str_has_suffix (hero->answer, "e  (-6,1)  (-4,-1) → (-5,0) → (-6,1)"));
  g_assert_true (hero->has_selected);
  g_assert_cmpint (hero->selected.q, ==, -4);
  g_assert_cmpint (hero->selected.r, ==, -1);
  /* A spire: its upgrade options, without the last newline. */
  g_strchomp (spire_text);
  g_assert_cmpstr (spire->answer, ==, spire_text);
  g_assert_cmpstr (landmark->answer, ==, "Selected: Lost Caverns");
  g_assert_null (nobody->answer);
  g_assert_false (nobody->has_selected);
}

/* Dywen's answer is 17 lines: the caption keeps 13 and says how many
 * more Copy as Text would give. */
static void
test_caption_cuts_long_answers (void)
{
  g_autoptr(SpkTable) table = demo_table ();
  const SpkBoard *board = spk_table_get_board (table);
  g_autoptr(SpkMoveResult) res = spk_movement_moves (board, NULL, "dywen", NULL);
  g_autofree char *full = spk_move_answer_text (board, res);
  g_autoptr(SpkBoardCaption) caption = spk_board_caption_new (table, "demo", "dywen");
  g_auto(GStrv) full_lines = g_strsplit (g_strchomp (full), "\n", -1);
  g_auto(GStrv) lines = g_strsplit (caption->answer, "\n", -1);

  g_assert_cmpuint (g_strv_length (full_lines), ==, 17);
  g_assert_cmpuint (g_strv_length (lines), ==, 14);
  for (guint i = 0; i < 13; i++)
    g_assert_cmpstr (lines[i], ==, full_lines[i]);
  g_assert_cmpstr (lines[13], ==, "… and 4 more lines");
}

static void
test_caption_names_the_turn (void)
{
  g_autoptr(SpkTable) table = demo_in_onslaught ();
  g_autoptr(SpkBoardCaption) caption = spk_board_caption_new (table, "Friday.spirekeeper", NULL);

  g_assert_cmpstr (caption->title, ==, "Friday");
  g_assert_cmpstr (caption->status, ==, "Wave 1 of 4 · Onslaught Phase · Turn: Grovetenders");
}

static void
test_overlays_mark_engine_answers (void)
{
  g_autoptr(SpkTable) table = demo_table ();
  const SpkBoard *board = spk_table_get_board (table);
  g_autoptr(SpkGrid) grid = spk_grid_new (board);
  g_autoptr(SpkBoardRenderer) renderer = spk_board_renderer_new ();
  g_autoptr(SpkInfluence) influence = spk_influence_compute_grid (grid, "brawnen", NULL);
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (board, NULL, "tallow", NULL);
  g_autoptr(GArray) marked = NULL;
  g_autoptr(GArray) destinations = NULL;

  spk_board_renderer_set_board (renderer, board);
  spk_board_overlays_influence (renderer, board, grid, "brawnen");
  marked = spk_board_renderer_get_marked (renderer, SPK_BOARD_LAYER_INFLUENCE);
  g_assert_cmpuint (marked->len, ==, influence->hexes->len + influence->buildable_wells->len);
  g_assert_cmpuint (marked->len, >, 0);

  spk_board_overlays_moves (renderer, moves);
  destinations = spk_board_renderer_get_marked (renderer, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (destinations->len, ==, 5);
  /* Each labelled with its distance from the mark: 13 from (-6,1). */
  g_assert_cmpint (spk_move_result_find (moves, spk_hex_make (-6, 1))->distance, ==, 13);
  g_assert_cmpstr (spk_board_renderer_get_mark_label (renderer, SPK_BOARD_LAYER_MOVES, spk_hex_make (-6, 1)), ==, "13");

  /* Marking again replaces the layer. */
  spk_board_overlays_moves (renderer, NULL);
  g_array_unref (destinations);
  destinations = spk_board_renderer_get_marked (renderer, SPK_BOARD_LAYER_MOVES);
  g_assert_cmpuint (destinations->len, ==, 0);
}

/* The vector drawing is the sprites' looks drawn in place: on an image
 * it matches what the screen paints, but for antialiasing at edges. */
static void
test_vector_matches_sprites (void)
{
  g_autoptr(SpkTable) table = demo_table ();
  const SpkBoard *board = spk_table_get_board (table);
  g_autoptr(SpkGrid) grid = spk_grid_new (board);
  g_autoptr(SpkBoardRenderer) renderer = spk_board_renderer_new ();
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (board, NULL, "tallow", NULL);
  cairo_surface_t *images[2];
  SpkHexLayout layout;
  int w, h, stride;
  guint differ = 0;

  spk_board_renderer_set_board (renderer, board);
  spk_board_overlays_influence (renderer, board, grid, "grovetenders");
  spk_board_overlays_moves (renderer, moves);
  spk_hex_layout_init (&layout);
  spk_hex_layout_set_bounds (&layout, grid, 0);
  layout.scale = 40;
  spk_hex_layout_set_offset (&layout, 4 - layout.min_x * 40, 4 - layout.min_y * 40);
  w = (int) ceil ((layout.max_x - layout.min_x) * 40) + 8;
  h = (int) ceil ((layout.max_y - layout.min_y) * 40) + 8;
  for (int i = 0; i < 2; i++)
    {
      cairo_t *cr;

      images[i] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (images[i]);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      if (i == 0)
        {
          spk_board_renderer_paint (renderer, cr, &layout, w, h);
          spk_board_renderer_paint_live (renderer, cr, &layout, w, h);
        }
      else
        spk_board_renderer_draw_vector (renderer, cr, &layout, w, h);
      cairo_destroy (cr);
      cairo_surface_flush (images[i]);
    }
  stride = cairo_image_surface_get_stride (images[0]);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guchar *a = cairo_image_surface_get_data (images[0]) + y * stride + 4 * x;
        const guchar *b = cairo_image_surface_get_data (images[1]) + y * stride + 4 * x;
        int most = 0;

        for (int c = 0; c < 3; c++)
          most = MAX (most, ABS (a[c] - b[c]));
        differ += most > 48;
      }
  g_test_message ("%u of %d pixels differ by more than 48", differ, w * h);
  /* Edges and text are antialiased a little differently; anything
   * drawn in the wrong place or colour would be thousands. */
  g_assert_cmpuint (differ, <, (guint) (w * h / 100));
  cairo_surface_destroy (images[0]);
  cairo_surface_destroy (images[1]);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/export/formats", test_formats);
  g_test_add_func ("/render/export/table-names", test_table_names);
  g_test_add_func ("/render/export/caption", test_caption);
  g_test_add_func ("/render/export/caption-turn", test_caption_names_the_turn);
  g_test_add_func ("/render/export/caption-long-answer", test_caption_cuts_long_answers);
  g_test_add_func ("/render/overlays/engine-answers", test_overlays_mark_engine_answers);
  g_test_add_func ("/render/vector-matches-sprites", test_vector_matches_sprites);
  return g_test_run ();
}
