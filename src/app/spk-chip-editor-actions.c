/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chip-editor-actions.c: the Chip tool's Apply and Remove, on the chip
 * selected on the board view. */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-chip-editor-private.h"
#include "spk-widget-util.h"

/* The chip selected on the board, placed; NULL with a message when none. */
static const SpkChip *
selected_chip (SpkChipEditor *self)
{
  const SpkChip *selected = self->view != NULL ? spk_board_view_get_selected_chip (self->view) : NULL;

  if (self->table == NULL || selected == NULL || !selected->placed)
    {
      g_signal_emit_by_name (self, "message", _("Select a chip on the board first."), FALSE);
      return NULL;
    }
  return selected;
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (widget);
  const SpkChip *selected = selected_chip (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) chip = NULL;
  SpkChip *merged;
  gboolean ok;

  if (selected == NULL)
    return;
  if ((chip = spk_chip_editor_build (self, selected->id, &error)) == NULL)
    {
      spk_section_report (self, self->table, FALSE, error);
      return;
    }
  /* Keep what the editor does not show: place, state, history. */
  merged = spk_chip_copy (selected);
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
  /* A roster pick applied makes the chip that record's; a chip whose kind
   * changes is no longer the record it was made from. */
  if (chip->roster != NULL || chip->kind != selected->kind)
    {
      g_free (merged->roster);
      merged->roster = g_strdup (chip->roster);
    }
  if (chip->health != selected->health)
    merged->health = merged->max_health = chip->health;
  g_ptr_array_unref (merged->talents);
  merged->talents = g_ptr_array_ref (chip->talents);
  g_array_unref (merged->upgrades);
  merged->upgrades = g_array_ref (chip->upgrades);
  ok = spk_table_edit_chip (self->table, merged, &error);
  spk_chip_free (merged);
  spk_section_report (self, self->table, ok, error);
}

static void
remove_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (widget);
  const SpkChip *selected = selected_chip (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  gboolean ok;

  if (selected == NULL)
    return;
  id = g_strdup (selected->id);
  ok = spk_table_remove_chip (self->table, id, NULL, &error);
  spk_section_report (self, self->table, ok, error);
}

void
spk_chip_editor_class_actions_init (SpkChipEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "editor.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "editor.remove", NULL, remove_activated);
}
