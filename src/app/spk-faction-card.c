/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-faction-card.h"

#include "spk-look.h"
#include "spk-palette.h"

#include <glib/gi18n.h>

#include "spk-board-view.h"
#include "spk-economy.h"
#include "spk-edit-dialogs.h"
#include "spk-structure-text.h"
#include "spk-table-follow.h"
#include "spk-widget-util.h"

struct _SpkFactionCard
{
  AdwBin           parent_instance;

  GtkDrawingArea  *swatch;
  GtkLabel        *title;
  GtkWidget       *rename_button;
  GtkWidget       *remove_button;
  GtkLabel        *source_value;
  GtkLabel        *gate_value;
  GtkLabel        *cp_value;
  GtkLabel        *limited_value;
  GtkLabel        *spires_value;
  GtkLabel        *heroes_value;
  GtkLabel        *advancements_value;
  GtkLabel        *power_value;
  GtkLabel        *barracks_value;
  GtkWidget       *source_less;
  GtkWidget       *source_more;
  GtkWidget       *gate_less;
  GtkWidget       *gate_more;
  GtkWidget       *cp_less;
  GtkWidget       *cp_more;
  GtkListBox      *structures;
  GtkWidget       *structures_button;

  SpkTable        *table;
  SpkFactionModel *faction;
  gulong           recorded_handler;
  int              colour_index;      /* the faction's place on the board */
  char            *structures_shown;  /* what the structure rows were made from */
};

