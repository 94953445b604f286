/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-rules-page.h"

#include <glib/gi18n.h>

#include "spk-rules-article.h"

#include "spk-glossary.h"
#include "spk-packs.h"
#include "spk-search.h"
#include "spk-widget-util.h"

struct _SpkRulesPage
{
  GtkWidget       parent_instance;

  AdwLeaflet     *leaflet;
  GtkSearchEntry *search_entry;
  GtkLabel       *status_label;
  GtkListBox     *result_list;
  GtkBox         *entry_box;
  GtkWidget      *entry_page;
  GtkToggleButton *rulings_toggle;
  GtkDropDown    *game_dropdown;

  SpkPacks       *packs;     /* every game's pack, NULL until loaded */
  char           *game;      /* the game searched; NULL: all games (all_games)
                              * or none chosen yet */
  gboolean        all_games;
  gboolean        filling;   /* the dropdown is being set from the page */
  /* The pack plain ids are read in: the game searched, or the open
   * entry's game when all are searched (borrowed from packs). */
  SpkGlossary    *glossary;
  SpkRulesImport *import;
  GPtrArray      *results;   /* of char*: ids, as listed */
  GPtrArray      *links;     /* of char*, NULL-terminated */
  GPtrArray      *rulings_shown; /* of char*, NULL-terminated: the open term's Rulings */
  GPtrArray      *back;      /* of char* */
  GPtrArray      *forward;   /* of char* */
  char           *current;
  char           *shown_query; /* the text the results were found for */
  /* The language whose titles are shown ("de"), or NULL for the pack's
   * own (English); the user's first language the pack has names in. */
  char           *language;
  char           *shown_title; /* the open entry's title as shown */
  GCancellable   *cancellable;
};

G_DEFINE_FINAL_TYPE (SpkRulesPage, spk_rules_page, GTK_TYPE_WIDGET)

enum { READY, N_SIGNALS };
static guint signals[N_SIGNALS];

#define TABLE_PREFIX "table:"
#define RESULT_LIMIT 40

/* --- loading ------------------------------------------------------------------- */

typedef struct {
  SpkPacks       *packs;
  SpkRulesImport *import;
} Loaded;

static void
loaded_free (Loaded *loaded)
{
  g_clear_pointer (&loaded->packs, spk_packs_free);
  g_clear_pointer (&loaded->import, spk_rules_import_free);
  g_free (loaded);
}

