/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "spk-data-file.h"
#include "spk-json-guard.h"
#include "spk-roster.h"

#define ROSTER_FORMAT "spirekeeper-roster"
#define ROSTER_VERSION 1

struct _SpkRoster {
  char      *game;
  GPtrArray *records;   /* of SpkRosterRecord* */
  GPtrArray *factions;  /* of SpkRosterFaction* */
  GHashTable *by_id;    /* id -> SpkRosterRecord* (borrowed) */
};

static const char *const kind_names[SPK_ROSTER_N_KINDS] = {
  "minion", "hero", "spire", "landmark", "equipment",
};

/* Owners of the chips that belong to no faction. */
static const char *const pseudo_factions[] = { "market", "landmark" };

static const char *const landmark_types[] = { "swamp", "ruins", "temple", "unique" };

G_DEFINE_QUARK (spk-roster-error-quark, spk_roster_error)

const char *
spk_roster_kind_to_string (SpkRosterKind kind)
{
  g_return_val_if_fail (kind < SPK_ROSTER_N_KINDS, NULL);
  return kind_names[kind];
}

static void
side_clear (SpkRosterSideStats *s)
{
  g_clear_pointer (&s->name, g_free);
  g_clear_pointer (&s->upgrades, g_array_unref);
  g_clear_pointer (&s->talents, g_ptr_array_unref);
}

static void
side_init (SpkRosterSideStats *s)
{
  memset (s, 0, sizeof *s);
  s->cp_cost = s->source_cost = s->source_reward = SPK_ROSTER_UNKNOWN;
  s->movement = s->allowance = s->health = s->attack = s->capacity = SPK_ROSTER_UNKNOWN;
}

static void
record_free (SpkRosterRecord *r)
{
  g_free (r->id);
  g_free (r->name);
  g_free (r->faction);
  g_free (r->landmark_type);
  g_clear_pointer (&r->aliases, g_ptr_array_unref);
  side_clear (&r->basic);
  side_clear (&r->promoted);
  g_clear_pointer (&r->sources, g_ptr_array_unref);
  g_clear_pointer (&r->disputed, g_ptr_array_unref);
  g_free (r->notes);
  g_free (r);
}

static void
faction_free (SpkRosterFaction *f)
{
  g_free (f->id);
  g_free (f->name);
  g_free (f);
}

void
spk_roster_free (SpkRoster *roster)
{
  if (roster == NULL)
    return;
  g_free (roster->game);
  g_hash_table_unref (roster->by_id);
  g_ptr_array_unref (roster->records);
  g_ptr_array_unref (roster->factions);
  g_free (roster);
}

/* ---- reading ---------------------------------------------------------- */

static gboolean
fail (GError **error, int code, const char *path, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail (GError **error, int code, const char *path, const char *fmt, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, fmt);
  msg = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (error, SPK_ROSTER_ERROR, code, "%s: %s", path, msg);
  return FALSE;
}

