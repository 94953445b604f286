/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "spk-grid.h"

#define SQRT3 1.7320508075688772
#define MIN_SCALE 6.0
#define MAX_SCALE 220.0
#define ZOOM_STEP 1.25
#define FIT_MARGIN 12.0
#define MAX_SPRITES 1024

typedef struct {
  SpkHex        hex;
  SpkMarkStyle  style;
  int           faction;   /* index into board->factions, -1 for none */
  char         *label;
} Mark;

typedef struct {
  SpkHex        from, to;
  SpkMarkStyle  style;
  int           faction;
} Line;

struct _SpkBoardView
{
  GtkWidget  parent_instance;

  SpkBoard  *board;
  SpkGrid   *grid;
  GArray    *rows_order;    /* of guint: grid cells by row, then column */
  GPtrArray *faction_ids;   /* of char*, the order colours follow */
  double     min_x, min_y, max_x, max_y; /* world bounds of every cell */

  double     scale;         /* pixels per hex radius */
  double     ox, oy;        /* pixel = world * scale + offset */
  gboolean   fitted;        /* refit on resize until the user pans/zooms */

  gboolean   has_selection;
  SpkHex     selected;
  gboolean   has_focus_hex;
  SpkHex     focus;
  gboolean   has_hover;
  SpkHex     hover;
  char      *description;

  GArray    *marks[SPK_N_BOARD_LAYERS];  /* of Mark */
  GArray    *lines[SPK_N_BOARD_LAYERS];  /* of Line */

  gboolean   paint_drag;
  gboolean   edit_mode;     /* sky can be targeted, for building the map */
  gboolean   painting;
  SpkHex     last_painted;
  double     drag_ox, drag_oy;
  double     pinch_scale;
  double     pointer_x, pointer_y;

  gboolean   dark;
  gulong     dark_handler;

  /* The board drawn once at the current zoom, in three steps each built
   * on the one before: the ground (hexes, fortresses, wells, outlines),
   * the underlay (the ground with the overlay fills) and the cache (with
   * chips, lines and labels as well). Pans and hover, selection or focus
   * changes only repaint the cache and the transient marks on top; a
   * move redraws only the cache. The surfaces stay allocated while their
   * size holds: allocating and first touching megabytes cost more than
   * drawing into them. The flags say which still show the board. */
  cairo_surface_t *ground;
  cairo_surface_t *underlay;
  cairo_surface_t *cache;
  gboolean         ground_ok, cache_ok;
  guint            underlay_hash;       /* of the fills it shows; 0: stale */
  GHashTable      *sprites;             /* appearance key -> Sprite */
  double           sprite_scale;        /* the zoom the sprites were drawn at */
  double           sprite_factor;       /* ... the device scale */
  gboolean         sprite_dark;         /* ... the style */
  PangoContext    *text_context;        /* for text_layouts */
  GHashTable      *text_layouts;        /* weight|text -> PangoLayout, at TEXT_SIZE */
  cairo_matrix_t   text_matrix;         /* what text_context was last set up for */
  GPtrArray       *chip_keys;           /* of char*: each chip's part looks, board order */
  guint            ground_hash;         /* of what the ground shows */
  double           cache_scale;
  int              cache_factor;
  int              cache_ox, cache_oy;  /* world→cache pixel offset */
};

G_DEFINE_FINAL_TYPE (SpkBoardView, spk_board_view, GTK_TYPE_WIDGET)

enum {
  HEX_ACTIVATED,
  SELECTION_CHANGED,
  HEX_HOVERED,
  STROKE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Corner i of a pointy-top hex of radius 1, clockwise from upper right. */
static const double corner_x[6] = { SQRT3 / 2, SQRT3 / 2, 0, -SQRT3 / 2, -SQRT3 / 2, 0 };
static const double corner_y[6] = { -0.5, 0.5, 1, 0.5, -0.5, -1 };

static void
mark_clear (gpointer data)
{
  Mark *mark = data;

  g_free (mark->label);
}

/* --- geometry ----------------------------------------------------------- */

static void
world_of_hex (SpkHex hex, double *x, double *y)
{
  *x = SQRT3 * (hex.q + hex.r / 2.0);
  *y = 1.5 * hex.r;
}

static SpkHex
hex_of_world (double x, double y)
{
  double qf = SQRT3 / 3 * x - y / 3;
  double rf = 2.0 / 3 * y;
  double sf = -qf - rf;
  double q = round (qf), r = round (rf), s = round (sf);
  double dq = fabs (q - qf), dr = fabs (r - rf), ds = fabs (s - sf);

  if (dq > dr && dq > ds)
    q = -r - s;
  else if (dr > ds)
    r = -q - s;
  return spk_hex_make ((int) q, (int) r);
}

void
spk_board_view_hex_center (SpkBoardView *self, SpkHex hex, double *x, double *y)
{
  double wx, wy;

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  world_of_hex (hex, &wx, &wy);
  *x = wx * self->scale + self->ox;
  *y = wy * self->scale + self->oy;
}

gboolean
spk_board_view_hex_at (SpkBoardView *self, double x, double y, SpkHex *out)
{
  SpkHex hex;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (self->grid == NULL || self->scale <= 0)
    return FALSE;
  hex = hex_of_world ((x - self->ox) / self->scale, (y - self->oy) / self->scale);
  if (spk_grid_find (self->grid, hex) < 0)
    return FALSE;
  if (out != NULL)
    *out = hex;
  return TRUE;
}

/* Sky near the board counts in edit mode: that is where new hexes go. */
#define EDIT_MARGIN 2

static gboolean
near_board (SpkBoardView *self, SpkHex hex)
{
  double x, y;

  world_of_hex (hex, &x, &y);
  return x >= self->min_x - 0.1 && x <= self->max_x + 0.1 && y >= self->min_y - 0.1 && y <= self->max_y + 0.1;
}

static gboolean
target_at (SpkBoardView *self, double x, double y, SpkHex *out)
{
  SpkHex hex;

  if (!self->edit_mode)
    return spk_board_view_hex_at (self, x, y, out);
  if (self->grid == NULL || self->scale <= 0)
    return FALSE;
  hex = hex_of_world ((x - self->ox) / self->scale, (y - self->oy) / self->scale);
  if (!near_board (self, hex))
    return FALSE;
  *out = hex;
  return TRUE;
}

static gboolean
targetable (SpkBoardView *self, SpkHex hex)
{
  if (self->grid == NULL)
    return FALSE;
  return spk_grid_find (self->grid, hex) >= 0 || (self->edit_mode && near_board (self, hex));
}

static int
faction_index (SpkBoardView *self, const char *faction)
{
  if (faction == NULL || self->faction_ids == NULL)
    return -1;
  for (guint i = 0; i < self->faction_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->faction_ids, i), faction) == 0)
      return (int) i;
  return -1;
}

/* --- colours -------------------------------------------------------------- */

static void
rgba_from_hex (guint32 rgb, double alpha, GdkRGBA *out)
{
  out->red = ((rgb >> 16) & 0xff) / 255.0f;
  out->green = ((rgb >> 8) & 0xff) / 255.0f;
  out->blue = (rgb & 0xff) / 255.0f;
  out->alpha = alpha;
}

void
spk_board_view_terrain_color (SpkTerrain terrain, gboolean dark, GdkRGBA *out)
{
  static const guint32 light[SPK_N_TERRAINS] = { 0xe9d9a6, 0xb6d88c, 0x5c9a55, 0xa99d8f, 0x8cc6ea };
  static const guint32 darkc[SPK_N_TERRAINS] = { 0x8d7c4e, 0x5f7f3f, 0x2f5d2c, 0x675d55, 0x35698f };

  g_return_if_fail (terrain < SPK_N_TERRAINS);
  rgba_from_hex (dark ? darkc[terrain] : light[terrain], 1.0, out);
}

const char *
spk_board_view_terrain_label (SpkTerrain terrain)
{
  switch (terrain)
    {
    case SPK_TERRAIN_PATH: return _("Path");
    case SPK_TERRAIN_PLAINS: return _("Plains");
    case SPK_TERRAIN_FOREST: return _("Forest");
    case SPK_TERRAIN_MOUNTAINS: return _("Mountains");
    case SPK_TERRAIN_WATER: return _("Water");
    case SPK_N_TERRAINS:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

void
spk_board_view_palette_color (int index, gboolean dark, GdkRGBA *out)
{
  static const guint32 light[] = { 0xc01c28, 0x1c71d8, 0xe5a50a, 0x813d9c };
  static const guint32 darkc[] = { 0xe01b24, 0x3584e4, 0xf6d32d, 0x9141ac };

  if (index < 0)
    {
      rgba_from_hex (dark ? 0x9a9996 : 0x77767b, 1.0, out);
      return;
    }
  index %= (int) G_N_ELEMENTS (light);
  rgba_from_hex (dark ? darkc[index] : light[index], 1.0, out);
}

static void
faction_rgba (SpkBoardView *self, int index, GdkRGBA *out)
{
  spk_board_view_palette_color (index, self->dark, out);
}

void
spk_board_view_faction_color (SpkBoardView *self, const char *faction, GdkRGBA *out)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  faction_rgba (self, faction_index (self, faction), out);
}

static void
set_source (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* Text drawn on a faction colour: dark on amber, light on the rest. */
static gboolean
light_text_on (const GdkRGBA *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue < 0.6;
}

/* --- board ---------------------------------------------------------------- */

static void
compute_bounds (SpkBoardView *self)
{
  self->min_x = self->min_y = 0;
  self->max_x = self->max_y = 0;
  for (guint i = 0; self->grid != NULL && i < spk_grid_n_cells (self->grid); i++)
    {
      double x, y;

      world_of_hex (spk_grid_cell (self->grid, i)->hex, &x, &y);
      if (i == 0 || x - SQRT3 / 2 < self->min_x)
        self->min_x = x - SQRT3 / 2;
      if (i == 0 || x + SQRT3 / 2 > self->max_x)
        self->max_x = x + SQRT3 / 2;
      if (i == 0 || y - 1 < self->min_y)
        self->min_y = y - 1;
      if (i == 0 || y + 1 > self->max_y)
        self->max_y = y + 1;
    }
  if (self->edit_mode && self->grid != NULL)
    {
      self->min_x -= EDIT_MARGIN * SQRT3;
      self->max_x += EDIT_MARGIN * SQRT3;
      self->min_y -= EDIT_MARGIN * 1.5;
      self->max_y += EDIT_MARGIN * 1.5;
    }
}

static void update_description (SpkBoardView *self);
static void add_chip_keys (SpkBoardView *self, const SpkChip *chip, GPtrArray *keys);

static void
invalidate (SpkBoardView *self)
{
  self->cache_ok = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The map itself changed look (or the style or zoom did). */
static void
invalidate_ground (SpkBoardView *self)
{
  self->ground_ok = FALSE;
  invalidate (self);
}

/* What the ground drawing depends on: hexes, fortresses, faction order. */
static guint
ground_hash (const SpkBoard *board)
{
  guint h = 17;

  if (board == NULL)
    return 0;
  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);

      h = h * 31 + (guint) e->q;
      h = h * 31 + (guint) e->r;
      h = h * 31 + (guint) e->terrain * 7 + (guint) e->well * 3 + (guint) e->layer;
      h = h * 31 + g_str_hash (e->group);
    }
  for (guint i = 0; i < board->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (board->fortresses, i);

      h = h * 31 + g_str_hash (f->faction) + (guint) f->gate.q * 131 + (guint) f->gate.r;
      for (guint k = 0; k < f->wells->len; k++)
        h = h * 31 + (guint) g_array_index (f->wells, SpkHex, k).q * 131 + (guint) g_array_index (f->wells, SpkHex, k).r;
    }
  for (guint i = 0; i < board->factions->len; i++)
    h = h * 31 + g_str_hash (((SpkFaction *) g_ptr_array_index (board->factions, i))->id);
  return h;
}

static void
layer_changed (SpkBoardView *self, SpkBoardLayer layer)
{
  if (layer < SPK_BOARD_LAYER_MOVES)
    invalidate (self);
  else
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whole pixels keep the cached drawing crisp when it is moved. */
static void
snap_offsets (SpkBoardView *self)
{
  self->ox = round (self->ox);
  self->oy = round (self->oy);
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer grid)
{
  SpkHex x = spk_grid_cell (grid, *(const guint *) a)->hex, y = spk_grid_cell (grid, *(const guint *) b)->hex;

  return x.r != y.r ? (x.r > y.r) - (x.r < y.r) : (x.q > y.q) - (x.q < y.q);
}

void
spk_board_view_set_board (SpkBoardView *self, const SpkBoard *board)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->grid, spk_grid_free);
  g_clear_pointer (&self->board, spk_board_free);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_array_set_size (self->rows_order, 0);
  g_ptr_array_set_size (self->chip_keys, 0);
  if (board != NULL)
    {
      self->board = spk_board_copy (board);
      self->grid = spk_grid_new (self->board);
      for (guint i = 0; i < spk_grid_n_cells (self->grid); i++)
        g_array_append_val (self->rows_order, i);
      g_array_sort_with_data (self->rows_order, compare_rows, self->grid);
      self->faction_ids = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < board->factions->len; i++)
        {
          const SpkFaction *f = g_ptr_array_index (board->factions, i);
          g_ptr_array_add (self->faction_ids, g_strdup (f->id));
        }
      /* Worked out once per board rather than once per chip and frame. */
      for (guint i = 0; i < self->board->chips->len; i++)
        add_chip_keys (self, g_ptr_array_index (self->board->chips, i), self->chip_keys);
    }
  compute_bounds (self);

  if (self->has_selection && (self->grid == NULL || spk_grid_find (self->grid, self->selected) < 0))
    self->has_selection = FALSE;
  if (self->has_focus_hex && !targetable (self, self->focus))
    self->has_focus_hex = FALSE;
  if (self->has_hover && !targetable (self, self->hover))
    self->has_hover = FALSE;

  /* Edits leave the view where it is (clicks must land where the player
   * aimed); only a new table, Fit or 0 fits it again. */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    self->fitted = FALSE;
  update_description (self);
  /* A move or an edit of a chip leaves the map as it was: keep its
   * drawing and redraw only what stands on it. */
  if (ground_hash (self->board) != self->ground_hash)
    {
      self->ground_hash = ground_hash (self->board);
      invalidate_ground (self);
    }
  else
    invalidate (self);
}

