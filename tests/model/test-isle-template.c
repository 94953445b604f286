/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Isle templates: shape of a group, turns and mirror, the saved list, the
 * game's tiles shipped as built-in templates. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

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


/* Each row: a tile as exp111/Cloudspire's src/data/isles.ts and
 * earthscapes.ts give it (13 hexes an isle, 3 an earthscape; the rulebook's
 * set-up: one Source well on the centre isle 1, two on each other isle),
 * counted by terrain: path, plains, forest, mountains, water. */
static const struct {
  const char      *name;
  SpkTemplateKind  kind;
  guint            wells;
  guint            terrain[SPK_N_TERRAINS];
  SpkTerrain       well_terrain[2];
} tiles[] = {
  { "Isle 1", SPK_TEMPLATE_ISLE, 1, { 8, 1, 2, 1, 1 }, { SPK_TERRAIN_FOREST } },
  { "Isle 2", SPK_TEMPLATE_ISLE, 2, { 5, 4, 0, 0, 4 }, { SPK_TERRAIN_WATER, SPK_TERRAIN_PLAINS } },
  { "Isle 4", SPK_TEMPLATE_ISLE, 2, { 6, 3, 0, 3, 1 }, { SPK_TERRAIN_MOUNTAINS, SPK_TERRAIN_PLAINS } },
  { "Isle 8", SPK_TEMPLATE_ISLE, 2, { 5, 3, 1, 3, 1 }, { SPK_TERRAIN_PLAINS, SPK_TERRAIN_PLAINS } },
  { "Earthscape 10", SPK_TEMPLATE_EARTHSCAPE, 1, { 1, 1, 0, 1, 0 }, { SPK_TERRAIN_MOUNTAINS } },
  { "Earthscape 13", SPK_TEMPLATE_EARTHSCAPE, 1, { 1, 0, 0, 1, 1 }, { SPK_TERRAIN_MOUNTAINS } },
  { "Earthscape 15", SPK_TEMPLATE_EARTHSCAPE, 1, { 1, 1, 0, 1, 0 }, { SPK_TERRAIN_PLAINS } },
  { "Earthscape 16", SPK_TEMPLATE_EARTHSCAPE, 1, { 1, 0, 2, 0, 0 }, { SPK_TERRAIN_FOREST } },
};

/* An isle tile is a centre hex, its six neighbours and the six hexes two
 * steps away between them (not the six straight out): offsets from the
 * centre. */
static const SpkHex flower[] = {
  { 0, 0 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
  { 1, -2 }, { 2, -1 }, { 1, 1 }, { -1, 2 }, { -2, 1 }, { -1, -1 },
};

static gboolean
has_hex (GArray *hexes, SpkHex hex)
{
  for (guint i = 0; i < hexes->len; i++)
    if (spk_hex_equal (spk_hex_make (g_array_index (hexes, SpkTemplateHex, i).q,
                                     g_array_index (hexes, SpkTemplateHex, i).r), hex))
      return TRUE;
  return FALSE;
}

/* Every hex reached from the first through neighbours in the set, and no
 * position twice. */
static void
assert_one_piece (GArray *hexes)
{
  g_autoptr(GArray) reached = g_array_new (FALSE, FALSE, sizeof (SpkTemplateHex));

  for (guint i = 0; i < hexes->len; i++)
    for (guint k = i + 1; k < hexes->len; k++)
      g_assert_false (g_array_index (hexes, SpkTemplateHex, i).q == g_array_index (hexes, SpkTemplateHex, k).q &&
                      g_array_index (hexes, SpkTemplateHex, i).r == g_array_index (hexes, SpkTemplateHex, k).r);
  g_array_append_val (reached, g_array_index (hexes, SpkTemplateHex, 0));
  for (guint i = 0; i < reached->len; i++)
    for (int d = 0; d < 6; d++)
      {
        const SpkTemplateHex *from = &g_array_index (reached, SpkTemplateHex, i);
        SpkHex n = spk_hex_neighbour (spk_hex_make (from->q, from->r), d);
        SpkTemplateHex h = { n.q, n.r, SPK_TERRAIN_PATH, FALSE };

        if (has_hex (hexes, n) && !has_hex (reached, n))
          g_array_append_val (reached, h);
      }
  g_assert_cmpuint (reached->len, ==, hexes->len);
}

/* The shape is the isle flower (or, for an earthscape, three hexes each
 * touching the other two) wherever it lies. */
static void
assert_tile_shape (GArray *hexes, SpkTemplateKind kind)
{
  assert_one_piece (hexes);
  if (kind == SPK_TEMPLATE_EARTHSCAPE)
    {
      g_assert_cmpuint (hexes->len, ==, 3);
      for (guint i = 0; i < 3; i++)
        for (guint k = i + 1; k < 3; k++)
          g_assert_true (spk_hex_adjacent (
            spk_hex_make (g_array_index (hexes, SpkTemplateHex, i).q, g_array_index (hexes, SpkTemplateHex, i).r),
            spk_hex_make (g_array_index (hexes, SpkTemplateHex, k).q, g_array_index (hexes, SpkTemplateHex, k).r)));
      return;
    }
  g_assert_cmpuint (hexes->len, ==, G_N_ELEMENTS (flower));
  /* The centre is the one hex with all six neighbours on the tile. */
  for (guint i = 0; i < hexes->len; i++)
    {
      SpkHex c = spk_hex_make (g_array_index (hexes, SpkTemplateHex, i).q, g_array_index (hexes, SpkTemplateHex, i).r);
      guint n = 0;

      for (int d = 0; d < 6; d++)
        n += has_hex (hexes, spk_hex_neighbour (c, d));
      if (n < 6)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (flower); k++)
        g_assert_true (has_hex (hexes, spk_hex_make (c.q + flower[k].q, c.r + flower[k].r)));
      return;
    }
  g_assert_not_reached ();
}

