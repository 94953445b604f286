/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-new-table-dialog.h"

#include <glib/gi18n.h>

#include "spk-roster.h"
#include "spk-table-codex.h"
#include "spk-table-setup.h"
#include "spk-widget-util.h"

typedef struct {
  AdwPreferencesGroup *group;
  AdwComboRow         *faction_row; /* the roster's factions, then Custom… */
  AdwEntryRow         *name_row;    /* a custom faction's name */
  AdwComboRow         *team_row;
  AdwComboRow         *mark_row;    /* Next in seating order, then the seats */
  GtkStringList       *marks;
} Seat;

/* A Codex player: a name and the specs and starting deck as free text. */
typedef struct {
  AdwPreferencesGroup *group;
  AdwEntryRow         *name_row;
  AdwEntryRow         *spec_row;
  GtkSwitch           *multicolor;
} CodexSeat;

#define CODEX_MAX_SEATS 5

struct _SpkNewTableDialog
{
  AdwMessageDialog  parent_instance;

  AdwComboRow      *game_row;
  AdwPreferencesGroup *codex_group;
  AdwComboRow      *codex_mode_row;
  GtkBox           *codex_box;
  GtkWidget        *players_group;
  CodexSeat         codex_seats[CODEX_MAX_SEATS];
  gboolean          codex_shown;  /* the form is the Codex one */

  AdwComboRow      *count_row;
  GtkSwitch        *teams_switch;
  AdwComboRow      *first_row;
  GtkStringList    *first_list;
  GtkSwitch        *fortress_switch;
  GtkBox           *seats_box;
  GtkLabel         *problem_label;

  SpkRoster        *roster;
  GPtrArray        *faction_ids;  /* of char*: the faction rows' items, "" for Custom… */
  Seat              seats[SPK_SETUP_MAX_SEATS];
  char             *problem;
  gboolean          updating;
};

G_DEFINE_FINAL_TYPE (SpkNewTableDialog, spk_new_table_dialog, ADW_TYPE_MESSAGE_DIALOG)

static guint
n_players (SpkNewTableDialog *self)
{
  return SPK_SETUP_MIN_SEATS + adw_combo_row_get_selected (self->count_row);
}

/* The form as the model reads it; the strings belong to the widgets. */
static void
read_spec (SpkNewTableDialog *self, SpkNewTableSpec *spec)
{
  spk_new_table_spec_init (spec, n_players (self));
  spec->teams = gtk_switch_get_active (self->teams_switch);
  spec->fortresses = gtk_switch_get_active (self->fortress_switch);
  spec->first_player = (int) adw_combo_row_get_selected (self->first_row);
  for (guint i = 0; i < spec->n_seats; i++)
    {
      Seat *s = &self->seats[i];
      const char *id = spk_combo_row_get_id (s->faction_row, self->faction_ids);
      guint mark = adw_combo_row_get_selected (s->mark_row);

      spec->seats[i].faction = id != NULL && *id != '\0' ? id : NULL;
      spec->seats[i].name = spec->seats[i].faction == NULL ? gtk_editable_get_text (GTK_EDITABLE (s->name_row))
                                                           : NULL;
      spec->seats[i].team = (int) adw_combo_row_get_selected (s->team_row) + 1;
      spec->seats[i].mark = mark == 0 || mark == GTK_INVALID_LIST_POSITION ? SPK_SETUP_DEFAULT : (int) mark - 1;
    }
}

/* "Seat 2: Grovetenders", or "Seat 2" while a custom faction has no name. */
static char *
seat_label (SpkNewTableDialog *self, guint i)
{
  Seat *s = &self->seats[i];
  const char *id = spk_combo_row_get_id (s->faction_row, self->faction_ids);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (s->name_row));

  if (id != NULL && *id != '\0')
    name = gtk_string_object_get_string (GTK_STRING_OBJECT (adw_combo_row_get_selected_item (s->faction_row)));
  if (name == NULL || *name == '\0')
    return g_strdup_printf (_("Seat %u"), i + 1);
  /* Translators: a seat at the table and the faction sitting there */
  return g_strdup_printf (_("Seat %u: %s"), i + 1, name);
}

/* The seats, @labels, after the first @keep items of @row's @list; the
 * choice stays on the same seat (or the last one, when it went; the first
 * item when there was none). */
static void
list_seats (AdwComboRow *row, GtkStringList *list, guint keep, GPtrArray *labels)
{
  guint have = g_list_model_get_n_items (G_LIST_MODEL (list));
  guint selected = adw_combo_row_get_selected (row);
  guint total = keep + labels->len - 1;
  gboolean same = have == total;

  for (guint i = keep; same && i < have; i++)
    same = g_str_equal (gtk_string_list_get_string (list, i), g_ptr_array_index (labels, i - keep));
  if (same)
    return;
  gtk_string_list_splice (list, keep, have - keep, (const char *const *) labels->pdata);
  adw_combo_row_set_selected (row, selected == GTK_INVALID_LIST_POSITION ? 0 : MIN (selected, total - 1));
}

