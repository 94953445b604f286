/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Codex section's forms: Add Hero…, Play Card…, Build Add-on…,
 * Patrol Zone…, Gain Gold…, Hand… and Destroy…, each a dialog whose
 * Apply asks the model for the step. */
#include "config.h"

#include "spk-codex-section-private.h"

#include <glib/gi18n.h>

#include "spk-edit-dialogs.h"
#include "spk-table-codex.h"

typedef struct {
  SpkCodexSection  *section;  /* weak */
  SpkCodexFormKind  kind;
  guint             player;
  AdwEntryRow      *entries[SPK_CODEX_N_SLOTS];
  GtkSpinButton    *spins[3];
  AdwComboRow      *choice;
} Form;

static void
form_free (gpointer data)
{
  Form *form = data;

  if (form->section != NULL)
    g_object_remove_weak_pointer (G_OBJECT (form->section), (gpointer *) &form->section);
  g_free (form);
}

static GtkSpinButton *
spin_row (AdwPreferencesGroup *group, const char *title, int min, int max, int value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (group, row);
  return GTK_SPIN_BUTTON (spin);
}

static AdwEntryRow *
entry_row (AdwPreferencesGroup *group, const char *title, const char *text)
{
  AdwEntryRow *row = ADW_ENTRY_ROW (adw_entry_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

static AdwComboRow *
choice_row (AdwPreferencesGroup *group, const char *title, const char *const *items)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GtkStringList) list = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

static int
spin (Form *form, guint i)
{
  return gtk_spin_button_get_value_as_int (form->spins[i]);
}

static const char *
entry (Form *form, guint i)
{
  return gtk_editable_get_text (GTK_EDITABLE (form->entries[i]));
}

/* The patrol zone as typed: one step per slot that changed, undone
 * together. */
static gboolean
apply_patrol (SpkTable *table, Form *form, GError **error)
{
  const SpkCodexPlayer *p = spk_codex_player (spk_table_get_codex (table), form->player);
  gboolean ok = TRUE;

  spk_table_begin_group (table);
  for (guint i = 0; ok && i < SPK_CODEX_N_SLOTS; i++)
    if (g_strcmp0 (p->patrol[i] != NULL ? p->patrol[i] : "", entry (form, i)) != 0)
      {
        ok = spk_table_codex_set_patrol (table, form->player, i, entry (form, i), error);
        p = spk_codex_player (spk_table_get_codex (table), form->player);
      }
  spk_table_end_group (table);
  return ok;
}

static gboolean
apply_destroy (SpkTable *table, Form *form, GError **error)
{
  guint what = adw_combo_row_get_selected (form->choice);

  if (what < SPK_CODEX_TECH_LEVELS)
    return spk_table_codex_destroy_tech (table, form->player, (int) what + 1, error);
  return spk_table_codex_destroy_addon (table, form->player, error);
}

static void
form_response (AdwMessageDialog *dialog, const char *response, Form *form)
{
  g_autoptr(GError) error = NULL;
  SpkTable *table;
  gboolean ok = FALSE;

  if (!g_str_equal (response, "apply") || form->section == NULL || form->section->table == NULL)
    return;
  table = form->section->table;
  switch (form->kind)
    {
    case SPK_CODEX_FORM_HERO:
      ok = spk_table_codex_add_hero (table, form->player, entry (form, 0), spin (form, 0), spin (form, 1),
                                     spin (form, 2), &error);
      break;
    case SPK_CODEX_FORM_CARD:
      ok = spk_table_codex_play_card (table, form->player, spin (form, 0), entry (form, 0), &error);
      break;
    case SPK_CODEX_FORM_ADDON:
      ok = spk_table_codex_build_addon (table, form->player,
                                        (SpkCodexAddon) (adw_combo_row_get_selected (form->choice) + 1),
                                        spin (form, 0), &error);
      break;
    case SPK_CODEX_FORM_PATROL:
      ok = apply_patrol (table, form, &error);
      break;
    case SPK_CODEX_FORM_GOLD:
      ok = spk_table_codex_gain_gold (table, form->player, spin (form, 0), entry (form, 0), &error);
      break;
    case SPK_CODEX_FORM_HAND:
      ok = spk_table_codex_set_hand (table, form->player, spin (form, 0), &error);
      break;
    case SPK_CODEX_FORM_DESTROY:
    default:
      ok = apply_destroy (table, form, &error);
      break;
    }
  _spk_codex_section_report (form->section, ok, error);
}

/* Opens the form of @kind for the player of @button. */
void
_spk_codex_section_open_form (SpkCodexSection *self, GtkButton *button, SpkCodexFormKind kind)
{
  static const char *const addons[] = { N_("Tower"), N_("Surplus"), N_("Heroes’ Hall"), N_("Tech Lab"), NULL };
  const char *addon_items[G_N_ELEMENTS (addons)] = { NULL };
  const char *destroy_items[] = { _("Tech I building"), _("Tech II building"), _("Tech III building"),
                                  _("Add-on"), NULL };
  guint player = _spk_codex_section_button_player (button);
  const SpkCodexPlayer *p = spk_codex_player (_spk_codex_section_codex (self), player);
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  Form *form = g_new0 (Form, 1);
  g_autofree char *heading = NULL;
  const char *body = NULL, *apply = NULL;
  GtkWidget *dialog, *focus;

  if (p == NULL)
    {
      g_free (form);
      g_object_ref_sink (group);
      g_object_unref (group);
      return;
    }
  for (guint i = 0; addons[i] != NULL; i++)
    addon_items[i] = _(addons[i]);
  form->section = self;
  g_object_add_weak_pointer (G_OBJECT (self), (gpointer *) &form->section);
  form->player = player;
  form->kind = kind;
  switch (kind)
    {
    case SPK_CODEX_FORM_HERO:
      heading = g_strdup_printf (_("Hero for %s"), p->name);
      body = _("The hero goes to the command zone; the numbers are on its card.");
      apply = _("_Add Hero");
      form->entries[0] = entry_row (group, _("Hero name"), NULL);
      form->spins[0] = spin_row (group, _("Gold to summon"), 0, SPK_CODEX_GOLD_MAX, 2);
      form->spins[1] = spin_row (group, _("First level of the middle band"), 2, SPK_CODEX_HERO_LEVEL_MAX - 1, 4);
      form->spins[2] = spin_row (group, _("Max level"), 3, SPK_CODEX_HERO_LEVEL_MAX, 8);
      focus = GTK_WIDGET (form->entries[0]);
      break;
    case SPK_CODEX_FORM_CARD:
      heading = g_strdup_printf (_("Card Played by %s"), p->name);
      body = _("A card from the hand, for its gold cost.");
      apply = _("_Play Card");
      form->entries[0] = entry_row (group, _("Card name (optional)"), NULL);
      form->spins[0] = spin_row (group, _("Gold cost"), 0, SPK_CODEX_GOLD_MAX, 1);
      focus = GTK_WIDGET (form->entries[0]);
      break;
    case SPK_CODEX_FORM_ADDON:
      heading = g_strdup_printf (_("Add-on for %s"), p->name);
      body = _("One add-on fits in the base; it is finished at the end of the turn. Its price is on its card.");
      apply = _("_Build Add-on");
      form->choice = choice_row (group, _("Add-on"), addon_items);
      form->spins[0] = spin_row (group, _("Gold cost"), 0, SPK_CODEX_GOLD_MAX, 1);
      focus = GTK_WIDGET (form->choice);
      break;
    case SPK_CODEX_FORM_PATROL:
      heading = g_strdup_printf (_("Patrol Zone of %s"), p->name);
      body = _("The card in each slot, by name; leave a slot empty for none.");
      apply = _("_Lock Patrollers");
      for (guint i = 0; i < SPK_CODEX_N_SLOTS; i++)
        form->entries[i] = entry_row (group, spk_codex_slot_label (i), p->patrol[i]);
      focus = GTK_WIDGET (form->entries[0]);
      break;
    case SPK_CODEX_FORM_GOLD:
      heading = g_strdup_printf (_("Gold for %s"), p->name);
      body = _("Gold from a card or an ability; past 20 it is lost.");
      apply = _("_Gain Gold");
      form->spins[0] = spin_row (group, _("Gold gained"), 1, SPK_CODEX_GOLD_MAX, 1);
      form->entries[0] = entry_row (group, _("From (optional)"), NULL);
      focus = GTK_WIDGET (form->spins[0]);
      break;
    case SPK_CODEX_FORM_HAND:
      heading = g_strdup_printf (_("Hand of %s"), p->name);
      body = _("Cards drawn or discarded by an effect: the cards in hand now.");
      apply = _("_Set Hand");
      form->spins[0] = spin_row (group, _("Cards in hand"), 0, 100, p->hand);
      focus = GTK_WIDGET (form->spins[0]);
      break;
    case SPK_CODEX_FORM_DESTROY:
    default:
      heading = g_strdup_printf (_("Building of %s Destroyed"), p->name);
      body = _("A destroyed tech building or add-on deals 2 damage to its base.");
      apply = _("_Destroy");
      form->choice = choice_row (group, _("Building"), destroy_items);
      focus = GTK_WIDGET (form->choice);
      break;
    }
  dialog = spk_edit_dialog_new (GTK_WIDGET (self), heading, body);
  spk_edit_dialog_present (dialog, GTK_WIDGET (group), apply, G_CALLBACK (form_response), form, form_free,
                           focus);
}
