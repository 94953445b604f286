/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-chip-editor-private.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

G_DEFINE_FINAL_TYPE (SpkChipEditor, spk_chip_editor, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_FACTION_ONLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const kind_labels[SPK_N_CHIP_KINDS] = { N_("Minion"), N_("Hero"), N_("Spire"), N_("Landmark") };

/* Which kinds of chip a row belongs to. A spire's attack and range come
 * from its upgrades; units have their own attack stat; heroes and spires
 * carry upgrades; only units move and cost CP. Rows not listed belong to
 * every kind. */
#define KIND(k) (1u << (k))
#define KINDS_UNIT (KIND (SPK_CHIP_MINION) | KIND (SPK_CHIP_HERO))
#define KINDS_ALL ((1u << SPK_N_CHIP_KINDS) - 1)

typedef struct {
  gsize offset;   /* of the row's pointer in SpkChipEditor */
  guint kinds;
} RowKinds;

static const RowKinds row_kinds[] = {
  { G_STRUCT_OFFSET (SpkChipEditor, faction_row), KINDS_UNIT | KIND (SPK_CHIP_SPIRE) },
  { G_STRUCT_OFFSET (SpkChipEditor, movement_row), KINDS_UNIT },
  { G_STRUCT_OFFSET (SpkChipEditor, allowance_row), KINDS_UNIT },
  /* A unit has at least one health chip; a landmark may have none. */
  { G_STRUCT_OFFSET (SpkChipEditor, health_row), KINDS_UNIT | KIND (SPK_CHIP_LANDMARK) },
  { G_STRUCT_OFFSET (SpkChipEditor, attack_row), KINDS_UNIT },
  { G_STRUCT_OFFSET (SpkChipEditor, capacity_row), KIND (SPK_CHIP_SPIRE) },
  { G_STRUCT_OFFSET (SpkChipEditor, cost_row), KINDS_UNIT },
  { G_STRUCT_OFFSET (SpkChipEditor, reward_row), KINDS_ALL },
  { G_STRUCT_OFFSET (SpkChipEditor, build_cost_row), KIND (SPK_CHIP_SPIRE) },
  { G_STRUCT_OFFSET (SpkChipEditor, upgrades_row), KIND (SPK_CHIP_HERO) | KIND (SPK_CHIP_SPIRE) },
  { G_STRUCT_OFFSET (SpkChipEditor, starting_row), KIND (SPK_CHIP_HERO) },
  { G_STRUCT_OFFSET (SpkChipEditor, merc_row), KINDS_UNIT | KIND (SPK_CHIP_SPIRE) },
};

static void
message (SpkChipEditor *self, const char *text, gboolean undo)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, undo);
}

static guint
chosen_kind (SpkChipEditor *self)
{
  guint kind = adw_combo_row_get_selected (self->kind_row);

  return kind < SPK_N_CHIP_KINDS ? kind : SPK_CHIP_MINION;
}

/* Whether the chosen kind has the row of @field (a row or its control). */
static gboolean
has_field (SpkChipEditor *self, GtkWidget *field)
{
  GtkWidget *row = ADW_IS_PREFERENCES_ROW (field) ? field : gtk_widget_get_ancestor (field, ADW_TYPE_PREFERENCES_ROW);

  for (guint i = 0; i < G_N_ELEMENTS (row_kinds); i++)
    if (G_STRUCT_MEMBER (GtkWidget *, self, row_kinds[i].offset) == row)
      return (row_kinds[i].kinds & KIND (chosen_kind (self))) != 0;
  return TRUE;
}

/* The Fortress tool shows the faction row alone; the Chip tool the rows
 * of the chosen kind. */
