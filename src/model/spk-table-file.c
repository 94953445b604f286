/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-file.h"
#include "spk-talent.h"

#include "spk-json-guard.h"
#include "spk-onslaught.h"
#include "spk-roster.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (spk-table-error-quark, spk_table_error)

/* Reading collects every problem instead of stopping at the first, so a
 * player fixing a hand-edited file sees the whole list at once. */
typedef struct {
  GPtrArray  *problems; /* of GError* */
  /* Built once while reading, so each look-up of a chip by id or of a hex
   * by place is constant time: a linear search per chip made 40,000 chips
   * take seconds. Owned by read_root. */
  GHashTable *chip_by_id;   /* id -> SpkChip* of the board */
  GHashTable *hex_places;   /* spk_hex_key -> present (any layer) */
} Reader;

static void problem (Reader *rd, SpkTableError code, const char *path,
                     const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static void
problem (Reader *rd, SpkTableError code, const char *path, const char *fmt, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, fmt);
  text = g_strdup_vprintf (fmt, args);
  va_end (args);
  if (path != NULL && *path != '\0')
    g_ptr_array_add (rd->problems, g_error_new (SPK_TABLE_ERROR, code, "%s: %s", path, text));
  else
    g_ptr_array_add (rd->problems, g_error_new_literal (SPK_TABLE_ERROR, code, text));
}

static const char *
node_type_name (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _("null");
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT: return _("an object");
    case JSON_NODE_ARRAY: return _("a list");
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node) == G_TYPE_INT64 ? 0 :
              json_node_get_value_type (node) == G_TYPE_DOUBLE ? 1 :
              json_node_get_value_type (node) == G_TYPE_BOOLEAN ? 2 : 3)
        {
        case 0: return _("a whole number");
        case 1: return _("a decimal number");
        case 2: return _("true/false");
        default: return _("text");
        }
    case JSON_NODE_NULL:
    default:
      return _("null");
    }
}

static char *
child_path (const char *path, const char *member)
{
  if (path == NULL || *path == '\0')
    return g_strdup (member);
  return g_strdup_printf ("%s.%s", path, member);
}

static char *
index_path (const char *path, guint i)
{
  return g_strdup_printf ("%s[%u]", path, i);
}

typedef enum { OPTIONAL, REQUIRED } Need;

/* Each getter returns TRUE when the member is present with the right type,
 * and records a problem when it is present with a wrong type or required and
 * missing. */

static JsonNode *
member (Reader *rd, JsonObject *obj, const char *path, const char *name, Need need)
{
  JsonNode *node = json_object_get_member (obj, name);

  if (node == NULL && need == REQUIRED)
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, SPK_TABLE_ERROR_MISSING, p, _("required field is missing; add it"));
    }
  return node;
}

static void
wrong_type (Reader *rd, const char *path, const char *name, JsonNode *node,
            const char *expected)
{
  g_autofree char *p = name ? child_path (path, name) : g_strdup (path);

  problem (rd, SPK_TABLE_ERROR_TYPE, p, _("expected %s, found %s"), expected,
           node_type_name (node));
}

static gboolean
node_is_int (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
get_int (Reader *rd, JsonObject *obj, const char *path, const char *name, Need need,
         int *out)
{
  JsonNode *node = member (rd, obj, path, name, need);
  gint64 v;

  if (node == NULL)
    return FALSE;
  if (!node_is_int (node))
    {
      wrong_type (rd, path, name, node, _("a whole number"));
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < G_MININT16 || v > G_MAXINT16)
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, SPK_TABLE_ERROR_VALUE, p,
               _("%lld is far out of range"), (long long) v);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
get_bool (Reader *rd, JsonObject *obj, const char *path, const char *name, gboolean *out)
{
  JsonNode *node = member (rd, obj, path, name, OPTIONAL);

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      wrong_type (rd, path, name, node, _("true or false"));
      return FALSE;
    }
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* Counts characters only when the bytes could exceed the limit. */
static gboolean
text_fits (Reader *rd, const char *text, const char *path, const char *name, glong limit)
{
  glong n;

  if (strlen (text) <= (gsize) limit || (n = g_utf8_strlen (text, -1)) <= limit)
    return TRUE;
  {
    g_autofree char *p = name ? child_path (path, name) : g_strdup (path);
    problem (rd, SPK_TABLE_ERROR_TOO_LARGE, p,
             _("the text is %ld characters long, more than the limit of %ld; shorten it"), n, limit);
  }
  return FALSE;
}

static const char *
get_string (Reader *rd, JsonObject *obj, const char *path, const char *name, Need need)
{
  JsonNode *node = member (rd, obj, path, name, need);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      wrong_type (rd, path, name, node, _("text"));
      return NULL;
    }
  if (*json_node_get_string (node) == '\0')
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, SPK_TABLE_ERROR_VALUE, p, _("must not be empty"));
      return NULL;
    }
  if (!text_fits (rd, json_node_get_string (node), path, name,
                  g_str_equal (name, "notes") ? SPK_TABLE_MAX_NOTES : SPK_TABLE_MAX_TEXT))
    return NULL;
  return json_node_get_string (node);
}

static JsonArray *
get_array (Reader *rd, JsonObject *obj, const char *path, const char *name, Need need)
{
  JsonNode *node = member (rd, obj, path, name, need);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      wrong_type (rd, path, name, node, _("a list"));
      return NULL;
    }
  if (json_array_get_length (json_node_get_array (node)) > SPK_TABLE_MAX_LIST)
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, SPK_TABLE_ERROR_TOO_LARGE, p,
               _("the list has %u entries, more than the limit of %d; no table needs that many"),
               json_array_get_length (json_node_get_array (node)), SPK_TABLE_MAX_LIST);
      return NULL;
    }
  return json_node_get_array (node);
}

static JsonObject *
element_object (Reader *rd, JsonArray *arr, guint i, const char *path)
{
  JsonNode *node = json_array_get_element (arr, i);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_type (rd, path, NULL, node, _("an object"));
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
get_hex_pair (Reader *rd, JsonNode *node, const char *path, SpkHex *out)
{
  JsonArray *arr;
  gint64 q, r;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) ||
      json_array_get_length (arr = json_node_get_array (node)) != 2 ||
      !node_is_int (json_array_get_element (arr, 0)) ||
      !node_is_int (json_array_get_element (arr, 1)))
    {
      problem (rd, SPK_TABLE_ERROR_TYPE, path,
               _("expected a coordinate pair [q, r] of whole numbers"));
      return FALSE;
    }
  q = json_array_get_int_element (arr, 0);
  r = json_array_get_int_element (arr, 1);
  /* Checked before narrowing to int, which would wrap a large value onto
   * another hex. */
  if (q < -SPK_TABLE_MAX_COORD || q > SPK_TABLE_MAX_COORD ||
      r < -SPK_TABLE_MAX_COORD || r > SPK_TABLE_MAX_COORD)
    {
      problem (rd, SPK_TABLE_ERROR_VALUE, path,
               _("coordinate (%lld,%lld) is far outside any table; "
                 "q and r are at most %d either way"), (long long) q, (long long) r, SPK_TABLE_MAX_COORD);
      return FALSE;
    }
  out->q = (int) q;
  out->r = (int) r;
  return TRUE;
}

/* Members not in @known are kept as JSON text for re-saving. */
static char *
collect_extra (JsonObject *obj, const char *const *known)
{
  g_autoptr(JsonObject) extra = NULL;
  g_autoptr(GList) names = json_object_get_members (obj);
  g_autoptr(JsonNode) root = NULL;

  for (GList *l = names; l != NULL; l = l->next)
    {
      if (g_strv_contains (known, l->data))
        continue;
      if (extra == NULL)
        extra = json_object_new ();
      json_object_set_member (extra, l->data,
                              json_node_copy (json_object_get_member (obj, l->data)));
    }
  if (extra == NULL)
    return NULL;
  root = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (root, extra);
  return json_to_string (root, FALSE);
}

static const char *const top_known[] = {
  "format", "version", "player_count", "wave", "factions", "hexes",
  "fortresses", "chips", "deployment", "phase", "first_player", "waves",
  "faster", "market_count", "earthscape_bought", "event", "notes", "winners",
  "turn", "campfire_rule", "game", "codex", NULL
};
static const char *const faction_known[] = {
  "id", "name", "mark", "team", "source", "gate_health", "cp",
  "limited_builds", "structures", "relics", "purchases", "choose_mark", "market_done",
  "open_upgrade", "repair_preference", NULL
};
static const char *const structure_known[] = { "name", "levels", "bought", NULL };
static const char *const level_known[] = { "name", "cost", NULL };
static const char *const phase_names[] = {
  "setup", "event", "income", "market", "build", "prep", "onslaught", "end-of-wave",
  "over", NULL
};
static const char *const hex_known[] = {
  "q", "r", "terrain", "group", "well", "layer", NULL
};
static const char *const fortress_known[] = { "faction", "gate", "wells", NULL };
static const char *const chip_known[] = {
  "id", "kind", "faction", "name", "q", "r", "movement", "allowance", "health",
  "max_health", "attack", "upgrades", "capacity", "talents", "active", "moved",
  "revealed", "grouped", "cost", "reward", "merc", "starting", "returned", "attacked",
  "retaliated", "spire_reward", "relic_reward", "landmark_minion", "promoted", "promoted_side",
  "roster", NULL
};

/* The chip fields a roster record decides that the shared contract does
 * not define: on a chip with a roster id they are written only when they
 * differ from the record, and an absent one is the record's (R-file-6).
 * The contract's own fields are always written, since a reader that knows
 * no roster would take an absent stat for its default. */
typedef struct {
  const char *name;
  gsize       offset;  /* of an int or gboolean in SpkChip */
  gboolean    is_bool;
} RosterField;

static const RosterField roster_fields[] = {
  { "cost", G_STRUCT_OFFSET (SpkChip, cost), FALSE },
  { "reward", G_STRUCT_OFFSET (SpkChip, reward), FALSE },
  { "merc", G_STRUCT_OFFSET (SpkChip, merc), TRUE },
  { "starting", G_STRUCT_OFFSET (SpkChip, starting), TRUE },
  { "spire_reward", G_STRUCT_OFFSET (SpkChip, spire_reward), TRUE },
  { "relic_reward", G_STRUCT_OFFSET (SpkChip, relic_reward), TRUE },
  { "landmark_minion", G_STRUCT_OFFSET (SpkChip, landmark_minion), TRUE },
};

