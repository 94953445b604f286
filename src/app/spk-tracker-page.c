/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-tracker-page.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-palette.h"
#include "spk-economy.h"
#include "spk-faction-model.h"
#include "spk-structure-text.h"

struct _SpkTrackerPage
{
  GtkWidget            parent_instance;

  GtkLabel            *wave_label;
  GtkLabel            *phase_label;
  GtkButton           *next_button;
  AdwPreferencesGroup *end_group;
  GtkLabel            *end_label;
  GtkFlowBox          *cards;
  GtkDropDown         *log_filter;
  GtkCheckButton      *log_edits;
  GtkListBox          *log_list;
  AdwPreferencesGroup *market_group;
  AdwComboRow         *market_faction;
  AdwEntryRow         *market_item;
  GtkSpinButton       *market_cost;
  GtkLabel            *market_hint;
  GtkButton           *market_buy;
  GtkButton           *market_earthscape;
  GtkButton           *market_pass;

  SpkTable            *table;
  gulong               recorded_handler;
  GHashTable          *values;        /* "faction/field" -> GtkLabel */
  GHashTable          *structure_lists; /* faction id -> GtkListBox */
  GtkCustomFilter     *filter;
  GtkFilterListModel  *log_model;
  GtkSortListModel    *log_sorted;   /* newest first */
  gulong               log_handler;
  GPtrArray           *filter_ids;    /* of char*; [0] NULL = every faction */
  char                *header;
  char                *card_ids;      /* faction ids the cards show */
  char                *market_ids;    /* faction ids the market's choice lists */
  char                *market_turn;   /* whose market turn the choice last followed */
  gboolean             rebuilding;
  GtkEventController  *next_phase_keys; /* on the window, while rooted */
};

G_DEFINE_FINAL_TYPE (SpkTrackerPage, spk_tracker_page, GTK_TYPE_WIDGET)

static const SpkBoard *
board (SpkTrackerPage *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

static void
toast (SpkTrackerPage *self, const char *text, gboolean undo)
{
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

/* --- cards ----------------------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  GdkRGBA c;

  spk_palette_faction (GPOINTER_TO_INT (data), adw_style_manager_get_dark (adw_style_manager_get_default ()), &c);
  gdk_cairo_set_source_rgba (cr, &c);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
step_clicked (GtkButton *button, SpkTrackerPage *self)
{
  const char *faction = g_object_get_data (G_OBJECT (button), "faction");
  const char *field = g_object_get_data (G_OBJECT (button), "field");
  int delta = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "delta"));
  const SpkFaction *f = spk_board_find_faction (board (self), faction);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (f == NULL)
    return;
  if (g_str_equal (field, "source"))
    ok = spk_table_set_source (self->table, faction, f->source + delta, NULL, &error);
  else if (g_str_equal (field, "gate"))
    ok = spk_table_set_gate_health (self->table, faction, f->gate_health + delta, NULL, &error);
  else
    ok = spk_table_set_cp (self->table, faction, f->cp + delta, NULL, &error);
  if (!ok)
    toast (self, error->message, FALSE);
}

static GtkWidget *
step_button (SpkTrackerPage *self, const char *faction, const char *field, int delta, const char *what)
{
  GtkWidget *button = gtk_button_new_from_icon_name (delta > 0 ? "list-add-symbolic" : "list-remove-symbolic");
  /* Translators: e.g. "Add 1 Source for Brawnen" */
  g_autofree char *tip = g_strdup_printf (delta > 0 ? _("Add 1 %s for %s") : _("Remove 1 %s for %s"),
                                          what, spk_board_faction_label (board (self), faction));

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "circular");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  g_object_set_data_full (G_OBJECT (button), "faction", g_strdup (faction), g_free);
  g_object_set_data (G_OBJECT (button), "field", (gpointer) field);
  g_object_set_data (G_OBJECT (button), "delta", GINT_TO_POINTER (delta));
  g_signal_connect (button, "clicked", G_CALLBACK (step_clicked), self);
  return button;
}

static void
add_field (SpkTrackerPage *self, GtkGrid *grid, int row, const char *faction, const char *field,
           const char *title, char *value, const char *unit)
{
  g_autofree char *key = g_strdup_printf ("%s/%s", faction, field);
  GtkWidget *name, *label = g_hash_table_lookup (self->values, key);

  /* Cards already built: only the value changes, and the focus stays on
   * the button that changed it. */
  if (label != NULL)
    {
      gtk_label_set_text (GTK_LABEL (label), value);
      g_free (value);
      return;
    }
  name = gtk_label_new (title);
  label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  /* Narrow (360 px) the name wraps onto two lines rather than losing its
   * end. */
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD);
  gtk_widget_set_tooltip_text (name, title);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (name, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_RIGHT);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* Read-only values are no Tab stops (a selectable label is one, and
   * selects its text on focus); screen readers read them with their name
   * through the labelled-by relation. */
  gtk_widget_add_css_class (label, "numeric");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL, -1);
  gtk_grid_attach (grid, name, 0, row, 1, 1);
  gtk_grid_attach (grid, label, 1, row, 1, 1);
  if (unit != NULL)
    {
      gtk_grid_attach (grid, step_button (self, faction, field, -1, unit), 2, row, 1, 1);
      gtk_grid_attach (grid, step_button (self, faction, field, 1, unit), 3, row, 1, 1);
    }
  g_hash_table_insert (self->values, g_steal_pointer (&key), label);
  g_free (value);
}

static char *
advancements_text (const SpkFaction *f)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; f->structures != NULL && i < f->structures->len; i++)
    {
      const SpkStructure *st = g_ptr_array_index (f->structures, i);

      if (s->len > 0)
        g_string_append (s, "\n");
      g_string_append_printf (s, "%s %d/%u", st->name, st->bought, st->level_names->len);
    }
  if (s->len == 0)
    g_string_append (s, _("None entered"));
  return g_string_free (s, FALSE);
}

/* What waits beside the barracks: market purchases, then heroes that
 * returned to the fortress (selected again without CP). */
static char *
barracks_text (const SpkBoard *b, const SpkFaction *f)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < f->purchases->len; i++)
    g_string_append_printf (s, "%s%s", s->len > 0 ? "\n" : "", (const char *) g_ptr_array_index (f->purchases, i));
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->kind == SPK_CHIP_HERO && c->returned > 0 && !c->placed && g_strcmp0 (c->faction, f->id) == 0)
        {
          if (s->len > 0)
            g_string_append (s, "\n");
          /* Translators: a hero waiting beside the barracks */
          g_string_append_printf (s, _("%s (returned in wave %d)"), spk_chip_label (c), c->returned);
        }
    }
  if (s->len == 0)
    g_string_append (s, _("Nothing"));
  return g_string_free (s, FALSE);
}

