/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Rules page's article pane: an entry in our words (beside the
 * official wording of an imported copy), its notes, tables, rulings and
 * links, or a quick-reference table; and how the page names what it
 * shows. */
#include "config.h"

#include "spk-rules-page-private.h"

#include <glib/gi18n.h>

#include "spk-rules-article.h"
#include "spk-widget-util.h"

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_widget_unparent (child);
}

/* How the page names @e in its lists and history: its id while one game
 * is searched, "GAME:ID" while all are (ids repeat across packs). */
char *
_spk_rules_page_entry_ref (SpkRulesPage *self, const SpkGlossaryEntry *e)
{
  if (self->all_games || g_strcmp0 (e->game, self->game) != 0)
    return spk_packs_entry_key (e);
  return g_strdup (e->id);
}

/* The pack a plain id is read in: the game searched, else (all games)
 * the open entry's. */
static SpkGlossary *
home_glossary (SpkRulesPage *self)
{
  if (!self->all_games && self->game != NULL)
    return spk_packs_get_glossary (self->packs, self->game);
  return self->glossary;
}

/* What @id names: an entry (plain id or "GAME:ID") or a table ("table:ID"
 * or "table:GAME:ID"), and its pack. FALSE when it names nothing. */
gboolean
_spk_rules_page_resolve (SpkRulesPage *self, const char *id, SpkGlossary **glossary, const SpkGlossaryEntry **entry,
         const SpkGlossaryTable **table)
{
  *glossary = NULL;
  *entry = NULL;
  *table = NULL;
  if (self->packs == NULL || id == NULL)
    return FALSE;
  if (g_str_has_prefix (id, TABLE_PREFIX))
    {
      const char *rest = id + strlen (TABLE_PREFIX);
      const char *colon = strchr (rest, ':');
      SpkGlossary *g = home_glossary (self);

      if (colon != NULL)
        {
          g_autofree char *game = g_strndup (rest, colon - rest);

          g = spk_packs_get_glossary (self->packs, game);
          rest = colon + 1;
        }
      for (guint i = 0; g != NULL && i < spk_glossary_get_n_tables (g); i++)
        if (g_str_equal (spk_glossary_get_table (g, i)->id, rest))
          *table = spk_glossary_get_table (g, i);
      *glossary = g;
      return *table != NULL;
    }
  if (strchr (id, ':') != NULL)
    *entry = spk_packs_lookup_key (self->packs, id, glossary);
  else if ((*glossary = home_glossary (self)) != NULL)
    *entry = spk_glossary_lookup (*glossary, id);
  return *entry != NULL;
}

/* --- entry view ------------------------------------------------------------------- */

static void
add_links (SpkRulesPage *self, const char *title, char **ids, GPtrArray *entries)
{
  GtkWidget *flow;
  guint n = ids != NULL ? g_strv_length (ids) : entries != NULL ? entries->len : 0;

  if (n == 0)
    return;
  gtk_box_append (self->entry_box, spk_article_paragraph (title, "heading"));
  flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  for (guint i = 0; i < n; i++)
    {
      const SpkGlossaryEntry *e = ids != NULL ? spk_glossary_lookup (self->glossary, ids[i])
                                              : g_ptr_array_index (entries, i);
      GtkWidget *button;
      const char *name;
      g_autofree char *tip = NULL;
      g_autofree char *ref = NULL;

      if (e == NULL)
        continue;
      button = gtk_button_new ();
      name = spk_glossary_entry_title_in (e, self->language);
      gtk_button_set_child (GTK_BUTTON (button), spk_article_wrapping_label (name));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      tip = g_strdup_printf (_("Open “%s”"), name);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_widget_add_css_class (button, "pill");
      ref = _spk_rules_page_entry_ref (self, e);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "rules.open");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ref);
      spk_flow_box_append_plain (GTK_FLOW_BOX (flow), button);
      g_ptr_array_insert (self->links, self->links->len - 1, g_steal_pointer (&ref));
    }
  gtk_box_append (self->entry_box, flow);
}

