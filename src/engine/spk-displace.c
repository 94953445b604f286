/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-displace.c: see spk-displace.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "spk-displace.h"
#include "spk-grid.h"

G_DEFINE_QUARK (spk-displace-error-quark, spk_displace_error)

void
spk_displacement_free (SpkDisplacement *d)
{
  if (d == NULL)
    return;
  g_free (d->hero);
  g_array_unref (d->candidates);
  g_free (d);
}

const SpkDisplacement *
spk_displacements_question (const GPtrArray *list)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      const SpkDisplacement *d = g_ptr_array_index (list, i);

      if (!d->chosen)
        return d;
    }
  return NULL;
}

/* Who stands where while the minion walks: hex key -> chip. */
static GHashTable *
occupancy_new (const SpkBoard *b)
{
  GHashTable *occ = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);

      if (c->placed)
        g_hash_table_insert (occ, GUINT_TO_POINTER (spk_hex_key (spk_hex_make (c->q, c->r))), (gpointer) c);
    }
  return occ;
}

static const SpkChip *
occupant (GHashTable *occ, SpkHex h)
{
  return g_hash_table_lookup (occ, GUINT_TO_POINTER (spk_hex_key (h)));
}

static gboolean
is_own_gate (const SpkGrid *grid, const SpkChip *hero, SpkHex h)
{
  int c = spk_grid_find (grid, h);

  return c >= 0 && c == spk_grid_gate_of (grid, hero->faction);
}

/* May the hero be put on @h when it is the hex the minion left? Terrain
 * does not matter there (the two swap); another chip or a gate other than
 * its own does. Its own gate takes it even with a stack on it. */
static gboolean
takes_swap (const SpkGrid *grid, GHashTable *occ, const SpkChip *hero, SpkHex h)
{
  int c = spk_grid_find (grid, h);

  if (c < 0)
    return FALSE;
  if (is_own_gate (grid, hero, h))
    return TRUE;
  return spk_grid_cell (grid, c)->kind == SPK_CELL_HEX && occupant (occ, h) == NULL;
}

static gboolean
on_rest_of_route (const SpkHex *path, guint n_path, guint after, SpkHex h)
{
  for (guint i = after + 1; i < n_path; i++)
    if (spk_hex_equal (path[i], h))
      return TRUE;
  return FALSE;
}

/* The hexes next to the hero's that may take it (M-12): on the board,
 * free of chips, not a gate other than its own, no fortress well, not on
 * the minion's way still ahead. Within the hero's terrain allowance when
 * any such hex exists (its own gate counts as within). */
static GArray *
candidates (const SpkGrid *grid, GHashTable *occ, const SpkChip *hero,
            const SpkHex *path, guint n_path, guint at)
{
  SpkHex from = path[at];
  GArray *within = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(GArray) outside = g_array_new (FALSE, FALSE, sizeof (SpkHex));

  for (int d = 0; d < 6; d++)
    {
      SpkHex h = spk_hex_neighbour (from, d);
      int c = spk_grid_find (grid, h);
      const SpkCell *cell;

      if (c < 0 || on_rest_of_route (path, n_path, at, h))
        continue;
      cell = spk_grid_cell (grid, c);
      if (is_own_gate (grid, hero, h))
        g_array_append_val (within, h);
      else if (cell->kind != SPK_CELL_HEX || occupant (occ, h) != NULL)
        continue;
      else if (cell->terrain <= hero->allowance)
        g_array_append_val (within, h);
      else
        g_array_append_val (outside, h);
    }
  if (within->len == 0)
    g_array_append_vals (within, outside->data, outside->len);
  return within;
}

static const SpkDisplaceChoice *
find_choice (const SpkDisplaceChoice *choices, guint n, const char *hero)
{
  for (guint i = 0; choices != NULL && i < n; i++)
    if (g_strcmp0 (choices[i].hero, hero) == 0)
      return &choices[i];
  return NULL;
}

static gboolean
in_list (const GArray *hexes, SpkHex h)
{
  for (guint i = 0; i < hexes->len; i++)
    if (spk_hex_equal (g_array_index (hexes, SpkHex, i), h))
      return TRUE;
  return FALSE;
}

GPtrArray *
spk_displacements (const SpkBoard *board, const char *chip_id, const SpkHex *path, guint n_path,
                   const SpkDisplaceChoice *choices, guint n_choices, GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_displacement_free);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GHashTable) occ = NULL;
  const SpkChip *mover;

  g_return_val_if_fail (board != NULL, NULL);
  mover = chip_id != NULL ? spk_board_find_chip (board, chip_id) : NULL;
  if (mover == NULL)
    {
      g_set_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_UNKNOWN_CHIP,
                   _("There is no chip “%s” at this table"), chip_id != NULL ? chip_id : "");
      return NULL;
    }
  grid = spk_grid_new (board);
  for (guint i = 0; path != NULL && i < n_path; i++)
    if (spk_grid_find (grid, path[i]) < 0)
      path = NULL;
  if (path == NULL || n_path == 0)
    {
      g_set_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_BAD_ROUTE,
                   _("The route of %s is empty or crosses the sky; ask the movement engine for a route"),
                   spk_chip_label (mover));
      return NULL;
    }
  occ = occupancy_new (board);
  if (mover->placed)
    g_hash_table_remove (occ, GUINT_TO_POINTER (spk_hex_key (spk_hex_make (mover->q, mover->r))));

  for (guint i = 1; i < n_path; i++)
    {
      SpkHex from = path[i];
      const SpkChip *hero = occupant (occ, from);
      SpkDisplacement *d;

      if (hero == NULL || hero->kind != SPK_CHIP_HERO ||
          !spk_board_friendly (board, hero->faction, mover->faction))
        continue;
      d = g_new0 (SpkDisplacement, 1);
      d->hero = g_strdup (hero->id);
      d->from = from;
      d->left = path[i - 1];
      d->candidates = g_array_new (FALSE, FALSE, sizeof (SpkHex));
      g_ptr_array_add (list, d);
      g_hash_table_remove (occ, GUINT_TO_POINTER (spk_hex_key (from)));
      if (takes_swap (grid, occ, hero, d->left))
        {
          d->to = d->left;
          d->chosen = TRUE;
        }
      else
        {
          const SpkDisplaceChoice *answer = find_choice (choices, n_choices, hero->id);

          d->asked = TRUE;
          g_array_unref (d->candidates);
          d->candidates = candidates (grid, occ, hero, path, n_path, i);
          if (d->candidates->len == 0)
            {
              g_set_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_NOWHERE,
                           _("%s cannot make way at (%d, %d): every hex next to it is taken; "
                             "the minion cannot take this route"),
                           spk_chip_label (hero), from.q, from.r);
              return NULL;
            }
          if (answer == NULL)
            break;
          if (!in_list (d->candidates, answer->hex))
            {
              g_set_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_BAD_CHOICE,
                           _("%s cannot be displaced to (%d, %d); choose a free hex next to (%d, %d)"),
                           spk_chip_label (hero), answer->hex.q, answer->hex.r, from.q, from.r);
              return NULL;
            }
          d->to = answer->hex;
          d->chosen = TRUE;
        }
      d->returns = is_own_gate (grid, hero, d->to);
      if (!d->returns)
        g_hash_table_insert (occ, GUINT_TO_POINTER (spk_hex_key (d->to)), (gpointer) hero);
    }
  return g_steal_pointer (&list);
}
