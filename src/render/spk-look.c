/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-look.h"

struct _SpkLook
{
  GObject   parent_instance;

  gboolean  colour_blind;
  gboolean  terrain_patterns;
  gboolean  labels;
  guint     serial;
};

G_DEFINE_FINAL_TYPE (SpkLook, spk_look, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COLOUR_BLIND,
  PROP_TERRAIN_PATTERNS,
  PROP_LABELS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
spk_look_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkLook *self = SPK_LOOK (object);

  switch (prop_id)
    {
    case PROP_COLOUR_BLIND: g_value_set_boolean (value, self->colour_blind); break;
    case PROP_TERRAIN_PATTERNS: g_value_set_boolean (value, self->terrain_patterns); break;
    case PROP_LABELS: g_value_set_boolean (value, self->labels); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_look_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkLook *self = SPK_LOOK (object);

  switch (prop_id)
    {
    case PROP_COLOUR_BLIND: spk_look_set_colour_blind (self, g_value_get_boolean (value)); break;
    case PROP_TERRAIN_PATTERNS: spk_look_set_terrain_patterns (self, g_value_get_boolean (value)); break;
    case PROP_LABELS: spk_look_set_labels (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_look_class_init (SpkLookClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = spk_look_get_property;
  object_class->set_property = spk_look_set_property;

  properties[PROP_COLOUR_BLIND] = g_param_spec_boolean ("colour-blind", NULL, NULL, FALSE, flags);
  properties[PROP_TERRAIN_PATTERNS] = g_param_spec_boolean ("terrain-patterns", NULL, NULL, FALSE, flags);
  properties[PROP_LABELS] = g_param_spec_boolean ("labels", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After any property changed: what is drawn with the look is stale. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
spk_look_init (SpkLook *self)
{
  self->labels = TRUE;
}

SpkLook *
spk_look_get_default (void)
{
  static gsize made;
  static SpkLook *look;

  if (g_once_init_enter (&made))
    {
      look = g_object_new (SPK_TYPE_LOOK, NULL);
      g_once_init_leave (&made, 1);
    }
  return look;
}

static void
set_flag (SpkLook *self, gboolean *field, gboolean value, guint prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  self->serial++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
spk_look_get_colour_blind (SpkLook *self)
{
  g_return_val_if_fail (SPK_IS_LOOK (self), FALSE);
  return self->colour_blind;
}

void
spk_look_set_colour_blind (SpkLook *self, gboolean colour_blind)
{
  g_return_if_fail (SPK_IS_LOOK (self));
  set_flag (self, &self->colour_blind, colour_blind, PROP_COLOUR_BLIND);
}

gboolean
spk_look_get_terrain_patterns (SpkLook *self)
{
  g_return_val_if_fail (SPK_IS_LOOK (self), FALSE);
  return self->terrain_patterns;
}

void
spk_look_set_terrain_patterns (SpkLook *self, gboolean patterns)
{
  g_return_if_fail (SPK_IS_LOOK (self));
  set_flag (self, &self->terrain_patterns, patterns, PROP_TERRAIN_PATTERNS);
}

gboolean
spk_look_get_labels (SpkLook *self)
{
  g_return_val_if_fail (SPK_IS_LOOK (self), TRUE);
  return self->labels;
}

void
spk_look_set_labels (SpkLook *self, gboolean labels)
{
  g_return_if_fail (SPK_IS_LOOK (self));
  set_flag (self, &self->labels, labels, PROP_LABELS);
}

guint
spk_look_get_serial (SpkLook *self)
{
  g_return_val_if_fail (SPK_IS_LOOK (self), 0);
  return self->serial;
}