const SpkBoard *
spk_board_view_get_board (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  return self->board;
}

/* --- description ---------------------------------------------------------- */

static const char *
faction_name (const SpkBoard *board, const char *id)
{
  const SpkFaction *f = spk_board_find_faction (board, id);

  if (f != NULL && f->name != NULL)
    return f->name;
  return id != NULL ? id : "";
}

static const char *
upgrade_label (SpkUpgrade upgrade)
{
  switch (upgrade)
    {
    case SPK_UPGRADE_ATTACK: return _("attack");
    case SPK_UPGRADE_RANGE: return _("range");
    case SPK_UPGRADE_FORTIFICATION: return _("fortification");
    case SPK_N_UPGRADES:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

static void
describe_chip (const SpkBoard *board, const SpkChip *chip, GString *out)
{
  const char *name = spk_chip_label (chip);

  switch (chip->kind)
    {
    case SPK_CHIP_MINION:
    case SPK_CHIP_HERO:
      g_string_append_printf (out,
                              chip->kind == SPK_CHIP_MINION
                              /* Translators: minion NAME (FACTION): health H of M, attack A, movement M, allowance TERRAIN. */
                              ? _("Minion %s (%s): health %d of %d, attack %d, movement %d, allowance %s.")
                              : _("Hero %s (%s): health %d of %d, attack %d, movement %d, allowance %s."),
                              name, faction_name (board, chip->faction), chip->health,
                              chip->max_health, chip->attack, chip->movement,
                              spk_board_view_terrain_label (chip->allowance));
      if (chip->moved)
        g_string_append_printf (out, " %s", _("Moved this turn."));
      if (chip->grouped != NULL && chip->grouped->len > 0)
        {
          g_string_append_c (out, ' ');
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u minion grouped under it.",
                                                    "%u minions grouped under it.", chip->grouped->len),
                                  chip->grouped->len);
        }
      break;
    case SPK_CHIP_SPIRE:
      g_string_append_printf (out, _("Spire %s (%s)."), name, faction_name (board, chip->faction));
      break;
    case SPK_CHIP_LANDMARK:
      g_string_append_printf (out, chip->revealed ? _("Landmark %s, face up.") : _("Landmark %s, face down."), name);
      if (chip->health > 0)
        {
          g_string_append_c (out, ' ');
          g_string_append_printf (out, _("Health %d."), chip->health);
        }
      break;
    case SPK_N_CHIP_KINDS:
    default:
      g_return_if_reached ();
    }

  if (chip->upgrades != NULL && chip->upgrades->len > 0)
    {
      g_string_append_c (out, ' ');
      g_string_append_printf (out, _("Upgrades, top to bottom (%u of %d):"), chip->upgrades->len, chip->capacity);
      for (guint i = 0; i < chip->upgrades->len; i++)
        g_string_append_printf (out, "%s %s", i == 0 ? "" : ",",
                                upgrade_label (g_array_index (chip->upgrades, SpkUpgrade, i)));
      g_string_append_c (out, '.');
    }
}

char *
spk_board_view_describe_hex (SpkBoardView *self, SpkHex hex)
{
  GString *out;
  const SpkCell *cell;
  int index;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  if (self->grid == NULL || (index = spk_grid_find (self->grid, hex)) < 0)
    return NULL;
  cell = spk_grid_cell (self->grid, index);
  out = g_string_new (NULL);

  switch (cell->kind)
    {
    case SPK_CELL_HEX:
      g_string_append_printf (out, _("Hex %d, %d: %s, group %s."), hex.q, hex.r,
                              spk_board_view_terrain_label (cell->terrain),
                              (const char *) g_ptr_array_index (self->grid->groups, cell->top_group));
      if (cell->well)
        g_string_append_printf (out, " %s", _("Source well."));
      if (cell->top_layer > 0)
        g_string_append_printf (out, " %s", _("Laid over another hex."));
      break;
    case SPK_CELL_GATE:
      {
        const SpkFortress *f = g_ptr_array_index (self->board->fortresses, cell->fortress);
        const SpkDeployment *d = spk_board_find_deployment (self->board, f->faction);

        g_string_append_printf (out, _("Hex %d, %d: fortress gate of %s."), hex.q, hex.r,
                                faction_name (self->board, f->faction));
        if (d != NULL && d->stack->len > 0)
          {
            const SpkChip *top = spk_board_find_chip (self->board, g_ptr_array_index (d->stack, 0));

            g_string_append_c (out, ' ');
            g_string_append_printf (out, _("Deployment stack of %u, top: %s."), d->stack->len,
                                    top != NULL && top->name != NULL ? top->name
                                    : (const char *) g_ptr_array_index (d->stack, 0));
          }
        break;
      }
    case SPK_CELL_FORTRESS_WELL:
      {
        const SpkFortress *f = g_ptr_array_index (self->board->fortresses, cell->fortress);

        g_string_append_printf (out, _("Hex %d, %d: fortress Source well of %s."), hex.q, hex.r,
                                faction_name (self->board, f->faction));
        break;
      }
    default:
      g_assert_not_reached ();
    }

  if (cell->chip >= 0)
    {
      g_string_append_c (out, ' ');
      describe_chip (self->board, g_ptr_array_index (self->board->chips, cell->chip), out);
    }
  return g_string_free (out, FALSE);
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
  has = hex != NULL && self->grid != NULL && spk_grid_find (self->grid, *hex) >= 0;
  if (has == self->has_selection && (!has || spk_hex_equal (*hex, self->selected)))
    return;
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
  const SpkCell *cell;
  int index;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  if (!self->has_selection || (index = spk_grid_find (self->grid, self->selected)) < 0)
    return NULL;
  cell = spk_grid_cell (self->grid, index);
  if (cell->chip >= 0)
    return g_ptr_array_index (self->board->chips, cell->chip);
  if (cell->kind == SPK_CELL_GATE)
    {
      const SpkFortress *f = g_ptr_array_index (self->board->fortresses, cell->fortress);
      const SpkDeployment *d = spk_board_find_deployment (self->board, f->faction);

      if (d != NULL && d->stack->len > 0)
        return spk_board_find_chip (self->board, g_ptr_array_index (d->stack, 0));
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

static void
scroll_into_view (SpkBoardView *self, SpkHex hex)
{
  double x, y, w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double margin = self->scale * 1.2;

  if (w <= 0 || h <= 0)
    return;
  spk_board_view_hex_center (self, hex, &x, &y);
  if (x < margin)
    self->ox += margin - x;
  else if (x > w - margin)
    self->ox -= x - (w - margin);
  if (y < margin)
    self->oy += margin - y;
  else if (y > h - margin)
    self->oy -= y - (h - margin);
  snap_offsets (self);
}

void
spk_board_view_set_focus_hex (SpkBoardView *self, SpkHex hex)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (!targetable (self, hex))
    return;
  self->focus = hex;
  self->has_focus_hex = TRUE;
  scroll_into_view (self, hex);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The focus starts on the selection, else on the cell nearest the middle. */
static void
ensure_focus_hex (SpkBoardView *self)
{
  double best = G_MAXDOUBLE, cx, cy;

  if (self->has_focus_hex || self->grid == NULL || spk_grid_n_cells (self->grid) == 0)
    return;
  if (self->has_selection)
    {
      spk_board_view_set_focus_hex (self, self->selected);
      return;
    }
  cx = (self->min_x + self->max_x) / 2;
  cy = (self->min_y + self->max_y) / 2;
  for (guint i = 0; i < spk_grid_n_cells (self->grid); i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);
      double x, y, d;

      world_of_hex (cell->hex, &x, &y);
      d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
      if (d < best)
        {
          best = d;
          self->focus = cell->hex;
        }
    }
  self->has_focus_hex = TRUE;
}

gboolean
spk_board_view_move_focus (SpkBoardView *self, int dx, int dy)
{
  /* Screen direction -> hex directions to try (spk_hex_directions order).
   * Up prefers up-left and down prefers down-right so the two undo each
   * other. */
  int dirs[2] = { -1, -1 };

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), FALSE);
  if (self->grid == NULL)
    return FALSE;
  if (!self->has_focus_hex)
    {
      ensure_focus_hex (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return self->has_focus_hex;
    }

  if (dy < 0)
    dirs[0] = 2, dirs[1] = 1;
  else if (dy > 0)
    dirs[0] = 5, dirs[1] = 4;
  else if (dx > 0)
    dirs[0] = 0;
  else if (dx < 0)
    dirs[0] = 3;
  else
    return FALSE;

  for (int step = 1; step <= 16; step++)
    for (int k = 0; k < 2 && dirs[k] >= 0; k++)
      {
        SpkHex h = { self->focus.q + spk_hex_directions[dirs[k]].q * step,
                     self->focus.r + spk_hex_directions[dirs[k]].r * step };

        /* Editing walks onto sky one step at a time; otherwise sky is
         * skipped. */
        if (spk_grid_find (self->grid, h) >= 0 || (step == 1 && self->edit_mode && near_board (self, h)))
          {
            spk_board_view_set_focus_hex (self, h);
            return TRUE;
          }
      }
  return FALSE;
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

/* --- overlays ----------------------------------------------------------------- */

void
spk_board_view_clear_layer (SpkBoardView *self, SpkBoardLayer layer)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS);
  if (self->marks[layer]->len == 0 && self->lines[layer]->len == 0)
    return;
  g_array_set_size (self->marks[layer], 0);
  g_array_set_size (self->lines[layer], 0);
  layer_changed (self, layer);
}

