/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "spk-widget-util.h"

#include "spk-attack-section.h"

#include "spk-board-legend.h"
#include "spk-grid.h"
#include "spk-influence.h"
#include "spk-isle-template.h"
#include "spk-movement-section.h"
#include "spk-movement.h"
#include "spk-spire.h"

struct _SpkTablePage
{
  GtkWidget            parent_instance;

  AdwFlap             *flap;
  GtkScrolledWindow   *panel_scroller;
  guint                scroll_tick;    /* brings the spire panel into view */
  char                *last_message;   /* the last toast's text */
  SpkBoardView        *board_view;
  GtkLabel            *selection_label;
  AdwPreferencesGroup *terms_group;
  GtkFlowBox          *terms_box;
  SpkMovementSection  *movement_section;
  SpkAttackSection    *attack_section;
  AdwComboRow         *overlay_faction_row;
  GtkSwitch           *influence_switch;
  GtkSwitch           *spires_switch;
  GtkSwitch           *closeness_switch;
  AdwPreferencesGroup *spire_group;
  AdwPreferencesGroup *damage_group;
  GtkSpinButton       *damage_spin;
  AdwComboRow         *damage_by;
  char                *damage_turn;  /* the turn "Dealt by" last followed */

  GtkFlowBox          *tools_box;
  GtkLabel            *tool_hint;
  GtkListBox          *tool_options;
  char                *tool;          /* "select", "terrain", ... */
  gboolean             in_stroke;     /* one toast for a whole paint stroke */
  /* Tool options, shown per tool. */
  AdwComboRow         *terrain_row;
  AdwEntryRow         *group_row;
  AdwComboRow         *faction_row;
  AdwComboRow         *kind_row;
  AdwEntryRow         *name_row;
  GtkSpinButton       *movement_spin;
  GtkSpinButton       *health_spin;
  GtkSpinButton       *attack_spin;
  GtkSpinButton       *capacity_spin;
  GtkSpinButton       *cost_spin;
  GtkSpinButton       *build_cost_spin;
  GtkSpinButton       *reward_spin;
  AdwComboRow         *allowance_row;
  AdwEntryRow         *talents_row;
  AdwEntryRow         *upgrades_row;
  GtkSwitch           *starting_switch;
  GtkSwitch           *merc_switch;
  char                *editor_chip;   /* id of the chip loaded into the editor */
  char                *editor_seen;   /* what it was then (editor_signature) */
  GtkWidget           *chip_buttons_row;
  AdwComboRow         *template_row;
  GtkLabel            *turn_label;
  AdwEntryRow         *template_name_row;
  GPtrArray           *templates;     /* of SpkIsleTemplate* */
  int                  rotation;
  gboolean             mirror;
  gboolean             hovering;       /* the pointer is over the board */
  SpkHex               hover;          /* ... at this hex */
  GPtrArray           *option_rows;   /* of GtkWidget*, with "spk-tools" data */

  AdwPreferencesGroup *stack_group;
  GtkListBox          *stack_list;
  GtkLabel            *stack_problems;
  GtkLabel            *barracks_heading;
  GtkListBox          *barracks_list;
  GPtrArray           *stack_units;   /* of SpkChip*: the edited stack, top
                                       * first, grouped minions after theirs */
  char                *stack_faction;
  gboolean             stack_dirty;   /* edited since loaded or applied */

  SpkTable            *table;
  gulong               recorded_handler;
  GPtrArray           *spire_rows;   /* rows added to spire_group */
  GPtrArray           *faction_ids;  /* of char*, the combo row's order */
};

G_DEFINE_FINAL_TYPE (SpkTablePage, spk_table_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct {
  const char *id;
  const char *label;   /* translated at use */
  const char *hint;
} Tool;

static const Tool tools[] = {
  { "select", N_("_Select"), N_("Click a hex to see what is there. A unit's destinations light up; click one to move it.") },
  { "terrain", N_("_Terrain"), N_("Click or drag to paint terrain. Painting the sky lays new hexes in the group below.") },
  { "well", N_("_Well"), N_("Click a hex to add or remove its Source well.") },
  { "group", N_("_Group"), N_("Click hexes to put them in the group named below.") },
  { "chip", N_("_Chip"), N_("Click an empty hex to place a chip as described below, or a gate to add the unit to that deployment stack; click a chip to load it, change it and apply.") },
  { "fortress", N_("_Fortress"), N_("Click the sky next to the map to put the faction's gate there; its two wells go on the far side.") },
  { "erase", N_("_Erase"), N_("Click a chip to take it off the table, or a hex to remove its top layer.") },
  { "isle", N_("_Isle"), N_("Click the sky to lay the chosen isle there; R turns it, M mirrors it. Save an isle you entered to lay it again.") },
};

static void
toast (SpkTablePage *self, const char *text, gboolean undo)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

/* After an action: a toast naming what Undo would take back (a whole turn
 * after End Turn), with Undo. */
static void
toast_step (SpkTablePage *self)
{
  g_autofree char *text = spk_table_describe_undo (self->table);

  if (text != NULL)
    toast (self, text, TRUE);
}

static void
toast_error (SpkTablePage *self, const GError *error)
{
  toast (self, error->message, FALSE);
}

/* The faction id chosen in a faction combo row. */
static const char *
selected_id (SpkTablePage *self, AdwComboRow *row)
{
  guint i = adw_combo_row_get_selected (row);

  if (self->faction_ids == NULL || i >= self->faction_ids->len)
    return NULL;
  return g_ptr_array_index (self->faction_ids, i);
}

static const char *
selected_faction (SpkTablePage *self)
{
  return selected_id (self, self->overlay_faction_row);
}

static const SpkBoard *
board (SpkTablePage *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

/* --- overlays ---------------------------------------------------------------- */

static void
update_overlays (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  const char *faction = selected_faction (self);
  const SpkChip *unit = spk_board_view_get_selected_chip (self->board_view);
  g_autoptr(SpkGrid) grid = NULL;

  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_INFLUENCE);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_SPIRES);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_CLOSENESS);
  if (b == NULL || faction == NULL)
    return;
  grid = spk_grid_new (b);

  if (gtk_switch_get_active (self->influence_switch))
    {
      g_autoptr(SpkInfluence) influence = spk_influence_compute_grid (grid, faction, NULL);

      for (guint i = 0; influence != NULL && i < influence->hexes->len; i++)
        spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_INFLUENCE,
                                 g_array_index (influence->hexes, SpkHex, i), SPK_MARK_INFLUENCE, faction, NULL);
      for (guint i = 0; influence != NULL && i < influence->buildable_wells->len; i++)
        spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_INFLUENCE,
                                 g_array_index (influence->buildable_wells, SpkHex, i), SPK_MARK_BUILDABLE,
                                 faction, NULL);
    }

  if (gtk_switch_get_active (self->spires_switch))
    {
      g_autoptr(GPtrArray) fires = spk_spires_fire_grid (grid, faction, NULL);
      g_autofree gboolean *within = g_new0 (gboolean, spk_grid_n_cells (grid));

      for (guint i = 0; fires != NULL && i < fires->len; i++)
        {
          const SpkSpireFire *fire = g_ptr_array_index (fires, i);
          const SpkChip *spire = spk_board_find_chip (b, fire->spire);
          int cell;

          if (spire == NULL || (cell = spk_grid_find (grid, spk_hex_make (spire->q, spire->r))) < 0)
            continue;
          memset (within, 0, sizeof (gboolean) * spk_grid_n_cells (grid));
          spk_grid_within (grid, cell, fire->range, within);
          for (guint c = 0; c < spk_grid_n_cells (grid); c++)
            if (within[c])
              spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_SPIRES, spk_grid_cell (grid, c)->hex,
                                       SPK_MARK_RANGE, spire->faction, NULL);
          for (guint t = 0; t < fire->targets->len; t++)
            {
              const SpkChip *target = spk_board_find_chip (b, g_ptr_array_index (fire->targets, t));

              if (target != NULL && target->placed)
                spk_board_view_add_line (self->board_view, SPK_BOARD_LAYER_SPIRES,
                                         spk_hex_make (spire->q, spire->r), spk_hex_make (target->q, target->r),
                                         SPK_MARK_TARGET, spire->faction);
            }
        }
    }

  if (gtk_switch_get_active (self->closeness_switch))
    {
      g_autoptr(SpkMovement) movement = spk_movement_new (b, grid);
      const SpkFaction *f = spk_board_find_faction (b, faction);
      /* The selected unit's allowance when it is one of this faction's. */
      SpkTerrain allowance = unit != NULL && spk_chip_is_unit (unit) && g_strcmp0 (unit->faction, faction) == 0
                             ? unit->allowance : SPK_TERRAIN_PATH;

      for (guint c = 0; f != NULL && c < spk_grid_n_cells (grid); c++)
        {
          const SpkCell *cell = spk_grid_cell (grid, c);
          int d = spk_movement_closeness (movement, cell->hex, f->mark, allowance);
          g_autofree char *label = NULL;

          if (d == SPK_MOVEMENT_UNREACHABLE || cell->kind == SPK_CELL_FORTRESS_WELL)
            continue;
          label = g_strdup_printf ("%d", d);
          spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_CLOSENESS, cell->hex, SPK_MARK_LABEL, NULL, label);
        }
    }
}

/* --- selection panel ------------------------------------------------------------ */

static void
buy_upgrade_clicked (GtkButton *button, SpkTablePage *self)
{
  const char *spire = g_object_get_data (G_OBJECT (button), "spire");
  SpkUpgrade upgrade = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "upgrade"));
  g_autoptr(GError) error = NULL;

  if (!spk_table_upgrade_spire (self->table, spire, upgrade, FALSE, &error))
    toast_error (self, error);
  else
    toast_step (self);
}