static void
load_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_autofree char *saved = spk_rules_import_default_path ();
  Loaded *loaded;
  GError *error = NULL;
  SpkPacks *packs;

  if ((packs = spk_packs_load_installed (&error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  loaded = g_new0 (Loaded, 1);
  loaded->packs = packs;
  /* A missing or unreadable import only means there is no official
   * wording to show. */
  if (g_file_test (saved, G_FILE_TEST_EXISTS))
    loaded->import = spk_rules_import_load_saved (saved, NULL);
  g_task_return_pointer (task, loaded, (GDestroyNotify) loaded_free);
}

static void update_results (SpkRulesPage *self);
static void fill_game_dropdown (SpkRulesPage *self);

static void
load_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  Loaded *loaded = g_task_propagate_pointer (G_TASK (result), &error);
  SpkRulesPage *self;

  if (loaded == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = SPK_RULES_PAGE (source);
  if (loaded == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  self->packs = g_steal_pointer (&loaded->packs);
  /* A game set before the packs were read, or one without a pack, falls
   * back to the first pack. */
  if (self->game != NULL && spk_packs_get_glossary (self->packs, self->game) == NULL)
    g_clear_pointer (&self->game, g_free);
  if (self->game == NULL && !self->all_games)
    self->game = g_strdup (spk_packs_get_game (self->packs, 0));
  self->glossary = spk_packs_get_glossary (self->packs, self->game != NULL ? self->game
                                                        : spk_packs_get_game (self->packs, 0));
  fill_game_dropdown (self);
  if (self->language == NULL)
    {
      /* The first of the user's languages the pack has names in; the
       * rules code itself never looks at the environment. */
      const char *const *langs = g_get_language_names ();

      for (guint i = 0; langs[i] != NULL && self->language == NULL; i++)
        {
          if (g_str_equal (langs[i], "C") || g_str_has_prefix (langs[i], "en"))
            break;
          if (spk_glossary_has_language (self->glossary, langs[i]))
            self->language = g_strdup (langs[i]);
        }
    }
  if (self->import == NULL)
    self->import = g_steal_pointer (&loaded->import);
  loaded_free (loaded);
  update_results (self);
  g_signal_emit (self, signals[READY], 0);
}

gboolean
spk_rules_page_is_ready (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  return self->packs != NULL;
}

/* --- results --------------------------------------------------------------------- */

/* An entry's name in a result row: its path, or in another language its
 * title there with the English path beside it ("Turm (Spire)"). */
static char *
row_title (SpkRulesPage *self, const SpkGlossaryEntry *e)
{
  g_autofree char *path = spk_glossary_entry_path (e);
  const SpkGlossaryLocalized *loc = spk_glossary_entry_localized (e, self->language);

  if (loc == NULL || loc->title == NULL)
    return g_steal_pointer (&path);
  /* TRANSLATORS: an entry's title in your language, then its English name */
  return g_strdup_printf (_("%s (%s)"), loc->title, path);
}

/* @note, when given, is a line under the subtitle: how the search read
 * the question ("matched “kill” as Defeat"). */
static GtkWidget *
result_row (const char *title, const char *subtitle, const char *note, const char *id)
{
  GtkWidget *row = gtk_list_box_row_new ();
  g_autofree char *description = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), label);
  if (subtitle != NULL && subtitle[0] != '\0')
    {
      GtkWidget *sub = gtk_label_new (subtitle);

      gtk_label_set_xalign (GTK_LABEL (sub), 0);
      gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
      gtk_label_set_lines (GTK_LABEL (sub), 2);
      gtk_label_set_ellipsize (GTK_LABEL (sub), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (sub, "dim-label");
      gtk_widget_add_css_class (sub, "caption");
      gtk_box_append (GTK_BOX (box), sub);
    }
  if (note != NULL)
    {
      GtkWidget *line = gtk_label_new (note);

      gtk_label_set_xalign (GTK_LABEL (line), 0);
      gtk_label_set_wrap (GTK_LABEL (line), TRUE);
      gtk_widget_add_css_class (line, "caption");
      gtk_widget_add_css_class (line, "accent");
      gtk_box_append (GTK_BOX (box), line);
    }
  description = g_strjoin (note != NULL && subtitle != NULL ? "\n" : "",
                           subtitle != NULL ? subtitle : "", note != NULL ? note : "", NULL);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* GTK 4.8 does not name a row after its labels. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  g_object_set_data_full (G_OBJECT (row), "spk-id", g_strdup (id), g_free);
  return row;
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_widget_unparent (child);
}

/* How the page names @e in its lists and history: its id while one game
 * is searched, "GAME:ID" while all are (ids repeat across packs). */
static char *
entry_ref (SpkRulesPage *self, const SpkGlossaryEntry *e)
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
static gboolean
resolve (SpkRulesPage *self, const char *id, SpkGlossary **glossary, const SpkGlossaryEntry **entry,
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

static char *
table_ref (SpkRulesPage *self, SpkGlossary *glossary, const SpkGlossaryTable *t)
{
  if (self->all_games)
    return g_strconcat (TABLE_PREFIX, spk_glossary_get_game (glossary), ":", t->id, NULL);
  return g_strconcat (TABLE_PREFIX, t->id, NULL);
}

/* The packs the list shows: the game's, or all of them. */
static GPtrArray *
searched_packs (SpkRulesPage *self)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < spk_packs_get_n_games (self->packs); i++)
    if (self->all_games || g_strcmp0 (self->game, spk_packs_get_game (self->packs, i)) == 0)
      g_ptr_array_add (out, spk_packs_get_glossary (self->packs, spk_packs_get_game (self->packs, i)));
  return out;
}

static void
update_results (SpkRulesPage *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  gboolean rulings_only = gtk_toggle_button_get_active (self->rulings_toggle);
  GtkWidget *child;

  g_free (self->shown_query);
  self->shown_query = self->packs != NULL ? g_strdup (query) : NULL;
  spk_release_focus_within (GTK_WIDGET (self->result_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->result_list))) != NULL)
    gtk_list_box_remove (self->result_list, child);
  g_ptr_array_set_size (self->results, 0);
  if (self->packs == NULL)
    return;

  if (query == NULL || query[0] == '\0')
    {
      g_autoptr(GPtrArray) packs = searched_packs (self);

      /* Nothing typed: the quick-reference tables, then every entry, of
       * each game searched. */
      for (guint p = 0; p < packs->len; p++)
        {
          SpkGlossary *glossary = g_ptr_array_index (packs, p);

          for (guint i = 0; !rulings_only && i < spk_glossary_get_n_tables (glossary); i++)
            {
              const SpkGlossaryTable *t = spk_glossary_get_table (glossary, i);
              g_autofree char *id = table_ref (self, glossary, t);

              gtk_list_box_append (self->result_list, result_row (t->title, _("Quick-reference table"), NULL, id));
              g_ptr_array_add (self->results, g_strdup (id));
            }
          /* The published rulings are listed with their filter on, in
           * place of the terms. */
          for (guint i = 0; i < spk_glossary_get_n_entries (glossary); i++)
            {
              const SpkGlossaryEntry *e = spk_glossary_get_entry (glossary, i);
              g_autofree char *path = NULL;
              g_autofree char *ref = NULL;

              if ((e->kind == SPK_GLOSSARY_KIND_RULING) != rulings_only)
                continue;
              path = row_title (self, e);
              ref = entry_ref (self, e);
              gtk_list_box_append (self->result_list, result_row (path, e->source, NULL, ref));
              g_ptr_array_add (self->results, g_steal_pointer (&ref));
            }
        }
      gtk_label_set_text (self->status_label, "");
      return;
    }

  {
    g_autoptr(GPtrArray) hits = spk_packs_query (self->packs, self->all_games ? NULL : self->game, query,
                                                 RESULT_LIMIT, rulings_only ? SPK_SEARCH_RULINGS_ONLY
                                                                            : SPK_SEARCH_ANY);
    g_autofree char *status = NULL;

    for (guint i = 0; i < hits->len; i++)
      {
        const SpkSearchResult *hit = g_ptr_array_index (hits, i);
        g_autofree char *path = row_title (self, hit->entry);
        g_autofree char *ref = entry_ref (self, hit->entry);
        /* TRANSLATORS: the first %s is the player's words, the second a rules concept */
        g_autofree char *note = hit->concept != NULL ? g_strdup_printf (_("matched “%s” as %s"),
                                                                        hit->matched_phrase,
                                                                        hit->concept->name)
                                                     : NULL;

        gtk_list_box_append (self->result_list, result_row (path, hit->snippet, note, ref));
        g_ptr_array_add (self->results, g_steal_pointer (&ref));
      }
    if (hits->len == 0)
      status = g_strdup (rulings_only ? _("No ruling matches. Try other words, or turn off Rulings.")
                                      : _("No entry matches. Try fewer or other words."));
    else if (rulings_only)
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u ruling", "%u rulings", hits->len), hits->len);
    else
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry", "%u entries", hits->len), hits->len);
    gtk_label_set_text (self->status_label, status);
  }
}

