/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Isle templates: shape of a group, turns and mirror, the saved list. */
#include "config.h"

#include "spk-isle-template.h"
#include "spk-table-file.h"

static SpkBoard *
demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "demo", "demo-table.json", NULL);
  g_autoptr(GError) error = NULL;
  SpkBoard *board = spk_table_file_load (path, NULL, &error);

  g_assert_no_error (error);
  return board;
}

static void
test_from_group (void)
{
  g_autoptr(SpkBoard) board = demo ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkIsleTemplate) t = spk_isle_template_from_group (board, "isle-west-ridge", "Ridge", &error);
  /* isle-west-ridge: (-2,-1) mountains; (-3,0) (-2,0) path; (-3,1) plains,
   * (-2,1) forest with a well. Offsets from (-2,-1), rows top first. */
  const SpkTemplateHex expected[] = {
    { 0, 0, SPK_TERRAIN_MOUNTAINS, FALSE },
    { -1, 1, SPK_TERRAIN_PATH, FALSE },
    { 0, 1, SPK_TERRAIN_PATH, FALSE },
    { -1, 2, SPK_TERRAIN_PLAINS, FALSE },
    { 0, 2, SPK_TERRAIN_FOREST, TRUE },
  };

  g_assert_no_error (error);
  g_assert_cmpstr (t->name, ==, "Ridge");
  g_assert_cmpuint (t->hexes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const SpkTemplateHex *h = &g_array_index (t->hexes, SpkTemplateHex, i);

      g_assert_cmpint (h->q, ==, expected[i].q);
      g_assert_cmpint (h->r, ==, expected[i].r);
      g_assert_cmpint (h->terrain, ==, expected[i].terrain);
      g_assert_cmpint (h->well, ==, expected[i].well);
    }

  /* The span laid over isle-north shows on top there, so only its own two
   * hexes are in it. */
  {
    g_autoptr(SpkIsleTemplate) span = spk_isle_template_from_group (board, "earthscape-span", "Span", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (span->hexes->len, ==, 2);
  }

  g_assert_null (spk_isle_template_from_group (board, "isle-nowhere", "X", &error));
  g_assert_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_NO_GROUP);
}

static void
test_rotate_and_mirror (void)
{
  /* Each row: an offset and where one clockwise sixth takes it. The six
   * neighbours go round in the order east, south-east, south-west, west,
   * north-west, north-east. */
  const struct { SpkHex from, to; } turns[] = {
    { { 1, 0 }, { 0, 1 } },
    { { 0, 1 }, { -1, 1 } },
    { { -1, 1 }, { -1, 0 } },
    { { -1, 0 }, { 0, -1 } },
    { { 0, -1 }, { 1, -1 } },
    { { 1, -1 }, { 1, 0 } },
    { { 2, -1 }, { 1, 1 } },
    { { 0, 0 }, { 0, 0 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (turns); i++)
    {
      SpkHex got = spk_hex_rotate (turns[i].from, 1);

      g_assert_cmpint (got.q, ==, turns[i].to.q);
      g_assert_cmpint (got.r, ==, turns[i].to.r);
      /* Six turns, or none, leave it where it was; -1 undoes 1. */
      got = spk_hex_rotate (turns[i].from, 6);
      g_assert_true (spk_hex_equal (got, turns[i].from));
      got = spk_hex_rotate (spk_hex_rotate (turns[i].from, 1), -1);
      g_assert_true (spk_hex_equal (got, turns[i].from));
      /* Mirroring twice is nothing; it keeps rows and distances. */
      g_assert_true (spk_hex_equal (spk_hex_mirror (spk_hex_mirror (turns[i].from)), turns[i].from));
      g_assert_cmpint (spk_hex_mirror (turns[i].from).r, ==, turns[i].from.r);
      g_assert_cmpint (spk_hex_distance (spk_hex_make (0, 0), spk_hex_mirror (turns[i].from)), ==,
                       spk_hex_distance (spk_hex_make (0, 0), turns[i].from));
    }
  /* East mirrors to west. */
  g_assert_cmpint (spk_hex_mirror (spk_hex_make (1, 0)).q, ==, -1);
}

static void
test_place (void)
{
  g_autoptr(SpkBoard) board = demo ();
  g_autoptr(SpkIsleTemplate) t = spk_isle_template_from_group (board, "isle-west-ridge", "Ridge", NULL);
  g_autoptr(GArray) same = spk_isle_template_place (t, spk_hex_make (-2, -1), 0, FALSE);
  g_autoptr(GArray) turned = spk_isle_template_place (t, spk_hex_make (5, 5), 2, TRUE);

  /* Unturned at its own first hex: the isle as it is. */
  g_assert_cmpint (g_array_index (same, SpkTemplateHex, 4).q, ==, -2);
  g_assert_cmpint (g_array_index (same, SpkTemplateHex, 4).r, ==, 1);
  g_assert_true (g_array_index (same, SpkTemplateHex, 4).well);
  /* Mirrored then turned twice: (0, 2) → (-2, 2) → (-2, 0) → (0, -2). */
  g_assert_cmpint (g_array_index (turned, SpkTemplateHex, 4).q, ==, 5 + 0);
  g_assert_cmpint (g_array_index (turned, SpkTemplateHex, 4).r, ==, 5 - 2);
  g_assert_cmpint (g_array_index (turned, SpkTemplateHex, 4).terrain, ==, SPK_TERRAIN_FOREST);
  /* The anchor hex stays on the anchor. */
  g_assert_cmpint (g_array_index (turned, SpkTemplateHex, 0).q, ==, 5);
  g_assert_cmpint (g_array_index (turned, SpkTemplateHex, 0).r, ==, 5);
}

static void
test_saved_list (void)
{
  g_autoptr(SpkBoard) board = demo ();
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_ptr_array_add (list, spk_isle_template_from_group (board, "isle-anvil", "Anvil", NULL));
  g_ptr_array_add (list, spk_isle_template_from_group (board, "isle-north", "North", NULL));
  data = spk_isle_templates_to_data (list, &length);
  back = spk_isle_templates_from_data (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const SpkIsleTemplate *a = g_ptr_array_index (list, i), *b = g_ptr_array_index (back, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->hexes->len, ==, b->hexes->len);
      g_assert_cmpmem (a->hexes->data, a->hexes->len * sizeof (SpkTemplateHex),
                       b->hexes->data, b->hexes->len * sizeof (SpkTemplateHex));
    }

  g_assert_null (spk_isle_templates_from_data ("{\"format\": \"other\"}", -1, &error));
  g_assert_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_null (spk_isle_templates_from_data ("{\"format\": \"spirekeeper-isle-templates\", \"templates\": "
                                               "[{\"name\": \"x\", \"hexes\": [{\"q\": 0, \"r\": 0, \"terrain\": \"lava\"}]}]}",
                                               -1, &error));
  g_assert_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_FORMAT);
  g_clear_error (&error);
  /* An empty file is JSON with no root. */
  g_assert_null (spk_isle_templates_from_data ("", -1, &error));
  g_assert_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_FORMAT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/isle-template/from-group", test_from_group);
  g_test_add_func ("/isle-template/rotate-and-mirror", test_rotate_and_mirror);
  g_test_add_func ("/isle-template/place", test_place);
  g_test_add_func ("/isle-template/saved-list", test_saved_list);
  return g_test_run ();
}