void
spk_board_view_mark_hex (SpkBoardView *self, SpkBoardLayer layer, SpkHex hex,
                         SpkMarkStyle style, const char *faction, const char *label)
{
  Mark mark = { hex, style, -1, g_strdup (label) };

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS && style < SPK_N_MARKS);
  mark.faction = faction_index (self, faction);
  g_array_append_val (self->marks[layer], mark);
  layer_changed (self, layer);
}

void
spk_board_view_add_line (SpkBoardView *self, SpkBoardLayer layer, SpkHex from, SpkHex to,
                         SpkMarkStyle style, const char *faction)
{
  Line line = { from, to, style, -1 };

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  g_return_if_fail (layer < SPK_N_BOARD_LAYERS && style < SPK_N_MARKS);
  line.faction = faction_index (self, faction);
  g_array_append_val (self->lines[layer], line);
  layer_changed (self, layer);
}

GArray *
spk_board_view_get_marked (SpkBoardView *self, SpkBoardLayer layer)
{
  GArray *out;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, NULL);
  out = g_array_sized_new (FALSE, FALSE, sizeof (SpkHex), self->marks[layer]->len);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    g_array_append_val (out, g_array_index (self->marks[layer], Mark, i).hex);
  return out;
}

const char *
spk_board_view_get_mark_label (SpkBoardView *self, SpkBoardLayer layer, SpkHex hex)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, NULL);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *mark = &g_array_index (self->marks[layer], Mark, i);

      if (spk_hex_equal (mark->hex, hex))
        return mark->label != NULL ? mark->label : "";
    }
  return NULL;
}

guint
spk_board_view_get_n_lines (SpkBoardView *self, SpkBoardLayer layer)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (layer < SPK_N_BOARD_LAYERS, 0);
  return self->lines[layer]->len;
}

/* --- transform ---------------------------------------------------------------- */

double
spk_board_view_get_zoom (SpkBoardView *self)
{
  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), 0);
  return self->scale;
}

void
spk_board_view_set_zoom (SpkBoardView *self, double zoom, double anchor_x, double anchor_y)
{
  double wx, wy;

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  zoom = CLAMP (zoom, MIN_SCALE, MAX_SCALE);
  wx = (anchor_x - self->ox) / self->scale;
  wy = (anchor_y - self->oy) / self->scale;
  self->scale = zoom;
  self->ox = anchor_x - wx * zoom;
  self->oy = anchor_y - wy * zoom;
  snap_offsets (self);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_zoom_in (SpkBoardView *self)
{
  spk_board_view_set_zoom (self, self->scale * ZOOM_STEP,
                           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
spk_board_view_zoom_out (SpkBoardView *self)
{
  spk_board_view_set_zoom (self, self->scale / ZOOM_STEP,
                           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
spk_board_view_pan (SpkBoardView *self, double dx, double dy)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  self->ox += dx;
  self->oy += dy;
  snap_offsets (self);
  self->fitted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
fit_to (SpkBoardView *self, double w, double h)
{
  double bw = self->max_x - self->min_x, bh = self->max_y - self->min_y;

  if (w <= 2 * FIT_MARGIN || h <= 2 * FIT_MARGIN || bw <= 0 || bh <= 0)
    return;
  self->scale = CLAMP (MIN ((w - 2 * FIT_MARGIN) / bw, (h - 2 * FIT_MARGIN) / bh), MIN_SCALE, MAX_SCALE);
  self->ox = w / 2 - (self->min_x + bw / 2) * self->scale;
  self->oy = h / 2 - (self->min_y + bh / 2) * self->scale;
  snap_offsets (self);
}

void
spk_board_view_fit (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  self->fitted = TRUE;
  fit_to (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
spk_board_view_set_edit_mode (SpkBoardView *self, gboolean edit_mode)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (self->edit_mode == !!edit_mode)
    return;
  self->edit_mode = !!edit_mode;
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
  invalidate_ground (self);
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

/* --- drawing ------------------------------------------------------------------ */

static void
hex_path (cairo_t *cr, double cx, double cy, double radius)
{
  cairo_move_to (cr, cx + corner_x[0] * radius, cy + corner_y[0] * radius);
  for (int i = 1; i < 6; i++)
    cairo_line_to (cr, cx + corner_x[i] * radius, cy + corner_y[i] * radius);
  cairo_close_path (cr);
}

/* Where sprites go. cairo spends some 10 µs setting up each paint, which
 * over hundreds of chips and labels cost more than the pixels; on a plain
 * ARGB32 image (the cached drawings) sprites are composited here
 * instead, with pixman's OVER arithmetic, so the pixels are the same. */
typedef struct {
  cairo_surface_t *target;
  guint32         *data;          /* NULL: paint through cairo */
  int              stride;        /* in pixels */
  int              x0, y0, x1, y1; /* clip, in device pixels */
  double           scale;         /* device pixels per user unit */
  double           dx, dy;        /* user origin, in device pixels */
} Blitter;

static void
blitter_init (Blitter *b, cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_rectangle_list_t *clip;
  cairo_matrix_t m;
  double sx, sy, ox, oy;

  *b = (Blitter) { .target = target };
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &ox, &oy);
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32
      || m.xx != 1 || m.yy != 1 || m.xy != 0 || m.yx != 0 || sx != sy || sx != floor (sx)
      || m.x0 != floor (m.x0) || m.y0 != floor (m.y0) || ox != floor (ox) || oy != floor (oy))
    return;
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status == CAIRO_STATUS_SUCCESS && clip->num_rectangles == 1)
    {
      const cairo_rectangle_t *r = &clip->rectangles[0];

      b->scale = sx;
      b->dx = m.x0 * sx + ox;
      b->dy = m.y0 * sx + oy;
      b->x0 = MAX (0, (int) ceil (r->x * sx + b->dx));
      b->y0 = MAX (0, (int) ceil (r->y * sx + b->dy));
      b->x1 = MIN (cairo_image_surface_get_width (target), (int) floor ((r->x + r->width) * sx + b->dx));
      b->y1 = MIN (cairo_image_surface_get_height (target), (int) floor ((r->y + r->height) * sx + b->dy));
      b->stride = cairo_image_surface_get_stride (target) / 4;
      b->data = (guint32 *) cairo_image_surface_get_data (target);
      cairo_surface_flush (target);
    }
  cairo_rectangle_list_destroy (clip);
}

/* cairo draws straight into an image's pixels too, so sprites and cairo
 * drawing can interleave; cairo only needs to hear of the change once. */
static void
blitter_finish (Blitter *b)
{
  if (b->data != NULL)
    cairo_surface_mark_dirty (b->target);
}

/* Each byte of x times a / 255, rounded as pixman rounds it; two
 * channels at a time. */
static inline guint32
mul_un8x4 (guint32 x, guint32 a)
{
  guint32 rb = (x & 0xff00ff) * a + 0x800080;
  guint32 ag = ((x >> 8) & 0xff00ff) * a + 0x800080;

  rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
  ag = (ag + ((ag >> 8) & 0xff00ff)) & 0xff00ff00;
  return rb | ag;
}

/* Most of a sprite is clear (a round chip in a square): each row keeps
 * where its visible pixels start and end, so compositing skips the rest,
 * and where its fully opaque middle starts and ends (a hex of ground),
 * which is copied instead of blended. */
typedef struct {
  cairo_surface_t *surface;
  const guint32   *data;
  int              height, stride; /* device pixels; stride in pixels */
  int              top, bottom;    /* the rows with anything visible */
  int             *rows;           /* 4 a row: visible start, end, opaque start, end */
} Sprite;

static void
sprite_free (gpointer data)
{
  Sprite *sprite = data;

  cairo_surface_destroy (sprite->surface);
  g_free (sprite->rows);
  g_free (sprite);
}

static Sprite *
add_sprite (SpkBoardView *self, char *key, cairo_surface_t *surface)
{
  Sprite *sprite = g_new (Sprite, 1);
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface) / 4;
  const guint32 *data;
  int *rows = g_new (int, 4 * h);

  cairo_surface_flush (surface);
  data = (const guint32 *) cairo_image_surface_get_data (surface);
  for (int j = 0; j < h; j++)
    {
      const guint32 *row = data + j * stride;
      int start = 0, end = w, ostart, oend;

      while (start < w && row[start] >> 24 == 0)
        start++;
      while (end > start && row[end - 1] >> 24 == 0)
        end--;
      ostart = start;
      while (ostart < end && row[ostart] >> 24 != 0xff)
        ostart++;
      oend = ostart;
      while (oend < end && row[oend] >> 24 == 0xff)
        oend++;
      rows[4 * j] = start;
      rows[4 * j + 1] = end;
      rows[4 * j + 2] = ostart;
      rows[4 * j + 3] = oend;
    }
  *sprite = (Sprite) { surface, data, h, stride, h, 0, rows };
  for (int j = 0; j < h; j++)
    if (rows[4 * j] < rows[4 * j + 1])
      {
        sprite->top = MIN (sprite->top, j);
        sprite->bottom = j + 1;
      }
  g_hash_table_insert (self->sprites, key, sprite);
  return sprite;
}

#ifdef __SSE2__
/* Two pixels unpacked to 16 bits a channel, times a / 255 per channel,
 * rounded as mul_un8x4 rounds. */
static inline __m128i
mul_16 (__m128i x, __m128i a)
{
  __m128i t = _mm_adds_epu16 (_mm_mullo_epi16 (x, a), _mm_set1_epi16 (0x80));

  return _mm_mulhi_epu16 (t, _mm_set1_epi16 (0x101));
}

static inline __m128i
inverse_alpha_16 (__m128i x)
{
  __m128i a = _mm_shufflehi_epi16 (_mm_shufflelo_epi16 (x, _MM_SHUFFLE (3, 3, 3, 3)), _MM_SHUFFLE (3, 3, 3, 3));

  return _mm_xor_si128 (a, _mm_set1_epi16 (0xff));
}
#endif

/* OVER for premultiplied pixels, four at a time where SSE2 is there. */
static inline void
blend_span (guint32 *d, const guint32 *s, int n)
{
  int i = 0;

#ifdef __SSE2__
  const __m128i zero = _mm_setzero_si128 (), alpha = _mm_set1_epi32 ((int) 0xff000000u);

  for (; i + 4 <= n; i += 4)
    {
      __m128i sp = _mm_loadu_si128 ((const __m128i *) (s + i));
      __m128i sa = _mm_and_si128 (sp, alpha), dp, lo, hi;
      int opaque = _mm_movemask_epi8 (_mm_cmpeq_epi32 (sa, alpha));

      if (opaque == 0xffff)
        {
          _mm_storeu_si128 ((__m128i *) (d + i), sp);
          continue;
        }
      if (_mm_movemask_epi8 (_mm_cmpeq_epi32 (sa, zero)) == 0xffff)
        continue;
      dp = _mm_loadu_si128 ((const __m128i *) (d + i));
      lo = mul_16 (_mm_unpacklo_epi8 (dp, zero), inverse_alpha_16 (_mm_unpacklo_epi8 (sp, zero)));
      hi = mul_16 (_mm_unpackhi_epi8 (dp, zero), inverse_alpha_16 (_mm_unpackhi_epi8 (sp, zero)));
      _mm_storeu_si128 ((__m128i *) (d + i), _mm_add_epi8 (sp, _mm_packus_epi16 (lo, hi)));
    }
#endif
  for (; i < n; i++)
    {
      guint32 sp = s[i], ia = 255 - (sp >> 24);

      /* Premultiplied colour never exceeds its alpha, so the sum
       * cannot carry from one channel into the next. */
      if (ia == 0)
        d[i] = sp;
      else if (ia < 255)
        d[i] = sp + mul_un8x4 (d[i], ia);
    }
}

/* Composites a sprite (drawn at the target's device scale) with its top
 * left corner at whole user units x, y. */
static void
paint_sprite (Blitter *b, cairo_t *cr, const Sprite *sprite, int x, int y)
{
  int px, py;

  if (b->data == NULL)
    {
      cairo_set_source_surface (cr, sprite->surface, x, y);
      cairo_paint (cr);
      return;
    }
  px = (int) (x * b->scale + b->dx);
  py = (int) (y * b->scale + b->dy);
  for (int j = MAX (sprite->top, b->y0 - py); j < sprite->bottom && py + j < b->y1; j++)
    {
      const int *row = sprite->rows + 4 * j;
      const guint32 *s;
      guint32 *d;
      int i0, i1, o0, o1;

      if (row[0] >= row[1])
        continue;
      i0 = MAX (row[0], b->x0 - px);
      i1 = MIN (row[1], b->x1 - px);
      if (i0 >= i1)
        continue;
      o0 = CLAMP (row[2], i0, i1);
      o1 = CLAMP (row[3], o0, i1);
      s = sprite->data + j * sprite->stride;
      d = b->data + (py + j) * b->stride + px;
      blend_span (d + i0, s + i0, o0 - i0);
      memcpy (d + o0, s + o0, (gsize) (o1 - o0) * 4);
      blend_span (d + o1, s + o1, i1 - o1);
    }
}

/* Sprites are drawn for one zoom, style and device scale; any change
 * starts afresh. Called once at the start of each drawing, so sprites
 * looked up during it stay. */
static void
begin_sprites (SpkBoardView *self, cairo_t *cr)
{
  double factor = 1, unused;

  cairo_surface_get_device_scale (cairo_get_target (cr), &factor, &unused);
  if (self->sprite_scale != self->scale || self->sprite_factor != factor || self->sprite_dark != self->dark
      || g_hash_table_size (self->sprites) >= MAX_SPRITES)
    {
      g_hash_table_remove_all (self->sprites);
      self->sprite_scale = self->scale;
      self->sprite_factor = factor;
      self->sprite_dark = self->dark;
    }
}

static const Sprite *
lookup_sprite (SpkBoardView *self, const char *key)
{
  return g_hash_table_lookup (self->sprites, key);
}

/* A new sprite of w x h user units at the target's device scale. */
static cairo_t *
sprite_begin (int w, int h, double scale)
{
  cairo_surface_t *sprite = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale),
                                                        (int) ceil (h * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (sprite, scale, scale);
  cr = cairo_create (sprite);
  cairo_surface_destroy (sprite);
  cairo_set_tolerance (cr, 0.25);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  return cr;
}

static const Sprite *
sprite_end (SpkBoardView *self, char *key, cairo_t *cr)
{
  cairo_surface_t *surface = cairo_surface_reference (cairo_get_target (cr));

  cairo_destroy (cr);
  return add_sprite (self, key, surface);
}

static void
cell_center (SpkBoardView *self, const SpkCell *cell, double *x, double *y)
{
  spk_board_view_hex_center (self, cell->hex, x, y);
}

/* The outline group of a cell: its top hex group, or its fortress. */
static int
outline_group (const SpkCell *cell)
{
  return cell->kind == SPK_CELL_HEX ? cell->top_group : -2 - cell->fortress;
}

/* Text is laid out at one size and scaled to the size wanted: every
 * zoom would otherwise ask fontconfig and Pango for fonts of new sizes,
 * which costs more than drawing a board of chips. cairo still renders
 * the glyphs at the size they land at. */
#define TEXT_SIZE 32.0
#define MAX_TEXT_LAYOUTS 512

/* Laid out at one size, a string looks the same at every zoom: its
 * layout (shaping and all) is kept across zooms, one per string and
 * weight, in a context that follows the sprite it is drawn on. */
static PangoLayout *
text_layout (SpkBoardView *self, cairo_t *cr, PangoFontDescription *font, const char *text, gboolean bold)
{
  g_autofree char *key = g_strdup_printf ("%d|%s", bold, text);
  PangoLayout *layout;
  cairo_matrix_t m;

  /* Sprites are all plain images drawn from an identity matrix, so the
   * context is set up once; updating it for each sprite would have
   * Pango lay every string out again. */
  cairo_get_matrix (cr, &m);
  if (self->text_context == NULL || memcmp (&m, &self->text_matrix, sizeof m) != 0)
    {
      if (self->text_context == NULL)
        self->text_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      pango_cairo_update_context (cr, self->text_context);
      self->text_matrix = m;
    }
  if ((layout = g_hash_table_lookup (self->text_layouts, key)) != NULL)
    return layout;
  if (g_hash_table_size (self->text_layouts) >= MAX_TEXT_LAYOUTS)
    g_hash_table_remove_all (self->text_layouts);
  layout = pango_layout_new (self->text_context);
  pango_font_description_set_absolute_size (font, TEXT_SIZE * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  g_hash_table_insert (self->text_layouts, g_steal_pointer (&key), layout);
  return layout;
}

static void
draw_text (SpkBoardView *self, cairo_t *cr, PangoFontDescription *font, double size,
           const char *text, double cx, double cy, gboolean bold)
{
  PangoLayout *layout = text_layout (self, cr, font, text, bold);
  double k = size / TEXT_SIZE;
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, k, k);
  cairo_move_to (cr, -w / (2.0 * PANGO_SCALE), -h / (2.0 * PANGO_SCALE));
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  /* Leave no current point behind, or the next arc would join it. */
  cairo_new_path (cr);
}

/* A short label for a disc: initials of up to two words, else two letters. */
static void
chip_initials (const SpkChip *chip, char *out, gsize size)
{
  const char *name = chip->name != NULL && chip->name[0] != '\0' ? chip->name : chip->id;
  g_auto(GStrv) words = g_strsplit_set (name, " -", -1);
  GString *s = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; words[i] != NULL && n < 2; i++)
    {
      if (words[i][0] == '\0' || g_ascii_strcasecmp (words[i], "and") == 0
          || g_ascii_strcasecmp (words[i], "of") == 0 || g_ascii_strcasecmp (words[i], "the") == 0)
        continue;
      g_string_append_unichar (s, g_unichar_toupper (g_utf8_get_char (words[i])));
      n++;
    }
  if (n == 1 && g_utf8_strlen (name, -1) > 1)
    {
      const char *second = g_utf8_next_char (name);

      g_string_append_unichar (s, g_utf8_get_char (second));
    }
  g_strlcpy (out, s->str, size);
  g_string_free (s, TRUE);
}

void
spk_board_view_draw_moved_mark (cairo_t *cr, double cx, double cy, double radius, gboolean dark)
{
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  if (dark)
    cairo_set_source_rgba (cr, 0.96, 0.96, 0.95, 0.95);
  else
    cairo_set_source_rgba (cr, 0.14, 0.12, 0.19, 0.9);
  cairo_fill (cr);
  cairo_move_to (cr, cx - radius * 0.5, cy + radius * 0.02);
  cairo_line_to (cr, cx - radius * 0.12, cy + radius * 0.42);
  cairo_line_to (cr, cx + radius * 0.52, cy - radius * 0.4);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.32));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (dark)
    cairo_set_source_rgba (cr, 0.14, 0.12, 0.19, 1);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
upgrade_rgba (SpkUpgrade upgrade, GdkRGBA *out)
{
  static const guint32 colours[SPK_N_UPGRADES] = { 0xe66100, 0x1a5fb4, 0x5e5c64 };

  rgba_from_hex (colours[upgrade], 1.0, out);
}

/* The layers of a chip, bottom to top. */
typedef enum {
  CHIP_BASE,      /* the disc, square or diamond, and a hero's ring */
  CHIP_TEXT,      /* the initials */
  CHIP_PIPS,      /* health */
  CHIP_UPGRADES,
  CHIP_GROUPED,   /* the badge counting minions grouped under it */
  CHIP_MOVED,     /* the tick of a unit that moved this turn */
  N_CHIP_PARTS
} ChipPart;

static void
chip_fill (SpkBoardView *self, const SpkChip *chip, GdkRGBA *fill)
{
  faction_rgba (self, chip->kind == SPK_CHIP_LANDMARK ? -1 : faction_index (self, chip->faction), fill);
  if (chip->moved)
    {
      /* Moved this turn: the disc fades halfway to grey (and gets a tick
       * badge), so the units still to move stand out. */
      GdkRGBA grey;

      rgba_from_hex (self->dark ? 0x5e5c64 : 0xc0bfbc, 1.0, &grey);
      fill->red = (fill->red + grey.red) / 2;
      fill->green = (fill->green + grey.green) / 2;
      fill->blue = (fill->blue + grey.blue) / 2;
    }
}

/* The outline of a circle, width w, as a ring to fill: cairo fills it
 * for a fraction of what stroking the circle costs, and covers the same
 * pixels. */
static void
ring_path (cairo_t *cr, double cx, double cy, double r, double w)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r + w / 2, 0, 2 * G_PI);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_arc_negative (cr, cx, cy, r - w / 2, 2 * G_PI, 0);
  cairo_close_path (cr);
}