/* --- fortress advancements ----------------------------------------------------------- */

static GtkWidget *
structure_row (SpkTable *table, const SpkFaction *f, const SpkStructure *st)
{
  GtkWidget *row = adw_action_row_new ();
  guint levels = st->level_names->len;
  g_autofree char *subtitle = NULL;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), st->name);
  /* The row itself does nothing: no Tab stop; its Buy button is one. */
  gtk_widget_set_focusable (row, FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  if (st->bought > 0)
    subtitle = g_strdup_printf (_("Level %d of %u bought: %s"), st->bought, levels,
                                (const char *) g_ptr_array_index (st->level_names, st->bought - 1));
  else
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "None of %u level bought", "None of %u levels bought",
                                             levels),
                                levels);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if ((guint) st->bought < levels)
    {
      const char *next = g_ptr_array_index (st->level_names, st->bought);
      int cost = g_array_index (st->level_costs, int, st->bought);
      g_autofree char *label = g_strdup_printf (_("Buy %s (%d Source)"), next, cost);
      g_autofree char *tip = g_strdup_printf (_("Buy level %d of %s, %s, for %d Source (%s has %d)"),
                                              st->bought + 1, st->name, next, cost,
                                              spk_faction_label (f), f->source);
      GtkWidget *button = gtk_button_new_with_label (label);
      g_autoptr(GError) why = NULL;
      gboolean allowed;

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      /* The model answers in a dry run of the purchase (phase, Source,
       * order), and its reason is the tooltip (R-page-5). */
      spk_table_begin_dry_run (table);
      allowed = spk_table_buy_advancement (table, f->id, st->name, &why);
      spk_table_end_dry_run (table);
      if (!allowed)
        {
          gtk_widget_set_sensitive (button, FALSE);
          gtk_widget_set_tooltip_text (button, why->message);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          why->message, -1);
        }
      else
        {
          /* An action would make the button sensitive again. */
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "tracker.buy-advancement");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(ss)", f->id, st->name);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  else
    {
      GtkWidget *done = gtk_label_new (_("All bought"));

      gtk_widget_add_css_class (done, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), done);
    }
  return row;
}

/* The card's list of structures, rebuilt only when what it shows changed
 * so the focus stays put otherwise. */
static void
update_structures (SpkTrackerPage *self, const SpkFaction *f)
{
  GtkListBox *list = g_hash_table_lookup (self->structure_lists, f->id);
  g_autofree char *text = spk_structures_to_text (f->structures);
  g_autoptr(GString) signature = g_string_new (text);
  GtkWidget *child;

  if (list == NULL)
    return;
  for (guint i = 0; i < f->structures->len; i++)
    g_string_append_printf (signature, "%d,", ((SpkStructure *) g_ptr_array_index (f->structures, i))->bought);
  g_string_append_printf (signature, "%d,%d", f->source, spk_table_get_phase (self->table));
  if (g_strcmp0 (g_object_get_data (G_OBJECT (list), "spk-signature"), signature->str) == 0)
    return;
  g_object_set_data_full (G_OBJECT (list), "spk-signature", g_strdup (signature->str), g_free);
  spk_release_focus_within (GTK_WIDGET (list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  for (guint i = 0; i < f->structures->len; i++)
    gtk_list_box_append (list, structure_row (self->table, f, g_ptr_array_index (f->structures, i)));
  gtk_widget_set_visible (GTK_WIDGET (list), f->structures->len > 0);
}

static void
add_structures_box (SpkTrackerPage *self, GtkWidget *card, const SpkFaction *f)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *edit = spk_button_new_with_mnemonic (_("_Enter Structures…"), NULL);
  g_autofree char *tip = g_strdup_printf (_("Enter the fortress structures of %s with their levels and costs"),
                                          spk_faction_label (f));
  g_autofree char *list_label = g_strdup_printf (_("Fortress advancements of %s"), spk_faction_label (f));

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_margin_start (list, 12);
  gtk_widget_set_margin_end (list, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, list_label, -1);
  gtk_widget_set_halign (edit, GTK_ALIGN_START);
  gtk_widget_set_margin_start (edit, 12);
  gtk_widget_set_margin_bottom (edit, 12);
  gtk_widget_set_tooltip_text (edit, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (edit), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (edit), "tracker.edit-structures");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (edit), "s", f->id);
  gtk_box_append (GTK_BOX (card), list);
  gtk_box_append (GTK_BOX (card), edit);
  g_hash_table_insert (self->structure_lists, g_strdup (f->id), list);
}

static GtkWidget *
new_card (const SpkFaction *f, guint i)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *title = gtk_label_new (spk_faction_label (f));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_start (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (grid), 12);
  gtk_widget_set_margin_start (head, 12);
  gtk_widget_set_margin_top (head, 6);
  gtk_widget_add_css_class (card, "faction-card");
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 14);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 14);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, GINT_TO_POINTER (i), NULL);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (head), swatch);
  gtk_box_append (GTK_BOX (head), title);
  {
    GtkWidget *edit = gtk_button_new_from_icon_name ("document-edit-symbolic");
    g_autofree char *tip = g_strdup_printf (_("Rename %s or choose which faction it is"),
                                            spk_faction_label (f));

    gtk_widget_add_css_class (edit, "flat");
    gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
    gtk_widget_set_hexpand (edit, TRUE);
    gtk_widget_set_halign (edit, GTK_ALIGN_END);
    gtk_widget_set_margin_end (edit, 6);
    gtk_widget_set_tooltip_text (edit, tip);
    gtk_accessible_update_property (GTK_ACCESSIBLE (edit), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (edit), "tracker.edit-faction");
    gtk_actionable_set_action_target (GTK_ACTIONABLE (edit), "s", f->id);
    gtk_box_append (GTK_BOX (head), edit);
  }
  gtk_box_append (GTK_BOX (card), head);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 6);
  gtk_box_append (GTK_BOX (card), GTK_WIDGET (grid));

  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  spk_faction_label (f), -1);
  g_object_set_data (G_OBJECT (card), "spk-grid", grid);
  return card;
}