static const char *
upgrade_title (SpkUpgrade upgrade)
{
  switch (upgrade)
    {
    case SPK_UPGRADE_ATTACK: return _("Attack Upgrade");
    case SPK_UPGRADE_RANGE: return _("Range Upgrade");
    case SPK_UPGRADE_FORTIFICATION: return _("Fortification Upgrade");
    case SPK_N_UPGRADES:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

static void
show_spire (SpkTablePage *self, const SpkChip *chip)
{
  const SpkFaction *owner;
  GtkWidget *row;

  spk_release_focus_within (GTK_WIDGET (self->spire_group));
  for (guint i = 0; i < self->spire_rows->len; i++)
    adw_preferences_group_remove (self->spire_group, g_ptr_array_index (self->spire_rows, i));
  g_ptr_array_set_size (self->spire_rows, 0);

  if (chip == NULL || chip->kind != SPK_CHIP_SPIRE)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->spire_group), FALSE);
      return;
    }
  owner = spk_board_find_faction (board (self), chip->faction);
  gtk_widget_set_visible (GTK_WIDGET (self->spire_group), TRUE);
  {
    g_autofree char *desc = g_strdup_printf (_("%s has %d Source. Attack %d, range %d, %u of %d upgrades."),
                                             owner != NULL && owner->name != NULL ? owner->name : chip->faction,
                                             owner != NULL ? owner->source : 0, spk_spire_attack (chip),
                                             spk_spire_range (chip), chip->upgrades->len, chip->capacity);

    adw_preferences_group_set_description (self->spire_group, desc);
  }

  for (int u = 0; u < SPK_N_UPGRADES; u++)
    {
      int cost = spk_spire_upgrade_cost (chip->upgrades->len, chip->capacity, u);
      g_autoptr(GError) why = NULL;
      g_autofree char *subtitle = NULL;
      /* Translators: %s is an upgrade, "Attack Upgrade"; a screen reader
       * says it for the Buy button of that row. */
      g_autofree char *buy_name = g_strdup_printf (_("Buy %s"), upgrade_title (u));
      GtkWidget *buy = spk_button_new_with_mnemonic (_("_Buy"), buy_name);
      gboolean allowed;

      /* The model answers, in a dry run of the upgrade itself: phase, turn,
       * limited builds, capacity, Source (R-build-1, R-build-2, R-build-4). */
      spk_table_begin_dry_run (self->table);
      allowed = spk_table_upgrade_spire (self->table, chip->id, u, FALSE, &why);
      spk_table_end_dry_run (self->table);
      subtitle = allowed ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Costs %d Source",
                                                         "Costs %d Source", cost), cost)
                         : g_strdup (why->message);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), upgrade_title (u));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (buy, GTK_ALIGN_CENTER);
      gtk_widget_set_sensitive (buy, allowed);
      gtk_widget_set_tooltip_text (buy, allowed ? _("Add this upgrade at the bottom of the stack and pay for it")
                                                : why->message);
      g_object_set_data_full (G_OBJECT (buy), "spire", g_strdup (chip->id), g_free);
      g_object_set_data (G_OBJECT (buy), "upgrade", GINT_TO_POINTER (u));
      g_signal_connect (buy, "clicked", G_CALLBACK (buy_upgrade_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), buy);
      adw_preferences_group_add (self->spire_group, row);
      g_ptr_array_add (self->spire_rows, row);
    }
}

/* Glossary terms that bear on the selection; each opens the Rules page.
 * They are term names, so they stay in English like the glossary. */
static void
show_terms (SpkTablePage *self, const SpkCell *cell, const SpkChip *chip)
{
  g_autoptr(GPtrArray) terms = g_ptr_array_new ();
  static const char *const kinds[SPK_N_CHIP_KINDS] = { "Minion", "Hero", "Spire", "Landmark" };
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (self->terms_box));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->terms_box))) != NULL)
    gtk_flow_box_remove (self->terms_box, child);
  if (cell != NULL)
    {
      if (cell->kind == SPK_CELL_GATE)
        g_ptr_array_add (terms, (gpointer) "Fortress Gate");
      else if (cell->kind == SPK_CELL_FORTRESS_WELL)
        g_ptr_array_add (terms, (gpointer) "Source Well");
      else
        {
          g_ptr_array_add (terms, (gpointer) spk_board_view_terrain_label (cell->terrain));
          if (cell->well)
            g_ptr_array_add (terms, (gpointer) "Source Well");
          g_ptr_array_add (terms, (gpointer) "Influence");
          if (cell->top_layer > 0)
            g_ptr_array_add (terms, (gpointer) "Earthscape");
        }
    }
  if (chip != NULL)
    {
      g_ptr_array_add (terms, (gpointer) kinds[chip->kind]);
      if (spk_chip_is_unit (chip))
        {
          g_ptr_array_add (terms, (gpointer) "Blocked");
          g_ptr_array_add (terms, (gpointer) "Invalid Hex");
        }
      if (chip->kind == SPK_CHIP_SPIRE)
        g_ptr_array_add (terms, (gpointer) "Upgrade");
      for (guint i = 0; chip->talents != NULL && i < chip->talents->len; i++)
        g_ptr_array_add (terms, g_ptr_array_index (chip->talents, i));
    }
  for (guint i = 0; i < terms->len; i++)
    {
      const char *term = g_ptr_array_index (terms, i);
      GtkWidget *button = gtk_button_new_with_label (term);
      g_autofree char *tip = g_strdup_printf (_("Look up “%s” in the rules"), term);

      gtk_widget_add_css_class (button, "pill");
      gtk_widget_set_tooltip_text (button, tip);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.show-term");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", term);
      spk_flow_box_append_plain (self->terms_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->terms_group), terms->len > 0);
}

/* Brings the spire panel into view once the panel has been laid out with
 * it: the second frame after it was shown. */
static gboolean
scroll_to_spire (GtkWidget *scroller, GdkFrameClock *clock, gpointer data)
{
  SpkTablePage *self = data;
  GtkWidget *viewport = gtk_scrolled_window_get_child (self->panel_scroller);
  GtkWidget *content = viewport != NULL ? gtk_widget_get_first_child (viewport) : NULL;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->panel_scroller);
  graphene_rect_t bounds;
  double value, page;

  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (scroller), "spk-frames")) == 0)
    {
      g_object_set_data (G_OBJECT (scroller), "spk-frames", GINT_TO_POINTER (1));
      return G_SOURCE_CONTINUE;
    }
  g_object_set_data (G_OBJECT (scroller), "spk-frames", NULL);
  self->scroll_tick = 0;
  if (content == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->spire_group)) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (self->spire_group), content, &bounds))
    return G_SOURCE_REMOVE;
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < value || bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y - 12);
  return G_SOURCE_REMOVE;
}

static void
update_panel (SpkTablePage *self)
{
  const SpkChip *chip = spk_board_view_get_selected_chip (self->board_view);
  const char *desc = spk_board_view_get_description (self->board_view);
  SpkHex hex;
  gboolean on_gate = FALSE;
  g_autoptr(SpkGrid) grid = NULL;
  const SpkCell *cell = NULL;

  if (spk_board_view_get_selected (self->board_view, &hex) && board (self) != NULL)
    {
      int index;

      grid = spk_grid_new (board (self));
      index = spk_grid_find (grid, hex);
      cell = index >= 0 ? spk_grid_cell (grid, index) : NULL;
      on_gate = cell != NULL && cell->kind == SPK_CELL_GATE;
    }
  show_terms (self, cell, chip);
  gtk_label_set_text (self->selection_label, desc[0] != '\0' ? desc
                      : _("Click a hex, or use the arrow keys and Enter on the board; + and − zoom, 0 fits."));
  spk_movement_section_set_unit (self->movement_section, chip != NULL ? chip->id : NULL);
  spk_attack_section_set_attacker (self->attack_section, chip != NULL ? chip->id : NULL);
  show_spire (self, chip);
  if (chip != NULL && chip->kind == SPK_CHIP_SPIRE && self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->panel_scroller), scroll_to_spire, self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->damage_group),
                          (chip != NULL && chip->placed) || on_gate);
  if (gtk_switch_get_active (self->closeness_switch))
    update_overlays (self);
}


/* --- editing tools ------------------------------------------------------------------ */

static const char *const chip_kind_labels[SPK_N_CHIP_KINDS] = { N_("Minion"), N_("Hero"), N_("Spire"), N_("Landmark") };

/* Which kinds of chip a field of the chip editor belongs to. A spire's
 * attack and range come from its upgrades; units have their own attack
 * stat; heroes and spires carry upgrades; only units move and cost CP. */
#define KIND(k) (1u << (k))
#define KINDS_UNIT (KIND (SPK_CHIP_MINION) | KIND (SPK_CHIP_HERO))
#define KINDS_ALL ((1u << SPK_N_CHIP_KINDS) - 1)

static void
for_kinds (GtkWidget *row, guint kinds)
{
  g_object_set_data (G_OBJECT (row), "spk-kinds", GUINT_TO_POINTER (kinds));
}

static guint
editor_kind (SpkTablePage *self)
{
  guint kind = adw_combo_row_get_selected (self->kind_row);

  return kind < SPK_N_CHIP_KINDS ? kind : SPK_CHIP_MINION;
}

static gboolean
editor_has (SpkTablePage *self, GtkWidget *field)
{
  GtkWidget *row = ADW_IS_PREFERENCES_ROW (field) ? field : gtk_widget_get_ancestor (field, ADW_TYPE_PREFERENCES_ROW);
  guint kinds = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "spk-kinds"));

  return kinds == 0 || (kinds & KIND (editor_kind (self))) != 0;
}

/* The whole number typed into @spin. GTK would read text that is no
 * number as 0: instead this says so, naming the field. */