static gboolean
is_codex (SpkNewTableDialog *self)
{
  return adw_combo_row_get_selected (self->game_row) == 1;
}

/* The Codex set-up row: two players, a free-for-all of 3 to 5, or a
 * two-headed dragon. */
static SpkCodexMode
codex_mode (SpkNewTableDialog *self, guint *n)
{
  guint selected = adw_combo_row_get_selected (self->codex_mode_row);

  if (selected == 4)
    {
      *n = 4;
      return SPK_CODEX_MODE_TWO_HEADED_DRAGON;
    }
  *n = selected + 2;
  return selected == 0 ? SPK_CODEX_MODE_DUEL : SPK_CODEX_MODE_FREE_FOR_ALL;
}

static SpkTable *
create_codex (SpkNewTableDialog *self, GError **error)
{
  const char *names[CODEX_MAX_SEATS + 1] = { NULL };
  const char *specs[CODEX_MAX_SEATS + 1] = { NULL };
  gboolean multicolor[CODEX_MAX_SEATS] = { FALSE };
  guint n;
  SpkCodexMode mode = codex_mode (self, &n);

  for (guint i = 0; i < n; i++)
    {
      names[i] = gtk_editable_get_text (GTK_EDITABLE (self->codex_seats[i].name_row));
      specs[i] = gtk_editable_get_text (GTK_EDITABLE (self->codex_seats[i].spec_row));
      multicolor[i] = gtk_switch_get_active (self->codex_seats[i].multicolor);
    }
  return spk_table_new_codex (mode, names, specs, multicolor, error);
}

/* A Codex form: the seats of the set-up, and the model's word on it. */
static void
refresh_codex (SpkNewTableDialog *self)
{
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  codex_mode (self, &n);
  for (guint i = 0; i < CODEX_MAX_SEATS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->codex_seats[i].group), i < n);
  g_clear_pointer (&self->problem, g_free);
  table = create_codex (self, &error);
  if (table == NULL)
    self->problem = g_strdup (error->message);
}

/* The rows follow the form; the model says what is wrong with it. */
static void
refresh (SpkNewTableDialog *self)
{
  SpkNewTableSpec spec;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  gboolean teams = gtk_switch_get_active (self->teams_switch);
  guint n = n_players (self);
  int at = -1;

  if (self->updating)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->codex_group), is_codex (self));
  gtk_widget_set_visible (GTK_WIDGET (self->codex_box), is_codex (self));
  gtk_widget_set_visible (self->players_group, !is_codex (self));
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), !is_codex (self));
  /* A new label is a new button label: its name for screen readers is
   * set again, without the underscore. */
  if (self->codex_shown != is_codex (self))
    {
      self->codex_shown = is_codex (self);
      adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (self), "empty",
                                             is_codex (self) ? _("_Start Codex Table") : _("_Empty Board"));
      spk_name_mnemonic_buttons (GTK_WIDGET (self));
    }
  if (is_codex (self))
    {
      refresh_codex (self);
      gtk_label_set_text (self->problem_label, self->problem != NULL ? self->problem : "");
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), self->problem != NULL);
      adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "empty", self->problem == NULL);
      return;
    }
  self->updating = TRUE;
  labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (labels, seat_label (self, i));
  g_ptr_array_add (labels, NULL);
  list_seats (self->first_row, self->first_list, 0, labels);
  for (guint i = 0; i < SPK_SETUP_MAX_SEATS; i++)
    {
      Seat *s = &self->seats[i];
      const char *id = spk_combo_row_get_id (s->faction_row, self->faction_ids);

      list_seats (s->mark_row, s->marks, 1, labels);
      gtk_widget_set_visible (GTK_WIDGET (s->group), i < n);
      gtk_widget_set_visible (GTK_WIDGET (s->name_row), id == NULL || *id == '\0');
      gtk_widget_set_visible (GTK_WIDGET (s->team_row), teams);
    }
  self->updating = FALSE;

  read_spec (self, &spec);
  g_clear_pointer (&self->problem, g_free);
  if (!spk_new_table_spec_check (&spec, self->roster, &at, &error))
    self->problem = g_strdup (error->message);
  for (guint i = 0; i < SPK_SETUP_MAX_SEATS; i++)
    if ((int) i == at)
      gtk_widget_add_css_class (GTK_WIDGET (self->seats[i].group), "error");
    else
      gtk_widget_remove_css_class (GTK_WIDGET (self->seats[i].group), "error");
  gtk_label_set_text (self->problem_label, self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), self->problem != NULL);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "empty", self->problem == NULL);
}

