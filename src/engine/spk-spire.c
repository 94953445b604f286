/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-spire.h"
#include "spk-talent.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-influence.h"

G_DEFINE_QUARK (spk-spire-error-quark, spk_spire_error)

#define FORTIFICATION_COST 2

int
spk_spire_attack (const SpkChip *spire)
{
  return spk_chip_count_upgrades (spire, SPK_UPGRADE_ATTACK);
}

int
spk_spire_range (const SpkChip *spire)
{
  return 1 + spk_chip_count_upgrades (spire, SPK_UPGRADE_RANGE);
}

int
spk_unit_range (const SpkChip *unit)
{
  for (guint i = 0; i < unit->talents->len; i++)
    {
      const char *talent = g_ptr_array_index (unit->talents, i);
      char *end = NULL;
      guint64 n = g_ascii_strtoull (talent, &end, 10);

      if (end != talent && n > 0 && n < 100 && g_ascii_strcasecmp (end, " Range") == 0)
        return (int) n + spk_chip_count_upgrades (unit, SPK_UPGRADE_RANGE);
    }
  return 1;
}

int
spk_spire_upgrade_cost (int upgrades, int capacity, SpkUpgrade kind)
{
  if (upgrades + 1 > capacity)
    return SPK_UPGRADE_OVER_CAPACITY;
  if (kind == SPK_UPGRADE_FORTIFICATION)
    return FORTIFICATION_COST;
  return upgrades + 1;
}

int
spk_spire_plan_cost (const SpkChip *spire, const SpkUpgrade *plan, guint n_plan, int *costs)
{
  int upgrades = (int) spire->upgrades->len;
  int total = 0;

  for (guint i = 0; i < n_plan; i++)
    {
      costs[i] = spk_spire_upgrade_cost (upgrades, spire->capacity, plan[i]);
      if (costs[i] == SPK_UPGRADE_OVER_CAPACITY)
        continue;
      total += costs[i];
      upgrades++;
    }
  return total;
}

SpkBuildCheck
spk_spire_build_check (const SpkGrid *grid, const char *faction, SpkHex hex,
                       gboolean spire_reward)
{
  const SpkBoard *board = grid->board;
  const SpkCell *cell;
  int index = spk_grid_find (grid, hex);

  if (spk_influence_count_spires (board, faction) >= spk_spire_limit (board->player_count))
    return SPK_BUILD_AT_LIMIT;
  if (index < 0)
    return SPK_BUILD_NO_WELL;
  cell = spk_grid_cell (grid, index);
  if (cell->kind == SPK_CELL_GATE || !cell->well)
    return SPK_BUILD_NO_WELL;
  if (cell->kind == SPK_CELL_FORTRESS_WELL &&
      g_strcmp0 (((const SpkFortress *) g_ptr_array_index (board->fortresses,
                                                          cell->fortress))->faction,
                 faction) != 0)
    return SPK_BUILD_OTHER_FORTRESS;
  if (cell->chip >= 0)
    return SPK_BUILD_OCCUPIED;
  if (!spire_reward)
    {
      g_autofree gboolean *groups = g_new0 (gboolean, grid->groups->len + 1);

      spk_influence_mark_groups (grid, faction, groups);
      if (!spk_influence_over_cell (grid, faction, groups, index))
        return SPK_BUILD_NO_INFLUENCE;
    }
  return SPK_BUILD_OK;
}

void
spk_spire_fire_free (SpkSpireFire *fire)
{
  if (fire == NULL)
    return;
  g_free (fire->spire);
  g_ptr_array_unref (fire->targets);
  g_free (fire);
}

gboolean
spk_spire_may_target (const SpkChip *spire, const SpkChip *unit)
{
  if (!spk_chip_has_talent (unit, "Flying"))
    return TRUE;
  return spk_chip_has_talent (spire, "Air Defense") || spk_chip_has_talent (spire, "Flying");
}

/* Breadth-first search over cells up to @steps. @dist must hold -1 for
 * every cell on entry; the cells reached are listed in @queue (length
 * returned) so the caller can reset just those. */
static guint
reach (const SpkGrid *grid, int from, int steps, int *dist, int *queue)
{
  guint head = 0, tail = 0;

  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      int c = queue[head++];
      const SpkCell *cell = spk_grid_cell (grid, c);

      if (dist[c] >= steps)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int n = cell->neighbours[d];

          if (n >= 0 && dist[n] < 0)
            {
              dist[n] = dist[c] + 1;
              queue[tail++] = n;
            }
        }
    }
  return tail;
}

