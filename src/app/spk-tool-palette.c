/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-tool-palette.h"

#include <glib/gi18n.h>

#include "spk-grid.h"
#include "spk-isle-section.h"
#include "spk-stack-section.h"
#include "spk-widget-util.h"

G_DEFINE_ENUM_TYPE (SpkTool, spk_tool,
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_SELECT, "select"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_TERRAIN, "terrain"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_WELL, "well"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_GROUP, "group"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_CHIP, "chip"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_FORTRESS, "fortress"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_ERASE, "erase"),
                    G_DEFINE_ENUM_VALUE (SPK_TOOL_ISLE, "isle"))

struct _SpkToolPalette
{
  AdwPreferencesGroup  parent_instance;

  GtkFlowBox          *tools_box;
  GtkLabel            *tool_hint;
  AdwComboRow         *terrain_row;
  AdwEntryRow         *group_row;
  SpkChipEditor       *chip_editor;
  SpkIsleSection      *isle_section;

  SpkTool              tool;
  SpkTable            *table;
  SpkBoardView        *view;
  gboolean             in_stroke;     /* one message for a whole paint stroke */
  gboolean             hovering;      /* the pointer is over the board */
  SpkHex               hover;         /* ... at this hex */
};

G_DEFINE_FINAL_TYPE (SpkToolPalette, spk_tool_palette, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct {
  const char *label;   /* translated at use */
  const char *hint;
} ToolText;

static const ToolText tool_texts[SPK_N_TOOLS] = {
  [SPK_TOOL_SELECT] = { N_("_Select"), N_("Click a hex to see what is there. A unit's destinations light up; click one to move it.") },
  [SPK_TOOL_TERRAIN] = { N_("_Terrain"), N_("Click or drag to paint terrain. Painting the sky lays new hexes in the group below.") },
  [SPK_TOOL_WELL] = { N_("_Well"), N_("Click a hex to add or remove its Source well.") },
  [SPK_TOOL_GROUP] = { N_("_Group"), N_("Click hexes to put them in the group named below.") },
  [SPK_TOOL_CHIP] = { N_("_Chip"), N_("Click an empty hex to place a chip as described below, or a gate to add the unit to that deployment stack; click a chip to load it, change it and apply.") },
  [SPK_TOOL_FORTRESS] = { N_("_Fortress"), N_("Click the sky next to the map to put the faction's gate there; its two wells go on the far side.") },
  [SPK_TOOL_ERASE] = { N_("_Erase"), N_("Click a chip to take it off the table, or a hex to remove its top layer.") },
  [SPK_TOOL_ISLE] = { N_("_Isle"), N_("Click the sky to lay the chosen isle there; R turns it, M mirrors it. Save an isle you entered to lay it again.") },
};

static void
message (SpkToolPalette *self, const char *text, gboolean undo)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, undo);
}

static const SpkBoard *
board (SpkToolPalette *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

/* Which options show with which tool: bound in the template. */
static gboolean
tool_is_terrain (gpointer this_, SpkTool tool)
{
  return tool == SPK_TOOL_TERRAIN;
}

static gboolean
tool_names_group (gpointer this_, SpkTool tool)
{
  return tool == SPK_TOOL_TERRAIN || tool == SPK_TOOL_GROUP;
}

static gboolean
tool_is_isle (gpointer this_, SpkTool tool)
{
  return tool == SPK_TOOL_ISLE;
}

static gboolean
tool_edits_chips (gpointer this_, SpkTool tool)
{
  return tool == SPK_TOOL_CHIP || tool == SPK_TOOL_FORTRESS;
}

/* The Fortress tool asks only whose fortress it is. */
static gboolean
tool_is_fortress (gpointer this_, SpkTool tool)
{
  return tool == SPK_TOOL_FORTRESS;
}

/* The chip editor and the isle section speak through the palette. */
static void
section_message (GtkWidget *section, const char *text, gboolean undo, SpkToolPalette *self)
{
  message (self, text, undo);
}

static void
show_hint (SpkToolPalette *self)
{
  gtk_label_set_text (self->tool_hint, _(tool_texts[self->tool].hint));
}

SpkTool
spk_tool_palette_get_tool (SpkToolPalette *self)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), SPK_TOOL_SELECT);
  return self->tool;
}

/* Painting tools drag to paint and reach into the sky; selecting pans. */
static void
drive_board (SpkToolPalette *self)
{
  if (self->view == NULL)
    return;
  spk_board_view_set_paint_drag (self->view, self->tool == SPK_TOOL_TERRAIN || self->tool == SPK_TOOL_GROUP ||
                                             self->tool == SPK_TOOL_ERASE);
  spk_board_view_set_edit_mode (self->view, self->tool == SPK_TOOL_TERRAIN || self->tool == SPK_TOOL_FORTRESS ||
                                            self->tool == SPK_TOOL_ISLE);
}

