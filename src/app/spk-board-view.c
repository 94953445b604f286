/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-view-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "spk-board-description.h"
#include "spk-board-renderer-gdk.h"
#include "spk-hex-layout.h"
#include "spk-look.h"
#include "spk-palette.h"

/* Sky near the board counts in edit mode: that is where new hexes go. */
#define EDIT_MARGIN 2

G_DEFINE_FINAL_TYPE (SpkBoardView, spk_board_view, GTK_TYPE_WIDGET)

enum {
  HEX_ACTIVATED,
  SELECTION_CHANGED,
  HEX_HOVERED,
  STROKE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const SpkBoard *
board_of (SpkBoardView *self)
{
  return spk_board_renderer_get_board (self->renderer);
}

static const SpkGrid *
grid_of (SpkBoardView *self)
{
  return spk_board_renderer_get_grid (self->renderer);
}

/* --- geometry ----------------------------------------------------------- */

void
spk_board_view_hex_center (SpkBoardView *self, SpkHex hex, double *x, double *y)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_hex_layout_hex_center (&self->layout, hex, x, y);
}

gboolean
spk_board_view_hex_at (SpkBoardView *self, double x, double y, SpkHex *out)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  return spk_hex_layout_cell_at (&self->layout, grid_of (self), x, y, out);
}

static gboolean
near_board (SpkBoardView *self, SpkHex hex)
{
  return spk_hex_layout_within_bounds (&self->layout, hex);
}

static gboolean
target_at (SpkBoardView *self, double x, double y, SpkHex *out)
{
  SpkHex hex;

  if (!self->edit_mode)
    return spk_board_view_hex_at (self, x, y, out);
  if (grid_of (self) == NULL || self->layout.scale <= 0)
    return FALSE;
  hex = spk_hex_layout_hex_at (&self->layout, x, y);
  if (!near_board (self, hex))
    return FALSE;
  *out = hex;
  return TRUE;
}

static gboolean
targetable (SpkBoardView *self, SpkHex hex)
{
  if (grid_of (self) == NULL)
    return FALSE;
  return spk_grid_find (grid_of (self), hex) >= 0 || (self->edit_mode && near_board (self, hex));
}

static void
compute_bounds (SpkBoardView *self)
{
  spk_hex_layout_set_bounds (&self->layout, grid_of (self), self->edit_mode ? EDIT_MARGIN : 0);
}

/* --- board ---------------------------------------------------------------- */

static void update_description (SpkBoardView *self);

void
spk_board_view_set_board (SpkBoardView *self, const SpkBoard *board)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));

  spk_board_renderer_set_board (self->renderer, board);
  compute_bounds (self);

  if (self->has_selection && (grid_of (self) == NULL || spk_grid_find (grid_of (self), self->selected) < 0))
    self->has_selection = FALSE;
  if (!self->has_selection || spk_grid_cell (grid_of (self), spk_grid_find (grid_of (self), self->selected))->rider < 0)
    self->select_under = FALSE;
  if (self->has_focus_hex && !targetable (self, self->focus))
    self->has_focus_hex = FALSE;
  if (self->has_hover && !targetable (self, self->hover))
    self->has_hover = FALSE;

  /* Edits leave the view where it is (clicks must land where the player
   * aimed); only a new table, Fit or 0 fits it again. */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    self->fitted = FALSE;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const SpkBoard *
spk_board_view_get_board (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return board_of (self);
}

const SpkGrid *
spk_board_view_get_grid (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return grid_of (self);
}

const char *
spk_board_view_terrain_label (SpkTerrain terrain)
{
  return spk_palette_terrain_label (terrain);
}

void
spk_board_view_faction_color (SpkBoardView *self, const char *faction, GdkRGBA *out)
{
  SpkRgba c;

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_palette_faction (spk_palette_faction_index (board_of (self), faction),
                       spk_board_renderer_get_dark (self->renderer), &c);
  *out = (GdkRGBA) { c.red, c.green, c.blue, c.alpha };
}

/* --- description ---------------------------------------------------------- */