static gboolean
spin_number (GtkSpinButton *spin, int *out, GError **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  const char *title = g_object_get_data (G_OBJECT (spin), "spk-title");
  double lower, upper;
  char *end = NULL;
  gint64 value = text[0] != '\0' ? g_ascii_strtoll (text, &end, 10) : 0;

  gtk_spin_button_get_range (spin, &lower, &upper);
  if (end == NULL || *end != '\0')
    {
      /* Translators: the first %s is what was typed, the second a field,
       * "Health". */
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("“%s” is not a number: type a whole number for %s."), text, title);
      return FALSE;
    }
  if (value < lower || value > upper)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("%s must be from %d to %d."), title, (int) lower, (int) upper);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

/* GtkSpinButton::input: text that is no number keeps the value it had,
 * and the player is told (the update policy is "if valid"). */
static int
spin_input (GtkSpinButton *spin, double *value, SpkTablePage *self)
{
  g_autoptr(GError) error = NULL;
  int number;

  if (!spin_number (spin, &number, &error))
    {
      g_autofree char *text = g_strdup_printf (_("%s Kept %d."), error->message,
                                               (int) gtk_spin_button_get_value (spin));

      toast (self, text, FALSE);
      return GTK_INPUT_ERROR;
    }
  *value = number;
  return TRUE;
}

static void
spin_changed (GtkEditable *spin, gpointer data)
{
  int number;

  if (spin_number (GTK_SPIN_BUTTON (spin), &number, NULL))
    gtk_widget_remove_css_class (GTK_WIDGET (spin), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (spin), "error");
}

static GtkStringList *
terrain_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int t = 0; t < SPK_N_TERRAINS; t++)
    gtk_string_list_append (list, spk_board_view_terrain_label (t));
  return list;
}

static void
tag_row (SpkTablePage *self, GtkWidget *row, const char *tools_csv)
{
  g_object_set_data_full (G_OBJECT (row), "spk-tools", g_strdup (tools_csv), g_free);
  g_ptr_array_add (self->option_rows, row);
  gtk_list_box_append (self->tool_options, row);
}

static GtkSpinButton *
spin_row (SpkTablePage *self, const char *title, int lower, int upper, int value, guint kinds)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, 1);
  g_autofree char *plain = g_strdup (title);
  char *underscore;

  /* The title without its mnemonic, for messages about the field. */
  while ((underscore = strchr (plain, '_')) != NULL)
    memmove (underscore, underscore + 1, strlen (underscore));
  g_object_set_data_full (G_OBJECT (spin), "spk-title", g_steal_pointer (&plain), g_free);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
  g_signal_connect (spin, "input", G_CALLBACK (spin_input), self);
  g_signal_connect (spin, "changed", G_CALLBACK (spin_changed), NULL);
  for_kinds (row, kinds);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  /* As the row's activatable widget the spin button is named by the row's
   * title. */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  tag_row (self, row, "chip");
  return GTK_SPIN_BUTTON (spin);
}

/* A chip editor row with a switch, for the chip kinds in @kinds. */
static GtkSwitch *
switch_row (SpkTablePage *self, const char *title, const char *subtitle, guint kinds)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  /* As the row's activatable widget the switch is named by the row's
   * title (a label of its own would be read twice). */
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  for_kinds (row, kinds);
  tag_row (self, row, "chip");
  return GTK_SWITCH (sw);
}

static AdwEntryRow *
entry_row (SpkTablePage *self, const char *title, const char *text, const char *tools_csv)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  tag_row (self, row, tools_csv);
  return ADW_ENTRY_ROW (row);
}

static AdwComboRow *
combo_row (SpkTablePage *self, const char *title, GListModel *model, const char *tools_csv)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (model != NULL)
    adw_combo_row_set_model (ADW_COMBO_ROW (row), model);
  tag_row (self, row, tools_csv);
  return ADW_COMBO_ROW (row);
}

static void
update_tool_rows (SpkTablePage *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->option_rows, i);
      g_auto(GStrv) ids = g_strsplit (g_object_get_data (G_OBJECT (row), "spk-tools"), ",", -1);
      gboolean show = g_strv_contains ((const char *const *) ids, self->tool);

      /* The chip editor shows only what the chosen kind of chip has. */
      if (show && g_str_equal (self->tool, "chip"))
        show = editor_has (self, row);

      gtk_widget_set_visible (row, show);
      any |= show;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tool_options), any);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_str_equal (tools[i].id, self->tool))
      gtk_label_set_text (self->tool_hint, _(tools[i].hint));
}

static void
kind_changed (SpkTablePage *self)
{
  gtk_spin_button_set_range (self->health_spin, editor_kind (self) == SPK_CHIP_LANDMARK ? 0 : 1, 20);
  update_tool_rows (self);
}

static void
set_tool (SpkTablePage *self, const char *tool)
{
  gboolean known = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    known |= g_strcmp0 (tools[i].id, tool) == 0;
  if (!known || g_strcmp0 (tool, self->tool) == 0)
    return;
  g_free (self->tool);
  self->tool = g_strdup (tool);
  /* Painting tools drag to paint and reach into the sky; selecting pans. */
  spk_board_view_set_paint_drag (self->board_view, g_str_equal (tool, "terrain") || g_str_equal (tool, "group")
                                                   || g_str_equal (tool, "erase"));
  spk_board_view_set_edit_mode (self->board_view, g_str_equal (tool, "terrain") || g_str_equal (tool, "fortress")
                                                  || g_str_equal (tool, "isle"));
  update_tool_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* Splits "a, b ,c" into trimmed non-empty items. */
static GPtrArray *
split_list (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *item = g_strstrip (parts[i]);

      if (item[0] != '\0')
        g_ptr_array_add (out, g_strdup (item));
    }
  return out;
}

typedef struct {
  GtkSpinButton *spin;
  int           *field;
} NumberField;

/* The chip the editor describes; @id may be NULL for a new one. Only
 * the fields the chosen kind shows are read. */
static SpkChip *
chip_from_editor (SpkTablePage *self, const char *id, GError **error)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  guint kind = editor_kind (self);
  g_autoptr(GPtrArray) talents = split_list (gtk_editable_get_text (GTK_EDITABLE (self->talents_row)));
  g_autoptr(GPtrArray) upgrades = NULL;
  g_autoptr(SpkChip) chip = NULL;
  g_autofree char *new_id = NULL;
  NumberField numbers[6];
  guint n_numbers = 0;

  if (id == NULL)
    {
      /* A readable id from the name, numbered until it is unused. */
      g_autofree char *base = g_ascii_strdown (name[0] != '\0' ? name : chip_kind_labels[kind], -1);

      g_strcanon (base, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
      new_id = g_strdup (base);
      for (int n = 2; spk_board_find_chip (board (self), new_id) != NULL; n++)
        {
          g_free (new_id);
          new_id = g_strdup_printf ("%s-%d", base, n);
        }
      id = new_id;
    }
  chip = spk_chip_new (id, kind);
  g_free (chip->name);
  chip->name = g_strdup (name[0] != '\0' ? name : id);
  if (kind != SPK_CHIP_LANDMARK)
    chip->faction = g_strdup (selected_id (self, self->faction_row));
  numbers[n_numbers++] = (NumberField) { self->movement_spin, &chip->movement };
  numbers[n_numbers++] = (NumberField) { self->health_spin, &chip->health };
  numbers[n_numbers++] = (NumberField) { self->attack_spin, &chip->attack };
  numbers[n_numbers++] = (NumberField) { self->capacity_spin, &chip->capacity };
  numbers[n_numbers++] = (NumberField) { self->cost_spin, &chip->cost };
  numbers[n_numbers++] = (NumberField) { self->reward_spin, &chip->reward };
  for (guint i = 0; i < n_numbers; i++)
    if (editor_has (self, GTK_WIDGET (numbers[i].spin)) && !spin_number (numbers[i].spin, numbers[i].field, error))
      return NULL;
  chip->max_health = chip->health;
  if (editor_has (self, GTK_WIDGET (self->allowance_row)))
    chip->allowance = MIN (adw_combo_row_get_selected (self->allowance_row), SPK_N_TERRAINS - 1);
  chip->revealed = TRUE;
  chip->starting = editor_has (self, GTK_WIDGET (self->starting_switch)) && gtk_switch_get_active (self->starting_switch);
  chip->merc = editor_has (self, GTK_WIDGET (self->merc_switch)) && gtk_switch_get_active (self->merc_switch);
  for (guint i = 0; i < talents->len; i++)
    g_ptr_array_add (chip->talents, g_strdup (g_ptr_array_index (talents, i)));
  upgrades = split_list (editor_has (self, GTK_WIDGET (self->upgrades_row))
                         ? gtk_editable_get_text (GTK_EDITABLE (self->upgrades_row)) : NULL);
  for (guint i = 0; i < upgrades->len; i++)
    {
      SpkUpgrade u;
      g_autofree char *word = g_ascii_strdown (g_ptr_array_index (upgrades, i), -1);

      if (!spk_upgrade_from_string (word, &u))
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                       _("“%s” is not an upgrade: use attack, range or fortification."),
                       (const char *) g_ptr_array_index (upgrades, i));
          return NULL;
        }
      g_array_append_val (chip->upgrades, u);
    }
  return g_steal_pointer (&chip);
}

static void
forget_editor_chip (SpkTablePage *self)
{
  g_clear_pointer (&self->editor_chip, g_free);
  g_clear_pointer (&self->editor_seen, g_free);
}

/* After a chip is placed: what belongs to that one chip is cleared, so
 * the next does not take its name, talents or upgrades by mistake. */