void
spk_rules_page_search (SpkRulesPage *self, const char *text)
{
  g_return_if_fail (SPK_IS_RULES_PAGE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  update_results (self);
}

guint
spk_rules_page_get_n_results (SpkRulesPage *self)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), 0);
  return self->results->len;
}

const char *
spk_rules_page_get_result (SpkRulesPage *self, guint i)
{
  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), NULL);
  return i < self->results->len ? g_ptr_array_index (self->results, i) : NULL;
}

static gboolean
grab_search_focus (gpointer data)
{
  SpkRulesPage *self = data;

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
  return G_SOURCE_REMOVE;
}

void
spk_rules_page_focus_search (SpkRulesPage *self)
{
  g_return_if_fail (SPK_IS_RULES_PAGE (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "search");
  /* The page may only now be shown: focus once it is mapped. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->search_entry)) || !gtk_widget_grab_focus (GTK_WIDGET (self->search_entry)))
    g_idle_add_full (G_PRIORITY_LOW, grab_search_focus, g_object_ref (self), g_object_unref);
  else
    gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
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
      ref = entry_ref (self, e);
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
      g_autofree char *ref = entry_ref (self, r);

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

static gboolean
show (SpkRulesPage *self, const char *id)
{
  const SpkGlossaryEntry *e = NULL;
  const SpkGlossaryTable *table = NULL;
  SpkGlossary *glossary = NULL;

  if (!resolve (self, id, &glossary, &e, &table))
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
  self->current = e != NULL ? entry_ref (self, e) : g_strdup (id);
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
  if (!show (self, id))
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
  update_results (self);
  current = g_strdup (self->current);
  if (current != NULL)
    show (self, current);
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
  ref = entry_ref (self, ((SpkSearchResult *) g_ptr_array_index (hits, 0))->entry);
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
    show (self, current);
}

gboolean
spk_rules_page_has_official (SpkRulesPage *self)
{
  const SpkGlossaryEntry *e;
  const SpkGlossaryTable *t;
  SpkGlossary *g;

  g_return_val_if_fail (SPK_IS_RULES_PAGE (self), FALSE);
  return self->import != NULL && resolve (self, self->current, &g, &e, &t) && e != NULL
         && spk_rules_import_find (self->import, e) != NULL;
}

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
static void
fill_game_dropdown (SpkRulesPage *self)
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
          self->current = e != NULL ? entry_ref (self, e) : NULL;
        }
      else if (resolve (self, current, &g, &e, &t) && e != NULL)
        self->current = entry_ref (self, e);
    }
  if (!self->all_games && self->game != NULL && self->current == NULL)
    self->glossary = spk_packs_get_glossary (self->packs, self->game);
  update_results (self);
}

static void
game_selected (SpkRulesPage *self)
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

/* --- actions and signals -------------------------------------------------------------- */

static void
history_step (SpkRulesPage *self, GPtrArray *from, GPtrArray *to)
{
  g_autofree char *id = NULL;

  if (from->len == 0)
    return;
  id = g_ptr_array_steal_index (from, from->len - 1);
  if (self->current != NULL)
    g_ptr_array_add (to, g_strdup (self->current));
  show (self, id);
}

static void
rules_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkRulesPage *self = SPK_RULES_PAGE (widget);

  if (g_str_equal (name, "rules.open"))
    spk_rules_page_open (self, g_variant_get_string (param, NULL));
  else if (g_str_equal (name, "rules.back"))
    history_step (self, self->back, self->forward);
  else if (g_str_equal (name, "rules.forward"))
    history_step (self, self->forward, self->back);
  else if (g_str_equal (name, "rules.show-list"))
    adw_leaflet_set_visible_child_name (self->leaflet, "search");
  else if (g_str_equal (name, "rules.copy"))
    {
      const SpkGlossaryEntry *e = NULL;
      const SpkGlossaryTable *t;
      SpkGlossary *g = NULL;
      g_autofree char *text = NULL;

      if (resolve (self, self->current, &g, &e, &t) && e != NULL)
        text = spk_glossary_entry_to_text (g, e);

      if (text == NULL)
        return;
      gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
      spk_toast_show (widget, _("Copied the entry"), FALSE);
    }
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, SpkRulesPage *self)
{
  spk_rules_page_open (self, g_object_get_data (G_OBJECT (row), "spk-id"));
}

/* The list is found again only when the text differs from what it was
 * found for: Enter may have searched already before the entry's delay. */
static void
search_changed (SpkRulesPage *self)
{
  if (g_strcmp0 (self->shown_query, gtk_editable_get_text (GTK_EDITABLE (self->search_entry))) != 0)
    update_results (self);
}

static void
search_activated (SpkRulesPage *self)
{
  /* Enter before the search ran: search now, so the best result for the
   * text typed opens, not the first of a stale list. */
  search_changed (self);
  if (self->results->len > 0)
    spk_rules_page_open (self, g_ptr_array_index (self->results, 0));
}

static void
spk_rules_page_dispose (GObject *object)
{
  SpkRulesPage *self = SPK_RULES_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_RULES_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (spk_rules_page_parent_class)->dispose (object);
}

static void
spk_rules_page_finalize (GObject *object)
{
  SpkRulesPage *self = SPK_RULES_PAGE (object);

  g_clear_pointer (&self->packs, spk_packs_free);
  g_clear_pointer (&self->game, g_free);
  g_clear_pointer (&self->import, spk_rules_import_free);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->shown_query, g_free);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->shown_title, g_free);
  g_clear_pointer (&self->links, g_ptr_array_unref);
  g_clear_pointer (&self->rulings_shown, g_ptr_array_unref);
  g_clear_pointer (&self->back, g_ptr_array_unref);
  g_clear_pointer (&self->forward, g_ptr_array_unref);
  g_clear_pointer (&self->current, g_free);
  G_OBJECT_CLASS (spk_rules_page_parent_class)->finalize (object);
}

