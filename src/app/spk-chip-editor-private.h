/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chip-editor-private.h: what the Chip tool's editor (spk-chip-editor.c)
 * and its actions on the selected chip (spk-chip-editor-actions.c) share. */
#pragma once

#include "spk-chip-editor.h"
#include "spk-roster-picker.h"

G_BEGIN_DECLS

struct _SpkChipEditor
{
  AdwPreferencesGroup  parent_instance;

  SpkRosterPicker     *picker;
  AdwComboRow         *faction_row;
  AdwComboRow         *kind_row;
  AdwEntryRow         *name_row;
  GtkWidget           *movement_row;
  GtkSpinButton       *movement_spin;
  AdwComboRow         *allowance_row;
  GtkWidget           *health_row;
  GtkSpinButton       *health_spin;
  GtkWidget           *attack_row;
  GtkSpinButton       *attack_spin;
  GtkWidget           *capacity_row;
  GtkSpinButton       *capacity_spin;
  GtkWidget           *cost_row;
  GtkSpinButton       *cost_spin;
  GtkWidget           *reward_row;
  GtkSpinButton       *reward_spin;
  GtkWidget           *build_cost_row;
  GtkSpinButton       *build_cost_spin;
  AdwEntryRow         *talents_row;
  AdwEntryRow         *upgrades_row;
  GtkWidget           *starting_row;
  GtkSwitch           *starting_switch;
  GtkWidget           *merc_row;
  GtkSwitch           *merc_switch;
  GtkWidget           *buttons_row;

  gboolean             faction_only;
  SpkTable            *table;
  SpkBoardView        *view;
  GPtrArray           *faction_ids;   /* of char*, the faction row's order */
  char                *chip;          /* id of the chip loaded, or NULL */
  char                *seen;          /* what it was then (signature) */
  GPtrArray           *missing;       /* of GtkWidget*: fields the roster lacks, not yet typed */
  gboolean             showing;       /* the form is being filled, not typed into */
  double               defaults[7];   /* of default_spins, as the template sets them */
};

/* Installs editor.apply and editor.remove, which act on the chip selected
 * on the board view. */
void spk_chip_editor_class_actions_init (SpkChipEditorClass *klass);

G_END_DECLS