#define ROSTER_FIELD(chip, i) G_STRUCT_MEMBER (int, (chip), roster_fields[i].offset)

/* The chip the roster makes of @c's record for its side, faction and id:
 * what the roster fields of @c are compared with. */
static SpkChip *
roster_reference (const SpkChip *c, GError **error)
{
  const SpkRoster *roster = spk_roster_get_default (error);

  if (roster == NULL)
    return NULL;
  return spk_roster_make_chip (roster, c->roster, c->promoted ? SPK_ROSTER_SIDE_PROMOTED : SPK_ROSTER_SIDE_BASIC,
                               c->faction, c->id, NULL, error);
}
static const char *const side_known[] = {
  "movement", "allowance", "health", "attack", "capacity", NULL
};
static const char *const deployment_known[] = { "faction", "stack", NULL };

static void read_string_list (Reader *rd, JsonObject *obj, const char *path,
                              const char *name, GPtrArray *out);
static void read_stat (Reader *rd, JsonObject *obj, const char *path,
                       const char *name, int *out);

/* The optional "promoted_side" of a unit: the stats it flips to. */
static void
read_promoted_side (Reader *rd, JsonObject *obj, const char *path, SpkChip *c)
{
  g_autofree char *spath = NULL;
  g_autofree char *unknown = NULL;
  JsonNode *node;
  JsonObject *side;
  const char *s;

  if ((node = member (rd, obj, path, "promoted_side", OPTIONAL)) == NULL)
    return;
  spath = child_path (path, "promoted_side");
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_type (rd, path, "promoted_side", node, _("an object"));
      return;
    }
  side = json_node_get_object (node);
  if (!spk_chip_is_unit (c))
    {
      problem (rd, SPK_TABLE_ERROR_VALUE, spath,
               _("only units have a promoted side to flip to; remove promoted_side"));
      return;
    }
  c->has_promoted_side = TRUE;
  c->promoted_side.allowance = c->allowance;
  read_stat (rd, side, spath, "movement", &c->promoted_side.movement);
  s = get_string (rd, side, spath, "allowance", OPTIONAL);
  if (s != NULL && !spk_terrain_from_string (s, &c->promoted_side.allowance))
    {
      g_autofree char *p = child_path (spath, "allowance");
      problem (rd, SPK_TABLE_ERROR_UNKNOWN_TERRAIN, p,
               _("unknown terrain “%s”; use path, plains, forest, mountains or water"), s);
    }
  read_stat (rd, side, spath, "health", &c->promoted_side.health);
  read_stat (rd, side, spath, "attack", &c->promoted_side.attack);
  read_stat (rd, side, spath, "capacity", &c->promoted_side.capacity);
  if (c->promoted_side.health < 1)
    problem (rd, SPK_TABLE_ERROR_VALUE, spath,
             _("a promoted side needs its health, at least 1; add health"));
  /* The side has no place to keep unknown fields: refuse them rather than
   * drop them on the next save. */
  if ((unknown = collect_extra (side, side_known)) != NULL)
    problem (rd, SPK_TABLE_ERROR_VALUE, spath,
             _("a promoted side has only movement, allowance, health, attack and capacity; remove the other fields"));
}

static void
read_structures (Reader *rd, JsonObject *obj, const char *path, SpkFaction *f)
{
  JsonArray *arr = get_array (rd, obj, path, "structures", OPTIONAL);

  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      g_autofree char *spath = g_strdup_printf ("%s.structures[%u]", path, i);
      JsonObject *sobj = element_object (rd, arr, i, spath);
      const char *name;
      JsonArray *levels;
      SpkStructure *st;

      if (sobj == NULL || (name = get_string (rd, sobj, spath, "name", REQUIRED)) == NULL)
        continue;
      st = spk_structure_new (name);
      g_ptr_array_add (f->structures, st);
      levels = get_array (rd, sobj, spath, "levels", OPTIONAL);
      for (guint l = 0; levels != NULL && l < json_array_get_length (levels); l++)
        {
          g_autofree char *lpath = g_strdup_printf ("%s.levels[%u]", spath, l);
          JsonObject *lobj = element_object (rd, levels, l, lpath);
          const char *lname;
          int cost = 0;

          if (lobj == NULL || (lname = get_string (rd, lobj, lpath, "name", REQUIRED)) == NULL)
            continue;
          g_autofree char *unknown = NULL;

          read_stat (rd, lobj, lpath, "cost", &cost);
          spk_structure_add_level (st, lname, cost);
          /* Levels have no place to keep unknown fields, so refuse them
           * rather than drop them silently on the next save. */
          if ((unknown = collect_extra (lobj, level_known)) != NULL)
            problem (rd, SPK_TABLE_ERROR_VALUE, lpath,
                     _("an advancement level has only a name and a cost; remove the other fields"));
        }
      read_stat (rd, sobj, spath, "bought", &st->bought);
      if (st->bought > (int) st->level_names->len)
        {
          g_autofree char *p = child_path (spath, "bought");
          problem (rd, SPK_TABLE_ERROR_VALUE, p,
                   _("%d advancements bought but the structure has %u levels; add the levels or lower the count"),
                   st->bought, st->level_names->len);
        }
      st->extra = collect_extra (sobj, structure_known);
    }
}

static void
read_factions (Reader *rd, JsonArray *arr, SpkBoard *board)
{
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = index_path ("factions", i);
      JsonObject *obj = element_object (rd, arr, i, path);
      const char *id, *s;
      SpkFaction *f;

      if (obj == NULL)
        continue;
      id = get_string (rd, obj, path, "id", REQUIRED);
      if (id == NULL)
        continue;
      if (spk_board_find_faction (board, id) != NULL)
        {
          g_autofree char *p = child_path (path, "id");
          problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p,
                   _("faction “%s” appears twice; give each faction its own id"), id);
          continue;
        }
      f = spk_faction_new (id);
      g_ptr_array_add (board->factions, f);
      s = get_string (rd, obj, path, "name", OPTIONAL);
      f->name = g_strdup (s ? s : id);
      f->mark = g_strdup (get_string (rd, obj, path, "mark", REQUIRED));
      f->team = g_strdup (get_string (rd, obj, path, "team", OPTIONAL));
      if (get_int (rd, obj, path, "source", OPTIONAL, &f->source) &&
          (f->source < 0 || f->source > SPK_SOURCE_CAPACITY))
        {
          g_autofree char *p = child_path (path, "source");
          problem (rd, f->source < 0 ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, p,
                   _("Source %d is outside 0–%d"), f->source, SPK_SOURCE_CAPACITY);
        }
      if (get_int (rd, obj, path, "gate_health", OPTIONAL, &f->gate_health) &&
          (f->gate_health < 0 || f->gate_health > SPK_GATE_HEALTH_MAX))
        {
          g_autofree char *p = child_path (path, "gate_health");
          problem (rd, f->gate_health < 0 ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, p,
                   _("gate health %d is outside 0–%d"), f->gate_health, SPK_GATE_HEALTH_MAX);
        }
      read_stat (rd, obj, path, "cp", &f->cp);
      read_stat (rd, obj, path, "limited_builds", &f->limited_builds);
      read_structures (rd, obj, path, f);
      read_string_list (rd, obj, path, "relics", f->relics);
      read_string_list (rd, obj, path, "purchases", f->purchases);
      get_bool (rd, obj, path, "choose_mark", &f->choose_mark);
      get_bool (rd, obj, path, "market_done", &f->market_done);
      f->open_upgrade = g_strdup (get_string (rd, obj, path, "open_upgrade", OPTIONAL));
      read_string_list (rd, obj, path, "repair_preference", f->repair_preference);
      f->extra = collect_extra (obj, faction_known);
    }

  for (guint i = 0; i < board->factions->len; i++)
    {
      SpkFaction *f = g_ptr_array_index (board->factions, i);
      g_autofree char *p = NULL;

      if (f->mark == NULL)
        continue;
      p = g_strdup_printf ("factions[%u].mark", i);
      if (spk_board_find_faction (board, f->mark) == NULL)
        problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p,
                 _("no faction has the id “%s”; a mark names another faction"), f->mark);
      else if (strcmp (f->mark, f->id) == 0)
        problem (rd, SPK_TABLE_ERROR_VALUE, p,
                 _("faction “%s” marks itself; its mark must be an opponent"), f->id);
    }
}

static void
read_hexes (Reader *rd, JsonArray *arr, SpkBoard *board, GHashTable *seen)
{
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = index_path ("hexes", i);
      JsonObject *obj = element_object (rd, arr, i, path);
      const char *terrain, *group;
      int q = 0, r = 0, layer = 0;
      gboolean ok, well = FALSE;
      SpkTerrain t = SPK_TERRAIN_PATH;
      SpkHexEntry *e;
      char *key;

      if (obj == NULL)
        continue;
      ok = get_int (rd, obj, path, "q", REQUIRED, &q);
      ok &= get_int (rd, obj, path, "r", REQUIRED, &r);
      if (ok && (ABS (q) > SPK_TABLE_MAX_COORD || ABS (r) > SPK_TABLE_MAX_COORD))
        {
          problem (rd, SPK_TABLE_ERROR_VALUE, path,
                   _("coordinate (%d,%d) is far outside any table; keep q and r within ±%d"),
                   q, r, SPK_TABLE_MAX_COORD);
          ok = FALSE;
        }
      terrain = get_string (rd, obj, path, "terrain", REQUIRED);
      group = get_string (rd, obj, path, "group", REQUIRED);
      get_bool (rd, obj, path, "well", &well);
      if (get_int (rd, obj, path, "layer", OPTIONAL, &layer) && layer < 0)
        {
          g_autofree char *p = child_path (path, "layer");
          problem (rd, SPK_TABLE_ERROR_NEGATIVE, p, _("layer %d is below 0; isles lie on layer 0"), layer);
          ok = FALSE;
        }
      if (terrain != NULL && !spk_terrain_from_string (terrain, &t))
        {
          g_autofree char *p = child_path (path, "terrain");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_TERRAIN, p,
                   _("unknown terrain “%s”; use path, plains, forest, mountains or water"),
                   terrain);
          ok = FALSE;
        }
      if (!ok || terrain == NULL || group == NULL)
        continue;
      key = g_strdup_printf ("%d,%d,%d", q, r, layer);
      if (g_hash_table_contains (seen, key))
        {
          problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, path,
                   _("hex (%d,%d) on layer %d is listed twice (first at %s); remove one"),
                   q, r, layer, (char *) g_hash_table_lookup (seen, key));
          g_free (key);
          continue;
        }
      g_hash_table_insert (seen, key, g_strdup (path));
      e = spk_hex_entry_new (q, r, t, group);
      e->well = well;
      e->layer = layer;
      e->extra = collect_extra (obj, hex_known);
      g_ptr_array_add (board->hexes, e);
      g_hash_table_add (rd->hex_places, GUINT_TO_POINTER (spk_hex_key (spk_hex_make (q, r))));
    }
}

