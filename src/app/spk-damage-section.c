/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-damage-section.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

struct _SpkDamageSection
{
  AdwPreferencesGroup  parent_instance;

  AdwComboRow         *by_row;
  GtkSpinButton       *amount_spin;

  SpkTable            *table;
  SpkBoardView        *view;
  GPtrArray           *faction_ids;   /* of char*, "Dealt by" after nobody */
  char                *turn;          /* the turn "Dealt by" last followed */
};

G_DEFINE_FINAL_TYPE (SpkDamageSection, spk_damage_section, ADW_TYPE_PREFERENCES_GROUP)

/* The faction "Dealt by" names; NULL for nobody. */
static const char *
damage_by_id (SpkDamageSection *self)
{
  guint i = adw_combo_row_get_selected (self->by_row);

  if (self->faction_ids == NULL || i == 0 || i > self->faction_ids->len)
    return NULL;
  return g_ptr_array_index (self->faction_ids, i - 1);
}

/* "Dealt by" starts at the faction whose turn it is in the Onslaught
 * Phase (nobody in other phases), and follows the turn as it passes; a
 * choice made in between is kept until then. */
void
spk_damage_section_follow_turn (SpkDamageSection *self)
{
  const char *turn;

  g_return_if_fail (SPK_IS_DAMAGE_SECTION (self));
  turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;
  if (self->faction_ids == NULL || (self->turn != NULL && g_strcmp0 (turn, self->turn) == 0))
    return;
  g_free (self->turn);
  self->turn = g_strdup (turn != NULL ? turn : "");
  adw_combo_row_set_selected (self->by_row, 0);
  for (guint i = 0; turn != NULL && i < self->faction_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->faction_ids, i), turn))
      adw_combo_row_set_selected (self->by_row, i + 1);
}


void
spk_damage_section_set_factions (SpkDamageSection *self, GPtrArray *ids, GListModel *names)
{
  g_autoptr(GtkStringList) by = gtk_string_list_new ((const char *const[]) { _("Nobody (no reward)"), NULL });

  g_return_if_fail (SPK_IS_DAMAGE_SECTION (self));
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = ids != NULL ? g_ptr_array_ref (ids) : NULL;
  /* "Dealt by": nobody (an edit of the table), or a faction. */
  for (guint i = 0; names != NULL && i < g_list_model_get_n_items (names); i++)
    gtk_string_list_append (by, gtk_string_list_get_string (GTK_STRING_LIST (names), i));
  adw_combo_row_set_model (self->by_row, G_LIST_MODEL (by));
  g_clear_pointer (&self->turn, g_free);
  spk_damage_section_follow_turn (self);
}

void
spk_damage_section_show_for (SpkDamageSection *self, const SpkCell *cell, const SpkChip *chip)
{
  g_return_if_fail (SPK_IS_DAMAGE_SECTION (self));
  gtk_widget_set_visible (GTK_WIDGET (self), (chip != NULL && chip->placed) ||
                                             (cell != NULL && cell->kind == SPK_CELL_GATE));
}

void
spk_damage_section_set_table (SpkDamageSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_DAMAGE_SECTION (self));
  g_set_object (&self->table, table);
}

void
spk_damage_section_set_board_view (SpkDamageSection *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_DAMAGE_SECTION (self));
  g_set_object (&self->view, view);
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkDamageSection *self = SPK_DAMAGE_SECTION (widget);
  const SpkChip *chip = self->view != NULL ? spk_board_view_get_selected_chip (self->view) : NULL;
  int amount = gtk_spin_button_get_value_as_int (self->amount_spin);
  g_autoptr(GError) error = NULL;
  gboolean ok;
  SpkHex hex;

  if (chip != NULL && chip->placed)
    {
      g_autofree char *id = g_strdup (chip->id);

      ok = spk_table_damage_chip (self->table, id, amount, damage_by_id (self), &error);
    }
  else if (spk_board_view_get_selected (self->view, &hex))
    {
      const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;
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
  spk_section_report (self, self->table, ok, error);
}

static void
spk_damage_section_dispose (GObject *object)
{
  SpkDamageSection *self = SPK_DAMAGE_SECTION (object);

  g_clear_object (&self->table);
  g_clear_object (&self->view);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_DAMAGE_SECTION);
  G_OBJECT_CLASS (spk_damage_section_parent_class)->dispose (object);
}

static void
spk_damage_section_finalize (GObject *object)
{
  SpkDamageSection *self = SPK_DAMAGE_SECTION (object);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_pointer (&self->turn, g_free);
  G_OBJECT_CLASS (spk_damage_section_parent_class)->finalize (object);
}

static void
spk_damage_section_class_init (SpkDamageSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_damage_section_dispose;
  object_class->finalize = spk_damage_section_finalize;

  spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-damage-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkDamageSection, by_row);
  gtk_widget_class_bind_template_child (widget_class, SpkDamageSection, amount_spin);
  gtk_widget_class_install_action (widget_class, "damage.apply", NULL, apply_activated);
}

static void
spk_damage_section_init (SpkDamageSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
