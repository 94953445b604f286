/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-market-section.h"

#include <glib/gi18n.h>

#include "spk-economy.h"
#include "spk-faction-model.h"
#include "spk-table-follow.h"
#include "spk-widget-util.h"

struct _SpkMarketSection
{
  AdwBin         parent_instance;

  AdwComboRow   *faction_row;
  AdwEntryRow   *item_row;
  GtkSpinButton *cost_button;
  GtkLabel      *hint_label;
  GtkWidget     *buy_button;
  GtkWidget     *earthscape_button;
  GtkWidget     *pass_button;

  SpkTable      *table;
  gulong         recorded_handler;
  char          *market_turn;   /* whose market turn the choice last followed */
};

G_DEFINE_FINAL_TYPE (SpkMarketSection, spk_market_section, ADW_TYPE_BIN)

static const char *
chosen_faction (SpkMarketSection *self)
{
  SpkFactionModel *faction = adw_combo_row_get_selected_item (self->faction_row);

  return faction != NULL ? spk_faction_model_get_id (faction) : NULL;
}

/* A faction in the choice, by its label as it is now: a rename shows at
 * once. The list in the popover marks the chosen one. */
static void
setup_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer in_list)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkExpression *faction = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_expression_bind (gtk_property_expression_new (SPK_TYPE_FACTION_MODEL, faction, "label"), label, "label", item);
  gtk_box_append (GTK_BOX (box), label);
  if (GPOINTER_TO_INT (in_list))
    {
      GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

      gtk_expression_bind (gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "selected"), check, "visible", item);
      gtk_box_append (GTK_BOX (box), check);
    }
  gtk_list_item_set_child (item, box);
}

static GtkListItemFactory *
choice_factory (gboolean in_list)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), GINT_TO_POINTER (in_list));
  return factory;
}

/* Why nothing can be bought now, or NULL in a Market Phase. */
static char *
market_closed_reason (SpkMarketSection *self, const SpkBoard *b)
{
  SpkPhase phase = spk_table_get_phase (self->table);
  SpkGameRules rules;

  spk_game_rules_from_board (b, &rules);
  if (spk_table_get_game_over (self->table))
    return g_strdup (_("The game is over; nothing more is bought."));
  if (rules.skip_market)
    return g_strdup (_("The faster game has no Market Phase, so nothing is bought at the market."));
  /* Phases run in the order of SpkPhase: once past the Market, Next Phase
   * reaches it only in the next wave, or never after the last one. */
  if (phase < SPK_PHASE_MARKET)
    return g_strdup_printf (_("Purchases are made in the Market Phase; it is the %s now. "
                              "Use Next Phase to get there."),
                            spk_phase_label (phase));
  if (phase != SPK_PHASE_MARKET && b->wave >= spk_table_get_waves (self->table))
    return g_strdup_printf (_("Purchases are made in the Market Phase; it is the %s now, and the last "
                              "wave's Market Phase is over."),
                            spk_phase_label (phase));
  if (phase != SPK_PHASE_MARKET)
    return g_strdup_printf (_("Purchases are made in the Market Phase; it is the %s now, so the next one "
                              "comes in wave %d."),
                            spk_phase_label (phase), b->wave + 1);
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
follow_market_turn (SpkMarketSection *self, const SpkBoard *b)
{
  const char *turn = spk_table_get_market_turn (self->table);

  if (g_strcmp0 (turn, self->market_turn) == 0)
    return;
  g_free (self->market_turn);
  self->market_turn = g_strdup (turn);
  for (guint i = 0; turn != NULL && i < b->factions->len; i++)
    if (g_str_equal (((SpkFaction *) g_ptr_array_index (b->factions, i))->id, turn))
      adw_combo_row_set_selected (self->faction_row, i);
}

/* The cost as typed, read before the field takes it in (the hint follows
 * each key): an empty field, or one that is no number, is no cost at
 * all, never a default. */
static int
entered_cost (SpkMarketSection *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->cost_button))));
  char *end = NULL;
  gint64 typed;

  typed = g_ascii_strtoll (text, &end, 10);
  if (end == text || *end != '\0' || typed < G_MININT || typed > G_MAXINT)
    return SPK_MARKET_COST_UNSET;
  return (int) typed;
}

