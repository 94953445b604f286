#include "config.h"

#include "spk-table-page.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-board-legend.h"
#include "spk-grid.h"
#include "spk-influence.h"
#include "spk-movement.h"
#include "spk-spire.h"

struct _SpkTablePage
{
  GtkWidget            parent_instance;

  AdwFlap             *flap;
  SpkBoardView        *board_view;
  GtkLabel            *selection_label;
  AdwPreferencesGroup *terms_group;
  GtkFlowBox          *terms_box;
  AdwPreferencesGroup *movement_group;
  GtkLabel            *movement_label;
  GtkListBox          *destination_list;
  AdwComboRow         *overlay_faction_row;
  GtkSwitch           *influence_switch;
  GtkSwitch           *spires_switch;
  GtkSwitch           *closeness_switch;
  AdwPreferencesGroup *spire_group;
  AdwPreferencesGroup *damage_group;
  GtkSpinButton       *damage_spin;

  SpkTable            *table;
  gulong               recorded_handler;
  SpkMoveResult       *moves;        /* of the selected unit, or NULL */
  GPtrArray           *spire_rows;   /* rows added to spire_group */
  GPtrArray           *faction_ids;  /* of char*, the combo row's order */
};

G_DEFINE_FINAL_TYPE (SpkTablePage, spk_table_page, GTK_TYPE_WIDGET)

static void
toast (SpkTablePage *self, const char *text, gboolean undo)
{
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

/* After an action: a toast naming the step, with Undo. */
static void
toast_step (SpkTablePage *self)
{
  const char *label = spk_table_get_undo_label (self->table);

  if (label != NULL)
    toast (self, label, TRUE);
}

static void
toast_error (SpkTablePage *self, const GError *error)
{
  toast (self, error->message, FALSE);
}

static const char *
selected_faction (SpkTablePage *self)
{
  guint i = adw_combo_row_get_selected (self->overlay_faction_row);

  if (self->faction_ids == NULL || i >= self->faction_ids->len)
    return NULL;
  return g_ptr_array_index (self->faction_ids, i);
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

static const char *
rule_text (SpkMoveRule rule)
{
  switch (rule)
    {
    case SPK_MOVE_RULE_PROGRESS: return _("Must move to one of the highlighted hexes.");
    case SPK_MOVE_RULE_LATERAL: return _("May move to a highlighted hex, or stay.");
    case SPK_MOVE_RULE_NONE: return _("Cannot move.");
    case SPK_MOVE_RULE_ALREADY_MOVED: return _("Already moved this turn.");
    case SPK_MOVE_RULE_WAITING: return _("Waits under another unit in the deployment stack.");
    case SPK_MOVE_RULE_RECOVER: return _("Starts on an invalid hex and must leave it.");
    case SPK_MOVE_RULE_HERO: return _("A hero chooses freely among the highlighted hexes.");
    case SPK_N_MOVE_RULES:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
destination_activated (GtkListBox *list, GtkListBoxRow *row, SpkTablePage *self)
{
  SpkHex hex = { GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "q")),
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "r")) };
  g_autoptr(GError) error = NULL;

  if (!spk_table_page_move_selected (self, hex, &error))
    toast_error (self, error);
}

static void
show_moves (SpkTablePage *self, const SpkChip *chip)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_clear_pointer (&self->moves, spk_move_result_free);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_MOVES);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_PATH);
  clear_list (self->destination_list);

  if (chip == NULL || !spk_chip_is_unit (chip))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->movement_group), FALSE);
      return;
    }
  self->moves = spk_movement_moves (board (self), NULL, chip->id, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->movement_group), TRUE);
  if (self->moves == NULL)
    {
      gtk_label_set_text (self->movement_label, error->message);
      return;
    }

  g_string_append (text, rule_text (self->moves->rule));
  for (guint i = 0; i < self->moves->explanation->len; i++)
    g_string_append_printf (text, "\n%s", (const char *) g_ptr_array_index (self->moves->explanation, i));
  gtk_label_set_text (self->movement_label, text->str);

  for (guint i = 0; i < self->moves->destinations->len; i++)
    {
      const SpkMoveDestination *d = g_ptr_array_index (self->moves->destinations, i);
      g_autofree char *title = g_strdup_printf (_("Move to %d, %d"), d->hex.q, d->hex.r);
      g_autofree char *label = d->distance == SPK_MOVEMENT_UNREACHABLE ? NULL : g_strdup_printf ("%d", d->distance);
      g_autofree char *subtitle = d->distance == SPK_MOVEMENT_UNREACHABLE
                                  ? g_strdup (_("No route to the mark from there"))
                                  : g_strdup_printf (_("%d from the mark, %u steps"), d->distance, d->path->len - 1);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "q", GINT_TO_POINTER (d->hex.q));
      g_object_set_data (G_OBJECT (row), "r", GINT_TO_POINTER (d->hex.r));
      gtk_list_box_append (self->destination_list, row);
      spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_MOVES, d->hex, SPK_MARK_DESTINATION, NULL, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->destination_list), self->moves->destinations->len > 0);
}

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
      g_autofree char *subtitle = cost == SPK_UPGRADE_OVER_CAPACITY
                                  ? g_strdup (_("Over the spire's capacity"))
                                  : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Costs %d Source",
                                                                  "Costs %d Source", cost), cost);
      GtkWidget *buy = gtk_button_new_with_mnemonic (_("_Buy"));

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), upgrade_title (u));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (buy, GTK_ALIGN_CENTER);
      gtk_widget_set_sensitive (buy, cost != SPK_UPGRADE_OVER_CAPACITY && owner != NULL && owner->source >= cost);
      gtk_widget_set_tooltip_text (buy, _("Add this upgrade at the bottom of the stack and pay for it"));
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
      gtk_flow_box_append (self->terms_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->terms_group), terms->len > 0);
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
                      : _("Click a hex, or use the arrow keys and Enter on the board."));
  show_moves (self, chip);
  show_spire (self, chip);
  gtk_widget_set_visible (GTK_WIDGET (self->damage_group),
                          (chip != NULL && chip->placed) || on_gate);
  if (gtk_switch_get_active (self->closeness_switch))
    update_overlays (self);
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

      gtk_string_list_append (names, f->name != NULL ? f->name : f->id);
      g_ptr_array_add (self->faction_ids, g_strdup (f->id));
    }
  adw_combo_row_set_model (self->overlay_faction_row, G_LIST_MODEL (names));
}

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkTablePage *self)
{
  spk_board_view_set_board (self->board_view, spk_table_get_board (table));
  update_overlays (self);
  update_panel (self);
}

