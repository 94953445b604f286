#include "config.h"

#include "spk-widget-util.h"

#include <glib/gi18n.h>

void
spk_toast_show (GtkWidget *widget, const char *text, gboolean undo)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (overlay == NULL)
    return;
  /* Toast titles are markup in libadwaita 1.2. */
  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  if (undo)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "win.undo");
    }
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

void
spk_release_focus_within (GtkWidget *container)
{
  GtkRoot *root = gtk_widget_get_root (container);
  GtkWidget *focus;

  if (root == NULL || (focus = gtk_root_get_focus (root)) == NULL)
    return;
  if (focus == container || gtk_widget_is_ancestor (focus, container))
    gtk_root_set_focus (root, NULL);
}

void
spk_flow_box_append_plain (GtkFlowBox *box, GtkWidget *child)
{
  gtk_flow_box_append (box, child);
  gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
}

static char *
strip_mnemonic (const char *label)
{
  GString *plain = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

void
spk_name_mnemonic_buttons (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    {
      g_autofree char *plain = strip_mnemonic (gtk_button_get_label (GTK_BUTTON (root)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    spk_name_mnemonic_buttons (child);
}

GtkWidget *
spk_button_new_with_mnemonic (const char *label, const char *name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  spk_name_mnemonic_buttons (button);
  if (name != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return button;
}
