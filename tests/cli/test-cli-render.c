/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli render: the demo table as a PNG with the board's own
 * colours and as an SVG that parses, with the caption and the selected
 * unit's answer; each bad argument fails with its message and code. */
#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "spk-palette.h"
#include "spk-test-cli.h"

typedef struct {
  char *dir;
  char *demo;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("spk-render-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->demo = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->demo);
}

static char *
out_path (Fixture *f, const char *name)
{
  return g_build_filename (f->dir, name, NULL);
}

/* How many pixels lie within 2 of @c in each channel. */
static guint
count_colour (cairo_surface_t *png, const SpkRgba *c)
{
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  int stride = cairo_image_surface_get_stride (png);
  const guchar *data = cairo_image_surface_get_data (png);
  int want[3] = { (int) lround (c->red * 255), (int) lround (c->green * 255), (int) lround (c->blue * 255) };
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);
        int rgb[3] = { (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff };

        if (ABS (rgb[0] - want[0]) <= 2 && ABS (rgb[1] - want[1]) <= 2 && ABS (rgb[2] - want[2]) <= 2)
          n++;
      }
  return n;
}

static void
test_png (Fixture *f, gconstpointer data)
{
  g_auto(SpkCliRun) run = { 0 };
  g_autofree char *out = out_path (f, "demo.png");
  cairo_surface_t *png;
  SpkRgba c;

  spk_cli_run (&run, "render", f->demo, out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==, "");
  png = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  /* The board's bounds are 17 hexes across (17 * sqrt 3 * 48 px, rounded
   * up: 1414) and 11 radii down (528 px); 8 px of padding around them and
   * 16 px of margin make it 1462 wide. The caption above and the key
   * below add to its height. */
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1462);
  g_assert_cmpint (cairo_image_surface_get_height (png), >, 528 + 16 + 2 * 16 + 60);
  g_assert_cmpint (cairo_image_surface_get_height (png), <, 900);

  /* Every terrain the demo has, in the palette's light colours: a hex
   * at 48 px covers about 6000 pixels, its swatch in the key a hundred. */
  for (SpkTerrain t = 0; t < SPK_N_TERRAINS; t++)
    {
      spk_palette_terrain (t, FALSE, &c);
      g_test_message ("terrain %d: %u pixels", t, count_colour (png, &c));
      g_assert_cmpuint (count_colour (png, &c), >, 2000);
    }
  /* Both factions' chips and key discs. */
  for (int i = 0; i < 2; i++)
    {
      spk_palette_faction (i, FALSE, &c);
      g_test_message ("faction %d: %u pixels", i, count_colour (png, &c));
      g_assert_cmpuint (count_colour (png, &c), >, 1000);
    }
  /* Source wells. */
  spk_palette_well (FALSE, &c);
  g_assert_cmpuint (count_colour (png, &c), >, 200);
  cairo_surface_destroy (png);
}

typedef struct {
  GString  *title;
  GString  *desc;
  GString  *lines;   /* the text layer's lines, each ending in a newline */
  GString  *in;      /* the element whose text is collected, or NULL */
  char     *root;
  char     *width;
  guint     n_paths;
  guint     n_images;
} SvgSummary;

static void
svg_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer data,
           GError **error)
{
  SvgSummary *s = data;

  if (s->root == NULL)
    {
      s->root = g_strdup (element);
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "width"))
          s->width = g_strdup (values[i]);
    }
  s->n_paths += g_str_equal (element, "path");
  s->n_images += g_str_equal (element, "image");
  s->in = g_str_equal (element, "title") ? s->title : g_str_equal (element, "desc") ? s->desc
          : g_str_equal (element, "tspan") ? s->lines : NULL;
}

static void
svg_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  SvgSummary *s = data;

  if (s->in != NULL)
    g_string_append_len (s->in, text, (gssize) len);
}

static void
svg_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  SvgSummary *s = data;

  if (g_str_equal (element, "tspan"))
    g_string_append_c (s->lines, '\n');
  s->in = NULL;
}

/* Parses @path as XML, asserting that it is well formed. */
static void
read_svg (const char *path, SvgSummary *s)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  g_autoptr(GMarkupParseContext) ctx = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  *s = (SvgSummary) { g_string_new (NULL), g_string_new (NULL), g_string_new (NULL), NULL, NULL, NULL, 0, 0 };
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  ctx = g_markup_parse_context_new (&parser, 0, s, NULL);
  g_assert_true (g_markup_parse_context_parse (ctx, text, (gssize) length, &error));
  g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
  g_assert_no_error (error);
}

static void
svg_summary_clear (SvgSummary *s)
{
  g_string_free (s->title, TRUE);
  g_string_free (s->desc, TRUE);
  g_string_free (s->lines, TRUE);
  g_free (s->root);
  g_free (s->width);
}