static void
reset_editor (SpkTablePage *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->talents_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->upgrades_row), "");
  gtk_switch_set_active (self->starting_switch, FALSE);
  gtk_switch_set_active (self->merc_switch, FALSE);
  forget_editor_chip (self);
}

/* Everything of @chip the editor shows, as one string to compare. */
static char *
editor_signature (const SpkChip *chip)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%d|%s|%s|%d %d %d %d %d %d %d %d %d|", chip->kind, chip->faction != NULL ? chip->faction : "",
                          spk_chip_label (chip), chip->movement, chip->health, chip->attack,
                          chip->capacity, chip->cost, chip->reward, chip->allowance, chip->starting, chip->merc);
  for (guint i = 0; chip->talents != NULL && i < chip->talents->len; i++)
    g_string_append_printf (out, "%s,", (const char *) g_ptr_array_index (chip->talents, i));
  g_string_append_c (out, '|');
  for (guint i = 0; chip->upgrades != NULL && i < chip->upgrades->len; i++)
    g_string_append_printf (out, "%d,", g_array_index (chip->upgrades, SpkUpgrade, i));
  return g_string_free (out, FALSE);
}

static void
load_editor (SpkTablePage *self, const SpkChip *chip)
{
  g_autoptr(GString) talents = g_string_new (NULL), upgrades = g_string_new (NULL);

  g_free (self->editor_chip);
  self->editor_chip = g_strdup (chip->id);
  g_free (self->editor_seen);
  self->editor_seen = editor_signature (chip);

  adw_combo_row_set_selected (self->kind_row, chip->kind);
  for (guint i = 0; self->faction_ids != NULL && i < self->faction_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->faction_ids, i), chip->faction) == 0)
      adw_combo_row_set_selected (self->faction_row, i);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), spk_chip_label (chip));
  gtk_spin_button_set_value (self->movement_spin, chip->movement);
  gtk_spin_button_set_value (self->health_spin, chip->health);
  gtk_spin_button_set_value (self->attack_spin, chip->attack);
  gtk_spin_button_set_value (self->capacity_spin, chip->capacity);
  gtk_spin_button_set_value (self->cost_spin, chip->cost);
  gtk_spin_button_set_value (self->reward_spin, chip->reward);
  adw_combo_row_set_selected (self->allowance_row, chip->allowance);
  for (guint i = 0; chip->talents != NULL && i < chip->talents->len; i++)
    g_string_append_printf (talents, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (chip->talents, i));
  for (guint i = 0; chip->upgrades != NULL && i < chip->upgrades->len; i++)
    g_string_append_printf (upgrades, "%s%s", i > 0 ? ", " : "",
                            spk_upgrade_to_string (g_array_index (chip->upgrades, SpkUpgrade, i)));
  gtk_editable_set_text (GTK_EDITABLE (self->talents_row), talents->str);
  gtk_editable_set_text (GTK_EDITABLE (self->upgrades_row), upgrades->str);
  gtk_switch_set_active (self->starting_switch, chip->starting);
  gtk_switch_set_active (self->merc_switch, chip->merc);
}

static void
chip_button_clicked (GtkButton *button, SpkTablePage *self)
{
  const SpkChip *selected = spk_board_view_get_selected_chip (self->board_view);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  gboolean ok;

  if (selected == NULL || !selected->placed)
    {
      toast (self, _("Select a chip on the board first."), FALSE);
      return;
    }
  id = g_strdup (selected->id);
  if (g_object_get_data (G_OBJECT (button), "spk-remove") != NULL)
    ok = spk_table_remove_chip (self->table, id, NULL, &error);
  else
    {
      g_autoptr(SpkChip) chip = chip_from_editor (self, id, &error);

      if (chip != NULL)
        {
          /* Keep what the editor does not show: place, state, history. */
          SpkChip *merged = spk_chip_copy (selected);

          g_free (merged->name);
          merged->name = g_strdup (chip->name);
          merged->kind = chip->kind;
          g_free (merged->faction);
          merged->faction = g_strdup (chip->faction);
          merged->movement = chip->movement;
          merged->allowance = chip->allowance;
          merged->attack = chip->attack;
          merged->capacity = chip->capacity;
          merged->cost = chip->cost;
          merged->reward = chip->reward;
          merged->starting = chip->starting;
          merged->merc = chip->merc;
          if (chip->health != selected->health)
            merged->health = merged->max_health = chip->health;
          g_ptr_array_unref (merged->talents);
          merged->talents = g_ptr_array_ref (chip->talents);
          g_array_unref (merged->upgrades);
          merged->upgrades = g_array_ref (chip->upgrades);
          ok = spk_table_edit_chip (self->table, merged, &error);
          spk_chip_free (merged);
        }
      else
        ok = FALSE;
    }
  if (ok)
    toast_step (self);
  else
    toast_error (self, error);
}

static void
update_templates_row (SpkTablePage *self)
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
chosen_template (SpkTablePage *self)
{
  guint i = adw_combo_row_get_selected (self->template_row);

  return i < self->templates->len ? g_ptr_array_index (self->templates, i) : NULL;
}

static void
templates_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkTablePage) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      /* No file yet is the normal first start. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        toast (self, error->message, FALSE);
      return;
    }
  if ((list = spk_isle_templates_from_data (contents, length, &error)) == NULL)
    {
      toast (self, error->message, FALSE);
      return;
    }
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_add (self->templates, g_ptr_array_steal_index (list, i--));
  update_templates_row (self);
}

static void
templates_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkTablePage) self = data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    toast (self, error->message, FALSE);
}

static void
save_templates (SpkTablePage *self)
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
save_template_clicked (SpkTablePage *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->template_name_row));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  SpkIsleTemplate *t;
  SpkHex hex;
  int cell;

  if (!spk_board_view_get_selected (self->board_view, &hex) || board (self) == NULL)
    {
      toast (self, _("Select a hex of the isle to save first."), FALSE);
      return;
    }
  grid = spk_grid_new (board (self));
  cell = spk_grid_find (grid, hex);
  if (cell < 0 || spk_grid_cell (grid, cell)->kind != SPK_CELL_HEX)
    {
      toast (self, _("Select a hex of the isle to save first."), FALSE);
      return;
    }
  t = spk_isle_template_from_group (board (self), g_ptr_array_index (grid->groups, spk_grid_cell (grid, cell)->top_group),
                                    name[0] != '\0' ? name : g_ptr_array_index (grid->groups, spk_grid_cell (grid, cell)->top_group),
                                    &error);
  if (t == NULL)
    {
      toast_error (self, error);
      return;
    }
  g_ptr_array_add (self->templates, t);
  update_templates_row (self);
  adw_combo_row_set_selected (self->template_row, self->templates->len - 1);
  save_templates (self);
  {
    g_autofree char *text = g_strdup_printf (_("Saved the isle “%s”"), t->name);

    toast (self, text, FALSE);
  }
}

static void show_isle_preview (SpkTablePage *self, gboolean inside, SpkHex anchor);

static void
turn_template (SpkTablePage *self, int turns, gboolean flip)
{
  self->rotation = (self->rotation + turns + 6) % 6;
  self->mirror ^= flip;
  update_templates_row (self);
  /* R and M turn the preview under the pointer at once. */
  if (g_str_equal (self->tool, "isle"))
    {
      spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_PATH);
      show_isle_preview (self, self->hovering, self->hover);
    }
}

/* Lays the chosen template with its first hex on @anchor, as one step. */
static gboolean
place_template (SpkTablePage *self, SpkHex anchor, guint *n_laid, GError **error)
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

static void
template_button_clicked (GtkButton *button, SpkTablePage *self)
{
  const char *what = g_object_get_data (G_OBJECT (button), "spk-what");

  if (g_str_equal (what, "rotate"))
    turn_template (self, 1, FALSE);
  else if (g_str_equal (what, "mirror"))
    turn_template (self, 0, TRUE);
  else
    save_template_clicked (self);
}

static GtkWidget *
small_button (SpkTablePage *self, const char *label, const char *tooltip, const char *what)
{
  GtkWidget *button = spk_button_new_with_mnemonic (label, NULL);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "spk-what", (gpointer) what);
  g_signal_connect (button, "clicked", G_CALLBACK (template_button_clicked), self);
  return button;
}