static void
rebuild_cards (SpkTrackerPage *self)
{
  const SpkBoard *b = board (self);
  SpkGameRules rules;
  SpkFinalScore score = { 0 };
  g_autoptr(GString) ids = g_string_new (NULL);
  GtkWidget *child;
  gboolean fresh;

  /* Names too: a renamed faction gets a new card, titles and tooltips. */
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    g_string_append_printf (ids, "%s %s\n", ((SpkFaction *) g_ptr_array_index (b->factions, i))->id,
                            spk_board_faction_label (b, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id));
  fresh = g_strcmp0 (ids->str, self->card_ids) != 0;
  if (fresh)
    {
      spk_release_focus_within (GTK_WIDGET (self->cards));
      g_hash_table_remove_all (self->values);
      g_hash_table_remove_all (self->structure_lists);
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cards))) != NULL)
        gtk_flow_box_remove (self->cards, child);
      g_free (self->card_ids);
      self->card_ids = g_strdup (ids->str);
    }
  if (b == NULL)
    return;

  spk_game_rules_from_board (b, &rules);
  spk_final_score (&rules, b, &score, NULL);
  for (guint i = 0; i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);
      const SpkPowerRow *power = &g_array_index (score.rows, SpkPowerRow, i);
      GtkWidget *card = NULL;
      GtkGrid *grid = NULL;
      int row = 0;

      if (fresh)
        {
          card = new_card (f, i);
          grid = g_object_get_data (G_OBJECT (card), "spk-grid");
        }

      add_field (self, grid, row++, f->id, "source", _("Source"),
                 g_strdup_printf ("%d / %d", f->source, SPK_SOURCE_CAPACITY), _("Source"));
      add_field (self, grid, row++, f->id, "gate", _("Gate health"),
                 g_strdup_printf ("%d / %d", f->gate_health, SPK_GATE_HEALTH_START), _("gate health"));
      add_field (self, grid, row++, f->id, "cp", _("CP this wave"), g_strdup_printf ("%d", f->cp), _("CP"));
      add_field (self, grid, row++, f->id, "limited", _("Limited builds used"),
                 g_strdup_printf ("%d / %d", f->limited_builds, SPK_LIMITED_BUILDS_PER_WAVE), NULL);
      add_field (self, grid, row++, f->id, "spires", _("Spires in play"),
                 g_strdup_printf ("%d / %d", spk_spires_in_play (b, f->id), spk_spire_limit (b->player_count)), NULL);
      add_field (self, grid, row++, f->id, "heroes", _("Heroes in play"),
                 g_strdup_printf ("%d / %d", spk_heroes_in_play (b, f->id), spk_hero_limit (b->wave)), NULL);
      add_field (self, grid, row++, f->id, "advancements", _("Advancements"), advancements_text (f), NULL);
      add_field (self, grid, row++, f->id, "power", _("Fortress power"), g_strdup_printf ("%d", power->power), NULL);
      add_field (self, grid, row++, f->id, "barracks", _("Beside the barracks"), barracks_text (b, f), NULL);

      if (card != NULL)
        add_structures_box (self, card, f);
      update_structures (self, f);
      if (card != NULL)
        spk_flow_box_append_plain (self->cards, card);
    }
  spk_final_score_clear (&score);
}

static const char *
decided_text (SpkDecidedBy decided)
{
  switch (decided)
    {
    case SPK_DECIDED_LAST_GATE: return _("Decided by the last gate standing.");
    case SPK_DECIDED_TEAM_GATE: return _("Decided by a team's gate falling.");
    case SPK_DECIDED_POWER: return _("Decided by fortress power.");
    case SPK_DECIDED_GATE_HEALTH: return _("Tied on power; decided by gate health.");
    case SPK_DECIDED_SOURCE: return _("Tied on power and gate health; decided by Source.");
    case SPK_DECIDED_SPIRES: return _("Tied on power, gate health and Source; decided by spires in play.");
    case SPK_DECIDED_SHARED: return _("Tied all the way: a shared victory.");
    case SPK_DECIDED_NONE:
    default:
      return "";
    }
}

static void
update_header (SpkTrackerPage *self)
{
  const SpkBoard *b = board (self);
  g_autofree char *wave = NULL, *phase = NULL;
  SpkPhase p;
  SpkGameRules rules;
  int first;

  if (b == NULL)
    return;
  p = spk_table_get_phase (self->table);
  spk_game_rules_from_board (b, &rules);
  first = spk_first_player_index (b);
  wave = g_strdup_printf (_("Wave %d of %d"), b->wave, spk_table_get_waves (self->table));
  phase = g_strdup_printf (_("%s · first player %s"), spk_phase_label (p),
                           first >= 0 ? spk_board_faction_label (b, ((SpkFaction *) g_ptr_array_index (b->factions, first))->id)
                                      : "");
  if (spk_table_get_turn (self->table) != NULL)
    {
      /* Translators: the phase line, then whose turn it is */
      char *with_turn = g_strdup_printf (_("%s · %s to play"), phase,
                                         spk_board_faction_label (b, spk_table_get_turn (self->table)));

      g_free (phase);
      phase = with_turn;
    }
  gtk_label_set_text (self->wave_label, wave);
  gtk_label_set_text (self->phase_label, phase);
  g_free (self->header);
  self->header = g_strdup_printf ("%s: %s", wave, spk_phase_label (p));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tracker.next-phase", !spk_table_get_game_over (self->table));

  gtk_widget_set_visible (GTK_WIDGET (self->end_group), spk_table_get_game_over (self->table));
  if (spk_table_get_game_over (self->table))
    {
      g_autoptr(GString) text = g_string_new (NULL);
      SpkFinalScore score = { 0 };
      gboolean gate_fell = FALSE;

      for (guint i = 0; i < b->winners->len; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", spk_board_faction_label (b, g_ptr_array_index (b->winners, i)));
      g_string_prepend (text, b->winners->len == 1 ? _("Winner: ") : _("Winners: "));
      for (guint i = 0; i < b->factions->len; i++)
        gate_fell |= ((SpkFaction *) g_ptr_array_index (b->factions, i))->gate_health == 0;
      spk_final_score (&rules, b, &score, NULL);
      g_string_append_printf (text, "\n%s", gate_fell ? decided_text (SPK_DECIDED_LAST_GATE)
                                                      : decided_text (score.decided_by));
      spk_final_score_clear (&score);
      gtk_label_set_text (self->end_label, text->str);
    }
}

/* --- market ------------------------------------------------------------------------- */

/* After an action: a toast naming what Undo takes back, with Undo. */
static void
toast_step (SpkTrackerPage *self)
{
  g_autofree char *text = spk_table_describe_undo (self->table);

  if (text != NULL)
    toast (self, text, TRUE);
}

static const char *
market_faction_id (SpkTrackerPage *self)
{
  const SpkBoard *b = board (self);
  guint i = adw_combo_row_get_selected (self->market_faction);

  if (b == NULL || i >= b->factions->len)
    return NULL;
  return ((SpkFaction *) g_ptr_array_index (b->factions, i))->id;
}

/* The faction choice follows the table's factions; it keeps its place
 * while they stay the same. */
static void
rebuild_market_factions (SpkTrackerPage *self, const SpkBoard *b)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < b->factions->len; i++)
    g_string_append_printf (ids, "%s %s\n", ((SpkFaction *) g_ptr_array_index (b->factions, i))->id,
                            spk_board_faction_label (b, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id));
  if (g_strcmp0 (ids->str, self->market_ids) == 0)
    return;
  g_free (self->market_ids);
  self->market_ids = g_strdup (ids->str);
  for (guint i = 0; i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
    }
  adw_combo_row_set_model (self->market_faction, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->market_faction, 0);
}