static void
update_rows (SpkChipEditor *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->picker), !self->faction_only);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_row), !self->faction_only);
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), !self->faction_only);
  gtk_widget_set_visible (GTK_WIDGET (self->talents_row), !self->faction_only);
  gtk_widget_set_visible (self->buttons_row, !self->faction_only);
  for (guint i = 0; i < G_N_ELEMENTS (row_kinds); i++)
    {
      GtkWidget *row = G_STRUCT_MEMBER (GtkWidget *, self, row_kinds[i].offset);

      gtk_widget_set_visible (row, self->faction_only ? row == GTK_WIDGET (self->faction_row) : has_field (self, row));
    }
}

static void
kind_changed (SpkChipEditor *self)
{
  gtk_spin_button_set_range (self->health_spin, chosen_kind (self) == SPK_CHIP_LANDMARK ? 0 : 1, 20);
  update_rows (self);
}

/* The row that names @field: itself, or the row it sits in. */
static AdwActionRow *
field_row (GtkWidget *field)
{
  return ADW_ACTION_ROW (ADW_IS_ACTION_ROW (field) ? field : gtk_widget_get_ancestor (field, ADW_TYPE_ACTION_ROW));
}

static gboolean
is_missing (SpkChipEditor *self, gpointer field)
{
  return self->missing != NULL && g_ptr_array_find (self->missing, field, NULL);
}

/* A field the roster does not know: shown empty and marked until the
 * player types it; building refuses while one is left. */
static void
mark_missing (SpkChipEditor *self, GtkWidget *field)
{
  AdwActionRow *row = field_row (field);

  if (is_missing (self, field))
    return;
  g_ptr_array_add (self->missing, field);
  adw_action_row_set_subtitle (row, _("Not in the roster: enter it"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Not in the roster: enter it"), -1);
  gtk_widget_add_css_class (GTK_WIDGET (row), "warning");
  if (GTK_IS_SPIN_BUTTON (field))
    gtk_editable_set_text (GTK_EDITABLE (field), "");
}

static void
unmark_missing (SpkChipEditor *self, GtkWidget *field)
{
  AdwActionRow *row = field_row (field);

  if (!g_ptr_array_remove (self->missing, field))
    return;
  adw_action_row_set_subtitle (row, "");
  gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_widget_remove_css_class (GTK_WIDGET (row), "warning");
}

static void
clear_missing (SpkChipEditor *self)
{
  while (self->missing->len > 0)
    {
      GtkWidget *field = g_ptr_array_index (self->missing, 0);

      unmark_missing (self, field);
      if (GTK_IS_SPIN_BUTTON (field))
        gtk_spin_button_update (GTK_SPIN_BUTTON (field));
    }
}

/* GtkSpinButton::output: a field the roster lacks stays empty until the
 * player types into it, instead of showing a number nobody chose. */
static gboolean
spin_output (GtkSpinButton *spin, SpkChipEditor *self)
{
  if (!is_missing (self, spin))
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), "");
  return TRUE;
}

static void
allowance_changed (SpkChipEditor *self)
{
  if (!self->showing)
    unmark_missing (self, GTK_WIDGET (self->allowance_row));
}

/* The whole number typed into @spin. GTK would read text that is no
 * number as 0: instead this says so, naming the field. */
static gboolean
spin_number (GtkSpinButton *spin, int *out, GError **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (spin), ADW_TYPE_PREFERENCES_ROW);
  g_autofree char *title = spk_strip_mnemonic (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  double lower, upper;
  char *end = NULL;
  gint64 value = text[0] != '\0' ? g_ascii_strtoll (text, &end, 10) : 0;

  gtk_spin_button_get_range (spin, &lower, &upper);
  if (end == NULL || *end != '\0')
    {
      /* Translators: the first %s is what was typed, the second a field,
       * "Health". */
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("“%s” is not a number: type a whole number for %s."), text, title);
      return FALSE;
    }
  if (value < lower || value > upper)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("%s must be from %d to %d."), title, (int) lower, (int) upper);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

/* GtkSpinButton::input: text that is no number keeps the value it had,
 * and the player is told (the update policy is "if valid"). */