static void
spk_rules_page_class_init (SpkRulesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_rules_page_dispose;
  object_class->finalize = spk_rules_page_finalize;

  signals[READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, leaflet);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, result_list);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, entry_box);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, entry_page);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, rulings_toggle);
  gtk_widget_class_bind_template_child (widget_class, SpkRulesPage, game_dropdown);

  gtk_widget_class_install_action (widget_class, "rules.open", "s", rules_action);
  gtk_widget_class_install_action (widget_class, "rules.back", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "rules.forward", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "rules.show-list", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "rules.copy", NULL, rules_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
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
static void
add_history_keys (SpkRulesPage *self)
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

/* What the article pane says before anything is opened. */
static GtkWidget *
empty_status (void)
{
  GtkWidget *status = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "accessories-dictionary-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), _("No Entry Open"));
  adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                   _("Search the rules or pick an entry or a quick-reference table from the list."));
  gtk_widget_set_vexpand (status, TRUE);
  return status;
}

/* Down from the search field goes into the results, on the first one. */
static gboolean
search_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                    SpkRulesPage *self)
{
  GtkListBoxRow *first;

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  search_changed (self);
  if ((first = gtk_list_box_get_row_at_index (self->result_list, 0)) == NULL)
    return FALSE;
  gtk_list_box_select_row (self->result_list, first);
  return gtk_widget_grab_focus (GTK_WIDGET (first));
}