/* Why nothing can be bought now, or NULL in a Market Phase. */
static char *
market_closed_reason (SpkTrackerPage *self, const SpkBoard *b)
{
  SpkPhase phase = spk_table_get_phase (self->table);
  SpkGameRules rules;

  spk_game_rules_from_board (b, &rules);
  if (spk_table_get_game_over (self->table))
    return g_strdup (_("The game is over; nothing more is bought."));
  if (rules.skip_market)
    return g_strdup (_("The faster game has no Market Phase, so nothing is bought at the market."));
  if (phase != SPK_PHASE_MARKET)
    return g_strdup_printf (_("Purchases are made in the Market Phase; it is the %s now. "
                              "Use Next Phase to get there."),
                            spk_phase_label (phase));
  return NULL;
}

/* The model's answer to @ok (a dry run of the real action): the
 * sentence that says what it would do, or the model's reason why not. */
static char *
dry_run_answer (gboolean ok, GError *error, char *allowed)
{
  if (ok)
    return allowed;
  g_free (allowed);
  return g_strdup (error != NULL ? error->message : "");
}

/* R-market-2: the choice follows the faction whose market turn it is,
 * whenever that changes (a purchase, a pass, undo). */
static void
follow_market_turn (SpkTrackerPage *self, const SpkBoard *b)
{
  const char *turn = spk_table_get_market_turn (self->table);

  if (g_strcmp0 (turn, self->market_turn) == 0)
    return;
  g_free (self->market_turn);
  self->market_turn = g_strdup (turn);
  for (guint i = 0; turn != NULL && i < b->factions->len; i++)
    if (g_str_equal (((SpkFaction *) g_ptr_array_index (b->factions, i))->id, turn))
      adw_combo_row_set_selected (self->market_faction, i);
}

static void
set_market_button (SpkTrackerPage *self, const char *action, GtkButton *button, gboolean ok,
                   const char *why)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), action, ok);
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), why);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, why, -1);
}

/* The buttons are enabled only when the model would take the action (a
 * dry run of it); otherwise their tooltips and the sentence under the form
 * give the model's reason. The section itself is the Market Phase's. */
static void
update_market (SpkTrackerPage *self)
{
  const SpkBoard *b = board (self);
  const SpkFaction *f;
  g_autofree char *item = NULL, *closed = NULL, *offer = NULL, *buy = NULL, *earth = NULL,
                  *pass = NULL;
  g_autoptr(GString) hint = g_string_new (NULL);
  g_autoptr(GError) buy_error = NULL, earth_error = NULL, pass_error = NULL;
  gboolean can_buy = FALSE, can_earth = FALSE, can_pass = FALSE;
  int cost, count;

  if (b != NULL)
    {
      rebuild_market_factions (self, b);
      follow_market_turn (self, b);
    }
  f = b != NULL ? spk_board_find_faction (b, market_faction_id (self)) : NULL;
  if (f == NULL)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tracker.buy-market", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tracker.buy-earthscape", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "tracker.pass-market", FALSE);
      gtk_label_set_text (self->market_hint, "");
      return;
    }
  item = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->market_item))));
  cost = gtk_spin_button_get_value_as_int (self->market_cost);
  closed = market_closed_reason (self, b);
  if (closed != NULL)
    {
      buy = g_strdup (closed);
      earth = g_strdup (closed);
      pass = g_strdup (closed);
      g_string_append (hint, closed);
    }
  else
    {
      count = spk_table_get_market_count (self->table);
      offer = spk_market_refreshes (b->wave)
              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Wave %d: the market was refreshed and offers %d option besides the earthscape.",
                                              "Wave %d: the market was refreshed and offers %d options besides the earthscape.",
                                              count),
                                 b->wave, count)
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Wave %d: the market as set up offers %d option besides the earthscape.",
                                              "Wave %d: the market as set up offers %d options besides the earthscape.",
                                              count),
                                 b->wave, count);
      spk_table_begin_dry_run (self->table);
      can_buy = spk_table_buy_market_chip (self->table, f->id, item, cost, &buy_error);
      can_earth = spk_table_buy_earthscape (self->table, f->id, &earth_error);
      can_pass = spk_table_pass_market (self->table, f->id, &pass_error);
      spk_table_end_dry_run (self->table);
      buy = dry_run_answer (can_buy, buy_error,
                            g_strdup_printf (_("Buy %s for %d Source; %s keeps %d."), item, cost,
                                             spk_board_faction_label (b, f->id), f->source - cost));
      earth = dry_run_answer (can_earth, earth_error,
                              g_strdup_printf (_("Buy the earthscape for %d Source; %s keeps %d."),
                                               SPK_EARTHSCAPE_COST, spk_board_faction_label (b, f->id),
                                               f->source - SPK_EARTHSCAPE_COST));
      pass = dry_run_answer (can_pass, pass_error,
                             g_strdup_printf (_("%s buys nothing this Market Phase."),
                                              spk_board_faction_label (b, f->id)));
      g_string_append_printf (hint, "%s\n%s\n%s", offer, buy, earth);
    }
  set_market_button (self, "tracker.buy-market", self->market_buy, can_buy, buy);
  set_market_button (self, "tracker.buy-earthscape", self->market_earthscape, can_earth, earth);
  set_market_button (self, "tracker.pass-market", self->market_pass, can_pass, pass);
  gtk_label_set_text (self->market_hint, hint->str);
}