static int
spin_input (GtkSpinButton *spin, double *value, SpkChipEditor *self)
{
  g_autoptr(GError) error = NULL;
  int number;

  /* Leaving an empty field the roster lacks does not make it 0. */
  if (is_missing (self, spin) && *gtk_editable_get_text (GTK_EDITABLE (spin)) == '\0')
    return GTK_INPUT_ERROR;
  if (!spin_number (spin, &number, &error))
    {
      g_autofree char *text = g_strdup_printf (_("%s Kept %d."), error->message,
                                               (int) gtk_spin_button_get_value (spin));

      message (self, text, FALSE);
      return GTK_INPUT_ERROR;
    }
  *value = number;
  return TRUE;
}

static void
spin_changed (GtkEditable *spin, SpkChipEditor *self)
{
  int number;

  if (!self->showing && *gtk_editable_get_text (spin) != '\0')
    unmark_missing (self, GTK_WIDGET (spin));
  if (spin_number (GTK_SPIN_BUTTON (spin), &number, NULL))
    gtk_widget_remove_css_class (GTK_WIDGET (spin), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (spin), "error");
}

/* Splits "a, b ,c" into trimmed non-empty items. */
static GPtrArray *
split_list (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text != NULL ? text : "", ",", -1);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *item = g_strstrip (parts[i]);

      if (item[0] != '\0')
        g_ptr_array_add (out, g_strdup (item));
    }
  return out;
}

typedef struct {
  GtkSpinButton *spin;
  int           *field;
} NumberField;

SpkChip *
spk_chip_editor_build (SpkChipEditor *self, const char *id, GError **error)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  const SpkBoard *b = self->table != NULL ? spk_table_get_board (self->table) : NULL;
  guint kind = chosen_kind (self);
  g_autoptr(GPtrArray) talents = split_list (gtk_editable_get_text (GTK_EDITABLE (self->talents_row)));
  const SpkChip *picked = spk_roster_picker_get_chip (self->picker);
  g_autoptr(GPtrArray) upgrades = NULL;
  g_autoptr(SpkChip) chip = NULL;
  g_autofree char *new_id = NULL;
  NumberField numbers[] = {
    { self->movement_spin, NULL }, { self->health_spin, NULL }, { self->attack_spin, NULL },
    { self->capacity_spin, NULL }, { self->cost_spin, NULL }, { self->reward_spin, NULL },
  };

  g_return_val_if_fail (SPK_IS_CHIP_EDITOR (self), NULL);
  for (guint i = 0; i < self->missing->len; i++)
    if (has_field (self, g_ptr_array_index (self->missing, i)))
      {
        AdwPreferencesRow *row = ADW_PREFERENCES_ROW (field_row (g_ptr_array_index (self->missing, i)));
        g_autofree char *title = spk_strip_mnemonic (adw_preferences_row_get_title (row));

        /* Translators: %s is a field, "Health". */
        g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                     _("%s is not in the roster: enter it from the chip first."), title);
        return NULL;
      }
  if (id == NULL)
    {
      /* A readable id from the name, numbered until it is unused. */
      g_autofree char *base = g_ascii_strdown (name[0] != '\0' ? name : kind_labels[kind], -1);

      g_strcanon (base, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
      new_id = g_strdup (base);
      for (int n = 2; b != NULL && spk_board_find_chip (b, new_id) != NULL; n++)
        {
          g_free (new_id);
          new_id = g_strdup_printf ("%s-%d", base, n);
        }
      id = new_id;
    }
  /* A chip picked from the roster keeps what the form does not show (its
   * promoted side, rewards, roster id) unless its kind was changed. */
  if (picked != NULL && picked->kind == kind)
    {
      chip = spk_chip_copy (picked);
      g_free (chip->id);
      chip->id = g_strdup (id);
      g_ptr_array_set_size (chip->talents, 0);
      g_array_set_size (chip->upgrades, 0);
    }
  else
    chip = spk_chip_new (id, kind);
  g_free (chip->name);
  chip->name = g_strdup (name[0] != '\0' ? name : id);
  g_clear_pointer (&chip->faction, g_free);
  if (kind != SPK_CHIP_LANDMARK)
    chip->faction = g_strdup (spk_chip_editor_get_faction (self));
  numbers[0].field = &chip->movement;
  numbers[1].field = &chip->health;
  numbers[2].field = &chip->attack;
  numbers[3].field = &chip->capacity;
  numbers[4].field = &chip->cost;
  numbers[5].field = &chip->reward;
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    if (has_field (self, GTK_WIDGET (numbers[i].spin)) && !spin_number (numbers[i].spin, numbers[i].field, error))
      return NULL;
  chip->max_health = chip->health;
  if (has_field (self, GTK_WIDGET (self->allowance_row)))
    chip->allowance = MIN (adw_combo_row_get_selected (self->allowance_row), SPK_N_TERRAINS - 1);
  chip->revealed = TRUE;
  chip->starting = has_field (self, GTK_WIDGET (self->starting_switch)) && gtk_switch_get_active (self->starting_switch);
  chip->merc = has_field (self, GTK_WIDGET (self->merc_switch)) && gtk_switch_get_active (self->merc_switch);
  for (guint i = 0; i < talents->len; i++)
    g_ptr_array_add (chip->talents, g_strdup (g_ptr_array_index (talents, i)));
  upgrades = split_list (has_field (self, GTK_WIDGET (self->upgrades_row))
                         ? gtk_editable_get_text (GTK_EDITABLE (self->upgrades_row)) : NULL);
  for (guint i = 0; i < upgrades->len; i++)
    {
      SpkUpgrade u;
      g_autofree char *word = g_ascii_strdown (g_ptr_array_index (upgrades, i), -1);

      if (!spk_upgrade_from_string (word, &u))
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                       _("“%s” is not an upgrade: use attack, range or fortification."),
                       (const char *) g_ptr_array_index (upgrades, i));
          return NULL;
        }
      g_array_append_val (chip->upgrades, u);
    }
  return g_steal_pointer (&chip);
}