static void
test_svg_with_answer (Fixture *f, gconstpointer data)
{
  g_auto(SpkCliRun) run = { 0 };
  g_auto(SpkCliRun) moves = { 0 };
  g_autofree char *out = out_path (f, "demo.svg");
  g_autofree char *first_line = NULL;
  SvgSummary s;

  spk_cli_run (&run, "render", f->demo, out, "--select", "Tallow Ironside", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  read_svg (out, &s);
  g_assert_cmpstr (s.root, ==, "svg");
  /* As wide as the PNG: cairo's SVG counts one point a pixel. */
  g_assert_cmpstr (s.width, ==, "1462pt");
  /* Drawn as shapes, hundreds of them, with no picture pasted in. */
  g_assert_cmpuint (s.n_paths, >, 300);
  g_assert_cmpuint (s.n_images, ==, 0);
  /* The caption's words: the table's name, where the game stands, and
   * the selected hero's answer as `moves` prints it. */
  g_assert_cmpstr (s.title->str, ==, "demo-table");
  g_assert_true (g_str_has_prefix (s.desc->str, "Wave 1 of 4 · Set-up\n"));
  spk_cli_run (&moves, "moves", f->demo, "tallow", NULL);
  g_assert_cmpint (moves.status, ==, 0);
  first_line = g_strndup (moves.out, strcspn (moves.out, "\n"));
  g_assert_cmpstr (first_line, ==, "Tallow Ironside (hero, Brawnen) at (-4,-1): moves freely (a hero)");
  g_assert_nonnull (strstr (s.desc->str, first_line));
  g_assert_nonnull (strstr (s.desc->str, "e  (-6,1)  (-4,-1) → (-5,0) → (-6,1)"));
  /* Every string drawn is there as text too, line by line: caption,
   * answer, key. */
  g_assert_true (g_str_has_prefix (s.lines->str, "demo-table\nWave 1 of 4 · Set-up\n"));
  g_assert_nonnull (strstr (s.lines->str, "\n  e  (-6,1)  (-4,-1) → (-5,0) → (-6,1)\nKey\nPath\nPlains\nForest\n"
                                          "Mountains\nWater\nSource well\nEarthscape on top\nMoved this turn\n"
                                          "Brawnen\nGrovetenders\nMinion\nHero\nSpire\n"
                                          "Landmark (dashed: not revealed)\nFortress gate\n"
                                          "Where the selected unit may go (number: its distance from its mark)\n"));
  svg_summary_clear (&s);
}

static int
png_height (const char *path)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  int h;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  h = cairo_image_surface_get_height (png);
  cairo_surface_destroy (png);
  return h;
}

static void
test_select_and_overlays (Fixture *f, gconstpointer data)
{
  g_auto(SpkCliRun) plain = { 0 };
  g_auto(SpkCliRun) selected = { 0 };
  g_auto(SpkCliRun) overlays = { 0 };
  g_autofree char *plain_out = out_path (f, "plain.png");
  g_autofree char *selected_out = out_path (f, "selected.png");
  g_autofree char *overlays_out = out_path (f, "overlays.png");
  g_autofree char *small_out = out_path (f, "small.PNG");
  g_auto(SpkCliRun) small = { 0 };
  cairo_surface_t *png;
  guint before;
  SpkRgba c;

  spk_cli_run (&plain, "render", f->demo, plain_out, NULL);
  spk_cli_run (&selected, "render", f->demo, selected_out, "--select", "tallow", NULL);
  spk_cli_run (&overlays, "render", f->demo, overlays_out, "--overlay", "influence:brawnen", "--overlay",
               "closeness:grovetenders", "--overlay", "ranges", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_cmpint (selected.status, ==, 0);
  g_assert_cmpint (overlays.status, ==, 0);
  /* The answer takes ten lines under the board. */
  g_assert_cmpint (png_height (selected_out), >, png_height (plain_out) + 100);

  /* The selection and the five destinations are ringed in the accent
   * colour (the blue of the second faction too, so counted against the
   * plain picture). */
  spk_palette_accent (FALSE, &c);
  png = cairo_image_surface_create_from_png (plain_out);
  before = count_colour (png, &c);
  cairo_surface_destroy (png);
  png = cairo_image_surface_create_from_png (selected_out);
  g_assert_cmpuint (count_colour (png, &c), >, before + 1500);
  cairo_surface_destroy (png);

  /* The key explains each overlay shown, naming its faction. */
  {
    g_auto(SpkCliRun) run = { 0 };
    g_autofree char *svg_out = out_path (f, "overlays.svg");
    SvgSummary s;

    spk_cli_run (&run, "render", f->demo, svg_out, "--overlay", "influence:brawnen", "--overlay",
                 "closeness:grovetenders", "--overlay", "ranges", NULL);
    g_assert_cmpint (run.status, ==, 0);
    read_svg (svg_out, &s);
    g_assert_nonnull (strstr (s.lines->str, "\nFortress gate\nInfluence of Brawnen\nA Source well Brawnen may build on\n"
                                            "Within a spire’s range\nSteps from the mark of Grovetenders\n"));
    g_assert_null (strstr (s.lines->str, "selected unit"));
    svg_summary_clear (&s);
  }

  /* The wells Brawnen may build on are ringed in its red. */
  spk_palette_faction (0, FALSE, &c);
  png = cairo_image_surface_create_from_png (plain_out);
  before = count_colour (png, &c);
  cairo_surface_destroy (png);
  png = cairo_image_surface_create_from_png (overlays_out);
  g_assert_cmpuint (count_colour (png, &c), >, before + 300);
  cairo_surface_destroy (png);

  /* --size scales the picture; the extension's case does not matter. */
  spk_cli_run (&small, "render", f->demo, small_out, "--size", "24", NULL);
  g_assert_cmpint (small.status, ==, 0);
  png = cairo_image_surface_create_from_png (small_out);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  /* At 24 px a hex radius the board is 707 px across (17 * sqrt 3 * 24,
   * rounded up); padding and margin shrink with the size but to no less
   * than 0.6 of theirs at 48 px: 707 + 2 * 4.8 + 2 * 9.6, rounded up. */
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 736);
  cairo_surface_destroy (png);
}