static void
draw_chip_base (cairo_t *cr, const SpkChip *chip, const GdkRGBA *fill, const GdkRGBA *ink, double alpha, double r,
                double cx, double cy, double s)
{
  cairo_new_path (cr);
  if (chip->kind == SPK_CHIP_SPIRE)
    {
      double half = r * 0.9, rad = r * 0.25;

      cairo_new_sub_path (cr);
      cairo_arc (cr, cx + half - rad, cy - half + rad, rad, -G_PI / 2, 0);
      cairo_arc (cr, cx + half - rad, cy + half - rad, rad, 0, G_PI / 2);
      cairo_arc (cr, cx - half + rad, cy + half - rad, rad, G_PI / 2, G_PI);
      cairo_arc (cr, cx - half + rad, cy - half + rad, rad, G_PI, 1.5 * G_PI);
      cairo_close_path (cr);
    }
  else if (chip->kind == SPK_CHIP_LANDMARK)
    {
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r, cy);
      cairo_line_to (cr, cx, cy + r);
      cairo_line_to (cr, cx - r, cy);
      cairo_close_path (cr);
    }
  else
    {
      /* A disc: filled, then its outline as a ring. */
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      set_source (cr, fill, alpha);
      cairo_fill (cr);
      ring_path (cr, cx, cy, r, MAX (1.0, s * 0.05));
    }

  if (chip->kind == SPK_CHIP_SPIRE || chip->kind == SPK_CHIP_LANDMARK)
    {
      set_source (cr, fill, alpha);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (1.0, s * 0.05));
      set_source (cr, ink, 0.85 * alpha);
      if (chip->kind == SPK_CHIP_LANDMARK && !chip->revealed)
        {
          double dash = MAX (2.0, s * 0.1);
          cairo_set_dash (cr, &dash, 1, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      else
        cairo_stroke (cr);
    }
  else
    {
      set_source (cr, ink, 0.85 * alpha);
      cairo_fill (cr);
    }

  if (chip->kind == SPK_CHIP_HERO)
    {
      ring_path (cr, cx, cy, r * 0.8, MAX (1.0, s * 0.045));
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9 * alpha);
      cairo_fill (cr);
    }
}

