/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-tracker-page.h"

#include "spk-edit-dialogs.h"
#include "spk-faction-card.h"
#include "spk-chart-section.h"
#include "spk-table-codex.h"
#include "spk-codex-section.h"
#include "spk-log-section.h"
#include "spk-market-section.h"
#include "spk-result-section.h"
#include "spk-wave-section.h"

struct _SpkTrackerPage
{
  GtkWidget           parent_instance;

  SpkCodexSection    *codex;
  SpkWaveSection     *wave;
  SpkResultSection   *result;
  GtkFlowBox         *cards;
  GtkWidget          *add_faction_button;
  SpkMarketSection   *market;
  SpkChartSection    *chart;
  SpkLogSection      *log;

  SpkTable           *table;
  GtkEventController *next_phase_keys; /* on the window, while rooted */
};

G_DEFINE_FINAL_TYPE (SpkTrackerPage, spk_tracker_page, GTK_TYPE_WIDGET)

/* --- faction cards -------------------------------------------------------------------- */

/* A card is a plain child: Tab goes from one of its buttons to the next,
 * with no stop on the flow box child around it. */
static void
card_parent_changed (GtkWidget *card)
{
  GtkWidget *parent = gtk_widget_get_parent (card);

  if (GTK_IS_FLOW_BOX_CHILD (parent))
    gtk_widget_set_focusable (parent, FALSE);
}

static GtkWidget *
create_card (gpointer item, gpointer data)
{
  SpkTrackerPage *self = data;
  GtkWidget *card = spk_faction_card_new (self->table, item);

  g_signal_connect (card, "notify::parent", G_CALLBACK (card_parent_changed), NULL);
  return card;
}

static SpkFactionCard *
find_card (SpkTrackerPage *self, const char *faction)
{
  GtkFlowBoxChild *child;

  for (int i = 0; (child = gtk_flow_box_get_child_at_index (self->cards, i)) != NULL; i++)
    {
      SpkFactionCard *card = SPK_FACTION_CARD (gtk_flow_box_child_get_child (child));

      if (g_strcmp0 (spk_faction_model_get_id (spk_faction_card_get_faction (card)), faction) == 0)
        return card;
    }
  return NULL;
}

/* --- actions -------------------------------------------------------------------------- */

/* The page's actions, which the window, Ctrl+Return and tests use, are
 * those of the section that does the work; a faction's are those of its
 * card, with the faction id as the first (or only) parameter. */
static const struct {
  const char *name;
  const char *type;
  const char *target;
  gsize       section;   /* offset of the section; 0 for a faction card */
} forwarded[] = {
  { "tracker.next-phase", NULL, "wave.next-phase", G_STRUCT_OFFSET (SpkTrackerPage, wave) },
  { "tracker.buy-market", NULL, "market.buy", G_STRUCT_OFFSET (SpkTrackerPage, market) },
  { "tracker.buy-earthscape", NULL, "market.buy-earthscape", G_STRUCT_OFFSET (SpkTrackerPage, market) },
  { "tracker.pass-market", NULL, "market.pass", G_STRUCT_OFFSET (SpkTrackerPage, market) },
  { "tracker.edit-faction", "s", "card.rename", 0 },
  { "tracker.edit-structures", "s", "card.edit-structures", 0 },
  { "tracker.remove-faction", "s", "card.remove", 0 },
  { "tracker.buy-advancement", "(ss)", "card.buy-advancement", 0 },
};

static void
forward (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);

  for (guint i = 0; i < G_N_ELEMENTS (forwarded); i++)
    {
      g_autoptr(GVariant) faction = NULL;
      g_autoptr(GVariant) rest = NULL;
      GtkWidget *owner;

      if (!g_str_equal (forwarded[i].name, name))
        continue;
      /* A Codex table's phases are the Codex section's. */
      if (g_str_equal (name, "tracker.next-phase") && self->table != NULL &&
          spk_table_get_codex (self->table) != NULL)
        {
          spk_codex_section_next_phase (self->codex);
          return;
        }
      if (forwarded[i].section != 0)
        owner = G_STRUCT_MEMBER (GtkWidget *, self, forwarded[i].section);
      else
        {
          if (g_variant_is_of_type (param, G_VARIANT_TYPE_TUPLE))
            {
              faction = g_variant_get_child_value (param, 0);
              rest = g_variant_get_child_value (param, 1);
            }
          else
            faction = g_variant_ref (param);
          owner = (GtkWidget *) find_card (self, g_variant_get_string (faction, NULL));
        }
      if (owner != NULL)
        gtk_widget_activate_action_variant (owner, forwarded[i].target, rest);
      return;
    }
}