static void
buy_market (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  g_autofree char *item = NULL;
  g_autofree char *faction = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->table == NULL || market_faction_id (self) == NULL)
    return;
  faction = g_strdup (market_faction_id (self));
  if (g_str_equal (name, "tracker.buy-earthscape"))
    ok = spk_table_buy_earthscape (self->table, faction, &error);
  else if (g_str_equal (name, "tracker.pass-market"))
    ok = spk_table_pass_market (self->table, faction, &error);
  else
    {
      item = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->market_item))));
      ok = spk_table_buy_market_chip (self->table, faction, item,
                                      gtk_spin_button_get_value_as_int (self->market_cost), &error);
      /* Bought once: the name is not left to be bought twice by accident. */
      if (ok)
        gtk_editable_set_text (GTK_EDITABLE (self->market_item), "");
    }
  if (!ok)
    toast (self, error->message, FALSE);
  else
    toast_step (self);
}

static void
market_item_activated (SpkTrackerPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "tracker.buy-market", NULL);
}

const char *
spk_tracker_page_get_market_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return gtk_label_get_text (self->market_hint);
}

/* --- log ---------------------------------------------------------------------------- */

/* A step's place in the table's log (oldest first), kept on the step
 * while the tracker shows that log: it orders the list newest first and
 * finds the step after. */
static guint
log_index (SpkLogEntry *entry)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "spk-log-index"));
}

static void
log_items_changed (GListModel *log, guint position, guint removed, guint added, SpkTrackerPage *self)
{
  for (guint i = position; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(GObject) entry = g_list_model_get_item (log, i);

      g_object_set_data (entry, "spk-log-index", GUINT_TO_POINTER (i));
    }
}

static int
newest_first (gconstpointer a, gconstpointer b, gpointer data)
{
  guint ia = log_index ((SpkLogEntry *) a), ib = log_index ((SpkLogEntry *) b);

  return ia > ib ? -1 : ia < ib ? 1 : 0;
}

static char *
log_row_subtitle (SpkTrackerPage *self, SpkLogEntry *entry)
{
  const char *faction = spk_log_entry_get_faction (entry);
  g_autoptr(SpkLogEntry) next = NULL;
  const SpkBoard *b = board (self);
  SpkPhase phase = SPK_PHASE_SETUP;
  int wave;

  /* A step is tagged with where it led: the wave and phase the next step
   * was taken in, or those of the table now for the newest. (Each step
   * records the wave and phase it was taken in, so "Income: +5 Source"
   * would say "Set-up".) */
  if (self->table != NULL)
    next = g_list_model_get_item (spk_table_get_log (self->table), log_index (entry) + 1);
  if (next != NULL)
    {
      wave = spk_log_entry_get_wave (next);
      spk_phase_from_string (spk_log_entry_get_phase (next), &phase);
    }
  else if (b != NULL)
    {
      wave = b->wave;
      phase = spk_table_get_phase (self->table);
    }
  else
    {
      wave = spk_log_entry_get_wave (entry);
      spk_phase_from_string (spk_log_entry_get_phase (entry), &phase);
    }
  return faction != NULL && b != NULL
         ? g_strdup_printf (_("Wave %d · %s · %s"), wave, spk_phase_label (phase), spk_board_faction_label (b, faction))
         : g_strdup_printf (_("Wave %d · %s"), wave, spk_phase_label (phase));
}

static GtkWidget *
create_log_row (gpointer item, gpointer data)
{
  SpkTrackerPage *self = data;
  SpkLogEntry *entry = item;
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = log_row_subtitle (self, entry);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), spk_log_entry_get_label (entry));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  return row;
}

/* The newest row is made while its step is recorded, before the table
 * shows the step's outcome: it reads the phase again once it does. */
static void
update_newest_log_row (SpkTrackerPage *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->log_list, 0);
  g_autoptr(SpkLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (self->log_sorted), 0);
  g_autofree char *subtitle = NULL;

  if (row == NULL || entry == NULL)
    return;
  subtitle = log_row_subtitle (self, entry);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

/* A step that only edits the map: every change it holds is to the hexes
 * (terrain, groups, wells) or the fortresses, none to a faction, a chip or
 * the table's wave and phase. */
static gboolean
is_map_edit (SpkLogEntry *entry)
{
  JsonNode *changes = spk_log_entry_get_changes (entry);
  JsonArray *array;

  if (changes == NULL || !JSON_NODE_HOLDS_ARRAY (changes))
    return FALSE;
  array = json_node_get_array (changes);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *change = json_array_get_element (array, i);
      const char *in = JSON_NODE_HOLDS_OBJECT (change)
                       ? json_object_get_string_member_with_default (json_node_get_object (change), "in", NULL)
                       : NULL;

      if (g_strcmp0 (in, "hexes") != 0 && g_strcmp0 (in, "fortresses") != 0)
        return FALSE;
    }
  return json_array_get_length (array) > 0;
}

static gboolean
log_filter_func (gpointer item, gpointer data)
{
  SpkTrackerPage *self = data;
  guint i = gtk_drop_down_get_selected (self->log_filter);
  const char *want = self->filter_ids != NULL && i < self->filter_ids->len ? g_ptr_array_index (self->filter_ids, i) : NULL;

  if (!gtk_check_button_get_active (self->log_edits) && is_map_edit (item))
    return FALSE;
  return want == NULL || g_strcmp0 (spk_log_entry_get_faction (item), want) == 0;
}

static void
filter_changed (SpkTrackerPage *self)
{
  if (!self->rebuilding)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
rebuild_filter (SpkTrackerPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const SpkBoard *b = board (self);

  self->rebuilding = TRUE;
  g_clear_pointer (&self->filter_ids, g_ptr_array_unref);
  self->filter_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_string_list_append (names, _("All Factions"));
  g_ptr_array_add (self->filter_ids, NULL);
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
      g_ptr_array_add (self->filter_ids, g_strdup (f->id));
    }
  gtk_drop_down_set_model (self->log_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->log_filter, 0);
  self->rebuilding = FALSE;
  filter_changed (self);
}

/* The faction choice names the factions as they are now; it keeps its
 * selection. */
