/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-tool-palette.h"

#include <glib/gi18n.h>

#include "spk-grid.h"
#include "spk-isle-template.h"
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
  AdwComboRow         *template_row;
  GtkLabel            *turn_label;
  AdwEntryRow         *template_name_row;
  SpkChipEditor       *chip_editor;

  SpkTool              tool;
  SpkTable            *table;
  SpkBoardView        *view;
  GPtrArray           *templates;     /* of SpkIsleTemplate* */
  int                  rotation;
  gboolean             mirror;
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

/* After a step: a message naming what Undo would take back (the whole
 * group after a stroke), with Undo. */
static void
step_done (SpkToolPalette *self)
{
  g_autofree char *text = spk_table_describe_undo (self->table);

  if (text != NULL)
    message (self, text, TRUE);
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
tool_has_options (gpointer this_, SpkTool tool)
{
  return tool_names_group (this_, tool) || tool_is_isle (this_, tool);
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

/* The chip editor speaks through the palette. */
static void
editor_message (SpkChipEditor *editor, const char *text, gboolean undo, SpkToolPalette *self)
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
}

void
spk_tool_palette_set_board_view (SpkToolPalette *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_TOOL_PALETTE (self));
  g_set_object (&self->view, view);
  spk_chip_editor_set_board_view (self->chip_editor, view);
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

/* --- isle templates ---------------------------------------------------------------- */

static void
update_templates_row (SpkToolPalette *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *turn = g_strdup_printf (self->mirror ? _("Turned %d° and mirrored") : _("Turned %d°"),
                                           self->rotation * 60);

  for (guint i = 0; i < self->templates->len; i++)
    gtk_string_list_append (names, ((SpkIsleTemplate *) g_ptr_array_index (self->templates, i))->name);
  adw_combo_row_set_model (self->template_row, G_LIST_MODEL (names));
  gtk_label_set_text (self->turn_label, turn);
}

static const SpkIsleTemplate *
chosen_template (SpkToolPalette *self)
{
  guint i = adw_combo_row_get_selected (self->template_row);

  return i < self->templates->len ? g_ptr_array_index (self->templates, i) : NULL;
}

static void
templates_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkToolPalette) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      /* No file yet is the normal first start. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        message (self, error->message, FALSE);
      return;
    }
  if ((list = spk_isle_templates_from_data (contents, length, &error)) == NULL)
    {
      message (self, error->message, FALSE);
      return;
    }
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_add (self->templates, g_ptr_array_steal_index (list, i--));
  update_templates_row (self);
}

static void
templates_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkToolPalette) self = data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    message (self, error->message, FALSE);
}

static void
save_templates (SpkToolPalette *self)
{
  g_autofree char *path = spk_isle_templates_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  char *data = spk_isle_templates_to_data (self->templates, &length);

  bytes = g_bytes_new_take (data, length);
  g_file_make_directory_with_parents (folder, NULL, NULL);
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       templates_saved, g_object_ref (self));
}

static void
save_isle_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  SpkToolPalette *self = SPK_TOOL_PALETTE (widget);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->template_name_row));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree char *text = NULL;
  const char *group;
  SpkIsleTemplate *t;
  SpkHex hex;
  int cell;

  if (self->view == NULL || !spk_board_view_get_selected (self->view, &hex) || board (self) == NULL ||
      (cell = spk_grid_find ((grid = spk_grid_new (board (self))), hex)) < 0 ||
      spk_grid_cell (grid, cell)->kind != SPK_CELL_HEX)
    {
      message (self, _("Select a hex of the isle to save first."), FALSE);
      return;
    }
  group = g_ptr_array_index (grid->groups, spk_grid_cell (grid, cell)->top_group);
  if ((t = spk_isle_template_from_group (board (self), group, name[0] != '\0' ? name : group, &error)) == NULL)
    {
      message (self, error->message, FALSE);
      return;
    }
  g_ptr_array_add (self->templates, t);
  update_templates_row (self);
  adw_combo_row_set_selected (self->template_row, self->templates->len - 1);
  save_templates (self);
  text = g_strdup_printf (_("Saved the isle “%s”"), t->name);
  message (self, text, FALSE);
}

/* Isle tool: where the chosen isle would land with its first hex on
 * @anchor, the hexes it may not cover marked as refused, and in words
 * whether a click lays it, selects, or why not. */
static void
show_isle_preview (SpkToolPalette *self)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GArray) hexes = NULL;
  g_autofree char *text = NULL;
  guint covered = 0;
  SpkHex first = { 0, 0 };

  if (!self->hovering || board (self) == NULL || self->view == NULL)
    {
      show_hint (self);
      return;
    }
  grid = spk_grid_new (board (self));
  if (spk_grid_find (grid, self->hover) >= 0)
    {
      gtk_label_set_text (self->tool_hint, _("A click here selects this hex: Save then keeps its isle as a "
                                             "template. Isles are laid on the sky."));
      return;
    }
  if (t == NULL)
    {
      gtk_label_set_text (self->tool_hint, _("No isle to lay yet: select a hex of an isle and save it below."));
      return;
    }
  hexes = spk_isle_template_place (t, self->hover, self->rotation, self->mirror);
  for (guint i = 0; i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);
      SpkHex hex = spk_hex_make (h->q, h->r);
      gboolean taken = spk_grid_find (grid, hex) >= 0;

      if (taken && covered++ == 0)
        first = hex;
      spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_PATH, hex,
                               taken ? SPK_MARK_TARGET : SPK_MARK_DESTINATION, NULL,
                               spk_board_view_terrain_label (h->terrain));
    }
  if (covered > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Cannot lay “%s” here: it would cover hex %d, %d. Isles are laid on open sky.",
                                         "Cannot lay “%s” here: it would cover hex %d, %d and %u more. Isles are laid "
                                         "on open sky.", covered),
                            t->name, first.q, first.r, covered - 1);
  else
    text = g_strdup_printf (_("Click to lay “%s” here."), t->name);
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
  self->rotation = (self->rotation + turns + 6) % 6;
  self->mirror ^= flip;
  update_templates_row (self);
  /* R and M turn the preview under the pointer at once. */
  if (self->tool == SPK_TOOL_ISLE && self->view != NULL)
    {
      spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_PATH);
      show_isle_preview (self);
    }
}

