/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-page.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-attack-section.h"
#include "spk-damage-section.h"
#include "spk-movement-section.h"
#include "spk-overlay-section.h"
#include "spk-selection-section.h"
#include "spk-spire-section.h"
#include "spk-stack-section.h"
#include "spk-tool-palette.h"

#include "spk-board-legend.h"
#include "spk-grid.h"
#include "spk-movement.h"

struct _SpkTablePage
{
  GtkWidget            parent_instance;

  AdwFlap             *flap;
  GtkScrolledWindow   *panel_scroller;
  int                  toast_height;   /* room the toast on screen takes at the bottom */
  char                *last_message;   /* the last toast's text */
  SpkBoardView        *board_view;
  SpkSelectionSection *selection_section;
  SpkMovementSection  *movement_section;
  SpkAttackSection    *attack_section;
  SpkOverlaySection   *overlay_section;
  SpkSpireSection     *spire_section;
  SpkDamageSection    *damage_section;

  SpkToolPalette      *tool_palette;

  SpkStackSection     *stack_section;

  SpkTable            *table;
  gulong               recorded_handler;
  GPtrArray           *faction_ids;  /* of char*, the combo rows' order */
  GListModel          *faction_names; /* ... and their names */
};

G_DEFINE_FINAL_TYPE (SpkTablePage, spk_table_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* While the side panel stands beside the board, toasts keep to the board's
 * width (style.css), clear of the panel's buttons such as Resolve. */
static void toast_room (GtkWidget *widget, int height);

static void
update_toast_room (SpkTablePage *self)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  gboolean beside = gtk_widget_get_mapped (GTK_WIDGET (self)) && !adw_flap_get_folded (self->flap) &&
                    adw_flap_get_reveal_flap (self->flap);

  if (overlay == NULL)
    return;
  if (beside)
    gtk_widget_add_css_class (overlay, "spk-beside-panel");
  else
    gtk_widget_remove_css_class (overlay, "spk-beside-panel");
  /* A panel over the board (a narrow window) ends above the toast, so no
   * button of it (Resolve, End Turn) lies under one; it scrolls to them. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    spk_toast_watch_room (GTK_WIDGET (self), toast_room);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->panel_scroller),
                                gtk_widget_get_mapped (GTK_WIDGET (self)) && adw_flap_get_folded (self->flap) &&
                                adw_flap_get_reveal_flap (self->flap) && self->toast_height > 0
                                ? self->toast_height : 0);
}

static void
toast_room (GtkWidget *widget, int height)
{
  SpkTablePage *self = SPK_TABLE_PAGE (widget);

  self->toast_height = height;
  update_toast_room (self);
}

static void
toast (SpkTablePage *self, const char *text, gboolean undo)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

static const char *
selected_faction (SpkTablePage *self)
{
  return spk_overlay_section_get_faction (self->overlay_section);
}

const char *
spk_table_page_get_overlay_faction (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return selected_faction (self);
}

static const SpkBoard *
board (SpkTablePage *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

/* The faction of the stack editor: the selection's, else the overlays'. */
static const char *
stack_faction (SpkTablePage *self)
{
  const SpkGrid *grid = spk_board_view_get_grid (self->board_view);
  SpkHex hex;

  if (grid == NULL || !spk_board_view_get_selected (self->board_view, &hex))
    return selected_faction (self);
  /* A string of the view's board copy: kept until its next board. */
  return spk_grid_stack_faction (grid, hex, selected_faction (self));
}

/* --- selection panel ------------------------------------------------------------ */

static void
update_panel (SpkTablePage *self)
{
  const SpkChip *chip = spk_board_view_get_selected_chip (self->board_view);
  const char *desc = spk_board_view_get_description (self->board_view);
  const SpkGrid *grid = spk_board_view_get_grid (self->board_view);
  SpkHex hex;
  const SpkCell *cell = NULL;

  /* The view's grid is of the table's board: set_board comes first. */
  if (grid != NULL && spk_board_view_get_selected (self->board_view, &hex))
    {
      int index = spk_grid_find (grid, hex);

      cell = index >= 0 ? spk_grid_cell (grid, index) : NULL;
    }
  spk_selection_section_show (self->selection_section, cell, chip, desc);
  spk_movement_section_set_unit (self->movement_section, chip != NULL ? chip->id : NULL);
  spk_attack_section_set_attacker (self->attack_section, chip != NULL ? chip->id : NULL);
  spk_spire_section_set_chip (self->spire_section, chip != NULL ? chip->id : NULL);
  spk_damage_section_show_for (self->damage_section, cell, chip);
  spk_overlay_section_refresh (self->overlay_section, TRUE);
}


/* --- editing tools ------------------------------------------------------------------ */

static SpkChipEditor *
chip_editor (SpkTablePage *self)
{
  return spk_tool_palette_get_chip_editor (self->tool_palette);
}

static void
stroke (SpkBoardView *view, gboolean begin, SpkTablePage *self)
{
  spk_tool_palette_stroke (self->tool_palette, begin);
}

/* --- model ------------------------------------------------------------------------ */

static void
rebuild_factions (SpkTablePage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const SpkBoard *b = board (self);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
      g_ptr_array_add (self->faction_ids, g_strdup (f->id));
    }
  g_set_object (&self->faction_names, G_LIST_MODEL (names));
  spk_overlay_section_set_factions (self->overlay_section, self->faction_ids, G_LIST_MODEL (names));
  spk_chip_editor_set_factions (chip_editor (self), self->faction_ids, G_LIST_MODEL (names));
  spk_damage_section_set_factions (self->damage_section, self->faction_ids, G_LIST_MODEL (names));
}