static gboolean
in_list (const char *s, const char *const *list, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (g_strcmp0 (s, list[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Refuses keys not in @known: the roster is typed by hand, and a misspelt
 * stat would otherwise read as "unknown" without a word. */
static gboolean
check_keys (JsonObject *o, const char *path, const char *const *known, gsize n,
            GError **error)
{
  g_autoptr(GList) members = json_object_get_members (o);

  for (GList *l = members; l != NULL; l = l->next)
    if (!in_list (l->data, known, n))
      return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                   _("unknown field \"%s\"; check its spelling in docs/roster-format.md"),
                   (const char *) l->data);
  return TRUE;
}

static gboolean
get_string (JsonObject *o, const char *path, const char *key, gboolean required,
            char **out, GError **error)
{
  g_autofree char *p = g_strdup_printf ("%s%s%s", path, *path ? "." : "", key);
  JsonNode *n = json_object_get_member (o, key);
  const char *s;

  if (n == NULL)
    {
      if (required)
        return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("required text is missing"));
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must be text"));
  s = json_node_get_string (n);
  if (g_utf8_strlen (s, -1) > SPK_ROSTER_MAX_CHARS)
    return fail (error, SPK_ROSTER_ERROR_TOO_LONG, p, _("longer than %d characters"),
                 SPK_ROSTER_MAX_CHARS);
  if (*s == '\0')
    return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must not be empty"));
  *out = g_strdup (s);
  return TRUE;
}

static gboolean
get_int (JsonObject *o, const char *path, const char *key, int min, int max,
         int *out, GError **error)
{
  g_autofree char *p = g_strdup_printf ("%s.%s", path, key);
  JsonNode *n = json_object_get_member (o, key);
  gint64 v;

  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must be a whole number"));
  v = json_node_get_int (n);
  if (v < min || v > max)
    {
      g_autofree char *value = g_strdup_printf ("%" G_GINT64_FORMAT, v);

      return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("%s is outside %d..%d"), value, min, max);
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
get_bool (JsonObject *o, const char *path, const char *key, gboolean *out,
          GError **error)
{
  g_autofree char *p = g_strdup_printf ("%s.%s", path, key);
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must be true or false"));
  *out = json_node_get_boolean (n);
  return TRUE;
}

/* A list of non-empty strings; *out stays NULL when the key is absent. */
static gboolean
get_strings (JsonObject *o, const char *path, const char *key, GPtrArray **out,
             GError **error)
{
  g_autofree char *p = g_strdup_printf ("%s.%s", path, key);
  JsonNode *n = json_object_get_member (o, key);
  g_autoptr(GPtrArray) list = NULL;
  JsonArray *a;

  if (n == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must be a list of text"));
  a = json_node_get_array (n);
  if (json_array_get_length (a) > SPK_ROSTER_MAX_ITEMS)
    return fail (error, SPK_ROSTER_ERROR_TOO_LONG, p, _("more than %d items"),
                 SPK_ROSTER_MAX_ITEMS);
  list = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      g_autofree char *ep = g_strdup_printf ("%s[%u]", p, i);
      const char *s;

      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
        return fail (error, SPK_ROSTER_ERROR_INVALID, ep, _("must be text"));
      s = json_node_get_string (e);
      if (g_utf8_strlen (s, -1) > SPK_ROSTER_MAX_CHARS)
        return fail (error, SPK_ROSTER_ERROR_TOO_LONG, ep, _("longer than %d characters"),
                     SPK_ROSTER_MAX_CHARS);
      if (*s == '\0')
        return fail (error, SPK_ROSTER_ERROR_INVALID, ep, _("must not be empty"));
      g_ptr_array_add (list, g_strdup (s));
    }
  *out = g_steal_pointer (&list);
  return TRUE;
}

static JsonObject *
get_object (JsonObject *o, const char *path, const char *key, GError **error)
{
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      g_autofree char *p = g_strdup_printf ("%s.%s", path, key);

      fail (error, SPK_ROSTER_ERROR_INVALID, p, _("must be an object"));
      return NULL;
    }
  return json_node_get_object (n);
}

static gboolean
read_side (JsonObject *o, const char *path, SpkRosterKind kind, SpkRosterSideStats *s,
           GError **error)
{
  static const char *const keys[] = {
    "name", "cp_cost", "source_cost", "source_reward", "movement", "allowance",
    "health", "attack", "capacity", "upgrades", "talents", "talents_complete",
    "relic_reward", "spire_reward",
  };
  g_autofree char *allowance = NULL;
  g_autoptr(GPtrArray) upgrades = NULL;

  if (!check_keys (o, path, keys, G_N_ELEMENTS (keys), error) ||
      !get_string (o, path, "name", FALSE, &s->name, error) ||
      !get_int (o, path, "cp_cost", 0, SPK_ROSTER_MAX_STAT, &s->cp_cost, error) ||
      !get_int (o, path, "source_cost", 0, SPK_ROSTER_MAX_STAT, &s->source_cost, error) ||
      !get_int (o, path, "source_reward", 0, SPK_ROSTER_MAX_STAT, &s->source_reward, error) ||
      !get_int (o, path, "movement", 0, SPK_ROSTER_MAX_STAT, &s->movement, error) ||
      !get_int (o, path, "health", 0, SPK_ROSTER_MAX_STAT, &s->health, error) ||
      !get_int (o, path, "attack", 0, SPK_ROSTER_MAX_STAT, &s->attack, error) ||
      !get_int (o, path, "capacity", 0, SPK_ROSTER_MAX_STAT, &s->capacity, error) ||
      !get_string (o, path, "allowance", FALSE, &allowance, error) ||
      !get_strings (o, path, "upgrades", &upgrades, error) ||
      !get_strings (o, path, "talents", &s->talents, error) ||
      !get_bool (o, path, "talents_complete", &s->talents_complete, error) ||
      !get_bool (o, path, "relic_reward", &s->relic_reward, error) ||
      !get_bool (o, path, "spire_reward", &s->spire_reward, error))
    return FALSE;

  if (allowance != NULL)
    {
      SpkTerrain t;

      if (!spk_terrain_from_string (allowance, &t))
        {
          g_autofree char *p = g_strdup_printf ("%s.allowance", path);

          return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                       _("\"%s\" is not a terrain (path, plains, forest, mountains, water)"),
                       allowance);
        }
      s->allowance = t;
    }
  if (upgrades != NULL)
    {
      s->upgrades = g_array_new (FALSE, FALSE, sizeof (SpkUpgrade));
      for (guint i = 0; i < upgrades->len; i++)
        {
          SpkUpgrade u;

          if (!spk_upgrade_from_string (g_ptr_array_index (upgrades, i), &u))
            {
              g_autofree char *p = g_strdup_printf ("%s.upgrades[%u]", path, i);

              return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                           _("\"%s\" is not an upgrade (attack, range, fortification)"),
                           (const char *) g_ptr_array_index (upgrades, i));
            }
          g_array_append_val (s->upgrades, u);
        }
    }
  if (s->talents_complete && s->talents == NULL)
    {
      g_autofree char *p = g_strdup_printf ("%s.talents_complete", path);

      return fail (error, SPK_ROSTER_ERROR_INVALID, p, _("there is no talents list"));
    }
  /* Stats that belong to another kind of chip are refused: they would be
   * dropped by make_chip and mislead whoever reads the file. */
  if (kind == SPK_ROSTER_SPIRE || kind == SPK_ROSTER_EQUIPMENT)
    {
      if (s->movement != SPK_ROSTER_UNKNOWN || s->health != SPK_ROSTER_UNKNOWN ||
          s->attack != SPK_ROSTER_UNKNOWN || s->allowance != SPK_ROSTER_UNKNOWN ||
          s->cp_cost != SPK_ROSTER_UNKNOWN)
        return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                     _("a %s has no CP cost, movement, allowance, health or attack; "
                     "its strength is its upgrades"), kind_names[kind]);
    }
  else if (s->upgrades != NULL && kind != SPK_ROSTER_HERO)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("only spires and heroes start with upgrades"));
  return TRUE;
}

