/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Rules page's actions (one callback each), its history and search
 * keys, and the game filter. */
#include "config.h"

#include "spk-rules-page-private.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

/* --- the game -------------------------------------------------------------------------- */

/* The dropdown's position of the game searched: the packs in order, then
 * "All Games". */
static guint
game_position (SpkRulesPage *self)
{
  guint n = spk_packs_get_n_games (self->packs);

  for (guint i = 0; !self->all_games && i < n; i++)
    if (g_strcmp0 (spk_packs_get_game (self->packs, i), self->game) == 0)
      return i;
  return n;
}

/* One item per pack, named by the pack's title, then "All Games". */
void
_spk_rules_page_fill_game_dropdown (SpkRulesPage *self)
{
  GtkStringList *games = gtk_string_list_new (NULL);

  for (guint i = 0; i < spk_packs_get_n_games (self->packs); i++)
    gtk_string_list_append (games, spk_glossary_get_title (spk_packs_get_glossary (self->packs,
                                                                                   spk_packs_get_game (self->packs, i))));
  gtk_string_list_append (games, _("All Games"));
  self->filling = TRUE;
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (games));
  gtk_drop_down_set_selected (self->game_dropdown, game_position (self));
  self->filling = FALSE;
  g_object_unref (games);
  gtk_widget_set_sensitive (GTK_WIDGET (self->game_dropdown), TRUE);
}

/* A new game searched: the list is found again; an article stays open
 * (its links carry their game), the history is cleared since its ids
 * were read in the old game. */
static void
game_changed (SpkRulesPage *self)
{
  g_ptr_array_set_size (self->back, 0);
  g_ptr_array_set_size (self->forward, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.forward", FALSE);
  if (self->current != NULL && self->glossary != NULL)
    {
      const SpkGlossaryEntry *e;
      const SpkGlossaryTable *t;
      SpkGlossary *g;
      g_autofree char *current = g_steal_pointer (&self->current);

      /* The same article, named as the new game reads it. */
      if (!g_str_has_prefix (current, TABLE_PREFIX) && strchr (current, ':') == NULL)
        {
          e = spk_glossary_lookup (self->glossary, current);
          self->current = e != NULL ? _spk_rules_page_entry_ref (self, e) : NULL;
        }
      else if (_spk_rules_page_resolve (self, current, &g, &e, &t) && e != NULL)
        self->current = _spk_rules_page_entry_ref (self, e);
    }
  if (!self->all_games && self->game != NULL && self->current == NULL)
    self->glossary = spk_packs_get_glossary (self->packs, self->game);
  _spk_rules_page_update_results (self);
}

void
_spk_rules_page_game_selected (SpkRulesPage *self)
{
  guint pos = gtk_drop_down_get_selected (self->game_dropdown);
  const char *game;

  if (self->filling || self->packs == NULL || pos == GTK_INVALID_LIST_POSITION)
    return;
  game = spk_packs_get_game (self->packs, pos);
  if ((game == NULL) == self->all_games && g_strcmp0 (game, self->game) == 0)
    return;
  g_free (self->game);
  self->game = g_strdup (game);
  self->all_games = game == NULL;
  game_changed (self);
}

gboolean
spk_rules_page_set_game (SpkRulesPage *self, const char *game)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  if (self->packs == NULL)
    {
      /* Not read yet: kept, checked once the packs are in. */
      g_free (self->game);
      self->game = g_strdup (game);
      self->all_games = game == NULL;
      return TRUE;
    }
  if (game != NULL && spk_packs_get_glossary (self->packs, game) == NULL)
    return FALSE;
  /* The same game again (a new table of it): the search and the open
   * entry stay as they are. */
  if (self->all_games == (game == NULL) && g_strcmp0 (self->game, game) == 0)
    return TRUE;
  g_free (self->game);
  self->game = g_strdup (game);
  self->all_games = game == NULL;
  self->filling = TRUE;
  gtk_drop_down_set_selected (self->game_dropdown, game_position (self));
  self->filling = FALSE;
  game_changed (self);
  return TRUE;
}

