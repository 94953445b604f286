/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-json-guard.h"
#include "spk-earthscape.h"

/* Reads the EARTHSCAPE.json piece (docs/table-format.md, "Earthscape
 * placement"): {"group": id, "layer": n (optional), "hexes": [{"q", "r",
 * "terrain", "well"}]}. */
static SpkEarthscape *
load_earthscape (const char *path, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(SpkEarthscape) e = NULL;
  JsonObject *obj;
  JsonArray *hexes;
  JsonNode *root;

  if (!spk_json_parser_load_file (parser, path, error))
    return NULL;
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("the earthscape must be a JSON object with “group” and “hexes”"));
      return NULL;
    }
  obj = json_node_get_object (root);
  if (!json_object_has_member (obj, "group") ||
      json_node_get_value_type (json_object_get_member (obj, "group")) != G_TYPE_STRING)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“group” is missing or not a string; name the earthscape’s hex group"));
      return NULL;
    }
  e = spk_earthscape_new (json_object_get_string_member (obj, "group"));
  if (json_object_has_member (obj, "layer"))
    {
      JsonNode *n = json_object_get_member (obj, "layer");

      if (json_node_get_value_type (n) != G_TYPE_INT64 || json_node_get_int (n) < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“layer” must be a whole number, 0 or more"));
          return NULL;
        }
      e->layer = (int) json_node_get_int (n);
    }
  if (!json_object_has_member (obj, "hexes") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, "hexes")))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“hexes” is missing or not an array; list the earthscape’s hexes"));
      return NULL;
    }
  hexes = json_object_get_array_member (obj, "hexes");
  for (guint i = 0; i < json_array_get_length (hexes); i++)
    {
      JsonNode *n = json_array_get_element (hexes, i);
      JsonObject *h;
      SpkTerrain terrain;
      SpkHexEntry *entry;

      if (!JSON_NODE_HOLDS_OBJECT (n))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("hexes[%u] is not an object with q, r and terrain"), i);
          return NULL;
        }
      h = json_node_get_object (n);
      if (!json_object_has_member (h, "q") || !json_object_has_member (h, "r") ||
          json_node_get_value_type (json_object_get_member (h, "q")) != G_TYPE_INT64 ||
          json_node_get_value_type (json_object_get_member (h, "r")) != G_TYPE_INT64)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("hexes[%u] needs whole-number “q” and “r”"), i);
          return NULL;
        }
      if (!json_object_has_member (h, "terrain") ||
          json_node_get_value_type (json_object_get_member (h, "terrain")) != G_TYPE_STRING ||
          !spk_terrain_from_string (json_object_get_string_member (h, "terrain"), &terrain))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("hexes[%u].terrain must be path, plains, forest, mountains or water"), i);
          return NULL;
        }
      entry = spk_hex_entry_new ((int) json_object_get_int_member (h, "q"),
                                 (int) json_object_get_int_member (h, "r"), terrain, e->group);
      if (json_object_has_member (h, "well"))
        {
          JsonNode *w = json_object_get_member (h, "well");

          if (json_node_get_value_type (w) != G_TYPE_BOOLEAN)
            {
              spk_hex_entry_free (entry);
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("hexes[%u].well must be true or false"), i);
              return NULL;
            }
          entry->well = json_node_get_boolean (w);
        }
      g_ptr_array_add (e->hexes, entry);
    }
  return g_steal_pointer (&e);
}