static gboolean
hex_listed (Reader *rd, SpkHex h)
{
  return g_hash_table_contains (rd->hex_places, GUINT_TO_POINTER (spk_hex_key (h)));
}

static SpkChip *
find_chip (Reader *rd, const char *id)
{
  return g_hash_table_lookup (rd->chip_by_id, id);
}

static void
claim_fortress_cell (Reader *rd, GHashTable *cells, SpkHex h,
                     const char *path)
{
  gpointer key = GUINT_TO_POINTER (spk_hex_key (h));
  const char *other = g_hash_table_lookup (cells, key);

  if (other != NULL)
    problem (rd, SPK_TABLE_ERROR_OVERLAP, path,
             _("(%d,%d) is already used by %s; fortress cells cannot share a place"),
             h.q, h.r, other);
  else if (hex_listed (rd, h))
    problem (rd, SPK_TABLE_ERROR_OVERLAP, path,
             _("(%d,%d) is also listed in hexes; a fortress cell is not an isle hex, remove one of them"),
             h.q, h.r);
  else
    g_hash_table_insert (cells, key, g_strdup (path));
}

static void
read_fortresses (Reader *rd, JsonArray *arr, SpkBoard *board)
{
  g_autoptr(GHashTable) cells = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = index_path ("fortresses", i);
      g_autofree char *gate_path = child_path (path, "gate");
      JsonObject *obj = element_object (rd, arr, i, path);
      const char *faction;
      JsonNode *gate_node;
      JsonArray *wells;
      SpkHex gate;
      SpkFortress *fort;

      if (obj == NULL)
        continue;
      faction = get_string (rd, obj, path, "faction", REQUIRED);
      gate_node = member (rd, obj, path, "gate", REQUIRED);
      if (faction == NULL || gate_node == NULL || !get_hex_pair (rd, gate_node, gate_path, &gate))
        continue;
      if (spk_board_find_faction (board, faction) == NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p,
                   _("no faction has the id “%s”"), faction);
          continue;
        }
      if (spk_board_find_fortress (board, faction) != NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p,
                   _("faction “%s” already has a fortress; each faction has one"), faction);
          continue;
        }
      fort = spk_fortress_new (faction, gate);
      g_ptr_array_add (board->fortresses, fort);
      claim_fortress_cell (rd, cells, gate, gate_path);
      wells = get_array (rd, obj, path, "wells", OPTIONAL);
      for (guint w = 0; wells != NULL && w < json_array_get_length (wells); w++)
        {
          g_autofree char *wpath = g_strdup_printf ("%s.wells[%u]", path, w);
          SpkHex h;

          if (!get_hex_pair (rd, json_array_get_element (wells, w), wpath, &h))
            continue;
          claim_fortress_cell (rd, cells, h, wpath);
          g_array_append_val (fort->wells, h);
        }
      fort->extra = collect_extra (obj, fortress_known);
    }
}

static void
read_string_list (Reader *rd, JsonObject *obj, const char *path, const char *name,
                  GPtrArray *out)
{
  JsonArray *arr = get_array (rd, obj, path, name, OPTIONAL);

  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      JsonNode *node = json_array_get_element (arr, i);
      g_autofree char *p = g_strdup_printf ("%s.%s[%u]", path, name, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          wrong_type (rd, p, NULL, node, _("text"));
          continue;
        }
      if (*json_node_get_string (node) == '\0')
        {
          problem (rd, SPK_TABLE_ERROR_VALUE, p, _("must not be empty; remove it or fill it in"));
          continue;
        }
      if (!text_fits (rd, json_node_get_string (node), p, NULL, SPK_TABLE_MAX_TEXT))
        continue;
      g_ptr_array_add (out, g_strdup (json_node_get_string (node)));
    }
}

static void
read_stat (Reader *rd, JsonObject *obj, const char *path, const char *name, int *out)
{
  if (get_int (rd, obj, path, name, OPTIONAL, out) && *out < 0)
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, SPK_TABLE_ERROR_NEGATIVE, p, _("%d is negative; use 0 or more"), *out);
      *out = 0;
    }
}

/* The optional "roster" id: the record fills the roster fields the chip
 * leaves out (R-file-6). An id the roster lacks is refused, never guessed. */
static void
read_roster (Reader *rd, JsonObject *obj, const char *path, SpkChip *c)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) ref = NULL;
  g_autofree char *rpath = NULL;
  const char *id = get_string (rd, obj, path, "roster", OPTIONAL);

  if (id == NULL)
    return;
  c->roster = g_strdup (id);
  rpath = child_path (path, "roster");
  if ((ref = roster_reference (c, &error)) == NULL)
    {
      /* A record that cannot make this chip (no such side, no faction)
       * leaves the chip's own values, which the file then holds. */
      if (!g_error_matches (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_CHIP))
        problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, rpath,
                 _("%s; update Spirekeeper, or remove roster and give the chip's values"), error->message);
      return;
    }
  if (ref->kind != c->kind)
    {
      problem (rd, SPK_TABLE_ERROR_VALUE, rpath, _("%s is a %s and this chip a %s; fix kind or roster"),
               ref->name, spk_chip_kind_to_string (ref->kind), spk_chip_kind_to_string (c->kind));
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (roster_fields); i++)
    if (!json_object_has_member (obj, roster_fields[i].name))
      ROSTER_FIELD (c, i) = ROSTER_FIELD (ref, i);
  if (!json_object_has_member (obj, "promoted_side"))
    {
      c->has_promoted_side = ref->has_promoted_side;
      c->promoted_side = ref->promoted_side;
    }
}

/* Chips are read in two passes: fields first, then references and places,
 * which need every chip and stack known. @paths maps each chip kept to its
 * index in the file, for messages. */
static void
read_chips (Reader *rd, JsonArray *arr, SpkBoard *board, GArray *paths)
{
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = index_path ("chips", i);
      JsonObject *obj = element_object (rd, arr, i, path);
      const char *id, *kind_s, *s;
      SpkChipKind kind;
      SpkChip *c;
      gboolean got_q, got_r;
      JsonArray *ups;

      if (obj == NULL)
        continue;
      id = get_string (rd, obj, path, "id", REQUIRED);
      kind_s = get_string (rd, obj, path, "kind", REQUIRED);
      if (id == NULL || kind_s == NULL)
        continue;
      if (!spk_chip_kind_from_string (kind_s, &kind))
        {
          g_autofree char *p = child_path (path, "kind");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_KIND, p,
                   _("unknown chip kind “%s”; use minion, hero, spire or landmark"), kind_s);
          continue;
        }
      if (find_chip (rd, id) != NULL)
        {
          g_autofree char *p = child_path (path, "id");
          problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p,
                   _("chip id “%s” is used twice; give each chip its own id"), id);
          continue;
        }
      c = spk_chip_new (id, kind);
      g_ptr_array_add (board->chips, c);
      g_hash_table_insert (rd->chip_by_id, c->id, c);
      g_array_append_val (paths, i);

      s = get_string (rd, obj, path, "faction", kind == SPK_CHIP_LANDMARK ? OPTIONAL : REQUIRED);
      if (s != NULL && spk_board_find_faction (board, s) == NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p,
                   _("no faction has the id “%s”"), s);
        }
      c->faction = g_strdup (s);
      s = get_string (rd, obj, path, "name", OPTIONAL);
      c->name = g_strdup (s ? s : id);

      got_q = get_int (rd, obj, path, "q", OPTIONAL, &c->q);
      got_r = get_int (rd, obj, path, "r", OPTIONAL, &c->r);
      if (got_q != got_r && (json_object_has_member (obj, "q") != json_object_has_member (obj, "r")))
        problem (rd, SPK_TABLE_ERROR_MISSING, path,
                 _("has only one of q and r; give both, or neither while in a deployment stack"));
      c->placed = got_q && got_r;

      read_stat (rd, obj, path, "movement", &c->movement);
      s = get_string (rd, obj, path, "allowance", OPTIONAL);
      if (s != NULL && !spk_terrain_from_string (s, &c->allowance))
        {
          g_autofree char *p = child_path (path, "allowance");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_TERRAIN, p,
                   _("unknown terrain “%s”; use path, plains, forest, mountains or water"), s);
        }
      read_stat (rd, obj, path, "health", &c->health);
      c->max_health = c->health;
      read_stat (rd, obj, path, "max_health", &c->max_health);
      read_stat (rd, obj, path, "attack", &c->attack);
      read_stat (rd, obj, path, "capacity", &c->capacity);

      ups = get_array (rd, obj, path, "upgrades", OPTIONAL);
      for (guint u = 0; ups != NULL && u < json_array_get_length (ups); u++)
        {
          g_autofree char *p = g_strdup_printf ("%s.upgrades[%u]", path, u);
          JsonNode *node = json_array_get_element (ups, u);
          SpkUpgrade up;

          if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
            wrong_type (rd, p, NULL, node, _("text"));
          else if (!spk_upgrade_from_string (json_node_get_string (node), &up))
            problem (rd, SPK_TABLE_ERROR_UNKNOWN_UPGRADE, p,
                     _("unknown upgrade “%s”; use attack, range or fortification"),
                     json_node_get_string (node));
          else
            g_array_append_val (c->upgrades, up);
        }
      read_string_list (rd, obj, path, "talents", c->talents);
      get_bool (rd, obj, path, "active", &c->active);
      get_bool (rd, obj, path, "moved", &c->moved);
      get_bool (rd, obj, path, "revealed", &c->revealed);
      read_string_list (rd, obj, path, "grouped", c->grouped);
      read_stat (rd, obj, path, "cost", &c->cost);
      read_stat (rd, obj, path, "reward", &c->reward);
      get_bool (rd, obj, path, "merc", &c->merc);
      get_bool (rd, obj, path, "starting", &c->starting);
      if (get_int (rd, obj, path, "returned", OPTIONAL, &c->returned))
        {
          g_autofree char *p = child_path (path, "returned");

          if (kind != SPK_CHIP_HERO)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p,
                     _("only heroes return to their fortress and “%s” is a %s; remove returned"),
                     id, kind_s);
          else if (c->returned < 1 || c->returned > board->wave)
            problem (rd, c->returned < 0 ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, p,
                     _("wave %d is not a wave played so far; give the wave the hero returned in, from 1 to %d"),
                     c->returned, board->wave);
        }
      get_bool (rd, obj, path, "attacked", &c->attacked);
      get_bool (rd, obj, path, "retaliated", &c->retaliated);
      get_bool (rd, obj, path, "spire_reward", &c->spire_reward);
      get_bool (rd, obj, path, "relic_reward", &c->relic_reward);
      get_bool (rd, obj, path, "landmark_minion", &c->landmark_minion);
      if (c->landmark_minion && kind != SPK_CHIP_LANDMARK)
        {
          g_autofree char *p = child_path (path, "landmark_minion");
          problem (rd, SPK_TABLE_ERROR_VALUE, p,
                   _("only a landmark can be a landmark minion and “%s” is a %s; remove landmark_minion"),
                   id, kind_s);
        }
      get_bool (rd, obj, path, "promoted", &c->promoted);
      read_promoted_side (rd, obj, path, c);
      read_roster (rd, obj, path, c);
      c->extra = collect_extra (obj, chip_known);
    }
}