/* Leaving the cost field empty keeps it empty instead of writing a 0. */
static int
cost_input (SpkMarketSection *self, double *value)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->cost_button))));

  return *text == '\0' ? GTK_INPUT_ERROR : FALSE;
}

/* GTK writes the value out when the field is set up or shown; an empty
 * field at 0 stays empty, so that no price appears that nobody entered. */
static gboolean
cost_output (SpkMarketSection *self)
{
  return *gtk_editable_get_text (GTK_EDITABLE (self->cost_button)) == '\0' &&
         gtk_spin_button_get_value_as_int (self->cost_button) == 0;
}

static void
set_market_button (SpkMarketSection *self, const char *action, GtkWidget *button, gboolean ok, const char *why)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), action, ok);
  gtk_widget_set_tooltip_text (button, why);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, why, -1);
}

static char *
offer_text (SpkMarketSection *self, const SpkBoard *b)
{
  int count = spk_table_get_market_count (self->table);

  if (spk_market_refreshes (b->wave))
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Wave %d: the market was refreshed and offers %d option besides the earthscape.",
                                         "Wave %d: the market was refreshed and offers %d options besides the earthscape.",
                                         count),
                            b->wave, count);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Wave %d: the market as set up offers %d option besides the earthscape.",
                                       "Wave %d: the market as set up offers %d options besides the earthscape.",
                                       count),
                          b->wave, count);
}

static void
update (SpkMarketSection *self)
{
  const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;
  const SpkFaction *f;
  g_autofree char *item = NULL, *closed = NULL, *offer = NULL, *buy = NULL, *earth = NULL, *pass = NULL;
  g_autoptr(GString) hint = g_string_new (NULL);
  g_autoptr(GError) buy_error = NULL, earth_error = NULL, pass_error = NULL;
  gboolean can_buy = FALSE, can_earth = FALSE, can_pass = FALSE;
  int cost;

  if (b != NULL)
    follow_market_turn (self, b);
  f = b != NULL ? spk_board_find_faction (b, chosen_faction (self)) : NULL;
  if (f == NULL)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "market.buy", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "market.buy-earthscape", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "market.pass", FALSE);
      gtk_label_set_text (self->hint_label, "");
      return;
    }
  item = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->item_row))));
  cost = entered_cost (self);
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
      offer = offer_text (self, b);
      spk_table_begin_dry_run (self->table);
      can_buy = spk_table_buy_market_chip (self->table, f->id, item, cost, &buy_error);
      can_earth = spk_table_buy_earthscape (self->table, f->id, &earth_error);
      can_pass = spk_table_pass_market (self->table, f->id, &pass_error);
      spk_table_end_dry_run (self->table);
      buy = dry_run_answer (can_buy, buy_error,
                            g_strdup_printf (_("Buy %s for %d Source; %s keeps %d."), item, cost,
                                             spk_faction_label (f), f->source - cost));
      earth = dry_run_answer (can_earth, earth_error,
                              g_strdup_printf (_("Buy the earthscape for %d Source; %s keeps %d."),
                                               SPK_EARTHSCAPE_COST, spk_faction_label (f),
                                               f->source - SPK_EARTHSCAPE_COST));
      pass = dry_run_answer (can_pass, pass_error,
                             g_strdup_printf (_("%s buys nothing this Market Phase."), spk_faction_label (f)));
      g_string_append_printf (hint, "%s\n%s\n%s", offer, buy, earth);
    }
  set_market_button (self, "market.buy", self->buy_button, can_buy, buy);
  set_market_button (self, "market.buy-earthscape", self->earthscape_button, can_earth, earth);
  set_market_button (self, "market.pass", self->pass_button, can_pass, pass);
  gtk_label_set_text (self->hint_label, hint->str);
}

/* After an action: a toast naming what Undo takes back, with Undo; or
 * the model's refusal. */
static void
acted (SpkMarketSection *self, gboolean ok, GError *error)
{
  g_autofree char *undo = NULL;

  if (!ok)
    spk_toast_show (GTK_WIDGET (self), error->message, FALSE);
  else if ((undo = spk_table_describe_undo (self->table)) != NULL)
    spk_toast_show (GTK_WIDGET (self), undo, TRUE);
}