void
spk_table_page_set_table (SpkTablePage *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_TABLE_PAGE (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_set_object (&self->table, table);
  spk_board_view_select (self->board_view, NULL);
  spk_board_view_set_board (self->board_view, table != NULL ? spk_table_get_board (table) : NULL);
  spk_board_view_fit (self->board_view);
  if (table != NULL)
    self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
  rebuild_factions (self);
  update_overlays (self);
  update_panel (self);
}

SpkBoardView *
spk_table_page_get_board_view (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->board_view;
}

gboolean
spk_table_page_move_selected (SpkTablePage *self, SpkHex hex, GError **error)
{
  g_autofree char *chip = NULL;

  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), FALSE);
  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("That hex is not one of the unit's destinations."));
      return FALSE;
    }
  chip = g_strdup (self->moves->chip);
  if (!spk_table_move_chip (self->table, chip, hex.q, hex.r, error))
    return FALSE;
  toast_step (self);
  spk_board_view_select (self->board_view, &hex);
  return TRUE;
}

/* --- board signals ------------------------------------------------------------------ */

static gboolean
hex_activated (SpkBoardView *view, int q, int r, SpkTablePage *self)
{
  SpkHex hex = { q, r };
  g_autoptr(GError) error = NULL;

  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    return FALSE;
  if (!spk_table_page_move_selected (self, hex, &error))
    toast_error (self, error);
  return TRUE;
}

static void
hex_hovered (SpkBoardView *view, int q, int r, gboolean inside, SpkTablePage *self)
{
  const SpkMoveDestination *d;

  spk_board_view_clear_layer (view, SPK_BOARD_LAYER_PATH);
  if (!inside || self->moves == NULL || (d = spk_move_result_find (self->moves, spk_hex_make (q, r))) == NULL)
    return;
  for (guint i = 1; i < d->path->len; i++)
    spk_board_view_mark_hex (view, SPK_BOARD_LAYER_PATH, g_array_index (d->path, SpkHex, i), SPK_MARK_PATH, NULL, NULL);
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

          ok = spk_table_damage_chip (self->table, id, amount, NULL, &error);
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
          ok = spk_table_damage_gate (self->table, faction, amount, NULL, &error);
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

  g_clear_pointer (&self->moves, spk_move_result_free);
  g_clear_pointer (&self->spire_rows, g_ptr_array_unref);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_table_page_parent_class)->finalize (object);
}

static void
spk_table_page_class_init (SpkTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_table_page_dispose;
  object_class->finalize = spk_table_page_finalize;

  g_type_ensure (SPK_TYPE_BOARD_VIEW);
  g_type_ensure (SPK_TYPE_BOARD_LEGEND);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, flap);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, board_view);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, selection_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, terms_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, terms_box);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, destination_list);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, overlay_faction_row);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, influence_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spires_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, closeness_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spire_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_spin);

  gtk_widget_class_install_action (widget_class, "page.zoom-in", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.zoom-out", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.fit", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.toggle-panel", NULL, page_action);
  gtk_widget_class_install_action (widget_class, "page.damage", NULL, page_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "page.toggle-panel", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
spk_table_page_init (SpkTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->spire_rows = g_ptr_array_new ();

  g_signal_connect (self->board_view, "hex-activated", G_CALLBACK (hex_activated), self);
  g_signal_connect (self->board_view, "hex-hovered", G_CALLBACK (hex_hovered), self);
  g_signal_connect (self->board_view, "selection-changed", G_CALLBACK (selection_changed), self);
  g_signal_connect (self->destination_list, "row-activated", G_CALLBACK (destination_activated), self);
  g_signal_connect_swapped (self->influence_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->spires_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->closeness_switch, "notify::active", G_CALLBACK (overlay_changed), self);
  g_signal_connect_swapped (self->overlay_faction_row, "notify::selected", G_CALLBACK (overlay_changed), self);
}