/* After a step: when a faction was renamed, added or removed, the faction
 * rows (overlays, Fortress and Chip tools) get the new names and keep the
 * faction each had chosen. */
static void
refresh_factions (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  GListModel *shown = self->faction_names;
  gboolean same = b != NULL && shown != NULL && self->faction_ids != NULL &&
                  g_list_model_get_n_items (shown) == b->factions->len && self->faction_ids->len == b->factions->len;
  g_autofree char *overlay_id = NULL, *tool_id = NULL;

  for (guint i = 0; same && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      same = g_str_equal (g_ptr_array_index (self->faction_ids, i), f->id) &&
             g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (shown), i), spk_faction_label (f));
    }
  if (same)
    return;
  overlay_id = g_strdup (selected_faction (self));
  tool_id = g_strdup (spk_chip_editor_get_faction (chip_editor (self)));
  rebuild_factions (self);
  spk_overlay_section_set_faction (self->overlay_section, overlay_id);
  spk_chip_editor_set_faction (chip_editor (self), tool_id);
}

static void
update_turn (SpkTablePage *self)
{
  const char *turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.end-turn", turn != NULL);
  spk_damage_section_follow_turn (self->damage_section);
}

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkTablePage *self)
{
  spk_board_view_set_board (self->board_view, spk_table_get_board (table));
  refresh_factions (self);
  spk_chip_editor_refresh (chip_editor (self));
  update_turn (self);
  spk_overlay_section_refresh (self->overlay_section, FALSE);
  update_panel (self);
  spk_stack_section_show_faction (self->stack_section, stack_faction (self), FALSE);
}

void
spk_table_page_set_table (SpkTablePage *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_TABLE_PAGE (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_set_object (&self->table, table);
  spk_movement_section_set_table (self->movement_section, table);
  spk_board_view_select (self->board_view, NULL);
  spk_board_view_set_board (self->board_view, table != NULL ? spk_table_get_board (table) : NULL);
  spk_board_view_fit (self->board_view);
  if (table != NULL)
    self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
  spk_attack_section_set_table (self->attack_section, table);
  spk_tool_palette_set_table (self->tool_palette, table);
  spk_spire_section_set_table (self->spire_section, table);
  spk_damage_section_set_table (self->damage_section, table);
  spk_overlay_section_set_table (self->overlay_section, table);
  spk_stack_section_set_table (self->stack_section, table);
  rebuild_factions (self);
  /* Nothing of the last table stays in the chip editor. */
  spk_chip_editor_reset (chip_editor (self));
  update_turn (self);
  spk_overlay_section_refresh (self->overlay_section, FALSE);
  update_panel (self);
  spk_stack_section_show_faction (self->stack_section, stack_faction (self), TRUE);
}

SpkBoardView *
spk_table_page_get_board_view (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->board_view;
}

/* --- movement --------------------------------------------------------------------- */

gboolean
spk_table_page_answer_displacement (SpkTablePage *self, SpkHex hex, GError **error)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), FALSE);
  return spk_movement_section_answer_displacement (self->movement_section, hex, error);
}

