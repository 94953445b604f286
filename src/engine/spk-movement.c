/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-movement.h"
#include "spk-talent.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* Larger than any real closeness, small enough that arithmetic on it never
 * overflows. */
#define FAR (1 << 28)

enum {
  OCC_NONE,
  OCC_OBSTACLE,       /* spire or landmark: blocks moves and closeness */
  OCC_HERO,
  OCC_HERO_INACTIVE,
  OCC_MINION,
};

enum {
  STEP_NO,            /* cannot enter */
  STEP_FREE,          /* empty hex */
  STEP_DISPLACE,      /* friendly hero, swapped */
  STEP_THROUGH,       /* opposing unit, Incorporeal: pass, never end */
};

typedef struct {
  int  mark;          /* cell */
  int  allowance;
  int *dist;          /* per cell; FAR when not on a route */
  guint8 *enter;      /* ENTER_* per cell for a minion of this allowance;
                         made when a minion search first asks */
  int *to_valid;      /* steps to the nearest valid hex over unoccupied hexes
                         of any terrain (FAR: none); built on first need */
} DistMap;

/* What every closeness map of one allowance starts from, whatever its
 * mark: the hexes on a route as a bit set (the raster's when there is
 * one). */
typedef struct {
  int      allowance;
  guint64 *open;
} Reach;

/* STEP_* per cell for one kind of mover: which (mark, allowance) map,
 * which faction, with or without Incorporeal, displacing inactive friendly
 * heroes or not. */
typedef struct {
  const guint8 *enter;
  int           faction;
  gboolean      incorporeal;
  gboolean      displace_inactive;
  guint8       *cls;
} StepMap;

enum {
  ENTER_NO,           /* not a hex, outside the allowance, or no route */
  ENTER_FREE,         /* empty hex on a route */
  ENTER_UNIT,         /* a unit stands there: depends on who moves */
  ENTER_OBSTACLE,     /* spire or landmark within the allowance */
};

#define TR_SLOTS 64
#define TR_FORMS 64

struct _SpkMovement {
  const SpkBoard *board;
  const SpkGrid  *grid;
  SpkGrid        *own_grid;
  int             n;            /* cells */
  int             nf;           /* factions */
  guint8         *friendly;     /* nf * nf */
  int            *nb;           /* n * 6 */
  guint8         *kind;         /* SpkCellKind per cell */
  SpkHex         *hex;
  guint8         *terrain;
  guint8         *route_terrain;/* terrain of a hex closeness may cross
                                   (no spire or landmark on it), else 0xff */
  guint8         *occ;          /* OCC_* per cell */
  guint8         *enter_near;   /* ENTER_* per cell for a minion whose
                                   allowance holds its terrain and whose map
                                   reaches it */
  int            *occ_faction;  /* faction index of the occupant, -1 */
  int            *occ_chip;     /* chip index, -1 */
  GArray         *maps;         /* of DistMap */
  GArray         *reaches;      /* of Reach */
  int            *far;          /* n times FAR, to start a map from */

  /* Search workspace, reused by every query. */
  int             depth_cap;    /* deepest move the arrays hold */
  guint32         gen;
  guint32        *blk;          /* per cell: stamp when it blocked */
  int            *blk_depth;
  GArray         *blockers;     /* of int cells */
  int            *back;         /* n * 6: direction of the way back, -1 */
  GArray         *step_maps;    /* of StepMap */
  guint8         *cls;          /* STEP_* per cell for the unit searched: */
  int             cls_start;    /* its StepMap, with the start closed */
  guint8          cls_start_was;
  guint8         *walk;         /* (depth_cap + 1) * n: see walk_reach () */
  int            *walked;       /* the slots of walk set, by steps */
  int            *walked_at;    /* depth_cap + 2: where each step count starts */
  int             n_walked;
  int            *lat_disp;     /* (depth_cap + 1) * n: see lateral () */
  int            *lat_from;
  int            *gx;           /* steps to the goal of find_route () */
  guint32        *gx_seen;
  guint32         gx_stamp;
  guint32        *on;           /* stamps: hexes on the route being built */
  guint32         on_stamp;
  int            *td;           /* steps from the start displacing nobody, */
  int            *tp;           /* the hex before on such a shortest way, */
  guint8         *tdir;         /* the direction from it */
  int            *tree;         /* the hexes of that tree, by steps */
  int             n_tree;
  gboolean        tree_closed;  /* no hero to displace within the move: no
                                   route of the search displaces one */
  guint32        *miss;         /* stamps: hexes no route was built to */
  guint32         miss_stamp;
  guint32        *t_seen;
  guint32         t_stamp;
  int            *fq;           /* queue, depths, parents and stamps of */
  int            *fd;           /* the searches inside find_route () */
  int            *fp;
  guint32        *f_seen;
  guint32         f_stamp;
  int            *queue;
  guint64        *bits;         /* two sets of n + 1 bits for fill_closeness () */
  /* The board as rows of bits, when its neighbours are those of the hex
   * plane (always, for a grid): fill_closeness () then grows a layer by
   * shifting whole words. Bit (r - min_r) * raster_w + (q - min_q); the
   * last column of each row holds no cell, so a shift off a row's end
   * lands on nothing. */
  int             raster_words; /* 0: no raster */
  int             raster_w;
  int             raster_off[6];/* bit offset of each direction, |off| < 64 */
  int             raster_up[3]; /* the three positive ones */
  int             raster_down[3]; /* the other three, negated */
  int            *raster_cell;  /* per bit: its cell, or -1 */
  int            *raster_pos;   /* per cell: its bit */
  guint64        *raster_bits;  /* three sets of raster_words + 2 words */
  int            *bfs_depth;
  int            *bfs_parent;
  int            *bfs_rev;
  int             mover;        /* faction index of the unit being searched */
  guint32        *bfs_seen;     /* stamps for bfs_depth / bfs_parent */
  guint32         bfs_stamp;
  guint8         *inactive_friend; /* per faction: an inactive friendly hero is on the board */
  int            *gate;         /* per faction: its gate cell, -1 */
  int            *mark_gate;    /* per faction: the gate of its mark, -1 */
  int            *chip_slot;    /* open addressing on the chip ids: chip
                                   index + 1, 0 for a free slot */
  guint           chip_mask;    /* slots - 1 */
  GPtrArray      *no_displaced; /* empty: most options displace nobody and
                                   borrow this one array, which callers only
                                   read (spk-movement.h); each answer holds
                                   a reference for them. An option that
                                   displaces a hero gets its own
                                   (add_displaced ()), never empty */
  SpkMoveResult  *building;     /* the answer query_chip () is putting
                                   together: its options live in its memory */
  guint           plain;        /* PLAIN_* of the catalogue, 0: not asked */
  /* The catalogue's answers for the sentence formats, asked once per
   * context: per call site (TR ()), and for plurals per count below
   * TR_FORMS. Kept here, not in globals, so a context made after the
   * locale changed speaks the new language. */
  const char    **tr[TR_SLOTS]; /* tr_n[slot] forms each */
  guint8          tr_n[TR_SLOTS];
};

/* Longest move searched; a route is kept in a fixed array. */
#define MAX_STEPS 63

typedef struct {
  SpkMovement *mv;
  const int   *dist;
  const guint8 *enter;
  int          mark;            /* cell */
  int          allowance;
  int          faction;         /* index of the moving unit's faction */
  gboolean     incorporeal;
  gboolean     displace_inactive;
  int          goal;            /* find_route (): the end hex, */
  int          goal_k;          /* the exact step count, */
  int          budget;          /* the heroes it may displace */
  int          disp;
  int          route[MAX_STEPS + 1];
  gint64       work;            /* hexes visited by the exact route search */
  gboolean     out_of_work;     /* it reached SEARCH_WORK_LIMIT (ruling M-16) */
  int          unproven;        /* options of the last evaluate () taken on
                                   the walk count alone */
} Search;

/* How many hexes the exact route search of one answer may visit (about
 * 10 ms here) before the rest of the answer is taken from the walk count:
 * ruling M-16. Real boards stay far below it. */
#define SEARCH_WORK_LIMIT 300000

typedef enum {
  ROUTE_NONE,
  ROUTE_FOUND,
  ROUTE_UNKNOWN,   /* the work limit came first */
} RouteAnswer;

G_DEFINE_QUARK (spk-movement-error-quark, spk_movement_error)

static const char *const rule_names[SPK_N_MOVE_RULES] = {
  "progress", "lateral", "none", "already-moved", "waiting", "recover", "hero",
};

const char *
spk_move_rule_to_string (SpkMoveRule rule)
{
  g_return_val_if_fail (rule < SPK_N_MOVE_RULES, NULL);
  return rule_names[rule];
}

int
spk_talent_range (const char *talent)
{
  char *end = NULL;
  long n;

  if (talent == NULL || !g_ascii_isdigit (talent[0]))
    return 0;
  n = strtol (talent, &end, 10);
  if (n <= 0 || n > 99 || *end != ' ')
    return 0;
  while (*end == ' ')
    end++;
  return g_ascii_strcasecmp (end, "Range") == 0 ? (int) n : 0;
}

static int
faction_index (const SpkBoard *board, const char *id)
{
  for (guint i = 0; id != NULL && i < board->factions->len; i++)
    if (strcmp (((SpkFaction *) g_ptr_array_index (board->factions, i))->id, id) == 0)
      return (int) i;
  return -1;
}

/* Lays the cells out as rows of bits when every neighbour of every cell
 * is where the hex plane puts it and the box is not much larger than the
 * board. */
static void
raster_new (SpkMovement *mv)
{
  const SpkGrid *grid = mv->grid;
  int w = grid->width + 1, bits = w * grid->height, words = bits / 64 + 1;
  int *pos;

  if (mv->n == 0 || w >= 64 || grid->height > (16 * mv->n + 4096) / w)
    return;
  for (int d = 0, n_up = 0, n_down = 0; d < 6; d++)
    {
      int off = spk_hex_directions[d].r * w + spk_hex_directions[d].q;

      if (off == 0 || (off > 0 ? n_up : n_down) == 3)
        return;
      if (off > 0)
        mv->raster_up[n_up++] = off;
      else
        mv->raster_down[n_down++] = -off;
      mv->raster_off[d] = off;
    }
  pos = g_new (int, (gsize) mv->n);
  mv->raster_cell = g_new (int, (gsize) words * 64);
  for (int b = 0; b < words * 64; b++)
    mv->raster_cell[b] = -1;
  for (int c = 0; c < mv->n; c++)
    {
      pos[c] = (mv->hex[c].r - grid->min_r) * w + (mv->hex[c].q - grid->min_q);
      if (mv->raster_cell[pos[c]] >= 0)
        goto no_raster;   /* two cells on one hex */
      mv->raster_cell[pos[c]] = c;
    }
  for (int c = 0; c < mv->n; c++)
    {
      const int *nb = &mv->nb[c * 6], *cell = mv->raster_cell, *off = mv->raster_off;

      /* A neighbour where the plane puts it (then inside the box), no
       * neighbour where the box holds a cell. */
      for (int d = 0; d < 6; d++)
        if (nb[d] >= 0 ? pos[nb[d]] != pos[c] + off[d] :
            (guint) (pos[c] + off[d]) < (guint) bits && cell[pos[c] + off[d]] >= 0)
          goto no_raster;
    }
  mv->raster_pos = pos;
  mv->raster_w = w;
  mv->raster_words = words;
  mv->raster_bits = g_new0 (guint64, (gsize) (words + 2) * 3);
  return;

no_raster:
  g_clear_pointer (&mv->raster_cell, g_free);
  g_free (pos);
}

/* Per cell and direction d: the direction from that neighbour back to the
 * cell, -1 when there is no neighbour or it does not lead back. On the
 * raster every neighbour is where the plane puts it, so the way back is the
 * opposite direction. */
static int *
back_directions (const int *nb, int n, gboolean raster)
{
  static const int opposite[6] = { 3, 4, 5, 0, 1, 2 };
  int *back = g_new (int, (gsize) n * 6 + 1);

  if (raster)
    {
      for (int i = 0; i < n * 6; i += 6)
        for (int d = 0; d < 6; d++)
          back[i + d] = nb[i + d] < 0 ? -1 : opposite[d];
      return back;
    }
  for (int c = 0; c < n; c++)
    for (int d = 0; d < 6; d++)
      {
        int x = nb[c * 6 + d], e = opposite[d];

        if (x >= 0 && nb[x * 6 + e] != c)
          for (e = 0; e < 6 && nb[x * 6 + e] != c; e++)
            ;
        back[c * 6 + d] = x < 0 || e == 6 ? -1 : e;
      }
  return back;
}

/* The first chip of each id, found by its hash in a table at most half
 * full. */
static void
chip_index_new (SpkMovement *mv)
{
  const GPtrArray *chips = mv->board->chips;
  guint slots = 8;

  while (slots < 2 * chips->len)
    slots *= 2;
  mv->chip_mask = slots - 1;
  mv->chip_slot = g_new0 (int, slots);
  for (guint i = 0; i < chips->len; i++)
    {
      const char *id = ((const SpkChip *) g_ptr_array_index (chips, i))->id;
      guint h = g_str_hash (id) & mv->chip_mask;

      while (mv->chip_slot[h] != 0 &&
             strcmp (((const SpkChip *) g_ptr_array_index (chips, mv->chip_slot[h] - 1))->id, id) != 0)
        h = (h + 1) & mv->chip_mask;
      if (mv->chip_slot[h] == 0)
        mv->chip_slot[h] = (int) i + 1;
    }
}

static int
chip_index_find (const SpkMovement *mv, const char *id)
{
  const GPtrArray *chips = mv->board->chips;

  for (guint h = g_str_hash (id) & mv->chip_mask; mv->chip_slot[h] != 0; h = (h + 1) & mv->chip_mask)
    if (strcmp (((const SpkChip *) g_ptr_array_index (chips, mv->chip_slot[h] - 1))->id, id) == 0)
      return mv->chip_slot[h] - 1;
  return -1;
}