int
spk_chip_editor_get_build_cost (SpkChipEditor *self)
{
  g_return_val_if_fail (SPK_IS_CHIP_EDITOR (self), 0);
  return gtk_spin_button_get_value_as_int (self->build_cost_spin);
}

static void
forget_chip (SpkChipEditor *self)
{
  g_clear_pointer (&self->chip, g_free);
  g_clear_pointer (&self->seen, g_free);
}

static void show_pick (SpkChipEditor *self);

void
spk_chip_editor_reset (SpkChipEditor *self)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->talents_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->upgrades_row), "");
  gtk_switch_set_active (self->starting_switch, FALSE);
  gtk_switch_set_active (self->merc_switch, FALSE);
  forget_chip (self);
  /* A roster pick stands until another is made: the next chip is the
   * same roster chip, with the roster's values again. */
  if (spk_roster_picker_get_chip (self->picker) != NULL)
    show_pick (self);
}

/* Everything of @chip the editor shows, as one string to compare. */
static char *
signature (const SpkChip *chip)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%d|%s|%s|%d %d %d %d %d %d %d %d %d|", chip->kind, chip->faction != NULL ? chip->faction : "",
                          spk_chip_label (chip), chip->movement, chip->health, chip->attack,
                          chip->capacity, chip->cost, chip->reward, chip->allowance, chip->starting, chip->merc);
  for (guint i = 0; chip->talents != NULL && i < chip->talents->len; i++)
    g_string_append_printf (out, "%s,", (const char *) g_ptr_array_index (chip->talents, i));
  g_string_append_c (out, '|');
  for (guint i = 0; chip->upgrades != NULL && i < chip->upgrades->len; i++)
    g_string_append_printf (out, "%d,", g_array_index (chip->upgrades, SpkUpgrade, i));
  return g_string_free (out, FALSE);
}

