/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every talent the engine knows (spk-talent.h) has its entry in the
 * Cloudspire pack, and looking the talent up by name from a chip (the
 * Selection section's Rules buttons, win.show-term) opens that entry
 * first; every talent of the roster is known. docs/talents.md. */
#include "config.h"

#include <json-glib/json-glib.h>

#include "spk-glossary.h"
#include "spk-search.h"
#include "spk-talent.h"

static void
test_entries (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", "cloudspire.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load (path, NULL, &error);
  g_autoptr(SpkSearchIndex) index = NULL;
  const SpkTalentInfo *talents;
  guint n = 0;

  g_assert_no_error (error);
  index = spk_search_index_new (g);
  talents = spk_talent_list (&n);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      /* A chip names "# Range" with its number. */
      const char *printed = g_str_equal (talents[i].name, "# Range") ? "2 Range" : talents[i].name;
      g_autoptr(GPtrArray) hits = spk_search_index_query (index, printed, 1);

      g_test_message ("%s -> %s", printed, talents[i].glossary_id);
      g_assert_nonnull (spk_glossary_lookup (g, talents[i].glossary_id));
      g_assert_cmpuint (hits->len, ==, 1);
      g_assert_cmpstr (((SpkSearchResult *) g_ptr_array_index (hits, 0))->entry->id, ==,
                       talents[i].glossary_id);
    }
}

static void
collect_talents (JsonNode *node, GPtrArray *out)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *a = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (a); i++)
        collect_talents (json_array_get_element (a, i), out);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (o);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *child = json_object_get_member (o, l->data);

          if (g_str_equal (l->data, "talents") && JSON_NODE_HOLDS_ARRAY (child))
            {
              JsonArray *a = json_node_get_array (child);

              for (guint i = 0; i < json_array_get_length (a); i++)
                g_ptr_array_add (out, (gpointer) json_array_get_string_element (a, i));
            }
          else
            collect_talents (child, out);
        }
    }
}

/* Every talent the roster prints is one the app knows (applied or a
 * reminder), so no chip of the game shows an unknown talent. */
static void
test_roster_talents (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "roster", "cloudspire.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) talents = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  collect_talents (json_parser_get_root (parser), talents);
  g_assert_cmpuint (talents->len, >=, 13);
  for (guint i = 0; i < talents->len; i++)
    {
      const char *talent = g_ptr_array_index (talents, i);

      g_test_message ("%s", talent);
      g_assert_nonnull (spk_talent_lookup (talent));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/talent-entries/every-talent", test_entries);
  g_test_add_func ("/talent-entries/roster-talents", test_roster_talents);
  return g_test_run ();
}
