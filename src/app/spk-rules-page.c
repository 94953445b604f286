/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Rules page: loads every game's pack on a worker thread, then lists
 * what the search finds (or every entry while nothing is typed). An open
 * entry is built in spk-rules-page-entry.c, the actions, keys and game
 * filter are in spk-rules-page-actions.c. */
#include "config.h"

#include "spk-rules-page-private.h"

#include <glib/gi18n.h>

#include "spk-search.h"
#include "spk-widget-util.h"

G_DEFINE_FINAL_TYPE (SpkRulesPage, spk_rules_page, GTK_TYPE_WIDGET)

enum { READY, N_SIGNALS };
static guint signals[N_SIGNALS];

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
  _spk_rules_page_fill_game_dropdown (self);
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
  _spk_rules_page_update_results (self);
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

void
_spk_rules_page_update_results (SpkRulesPage *self)
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
              ref = _spk_rules_page_entry_ref (self, e);
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
        g_autofree char *ref = _spk_rules_page_entry_ref (self, hit->entry);
        g_autofree char *note = NULL;

        if (hit->concept != NULL)
          /* TRANSLATORS: the first %s is the player's words, the second a rules concept */
          note = g_strdup_printf (_("matched “%s” as %s"), hit->matched_phrase, hit->concept->name);
        else if (hit->asked_like != NULL)
          /* TRANSLATORS: %s is an earlier question players asked for this entry, in English */
          note = g_strdup_printf (_("asked like “%s”"), hit->asked_like);

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
  _spk_rules_page_update_results (self);
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
    _spk_rules_page_update_results (self);
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

  _spk_rules_page_class_add_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
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
  _spk_rules_page_add_keys (self);
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
  g_signal_connect_swapped (self->rulings_toggle, "toggled", G_CALLBACK (_spk_rules_page_update_results), self);
  g_signal_connect_swapped (self->game_dropdown, "notify::selected", G_CALLBACK (_spk_rules_page_game_selected), self);
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