static void
turn_isle_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TOOL_PALETTE (widget), 1, FALSE);
}

static void
mirror_isle_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TOOL_PALETTE (widget), 0, TRUE);
}

/* Lays the chosen template with its first hex on @anchor, as one step. */
static gboolean
place_template (SpkToolPalette *self, SpkHex anchor, guint *n_laid, GError **error)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree char *base = NULL, *group = NULL;
  gboolean ok = TRUE;

  if (t == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("Save an isle as a template first."));
      return FALSE;
    }
  grid = spk_grid_new (board (self));
  hexes = spk_isle_template_place (t, anchor, self->rotation, self->mirror);
  for (guint i = 0; i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);

      if (spk_grid_find (grid, spk_hex_make (h->q, h->r)) >= 0)
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                       _("The isle would cover hex %d, %d; lay it on open sky."), h->q, h->r);
          return FALSE;
        }
    }
  /* A fresh group name for this copy of the isle. */
  base = g_ascii_strdown (t->name, -1);
  g_strcanon (base, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
  for (int n = 1; group == NULL || spk_grid_group_index (grid, group) >= 0; n++)
    {
      g_free (group);
      group = g_strdup_printf ("%s-%d", base, n);
    }
  spk_table_begin_group (self->table);
  for (guint i = 0; ok && i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);
      g_autoptr(SpkHexEntry) entry = spk_hex_entry_new (h->q, h->r, h->terrain, group);

      entry->well = h->well;
      ok = spk_table_add_hex (self->table, entry, error);
    }
  spk_table_end_group (self->table);
  if (!ok && spk_table_can_undo (self->table))
    spk_table_undo (self->table, NULL);
  if (ok)
    *n_laid = hexes->len;
  return ok;
}

gboolean
spk_tool_palette_lay_isle (SpkToolPalette *self, SpkHex anchor, gboolean announce, GError **error)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autofree char *text = NULL;
  guint n_laid = 0;

  g_return_val_if_fail (SPK_IS_TOOL_PALETTE (self), FALSE);
  if (self->table == NULL || !place_template (self, anchor, &n_laid, error))
    return FALSE;
  /* The hexes go as one group, whose last step names only one hex: the
   * message names the isle instead (Undo takes the whole group). */
  if (announce && t != NULL)
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Isle “%s” laid at (%d, %d), %u hex",
                                           "Isle “%s” laid at (%d, %d), %u hexes", n_laid),
                              t->name, anchor.q, anchor.r, n_laid);
      message (self, text, TRUE);
    }
  return TRUE;
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
            /* A chip there: select it and load it into the editor. */
            spk_chip_editor_load (editor, g_ptr_array_index (b->chips, cell->chip));
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
          g_autofree char *id = g_strdup (((SpkChip *) g_ptr_array_index (b->chips, cell->chip))->id);

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
    step_done (self);
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
      step_done (self);
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
spk_tool_palette_finalize (GObject *object)
{
  SpkToolPalette *self = SPK_TOOL_PALETTE (object);

  g_clear_pointer (&self->templates, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_tool_palette_parent_class)->finalize (object);
}

static void
spk_tool_palette_class_init (SpkToolPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_tool_palette_dispose;
  object_class->finalize = spk_tool_palette_finalize;
  object_class->get_property = spk_tool_palette_get_property;
  object_class->set_property = spk_tool_palette_set_property;

  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, SPK_TYPE_TOOL, SPK_TOOL_SELECT,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A sentence for the player (a toast), and whether Undo goes with it. */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  g_type_ensure (SPK_TYPE_CHIP_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-tool-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, tools_box);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, tool_hint);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, terrain_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, group_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, template_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, turn_label);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, template_name_row);
  gtk_widget_class_bind_template_child (widget_class, SpkToolPalette, chip_editor);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_terrain);
  gtk_widget_class_bind_template_callback (widget_class, tool_names_group);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_isle);
  gtk_widget_class_bind_template_callback (widget_class, tool_has_options);
  gtk_widget_class_bind_template_callback (widget_class, tool_edits_chips);
  gtk_widget_class_bind_template_callback (widget_class, tool_is_fortress);
  gtk_widget_class_bind_template_callback (widget_class, editor_message);

  gtk_widget_class_install_property_action (widget_class, "palette.tool", "tool");
  gtk_widget_class_install_action (widget_class, "palette.turn-isle", NULL, turn_isle_activated);
  gtk_widget_class_install_action (widget_class, "palette.mirror-isle", NULL, mirror_isle_activated);
  gtk_widget_class_install_action (widget_class, "palette.save-isle", NULL, save_isle_activated);
}

static void
spk_tool_palette_init (SpkToolPalette *self)
{
  g_autoptr(GListModel) terrains = spk_terrain_model_new ();
  g_autofree char *path = spk_isle_templates_default_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_model (self->terrain_row, terrains);
  build_tool_buttons (self);
  self->templates = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
  update_templates_row (self);
  show_hint (self);
  g_file_load_contents_async (file, NULL, templates_loaded, g_object_ref (self));
}
