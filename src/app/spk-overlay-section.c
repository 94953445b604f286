/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-overlay-section.h"

#include "spk-board-overlays.h"
#include "spk-grid.h"
#include "spk-widget-util.h"

struct _SpkOverlaySection
{
  AdwPreferencesGroup  parent_instance;

  AdwComboRow         *faction_row;
  GtkSwitch           *influence_switch;
  GtkSwitch           *spires_switch;
  GtkSwitch           *closeness_switch;

  SpkTable            *table;
  SpkBoardView        *view;
  GPtrArray           *faction_ids;   /* of char*, the faction row's order */
  char                *faction;       /* the id last notified */
};

G_DEFINE_FINAL_TYPE (SpkOverlaySection, spk_overlay_section, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_FACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

const char *
spk_overlay_section_get_faction (SpkOverlaySection *self)
{
  g_return_val_if_fail (SPK_IS_OVERLAY_SECTION (self), NULL);
  return spk_combo_row_get_id (self->faction_row, self->faction_ids);
}

static void
draw (SpkOverlaySection *self)
{
  const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;
  const char *faction = spk_overlay_section_get_faction (self);
  const SpkChip *unit = self->view != NULL ? spk_board_view_get_selected_chip (self->view) : NULL;
  g_autoptr(SpkGrid) grid = NULL;
  SpkBoardRenderer *renderer;

  if (self->view == NULL)
    return;
  spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_INFLUENCE);
  spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_SPIRES);
  spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_CLOSENESS);
  if (b == NULL || faction == NULL)
    return;
  grid = spk_grid_new (b);

  renderer = spk_board_view_get_renderer (self->view);
  if (gtk_switch_get_active (self->influence_switch))
    spk_board_overlays_influence (renderer, b, grid, faction);
  if (gtk_switch_get_active (self->spires_switch))
    spk_board_overlays_spires (renderer, b, grid, faction);
  if (gtk_switch_get_active (self->closeness_switch))
    spk_board_overlays_closeness (renderer, b, grid, faction, unit);
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

static void
faction_changed (SpkOverlaySection *self)
{
  const char *now = spk_overlay_section_get_faction (self);

  draw (self);
  if (g_strcmp0 (now, self->faction) == 0)
    return;
  g_free (self->faction);
  self->faction = g_strdup (now);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FACTION]);
}

void
spk_overlay_section_refresh (SpkOverlaySection *self, gboolean selection_only)
{
  g_return_if_fail (SPK_IS_OVERLAY_SECTION (self));
  if (!selection_only || gtk_switch_get_active (self->closeness_switch))
    draw (self);
}

void
spk_overlay_section_set_faction (SpkOverlaySection *self, const char *id)
{
  g_return_if_fail (SPK_IS_OVERLAY_SECTION (self));
  spk_combo_row_select_id (self->faction_row, self->faction_ids, id);
}

void
spk_overlay_section_set_factions (SpkOverlaySection *self, GPtrArray *ids, GListModel *names)
{
  g_return_if_fail (SPK_IS_OVERLAY_SECTION (self));
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = ids != NULL ? g_ptr_array_ref (ids) : NULL;
  adw_combo_row_set_model (self->faction_row, names);
  /* The choice may stay at the same place with another faction there. */
  faction_changed (self);
}

void
spk_overlay_section_set_table (SpkOverlaySection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_OVERLAY_SECTION (self));
  g_set_object (&self->table, table);
}

void
spk_overlay_section_set_board_view (SpkOverlaySection *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_OVERLAY_SECTION (self));
  g_set_object (&self->view, view);
}


static void
spk_overlay_section_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkOverlaySection *self = SPK_OVERLAY_SECTION (object);

  switch (prop_id)
    {
    case PROP_FACTION:
      g_value_set_string (value, spk_overlay_section_get_faction (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_overlay_section_dispose (GObject *object)
{
  SpkOverlaySection *self = SPK_OVERLAY_SECTION (object);

  g_clear_object (&self->table);
  g_clear_object (&self->view);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_OVERLAY_SECTION);
  G_OBJECT_CLASS (spk_overlay_section_parent_class)->dispose (object);
}

static void
spk_overlay_section_finalize (GObject *object)
{
  SpkOverlaySection *self = SPK_OVERLAY_SECTION (object);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_pointer (&self->faction, g_free);
  G_OBJECT_CLASS (spk_overlay_section_parent_class)->finalize (object);
}

static void
spk_overlay_section_class_init (SpkOverlaySectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_overlay_section_dispose;
  object_class->finalize = spk_overlay_section_finalize;
  object_class->get_property = spk_overlay_section_get_property;

  /* The id of the faction whose overlays are shown. */
  properties[PROP_FACTION] = g_param_spec_string ("faction", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-overlay-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkOverlaySection, faction_row);
  gtk_widget_class_bind_template_child (widget_class, SpkOverlaySection, influence_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkOverlaySection, spires_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkOverlaySection, closeness_switch);
  gtk_widget_class_bind_template_callback (widget_class, draw);
  gtk_widget_class_bind_template_callback (widget_class, faction_changed);
}

static void
spk_overlay_section_init (SpkOverlaySection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