/* The published rulings about a term: each a button with the ruling's
 * title and, under it, where it was published; it opens the ruling. */
static void
add_rulings (SpkRulesPage *self, const SpkGlossaryEntry *e)
{
  GtkWidget *list;

  if (e->rulings_about == NULL || e->rulings_about->len == 0)
    return;
  gtk_box_append (self->entry_box, spk_article_paragraph (_("Rulings"), "heading"));
  list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (list, "card");
  for (guint i = 0; i < e->rulings_about->len; i++)
    {
      const SpkGlossaryEntry *r = g_ptr_array_index (e->rulings_about, i);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      const char *name = spk_glossary_entry_title_in (r, self->language);
      GtkWidget *title = gtk_label_new (name);
      GtkWidget *source = gtk_label_new (r->source);
      g_autofree char *ref = _spk_rules_page_entry_ref (self, r);

      for (GtkWidget *l = title; l != NULL; l = l == title ? source : NULL)
        {
          gtk_label_set_xalign (GTK_LABEL (l), 0);
          gtk_label_set_wrap (GTK_LABEL (l), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (l), PANGO_WRAP_WORD_CHAR);
          gtk_box_append (GTK_BOX (box), l);
        }
      gtk_widget_add_css_class (source, "dim-label");
      gtk_widget_add_css_class (source, "caption");
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "flat");
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, r->source, -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "rules.open");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ref);
      gtk_box_append (GTK_BOX (list), button);
      g_ptr_array_insert (self->rulings_shown, self->rulings_shown->len - 1, g_steal_pointer (&ref));
    }
  gtk_box_append (self->entry_box, list);
}