static void
build_tools (SpkTablePage *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) terrains = terrain_model ();
  g_autoptr(GtkStringList) allowances = terrain_model ();
  GtkWidget *row, *apply, *remove;

  self->option_rows = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_mnemonic (_(tools[i].label));

      spk_name_mnemonic_buttons (button);
      gtk_widget_set_tooltip_text (button, _(tools[i].hint));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "page.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].id);
      spk_flow_box_append_plain (self->tools_box, button);
    }
  for (int k = 0; k < SPK_N_CHIP_KINDS; k++)
    gtk_string_list_append (kinds, _(chip_kind_labels[k]));

  self->terrain_row = combo_row (self, _("_Terrain"), G_LIST_MODEL (terrains), "terrain");
  self->group_row = entry_row (self, _("Group"), "isle-new", "terrain,group");
  self->faction_row = combo_row (self, _("_Faction"), NULL, "chip,fortress");
  for_kinds (GTK_WIDGET (self->faction_row), KIND (SPK_CHIP_MINION) | KIND (SPK_CHIP_HERO) | KIND (SPK_CHIP_SPIRE));
  self->kind_row = combo_row (self, _("_Kind"), G_LIST_MODEL (kinds), "chip");
  self->name_row = entry_row (self, _("Name"), "", "chip");
  self->movement_spin = spin_row (self, _("_Movement"), 0, 9, 2, KINDS_UNIT);
  self->allowance_row = combo_row (self, _("_Allowance"), G_LIST_MODEL (allowances), "chip");
  for_kinds (GTK_WIDGET (self->allowance_row), KINDS_UNIT);
  /* A unit has at least one health chip; a landmark may have none. */
  self->health_spin = spin_row (self, _("_Health"), 1, 20, 2, KINDS_UNIT | KIND (SPK_CHIP_LANDMARK));
  self->attack_spin = spin_row (self, _("A_ttack"), 0, 9, 1, KINDS_UNIT);
  self->capacity_spin = spin_row (self, _("_Upgrade capacity"), 0, 9, 0, KIND (SPK_CHIP_SPIRE));
  /* No mnemonics left for these two: every letter of them is taken on
   * this page. */
  self->cost_spin = spin_row (self, _("CP cost"), 0, 20, 0, KINDS_UNIT);
  self->reward_spin = spin_row (self, _("Source reward"), 0, 20, 0, KINDS_ALL);
  /* R-build-5: what a spire built in a game phase costs its faction. */
  self->build_cost_spin = spin_row (self, _("Source cost to build"), 0, 20, 0, KIND (SPK_CHIP_SPIRE));
  self->talents_row = entry_row (self, _("Talents, comma separated"), "", "chip");
  self->upgrades_row = entry_row (self, _("Upgrades, top to bottom"), "", "chip");
  for_kinds (GTK_WIDGET (self->upgrades_row), KIND (SPK_CHIP_HERO) | KIND (SPK_CHIP_SPIRE));
  self->starting_switch = switch_row (self, _("Starting hero"), _("The faction's first hero: no CP cost, may deploy in wave 1"),
                                      KIND (SPK_CHIP_HERO));
  self->merc_switch = switch_row (self, _("Merc"), _("Bought at the market: no CP cost"),
                                  KINDS_UNIT | KIND (SPK_CHIP_SPIRE));
  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (kind_changed), self);

  row = adw_action_row_new ();
  apply = spk_button_new_with_mnemonic (_("A_pply to Selected"), NULL);
  remove = spk_button_new_with_mnemonic (_("_Remove"), NULL);
  gtk_widget_set_tooltip_text (apply, _("Give the selected chip what the editor says"));
  gtk_widget_set_tooltip_text (remove, _("Take the selected chip off the table"));
  gtk_widget_add_css_class (remove, "destructive-action");
  g_object_set_data (G_OBJECT (remove), "spk-remove", GINT_TO_POINTER (TRUE));
  gtk_widget_set_valign (apply, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  g_signal_connect (apply, "clicked", G_CALLBACK (chip_button_clicked), self);
  g_signal_connect (remove, "clicked", G_CALLBACK (chip_button_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), apply);
  self->chip_buttons_row = row;
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Selected chip"), -1);
  tag_row (self, row, "chip");

  self->templates = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
  self->template_row = combo_row (self, _("I_sle"), NULL, "isle");
  row = adw_action_row_new ();
  self->turn_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->turn_label, TRUE);
  gtk_label_set_xalign (self->turn_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->turn_label), TRUE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), GTK_WIDGET (self->turn_label));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Isle orientation"), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->turn_label, NULL, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), small_button (self, _("_Turn"), _("Turn the isle a sixth clockwise (R)"), "rotate"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), small_button (self, _("_Mirror"), _("Mirror the isle left to right (M)"), "mirror"));
  tag_row (self, row, "isle");
  self->template_name_row = entry_row (self, _("Name to save the selected isle as"), "", "isle");
  adw_entry_row_add_suffix (self->template_name_row,
                            small_button (self, _("_Save"), _("Save the isle of the selected hex as a template"), "save"));
  update_templates_row (self);
  {
    g_autofree char *path = spk_isle_templates_default_path ();
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_file_load_contents_async (file, NULL, templates_loaded, g_object_ref (self));
  }

  self->tool = g_strdup ("select");
  update_tool_rows (self);
}

/* The chip tool on a gate: the unit the editor describes joins the bottom
 * of that faction's deployment stack (Prep Phase), checked by the model. */
/* The deployment stack of @faction as it is, top first, grouped minions
 * right after their top one (copies). */
static GPtrArray *
stack_units_of (const SpkBoard *b, const char *faction)
{
  const SpkDeployment *d = b != NULL && faction != NULL ? spk_board_find_deployment (b, faction) : NULL;
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);

  for (guint i = 0; d != NULL && i < d->stack->len; i++)
    {
      const SpkChip *top = spk_board_find_chip (b, g_ptr_array_index (d->stack, i));

      if (top == NULL)
        continue;
      g_ptr_array_add (units, spk_chip_copy (top));
      for (guint k = 0; top->grouped != NULL && k < top->grouped->len; k++)
        {
          const SpkChip *under = spk_board_find_chip (b, g_ptr_array_index (top->grouped, k));

          if (under != NULL)
            g_ptr_array_add (units, spk_chip_copy (under));
        }
    }
  return units;
}

static gboolean
add_to_stack (SpkTablePage *self, const SpkFortress *fortress, GError **error)
{
  g_autoptr(GPtrArray) units = stack_units_of (board (self), fortress->faction);
  SpkChip *chip = chip_from_editor (self, NULL, error);

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
static gboolean
apply_tool (SpkTablePage *self, SpkHex hex)
{
  const SpkBoard *b = board (self);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GError) error = NULL;
  const SpkCell *cell = NULL;
  const char *group;
  gboolean ok = TRUE;
  int index;

  if (b == NULL || g_str_equal (self->tool, "select"))
    return FALSE;
  grid = spk_grid_new (b);
  index = spk_grid_find (grid, hex);
  cell = index >= 0 ? spk_grid_cell (grid, index) : NULL;
  group = cell != NULL && cell->kind == SPK_CELL_HEX ? g_ptr_array_index (grid->groups, cell->top_group) : NULL;

  if (g_str_equal (self->tool, "terrain"))
    {
      SpkTerrain terrain = MIN (adw_combo_row_get_selected (self->terrain_row), SPK_N_TERRAINS - 1);

      if (cell == NULL)
        {
          const char *new_group = gtk_editable_get_text (GTK_EDITABLE (self->group_row));
          g_autoptr(SpkHexEntry) entry = NULL;

          entry = spk_hex_entry_new (hex.q, hex.r, terrain, new_group[0] != '\0' ? new_group : "isle-new");
          ok = spk_table_add_hex (self->table, entry, &error);
        }
      else if (cell->kind == SPK_CELL_HEX && cell->terrain != terrain)
        ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, terrain, cell->well, group, &error);
      else
        return TRUE;
    }
  else if (g_str_equal (self->tool, "well"))
    {
      if (cell == NULL || cell->kind != SPK_CELL_HEX)
        return FALSE;
      ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, cell->terrain, !cell->well, group, &error);
    }
  else if (g_str_equal (self->tool, "group"))
    {
      const char *new_group = gtk_editable_get_text (GTK_EDITABLE (self->group_row));

      if (cell == NULL || cell->kind != SPK_CELL_HEX || new_group[0] == '\0' || g_str_equal (new_group, group))
        return TRUE;
      ok = spk_table_set_hex (self->table, hex.q, hex.r, cell->top_layer, cell->terrain, cell->well, new_group, &error);
    }
  else if (g_str_equal (self->tool, "chip"))
    {
      g_autoptr(SpkChip) chip = NULL;

      if (cell == NULL)
        return FALSE;
      if (cell->chip >= 0)
        {
          /* A chip there: select it and load it into the editor. */
          load_editor (self, g_ptr_array_index (b->chips, cell->chip));
          return FALSE;
        }
      if (cell->kind == SPK_CELL_GATE)
        {
          if ((ok = add_to_stack (self, g_ptr_array_index (b->fortresses, cell->fortress), &error)))
            reset_editor (self);
        }
      else if ((chip = chip_from_editor (self, NULL, &error)) != NULL)
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
          /* R-build-5: in the Build and Onslaught Phases a faction's spire
           * is built (cost, limited builds, influence: the model decides);
           * in other phases it is placed as the table stands. */
          else if (chip->kind == SPK_CHIP_SPIRE && owner != NULL &&
                   (spk_table_get_phase (self->table) == SPK_PHASE_BUILD ||
                    spk_table_get_phase (self->table) == SPK_PHASE_ONSLAUGHT))
            ok = spk_table_build_spire (self->table, chip,
                                        gtk_spin_button_get_value_as_int (self->build_cost_spin), FALSE, NULL,
                                        &error);
          else
            ok = spk_table_place_chip (self->table, chip, &error);
          if (ok)
            reset_editor (self);
        }
      else
        ok = FALSE;
    }
  else if (g_str_equal (self->tool, "fortress"))
    {
      SpkHex wells[2];

      if (cell != NULL)
        {
          toast (self, _("A gate goes on the sky next to the map, not on a hex."), FALSE);
          return TRUE;
        }
      if (!fortress_wells (grid, hex, wells))
        {
          toast (self, _("There is no room for the fortress wells there."), FALSE);
          return TRUE;
        }
      ok = spk_table_place_fortress (self->table, selected_id (self, self->faction_row), hex, wells, 2, &error);
    }
  else if (g_str_equal (self->tool, "isle"))
    {
      /* A click on the map selects, so an isle can be saved without
       * another tool; isles are only laid on open sky. */
      guint n_laid = 0;

      if (cell != NULL)
        return FALSE;
      /* The hexes go as one group, whose last step names only one hex:
       * the toast names the isle instead (Undo takes the whole group). */
      if ((ok = place_template (self, hex, &n_laid, &error)) && !self->in_stroke && chosen_template (self) != NULL)
        {
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Isle “%s” laid at (%d, %d), %u hex",
                                                                "Isle “%s” laid at (%d, %d), %u hexes", n_laid),
                                                   chosen_template (self)->name, hex.q, hex.r, n_laid);

          toast (self, text, TRUE);
          return TRUE;
        }
    }
  else if (g_str_equal (self->tool, "erase"))
    {
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
          toast (self, _("Move a fortress with the Fortress tool."), FALSE);
          return TRUE;
        }
    }
  if (!ok)
    toast_error (self, error);
  else if (!self->in_stroke)
    toast_step (self);
  return TRUE;
}

