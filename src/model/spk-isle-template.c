/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-isle-template.h"

#include "spk-data-file.h"
#include "spk-json-guard.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "spk-grid.h"

G_DEFINE_QUARK (spk-isle-template-error-quark, spk_isle_template_error)

#define FORMAT "spirekeeper-isle-templates"
#define BUILTIN_FILE "cloudspire-tiles.json"

void
spk_isle_template_free (SpkIsleTemplate *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_array_unref (self->hexes);
  g_free (self);
}

static SpkIsleTemplate *
template_new (const char *name)
{
  SpkIsleTemplate *self = g_new0 (SpkIsleTemplate, 1);

  self->name = g_strdup (name);
  self->hexes = g_array_new (FALSE, FALSE, sizeof (SpkTemplateHex));
  return self;
}

static int
compare_hexes (gconstpointer a, gconstpointer b)
{
  const SpkTemplateHex *x = a, *y = b;

  if (x->r != y->r)
    return x->r < y->r ? -1 : 1;
  return x->q < y->q ? -1 : x->q > y->q;
}

SpkIsleTemplate *
spk_isle_template_from_group (const SpkBoard *board, const char *group, const char *name, GError **error)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (board);
  int index = spk_grid_group_index (grid, group);
  g_autoptr(SpkIsleTemplate) self = template_new (name);
  SpkTemplateHex first;

  /* A hex belongs to the group it shows on top. */
  for (guint i = 0; index >= 0 && i < spk_grid_n_cells (grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (grid, i);
      SpkTemplateHex h = { cell->hex.q, cell->hex.r, cell->terrain, cell->well };

      if (cell->kind == SPK_CELL_HEX && cell->top_group == index)
        g_array_append_val (self->hexes, h);
    }
  if (self->hexes->len == 0)
    {
      g_set_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_NO_GROUP,
                   _("No hex shows the group “%s”. Select a hex of the isle to save."), group);
      return NULL;
    }
  g_array_sort (self->hexes, compare_hexes);
  first = g_array_index (self->hexes, SpkTemplateHex, 0);
  for (guint i = 0; i < self->hexes->len; i++)
    {
      SpkTemplateHex *h = &g_array_index (self->hexes, SpkTemplateHex, i);

      h->q -= first.q;
      h->r -= first.r;
    }
  return g_steal_pointer (&self);
}

SpkEarthscape *
spk_isle_template_to_earthscape (const SpkIsleTemplate *self, SpkHex anchor, int rotation, gboolean mirror,
                                 const char *group)
{
  g_autoptr(GArray) placed = spk_isle_template_place (self, anchor, rotation, mirror);
  SpkEarthscape *e = spk_earthscape_new (group);

  for (guint i = 0; i < placed->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (placed, SpkTemplateHex, i);
      SpkHexEntry *entry = spk_hex_entry_new (h->q, h->r, h->terrain, group);

      entry->well = h->well;
      g_ptr_array_add (e->hexes, entry);
    }
  return e;
}

SpkHex
spk_hex_rotate (SpkHex hex, int rotation)
{
  int turns = ((rotation % 6) + 6) % 6;

  /* One sixth clockwise on screen (pointy-top, r downwards): the cube
   * coordinates (q, s, r) become (-r, -q, -s). */
  for (int i = 0; i < turns; i++)
    hex = spk_hex_make (-hex.r, hex.q + hex.r);
  return hex;
}

SpkHex
spk_hex_mirror (SpkHex hex)
{
  /* Left to right: the r rows stay, each hex moves across the q axis. */
  return spk_hex_make (-hex.q - hex.r, hex.r);
}

GArray *
spk_isle_template_place (const SpkIsleTemplate *self, SpkHex anchor, int rotation, gboolean mirror)
{
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (SpkTemplateHex), self->hexes->len);

  for (guint i = 0; i < self->hexes->len; i++)
    {
      SpkTemplateHex h = g_array_index (self->hexes, SpkTemplateHex, i);
      SpkHex offset = spk_hex_make (h.q, h.r);

      if (mirror)
        offset = spk_hex_mirror (offset);
      offset = spk_hex_rotate (offset, rotation);
      h.q = anchor.q + offset.q;
      h.r = anchor.r + offset.r;
      g_array_append_val (out, h);
    }
  return out;
}