/* Named by its title, in a group named after its seat; reached with Tab
 * (four seats would make every mnemonic ambiguous). */
static AdwComboRow *
combo_row (const char *title, GListModel *model)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (row, model);
  return row;
}

static void
add_seat (SpkNewTableDialog *self, guint i, GListModel *factions)
{
  Seat *s = &self->seats[i];
  g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 1);
  g_autofree char *name = g_strdup_printf (_("Seat %u custom faction name"), i + 1);
  g_autoptr(GtkStringList) teams = gtk_string_list_new ((const char *const[]) { _("Team 1"), _("Team 2"), NULL });
  const char *by_seating[] = { _("Next in seating order"), NULL };

  s->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (s->group, title);
  s->faction_row = combo_row (_("Faction"), factions);
  s->name_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->name_row), _("Custom faction name"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->name_row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  s->team_row = combo_row (_("Team"), G_LIST_MODEL (teams));
  adw_combo_row_set_selected (s->team_row, i % 2);
  s->marks = gtk_string_list_new (by_seating);
  s->mark_row = combo_row (_("Mark"), G_LIST_MODEL (s->marks));
  adw_combo_row_set_selected (s->faction_row, i < self->faction_ids->len - 1 ? i : self->faction_ids->len - 1);
  adw_preferences_group_add (s->group, GTK_WIDGET (s->faction_row));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->name_row));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->team_row));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->mark_row));
  gtk_box_append (self->seats_box, GTK_WIDGET (s->group));
  g_signal_connect_swapped (s->faction_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (s->team_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (s->mark_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (s->name_row, "notify::text", G_CALLBACK (refresh), self);
}

static void
add_codex_seat (SpkNewTableDialog *self, guint i)
{
  CodexSeat *s = &self->codex_seats[i];
  g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);
  g_autofree char *name = g_strdup_printf (_("Player %u name"), i + 1);
  g_autofree char *spec = g_strdup_printf (_("Player %u specs and starting deck"), i + 1);

  s->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (s->group, title);
  s->name_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->name_row), _("Name"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->name_row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_editable_set_text (GTK_EDITABLE (s->name_row), title);
  s->spec_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->spec_row), _("Specs and starting deck"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->spec_row), GTK_ACCESSIBLE_PROPERTY_LABEL, spec, -1);
  adw_preferences_group_add (s->group, GTK_WIDGET (s->name_row));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->spec_row));
  {
    GtkWidget *row = adw_action_row_new ();
    g_autofree char *several = g_strdup_printf (_("Player %u has heroes of several colours"), i + 1);

    s->multicolor = GTK_SWITCH (gtk_switch_new ());
    gtk_widget_set_valign (GTK_WIDGET (s->multicolor), GTK_ALIGN_CENTER);
    gtk_accessible_update_property (GTK_ACCESSIBLE (s->multicolor), GTK_ACCESSIBLE_PROPERTY_LABEL, several, -1);
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Heroes of several colours"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("The first tech building or add-on costs 1 gold more"));
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (s->multicolor));
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (s->multicolor));
    adw_preferences_group_add (s->group, row);
  }
  gtk_box_append (self->codex_box, GTK_WIDGET (s->group));
  g_signal_connect_swapped (s->name_row, "notify::text", G_CALLBACK (refresh), self);
}

/* The game's factions from the roster; a missing roster leaves Custom… */
static GListModel *
faction_model (SpkNewTableDialog *self)
{
  GtkStringList *names = gtk_string_list_new (NULL);
  g_autofree char *path = spk_roster_find_file ("cloudspire");
  g_autoptr(GError) error = NULL;

  self->faction_ids = g_ptr_array_new_with_free_func (g_free);
  if (path != NULL && (self->roster = spk_roster_load_from_file (path, &error)) == NULL)
    g_warning ("The game's factions could not be read: %s", error->message);
  for (guint i = 0; self->roster != NULL && i < spk_roster_get_n_factions (self->roster); i++)
    {
      const SpkRosterFaction *f = spk_roster_get_faction (self->roster, i);

      g_ptr_array_add (self->faction_ids, g_strdup (f->id));
      gtk_string_list_append (names, f->name);
    }
  g_ptr_array_add (self->faction_ids, g_strdup (""));
  gtk_string_list_append (names, _("Custom…"));
  return G_LIST_MODEL (names);
}

/* --- the form, from code ------------------------------------------------------------ */

void
spk_new_table_dialog_set_players (SpkNewTableDialog *self, guint n)
{
  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self));
  g_return_if_fail (n >= SPK_SETUP_MIN_SEATS && n <= SPK_SETUP_MAX_SEATS);
  adw_combo_row_set_selected (self->count_row, n - SPK_SETUP_MIN_SEATS);
}