char *
spk_board_view_describe_hex (SpkBoardView *self, SpkHex hex)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return spk_board_describe_hex (board_of (self), grid_of (self), hex);
}

static void
update_description (SpkBoardView *self)
{
  g_autofree char *text = NULL;

  if (self->has_selection)
    text = spk_board_view_describe_hex (self, self->selected);
  if (text == NULL)
    text = g_strdup ("");
  if (g_strcmp0 (text, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_steal_pointer (&text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                  -1);
}

const char *
spk_board_view_get_description (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return self->description;
}

/* --- selection and focus ---------------------------------------------------- */

gboolean
spk_board_view_get_selected (SpkBoardView *self, SpkHex *out)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (self->has_selection && out != NULL)
    *out = self->selected;
  return self->has_selection;
}

void
spk_board_view_select (SpkBoardView *self, const SpkHex *hex)
{
  gboolean has;

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  has = hex != NULL && grid_of (self) != NULL && spk_grid_find (grid_of (self), *hex) >= 0;
  if (has == self->has_selection && (!has || spk_hex_equal (*hex, self->selected)))
    {
      /* R-talent-5: selecting a hero's spire hex again selects the spire
       * beneath it, and once more the hero. */
      if (!has || spk_grid_cell (grid_of (self), spk_grid_find (grid_of (self), *hex))->rider < 0)
        return;
      self->select_under = !self->select_under;
      update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      return;
    }
  self->select_under = FALSE;
  self->has_selection = has;
  if (has)
    {
      self->selected = *hex;
      self->focus = *hex;
      self->has_focus_hex = TRUE;
    }
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

const SpkChip *
spk_board_view_get_selected_chip (SpkBoardView *self)
{
  const SpkBoard *board = board_of (self);
  const SpkCell *cell;
  int index;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  if (!self->has_selection || (index = spk_grid_find (grid_of (self), self->selected)) < 0)
    return NULL;
  cell = spk_grid_cell (grid_of (self), index);
  if (cell->rider >= 0 && !self->select_under)
    return g_ptr_array_index (board->chips, cell->rider);
  if (cell->chip >= 0)
    return g_ptr_array_index (board->chips, cell->chip);
  if (cell->kind == SPK_CELL_GATE)
    {
      const SpkFortress *f = g_ptr_array_index (board->fortresses, cell->fortress);
      const SpkDeployment *d = spk_board_find_deployment (board, f->faction);

      if (d != NULL && d->stack->len > 0)
        return spk_board_find_chip (board, g_ptr_array_index (d->stack, 0));
    }
  return NULL;
}

gboolean
spk_board_view_get_focus_hex (SpkBoardView *self, SpkHex *out)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (self->has_focus_hex && out != NULL)
    *out = self->focus;
  return self->has_focus_hex;
}

void
spk_board_view_set_focus_hex (SpkBoardView *self, SpkHex hex)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (!targetable (self, hex))
    return;
  self->focus = hex;
  self->has_focus_hex = TRUE;
  spk_hex_layout_scroll_to (&self->layout, hex, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The focus starts on the selection, else on the cell nearest the middle. */
static void
ensure_focus_hex (SpkBoardView *self)
{
  const SpkGrid *grid = grid_of (self);

  if (self->has_focus_hex || grid == NULL || spk_grid_n_cells (grid) == 0)
    return;
  if (self->has_selection)
    {
      spk_board_view_set_focus_hex (self, self->selected);
      return;
    }
  self->focus = spk_hex_layout_middle_cell (&self->layout, grid);
  self->has_focus_hex = TRUE;
}

gboolean
spk_board_view_move_focus (SpkBoardView *self, int dx, int dy)
{
  SpkHex to;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (grid_of (self) == NULL)
    return FALSE;
  if (!self->has_focus_hex)
    {
      ensure_focus_hex (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return self->has_focus_hex;
    }

  if (!spk_hex_layout_step (&self->layout, grid_of (self), self->focus, dx, dy, self->edit_mode, &to))
    return FALSE;
  spk_board_view_set_focus_hex (self, to);
  return TRUE;
}

static void
activate_hex (SpkBoardView *self, SpkHex hex)
{
  gboolean handled = FALSE;

  g_object_ref (self);
  g_signal_emit (self, signals[HEX_ACTIVATED], 0, hex.q, hex.r, &handled);
  if (!handled)
    spk_board_view_select (self, &hex);
  g_object_unref (self);
}

/* --- edit mode ---------------------------------------------------------------- */

void
spk_board_view_set_edit_mode (SpkBoardView *self, gboolean edit_mode)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (self->edit_mode == !!edit_mode)
    return;
  self->edit_mode = !!edit_mode;
  spk_board_renderer_set_edit_mode (self->renderer, edit_mode);
  compute_bounds (self);
  if (self->has_focus_hex && !targetable (self, self->focus))
    self->has_focus_hex = FALSE;
  if (self->has_hover && !targetable (self, self->hover))
    {
      self->has_hover = FALSE;
      g_signal_emit (self, signals[HEX_HOVERED], 0, self->hover.q, self->hover.r, FALSE);
    }
  /* A change of tool keeps the view where it is. */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
spk_board_view_get_edit_mode (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  return self->edit_mode;
}

void
spk_board_view_set_paint_drag (SpkBoardView *self, gboolean paint_drag)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  self->paint_drag = !!paint_drag;
}

/* --- painting ----------------------------------------------------------------- */

/* Hover, selection and keyboard focus: a hex each, drawn every frame so
 * that they never redraw the board. The hover lies under the live
 * layers, the selection and focus rings over them. */
static void
draw_hover (SpkBoardView *self, cairo_t *cr)
{
  double x, y;

  if (!self->has_hover)
    return;
  spk_hex_layout_hex_center (&self->layout, self->hover, &x, &y);
  cairo_new_path (cr);
  spk_board_renderer_hex_path (cr, x, y, self->layout.scale);
  cairo_set_source_rgba (cr, 1, 1, 1, spk_board_renderer_get_dark (self->renderer) ? 0.12 : 0.25);
  cairo_fill (cr);
}

static void
draw_rings (SpkBoardView *self, cairo_t *cr)
{
  gboolean dark = spk_board_renderer_get_dark (self->renderer);
  double s = self->layout.scale, x, y;
  SpkRgba accent;

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (self->has_selection)
    {
      spk_palette_accent (dark, &accent);
      spk_hex_layout_hex_center (&self->layout, self->selected, &x, &y);
      cairo_new_path (cr);
      spk_board_renderer_hex_path (cr, x, y, s * 0.94);
      spk_palette_set_source (cr, &accent, 1);
      cairo_set_line_width (cr, MAX (2.5, s * 0.13));
      cairo_stroke (cr);
    }
  if (self->has_focus_hex && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      double dash = MAX (3.0, s * 0.15);

      spk_hex_layout_hex_center (&self->layout, self->focus, &x, &y);
      cairo_new_path (cr);
      spk_board_renderer_hex_path (cr, x, y, s * 0.8);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgba (cr, dark ? 1 : 0, dark ? 1 : 0, dark ? 1 : 0, 0.9);
      cairo_set_line_width (cr, MAX (1.5, s * 0.06));
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* Where draw_frame draws, within the widget; FALSE when nowhere. */
static gboolean
frame_extents (SpkBoardView *self, int width, int height, graphene_rect_t *out)
{
  graphene_rect_t live, widget = GRAPHENE_RECT_INIT (0, 0, width, height);
  gboolean any = spk_board_renderer_get_live_extents (self->renderer, &self->layout, out);
  double reach = self->layout.scale + 8;
  SpkHex hexes[3];
  guint n = 0;

  if (self->has_hover)
    hexes[n++] = self->hover;
  if (self->has_selection)
    hexes[n++] = self->selected;
  if (self->has_focus_hex && gtk_widget_has_focus (GTK_WIDGET (self)))
    hexes[n++] = self->focus;
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      spk_hex_layout_hex_center (&self->layout, hexes[i], &x, &y);
      live = GRAPHENE_RECT_INIT (floor (x - reach), floor (y - reach), ceil (2 * reach), ceil (2 * reach));
      if (any)
        graphene_rect_union (out, &live, out);
      else
        *out = live;
      any = TRUE;
    }
  return any && graphene_rect_intersection (out, &widget, out);
}

/* What changes with every frame, over the cached drawings. */
static void
draw_frame (SpkBoardView *self, cairo_t *cr, int width, int height)
{
  draw_hover (self, cr);
  spk_board_renderer_paint_live (self->renderer, cr, &self->layout, width, height);
  draw_rings (self, cr);
}

void
spk_board_view_render (SpkBoardView *self, cairo_t *cr, int width, int height)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (grid_of (self) == NULL || self->layout.scale <= 0)
    return;
  spk_board_renderer_paint (self->renderer, cr, &self->layout, width, height);
  draw_frame (self, cr, width, height);
}

void
spk_board_view_invalidate (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  spk_board_renderer_invalidate (self->renderer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* --- widget ------------------------------------------------------------------- */

/* Whether the window's renderer keeps textures (on the GPU) from frame
 * to frame. GTK 4.8's cairo renderer, used where there is no GPU,
 * converts every texture pixel by pixel on every frame instead: there a
 * drawing node that paints the cached drawings costs far less. */
static gboolean
keeps_textures (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && !GSK_IS_CAIRO_RENDERER (renderer);
}

/* The cached drawings as textures, then what changes with every frame
 * drawn on top. */
static void
spk_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SpkBoardView *self = SPK_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  graphene_rect_t bounds;
  cairo_t *cr;

  if (grid_of (self) == NULL || w <= 0 || h <= 0)
    return;
  if (!keeps_textures (widget)
      || !spk_board_renderer_update (self->renderer, &self->layout, gtk_widget_get_scale_factor (widget)))
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      spk_board_view_render (self, cr, w, h);
      cairo_destroy (cr);
      return;
    }
  spk_board_renderer_get_bounds (self->renderer, &self->layout, &bounds);
  for (SpkRenderLayer l = 0; l < SPK_N_RENDER_LAYERS; l++)
    {
      GdkTexture *texture = spk_board_renderer_get_texture (self->renderer, l);

      if (texture != NULL)
        gtk_snapshot_append_texture (snapshot, texture, &bounds);
    }
  /* Only as large as what it shows: a renderer turns a drawing node into
   * a texture of its size every frame. */
  if (!frame_extents (self, w, h, &bounds))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  draw_frame (self, cr, w, h);
  cairo_destroy (cr);
}

static void
spk_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 480 : 360;
}

static void
spk_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SpkBoardView *self = SPK_BOARD_VIEW (widget);

  if (self->fitted)
    spk_hex_layout_fit (&self->layout, width, height);
}