void
spk_tool_palette_set_tool (SpkToolPalette *self, SpkTool tool)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  g_return_if_fail (tool < SPK_N_TOOLS);
  if (self->tool == tool)
    return;
  self->tool = tool;
  drive_board (self);
  show_hint (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

void
spk_tool_palette_set_table (SpkToolPalette *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  g_set_object (&self->table, table);
  spk_chip_editor_set_table (self->chip_editor, table);
  spk_isle_section_set_table (self->isle_section, table);
}

void
spk_tool_palette_set_board_view (SpkToolPalette *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  g_set_object (&self->view, view);
  spk_chip_editor_set_board_view (self->chip_editor, view);
  spk_isle_section_set_board_view (self->isle_section, view);
  drive_board (self);
}

SpkChipEditor *
spk_tool_palette_get_chip_editor (SpkToolPalette *self)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), NULL);
  return self->chip_editor;
}

SpkTerrain
spk_tool_palette_get_terrain (SpkToolPalette *self)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), SPK_TERRAIN_PATH);
  return MIN (adw_combo_row_get_selected (self->terrain_row), SPK_N_TERRAINS - 1);
}

const char *
spk_tool_palette_get_group (SpkToolPalette *self)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->group_row));
}

const char *
spk_tool_palette_get_hint_text (SpkToolPalette *self)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), NULL);
  return gtk_label_get_text (self->tool_hint);
}

/* --- isle preview ------------------------------------------------------------------ */

/* The Isle tool over the board: where the isle would land, in words in
 * place of the tool's hint. */
static void
show_isle_preview (SpkToolPalette *self)
{
  g_autofree char *text = self->hovering ? spk_isle_section_preview (self->isle_section, self->hover) : NULL;

  if (text == NULL)
    show_hint (self);
  else
    gtk_label_set_text (self->tool_hint, text);
}

gboolean
spk_tool_palette_hover (SpkToolPalette *self, gboolean inside, SpkHex hex)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), FALSE);
  self->hovering = inside;
  self->hover = hex;
  if (self->tool != SPK_TOOL_ISLE)
    return FALSE;
  show_isle_preview (self);
  return TRUE;
}

void
spk_tool_palette_turn_isle (SpkToolPalette *self, int turns, gboolean flip)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  spk_isle_section_turn (self->isle_section, turns, flip);
}

/* R and M turn the preview under the pointer at once. */
static void
isle_turned (SpkIsleSection *section, SpkToolPalette *self)
{
  if (self->tool != SPK_TOOL_ISLE || self->view == NULL)
    return;
  spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_PATH);
  show_isle_preview (self);
}

gboolean
spk_tool_palette_lay_isle (SpkToolPalette *self, SpkHex anchor, gboolean announce, GError **error)
{
  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), FALSE);
  return spk_isle_section_lay (self->isle_section, anchor, announce, error);
}

/* --- the tools on the board ------------------------------------------------------- */

/* The Chip tool on a gate: the unit the editor describes joins the bottom
 * of that faction's deployment stack (Prep Phase), checked by the model. */
static gboolean
add_to_stack (SpkToolPalette *self, const SpkFortress *fortress, GError **error)
{
  g_autoptr(GPtrArray) units = spk_stack_section_units_of (board (self), fortress->faction);
  SpkChip *chip = spk_chip_editor_build (self->chip_editor, NULL, error);

  if (chip == NULL)
    return FALSE;
  if (!spk_chip_is_unit (chip))
    {
      spk_chip_free (chip);
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_STACK,
                   _("Only minions and heroes go in a deployment stack."));
      return FALSE;
    }
  g_free (chip->faction);
  chip->faction = g_strdup (fortress->faction);
  g_ptr_array_add (units, chip);
  return spk_table_set_deployment (self->table, fortress->faction, units, error);
}

/* The two fortress wells: the free neighbours of the gate that point most
 * directly away from the middle of the map, next to each other. */