SpkMovement *
spk_movement_new (const SpkBoard *board, const SpkGrid *grid)
{
  SpkMovement *mv = g_new0 (SpkMovement, 1);

  mv->board = board;
  if (grid == NULL)
    grid = mv->own_grid = spk_grid_new (board);
  mv->grid = grid;
  mv->n = (int) spk_grid_n_cells (grid);
  mv->nf = (int) board->factions->len;

  mv->friendly = g_new0 (guint8, (gsize) MAX (mv->nf * mv->nf, 1));
  for (int a = 0; a < mv->nf; a++)
    for (int b = 0; b < mv->nf; b++)
      mv->friendly[a * mv->nf + b] =
        spk_board_friendly (board,
                            ((SpkFaction *) g_ptr_array_index (board->factions, a))->id,
                            ((SpkFaction *) g_ptr_array_index (board->factions, b))->id);

  mv->nb = g_new (int, (gsize) mv->n * 6 + 1);
  mv->kind = g_new0 (guint8, (gsize) mv->n + 1);
  mv->hex = g_new (SpkHex, (gsize) mv->n + 1);
  mv->terrain = g_new0 (guint8, (gsize) mv->n + 1);
  mv->route_terrain = g_new (guint8, (gsize) mv->n + 1);
  mv->occ = g_new0 (guint8, (gsize) mv->n + 1);
  mv->enter_near = g_new (guint8, (gsize) mv->n + 1);
  mv->occ_faction = g_new (int, (gsize) mv->n + 1);
  mv->occ_chip = g_new (int, (gsize) mv->n + 1);
  for (int c = 0; c < mv->n; c++)
    {
      const SpkCell *cell = spk_grid_cell (grid, c);

      memcpy (&mv->nb[c * 6], cell->neighbours, sizeof cell->neighbours);
      mv->kind[c] = (guint8) cell->kind;
      mv->hex[c] = cell->hex;
      mv->terrain[c] = (guint8) cell->terrain;
      mv->occ_chip[c] = cell->chip;
      mv->occ_faction[c] = -1;
      if (cell->chip >= 0)
        {
          const SpkChip *chip = g_ptr_array_index (board->chips, cell->chip);

          mv->occ_faction[c] = faction_index (board, chip->faction);
          switch (chip->kind)
            {
            case SPK_CHIP_HERO:
              mv->occ[c] = chip->active ? OCC_HERO : OCC_HERO_INACTIVE;
              break;
            case SPK_CHIP_MINION:
              mv->occ[c] = OCC_MINION;
              break;
            case SPK_CHIP_SPIRE:
            case SPK_CHIP_LANDMARK:
            case SPK_N_CHIP_KINDS:
            default:
              mv->occ[c] = OCC_OBSTACLE;
              break;
            }
        }
      mv->route_terrain[c] = mv->kind[c] == SPK_CELL_HEX && mv->occ[c] != OCC_OBSTACLE ?
                             mv->terrain[c] : 0xff;
      mv->enter_near[c] = mv->kind[c] != SPK_CELL_HEX ? ENTER_NO :
                          mv->occ[c] == OCC_OBSTACLE ? ENTER_OBSTACLE :
                          mv->occ[c] == OCC_NONE ? ENTER_FREE : ENTER_UNIT;
    }

  mv->maps = g_array_new (FALSE, FALSE, sizeof (DistMap));
  mv->reaches = g_array_new (FALSE, FALSE, sizeof (Reach));
  mv->far = g_new (int, (gsize) mv->n + 1);
  for (int c = 0; c < mv->n; c++)
    mv->far[c] = FAR;
  mv->blockers = g_array_new (FALSE, FALSE, sizeof (int));
  mv->blk = g_new0 (guint32, (gsize) mv->n + 1);
  mv->blk_depth = g_new0 (int, (gsize) mv->n + 1);
  mv->step_maps = g_array_new (FALSE, FALSE, sizeof (StepMap));
  mv->gx = g_new0 (int, (gsize) mv->n + 1);
  mv->gx_seen = g_new0 (guint32, (gsize) mv->n + 1);
  mv->on = g_new0 (guint32, (gsize) mv->n + 1);
  mv->td = g_new0 (int, (gsize) mv->n + 1);
  mv->tp = g_new0 (int, (gsize) mv->n + 1);
  mv->tdir = g_new0 (guint8, (gsize) mv->n + 1);
  mv->tree = g_new0 (int, (gsize) mv->n + 1);
  mv->miss = g_new0 (guint32, (gsize) mv->n + 1);
  mv->t_seen = g_new0 (guint32, (gsize) mv->n + 1);
  mv->fq = g_new0 (int, (gsize) mv->n + 1);
  mv->fd = g_new0 (int, (gsize) mv->n + 1);
  mv->fp = g_new0 (int, (gsize) mv->n + 1);
  mv->f_seen = g_new0 (guint32, (gsize) mv->n + 1);
  mv->queue = g_new0 (int, (gsize) mv->n + 1);
  mv->bits = g_new (guint64, 2 * ((gsize) mv->n / 64 + 1));
  mv->bfs_depth = g_new0 (int, (gsize) mv->n + 1);
  mv->bfs_parent = g_new0 (int, (gsize) mv->n + 1);
  mv->bfs_rev = g_new0 (int, (gsize) mv->n + 1);
  mv->bfs_seen = g_new0 (guint32, (gsize) mv->n + 1);

  mv->inactive_friend = g_new0 (guint8, (gsize) mv->nf + 1);
  mv->gate = g_new (int, (gsize) mv->nf + 1);
  mv->mark_gate = g_new (int, (gsize) mv->nf + 1);
  for (int f = 0; f < mv->nf; f++)
    {
      const SpkFaction *faction = g_ptr_array_index (board->factions, f);

      mv->gate[f] = spk_grid_gate_of (grid, faction->id);
      mv->mark_gate[f] = spk_grid_gate_of (grid, faction->mark);
    }
  for (int c = 0; c < mv->n; c++)
    if (mv->occ[c] == OCC_HERO_INACTIVE && mv->occ_faction[c] >= 0)
      for (int f = 0; f < mv->nf; f++)
        if (mv->friendly[f * mv->nf + mv->occ_faction[c]])
          mv->inactive_friend[f] = 1;

  raster_new (mv);
  mv->back = back_directions (mv->nb, mv->n, mv->raster_words > 0);

  mv->no_displaced = g_ptr_array_new_with_free_func (g_free);
  chip_index_new (mv);
  return mv;
}

void
spk_movement_free (SpkMovement *mv)
{
  if (mv == NULL)
    return;
  for (guint i = 0; i < mv->maps->len; i++)
    {
      g_free (g_array_index (mv->maps, DistMap, i).dist);
      g_free (g_array_index (mv->maps, DistMap, i).enter);
      g_free (g_array_index (mv->maps, DistMap, i).to_valid);
    }
  g_array_unref (mv->maps);
  for (guint i = 0; i < mv->reaches->len; i++)
    {
      g_free (g_array_index (mv->reaches, Reach, i).open);
    }
  g_array_unref (mv->reaches);
  g_free (mv->far);
  g_array_unref (mv->blockers);
  g_free (mv->friendly);
  g_free (mv->nb);
  g_free (mv->kind);
  g_free (mv->hex);
  g_free (mv->terrain);
  g_free (mv->route_terrain);
  g_free (mv->occ);
  g_free (mv->enter_near);
  g_free (mv->occ_faction);
  g_free (mv->occ_chip);
  g_free (mv->blk);
  g_free (mv->blk_depth);
  g_free (mv->back);
  for (guint i = 0; i < mv->step_maps->len; i++)
    g_free (g_array_index (mv->step_maps, StepMap, i).cls);
  g_array_unref (mv->step_maps);
  g_free (mv->walk);
  g_free (mv->walked);
  g_free (mv->walked_at);
  g_free (mv->lat_disp);
  g_free (mv->lat_from);
  g_free (mv->gx);
  g_free (mv->gx_seen);
  g_free (mv->on);
  g_free (mv->td);
  g_free (mv->tp);
  g_free (mv->tdir);
  g_free (mv->tree);
  g_free (mv->miss);
  g_free (mv->t_seen);
  g_free (mv->fq);
  g_free (mv->fd);
  g_free (mv->fp);
  g_free (mv->f_seen);
  g_free (mv->queue);
  g_free (mv->bits);
  g_free (mv->raster_cell);
  g_free (mv->raster_pos);
  g_free (mv->raster_bits);
  g_free (mv->bfs_depth);
  g_free (mv->bfs_parent);
  g_free (mv->bfs_rev);
  g_free (mv->bfs_seen);
  g_free (mv->inactive_friend);
  g_free (mv->gate);
  g_free (mv->mark_gate);
  g_free (mv->chip_slot);
  g_ptr_array_unref (mv->no_displaced);
  for (int i = 0; i < TR_SLOTS; i++)
    g_free (mv->tr[i]);
  spk_grid_free (mv->own_grid);
  g_free (mv);
}

const SpkGrid *
spk_movement_get_grid (SpkMovement *mv)
{
  return mv->grid;
}

/* ---- closeness ---------------------------------------------------------- */

static gboolean
on_route (const SpkMovement *mv, int c, int allowance)
{
  return mv->route_terrain[c] <= allowance;
}

static const Reach *
find_reach (SpkMovement *mv, int allowance)
{
  Reach r;
  int words = mv->raster_words > 0 ? mv->raster_words : mv->n / 64 + 1;
  const int *pos = mv->raster_words > 0 ? mv->raster_pos : NULL;

  for (guint i = 0; i < mv->reaches->len; i++)
    if (g_array_index (mv->reaches, Reach, i).allowance == allowance)
      return &g_array_index (mv->reaches, Reach, i);

  r.allowance = allowance;
  r.open = g_new0 (guint64, (gsize) words);
  for (int c = 0; c < mv->n; c++)
    if (on_route (mv, c, allowance))
      {
        int b = pos != NULL ? pos[c] : c;

        r.open[b >> 6] |= (guint64) 1 << (b & 63);
      }
  g_array_append_val (mv->reaches, r);
  return &g_array_index (mv->reaches, Reach, mv->reaches->len - 1);
}

/* Breadth first from @mark over the hexes on a route, a layer at a time
 * on bit sets: which neighbours join the next layer is too irregular for
 * the branches of a plain queue to be predicted. */
static void
fill_closeness (SpkMovement *mv, int mark, const Reach *reach, int *dist)
{
  int words = mv->n / 64 + 1;   /* bit n stands for "no neighbour" */
  guint64 *open = mv->bits, *next = mv->bits + words;
  int head = 0, tail = 0;

  memcpy (open, reach->open, sizeof (guint64) * (gsize) words);
  open[mark >> 6] &= ~((guint64) 1 << (mark & 63));
  mv->queue[tail++] = mark;
  for (int depth = 1; head < tail; depth++)
    {
      int end = tail;

      memset (next, 0, sizeof (guint64) * (gsize) words);
      for (; head < end; head++)
        for (int d = 0; d < 6; d++)
          {
            int x = mv->nb[mv->queue[head] * 6 + d];

            x += (x < 0) * (mv->n + 1);
            next[x >> 6] |= (guint64) 1 << (x & 63);
          }
      for (int w = 0; w < words; w++)
        {
          guint64 fresh = next[w] & open[w];

          open[w] &= ~fresh;
          for (; fresh != 0; fresh &= fresh - 1)
            {
              int x = w * 64 + __builtin_ctzll (fresh);

              dist[x] = depth;
              mv->queue[tail++] = x;
            }
        }
    }
}

/* fill_closeness () on the raster: each layer is the last one moved one
 * step in each direction (less than a word: rows are shorter than 64),
 * kept to the words next to it. The sets have a zero word either side. */
static void
fill_closeness_raster (SpkMovement *mv, int mark, const Reach *reach, int *dist)
{
  int words = mv->raster_words;
  guint64 *open = mv->raster_bits + 1, *front = open + words + 2, *next = front + words + 2;
  const int *cell = mv->raster_cell, *pos = mv->raster_pos;
  const int u0 = mv->raster_up[0], u1 = mv->raster_up[1], u2 = mv->raster_up[2];
  const int d0 = mv->raster_down[0], d1 = mv->raster_down[1], d2 = mv->raster_down[2];
  int lo = pos[mark] >> 6, hi = lo;

  memcpy (open, reach->open, sizeof (guint64) * (gsize) words);
  memset (front, 0, sizeof (guint64) * (gsize) words);
  open[lo] &= ~((guint64) 1 << (pos[mark] & 63));
  front[lo] = (guint64) 1 << (pos[mark] & 63);
  for (int depth = 1;; depth++)
    {
      int nlo = MAX (lo - 1, 0), nhi = MIN (hi + 1, words - 1), flo = words, fhi = -1;

      for (int w = nlo; w <= nhi; w++)
        {
          guint64 below = front[w - 1], here = front[w], above = front[w + 1];

          next[w] = here << u0 | below >> (64 - u0) | here << u1 | below >> (64 - u1) |
                    here << u2 | below >> (64 - u2) | here >> d0 | above << (64 - d0) |
                    here >> d1 | above << (64 - d1) | here >> d2 | above << (64 - d2);
        }
      memset (&front[lo], 0, sizeof (guint64) * (gsize) (hi - lo + 1));
      for (int w = nlo; w <= nhi; w++)
        {
          guint64 fresh = next[w] & open[w];

          if (fresh == 0)
            continue;
          open[w] &= ~fresh;
          front[w] = fresh;
          flo = MIN (flo, w);
          fhi = w;
          for (; fresh != 0; fresh &= fresh - 1)
            dist[cell[w * 64 + __builtin_ctzll (fresh)]] = depth;
        }
      if (fhi < 0)
        break;
      lo = flo;
      hi = fhi;
    }
}

static const DistMap *
find_map (SpkMovement *mv, int mark, int allowance)
{
  const Reach *reach;
  DistMap map;

  for (guint i = 0; i < mv->maps->len; i++)
    {
      DistMap *m = &g_array_index (mv->maps, DistMap, i);
      if (m->mark == mark && m->allowance == allowance)
        return m;
    }

  reach = find_reach (mv, allowance);
  map.mark = mark;
  map.allowance = allowance;
  map.to_valid = NULL;
  map.dist = g_new (int, (gsize) mv->n + 1);
  map.enter = NULL;
  memcpy (map.dist, mv->far, sizeof (int) * (gsize) mv->n);
  map.dist[mark] = 0;
  if (mv->raster_words > 0)
    fill_closeness_raster (mv, mark, reach, map.dist);
  else
    fill_closeness (mv, mark, reach, map.dist);
  g_array_append_val (mv->maps, map);
  return &g_array_index (mv->maps, DistMap, mv->maps->len - 1);
}