static void
read_deployment (Reader *rd, JsonArray *arr, SpkBoard *board, GHashTable *stacked)
{
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      g_autofree char *path = index_path ("deployment", i);
      JsonObject *obj = element_object (rd, arr, i, path);
      const char *faction;
      SpkDeployment *d;

      if (obj == NULL)
        continue;
      faction = get_string (rd, obj, path, "faction", REQUIRED);
      if (faction == NULL)
        continue;
      if (spk_board_find_faction (board, faction) == NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p, _("no faction has the id “%s”"), faction);
          continue;
        }
      if (spk_board_find_fortress (board, faction) == NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_NO_FORTRESS, p,
                   _("faction “%s” has no fortress to hold a deployment stack; add its fortress first"),
                   faction);
          continue;
        }
      if (spk_board_find_deployment (board, faction) != NULL)
        {
          g_autofree char *p = child_path (path, "faction");
          problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p,
                   _("faction “%s” already has a deployment stack; merge the two"), faction);
          continue;
        }
      d = spk_deployment_new (faction);
      g_ptr_array_add (board->deployment, d);
      if (get_array (rd, obj, path, "stack", REQUIRED) != NULL)
        read_string_list (rd, obj, path, "stack", d->stack);
      for (guint s = 0; s < d->stack->len; s++)
        {
          const char *id = g_ptr_array_index (d->stack, s);
          g_autofree char *p = g_strdup_printf ("%s.stack[%u]", path, s);
          SpkChip *c = find_chip (rd, id);

          if (c == NULL)
            problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p, _("no chip has the id “%s”"), id);
          else if (!spk_chip_is_unit (c))
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p,
                     _("“%s” is a %s; only minions and heroes deploy"), id,
                     spk_chip_kind_to_string (c->kind));
          else if (g_strcmp0 (c->faction, faction) != 0)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p,
                     _("“%s” belongs to “%s”, not to “%s”"), id,
                     c->faction ? c->faction : "-", faction);
          else if (g_hash_table_contains (stacked, id))
            problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p,
                     _("“%s” is already in a deployment stack"), id);
          else
            g_hash_table_insert (stacked, g_strdup (id), g_strdup (p));
        }
      d->extra = collect_extra (obj, deployment_known);
    }
}

/* @holder_of maps a grouped minion's id to 1 + the board index of the
 * minion it is grouped under. Each id is visited once, so a long chain
 * costs no more than a short one; a walk that meets its own trail has gone
 * round a circle, which would leave every minion in it with no place. */
static void
check_group_cycles (Reader *rd, SpkBoard *board, GArray *chip_index, GHashTable *holder_of)
{
  g_autoptr(GHashTable) walk_of = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < board->chips->len; i++)
    {
      const char *id = ((SpkChip *) g_ptr_array_index (board->chips, i))->id;
      guint walk = i + 1;
      guint h;

      while (id != NULL && !g_hash_table_contains (walk_of, id))
        {
          g_hash_table_insert (walk_of, (gpointer) id, GUINT_TO_POINTER (walk));
          h = GPOINTER_TO_UINT (g_hash_table_lookup (holder_of, id));
          id = h == 0 ? NULL : ((SpkChip *) g_ptr_array_index (board->chips, h - 1))->id;
        }
      if (id != NULL && GPOINTER_TO_UINT (g_hash_table_lookup (walk_of, id)) == walk)
        {
          g_autoptr(GString) circle = g_string_new (NULL);
          SpkChip *holder = g_ptr_array_index (board->chips,
                                               GPOINTER_TO_UINT (g_hash_table_lookup (holder_of, id)) - 1);
          const char *at = id;
          g_autofree char *p = NULL;
          guint g = 0;

          do
            {
              g_string_append_printf (circle, _("“%s” under "), at);
              h = GPOINTER_TO_UINT (g_hash_table_lookup (holder_of, at));
              at = ((SpkChip *) g_ptr_array_index (board->chips, h - 1))->id;
            }
          while (strcmp (at, id) != 0);
          g_string_append_printf (circle, _("“%s”"), id);
          while (g < holder->grouped->len && strcmp (g_ptr_array_index (holder->grouped, g), id) != 0)
            g++;
          p = g_strdup_printf ("chips[%u].grouped[%u]",
                               g_array_index (chip_index, guint,
                                              GPOINTER_TO_UINT (g_hash_table_lookup (holder_of, id)) - 1),
                               g);
          problem (rd, SPK_TABLE_ERROR_PLACEMENT, p,
                   _("the grouping goes round in a circle (%s), so none of them has a place; "
                     "take one of them out of the other’s group"), circle->str);
        }
    }
}

/* R-talent-5: @c may join the one chip already at @key when one of the
 * two is a Spire Shot hero and the other its friendly spire; only one
 * hero rides a spire. */
static gboolean
rides (const SpkBoard *board, GHashTable *ridden, GHashTable *occupant, gpointer key, const SpkChip *c)
{
  const SpkChip *first = g_hash_table_lookup (occupant, key);

  if (first == NULL || g_hash_table_contains (ridden, key) ||
      !(spk_talent_may_stand_on (board, c, first) || spk_talent_may_stand_on (board, first, c)))
    return FALSE;
  g_hash_table_add (ridden, key);
  return TRUE;
}

static void
check_chip_places (Reader *rd, SpkBoard *board, GArray *chip_index, GHashTable *stacked)
{
  g_autoptr(GHashTable) grouped_under = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GHashTable) holder_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) occupied = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GHashTable) occupant = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) ridden = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) fortress_cells = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) well_owner = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) spires = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) top = g_hash_table_new (NULL, NULL);
  int limit = spk_spire_limit (board->player_count);

  /* The top layer of each place decides whether a well shows there. */
  for (guint i = 0; i < board->hexes->len; i++)
    {
      SpkHexEntry *e = g_ptr_array_index (board->hexes, i);
      gpointer key = GUINT_TO_POINTER (spk_hex_key (spk_hex_make (e->q, e->r)));
      SpkHexEntry *seen = g_hash_table_lookup (top, key);

      if (seen == NULL || seen->layer < e->layer)
        g_hash_table_insert (top, key, e);
    }

  for (guint f = 0; f < board->fortresses->len; f++)
    {
      SpkFortress *fort = g_ptr_array_index (board->fortresses, f);
      g_hash_table_insert (fortress_cells, GUINT_TO_POINTER (spk_hex_key (fort->gate)), GINT_TO_POINTER (1));
      for (guint w = 0; w < fort->wells->len; w++)
        {
          gpointer key = GUINT_TO_POINTER (spk_hex_key (g_array_index (fort->wells, SpkHex, w)));

          g_hash_table_insert (fortress_cells, key, GINT_TO_POINTER (2));
          g_hash_table_insert (well_owner, key, fort->faction);
        }
    }

  for (guint i = 0; i < board->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (board->chips, i);
      g_autofree char *path = g_strdup_printf ("chips[%u]", g_array_index (chip_index, guint, i));

      for (guint g = 0; g < c->grouped->len; g++)
        {
          const char *id = g_ptr_array_index (c->grouped, g);
          g_autofree char *p = g_strdup_printf ("%s.grouped[%u]", path, g);
          SpkChip *under = find_chip (rd, id);

          if (c->kind != SPK_CHIP_MINION)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p, _("only minions are grouped; “%s” is a %s"),
                     c->id, spk_chip_kind_to_string (c->kind));
          else if (under == NULL)
            problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, p, _("no chip has the id “%s”"), id);
          else if (under == c)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p, _("a minion cannot be grouped under itself"));
          else if (under->kind != SPK_CHIP_MINION)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, p, _("“%s” is a %s; only minions are grouped"),
                     id, spk_chip_kind_to_string (under->kind));
          else if (g_hash_table_contains (grouped_under, id))
            problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, p, _("“%s” is already grouped under %s"),
                     id, (char *) g_hash_table_lookup (grouped_under, id));
          else
            {
              g_hash_table_insert (grouped_under, (gpointer) id, g_strdup (path));
              g_hash_table_insert (holder_of, (gpointer) id, GUINT_TO_POINTER (i + 1));
            }
        }
    }
  check_group_cycles (rd, board, chip_index, holder_of);

  for (guint i = 0; i < board->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (board->chips, i);
      g_autofree char *path = g_strdup_printf ("chips[%u]", g_array_index (chip_index, guint, i));
      gboolean in_stack = g_hash_table_contains (stacked, c->id);
      gboolean is_grouped = g_hash_table_contains (grouped_under, c->id);
      SpkHex h = spk_hex_make (c->q, c->r);
      gpointer key = GUINT_TO_POINTER (spk_hex_key (h));
      int fortress_cell;
      const char *other;

      if (!c->placed)
        {
          /* A returned hero waits beside the barracks, in no stack. */
          if (!in_stack && !is_grouped && c->returned == 0)
            problem (rd, SPK_TABLE_ERROR_MISSING, path,
                     _("“%s” has no place: give q and r, or list it in a deployment stack"), c->id);
          continue;
        }
      if (c->returned > 0)
        {
          problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                   _("“%s” stands on the board and is marked as returned to its fortress; remove returned, or q and r"),
                   c->id);
          continue;
        }
      if (in_stack)
        {
          problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                   _("“%s” is both on the board and in a deployment stack (%s); remove q and r or take it out of the stack"),
                   c->id, (char *) g_hash_table_lookup (stacked, c->id));
          continue;
        }
      if (is_grouped)
        {
          problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                   _("“%s” is grouped under %s and so has no place of its own; remove q and r"),
                   c->id, (char *) g_hash_table_lookup (grouped_under, c->id));
          continue;
        }
      fortress_cell = GPOINTER_TO_INT (g_hash_table_lookup (fortress_cells, key));
      if (fortress_cell == 0 && !hex_listed (rd, h))
        {
          problem (rd, SPK_TABLE_ERROR_ON_SKY, path,
                   _("“%s” stands at (%d,%d), which is sky; no hex, gate or fortress well is there"),
                   c->id, c->q, c->r);
          continue;
        }
      other = g_hash_table_lookup (occupied, key);
      if (other != NULL && fortress_cell == 0 && rides (board, ridden, occupant, key, c))
        ;  /* R-talent-5: a Spire Shot hero on its friendly spire */
      else if (other != NULL)
        {
          problem (rd, SPK_TABLE_ERROR_HEX_OCCUPIED, path,
                   _("“%s” is on (%d,%d), where %s already stands; one chip per hex"),
                   c->id, c->q, c->r, other);
          continue;
        }
      else
        {
          g_hash_table_insert (occupied, key, g_strdup_printf ("%s (%s)", path, c->id));
          g_hash_table_insert (occupant, key, c);
        }
      if (c->kind == SPK_CHIP_SPIRE && fortress_cell == 1)
        problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                 _("spire “%s” is on a fortress gate; spires stand on Source wells"), c->id);
      else if (c->kind != SPK_CHIP_SPIRE && fortress_cell == 2)
        problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                 _("“%s” is on a fortress well; only spires stand there"), c->id);
      else if (c->kind == SPK_CHIP_SPIRE && fortress_cell == 0 &&
               !((SpkHexEntry *) g_hash_table_lookup (top, key))->well)
        problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                 _("spire “%s” stands on (%d,%d), which shows no Source well; spires are built on "
                   "Source wells, so move it onto one or mark the well on that hex"),
                 c->id, c->q, c->r);
      else if (c->kind == SPK_CHIP_SPIRE && fortress_cell == 2 &&
               g_strcmp0 (g_hash_table_lookup (well_owner, key), c->faction) != 0)
        problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                 _("spire “%s” of %s stands on a fortress well of %s; a faction builds only on "
                   "its own fortress wells, so move it to a Source well on an isle"),
                 c->id, c->faction ? c->faction : "?",
                 (const char *) g_hash_table_lookup (well_owner, key));
      /* RR Spire Limit: counted over the spires standing on the board. */
      if (c->kind == SPK_CHIP_SPIRE && c->faction != NULL)
        {
          int n = GPOINTER_TO_INT (g_hash_table_lookup (spires, c->faction)) + 1;

          g_hash_table_insert (spires, c->faction, GINT_TO_POINTER (n));
          if (limit > 0 && n == limit + 1)
            problem (rd, SPK_TABLE_ERROR_PLACEMENT, path,
                     _("spire “%s” is spire %d of %s on the board, over the limit of %d for %d "
                       "players; remove a spire or take it off the board"),
                     c->id, n, c->faction, limit, board->player_count);
        }
    }
}