static gboolean
fortress_wells (const SpkGrid *grid, SpkHex gate, SpkHex wells[2])
{
  double cx = 0, cy = 0, best = -G_MAXDOUBLE;
  guint n = 0;
  gboolean found = FALSE;

  for (guint i = 0; i < spk_grid_n_cells (grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (grid, i);

      if (cell->kind != SPK_CELL_HEX)
        continue;
      cx += cell->hex.q + cell->hex.r / 2.0;
      cy += cell->hex.r;
      n++;
    }
  if (n > 0)
    cx /= n, cy /= n;
  for (int d = 0; d < 6; d++)
    {
      SpkHex a = spk_hex_neighbour (gate, d), b = spk_hex_neighbour (gate, (d + 1) % 6);
      double ax = a.q + a.r / 2.0 + b.q + b.r / 2.0 - 2 * (gate.q + gate.r / 2.0);
      double ay = a.r + b.r - 2.0 * gate.r;
      double gx = gate.q + gate.r / 2.0 - cx, gy = gate.r - cy;
      double score = ax * gx + ay * gy * 0.75;

      if (spk_grid_find (grid, a) >= 0 || spk_grid_find (grid, b) >= 0 || score <= best)
        continue;
      best = score;
      wells[0] = a;
      wells[1] = b;
      found = TRUE;
    }
  return found;
}

/* What a click or a paint stroke does with the current tool. Returns TRUE
 * when the click was used (the view then leaves the selection alone). */
gboolean
spk_tool_palette_apply (SpkToolPalette *self, SpkHex hex)
{
  const SpkBoard *b = board (self);
  SpkChipEditor *editor = self->chip_editor;
  const char *new_group = spk_tool_palette_get_group (self);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GError) error = NULL;
  const SpkCell *cell = NULL;
  const char *group;
  gboolean ok = TRUE;
  int index;

  if (b == NULL || self->tool == SPK_TOOL_SELECT)
    return FALSE;
  grid = spk_grid_new (b);
  index = spk_grid_find (grid, hex);
  cell = index >= 0 ? spk_grid_cell (grid, index) : NULL;
  group = cell != NULL && cell->kind == SPK_CELL_HEX ? g_ptr_array_index (grid->groups, cell->top_group) : NULL;

  switch (self->tool)
    {
    case SPK_TOOL_TERRAIN:
      {
        SpkTerrain terrain = spk_tool_palette_get_terrain (self);

        if (cell == NULL)
          {
            g_autoptr(SpkHexEntry) entry = NULL;

            entry = spk_hex_entry_new (hex.q, hex.r, terrain, new_group[0] != '\0' ? new_group : "isle-new");
            ok = spk_table_add_hex (self->table, entry, &error);
          }
        else if (cell->kind == SPK_CELL_HEX && cell->terrain != terrain)
          ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, terrain, cell->well, group, &error);
        else
          return TRUE;
      }
      break;
    case SPK_TOOL_WELL:
      if (cell == NULL || cell->kind != SPK_CELL_HEX)
        return FALSE;
      ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, cell->terrain, !cell->well, group, &error);
      break;
    case SPK_TOOL_GROUP:
      if (cell == NULL || cell->kind != SPK_CELL_HEX || new_group[0] == '\0' || g_str_equal (new_group, group))
        return TRUE;
      ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, cell->terrain, cell->well, new_group, &error);
      break;
    case SPK_TOOL_CHIP:
      {
        g_autoptr(SpkChip) chip = NULL;

        if (cell == NULL)
          return FALSE;
        if (cell->chip >= 0)
          {
            /* A chip there: select it and load it into the editor (the
             * hero first where one stands on its spire, R-talent-5). */
            spk_chip_editor_load (editor, g_ptr_array_index (b->chips, cell->rider >= 0 ? cell->rider : cell->chip));
            return FALSE;
          }
        if (cell->kind == SPK_CELL_GATE)
          {
            if ((ok = add_to_stack (self, g_ptr_array_index (b->fortresses, cell->fortress), &error)))
              spk_chip_editor_reset (editor);
          }
        else if ((chip = spk_chip_editor_build (editor, NULL, &error)) != NULL)
          {
            const SpkFaction *owner = chip->faction != NULL ? spk_board_find_faction (b, chip->faction) : NULL;

            chip->placed = TRUE;
            chip->q = hex.q;
            chip->r = hex.r;
            /* A spire named like a merc its faction bought is that merc:
             * built for 0 Source, taken from beside the barracks. */
            if (chip->kind == SPK_CHIP_SPIRE && owner != NULL &&
                g_ptr_array_find_with_equal_func (owner->purchases, chip->name, g_str_equal, NULL))
              {
                chip->merc = TRUE;
                ok = spk_table_build_spire (self->table, chip, 0, FALSE, _("merc bought at the market"), &error);
              }
            /* R-build-5: in the Build and Onslaught Phases a faction's
             * spire is built (cost, limited builds, influence: the model
             * decides); in other phases it is placed as the table stands. */
            else if (chip->kind == SPK_CHIP_SPIRE && owner != NULL &&
                     (spk_table_get_phase (self->table) == SPK_PHASE_BUILD ||
                      spk_table_get_phase (self->table) == SPK_PHASE_ONSLAUGHT))
              ok = spk_table_build_spire (self->table, chip, spk_chip_editor_get_build_cost (editor), FALSE, NULL,
                                          &error);
            else
              ok = spk_table_place_chip (self->table, chip, &error);
            if (ok)
              spk_chip_editor_reset (editor);
          }
        else
          ok = FALSE;
      }
      break;
    case SPK_TOOL_FORTRESS:
      {
        SpkHex wells[2];

        if (cell != NULL)
          {
            message (self, _("A gate goes on the sky next to the map, not on a hex."), FALSE);
            return TRUE;
          }
        if (!fortress_wells (grid, hex, wells))
          {
            message (self, _("There is no room for the fortress wells there."), FALSE);
            return TRUE;
          }
        ok = spk_table_place_fortress (self->table, spk_chip_editor_get_faction (editor), hex, wells, 2, &error);
      }
      break;
    case SPK_TOOL_ISLE:
      /* A click on the map selects, so an isle can be saved without
       * another tool; isles are only laid on open sky. */
      if (cell != NULL)
        return FALSE;
      /* Outside a stroke the palette names the isle laid. */
      if ((ok = spk_tool_palette_lay_isle (self, hex, !self->in_stroke, &error)) && !self->in_stroke)
        return TRUE;
      break;
    case SPK_TOOL_ERASE:
      if (cell == NULL)
        return TRUE;
      if (cell->chip >= 0)
        {
          /* The top chip goes first: a hero on its spire before the spire. */
          int top = cell->rider >= 0 ? cell->rider : cell->chip;
          g_autofree char *id = g_strdup (((SpkChip *) g_ptr_array_index (b->chips, top))->id);

          ok = spk_table_remove_chip (self->table, id, NULL, &error);
        }
      else if (cell->kind == SPK_CELL_HEX)
        ok = spk_table_remove_hex (self->table, hex.q, hex.r, cell->top_layer, &error);
      else
        {
          message (self, _("Move a fortress with the Fortress tool."), FALSE);
          return TRUE;
        }
      break;
    case SPK_TOOL_SELECT:
    default:
      break;
    }
  if (!ok)
    message (self, error->message, FALSE);
  else if (!self->in_stroke)
    spk_section_report (self, self->table, TRUE, NULL);
  return TRUE;
}