static gboolean
is_slug (const char *s)
{
  if (*s == '\0' || *s == '-')
    return FALSE;
  for (const char *c = s; *c != '\0'; c++)
    if (!(g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-') ||
        (*c == '-' && (c[1] == '-' || c[1] == '\0')))
      return FALSE;
  return TRUE;
}

static gboolean
faction_known (SpkRoster *self, const char *id)
{
  for (guint i = 0; i < self->factions->len; i++)
    if (g_strcmp0 (((SpkRosterFaction *) g_ptr_array_index (self->factions, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
read_faction (SpkRoster *self, JsonNode *node, guint index, GError **error)
{
  static const char *const keys[] = {
    "id", "name", "box", "colour", "starter", "heroes", "minion_chips",
    "spire_chips", "source",
  };
  g_autofree char *path = g_strdup_printf ("factions[%u]", index);
  g_autofree char *box = NULL;
  g_autofree char *colour = NULL;
  g_autoptr(GPtrArray) sources = NULL;
  SpkRosterFaction *f;
  JsonObject *o;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path, _("must be an object"));
  o = json_node_get_object (node);
  f = g_new0 (SpkRosterFaction, 1);
  f->heroes = f->minion_chips = f->spire_chips = SPK_ROSTER_UNKNOWN;
  g_ptr_array_add (self->factions, f);
  if (!check_keys (o, path, keys, G_N_ELEMENTS (keys), error) ||
      !get_string (o, path, "id", TRUE, &f->id, error) ||
      !get_string (o, path, "name", TRUE, &f->name, error) ||
      !get_string (o, path, "box", FALSE, &box, error) ||
      !get_string (o, path, "colour", FALSE, &colour, error) ||
      !get_bool (o, path, "starter", &f->starter, error) ||
      !get_int (o, path, "heroes", 0, SPK_ROSTER_MAX_STAT, &f->heroes, error) ||
      !get_int (o, path, "minion_chips", 0, SPK_ROSTER_MAX_STAT, &f->minion_chips, error) ||
      !get_int (o, path, "spire_chips", 0, SPK_ROSTER_MAX_STAT, &f->spire_chips, error) ||
      !get_strings (o, path, "source", &sources, error))
    return FALSE;
  if (!is_slug (f->id) || in_list (f->id, pseudo_factions, G_N_ELEMENTS (pseudo_factions)))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("id \"%s\" must be lowercase letters, digits and single dashes, "
                 "and not market or landmark"), f->id);
  for (guint i = 0; i + 1 < self->factions->len; i++)
    if (g_strcmp0 (((SpkRosterFaction *) g_ptr_array_index (self->factions, i))->id, f->id) == 0)
      return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                   _("id \"%s\" is used twice"), f->id);
  if (sources == NULL || sources->len == 0)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("every faction names its source (\"source\": [...])"));
  return TRUE;
}

static gboolean
read_record (SpkRoster *self, JsonNode *node, guint index, GError **error)
{
  static const char *const keys[] = {
    "id", "name", "kind", "faction", "merc", "count", "landmark_type",
    "landmark_minion", "aliases", "basic", "promoted", "source", "disputed",
    "notes",
  };
  g_autofree char *path = g_strdup_printf ("records[%u]", index);
  g_autofree char *kind = NULL;
  g_autofree char *basic_path = g_strdup_printf ("%s.basic", path);
  g_autofree char *promoted_path = g_strdup_printf ("%s.promoted", path);
  g_autoptr(GError) local = NULL;
  SpkRosterRecord *r;
  JsonObject *o, *side, *disputed;
  int k;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path, _("must be an object"));
  o = json_node_get_object (node);
  r = g_new0 (SpkRosterRecord, 1);
  r->count = SPK_ROSTER_UNKNOWN;
  side_init (&r->basic);
  side_init (&r->promoted);
  g_ptr_array_add (self->records, r);

  if (!check_keys (o, path, keys, G_N_ELEMENTS (keys), error) ||
      !get_string (o, path, "id", TRUE, &r->id, error) ||
      !get_string (o, path, "name", TRUE, &r->name, error) ||
      !get_string (o, path, "kind", TRUE, &kind, error) ||
      !get_string (o, path, "faction", TRUE, &r->faction, error) ||
      !get_bool (o, path, "merc", &r->merc, error) ||
      !get_int (o, path, "count", 1, SPK_ROSTER_MAX_STAT, &r->count, error) ||
      !get_string (o, path, "landmark_type", FALSE, &r->landmark_type, error) ||
      !get_bool (o, path, "landmark_minion", &r->landmark_minion, error) ||
      !get_strings (o, path, "aliases", &r->aliases, error) ||
      !get_strings (o, path, "source", &r->sources, error) ||
      !get_string (o, path, "notes", FALSE, &r->notes, error))
    return FALSE;

  if (!is_slug (r->id))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("id \"%s\" must be lowercase letters, digits and single dashes"), r->id);
  if (g_hash_table_contains (self->by_id, r->id))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path, _("id \"%s\" is used twice"), r->id);
  g_hash_table_insert (self->by_id, r->id, r);

  for (k = 0; k < SPK_ROSTER_N_KINDS; k++)
    if (strcmp (kind, kind_names[k]) == 0)
      break;
  if (k == SPK_ROSTER_N_KINDS)
    {
      g_autofree char *p = g_strdup_printf ("%s.kind", path);

      return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                   _("\"%s\" is not minion, hero, spire, landmark or equipment"), kind);
    }
  r->kind = (SpkRosterKind) k;

  if (r->sources == NULL || r->sources->len == 0)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("every record names where its values come from (\"source\": [...])"));

  /* Who owns the chip follows from its kind. */
  if ((r->kind == SPK_ROSTER_LANDMARK) != (g_strcmp0 (r->faction, "landmark") == 0))
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("landmarks, and only they, have the faction \"landmark\""));
  if ((g_strcmp0 (r->faction, "market") == 0) != r->merc)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("market chips, and only they, are \"merc\": true"));
  if (r->kind == SPK_ROSTER_EQUIPMENT && !r->merc)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path, _("equipment is sold at the market"));
  if (!in_list (r->faction, pseudo_factions, G_N_ELEMENTS (pseudo_factions)) &&
      !faction_known (self, r->faction))
    {
      g_autofree char *p = g_strdup_printf ("%s.faction", path);

      return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                   _("\"%s\" is not in \"factions\", nor market or landmark"), r->faction);
    }
  if (r->kind == SPK_ROSTER_LANDMARK)
    {
      if (r->landmark_type == NULL ||
          !in_list (r->landmark_type, landmark_types, G_N_ELEMENTS (landmark_types)))
        return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                     _("a landmark's \"landmark_type\" is swamp, ruins, temple or unique"));
    }
  else if (r->landmark_type != NULL || r->landmark_minion)
    return fail (error, SPK_ROSTER_ERROR_INVALID, path,
                 _("only landmarks have a landmark type"));

  side = get_object (o, path, "basic", &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (side == NULL)
    return fail (error, SPK_ROSTER_ERROR_INVALID, basic_path, _("required side is missing"));
  if (!read_side (side, basic_path, r->kind, &r->basic, error))
    return FALSE;
  if (r->basic.name != NULL)
    return fail (error, SPK_ROSTER_ERROR_INVALID, basic_path,
                 _("the basic side is named by the record's \"name\""));

  side = get_object (o, path, "promoted", &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (side != NULL)
    {
      if (r->kind == SPK_ROSTER_LANDMARK || r->kind == SPK_ROSTER_EQUIPMENT)
        return fail (error, SPK_ROSTER_ERROR_INVALID, promoted_path,
                     _("a %s has no promoted side"), kind_names[r->kind]);
      if (!read_side (side, promoted_path, r->kind, &r->promoted, error))
        return FALSE;
      r->has_promoted = TRUE;
    }

  /* "disputed": {"promoted.attack": {...}, ...}; the keys name fields. */
  disputed = get_object (o, path, "disputed", &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (disputed != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (disputed);

      r->disputed = g_ptr_array_new_with_free_func (g_free);
      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *field = l->data;
          const char *dot = strchr (field, '.');
          g_autofree char *p = g_strdup_printf ("%s.disputed.%s", path, field);

          if (dot == NULL ||
              (strncmp (field, "basic.", 6) != 0 && strncmp (field, "promoted.", 9) != 0) ||
              (strncmp (field, "promoted.", 9) == 0 && !r->has_promoted))
            return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                         _("must name a field of a side the record has (\"basic.health\")"));
          if (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (disputed, field)))
            return fail (error, SPK_ROSTER_ERROR_INVALID, p,
                         _("must be an object (values, chosen, ruling)"));
          g_ptr_array_add (r->disputed, g_strdup (field));
        }
    }
  return TRUE;
}