G_DEFINE_FINAL_TYPE (SpkFactionCard, spk_faction_card, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_TABLE,
  PROP_FACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The value labels by field name, for spk_faction_card_get_value. */
static const struct {
  const char *field;
  gsize       offset;
} value_labels[] = {
  { "source", G_STRUCT_OFFSET (SpkFactionCard, source_value) },
  { "gate", G_STRUCT_OFFSET (SpkFactionCard, gate_value) },
  { "cp", G_STRUCT_OFFSET (SpkFactionCard, cp_value) },
  { "limited", G_STRUCT_OFFSET (SpkFactionCard, limited_value) },
  { "spires", G_STRUCT_OFFSET (SpkFactionCard, spires_value) },
  { "heroes", G_STRUCT_OFFSET (SpkFactionCard, heroes_value) },
  { "advancements", G_STRUCT_OFFSET (SpkFactionCard, advancements_value) },
  { "power", G_STRUCT_OFFSET (SpkFactionCard, power_value) },
  { "barracks", G_STRUCT_OFFSET (SpkFactionCard, barracks_value) },
};

static const char *
faction_id (SpkFactionCard *self)
{
  return spk_faction_model_get_id (self->faction);
}

/* --- colour ------------------------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SpkFactionCard *self = data;
  SpkRgba c;

  spk_palette_faction (self->colour_index, adw_style_manager_get_dark (adw_style_manager_get_default ()), &c);
  spk_palette_set_source (cr, &c, 1);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* --- values the faction model has ------------------------------------------------------ */

/* "7 / 15" for a value out of @data, or "7" when @data is 0. */
static gboolean
count_text (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  int limit = GPOINTER_TO_INT (data);

  g_value_take_string (to, limit > 0 ? g_strdup_printf ("%d / %d", g_value_get_int (from), limit)
                                     : g_strdup_printf ("%d", g_value_get_int (from)));
  return TRUE;
}

static void
describe (GtkWidget *widget, const char *text)
{
  gtk_widget_set_tooltip_text (widget, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/* Everything that names the faction, again after a rename. */
static void
name_changed (SpkFactionCard *self)
{
  const char *name = spk_faction_model_get_label (self->faction);
  const struct {
    GtkWidget  *less;
    GtkWidget  *more;
    const char *unit;
  } steppers[] = {
    { self->source_less, self->source_more, _("Source") },
    { self->gate_less, self->gate_more, _("gate health") },
    { self->cp_less, self->cp_more, _("CP") },
  };
  g_autofree char *rename = g_strdup_printf (_("Rename %s or choose which faction it is"), name);
  g_autofree char *remove = g_strdup_printf (_("Remove %s from the table"), name);
  g_autofree char *enter = g_strdup_printf (_("Enter the fortress structures of %s with their levels and costs"), name);
  g_autofree char *list = g_strdup_printf (_("Fortress advancements of %s"), name);

  for (guint i = 0; i < G_N_ELEMENTS (steppers); i++)
    {
      /* Translators: e.g. "Add 1 Source for Brawnen" */
      g_autofree char *less = g_strdup_printf (_("Remove 1 %s for %s"), steppers[i].unit, name);
      g_autofree char *more = g_strdup_printf (_("Add 1 %s for %s"), steppers[i].unit, name);

      describe (steppers[i].less, less);
      describe (steppers[i].more, more);
    }
  describe (self->rename_button, rename);
  describe (self->remove_button, remove);
  describe (self->structures_button, enter);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->structures), GTK_ACCESSIBLE_PROPERTY_LABEL, list, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (adw_bin_get_child (ADW_BIN (self))), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name, -1);
}

static void
bind_faction (SpkFactionCard *self)
{
  const GBindingFlags flags = G_BINDING_SYNC_CREATE;

  g_object_bind_property (self->faction, "label", self->title, "label", flags);
  g_object_bind_property_full (self->faction, "source", self->source_value, "label", flags, count_text, NULL,
                               GINT_TO_POINTER (SPK_SOURCE_CAPACITY), NULL);
  g_object_bind_property_full (self->faction, "gate-health", self->gate_value, "label", flags, count_text, NULL,
                               GINT_TO_POINTER (SPK_GATE_HEALTH_START), NULL);
  g_object_bind_property_full (self->faction, "cp", self->cp_value, "label", flags, count_text, NULL, NULL, NULL);
  g_object_bind_property_full (self->faction, "limited-builds", self->limited_value, "label", flags, count_text,
                               NULL, GINT_TO_POINTER (SPK_LIMITED_BUILDS_PER_WAVE), NULL);
  g_signal_connect_object (self->faction, "notify::label", G_CALLBACK (name_changed), self, G_CONNECT_SWAPPED);
  name_changed (self);
}

/* --- values that need the whole board ------------------------------------------------- */

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

static void
take_text (GtkLabel *label, char *text)
{
  gtk_label_set_text (label, text);
  g_free (text);
}

static GtkWidget *
buy_button (SpkFactionCard *self, const SpkFaction *f, const SpkStructure *st)
{
  const char *next = g_ptr_array_index (st->level_names, st->bought);
  int cost = g_array_index (st->level_costs, int, st->bought);
  g_autofree char *label = g_strdup_printf (_("Buy %s (%d Source)"), next, cost);
  g_autofree char *tip = g_strdup_printf (_("Buy level %d of %s, %s, for %d Source (%s has %d)"),
                                          st->bought + 1, st->name, next, cost, spk_faction_label (f), f->source);
  GtkWidget *button = gtk_button_new_with_label (label);
  g_autoptr(GError) why = NULL;
  gboolean allowed;

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  describe (button, tip);
  /* The model answers in a dry run of the purchase (phase, Source,
   * order), and its reason is the tooltip (R-page-5). */
  spk_table_begin_dry_run (self->table);
  allowed = spk_table_buy_advancement (self->table, f->id, st->name, &why);
  spk_table_end_dry_run (self->table);
  if (!allowed)
    {
      gtk_widget_set_sensitive (button, FALSE);
      gtk_widget_set_tooltip_text (button, why->message);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, why->message, -1);
    }
  else
    {
      /* An action would make the button sensitive again. */
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "card.buy-advancement");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", st->name);
    }
  return button;
}

static GtkWidget *
structure_row (SpkFactionCard *self, const SpkFaction *f, const SpkStructure *st)
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
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), buy_button (self, f, st));
  else
    {
      GtkWidget *done = gtk_label_new (_("All bought"));

      gtk_widget_add_css_class (done, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), done);
    }
  return row;
}

/* The rows are made again only when what they show changed, so the
 * focus stays put otherwise. */
static void
update_structures (SpkFactionCard *self, const SpkFaction *f)
{
  g_autofree char *text = spk_structures_to_text (f->structures);
  g_autoptr(GString) shown = g_string_new (text);
  GtkWidget *child;

  for (guint i = 0; i < f->structures->len; i++)
    g_string_append_printf (shown, "%d,", ((SpkStructure *) g_ptr_array_index (f->structures, i))->bought);
  g_string_append_printf (shown, "%d,%d", f->source, spk_table_get_phase (self->table));
  if (g_strcmp0 (self->structures_shown, shown->str) == 0)
    return;
  g_free (self->structures_shown);
  self->structures_shown = g_string_free (g_steal_pointer (&shown), FALSE);
  spk_release_focus_within (GTK_WIDGET (self->structures));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->structures))) != NULL)
    gtk_list_box_remove (self->structures, child);
  for (guint i = 0; i < f->structures->len; i++)
    gtk_list_box_append (self->structures, structure_row (self, f, g_ptr_array_index (f->structures, i)));
  gtk_widget_set_visible (GTK_WIDGET (self->structures), f->structures->len > 0);
}

