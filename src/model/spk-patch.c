/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-patch.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-table-file.h"

/* The top-level lists whose entries are patched one by one, and the member
 * that identifies an entry. Hexes have no single id: q, r and layer. */
typedef struct {
  const char *name;
  const char *key;
} ListSpec;

static const ListSpec lists[] = {
  { "factions", "id" },
  { "hexes", NULL },
  { "fortresses", "faction" },
  { "chips", "id" },
  { "deployment", "faction" },
};

static const ListSpec *
find_list (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (strcmp (lists[i].name, name) == 0)
      return &lists[i];
  return NULL;
}

static char *
entry_key (const ListSpec *spec, JsonNode *node)
{
  JsonObject *obj;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  obj = json_node_get_object (node);
  if (spec->key != NULL)
    {
      JsonNode *k = json_object_get_member (obj, spec->key);

      if (k == NULL || !JSON_NODE_HOLDS_VALUE (k) || json_node_get_value_type (k) != G_TYPE_STRING)
        return NULL;
      return g_strdup (json_node_get_string (k));
    }
  return g_strdup_printf ("%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                          json_object_get_int_member_with_default (obj, "q", 0),
                          json_object_get_int_member_with_default (obj, "r", 0),
                          json_object_get_int_member_with_default (obj, "layer", 0));
}

/* Member-level difference of two objects: {"member": {"old": v, "new": v}},
 * a side left out where the member is absent. NULL when equal. */
static JsonObject *
member_diff (JsonObject *before, JsonObject *after, gboolean skip_lists)
{
  JsonObject *set = NULL;
  g_autoptr(GList) names = json_object_get_members (before);
  g_autoptr(GList) added = json_object_get_members (after);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *old = json_object_get_member (before, l->data);
      JsonNode *now = json_object_get_member (after, l->data);
      JsonObject *change;

      if ((skip_lists && find_list (l->data) != NULL) ||
          (now != NULL && json_node_equal (old, now)))
        continue;
      change = json_object_new ();
      json_object_set_member (change, "old", json_node_copy (old));
      if (now != NULL)
        json_object_set_member (change, "new", json_node_copy (now));
      if (set == NULL)
        set = json_object_new ();
      json_object_set_object_member (set, l->data, change);
    }
  for (GList *l = added; l != NULL; l = l->next)
    {
      JsonObject *change;

      if ((skip_lists && find_list (l->data) != NULL) || json_object_has_member (before, l->data))
        continue;
      change = json_object_new ();
      json_object_set_member (change, "new", json_node_copy (json_object_get_member (after, l->data)));
      if (set == NULL)
        set = json_object_new ();
      json_object_set_object_member (set, l->data, change);
    }
  return set;
}

static JsonObject *
change_new (const char *in, const char *key)
{
  JsonObject *c = json_object_new ();

  json_object_set_string_member (c, "in", in);
  if (key != NULL)
    json_object_set_string_member (c, "key", key);
  return c;
}

static GPtrArray *
list_keys (const ListSpec *spec, JsonArray *arr, GHashTable *index)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      char *key = entry_key (spec, json_array_get_element (arr, i));

      if (key == NULL || g_hash_table_contains (index, key))
        {
          g_free (key);
          g_ptr_array_unref (keys);
          return NULL;
        }
      g_ptr_array_add (keys, key);
      g_hash_table_insert (index, key, GUINT_TO_POINTER (i));
    }
  return keys;
}

static gboolean
same_common_order (GPtrArray *bkeys, GHashTable *aindex, GPtrArray *akeys, GHashTable *bindex)
{
  guint i = 0, j = 0;

  for (;;)
    {
      while (i < bkeys->len && !g_hash_table_contains (aindex, g_ptr_array_index (bkeys, i)))
        i++;
      while (j < akeys->len && !g_hash_table_contains (bindex, g_ptr_array_index (akeys, j)))
        j++;
      if (i == bkeys->len || j == akeys->len)
        return i == bkeys->len && j == akeys->len;
      if (strcmp (g_ptr_array_index (bkeys, i), g_ptr_array_index (akeys, j)) != 0)
        return FALSE;
      i++;
      j++;
    }
}

static JsonNode *
empty_list (void)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, json_array_new ());
  return node;
}