static void
faction_reference (Reader *rd, const SpkBoard *board, const char *path, const char *id)
{
  if (id != NULL && spk_board_find_faction (board, id) == NULL)
    problem (rd, SPK_TABLE_ERROR_UNKNOWN_REFERENCE, path, _("no faction has the id “%s”"), id);
}


/* The Codex state (member "codex" of a table whose "game" is "codex"). */

static gboolean
read_range (Reader *rd, JsonObject *obj, const char *path, const char *name, Need need,
            int min, int max, int *out)
{
  int v;

  if (!get_int (rd, obj, path, name, need, &v))
    return FALSE;
  if (v < min || v > max)
    {
      g_autofree char *p = child_path (path, name);
      problem (rd, v < 0 ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, p,
               _("%d is out of range; use %d to %d"), v, min, max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* R-codex-3: bounds the manual does not give, so that a file stays sane. */
#define CODEX_COUNT_MAX 100

static void
read_codex_hero (Reader *rd, JsonObject *obj, const char *path, SpkCodexPlayer *p)
{
  const char *name = get_string (rd, obj, path, "name", REQUIRED);
  SpkCodexHero *h;

  if (name == NULL)
    return;
  for (guint i = 0; i < p->heroes->len; i++)
    if (g_strcmp0 (((SpkCodexHero *) g_ptr_array_index (p->heroes, i))->name, name) == 0)
      {
        problem (rd, SPK_TABLE_ERROR_DUPLICATE_ID, path,
                 _("%s has two heroes called “%s”; name each hero once"), p->name, name);
        return;
      }
  h = spk_codex_hero_new (name, 0, 2, 3);
  g_ptr_array_add (p->heroes, h);
  read_range (rd, obj, path, "cost", REQUIRED, 0, SPK_CODEX_GOLD_MAX, &h->cost);
  read_range (rd, obj, path, "mid", REQUIRED, 2, SPK_CODEX_HERO_LEVEL_MAX - 1, &h->mid);
  if (read_range (rd, obj, path, "max", REQUIRED, 3, SPK_CODEX_HERO_LEVEL_MAX, &h->max) &&
      h->max <= h->mid)
    {
      g_autofree char *at = child_path (path, "max");
      problem (rd, SPK_TABLE_ERROR_VALUE, at,
               _("the max level %d must be above the middle band’s first level %d"), h->max, h->mid);
    }
  read_range (rd, obj, path, "level", OPTIONAL, 0, h->max, &h->level);
  read_range (rd, obj, path, "runes", OPTIONAL, 0, 2, &h->runes);
  if (h->level > 0 && h->runes > 0)
    problem (rd, SPK_TABLE_ERROR_VALUE, path,
             _("hero “%s” is in play (level %d) and has summoning runes; a hero in play has none"),
             name, h->level);
}

static void
read_codex_player (Reader *rd, JsonObject *obj, const char *path, SpkCodex *codex)
{
  const char *name = get_string (rd, obj, path, "name", REQUIRED);
  const char *s;
  SpkCodexPlayer *p = spk_codex_player_new (name ? name : "?");
  JsonArray *arr;
  JsonNode *node;

  g_ptr_array_add (codex->players, p);
  p->spec = g_strdup (get_string (rd, obj, path, "spec", OPTIONAL));
  read_range (rd, obj, path, "gold", REQUIRED, 0, SPK_CODEX_GOLD_MAX, &p->gold);
  read_range (rd, obj, path, "workers", REQUIRED, 0, CODEX_COUNT_MAX, &p->workers);
  read_range (rd, obj, path, "hand", REQUIRED, 0, CODEX_COUNT_MAX, &p->hand);
  get_bool (rd, obj, path, "hired", &p->hired);
  read_range (rd, obj, path, "bounty", OPTIONAL, 0, 3, &p->bounty);
  get_bool (rd, obj, path, "multicolor", &p->multicolor);
  get_bool (rd, obj, path, "built_any", &p->built_any);
  read_range (rd, obj, path, "mercenaries", OPTIONAL, 0, CODEX_COUNT_MAX, &p->mercenaries);
  if ((arr = get_array (rd, obj, path, "tech", REQUIRED)) != NULL)
    {
      g_autofree char *at = child_path (path, "tech");

      if (json_array_get_length (arr) != SPK_CODEX_TECH_LEVELS)
        problem (rd, SPK_TABLE_ERROR_VALUE, at,
                 _("list the state of the tech I, II and III buildings, three entries, not %u"),
                 json_array_get_length (arr));
      else
        for (guint l = 0; l < SPK_CODEX_TECH_LEVELS; l++)
          {
            JsonNode *e = json_array_get_element (arr, l);
            g_autofree char *ep = index_path (at, l);

            if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING ||
                !spk_codex_building_from_string (json_node_get_string (e), &p->tech[l]))
              problem (rd, SPK_TABLE_ERROR_VALUE, ep,
                       _("a tech building is \"none\", \"constructing\", \"built\" or \"destroyed\""));
          }
    }
  if ((s = get_string (rd, obj, path, "addon", OPTIONAL)) != NULL &&
      !spk_codex_addon_from_string (s, &p->addon))
    {
      g_autofree char *at = child_path (path, "addon");
      problem (rd, SPK_TABLE_ERROR_VALUE, at,
               _("unknown add-on “%s”; use none, tower, surplus, heroes-hall or tech-lab"), s);
    }
  if ((s = get_string (rd, obj, path, "addon_state", OPTIONAL)) != NULL)
    {
      g_autofree char *at = child_path (path, "addon_state");

      if (!spk_codex_building_from_string (s, &p->addon_state) ||
          p->addon_state == SPK_CODEX_BUILDING_DESTROYED)
        problem (rd, SPK_TABLE_ERROR_VALUE, at,
                 _("an add-on is \"none\", \"constructing\" or \"built\"; a destroyed one leaves"));
      else if ((p->addon == SPK_CODEX_ADDON_NONE) != (p->addon_state == SPK_CODEX_BUILDING_NONE))
        problem (rd, SPK_TABLE_ERROR_VALUE, at,
                 _("the state must be \"none\" exactly when there is no add-on"));
    }
  else if (p->addon != SPK_CODEX_ADDON_NONE)
    p->addon_state = SPK_CODEX_BUILDING_BUILT;
  if ((arr = get_array (rd, obj, path, "heroes", OPTIONAL)) != NULL)
    {
      g_autofree char *at = child_path (path, "heroes");

      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *hp = index_path (at, i);
          JsonObject *h = element_object (rd, arr, i, hp);

          if (h != NULL)
            read_codex_hero (rd, h, hp, p);
        }
    }
  if ((node = member (rd, obj, path, "patrol", OPTIONAL)) != NULL)
    {
      g_autofree char *at = child_path (path, "patrol");

      if (!JSON_NODE_HOLDS_OBJECT (node))
        wrong_type (rd, path, "patrol", node, _("an object"));
      else
        {
          JsonObject *slots = json_node_get_object (node);
          g_autoptr(GList) names = json_object_get_members (slots);

          for (GList *l = names; l != NULL; l = l->next)
            {
              guint slot;

              for (slot = 0; slot < SPK_CODEX_N_SLOTS; slot++)
                if (strcmp (spk_codex_slot_to_string (slot), l->data) == 0)
                  break;
              if (slot == SPK_CODEX_N_SLOTS)
                {
                  g_autofree char *sp = child_path (at, l->data);
                  problem (rd, SPK_TABLE_ERROR_VALUE, sp,
                           _("no such patrol slot; use squad_leader, elite, scavenger, technician or lookout"));
                  continue;
                }
              p->patrol[slot] = g_strdup (get_string (rd, slots, at, l->data, REQUIRED));
            }
        }
    }
}

static SpkCodex *
read_codex (Reader *rd, JsonObject *top)
{
  JsonNode *node = member (rd, top, "", "codex", REQUIRED);
  g_autoptr(SpkCodex) codex = NULL;
  SpkCodexMode mode = SPK_CODEX_MODE_DUEL;
  JsonObject *obj;
  JsonArray *arr;
  const char *s;
  guint before = rd->problems->len;
  int min, max;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      wrong_type (rd, "", "codex", node, _("an object"));
      return NULL;
    }
  obj = json_node_get_object (node);
  if ((s = get_string (rd, obj, "codex", "mode", REQUIRED)) != NULL &&
      !spk_codex_mode_from_string (s, &mode))
    problem (rd, SPK_TABLE_ERROR_VALUE, "codex.mode",
             _("unknown mode “%s”; use duel, free-for-all or two-headed-dragon"), s);
  codex = spk_codex_new_empty (mode);
  min = spk_codex_player_count (mode, &max);
  if ((arr = get_array (rd, obj, "codex", "players", REQUIRED)) != NULL)
    {
      if ((int) json_array_get_length (arr) < min || (int) json_array_get_length (arr) > max)
        problem (rd, SPK_TABLE_ERROR_VALUE, "codex.players",
                 _("%u players listed; a %s game has %d to %d"), json_array_get_length (arr),
                 s != NULL ? s : "duel", min, max);
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          g_autofree char *pp = index_path ("codex.players", i);
          JsonObject *po = element_object (rd, arr, i, pp);

          if (po != NULL)
            read_codex_player (rd, po, pp, codex);
        }
    }
  if ((arr = get_array (rd, obj, "codex", "bases", REQUIRED)) != NULL)
    {
      int bases = spk_codex_base_count (codex);

      if ((int) json_array_get_length (arr) != bases)
        problem (rd, SPK_TABLE_ERROR_VALUE, "codex.bases",
                 _("%u bases listed; this game has %d (one per player, or per team in a two-headed dragon)"),
                 json_array_get_length (arr), bases);
      else
        for (guint i = 0; i < json_array_get_length (arr); i++)
          {
            JsonNode *e = json_array_get_element (arr, i);
            g_autofree char *bp = index_path ("codex.bases", i);
            gint64 hp = node_is_int (e) ? json_node_get_int (e) : -1;

            if (!node_is_int (e) || hp < 0 || hp > spk_codex_base_max (codex))
              problem (rd, hp < 0 && node_is_int (e) ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, bp,
                       _("a base has 0 to %d HP"), spk_codex_base_max (codex));
            else
              {
                int v = (int) hp;
                g_array_append_val (codex->bases, v);
              }
          }
    }
  read_range (rd, obj, "codex", "turn", REQUIRED, 1, G_MAXINT16, &codex->turn);
  read_range (rd, obj, "codex", "active", REQUIRED, 0, MAX (spk_codex_side_count (codex) - 1, 0),
              &codex->active);
  if ((s = get_string (rd, obj, "codex", "phase", REQUIRED)) != NULL &&
      !spk_codex_phase_from_string (s, &codex->phase))
    problem (rd, SPK_TABLE_ERROR_VALUE, "codex.phase",
             _("unknown phase “%s”; use ready, upkeep, main, draw or tech"), s);
  {
    static const char *const known[] = { "mode", "players", "bases", "turn", "active", "phase", NULL };
    g_autoptr(GList) names = json_object_get_members (obj);

    for (GList *l = names; l != NULL; l = l->next)
      if (!g_strv_contains (known, l->data))
        {
          g_autofree char *at = child_path ("codex", l->data);
          problem (rd, SPK_TABLE_ERROR_VALUE, at, _("not a member of the Codex state; remove it"));
        }
  }
  if (rd->problems->len > before)
    return NULL;
  return g_steal_pointer (&codex);
}

