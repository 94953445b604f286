/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkLook, how the table is drawn (spk-look.h), and what reads it without
 * a display: the faction palette and the terrain patterns. */
#include "config.h"

#include "spk-look.h"
#include "spk-palette.h"
#include "spk-terrain-pattern.h"

/* Connected swapped: the counter comes first. */
static void
count (guint *n, gpointer object)
{
  (*n)++;
}

static guint32
hex_of (const SpkRgba *c)
{
  return ((guint32) (c->red * 255 + 0.5) << 16) | ((guint32) (c->green * 255 + 0.5) << 8)
         | (guint32) (c->blue * 255 + 0.5);
}

/* Each real change notifies its property once, emits changed once and
 * moves the serial on; setting a value it already has does none of it. */
static void
test_look_changes (void)
{
  SpkLook *look = spk_look_get_default ();
  guint changed = 0, notified = 0, serial = spk_look_get_serial (look);

  g_assert_true (look == spk_look_get_default ());
  g_assert_false (spk_look_get_colour_blind (look));
  g_assert_false (spk_look_get_terrain_patterns (look));
  g_assert_true (spk_look_get_labels (look));
  g_signal_connect_swapped (look, "changed", G_CALLBACK (count), &changed);
  g_signal_connect_swapped (look, "notify::labels", G_CALLBACK (count), &notified);

  spk_look_set_labels (look, TRUE);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (spk_look_get_serial (look), ==, serial);
  spk_look_set_labels (look, FALSE);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (spk_look_get_serial (look), ==, serial + 1);
  g_object_set (look, "terrain-patterns", TRUE, "colour-blind", TRUE, NULL);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (spk_look_get_serial (look), ==, serial + 3);

  spk_look_set_labels (look, TRUE);
  spk_look_set_terrain_patterns (look, FALSE);
  spk_look_set_colour_blind (look, FALSE);
  g_signal_handlers_disconnect_by_data (look, &changed);
  g_signal_handlers_disconnect_by_data (look, &notified);
}

/* The standard faction colours, then Okabe and Ito's (vermillion, blue or
 * sky blue on dark, orange, reddish purple); neutral stays grey. */
static void
test_palette_colour_blind (void)
{
  static const guint32 safe_light[] = { 0xd55e00, 0x0072b2, 0xe69f00, 0xcc79a7 };
  static const guint32 safe_dark[] = { 0xd55e00, 0x56b4e9, 0xe69f00, 0xcc79a7 };
  SpkLook *look = spk_look_get_default ();
  SpkRgba c, grey;

  spk_palette_faction (0, FALSE, &c);
  g_assert_cmphex (hex_of (&c), ==, 0xc01c28);
  spk_palette_faction (-1, FALSE, &grey);
  spk_look_set_colour_blind (look, TRUE);
  for (int i = 0; i < SPK_PALETTE_N_FACTIONS; i++)
    {
      spk_palette_faction (i, FALSE, &c);
      g_assert_cmphex (hex_of (&c), ==, safe_light[i]);
      spk_palette_faction (i, TRUE, &c);
      g_assert_cmphex (hex_of (&c), ==, safe_dark[i]);
    }
  spk_palette_faction (SPK_PALETTE_N_FACTIONS + 1, FALSE, &c);
  g_assert_cmphex (hex_of (&c), ==, safe_light[1]);
  spk_palette_faction (-1, FALSE, &c);
  g_assert_cmphex (hex_of (&c), ==, hex_of (&grey));
  spk_look_set_colour_blind (look, FALSE);
  spk_palette_faction (0, FALSE, &c);
  g_assert_cmphex (hex_of (&c), ==, 0xc01c28);
}

/* Ink pixels a pattern leaves on a white hex of radius 30. */
static guint
pattern_pixels (SpkTerrain terrain, gboolean dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t *cr = cairo_create (surface);
  double cx = 32, cy = 32;
  const guint32 *px;
  guint n = 0;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  spk_terrain_pattern_draw (cr, terrain, &cx, &cy, 1, 30, dark);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  px = (const guint32 *) cairo_image_surface_get_data (surface);
  for (int i = 0; i < 64 * 64; i++)
    if ((px[i] & 0xffffff) != 0xffffff)
      n++;
  /* Nothing outside the hex (its corners reach the top and bottom). */
  for (int y = 0; y < 64; y++)
    {
      g_assert_cmphex (px[y * 64] & 0xffffff, ==, 0xffffff);
      g_assert_cmphex (px[y * 64 + 63] & 0xffffff, ==, 0xffffff);
    }
  cairo_surface_destroy (surface);
  return n;
}

/* Off, nothing is drawn; on, every terrain but path gets marks of its
 * own, inside the hex. */
static void
test_terrain_patterns (void)
{
  guint n[SPK_N_TERRAINS];

  for (SpkTerrain t = 0; t < SPK_N_TERRAINS; t++)
    g_assert_cmpuint (pattern_pixels (t, FALSE), ==, 0);
  spk_look_set_terrain_patterns (spk_look_get_default (), TRUE);
  g_assert_true (spk_terrain_pattern_enabled ());
  for (SpkTerrain t = 0; t < SPK_N_TERRAINS; t++)
    n[t] = pattern_pixels (t, FALSE);
  g_assert_cmpuint (n[SPK_TERRAIN_PATH], ==, 0);
  for (SpkTerrain t = SPK_TERRAIN_PLAINS; t < SPK_N_TERRAINS; t++)
    {
      g_assert_cmpuint (n[t], >, 40);
      for (SpkTerrain u = SPK_TERRAIN_PLAINS; u < t; u++)
        g_assert_cmpuint (n[t], !=, n[u]);
    }
  spk_look_set_terrain_patterns (spk_look_get_default (), FALSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/look/changes", test_look_changes);
  g_test_add_func ("/look/palette-colour-blind", test_palette_colour_blind);
  g_test_add_func ("/look/terrain-patterns", test_terrain_patterns);
  return g_test_run ();
}