static void
diff_list (JsonArray *changes, const ListSpec *spec, JsonNode *bnode, JsonNode *anode)
{
  JsonArray *before = bnode && JSON_NODE_HOLDS_ARRAY (bnode) ? json_node_get_array (bnode) : NULL;
  JsonArray *after = anode && JSON_NODE_HOLDS_ARRAY (anode) ? json_node_get_array (anode) : NULL;
  g_autoptr(GHashTable) bindex = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) aindex = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) bkeys = list_keys (spec, before, bindex);
  g_autoptr(GPtrArray) akeys = list_keys (spec, after, aindex);

  /* Entries without a usable key, or a reordering: the list is replaced
   * whole. Actions never reorder, so this stays rare. */
  if (bkeys == NULL || akeys == NULL || !same_common_order (bkeys, aindex, akeys, bindex))
    {
      JsonObject *c;

      if (bnode != NULL && anode != NULL && json_node_equal (bnode, anode))
        return;
      c = change_new (spec->name, NULL);
      json_object_set_member (c, "old", bnode ? json_node_copy (bnode) : empty_list ());
      json_object_set_member (c, "new", anode ? json_node_copy (anode) : empty_list ());
      json_array_add_object_element (changes, c);
      return;
    }

  for (guint i = 0; i < bkeys->len; i++)
    if (!g_hash_table_contains (aindex, g_ptr_array_index (bkeys, i)))
      {
        JsonObject *c = change_new (spec->name, g_ptr_array_index (bkeys, i));

        json_object_set_int_member (c, "at", i);
        json_object_set_member (c, "del", json_node_copy (json_array_get_element (before, i)));
        json_array_add_object_element (changes, c);
      }
  for (guint j = 0; j < akeys->len; j++)
    if (!g_hash_table_contains (bindex, g_ptr_array_index (akeys, j)))
      {
        JsonObject *c = change_new (spec->name, g_ptr_array_index (akeys, j));

        json_object_set_int_member (c, "at", j);
        json_object_set_member (c, "add", json_node_copy (json_array_get_element (after, j)));
        json_array_add_object_element (changes, c);
      }
  for (guint j = 0; j < akeys->len; j++)
    {
      gpointer bi;
      JsonObject *set;
      JsonObject *c;

      if (!g_hash_table_lookup_extended (bindex, g_ptr_array_index (akeys, j), NULL, &bi))
        continue;
      set = member_diff (json_array_get_object_element (before, GPOINTER_TO_UINT (bi)),
                         json_array_get_object_element (after, j), FALSE);
      if (set == NULL)
        continue;
      c = change_new (spec->name, g_ptr_array_index (akeys, j));
      json_object_set_object_member (c, "set", set);
      json_array_add_object_element (changes, c);
    }
}

JsonNode *
spk_patch_diff (JsonNode *before, JsonNode *after)
{
  JsonArray *changes = json_array_new ();
  JsonObject *b = json_node_get_object (before);
  JsonObject *a = json_node_get_object (after);
  JsonObject *set = member_diff (b, a, TRUE);
  JsonNode *result;

  if (set != NULL)
    {
      JsonObject *c = change_new ("table", NULL);

      json_object_set_object_member (c, "set", set);
      json_array_add_object_element (changes, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    diff_list (changes, &lists[i], json_object_get_member (b, lists[i].name),
               json_object_get_member (a, lists[i].name));

  result = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (result, changes);
  return result;
}

gboolean
spk_patch_is_empty (JsonNode *patch)
{
  return json_array_get_length (json_node_get_array (patch)) == 0;
}

/* Applying */

static gboolean
misfit (GError **error, const char *in, const char *key, const char *what)
{
  g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE,
               _("the history does not fit this table (%s “%s”: %s); the step cannot be replayed"),
               in, key ? key : "-", what);
  return FALSE;
}

static JsonArray *
doc_list (JsonObject *doc, const char *name)
{
  JsonNode *node = json_object_get_member (doc, name);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      json_object_set_array_member (doc, name, json_array_new ());
      node = json_object_get_member (doc, name);
    }
  return json_node_get_array (node);
}

static int
find_entry (const ListSpec *spec, JsonArray *arr, const char *key)
{
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *k = entry_key (spec, json_array_get_element (arr, i));

      if (g_strcmp0 (k, key) == 0)
        return (int) i;
    }
  return -1;
}