/* ENTER_* per cell of the map of (@mark, @allowance). */
static const guint8 *
enter_map (SpkMovement *mv, int mark, int allowance)
{
  DistMap *map = (DistMap *) find_map (mv, mark, allowance);

  if (map->enter == NULL)
    {
      map->enter = g_new (guint8, (gsize) mv->n + 1);
      for (int c = 0; c < mv->n; c++)
        {
          guint8 e = mv->enter_near[c];

          map->enter[c] = mv->terrain[c] > allowance ? ENTER_NO :
                          map->dist[c] < FAR || e == ENTER_OBSTACLE ? e : ENTER_NO;
        }
    }
  return map->enter;
}

static const int *
dist_map (SpkMovement *mv, int mark, int allowance)
{
  return find_map (mv, mark, allowance)->dist;
}

/* Closeness of a cell that is not on a route itself: one more than its
 * closest neighbour on a route (or the mark). */
static int
dist_from_outside (const SpkMovement *mv, const int *dist, int c)
{
  int best = FAR;

  for (int d = 0; d < 6; d++)
    {
      int x = mv->nb[c * 6 + d];
      if (x >= 0 && dist[x] + 1 < best)
        best = dist[x] + 1;
    }
  return best;
}

static int
cell_dist (const SpkMovement *mv, const int *dist, int c, int allowance)
{
  if (dist[c] < FAR)
    return dist[c];
  if (on_route (mv, c, allowance))
    return FAR;
  return dist_from_outside (mv, dist, c);
}

static int
public_dist (int d)
{
  return d >= FAR ? SPK_MOVEMENT_UNREACHABLE : d;
}

int
spk_movement_closeness (SpkMovement *mv, SpkHex hex, const char *mark_faction,
                        SpkTerrain allowance)
{
  int c = spk_grid_find (mv->grid, hex);
  int mark = spk_grid_gate_of (mv->grid, mark_faction);

  if (c < 0 || mark < 0)
    return SPK_MOVEMENT_UNREACHABLE;
  return public_dist (cell_dist (mv, dist_map (mv, mark, allowance), c, allowance));
}

/* ---- minion search ------------------------------------------------------ */

/* The rules forbid moving back onto a hex already left, so a move is a
 * simple path, and whether one of exactly k steps reaches a hex is a
 * longest-path question: no method answers every board in polynomial time.
 * The search below stays exact and is quick on real boards:
 *
 *   1. walk_reach () counts non-backtracking walks over (hex, steps,
 *      direction entered from): every move is such a walk, so a hex no walk
 *      reaches in k steps is no k-step option. O(movement * hexes).
 *   2. find_route () decides each remaining (hex, k) exactly: it first
 *      builds a route (a shortest one, lengthened by detours around a
 *      neighbour) and only when that fails searches depth first, pruned by
 *      steps to the goal and room left around the hexes already used.
 *
 * A built route is itself such a walk, so when no hero to displace is in
 * reach (every move stays on the tree of shortest ways from the start) the
 * routes are built first and the walks are counted only for the hexes left
 * open (progress_options ()).
 *
 * Lateral moves allow any step count, and there the fewest displaced
 * heroes, then fewest steps, are found by counting walks: the best walk
 * never repeats a hex, or cutting the loop out would be better. */

static guint32
next_stamp (guint32 *stamp, guint32 *marks, int n)
{
  if (++*stamp == 0)
    {
      memset (marks, 0, ((gsize) n + 1) * sizeof (guint32));
      *stamp = 1;
    }
  return *stamp;
}

static void
ensure_depth (SpkMovement *mv, int m)
{
  gsize slots;

  if (m <= mv->depth_cap && mv->walk != NULL)
    return;
  mv->depth_cap = MAX (m, 6);
  slots = (gsize) (mv->depth_cap + 1) * (gsize) mv->n + 1;
  g_free (mv->walk);
  g_free (mv->walked);
  g_free (mv->walked_at);
  g_free (mv->lat_disp);
  g_free (mv->lat_from);
  mv->walk = g_new0 (guint8, slots);
  mv->walked = g_new (int, slots);
  mv->walked_at = g_new (int, (gsize) mv->depth_cap + 2);
  mv->n_walked = 0;
  mv->lat_disp = g_new (int, slots);
  mv->lat_from = g_new (int, slots);
}

static void
next_gen (SpkMovement *mv)
{
  if (++mv->gen == 0)
    {
      memset (mv->blk, 0, ((gsize) mv->n + 1) * sizeof (guint32));
      mv->gen = 1;
    }
}

static void
note_blocker (SpkMovement *mv, int c, int depth)
{
  if (mv->blk[c] != mv->gen)
    {
      mv->blk[c] = mv->gen;
      mv->blk_depth[c] = depth;
      g_array_append_val (mv->blockers, c);
    }
  else if (depth < mv->blk_depth[c])
    mv->blk_depth[c] = depth;
}

/* A hex holding a unit: may this minion enter it, and how? */
static int
unit_step (const Search *s, int c)
{
  const SpkMovement *mv = s->mv;
  int f = mv->occ_faction[c];

  if (f >= 0 && s->faction >= 0 && mv->friendly[s->faction * mv->nf + f])
    {
      if (mv->occ[c] == OCC_HERO ||
          (mv->occ[c] == OCC_HERO_INACTIVE && s->displace_inactive))
        return STEP_DISPLACE;
      return STEP_NO;
    }
  return s->incorporeal ? STEP_THROUGH : STEP_NO;
}

/* How the unit of @s may step onto each hex, never back onto @start, until
 * declassify (). Every minion of a faction asks the same, so the answer
 * for the whole board is kept per kind of mover. */
static void
classify (Search *s, int start)
{
  SpkMovement *mv = s->mv;
  StepMap sm = { s->enter, s->faction, s->incorporeal, s->displace_inactive, NULL };
  guint i;

  for (i = 0; i < mv->step_maps->len; i++)
    {
      const StepMap *o = &g_array_index (mv->step_maps, StepMap, i);

      if (o->enter == sm.enter && o->faction == sm.faction &&
          o->incorporeal == sm.incorporeal && o->displace_inactive == sm.displace_inactive)
        break;
    }
  if (i == mv->step_maps->len)
    {
      const guint8 *enter = s->enter;
      guint8 *cls = g_new (guint8, (gsize) mv->n + 1);

      for (int c = 0; c < mv->n; c++)
        cls[c] = enter[c] == ENTER_FREE ? STEP_FREE :
                 enter[c] == ENTER_UNIT ? (guint8) unit_step (s, c) : STEP_NO;
      sm.cls = cls;
      g_array_append_val (mv->step_maps, sm);
    }
  mv->cls = g_array_index (mv->step_maps, StepMap, i).cls;
  mv->cls_start = start;
  mv->cls_start_was = mv->cls[start];
  mv->cls[start] = STEP_NO;
}

static void
declassify (SpkMovement *mv)
{
  mv->cls[mv->cls_start] = mv->cls_start_was;
}

static inline int
cls_of (const SpkMovement *mv, int c)
{
  return mv->cls[c];
}

/* The hexes next to a hex reached within @m steps that stop a move there,
 * with the fewest steps it takes to stand beside them, as a depth-first
 * search of every route would meet them: a unit counts only while a hex
 * that close may still end within @bound. */
static void
find_blockers (Search *s, int start, int m, int bound)
{
  SpkMovement *mv = s->mv;
  guint32 stamp = next_stamp (&mv->f_stamp, mv->f_seen, mv->n);
  int head = 0, tail = 0;

  next_gen (mv);
  g_array_set_size (mv->blockers, 0);
  mv->f_seen[start] = stamp;
  mv->fd[start] = 0;
  mv->fq[tail++] = start;
  while (head < tail)
    {
      int c = mv->fq[head++], dc = mv->fd[c];

      if (dc >= m)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int x = mv->nb[c * 6 + d], e;

          if (x < 0 || x == start || (e = s->enter[x]) == ENTER_NO)
            continue;
          if (e == ENTER_OBSTACLE)
            {
              note_blocker (mv, x, dc);
              continue;
            }
          if (s->dist[x] > bound + (m - dc - 1))
            continue;
          if (cls_of (mv, x) == STEP_NO)
            {
              note_blocker (mv, x, dc);
              continue;
            }
          if (mv->f_seen[x] != stamp)
            {
              mv->f_seen[x] = stamp;
              mv->fd[x] = dc + 1;
              mv->fq[tail++] = x;
            }
        }
    }
}

/* walk[k * n + c]: bit e set when a non-backtracking walk of k steps from
 * @start ends on c, entered from its neighbour in direction e (bit 6: no
 * known way back, so no step is ruled out). The cells reached in k steps
 * are walked[walked_at[k]] .. walked[walked_at[k + 1] - 1]. */
static void
walk_reach (Search *s, int start, int m)
{
  SpkMovement *mv = s->mv;
  /* Locals: the build has no strict aliasing, so each store below would
   * otherwise reload every field of mv. */
  const int n = mv->n, *nb = mv->nb, *back = mv->back;
  const guint8 *cls = mv->cls;
  guint8 *walk = mv->walk;
  int *walked = mv->walked, *walked_at = mv->walked_at;
  int n_walked = mv->n_walked;

  for (int i = 0; i < n_walked; i++)
    walk[walked[i]] = 0;
  n_walked = 0;
  walk[start] = 1 << 6;
  walked[n_walked++] = start;
  walked_at[0] = 0;
  for (int k = 0; k < m; k++)
    {
      int end = n_walked;

      walked_at[k + 1] = end;
      for (int i = walked_at[k]; i < end; i++)
        {
          int c = walked[i] - k * n;
          guint8 here = walk[walked[i]];

          for (int d = 0; d < 6; d++)
            {
              int x = nb[c * 6 + d], e;
              guint8 *next;

              if (x < 0 || cls[x] == STEP_NO || (here & ~(1u << d)) == 0)
                continue;
              e = back[c * 6 + d];
              next = &walk[(k + 1) * n + x];
              if (*next == 0)
                walked[n_walked++] = (k + 1) * n + x;
              *next |= (guint8) (e >= 0 ? 1u << e : 1u << 6);
            }
        }
    }
  walked_at[m + 1] = n_walked;
  mv->n_walked = n_walked;
}

static gboolean
route_has (const SpkMovement *mv, int c)
{
  return mv->on[c] == mv->on_stamp;
}

/* May the rest of the route step onto @x? Heroes only while the budget
 * allows one more. */
static gboolean
passable (const Search *s, int x)
{
  SpkMovement *mv = s->mv;

  return x >= 0 && cls_of (mv, x) != STEP_NO &&
         !(cls_of (mv, x) == STEP_DISPLACE && s->disp >= s->budget);
}

/* Steps from each hex to the goal over hexes the unit may enter, up to
 * @k (further is FAR). */
static void
goal_distances (Search *s, int goal, int k)
{
  SpkMovement *mv = s->mv;
  guint32 stamp = next_stamp (&mv->gx_stamp, mv->gx_seen, mv->n);
  const int *nb = mv->nb;
  guint32 *seen = mv->gx_seen;
  int *gx = mv->gx, *queue = mv->fq;
  int head = 0, tail = 0;

  seen[goal] = stamp;
  gx[goal] = 0;
  queue[tail++] = goal;
  while (head < tail)
    {
      int c = queue[head++], dc = gx[c];

      if (dc >= k)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int x = nb[c * 6 + d];

          if (!passable (s, x) || seen[x] == stamp)
            continue;
          seen[x] = stamp;
          gx[x] = dc + 1;
          queue[tail++] = x;
        }
    }
}

static int
goal_distance (const SpkMovement *mv, int c)
{
  return mv->gx_seen[c] == mv->gx_stamp ? mv->gx[c] : FAR;
}

/* May the route go on from @cur for exactly @r more steps? Not if the goal
 * is out of reach around the hexes already used, or fewer than @r hexes are
 * left to walk on. */
static gboolean
room_left (Search *s, int cur, int r)
{
  SpkMovement *mv = s->mv;
  guint32 stamp = next_stamp (&mv->f_stamp, mv->f_seen, mv->n), on_route = mv->on_stamp;
  const int *nb = mv->nb, goal = s->goal;
  const guint8 *cls = mv->cls;
  const guint32 *on = mv->on;
  guint32 *seen = mv->f_seen;
  int *fd = mv->fd, *queue = mv->fq;
  /* passable (), with the hero budget as it stands for the whole flood */
  guint8 closed = s->disp >= s->budget ? STEP_DISPLACE : STEP_NO;
  int head = 0, tail = 0, count = 0;
  gboolean goal_seen = FALSE, answer = FALSE;

  seen[cur] = stamp;
  fd[cur] = 0;
  queue[tail++] = cur;
  while (head < tail)
    {
      int c = queue[head++];

      if (c == goal)
        continue;   /* the move ends there: nothing lies beyond it */
      for (int d = 0; d < 6; d++)
        {
          int x = nb[c * 6 + d];

          if (x < 0 || cls[x] == STEP_NO || cls[x] == closed || on[x] == on_route ||
              seen[x] == stamp)
            continue;
          seen[x] = stamp;
          fd[x] = fd[c] + 1;
          queue[tail++] = x;
          count++;
          if (x == goal)
            {
              if (fd[x] > r)
                goto done;
              goal_seen = TRUE;
            }
          if (goal_seen && count >= r)
            {
              answer = TRUE;
              goto done;
            }
        }
    }
done:
  s->work += head;
  return answer;
}

/* Hexes that may lie on a route from the root to the goal: @v's subtree in
 * a depth-first tree, less the parts hanging off a cut hex away from the
 * goal (a route that went in could never come out). Tarjan's low links. */
static int
usable_hexes (Search *s, int v, int root, int *clock, gboolean *has_goal)
{
  SpkMovement *mv = s->mv;
  int use = 1;

  s->work++;
  mv->f_seen[v] = mv->f_stamp;
  mv->fd[v] = mv->fp[v] = (*clock)++;
  *has_goal = v == s->goal;
  for (int d = 0; d < 6; d++)
    {
      int x = mv->nb[v * 6 + d];
      gboolean goal_below;
      int below;

      if (!passable (s, x) && x != root)
        continue;
      if (x != root && route_has (mv, x))
        continue;
      if (mv->f_seen[x] == mv->f_stamp)
        {
          mv->fp[v] = MIN (mv->fp[v], mv->fd[x]);
          continue;
        }
      below = usable_hexes (s, x, root, clock, &goal_below);
      mv->fp[v] = MIN (mv->fp[v], mv->fp[x]);
      if (goal_below)
        *has_goal = TRUE;
      else if (mv->fp[x] >= mv->fd[v])
        continue;
      use += below;
    }
  return use;
}

