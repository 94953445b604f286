/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Malformed tables never crash the loader and always say what and where.
 *
 * Every node of a valid fixture is replaced in turn by values of every other
 * JSON type and by edge numbers; every member is deleted in turn; and the
 * raw text is cut and flipped at random. Each result must either load or
 * fail with at least one problem in SPK_TABLE_ERROR that names a place. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "spk-table-file.h"

static const char *replacements[] = {
  "null", "0", "-1", "1", "99999", "2.5", "\"\"", "\"x\"", "true", "[]", "{}",
  "[1,2]", "{\"q\":0}", "[\"war-briar\"]",
};

typedef struct {
  guint loaded;
  guint refused;
} Tally;

static void
check_text (const char *text, gssize len, Tally *tally)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse_full (text, len, &problems, &error);

  if (board != NULL)
    {
      g_autofree char *again = spk_table_file_to_data (board, NULL);
      g_autoptr(SpkBoard) back = spk_table_file_parse (again, -1, NULL);

      /* Whatever loads must save and load back the same. */
      g_assert_nonnull (back);
      g_assert_true (spk_board_equal (board, back));
      tally->loaded++;
      return;
    }
  g_assert_nonnull (error);
  g_assert_true (error->domain == SPK_TABLE_ERROR);
  g_assert_cmpuint (problems->len, >, 0);
  for (guint i = 0; i < problems->len; i++)
    {
      GError *e = g_ptr_array_index (problems, i);
      g_assert_true (e->domain == SPK_TABLE_ERROR);
      g_assert_cmpuint (strlen (e->message), >, 10);
    }
  tally->refused++;
}

static char *
to_text (JsonNode *root)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  return json_node_copy (json_parser_get_root (parser));
}

/* Calls @fn for each node below @node with the node's container. */
typedef void (*Visit) (JsonNode *root, JsonNode *container, const char *member, guint index,
                       gpointer data);

static void
walk (JsonNode *root, JsonNode *node, Visit fn, gpointer data)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      /* Mutating a member may free its key: walk over copies of the names. */
      GList *members = json_object_get_members (json_node_get_object (node));
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      for (GList *l = members; l != NULL; l = l->next)
        g_ptr_array_add (names, g_strdup (l->data));
      g_list_free (members);
      for (guint i = 0; i < names->len; i++)
        {
          const char *name = g_ptr_array_index (names, i);
          fn (root, node, name, 0, data);
          walk (root, json_object_get_member (json_node_get_object (node), name), fn, data);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *arr = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          fn (root, node, NULL, i, data);
          walk (root, json_array_get_element (arr, i), fn, data);
        }
    }
}

static void
mutate_here (JsonNode *root, JsonNode *container, const char *member, guint index, gpointer data)
{
  Tally *tally = data;

  for (gsize r = 0; r <= G_N_ELEMENTS (replacements); r++)
    {
      g_autoptr(JsonNode) saved = NULL;
      g_autofree char *text = NULL;

      if (member != NULL)
        {
          JsonObject *obj = json_node_get_object (container);
          saved = json_node_copy (json_object_get_member (obj, member));
          if (r == G_N_ELEMENTS (replacements))
            json_object_remove_member (obj, member);
          else
            json_object_set_member (obj, member, parse (replacements[r]));
          text = to_text (root);
          check_text (text, -1, tally);
          json_object_set_member (obj, member, g_steal_pointer (&saved));
        }
      else
        {
          JsonArray *arr = json_node_get_array (container);
          g_autoptr(JsonArray) copy = json_array_new ();
          g_autoptr(JsonArray) keep = json_array_ref (arr);

          for (guint i = 0; i < json_array_get_length (arr); i++)
            {
              if (i != index)
                json_array_add_element (copy, json_node_copy (json_array_get_element (arr, i)));
              else if (r < G_N_ELEMENTS (replacements))
                json_array_add_element (copy, parse (replacements[r]));
            }
          json_node_set_array (container, copy);
          text = to_text (root);
          check_text (text, -1, tally);
          json_node_set_array (container, keep);
        }
    }
}

static char *
fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "table-basic.json", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_structural (void)
{
  g_autofree char *text = fixture ();
  g_autoptr(JsonNode) root = parse (text);
  Tally tally = { 0 };

  walk (root, root, mutate_here, &tally);
  g_test_message ("%u mutants loaded, %u refused", tally.loaded, tally.refused);
  g_assert_cmpuint (tally.refused, >, 1000);
  g_assert_cmpuint (tally.loaded, >, 0);
}

static void
test_textual (void)
{
  g_autofree char *text = fixture ();
  gsize len = strlen (text);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *buf = g_malloc (len + 1);
  Tally tally = { 0 };

  for (int i = 0; i < 3000; i++)
    {
      gsize cut = g_rand_int_range (rand, 0, (gint32) len);
      memcpy (buf, text, len + 1);
      switch (i % 3)
        {
        case 0:
          check_text (buf, (gssize) cut, &tally);
          break;
        case 1:
          buf[cut] = (char) g_rand_int_range (rand, 1, 256);
          check_text (buf, (gssize) len, &tally);
          break;
        default:
          buf[cut] = "{}[],:\"0-"[g_rand_int_range (rand, 0, 9)];
          check_text (buf, (gssize) len, &tally);
          break;
        }
    }
  g_assert_cmpuint (tally.refused, >, 1000);
}

static void
test_deep_nesting (void)
{
  gsize n = 100000;
  g_autofree char *deep = g_malloc (2 * n + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = NULL;

  memset (deep, '[', n);
  memset (deep + n, ']', n);
  deep[2 * n] = '\0';
  board = spk_table_file_parse (deep, -1, &error);
  g_assert_null (board);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table-fuzz/structural", test_structural);
  g_test_add_func ("/table-fuzz/textual", test_textual);
  g_test_add_func ("/table-fuzz/deep-nesting", test_deep_nesting);
  return g_test_run ();
}
