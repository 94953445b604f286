/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-grid.h: a dense, read-only index over an SpkBoard for the rules.
 *
 * Every coordinate that is a hex (isle or earthscape), a fortress gate or a
 * fortress well becomes one cell with its six neighbours resolved, so that
 * searches run over small integers instead of hash look-ups. Anything else
 * is sky. A grid borrows the board: rebuild it after the board changes.
 */
#pragma once

#include "spk-board.h"

G_BEGIN_DECLS

typedef enum {
  SPK_CELL_HEX,
  SPK_CELL_GATE,
  SPK_CELL_FORTRESS_WELL,
} SpkCellKind;

typedef struct {
  SpkHex      hex;
  SpkCellKind kind;
  SpkTerrain  terrain;      /* top layer; PATH for gates and fortress wells */
  gboolean    well;         /* Source well printed on the top layer */
  int         top_layer;
  int         top_group;    /* index into grid->groups, -1 for fortress cells */
  int         bottom_group; /* decides influence; -1 for fortress cells */
  int         fortress;     /* index into board->fortresses, or -1 */
  int         chip;         /* index into board->chips standing here, or -1 */
  int         rider;        /* a Spire Shot hero on this cell's spire, or -1 (R-talent-5) */
  int         neighbours[6];/* cell indices, -1 for sky; spk_hex_directions order */
} SpkCell;

typedef struct {
  const SpkBoard *board;
  GArray         *cells;      /* of SpkCell */
  /* Dense look-up over the bounding box of every cell: index + 1, 0 = sky. */
  int            *lookup;
  int             min_q, min_r, width, height;
  GPtrArray      *groups;     /* of const char* (borrowed from the board) */
  GHashTable     *group_index;/* group name -> index + 1 */
} SpkGrid;

SpkGrid       *spk_grid_new        (const SpkBoard *board);
void           spk_grid_free       (SpkGrid *grid);

/* Cell index at a coordinate, -1 for sky. */
int            spk_grid_find       (const SpkGrid *grid, SpkHex hex);

static inline const SpkCell *
spk_grid_cell (const SpkGrid *grid, int index)
{
  return &g_array_index (grid->cells, SpkCell, index);
}

static inline guint
spk_grid_n_cells (const SpkGrid *grid)
{
  return grid->cells->len;
}

/* Index of a group name in grid->groups, -1 when unknown. */
int            spk_grid_group_index (const SpkGrid *grid, const char *group);

/* The cell of a faction's fortress gate, -1 when it has no fortress. */
int            spk_grid_gate_of     (const SpkGrid *grid, const char *faction);

/* The faction whose deployment stack goes with a selected @hex (ruling
 * "Deployment stack editor" in docs/rulings.md): that of the chip standing
 * there, else of the fortress the hex belongs to (gate or well), else
 * @fallback. A chip of no faction (a landmark) falls back too. */
const char    *spk_grid_stack_faction (const SpkGrid *grid,
                                       SpkHex         hex,
                                       const char    *fallback);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkGrid, spk_grid_free)

G_END_DECLS
