/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-overlays.h"

#include <string.h>

#include "spk-influence.h"
#include "spk-spire.h"

void
spk_board_overlays_influence (SpkBoardRenderer *renderer, const SpkBoard *board, const SpkGrid *grid,
                              const char *faction)
{
  g_autoptr(SpkInfluence) influence = NULL;

  spk_board_renderer_clear_layer (renderer, SPK_BOARD_LAYER_INFLUENCE);
  influence = spk_influence_compute_grid (grid, faction, NULL);
  for (guint i = 0; influence != NULL && i < influence->hexes->len; i++)
    spk_board_renderer_mark_hex (renderer, SPK_BOARD_LAYER_INFLUENCE, g_array_index (influence->hexes, SpkHex, i),
                                 SPK_MARK_INFLUENCE, faction, NULL);
  for (guint i = 0; influence != NULL && i < influence->buildable_wells->len; i++)
    spk_board_renderer_mark_hex (renderer, SPK_BOARD_LAYER_INFLUENCE,
                                 g_array_index (influence->buildable_wells, SpkHex, i), SPK_MARK_BUILDABLE, faction,
                                 NULL);
}

void
spk_board_overlays_spires (SpkBoardRenderer *renderer, const SpkBoard *board, const SpkGrid *grid,
                           const char *faction)
{
  g_autoptr(GPtrArray) fires = NULL;
  g_autofree gboolean *within = g_new0 (gboolean, spk_grid_n_cells (grid));

  spk_board_renderer_clear_layer (renderer, SPK_BOARD_LAYER_SPIRES);
  fires = spk_spires_fire_grid (grid, faction, NULL);
  for (guint i = 0; fires != NULL && i < fires->len; i++)
    {
      const SpkSpireFire *fire = g_ptr_array_index (fires, i);
      const SpkChip *spire = spk_board_find_chip (board, fire->spire);
      int cell;

      if (spire == NULL || (cell = spk_grid_find (grid, spk_hex_make (spire->q, spire->r))) < 0)
        continue;
      memset (within, 0, sizeof (gboolean) * spk_grid_n_cells (grid));
      spk_grid_within (grid, cell, fire->range, within);
      for (guint c = 0; c < spk_grid_n_cells (grid); c++)
        if (within[c])
          spk_board_renderer_mark_hex (renderer, SPK_BOARD_LAYER_SPIRES, spk_grid_cell (grid, c)->hex,
                                       SPK_MARK_RANGE, spire->faction, NULL);
      for (guint t = 0; t < fire->targets->len; t++)
        {
          const SpkChip *target = spk_board_find_chip (board, g_ptr_array_index (fire->targets, t));

          if (target != NULL && target->placed)
            spk_board_renderer_add_line (renderer, SPK_BOARD_LAYER_SPIRES, spk_hex_make (spire->q, spire->r),
                                         spk_hex_make (target->q, target->r), SPK_MARK_TARGET, spire->faction);
        }
    }
}

void
spk_board_overlays_closeness (SpkBoardRenderer *renderer, const SpkBoard *board, const SpkGrid *grid,
                              const char *faction, const SpkChip *unit)
{
  g_autoptr(SpkMovement) movement = NULL;
  const SpkFaction *f = spk_board_find_faction (board, faction);
  /* The selected unit's allowance when it is one of this faction's. */
  SpkTerrain allowance = unit != NULL && spk_chip_is_unit (unit) && g_strcmp0 (unit->faction, faction) == 0
                         ? unit->allowance : SPK_TERRAIN_PATH;

  spk_board_renderer_clear_layer (renderer, SPK_BOARD_LAYER_CLOSENESS);
  if (f == NULL)
    return;
  movement = spk_movement_new (board, grid);
  for (guint c = 0; c < spk_grid_n_cells (grid); c++)
    {
      const SpkCell *cell = spk_grid_cell (grid, c);
      int d = spk_movement_closeness (movement, cell->hex, f->mark, allowance);
      g_autofree char *label = NULL;

      if (d == SPK_MOVEMENT_UNREACHABLE || cell->kind == SPK_CELL_FORTRESS_WELL)
        continue;
      label = g_strdup_printf ("%d", d);
      spk_board_renderer_mark_hex (renderer, SPK_BOARD_LAYER_CLOSENESS, cell->hex, SPK_MARK_LABEL, NULL, label);
    }
}

void
spk_board_overlays_moves (SpkBoardRenderer *renderer, const SpkMoveResult *moves)
{
  spk_board_renderer_clear_layer (renderer, SPK_BOARD_LAYER_MOVES);
  for (guint i = 0; moves != NULL && i < moves->destinations->len; i++)
    {
      const SpkMoveDestination *d = g_ptr_array_index (moves->destinations, i);
      g_autofree char *label = d->distance == SPK_MOVEMENT_UNREACHABLE ? NULL : g_strdup_printf ("%d", d->distance);

      spk_board_renderer_mark_hex (renderer, SPK_BOARD_LAYER_MOVES, d->hex, SPK_MARK_DESTINATION, NULL, label);
    }
}