static void
rebuild_filter_if_renamed (SpkTrackerPage *self)
{
  const SpkBoard *b = board (self);
  guint selected = gtk_drop_down_get_selected (self->log_filter);
  GListModel *names = gtk_drop_down_get_model (self->log_filter);
  gboolean same = names != NULL && b != NULL && g_list_model_get_n_items (names) == b->factions->len + 1;

  for (guint i = 0; same && i < b->factions->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i + 1),
                      spk_board_faction_label (b, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id)) == 0;
  if (same || b == NULL)
    return;
  rebuild_filter (self);
  if (selected < self->filter_ids->len)
    gtk_drop_down_set_selected (self->log_filter, selected);
}

void
spk_tracker_page_filter_log (SpkTrackerPage *self, const char *faction)
{
  g_return_if_fail (SPK_IS_TRACKER_PAGE (self));
  for (guint i = 0; self->filter_ids != NULL && i < self->filter_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->filter_ids, i), faction) == 0)
      gtk_drop_down_set_selected (self->log_filter, i);
}

guint
spk_tracker_page_get_n_log_rows (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), 0);
  return self->log_model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->log_model)) : 0;
}

/* --- table --------------------------------------------------------------------------- */

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkTrackerPage *self)
{
  update_header (self);
  rebuild_cards (self);
  update_market (self);
  update_newest_log_row (self);
  rebuild_filter_if_renamed (self);
}

void
spk_tracker_page_set_table (SpkTrackerPage *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_TRACKER_PAGE (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_set_object (&self->table, table);
  if (table != NULL)
    self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
  if (self->log_handler != 0)
    g_clear_signal_handler (&self->log_handler, gtk_filter_list_model_get_model (self->log_model));
  /* Indexed before the list sees a change, so new rows sort and read
   * their next step right. */
  if (table != NULL)
    {
      log_items_changed (spk_table_get_log (table), 0, 0, 0, self);
      self->log_handler = g_signal_connect (spk_table_get_log (table), "items-changed",
                                            G_CALLBACK (log_items_changed), self);
    }
  gtk_filter_list_model_set_model (self->log_model, table != NULL ? spk_table_get_log (table) : NULL);
  rebuild_filter (self);
  update_header (self);
  /* A new table: new cards even when the faction ids match. */
  g_clear_pointer (&self->card_ids, g_free);
  rebuild_cards (self);
  g_clear_pointer (&self->market_ids, g_free);
  g_clear_pointer (&self->market_turn, g_free);
  update_market (self);
}

const char *
spk_tracker_page_get_header (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return self->header;
}

const char *
spk_tracker_page_get_value (SpkTrackerPage *self, const char *faction, const char *field)
{
  g_autofree char *key = g_strdup_printf ("%s/%s", faction, field);
  GtkLabel *label;

  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  label = g_hash_table_lookup (self->values, key);
  return label != NULL ? gtk_label_get_text (label) : NULL;
}

const char *
spk_tracker_page_get_phase_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return gtk_label_get_text (self->phase_label);
}

const char *
spk_tracker_page_get_end_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->end_group)) ? gtk_label_get_text (self->end_label) : NULL;
}

/* One toast per change the phase brought: the step's label names the new
 * phase, then each note after the dash. */
static void
toast_phase_step (SpkTrackerPage *self)
{
  const char *label = spk_table_get_undo_label (self->table);
  g_auto(GStrv) parts = NULL;

  if (label == NULL)
    return;
  parts = g_strsplit (label, " — ", 2);
  toast (self, parts[0], TRUE);
  if (parts[0] != NULL && parts[1] != NULL)
    {
      g_auto(GStrv) notes = g_strsplit (parts[1], "; ", -1);

      for (guint i = 0; notes[i] != NULL; i++)
        spk_toast_note (GTK_WIDGET (self), notes[i]);
    }
}

static void open_repair_dialog (SpkTrackerPage *self, const char *faction, const char *question);

static void
next_phase (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (self->table == NULL)
    return;
  if (!spk_table_advance_phase (self->table, &error))
    {
      g_autoptr(GHashTable) choices = spk_table_get_repair_choices (self->table);
      const SpkBoard *b = board (self);

      /* R-repair-1: the model does not guess a sacrifice; the player picks. */
      for (guint i = 0; g_error_matches (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE) &&
                        i < b->factions->len; i++)
        {
          const char *id = ((SpkFaction *) g_ptr_array_index (b->factions, i))->id;

          if (g_hash_table_contains (choices, id))
            {
              open_repair_dialog (self, id, error->message);
              return;
            }
        }
      toast (self, error->message, FALSE);
    }
  else
    toast_phase_step (self);
}

/* The end of a faction's editor dialog: Cancel and @apply, @extra under
 * the text, @on_response told, the focus on @focus. */
static void
present_edit_dialog (SpkTrackerPage *self, GtkWidget *dialog, const char *faction, GtkWidget *extra,
                     const char *apply, GCallback on_response, GtkWidget *focus)
{
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "apply", apply, NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "faction", g_strdup (faction), g_free);
  g_signal_connect_object (dialog, "response", on_response, self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (focus);
}

/* --- gate repair by sacrifice -------------------------------------------------------- */

static void fill_repair_list (GtkListBox *list, GPtrArray *order);

static void
repair_move_up (GtkButton *button, GtkListBox *list)
{
  GPtrArray *order = g_object_get_data (G_OBJECT (list), "order");
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));
  gpointer moved;

  if (i == 0 || i >= order->len)
    return;
  moved = order->pdata[i];
  order->pdata[i] = order->pdata[i - 1];
  order->pdata[i - 1] = moved;
  fill_repair_list (list, order);
  gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (list, (int) i - 1)));
}

/* One row per tied structure, in the order they would be given up; each
 * but the first can move one place earlier. */
static void
fill_repair_list (GtkListBox *list, GPtrArray *order)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  for (guint i = 0; i < order->len; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      /* Translators: a button that moves a structure up the list of those
       * given up first; %s is the structure's name. */
      g_autofree char *up_name = g_strdup_printf (_("Give Up %s Earlier"), (const char *) order->pdata[i]);
      g_autofree char *place = g_strdup_printf (_("Given up %u."), i + 1);
      GtkWidget *up = gtk_button_new_from_icon_name ("go-up-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), order->pdata[i]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), place);
      gtk_widget_set_valign (up, GTK_ALIGN_CENTER);
      gtk_widget_set_sensitive (up, i > 0);
      gtk_widget_set_tooltip_text (up, up_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (up), GTK_ACCESSIBLE_PROPERTY_LABEL, up_name, -1);
      g_object_set_data (G_OBJECT (up), "index", GUINT_TO_POINTER (i));
      g_signal_connect (up, "clicked", G_CALLBACK (repair_move_up), list);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), up);
      gtk_list_box_append (list, row);
    }
}