/* Fills the form with @chip. */
static void
show_chip (SpkChipEditor *self, const SpkChip *chip)
{
  g_autoptr(GString) talents = g_string_new (NULL), upgrades = g_string_new (NULL);

  self->showing = TRUE;
  adw_combo_row_set_selected (self->kind_row, chip->kind);
  spk_chip_editor_set_faction (self, chip->faction);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), spk_chip_label (chip));
  gtk_spin_button_set_value (self->movement_spin, chip->movement);
  gtk_spin_button_set_value (self->health_spin, chip->health);
  gtk_spin_button_set_value (self->attack_spin, chip->attack);
  gtk_spin_button_set_value (self->capacity_spin, chip->capacity);
  gtk_spin_button_set_value (self->cost_spin, chip->cost);
  gtk_spin_button_set_value (self->reward_spin, chip->reward);
  adw_combo_row_set_selected (self->allowance_row, chip->allowance);
  for (guint i = 0; chip->talents != NULL && i < chip->talents->len; i++)
    g_string_append_printf (talents, "%s%s", i > 0 ? ", " : "", (const char *) g_ptr_array_index (chip->talents, i));
  for (guint i = 0; chip->upgrades != NULL && i < chip->upgrades->len; i++)
    g_string_append_printf (upgrades, "%s%s", i > 0 ? ", " : "",
                            spk_upgrade_to_string (g_array_index (chip->upgrades, SpkUpgrade, i)));
  gtk_editable_set_text (GTK_EDITABLE (self->talents_row), talents->str);
  gtk_editable_set_text (GTK_EDITABLE (self->upgrades_row), upgrades->str);
  gtk_switch_set_active (self->starting_switch, chip->starting);
  gtk_switch_set_active (self->merc_switch, chip->merc);
  self->showing = FALSE;
}

/* Forgets the roster pick: what is built next is the form alone. */
static void
drop_pick (SpkChipEditor *self)
{
  spk_roster_picker_drop (self->picker);
  clear_missing (self);
}

void
spk_chip_editor_load (SpkChipEditor *self, const SpkChip *chip)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  drop_pick (self);
  g_free (self->chip);
  self->chip = g_strdup (chip->id);
  g_free (self->seen);
  self->seen = signature (chip);
  show_chip (self, chip);
}

/* The fields of the form a roster field fills, by the roster's name. */
static const struct {
  const char *name;
  gsize       offset;  /* of the control in SpkChipEditor */
} roster_fields[] = {
  { "movement", G_STRUCT_OFFSET (SpkChipEditor, movement_spin) },
  { "allowance", G_STRUCT_OFFSET (SpkChipEditor, allowance_row) },
  { "health", G_STRUCT_OFFSET (SpkChipEditor, health_spin) },
  { "attack", G_STRUCT_OFFSET (SpkChipEditor, attack_spin) },
  { "capacity", G_STRUCT_OFFSET (SpkChipEditor, capacity_spin) },
  { "cp_cost", G_STRUCT_OFFSET (SpkChipEditor, cost_spin) },
  { "source_reward", G_STRUCT_OFFSET (SpkChipEditor, reward_spin) },
};

/* The form shows the roster pick afresh: its values, the fields it lacks
 * marked, and what the player must still check said under the search. */
