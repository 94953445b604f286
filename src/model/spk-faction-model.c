/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-faction-model.h"

struct _SpkFactionModel
{
  GObject     parent_instance;
  SpkFaction *faction;
};

G_DEFINE_FINAL_TYPE (SpkFactionModel, spk_faction_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_LABEL,
  PROP_MARK,
  PROP_TEAM,
  PROP_SOURCE,
  PROP_GATE_HEALTH,
  PROP_CP,
  PROP_LIMITED_BUILDS,
  PROP_ADVANCEMENTS,
  PROP_RELICS,
  PROP_CHOOSE_MARK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
count_advancements (const SpkFaction *f)
{
  int n = 0;

  for (guint i = 0; i < f->structures->len; i++)
    n += ((SpkStructure *) g_ptr_array_index (f->structures, i))->bought;
  return n;
}

static GStrv
strv_from_array (const GPtrArray *arr)
{
  GStrv v = g_new0 (char *, arr->len + 1);

  for (guint i = 0; i < arr->len; i++)
    v[i] = g_strdup (g_ptr_array_index (arr, i));
  return v;
}

static gboolean
same_strings (const GPtrArray *a, const GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

static void
spk_faction_model_finalize (GObject *object)
{
  SpkFactionModel *self = SPK_FACTION_MODEL (object);

  spk_faction_free (self->faction);
  G_OBJECT_CLASS (spk_faction_model_parent_class)->finalize (object);
}

static void
spk_faction_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkFactionModel *self = SPK_FACTION_MODEL (object);
  const SpkFaction *f = self->faction;

  switch (prop_id)
    {
    case PROP_ID: g_value_set_string (value, f->id); break;
    case PROP_NAME: g_value_set_string (value, f->name); break;
    case PROP_LABEL: g_value_set_string (value, spk_faction_label (f)); break;
    case PROP_MARK: g_value_set_string (value, f->mark); break;
    case PROP_TEAM: g_value_set_string (value, f->team); break;
    case PROP_SOURCE: g_value_set_int (value, f->source); break;
    case PROP_GATE_HEALTH: g_value_set_int (value, f->gate_health); break;
    case PROP_CP: g_value_set_int (value, f->cp); break;
    case PROP_LIMITED_BUILDS: g_value_set_int (value, f->limited_builds); break;
    case PROP_ADVANCEMENTS: g_value_set_int (value, count_advancements (f)); break;
    case PROP_RELICS: g_value_take_boxed (value, strv_from_array (f->relics)); break;
    case PROP_CHOOSE_MARK: g_value_set_boolean (value, f->choose_mark); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_faction_model_class_init (SpkFactionModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = spk_faction_model_finalize;
  object_class->get_property = spk_faction_model_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  /* What views call the faction: its name, or its id while it has none. */
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_MARK] = g_param_spec_string ("mark", NULL, NULL, NULL, flags);
  properties[PROP_TEAM] = g_param_spec_string ("team", NULL, NULL, NULL, flags);
  properties[PROP_SOURCE] = g_param_spec_int ("source", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_GATE_HEALTH] = g_param_spec_int ("gate-health", NULL, NULL, 0, G_MAXINT, 10, flags);
  properties[PROP_CP] = g_param_spec_int ("cp", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_LIMITED_BUILDS] = g_param_spec_int ("limited-builds", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_ADVANCEMENTS] = g_param_spec_int ("advancements", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_RELICS] = g_param_spec_boxed ("relics", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_CHOOSE_MARK] = g_param_spec_boolean ("choose-mark", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
spk_faction_model_init (SpkFactionModel *self)
{
}

SpkFactionModel *
spk_faction_model_new (const SpkFaction *faction)
{
  SpkFactionModel *self = g_object_new (SPK_TYPE_FACTION_MODEL, NULL);

  self->faction = spk_faction_copy (faction);
  return self;
}

void
spk_faction_model_update (SpkFactionModel *self, const SpkFaction *now)
{
  const SpkFaction *was = self->faction;
  GParamSpec *changed[N_PROPS];
  guint n = 0;

  g_return_if_fail (SPK_IS_FACTION_MODEL (self));

#define CHECK(cond, prop) G_STMT_START { if (cond) changed[n++] = properties[prop]; } G_STMT_END
  CHECK (g_strcmp0 (was->id, now->id) != 0, PROP_ID);
  CHECK (g_strcmp0 (was->name, now->name) != 0, PROP_NAME);
  CHECK (g_strcmp0 (spk_faction_label (was), spk_faction_label (now)) != 0, PROP_LABEL);
  CHECK (g_strcmp0 (was->mark, now->mark) != 0, PROP_MARK);
  CHECK (g_strcmp0 (was->team, now->team) != 0, PROP_TEAM);
  CHECK (was->source != now->source, PROP_SOURCE);
  CHECK (was->gate_health != now->gate_health, PROP_GATE_HEALTH);
  CHECK (was->cp != now->cp, PROP_CP);
  CHECK (was->limited_builds != now->limited_builds, PROP_LIMITED_BUILDS);
  CHECK (count_advancements (was) != count_advancements (now), PROP_ADVANCEMENTS);
  CHECK (!same_strings (was->relics, now->relics), PROP_RELICS);
  CHECK (was->choose_mark != now->choose_mark, PROP_CHOOSE_MARK);
#undef CHECK

  /* Structures, purchases and unknown fields have no property of their
   * own but must still be current in the copy. */
  spk_faction_free (self->faction);
  self->faction = spk_faction_copy (now);
  for (guint i = 0; i < n; i++)
    g_object_notify_by_pspec (G_OBJECT (self), changed[i]);
}

const char *
spk_faction_model_get_id (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return self->faction->id;
}

const char *
spk_faction_model_get_name (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return self->faction->name;
}

const char *
spk_faction_model_get_label (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return spk_faction_label (self->faction);
}

const char *
spk_faction_model_get_mark (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return self->faction->mark;
}

const char *
spk_faction_model_get_team (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return self->faction->team;
}

int
spk_faction_model_get_source (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), 0);
  return self->faction->source;
}

int
spk_faction_model_get_gate_health (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), 0);
  return self->faction->gate_health;
}

int
spk_faction_model_get_cp (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), 0);
  return self->faction->cp;
}

int
spk_faction_model_get_limited_builds (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), 0);
  return self->faction->limited_builds;
}

int
spk_faction_model_get_advancements (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), 0);
  return count_advancements (self->faction);
}

gboolean
spk_faction_model_get_choose_mark (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), FALSE);
  return self->faction->choose_mark;
}

const SpkFaction *
spk_faction_model_get_faction (SpkFactionModel *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (self), NULL);
  return self->faction;
}
