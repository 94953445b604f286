/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-spire-section.h"

#include <glib/gi18n.h>

#include "spk-answer-text.h"
#include "spk-spire.h"
#include "spk-widget-util.h"

struct _SpkSpireSection
{
  AdwPreferencesGroup  parent_instance;

  AdwActionRow        *rows[SPK_N_UPGRADES];
  GtkWidget           *buy[SPK_N_UPGRADES];

  SpkTable            *table;
  char                *chip;
  guint                scroll_tick;   /* brings the section into view */
  guint                frames;        /* ... counted from its first frame */
};

G_DEFINE_FINAL_TYPE (SpkSpireSection, spk_spire_section, ADW_TYPE_PREFERENCES_GROUP)

/* Brings the section into view once the panel has been laid out with it:
 * the second frame after it was shown. */
static gboolean
scroll_into_view (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SpkSpireSection *self = SPK_SPIRE_SECTION (widget);
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scroller != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  GtkWidget *content = viewport != NULL ? gtk_widget_get_first_child (viewport) : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double value, page;

  if (self->frames++ == 0)
    return G_SOURCE_CONTINUE;
  self->frames = 0;
  self->scroll_tick = 0;
  if (content == NULL || !gtk_widget_get_visible (widget) || !gtk_widget_compute_bounds (widget, content, &bounds))
    return G_SOURCE_REMOVE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < value || bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y - 12);
  return G_SOURCE_REMOVE;
}

static void
show_spire (SpkSpireSection *self, const SpkChip *chip)
{
  const SpkFaction *owner = spk_board_find_faction (spk_table_get_board (self->table), chip->faction);
  g_autofree char *desc = g_strdup_printf (_("%s has %d Source. Attack %d, range %d, %u of %d upgrades."),
                                           owner != NULL && owner->name != NULL ? owner->name : chip->faction,
                                           owner != NULL ? owner->source : 0, spk_spire_attack (chip),
                                           spk_spire_range (chip), chip->upgrades->len, chip->capacity);

  g_autoptr(GArray) options = NULL;

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), desc);
  options = spk_spire_upgrade_options (self->table, chip->id);
  for (guint u = 0; options != NULL && u < options->len && u < SPK_N_UPGRADES; u++)
    {
      const SpkUpgradeOption *o = &g_array_index (options, SpkUpgradeOption, u);
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->rows[u]));
      g_autofree char *subtitle = NULL;
      /* Translators: %s is an upgrade, "Attack Upgrade"; a screen reader
       * says it for the Buy button of that row. */
      g_autofree char *buy_name = g_strdup_printf (_("Buy %s"), title);

      subtitle = o->allowed ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Costs %d Source",
                                                            "Costs %d Source", o->cost), o->cost)
                            : g_strdup (o->reason);
      adw_action_row_set_subtitle (self->rows[u], subtitle);
      gtk_widget_set_sensitive (self->buy[u], o->allowed);
      gtk_widget_set_tooltip_text (self->buy[u], o->allowed ? _("Add this upgrade at the bottom of the stack and pay for it")
                                                            : o->reason);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->buy[u]), GTK_ACCESSIBLE_PROPERTY_LABEL, buy_name, -1);
    }
}

/* Copy as Text: the spire's answer as the model writes it. */
static void
copy_clicked (SpkSpireSection *self)
{
  g_autofree char *text = NULL;

  if (self->table == NULL || self->chip == NULL || (text = spk_spire_answer_text (self->table, self->chip)) == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  spk_toast_show (GTK_WIDGET (self), _("Copied the spire’s upgrades"), FALSE);
}

void
spk_spire_section_set_chip (SpkSpireSection *self, const char *chip)
{
  const SpkChip *spire;

  g_return_if_fail (SPK_IS_SPIRE_SECTION (self));
  if (chip != self->chip)
    {
      g_free (self->chip);
      self->chip = g_strdup (chip);
    }
  spire = self->table != NULL && self->chip != NULL ? spk_board_find_chip (spk_table_get_board (self->table), self->chip)
                                                      : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), spire != NULL && spire->kind == SPK_CHIP_SPIRE);
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return;
  show_spire (self, spire);
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_into_view, NULL, NULL);
}

void
spk_spire_section_set_table (SpkSpireSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_SPIRE_SECTION (self));
  g_set_object (&self->table, table);
  spk_spire_section_set_chip (self, NULL);
}

static void
buy_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkSpireSection *self = SPK_SPIRE_SECTION (widget);
  g_autofree char *spire = g_strdup (self->chip);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->table == NULL || spire == NULL)
    return;
  ok = spk_table_upgrade_spire (self->table, spire, g_variant_get_int32 (param), FALSE, &error);
  spk_section_report (self, self->table, ok, error);
}

static void
spk_spire_section_dispose (GObject *object)
{
  SpkSpireSection *self = SPK_SPIRE_SECTION (object);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_object (&self->table);
  g_clear_pointer (&self->chip, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_SPIRE_SECTION);
  G_OBJECT_CLASS (spk_spire_section_parent_class)->dispose (object);
}

static void
spk_spire_section_class_init (SpkSpireSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_spire_section_dispose;

  spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-spire-section.ui");
  gtk_widget_class_bind_template_child_full (widget_class, "attack_row", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, rows[SPK_UPGRADE_ATTACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "range_row", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, rows[SPK_UPGRADE_RANGE]));
  gtk_widget_class_bind_template_child_full (widget_class, "fortification_row", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, rows[SPK_UPGRADE_FORTIFICATION]));
  gtk_widget_class_bind_template_child_full (widget_class, "attack_buy", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, buy[SPK_UPGRADE_ATTACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "range_buy", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, buy[SPK_UPGRADE_RANGE]));
  gtk_widget_class_bind_template_child_full (widget_class, "fortification_buy", FALSE,
                                             G_STRUCT_OFFSET (SpkSpireSection, buy[SPK_UPGRADE_FORTIFICATION]));
  gtk_widget_class_install_action (widget_class, "spire.buy", "i", buy_activated);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked);
}

static void
spk_spire_section_init (SpkSpireSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