static void
show_pick (SpkChipEditor *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) lacking = g_string_new (NULL);
  const SpkChip *picked = spk_roster_picker_get_chip (self->picker);
  int build_cost = spk_roster_picker_get_build_cost (self->picker);

  clear_missing (self);
  show_chip (self, picked);
  if (build_cost != SPK_ROSTER_UNKNOWN)
    gtk_spin_button_set_value (self->build_cost_spin, build_cost);
  else if (picked->kind == SPK_CHIP_SPIRE)
    mark_missing (self, GTK_WIDGET (self->build_cost_spin));
  for (guint i = 0; i < G_N_ELEMENTS (roster_fields); i++)
    {
      GtkWidget *field = G_STRUCT_MEMBER (GtkWidget *, self, roster_fields[i].offset);

      if (spk_roster_picker_lacks (self->picker, roster_fields[i].name) && has_field (self, field))
        mark_missing (self, field);
    }
  for (guint i = 0; i < self->missing->len; i++)
    {
      AdwPreferencesRow *row = ADW_PREFERENCES_ROW (field_row (g_ptr_array_index (self->missing, i)));
      g_autofree char *title = spk_strip_mnemonic (adw_preferences_row_get_title (row));

      g_string_append_printf (lacking, "%s%s", lacking->len > 0 ? ", " : "", title);
    }
  /* Translators: %s is a chip's name. */
  g_string_append_printf (text, _("From the roster: %s."), spk_chip_label (picked));
  if (lacking->len > 0)
    {
      g_string_append_c (text, ' ');
      /* Translators: %s lists fields, "Health, Attack". */
      g_string_append_printf (text, _("Not in the roster, enter before placing: %s."), lacking->str);
    }
  if (spk_roster_picker_lacks (self->picker, "talents"))
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("Its talents may be incomplete: check the chip."));
    }
  if (spk_roster_picker_lacks (self->picker, "upgrades") && has_field (self, GTK_WIDGET (self->upgrades_row)))
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("Its starting upgrades are not in the roster: type them."));
    }
  spk_roster_picker_set_summary (self->picker, text->str);
}

/* A roster pick was made: it is what the form shows now. */
static void
picker_picked (SpkChipEditor *self)
{
  forget_chip (self);
  show_pick (self);
}

static void
picker_message (SpkChipEditor *self, const char *text, gboolean undo)
{
  message (self, text, undo);
}

/* The numbers a custom chip starts from, as the template sets them. */
static const gsize default_spins[] = {
  G_STRUCT_OFFSET (SpkChipEditor, movement_spin), G_STRUCT_OFFSET (SpkChipEditor, health_spin),
  G_STRUCT_OFFSET (SpkChipEditor, attack_spin), G_STRUCT_OFFSET (SpkChipEditor, capacity_spin),
  G_STRUCT_OFFSET (SpkChipEditor, cost_spin), G_STRUCT_OFFSET (SpkChipEditor, reward_spin),
  G_STRUCT_OFFSET (SpkChipEditor, build_cost_spin),
};
G_STATIC_ASSERT (G_N_ELEMENTS (default_spins) == G_N_ELEMENTS (((SpkChipEditor *) NULL)->defaults));

/* A chip the roster lacks: the free form, from the template's defaults,
 * never from the last chip's values. */
static void
picker_custom (SpkChipEditor *self)
{
  drop_pick (self);
  spk_chip_editor_reset (self);
  for (guint i = 0; i < G_N_ELEMENTS (default_spins); i++)
    gtk_spin_button_set_value (G_STRUCT_MEMBER (GtkSpinButton *, self, default_spins[i]), self->defaults[i]);
  adw_combo_row_set_selected (self->allowance_row, SPK_TERRAIN_PATH);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

void
spk_chip_editor_refresh (SpkChipEditor *self)
{
  const SpkChip *chip;
  g_autofree char *now = NULL;

  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  if (self->chip == NULL)
    return;
  chip = self->table != NULL ? spk_board_find_chip (spk_table_get_board (self->table), self->chip) : NULL;
  if (chip == NULL)
    {
      spk_chip_editor_reset (self);
      return;
    }
  now = signature (chip);
  if (!g_str_equal (now, self->seen))
    spk_chip_editor_load (self, chip);
}

/* Roster picks are made for the faction chosen. */
static void
faction_changed (SpkChipEditor *self)
{
  spk_roster_picker_set_faction (self->picker, spk_chip_editor_get_faction (self));
}

void
spk_chip_editor_set_factions (SpkChipEditor *self, GPtrArray *ids, GListModel *names)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = ids != NULL ? g_ptr_array_ref (ids) : NULL;
  adw_combo_row_set_model (self->faction_row, names);
  faction_changed (self);
}

