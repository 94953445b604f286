/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-preferences-window.h"

#include <glib/gi18n.h>

struct _SpkPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  SpkTable             *table;
  AdwComboRow          *style_row;
  AdwComboRow          *campfire_row;
  gulong                campfire_handler;
};

G_DEFINE_FINAL_TYPE (SpkPreferencesWindow, spk_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The color-scheme key's values, in the Style row's order. */
static const char *const schemes[] = { "default", "light", "dark" };

static AdwPreferencesGroup *
group_new (AdwPreferencesPage *page, const char *title, const char *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  return group;
}

/* A row with @control at its end; the row's mnemonic and a click on it
 * reach the control. As the row's activatable widget the control is
 * labelled by the row's title (a label of its own would make a screen
 * reader say the title twice). */
static GtkWidget *
row_new (AdwPreferencesGroup *group, const char *title, const char *subtitle, GtkWidget *control)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), control);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), control);
  adw_preferences_group_add (group, row);
  return row;
}

static GtkWidget *
switch_row (SpkPreferencesWindow *self, AdwPreferencesGroup *group, const char *key, const char *title,
            const char *subtitle)
{
  GtkWidget *control = gtk_switch_new ();

  g_settings_bind (self->settings, key, control, "active", G_SETTINGS_BIND_DEFAULT);
  gtk_widget_set_name (control, key);
  return row_new (group, title, subtitle, control);
}

/* The low (0) or high (1) end of a numeric key's range. */
static double
range_bound (GVariant *bounds, gsize which)
{
  g_autoptr(GVariant) v = g_variant_get_child_value (bounds, which);

  if (g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE))
    return g_variant_get_double (v);
  return g_variant_get_uint32 (v);
}

/* A spin button for the number @key holds, within the key's range. */
static GtkWidget *
spin_row (SpkPreferencesWindow *self, AdwPreferencesGroup *group, const char *key, const char *title,
          const char *subtitle, double step, guint digits)
{
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  g_autofree char *kind = NULL;
  GtkWidget *control;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(sv)", &kind, &bounds);
  control = gtk_spin_button_new_with_range (range_bound (bounds, 0), range_bound (bounds, 1), step);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (control), digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (control), TRUE);
  g_settings_bind (self->settings, key, control, "value", G_SETTINGS_BIND_DEFAULT);
  gtk_widget_set_name (control, key);
  return row_new (group, title, subtitle, control);
}

static void
style_selected (AdwComboRow *row, GParamSpec *pspec, SpkPreferencesWindow *self)
{
  guint i = adw_combo_row_get_selected (row);

  if (i < G_N_ELEMENTS (schemes))
    g_settings_set_string (self->settings, "color-scheme", schemes[i]);
}

static void
show_style (SpkPreferencesWindow *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_str_equal (scheme, schemes[i]))
      adw_combo_row_set_selected (self->style_row, i);
}

static AdwComboRow *
combo_row (AdwPreferencesGroup *group, const char *title, const char *subtitle, const char *const *labels)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (labels);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_preferences_group_add (group, row);
  return ADW_COMBO_ROW (row);
}

static void
add_appearance (SpkPreferencesWindow *self, AdwPreferencesPage *page)
{
  const char *labels[] = { _("Follow System"), _("Light"), _("Dark"), NULL };
  AdwPreferencesGroup *group = group_new (page, _("Appearance"), NULL);

  self->style_row = combo_row (group, _("_Style"), NULL, labels);
  show_style (self);
  g_signal_connect_object (self->style_row, "notify::selected", G_CALLBACK (style_selected), self, 0);
  g_signal_connect_object (self->settings, "changed::color-scheme", G_CALLBACK (show_style), self,
                           G_CONNECT_SWAPPED);

  group = group_new (page, _("Board"), _("Applies at once to the board, its legend, the Tracker and the game chart."));
  switch_row (self, group, "colour-blind-palette", _("_Colour-blind-safe faction colours"),
              _("Okabe–Ito colours, told apart with any common colour blindness"));
  switch_row (self, group, "terrain-patterns", _("_Terrain patterns"),
              _("Dots for plains, trees for forest, hatching for mountains, waves for water"));
  switch_row (self, group, "board-labels", _("Chip _labels"), _("Each chip’s initials on the board"));
}