static void
stroke (SpkBoardView *view, gboolean begin, SpkTablePage *self)
{
  if (self->table == NULL)
    return;
  self->in_stroke = begin;
  if (begin)
    spk_table_begin_group (self->table);
  else
    {
      spk_table_end_group (self->table);
      toast_step (self);
    }
}

/* --- model ------------------------------------------------------------------------ */

static void update_stack (SpkTablePage *self, gboolean reload);

/* The faction "Dealt by" names; NULL for nobody. */
static const char *
damage_by_id (SpkTablePage *self)
{
  guint i = adw_combo_row_get_selected (self->damage_by);

  if (self->faction_ids == NULL || i == 0 || i > self->faction_ids->len)
    return NULL;
  return g_ptr_array_index (self->faction_ids, i - 1);
}

/* "Dealt by" starts at the faction whose turn it is in the Onslaught
 * Phase (nobody in other phases), and follows the turn as it passes; a
 * choice made in between is kept until then. */
static void
follow_damage_turn (SpkTablePage *self)
{
  const char *turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;

  if (self->faction_ids == NULL || (self->damage_turn != NULL && g_strcmp0 (turn, self->damage_turn) == 0))
    return;
  g_free (self->damage_turn);
  self->damage_turn = g_strdup (turn != NULL ? turn : "");
  adw_combo_row_set_selected (self->damage_by, 0);
  for (guint i = 0; turn != NULL && i < self->faction_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->faction_ids, i), turn))
      adw_combo_row_set_selected (self->damage_by, i + 1);
}

static void
rebuild_factions (SpkTablePage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) by = gtk_string_list_new (NULL);
  const SpkBoard *b = board (self);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
      g_ptr_array_add (self->faction_ids, g_strdup (f->id));
    }
  adw_combo_row_set_model (self->overlay_faction_row, G_LIST_MODEL (names));
  adw_combo_row_set_model (self->faction_row, G_LIST_MODEL (names));
  /* "Dealt by": nobody (an edit of the table), or a faction. */
  gtk_string_list_splice (by, 0, 0, (const char *const[]) { _("Nobody (no reward)"), NULL });
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (names)); i++)
    gtk_string_list_append (by, gtk_string_list_get_string (names, i));
  adw_combo_row_set_model (self->damage_by, G_LIST_MODEL (by));
  g_clear_pointer (&self->damage_turn, g_free);
  follow_damage_turn (self);
}

static void
select_faction_id (SpkTablePage *self, AdwComboRow *row, const char *id)
{
  for (guint i = 0; id != NULL && i < self->faction_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->faction_ids, i), id))
      adw_combo_row_set_selected (row, i);
}

/* After a step: when the chip loaded into the editor changed in the table
 * (an upgrade bought in the spire panel, damage, an undo), the editor
 * shows it afresh, so Apply cannot write back what it had before; when
 * the chip is gone, the editor is cleared. */
static void
refresh_editor (SpkTablePage *self)
{
  const SpkChip *chip;
  g_autofree char *now = NULL;

  if (self->editor_chip == NULL)
    return;
  chip = board (self) != NULL ? spk_board_find_chip (board (self), self->editor_chip) : NULL;
  if (chip == NULL)
    {
      reset_editor (self);
      return;
    }
  now = editor_signature (chip);
  if (!g_str_equal (now, self->editor_seen))
    load_editor (self, chip);
}

/* After a step: when a faction was renamed, added or removed, the faction
 * rows (overlays, Fortress and Chip tools) get the new names and keep the
 * faction each had chosen. */
static void
refresh_factions (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  GListModel *shown = adw_combo_row_get_model (self->faction_row);
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
  tool_id = g_strdup (selected_id (self, self->faction_row));
  rebuild_factions (self);
  select_faction_id (self, self->overlay_faction_row, overlay_id);
  select_faction_id (self, self->faction_row, tool_id);
}

static void
update_turn (SpkTablePage *self)
{
  const char *turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.end-turn", turn != NULL);
  follow_damage_turn (self);
}

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkTablePage *self)
{
  spk_board_view_set_board (self->board_view, spk_table_get_board (table));
  refresh_factions (self);
  refresh_editor (self);
  update_turn (self);
  update_overlays (self);
  update_panel (self);
  update_stack (self, FALSE);
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
  rebuild_factions (self);
  /* Nothing of the last table stays in the chip editor. */
  reset_editor (self);
  update_turn (self);
  update_overlays (self);
  update_panel (self);
  update_stack (self, TRUE);
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
  return gtk_widget_get_visible (GTK_WIDGET (self->stack_group)) ? gtk_label_get_text (self->stack_problems) : NULL;
}

const char *
spk_table_page_get_tool_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return gtk_label_get_text (self->tool_hint);
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

static const char *
chip_label (const SpkChip *chip)
{
  return spk_chip_label (chip);
}

/* --- deployment stack editor -------------------------------------------------------- */

static gboolean
chip_has_id (gconstpointer chip, gconstpointer id)
{
  return g_strcmp0 (((const SpkChip *) chip)->id, id) == 0;
}

static GtkWidget *
stack_button (const char *icon, const char *tip, const char *action, GVariant *target, gboolean sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  gtk_widget_set_sensitive (button, sensitive);
  return button;
}

/* Index of the minion @i is grouped under in @units, or -1. */
static int
group_leader (const GPtrArray *units, guint i)
{
  const char *id = ((const SpkChip *) g_ptr_array_index (units, i))->id;

  for (guint k = 0; k < units->len; k++)
    {
      const SpkChip *c = g_ptr_array_index (units, k);

      if (k != i && g_ptr_array_find_with_equal_func (c->grouped, id, g_str_equal, NULL))
        return (int) k;
    }
  return -1;
}

/* The block that starts at @start: a unit with the minions grouped under
 * it that follow it. Returns its end (exclusive). */
static guint
block_end (const GPtrArray *units, guint start)
{
  const SpkChip *top = g_ptr_array_index (units, start);
  guint end = start + 1;

  while (end < units->len &&
         g_ptr_array_find_with_equal_func (top->grouped, ((const SpkChip *) g_ptr_array_index (units, end))->id,
                                           g_str_equal, NULL))
    end++;
  return end;
}

/* The block that holds the unit at @i (its group, or itself). */
static guint
block_start (const GPtrArray *units, guint i)
{
  int leader = group_leader (units, i);

  return leader >= 0 ? (guint) leader : i;
}

/* Moves the block [from, to) to start at @at (an index of the array
 * without the block), keeping its order. */
static void
move_block (GPtrArray *units, guint from, guint to, guint at)
{
  g_autoptr(GPtrArray) block = g_ptr_array_new ();

  /* Stolen, not removed: @units frees what it drops. */
  for (guint k = from; k < to; k++)
    g_ptr_array_add (block, g_ptr_array_steal_index (units, from));
  for (guint k = 0; k < block->len; k++)
    g_ptr_array_insert (units, (int) (at + k), g_ptr_array_index (block, k));
}

/* Up or down by one place. A unit with minions grouped under it moves with
 * its group as one block, past the whole neighbouring unit or group; a
 * grouped minion moves only within its group, and the group's order under
 * its top minion follows. */
static void
stack_move (SpkTablePage *self, guint i, gboolean up)
{
  GPtrArray *units = self->stack_units;
  int leader = group_leader (units, i);

  if (leader >= 0)
    {
      SpkChip *top = g_ptr_array_index (units, leader);
      guint end = block_end (units, (guint) leader);
      guint j = up ? i - 1 : i + 1;
      gpointer swap;

      if (j <= (guint) leader || j >= end)
        return;
      swap = g_ptr_array_index (units, i);
      g_ptr_array_index (units, i) = g_ptr_array_index (units, j);
      g_ptr_array_index (units, j) = swap;
      g_ptr_array_set_size (top->grouped, 0);
      for (guint k = (guint) leader + 1; k < end; k++)
        g_ptr_array_add (top->grouped, g_strdup (((SpkChip *) g_ptr_array_index (units, k))->id));
      return;
    }
  if (up)
    {
      guint prev;

      if (i == 0)
        return;
      prev = block_start (units, i - 1);
      move_block (units, i, block_end (units, i), prev);
    }
  else
    {
      guint end = block_end (units, i);
      guint next_end;

      if (end >= units->len)
        return;
      next_end = block_end (units, end);
      move_block (units, i, end, next_end - (end - i));
    }
}

/* Takes the unit at @i out; a top minion takes its group with it, a
 * grouped minion leaves its group. */
static void
stack_remove (SpkTablePage *self, guint i)
{
  GPtrArray *units = self->stack_units;
  int leader = group_leader (units, i);

  if (leader >= 0)
    {
      SpkChip *top = g_ptr_array_index (units, leader);
      guint at;

      if (g_ptr_array_find_with_equal_func (top->grouped, ((SpkChip *) g_ptr_array_index (units, i))->id,
                                            g_str_equal, &at))
        g_ptr_array_remove_index (top->grouped, at);
      g_ptr_array_remove_index (units, i);
      return;
    }
  g_ptr_array_remove_range (units, i, block_end (units, i) - i);
}

/* Effective CP of a unit in the editor, as the rules count it. */
static int
stack_unit_cp (const SpkChip *c)
{
  SpkPlanUnit u = { .kind = c->kind, .cp_cost = c->cost, .merc = c->merc, .starting_hero = c->starting,
                    .returned = c->kind == SPK_CHIP_HERO && c->returned > 0 };

  return spk_plan_unit_cp (&u);
}