const char *
spk_rules_page_get_game (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return self->all_games ? NULL : self->game;
}

/* --- history and actions ----------------------------------------------------------------- */

static void
history_step (SpkRulesPage *self, GPtrArray *from, GPtrArray *to)
{
  g_autofree char *id = NULL;

  if (from->len == 0)
    return;
  id = g_ptr_array_steal_index (from, from->len - 1);
  if (self->current != NULL)
    g_ptr_array_add (to, g_strdup (self->current));
  _spk_rules_page_show (self, id);
}

static void
open_action (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_rules_page_open (SPK_RULES_PAGE (widget), g_variant_get_string (param, NULL));
}

static void
back_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkRulesPage *self = SPK_RULES_PAGE (widget);

  history_step (self, self->back, self->forward);
}

static void
forward_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkRulesPage *self = SPK_RULES_PAGE (widget);

  history_step (self, self->forward, self->back);
}

/* Folded, the list comes back over the article. */
static void
show_list_action (GtkWidget *widget, const char *name, GVariant *param)
{
  adw_leaflet_set_visible_child_name (SPK_RULES_PAGE (widget)->leaflet, "search");
}

/* The open entry as plain text on the clipboard; a table has no text. */
static void
copy_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkRulesPage *self = SPK_RULES_PAGE (widget);
  const SpkGlossaryEntry *e = NULL;
  const SpkGlossaryTable *t;
  SpkGlossary *g = NULL;
  g_autofree char *text = NULL;

  if (_spk_rules_page_resolve (self, self->current, &g, &e, &t) && e != NULL)
    text = spk_glossary_entry_to_text (g, e);
  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  spk_toast_show (widget, _("Copied the entry"), FALSE);
}

void
_spk_rules_page_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "rules.open", "s", open_action);
  gtk_widget_class_install_action (widget_class, "rules.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "rules.forward", NULL, forward_action);
  gtk_widget_class_install_action (widget_class, "rules.show-list", NULL, show_list_action);
  gtk_widget_class_install_action (widget_class, "rules.copy", NULL, copy_action);
}

/* --- the rulings filter and keys -------------------------------------------------------- */

void
spk_rules_page_set_rulings_only (SpkRulesPage *self, gboolean rulings_only)
{
  g_return_if_fail (SPK_IS_RULES_PAGE (self));
  gtk_toggle_button_set_active (self->rulings_toggle, rulings_only);
}

gboolean
spk_rules_page_get_rulings_only (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  return gtk_toggle_button_get_active (self->rulings_toggle);
}

static gboolean
history_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  SpkRulesPage *self = data;
  GPtrArray *from = g_variant_get_boolean (args) ? self->forward : self->back;

  /* Only while the page is shown and there is somewhere to go; otherwise
   * the key goes on as if the page were not there. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || from->len == 0)
    return FALSE;
  history_step (self, from, from == self->back ? self->forward : self->back);
  return TRUE;
}

static gboolean
find_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  SpkRulesPage *self = data;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;
  spk_rules_page_focus_search (self);
  return TRUE;
}

/* The history keys and Ctrl+F work wherever the focus is while the page
 * is shown, and come first: AdwLeaflet takes Alt+Left and Alt+Right for
 * its own back/forward swipe, which only flips between the list and the
 * article, a selectable paragraph with the focus swallows Ctrl+F, and a
 * header button with the focus would never let the page see them. */
void
_spk_rules_page_add_keys (SpkRulesPage *self)
{
  static const struct { guint key; GdkModifierType mods; gboolean forward; } keys[] = {
    { GDK_KEY_Left, GDK_ALT_MASK, FALSE },
    { GDK_KEY_Right, GDK_ALT_MASK, TRUE },
    { GDK_KEY_Back, 0, FALSE },
    { GDK_KEY_Forward, 0, TRUE },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                                                gtk_callback_action_new (history_key, self, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_boolean (keys[i].forward));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (find_key, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