const char *
spk_table_page_get_displace_question (SpkTablePage *self)
{
  SpkMovementWalk *walk;

  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  walk = spk_movement_section_get_walk (self->movement_section);
  return walk != NULL ? spk_movement_walk_get_displacement_question (walk) : NULL;
}

gboolean
spk_table_page_move_selected (SpkTablePage *self, SpkHex hex, GError **error)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), FALSE);
  return spk_movement_section_move_selected (self->movement_section, hex, error);
}

const char *
spk_table_page_get_turn_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_movement_section_get_turn_text (self->movement_section);
}

const char *
spk_table_page_get_resolve_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_movement_section_get_resolve_text (self->movement_section);
}

const char *
spk_table_page_get_stack_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_stack_section_get_text (self->stack_section);
}

const char *
spk_table_page_get_tool_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_tool_palette_get_hint_text (self->tool_palette);
}

const char *
spk_table_page_get_last_message (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->last_message;
}

const char *
spk_table_page_get_movement_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_movement_section_get_movement_text (self->movement_section);
}

/* --- board signals ------------------------------------------------------------------ */

static gboolean
hex_activated (SpkBoardView *view, int q, int r, SpkTablePage *self)
{
  SpkHex hex = { q, r };

  if (spk_tool_palette_get_tool (self->tool_palette) != SPK_TOOL_SELECT)
    return spk_tool_palette_apply (self->tool_palette, hex);
  return spk_movement_section_activate_hex (self->movement_section, hex);
}

static void
hex_hovered (SpkBoardView *view, int q, int r, gboolean inside, SpkTablePage *self)
{
  spk_board_view_clear_layer (view, SPK_BOARD_LAYER_PATH);
  if (spk_tool_palette_hover (self->tool_palette, inside, spk_hex_make (q, r)))
    return;
  if (inside)
    spk_movement_section_show_route (self->movement_section, spk_hex_make (q, r));
}

static void
selection_changed (SpkBoardView *view, SpkTablePage *self)
{
  update_panel (self);
  spk_stack_section_show_faction (self->stack_section, stack_faction (self), FALSE);
}

static void
overlay_faction_changed (SpkTablePage *self)
{
  spk_stack_section_show_faction (self->stack_section, stack_faction (self), FALSE);
}

static void
zoom_in_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_zoom_in (SPK_TABLE_PAGE (widget)->board_view);
}

static void
zoom_out_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_zoom_out (SPK_TABLE_PAGE (widget)->board_view);
}

static void
fit_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_fit (SPK_TABLE_PAGE (widget)->board_view);
}

static void
toggle_panel_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTablePage *self = SPK_TABLE_PAGE (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
resolve_action (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_movement_section_resolve (SPK_TABLE_PAGE (widget)->movement_section);
}

static void
end_turn_action (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_movement_section_end_turn (SPK_TABLE_PAGE (widget)->movement_section);
}

/* R and M while the board has the focus. */
static void
turn_isle_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TABLE_PAGE (widget)->tool_palette, 1, FALSE);
}

static void
mirror_isle_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TABLE_PAGE (widget)->tool_palette, 0, TRUE);
}

/* The movement section's toasts count as the page's last message. */
static void
section_toasted (SpkTablePage *self)
{
  g_free (self->last_message);
  self->last_message = g_strdup (spk_movement_section_get_last_message (self->movement_section));
}

/* What the sections have to say goes out as the page's toasts. */
static void
section_message (GtkWidget *section, const char *text, gboolean undo, SpkTablePage *self)
{
  toast (self, text, undo);
}