static void
show_entry (SpkRulesPage *self, const SpkGlossaryEntry *e)
{
  g_autofree char *path = spk_glossary_entry_path (e);
  g_autoptr(GPtrArray) tables = spk_glossary_tables_for_entry (self->glossary, e->id);
  g_auto(GStrv) paragraphs = g_strsplit (e->body, "\n\n", -1);
  const SpkRulesTerm *official = self->import != NULL ? spk_rules_import_find (self->import, e) : NULL;
  GtkWidget *ours = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  g_free (self->shown_title);
  self->shown_title = g_strdup (spk_glossary_entry_title_in (e, self->language));
  {
    GtkWidget *title = spk_article_paragraph (self->shown_title, "title-1");
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");

    gtk_label_set_selectable (GTK_LABEL (title), FALSE);
    gtk_widget_set_hexpand (title, TRUE);
    gtk_accessible_update_property (GTK_ACCESSIBLE (title), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
    gtk_widget_add_css_class (copy, "flat");
    gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
    gtk_widget_set_tooltip_text (copy, _("Copy as Text: this entry in our words, its tables and rulings, "
                                         "ready to paste into a chat"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Copy the entry as text"), -1);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "rules.copy");
    gtk_box_append (GTK_BOX (row), title);
    gtk_box_append (GTK_BOX (row), copy);
    gtk_box_append (self->entry_box, row);
  }
  if (!g_str_equal (self->shown_title, e->title))
    {
      /* TRANSLATORS: %s is the entry's English name; only titles are translated */
      g_autofree char *english = g_strdup_printf (_("English: %s. The text is in English."), path);
      gtk_box_append (self->entry_box, spk_article_paragraph (english, "dim-label"));
    }
  else if (e->section != NULL && e->section[0] != NULL)
    gtk_box_append (self->entry_box, spk_article_paragraph (path, "dim-label"));

  for (guint i = 0; paragraphs[i] != NULL; i++)
    gtk_box_append (GTK_BOX (ours), spk_article_paragraph (paragraphs[i], NULL));
  if (official == NULL)
    gtk_box_append (self->entry_box, ours);
  else
    {
      /* Ours and the official wording side by side when there is room. */
      GtkWidget *theirs = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
      GtkWidget *columns = gtk_flow_box_new ();

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (columns), GTK_SELECTION_NONE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (columns), 2);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (columns), TRUE);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (columns), 18);
      gtk_box_prepend (GTK_BOX (ours), spk_article_paragraph (_("In our words"), "heading"));
      gtk_box_append (GTK_BOX (theirs), spk_article_paragraph (_("Official wording (your copy)"), "heading"));
      for (guint i = 0; official->paragraphs[i] != NULL; i++)
        gtk_box_append (GTK_BOX (theirs), spk_article_paragraph (official->paragraphs[i], NULL));
      /* Narrow paragraphs let the two columns fit side by side. */
      for (GtkWidget *col = ours; col != NULL; col = col == ours ? theirs : NULL)
        for (GtkWidget *w = gtk_widget_get_first_child (col); w != NULL; w = gtk_widget_get_next_sibling (w))
          {
            gtk_label_set_max_width_chars (GTK_LABEL (w), 36);
            gtk_label_set_width_chars (GTK_LABEL (w), 20);
          }
      spk_flow_box_append_plain (GTK_FLOW_BOX (columns), ours);
      spk_flow_box_append_plain (GTK_FLOW_BOX (columns), theirs);
      gtk_box_append (self->entry_box, columns);
    }

  /* The pack's short rulings on the term (docs/glossary-format.md:
   * "shown under the body"), such as how a word the rulebook leaves
   * undefined is read. */
  if (e->rulings != NULL && e->rulings[0] != NULL)
    {
      gtk_box_append (self->entry_box, spk_article_paragraph (_("Notes"), "heading"));
      for (guint i = 0; e->rulings[i] != NULL; i++)
        {
          g_autofree char *item = g_strdup_printf ("• %s", e->rulings[i]);
          gtk_box_append (self->entry_box, spk_article_paragraph (item, NULL));
        }
    }
  for (guint i = 0; i < tables->len; i++)
    gtk_box_append (self->entry_box, spk_article_table (g_ptr_array_index (tables, i)));
  if (e->card != NULL)
    {
      g_autofree char *card = spk_glossary_entry_card_label (e);
      gtk_box_append (self->entry_box, spk_article_paragraph (card, NULL));
    }
  if (e->source != NULL)
    {
      g_autofree char *source = g_strdup_printf (_("Source: %s"), e->source);
      gtk_box_append (self->entry_box, spk_article_paragraph (source, "dim-label"));
    }
  add_rulings (self, e);
  add_links (self, _("Concerns"), e->concerns, NULL);
  add_links (self, _("See also"), e->see_also, NULL);
  add_links (self, _("Referred to by"), NULL, e->backlinks);
}

/* A paragraph selects all its text when it takes the focus, and the
 * leaflet or the lines above hand the focus to the first paragraph of a
 * new article: the article must not open with its text selected. */
static void
unselect_focus (SpkRulesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && GTK_IS_LABEL (focus) && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->entry_box)))
    gtk_label_select_region (GTK_LABEL (focus), 0, 0);
}