static gboolean
room_for (Search *s, int cur, int r)
{
  int clock = 0;
  gboolean has_goal;

  next_stamp (&s->mv->f_stamp, s->mv->f_seen, s->mv->n);
  return usable_hexes (s, cur, cur, &clock, &has_goal) - 1 >= r && has_goal;
}

static int
onward (SpkMovement *mv, int x)
{
  int free = 0;

  for (int d = 0; d < 6; d++)
    {
      int y = mv->nb[x * 6 + d];
      if (y >= 0 && cls_of (mv, y) != STEP_NO && !route_has (mv, y))
        free++;
    }
  return free;
}

/* Depth first from route[depth]; the neighbour with the fewest ways on is
 * tried first, which keeps long routes from cutting off room they need. */
static gboolean
route_dfs (Search *s, int depth)
{
  SpkMovement *mv = s->mv;
  int cur = s->route[depth], r = s->goal_k - depth;
  int order[6], key[6], n = 0;

  if (r == 0)
    return cur == s->goal;
  if (++s->work > SEARCH_WORK_LIMIT)
    s->out_of_work = TRUE;
  if (s->out_of_work)
    return FALSE;
  /* Pruning pays only where a wrong turn costs more than the check: the
   * flood from here for routes of 4 steps or more, the cut-hex count
   * (which walks the whole area) from 6. */
  if (r >= 4 && (!room_left (s, cur, r) || (r >= 6 && !room_for (s, cur, r))))
    return FALSE;
  for (int d = 0; d < 6; d++)
    {
      int x = mv->nb[cur * 6 + d], kx, i;

      if (x < 0 || cls_of (mv, x) == STEP_NO || route_has (mv, x) || goal_distance (mv, x) > r - 1 ||
          (x == s->goal) != (r == 1) ||
          (cls_of (mv, x) == STEP_DISPLACE && s->disp >= s->budget))
        continue;
      kx = onward (mv, x);
      for (i = n; i > 0 && key[i - 1] > kx; i--)
        {
          key[i] = key[i - 1];
          order[i] = order[i - 1];
        }
      key[i] = kx;
      order[i] = x;
      n++;
    }
  for (int i = 0; i < n; i++)
    {
      int x = order[i];
      gboolean displaces = cls_of (mv, x) == STEP_DISPLACE;

      mv->on[x] = mv->on_stamp;
      s->route[depth + 1] = x;
      s->disp += displaces;
      if (route_dfs (s, depth + 1))
        return TRUE;
      s->disp -= displaces;
      mv->on[x] = 0;
      if (s->out_of_work)
        break;
    }
  return FALSE;
}

/* The direction from @a to its neighbour @b. */
static int
direction_to (const SpkMovement *mv, int a, int b)
{
  int d = 0;

  while (mv->nb[a * 6 + d] != b)
    d++;
  return d;
}

/* Shortest ways from @start within @m steps that displace nobody, shared
 * by every route_build () of one search. TRUE when no hero to displace is
 * in reach: then every move of up to @m steps stays on the tree. */
static gboolean
start_tree (Search *s, int start, int m)
{
  SpkMovement *mv = s->mv;
  guint32 stamp = next_stamp (&mv->t_stamp, mv->t_seen, mv->n);
  /* Locals, as the stores below could otherwise alias every field of mv. */
  const int *nb = mv->nb;
  const guint8 *cls = mv->cls;
  guint32 *seen = mv->t_seen;
  int *td = mv->td, *tp = mv->tp, *tree = mv->tree;
  guint8 *tdir = mv->tdir;
  int head = 0, tail = 0;
  gboolean closed = TRUE;

  seen[start] = stamp;
  td[start] = 0;
  tree[tail++] = start;
  while (head < tail)
    {
      int c = tree[head++], dc = td[c];

      if (dc >= m)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int x = nb[c * 6 + d];

          if (x < 0 || cls[x] == STEP_NO || seen[x] == stamp)
            continue;
          if (cls[x] == STEP_DISPLACE)
            {
              closed = FALSE;
              continue;
            }
          seen[x] = stamp;
          td[x] = dc + 1;
          tp[x] = c;
          tdir[x] = (guint8) d;
          tree[tail++] = x;
        }
    }
  mv->n_tree = tail;
  mv->tree_closed = closed;
  return closed;
}

/* The quick way to a route of exactly k steps that displaces nobody: a
 * shortest one, lengthened one step at a time by going round a hex next to
 * two consecutive hexes of it. FALSE when that does not get there; only the
 * depth-first search can then tell. */
static gboolean
route_build (Search *s, int goal, int k)
{
  /* The grid's neighbours are hexes, its directions in turn round the hex:
   * the hexes next to both ends of a step in direction d are those in
   * directions d - 1 and d + 1, tried in direction order; from such a hex
   * the far end lies in the direction turned the other way. */
  static const int side[6][2] = { { 1, 5 }, { 0, 2 }, { 1, 3 }, { 2, 4 }, { 3, 5 }, { 0, 4 } };
  static const int onward[6][2] = { { 5, 1 }, { 2, 0 }, { 3, 1 }, { 4, 2 }, { 5, 3 }, { 4, 0 } };
  SpkMovement *mv = s->mv;
  const int *nb = mv->nb, *tp = mv->tp;
  const guint8 *cls = mv->cls, *tdir = mv->tdir;
  guint32 *on = mv->on, stamp;
  /* The route as a list while it grows: hex, the next entry (-1 after the
   * goal) and the direction to it. Entry 0 is the start. */
  int cell[MAX_STEPS + 1], next[MAX_STEPS + 1], dir[MAX_STEPS + 1];
  int len, at = 0;

  if (mv->t_seen[goal] != mv->t_stamp || mv->td[goal] > k)
    return FALSE;
  len = mv->td[goal];
  stamp = next_stamp (&mv->on_stamp, on, mv->n);
  next[len] = -1;
  cell[0] = goal;
  for (int j = len, x = goal; j > 0; j--, x = tp[x])
    {
      cell[j] = x;
      on[x] = stamp;
      next[j - 1] = j;
      dir[j - 1] = tdir[x];
      cell[0] = tp[x];
    }
  on[cell[0]] = stamp;
  while (len < k)
    {
      gboolean grown = FALSE;

      /* Round the steps from the one after the last detour. */
      for (int t = 0, a = at; t < len && !grown; t++, a = next[next[a]] >= 0 ? next[a] : 0)
        {
          int u = cell[a], v = cell[next[a]], dv = dir[a];

          for (int j = 0; j < 2; j++)
            {
              int w = nb[u * 6 + side[dv][j]], e;

              if (w < 0 || (cls[w] != STEP_FREE && cls[w] != STEP_THROUGH) || on[w] == stamp)
                continue;
              e = onward[dv][j];
              if (nb[w * 6 + e] != v)
                e = direction_to (mv, w, v);
              len++;
              cell[len] = w;
              next[len] = next[a];
              dir[len] = e;
              next[a] = len;
              dir[a] = side[dv][j];
              on[w] = stamp;
              at = len;
              grown = TRUE;
              break;
            }
        }
      if (!grown)
        return FALSE;
    }
  for (int j = 0, x = 0; x >= 0; j++, x = next[x])
    s->route[j] = cell[x];
  s->disp = 0;
  return TRUE;
}

static gboolean
route_search (Search *s, int start, int budget)
{
  SpkMovement *mv = s->mv;

  next_stamp (&mv->on_stamp, mv->on, mv->n);
  mv->on[start] = mv->on_stamp;
  s->route[0] = start;
  s->budget = budget;
  s->disp = 0;
  goal_distances (s, s->goal, s->goal_k);
  return route_dfs (s, 0);
}

/* find_route () where route_build () gave up. */
static RouteAnswer
search_route (Search *s, int start, int goal, int k)
{
  int best[MAX_STEPS + 1], found;

  if (s->out_of_work)
    return ROUTE_UNKNOWN;
  s->goal = goal;
  s->goal_k = k;
  if (!route_search (s, start, G_MAXINT))
    return s->out_of_work ? ROUTE_UNKNOWN : ROUTE_NONE;
  found = s->disp;
  memcpy (best, s->route, sizeof (int) * (gsize) (k + 1));
  for (int budget = 0; budget < found && !s->out_of_work; budget++)
    if (route_search (s, start, budget))
      return ROUTE_FOUND;
  memcpy (s->route, best, sizeof (int) * (gsize) (k + 1));
  s->disp = found;
  return ROUTE_FOUND;
}

/* Is there a move of exactly @k steps from @start ending on @goal? If so,
 * s->route holds one that displaces as few heroes as any such move (as
 * few as the search found when the work limit cut it short). ROUTE_UNKNOWN
 * when the work limit came before an answer. */
static RouteAnswer
find_route (Search *s, int start, int goal, int k)
{
  return route_build (s, goal, k) ? ROUTE_FOUND : search_route (s, start, goal, k);
}

/* A walk of exactly @k steps from the start to @goal that never steps
 * straight back, read off walk_reach (): the example route of an option
 * the exact search could not settle (ruling M-16). It may cross itself. */
static gboolean
steps_onto (const SpkMovement *mv, int p, int j, int x, int next)
{
  guint8 here = mv->walk[j * mv->n + p];

  if (here == 0 || p == next)
    return FALSE;
  for (int d = 0; d < 6; d++)
    if (mv->nb[p * 6 + d] == x && (here & ~(1u << d)) != 0)
      return TRUE;
  return FALSE;
}

static void
walk_route (Search *s, int goal, int k)
{
  SpkMovement *mv = s->mv;
  int x = goal, next = -1;

  s->route[k] = goal;
  for (int j = k; j > 0; j--)
    {
      int p = -1;

      /* walk_reach () stepped onto x from some hex walked j - 1 steps,
       * not back from the hex after x; the grid's neighbours are
       * symmetric, so look there first. */
      for (int e = 0; e < 6 && p < 0; e++)
        if (mv->nb[x * 6 + e] >= 0 && steps_onto (mv, mv->nb[x * 6 + e], j - 1, x, next))
          p = mv->nb[x * 6 + e];
      for (int c = 0; c < mv->n && p < 0; c++)
        if (steps_onto (mv, c, j - 1, x, next))
          p = c;
      g_assert (p >= 0);
      next = x;
      x = p;
      s->route[j - 1] = x;
    }
}

/* lat_disp[k * n + c]: fewest heroes displaced by a walk of k steps from
 * @start to c (FAR: none), lat_from the hex before c on it. */
static void
lateral_walks (Search *s, int start, int m)
{
  SpkMovement *mv = s->mv;
  int n = mv->n;

  for (gsize i = 0; i < (gsize) (m + 1) * (gsize) n; i++)
    mv->lat_disp[i] = FAR;
  mv->lat_disp[start] = 0;
  for (int k = 0; k < m; k++)
    {
      const int *here = &mv->lat_disp[k * n];
      int *next = &mv->lat_disp[(k + 1) * n];
      int *from = &mv->lat_from[(k + 1) * n];

      for (int c = 0; c < n; c++)
        {
          if (here[c] >= FAR)
            continue;
          for (int d = 0; d < 6; d++)
            {
              int x = mv->nb[c * 6 + d], v;

              if (x < 0 || cls_of (mv, x) == STEP_NO)
                continue;
              v = here[c] + (cls_of (mv, x) == STEP_DISPLACE);
              if (v < next[x])
                {
                  next[x] = v;
                  from[x] = c;
                }
            }
        }
    }
}

/* ---- results ------------------------------------------------------------ */

/* An answer holds hundreds of small blocks (its options and sentences);
 * they are cut from a few larger ones that go with the answer, which
 * saves a malloc () and a free () each. */
typedef struct Chunk Chunk;
struct Chunk {
  Chunk *next;
  gsize  used;
  gsize  size;
};

typedef struct {
  SpkMoveResult pub;
  Chunk        *chunks;
  GPtrArray    *no_displaced; /* the one its options borrow */
  /* The sentences while the answer is put together, in its memory; the
   * explanation array is made from them once, by result_finish (). */
  char        **line;
  guint         n_line;
  guint         line_room;
} Result;

#define CHUNK_FIRST 4096
#define CHUNK_LARGEST 65536

/* A new chunk with room for @size bytes. */
G_GNUC_NO_INLINE static Chunk *
result_grow (Result *r, gsize size)
{
  Chunk *chunk = r->chunks;
  gsize room = chunk == NULL ? CHUNK_FIRST : MIN (chunk->size * 2, CHUNK_LARGEST);

  chunk = g_malloc (sizeof (Chunk) + MAX (room, size));
  chunk->next = r->chunks;
  chunk->used = 0;
  chunk->size = MAX (room, size);
  r->chunks = chunk;
  return chunk;
}

static inline gpointer
result_alloc (SpkMoveResult *res, gsize size)
{
  Result *r = (Result *) res;
  Chunk *chunk = r->chunks;
  gpointer p;

  size = (size + 7) & ~(gsize) 7;
  if (G_UNLIKELY (chunk == NULL || chunk->size - chunk->used < size))
    chunk = result_grow (r, size);
  p = (char *) (chunk + 1) + chunk->used;
  chunk->used += size;
  return p;
}

/* Room for a sentence of up to @size bytes, written in place: the next
 * result_alloc () or result_take () cuts from the same place. */
static inline char *
result_room (SpkMoveResult *res, gsize size)
{
  Result *r = (Result *) res;
  Chunk *chunk = r->chunks;

  if (G_UNLIKELY (chunk == NULL || chunk->size - chunk->used < size))
    chunk = result_grow (r, size);
  return (char *) (chunk + 1) + chunk->used;
}

/* Twice the room for sentences. */
G_GNUC_NO_INLINE static void
result_more_lines (SpkMoveResult *res)
{
  Result *r = (Result *) res;
  char **room;

  r->line_room = MAX (32, 2 * r->line_room);
  room = result_alloc (res, sizeof (char *) * r->line_room);
  if (r->n_line > 0)
    memcpy (room, r->line, sizeof (char *) * r->n_line);
  r->line = room;
}