static void
draw_chip (SpkBoardView *self, cairo_t *cr, PangoLayout *layout, PangoFontDescription *font,
           const SpkChip *chip, ChipPart part, double cx, double cy, double s)
{
  GdkRGBA fill, ink = { 0.1f, 0.1f, 0.12f, 1.0f };
  double r = s * (chip->kind == SPK_CHIP_LANDMARK ? 0.5 : 0.56);
  double alpha = chip->active ? 1.0 : 0.55;
  char initials[16];

  chip_fill (self, chip, &fill);

  if (part == CHIP_BASE)
    draw_chip_base (cr, chip, &fill, &ink, alpha, r, cx, cy, s);

  if (part == CHIP_TEXT && s >= 14)
    {
      chip_initials (chip, initials, sizeof initials);
      if (light_text_on (&fill))
        cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      else
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, alpha);
      draw_text (self, cr, font, r * 0.72, initials, cx, cy - (chip->kind == SPK_CHIP_LANDMARK ? 0 : r * 0.12), TRUE);
    }

  /* Health pips along the bottom of the disc: filled for what is left. */
  if (part == CHIP_PIPS && chip->max_health > 0 && s >= 12)
    {
      int n = MIN (chip->max_health, 10);
      double pr = s * 0.055, gap = s * 0.15;
      double x0 = cx - (n - 1) * gap / 2, y = cy + r * 0.58;

      /* The pips do not touch: one fill and one stroke for them all. */
      cairo_new_path (cr);
      for (int i = 0; i < MIN (chip->health, n); i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x0 + i * gap, y, pr, 0, 2 * G_PI);
        }
      cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      cairo_fill (cr);
      for (int i = 0; i < n; i++)
        ring_path (cr, x0 + i * gap, y, pr, MAX (0.8, s * 0.02));
      set_source (cr, &ink, alpha);
      cairo_fill (cr);
    }

  /* Upgrades as a stack of tiles beside the chip, top first. */
  if (part == CHIP_UPGRADES && chip->upgrades != NULL && chip->upgrades->len > 0)
    {
      double tile = s * 0.2, x = cx + r * 0.72, y = cy - r * 0.9;

      for (guint i = 0; i < chip->upgrades->len && i < 6; i++)
        {
          SpkUpgrade u = g_array_index (chip->upgrades, SpkUpgrade, i);
          GdkRGBA c;
          const char letter[2] = { u == SPK_UPGRADE_ATTACK ? 'A' : u == SPK_UPGRADE_RANGE ? 'R' : 'F', 0 };

          upgrade_rgba (u, &c);
          cairo_rectangle (cr, x, y + i * tile * 1.05, tile * 1.3, tile);
          set_source (cr, &c, alpha);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9 * alpha);
          cairo_set_line_width (cr, MAX (0.6, s * 0.015));
          cairo_stroke (cr);
          if (s >= 40)
            draw_text (self, cr, font, tile * 0.8, letter, x + tile * 0.65, y + i * tile * 1.05 + tile / 2, TRUE);
        }
    }

  if (part == CHIP_GROUPED && chip->grouped != NULL && chip->grouped->len > 0 && s >= 14)
    {
      g_autofree char *badge = g_strdup_printf ("+%u", chip->grouped->len);

      cairo_arc (cr, cx - r * 0.85, cy - r * 0.75, s * 0.18, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.15, 0.15, 0.15, alpha);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      draw_text (self, cr, font, s * 0.2, badge, cx - r * 0.85, cy - r * 0.75, TRUE);
    }

  if (part == CHIP_MOVED && chip->moved && s >= 10)
    spk_board_view_draw_moved_mark (cr, cx + r * 0.8, cy + r * 0.8, MAX (3.5, r * 0.44), self->dark);
}

/* What @part of @chip looks like, as a sprite key; NULL when the chip
 * has no such part. */
static char *
chip_part_key (SpkBoardView *self, const SpkChip *chip, ChipPart part)
{
  gboolean landmark = chip->kind == SPK_CHIP_LANDMARK;
  GString *key;
  GdkRGBA fill;
  char initials[16];

  switch (part)
    {
    case CHIP_BASE:
      return g_strdup_printf ("cb|%d|%d|%d|%d|%d", chip->kind, landmark ? -1 : faction_index (self, chip->faction),
                              chip->moved, chip->active, landmark && !chip->revealed);
    case CHIP_TEXT:
      chip_fill (self, chip, &fill);
      chip_initials (chip, initials, sizeof initials);
      return g_strdup_printf ("ct|%s|%d|%d|%d", initials, light_text_on (&fill), chip->active, landmark);
    case CHIP_PIPS:
      if (chip->max_health <= 0)
        return NULL;
      return g_strdup_printf ("cp|%d|%d|%d|%d", MIN (chip->max_health, 10), chip->health, chip->active, landmark);
    case CHIP_UPGRADES:
      if (chip->upgrades == NULL || chip->upgrades->len == 0)
        return NULL;
      key = g_string_new (NULL);
      g_string_printf (key, "cu|%d|%d|", chip->active, landmark);
      for (guint i = 0; i < chip->upgrades->len; i++)
        g_string_append_c (key, '0' + g_array_index (chip->upgrades, SpkUpgrade, i));
      return g_string_free (key, FALSE);
    case CHIP_GROUPED:
      if (chip->grouped == NULL || chip->grouped->len == 0)
        return NULL;
      return g_strdup_printf ("cg|%u|%d|%d", chip->grouped->len, chip->active, landmark);
    case CHIP_MOVED:
      return chip->moved ? g_strdup_printf ("cm|%d", landmark) : NULL;
    case N_CHIP_PARTS:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

/* Half the side of a chip's or a stack's sprite: everything drawn for
 * them (upgrade tiles, badges, the discs of a stack) stays within 0.85
 * hex radius of the centre. */
#define CHIP_REACH(s) ((int) ceil ((s) * 0.95) + 2)

/* The smallest zoom at which each part is drawn. */
static const double chip_part_min_scale[N_CHIP_PARTS] = { 0, 14, 12, 0, 14, 10 };

/* Adds the keys of @chip's parts to @keys, N_CHIP_PARTS of them. */
static void
add_chip_keys (SpkBoardView *self, const SpkChip *chip, GPtrArray *keys)
{
  for (ChipPart part = 0; part < N_CHIP_PARTS; part++)
    g_ptr_array_add (keys, chip_part_key (self, chip, part));
}

/* A chip looks the same wherever it stands, and many chips share a part
 * of their look (a faction's disc, a name, a health count): each part is
 * drawn once per look and zoom, then copied into place, in drawing
 * order. The copies land on whole pixels (at most half a pixel from the
 * exact centre), which keeps them sharp. @keys are the chip's part keys
 * (add_chip_keys), or NULL to work them out. */
static void
draw_chip_sprite (SpkBoardView *self, cairo_t *cr, Blitter *b, PangoLayout *layout, PangoFontDescription *font,
                  const SpkChip *chip, char *const *keys, double cx, double cy, double s)
{
  g_autoptr(GPtrArray) own_keys = NULL;
  double sx = 1, sy = 1;
  int half = CHIP_REACH (s);

  if (keys == NULL)
    {
      own_keys = g_ptr_array_new_with_free_func (g_free);
      add_chip_keys (self, chip, own_keys);
      keys = (char *const *) own_keys->pdata;
    }
  for (ChipPart part = 0; part < N_CHIP_PARTS; part++)
    {
      const Sprite *sprite;

      if (keys[part] == NULL || s < chip_part_min_scale[part])
        continue;
      if ((sprite = lookup_sprite (self, keys[part])) == NULL)
        {
          cairo_t *scr;

          cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
          scr = sprite_begin (2 * half, 2 * half, sx);
          /* The frame's layout, moved onto the sprite: a new one per
           * sprite would set up a Pango context each time. */
          pango_cairo_update_layout (scr, layout);
          draw_chip (self, scr, layout, font, chip, part, half, half, s);
          sprite = sprite_end (self, g_strdup (keys[part]), scr);
        }
      paint_sprite (b, cr, sprite, (int) round (cx) - half, (int) round (cy) - half);
    }
}

static void
draw_deployment_look (SpkBoardView *self, cairo_t *cr, Blitter *b, PangoLayout *layout, PangoFontDescription *font,
                      const SpkDeployment *d, const SpkChip *top, double cx, double cy, double s, gboolean occupied)
{
  double shift = s * 0.08;
  guint n = MIN (d->stack->len, 4);

  if (occupied)
    {
      /* Somebody stands on the gate: show the stack as a small badge. */
      g_autofree char *count = g_strdup_printf ("%u", d->stack->len);
      GdkRGBA fill;

      faction_rgba (self, faction_index (self, d->faction), &fill);
      cairo_arc (cr, cx + s * 0.55, cy - s * 0.55, s * 0.22, 0, 2 * G_PI);
      set_source (cr, &fill, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 1);
      cairo_set_line_width (cr, MAX (1.0, s * 0.03));
      cairo_stroke (cr);
      if (s >= 14)
        draw_text (self, cr, font, s * 0.24, count, cx + s * 0.55, cy - s * 0.55, TRUE);
      return;
    }

  /* Discs under the top one, offset down and right, like a real stack. */
  for (guint i = n - 1; i > 0; i--)
    {
      GdkRGBA fill;

      faction_rgba (self, faction_index (self, d->faction), &fill);
      cairo_arc (cr, cx + i * shift, cy + i * shift, s * 0.56, 0, 2 * G_PI);
      set_source (cr, &fill, 0.8);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
      cairo_set_line_width (cr, MAX (1.0, s * 0.04));
      cairo_stroke (cr);
    }
  draw_chip_sprite (self, cr, b, layout, font, top, NULL, cx, cy, s);
  if (d->stack->len > 1 && s >= 14)
    {
      g_autofree char *count = g_strdup_printf ("×%u", d->stack->len);

      cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
      cairo_arc (cr, cx + s * 0.55, cy - s * 0.55, s * 0.22, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 1);
      draw_text (self, cr, font, s * 0.2, count, cx + s * 0.55, cy - s * 0.55, TRUE);
    }
}

/* A deployment stack is drawn once per look (faction, size, top chip,
 * whether someone stands on the gate) and zoom, like a chip. */
static void
draw_deployment (SpkBoardView *self, cairo_t *cr, Blitter *b, PangoLayout *layout, PangoFontDescription *font,
                 const SpkDeployment *d, double cx, double cy, double s, gboolean occupied)
{
  g_autoptr(GPtrArray) top_keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) key = g_string_new (NULL);
  const Sprite *sprite;
  const SpkChip *top;
  int half = CHIP_REACH (s);

  if (d == NULL || d->stack->len == 0)
    return;
  top = spk_board_find_chip (self->board, g_ptr_array_index (d->stack, 0));
  if (top == NULL)
    return;
  add_chip_keys (self, top, top_keys);
  g_string_printf (key, "dep|%d|%u|%d", faction_index (self, d->faction), d->stack->len, occupied);
  for (guint i = 0; i < top_keys->len; i++)
    g_string_append_printf (key, "|%s", g_ptr_array_index (top_keys, i) != NULL
                            ? (const char *) g_ptr_array_index (top_keys, i) : "-");
  if ((sprite = lookup_sprite (self, key->str)) == NULL)
    {
      double sx = 1, sy = 1;
      cairo_t *scr;
      Blitter into;

      cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
      scr = sprite_begin (2 * half, 2 * half, sx);
      cairo_rectangle (scr, 0, 0, 2 * half, 2 * half);
      cairo_clip (scr);
      blitter_init (&into, scr);
      pango_cairo_update_layout (scr, layout);
      draw_deployment_look (self, scr, &into, layout, font, d, top, half, half, s, occupied);
      blitter_finish (&into);
      sprite = sprite_end (self, g_strdup (key->str), scr);
    }
  paint_sprite (b, cr, sprite, (int) round (cx) - half, (int) round (cy) - half);
}

static gboolean
offscreen (double x, double y, double s, int width, int height)
{
  return x < -s || y < -s || x > width + s || y > height + s;
}

/* The ground and the overlay fills are hexes of a few looks, so each look
 * is drawn once per zoom as a sprite and copied to every hex that has it,
 * instead of filling and stroking hundreds of antialiased hex paths.
 * Centres land on half pixels (each look is drawn at the four half-pixel
 * phases), which keeps neighbours within a quarter pixel of where they
 * belong. */
typedef enum {
  HEX_TERRAIN,    /* a terrain, with its half of the thin grid line */
  HEX_EDGE,       /* one edge of a group outline, by direction */
  HEX_WELL,       /* a Source well */
  HEX_LAYERED,    /* the ring of an earthscape laid on top */
  HEX_GATE,       /* a fortress gate, by faction */
  HEX_FORT_WELL,  /* a fortress Source well cell, by faction */
  HEX_INFLUENCE,  /* an influence tint, by faction */
  HEX_RANGE,      /* a spire range tint, by faction */
  HEX_BUILDABLE,  /* a buildable well's ring, by faction */
  N_HEX_LOOKS
} HexLook;

#define HEX_LOOK_ARGS 6  /* terrains, directions, or 1 + faction colour */

typedef struct {
  const Sprite    *sprite[N_HEX_LOOKS][HEX_LOOK_ARGS][4];
  double           scale;  /* device pixels per user unit */
  int              hw, hh; /* half width and height, user units */
} HexSprites;

typedef struct {
  int x, y;   /* whole pixels */
  int phase;  /* half pixels to add: bit 0 across, bit 1 down */
} Spot;

static Spot
spot_of (double x, double y)
{
  double hx = round (x * 2), hy = round (y * 2), wx = floor (hx / 2), wy = floor (hy / 2);

  return (Spot) { (int) wx, (int) wy, (int) (hx - 2 * wx) + 2 * (int) (hy - 2 * wy) };
}

static void
hex_sprites_init (HexSprites *hs, cairo_t *cr, double s)
{
  double unused;
  double reach = MAX (1.6, s * 0.09) + 2;  /* outline caps, the wider under-hex */

  memset (hs, 0, sizeof *hs);
  hs->scale = 1;
  cairo_surface_get_device_scale (cairo_get_target (cr), &hs->scale, &unused);
  hs->hw = (int) ceil (s * SQRT3 / 2 + reach);
  hs->hh = (int) ceil (s + reach);
}

/* Faction colours repeat after four, so do their sprites. */
static int
faction_arg (int faction)
{
  return faction < 0 ? 0 : 1 + faction % 4;
}

static void
outline_rgba (SpkBoardView *self, GdkRGBA *out)
{
  rgba_from_hex (self->dark ? 0xf6f5f4 : 0x241f31, self->dark ? 0.8 : 0.85, out);
}

/* The inner half of a line of width 2 * half along a hex's edge (a
 * stroke clipped to the hex): the band between the hex and the hex
 * moved in by half, filled, which costs cairo far less than clipping
 * and stroking and covers the same pixels. */
static void
fill_hex_band (cairo_t *cr, double cx, double cy, double s, double half)
{
  hex_path (cr, cx, cy, s);
  hex_path (cr, cx, cy, s - 2 * half / SQRT3);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

static void
draw_hex_look (SpkBoardView *self, cairo_t *cr, HexLook look, int arg, double cx, double cy, double s)
{
  GdkRGBA c;

  if (look >= HEX_GATE)
    {
      if (arg > 0)
        faction_rgba (self, arg - 1, &c);
      else
        rgba_from_hex (self->dark ? 0x78aeed : 0x1c71d8, 1.0, &c);
    }
  switch (look)
    {
    case HEX_TERRAIN:
      {
        /* Hexes are drawn row by row, left to right. The edges towards
         * the neighbours drawn later (east, south-east, south-west) reach
         * a little past the edge, so the later hex's antialiased edge
         * blends into this colour and no background shows between them;
         * towards sky the group outline covers the extra. */
        double d = 0.8, e = 2 * d / SQRT3;

        cairo_move_to (cr, cx + corner_x[0] * s + d, cy + corner_y[0] * s + d / SQRT3);
        cairo_line_to (cr, cx + corner_x[1] * s + d, cy + corner_y[1] * s + d / SQRT3);
        cairo_line_to (cr, cx + corner_x[2] * s, cy + corner_y[2] * s + e);
        cairo_line_to (cr, cx + corner_x[3] * s, cy + corner_y[3] * s + e);
        cairo_line_to (cr, cx + corner_x[4] * s, cy + corner_y[4] * s);
        cairo_line_to (cr, cx + corner_x[5] * s, cy + corner_y[5] * s);
        cairo_close_path (cr);
        spk_board_view_terrain_color (arg, self->dark, &c);
        set_source (cr, &c, 1);
        cairo_fill (cr);
      }
      /* The inner half of the line between hexes: the neighbour draws
       * the other half. Where the neighbour is of another group, the
       * outline covers it. */
      cairo_set_source_rgba (cr, 0, 0, 0, self->dark ? 0.35 : 0.18);
      fill_hex_band (cr, cx, cy, s, MAX (0.6, s * 0.03) * 0.6);
      break;
    case HEX_EDGE:
      {
        int a = (6 - arg) % 6, b = (a + 1) % 6;
        double h = MAX (1.6, s * 0.09) / 2;
        /* Along the edge (corner a to b, one side long) and across it. */
        double ux = corner_x[b] - corner_x[a], uy = corner_y[b] - corner_y[a];
        double x0 = cx + corner_x[a] * s - ux * h, y0 = cy + corner_y[a] * s - uy * h;
        double x1 = cx + corner_x[b] * s + ux * h, y1 = cy + corner_y[b] * s + uy * h;

        /* Opaque, so the square caps where edges meet do not darken the
         * corners; the colour is the translucent outline over ground.
         * A line with square caps is a rectangle, which cairo fills for
         * less than it strokes the line. */
        cairo_move_to (cr, x0 - uy * h, y0 + ux * h);
        cairo_line_to (cr, x1 - uy * h, y1 + ux * h);
        cairo_line_to (cr, x1 + uy * h, y1 - ux * h);
        cairo_line_to (cr, x0 + uy * h, y0 - ux * h);
        cairo_close_path (cr);
        rgba_from_hex (self->dark ? 0xd8d7d3 : 0x3b373f, 1, &c);
        set_source (cr, &c, 1);
        cairo_fill (cr);
        break;
      }
    case HEX_WELL:
      {
        double r = s * 0.2, y = cy - s * 0.5;

        cairo_move_to (cr, cx, y - r);
        cairo_line_to (cr, cx + r * 0.75, y);
        cairo_line_to (cr, cx, y + r);
        cairo_line_to (cr, cx - r * 0.75, y);
        cairo_close_path (cr);
        rgba_from_hex (self->dark ? 0xc061cb : 0x9141ac, 1.0, &c);
        set_source (cr, &c, 1);
        cairo_fill_preserve (cr);
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
        cairo_set_line_width (cr, MAX (0.8, s * 0.03));
        cairo_stroke (cr);
        break;
      }
    case HEX_GATE:
    case HEX_FORT_WELL:
      /* In the faction's colour, gates solid and wells lighter, with the
       * inner half of the line between the fortress's cells. */
      hex_path (cr, cx, cy, s);
      set_source (cr, &c, look == HEX_GATE ? 0.85 : 0.45);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, self->dark ? 0.35 : 0.18);
      fill_hex_band (cr, cx, cy, s, MAX (0.6, s * 0.03) * 0.6);
      if (look == HEX_GATE)
        {
          /* Battlements: a crenellated band across the gate. */
          double w = s * 0.9, h = s * 0.3, x0 = cx - w / 2, y0 = cy + s * 0.28;

          cairo_rectangle (cr, x0, y0, w, h);
          for (int k = 0; k < 5; k += 2)
            cairo_rectangle (cr, x0 + k * w / 5, y0 - h * 0.6, w / 5, h * 0.6);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
          cairo_fill (cr);
        }
      break;
    case HEX_LAYERED:
      hex_path (cr, cx, cy, s * 0.82);
      outline_rgba (self, &c);
      set_source (cr, &c, 0.5);
      cairo_set_line_width (cr, MAX (0.8, s * 0.03));
      cairo_stroke (cr);
      break;
    case HEX_INFLUENCE:
    case HEX_RANGE:
      hex_path (cr, cx, cy, s);
      set_source (cr, &c, look == HEX_INFLUENCE ? 0.35 : 0.18);
      cairo_fill (cr);
      break;
    case HEX_BUILDABLE:
      /* A ring in the faction's colour inside the hex edge. */
      hex_path (cr, cx, cy, s * 0.74);
      set_source (cr, &c, 1);
      cairo_set_line_width (cr, MAX (2.0, s * 0.1));
      cairo_stroke (cr);
      break;
    case N_HEX_LOOKS:
    default:
      g_assert_not_reached ();
    }
}

static void
paint_hex (SpkBoardView *self, cairo_t *cr, Blitter *b, HexSprites *hs, HexLook look, int arg, Spot spot)
{
  const Sprite **slot = &hs->sprite[look][arg][spot.phase];

  if (*slot == NULL)
    {
      double s = self->scale;
      g_autofree char *key = g_strdup_printf ("hex|%d|%d|%d", look, arg, spot.phase);

      if ((*slot = lookup_sprite (self, key)) == NULL)
        {
          cairo_t *scr = sprite_begin (2 * hs->hw + 1, 2 * hs->hh + 1, hs->scale);

          draw_hex_look (self, scr, look, arg, hs->hw + 0.5 * (spot.phase & 1), hs->hh + 0.5 * (spot.phase >> 1), s);
          *slot = sprite_end (self, g_steal_pointer (&key), scr);
        }
    }
  paint_sprite (b, cr, *slot, spot.x - hs->hw, spot.y - hs->hh);
}

static void
fill_marks (SpkBoardView *self, cairo_t *cr, Blitter *b, HexSprites *hs, SpkBoardLayer layer, SpkMarkStyle style,
            double s, int width, int height)
{
  HexLook look = style == SPK_MARK_INFLUENCE ? HEX_INFLUENCE : style == SPK_MARK_RANGE ? HEX_RANGE : HEX_BUILDABLE;

  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      double x, y;

      if (m->style != style)
        continue;
      spk_board_view_hex_center (self, m->hex, &x, &y);
      if (offscreen (x, y, s, width, height))
        continue;
      paint_hex (self, cr, b, hs, look, faction_arg (m->faction), spot_of (x, y));
    }
}

