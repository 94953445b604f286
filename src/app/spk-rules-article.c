/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-rules-article.h"

GtkWidget *
spk_article_paragraph (const char *text, const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  return label;
}

GtkWidget *
spk_article_table (const SpkGlossaryTable *t)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scroller;
  guint n = g_strv_length (t->columns);

  gtk_box_append (GTK_BOX (box), spk_article_paragraph (t->title, "heading"));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_widget_add_css_class (grid, "card");
  for (guint c = 0; c < n; c++)
    {
      GtkWidget *h = spk_article_paragraph (t->columns[c], "heading");

      gtk_widget_set_margin_top (h, 8);
      gtk_widget_set_margin_start (h, c == 0 ? 12 : 0);
      gtk_widget_set_margin_end (h, c == n - 1 ? 12 : 0);
      gtk_grid_attach (GTK_GRID (grid), h, c, 0, 1, 1);
    }
  for (guint r = 0; r < t->rows->len; r++)
    {
      char **row = g_ptr_array_index (t->rows, r);

      for (guint c = 0; c < n && row[c] != NULL; c++)
        {
          GtkWidget *cell = spk_article_paragraph (row[c], NULL);

          gtk_widget_set_hexpand (cell, TRUE);
          gtk_widget_set_valign (cell, GTK_ALIGN_START);
          gtk_widget_set_margin_start (cell, c == 0 ? 12 : 0);
          gtk_widget_set_margin_end (cell, c == n - 1 ? 12 : 0);
          gtk_widget_set_margin_bottom (cell, r + 1 == t->rows->len ? 8 : 0);
          gtk_grid_attach (GTK_GRID (grid), cell, c, r + 1, 1, 1);
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, t->title, -1);
  /* Wide tables scroll sideways on a narrow window. */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_box_append (GTK_BOX (box), scroller);
  if (t->note != NULL)
    gtk_box_append (GTK_BOX (box), spk_article_paragraph (t->note, "dim-label"));
  return box;
}

/* A link's title wraps so that no button is wider than a 360 px window
 * (a long title would otherwise set the minimum width of the page). */
GtkWidget *
spk_article_wrapping_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  return label;
}