static void
insert_entry (JsonObject *doc, const char *name, guint at, JsonNode *entry)
{
  JsonArray *old = doc_list (doc, name);
  JsonArray *arr = json_array_sized_new (json_array_get_length (old) + 1);

  for (guint i = 0; i < json_array_get_length (old); i++)
    {
      if (i == at)
        json_array_add_element (arr, json_node_copy (entry));
      json_array_add_element (arr, json_node_ref (json_array_get_element (old, i)));
    }
  if (at >= json_array_get_length (old))
    json_array_add_element (arr, json_node_copy (entry));
  json_object_set_array_member (doc, name, arr);
}

static void
apply_set (JsonObject *target, JsonObject *set, gboolean forwards)
{
  g_autoptr(GList) names = json_object_get_members (set);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonObject *change = json_object_get_object_member (set, l->data);
      JsonNode *value = json_object_get_member (change, forwards ? "new" : "old");

      if (value != NULL)
        json_object_set_member (target, l->data, json_node_copy (value));
      else
        json_object_remove_member (target, l->data);
    }
}

typedef enum { PASS_REMOVE, PASS_INSERT, PASS_SET } Pass;

static gboolean
apply_change (JsonObject *doc, JsonObject *c, gboolean forwards, Pass pass, GError **error)
{
  const char *in = json_object_get_string_member_with_default (c, "in", "");
  const char *key = json_object_get_string_member_with_default (c, "key", NULL);
  const char *removed = forwards ? "del" : "add";
  const char *inserted = forwards ? "add" : "del";
  const ListSpec *spec = find_list (in);
  JsonArray *arr;
  int i;

  if (strcmp (in, "table") == 0)
    {
      if (pass == PASS_SET && json_object_has_member (c, "set"))
        apply_set (doc, json_object_get_object_member (c, "set"), forwards);
      return TRUE;
    }
  if (spec == NULL)
    return misfit (error, in, key, _("unknown list"));

  if (key == NULL)
    {
      JsonNode *whole = json_object_get_member (c, forwards ? "new" : "old");

      if (whole == NULL || !JSON_NODE_HOLDS_ARRAY (whole))
        return misfit (error, in, key, _("no list to put back"));
      if (pass == PASS_REMOVE)
        json_object_set_member (doc, in, json_node_copy (whole));
      return TRUE;
    }

  arr = doc_list (doc, in);
  if (pass == PASS_REMOVE && json_object_has_member (c, removed))
    {
      if ((i = find_entry (spec, arr, key)) < 0)
        return misfit (error, in, key, _("not there to remove"));
      json_array_remove_element (arr, (guint) i);
    }
  else if (pass == PASS_INSERT && json_object_has_member (c, inserted))
    {
      gint64 at = json_object_get_int_member_with_default (c, "at", -1);

      if (find_entry (spec, arr, key) >= 0)
        return misfit (error, in, key, _("already there"));
      if (at < 0 || at > (gint64) json_array_get_length (arr))
        return misfit (error, in, key, _("position out of range"));
      insert_entry (doc, in, (guint) at, json_object_get_member (c, inserted));
    }
  else if (pass == PASS_SET && json_object_has_member (c, "set"))
    {
      JsonNode *target;

      if ((i = find_entry (spec, arr, key)) < 0)
        return misfit (error, in, key, _("not there to change"));
      target = json_array_get_element (arr, (guint) i);
      if (!JSON_NODE_HOLDS_OBJECT (target))
        return misfit (error, in, key, _("not an object"));
      apply_set (json_node_get_object (target), json_object_get_object_member (c, "set"), forwards);
    }
  return TRUE;
}

gboolean
spk_patch_apply (JsonNode *doc, JsonNode *patch, gboolean forwards, GError **error)
{
  JsonObject *obj = json_node_get_object (doc);
  JsonArray *changes;

  if (patch == NULL || !JSON_NODE_HOLDS_ARRAY (patch))
    return misfit (error, "-", NULL, _("not a list of changes"));
  changes = json_node_get_array (patch);
  /* Removals first, then insertions in increasing position, then member
   * changes: positions recorded against the full list stay right. */
  for (Pass pass = PASS_REMOVE; pass <= PASS_SET; pass++)
    for (guint i = 0; i < json_array_get_length (changes); i++)
      {
        JsonNode *c = json_array_get_element (changes, i);

        if (!JSON_NODE_HOLDS_OBJECT (c))
          return misfit (error, "-", NULL, _("a change is not an object"));
        if (!apply_change (obj, json_node_get_object (c), forwards, pass, error))
          return FALSE;
      }
  return TRUE;
}