void
spk_tool_palette_stroke (SpkToolPalette *self, gboolean begin)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  if (self->table == NULL)
    return;
  self->in_stroke = begin;
  if (begin)
    spk_table_begin_group (self->table);
  else
    {
      spk_table_end_group (self->table);
      spk_section_report (self, self->table, TRUE, NULL);
    }
}


/* --- the widget ------------------------------------------------------------------- */

static void
build_tool_buttons (SpkToolPalette *self)
{
  g_autoptr(GEnumClass) tools = g_type_class_ref (SPK_TYPE_TOOL);

  for (guint i = 0; i < tools->n_values; i++)
    {
      const GEnumValue *tool = &tools->values[i];
      GtkWidget *button = gtk_toggle_button_new_with_mnemonic (_(tool_texts[tool->value].label));

      spk_name_mnemonic_buttons (button);
      gtk_widget_set_tooltip_text (button, _(tool_texts[tool->value].hint));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "palette.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tool->value_nick);
      spk_flow_box_append_plain (self->tools_box, button);
    }
}

static void
spk_tool_palette_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkToolPalette *self = SPK_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_tool_palette_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkToolPalette *self = SPK_TOOL_PALETTE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      spk_tool_palette_set_tool (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_tool_palette_dispose (GObject *object)
{
  SpkToolPalette *self = SPK_TOOL_PALETTE (object);

  g_clear_object (&self->table);
  g_clear_object (&self->view);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TOOL_PALETTE);
  G_OBJECT_CLASS (spk_tool_palette_parent_class)->dispose (object);
}

static void
spk_tool_palette_class_init (SpkToolPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_tool_palette_dispose;
  object_class->get_property = spk_tool_palette_get_property;
  object_class->set_property = spk_tool_palette_set_property;

  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, SPK_TYPE_TOOL, SPK_TOOL_SELECT,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MESSAGE] = spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  g_type_ensure (SPK_TYPE_CHIP_EDITOR);
  g_type_ensure (SPK_TYPE_ISLE_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-tool-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, tools_box);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, tool_hint);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, terrain_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, group_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, chip_editor);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, isle_section);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_terrain);
  gtk_widget_class_bind_template_callback (widget_class, tool_names_group);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_isle);
  gtk_widget_class_bind_template_callback (widget_class, tool_edits_chips);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_fortress);
  gtk_widget_class_bind_template_callback (widget_class, section_message);
  gtk_widget_class_bind_template_callback (widget_class, isle_turned);

  gtk_widget_class_install_property_action (widget_class, "palette.tool", "tool");
}

static void
spk_tool_palette_init (SpkToolPalette *self)
{
  g_autoptr(GListModel) terrains = spk_terrain_model_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_model (self->terrain_row, terrains);
  build_tool_buttons (self);
  show_hint (self);
}