/* A Codex table keeps the Cloudspire board empty, so no Cloudspire rule
 * (movement, influence, waves) has anything to act on. */
static void
check_codex_board (Reader *rd, JsonObject *obj, SpkBoard *board)
{
  static const char *const lists[] = { "factions", "hexes", "fortresses", "chips", "deployment", NULL };

  for (guint i = 0; lists[i] != NULL; i++)
    {
      JsonNode *n = json_object_get_member (obj, lists[i]);

      if (n != NULL && JSON_NODE_HOLDS_ARRAY (n) && json_array_get_length (json_node_get_array (n)) > 0)
        problem (rd, SPK_TABLE_ERROR_VALUE, lists[i],
                 _("a Codex table has no Cloudspire board; leave this list empty"));
    }
  if (g_strcmp0 (board->phase, "setup") != 0 || board->wave != 1)
    problem (rd, SPK_TABLE_ERROR_VALUE, "phase",
             _("a Codex table keeps its phase in codex.phase; remove the Cloudspire phase and wave"));
  if (board->codex != NULL && board->player_count != (int) board->codex->players->len)
    problem (rd, SPK_TABLE_ERROR_VALUE, "player_count",
             _("%d players, but codex.players lists %u; make them agree"), board->player_count,
             board->codex->players->len);
}

/* "game": absent or "cloudspire" for Cloudspire, "codex" for Codex. */
static gboolean
read_game (Reader *rd, JsonObject *obj)
{
  const char *game = get_string (rd, obj, "", "game", OPTIONAL);

  if (game == NULL || strcmp (game, "cloudspire") == 0)
    {
      if (json_object_has_member (obj, "codex"))
        problem (rd, SPK_TABLE_ERROR_VALUE, "codex",
                 _("only a Codex table has a Codex state; add \"game\": \"codex\" or remove it"));
      return FALSE;
    }
  if (strcmp (game, "codex") != 0)
    problem (rd, SPK_TABLE_ERROR_VALUE, "game",
             _("unknown game “%s”; use \"cloudspire\" or \"codex\""), game);
  return strcmp (game, "codex") == 0;
}

/* Where the game stands: phase, variant, first player, result. */
static void
read_game_state (Reader *rd, JsonObject *obj, SpkBoard *board)
{
  const char *s;

  if ((s = get_string (rd, obj, "", "phase", OPTIONAL)) != NULL)
    {
      if (!g_strv_contains (phase_names, s))
        problem (rd, SPK_TABLE_ERROR_VALUE, "phase",
                 _("unknown phase “%s”; use setup, event, income, market, build, prep, onslaught, end-of-wave or over"), s);
      else
        {
          g_free (board->phase);
          board->phase = g_strdup (s);
        }
    }
  board->first_player = g_strdup (get_string (rd, obj, "", "first_player", OPTIONAL));
  faction_reference (rd, board, "first_player", board->first_player);
  board->turn = g_strdup (get_string (rd, obj, "", "turn", OPTIONAL));
  faction_reference (rd, board, "turn", board->turn);
  if (get_int (rd, obj, "", "waves", OPTIONAL, &board->waves) && board->waves < 1)
    problem (rd, SPK_TABLE_ERROR_VALUE, "waves",
             _("a game of %d waves cannot be played; use 1 or more (4 is standard)"), board->waves);
  get_bool (rd, obj, "", "faster", &board->faster);
  if ((s = get_string (rd, obj, "", "campfire_rule", OPTIONAL)) != NULL &&
      !spk_campfire_rule_from_string (s, &board->campfire_rule))
    problem (rd, SPK_TABLE_ERROR_VALUE, "campfire_rule",
             _("unknown reading “%s” of when campfire mode begins; use no-opposing (the errata, the default) "
               "or one-faction (the printed rule)"), s);
  board->market_count = board->player_count + 1;
  read_stat (rd, obj, "", "market_count", &board->market_count);
  get_bool (rd, obj, "", "earthscape_bought", &board->earthscape_bought);
  board->event = g_strdup (get_string (rd, obj, "", "event", OPTIONAL));
  board->notes = g_strdup (get_string (rd, obj, "", "notes", OPTIONAL));
  read_string_list (rd, obj, "", "winners", board->winners);
  for (guint i = 0; i < board->winners->len; i++)
    {
      g_autofree char *p = g_strdup_printf ("winners[%u]", i);
      faction_reference (rd, board, p, g_ptr_array_index (board->winners, i));
    }
}