static inline void
result_add_line (SpkMoveResult *res, char *line)
{
  Result *r = (Result *) res;

  if (G_UNLIKELY (r->n_line == r->line_room))
    result_more_lines (res);
  r->line[r->n_line++] = line;
}

/* Keeps the first @len bytes and a NUL of what result_room () gave as a
 * sentence of @res. */
static void
result_take (SpkMoveResult *res, gsize len)
{
  Chunk *chunk = ((Result *) res)->chunks;
  char *line = (char *) (chunk + 1) + chunk->used;

  line[len] = '\0';
  chunk->used += (len + 1 + 7) & ~(gsize) 7;
  result_add_line (res, line);
}

/* Gives @res its explanation array, of the sentences said. */
static void
result_finish (SpkMoveResult *res)
{
  Result *r = (Result *) res;

  res->explanation = g_ptr_array_new_full (r->n_line, NULL);
  if (r->n_line > 0)
    {
      g_ptr_array_set_size (res->explanation, (gint) r->n_line);
      memcpy (res->explanation->pdata, r->line, sizeof (char *) * r->n_line);
    }
}

/* Adds the @len bytes of @text as a sentence of @res. */
static void
add_line (SpkMoveResult *res, const char *text, gsize len)
{
  char *line = result_alloc (res, len + 1);

  memcpy (line, text, len);
  line[len] = '\0';
  result_add_line (res, line);
}

/* add_line () for a sentence that was put together elsewhere; frees it. */
static void
add_line_free (SpkMoveResult *res, char *text)
{
  add_line (res, text, strlen (text));
  g_free (text);
}

/* The struct belongs to the result it came from, which frees it. */
void
spk_move_destination_free (SpkMoveDestination *dst)
{
  /* An empty array is the one the result lends (see no_displaced). */
  if (dst == NULL || dst->displaces->len == 0)
    return;
  g_ptr_array_unref (dst->displaces);
}

void
spk_move_result_free (SpkMoveResult *res)
{
  Chunk *chunk;

  if (res == NULL)
    return;
  g_free (res->chip);
  g_ptr_array_unref (res->destinations);
  g_clear_pointer (&res->explanation, g_ptr_array_unref);
  g_ptr_array_unref (((Result *) res)->no_displaced);
  chunk = ((Result *) res)->chunks;
  while (chunk != NULL)
    {
      Chunk *next = chunk->next;

      g_free (chunk);
      chunk = next;
    }
  g_free (res);
}

void
spk_order_tier_free (SpkOrderTier *tier)
{
  if (tier == NULL)
    return;
  g_ptr_array_unref (tier->chips);
  g_free (tier);
}

const SpkMoveDestination *
spk_move_result_find (const SpkMoveResult *res, SpkHex hex)
{
  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);
      if (spk_hex_equal (dst->hex, hex))
        return dst;
    }
  return NULL;
}

static SpkMoveResult *
result_new (SpkMovement *mv, const SpkChip *chip)
{
  Result *r = g_new0 (Result, 1);
  SpkMoveResult *res = &r->pub;

  r->no_displaced = g_ptr_array_ref (mv->no_displaced);
  res->chip = g_strdup (chip->id);
  res->kind = chip->kind;
  res->start_distance = SPK_MOVEMENT_UNREACHABLE;
  /* Room for the options of a typical answer, grown once at most. */
  res->destinations = g_ptr_array_new_full (32, (GDestroyNotify) spk_move_destination_free);
  for (guint i = 0; i < chip->talents->len; i++)
    res->range = MAX (res->range, spk_talent_range (g_ptr_array_index (chip->talents, i)));
  return res;
}

/* put_uint () for any number. */
G_GNUC_NO_INLINE static char *
put_digits (char *p, unsigned int u)
{
  char digits[12];
  int n = 0;

  do
    digits[n++] = (char) ('0' + u % 10);
  while ((u /= 10) > 0);
  while (n > 0)
    *p++ = digits[--n];
  return p;
}

/* Writes @u in decimal at @p; returns the end. Most numbers here are
 * steps and coordinates, one or two digits. */
static inline char *
put_uint (char *p, unsigned int u)
{
  if (u < 10)
    {
      *p = (char) ('0' + u);
      return p + 1;
    }
  if (u < 100)
    {
      p[0] = (char) ('0' + u / 10);
      p[1] = (char) ('0' + u % 10);
      return p + 2;
    }
  return put_digits (p, u);
}

static inline char *
put_int (char *p, int v)
{
  if (v < 0)
    *p++ = '-';
  return put_uint (p, v < 0 ? 0u - (unsigned int) v : (unsigned int) v);
}

static char *
put_text (char *p, const char *text, gsize len)
{
  memcpy (p, text, len);
  return p + len;
}

/* What vsnprintf () writes into @line for a @format of plain %d, %u, %s
 * and %%, as every sentence here has in the source language: the length,
 * or -1 when @format holds anything else (a translation may number its
 * arguments) or the text does not fit. */
static int
plain_vformat (char *line, gsize size, const char *format, va_list ap)
{
  char *p = line, *end = line + size - 12;   /* room for a number and NUL */

  for (const char *f = format;; f += 2)
    {
      const char *pc = strchrnul (f, '%'), *text;
      gsize len = (gsize) (pc - f);

      if (p >= end || len >= (gsize) (end - p))
        return -1;
      p = put_text (p, f, len);
      if (*pc == '\0')
        break;
      f = pc;
      switch (f[1])
        {
        case 'd':
          p = put_int (p, va_arg (ap, int));
          break;
        case 'u':
          p = put_uint (p, va_arg (ap, unsigned int));
          break;
        case 's':
          text = va_arg (ap, const char *);
          text = text != NULL ? text : "(null)";
          len = strlen (text);
          if (p >= end || len >= (gsize) (end - p))
            return -1;
          p = put_text (p, text, len);
          break;
        case '%':
          *p++ = '%';
          break;
        default:
          return -1;
        }
    }
  *p = '\0';
  return (int) (p - line);
}

/* Room for a sentence made without printf; longer ones go to the heap. */
#define SENTENCE_ROOM 256

/* A part of a sentence: written into @line (SENTENCE_ROOM bytes) when it fits,
 * else into *@spill, which the caller frees. */
G_GNUC_PRINTF (3, 4)
static const char *
line_format (char *line, char **spill, const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  if (plain_vformat (line, SENTENCE_ROOM, format, ap) < 0)
    {
      va_end (ap);
      va_start (ap, format);
      line = *spill = g_strdup_vprintf (format, ap);
    }
  va_end (ap);
  return line;
}

G_GNUC_PRINTF (2, 3)
static void
say (SpkMoveResult *res, const char *format, ...)
{
  va_list ap, copy;
  int len;

  va_start (ap, format);
  va_copy (copy, ap);
  len = plain_vformat (result_room (res, SENTENCE_ROOM), SENTENCE_ROOM, format, copy);
  va_end (copy);
  if (len >= 0)
    result_take (res, (gsize) len);
  else
    add_line_free (res, g_strdup_vprintf (format, ap));
  va_end (ap);
}

/* TR (mv, _("...")) and TRN (mv, n, g_dngettext (..., n)): the
 * translation, asked of the catalogue once per context and call site (per
 * count, for counts below TR_FORMS) instead of once per sentence. Each use
 * takes its own slot from __COUNTER__. The call stays in the source, where
 * xgettext finds it and the compiler checks each sentence's arguments
 * against it: tr_checked () and tr_keep () carry its format attribute to
 * the cached text. */
enum { TR_FIRST = __COUNTER__ + 1 };

/* Makes room for the form of count @n in @slot; FALSE, so TR_AT () reads
 * on. */
static gboolean
tr_grow (SpkMovement *mv, int slot, guint n)
{
  mv->tr[slot] = g_renew (const char *, mv->tr[slot], n + 1);
  for (guint i = mv->tr_n[slot]; i <= n; i++)
    mv->tr[slot][i] = NULL;
  mv->tr_n[slot] = (guint8) (n + 1);
  return FALSE;
}

G_GNUC_FORMAT (2)
static inline const char *
tr_checked (const char *cached, const char *format)
{
  (void) format;   /* never read: (0 ? call : NULL) */
  return cached;
}

G_GNUC_FORMAT (2)
static inline const char *
tr_keep (const char **slot, const char *format)
{
  *slot = format;
  return format;
}

#define TR_AT(mv, i, n, call) \
  ((guint) (n) >= TR_FORMS ? (call) : \
   (guint) (n) >= (mv)->tr_n[i] && tr_grow (mv, i, n) ? (call) : \
   (mv)->tr[i][n] != NULL ? tr_checked ((mv)->tr[i][n], 0 ? (call) : NULL) : \
   tr_keep (&(mv)->tr[i][n], (call)))
#define TRN(mv, n, call) TR_AT (mv, __COUNTER__ - TR_FIRST, n, call)
#define TR(mv, call) TRN (mv, 0, call)

static const SpkChip *
chip_at (const SpkMovement *mv, int c)
{
  return mv->occ_chip[c] >= 0 ? g_ptr_array_index (mv->board->chips, mv->occ_chip[c]) : NULL;
}

static const char *
chip_name (const SpkChip *chip)
{
  return chip->name != NULL && chip->name[0] != '\0' ? chip->name : chip->id;
}

/* "the Treed at (2,-1)" or, for heroes, "Dywen at (1,0)". */
static char *
describe_chip_at (SpkMovement *mv, int c)
{
  const SpkChip *chip = chip_at (mv, c);
  SpkHex h = spk_grid_cell (mv->grid, c)->hex;

  if (chip == NULL)
    return g_strdup_printf ("(%d,%d)", h.q, h.r);
  if (chip->kind == SPK_CHIP_HERO)
    /* Translators: a hero's name and its hex */
    return g_strdup_printf (TR (mv, _("%s at (%d,%d)")), chip_name (chip), h.q, h.r);
  /* Translators: a minion, spire or landmark name and its hex */
  return g_strdup_printf (TR (mv, _("the %s at (%d,%d)")), chip_name (chip), h.q, h.r);
}

static const char *
faction_name (const SpkBoard *board, const char *id)
{
  const SpkFaction *f = spk_board_find_faction (board, id);

  return f != NULL && f->name != NULL ? f->name : id;
}

static const char *
terrain_label (SpkMovement *mv, int terrain)
{
  switch (terrain)
    {
    case SPK_TERRAIN_PATH: return TR (mv, _("path"));
    case SPK_TERRAIN_PLAINS: return TR (mv, _("plains"));
    case SPK_TERRAIN_FOREST: return TR (mv, _("forest"));
    case SPK_TERRAIN_MOUNTAINS: return TR (mv, _("mountains"));
    case SPK_TERRAIN_WATER: return TR (mv, _("water"));
    default: return "?";
    }
}

/* An option whose example path is the cells of @a, then those of @b; its
 * path follows it in the answer's memory. */
static SpkMoveDestination *
destination_new (SpkMovement *mv, const int *a, int n_a, const int *b, int n_b, int distance)
{
  SpkMoveDestination *dst = result_alloc (mv->building,
                                          sizeof *dst + sizeof (SpkHex) * (gsize) (n_a + n_b));
  SpkHex *path = (SpkHex *) (dst + 1);
  const SpkHex *hex = mv->hex;

  for (int i = 0; i < n_a; i++)
    path[i] = hex[a[i]];
  for (int i = 0; i < n_b; i++)
    path[n_a + i] = hex[b[i]];
  dst->path = path;
  dst->n_path = (guint) (n_a + n_b);
  dst->displaces = mv->no_displaced;
  dst->hex = path[n_a + n_b - 1];
  dst->distance = public_dist (distance);
  return dst;
}

/* Heroes on the route of a minion are the ones it swapped with: those on
 * the @n_cells @cells, in order. */
static void
add_displaced (SpkMovement *mv, SpkMoveDestination *dst, const int *cells, int n_cells)
{
  for (int i = 0; i < n_cells; i++)
    {
      int c = cells[i], f = mv->occ_faction[c];

      if (!((mv->occ[c] == OCC_HERO || mv->occ[c] == OCC_HERO_INACTIVE) && mv->mover >= 0 &&
            f >= 0 && mv->friendly[mv->mover * mv->nf + f]))
        continue;
      if (dst->displaces->len == 0)
        dst->displaces = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (dst->displaces,
                       g_strdup (((SpkChip *) g_ptr_array_index (mv->board->chips, mv->occ_chip[c]))->id));
    }
}

static int
compare_destinations (gconstpointer pa, gconstpointer pb)
{
  const SpkMoveDestination *a = *(SpkMoveDestination *const *) pa;
  const SpkMoveDestination *b = *(SpkMoveDestination *const *) pb;
  int da = a->distance < 0 ? G_MAXINT : a->distance;
  int db = b->distance < 0 ? G_MAXINT : b->distance;

  if (da != db)
    return da < db ? -1 : 1;
  if (a->hex.r != b->hex.r)
    return a->hex.r < b->hex.r ? -1 : 1;
  return a->hex.q < b->hex.q ? -1 : (a->hex.q > b->hex.q);
}

/* g_ptr_array_sort () by compare_destinations (). While the options are
 * few and their numbers small, one integer per option orders them the same
 * way and ends in the option's place in @dests. The integers are put in
 * order of distance by counting, then sorted by insertion, which has little
 * left to move; then the options are put in their order. */
