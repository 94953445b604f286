/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-edit-dialogs.h"

#include <glib/gi18n.h>

#include "spk-roster.h"
#include "spk-structure-text.h"
#include "spk-table-setup.h"
#include "spk-widget-util.h"

/* What an open faction editor acts on. The widget it was opened from may
 * go first (a new table): then the answer is dropped. */
typedef struct {
  GtkWidget *widget;   /* weak */
  SpkTable  *table;
  char      *faction;
  GtkWidget *input;    /* the entry or the text view */
} FactionEdit;

static FactionEdit *
faction_edit_new (GtkWidget *widget, SpkTable *table, const char *faction)
{
  FactionEdit *edit = g_new0 (FactionEdit, 1);

  edit->widget = widget;
  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &edit->widget);
  edit->table = g_object_ref (table);
  edit->faction = g_strdup (faction);
  return edit;
}

static void
faction_edit_free (gpointer data)
{
  FactionEdit *edit = data;

  if (edit->widget != NULL)
    g_object_remove_weak_pointer (G_OBJECT (edit->widget), (gpointer *) &edit->widget);
  g_object_unref (edit->table);
  g_free (edit->faction);
  g_free (edit);
}

GtkWidget *
spk_edit_dialog_new (GtkWidget *widget, const char *heading, const char *body)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  return adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
}

void
spk_edit_dialog_present (GtkWidget *dialog, GtkWidget *extra, const char *apply, GCallback on_response,
                         gpointer data, GDestroyNotify free_data, GtkWidget *focus)
{
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "apply", apply, NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "apply");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", on_response, data, (GClosureNotify) (void (*) (void)) free_data, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (focus);
}

static char *
with_problem (const char *problem, const char *help)
{
  return problem != NULL ? g_strdup_printf ("%s\n\n%s", problem, help) : g_strdup (help);
}

/* --- faction name ------------------------------------------------------------------- */

/* The factions of the game (the roster's), offered as one-click names;
 * any other name can be typed. NULL when the roster cannot be read. */
static SpkRoster *
game_factions (void)
{
  g_autofree char *path = spk_roster_find_file ("cloudspire");

  return path != NULL ? spk_roster_load_from_file (path, NULL) : NULL;
}

static void open_rename (GtkWidget *widget, SpkTable *table, const char *faction, const char *text,
                         const char *problem);
static void open_add (GtkWidget *widget, SpkTable *table, const char *text, const char *problem);

static void
rename_response (AdwMessageDialog *dialog, const char *response, FactionEdit *edit)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (edit->input));
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;

  if (!g_str_equal (response, "apply") || edit->widget == NULL)
    return;
  if (!spk_table_set_faction_name (edit->table, edit->faction, text, &error))
    open_rename (edit->widget, edit->table, edit->faction, text, error->message);
  else if ((undo = spk_table_describe_undo (edit->table)) != NULL)
    spk_toast_show (edit->widget, undo, TRUE);
}

/* An id for a faction called @name that no faction of @table has: the
 * game's own id when it is one of the game's factions. */
static char *
new_faction_id (SpkTable *table, const char *name)
{
  const SpkBoard *b = spk_table_get_board (table);
  g_autoptr(GPtrArray) taken = g_ptr_array_new ();
  g_autoptr(SpkRoster) roster = name != NULL ? game_factions () : NULL;
  g_autofree char *folded = g_utf8_casefold (name != NULL ? name : "", -1);

  for (guint i = 0; roster != NULL && i < spk_roster_get_n_factions (roster); i++)
    {
      const SpkRosterFaction *f = spk_roster_get_faction (roster, i);
      g_autofree char *other = g_utf8_casefold (f->name, -1);

      if (g_str_equal (other, folded) && spk_board_find_faction (b, f->id) == NULL)
        return g_strdup (f->id);
    }
  for (guint i = 0; i < b->factions->len; i++)
    g_ptr_array_add (taken, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id);
  return spk_faction_id_for_name (name, (const char *const *) taken->pdata, taken->len);
}

/* A faction joins under a new id made from its name; a refusal (a fifth
 * faction, a name taken, a spire limit) brings the dialog back with the
 * model's reason. */
static void
add_response (AdwMessageDialog *dialog, const char *response, FactionEdit *edit)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (edit->input));
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *id = NULL;

  if (!g_str_equal (response, "apply") || edit->widget == NULL)
    return;
  id = new_faction_id (edit->table, text);
  if (!spk_table_add_faction (edit->table, id, text, &error))
    open_add (edit->widget, edit->table, text, error->message);
  else if ((undo = spk_table_describe_undo (edit->table)) != NULL)
    spk_toast_show (edit->widget, undo, TRUE);
}

static void
known_faction_clicked (GtkButton *button, GtkEditable *entry)
{
  gtk_editable_set_text (entry, gtk_button_get_label (button));
  gtk_widget_grab_focus (GTK_WIDGET (entry));
}