typedef struct {
  const char *args[6];
  int         status;
  const char *message;
} BadCase;

static void
test_errors (Fixture *f, gconstpointer data)
{
  g_autofree char *out = out_path (f, "out.png");
  g_autofree char *missing = out_path (f, "no-such-table.json");
  g_autofree char *unwritable = g_build_filename (f->dir, "no-such-dir", "out.svg", NULL);
  const BadCase cases[] = {
    { { "--select", "nobody" }, 1, "no chip “nobody” on this table" },
    { { "--overlay", "influence:nobody" }, 1, "no faction “nobody” on this table (factions: brawnen, grovetenders)" },
    { { "--overlay", "sparkles" }, 2, "unknown overlay “sparkles”" },
    { { "--overlay", "closeness" }, 2, "needs a faction" },
    { { "--size", "2" }, 2, "--size 2 is out of range" },
    { { "--size", "big" }, 2, "--size" },
  };
  GDir *dir;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(SpkCliRun) run = { 0 };

      spk_cli_run (&run, "render", f->demo, out, cases[i].args[0], cases[i].args[1], NULL);
      g_test_message ("%s %s: %s", cases[i].args[0], cases[i].args[1], run.err);
      g_assert_cmpint (run.status, ==, cases[i].status);
      g_assert_nonnull (strstr (run.err, cases[i].message));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  {
    g_auto(SpkCliRun) run = { 0 };
    g_autofree char *gif = out_path (f, "out.gif");

    spk_cli_run (&run, "render", f->demo, gif, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "“out.gif” names no picture format: end the file name in .png or .svg"));
  }
  {
    g_auto(SpkCliRun) run = { 0 };

    spk_cli_run (&run, "render", missing, out, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, missing));
  }
  {
    g_auto(SpkCliRun) run = { 0 };

    spk_cli_run (&run, "render", f->demo, unwritable, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, unwritable));
    g_assert_nonnull (strstr (run.err, "could not write the picture"));
  }
  {
    g_auto(SpkCliRun) run = { 0 };

    spk_cli_run (&run, "render", f->demo, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "expected FILE OUT.png|OUT.svg"));
  }

  /* Nothing half-written is left behind. */
  dir = g_dir_open (f->dir, 0, NULL);
  g_assert_null (g_dir_read_name (dir));
  g_dir_close (dir);
}

static void
test_help (void)
{
  g_auto(SpkCliRun) run = { 0 };

  spk_cli_run (&run, "render", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "spirekeeper-cli render [OPTION…] FILE OUT.png|OUT.svg"));
  g_assert_nonnull (strstr (run.out, "--select=CHIP"));
  g_assert_nonnull (strstr (run.out, "--overlay=OVERLAY"));
  g_assert_nonnull (strstr (run.out, "--size=N"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/render/png", Fixture, NULL, fixture_set_up, test_png, fixture_tear_down);
  g_test_add ("/cli/render/svg-with-answer", Fixture, NULL, fixture_set_up, test_svg_with_answer, fixture_tear_down);
  g_test_add ("/cli/render/select-and-overlays", Fixture, NULL, fixture_set_up, test_select_and_overlays,
              fixture_tear_down);
  g_test_add ("/cli/render/errors", Fixture, NULL, fixture_set_up, test_errors, fixture_tear_down);
  g_test_add_func ("/cli/render/help", test_help);
  return g_test_run ();
}