static void
sort_destinations (GPtrArray *dests)
{
  const int big = 1 << 11;
  guint64 key[64], sorted[G_N_ELEMENTS (key)];
  gpointer was[G_N_ELEMENTS (key)];
  guint at[G_N_ELEMENTS (key) + 1] = { 0 };
  gpointer *pdata = dests->pdata;
  guint n = dests->len;
  int low = big, high = 0;

  if (n > G_N_ELEMENTS (key))
    {
      g_ptr_array_sort (dests, compare_destinations);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      const SpkMoveDestination *dst = pdata[i];
      int d = dst->distance < 0 ? big : dst->distance;

      if (dst->distance >= big || ABS (dst->hex.q) >= big || ABS (dst->hex.r) >= big)
        {
          g_ptr_array_sort (dests, compare_destinations);
          return;
        }
      key[i] = (guint64) d << 40 | (guint64) (dst->hex.r + big) << 28 |
               (guint64) (dst->hex.q + big) << 16 | i;
      was[i] = pdata[i];
      low = MIN (low, d);
      high = MAX (high, d);
    }
  if (n > 0 && high - low < (int) G_N_ELEMENTS (key))
    {
      for (guint i = 0; i < n; i++)
        at[(key[i] >> 40) - (guint64) low + 1]++;
      for (int d = 1; d <= high - low; d++)
        at[d] += at[d - 1];
      for (guint i = 0; i < n; i++)
        sorted[at[(key[i] >> 40) - (guint64) low]++] = key[i];
    }
  else
    memcpy (sorted, key, sizeof (guint64) * n);
  for (guint i = 1; i < n; i++)
    {
      guint64 k = sorted[i];
      guint j = i;

      for (; j > 0 && k < sorted[j - 1]; j--)
        sorted[j] = sorted[j - 1];
      sorted[j] = k;
    }
  for (guint i = 0; i < n; i++)
    pdata[i] = was[sorted[i] & 0xffff];
}

/* What one search gave: the option set of its best rule, added to @dests
 * (the caller's), and its sentences, said to the answer being built. */
typedef struct {
  SpkMoveRule rule;
  int         k;
  GPtrArray  *dests;
  int         unproven;   /* options taken on the walk count (M-16) */
} Outcome;

static int
compare_blockers (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const int *dist = data;
  int a = *(const int *) pa, b = *(const int *) pb;

  if (dist[a] != dist[b])
    return dist[a] < dist[b] ? -1 : 1;
  return a < b ? -1 : (a > b);
}

static char *
blockers_text (SpkMovement *mv, const int *dist, int k)
{
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (int));
  GString *text = g_string_new (NULL);
  guint shown;

  for (guint i = 0; i < mv->blockers->len; i++)
    {
      int c = g_array_index (mv->blockers, int, i);
      if (mv->blk_depth[c] < k)
        g_array_append_val (list, c);
    }
  if (list->len == 0)
    return g_string_free (text, TRUE);
  g_array_sort_with_data (list, compare_blockers, (gpointer) dist);
  shown = MIN (list->len, 3);
  for (guint i = 0; i < shown; i++)
    {
      g_autofree char *one = describe_chip_at (mv, g_array_index (list, int, i));
      if (i > 0)
        g_string_append (text, i + 1 == shown && list->len == shown ? TR (mv, _(" and ")) : ", ");
      g_string_append (text, one);
    }
  if (list->len > shown)
    g_string_append_printf (text, TRN (mv, list->len - shown, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more", list->len - shown)),
                            list->len - shown);
  return g_string_free (text, FALSE);
}

/* A destination from @route (@k steps, start first); @prefix (may be
 * empty) is the way walked before the search started and ends on the
 * route's start. */
static SpkMoveDestination *
route_destination (SpkMovement *mv, const int *dist, const int *route, int k,
                   const int *prefix, int n_prefix)
{
  int skip = n_prefix > 0;   /* the route starts where the prefix ends */
  SpkMoveDestination *dst = destination_new (mv, prefix, n_prefix, route + skip, k + 1 - skip,
                                             dist[route[k]]);

  /* The hexes it enters: all but the first of the path. */
  if (mv->tree_closed)
    return dst;
  if (n_prefix > 0)
    add_displaced (mv, dst, prefix + 1, n_prefix - 1);
  add_displaced (mv, dst, route + 1, k);
  return dst;
}

static void
say_unproven (SpkMovement *mv, int unproven, int k)
{
  /* Translators: ruling M-16; %d is a number of end hexes, then of steps */
  say (mv->building, TRN (mv, unproven, g_dngettext (GETTEXT_PACKAGE,
                                   "The route search reached its work limit: %d end hex is counted on a walk of %d steps that never steps straight back; that no route re-enters a hex is not checked there.",
                                   "The route search reached its work limit: %d end hexes are counted on walks of %d steps that never step straight back; that no route re-enters a hex is not checked there.",
                                   unproven)),
       unproven, k);
}

static gboolean
is_candidate (const Search *s, int c, int start_dist)
{
  return s->dist[c] < start_dist && cls_of (s->mv, c) != STEP_THROUGH;
}

/* Options on their way to an array, added a batch at a time. */
typedef struct {
  GPtrArray *to;
  guint      n;
  gpointer   item[64];
} Batch;

static void
batch_flush (Batch *b)
{
  guint at = b->to->len;

  if (b->n == 0)
    return;
  g_ptr_array_set_size (b->to, (gint) (at + b->n));
  memcpy (&b->to->pdata[at], b->item, sizeof (gpointer) * b->n);
  b->n = 0;
}

static void
add_option (Search *s, RouteAnswer answer, int c, int k, const int *prefix, int n_prefix,
            Batch *dests)
{
  if (answer == ROUTE_UNKNOWN)
    {
      walk_route (s, c, k);
      s->unproven++;
    }
  if (dests->n == G_N_ELEMENTS (dests->item))
    batch_flush (dests);
  dests->item[dests->n++] = route_destination (s->mv, s->dist, s->route, k, prefix, n_prefix);
}

/* Adds the progress options of exactly @k steps to @dests; returns how
 * many. Each hex a walk of k steps reaches is decided by find_route (), in
 * walk order. While *@walked is FALSE the walk count is not made yet, and
 * the start tree holds every hex in reach: a route built there settles a
 * hex (such a route is a walk), and only the hexes it leaves open need the
 * walk count and the exact search, still in walk order, so the work limit
 * falls where it always did. */
static guint
progress_batch (Search *s, int start, int start_dist, int m, int k, gboolean *walked,
                const int *prefix, int n_prefix, Batch *dests)
{
  SpkMovement *mv = s->mv;
  guint found = 0, open = 0;
  guint32 stamp = 0;

  if (!*walked)
    {
      stamp = next_stamp (&mv->miss_stamp, mv->miss, mv->n);
      for (int i = 1; i < mv->n_tree && mv->td[mv->tree[i]] <= k; i++)
        {
          int c = mv->tree[i];

          if (!is_candidate (s, c, start_dist))
            continue;
          if (route_build (s, c, k))
            {
              add_option (s, ROUTE_FOUND, c, k, prefix, n_prefix, dests);
              found++;
            }
          else
            {
              mv->miss[c] = stamp;
              open++;
            }
        }
      if (open == 0)
        return found;
      walk_reach (s, start, m);
      *walked = TRUE;
    }
  for (int i = mv->walked_at[k]; i < mv->walked_at[k + 1]; i++)
    {
      int c = mv->walked[i] - k * mv->n;
      RouteAnswer answer;

      if (!is_candidate (s, c, start_dist))
        continue;
      if (stamp != 0)
        {
          if (mv->miss[c] != stamp)
            continue;
          answer = search_route (s, start, c, k);
        }
      else
        answer = find_route (s, start, c, k);
      if (answer == ROUTE_NONE)
        continue;
      add_option (s, answer, c, k, prefix, n_prefix, dests);
      found++;
    }
  return found;
}

/* progress_batch () into @dests. */
static guint
progress_options (Search *s, int start, int start_dist, int m, int k, gboolean *walked,
                  const int *prefix, int n_prefix, GPtrArray *dests)
{
  Batch batch;
  guint found;

  batch.to = dests;
  batch.n = 0;
  found = progress_batch (s, start, start_dist, m, k, walked, prefix, n_prefix, &batch);
  batch_flush (&batch);
  return found;
}

static void
evaluate_classified (Search *s, int start, int start_dist, int m, const int *prefix, int n_prefix,
                     gboolean explain, gboolean lateral, Outcome *out)
{
  SpkMovement *mv = s->mv;
  const int *dist = s->dist;
  int n = mv->n;
  SpkMoveResult *res = mv->building;
  gboolean walked;
  guint base;

  walked = !start_tree (s, start, m);
  if (walked)
    walk_reach (s, start, m);
  mv->mover = s->faction;

  out->rule = SPK_MOVE_RULE_NONE;
  out->k = 0;
  out->unproven = 0;
  s->unproven = 0;
  base = out->dests->len;

  for (int k = m; k >= 1; k--)
    {
      guint found = progress_options (s, start, start_dist, m, k, &walked, prefix, n_prefix, out->dests);

      if (found > 0)
        {
          out->rule = SPK_MOVE_RULE_PROGRESS;
          out->k = k;
          out->unproven = s->unproven;
          if (explain && s->unproven > 0)
            say_unproven (mv, s->unproven, k);
          if (explain)
            {
              char line[SENTENCE_ROOM];
              g_autofree char *spill = NULL;
              const char *steps = line_format (line, &spill, TRN (mv, k, g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps", k)), k);

              /* Translators: the first %s is "N steps" */
              say (res, TRN (mv, found, g_dngettext (GETTEXT_PACKAGE, "%s: %u end hex is closer to the mark; the move must end there.",
                                                     "%s: %u end hexes are closer to the mark; the move must end on one of them.",
                                                     found)),
                   steps, found);
            }
          break;
        }
      if (explain)
        {
          g_autofree char *who = NULL;
          char line[SENTENCE_ROOM];
          g_autofree char *spill = NULL;
          const char *steps;

          /* Only a step count with no option needs them, so most answers
           * never look for blockers. */
          if (k == m)
            find_blockers (s, start, m, start_dist - 1);
          who = blockers_text (mv, dist, k);
          steps = line_format (line, &spill, TRN (mv, k, g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps", k)), k);

          if (who != NULL)
            /* Translators: "2 steps: blocked by the Treed at (2,-1)." */
            say (res, TR (mv, _("%s: blocked by %s.")), steps, who);
          else
            say (res, TR (mv, _("%s: no end hex is closer to the mark than the start.")), steps);
        }
    }

  if (out->rule == SPK_MOVE_RULE_PROGRESS || !lateral)
    return;

  /* Lateral: every end as close as the start, any number of steps; per hex
   * the route with the fewest displaced heroes, then fewest steps. */
  lateral_walks (s, start, m);
  for (int c = 0; c < n; c++)
    {
      int best_k = 0;

      if (dist[c] != start_dist || cls_of (mv, c) == STEP_NO || cls_of (mv, c) == STEP_THROUGH)
        continue;
      for (int k = 1; k <= m; k++)
        if (mv->lat_disp[k * n + c] < FAR &&
            (best_k == 0 || mv->lat_disp[k * n + c] < mv->lat_disp[best_k * n + c]))
          best_k = k;
      if (best_k == 0)
        continue;
      for (int k = best_k, x = c; k >= 0; k--)
        {
          s->route[k] = x;
          if (k > 0)
            x = mv->lat_from[k * n + x];
        }
      g_ptr_array_add (out->dests, route_destination (mv, dist, s->route, best_k, prefix, n_prefix));
    }
  out->rule = out->dests->len > base ? SPK_MOVE_RULE_LATERAL : SPK_MOVE_RULE_NONE;
}

/* Minion Movement steps 2-5 from @start: progress at the largest step
 * count, else (with @lateral) the lateral options. */
static void
evaluate (Search *s, int start, int start_dist, int m, const int *prefix, int n_prefix,
          gboolean explain, gboolean lateral, Outcome *out)
{
  ensure_depth (s->mv, m);
  classify (s, start);
  evaluate_classified (s, start, start_dist, m, prefix, n_prefix, explain, lateral, out);
  declassify (s->mv);
}

static gboolean
has_inactive_friendly_hero (const SpkMovement *mv, int faction)
{
  return faction >= 0 && mv->inactive_friend[faction];
}

/* The sentences said once per option, most of an answer's text. Where the
 * message catalogue leaves one as it is, it is put together without printf
 * (the catalogue is asked once per context, see plain_lines ()). */
#define LINE_STEPS N_("(%d,%d): %d steps from the mark.")
#define LINE_NO_ROUTE N_("(%d,%d): no route to the mark from there.")

enum {
  PLAIN_ASKED    = 1 << 0,
  PLAIN_STEPS    = 1 << 1,
  PLAIN_NO_ROUTE = 1 << 2,
};

static guint
plain_lines (SpkMovement *mv)
{
  if (mv->plain == 0)
    mv->plain = PLAIN_ASKED |
                (strcmp (_(LINE_STEPS), LINE_STEPS) == 0 ? PLAIN_STEPS : 0) |
                (strcmp (_(LINE_NO_ROUTE), LINE_NO_ROUTE) == 0 ? PLAIN_NO_ROUTE : 0);
  return mv->plain;
}

/* LINE_STEPS or, with a negative distance, LINE_NO_ROUTE, as printf would
 * write them untranslated. */
static void
plain_line (SpkMoveResult *res, const SpkMoveDestination *dst)
{
  static const char steps[] = " steps from the mark.";
  static const char no_route[] = "no route to the mark from there.";
  char *line = result_room (res, 64), *p = line;

  *p++ = '(';
  p = put_int (p, dst->hex.q);
  *p++ = ',';
  p = put_int (p, dst->hex.r);
  p = put_text (p, "): ", 3);
  if (dst->distance >= 0)
    {
      p = put_int (p, dst->distance);
      p = put_text (p, steps, sizeof steps - 1);
    }
  else
    p = put_text (p, no_route, sizeof no_route - 1);
  result_take (res, (gsize) (p - line));
}

static void
explain_destinations (SpkMovement *mv, SpkMoveResult *res)
{
  guint plain = plain_lines (mv);

  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);

      if (dst->displaces->len > 0)
        {
          g_autoptr(GString) ids = g_string_new (NULL);

          for (guint j = 0; j < dst->displaces->len; j++)
            {
              const SpkChip *hero = spk_board_find_chip (mv->board, g_ptr_array_index (dst->displaces, j));
              g_string_append_printf (ids, "%s%s", j > 0 ? ", " : "",
                                      hero != NULL ? chip_name (hero) : (char *) g_ptr_array_index (dst->displaces, j));
            }
          say (res, TR (mv, _("(%d,%d): %d steps from the mark; displaces %s.")),
               dst->hex.q, dst->hex.r, dst->distance, ids->str);
        }
      else if (plain & (dst->distance >= 0 ? PLAIN_STEPS : PLAIN_NO_ROUTE))
        plain_line (res, dst);
      else if (dst->distance >= 0)
        say (res, TR (mv, _(LINE_STEPS)), dst->hex.q, dst->hex.r, dst->distance);
      else
        say (res, TR (mv, _(LINE_NO_ROUTE)), dst->hex.q, dst->hex.r);
    }
}

static void
explain_talents (SpkMovement *mv, SpkMoveResult *res, const SpkChip *chip)
{
  for (guint i = 0; i < chip->talents->len; i++)
    {
      const char *t = g_ptr_array_index (chip->talents, i);

      if (spk_talent_range (t) > 0)
        say (res, TR (mv, _("%s: used for attacks, not for movement.")), t);
      else if (g_ascii_strcasecmp (t, "Flying") == 0)
        say (res, TR (mv, _("Flying: has no effect on movement.")));
      else if (g_ascii_strcasecmp (t, "Incorporeal") == 0)
        say (res, TR (mv, _("Incorporeal: may move through opposing units but not end on them.")));
      else if (g_ascii_strcasecmp (t, "Rooted") == 0)
        say (res, TR (mv, _("Rooted: while next to a spire it may stay instead of moving.")));
      else if (g_ascii_strcasecmp (t, "Impale") == 0)
        say (res, TR (mv, _("Impale: after the move, 1 damage to each opposing unit it newly stands next to.")));
      else
        say (res, TR (mv, _("%s: not evaluated; check this talent yourself.")), t);
    }
}

static void
minion_normal (SpkMovement *mv, SpkMoveResult *res, const SpkChip *chip, Search *s,
               int start, int start_dist, gboolean explain)
{
  Outcome first = { SPK_MOVE_RULE_NONE, 0, res->destinations, 0 };

  evaluate (s, start, start_dist, chip->movement, NULL, 0, explain, TRUE, &first);
  res->rule = first.rule;
  res->movement_used = first.rule == SPK_MOVE_RULE_PROGRESS ? first.k : 0;
  res->approximate = first.unproven > 0;

  if (first.rule != SPK_MOVE_RULE_PROGRESS && has_inactive_friendly_hero (mv, s->faction))
    {
      g_autoptr(GPtrArray) dests =
        g_ptr_array_new_with_free_func ((GDestroyNotify) spk_move_destination_free);
      Outcome second = { SPK_MOVE_RULE_NONE, 0, dests, 0 };
      Result *r = (Result *) res;
      guint said = r->n_line;

      s->displace_inactive = TRUE;
      evaluate (s, start, start_dist, chip->movement, NULL, 0, explain, FALSE, &second);
      s->displace_inactive = FALSE;
      if (second.rule == SPK_MOVE_RULE_PROGRESS)
        {
          if (explain)
            {
              /* Said before the sentences of the search that found it. */
              say (res, TR (mv, _("Only displacing an inactive friendly hero makes progress, so it is displaced.")));
              char *line = r->line[r->n_line - 1];

              memmove (&r->line[said + 1], &r->line[said], sizeof (char *) * (r->n_line - 1 - said));
              r->line[said] = line;
            }
          res->rule = SPK_MOVE_RULE_PROGRESS;
          res->movement_used = second.k;
          res->approximate = second.unproven > 0;
          g_ptr_array_set_size (res->destinations, 0);
          g_ptr_array_extend_and_steal (res->destinations, g_steal_pointer (&dests));
        }
      else
        r->n_line = said;
    }
  res->may_stay = res->rule != SPK_MOVE_RULE_PROGRESS;
  sort_destinations (res->destinations);
  if (explain)
    {
      if (res->rule == SPK_MOVE_RULE_LATERAL)
        say (res, TRN (mv, res->destinations->len, g_dngettext (GETTEXT_PACKAGE, "No move gets closer, so a lateral move is allowed: %u end hex is as close as the start. Staying is also allowed.",
                            "No move gets closer, so a lateral move is allowed: %u end hexes are as close as the start. Staying is also allowed.",
                            res->destinations->len)),
             res->destinations->len);
      else if (res->rule == SPK_MOVE_RULE_NONE)
        say (res, TR (mv, _("No move gets closer and no end hex is as close as the start, so it stays where it is.")));
      explain_destinations (mv, res);
    }
}

/* Rooted (R-talent-4): a minion standing next to a spire, any spire, may
 * stay where it is even when it could make progress. */
static void
minion_rooted (SpkMovement *mv, SpkMoveResult *res, const SpkChip *chip, int cell, gboolean explain)
{
  if (res->may_stay || !spk_chip_has_talent (chip, "Rooted"))
    return;
  for (int d = 0; d < 6; d++)
    {
      int n = mv->nb[cell * 6 + d];
      const SpkChip *spire;

      if (n < 0 || mv->occ_chip[n] < 0)
        continue;
      spire = g_ptr_array_index (mv->board->chips, mv->occ_chip[n]);
      if (spire->kind != SPK_CHIP_SPIRE)
        continue;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("Rooted: it stands next to %s, so it may also stay where it is.")), chip_name (spire));
      return;
    }
}

