/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-chip-model.h"

#include <string.h>

struct _SpkChipModel
{
  GObject  parent_instance;
  SpkChip *chip;
};

G_DEFINE_FINAL_TYPE (SpkChipModel, spk_chip_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_KIND,
  PROP_FACTION,
  PROP_NAME,
  PROP_PLACED,
  PROP_Q,
  PROP_R,
  PROP_MOVEMENT,
  PROP_ALLOWANCE,
  PROP_HEALTH,
  PROP_MAX_HEALTH,
  PROP_ATTACK,
  PROP_UPGRADES,
  PROP_CAPACITY,
  PROP_TALENTS,
  PROP_ACTIVE,
  PROP_MOVED,
  PROP_REVEALED,
  PROP_GROUPED,
  PROP_COST,
  PROP_REWARD,
  PROP_MERC,
  PROP_STARTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GStrv
strv_from_array (const GPtrArray *arr)
{
  GStrv v = g_new0 (char *, arr->len + 1);

  for (guint i = 0; i < arr->len; i++)
    v[i] = g_strdup (g_ptr_array_index (arr, i));
  return v;
}

static GStrv
upgrade_names (const GArray *ups)
{
  GStrv v = g_new0 (char *, ups->len + 1);

  for (guint i = 0; i < ups->len; i++)
    v[i] = g_strdup (spk_upgrade_to_string (g_array_index (ups, SpkUpgrade, i)));
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

static gboolean
same_upgrades (const GArray *a, const GArray *b)
{
  return a->len == b->len &&
         (a->len == 0 || memcmp (a->data, b->data, a->len * sizeof (SpkUpgrade)) == 0);
}

static void
spk_chip_model_finalize (GObject *object)
{
  SpkChipModel *self = SPK_CHIP_MODEL (object);

  spk_chip_free (self->chip);
  G_OBJECT_CLASS (spk_chip_model_parent_class)->finalize (object);
}

static void
spk_chip_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  const SpkChip *c = SPK_CHIP_MODEL (object)->chip;

  switch (prop_id)
    {
    case PROP_ID: g_value_set_string (value, c->id); break;
    case PROP_KIND: g_value_set_string (value, spk_chip_kind_to_string (c->kind)); break;
    case PROP_FACTION: g_value_set_string (value, c->faction); break;
    case PROP_NAME: g_value_set_string (value, c->name); break;
    case PROP_PLACED: g_value_set_boolean (value, c->placed); break;
    case PROP_Q: g_value_set_int (value, c->q); break;
    case PROP_R: g_value_set_int (value, c->r); break;
    case PROP_MOVEMENT: g_value_set_int (value, c->movement); break;
    case PROP_ALLOWANCE: g_value_set_string (value, spk_terrain_to_string (c->allowance)); break;
    case PROP_HEALTH: g_value_set_int (value, c->health); break;
    case PROP_MAX_HEALTH: g_value_set_int (value, c->max_health); break;
    case PROP_ATTACK: g_value_set_int (value, c->attack); break;
    case PROP_UPGRADES: g_value_take_boxed (value, upgrade_names (c->upgrades)); break;
    case PROP_CAPACITY: g_value_set_int (value, c->capacity); break;
    case PROP_TALENTS: g_value_take_boxed (value, strv_from_array (c->talents)); break;
    case PROP_ACTIVE: g_value_set_boolean (value, c->active); break;
    case PROP_MOVED: g_value_set_boolean (value, c->moved); break;
    case PROP_REVEALED: g_value_set_boolean (value, c->revealed); break;
    case PROP_GROUPED: g_value_take_boxed (value, strv_from_array (c->grouped)); break;
    case PROP_COST: g_value_set_int (value, c->cost); break;
    case PROP_REWARD: g_value_set_int (value, c->reward); break;
    case PROP_MERC: g_value_set_boolean (value, c->merc); break;
    case PROP_STARTING: g_value_set_boolean (value, c->starting); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_chip_model_class_init (SpkChipModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = spk_chip_model_finalize;
  object_class->get_property = spk_chip_model_get_property;

  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL, flags);
  properties[PROP_FACTION] = g_param_spec_string ("faction", NULL, NULL, NULL, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_PLACED] = g_param_spec_boolean ("placed", NULL, NULL, FALSE, flags);
  properties[PROP_Q] = g_param_spec_int ("q", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_R] = g_param_spec_int ("r", NULL, NULL, G_MININT, G_MAXINT, 0, flags);
  properties[PROP_MOVEMENT] = g_param_spec_int ("movement", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_ALLOWANCE] = g_param_spec_string ("allowance", NULL, NULL, NULL, flags);
  properties[PROP_HEALTH] = g_param_spec_int ("health", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_MAX_HEALTH] = g_param_spec_int ("max-health", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_ATTACK] = g_param_spec_int ("attack", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_UPGRADES] = g_param_spec_boxed ("upgrades", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_CAPACITY] = g_param_spec_int ("capacity", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_TALENTS] = g_param_spec_boxed ("talents", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, TRUE, flags);
  properties[PROP_MOVED] = g_param_spec_boolean ("moved", NULL, NULL, FALSE, flags);
  properties[PROP_REVEALED] = g_param_spec_boolean ("revealed", NULL, NULL, FALSE, flags);
  properties[PROP_GROUPED] = g_param_spec_boxed ("grouped", NULL, NULL, G_TYPE_STRV, flags);
  properties[PROP_COST] = g_param_spec_int ("cost", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_REWARD] = g_param_spec_int ("reward", NULL, NULL, 0, G_MAXINT, 0, flags);
  properties[PROP_MERC] = g_param_spec_boolean ("merc", NULL, NULL, FALSE, flags);
  properties[PROP_STARTING] = g_param_spec_boolean ("starting", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
spk_chip_model_init (SpkChipModel *self)
{
}

SpkChipModel *
spk_chip_model_new (const SpkChip *chip)
{
  SpkChipModel *self = g_object_new (SPK_TYPE_CHIP_MODEL, NULL);

  self->chip = spk_chip_copy (chip);
  return self;
}

void
spk_chip_model_update (SpkChipModel *self, const SpkChip *now)
{
  const SpkChip *was = self->chip;
  GParamSpec *changed[N_PROPS];
  guint n = 0;

  g_return_if_fail (SPK_IS_CHIP_MODEL (self));

#define CHECK(cond, prop) G_STMT_START { if (cond) changed[n++] = properties[prop]; } G_STMT_END
  CHECK (g_strcmp0 (was->id, now->id) != 0, PROP_ID);
  CHECK (was->kind != now->kind, PROP_KIND);
  CHECK (g_strcmp0 (was->faction, now->faction) != 0, PROP_FACTION);
  CHECK (g_strcmp0 (was->name, now->name) != 0, PROP_NAME);
  CHECK (was->placed != now->placed, PROP_PLACED);
  CHECK (was->q != now->q, PROP_Q);
  CHECK (was->r != now->r, PROP_R);
  CHECK (was->movement != now->movement, PROP_MOVEMENT);
  CHECK (was->allowance != now->allowance, PROP_ALLOWANCE);
  CHECK (was->health != now->health, PROP_HEALTH);
  CHECK (was->max_health != now->max_health, PROP_MAX_HEALTH);
  CHECK (was->attack != now->attack, PROP_ATTACK);
  CHECK (!same_upgrades (was->upgrades, now->upgrades), PROP_UPGRADES);
  CHECK (was->capacity != now->capacity, PROP_CAPACITY);
  CHECK (!same_strings (was->talents, now->talents), PROP_TALENTS);
  CHECK (was->active != now->active, PROP_ACTIVE);
  CHECK (was->moved != now->moved, PROP_MOVED);
  CHECK (was->revealed != now->revealed, PROP_REVEALED);
  CHECK (!same_strings (was->grouped, now->grouped), PROP_GROUPED);
  CHECK (was->cost != now->cost, PROP_COST);
  CHECK (was->reward != now->reward, PROP_REWARD);
  CHECK (was->merc != now->merc, PROP_MERC);
  CHECK (was->starting != now->starting, PROP_STARTING);
#undef CHECK

  if (n == 0 && g_strcmp0 (was->extra, now->extra) == 0)
    return;
  spk_chip_free (self->chip);
  self->chip = spk_chip_copy (now);
  for (guint i = 0; i < n; i++)
    g_object_notify_by_pspec (G_OBJECT (self), changed[i]);
}

#define GETTER(type, name, field, fallback) \
  type \
  spk_chip_model_get_##name (SpkChipModel *self) \
  { \
    g_return_val_if_fail (SPK_IS_CHIP_MODEL (self), fallback); \
    return self->chip->field; \
  }

GETTER (const char *, id, id, NULL)
GETTER (SpkChipKind, kind, kind, SPK_CHIP_MINION)
GETTER (const char *, faction, faction, NULL)
GETTER (const char *, name, name, NULL)
GETTER (gboolean, placed, placed, FALSE)
GETTER (int, q, q, 0)
GETTER (int, r, r, 0)
GETTER (int, health, health, 0)
GETTER (int, max_health, max_health, 0)
GETTER (int, attack, attack, 0)
GETTER (int, movement, movement, 0)
GETTER (gboolean, moved, moved, FALSE)
GETTER (gboolean, revealed, revealed, FALSE)

const SpkChip *
spk_chip_model_get_chip (SpkChipModel *self)
{
  g_return_val_if_fail (SPK_IS_CHIP_MODEL (self), NULL);
  return self->chip;
}