static void
test_builtin (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = spk_isle_templates_load_builtin (&error);

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, G_N_ELEMENTS (tiles));
  for (guint i = 0; i < G_N_ELEMENTS (tiles); i++)
    {
      const SpkIsleTemplate *t = g_ptr_array_index (list, i);
      guint terrain[SPK_N_TERRAINS] = { 0 };
      guint wells = 0;

      g_test_message ("%s", tiles[i].name);
      g_assert_cmpstr (t->name, ==, tiles[i].name);
      g_assert_true (t->builtin);
      g_assert_cmpint (t->kind, ==, tiles[i].kind);
      /* Offsets from the first hex, as a saved template has them. */
      g_assert_cmpint (g_array_index (t->hexes, SpkTemplateHex, 0).q, ==, 0);
      g_assert_cmpint (g_array_index (t->hexes, SpkTemplateHex, 0).r, ==, 0);
      for (guint k = 0; k < t->hexes->len; k++)
        {
          const SpkTemplateHex *h = &g_array_index (t->hexes, SpkTemplateHex, k);

          terrain[h->terrain]++;
          if (h->well)
            g_assert_cmpint (h->terrain, ==, tiles[i].well_terrain[wells++]);
        }
      g_assert_cmpuint (wells, ==, tiles[i].wells);
      g_assert_cmpmem (terrain, sizeof terrain, tiles[i].terrain, sizeof tiles[i].terrain);
      assert_tile_shape (t->hexes, t->kind);
      /* Turned and mirrored every way, it keeps its shape, terrain and wells. */
      for (int turn = -1; turn < 6; turn++)
        for (int mirror = 0; mirror < 2; mirror++)
          {
            g_autoptr(GArray) placed = spk_isle_template_place (t, spk_hex_make (7, -4), turn, mirror);

            assert_tile_shape (placed, t->kind);
            for (guint k = 0; k < placed->len; k++)
              {
                g_assert_cmpint (g_array_index (placed, SpkTemplateHex, k).terrain, ==,
                                 g_array_index (t->hexes, SpkTemplateHex, k).terrain);
                g_assert_cmpint (g_array_index (placed, SpkTemplateHex, k).well, ==,
                                 g_array_index (t->hexes, SpkTemplateHex, k).well);
              }
          }
    }
}

/* Isle 1 as its picture shows it unturned: the well in the forest centre,
 * path straight above and below it, water far upper left, mountains far
 * upper right, forest far lower left, plains far lower right. */
static void
test_builtin_isle_1 (void)
{
  g_autoptr(GPtrArray) list = spk_isle_templates_load_builtin (NULL);
  const SpkIsleTemplate *t = g_ptr_array_index (list, 0);
  /* Laid with its first (top) hex on (1, -2), the centre lands on (0, 0). */
  g_autoptr(GArray) placed = spk_isle_template_place (t, spk_hex_make (1, -2), 0, FALSE);
  const SpkTemplateHex expected[] = {
    { 0, 0, SPK_TERRAIN_FOREST, TRUE },
    { 1, -2, SPK_TERRAIN_PATH, FALSE },
    { -1, 2, SPK_TERRAIN_PATH, FALSE },
    { -1, -1, SPK_TERRAIN_WATER, FALSE },
    { 2, -1, SPK_TERRAIN_MOUNTAINS, FALSE },
    { -2, 1, SPK_TERRAIN_FOREST, FALSE },
    { 1, 1, SPK_TERRAIN_PLAINS, FALSE },
  };

  g_assert_cmpstr (t->name, ==, "Isle 1");
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < placed->len; k++)
        {
          const SpkTemplateHex *h = &g_array_index (placed, SpkTemplateHex, k);

          if (h->q != expected[i].q || h->r != expected[i].r)
            continue;
          found = TRUE;
          g_assert_cmpint (h->terrain, ==, expected[i].terrain);
          g_assert_cmpint (h->well, ==, expected[i].well);
        }
      g_assert_true (found);
    }
}