void
spk_grid_within (const SpkGrid *grid, int from, int steps, gboolean *out)
{
  guint n = spk_grid_n_cells (grid);
  g_autofree int *dist = g_new (int, n);
  g_autofree int *queue = g_new (int, n);
  guint reached;

  memset (out, 0, n * sizeof (gboolean));
  if (from < 0 || (guint) from >= n || steps < 0)
    return;
  for (guint i = 0; i < n; i++)
    dist[i] = -1;
  reached = reach (grid, from, steps, dist, queue);
  for (guint i = 0; i < reached; i++)
    out[queue[i]] = TRUE;
}

int *
spk_grid_distances (const SpkGrid *grid, int from)
{
  guint n = spk_grid_n_cells (grid);
  int *dist = g_new (int, MAX (n, 1));
  g_autofree int *queue = g_new (int, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    dist[i] = -1;
  if (from >= 0 && (guint) from < n)
    reach (grid, from, G_MAXINT, dist, queue);
  return dist;
}

GPtrArray *
spk_spires_fire_grid (const SpkGrid *grid, const char *active, GError **error)
{
  const SpkBoard *board = grid->board;
  guint n_cells = spk_grid_n_cells (grid);
  g_autofree int *dist = NULL;
  g_autofree int *queue = NULL;
  g_autoptr(GArray) units = NULL;   /* chip indices of possible targets */
  g_autoptr(GArray) unit_cells = NULL;
  GPtrArray *result;

  if (active == NULL || spk_board_find_faction (board, active) == NULL)
    {
      g_set_error (error, SPK_SPIRE_ERROR, SPK_SPIRE_ERROR_UNKNOWN_FACTION,
                   _("The table has no faction “%s”; use one of the ids under “factions”"),
                   active != NULL ? active : "");
      return NULL;
    }

  units = g_array_new (FALSE, FALSE, sizeof (int));
  unit_cells = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      int cell, index = (int) i;

      /* Units in a deployment stack or grouped under another are not
       * placed; inactive units (campfire mode) cannot be attacked. */
      if (!spk_chip_is_unit (chip) || !chip->placed || !chip->active ||
          g_strcmp0 (chip->faction, active) != 0)
        continue;
      cell = spk_grid_find (grid, spk_hex_make (chip->q, chip->r));
      if (cell < 0)
        continue;
      g_array_append_val (units, index);
      g_array_append_val (unit_cells, cell);
    }

  dist = g_new (int, n_cells + 1);
  queue = g_new (int, n_cells + 1);
  for (guint i = 0; i < n_cells; i++)
    dist[i] = -1;

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_spire_fire_free);
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *spire = g_ptr_array_index (board->chips, i);
      SpkSpireFire *fire;
      int from;

      if (spire->kind != SPK_CHIP_SPIRE || !spire->placed ||
          spk_board_friendly (board, spire->faction, active) ||
          spk_spire_attack (spire) < 1 || spk_spire_shot_inactive (board, spire))
        continue;

      fire = g_new0 (SpkSpireFire, 1);
      fire->spire = g_strdup (spire->id);
      fire->dice = spk_spire_attack (spire);
      fire->range = spk_spire_range (spire);
      fire->targets = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (result, fire);

      from = spk_grid_find (grid, spk_hex_make (spire->q, spire->r));
      if (from < 0 || units->len == 0)
        continue;
      {
        guint reached = reach (grid, from, fire->range, dist, queue);

        for (guint u = 0; u < units->len; u++)
          {
            const SpkChip *unit = g_ptr_array_index (board->chips, g_array_index (units, int, u));

            if (dist[g_array_index (unit_cells, int, u)] >= 0 &&
                spk_spire_may_target (spire, unit))
              g_ptr_array_add (fire->targets, g_strdup (unit->id));
          }
        for (guint k = 0; k < reached; k++)
          dist[queue[k]] = -1;
      }
    }
  return result;
}

GPtrArray *
spk_spires_fire (const SpkBoard *board, const char *active, GError **error)
{
  g_autoptr(SpkGrid) grid = spk_grid_new (board);

  return spk_spires_fire_grid (grid, active, error);
}