const char *
spk_chip_editor_get_faction (SpkChipEditor *self)
{
  g_return_val_if_fail (SPK_IS_CHIP_EDITOR (self), NULL);
  return spk_combo_row_get_id (self->faction_row, self->faction_ids);
}

void
spk_chip_editor_set_faction (SpkChipEditor *self, const char *id)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  spk_combo_row_select_id (self->faction_row, self->faction_ids, id);
}

void
spk_chip_editor_set_table (SpkChipEditor *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  g_set_object (&self->table, table);
}

void
spk_chip_editor_set_board_view (SpkChipEditor *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_CHIP_EDITOR (self));
  g_set_object (&self->view, view);
}

static void
spk_chip_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_FACTION_ONLY:
      g_value_set_boolean (value, self->faction_only);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_chip_editor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (object);

  switch (prop_id)
    {
    case PROP_FACTION_ONLY:
      if (self->faction_only == g_value_get_boolean (value))
        return;
      self->faction_only = g_value_get_boolean (value);
      update_rows (self);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_chip_editor_dispose (GObject *object)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (object);

  g_clear_object (&self->table);
  g_clear_object (&self->view);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_CHIP_EDITOR);
  G_OBJECT_CLASS (spk_chip_editor_parent_class)->dispose (object);
}

static void
spk_chip_editor_finalize (GObject *object)
{
  SpkChipEditor *self = SPK_CHIP_EDITOR (object);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_pointer (&self->missing, g_ptr_array_unref);
  forget_chip (self);
  G_OBJECT_CLASS (spk_chip_editor_parent_class)->finalize (object);
}

static void
spk_chip_editor_class_init (SpkChipEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_chip_editor_dispose;
  object_class->finalize = spk_chip_editor_finalize;
  object_class->get_property = spk_chip_editor_get_property;
  object_class->set_property = spk_chip_editor_set_property;

  /* Only the faction row shows: what the Fortress tool asks. */
  properties[PROP_FACTION_ONLY] = g_param_spec_boolean ("faction-only", NULL, NULL, FALSE,
                                                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                        G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MESSAGE] = spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  g_type_ensure (SPK_TYPE_ROSTER_PICKER);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-chip-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, picker);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, faction_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, kind_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, name_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, movement_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, movement_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, allowance_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, health_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, health_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, attack_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, attack_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, capacity_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, capacity_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, cost_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, cost_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, reward_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, reward_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, build_cost_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, build_cost_spin);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, talents_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, upgrades_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, starting_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, starting_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, merc_row);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, merc_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkChipEditor, buttons_row);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed);
  gtk_widget_class_bind_template_callback (widget_class, spin_input);
  gtk_widget_class_bind_template_callback (widget_class, spin_changed);
  gtk_widget_class_bind_template_callback (widget_class, spin_output);
  gtk_widget_class_bind_template_callback (widget_class, allowance_changed);
  gtk_widget_class_bind_template_callback (widget_class, faction_changed);
  gtk_widget_class_bind_template_callback (widget_class, picker_picked);
  gtk_widget_class_bind_template_callback (widget_class, picker_custom);
  gtk_widget_class_bind_template_callback (widget_class, picker_message);
  spk_chip_editor_class_actions_init (klass);
}

static void
spk_chip_editor_init (SpkChipEditor *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GListModel) allowances = spk_terrain_model_new ();

  self->missing = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (default_spins); i++)
    self->defaults[i] = gtk_spin_button_get_value (G_STRUCT_MEMBER (GtkSpinButton *, self, default_spins[i]));
  for (int k = 0; k < SPK_N_CHIP_KINDS; k++)
    gtk_string_list_append (kinds, _(kind_labels[k]));
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_combo_row_set_model (self->allowance_row, allowances);
  update_rows (self);
}