static void
add_faction (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (widget);

  if (self->table != NULL)
    spk_edit_dialog_add_faction (widget, self->table);
}

static gboolean
next_phase_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (data), "tracker.next-phase", NULL);
}

/* --- object ------------------------------------------------------------------------- */

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
spk_tracker_page_dispose (GObject *object)
{
  SpkTrackerPage *self = SPK_TRACKER_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TRACKER_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (spk_tracker_page_parent_class)->dispose (object);
}

static void
spk_tracker_page_class_init (SpkTrackerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_tracker_page_dispose;
  widget_class->root = spk_tracker_page_root;
  widget_class->unroot = spk_tracker_page_unroot;

  g_type_ensure (SPK_TYPE_CODEX_SECTION);
  g_type_ensure (SPK_TYPE_WAVE_SECTION);
  g_type_ensure (SPK_TYPE_RESULT_SECTION);
  g_type_ensure (SPK_TYPE_MARKET_SECTION);
  g_type_ensure (SPK_TYPE_CHART_SECTION);
  g_type_ensure (SPK_TYPE_LOG_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-tracker-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, codex);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, wave);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, add_faction_button);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, result);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, cards);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, market);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, chart);
  gtk_widget_class_bind_template_child (widget_class, SpkTrackerPage, log);

  for (guint i = 0; i < G_N_ELEMENTS (forwarded); i++)
    gtk_widget_class_install_action (widget_class, forwarded[i].name, forwarded[i].type, forward);
  gtk_widget_class_install_action (widget_class, "tracker.add-faction", NULL, add_faction);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
spk_tracker_page_init (SpkTrackerPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
spk_tracker_page_set_table (SpkTrackerPage *self, SpkTable *table)
{
  gboolean codex = table != NULL && spk_table_get_codex (table) != NULL;
  SpkTable *cloudspire = codex ? NULL : table;

  g_return_if_fail (SPK_IS_TRACKER_PAGE (self));

  g_set_object (&self->table, table);
  /* R-codex-5: a Codex table shows the Codex board and the log; the
   * Cloudspire sections have nothing to show. */
  gtk_widget_set_visible (GTK_WIDGET (self->codex), codex);
  gtk_widget_set_visible (GTK_WIDGET (self->wave), !codex);
  gtk_widget_set_visible (GTK_WIDGET (self->result), !codex);
  gtk_widget_set_visible (GTK_WIDGET (self->cards), !codex);
  gtk_widget_set_visible (self->add_faction_button, !codex);
  gtk_widget_set_visible (GTK_WIDGET (self->market), !codex);
  gtk_widget_set_visible (GTK_WIDGET (self->chart), !codex);
  spk_codex_section_set_table (self->codex, table);
  spk_wave_section_set_table (self->wave, cloudspire);
  spk_result_section_set_table (self->result, cloudspire);
  /* One card per faction model, made when the table's list gains it: a
   * new table, new cards; a step only changes what they show. */
  gtk_flow_box_bind_model (self->cards, cloudspire != NULL ? spk_table_get_factions (cloudspire) : NULL,
                           create_card, self, NULL);
  spk_market_section_set_table (self->market, cloudspire);
  spk_chart_section_set_table (self->chart, cloudspire);
  spk_log_section_set_table (self->log, table);
}

SpkCodexSection *
spk_tracker_page_get_codex_section (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return self->codex;
}

const char *
spk_tracker_page_get_header (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  if (self->table != NULL && spk_table_get_codex (self->table) != NULL)
    return spk_codex_section_get_header (self->codex);
  return spk_wave_section_get_header (self->wave);
}

const char *
spk_tracker_page_get_value (SpkTrackerPage *self, const char *faction, const char *field)
{
  SpkFactionCard *card;

  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  card = find_card (self, faction);
  return card != NULL ? spk_faction_card_get_value (card, field) : NULL;
}

const char *
spk_tracker_page_get_phase_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return spk_wave_section_get_phase_text (self->wave);
}

const char *
spk_tracker_page_get_end_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return spk_result_section_get_text (self->result);
}

const char *
spk_tracker_page_get_market_text (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), NULL);
  return spk_market_section_get_text (self->market);
}

guint
spk_tracker_page_get_n_log_rows (SpkTrackerPage *self)
{
  g_return_val_if_fail (SPK_IS_TRACKER_PAGE (self), 0);
  return spk_log_section_get_n_rows (self->log);
}

void
spk_tracker_page_filter_log (SpkTrackerPage *self, const char *faction)
{
  g_return_if_fail (SPK_IS_TRACKER_PAGE (self));
  spk_log_section_filter (self->log, faction);
}
