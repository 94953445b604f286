/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-wave-section.h"

#include <glib/gi18n.h>

#include "spk-answer-text.h"
#include "spk-economy.h"
#include "spk-table-follow.h"
#include "spk-edit-dialogs.h"
#include "spk-widget-util.h"

struct _SpkWaveSection
{
  AdwBin    parent_instance;

  GtkLabel *wave_label;
  GtkLabel *phase_label;
  GtkLabel *reading_label;  /* a rule reading other than the official one */

  SpkTable *table;
  gulong    recorded_handler;
  char     *header;
};

G_DEFINE_FINAL_TYPE (SpkWaveSection, spk_wave_section, ADW_TYPE_BIN)

static void
update (SpkWaveSection *self)
{
  const SpkBoard *b = spk_table_get_board (self->table);
  SpkPhase p = spk_table_get_phase (self->table);
  int first = spk_first_player_index (b);
  g_autofree char *wave = g_strdup_printf (_("Wave %d of %d"), b->wave, spk_table_get_waves (self->table));
  g_autofree char *phase = NULL;
  g_autofree char *readings = spk_rule_readings_text (b);

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
  g_strchomp (readings);
  gtk_label_set_text (self->reading_label, readings);
  gtk_widget_set_visible (GTK_WIDGET (self->reading_label), *readings != '\0');
  g_free (self->header);
  self->header = g_strdup_printf ("%s: %s", wave, spk_phase_label (p));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "wave.next-phase", !spk_table_get_game_over (self->table));
}

/* One toast per change the phase brought: the step's label names the new
 * phase, then each note after the dash. */
static void
toast_phase_step (SpkWaveSection *self)
{
  const char *label = spk_table_get_undo_label (self->table);
  g_auto(GStrv) parts = NULL;

  if (label == NULL)
    return;
  parts = g_strsplit (label, " — ", 2);
  spk_toast_show (GTK_WIDGET (self), parts[0], TRUE);
  if (parts[0] != NULL && parts[1] != NULL)
    {
      g_auto(GStrv) notes = g_strsplit (parts[1], "; ", -1);

      for (guint i = 0; notes[i] != NULL; i++)
        spk_toast_note (GTK_WIDGET (self), notes[i]);
    }
}

/* --- gate repair by sacrifice -------------------------------------------------------- */

/* An open repair question: the tied structures in the order they would
 * be given up. */
typedef struct {
  SpkWaveSection *section;   /* weak */
  char           *faction;
  GPtrArray      *order;     /* of char* */
  GtkListBox     *list;
} RepairChoice;

static void
repair_choice_free (gpointer data)
{
  RepairChoice *choice = data;

  if (choice->section != NULL)
    g_object_remove_weak_pointer (G_OBJECT (choice->section), (gpointer *) &choice->section);
  g_free (choice->faction);
  g_ptr_array_unref (choice->order);
  g_free (choice);
}

static void fill_repair_list (RepairChoice *choice);

static void
repair_move_up (GtkButton *button, RepairChoice *choice)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  int i = row != NULL ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) : 0;
  gpointer moved;

  if (i <= 0 || (guint) i >= choice->order->len)
    return;
  moved = choice->order->pdata[i];
  choice->order->pdata[i] = choice->order->pdata[i - 1];
  choice->order->pdata[i - 1] = moved;
  fill_repair_list (choice);
  gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (choice->list, i - 1)));
}

/* One row per tied structure, in the order they would be given up; each
 * but the first can move one place earlier. */
static void
fill_repair_list (RepairChoice *choice)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (choice->list))) != NULL)
    gtk_list_box_remove (choice->list, child);
  for (guint i = 0; i < choice->order->len; i++)
    {
      const char *name = choice->order->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      /* Translators: a button that moves a structure up the list of those
       * given up first; %s is the structure's name. */
      g_autofree char *up_name = g_strdup_printf (_("Give Up %s Earlier"), name);
      g_autofree char *place = g_strdup_printf (_("Given up %u."), i + 1);
      GtkWidget *up = gtk_button_new_from_icon_name ("go-up-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), place);
      gtk_widget_set_valign (up, GTK_ALIGN_CENTER);
      gtk_widget_set_sensitive (up, i > 0);
      gtk_widget_set_tooltip_text (up, up_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (up), GTK_ACCESSIBLE_PROPERTY_LABEL, up_name, -1);
      g_signal_connect (up, "clicked", G_CALLBACK (repair_move_up), choice);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), up);
      gtk_list_box_append (choice->list, row);
    }
}