static void
dark_changed (AdwStyleManager *manager, GParamSpec *pspec, SpkBoardView *self)
{
  spk_board_renderer_set_dark (self->renderer, adw_style_manager_get_dark (manager));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Another palette, patterns or labels (Preferences): drawn anew. */
static void
look_changed (SpkBoardView *self)
{
  spk_board_renderer_invalidate (self->renderer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
spk_board_view_clicked (SpkBoardView *self, double x, double y)
{
  SpkHex hex;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (!target_at (self, x, y, &hex))
    {
      /* Out of edit mode a click on empty sky is the pointer's Escape;
       * editing tools keep the selection while they work around it. */
      if (!self->edit_mode)
        spk_board_view_select (self, NULL);
      return FALSE;
    }
  self->focus = hex;
  self->has_focus_hex = TRUE;
  activate_hex (self, hex);
  return TRUE;
}

static void
click_released (GtkGestureClick *gesture, int n_press, double x, double y, SpkBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->paint_drag && gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_PRIMARY)
    return;
  spk_board_view_clicked (self, x, y);
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, SpkBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  SpkHex hex;

  self->painting = self->paint_drag && button == GDK_BUTTON_PRIMARY;
  self->drag_ox = self->layout.ox;
  self->drag_oy = self->layout.oy;
  if (self->painting)
    {
      /* One stroke is one undo step: the owner groups what it does. */
      g_signal_emit (self, signals[STROKE], 0, TRUE);
      if (target_at (self, x, y, &hex))
        {
          self->last_painted = hex;
          activate_hex (self, hex);
        }
    }
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, SpkBoardView *self)
{
  if (self->painting)
    {
      double x, y;
      SpkHex hex;

      gtk_gesture_drag_get_start_point (gesture, &x, &y);
      if (target_at (self, x + dx, y + dy, &hex) && !spk_hex_equal (hex, self->last_painted))
        {
          self->last_painted = hex;
          activate_hex (self, hex);
        }
      return;
    }
  if (fabs (dx) < 3 && fabs (dy) < 3 && self->drag_ox == self->layout.ox && self->drag_oy == self->layout.oy)
    return;
  spk_hex_layout_set_offset (&self->layout, self->drag_ox + dx, self->drag_oy + dy);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, SpkBoardView *self)
{
  if (!self->painting)
    return;
  self->painting = FALSE;
  g_signal_emit (self, signals[STROKE], 0, FALSE);
}

static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, SpkBoardView *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double unit = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL ? 40 : 1;

  if (mods & GDK_CONTROL_MASK)
    {
      double factor = pow (ZOOM_STEP, -dy * (unit > 1 ? 1 : 0.05));

      spk_board_view_set_zoom (self, self->layout.scale * factor, self->pointer_x, self->pointer_y);
      return TRUE;
    }
  spk_board_view_pan (self, -dx * unit, -dy * unit);
  return TRUE;
}

static void
pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, SpkBoardView *self)
{
  self->pinch_scale = self->layout.scale;
}

