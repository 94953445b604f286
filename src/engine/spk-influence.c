/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-influence.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (spk-influence-error-quark, spk_influence_error)

/* Groups lying on a cell between its bottom and top layers. Boards rarely
 * stack three deep, so these are kept in a short list beside the grid. */
typedef struct {
  int cell;
  int group;
} MiddleLayer;

static GArray *
collect_middle_layers (const SpkGrid *grid, SpkHex *only)
{
  const SpkBoard *board = grid->board;
  GArray *middle = NULL;

  for (guint i = 0; i < board->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (board->hexes, i);
      const SpkCell *cell;
      MiddleLayer m;
      int group;

      /* Layer 0 is always the bottom of its stack. */
      if (e->layer == 0)
        continue;
      if (only != NULL && (e->q != only->q || e->r != only->r))
        continue;
      m.cell = spk_grid_find (grid, spk_hex_make (e->q, e->r));
      if (m.cell < 0)
        continue;
      cell = spk_grid_cell (grid, m.cell);
      /* Positions are unique per layer, so the top entry is the top group. */
      if (e->layer == cell->top_layer)
        continue;
      group = spk_grid_group_index (grid, e->group);
      if (group == cell->top_group || group == cell->bottom_group)
        continue;
      m.group = group;
      if (middle == NULL)
        middle = g_array_new (FALSE, FALSE, sizeof (MiddleLayer));
      g_array_append_val (middle, m);
    }
  return middle;
}

static guint
cell_groups (const SpkGrid *grid, const GArray *middle, int cell, int *out, guint max)
{
  const SpkCell *c = spk_grid_cell (grid, cell);
  guint n = 0;

  if (c->kind != SPK_CELL_HEX)
    return 0;
  if (c->bottom_group >= 0 && n < max)
    out[n++] = c->bottom_group;
  if (c->top_group >= 0 && c->top_group != c->bottom_group && n < max)
    out[n++] = c->top_group;
  for (guint i = 0; middle != NULL && i < middle->len; i++)
    {
      const MiddleLayer *m = &g_array_index (middle, MiddleLayer, i);
      gboolean seen = FALSE;

      if (m->cell != cell)
        continue;
      for (guint k = 0; k < n; k++)
        seen = seen || out[k] == m->group;
      if (!seen && n < max)
        out[n++] = m->group;
    }
  return n;
}

guint
spk_influence_cell_groups (const SpkGrid *grid, int cell, int *out, guint max)
{
  g_autoptr(GArray) middle = NULL;
  SpkHex hex;

  g_return_val_if_fail (cell >= 0 && (guint) cell < spk_grid_n_cells (grid), 0);
  hex = spk_grid_cell (grid, cell)->hex;
  middle = collect_middle_layers (grid, &hex);
  return cell_groups (grid, middle, cell, out, max);
}

int
spk_influence_group_of_cell (const SpkGrid *grid, int cell)
{
  const SpkCell *c = spk_grid_cell (grid, cell);

  return c->kind == SPK_CELL_HEX ? c->top_group : -1;
}

int
spk_influence_count_spires (const SpkBoard *board, const char *faction)
{
  int n = 0;

  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);

      if (chip->kind == SPK_CHIP_SPIRE && chip->placed &&
          g_strcmp0 (chip->faction, faction) == 0)
        n++;
    }
  return n;
}

/* Enough for any stack a table can hold in practice; deeper stacks only
 * lose adjacency through their middle layers beyond this many. */
#define MAX_CELL_GROUPS 8

/* Marks every group with a hex (any layer) next to @cell. */
static void
mark_groups_around (const SpkGrid *grid, const GArray *middle, int cell, gboolean *groups)
{
  for (int d = 0; d < 6; d++)
    {
      int n = spk_grid_cell (grid, cell)->neighbours[d];
      int found[MAX_CELL_GROUPS];
      guint k;

      if (n < 0)
        continue;
      k = cell_groups (grid, middle, n, found, MAX_CELL_GROUPS);
      for (guint j = 0; j < k; j++)
        groups[found[j]] = TRUE;
    }
}