/* Breadth-first searches stamp what they touch instead of clearing arrays
 * the size of the board on every query. */
static void
bfs_begin (SpkMovement *mv)
{
  if (++mv->bfs_stamp == 0)
    {
      memset (mv->bfs_seen, 0, ((gsize) mv->n + 1) * sizeof (guint32));
      mv->bfs_stamp = 1;
    }
}

static int
bfs_depth_of (const SpkMovement *mv, int c)
{
  return mv->bfs_seen[c] == mv->bfs_stamp ? mv->bfs_depth[c] : -1;
}

static void
bfs_mark (SpkMovement *mv, int c, int depth, int parent)
{
  mv->bfs_seen[c] = mv->bfs_stamp;
  mv->bfs_depth[c] = depth;
  mv->bfs_parent[c] = parent;
}

static gboolean
valid_for_minion (const SpkMovement *mv, const int *dist, int c, int allowance)
{
  return mv->kind[c] == SPK_CELL_HEX && mv->terrain[c] <= allowance &&
         mv->occ[c] == OCC_NONE && dist[c] < FAR;
}

/* Invalid Hex recovery walks over unoccupied hexes of any terrain; how far
 * each such hex is from the nearest valid one depends only on the board and
 * the (mark, allowance) pair, so it is counted once, backwards from every
 * valid hex. */
static const int *
to_valid_map (SpkMovement *mv, int mark, int allowance)
{
  DistMap *map = (DistMap *) find_map (mv, mark, allowance);
  int head = 0, tail = 0;

  if (map->to_valid != NULL)
    return map->to_valid;
  map->to_valid = g_new (int, (gsize) mv->n + 1);
  for (int c = 0; c < mv->n; c++)
    {
      if (valid_for_minion (mv, map->dist, c, allowance))
        {
          map->to_valid[c] = 0;
          mv->queue[tail++] = c;
        }
      else
        map->to_valid[c] = FAR;
    }
  while (head < tail)
    {
      int c = mv->queue[head++];
      for (int d = 0; d < 6; d++)
        {
          int x = mv->nb[c * 6 + d];
          if (x < 0 || map->to_valid[x] < FAR || mv->kind[x] != SPK_CELL_HEX ||
              mv->occ[x] != OCC_NONE)
            continue;
          map->to_valid[x] = map->to_valid[c] + 1;
          mv->queue[tail++] = x;
        }
    }
  return map->to_valid;
}

/* Invalid Hex: reach a valid hex over the fewest unoccupied hexes of any
 * terrain, then use what is left to make progress from there. */
static void
minion_recover (SpkMovement *mv, SpkMoveResult *res, const SpkChip *chip, Search *s,
                int start, gboolean explain)
{
  const int *dist = s->dist;
  const int *to_valid = to_valid_map (mv, s->mark, s->allowance);
  int head = 0, tail = 0, best = FAR, m = chip->movement;
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GPtrArray) dests = NULL;

  for (int d = 0; d < 6; d++)
    {
      int x = mv->nb[start * 6 + d];
      if (x >= 0 && to_valid[x] + 1 < best)
        best = to_valid[x] + 1;
    }

  /* Walk only the shortest ways: a hex at depth d stays on one when the
   * nearest valid hex is best - d steps further. */
  bfs_begin (mv);
  bfs_mark (mv, start, 0, -1);
  mv->queue[tail++] = start;
  while (best < FAR && head < tail)
    {
      int c = mv->queue[head++];
      int dc = mv->bfs_depth[c];

      if (best > m && dc >= m)
        continue;   /* out of reach this turn */
      for (int d = 0; d < 6; d++)
        {
          int x = mv->nb[c * 6 + d];
          if (x < 0 || to_valid[x] != best - dc - 1 || bfs_depth_of (mv, x) >= 0)
            continue;
          bfs_mark (mv, x, dc + 1, c);
          if (to_valid[x] == 0)
            g_array_append_val (targets, x);
          else
            mv->queue[tail++] = x;
        }
    }

  res->rule = SPK_MOVE_RULE_RECOVER;
  if (best >= FAR || m == 0)
    {
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("No valid hex can be reached over unoccupied hexes, so it stays where it is.")));
      return;
    }

  if (best > m)
    {
      /* Too far for one turn: walk m steps along one of the shortest ways. */
      for (int i = 0; i < tail; i++)
        {
          int c = mv->queue[i];
          int cells[130];

          if (mv->bfs_depth[c] != m)
            continue;
          for (int j = m, x = c; j >= 0; j--, x = mv->bfs_parent[x])
            cells[j] = x;
          g_ptr_array_add (res->destinations,
                           destination_new (mv, cells, m + 1, NULL, 0, cell_dist (mv, dist, c, s->allowance)));
        }
      res->movement_used = m;
      res->may_stay = FALSE;
      sort_destinations (res->destinations);
      if (explain)
        {
          say (res, TRN (mv, m, g_dngettext (GETTEXT_PACKAGE,
                                 "The nearest valid hex is %d steps away over unoccupied hexes; it moves %d step towards it.",
                                 "The nearest valid hex is %d steps away over unoccupied hexes; it moves %d steps towards it.",
                                 m)),
               best, m);
          explain_destinations (mv, res);
        }
      return;
    }

  if (explain)
    say (res, TRN (mv, best, g_dngettext (GETTEXT_PACKAGE, "The nearest valid hexes are %d step away over unoccupied hexes; it must move onto one of them first.",
                        "The nearest valid hexes are %d steps away over unoccupied hexes; it must move onto one of them first.",
                        best)),
         best);

  dests = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_move_destination_free);
  for (guint i = 0; i < targets->len; i++)
    {
      int v = g_array_index (targets, int, i);
      int prefix[130];
      Outcome o = { SPK_MOVE_RULE_NONE, 0, dests, 0 };

      for (int j = best, x = v; j >= 0; j--, x = mv->bfs_parent[x])
        prefix[j] = x;
      /* Progress with what is left, or stop on the valid hex: the Invalid
       * Hex rule offers no lateral move (ruling M-3). */
      if (m - best > 0)
        evaluate (s, v, dist[v], m - best, prefix, best + 1, FALSE, FALSE, &o);
      if (o.rule != SPK_MOVE_RULE_PROGRESS)
        g_ptr_array_insert (o.dests, 0, destination_new (mv, prefix, best + 1, NULL, 0, dist[v]));
      while (o.dests->len > 0)
        {
          SpkMoveDestination *dst = g_ptr_array_steal_index (o.dests, 0);

          if (spk_move_result_find (res, dst->hex) != NULL)
            spk_move_destination_free (dst);
          else
            g_ptr_array_add (res->destinations, dst);
        }
      res->movement_used = MAX (res->movement_used,
                                best + (o.rule == SPK_MOVE_RULE_PROGRESS ? o.k : 0));
      if (o.rule == SPK_MOVE_RULE_PROGRESS && o.unproven > 0)
        {
          if (explain && !res->approximate)
            say_unproven (mv, o.unproven, o.k);
          res->approximate = TRUE;
        }
    }
  res->may_stay = FALSE;
  sort_destinations (res->destinations);
  if (explain)
    {
      say (res, TR (mv, _("From there it uses what is left of its movement to make progress if it can; otherwise it stops on the valid hex.")));
      explain_destinations (mv, res);
    }
}

/* ---- heroes --------------------------------------------------------------- */

/* R-talent-5: a Spire Shot hero may end on a friendly spire on an isle
 * hex that no other hero stands on. */
static gboolean
may_stand_on_spire (const SpkMovement *mv, const SpkChip *hero, int x)
{
  return mv->occ[x] == OCC_OBSTACLE && mv->occ_chip[x] >= 0 && mv->kind[x] == SPK_CELL_HEX &&
         spk_grid_cell (mv->grid, x)->rider < 0 &&
         spk_talent_may_stand_on (mv->board, hero, g_ptr_array_index (mv->board->chips, mv->occ_chip[x]));
}