static void
add_saving (SpkPreferencesWindow *self, AdwPreferencesPage *page)
{
  AdwPreferencesGroup *group = group_new (page, _("Saving"), NULL);
  GtkWidget *steps;

  spin_row (self, group, "autosave-delay", _("_Autosave delay (seconds)"),
            _("Quiet time before the whole table is written again; every step is kept on disk at once "
              "in any case"),
            0.5, 1);
  switch_row (self, group, "history-limited", _("_Limit the undo history"),
              _("Off keeps every step of the game"));
  steps = spin_row (self, group, "history-steps", _("Undo _steps kept"),
                    _("When lowered, the oldest steps go, a whole turn at a time; the table itself and what "
                      "can be redone always stay"),
                    10, 0);
  g_settings_bind (self->settings, "history-limited", steps, "sensitive", G_SETTINGS_BIND_GET);
}

/* The row follows the table, which undo can change too. */
static void
show_campfire_rule (SpkPreferencesWindow *self)
{
  adw_combo_row_set_selected (self->campfire_row, (guint) spk_table_get_campfire_rule (self->table));
}

static void
campfire_selected (AdwComboRow *row, GParamSpec *pspec, SpkPreferencesWindow *self)
{
  g_autoptr(GError) error = NULL;
  guint i = adw_combo_row_get_selected (row);

  if (self->table == NULL || i == GTK_INVALID_LIST_POSITION || i == (guint) spk_table_get_campfire_rule (self->table))
    return;
  if (!spk_table_set_campfire_rule (self->table, (SpkCampfireRule) i, &error))
    {
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (error->message));
      show_campfire_rule (self);
    }
}

static void
add_rules (SpkPreferencesWindow *self, AdwPreferencesPage *page)
{
  const char *labels[] = { _("No opposing faction has units in play (errata, official)"),
                           _("Only one faction has units in play (printed rule)"), NULL };
  AdwPreferencesGroup *group
    = group_new (page, _("Rules of the Current Table"),
                 _("Saved in the table file, so everyone who opens it plays by the same reading. A change is "
                   "a step in the log, and Undo takes it back."));

  self->campfire_row = combo_row (group, _("_Campfire mode begins when"),
                                  _("The two differ when allied factions both have units in play"), labels);
  gtk_widget_set_name (GTK_WIDGET (self->campfire_row), "campfire-rule");
  if (self->table == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->campfire_row), FALSE);
      return;
    }
  show_campfire_rule (self);
  self->campfire_handler = g_signal_connect_swapped (self->table, "notify::campfire-rule",
                                                     G_CALLBACK (show_campfire_rule), self);
  g_signal_connect_object (self->campfire_row, "notify::selected", G_CALLBACK (campfire_selected), self, 0);
}

static void
spk_preferences_window_dispose (GObject *object)
{
  SpkPreferencesWindow *self = SPK_PREFERENCES_WINDOW (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->campfire_handler, self->table);
  g_clear_object (&self->table);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (spk_preferences_window_parent_class)->dispose (object);
}

static void
spk_preferences_window_class_init (SpkPreferencesWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = spk_preferences_window_dispose;
}

static void
spk_preferences_window_init (SpkPreferencesWindow *self)
{
}

GtkWidget *
spk_preferences_window_new (GSettings *settings, SpkTable *table)
{
  SpkPreferencesWindow *self;
  AdwPreferencesPage *page;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (table == NULL || SPK_IS_TABLE (table), NULL);
  self = g_object_new (SPK_TYPE_PREFERENCES_WINDOW, NULL);
  self->settings = g_object_ref (settings);
  self->table = table != NULL ? g_object_ref (table) : NULL;
  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  adw_preferences_page_set_title (page, _("General"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");
  add_appearance (self, page);
  add_saving (self, page);
  add_rules (self, page);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), page);
  return GTK_WIDGET (self);
}