void
spk_influence_mark_groups (const SpkGrid *grid, const char *faction, gboolean *groups)
{
  const SpkBoard *board = grid->board;
  guint n_groups = grid->groups->len;
  g_autofree gboolean *spire_group = g_new0 (gboolean, n_groups + 1);
  g_autoptr(GArray) middle = collect_middle_layers (grid, NULL);
  guint n_cells = spk_grid_n_cells (grid);
  g_autofree guint8 *holds = NULL;
  gboolean any_spire = FALSE;
  int gate;

  memset (groups, 0, n_groups * sizeof (gboolean));

  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      int cell, group;

      if (chip->kind != SPK_CHIP_SPIRE || !chip->placed ||
          g_strcmp0 (chip->faction, faction) != 0)
        continue;
      cell = spk_grid_find (grid, spk_hex_make (chip->q, chip->r));
      if (cell < 0)
        continue;
      /* A spire on a fortress well stands on no hex group. */
      group = spk_influence_group_of_cell (grid, cell);
      if (group < 0)
        continue;
      spire_group[group] = TRUE;
      groups[group] = TRUE;
      any_spire = TRUE;
    }

  gate = spk_grid_gate_of (grid, faction);
  if (gate >= 0)
    mark_groups_around (grid, middle, gate, groups);

  if (!any_spire)
    return;

  /* A group next to a spire's group, on whatever layer either lies: find
   * the cells where a spire's group has a hex (few), then mark every group
   * with a hex beside one of them. */
  holds = g_new0 (guint8, n_cells + 1);
  for (guint c = 0; c < n_cells; c++)
    {
      const SpkCell *cell = spk_grid_cell (grid, (int) c);

      holds[c] = cell->kind == SPK_CELL_HEX &&
                 ((cell->bottom_group >= 0 && spire_group[cell->bottom_group]) ||
                  (cell->top_group >= 0 && spire_group[cell->top_group]));
    }
  for (guint i = 0; middle != NULL && i < middle->len; i++)
    {
      const MiddleLayer *m = &g_array_index (middle, MiddleLayer, i);

      holds[m->cell] |= spire_group[m->group];
    }
  for (guint c = 0; c < n_cells; c++)
    if (holds[c])
      mark_groups_around (grid, middle, (int) c, groups);
}

gboolean
spk_influence_over_cell (const SpkGrid *grid, const char *faction,
                         const gboolean *groups, int cell)
{
  const SpkCell *c = spk_grid_cell (grid, cell);

  switch (c->kind)
    {
    case SPK_CELL_HEX:
      return c->bottom_group >= 0 && groups[c->bottom_group];
    case SPK_CELL_FORTRESS_WELL:
      return g_strcmp0 (((const SpkFortress *) g_ptr_array_index (grid->board->fortresses,
                                                                 c->fortress))->faction,
                        faction) == 0;
    case SPK_CELL_GATE:
    default:
      return FALSE;
    }
}

static int
compare_hex (gconstpointer a, gconstpointer b)
{
  const SpkHex *x = a, *y = b;

  if (x->q != y->q)
    return x->q < y->q ? -1 : 1;
  return (x->r > y->r) - (x->r < y->r);
}

/* Sorts by q, then r. These lists are sorted on every query, so: count
 * hexes per column q, place each column, then put each short column in r
 * order. A comparison sort was the largest cost of a query. */
static void
sort_hexes (GArray *hexes)
{
  guint n = hexes->len;
  SpkHex *h = (SpkHex *) hexes->data;
  g_autofree guint *start = NULL;
  g_autofree SpkHex *tmp = NULL;
  int lo = G_MAXINT, hi = G_MININT;
  guint span;

  if (n < 2)
    return;
  for (guint i = 0; i < n; i++)
    {
      lo = MIN (lo, h[i].q);
      hi = MAX (hi, h[i].q);
    }
  span = (guint) (hi - lo) + 1;
  if (span > 4 * n)
    {
      g_array_sort (hexes, compare_hex);
      return;
    }
  start = g_new0 (guint, span + 1);
  tmp = g_new (SpkHex, n);
  for (guint i = 0; i < n; i++)
    start[h[i].q - lo + 1]++;
  for (guint c = 0; c < span; c++)
    start[c + 1] += start[c];
  for (guint i = 0; i < n; i++)
    tmp[start[h[i].q - lo]++] = h[i];
  /* start[c] now ends column c; columns are short, insertion suffices. */
  for (guint c = 0, from = 0; c < span; from = start[c], c++)
    for (guint i = from + 1; i < start[c]; i++)
      {
        SpkHex v = tmp[i];
        guint j = i;

        while (j > from && tmp[j - 1].r > v.r)
          {
            tmp[j] = tmp[j - 1];
            j--;
          }
        tmp[j] = v;
      }
  memcpy (h, tmp, n * sizeof (SpkHex));
}