static char *
problem_text (const SpkBoard *board, const SpkEarthscape *e, const SpkEarthscapeProblem *p)
{
  const SpkFortress *a, *b;

  switch (p->kind)
    {
    case SPK_EARTHSCAPE_PROBLEM_GROUP_IN_PLAY:
      return g_strdup_printf (_("hex group “%s” is already on the table; give the earthscape its own group id"),
                              e->group);
    case SPK_EARTHSCAPE_PROBLEM_OVER_FORTRESS:
      return g_strdup_printf (_("(%d,%d) is part of a fortress, which an earthscape may not cover"),
                              p->hex.q, p->hex.r);
    case SPK_EARTHSCAPE_PROBLEM_PART_OVER_SKY:
      return g_strdup_printf (_("(%d,%d) would hang over sky while other hexes lie on the play area; "
                                "lay it wholly on hexes or wholly beside them"),
                              p->hex.q, p->hex.r);
    case SPK_EARTHSCAPE_PROBLEM_UNEVEN:
      return g_strdup_printf (_("(%d,%d) is on another layer than the first covered hex; the ground must be even"),
                              p->hex.q, p->hex.r);
    case SPK_EARTHSCAPE_PROBLEM_OCCUPIED:
      return g_strdup_printf (_("(%d,%d) holds a chip; an earthscape may only cover empty hexes"),
                              p->hex.q, p->hex.r);
    case SPK_EARTHSCAPE_PROBLEM_NO_INFLUENCE:
      return g_strdup (_("none of the covered hexes is under your influence"));
    case SPK_EARTHSCAPE_PROBLEM_NO_SPIRE_EDGE:
      return g_strdup (_("no edge lies against a hex group holding one of your spires"));
    case SPK_EARTHSCAPE_PROBLEM_LAYER_MISMATCH:
      return g_strdup_printf (_("it would lie on layer %d, not layer %d"), p->layer, e->layer);
    case SPK_EARTHSCAPE_PROBLEM_PATH_BROKEN:
      a = g_ptr_array_index (board->fortresses, p->gate_a);
      b = g_ptr_array_index (board->fortresses, p->gate_b);
      return g_strdup_printf (_("path would no longer join the gates of %s and %s"),
                              a->faction, b->faction);
    default:
      return g_strdup ("?");
    }
}

int
spk_cli_earthscape_check (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkEarthscape) e = NULL;
  g_autoptr(SpkEarthscapeCheck) check = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  int code;

  board = spk_cli_start ("earthscape-check", 3, 3, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;
  e = load_earthscape (argv[2], &error);
  if (e == NULL)
    {
      g_printerr ("%s: %s\n", argv[2], error->message);
      return SPK_CLI_FAILED;
    }
  check = spk_earthscape_check (board, e, argv[3], &error);
  if (check == NULL)
    {
      g_printerr ("%s: %s\n", error->domain == SPK_EARTHSCAPE_ERROR &&
                                error->code == SPK_EARTHSCAPE_ERROR_UNKNOWN_FACTION ? argv[1] : argv[2],
                  error->message);
      return SPK_CLI_FAILED;
    }
  for (guint i = 0; i < check->problems->len; i++)
    g_ptr_array_add (reasons, problem_text (board, e,
                                            &g_array_index (check->problems, SpkEarthscapeProblem, i)));

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "ok");
      json_builder_add_boolean_value (b, check->ok);
      json_builder_set_member_name (b, "reasons");
      json_builder_begin_array (b);
      for (guint i = 0; i < reasons->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (reasons, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "codes");
      json_builder_begin_array (b);
      for (guint i = 0; i < check->problems->len; i++)
        json_builder_add_string_value (b, spk_earthscape_problem_code (g_array_index (check->problems,
                                                                       SpkEarthscapeProblem, i).kind));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "placement");
      json_builder_add_string_value (b, check->placement == SPK_EARTHSCAPE_BESIDE ? "beside"
                                        : check->placement == SPK_EARTHSCAPE_ON_TOP ? "on-top"
                                        : "mixed");
      json_builder_set_member_name (b, "layer");
      json_builder_add_int_value (b, check->layer);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  if (check->ok)
    g_print (_("%s may lay earthscape “%s” %s.\n"), argv[3], e->group,
             check->placement == SPK_EARTHSCAPE_ON_TOP ? _("on top of the play area")
                                                       : _("beside the play area"));
  else
    {
      g_print (_("%s may not lay earthscape “%s” there:\n"), argv[3], e->group);
      for (guint i = 0; i < reasons->len; i++)
        g_print ("  - %s\n", (char *) g_ptr_array_index (reasons, i));
    }
  return SPK_CLI_OK;
}