static void
repair_response (AdwMessageDialog *dialog, const char *response, RepairChoice *choice)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (!g_str_equal (response, "apply") || choice->section == NULL || choice->section->table == NULL)
    return;
  g_ptr_array_add (choice->order, NULL);
  ok = spk_table_set_repair_preference (choice->section->table, choice->faction,
                                        (const char *const *) choice->order->pdata, &error);
  g_ptr_array_remove_index (choice->order, choice->order->len - 1);
  if (!ok)
    spk_toast_show (GTK_WIDGET (choice->section), error->message, FALSE);
  else
    /* Then on to the Income Phase, or the next faction's question. */
    gtk_widget_activate_action (GTK_WIDGET (choice->section), "wave.next-phase", NULL);
}

/* R-repair-1: the model's question, with the tied structures to order. */
static void
open_repair_dialog (SpkWaveSection *self, const char *faction, const char *question)
{
  g_autoptr(GHashTable) choices = spk_table_get_repair_choices (self->table);
  const char *const *tied = g_hash_table_lookup (choices, faction);
  g_autofree char *heading = g_strdup_printf (_("Gate Repair of %s"),
                                              spk_board_faction_label (spk_table_get_board (self->table), faction));
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", question,
                                           _("Put them in the order to give them up; the first go first. "
                                             "Each gives back 1 gate health."));
  GtkWidget *dialog = spk_edit_dialog_new (GTK_WIDGET (self), heading, body);
  RepairChoice *choice = g_new0 (RepairChoice, 1);

  choice->section = self;
  g_object_add_weak_pointer (G_OBJECT (self), (gpointer *) &choice->section);
  choice->faction = g_strdup (faction);
  choice->order = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; tied != NULL && tied[i] != NULL; i++)
    g_ptr_array_add (choice->order, g_strdup (tied[i]));
  choice->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (choice->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (choice->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (choice->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Advancements in the order they are given up"), -1);
  fill_repair_list (choice);
  spk_edit_dialog_present (dialog, GTK_WIDGET (choice->list), _("_Repair and Continue"),
                           G_CALLBACK (repair_response), choice, repair_choice_free, GTK_WIDGET (choice->list));
}

/* --- actions -------------------------------------------------------------------------- */

static void
next_phase (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkWaveSection *self = SPK_WAVE_SECTION (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) choices = NULL;
  const SpkBoard *b;

  if (self->table == NULL)
    return;
  if (spk_table_advance_phase (self->table, &error))
    {
      toast_phase_step (self);
      return;
    }
  /* R-repair-1: the model does not guess a sacrifice; the player picks. */
  choices = spk_table_get_repair_choices (self->table);
  b = spk_table_get_board (self->table);
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
  spk_toast_show (widget, error->message, FALSE);
}

/* --- object ------------------------------------------------------------------------- */

static void
spk_wave_section_dispose (GObject *object)
{
  SpkWaveSection *self = SPK_WAVE_SECTION (object);

  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_WAVE_SECTION);
  G_OBJECT_CLASS (spk_wave_section_parent_class)->dispose (object);
}

static void
spk_wave_section_finalize (GObject *object)
{
  SpkWaveSection *self = SPK_WAVE_SECTION (object);

  g_free (self->header);
  G_OBJECT_CLASS (spk_wave_section_parent_class)->finalize (object);
}

static void
spk_wave_section_class_init (SpkWaveSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_wave_section_dispose;
  object_class->finalize = spk_wave_section_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-wave-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkWaveSection, wave_label);
  gtk_widget_class_bind_template_child (widget_class, SpkWaveSection, phase_label);
  gtk_widget_class_bind_template_child (widget_class, SpkWaveSection, reading_label);
  gtk_widget_class_install_action (widget_class, "wave.next-phase", NULL, next_phase);
}

static void
spk_wave_section_init (SpkWaveSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
spk_wave_section_set_table (SpkWaveSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_WAVE_SECTION (self));

  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (update));
  if (table != NULL)
    update (self);
}

const char *
spk_wave_section_get_header (SpkWaveSection *self)
{
  g_return_val_if_fail (SPK_IS_WAVE_SECTION (self), NULL);
  return self->header;
}

const char *
spk_wave_section_get_reading_text (SpkWaveSection *self)
{
  g_return_val_if_fail (SPK_IS_WAVE_SECTION (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->reading_label)) ? gtk_label_get_text (self->reading_label) : NULL;
}

const char *
spk_wave_section_get_phase_text (SpkWaveSection *self)
{
  g_return_val_if_fail (SPK_IS_WAVE_SECTION (self), NULL);
  return gtk_label_get_text (self->phase_label);
}