/* A label is a dark badge with the text on it, drawn once per string and
 * zoom and copied to every hex that has it. */
static const Sprite *
label_sprite (SpkBoardView *self, PangoLayout *layout, PangoFontDescription *font, const char *text, double s,
              double scale, int half)
{
  g_autofree char *key = g_strdup_printf ("label|%s", text);
  const Sprite *sprite;
  cairo_t *scr;

  if ((sprite = lookup_sprite (self, key)) != NULL)
    return sprite;
  scr = sprite_begin (2 * half, 2 * half, scale);
  cairo_arc (scr, half, half, s * 0.24, 0, 2 * G_PI);
  cairo_set_source_rgba (scr, 0, 0, 0, 0.6);
  cairo_fill (scr);
  pango_cairo_update_layout (scr, layout);
  cairo_set_source_rgba (scr, 1, 1, 1, 1);
  draw_text (self, scr, font, s * 0.26, text, half, half, TRUE);
  return sprite_end (self, g_steal_pointer (&key), scr);
}

static void
draw_mark_labels (SpkBoardView *self, cairo_t *cr, Blitter *b, PangoLayout *layout, PangoFontDescription *font,
                  SpkBoardLayer layer, double s, int width, int height)
{
  /* The few distinct strings, looked up once each per frame. */
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  int half = (int) ceil (s * 0.3) + 1;
  double scale = 1, unused;

  if (s < 14)
    return;
  cairo_surface_get_device_scale (cairo_get_target (cr), &scale, &unused);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      const Sprite *sprite;
      double x, y;

      if (m->label == NULL || m->label[0] == '\0')
        continue;
      spk_board_view_hex_center (self, m->hex, &x, &y);
      if (offscreen (x, y, s, width, height))
        continue;
      y += m->style == SPK_MARK_LABEL ? -s * 0.62 : s * 0.62;
      if ((sprite = g_hash_table_lookup (seen, m->label)) == NULL)
        {
          sprite = label_sprite (self, layout, font, m->label, s, scale, half);
          g_hash_table_insert (seen, m->label, (gpointer) sprite);
        }
      paint_sprite (b, cr, sprite, (int) round (x) - half, (int) round (y) - half);
    }
}