static void
tool_changed (SpkTablePage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

static void
spk_table_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, spk_tool_palette_get_tool (self->tool_palette));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_table_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      spk_tool_palette_set_tool (self->tool_palette, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_table_page_dispose (GObject *object)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TABLE_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (spk_table_page_parent_class)->dispose (object);
}

static void
spk_table_page_finalize (GObject *object)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_object (&self->faction_names);
  g_clear_pointer (&self->last_message, g_free);
  G_OBJECT_CLASS (spk_table_page_parent_class)->finalize (object);
}

static void
spk_table_page_class_init (SpkTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_table_page_dispose;
  object_class->finalize = spk_table_page_finalize;
  object_class->get_property = spk_table_page_get_property;
  object_class->set_property = spk_table_page_set_property;

  /* The editing tool, the Tools section's. */
  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, SPK_TYPE_TOOL, SPK_TOOL_SELECT,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (SPK_TYPE_BOARD_VIEW);
  g_type_ensure (SPK_TYPE_BOARD_LEGEND);
  g_type_ensure (SPK_TYPE_ATTACK_SECTION);
  g_type_ensure (SPK_TYPE_MOVEMENT_SECTION);
  g_type_ensure (SPK_TYPE_TOOL_PALETTE);
  g_type_ensure (SPK_TYPE_DAMAGE_SECTION);
  g_type_ensure (SPK_TYPE_OVERLAY_SECTION);
  g_type_ensure (SPK_TYPE_SELECTION_SECTION);
  g_type_ensure (SPK_TYPE_SPIRE_SECTION);
  g_type_ensure (SPK_TYPE_STACK_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, flap);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, panel_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tool_palette);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, board_view);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, selection_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, overlay_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spire_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, attack_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, stack_section);

  gtk_widget_class_bind_template_callback (widget_class, section_message);
  gtk_widget_class_bind_template_callback (widget_class, tool_changed);
  gtk_widget_class_bind_template_callback (widget_class, stroke);
  gtk_widget_class_bind_template_callback (widget_class, hex_activated);
  gtk_widget_class_bind_template_callback (widget_class, hex_hovered);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, overlay_faction_changed);

  gtk_widget_class_install_action (widget_class, "page.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "page.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "page.fit", NULL, fit_activated);
  gtk_widget_class_install_action (widget_class, "page.toggle-panel", NULL, toggle_panel_activated);
  gtk_widget_class_install_property_action (widget_class, "page.tool", "tool");
  gtk_widget_class_install_action (widget_class, "page.turn-isle", NULL, turn_isle_activated);
  gtk_widget_class_install_action (widget_class, "page.resolve", NULL, resolve_action);
  gtk_widget_class_install_action (widget_class, "page.end-turn", NULL, end_turn_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "page.end-turn", NULL);
  gtk_widget_class_install_action (widget_class, "page.mirror-isle", NULL, mirror_isle_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "page.turn-isle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "page.mirror-isle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "page.toggle-panel", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
spk_table_page_init (SpkTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  spk_attack_section_set_board_view (self->attack_section, self->board_view);
  spk_movement_section_set_board_view (self->movement_section, self->board_view);
  spk_tool_palette_set_board_view (self->tool_palette, self->board_view);
  spk_damage_section_set_board_view (self->damage_section, self->board_view);
  spk_overlay_section_set_board_view (self->overlay_section, self->board_view);
  spk_stack_section_set_chip_editor (self->stack_section, chip_editor (self));
  /* A tooltip over the board would hide the hexes under the pointer; the
   * keys are in the Selection text and the zoom buttons' tooltips. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->board_view), FALSE);
  g_signal_connect_swapped (self->movement_section, "notify::last-message", G_CALLBACK (section_toasted), self);
  g_signal_connect_swapped (self->flap, "notify::folded", G_CALLBACK (update_toast_room), self);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap", G_CALLBACK (update_toast_room), self);
  g_signal_connect_after (self, "map", G_CALLBACK (update_toast_room), NULL);
  g_signal_connect_after (self, "unmap", G_CALLBACK (update_toast_room), NULL);
}