static void
repair_response (AdwMessageDialog *dialog, const char *response, SpkTrackerPage *self)
{
  const char *faction = g_object_get_data (G_OBJECT (dialog), "faction");
  GPtrArray *order = g_object_get_data (G_OBJECT (dialog), "order");
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "apply") || self->table == NULL)
    return;
  g_ptr_array_add (order, NULL);
  if (!spk_table_set_repair_preference (self->table, faction, (const char *const *) order->pdata, &error))
    {
      g_ptr_array_remove_index (order, order->len - 1);
      toast (self, error->message, FALSE);
      return;
    }
  g_ptr_array_remove_index (order, order->len - 1);
  /* Then on to the Income Phase, or the next faction's question. */
  gtk_widget_activate_action (GTK_WIDGET (self), "tracker.next-phase", NULL);
}

/* R-repair-1: the model's question, with the tied structures to order. */
static void
open_repair_dialog (SpkTrackerPage *self, const char *faction, const char *question)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GHashTable) choices = spk_table_get_repair_choices (self->table);
  const char *const *tied = g_hash_table_lookup (choices, faction);
  g_autofree char *heading = g_strdup_printf (_("Gate Repair of %s"), spk_board_faction_label (board (self), faction));
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", question,
                                           _("Put them in the order to give them up; the first go first. "
                                             "Each gives back 1 gate health."));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  GtkWidget *list = gtk_list_box_new ();
  GPtrArray *order = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; tied != NULL && tied[i] != NULL; i++)
    g_ptr_array_add (order, g_strdup (tied[i]));
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Advancements in the order they are given up"), -1);
  g_object_set_data_full (G_OBJECT (list), "order", g_ptr_array_ref (order), (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data_full (G_OBJECT (dialog), "order", order, (GDestroyNotify) g_ptr_array_unref);
  fill_repair_list (GTK_LIST_BOX (list), order);
  present_edit_dialog (self, dialog, faction, list, _("_Repair and Continue"), G_CALLBACK (repair_response),
                       list);
}

/* --- faction name ------------------------------------------------------------------- */

/* The factions of the game, offered as one-click names for a faction of
 * an empty board; any other name can be typed. */
static const char *const known_factions[] = { "Brawnen", "Grovetenders", "Heirs", "Uprising", "Narora" };

static void open_faction_dialog (SpkTrackerPage *self, const char *faction, const char *text, const char *problem);

static void
faction_response (AdwMessageDialog *dialog, const char *response, SpkTrackerPage *self)
{
  const char *faction = g_object_get_data (G_OBJECT (dialog), "faction");
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "apply") || self->table == NULL)
    return;
  if (!spk_table_set_faction_name (self->table, faction, gtk_editable_get_text (entry), &error))
    open_faction_dialog (self, faction, gtk_editable_get_text (entry), error->message);
  else
    toast_step (self);
}

static void
known_faction_clicked (GtkButton *button, GtkEditable *entry)
{
  gtk_editable_set_text (entry, gtk_button_get_label (button));
  gtk_widget_grab_focus (GTK_WIDGET (entry));
}

/* Names a faction: typed, or one of the game's factions picked. */
static void
open_faction_dialog (SpkTrackerPage *self, const char *faction, const char *text, const char *problem)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *heading = g_strdup_printf (_("Name of %s"), spk_board_faction_label (board (self), faction));
  const char *help = _("Type the faction's name, or pick the faction it is.");
  g_autofree char *body = problem != NULL ? g_strdup_printf ("%s\n\n%s", problem, help) : g_strdup (help);
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *known = gtk_flow_box_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Faction name"), -1);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (known), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (known), 3);
  for (guint i = 0; i < G_N_ELEMENTS (known_factions); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (known_factions[i]);

      gtk_widget_add_css_class (button, "pill");
      g_signal_connect (button, "clicked", G_CALLBACK (known_faction_clicked), entry);
      spk_flow_box_append_plain (GTK_FLOW_BOX (known), button);
    }
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), known);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  present_edit_dialog (self, dialog, faction, box, _("_Rename"), G_CALLBACK (faction_response), entry);
}

static void
edit_faction (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  const char *faction = g_variant_get_string (param, NULL);

  if (self->table == NULL || spk_board_find_faction (board (self), faction) == NULL)
    return;
  open_faction_dialog (self, faction, spk_board_faction_label (board (self), faction), NULL);
}

static void open_structures_dialog (SpkTrackerPage *self, const char *faction, const char *text,
                                    const char *problem);

static void
structures_response (AdwMessageDialog *dialog, const char *response, SpkTrackerPage *self)
{
  const char *faction = g_object_get_data (G_OBJECT (dialog), "faction");
  GtkTextView *view = g_object_get_data (G_OBJECT (dialog), "view");
  const SpkFaction *f = self->table != NULL ? spk_board_find_faction (board (self), faction) : NULL;
  g_autoptr(GPtrArray) structures = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  if (!g_str_equal (response, "apply") || f == NULL)
    return;
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
  structures = spk_structures_from_text (text, f->structures, &error);
  if (structures == NULL)
    {
      /* Nothing typed is lost: the editor comes back with the problem. */
      open_structures_dialog (self, faction, text, error->message);
      return;
    }
  if (!spk_table_set_structures (self->table, faction, structures, &error))
    toast (self, error->message, FALSE);
  else if (spk_table_get_undo_label (self->table) != NULL)
    toast (self, spk_table_get_undo_label (self->table), TRUE);
}

/* An editor for a faction's structures, as text (spk-structure-text.h):
 * quick to type from the reference sheet and reachable by keyboard. */