static SpkRoster *
roster_new (void)
{
  SpkRoster *self = g_new0 (SpkRoster, 1);

  self->records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  self->factions = g_ptr_array_new_with_free_func ((GDestroyNotify) faction_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

static gboolean
read_list (SpkRoster *self, JsonObject *root, const char *key, gboolean required,
           gboolean (*read_one) (SpkRoster *, JsonNode *, guint, GError **),
           GError **error)
{
  JsonNode *n = json_object_get_member (root, key);
  JsonArray *a;

  if (n == NULL)
    return required ? fail (error, SPK_ROSTER_ERROR_INVALID, key, _("required list is missing"))
                    : TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    return fail (error, SPK_ROSTER_ERROR_INVALID, key, _("must be a list"));
  a = json_node_get_array (n);
  if (json_array_get_length (a) > SPK_ROSTER_MAX_ITEMS)
    return fail (error, SPK_ROSTER_ERROR_TOO_LONG, key, _("more than %d items"),
                 SPK_ROSTER_MAX_ITEMS);
  for (guint i = 0; i < json_array_get_length (a); i++)
    if (!read_one (self, json_array_get_element (a, i), i, error))
      return FALSE;
  return TRUE;
}

SpkRoster *
spk_roster_load_from_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  g_autoptr(SpkRoster) self = NULL;
  JsonNode *root;
  JsonObject *o;
  const char *format = NULL;
  gint64 version;

  g_return_val_if_fail (data != NULL, NULL);

  if (!spk_json_parser_load (parser, data, length, &local))
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_SYNTAX,
                   _("not a roster file: %s"), local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_ROSTER,
                   _("not a roster file: the top level is not an object"));
      return NULL;
    }
  o = json_node_get_object (root);
  if (json_object_has_member (o, "format") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (o, "format")) &&
      json_node_get_value_type (json_object_get_member (o, "format")) == G_TYPE_STRING)
    format = json_object_get_string_member (o, "format");
  if (g_strcmp0 (format, ROSTER_FORMAT) != 0)
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_ROSTER,
                   _("format: not a roster file (\"format\" must be \"%s\")"), ROSTER_FORMAT);
      return NULL;
    }
  if (!json_object_has_member (o, "version") ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (o, "version")) ||
      json_node_get_value_type (json_object_get_member (o, "version")) != G_TYPE_INT64)
    {
      fail (error, SPK_ROSTER_ERROR_INVALID, "version", _("must be a whole number"));
      return NULL;
    }
  version = json_object_get_int_member (o, "version");
  if (version > ROSTER_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NEWER_VERSION,
                   _("version: this roster is version %s; this Spirekeeper reads up to "
                     "version %d. Update Spirekeeper."), number, ROSTER_VERSION);
      return NULL;
    }
  if (version < 1)
    {
      fail (error, SPK_ROSTER_ERROR_INVALID, "version", _("must be 1"));
      return NULL;
    }

  self = roster_new ();
  if (!get_string (o, "", "game", TRUE, &self->game, error) ||
      !read_list (self, o, "factions", FALSE, read_faction, error) ||
      !read_list (self, o, "records", TRUE, read_record, error))
    return NULL;
  return g_steal_pointer (&self);
}