static void
draw_marks (SpkBoardView *self, cairo_t *cr, Blitter *b, HexSprites *hs, SpkBoardLayer layer, double s,
            int width, int height)
{
  GdkRGBA accent;

  fill_marks (self, cr, b, hs, layer, SPK_MARK_INFLUENCE, s, width, height);
  fill_marks (self, cr, b, hs, layer, SPK_MARK_RANGE, s, width, height);
  fill_marks (self, cr, b, hs, layer, SPK_MARK_BUILDABLE, s, width, height);

  rgba_from_hex (self->dark ? 0x78aeed : 0x1c71d8, 1.0, &accent);
  for (guint i = 0; i < self->marks[layer]->len; i++)
    {
      const Mark *m = &g_array_index (self->marks[layer], Mark, i);
      GdkRGBA c;
      double x, y;

      if (m->style == SPK_MARK_INFLUENCE || m->style == SPK_MARK_RANGE || m->style == SPK_MARK_LABEL
          || m->style == SPK_MARK_BUILDABLE)
        continue;
      spk_board_view_hex_center (self, m->hex, &x, &y);
      if (offscreen (x, y, s, width, height))
        continue;
      if (m->faction >= 0)
        faction_rgba (self, m->faction, &c);
      else
        c = accent;

      switch (m->style)
        {
        case SPK_MARK_DESTINATION:
          hex_path (cr, x, y, s * 0.86);
          set_source (cr, &c, 0.28);
          cairo_fill_preserve (cr);
          set_source (cr, &c, 1);
          cairo_set_line_width (cr, MAX (2.0, s * 0.1));
          cairo_stroke (cr);
          break;
        case SPK_MARK_PATH:
          cairo_arc (cr, x, y, s * 0.18, 0, 2 * G_PI);
          set_source (cr, &c, 0.9);
          cairo_fill (cr);
          break;
        case SPK_MARK_TARGET:
          hex_path (cr, x, y, s * 0.9);
          cairo_set_source_rgba (cr, 0.9, 0.1, 0.1, 0.95);
          cairo_set_line_width (cr, MAX (2.0, s * 0.12));
          cairo_stroke (cr);
          break;
        case SPK_MARK_INFLUENCE:
        case SPK_MARK_RANGE:
        case SPK_MARK_LABEL:
        case SPK_MARK_BUILDABLE:
        case SPK_N_MARKS:
        default:
          break;
        }
    }
}

/* A line from a hex centre at x0, y0 towards one at x1, y1 stops just
 * short of it, so the arrow does not hide the chip there. */
static void
draw_line_look (cairo_t *cr, const GdkRGBA *c, double x0, double y0, double x1, double y1, double s)
{
  double head = MAX (6.0, s * 0.3), angle = atan2 (y1 - y0, x1 - x0);

  x1 -= cos (angle) * s * 0.45;
  y1 -= sin (angle) * s * 0.45;
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  set_source (cr, c, 1);
  cairo_set_line_width (cr, MAX (2.0, s * 0.08));
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - head * cos (angle - 0.45), y1 - head * sin (angle - 0.45));
  cairo_line_to (cr, x1 - head * cos (angle + 0.45), y1 - head * sin (angle + 0.45));
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Target lines are red, the others take their faction's colour. */
static void
line_rgba (SpkBoardView *self, const Line *l, GdkRGBA *out)
{
  if (l->style == SPK_MARK_TARGET)
    *out = (GdkRGBA) { 0.85f, 0.1f, 0.1f, 0.95f };
  else
    {
      faction_rgba (self, l->faction, out);
      out->alpha = 0.95f;
    }
}

/* Lines join hex centres, so a line looks the same wherever it starts
 * for the same step between its hexes: one sprite per colour, step and
 * half-pixel phase. Very long lines are drawn directly. */
#define MAX_LINE_SPRITE_STEPS 8

static void
draw_lines (SpkBoardView *self, cairo_t *cr, Blitter *b, SpkBoardLayer layer, double s)
{
  int margin = (int) ceil (MAX (6.0, s * 0.3) + MAX (2.0, s * 0.08)) + 2;
  double scale = 1, unused;

  cairo_surface_get_device_scale (cairo_get_target (cr), &scale, &unused);
  for (guint i = 0; i < self->lines[layer]->len; i++)
    {
      const Line *l = &g_array_index (self->lines[layer], Line, i);
      int dq = l->to.q - l->from.q, dr = l->to.r - l->from.r;
      g_autofree char *key = NULL;
      double x0, y0, x1, y1, dx, dy;
      const Sprite *sprite;
      GdkRGBA c;
      Spot spot;
      int ax, ay;

      spk_board_view_hex_center (self, l->from, &x0, &y0);
      spk_board_view_hex_center (self, l->to, &x1, &y1);
      line_rgba (self, l, &c);
      if (ABS (dq) > MAX_LINE_SPRITE_STEPS || ABS (dr) > MAX_LINE_SPRITE_STEPS)
        {
          draw_line_look (cr, &c, x0, y0, x1, y1, s);
          continue;
        }
      spot = spot_of (x0, y0);
      dx = x1 - x0;
      dy = y1 - y0;
      ax = (int) ceil (MAX (0, -dx)) + margin;
      ay = (int) ceil (MAX (0, -dy)) + margin;
      key = g_strdup_printf ("line|%d|%d|%d|%d", l->style == SPK_MARK_TARGET ? -2 : l->faction, dq, dr, spot.phase);
      if ((sprite = lookup_sprite (self, key)) == NULL)
        {
          cairo_t *scr = sprite_begin ((int) ceil (fabs (dx)) + 2 * margin + 1, (int) ceil (fabs (dy)) + 2 * margin + 1,
                                       scale);
          double sx0 = ax + 0.5 * (spot.phase & 1), sy0 = ay + 0.5 * (spot.phase >> 1);

          cairo_set_line_cap (scr, CAIRO_LINE_CAP_ROUND);
          draw_line_look (scr, &c, sx0, sy0, sx0 + dx, sy0 + dy, s);
          sprite = sprite_end (self, g_steal_pointer (&key), scr);
        }
      paint_sprite (b, cr, sprite, spot.x - ax, spot.y - ay);
    }
}

typedef enum {
  DRAW_GROUND = 1 << 0,   /* hexes, fortresses, wells, outlines */
  DRAW_FILLS = 1 << 1,    /* the cached overlays' hex fills and rings */
  DRAW_PIECES = 1 << 2,   /* chips, stacks, cached lines and labels */
  DRAW_ALL = DRAW_GROUND | DRAW_FILLS | DRAW_PIECES,
} DrawParts;

/* Everything but hover, selection and focus, at the current offsets. */
static void
draw_content (SpkBoardView *self, cairo_t *cr, int width, int height, DrawParts parts)
{
  g_autoptr(PangoFontDescription) font = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree Spot *spots = NULL;
  double s = self->scale;
  HexSprites hs;
  Blitter blitter;
  guint n;

  n = spk_grid_n_cells (self->grid);

  font = pango_font_description_from_string ("Sans");
  layout = pango_cairo_create_layout (cr);


  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  blitter_init (&blitter, cr);
  begin_sprites (self, cr);
  hex_sprites_init (&hs, cr, s);
  /* A coarser flattening of arcs is invisible at chip sizes. */
  cairo_set_tolerance (cr, 0.25);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  if (!(parts & DRAW_GROUND))
    goto pieces;

  /* Editing: faint outlines where new hexes may go. */
  if (self->edit_mode)
    {
      int r0 = (int) floor (self->min_y / 1.5), r1 = (int) ceil (self->max_y / 1.5);

      for (int r = r0; r <= r1; r++)
        for (int q = (int) floor (self->min_x / SQRT3 - r / 2.0) - 1; q <= (int) ceil (self->max_x / SQRT3 - r / 2.0) + 1; q++)
          {
            SpkHex h = { q, r };
            double x, y;

            if (spk_grid_find (self->grid, h) >= 0 || !near_board (self, h))
              continue;
            spk_board_view_hex_center (self, h, &x, &y);
            hex_path (cr, x, y, s * 0.96);
          }
      cairo_set_source_rgba (cr, self->dark ? 1 : 0, self->dark ? 1 : 0, self->dark ? 1 : 0, 0.12);
      cairo_set_line_width (cr, 1);
      {
        double dash = MAX (2.0, s * 0.1);
        cairo_set_dash (cr, &dash, 1, 0);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
    }

  /* Where each cell lands; offscreen cells are left out (x = G_MININT). */
  spots = g_new (Spot, n);
  for (guint i = 0; i < n; i++)
    {
      double x, y;

      cell_center (self, spk_grid_cell (self->grid, i), &x, &y);
      spots[i] = offscreen (x, y, s, width, height) ? (Spot) { G_MININT, 0, 0 } : spot_of (x, y);
    }

  for (guint k = 0; k < n; k++)
    {
      guint i = g_array_index (self->rows_order, guint, k);
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (cell->kind == SPK_CELL_HEX && spots[i].x != G_MININT)
        paint_hex (self, cr, &blitter, &hs, HEX_TERRAIN, cell->terrain, spots[i]);
    }

  /* Fortress cells in their faction's colour. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);
      const SpkFortress *f;

      if (cell->kind == SPK_CELL_HEX || spots[i].x == G_MININT)
        continue;
      f = g_ptr_array_index (self->board->fortresses, cell->fortress);
      paint_hex (self, cr, &blitter, &hs, cell->kind == SPK_CELL_GATE ? HEX_GATE : HEX_FORT_WELL,
                 faction_arg (faction_index (self, f->faction)), spots[i]);
    }

  /* Source wells, on hexes and in fortresses. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if ((cell->well || cell->kind == SPK_CELL_FORTRESS_WELL) && spots[i].x != G_MININT)
        paint_hex (self, cr, &blitter, &hs, HEX_WELL, 0, spots[i]);
    }

  /* Group outlines: thick edges where the neighbour belongs elsewhere,
   * each shared edge once. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (spots[i].x == G_MININT)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int nb = cell->neighbours[d];

          if (nb >= 0 && (outline_group (spk_grid_cell (self->grid, nb)) == outline_group (cell) || nb < (int) i))
            continue;
          paint_hex (self, cr, &blitter, &hs, HEX_EDGE, d, spots[i]);
        }
    }

  /* Earthscape hexes laid on top get an inner ring. */
  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);

      if (cell->top_layer > 0 && spots[i].x != G_MININT)
        paint_hex (self, cr, &blitter, &hs, HEX_LAYERED, 0, spots[i]);
    }

pieces:
  if (parts & DRAW_FILLS)
    for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
      draw_marks (self, cr, &blitter, &hs, l, s, width, height);
  if (!(parts & DRAW_PIECES))
    {
      blitter_finish (&blitter);
      cairo_restore (cr);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      const SpkCell *cell = spk_grid_cell (self->grid, i);
      double x, y;

      if (cell->chip < 0 && cell->kind != SPK_CELL_GATE)
        continue;
      cell_center (self, cell, &x, &y);
      if (x < -s || y < -s || x > width + s || y > height + s)
        continue;
      if (cell->kind == SPK_CELL_GATE)
        {
          const SpkFortress *f = g_ptr_array_index (self->board->fortresses, cell->fortress);

          draw_deployment (self, cr, &blitter, layout, font, spk_board_find_deployment (self->board, f->faction),
                           x, y, s, cell->chip >= 0);
        }
      if (cell->chip >= 0)
        draw_chip_sprite (self, cr, &blitter, layout, font, g_ptr_array_index (self->board->chips, cell->chip),
                          (char *const *) self->chip_keys->pdata + cell->chip * N_CHIP_PARTS, x, y, s);
    }

  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    draw_lines (self, cr, &blitter, l, s);
  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    draw_mark_labels (self, cr, &blitter, layout, font, l, s, width, height);

  blitter_finish (&blitter);
  cairo_restore (cr);
}

/* Hover, the moves and path layers, selection and keyboard focus: a few
 * hexes each, drawn every frame so selecting never redraws the board. */