static void
update_board_values (SpkFactionCard *self)
{
  const SpkBoard *b = spk_table_get_board (self->table);
  const SpkFaction *f = NULL;
  SpkGameRules rules;
  SpkFinalScore score = { 0 };
  guint i;

  for (i = 0; i < b->factions->len && f == NULL; i++)
    if (g_str_equal (((SpkFaction *) g_ptr_array_index (b->factions, i))->id, faction_id (self)))
      f = g_ptr_array_index (b->factions, i);
  if (f == NULL)
    return;
  if (self->colour_index != (int) i - 1)
    {
      self->colour_index = (int) i - 1;
      gtk_widget_queue_draw (GTK_WIDGET (self->swatch));
    }
  spk_game_rules_from_board (b, &rules);
  spk_final_score (&rules, b, &score, NULL);
  take_text (self->spires_value, g_strdup_printf ("%d / %d", spk_spires_in_play (b, f->id),
                                                  spk_spire_limit (b->player_count)));
  take_text (self->heroes_value, g_strdup_printf ("%d / %d", spk_heroes_in_play (b, f->id),
                                                  spk_hero_limit (b->wave)));
  take_text (self->advancements_value, advancements_text (f));
  take_text (self->power_value, g_strdup_printf ("%d", g_array_index (score.rows, SpkPowerRow, i - 1).power));
  take_text (self->barracks_value, barracks_text (b, f));
  spk_final_score_clear (&score);
  update_structures (self, f);
}

/* --- actions -------------------------------------------------------------------------- */

/* A refused action: the model's reason in a toast. */
static void
refused (SpkFactionCard *self, gboolean ok, GError *error)
{
  if (!ok)
    spk_toast_show (GTK_WIDGET (self), error->message, FALSE);
}

static void
step_source (GtkWidget *widget, const char *name, GVariant *delta)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);
  g_autoptr(GError) error = NULL;

  gboolean ok = spk_table_set_source (self->table, faction_id (self),
                                     spk_faction_model_get_source (self->faction) + g_variant_get_int32 (delta),
                                     NULL, &error);

  refused (self, ok, error);
}

static void
step_gate (GtkWidget *widget, const char *name, GVariant *delta)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);
  g_autoptr(GError) error = NULL;

  gboolean ok = spk_table_set_gate_health (self->table, faction_id (self),
                                          spk_faction_model_get_gate_health (self->faction) + g_variant_get_int32 (delta),
                                          NULL, &error);

  refused (self, ok, error);
}

static void
step_cp (GtkWidget *widget, const char *name, GVariant *delta)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);
  g_autoptr(GError) error = NULL;

  gboolean ok = spk_table_set_cp (self->table, faction_id (self),
                                 spk_faction_model_get_cp (self->faction) + g_variant_get_int32 (delta),
                                 NULL, &error);

  refused (self, ok, error);
}

static void
rename_faction (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);

  spk_edit_dialog_rename_faction (widget, self->table, faction_id (self));
}

/* The card goes with its faction: the toast is shown on the overlay,
 * which stays, and nothing of the card is used after the step. */
static void
remove_faction (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  g_autoptr(GtkWidget) anchor = g_object_ref (overlay != NULL ? overlay : widget);
  g_autoptr(SpkTable) table = g_object_ref (self->table);
  g_autofree char *id = g_strdup (faction_id (self));
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;

  if (!spk_table_remove_faction (table, id, &error))
    spk_toast_show (anchor, error->message, FALSE);
  else if ((undo = spk_table_describe_undo (table)) != NULL)
    spk_toast_show (anchor, undo, TRUE);
}

static void
edit_structures (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);

  spk_edit_dialog_structures (widget, self->table, faction_id (self));
}

static void
buy_advancement (GtkWidget *widget, const char *name, GVariant *structure)
{
  SpkFactionCard *self = SPK_FACTION_CARD (widget);
  g_autoptr(GError) error = NULL;

  if (spk_table_buy_advancement (self->table, faction_id (self), g_variant_get_string (structure, NULL), &error))
    spk_toast_show (widget, spk_table_get_undo_label (self->table), TRUE);
  else
    refused (self, FALSE, error);
}

/* --- object ------------------------------------------------------------------------- */

