/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-selection-section.h"

#include <glib/gi18n.h>

#include "spk-board-view.h"
#include "spk-talent.h"
#include "spk-widget-util.h"

struct _SpkSelectionSection
{
  AdwBin               parent_instance;

  GtkLabel            *selection_label;
  AdwPreferencesGroup *terms_group;
  GtkFlowBox          *terms_box;
  AdwPreferencesGroup *talents_group;
  GtkListBox          *talents_list;
};

G_DEFINE_FINAL_TYPE (SpkSelectionSection, spk_selection_section, ADW_TYPE_BIN)

/* Glossary terms that bear on the selection. They are term names, so
 * they stay in English like the glossary. */
static GPtrArray *
terms_of (const SpkCell *cell, const SpkChip *chip)
{
  static const char *const kinds[SPK_N_CHIP_KINDS] = { "Minion", "Hero", "Spire", "Landmark" };
  GPtrArray *terms = g_ptr_array_new ();

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
  return terms;
}

/* One row per talent of @chip: whether the app applies it or what the
 * players must remember (docs/talents.md), with a way to its rules entry. */
static void
show_talents (SpkSelectionSection *self, const SpkChip *chip)
{
  GtkWidget *child;
  guint n = chip != NULL && chip->talents != NULL ? chip->talents->len : 0;

  spk_release_focus_within (GTK_WIDGET (self->talents_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->talents_list))) != NULL)
    gtk_list_box_remove (self->talents_list, child);
  for (guint i = 0; i < n; i++)
    {
      const char *talent = g_ptr_array_index (chip->talents, i);
      const SpkTalentInfo *info = spk_talent_lookup (talent);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_label (_("Rules"));
      g_autofree char *tip = g_strdup_printf (_("Look up “%s” in the rules"), talent);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), talent);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), info != NULL
                                   ? spk_talent_use_text (info)
                                   : _("Not in the app's list: check the reference sheet."));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.show-term");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", talent);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (self->talents_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->talents_group), n > 0);
}

void
spk_selection_section_show (SpkSelectionSection *self, const SpkCell *cell, const SpkChip *chip,
                            const char *description)
{
  g_autoptr(GPtrArray) terms = NULL;
  GtkWidget *child;

  g_return_if_fail (SPK_IS_SELECTION_SECTION (self));
  gtk_label_set_text (self->selection_label, description != NULL && description[0] != '\0' ? description
                      : _("Click a hex, or use the arrow keys and Enter on the board; + and − zoom, 0 fits."));
  spk_release_focus_within (GTK_WIDGET (self->terms_box));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->terms_box))) != NULL)
    gtk_flow_box_remove (self->terms_box, child);
  terms = terms_of (cell, chip);
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
  show_talents (self, chip);
}

const char *
spk_selection_section_get_text (SpkSelectionSection *self)
{
  g_return_val_if_fail (SPK_IS_SELECTION_SECTION (self), NULL);
  return gtk_label_get_text (self->selection_label);
}

char **
spk_selection_section_get_terms (SpkSelectionSection *self)
{
  g_autoptr(GStrvBuilder) terms = g_strv_builder_new ();

  g_return_val_if_fail (SPK_IS_SELECTION_SECTION (self), NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->terms_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (GTK_IS_BUTTON (button))
        g_strv_builder_add (terms, gtk_button_get_label (GTK_BUTTON (button)));
    }
  return g_strv_builder_end (terms);
}

char **
spk_selection_section_get_talents (SpkSelectionSection *self)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();

  g_return_val_if_fail (SPK_IS_SELECTION_SECTION (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->talents_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      g_autofree char *line = NULL;

      if (!ADW_IS_ACTION_ROW (row))
        continue;
      line = g_strdup_printf ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                              adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
      g_strv_builder_add (lines, line);
    }
  return g_strv_builder_end (lines);
}

static void
spk_selection_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SPK_TYPE_SELECTION_SECTION);
  G_OBJECT_CLASS (spk_selection_section_parent_class)->dispose (object);
}

static void
spk_selection_section_class_init (SpkSelectionSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_selection_section_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-selection-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkSelectionSection, selection_label);
  gtk_widget_class_bind_template_child (widget_class, SpkSelectionSection, terms_group);
  gtk_widget_class_bind_template_child (widget_class, SpkSelectionSection, terms_box);
  gtk_widget_class_bind_template_child (widget_class, SpkSelectionSection, talents_group);
  gtk_widget_class_bind_template_child (widget_class, SpkSelectionSection, talents_list);
}

static void
spk_selection_section_init (SpkSelectionSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