SpkRoster *
spk_roster_load_from_file (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;
  SpkRoster *roster;

  g_return_val_if_fail (path != NULL, NULL);

  if (!spk_file_read_capped (path, &contents, &length, &local))
    {
      g_set_error (error, SPK_ROSTER_ERROR,
                   g_error_matches (local, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_LARGE)
                   ? SPK_ROSTER_ERROR_TOO_LONG : SPK_ROSTER_ERROR_IO,
                   "%s: %s", path, local->message);
      return NULL;
    }
  roster = spk_roster_load_from_data (contents, (gssize) length, &local);
  if (roster == NULL)
    {
      g_set_error (error, SPK_ROSTER_ERROR, local->code, "%s: %s", path, local->message);
      return NULL;
    }
  return roster;
}

/* ---- queries ---------------------------------------------------------- */

const char *
spk_roster_get_game (const SpkRoster *roster)
{
  g_return_val_if_fail (roster != NULL, NULL);
  return roster->game;
}

guint
spk_roster_get_n_records (const SpkRoster *roster)
{
  g_return_val_if_fail (roster != NULL, 0);
  return roster->records->len;
}

const SpkRosterRecord *
spk_roster_get_record (const SpkRoster *roster, guint index)
{
  g_return_val_if_fail (roster != NULL, NULL);
  g_return_val_if_fail (index < roster->records->len, NULL);
  return g_ptr_array_index (roster->records, index);
}