static void
draw_transient (SpkBoardView *self, cairo_t *cr, int width, int height)
{
  double s = self->scale;
  GdkRGBA accent;
  PangoFontDescription *font = NULL;
  HexSprites hs;
  Blitter blitter;

  rgba_from_hex (self->dark ? 0x78aeed : 0x1c71d8, 1.0, &accent);
  cairo_save (cr);
  blitter_init (&blitter, cr);
  begin_sprites (self, cr);
  hex_sprites_init (&hs, cr, s);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (self->has_hover)
    {
      double x, y;

      spk_board_view_hex_center (self, self->hover, &x, &y);
      hex_path (cr, x, y, s);
      cairo_set_source_rgba (cr, 1, 1, 1, self->dark ? 0.12 : 0.25);
      cairo_fill (cr);
    }

  if (self->marks[SPK_BOARD_LAYER_MOVES]->len > 0 || self->marks[SPK_BOARD_LAYER_PATH]->len > 0
      || self->marks[SPK_BOARD_LAYER_ATTACKS]->len > 0)
    {
      PangoLayout *layout = pango_cairo_create_layout (cr);

      font = pango_font_description_from_string ("Sans");
      for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
        draw_marks (self, cr, &blitter, &hs, l, s, width, height);
      for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
        draw_mark_labels (self, cr, &blitter, layout, font, l, s, width, height);
      pango_font_description_free (font);
      g_object_unref (layout);
    }
  for (int l = SPK_BOARD_LAYER_MOVES; l < SPK_N_BOARD_LAYERS; l++)
    draw_lines (self, cr, &blitter, l, s);

  if (self->has_selection)
    {
      double x, y;

      spk_board_view_hex_center (self, self->selected, &x, &y);
      hex_path (cr, x, y, s * 0.94);
      set_source (cr, &accent, 1);
      cairo_set_line_width (cr, MAX (2.5, s * 0.13));
      cairo_stroke (cr);
    }

  if (self->has_focus_hex && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      double x, y, dash = MAX (3.0, s * 0.15);

      spk_board_view_hex_center (self, self->focus, &x, &y);
      hex_path (cr, x, y, s * 0.8);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgba (cr, self->dark ? 1 : 0, self->dark ? 1 : 0, self->dark ? 1 : 0, 0.9);
      cairo_set_line_width (cr, MAX (1.5, s * 0.06));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  blitter_finish (&blitter);
  cairo_restore (cr);
}

/* Largest cached drawing, in device pixels; beyond it frames draw direct. */
#define MAX_CACHE_PIXELS (4096 * 4096)

/* What the underlay's fills depend on: the cached layers' marks (their
 * labels are drawn with the pieces). Never 0, which means stale. */
static guint
fills_hash (SpkBoardView *self)
{
  guint h = 17;

  for (int l = SPK_BOARD_LAYER_INFLUENCE; l < SPK_BOARD_LAYER_MOVES; l++)
    {
      for (guint i = 0; i < self->marks[l]->len; i++)
        {
          const Mark *m = &g_array_index (self->marks[l], Mark, i);

          h = h * 31 + (guint) m->hex.q;
          h = h * 31 + (guint) m->hex.r;
          h = h * 31 + (guint) m->style * 67 + (guint) (m->faction + 1);
        }
      h = h * 31 + (guint) l;
    }
  return h != 0 ? h : 1;
}

/* Makes sure *surface holds a w × h drawing at factor. A surface a
 * little larger is kept (its extra part stays clear): zooming by small
 * steps would otherwise allocate, and fault in, megabytes every frame. */
static void
ensure_surface (cairo_surface_t **surface, int w, int h, int factor)
{
  double sx = 0, sy = 0;

  if (*surface != NULL)
    {
      int sw = cairo_image_surface_get_width (*surface), sh = cairo_image_surface_get_height (*surface);

      cairo_surface_get_device_scale (*surface, &sx, &sy);
      if (sx == factor && sw >= w * factor && sh >= h * factor
          && (double) sw * sh <= 1.5 * (double) w * factor * h * factor)
        return;
    }
  g_clear_pointer (surface, cairo_surface_destroy);
  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * factor, h * factor);
  cairo_surface_set_device_scale (*surface, factor, factor);
}

/* Draws parts over a copy of base (or over nothing) into target. The
 * cached drawings all have one size and format: a plain copy will do. */
static void
draw_layer (SpkBoardView *self, cairo_surface_t *target, cairo_surface_t *base, int w, int h, DrawParts parts)
{
  cairo_t *cr;
  gsize size = (gsize) cairo_image_surface_get_stride (target) * cairo_image_surface_get_height (target);

  cairo_surface_flush (target);
  if (base != NULL)
    {
      cairo_surface_flush (base);
      memcpy (cairo_image_surface_get_data (target), cairo_image_surface_get_data (base), size);
    }
  else
    memset (cairo_image_surface_get_data (target), 0, size);
  cairo_surface_mark_dirty (target);
  cr = cairo_create (target);
  draw_content (self, cr, w, h, parts);
  cairo_destroy (cr);
}

static void
drop_cache (SpkBoardView *self)
{
  g_clear_pointer (&self->ground, cairo_surface_destroy);
  g_clear_pointer (&self->underlay, cairo_surface_destroy);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  self->ground_ok = self->cache_ok = FALSE;
  self->underlay_hash = 0;
}

static gboolean
ensure_cache (SpkBoardView *self, int factor)
{
  double s = self->scale, ox = self->ox, oy = self->oy;
  int pad = 4, w, h, cache_ox, cache_oy;
  guint fills;

  w = (int) ceil ((self->max_x - self->min_x) * s) + 2 * pad;
  h = (int) ceil ((self->max_y - self->min_y) * s) + 2 * pad;
  cache_ox = (int) ceil (pad - self->min_x * s);
  cache_oy = (int) ceil (pad - self->min_y * s);
  if ((double) w * h * factor * factor > MAX_CACHE_PIXELS)
    {
      drop_cache (self);
      return FALSE;
    }
  if (self->cache_scale != s || self->cache_factor != factor || self->cache_ox != cache_ox || self->cache_oy != cache_oy)
    {
      self->ground_ok = self->cache_ok = FALSE;
      self->cache_scale = s;
      self->cache_factor = factor;
      self->cache_ox = cache_ox;
      self->cache_oy = cache_oy;
    }
  if (self->cache_ok && self->cache != NULL)
    return TRUE;

  /* Draw with the cache's own origin, then put the view's back. */
  self->ox = cache_ox;
  self->oy = cache_oy;
  if (!self->ground_ok || self->ground == NULL)
    {
      ensure_surface (&self->ground, w, h, factor);
      draw_layer (self, self->ground, NULL, w, h, DRAW_GROUND);
      self->ground_ok = TRUE;
      self->underlay_hash = 0;
    }
  fills = fills_hash (self);
  if (self->underlay_hash != fills || self->underlay == NULL)
    {
      ensure_surface (&self->underlay, w, h, factor);
      draw_layer (self, self->underlay, self->ground, w, h, DRAW_FILLS);
      self->underlay_hash = fills;
    }
  ensure_surface (&self->cache, w, h, factor);
  draw_layer (self, self->cache, self->underlay, w, h, DRAW_PIECES);
  self->cache_ok = TRUE;
  self->ox = ox;
  self->oy = oy;
  return TRUE;
}

void
spk_board_view_render (SpkBoardView *self, cairo_t *cr, int width, int height)
{
  double sx = 1, sy = 1;

  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  if (self->grid == NULL || self->scale <= 0)
    return;

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  if (ensure_cache (self, MAX (1, (int) ceil (sx))))
    {
      cairo_save (cr);
      cairo_set_source_surface (cr, self->cache, self->ox - self->cache_ox, self->oy - self->cache_oy);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  else
    draw_content (self, cr, width, height, DRAW_ALL);
  draw_transient (self, cr, width, height);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
spk_board_view_to_png (SpkBoardView *self, double scale)
{
  double s = self->scale, ox = self->ox, oy = self->oy, margin = 16;
  GByteArray *png = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  int w = 1, h = 1;

  g_return_val_if_fail (SPK_IS_BOARD_VIEW (self), NULL);
  if (self->grid != NULL)
    {
      w = (int) ceil ((self->max_x - self->min_x) * scale + 2 * margin);
      h = (int) ceil ((self->max_y - self->min_y) * scale + 2 * margin);
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  if (self->dark)
    cairo_set_source_rgb (cr, 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  else
    cairo_set_source_rgb (cr, 0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0);
  cairo_paint (cr);
  if (self->grid != NULL)
    {
      /* Draw at the export's own transform, then put the view's back. */
      self->scale = scale;
      self->ox = round (margin - self->min_x * scale);
      self->oy = round (margin - self->min_y * scale);
      draw_content (self, cr, w, h, DRAW_ALL);
      self->scale = s;
      self->ox = ox;
      self->oy = oy;
    }
  cairo_destroy (cr);
  cairo_surface_write_to_png_stream (surface, append_bytes, png);
  cairo_surface_destroy (surface);
  return g_byte_array_free_to_bytes (png);
}

void
spk_board_view_invalidate (SpkBoardView *self)
{
  g_return_if_fail (SPK_IS_BOARD_VIEW (self));
  invalidate_ground (self);
}

/* --- widget ------------------------------------------------------------------- */

static void
spk_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SpkBoardView *self = SPK_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->grid == NULL || w <= 0 || h <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  spk_board_view_render (self, cr, w, h);
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
    fit_to (self, width, height);
}

static void
dark_changed (AdwStyleManager *manager, GParamSpec *pspec, SpkBoardView *self)
{
  self->dark = adw_style_manager_get_dark (manager);
  invalidate_ground (self);
}

static void
click_released (GtkGestureClick *gesture, int n_press, double x, double y, SpkBoardView *self)
{
  SpkHex hex;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->paint_drag && gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_PRIMARY)
    return;
  if (target_at (self, x, y, &hex))
    {
      self->focus = hex;
      self->has_focus_hex = TRUE;
      activate_hex (self, hex);
    }
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, SpkBoardView *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  SpkHex hex;

  self->painting = self->paint_drag && button == GDK_BUTTON_PRIMARY;
  self->drag_ox = self->ox;
  self->drag_oy = self->oy;
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
  if (fabs (dx) < 3 && fabs (dy) < 3 && self->drag_ox == self->ox && self->drag_oy == self->oy)
    return;
  self->ox = self->drag_ox + dx;
  self->oy = self->drag_oy + dy;
  snap_offsets (self);
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

      spk_board_view_set_zoom (self, self->scale * factor, self->pointer_x, self->pointer_y);
      return TRUE;
    }
  spk_board_view_pan (self, -dx * unit, -dy * unit);
  return TRUE;
}

static void
pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, SpkBoardView *self)
{
  self->pinch_scale = self->scale;
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
  G_OBJECT_CLASS (spk_board_view_parent_class)->dispose (object);
}

static void
spk_board_view_finalize (GObject *object)
{
  SpkBoardView *self = SPK_BOARD_VIEW (object);

  g_clear_pointer (&self->grid, spk_grid_free);
  g_clear_pointer (&self->board, spk_board_free);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_pointer (&self->rows_order, g_array_unref);
  g_clear_pointer (&self->description, g_free);
  drop_cache (self);
  g_clear_pointer (&self->sprites, g_hash_table_unref);
  g_clear_pointer (&self->text_layouts, g_hash_table_unref);
  g_clear_object (&self->text_context);
  g_clear_pointer (&self->chip_keys, g_ptr_array_unref);
  for (int l = 0; l < SPK_N_BOARD_LAYERS; l++)
    {
      g_array_unref (self->marks[l]);
      g_array_unref (self->lines[l]);
    }
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

  self->scale = 40;
  self->fitted = TRUE;
  self->description = g_strdup ("");
  self->rows_order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->sprites = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, sprite_free);
  self->text_layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->chip_keys = g_ptr_array_new_with_free_func (g_free);
  for (int l = 0; l < SPK_N_BOARD_LAYERS; l++)
    {
      self->marks[l] = g_array_new (FALSE, FALSE, sizeof (Mark));
      g_array_set_clear_func (self->marks[l], mark_clear);
      self->lines[l] = g_array_new (FALSE, FALSE, sizeof (Line));
    }

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_tooltip_text (widget, _("Board: arrow keys move, Enter selects, + and − zoom, 0 fits"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                  -1);

  self->dark = adw_style_manager_get_dark (manager);
  self->dark_handler = g_signal_connect (manager, "notify::dark", G_CALLBACK (dark_changed), self);

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
