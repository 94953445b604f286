/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-log-entry.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>

#include "spk-table-file.h"

struct _SpkLogEntry
{
  GObject   parent_instance;
  char     *text;     /* compact JSON: {"label", "faction", "wave", "phase", "group", "changes"} */
  gboolean  read;     /* text has been read into the fields below */
  GError   *damage;   /* why the text is not a step, once read */
  JsonNode *json;
  char     *label;
  char     *faction;
  char     *phase;
  int       wave;
  guint     group;
  JsonNode *changes;  /* member of json */
};

G_DEFINE_FINAL_TYPE (SpkLogEntry, spk_log_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_FACTION,
  PROP_WAVE,
  PROP_PHASE,
  PROP_GROUP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
spk_log_entry_finalize (GObject *object)
{
  SpkLogEntry *self = SPK_LOG_ENTRY (object);

  g_clear_pointer (&self->json, json_node_unref);
  g_clear_error (&self->damage);
  g_free (self->text);
  g_free (self->label);
  g_free (self->faction);
  g_free (self->phase);
  G_OBJECT_CLASS (spk_log_entry_parent_class)->finalize (object);
}

static void
spk_log_entry_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkLogEntry *self = SPK_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, spk_log_entry_get_label (self)); break;
    case PROP_FACTION: g_value_set_string (value, spk_log_entry_get_faction (self)); break;
    case PROP_WAVE: g_value_set_int (value, spk_log_entry_get_wave (self)); break;
    case PROP_PHASE: g_value_set_string (value, spk_log_entry_get_phase (self)); break;
    case PROP_GROUP: g_value_set_uint (value, spk_log_entry_get_group (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_log_entry_class_init (SpkLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = spk_log_entry_finalize;
  object_class->get_property = spk_log_entry_get_property;

  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_FACTION] = g_param_spec_string ("faction", NULL, NULL, NULL, flags);
  properties[PROP_WAVE] = g_param_spec_int ("wave", NULL, NULL, 0, G_MAXINT, 1, flags);
  properties[PROP_PHASE] = g_param_spec_string ("phase", NULL, NULL, NULL, flags);
  properties[PROP_GROUP] = g_param_spec_uint ("group", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
spk_log_entry_init (SpkLogEntry *self)
{
}

static gboolean
member_is (JsonObject *obj, const char *name, GType type)
{
  JsonNode *node = json_object_get_member (obj, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/* Takes in a step object (a reference is taken), checking its members. */
static gboolean
read_node (SpkLogEntry *self, JsonNode *node, GError **error)
{
  JsonObject *obj;
  JsonNode *changes;
  const char *bad = NULL;

  /* A step of only white space parses to no node at all. */
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    bad = "";
  else
    {
      obj = json_node_get_object (node);
      changes = json_object_get_member (obj, "changes");
      if (!member_is (obj, "label", G_TYPE_STRING))
        bad = "label";
      else if (json_object_has_member (obj, "faction") && !member_is (obj, "faction", G_TYPE_STRING))
        bad = "faction";
      else if (json_object_has_member (obj, "phase") && !member_is (obj, "phase", G_TYPE_STRING))
        bad = "phase";
      else if (!member_is (obj, "wave", G_TYPE_INT64))
        bad = "wave";
      else if (!member_is (obj, "group", G_TYPE_INT64) || json_object_get_int_member (obj, "group") < 0)
        bad = "group";
      else if (changes == NULL || !JSON_NODE_HOLDS_ARRAY (changes))
        bad = "changes";
    }
  if (bad != NULL)
    {
      g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE,
                   _("history: a step is damaged (%s); remove the “history” field to open the table without it"),
                   *bad ? bad : _("not an object"));
      return FALSE;
    }
  self->json = json_node_ref (node);
  self->label = g_strdup (json_object_get_string_member (obj, "label"));
  self->faction = g_strdup (json_object_get_string_member_with_default (obj, "faction", NULL));
  self->phase = g_strdup (json_object_get_string_member_with_default (obj, "phase", NULL));
  self->wave = (int) CLAMP (json_object_get_int_member (obj, "wave"), 0, G_MAXINT);
  self->group = (guint) MIN (json_object_get_int_member (obj, "group"), G_MAXUINT);
  self->changes = changes;
  return TRUE;
}

static char *
compact_text (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

SpkLogEntry *
spk_log_entry_new (const char *label, const char *faction, int wave, const char *phase,
                   guint group, JsonNode *changes)
{
  SpkLogEntry *self = g_object_new (SPK_TYPE_LOG_ENTRY, NULL);
  g_autoptr(JsonObject) obj = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  json_object_set_string_member (obj, "label", label);
  if (faction != NULL)
    json_object_set_string_member (obj, "faction", faction);
  json_object_set_int_member (obj, "wave", wave);
  if (phase != NULL)
    json_object_set_string_member (obj, "phase", phase);
  json_object_set_int_member (obj, "group", group);
  json_object_set_member (obj, "changes", json_node_ref (changes));
  node = json_node_init_object (json_node_alloc (), obj);
  read_node (self, node, NULL);
  self->read = TRUE;
  self->text = compact_text (node);
  return self;
}

SpkLogEntry *
spk_log_entry_new_from_text (const char *text, gsize length)
{
  SpkLogEntry *self = g_object_new (SPK_TYPE_LOG_ENTRY, NULL);

  self->text = g_strndup (text, length);
  return self;
}

SpkLogEntry *
spk_log_entry_new_from_json (JsonNode *node, GError **error)
{
  g_autoptr(SpkLogEntry) self = g_object_new (SPK_TYPE_LOG_ENTRY, NULL);

  if (!read_node (self, node, error))
    return NULL;
  self->read = TRUE;
  self->text = compact_text (node);
  return g_steal_pointer (&self);
}

gboolean
spk_log_entry_check (SpkLogEntry *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), FALSE);
  if (!self->read)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) local = NULL;

      self->read = TRUE;
      if (!spk_json_parser_load (parser, self->text, -1, &local))
        g_set_error (&self->damage, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX,
                     _("history: a step is not valid JSON (%s); remove the “history” field to open the table without it"),
                     local->message);
      else
        read_node (self, json_parser_get_root (parser), &self->damage);
    }
  if (self->damage != NULL)
    {
      g_propagate_error (error, g_error_copy (self->damage));
      return FALSE;
    }
  return TRUE;
}

const char *
spk_log_entry_get_label (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  return spk_log_entry_check (self, NULL) ? self->label : "?";
}

const char *
spk_log_entry_get_faction (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  spk_log_entry_check (self, NULL);
  return self->faction;
}

int
spk_log_entry_get_wave (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), 0);
  spk_log_entry_check (self, NULL);
  return self->wave;
}

const char *
spk_log_entry_get_phase (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  spk_log_entry_check (self, NULL);
  return self->phase;
}

guint
spk_log_entry_get_group (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), 0);
  spk_log_entry_check (self, NULL);
  return self->group;
}

JsonNode *
spk_log_entry_get_changes (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  spk_log_entry_check (self, NULL);
  return self->changes;
}

const char *
spk_log_entry_get_text (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  return self->text;
}

JsonNode *
spk_log_entry_get_json (SpkLogEntry *self)
{
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (self), NULL);
  spk_log_entry_check (self, NULL);
  return self->json;
}