static void
open_structures_dialog (SpkTrackerPage *self, const char *faction, const char *text, const char *problem)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *heading = g_strdup_printf (_("Fortress Structures of %s"), spk_board_faction_label (board (self), faction));
  const char *help = _("One structure per line: its name, a colon, then its levels from the lowest up, "
                       "separated by commas, each a name and its Source cost.\n"
                       "For example: Inner Oak: Amplify 3, Deep Roots 5");
  g_autofree char *body = problem != NULL ? g_strdup_printf ("%s\n\n%s", problem, help) : g_strdup (help);
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Structures, one per line"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_widget_add_css_class (scroller, "card");
  g_object_set_data (G_OBJECT (dialog), "view", view);
  present_edit_dialog (self, dialog, faction, scroller, _("_Apply"), G_CALLBACK (structures_response), view);
}

static void
edit_structures (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  const char *faction = g_variant_get_string (param, NULL);
  const SpkFaction *f = self->table != NULL ? spk_board_find_faction (board (self), faction) : NULL;
  g_autofree char *text = NULL;

  if (f == NULL)
    return;
  text = spk_structures_to_text (f->structures);
  open_structures_dialog (self, faction, text, NULL);
}

static void
buy_advancement (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  const char *faction, *structure;
  g_autoptr(GError) error = NULL;

  if (self->table == NULL)
    return;
  g_variant_get (param, "(&s&s)", &faction, &structure);
  if (!spk_table_buy_advancement (self->table, faction, structure, &error))
    toast (self, error->message, FALSE);
  else
    toast (self, spk_table_get_undo_label (self->table), TRUE);
}

static void
spk_tracker_page_dispose (GObject *object)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  if (self->log_handler != 0)
    g_clear_signal_handler (&self->log_handler, gtk_filter_list_model_get_model (self->log_model));
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TRACKER_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->log_sorted);
  g_clear_object (&self->log_model);
  G_OBJECT_CLASS (spk_tracker_page_parent_class)->dispose (object);
}

static void
spk_tracker_page_finalize (GObject *object)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (object);

  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->structure_lists, g_hash_table_unref);
  g_clear_pointer (&self->filter_ids, g_ptr_array_unref);
  g_clear_pointer (&self->header, g_free);
  g_clear_pointer (&self->card_ids, g_free);
  g_clear_pointer (&self->market_ids, g_free);
  g_clear_pointer (&self->market_turn, g_free);
  G_OBJECT_CLASS (spk_tracker_page_parent_class)->finalize (object);
}

static gboolean
next_phase_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (data), "tracker.next-phase", NULL);
}

/* Ctrl+Return goes to the next phase from every page of the window, not
 * only while the Tracker is shown: the phase drives the Table page's
 * turns as much as the Tracker. A shortcut of a hidden page never runs,
 * so the page lends it to its window while it is in one. */
static void
spk_tracker_page_root (GtkWidget *widget)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);
  GtkEventController *controller = gtk_shortcut_controller_new ();

  GTK_WIDGET_CLASS (spk_tracker_page_parent_class)->root (widget);
  gtk_event_controller_set_name (controller, "spk-next-phase");
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (next_phase_key, self, NULL)));
  self->next_phase_keys = controller;
  gtk_widget_add_controller (GTK_WIDGET (gtk_widget_get_root (widget)), controller);
}

static void
spk_tracker_page_unroot (GtkWidget *widget)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);

  if (self->next_phase_keys != NULL)
    gtk_widget_remove_controller (GTK_WIDGET (gtk_widget_get_root (widget)), self->next_phase_keys);
  self->next_phase_keys = NULL;
  GTK_WIDGET_CLASS (spk_tracker_page_parent_class)->unroot (widget);
}

static void
spk_tracker_page_class_init (SpkTrackerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_tracker_page_dispose;
  object_class->finalize = spk_tracker_page_finalize;
  widget_class->root = spk_tracker_page_root;
  widget_class->unroot = spk_tracker_page_unroot;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-tracker-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, wave_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, phase_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, next_button);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, end_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, end_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, cards);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, log_filter);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, log_edits);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, log_list);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_faction);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_item);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_cost);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_hint);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_buy);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_earthscape);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market_pass);

  gtk_widget_class_install_action (widget_class, "tracker.next-phase", NULL, next_phase);
  gtk_widget_class_install_action (widget_class, "tracker.edit-structures", "s", edit_structures);
  gtk_widget_class_install_action (widget_class, "tracker.edit-faction", "s", edit_faction);
  gtk_widget_class_install_action (widget_class, "tracker.buy-advancement", "(ss)", buy_advancement);
  gtk_widget_class_install_action (widget_class, "tracker.buy-market", NULL, buy_market);
  gtk_widget_class_install_action (widget_class, "tracker.buy-earthscape", NULL, buy_market);
  gtk_widget_class_install_action (widget_class, "tracker.pass-market", NULL, buy_market);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
spk_tracker_page_init (SpkTrackerPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->structure_lists = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->filter = gtk_custom_filter_new (log_filter_func, self, NULL);
  self->log_model = gtk_filter_list_model_new (NULL, GTK_FILTER (g_object_ref (self->filter)));
  self->log_sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->log_model)),
                                              GTK_SORTER (gtk_custom_sorter_new (newest_first, NULL, NULL)));
  gtk_list_box_bind_model (self->log_list, G_LIST_MODEL (self->log_sorted), create_log_row, self, NULL);
  {
    GtkWidget *empty = gtk_label_new (_("Nothing logged yet. Each step you take on the Table or here, "
                                        "and each phase, is listed here; Undo takes the last one back."));

    gtk_label_set_wrap (GTK_LABEL (empty), TRUE);
    gtk_label_set_justify (GTK_LABEL (empty), GTK_JUSTIFY_CENTER);
    gtk_widget_set_margin_top (empty, 18);
    gtk_widget_set_margin_bottom (empty, 18);
    gtk_widget_set_margin_start (empty, 12);
    gtk_widget_set_margin_end (empty, 12);
    gtk_widget_add_css_class (empty, "dim-label");
    gtk_list_box_set_placeholder (self->log_list, empty);
  }
  g_signal_connect_swapped (self->log_filter, "notify::selected", G_CALLBACK (filter_changed), self);
  g_signal_connect_swapped (self->log_edits, "toggled", G_CALLBACK (filter_changed), self);
  g_signal_connect_swapped (self->market_faction, "notify::selected", G_CALLBACK (update_market), self);
  g_signal_connect_swapped (self->market_item, "changed", G_CALLBACK (update_market), self);
  g_signal_connect_swapped (self->market_item, "entry-activated", G_CALLBACK (market_item_activated), self);
  g_signal_connect_swapped (self->market_cost, "value-changed", G_CALLBACK (update_market), self);
  update_market (self);
  g_object_unref (self->filter);
}