/* The file names where its numbers come from. */
static void
test_builtin_source (void)
{
  g_autofree char *path = spk_isle_templates_find_builtin ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  const char *source;

  g_assert_nonnull (path);
  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  source = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "source");
  g_assert_nonnull (strstr (source, "exp111/Cloudspire"));
  g_assert_nonnull (strstr (source, "src/data/isles.ts"));
  g_assert_nonnull (strstr (source, "src/data/earthscapes.ts"));
}

/* Built-ins are never written to the player's list; an earthscape of the
 * player's own keeps its kind. Without the file there are no built-ins. */
static void
test_builtin_not_saved (void)
{
  g_autoptr(SpkBoard) board = demo ();
  g_autoptr(GPtrArray) list = spk_isle_templates_load_builtin (NULL);
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *empty_dir = g_dir_make_tmp ("spk-templates-XXXXXX", NULL);
  SpkIsleTemplate *own = spk_isle_template_from_group (board, "earthscape-span", "Span", NULL);
  gsize length;

  own->kind = SPK_TEMPLATE_EARTHSCAPE;
  g_ptr_array_add (list, own);
  data = spk_isle_templates_to_data (list, &length);
  back = spk_isle_templates_from_data (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 1);
  g_assert_cmpstr (((SpkIsleTemplate *) g_ptr_array_index (back, 0))->name, ==, "Span");
  g_assert_cmpint (((SpkIsleTemplate *) g_ptr_array_index (back, 0))->kind, ==, SPK_TEMPLATE_EARTHSCAPE);
  g_assert_false (((SpkIsleTemplate *) g_ptr_array_index (back, 0))->builtin);
  g_assert_null (spk_isle_templates_from_data ("{\"format\": \"spirekeeper-isle-templates\", \"templates\": "
                                               "[{\"name\": \"x\", \"kind\": \"fortress\", \"hexes\": []}]}",
                                               -1, &error));
  g_assert_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_FORMAT);

  g_setenv ("SPK_TEMPLATES_DIR", empty_dir, TRUE);
  g_assert_null (spk_isle_templates_find_builtin ());
  none = spk_isle_templates_load_builtin (NULL);
  g_assert_cmpuint (none->len, ==, 0);
  g_unsetenv ("SPK_TEMPLATES_DIR");
  g_rmdir (empty_dir);
}

/* An earthscape tile as the piece spk_table_place_earthscape lays. */
static void
test_builtin_earthscape (void)
{
  g_autoptr(GPtrArray) list = spk_isle_templates_load_builtin (NULL);
  const SpkIsleTemplate *t = g_ptr_array_index (list, 4);
  g_autoptr(SpkEarthscape) e = spk_isle_template_to_earthscape (t, spk_hex_make (3, 3), 3, FALSE, "earthscape-10-1");
  /* Earthscape 10 turned half round: the mountain with its well at the
   * bottom, path above right, plains above left. */
  const struct { int q, r; SpkTerrain terrain; gboolean well; } expected[] = {
    { 3, 3, SPK_TERRAIN_MOUNTAINS, TRUE },
    { 4, 2, SPK_TERRAIN_PATH, FALSE },
    { 3, 2, SPK_TERRAIN_PLAINS, FALSE },
  };

  g_assert_cmpstr (t->name, ==, "Earthscape 10");
  g_assert_cmpstr (e->group, ==, "earthscape-10-1");
  g_assert_cmpint (e->layer, ==, -1);
  g_assert_cmpuint (e->hexes->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);

      g_assert_cmpint (h->q, ==, expected[i].q);
      g_assert_cmpint (h->r, ==, expected[i].r);
      g_assert_cmpint (h->terrain, ==, expected[i].terrain);
      g_assert_cmpint (h->well, ==, expected[i].well);
      g_assert_cmpstr (h->group, ==, "earthscape-10-1");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/isle-template/from-group", test_from_group);
  g_test_add_func ("/isle-template/rotate-and-mirror", test_rotate_and_mirror);
  g_test_add_func ("/isle-template/place", test_place);
  g_test_add_func ("/isle-template/saved-list", test_saved_list);
  g_test_add_func ("/isle-template/builtin", test_builtin);
  g_test_add_func ("/isle-template/builtin-isle-1", test_builtin_isle_1);
  g_test_add_func ("/isle-template/builtin-source", test_builtin_source);
  g_test_add_func ("/isle-template/builtin-not-saved", test_builtin_not_saved);
  g_test_add_func ("/isle-template/builtin-earthscape", test_builtin_earthscape);
  return g_test_run ();
}