static void
pinch_changed (GtkGestureZoom *gesture, double scale, SpkBoardView *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
  spk_board_view_set_zoom (self, self->pinch_scale * scale, x, y);
}

static void
set_hover (SpkBoardView *self, gboolean has, SpkHex hex)
{
  if (has == self->has_hover && (!has || spk_hex_equal (hex, self->hover)))
    return;
  self->has_hover = has;
  self->hover = hex;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[HEX_HOVERED], 0, hex.q, hex.r, has);
}

gboolean
spk_board_view_pointer_moved (SpkBoardView *self, double x, double y)
{
  SpkHex hex = { 0, 0 };
  gboolean has;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  /* In edit mode the sky near the board is hovered too: the Isle tool
   * previews its isle there. */
  has = target_at (self, x, y, &hex);
  self->pointer_x = x;
  self->pointer_y = y;
  set_hover (self, has, hex);
  return has;
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, SpkBoardView *self)
{
  spk_board_view_pointer_moved (self, x, y);
}

static void
leave (GtkEventControllerMotion *controller, SpkBoardView *self)
{
  set_hover (self, FALSE, spk_hex_make (0, 0));
}

static void
key_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkBoardView *self = SPK_BOARD_VIEW (widget);

  if (g_str_equal (name, "board.move-focus"))
    {
      int dx, dy;

      g_variant_get (param, "(ii)", &dx, &dy);
      spk_board_view_move_focus (self, dx, dy);
    }
  else if (g_str_equal (name, "board.activate-focus"))
    {
      ensure_focus_hex (self);
      if (self->has_focus_hex)
        activate_hex (self, self->focus);
    }
  else
    spk_board_view_select (self, NULL);
}

