/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-legend.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-legend-look.h"
#include "spk-look.h"
#include "spk-palette.h"
#include "spk-terrain-pattern.h"

/* Swatches follow the style manager's dark flag, like the board. */
struct _SpkBoardLegend
{
  GtkWidget  parent_instance;

  GtkWidget *flow;
  gulong     dark_handler;
  gulong     look_handler;
};

G_DEFINE_FINAL_TYPE (SpkBoardLegend, spk_board_legend, GTK_TYPE_WIDGET)

static void
draw_swatch (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  int what = GPOINTER_TO_INT (data);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double cx = width / 2.0, cy = height / 2.0, r = MIN (width, height) / 2.0 - 1;

  /* A terrain's swatch is its terrain; the others are numbered after. */
  if (what < SPK_N_TERRAINS)
    spk_legend_draw_swatch (cr, SPK_SWATCH_TERRAIN, what, cx, cy, r, dark);
  else
    spk_legend_draw_swatch (cr, what - SPK_N_TERRAINS, 0, cx, cy, r, dark);
}

static void
add_entry (SpkBoardLegend *self, int what, const char *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 18);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 18);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, GINT_TO_POINTER (what), NULL);
  gtk_accessible_update_state (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), label);
  spk_flow_box_append_plain (GTK_FLOW_BOX (self->flow), box);
}

static void
redraw_swatches (SpkBoardLegend *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (self->flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *box = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      gtk_widget_queue_draw (gtk_widget_get_first_child (box));
    }
}

static void
dark_changed (AdwStyleManager *manager, GParamSpec *pspec, SpkBoardLegend *self)
{
  redraw_swatches (self);
}

static void
spk_board_legend_dispose (GObject *object)
{
  SpkBoardLegend *self = SPK_BOARD_LEGEND (object);

  g_clear_signal_handler (&self->dark_handler, adw_style_manager_get_default ());
  g_clear_signal_handler (&self->look_handler, spk_look_get_default ());
  g_clear_pointer (&self->flow, gtk_widget_unparent);
  G_OBJECT_CLASS (spk_board_legend_parent_class)->dispose (object);
}

static void
spk_board_legend_class_init (SpkBoardLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_board_legend_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "legend");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
spk_board_legend_init (SpkBoardLegend *self)
{
  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 7);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 12);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), FALSE);
  gtk_widget_set_can_focus (self->flow, FALSE);
  gtk_widget_set_parent (self->flow, GTK_WIDGET (self));

  for (int t = 0; t < SPK_N_TERRAINS; t++)
    add_entry (self, t, spk_palette_terrain_label (t));
  add_entry (self, SPK_N_TERRAINS + SPK_SWATCH_WELL, spk_legend_swatch_label (SPK_SWATCH_WELL));
  add_entry (self, SPK_N_TERRAINS + SPK_SWATCH_LAYERED, spk_legend_swatch_label (SPK_SWATCH_LAYERED));
  add_entry (self, SPK_N_TERRAINS + SPK_SWATCH_MOVED, spk_legend_swatch_label (SPK_SWATCH_MOVED));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board legend"),
                                  -1);
  self->dark_handler = g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                                         G_CALLBACK (dark_changed), self);
  self->look_handler = g_signal_connect_swapped (spk_look_get_default (), "changed",
                                                 G_CALLBACK (redraw_swatches), self);
}

GtkWidget *
spk_board_legend_new (void)
{
  return g_object_new (SPK_TYPE_BOARD_LEGEND, NULL);
}
