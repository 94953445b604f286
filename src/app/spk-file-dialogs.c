/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-file-dialogs.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

/* A table that does not follow the format: every problem, where it is and
 * what to write, in a dialog that stays until read. */
void
spk_open_problems_dialog_present (GtkWindow *parent, const char *name, const GError *error, GPtrArray *problems)
{
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *body = NULL;
  guint n = problems != NULL && problems->len > 0 ? problems->len : 0;
  GtkWidget *dialog, *scroller, *label;

  if (n > 0)
    {
      body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The file is not a table Spirekeeper can read: %u problem was found. "
                                           "Correct it in a text editor and open the file again; the file was "
                                           "not changed.",
                                           "The file is not a table Spirekeeper can read: %u problems were found. "
                                           "Correct them in a text editor and open the file again; the file was "
                                           "not changed.", n), n);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (list, "%s• %s", i > 0 ? "\n" : "",
                                ((const GError *) g_ptr_array_index (problems, i))->message);
    }
  else
    {
      body = g_strdup (_("The file could not be read; it was not changed."));
      g_string_append (list, error->message);
    }
  dialog = adw_message_dialog_new (parent, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"), NULL);
  label = gtk_label_new (list->str);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_name (label, "problems");
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Problems found"), -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), MIN (240, 48 * (int) MAX (n, 1)));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
  spk_name_mnemonic_buttons (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Says what was opened instead of the damaged autosave, and where the
 * damaged copy is: it may hold steps worth entering again. */
void
spk_damaged_autosave_dialog_present (GtkWindow *parent, SpkAutosaveStart how, const char *set_aside)
{
  g_autofree char *autosave = spk_autosave_default_path ();
  const char *where = set_aside != NULL ? set_aside : autosave;
  g_autofree char *body = NULL;
  const char *heading = _("The Autosave Was Damaged");
  GtkWidget *dialog;

  if (how == SPK_AUTOSAVE_START_TRIMMED)
    {
      heading = _("The Last Steps Could Not Be Read");
      body = g_strdup_printf (_("The table opens at the last step that could be read. "
                                "The damaged autosave is kept as “%s”."), where);
    }
  else if (how == SPK_AUTOSAVE_START_GOOD_COPY)
    body = g_strdup_printf (_("It could not be read, or Spirekeeper stopped while reading it, so the table opens "
                              "as it was when Spirekeeper last started. The damaged autosave is kept as “%s”."),
                            where);
  else
    body = g_strdup_printf (_("It could not be read, or Spirekeeper stopped while reading it, and no earlier "
                              "copy was kept, so the demo table opens. The damaged autosave is kept as “%s”."),
                            where);
  dialog = adw_message_dialog_new (parent, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"), NULL);
  adw_message_dialog_set_body_use_markup (ADW_MESSAGE_DIALOG (dialog), FALSE);
  spk_name_mnemonic_buttons (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}
