/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-chart-section.h"

#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "spk-look.h"
#include "spk-palette.h"
#include "spk-table-follow.h"
#include "spk-widget-util.h"

struct _SpkChartSection
{
  AdwBin                parent_instance;

  GtkDropDown          *series_choice;
  GtkDrawingArea       *area;
  GtkLabel             *summary;

  SpkTable             *table;
  gulong                recorded_handler;
  SpkGameChart         *chart;
  char                 *summary_text;
  SpkChartSeries        series;
  gboolean              stale;    /* the numbers lag the table */
  guint                 idle;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (SpkChartSection, spk_chart_section, ADW_TYPE_BIN)

/* --- drawing ------------------------------------------------------------------ */

/* Writes @text with its top-left (or, with @right, top-right) corner at
 * (@x, @y); returns its width. */
static int
put_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, gboolean right)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right ? x - w : x, y);
  pango_cairo_show_layout (cr, layout);
  return w;
}

void
spk_chart_draw (cairo_t *cr, const SpkGameChart *chart, SpkChartSeries series, int width, int height,
                gboolean dark)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  guint nw = chart->waves->len, nf = chart->factions->len;
  int top = 10, left = 34, right = 14, line_h, legend_rows = 1, bottom;
  int most = spk_game_chart_max (chart, series);
  double x0, x1, y0, y1, lx = 0;
  g_autofree char *most_text = g_strdup_printf ("%d", most);
  g_autofree double *legend_x = NULL;
  g_autofree int *legend_row = NULL;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, "0", -1);
  pango_layout_get_pixel_size (layout, NULL, &line_h);

  /* The legend's places: names side by side while they fit the width. */
  legend_x = g_new (double, MAX (nf, 1));
  legend_row = g_new (int, MAX (nf, 1));
  for (guint f = 0; f < nf; f++)
    {
      int w;

      pango_layout_set_text (layout, g_ptr_array_index (chart->names, f), -1);
      pango_layout_get_pixel_size (layout, &w, NULL);
      if (lx > 0 && left + lx + 16 + w > width - right)
        {
          legend_rows++;
          lx = 0;
        }
      legend_x[f] = left + lx;
      legend_row[f] = legend_rows - 1;
      lx += 16 + w + 14;
    }
  bottom = line_h + 8 + legend_rows * (line_h + 4) + 4;
  x0 = left;
  x1 = MAX (x0 + 1, width - right);
  y0 = top;
  y1 = MAX (y0 + 1, height - bottom);

  /* Axes, and lines at the quarters. */
  cairo_set_line_width (cr, 1);
  for (int q = 0; q <= 4; q++)
    {
      double y = y1 - (y1 - y0) * q / 4.0;

      spk_palette_set_text_source (cr, dark, q == 0 ? 0.6 : 0.15);
      cairo_move_to (cr, x0, floor (y) + 0.5);
      cairo_line_to (cr, x1, floor (y) + 0.5);
      cairo_stroke (cr);
    }
  spk_palette_set_text_source (cr, dark, 0.8);
  put_text (cr, layout, "0", x0 - 6, y1 - line_h / 2.0, TRUE);
  put_text (cr, layout, most_text, x0 - 6, y0 - line_h / 2.0, TRUE);
  for (guint w = 0; w < nw; w++)
    {
      double x = nw > 1 ? x0 + (x1 - x0) * w / (nw - 1) : (x0 + x1) / 2;
      g_autofree char *label = g_strdup_printf (_("W%d"), g_array_index (chart->waves, int, w));
      int tw;

      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &tw, NULL);
      spk_palette_set_text_source (cr, dark, 0.8);
      cairo_move_to (cr, CLAMP (x - tw / 2.0, 0, width - tw), y1 + 4);
      pango_cairo_show_layout (cr, layout);
    }

  /* A line per faction, a dot per wave it was at the table. */
  for (guint f = 0; f < nf; f++)
    {
      SpkRgba colour;
      gboolean drawing = FALSE;

      spk_palette_faction ((int) f, dark, &colour);
      spk_palette_set_source (cr, &colour, 1);
      cairo_set_line_width (cr, 2.5 + 1.5 * (nf - 1 - f));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      for (guint w = 0; w < nw; w++)
        {
          int v = spk_game_chart_get (chart, series, w, f);
          double x = nw > 1 ? x0 + (x1 - x0) * w / (nw - 1) : (x0 + x1) / 2;
          double y = y1 - (y1 - y0) * MAX (v, 0) / most;

          if (v == SPK_CHART_NONE)
            {
              drawing = FALSE;
              continue;
            }
          if (drawing)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          drawing = TRUE;
        }
      cairo_stroke (cr);
      for (guint w = 0; w < nw; w++)
        {
          int v = spk_game_chart_get (chart, series, w, f);
          double x = nw > 1 ? x0 + (x1 - x0) * w / (nw - 1) : (x0 + x1) / 2;

          if (v == SPK_CHART_NONE)
            continue;
          /* Earlier factions' dots are larger: equal values stay visible. */
          cairo_arc (cr, x, y1 - (y1 - y0) * MAX (v, 0) / most, 3.5 + 2.0 * (nf - 1 - f), 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }

  /* The legend under the wave numbers. */
  for (guint f = 0; f < nf; f++)
    {
      SpkRgba colour;
      double y = y1 + line_h + 10 + legend_row[f] * (line_h + 4);

      spk_palette_faction ((int) f, dark, &colour);
      spk_palette_set_source (cr, &colour, 1);
      cairo_rectangle (cr, legend_x[f], y + line_h / 2.0 - 5, 10, 10);
      cairo_fill (cr);
      spk_palette_set_text_source (cr, dark, 0.9);
      pango_layout_set_text (layout, g_ptr_array_index (chart->names, f), -1);
      cairo_move_to (cr, legend_x[f] + 16, y);
      pango_cairo_show_layout (cr, layout);
    }
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
spk_chart_render (const SpkGameChart *chart, SpkChartSeries series, int width, int height, gboolean dark,
                  gboolean svg)
{
  GByteArray *out = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  SpkRgba background;

  g_return_val_if_fail (chart != NULL, NULL);
  surface = svg ? cairo_svg_surface_create_for_stream (append_bytes, out, width, height)
                : cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  spk_palette_background (dark, &background);
  spk_palette_set_source (cr, &background, 1);
  cairo_paint (cr);
  spk_chart_draw (cr, chart, series, width, height, dark);
  cairo_destroy (cr);
  if (!svg)
    cairo_surface_write_to_png_stream (surface, append_bytes, out);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (out);
}

static void
draw_area (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  SpkChartSection *self = data;

  if (self->chart != NULL)
    spk_chart_draw (cr, self->chart, self->series, width, height,
                    adw_style_manager_get_dark (adw_style_manager_get_default ()));
}

/* --- the numbers ------------------------------------------------------------------ */

static gboolean
reread (gpointer data)
{
  SpkChartSection *self = data;
  g_autoptr(GError) error = NULL;

  self->idle = 0;
  self->stale = FALSE;
  g_clear_pointer (&self->chart, spk_game_chart_free);
  g_clear_pointer (&self->summary_text, g_free);
  if (self->table != NULL)
    {
      self->chart = spk_game_chart_new (self->table, &error);
      self->summary_text = self->chart != NULL ? spk_game_chart_summary (self->chart)
                                               : g_strdup (error->message);
    }
  gtk_label_set_text (self->summary, self->summary_text != NULL ? self->summary_text : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->summary_text != NULL ? self->summary_text : "", -1);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  return G_SOURCE_REMOVE;
}

/* Reading the history back walks every step: it is done only for a chart
 * on show, once after a burst of steps (a turn's movement), or when asked
 * for the numbers; a hidden chart only notes that they lag. */
static void
table_recorded (SpkChartSection *self)
{
  self->stale = TRUE;
  if (self->idle == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->idle = g_idle_add_full (G_PRIORITY_LOW, reread, self, NULL);
}

static void
catch_up (SpkChartSection *self)
{
  if (self->stale)
    {
      g_clear_handle_id (&self->idle, g_source_remove);
      reread (self);
    }
}

void
spk_chart_section_set_table (SpkChartSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_CHART_SECTION (self));
  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (table_recorded));
  table_recorded (self);
}

void
spk_chart_section_set_series (SpkChartSection *self, SpkChartSeries series)
{
  g_return_if_fail (SPK_IS_CHART_SECTION (self) && series < SPK_N_CHART_SERIES);
  gtk_drop_down_set_selected (self->series_choice, series);
}

const SpkGameChart *
spk_chart_section_get_chart (SpkChartSection *self)
{
  g_return_val_if_fail (SPK_IS_CHART_SECTION (self), NULL);
  catch_up (self);
  return self->chart;
}

const char *
spk_chart_section_get_summary (SpkChartSection *self)
{
  g_return_val_if_fail (SPK_IS_CHART_SECTION (self), NULL);
  catch_up (self);
  return self->summary_text;
}

/* Template callback of the series choice. */
static void
series_changed (SpkChartSection *self)
{
  self->series = MIN (gtk_drop_down_get_selected (self->series_choice), SPK_N_CHART_SERIES - 1);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* --- export ---------------------------------------------------------------------- */

static void
exported (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GtkWidget) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (G_FILE (source));
  g_autofree char *text = NULL;

  if (g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    text = g_strdup_printf (_("Exported the chart to “%s”"), name);
  else
    text = g_strdup_printf (_("Could not export “%s”: %s"), name, error->message);
  spk_toast_show (self, text, FALSE);
}

static void
export_response (GtkNativeDialog *dialog, int response, SpkChartSection *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;

  catch_up (self);
  if (file != NULL && self->chart != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      gboolean svg = g_str_has_suffix (name, ".svg") || g_str_has_suffix (name, ".SVG");
      g_autoptr(GBytes) bytes = spk_chart_render (self->chart, self->series, 720, 400,
                                                  adw_style_manager_get_dark (adw_style_manager_get_default ()), svg);

      g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                           exported, g_object_ref (self));
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

/* Template callback of Export…. */
static void
export_clicked (SpkChartSection *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export the Game Chart"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG or SVG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/svg+xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  /* Translators: keep the ending: .png or .svg chooses the format. */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("game-chart.png"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* --- the object -------------------------------------------------------------------- */

static void
spk_chart_section_dispose (GObject *object)
{
  SpkChartSection *self = SPK_CHART_SECTION (object);

  g_clear_handle_id (&self->idle, g_source_remove);
  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->chart, spk_game_chart_free);
  g_clear_pointer (&self->summary_text, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_CHART_SECTION);
  G_OBJECT_CLASS (spk_chart_section_parent_class)->dispose (object);
}

static void
spk_chart_section_class_init (SpkChartSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_chart_section_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-chart-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkChartSection, series_choice);
  gtk_widget_class_bind_template_child (widget_class, SpkChartSection, area);
  gtk_widget_class_bind_template_child (widget_class, SpkChartSection, summary);
  gtk_widget_class_bind_template_callback (widget_class, series_changed);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked);
}

static void
spk_chart_section_init (SpkChartSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->area, draw_area, self, NULL);
  g_signal_connect (self, "map", G_CALLBACK (catch_up), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->area, G_CONNECT_SWAPPED);
  g_signal_connect_object (spk_look_get_default (), "changed",
                           G_CALLBACK (gtk_widget_queue_draw), self->area, G_CONNECT_SWAPPED);
}