gboolean
_spk_rules_page_show (SpkRulesPage *self, const char *id)
{
  const SpkGlossaryEntry *e = NULL;
  const SpkGlossaryTable *table = NULL;
  SpkGlossary *glossary = NULL;

  if (!_spk_rules_page_resolve (self, id, &glossary, &e, &table))
    return FALSE;
  /* Links in the article are read in its pack. */
  self->glossary = glossary;

  spk_release_focus_within (GTK_WIDGET (self->entry_box));
  clear_box (GTK_WIDGET (self->entry_box));
  g_clear_pointer (&self->shown_title, g_free);
  g_ptr_array_set_size (self->links, 0);
  g_ptr_array_add (self->links, NULL);
  g_ptr_array_set_size (self->rulings_shown, 0);
  g_ptr_array_add (self->rulings_shown, NULL);
  if (e != NULL)
    show_entry (self, e);
  else
    {
      gtk_box_append (self->entry_box, spk_article_table (table));
      if (table->entry != NULL)
        {
          char *entry_ids[] = { table->entry, NULL };

          add_links (self, _("Explained in"), entry_ids, NULL);
        }
    }
  g_free (self->current);
  self->current = e != NULL ? _spk_rules_page_entry_ref (self, e) : g_strdup (id);
  adw_leaflet_set_visible_child_name (self->leaflet, "entry");
  /* Keyboard focus follows to the entry (the list may fold away), and it
   * must not be left on a link button that was just replaced. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && adw_leaflet_get_folded (self->leaflet))
    gtk_widget_child_focus (self->entry_page, GTK_DIR_TAB_FORWARD);
  unselect_focus (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", self->back->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.forward", self->forward->len > 0);
  return TRUE;
}

gboolean
spk_rules_page_open (SpkRulesPage *self, const char *id)
{
  g_autofree char *previous = NULL;

  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  if (g_strcmp0 (id, self->current) == 0)
    {
      /* Folded, the list may be shown over it: show the article again. */
      if (self->current != NULL)
        adw_leaflet_set_visible_child_name (self->leaflet, "entry");
      return self->current != NULL;
    }
  previous = g_strdup (self->current);
  if (!_spk_rules_page_show (self, id))
    return FALSE;
  if (previous != NULL)
    g_ptr_array_add (self->back, g_steal_pointer (&previous));
  g_ptr_array_set_size (self->forward, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", self->back->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.forward", FALSE);
  return TRUE;
}

void
spk_rules_page_set_language (SpkRulesPage *self, const char *language)
{
  g_autofree char *current = NULL;

  g_return_if_fail (SPK_IS_RULES_PAGE (self));
  g_free (self->language);
  self->language = g_strdup (language != NULL ? language : "C");
  _spk_rules_page_update_results (self);
  current = g_strdup (self->current);
  if (current != NULL)
    _spk_rules_page_show (self, current);
}

const char *
spk_rules_page_get_shown_title (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return self->current != NULL ? self->shown_title : NULL;
}

const char *
spk_rules_page_get_current (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return self->current;
}

const char *const *
spk_rules_page_get_links (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return self->links->len > 0 ? (const char *const *) self->links->pdata : NULL;
}

const char *const *
spk_rules_page_get_rulings (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return self->rulings_shown->len > 0 ? (const char *const *) self->rulings_shown->pdata : NULL;
}

gboolean
spk_rules_page_show_term (SpkRulesPage *self, const char *term)
{
  g_autoptr(GPtrArray) hits = NULL;

  g_autofree char *ref = NULL;

  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  if (self->packs == NULL)
    return FALSE;
  spk_rules_page_search (self, term);
  hits = spk_packs_query (self->packs, self->all_games ? NULL : self->game, term, 1, SPK_SEARCH_ANY);
  if (hits->len == 0)
    return FALSE;
  ref = _spk_rules_page_entry_ref (self, ((SpkSearchResult *) g_ptr_array_index (hits, 0))->entry);
  return spk_rules_page_open (self, ref);
}

void
spk_rules_page_set_import (SpkRulesPage *self, SpkRulesImport *import)
{
  g_autofree char *current = NULL;

  g_return_if_fail (SPK_IS_RULES_PAGE (self));
  g_clear_pointer (&self->import, spk_rules_import_free);
  self->import = import;
  current = g_strdup (self->current);
  if (current != NULL)
    _spk_rules_page_show (self, current);
}

gboolean
spk_rules_page_has_official (SpkRulesPage *self)
{
  const SpkGlossaryEntry *e;
  const SpkGlossaryTable *t;
  SpkGlossary *g;

  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  return self->import != NULL && _spk_rules_page_resolve (self, self->current, &g, &e, &t) && e != NULL
         && spk_rules_import_find (self->import, e) != NULL;
}