void
spk_new_table_dialog_set_teams (SpkNewTableDialog *self, gboolean teams)
{
  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self));
  gtk_switch_set_active (self->teams_switch, teams);
}

void
spk_new_table_dialog_set_seat (SpkNewTableDialog *self, guint seat, const char *faction, const char *name,
                               int team, int mark)
{
  Seat *s;

  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self) && seat < SPK_SETUP_MAX_SEATS);
  s = &self->seats[seat];
  spk_combo_row_select_id (s->faction_row, self->faction_ids, faction != NULL ? faction : "");
  if (name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (s->name_row), name);
  if (team == 1 || team == 2)
    adw_combo_row_set_selected (s->team_row, (guint) team - 1);
  adw_combo_row_set_selected (s->mark_row, mark < 0 ? 0 : (guint) mark + 1);
}

void
spk_new_table_dialog_set_first_player (SpkNewTableDialog *self, guint seat)
{
  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self));
  adw_combo_row_set_selected (self->first_row, seat);
}

void
spk_new_table_dialog_set_game (SpkNewTableDialog *self, const char *game)
{
  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self));
  adw_combo_row_set_selected (self->game_row, g_strcmp0 (game, "codex") == 0 ? 1 : 0);
}

void
spk_new_table_dialog_set_codex_player (SpkNewTableDialog *self, guint seat, const char *name,
                                       const char *spec)
{
  g_return_if_fail (SPK_IS_NEW_TABLE_DIALOG (self) && seat < CODEX_MAX_SEATS);
  if (name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->codex_seats[seat].name_row), name);
  if (spec != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->codex_seats[seat].spec_row), spec);
}

const char *
spk_new_table_dialog_get_problem (SpkNewTableDialog *self)
{
  g_return_val_if_fail (SPK_IS_NEW_TABLE_DIALOG (self), NULL);
  return self->problem;
}

SpkTable *
spk_new_table_dialog_create_table (SpkNewTableDialog *self, GError **error)
{
  SpkNewTableSpec spec;

  g_return_val_if_fail (SPK_IS_NEW_TABLE_DIALOG (self), NULL);
  if (is_codex (self))
    return create_codex (self, error);
  read_spec (self, &spec);
  return spk_table_new_for_game (&spec, self->roster, error);
}

GFile *
spk_new_table_demo_file (void)
{
  g_autofree char *path = g_build_filename (SPK_SOURCE_DATADIR, "demo", "demo-table.json", NULL);
  GFile *file;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_clear_pointer (&path, g_free);
      path = g_build_filename (PKGDATADIR, "demo", "demo-table.json", NULL);
    }
  file = g_file_new_for_path (path);
  g_object_set_data (G_OBJECT (file), "spk-demo", GINT_TO_POINTER (TRUE));
  return file;
}

/* --- object ------------------------------------------------------------------------- */

/* Rows going away must not ask the model about a half-gone form. */
static void
spk_new_table_dialog_dispose (GObject *object)
{
  SPK_NEW_TABLE_DIALOG (object)->updating = TRUE;
  G_OBJECT_CLASS (spk_new_table_dialog_parent_class)->dispose (object);
}

static void
spk_new_table_dialog_finalize (GObject *object)
{
  SpkNewTableDialog *self = SPK_NEW_TABLE_DIALOG (object);

  g_clear_pointer (&self->roster, spk_roster_free);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_free (self->problem);
  for (guint i = 0; i < SPK_SETUP_MAX_SEATS; i++)
    g_clear_object (&self->seats[i].marks);
  G_OBJECT_CLASS (spk_new_table_dialog_parent_class)->finalize (object);
}

static void
spk_new_table_dialog_class_init (SpkNewTableDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_new_table_dialog_dispose;
  object_class->finalize = spk_new_table_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-new-table-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, codex_group);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, codex_mode_row);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, codex_box);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, count_row);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, teams_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, first_row);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, first_list);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, fortress_switch);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, seats_box);
  gtk_widget_class_bind_template_child (widget_class, SpkNewTableDialog, problem_label);
}

static void
spk_new_table_dialog_init (SpkNewTableDialog *self)
{
  g_autoptr(GListModel) factions = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  factions = faction_model (self);
  for (guint i = 0; i < SPK_SETUP_MAX_SEATS; i++)
    add_seat (self, i, factions);
  for (guint i = 0; i < CODEX_MAX_SEATS; i++)
    add_codex_seat (self, i);
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->codex_mode_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->count_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->first_row, "notify::selected", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->teams_switch, "notify::active", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (self->fortress_switch, "notify::active", G_CALLBACK (refresh), self);
  refresh (self);
  spk_name_mnemonic_buttons (GTK_WIDGET (self));
}

SpkNewTableDialog *
spk_new_table_dialog_new (GtkWindow *parent)
{
  return g_object_new (SPK_TYPE_NEW_TABLE_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
}