char *
spk_isle_templates_to_data (GPtrArray *templates, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "templates");
  json_builder_begin_array (b);
  for (guint i = 0; i < templates->len; i++)
    {
      const SpkIsleTemplate *t = g_ptr_array_index (templates, i);

      if (t->builtin)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, t->name);
      if (t->kind == SPK_TEMPLATE_EARTHSCAPE)
        {
          json_builder_set_member_name (b, "kind");
          json_builder_add_string_value (b, "earthscape");
        }
      json_builder_set_member_name (b, "hexes");
      json_builder_begin_array (b);
      for (guint k = 0; k < t->hexes->len; k++)
        {
          const SpkTemplateHex *h = &g_array_index (t->hexes, SpkTemplateHex, k);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "q");
          json_builder_add_int_value (b, h->q);
          json_builder_set_member_name (b, "r");
          json_builder_add_int_value (b, h->r);
          json_builder_set_member_name (b, "terrain");
          json_builder_add_string_value (b, spk_terrain_to_string (h->terrain));
          if (h->well)
            {
              json_builder_set_member_name (b, "well");
              json_builder_add_boolean_value (b, TRUE);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, length);
}

static gboolean
format_error (GError **error, const char *what)
{
  g_set_error (error, SPK_ISLE_TEMPLATE_ERROR, SPK_ISLE_TEMPLATE_ERROR_FORMAT,
               _("The isle templates file is damaged (%s). Save a template to write a new one."), what);
  return FALSE;
}

GPtrArray *
spk_isle_templates_from_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
  JsonObject *root;
  JsonArray *list;

  if (!spk_json_parser_load (parser, data, length, NULL))
    return format_error (error, _("not JSON")), NULL;
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return format_error (error, _("not an object")), NULL;
  root = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""), FORMAT) != 0
      || !json_object_has_member (root, "templates")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "templates")))
    return format_error (error, _("no template list")), NULL;
  list = json_object_get_array_member (root, "templates");
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      JsonObject *t;
      JsonArray *hexes;
      const char *kind;
      g_autoptr(SpkIsleTemplate) tpl = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return format_error (error, _("a template is not an object")), NULL;
      t = json_node_get_object (node);
      if (!json_object_has_member (t, "hexes") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (t, "hexes")))
        return format_error (error, _("a template has no hexes")), NULL;
      tpl = template_new (json_object_get_string_member_with_default (t, "name", "?"));
      kind = json_object_get_string_member_with_default (t, "kind", "isle");
      if (g_strcmp0 (kind, "earthscape") == 0)
        tpl->kind = SPK_TEMPLATE_EARTHSCAPE;
      else if (g_strcmp0 (kind, "isle") != 0)
        return format_error (error, _("unknown kind")), NULL;
      hexes = json_object_get_array_member (t, "hexes");
      for (guint k = 0; k < json_array_get_length (hexes); k++)
        {
          JsonNode *hn = json_array_get_element (hexes, k);
          JsonObject *h;
          SpkTemplateHex hex = { 0 };

          if (!JSON_NODE_HOLDS_OBJECT (hn))
            return format_error (error, _("a hex is not an object")), NULL;
          h = json_node_get_object (hn);
          hex.q = json_object_get_int_member_with_default (h, "q", 0);
          hex.r = json_object_get_int_member_with_default (h, "r", 0);
          hex.well = json_object_get_boolean_member_with_default (h, "well", FALSE);
          if (!spk_terrain_from_string (json_object_get_string_member_with_default (h, "terrain", ""), &hex.terrain))
            return format_error (error, _("unknown terrain")), NULL;
          g_array_append_val (tpl->hexes, hex);
        }
      g_ptr_array_add (out, g_steal_pointer (&tpl));
    }
  return g_steal_pointer (&out);
}

char *
spk_isle_templates_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "spirekeeper", "isle-templates.json", NULL);
}

char *
spk_isle_templates_find_builtin (void)
{
  /* As for the roster: an explicit directory wins even without the file,
   * so a test can run without the built-ins. */
  return spk_data_file_find ("SPK_TEMPLATES_DIR", "templates", BUILTIN_FILE);
}

GPtrArray *
spk_isle_templates_load_builtin (GError **error)
{
  g_autofree char *path = spk_isle_templates_find_builtin ();
  g_autofree char *contents = NULL;
  gsize length;
  GPtrArray *list;

  if (path == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if ((list = spk_isle_templates_from_data (contents, (gssize) length, error)) == NULL)
    return NULL;
  for (guint i = 0; i < list->len; i++)
    ((SpkIsleTemplate *) g_ptr_array_index (list, i))->builtin = TRUE;
  return list;
}