/* A name typed, or one of the game's factions picked. */
static void
open_name (GtkWidget *widget, FactionEdit *edit, const char *heading, const char *text, const char *problem,
           const char *apply, GCallback on_response)
{
  g_autofree char *body = with_problem (problem, _("Type the faction's name, or pick the faction it is."));
  GtkWidget *dialog = spk_edit_dialog_new (widget, heading, body);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *known = gtk_flow_box_new ();
  g_autoptr(SpkRoster) roster = game_factions ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Faction name"), -1);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (known), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (known), 3);
  for (guint i = 0; roster != NULL && i < spk_roster_get_n_factions (roster); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (spk_roster_get_faction (roster, i)->name);

      gtk_widget_add_css_class (button, "pill");
      g_signal_connect (button, "clicked", G_CALLBACK (known_faction_clicked), entry);
      spk_flow_box_append_plain (GTK_FLOW_BOX (known), button);
    }
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), known);
  edit->input = entry;
  spk_edit_dialog_present (dialog, box, apply, on_response, edit, faction_edit_free, entry);
}

static void
open_rename (GtkWidget *widget, SpkTable *table, const char *faction, const char *text, const char *problem)
{
  g_autofree char *heading = g_strdup_printf (_("Name of %s"),
                                              spk_board_faction_label (spk_table_get_board (table), faction));

  open_name (widget, faction_edit_new (widget, table, faction), heading, text, problem, _("_Rename"),
             G_CALLBACK (rename_response));
}

static void
open_add (GtkWidget *widget, SpkTable *table, const char *text, const char *problem)
{
  open_name (widget, faction_edit_new (widget, table, NULL), _("Add a Faction"), text, problem, _("_Add"),
             G_CALLBACK (add_response));
}

void
spk_edit_dialog_rename_faction (GtkWidget *widget, SpkTable *table, const char *faction)
{
  g_return_if_fail (GTK_IS_WIDGET (widget) && SPK_IS_TABLE (table));
  if (spk_board_find_faction (spk_table_get_board (table), faction) == NULL)
    return;
  open_rename (widget, table, faction, spk_board_faction_label (spk_table_get_board (table), faction), NULL);
}

void
spk_edit_dialog_add_faction (GtkWidget *widget, SpkTable *table)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *probe = NULL;
  gboolean ok;

  g_return_if_fail (GTK_IS_WIDGET (widget) && SPK_IS_TABLE (table));
  /* Whether any faction may join now (not a fifth, not over the spire
   * limit) is the model's answer, asked before anything is typed. */
  probe = new_faction_id (table, NULL);
  spk_table_begin_dry_run (table);
  ok = spk_table_add_faction (table, probe, probe, &error);
  spk_table_end_dry_run (table);
  if (!ok)
    spk_toast_show (widget, error->message, FALSE);
  else
    open_add (widget, table, "", NULL);
}

/* --- fortress structures ------------------------------------------------------------- */

static void open_structures (GtkWidget *widget, SpkTable *table, const char *faction, const char *text,
                             const char *problem);

static void
structures_response (AdwMessageDialog *dialog, const char *response, FactionEdit *edit)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (edit->input));
  const SpkFaction *f = spk_board_find_faction (spk_table_get_board (edit->table), edit->faction);
  g_autoptr(GPtrArray) structures = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  if (!g_str_equal (response, "apply") || f == NULL || edit->widget == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  structures = spk_structures_from_text (text, f->structures, &error);
  if (structures == NULL)
    {
      /* Nothing typed is lost: the editor comes back with the problem. */
      open_structures (edit->widget, edit->table, edit->faction, text, error->message);
      return;
    }
  if (!spk_table_set_structures (edit->table, edit->faction, structures, &error))
    spk_toast_show (edit->widget, error->message, FALSE);
  else if (spk_table_get_undo_label (edit->table) != NULL)
    spk_toast_show (edit->widget, spk_table_get_undo_label (edit->table), TRUE);
}

/* Quick to type from the reference sheet and reachable by keyboard. */
static void
open_structures (GtkWidget *widget, SpkTable *table, const char *faction, const char *text, const char *problem)
{
  g_autofree char *heading = g_strdup_printf (_("Fortress Structures of %s"),
                                              spk_board_faction_label (spk_table_get_board (table), faction));
  g_autofree char *body = with_problem (problem,
                                        _("One structure per line: its name, a colon, then its levels from the lowest up, "
                                          "separated by commas, each a name and its Source cost.\n"
                                          "For example: Inner Oak: Amplify 3, Deep Roots 5"));
  GtkWidget *dialog = spk_edit_dialog_new (widget, heading, body);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();
  FactionEdit *edit = faction_edit_new (widget, table, faction);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Structures, one per line"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_widget_add_css_class (scroller, "card");
  edit->input = view;
  spk_edit_dialog_present (dialog, scroller, _("_Apply"), G_CALLBACK (structures_response), edit,
                           faction_edit_free, view);
}

void
spk_edit_dialog_structures (GtkWidget *widget, SpkTable *table, const char *faction)
{
  const SpkFaction *f;
  g_autofree char *text = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget) && SPK_IS_TABLE (table));
  f = spk_board_find_faction (spk_table_get_board (table), faction);
  if (f == NULL)
    return;
  text = spk_structures_to_text (f->structures);
  open_structures (widget, table, faction, text, NULL);
}