static SpkBoard *
read_table (Reader *rd, JsonNode *root)
{
  g_autoptr(SpkBoard) board = spk_board_new ();
  g_autoptr(GHashTable) hexes_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) stacked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GArray) chip_index = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonObject *obj;
  JsonArray *arr;
  const char *format;
  int version = 0;
  gboolean codex;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      problem (rd, SPK_TABLE_ERROR_NOT_A_TABLE, NULL,
               _("this is not a Spirekeeper table: the file must hold one JSON object"));
      return NULL;
    }
  obj = json_node_get_object (root);

  format = get_string (rd, obj, "", "format", OPTIONAL);
  if (!json_object_has_member (obj, "format"))
    problem (rd, SPK_TABLE_ERROR_NOT_A_TABLE, "format",
             _("missing; a table file starts with \"format\": \"%s\""), SPK_TABLE_FORMAT_NAME);
  else if (format != NULL && strcmp (format, SPK_TABLE_FORMAT_NAME) != 0)
    problem (rd, SPK_TABLE_ERROR_NOT_A_TABLE, "format",
             _("“%s” is not a Spirekeeper table; expected \"%s\""), format, SPK_TABLE_FORMAT_NAME);
  if (rd->problems->len > 0)
    return NULL;

  if (get_int (rd, obj, "", "version", REQUIRED, &version))
    {
      if (version > SPK_TABLE_FORMAT_VERSION)
        problem (rd, SPK_TABLE_ERROR_NEWER_VERSION, "version",
                 _("this table was written by a newer Spirekeeper (format version %d; this one reads up to %d); update the app to open it"),
                 version, SPK_TABLE_FORMAT_VERSION);
      else if (version < 1)
        problem (rd, SPK_TABLE_ERROR_VALUE, "version",
                 _("version %d does not exist; the first format version is 1"), version);
    }
  if (rd->problems->len > 0)
    return NULL;

  codex = read_game (rd, obj);
  if (get_int (rd, obj, "", "player_count", REQUIRED, &board->player_count) && !codex &&
      (board->player_count < 2 || board->player_count > 4))
    problem (rd, SPK_TABLE_ERROR_VALUE, "player_count",
             _("%d players is not a Cloudspire game; use 2, 3 or 4"), board->player_count);
  if (get_int (rd, obj, "", "wave", OPTIONAL, &board->wave) && board->wave < 1)
    problem (rd, board->wave < 0 ? SPK_TABLE_ERROR_NEGATIVE : SPK_TABLE_ERROR_VALUE, "wave",
             _("wave %d does not exist; waves count from 1"), board->wave);

  if ((arr = get_array (rd, obj, "", "factions", REQUIRED)) != NULL)
    read_factions (rd, arr, board);
  if (arr != NULL && !codex && board->player_count >= 2 && board->player_count <= 4 &&
      json_array_get_length (arr) != (guint) board->player_count)
    problem (rd, SPK_TABLE_ERROR_VALUE, "factions",
             _("%u factions listed for a %d-player game; list one per player"),
             json_array_get_length (arr), board->player_count);
  if ((arr = get_array (rd, obj, "", "hexes", REQUIRED)) != NULL)
    read_hexes (rd, arr, board, hexes_seen);
  if ((arr = get_array (rd, obj, "", "fortresses", REQUIRED)) != NULL)
    read_fortresses (rd, arr, board);
  if ((arr = get_array (rd, obj, "", "chips", REQUIRED)) != NULL)
    read_chips (rd, arr, board, chip_index);
  if ((arr = get_array (rd, obj, "", "deployment", OPTIONAL)) != NULL)
    read_deployment (rd, arr, board, stacked);
  check_chip_places (rd, board, chip_index, stacked);
  read_game_state (rd, obj, board);
  if (codex)
    {
      board->codex = read_codex (rd, obj);
      check_codex_board (rd, obj, board);
    }

  board->extra = collect_extra (obj, top_known);
  if (rd->problems->len > 0)
    return NULL;
  return g_steal_pointer (&board);
}

static SpkBoard *
read_root (Reader *rd, JsonNode *root)
{
  g_autoptr(GHashTable) chip_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) hex_places = g_hash_table_new (NULL, NULL);
  SpkBoard *board;

  rd->chip_by_id = chip_by_id;
  rd->hex_places = hex_places;
  board = read_table (rd, root);
  rd->chip_by_id = NULL;
  rd->hex_places = NULL;
  return board;
}

static void
empty_problem (Reader *rd)
{
  problem (rd, SPK_TABLE_ERROR_SYNTAX, NULL,
           _("the table file is empty (nothing but spaces or comments); open another file or start a new table"));
}

/* json-glib reports "<data>:LINE:COL: Parse error: ..."; players get the
 * place in words. */
static void
syntax_problem (Reader *rd, const GError *parse_error)
{
  const char *msg = parse_error->message;
  int line = 0, col = 0;

  if (g_error_matches (parse_error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_EMPTY))
    {
      empty_problem (rd);
      return;
    }
  /* The guard's message already names the place. */
  if (parse_error->domain == SPK_JSON_GUARD_ERROR)
    {
      problem (rd, parse_error->code == SPK_JSON_GUARD_ERROR_TOO_DEEP ? SPK_TABLE_ERROR_SYNTAX :
                   parse_error->code == SPK_JSON_GUARD_ERROR_TOO_LARGE ? SPK_TABLE_ERROR_TOO_LARGE :
                   parse_error->code == SPK_JSON_GUARD_ERROR_DUPLICATE_KEY ? SPK_TABLE_ERROR_DUPLICATE_ID :
                   SPK_TABLE_ERROR_VALUE,
               NULL, "%s", msg);
      return;
    }
  const char *rest = msg;
  const char *p = strstr (msg, ":");

  if (p != NULL && sscanf (p + 1, "%d:%d:", &line, &col) == 2)
    {
      rest = strstr (p + 1, ": ");
      rest = rest ? rest + 2 : msg;
      problem (rd, SPK_TABLE_ERROR_SYNTAX, NULL,
               _("line %d, column %d: the file is not valid JSON (%s); fix the text there"),
               line, col, rest);
    }
  else
    problem (rd, SPK_TABLE_ERROR_SYNTAX, NULL,
             _("the file is not valid JSON (%s)"), msg);
}

static void
report_problems (GPtrArray *list, GPtrArray **problems, GError **error)
{
  const GError *first = g_ptr_array_index (list, 0);

  if (list->len == 1)
    g_set_error_literal (error, SPK_TABLE_ERROR, first->code, first->message);
  else
    g_set_error (error, SPK_TABLE_ERROR, first->code,
                 g_dngettext (GETTEXT_PACKAGE, "%s (and %u more problem)",
                              "%s (and %u more problems)", list->len - 1),
                 first->message, list->len - 1);
  if (problems != NULL)
    *problems = g_ptr_array_ref (list);
}

SpkBoard *
spk_table_file_parse_full (const char *data, gssize length, GPtrArray **problems,
                           GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  Reader rd = { list };
  SpkBoard *board = NULL;

  if (length < 0)
    length = (gssize) strlen (data);
  if (length == 0)
    empty_problem (&rd);
  else if (!g_utf8_validate (data, length, NULL))
    problem (&rd, SPK_TABLE_ERROR_SYNTAX, NULL, _("the file is not UTF-8 text"));
  else if (!spk_json_parser_load (parser, data, length, &parse_error))
    syntax_problem (&rd, parse_error);
  else
    board = read_root (&rd, json_parser_get_root (parser));

  if (board == NULL && list->len == 0)
    problem (&rd, SPK_TABLE_ERROR_NOT_A_TABLE, NULL, _("the file holds no table"));

  if (board == NULL)
    report_problems (list, problems, error);
  else if (problems != NULL)
    *problems = g_steal_pointer (&list);
  return board;
}

JsonNode *
spk_table_file_read_json (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  Reader rd = { list };

  if (length < 0)
    length = (gssize) strlen (data);
  if (length == 0)
    empty_problem (&rd);
  else if (!g_utf8_validate (data, length, NULL))
    problem (&rd, SPK_TABLE_ERROR_SYNTAX, NULL, _("the file is not UTF-8 text"));
  else if (!spk_json_parser_load (parser, data, length, &parse_error))
    syntax_problem (&rd, parse_error);
  else
    return json_node_ref (json_parser_get_root (parser));
  report_problems (list, NULL, error);
  return NULL;
}

SpkBoard *
spk_table_file_parse_node (JsonNode *root, GPtrArray **problems, GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  Reader rd = { list };
  SpkBoard *board = read_root (&rd, root);

  if (board == NULL && list->len == 0)
    problem (&rd, SPK_TABLE_ERROR_NOT_A_TABLE, NULL, _("the file holds no table"));
  if (board == NULL)
    report_problems (list, problems, error);
  else if (problems != NULL)
    *problems = g_steal_pointer (&list);
  return board;
}

SpkBoard *
spk_table_file_parse (const char *data, gssize length, GError **error)
{
  return spk_table_file_parse_full (data, length, NULL, error);
}

void
spk_table_file_read_error (const char *path, const GError *read_error, GError **error)
{
  if (g_error_matches (read_error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_LARGE))
    g_set_error_literal (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TOO_LARGE, read_error->message);
  else
    g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO,
                 _("cannot read “%s”: %s"), path, read_error->message);
}

SpkBoard *
spk_table_file_load (const char *path, GPtrArray **problems, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local = NULL;

  if (!spk_file_read_capped (path, &data, &length, &local))
    {
      spk_table_file_read_error (path, local, error);
      if (problems != NULL)
        {
          *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
          g_ptr_array_add (*problems, g_error_copy (*error));
        }
      return NULL;
    }
  return spk_table_file_parse_full (data, (gssize) length, problems, error);
}

/* Writing */