static char *
stack_subtitle (const GPtrArray *units, guint i)
{
  const SpkChip *c = g_ptr_array_index (units, i);
  int leader = group_leader (units, i);
  g_autofree char *base = g_strdup_printf (_("%s · movement %d · %d CP"), _(chip_kind_labels[c->kind]),
                                           c->movement, stack_unit_cp (c));
  const char *why = c->merc ? _("merc") : c->returned > 0 ? _("returned hero") : c->starting ? _("starting hero") : NULL;
  char *with = why != NULL ? g_strdup_printf ("%s (%s)", base, why) : g_strdup (base);
  char *full;

  if (leader < 0 && c->grouped->len == 0)
    return with;
  full = leader >= 0
         ? g_strdup_printf (_("%s · grouped under %s"), with, chip_label (g_ptr_array_index (units, leader)))
         : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · leads a group of %u more",
                                         "%s · leads a group of %u more", c->grouped->len),
                            with, c->grouped->len);
  g_free (with);
  return full;
}

static GtkWidget *
stack_row (SpkTablePage *self, const SpkStackCheck *check, guint i)
{
  GPtrArray *units = self->stack_units;
  const SpkChip *c = g_ptr_array_index (units, i);
  const char *name = chip_label (c);
  int leader = group_leader (units, i);
  gboolean leads = leader < 0 && c->grouped->len > 0;
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = stack_subtitle (units, i);
  g_autofree char *up = NULL, *down = NULL, *out = NULL;
  gboolean can_up, can_down;

  if (leader >= 0)
    {
      up = g_strdup_printf (_("Move %s up within its group"), name);
      down = g_strdup_printf (_("Move %s down within its group"), name);
      out = g_strdup_printf (_("Take %s out of its group and the stack"), name);
      can_up = i - 1 > (guint) leader;
      can_down = i + 1 < block_end (units, (guint) leader);
    }
  else
    {
      up = g_strdup_printf (leads ? _("Move %s and its group up") : _("Move %s up"), name);
      down = g_strdup_printf (leads ? _("Move %s and its group down") : _("Move %s down"), name);
      out = g_strdup_printf (leads ? _("Take %s and its group out of the stack") : _("Take %s out of the stack"), name);
      can_up = i > 0;
      can_down = block_end (units, i) < units->len;
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  /* Grouped minions are drawn indented under their top minion. */
  if (leader >= 0)
    {
      GtkWidget *indent = gtk_image_new_from_icon_name ("pan-end-symbolic");

      gtk_widget_add_css_class (indent, "dim-label");
      gtk_widget_set_margin_start (indent, 6);
      gtk_accessible_update_property (GTK_ACCESSIBLE (indent), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Grouped"), -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), indent);
    }
  for (guint k = 0; k < check->problems->len; k++)
    {
      const SpkStackProblem *p = g_ptr_array_index (check->problems, k);

      if (p->position == (int) i)
        {
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_set_tooltip_text (icon, p->text);
          gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, p->text, -1);
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
          break;
        }
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("go-up-symbolic", up, "page.stack-up",
                                                                 g_variant_new_int32 ((gint32) i), can_up));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("go-down-symbolic", down, "page.stack-down",
                                                                 g_variant_new_int32 ((gint32) i), can_down));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("list-remove-symbolic", out, "page.stack-remove",
                                                                 g_variant_new_int32 ((gint32) i), TRUE));
  return row;
}

static gboolean
stack_has (const GPtrArray *units, const char *id)
{
  return g_ptr_array_find_with_equal_func ((GPtrArray *) units, id, chip_has_id, NULL);
}

/* What waits beside the faction's barracks and may join the edited stack:
 * mercs bought (R-hero-6), counting those the editor took or gave back,
 * and returned heroes (R-hero-3). */
static GPtrArray *
barracks_mercs (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  const SpkFaction *f = spk_board_find_faction (b, self->stack_faction);
  g_autoptr(GPtrArray) table_stack = stack_units_of (b, self->stack_faction);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; f != NULL && i < f->purchases->len; i++)
    if (g_strcmp0 (g_ptr_array_index (f->purchases, i), _("Earthscape")) != 0)
      g_ptr_array_add (names, g_strdup (g_ptr_array_index (f->purchases, i)));
  for (guint i = 0; i < table_stack->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (table_stack, i);

      if (c->merc && !stack_has (self->stack_units, c->id))
        g_ptr_array_add (names, g_strdup (chip_label (c)));
    }
  for (guint i = 0; i < self->stack_units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (self->stack_units, i);
      guint at;

      if (c->merc && !stack_has (table_stack, c->id) &&
          g_ptr_array_find_with_equal_func (names, chip_label (c), g_str_equal, &at))
        g_ptr_array_remove_index (names, at);
    }
  return names;
}

static GtkWidget *
barracks_row (const char *title, const char *subtitle, const char *tip, const char *action, const char *target)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *add = stack_button ("list-add-symbolic", tip, action, g_variant_new_string (target), TRUE);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), add);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), add);
  return row;
}

static void
show_barracks (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  g_autoptr(GPtrArray) mercs = barracks_mercs (self);
  GtkWidget *child;
  guint n = 0;

  spk_release_focus_within (GTK_WIDGET (self->barracks_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->barracks_list))) != NULL)
    gtk_list_box_remove (self->barracks_list, child);
  for (guint i = 0; i < mercs->len; i++, n++)
    {
      const char *name = g_ptr_array_index (mercs, i);
      g_autofree char *tip = g_strdup_printf (_("Add %s at the bottom of the stack as a merc, with the Chip tool's "
                                                "kind and stats"), name);

      gtk_list_box_append (self->barracks_list,
                           barracks_row (name, _("Bought at the market · 0 CP"), tip, "page.stack-add-merc", name));
    }
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);
      g_autofree char *tip = NULL, *subtitle = NULL;

      if (c->kind != SPK_CHIP_HERO || c->placed || c->returned == 0 ||
          g_strcmp0 (c->faction, self->stack_faction) != 0 || stack_has (self->stack_units, c->id))
        continue;
      tip = g_strdup_printf (_("Add %s at the bottom of the stack"), chip_label (c));
      subtitle = c->returned == b->wave
                 ? g_strdup_printf (_("Returned in wave %d · 0 CP from the next wave"), c->returned)
                 : g_strdup_printf (_("Returned in wave %d · 0 CP"), c->returned);
      gtk_list_box_append (self->barracks_list, barracks_row (chip_label (c), subtitle, tip, "page.stack-add-hero", c->id));
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->barracks_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->barracks_heading), n > 0);
}

/* The edited stack and what the rules say about it, before anything is
 * applied: each problem is named, none is fixed behind the player's back. */
static void
show_stack (SpkTablePage *self)
{
  g_autoptr(SpkStackCheck) check = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (self->stack_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->stack_list))) != NULL)
    gtk_list_box_remove (self->stack_list, child);
  if (self->table == NULL || self->stack_faction == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->barracks_list), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->barracks_heading), FALSE);
      return;
    }
  check = spk_table_check_deployment (self->table, self->stack_faction, self->stack_units);
  for (guint i = 0; i < self->stack_units->len; i++)
    gtk_list_box_append (self->stack_list, stack_row (self, check, i));
  gtk_widget_set_visible (GTK_WIDGET (self->stack_list), self->stack_units->len > 0);
  show_barracks (self);

  g_string_append_printf (text, _("%d of %d CP spent."), check->cp_spent, check->cp_available);
  for (guint k = 0; k < check->problems->len; k++)
    g_string_append_printf (text, "\n• %s", ((const SpkStackProblem *) g_ptr_array_index (check->problems, k))->text);
  if (check->problems->len == 0)
    g_string_append_printf (text, "\n%s", self->stack_units->len > 0 ? _("The stack follows the rules.")
                                                                      : _("The stack is empty."));
  gtk_label_set_text (self->stack_problems, text->str);
}

/* Shown in the Prep Phase for the faction chosen under Overlays; edits in
 * progress survive other actions, a new faction or a reload starts over. */
static void
update_stack (SpkTablePage *self, gboolean reload)
{
  const char *faction = selected_faction (self);
  gboolean prep = self->table != NULL && spk_table_get_phase (self->table) == SPK_PHASE_PREP;

  gtk_widget_set_visible (GTK_WIDGET (self->stack_group), prep && faction != NULL);
  if (g_strcmp0 (faction, self->stack_faction) != 0 || !self->stack_dirty || reload)
    {
      g_free (self->stack_faction);
      self->stack_faction = g_strdup (faction);
      g_clear_pointer (&self->stack_units, g_ptr_array_unref);
      self->stack_units = stack_units_of (board (self), faction);
      self->stack_dirty = FALSE;
    }
  show_stack (self);
}

/* The unit the Chip tool describes, for the faction's stack, its id unique
 * among the units waiting here too; NULL with a toast when it is not a
 * unit. */