guint
spk_roster_get_n_factions (const SpkRoster *roster)
{
  g_return_val_if_fail (roster != NULL, 0);
  return roster->factions->len;
}

const SpkRosterFaction *
spk_roster_get_faction (const SpkRoster *roster, guint index)
{
  g_return_val_if_fail (roster != NULL, NULL);
  g_return_val_if_fail (index < roster->factions->len, NULL);
  return g_ptr_array_index (roster->factions, index);
}

const SpkRosterRecord *
spk_roster_lookup (const SpkRoster *roster, const char *id)
{
  g_return_val_if_fail (roster != NULL, NULL);
  if (id == NULL)
    return NULL;
  return g_hash_table_lookup (roster->by_id, id);
}

/* Lowercase ASCII with accents dropped and every other run of characters
 * one space, so "Kram  the-Mighty" and "kram the mighty" compare equal. */
static char *
fold (const char *text)
{
  g_autofree char *nfkd = g_utf8_normalize (text, -1, G_NORMALIZE_NFKD);
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *c = nfkd != NULL ? nfkd : ""; *c != '\0'; c++)
    {
      if ((guchar) *c >= 0x80)
        continue;
      if (g_ascii_isalnum (*c))
        {
          if (space && out->len > 0)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, g_ascii_tolower (*c));
        }
      else
        space = TRUE;
    }
  return g_string_free (out, FALSE);
}