static int
compare_string (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Could defeating @chip earn @faction a spire reward on its hex? */
static gboolean
reward_target (const SpkBoard *board, const char *faction, const SpkChip *chip)
{
  if (chip->kind == SPK_CHIP_LANDMARK)
    return chip->landmark_minion;
  if (!spk_chip_is_unit (chip) && chip->kind != SPK_CHIP_SPIRE)
    return FALSE;
  return chip->faction != NULL && !spk_board_friendly (board, faction, chip->faction);
}

SpkInfluence *
spk_influence_compute_grid (const SpkGrid *grid, const char *faction, GError **error)
{
  const SpkBoard *board = grid->board;
  g_autofree gboolean *groups = NULL;
  SpkInfluence *inf;
  gboolean at_limit;
  int own_fortress = -1;

  if (faction == NULL || spk_board_find_faction (board, faction) == NULL)
    {
      g_set_error (error, SPK_INFLUENCE_ERROR, SPK_INFLUENCE_ERROR_UNKNOWN_FACTION,
                   _("The table has no faction “%s”; use one of the ids under “factions”"),
                   faction != NULL ? faction : "");
      return NULL;
    }

  groups = g_new0 (gboolean, grid->groups->len + 1);
  spk_influence_mark_groups (grid, faction, groups);

  inf = g_new0 (SpkInfluence, 1);
  inf->faction = g_strdup (faction);
  inf->groups = g_ptr_array_new_with_free_func (g_free);
  inf->hexes = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  inf->buildable_wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  inf->reward_wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  inf->spires_in_play = spk_influence_count_spires (board, faction);
  inf->spire_limit = spk_spire_limit (board->player_count);
  at_limit = inf->spires_in_play >= inf->spire_limit;
  for (guint f = 0; f < board->fortresses->len; f++)
    if (strcmp (((const SpkFortress *) g_ptr_array_index (board->fortresses, f))->faction,
                faction) == 0)
      own_fortress = (int) f;

  for (guint g = 0; g < grid->groups->len; g++)
    if (groups[g])
      g_ptr_array_add (inf->groups, g_strdup (g_ptr_array_index (grid->groups, g)));

  for (guint c = 0; c < spk_grid_n_cells (grid); c++)
    {
      const SpkCell *cell = spk_grid_cell (grid, (int) c);
      gboolean over = cell->kind == SPK_CELL_HEX
                      ? cell->bottom_group >= 0 && groups[cell->bottom_group]
                      : cell->kind == SPK_CELL_FORTRESS_WELL && cell->fortress == own_fortress;
      gboolean free_well = cell->well && cell->chip < 0;

      if (over)
        g_array_append_val (inf->hexes, cell->hex);
      if (at_limit)
        continue;
      if (over && free_well)
        g_array_append_val (inf->buildable_wells, cell->hex);
      /* R-spire-8: the free spire goes on the defeated chip's own hex, so
       * a site is a well with an opposing unit, spire or landmark minion on
       * it; fortress wells stay closed to other factions. */
      if (cell->kind == SPK_CELL_HEX && cell->well && cell->chip >= 0 &&
          reward_target (board, faction, g_ptr_array_index (board->chips, cell->chip)))
        g_array_append_val (inf->reward_wells, cell->hex);
    }

  g_ptr_array_sort (inf->groups, compare_string);
  sort_hexes (inf->hexes);
  sort_hexes (inf->buildable_wells);
  sort_hexes (inf->reward_wells);
  return inf;
}

SpkInfluence *
spk_influence_compute (const SpkBoard *board, const char *faction, GError **error)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (board);

  return spk_influence_compute_grid (grid, faction, error);
}

void
spk_influence_free (SpkInfluence *inf)
{
  if (inf == NULL)
    return;
  g_free (inf->faction);
  g_ptr_array_unref (inf->groups);
  g_array_unref (inf->hexes);
  g_array_unref (inf->buildable_wells);
  g_array_unref (inf->reward_wells);
  g_free (inf);
}