static void
hero_moves (SpkMovement *mv, SpkMoveResult *res, const SpkChip *chip, int start,
            int own_gate, const int *dist, gboolean explain)
{
  int head = 0, tail = 0;
  int me = faction_index (mv->board, chip->faction);
  gboolean incorporeal = spk_chip_has_talent (chip, "Incorporeal");
  gboolean spire_shot = spk_chip_has_talent (chip, "Spire Shot");
  guint onto_spires = 0;

  res->rule = SPK_MOVE_RULE_HERO;
  res->may_stay = TRUE;
  bfs_begin (mv);
  bfs_mark (mv, start, 0, -1);
  mv->queue[tail++] = start;
  while (head < tail)
    {
      int c = mv->queue[head++];
      int dc = mv->bfs_depth[c];

      /* The own gate may end a move, never continue one; so does a
       * friendly spire reached with Spire Shot (R-talent-5). */
      if (dc >= chip->movement || (c != start && (c == own_gate || mv->occ[c] == OCC_OBSTACLE)))
        continue;
      for (int d = 0; d < 6; d++)
        {
          int x = mv->nb[c * 6 + d];
          gboolean through = FALSE;

          if (x < 0 || bfs_depth_of (mv, x) >= 0)
            continue;
          if (x != own_gate)
            {
              if (mv->kind[x] != SPK_CELL_HEX || mv->terrain[x] > chip->allowance)
                continue;
              if (spire_shot && may_stand_on_spire (mv, chip, x))
                onto_spires++;
              else if (mv->occ[x] != OCC_NONE)
                {
                  int f = mv->occ_faction[x];
                  gboolean opposing = mv->occ[x] != OCC_OBSTACLE &&
                                      !(f >= 0 && me >= 0 && mv->friendly[me * mv->nf + f]);
                  if (!(incorporeal && opposing))
                    continue;
                  through = TRUE;
                }
            }
          bfs_mark (mv, x, dc + 1, through ? -2 - c : c);
          mv->queue[tail++] = x;
        }
    }

  for (int i = 1; i < tail; i++)
    {
      int c = mv->queue[i];
      int *cells = mv->bfs_rev;   /* scratch: a route is shorter than the board */
      int depth = mv->bfs_depth[c];

      if (mv->bfs_parent[c] <= -2)
        continue;
      for (int j = depth, x = c; j >= 0; j--)
        {
          int p = mv->bfs_parent[x];
          cells[j] = x;
          x = p <= -2 ? -2 - p : p;
        }
      g_ptr_array_add (res->destinations,
                       destination_new (mv, cells, depth + 1, NULL, 0,
                                        dist != NULL ? cell_dist (mv, dist, c, chip->allowance) : FAR));
    }
  sort_destinations (res->destinations);
  if (explain)
    {
      say (res, TRN (mv, chip->movement, g_dngettext (GETTEXT_PACKAGE, "A hero moves freely: up to %d step through empty hexes of %s terrain or easier, or not at all.",
                          "A hero moves freely: up to %d steps through empty hexes of %s terrain or easier, or not at all.",
                          chip->movement)),
           chip->movement, terrain_label (mv, chip->allowance));
      if (own_gate >= 0 && own_gate != start && bfs_depth_of (mv, own_gate) > 0)
        say (res, TR (mv, _("It may end on its own gate to return to the fortress.")));
      if (onto_spires > 0)
        say (res, TR (mv, _("With Spire Shot it may also end on a friendly spire: there it reaches 1 hex further and that spire does not fire.")));
      say (res, TRN (mv, res->destinations->len, g_dngettext (GETTEXT_PACKAGE, "%u hex can be reached.", "%u hexes can be reached.", res->destinations->len)),
           res->destinations->len);
    }
}

/* ---- queries -------------------------------------------------------------- */

typedef struct {
  int      cell;        /* where the move starts, -1 when nowhere */
  gboolean deploying;   /* top of the stack, leaving from the gate */
  int      waiting_under; /* chip index above it in the stack, -1 */
  int      grouped_under; /* chip index of the minion it is grouped under, -1 */
} Start;

/* Where @chip, of the faction at @faction (-1: none), starts its move. */
static gboolean
find_start (SpkMovement *mv, const SpkChip *chip, int faction, Start *st, GError **error)
{
  st->cell = -1;
  st->deploying = FALSE;
  st->waiting_under = -1;
  st->grouped_under = -1;
  if (chip->placed)
    {
      st->cell = spk_grid_find (mv->grid, spk_hex_make (chip->q, chip->r));
      if (st->cell >= 0 &&
          st->cell == (faction >= 0 ? mv->gate[faction] : spk_grid_gate_of (mv->grid, chip->faction)))
        st->deploying = TRUE;
      return TRUE;
    }
  for (guint i = 0; i < mv->board->deployment->len; i++)
    {
      const SpkDeployment *dep = g_ptr_array_index (mv->board->deployment, i);

      for (guint j = 0; j < dep->stack->len; j++)
        if (g_strcmp0 (g_ptr_array_index (dep->stack, j), chip->id) == 0)
          {
            if (j > 0)
              {
                const char *above = g_ptr_array_index (dep->stack, j - 1);

                st->waiting_under = above != NULL ? chip_index_find (mv, above) : -1;
              }
            else
              {
                st->cell = spk_grid_gate_of (mv->grid, dep->faction);
                st->deploying = TRUE;
              }
            return TRUE;
          }
    }
  for (guint i = 0; i < mv->board->chips->len; i++)
    {
      const SpkChip *top = g_ptr_array_index (mv->board->chips, i);

      for (guint j = 0; j < top->grouped->len; j++)
        if (g_strcmp0 (g_ptr_array_index (top->grouped, j), chip->id) == 0)
          {
            st->grouped_under = (int) i;
            return TRUE;
          }
    }
  if (chip->returned > 0)
    g_set_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NO_PLACE,
                 _("“%s” returned to its fortress in wave %d and waits beside the barracks; select it for a deployment stack in a later Prep Phase"),
                 chip->id, chip->returned);
  else
    g_set_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NO_PLACE,
                 _("“%s” is neither on the board, nor in a deployment stack, nor grouped under a minion; give it a place in the table file"),
                 chip->id);
  return FALSE;
}

static SpkMoveResult *
query_unit (SpkMovement *mv, const SpkChip *chip, gboolean explain, GError **error)
{
  g_autoptr(SpkMoveResult) res = NULL;
  Start st;
  const SpkFaction *faction;
  int fi, mark = -1;
  const int *dist = NULL;
  int start_dist = FAR;
  Search s = { 0 };

  if (!spk_chip_is_unit (chip))
    {
      g_set_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NOT_A_UNIT,
                   _("“%s” is a %s; only minions and heroes move"), chip->id,
                   spk_chip_kind_label (chip->kind));
      return NULL;
    }
  fi = faction_index (mv->board, chip->faction);
  if (!find_start (mv, chip, fi, &st, error))
    return NULL;

  res = result_new (mv, chip);
  mv->building = res;
  faction = fi >= 0 ? g_ptr_array_index (mv->board->factions, fi) : NULL;
  if (faction != NULL)
    mark = mv->mark_gate[fi];
  if (mark >= 0)
    dist = dist_map (mv, mark, chip->allowance);
  if (st.cell >= 0)
    {
      res->start = spk_grid_cell (mv->grid, st.cell)->hex;
      if (dist != NULL)
        {
          gboolean valid_start = dist[st.cell] < FAR || st.cell == mark ||
                                 mv->kind[st.cell] != SPK_CELL_HEX;
          start_dist = valid_start ? cell_dist (mv, dist, st.cell, chip->allowance) : FAR;
          res->start_distance = public_dist (start_dist);
        }
    }

  if (st.grouped_under >= 0)
    {
      const SpkChip *top = g_ptr_array_index (mv->board->chips, st.grouped_under);
      res->rule = SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("Grouped under %s: it is inactive and moves only as part of that group.")),
             chip_name (top));
      return g_steal_pointer (&res);
    }
  if (st.waiting_under >= 0)
    {
      const SpkChip *above = g_ptr_array_index (mv->board->chips, st.waiting_under);
      res->rule = SPK_MOVE_RULE_WAITING;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("Waiting in the deployment stack under %s; only the top unit may deploy.")),
             chip_name (above));
      return g_steal_pointer (&res);
    }
  if (chip->moved)
    {
      res->rule = SPK_MOVE_RULE_ALREADY_MOVED;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("%s has already moved this turn.")), chip_name (chip));
      return g_steal_pointer (&res);
    }

  if (explain)
    {
      if (st.cell >= 0 && mark >= 0)
        {
          SpkHex mh = spk_grid_cell (mv->grid, mark)->hex;
          const char *mark_name = faction_name (mv->board, faction->mark);

          if (start_dist >= FAR)
            say (res, TR (mv, _("%s starts at (%d,%d), which has no route to its mark, the gate of %s at (%d,%d).")),
                 chip_name (chip), res->start.q, res->start.r, mark_name, mh.q, mh.r);
          else if (st.deploying)
            say (res, TR (mv, _("%s deploys from its gate at (%d,%d), %d steps from its mark, the gate of %s at (%d,%d).")),
                 chip_name (chip), res->start.q, res->start.r, start_dist, mark_name, mh.q, mh.r);
          else
            say (res, TR (mv, _("%s starts at (%d,%d), %d steps from its mark, the gate of %s at (%d,%d).")),
                 chip_name (chip), res->start.q, res->start.r, start_dist, mark_name, mh.q, mh.r);
        }
      else if (mark < 0)
        say (res, TR (mv, _("Its mark has no fortress gate on this table, so closeness cannot be counted.")));
      say (res, TR (mv, _("Movement %d; it may enter %s terrain or easier.")),
           chip->movement, terrain_label (mv, chip->allowance));
      explain_talents (mv, res, chip);
    }

  if (!chip->active)
    {
      res->rule = chip->kind == SPK_CHIP_HERO ? SPK_MOVE_RULE_HERO : SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("%s is inactive and cannot move.")), chip_name (chip));
      return g_steal_pointer (&res);
    }
  if (st.cell < 0)
    {
      res->rule = chip->kind == SPK_CHIP_HERO ? SPK_MOVE_RULE_HERO : SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("Its fortress gate is not on this table, so it cannot deploy.")));
      return g_steal_pointer (&res);
    }

  if (chip->kind == SPK_CHIP_HERO)
    {
      hero_moves (mv, res, chip, st.cell, fi >= 0 ? mv->gate[fi] : spk_grid_gate_of (mv->grid, chip->faction),
                  dist, explain);
      return g_steal_pointer (&res);
    }

  if (dist == NULL)
    {
      res->rule = SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      return g_steal_pointer (&res);
    }

  s.mv = mv;
  s.dist = dist;
  s.enter = enter_map (mv, mark, chip->allowance);
  s.mark = mark;
  s.allowance = chip->allowance;
  s.faction = fi;
  s.incorporeal = spk_chip_has_talent (chip, "Incorporeal");
  if (chip->movement > MAX_STEPS)
    {
      res->rule = SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("A movement of %d is beyond what this tool can search.")), chip->movement);
      return g_steal_pointer (&res);
    }

  if (start_dist >= FAR && mv->kind[st.cell] == SPK_CELL_HEX)
    {
      if (explain)
        {
          if (mv->terrain[st.cell] > chip->allowance)
            say (res, TR (mv, _("(%d,%d) is %s terrain, outside its allowance: an invalid hex.")),
                 res->start.q, res->start.r, terrain_label (mv, mv->terrain[st.cell]));
          else
            say (res, TR (mv, _("(%d,%d) is not connected to the mark over hexes it may enter: an invalid hex.")),
                 res->start.q, res->start.r);
        }
      minion_recover (mv, res, chip, &s, st.cell, explain);
      return g_steal_pointer (&res);
    }
  if (start_dist >= FAR)
    {
      res->rule = SPK_MOVE_RULE_NONE;
      res->may_stay = TRUE;
      if (explain)
        say (res, TR (mv, _("No hex next to the gate leads to the mark, so it cannot deploy.")));
      return g_steal_pointer (&res);
    }

  minion_normal (mv, res, chip, &s, st.cell, start_dist, explain);
  if (!st.deploying)
    minion_rooted (mv, res, chip, st.cell, explain);
  return g_steal_pointer (&res);
}

static SpkMoveResult *
query_chip (SpkMovement *mv, const SpkChip *chip, gboolean explain, GError **error)
{
  SpkMoveResult *res = query_unit (mv, chip, explain, error);

  if (res != NULL)
    result_finish (res);
  return res;
}

SpkMoveResult *
spk_movement_query (SpkMovement *mv, const char *chip_id, GError **error)
{
  return spk_movement_query_full (mv, chip_id, SPK_MOVE_QUERY_DEFAULT, error);
}

SpkMoveResult *
spk_movement_query_full (SpkMovement *mv, const char *chip_id, SpkMoveQueryFlags flags,
                         GError **error)
{
  int index = chip_id != NULL ?
    chip_index_find (mv, chip_id) : -1;

  if (index < 0)
    {
      g_set_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_UNKNOWN_CHIP,
                   _("No chip has the id “%s”; check the id in the table file"), chip_id);
      return NULL;
    }
  return query_chip (mv, g_ptr_array_index (mv->board->chips, index),
                     !(flags & SPK_MOVE_QUERY_NO_EXPLANATION), error);
}

SpkMoveResult *
spk_movement_moves (const SpkBoard *board, const SpkGrid *grid, const char *chip_id,
                    GError **error)
{
  g_autoptr(SpkMovement) mv = spk_movement_new (board, grid);

  return spk_movement_query (mv, chip_id, error);
}

static int
compare_order (gconstpointer pa, gconstpointer pb)
{
  const int *a = pa, *b = pb;

  if (a[1] != b[1])
    return a[1] < b[1] ? -1 : 1;
  return a[0] < b[0] ? -1 : (a[0] > b[0]);
}

GPtrArray *
spk_movement_order (SpkMovement *mv, const char *faction_id, GError **error)
{
  const SpkFaction *faction = spk_board_find_faction (mv->board, faction_id);
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (int) * 2);
  GPtrArray *tiers;
  int mark;

  if (faction == NULL)
    {
      g_set_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_UNKNOWN_FACTION,
                   _("No faction has the id “%s”; check the id in the table file"), faction_id);
      return NULL;
    }
  mark = spk_grid_gate_of (mv->grid, faction->mark);
  for (guint i = 0; i < mv->board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (mv->board->chips, i);
      Start st;
      int row[2] = { (int) i, FAR };

      if (chip->kind != SPK_CHIP_MINION || chip->moved || !chip->active ||
          g_strcmp0 (chip->faction, faction_id) != 0 ||
          !find_start (mv, chip, faction_index (mv->board, faction_id), &st, NULL) ||
          st.waiting_under >= 0 || st.grouped_under >= 0 || st.cell < 0)
        continue;
      if (mark >= 0)
        {
          const int *dist = dist_map (mv, mark, chip->allowance);
          if (dist[st.cell] < FAR || mv->kind[st.cell] != SPK_CELL_HEX || st.cell == mark)
            row[1] = cell_dist (mv, dist, st.cell, chip->allowance);
        }
      g_array_append_vals (rows, row, 1);
    }
  g_array_sort (rows, compare_order);

  tiers = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_order_tier_free);
  for (guint i = 0; i < rows->len; i++)
    {
      const int *row = &g_array_index (rows, int, i * 2);
      const SpkChip *chip = g_ptr_array_index (mv->board->chips, row[0]);
      SpkOrderTier *tier = tiers->len > 0 ? g_ptr_array_index (tiers, tiers->len - 1) : NULL;

      if (tier == NULL || tier->distance != public_dist (row[1]))
        {
          tier = g_new0 (SpkOrderTier, 1);
          tier->distance = public_dist (row[1]);
          tier->chips = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (tiers, tier);
        }
      g_ptr_array_add (tier->chips, g_strdup (chip->id));
    }
  return tiers;
}

enum { TR_USED = __COUNTER__ - TR_FIRST };
G_STATIC_ASSERT (TR_USED <= TR_SLOTS);