static void
zoom_action (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkBoardView *self = SPK_BOARD_VIEW (widget);

  if (g_str_equal (name, "board.zoom-in"))
    spk_board_view_zoom_in (self);
  else if (g_str_equal (name, "board.zoom-out"))
    spk_board_view_zoom_out (self);
  else
    spk_board_view_fit (self);
}

static void
focus_changed (GtkEventControllerFocus *controller, SpkBoardView *self)
{
  ensure_focus_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
spk_board_view_dispose (GObject *object)
{
  SpkBoardView *self = SPK_BOARD_VIEW (object);

  g_clear_signal_handler (&self->dark_handler, adw_style_manager_get_default ());
  g_clear_signal_handler (&self->look_handler, spk_look_get_default ());
  G_OBJECT_CLASS (spk_board_view_parent_class)->dispose (object);
}

static void
spk_board_view_finalize (GObject *object)
{
  SpkBoardView *self = SPK_BOARD_VIEW (object);

  g_clear_object (&self->renderer);
  g_clear_pointer (&self->description, g_free);
  G_OBJECT_CLASS (spk_board_view_parent_class)->finalize (object);
}

static void
add_move_binding (GtkWidgetClass *widget_class, guint key, guint kp_key, int dx, int dy)
{
  gtk_widget_class_add_binding_action (widget_class, key, 0, "board.move-focus", "(ii)", dx, dy);
  gtk_widget_class_add_binding_action (widget_class, kp_key, 0, "board.move-focus", "(ii)", dx, dy);
}

static void
spk_board_view_class_init (SpkBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_board_view_dispose;
  object_class->finalize = spk_board_view_finalize;
  widget_class->snapshot = spk_board_view_snapshot;
  widget_class->measure = spk_board_view_measure;
  widget_class->size_allocate = spk_board_view_size_allocate;

  /**
   * SpkBoardView::hex-activated:
   * A hex was clicked or Enter was pressed on the focus hex. Return TRUE
   * when the handler dealt with it (a move, a paint stroke); otherwise the
   * view selects the hex.
   */
  signals[HEX_ACTIVATED] = g_signal_new ("hex-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, g_signal_accumulator_true_handled, NULL, NULL,
                                         G_TYPE_BOOLEAN, 2, G_TYPE_INT, G_TYPE_INT);
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* (q, r, inside): the pointer entered a hex, or left the board. */
  signals[HEX_HOVERED] = g_signal_new ("hex-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                       G_TYPE_INT, G_TYPE_INT, G_TYPE_BOOLEAN);

  /* (begin): a painting drag starts (TRUE) or ends (FALSE). */
  signals[STROKE] = g_signal_new ("stroke", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_install_action (widget_class, "board.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "board.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "board.fit", NULL, zoom_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_SHIFT_MASK, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "board.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "board.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "board.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "board.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "board.fit", NULL);

  add_move_binding (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0);
  add_move_binding (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0);
  add_move_binding (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, -1);
  add_move_binding (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, 1);
  gtk_widget_class_install_action (widget_class, "board.move-focus", "(ii)", key_action);
  gtk_widget_class_install_action (widget_class, "board.activate-focus", NULL, key_action);
  gtk_widget_class_install_action (widget_class, "board.clear-selection", NULL, key_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-focus", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-focus", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "board.activate-focus", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "board.clear-selection", NULL);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
spk_board_view_init (SpkBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkGesture *click, *drag, *pinch;
  GtkEventController *scroll, *motion_ctl, *focus;

  spk_hex_layout_init (&self->layout);
  self->fitted = TRUE;
  self->description = g_strdup ("");
  self->renderer = spk_board_renderer_new ();

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_tooltip_text (widget, _("Board: arrow keys move, Enter selects, + and − zoom, 0 fits"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                  -1);

  spk_board_renderer_set_dark (self->renderer, adw_style_manager_get_dark (manager));
  self->dark_handler = g_signal_connect (manager, "notify::dark", G_CALLBACK (dark_changed), self);
  self->look_handler = g_signal_connect_swapped (spk_look_get_default (), "changed", G_CALLBACK (look_changed), self);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (click_released), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  pinch = gtk_gesture_zoom_new ();
  g_signal_connect (pinch, "begin", G_CALLBACK (pinch_begin), self);
  g_signal_connect (pinch, "scale-changed", G_CALLBACK (pinch_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (pinch));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (widget, scroll);

  motion_ctl = gtk_event_controller_motion_new ();
  g_signal_connect (motion_ctl, "motion", G_CALLBACK (motion), self);
  g_signal_connect (motion_ctl, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (widget, motion_ctl);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (widget, focus);
}

GtkWidget *
spk_board_view_new (void)
{
  return g_object_new (SPK_TYPE_BOARD_VIEW, NULL);
}