/* 2: a word of @name starts with @needle; 1: @name contains it; 0: no. */
static int
match_rank (const char *name, const char *needle)
{
  g_autofree char *hay = fold (name);
  const char *at = strstr (hay, needle);
  int rank = 0;

  while (at != NULL)
    {
      if (at == hay || at[-1] == ' ')
        return 2;
      rank = 1;
      at = strstr (at + 1, needle);
    }
  return rank;
}

GArray *
spk_roster_search (const SpkRoster *roster, const char *text)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (SpkRosterMatch));
  g_autoptr(GArray) weak = g_array_new (FALSE, FALSE, sizeof (SpkRosterMatch));
  g_autofree char *needle = NULL;

  g_return_val_if_fail (roster != NULL, out);
  needle = fold (text != NULL ? text : "");
  if (*needle == '\0')
    return out;

  for (guint i = 0; i < roster->records->len; i++)
    {
      const SpkRosterRecord *r = g_ptr_array_index (roster->records, i);
      SpkRosterMatch m = { r, SPK_ROSTER_SIDE_BASIC };
      int best = match_rank (r->name, needle);

      if (r->aliases != NULL)
        for (guint a = 0; a < r->aliases->len; a++)
          best = MAX (best, match_rank (g_ptr_array_index (r->aliases, a), needle));
      if (r->has_promoted && r->promoted.name != NULL)
        {
          int p = match_rank (r->promoted.name, needle);

          if (p > best)
            {
              best = p;
              m.side = SPK_ROSTER_SIDE_PROMOTED;
            }
        }
      if (best == 2)
        g_array_append_val (out, m);
      else if (best == 1)
        g_array_append_val (weak, m);
    }
  g_array_append_vals (out, weak->data, weak->len);
  return out;
}

/* ---- chips ------------------------------------------------------------ */

static void
copy_int (int value, int *field, const char *prefix, const char *name, GPtrArray *unknown)
{
  if (value != SPK_ROSTER_UNKNOWN)
    *field = value;
  else if (unknown != NULL)
    g_ptr_array_add (unknown, g_strconcat (prefix, name, NULL));
}

static void
copy_side_stats (const SpkRosterSideStats *s, SpkRosterKind kind, const char *prefix,
                 int *movement, SpkTerrain *allowance, int *health, int *attack,
                 int *capacity, GPtrArray *unknown)
{
  int allow = *allowance;

  copy_int (s->movement, movement, prefix, "movement", unknown);
  copy_int (s->allowance, &allow, prefix, "allowance", unknown);
  *allowance = (SpkTerrain) allow;
  copy_int (s->health, health, prefix, "health", unknown);
  copy_int (s->attack, attack, prefix, "attack", unknown);
  /* Minions print no upgrade capacity: theirs is none. */
  if (kind == SPK_ROSTER_HERO)
    copy_int (s->capacity, capacity, prefix, "capacity", unknown);
}