static SpkChip *
stack_unit_from_editor (SpkTablePage *self, const char *name)
{
  g_autoptr(GError) error = NULL;
  SpkChip *chip = chip_from_editor (self, NULL, &error);
  g_autofree char *base = NULL;

  if (chip == NULL)
    {
      toast_error (self, error);
      return NULL;
    }
  if (!spk_chip_is_unit (chip))
    {
      spk_chip_free (chip);
      toast (self, _("Only minions and heroes go in a deployment stack: choose Minion or Hero as the Chip tool's kind."),
             FALSE);
      return NULL;
    }
  if (name != NULL)
    {
      g_free (chip->name);
      chip->name = g_strdup (name);
      g_free (chip->id);
      chip->id = g_ascii_strdown (name, -1);
      g_strcanon (chip->id, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
    }
  base = g_strdup (chip->id);
  for (int n = 2; g_ptr_array_find_with_equal_func (self->stack_units, chip->id, chip_has_id, NULL) ||
                  spk_board_find_chip (board (self), chip->id) != NULL; n++)
    {
      g_free (chip->id);
      chip->id = g_strdup_printf ("%s-%d", base, n);
    }
  g_free (chip->faction);
  chip->faction = g_strdup (self->stack_faction);
  chip->placed = FALSE;
  return chip;
}

static void
stack_action (SpkTablePage *self, const char *name, GVariant *param)
{
  g_autoptr(GError) error = NULL;
  guint i = param != NULL && g_variant_is_of_type (param, G_VARIANT_TYPE_INT32) ? (guint) g_variant_get_int32 (param) : 0;

  if (self->table == NULL || self->stack_faction == NULL || self->stack_units == NULL)
    return;
  if (g_str_equal (name, "page.stack-reload"))
    {
      update_stack (self, TRUE);
      return;
    }
  if (g_str_equal (name, "page.stack-apply"))
    {
      g_autofree char *faction = g_strdup (self->stack_faction);

      if (!spk_table_set_deployment (self->table, faction, self->stack_units, &error))
        toast_error (self, error);
      else
        {
          toast_step (self);
          update_stack (self, TRUE);
        }
      return;
    }
  if (g_str_equal (name, "page.stack-add") || g_str_equal (name, "page.stack-add-merc"))
    {
      gboolean merc = g_str_equal (name, "page.stack-add-merc");
      SpkChip *chip = stack_unit_from_editor (self, merc ? g_variant_get_string (param, NULL) : NULL);

      if (chip == NULL)
        return;
      chip->merc = chip->merc || merc;
      g_ptr_array_add (self->stack_units, chip);
    }
  else if (g_str_equal (name, "page.stack-add-hero"))
    {
      const SpkChip *hero = spk_board_find_chip (board (self), g_variant_get_string (param, NULL));

      if (hero == NULL || stack_has (self->stack_units, hero->id))
        return;
      g_ptr_array_add (self->stack_units, spk_chip_copy (hero));
    }
  else if (i >= self->stack_units->len)
    return;
  else if (g_str_equal (name, "page.stack-remove"))
    stack_remove (self, i);
  else
    stack_move (self, i, g_str_equal (name, "page.stack-up"));
  self->stack_dirty = TRUE;
  show_stack (self);
}

/* --- board signals ------------------------------------------------------------------ */

static gboolean
hex_activated (SpkBoardView *view, int q, int r, SpkTablePage *self)
{
  SpkHex hex = { q, r };

  if (!g_str_equal (self->tool, "select"))
    return apply_tool (self, hex);
  return spk_movement_section_activate_hex (self->movement_section, hex);
}
/* Isle tool: where the chosen isle would land with its first hex on
 * @anchor, the hexes it may not cover marked as refused, and in words
 * whether a click lays it, selects, or why not. */
static void
show_isle_preview (SpkTablePage *self, gboolean inside, SpkHex anchor)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GArray) hexes = NULL;
  g_autofree char *text = NULL;
  guint covered = 0;
  SpkHex first = { 0, 0 };

  if (!inside || board (self) == NULL)
    {
      update_tool_rows (self);
      return;
    }
  grid = spk_grid_new (board (self));
  if (spk_grid_find (grid, anchor) >= 0)
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
  hexes = spk_isle_template_place (t, anchor, self->rotation, self->mirror);
  for (guint i = 0; i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);
      SpkHex hex = spk_hex_make (h->q, h->r);
      gboolean taken = spk_grid_find (grid, hex) >= 0;

      if (taken && covered++ == 0)
        first = hex;
      spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_PATH, hex,
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

static void
hex_hovered (SpkBoardView *view, int q, int r, gboolean inside, SpkTablePage *self)
{
  self->hovering = inside;
  self->hover = spk_hex_make (q, r);
  spk_board_view_clear_layer (view, SPK_BOARD_LAYER_PATH);
  if (g_str_equal (self->tool, "isle"))
    {
      show_isle_preview (self, inside, spk_hex_make (q, r));
      return;
    }
  if (inside)
    spk_movement_section_show_route (self->movement_section, spk_hex_make (q, r));
}

static void
selection_changed (SpkBoardView *view, SpkTablePage *self)
{
  update_panel (self);
}

static void
overlay_changed (SpkTablePage *self)
{
  update_overlays (self);
  update_stack (self, FALSE);
}

/* The movement section's toasts count as the page's last message. */
static void
section_toasted (SpkTablePage *self)
{
  g_free (self->last_message);
  self->last_message = g_strdup (spk_movement_section_get_last_message (self->movement_section));
}

static void
page_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTablePage *self = SPK_TABLE_PAGE (widget);

  if (g_str_equal (name, "page.zoom-in"))
    spk_board_view_zoom_in (self->board_view);
  else if (g_str_equal (name, "page.zoom-out"))
    spk_board_view_zoom_out (self->board_view);
  else if (g_str_equal (name, "page.fit"))
    spk_board_view_fit (self->board_view);
  else if (g_str_equal (name, "page.resolve"))
    spk_movement_section_resolve (self->movement_section);
  else if (g_str_equal (name, "page.end-turn"))
    spk_movement_section_end_turn (self->movement_section);
  else if (g_str_has_prefix (name, "page.stack-"))
    stack_action (self, name, param);
  else if (g_str_equal (name, "page.turn-isle"))
    turn_template (self, 1, FALSE);
  else if (g_str_equal (name, "page.mirror-isle"))
    turn_template (self, 0, TRUE);
  else if (g_str_equal (name, "page.toggle-panel"))
    adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
  else if (g_str_equal (name, "page.damage"))
    {
      const SpkChip *chip = spk_board_view_get_selected_chip (self->board_view);
      int amount = gtk_spin_button_get_value_as_int (self->damage_spin);
      g_autoptr(GError) error = NULL;
      gboolean ok;
      SpkHex hex;

      if (chip != NULL && chip->placed)
        {
          g_autofree char *id = g_strdup (chip->id);

          ok = spk_table_damage_chip (self->table, id, amount, damage_by_id (self), &error);
        }
      else if (spk_board_view_get_selected (self->board_view, &hex))
        {
          const SpkBoard *b = board (self);
          const char *faction = NULL;

          if (b == NULL)
            return;
          for (guint i = 0; i < b->fortresses->len; i++)
            {
              const SpkFortress *f = g_ptr_array_index (b->fortresses, i);

              if (spk_hex_equal (f->gate, hex))
                faction = f->faction;
            }
          if (faction == NULL)
            return;
          ok = spk_table_damage_gate (self->table, faction, amount, damage_by_id (self), &error);
        }
      else
        return;
      if (ok)
        toast_step (self);
      else
        toast_error (self, error);
    }
}

static void
spk_table_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
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
      set_tool (self, g_value_get_string (value));
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
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->panel_scroller), self->scroll_tick);
  self->scroll_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TABLE_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (spk_table_page_parent_class)->dispose (object);
}

static void
spk_table_page_finalize (GObject *object)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  g_clear_pointer (&self->spire_rows, g_ptr_array_unref);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_pointer (&self->damage_turn, g_free);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_pointer (&self->templates, g_ptr_array_unref);
  forget_editor_chip (self);
  g_clear_pointer (&self->stack_units, g_ptr_array_unref);
  g_clear_pointer (&self->stack_faction, g_free);
  g_clear_pointer (&self->tool, g_free);
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

  /* The editing tool: "select", "terrain", "well", "group", "chip",
   * "fortress" or "erase". */
  properties[PROP_TOOL] = g_param_spec_string ("tool", NULL, NULL, "select",
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (SPK_TYPE_BOARD_VIEW);
  g_type_ensure (SPK_TYPE_BOARD_LEGEND);
  g_type_ensure (SPK_TYPE_ATTACK_SECTION);
  g_type_ensure (SPK_TYPE_MOVEMENT_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, flap);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, panel_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tools_box);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tool_hint);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tool_options);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, board_view);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, selection_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, terms_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, terms_box);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, overlay_faction_row);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, influence_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spires_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, closeness_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spire_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, attack_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_by);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, stack_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, stack_list);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, stack_problems);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, barracks_heading);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, barracks_list);

  gtk_widget_class_install_action (widget_class, "page.zoom-in", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.zoom-out", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.fit", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.toggle-panel", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.damage", NULL, page_action);
  gtk_widget_class_install_property_action (widget_class, "page.tool", "tool");
  gtk_widget_class_install_action (widget_class, "page.turn-isle", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.resolve", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.end-turn", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-up", "i", page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-down", "i", page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-remove", "i", page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-add", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-add-hero", "s", page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-add-merc", "s", page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-reload", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.stack-apply", NULL, page_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "page.end-turn", NULL);
  gtk_widget_class_install_action (widget_class, "page.mirror-isle", NULL, page_action);
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
  g_signal_connect_swapped (self->movement_section, "notify::last-message", G_CALLBACK (section_toasted), self);
  self->spire_rows = g_ptr_array_new ();
  build_tools (self);
  g_signal_connect (self->board_view, "stroke", G_CALLBACK (stroke), self);
  /* A tooltip over the board would hide the hexes under the pointer; the
   * keys are in the Selection text and the zoom buttons' tooltips. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->board_view), FALSE);

  g_signal_connect (self->board_view, "hex-activated", G_CALLBACK (hex_activated), self);
  g_signal_connect (self->board_view, "hex-hovered", G_CALLBACK (hex_hovered), self);
  g_signal_connect (self->board_view, "selection-changed", G_CALLBACK (selection_changed), self);
  g_signal_connect_swapped (self->influence_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->spires_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->closeness_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->overlay_faction_row, "notify::selected", G_CALLBACK (overlay_changed), self);
}