static void
spk_faction_card_constructed (GObject *object)
{
  SpkFactionCard *self = SPK_FACTION_CARD (object);

  G_OBJECT_CLASS (spk_faction_card_parent_class)->constructed (object);
  g_return_if_fail (self->table != NULL && self->faction != NULL);
  bind_faction (self);
  self->recorded_handler = g_signal_connect_swapped (self->table, "recorded", G_CALLBACK (update_board_values), self);
  update_board_values (self);
}

static void
spk_faction_card_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkFactionCard *self = SPK_FACTION_CARD (object);

  switch (prop_id)
    {
    case PROP_TABLE: self->table = g_value_dup_object (value); break;
    case PROP_FACTION: self->faction = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_faction_card_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkFactionCard *self = SPK_FACTION_CARD (object);

  switch (prop_id)
    {
    case PROP_TABLE: g_value_set_object (value, self->table); break;
    case PROP_FACTION: g_value_set_object (value, self->faction); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_faction_card_dispose (GObject *object)
{
  SpkFactionCard *self = SPK_FACTION_CARD (object);

  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_FACTION_CARD);
  g_clear_object (&self->faction);
  G_OBJECT_CLASS (spk_faction_card_parent_class)->dispose (object);
}

static void
spk_faction_card_finalize (GObject *object)
{
  SpkFactionCard *self = SPK_FACTION_CARD (object);

  g_free (self->structures_shown);
  G_OBJECT_CLASS (spk_faction_card_parent_class)->finalize (object);
}

static void
spk_faction_card_class_init (SpkFactionCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = spk_faction_card_constructed;
  object_class->set_property = spk_faction_card_set_property;
  object_class->get_property = spk_faction_card_get_property;
  object_class->dispose = spk_faction_card_dispose;
  object_class->finalize = spk_faction_card_finalize;

  properties[PROP_TABLE] = g_param_spec_object ("table", NULL, NULL, SPK_TYPE_TABLE, flags);
  properties[PROP_FACTION] = g_param_spec_object ("faction", NULL, NULL, SPK_TYPE_FACTION_MODEL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-faction-card.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, swatch);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, title);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, rename_button);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, remove_button);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, source_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, gate_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, cp_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, limited_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, spires_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, heroes_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, advancements_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, power_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, barracks_value);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, source_less);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, source_more);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, gate_less);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, gate_more);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, cp_less);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, cp_more);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, structures);
  gtk_widget_class_bind_template_child (widget_class, SpkFactionCard, structures_button);

  gtk_widget_class_install_action (widget_class, "card.source", "i", step_source);
  gtk_widget_class_install_action (widget_class, "card.gate", "i", step_gate);
  gtk_widget_class_install_action (widget_class, "card.cp", "i", step_cp);
  gtk_widget_class_install_action (widget_class, "card.rename", NULL, rename_faction);
  gtk_widget_class_install_action (widget_class, "card.remove", NULL, remove_faction);
  gtk_widget_class_install_action (widget_class, "card.edit-structures", NULL, edit_structures);
  gtk_widget_class_install_action (widget_class, "card.buy-advancement", "s", buy_advancement);
}

static void
spk_faction_card_init (SpkFactionCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Named once, by the sentence name_changed gives it, not by its
   * mnemonic label as well. */
  spk_name_mnemonic_buttons (self->structures_button);
  gtk_drawing_area_set_draw_func (self->swatch, draw_swatch, self, NULL);
  g_signal_connect_object (spk_look_get_default (), "changed",
                           G_CALLBACK (gtk_widget_queue_draw), self->swatch, G_CONNECT_SWAPPED);
}

GtkWidget *
spk_faction_card_new (SpkTable *table, SpkFactionModel *faction)
{
  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  g_return_val_if_fail (SPK_IS_FACTION_MODEL (faction), NULL);
  return g_object_new (SPK_TYPE_FACTION_CARD, "table", table, "faction", faction, NULL);
}

SpkFactionModel *
spk_faction_card_get_faction (SpkFactionCard *self)
{
  g_return_val_if_fail (SPK_IS_FACTION_CARD (self), NULL);
  return self->faction;
}

const char *
spk_faction_card_get_value (SpkFactionCard *self, const char *field)
{
  g_return_val_if_fail (SPK_IS_FACTION_CARD (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (value_labels); i++)
    if (g_strcmp0 (value_labels[i].field, field) == 0)
      return gtk_label_get_text (G_STRUCT_MEMBER (GtkLabel *, self, value_labels[i].offset));
  return NULL;
}