/* Shown (by its shortcut, the view switcher or a link elsewhere) with the
 * focus outside it: typing goes to the search field. */
static gboolean
focus_on_show (gpointer data)
{
  SpkRulesPage *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (gtk_widget_get_mapped (GTK_WIDGET (self->search_entry)) &&
      (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return G_SOURCE_REMOVE;
}

static void
page_mapped (SpkRulesPage *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_on_show, g_object_ref (self), g_object_unref);
}

static void
spk_rules_page_init (SpkRulesPage *self)
{
  GtkEventController *keys;

  g_autoptr(GTask) task = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  add_history_keys (self);
  self->results = g_ptr_array_new_with_free_func (g_free);
  self->links = g_ptr_array_new_with_free_func (g_free);
  self->rulings_shown = g_ptr_array_new_with_free_func (g_free);
  self->back = g_ptr_array_new_with_free_func (g_free);
  self->forward = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.forward", FALSE);
  gtk_label_set_text (self->status_label, _("Loading the rules reference…"));

  g_signal_connect (self->result_list, "row-activated", G_CALLBACK (row_activated), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activated), self);
  g_signal_connect_swapped (self->rulings_toggle, "toggled", G_CALLBACK (update_results), self);
  g_signal_connect_swapped (self->game_dropdown, "notify::selected", G_CALLBACK (game_selected), self);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  g_signal_connect (self, "map", G_CALLBACK (page_mapped), NULL);

  gtk_box_append (self->entry_box, empty_status ());

  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, load_done, NULL);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, load_in_thread);
}