SpkChip *
spk_roster_make_chip (const SpkRoster *roster,
                      const char      *id,
                      SpkRosterSide    side,
                      const char      *faction,
                      const char      *chip_id,
                      GPtrArray       *unknown,
                      GError         **error)
{
  static const SpkChipKind chip_kinds[] = {
    SPK_CHIP_MINION, SPK_CHIP_HERO, SPK_CHIP_SPIRE, SPK_CHIP_LANDMARK,
  };
  const SpkRosterRecord *r;
  const SpkRosterSideStats *s;
  SpkChip *chip;

  g_return_val_if_fail (roster != NULL, NULL);

  r = spk_roster_lookup (roster, id);
  if (r == NULL)
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_FOUND,
                   _("no chip \"%s\" in the roster"), id != NULL ? id : "");
      return NULL;
    }
  if (r->kind == SPK_ROSTER_EQUIPMENT)
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_CHIP,
                   _("%s is equipment: it goes under a hero, not on the board"), r->name);
      return NULL;
    }
  if (side == SPK_ROSTER_SIDE_PROMOTED && !r->has_promoted)
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_CHIP,
                   _("the roster has no promoted side of %s"), r->name);
      return NULL;
    }
  if (r->kind != SPK_ROSTER_LANDMARK && (faction == NULL || *faction == '\0'))
    {
      g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_CHIP,
                   _("%s needs a faction to control it"), r->name);
      return NULL;
    }

  s = side == SPK_ROSTER_SIDE_PROMOTED ? &r->promoted : &r->basic;
  chip = spk_chip_new (chip_id != NULL ? chip_id : r->id, chip_kinds[r->kind]);
  chip->name = g_strdup (s->name != NULL ? s->name : r->name);
  chip->roster = g_strdup (r->id);
  if (r->kind != SPK_ROSTER_LANDMARK)
    chip->faction = g_strdup (faction);
  chip->merc = r->merc;
  chip->promoted = side == SPK_ROSTER_SIDE_PROMOTED;
  chip->relic_reward = s->relic_reward;
  chip->spire_reward = s->spire_reward;
  chip->landmark_minion = r->landmark_minion;
  copy_int (s->source_reward, &chip->reward, "", "source_reward", unknown);

  switch (r->kind)
    {
    case SPK_ROSTER_MINION:
    case SPK_ROSTER_HERO:
      /* Selection happens on the basic side, so its CP cost is the chip's. */
      copy_int (r->basic.cp_cost, &chip->cost, "", "cp_cost", unknown);
      chip->starting = r->kind == SPK_ROSTER_HERO && !r->merc && r->basic.cp_cost == 0;
      copy_side_stats (s, r->kind, "", &chip->movement, &chip->allowance,
                       &chip->health, &chip->attack, &chip->capacity, unknown);
      if (side == SPK_ROSTER_SIDE_BASIC && r->has_promoted)
        {
          SpkChipSide *p = &chip->promoted_side;

          p->allowance = SPK_TERRAIN_PATH;
          copy_side_stats (&r->promoted, r->kind, "promoted.", &p->movement, &p->allowance,
                           &p->health, &p->attack, &p->capacity, unknown);
          chip->has_promoted_side = TRUE;
        }
      else if (side == SPK_ROSTER_SIDE_BASIC && unknown != NULL)
        g_ptr_array_add (unknown, g_strdup ("promoted"));
      if (s->upgrades != NULL)
        g_array_append_vals (chip->upgrades, s->upgrades->data, s->upgrades->len);
      break;
    case SPK_ROSTER_SPIRE:
      copy_int (s->capacity, &chip->capacity, "", "capacity", unknown);
      if (s->upgrades != NULL)
        g_array_append_vals (chip->upgrades, s->upgrades->data, s->upgrades->len);
      else if (unknown != NULL)
        g_ptr_array_add (unknown, g_strdup ("upgrades"));
      break;
    case SPK_ROSTER_LANDMARK:
      /* A landmark without health is a feature, not something to attack. */
      if (s->health != SPK_ROSTER_UNKNOWN || r->landmark_minion)
        copy_int (s->health, &chip->health, "", "health", unknown);
      if (r->landmark_minion)
        {
          int allow = chip->allowance;

          copy_int (s->movement, &chip->movement, "", "movement", unknown);
          copy_int (s->attack, &chip->attack, "", "attack", unknown);
          copy_int (s->allowance, &allow, "", "allowance", unknown);
          chip->allowance = (SpkTerrain) allow;
        }
      break;
    case SPK_ROSTER_EQUIPMENT:
    case SPK_ROSTER_N_KINDS:
    default:
      g_assert_not_reached ();
    }
  chip->max_health = chip->health;

  if (s->talents != NULL)
    for (guint i = 0; i < s->talents->len; i++)
      g_ptr_array_add (chip->talents, g_strdup (g_ptr_array_index (s->talents, i)));
  if (!s->talents_complete && unknown != NULL)
    g_ptr_array_add (unknown, g_strdup ("talents"));
  return chip;
}

char *
spk_roster_find_file (const char *game)
{
  g_autofree char *file = g_strconcat (game, ".json", NULL);

  return spk_data_file_find ("SPK_ROSTER_DIR", "roster", file);
}

const SpkRoster *
spk_roster_get_default (GError **error)
{
  static SpkRoster *roster;
  G_LOCK_DEFINE_STATIC (roster);
  const SpkRoster *out;

  G_LOCK (roster);
  if (roster == NULL)
    {
      g_autofree char *path = spk_roster_find_file ("cloudspire");

      if (path == NULL)
        g_set_error (error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_IO,
                     _("the roster of Cloudspire is not installed; reinstall Spirekeeper"));
      else
        roster = spk_roster_load_from_file (path, error);
    }
  out = roster;
  G_UNLOCK (roster);
  return out;
}