/* --- template callbacks --------------------------------------------------------------- */

static void
form_changed (SpkMarketSection *self)
{
  update (self);
}

static void
item_activated (SpkMarketSection *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "market.buy", NULL);
}

/* --- actions -------------------------------------------------------------------------- */

static void
buy (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkMarketSection *self = SPK_MARKET_SECTION (widget);
  g_autofree char *faction = g_strdup (chosen_faction (self));
  g_autofree char *item = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->item_row))));
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->table == NULL || faction == NULL)
    return;
  ok = spk_table_buy_market_chip (self->table, faction, item, entered_cost (self), &error);
  /* Bought once: neither the name nor its price is left for the next
   * purchase to take by accident. */
  if (ok)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->item_row), "");
      gtk_spin_button_set_value (self->cost_button, 0);
      gtk_editable_set_text (GTK_EDITABLE (self->cost_button), "");
    }
  acted (self, ok, error);
}

/* An action of the chosen faction alone. */
static void
act_for_faction (SpkMarketSection *self, gboolean (*action) (SpkTable *, const char *, GError **))
{
  g_autofree char *faction = g_strdup (chosen_faction (self));
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->table == NULL || faction == NULL)
    return;
  ok = action (self->table, faction, &error);
  acted (self, ok, error);
}

static void
buy_earthscape (GtkWidget *widget, const char *name, GVariant *param)
{
  act_for_faction (SPK_MARKET_SECTION (widget), spk_table_buy_earthscape);
}

static void
pass (GtkWidget *widget, const char *name, GVariant *param)
{
  act_for_faction (SPK_MARKET_SECTION (widget), spk_table_pass_market);
}

/* --- object ------------------------------------------------------------------------- */

static void
spk_market_section_dispose (GObject *object)
{
  SpkMarketSection *self = SPK_MARKET_SECTION (object);

  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_MARKET_SECTION);
  G_OBJECT_CLASS (spk_market_section_parent_class)->dispose (object);
}

static void
spk_market_section_finalize (GObject *object)
{
  SpkMarketSection *self = SPK_MARKET_SECTION (object);

  g_free (self->market_turn);
  G_OBJECT_CLASS (spk_market_section_parent_class)->finalize (object);
}

static void
spk_market_section_class_init (SpkMarketSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_market_section_dispose;
  object_class->finalize = spk_market_section_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-market-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, faction_row);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, item_row);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, cost_button);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, hint_label);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, buy_button);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, earthscape_button);
  gtk_widget_class_bind_template_child (widget_class, SpkMarketSection, pass_button);
  gtk_widget_class_bind_template_callback (widget_class, form_changed);
  gtk_widget_class_bind_template_callback (widget_class, item_activated);
  gtk_widget_class_bind_template_callback (widget_class, cost_input);
  gtk_widget_class_bind_template_callback (widget_class, cost_output);
  gtk_widget_class_install_action (widget_class, "market.buy", NULL, buy);
  gtk_widget_class_install_action (widget_class, "market.buy-earthscape", NULL, buy_earthscape);
  gtk_widget_class_install_action (widget_class, "market.pass", NULL, pass);
}

static void
spk_market_section_init (SpkMarketSection *self)
{
  g_autoptr(GtkListItemFactory) shown = choice_factory (FALSE);
  g_autoptr(GtkListItemFactory) listed = choice_factory (TRUE);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_editable_set_text (GTK_EDITABLE (self->cost_button), "");
  adw_combo_row_set_factory (self->faction_row, shown);
  adw_combo_row_set_list_factory (self->faction_row, listed);
  update (self);
}

void
spk_market_section_set_table (SpkMarketSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_MARKET_SECTION (self));

  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (update));
  g_clear_pointer (&self->market_turn, g_free);
  adw_combo_row_set_model (self->faction_row, table != NULL ? spk_table_get_factions (table) : NULL);
  adw_combo_row_set_selected (self->faction_row, 0);
  update (self);
}

const char *
spk_market_section_get_text (SpkMarketSection *self)
{
  g_return_val_if_fail (SPK_IS_MARKET_SECTION (self), NULL);
  return gtk_label_get_text (self->hint_label);
}