static void
add_extra (JsonBuilder *b, const char *extra)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *obj;
  g_autoptr(GList) names = NULL;

  if (extra == NULL)
    return;
  parser = json_parser_new_immutable ();
  if (!spk_json_parser_load (parser, extra, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return;
  obj = json_node_get_object (json_parser_get_root (parser));
  names = json_object_get_members (obj);
  for (GList *l = names; l != NULL; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_value (b, json_node_copy (json_object_get_member (obj, l->data)));
    }
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
add_int (JsonBuilder *b, const char *name, int value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
add_pair (JsonBuilder *b, SpkHex h)
{
  json_builder_begin_array (b);
  json_builder_add_int_value (b, h.q);
  json_builder_add_int_value (b, h.r);
  json_builder_end_array (b);
}

static void
add_strings (JsonBuilder *b, const char *name, const GPtrArray *list, gboolean always)
{
  if (list->len == 0 && !always)
    return;
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < list->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (list, i));
  json_builder_end_array (b);
}

/* Roster fields @from to @to of @c: those that differ from @ref, or
 * without one those that differ from the contract's default. */
static void
write_roster_fields (JsonBuilder *b, const SpkChip *c, const SpkChip *ref, guint from, guint to)
{
  for (guint i = from; i <= to; i++)
    {
      int value = ROSTER_FIELD (c, i);

      if (value == (ref != NULL ? ROSTER_FIELD (ref, i) : 0))
        continue;
      if (roster_fields[i].is_bool)
        add_bool (b, roster_fields[i].name, value);
      else
        add_int (b, roster_fields[i].name, value);
    }
}

static void
write_chip (JsonBuilder *b, const SpkChip *c)
{
  /* Without the roster (not installed, or an id it lacks) every field is
   * written: the file then holds all the chip is. */
  g_autoptr(SpkChip) ref = c->roster != NULL ? roster_reference (c, NULL) : NULL;

  json_builder_begin_object (b);
  add_string (b, "id", c->id);
  add_string (b, "kind", spk_chip_kind_to_string (c->kind));
  add_string (b, "faction", c->faction);
  add_string (b, "name", c->name);
  add_string (b, "roster", c->roster);
  if (c->placed)
    {
      add_int (b, "q", c->q);
      add_int (b, "r", c->r);
    }
  if (c->movement != 0)
    add_int (b, "movement", c->movement);
  if (c->allowance != SPK_TERRAIN_PATH)
    add_string (b, "allowance", spk_terrain_to_string (c->allowance));
  if (c->health != 0 || c->max_health != 0)
    {
      add_int (b, "health", c->health);
      add_int (b, "max_health", c->max_health);
    }
  if (c->attack != 0)
    add_int (b, "attack", c->attack);
  if (c->upgrades->len > 0)
    {
      json_builder_set_member_name (b, "upgrades");
      json_builder_begin_array (b);
      for (guint i = 0; i < c->upgrades->len; i++)
        json_builder_add_string_value (b, spk_upgrade_to_string (g_array_index (c->upgrades, SpkUpgrade, i)));
      json_builder_end_array (b);
    }
  if (c->capacity != 0)
    add_int (b, "capacity", c->capacity);
  add_strings (b, "talents", c->talents, FALSE);
  if (!c->active)
    add_bool (b, "active", FALSE);
  if (c->moved)
    add_bool (b, "moved", TRUE);
  if (c->revealed)
    add_bool (b, "revealed", TRUE);
  add_strings (b, "grouped", c->grouped, FALSE);
  write_roster_fields (b, c, ref, 0, 3);
  if (c->returned > 0)
    add_int (b, "returned", c->returned);
  if (c->attacked)
    add_bool (b, "attacked", TRUE);
  if (c->retaliated)
    add_bool (b, "retaliated", TRUE);
  write_roster_fields (b, c, ref, 4, G_N_ELEMENTS (roster_fields) - 1);
  if (c->promoted)
    add_bool (b, "promoted", TRUE);
  if (c->has_promoted_side &&
      (ref == NULL || !ref->has_promoted_side || !spk_chip_side_equal (&c->promoted_side, &ref->promoted_side)))
    {
      const SpkChipSide *side = &c->promoted_side;

      json_builder_set_member_name (b, "promoted_side");
      json_builder_begin_object (b);
      add_int (b, "movement", side->movement);
      if (side->allowance != SPK_TERRAIN_PATH)
        add_string (b, "allowance", spk_terrain_to_string (side->allowance));
      add_int (b, "health", side->health);
      add_int (b, "attack", side->attack);
      add_int (b, "capacity", side->capacity);
      json_builder_end_object (b);
    }
  add_extra (b, c->extra);
  json_builder_end_object (b);
}

static void
write_structures (JsonBuilder *b, const GPtrArray *structures)
{
  if (structures->len == 0)
    return;
  json_builder_set_member_name (b, "structures");
  json_builder_begin_array (b);
  for (guint i = 0; i < structures->len; i++)
    {
      const SpkStructure *st = g_ptr_array_index (structures, i);

      json_builder_begin_object (b);
      add_string (b, "name", st->name);
      json_builder_set_member_name (b, "levels");
      json_builder_begin_array (b);
      for (guint l = 0; l < st->level_names->len; l++)
        {
          json_builder_begin_object (b);
          add_string (b, "name", g_ptr_array_index (st->level_names, l));
          add_int (b, "cost", g_array_index (st->level_costs, int, l));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      add_int (b, "bought", st->bought);
      add_extra (b, st->extra);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* Game-state fields are written only when they differ from their default,
 * so tables from before they existed save to the same bytes. */
static void
write_game_state (JsonBuilder *b, const SpkBoard *board)
{
  if (g_strcmp0 (board->phase, "setup") != 0)
    add_string (b, "phase", board->phase);
  add_string (b, "first_player", board->first_player);
  if (board->waves != 4)
    add_int (b, "waves", board->waves);
  if (board->faster)
    add_bool (b, "faster", TRUE);
  if (board->campfire_rule != SPK_CAMPFIRE_NO_OPPOSING)
    add_string (b, "campfire_rule", spk_campfire_rule_to_string (board->campfire_rule));
  if (board->market_count != board->player_count + 1)
    add_int (b, "market_count", board->market_count);
  if (board->earthscape_bought)
    add_bool (b, "earthscape_bought", TRUE);
  add_string (b, "event", board->event);
  add_string (b, "notes", board->notes);
  add_strings (b, "winners", board->winners, FALSE);
  add_string (b, "turn", board->turn);
}


static void
write_codex (JsonBuilder *b, const SpkCodex *codex)
{
  add_string (b, "game", "codex");
  json_builder_set_member_name (b, "codex");
  json_builder_begin_object (b);
  add_string (b, "mode", spk_codex_mode_to_string (codex->mode));
  add_int (b, "turn", codex->turn);
  add_int (b, "active", codex->active);
  add_string (b, "phase", spk_codex_phase_to_string (codex->phase));
  json_builder_set_member_name (b, "bases");
  json_builder_begin_array (b);
  for (guint i = 0; i < codex->bases->len; i++)
    json_builder_add_int_value (b, g_array_index (codex->bases, int, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < codex->players->len; i++)
    {
      const SpkCodexPlayer *p = g_ptr_array_index (codex->players, i);
      gboolean any_patrol = FALSE;

      json_builder_begin_object (b);
      add_string (b, "name", p->name);
      add_string (b, "spec", p->spec);
      add_int (b, "gold", p->gold);
      add_int (b, "workers", p->workers);
      add_int (b, "hand", p->hand);
      add_bool (b, "hired", p->hired);
      add_int (b, "bounty", p->bounty);
      add_bool (b, "multicolor", p->multicolor);
      add_bool (b, "built_any", p->built_any);
      add_int (b, "mercenaries", p->mercenaries);
      json_builder_set_member_name (b, "tech");
      json_builder_begin_array (b);
      for (guint l = 0; l < SPK_CODEX_TECH_LEVELS; l++)
        json_builder_add_string_value (b, spk_codex_building_to_string (p->tech[l]));
      json_builder_end_array (b);
      add_string (b, "addon", spk_codex_addon_to_string (p->addon));
      add_string (b, "addon_state", spk_codex_building_to_string (p->addon_state));
      json_builder_set_member_name (b, "heroes");
      json_builder_begin_array (b);
      for (guint h = 0; h < p->heroes->len; h++)
        {
          const SpkCodexHero *hero = g_ptr_array_index (p->heroes, h);

          json_builder_begin_object (b);
          add_string (b, "name", hero->name);
          add_int (b, "cost", hero->cost);
          add_int (b, "mid", hero->mid);
          add_int (b, "max", hero->max);
          add_int (b, "level", hero->level);
          add_int (b, "runes", hero->runes);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      for (guint slot = 0; slot < SPK_CODEX_N_SLOTS; slot++)
        {
          if (p->patrol[slot] == NULL)
            continue;
          if (!any_patrol)
            {
              json_builder_set_member_name (b, "patrol");
              json_builder_begin_object (b);
              any_patrol = TRUE;
            }
          add_string (b, spk_codex_slot_to_string (slot), p->patrol[slot]);
        }
      if (any_patrol)
        json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

JsonNode *
spk_table_file_to_node (const SpkBoard *board)
{
  /* Mutable: the model patches this tree when it undoes a step. */
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  add_string (b, "format", SPK_TABLE_FORMAT_NAME);
  add_int (b, "version", SPK_TABLE_FORMAT_VERSION);
  add_int (b, "player_count", board->player_count);
  add_int (b, "wave", board->wave);

  json_builder_set_member_name (b, "factions");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);

      json_builder_begin_object (b);
      add_string (b, "id", f->id);
      add_string (b, "name", f->name);
      add_string (b, "mark", f->mark);
      add_string (b, "team", f->team);
      add_int (b, "source", f->source);
      add_int (b, "gate_health", f->gate_health);
      if (f->cp != 0)
        add_int (b, "cp", f->cp);
      if (f->limited_builds != 0)
        add_int (b, "limited_builds", f->limited_builds);
      write_structures (b, f->structures);
      add_strings (b, "relics", f->relics, FALSE);
      add_strings (b, "purchases", f->purchases, FALSE);
      if (f->choose_mark)
        add_bool (b, "choose_mark", TRUE);
      if (f->market_done)
        add_bool (b, "market_done", TRUE);
      add_string (b, "open_upgrade", f->open_upgrade);
      add_strings (b, "repair_preference", f->repair_preference, FALSE);
      add_extra (b, f->extra);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "hexes");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);

      json_builder_begin_object (b);
      add_int (b, "q", e->q);
      add_int (b, "r", e->r);
      add_string (b, "terrain", spk_terrain_to_string (e->terrain));
      add_string (b, "group", e->group);
      if (e->well)
        add_bool (b, "well", TRUE);
      if (e->layer != 0)
        add_int (b, "layer", e->layer);
      add_extra (b, e->extra);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "fortresses");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (board->fortresses, i);

      json_builder_begin_object (b);
      add_string (b, "faction", f->faction);
      json_builder_set_member_name (b, "gate");
      add_pair (b, f->gate);
      json_builder_set_member_name (b, "wells");
      json_builder_begin_array (b);
      for (guint w = 0; w < f->wells->len; w++)
        add_pair (b, g_array_index (f->wells, SpkHex, w));
      json_builder_end_array (b);
      add_extra (b, f->extra);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "chips");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->chips->len; i++)
    write_chip (b, g_ptr_array_index (board->chips, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "deployment");
  json_builder_begin_array (b);
  for (guint i = 0; i < board->deployment->len; i++)
    {
      const SpkDeployment *d = g_ptr_array_index (board->deployment, i);

      json_builder_begin_object (b);
      add_string (b, "faction", d->faction);
      add_strings (b, "stack", d->stack, TRUE);
      add_extra (b, d->extra);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  write_game_state (b, board);
  if (board->codex != NULL)
    write_codex (b, board->codex);
  add_extra (b, board->extra);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
spk_table_file_node_to_data (JsonNode *root, gsize *length)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  return json_generator_to_data (gen, length);
}

char *
spk_table_file_to_data (const SpkBoard *board, gsize *length)
{
  g_autoptr(JsonNode) root = spk_table_file_to_node (board);

  return spk_table_file_node_to_data (root, length);
}

gboolean
spk_table_file_save_data (const char *data, gsize length, const char *path, GError **error)
{
  g_autoptr(GError) local = NULL;

  /* g_file_set_contents_full writes a temporary file, fsyncs it and renames
   * it over the target, so a crash leaves either the old or the new file. */
  if (!g_file_set_contents_full (path, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &local))
    {
      g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO,
                   _("cannot save “%s”: %s"), path, local->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
spk_table_file_save (const SpkBoard *board, const char *path, GError **error)
{
  gsize length = 0;
  g_autofree char *data = spk_table_file_to_data (board, &length);

  return spk_table_file_save_data (data, length, path, error);
}
