/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-earthscape.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-influence.h"

G_DEFINE_QUARK (spk-earthscape-error-quark, spk_earthscape_error)

#define MAX_CELL_GROUPS 8

static const char *problem_codes[] = {
  [SPK_EARTHSCAPE_PROBLEM_GROUP_IN_PLAY] = "group-in-play",
  [SPK_EARTHSCAPE_PROBLEM_OVER_FORTRESS] = "over-fortress",
  [SPK_EARTHSCAPE_PROBLEM_PART_OVER_SKY] = "part-over-sky",
  [SPK_EARTHSCAPE_PROBLEM_UNEVEN] = "uneven",
  [SPK_EARTHSCAPE_PROBLEM_OCCUPIED] = "occupied",
  [SPK_EARTHSCAPE_PROBLEM_NO_INFLUENCE] = "no-influence",
  [SPK_EARTHSCAPE_PROBLEM_NO_SPIRE_EDGE] = "no-spire-edge",
  [SPK_EARTHSCAPE_PROBLEM_LAYER_MISMATCH] = "layer-mismatch",
  [SPK_EARTHSCAPE_PROBLEM_PATH_BROKEN] = "path-broken",
};

const char *
spk_earthscape_problem_code (SpkEarthscapeProblemKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (problem_codes), NULL);
  return problem_codes[kind];
}

SpkEarthscape *
spk_earthscape_new (const char *group)
{
  SpkEarthscape *e = g_new0 (SpkEarthscape, 1);

  e->group = g_strdup (group);
  e->hexes = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_hex_entry_free);
  e->layer = -1;
  return e;
}

void
spk_earthscape_free (SpkEarthscape *e)
{
  if (e == NULL)
    return;
  g_free (e->group);
  g_ptr_array_unref (e->hexes);
  g_free (e);
}

void
spk_earthscape_check_free (SpkEarthscapeCheck *check)
{
  if (check == NULL)
    return;
  g_array_unref (check->problems);
  g_free (check);
}

SpkBoard *
spk_earthscape_apply (const SpkBoard *board, const SpkEarthscape *e, int layer)
{
  SpkBoard *copy = spk_board_copy (board);

  for (guint i = 0; i < e->hexes->len; i++)
    {
      SpkHexEntry *entry = spk_hex_entry_copy (g_ptr_array_index (e->hexes, i));

      g_free (entry->group);
      entry->group = g_strdup (e->group);
      entry->layer = layer;
      g_ptr_array_add (copy->hexes, entry);
    }
  return copy;
}

/* Path components: -1 for anything a minion cannot walk along. */
static void
label_path (const SpkGrid *grid, int *label)
{
  guint n = spk_grid_n_cells (grid);
  g_autofree int *stack = g_new (int, n + 1);
  int next = 0;

  for (guint i = 0; i < n; i++)
    {
      const SpkCell *c = spk_grid_cell (grid, (int) i);

      label[i] = (c->kind == SPK_CELL_HEX && c->terrain == SPK_TERRAIN_PATH) ? -2 : -1;
    }
  for (guint i = 0; i < n; i++)
    {
      guint top = 0;

      if (label[i] != -2)
        continue;
      label[i] = next;
      stack[top++] = (int) i;
      while (top > 0)
        {
          const SpkCell *c = spk_grid_cell (grid, stack[--top]);

          for (int d = 0; d < 6; d++)
            if (c->neighbours[d] >= 0 && label[c->neighbours[d]] == -2)
              {
                label[c->neighbours[d]] = next;
                stack[top++] = c->neighbours[d];
              }
        }
      next++;
    }
}

void
spk_earthscape_path_links (const SpkGrid *grid, gboolean *connected)
{
  const SpkBoard *board = grid->board;
  guint nf = board->fortresses->len;
  g_autofree int *label = g_new (int, spk_grid_n_cells (grid) + 1);

  label_path (grid, label);
  for (guint a = 0; a < nf; a++)
    for (guint b = 0; b < nf; b++)
      {
        const SpkFortress *fa = g_ptr_array_index (board->fortresses, a);
        const SpkFortress *fb = g_ptr_array_index (board->fortresses, b);
        int ga = spk_grid_find (grid, fa->gate), gb = spk_grid_find (grid, fb->gate);
        gboolean link = a == b || spk_hex_adjacent (fa->gate, fb->gate);

        for (int i = 0; i < 6 && !link && ga >= 0 && gb >= 0; i++)
          {
            int na = spk_grid_cell (grid, ga)->neighbours[i];

            if (na < 0 || label[na] < 0)
              continue;
            for (int j = 0; j < 6 && !link; j++)
              {
                int nb = spk_grid_cell (grid, gb)->neighbours[j];

                link = nb >= 0 && label[nb] == label[na];
              }
          }
        connected[a * nf + b] = link;
      }
}

static void
add_problem (SpkEarthscapeCheck *check, SpkEarthscapeProblemKind kind, SpkHex hex)
{
  SpkEarthscapeProblem p = { kind, hex, 0, -1, -1 };

  g_array_append_val (check->problems, p);
}

static gboolean
validate_piece (const SpkEarthscape *e, GError **error)
{
  guint n = e->hexes->len;
  g_autofree gboolean *reached = NULL;
  g_autofree guint *stack = NULL;
  guint top = 0, count = 1;

  if (n == 0)
    {
      g_set_error (error, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_EMPTY,
                   _("The earthscape has no hexes; list its hexes under “hexes”"));
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        const SpkHexEntry *a = g_ptr_array_index (e->hexes, i);
        const SpkHexEntry *b = g_ptr_array_index (e->hexes, j);

        if (a->q == b->q && a->r == b->r)
          {
            g_set_error (error, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_DUPLICATE_HEX,
                         _("The earthscape lists hex (%d,%d) twice; list each hex once"),
                         a->q, a->r);
            return FALSE;
          }
      }

  reached = g_new0 (gboolean, n);
  stack = g_new (guint, n);
  reached[0] = TRUE;
  stack[top++] = 0;
  while (top > 0)
    {
      const SpkHexEntry *a = g_ptr_array_index (e->hexes, stack[--top]);

      for (guint j = 0; j < n; j++)
        {
          const SpkHexEntry *b = g_ptr_array_index (e->hexes, j);

          if (!reached[j] && spk_hex_adjacent (spk_hex_make (a->q, a->r), spk_hex_make (b->q, b->r)))
            {
              reached[j] = TRUE;
              stack[top++] = j;
              count++;
            }
        }
    }
  if (count != n)
    {
      g_set_error (error, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_NOT_ONE_PIECE,
                   _("The earthscape’s hexes do not form one piece; every hex must touch another"));
      return FALSE;
    }
  return TRUE;
}

static void
check_on_top (SpkEarthscapeCheck *check, const SpkGrid *grid, const SpkEarthscape *e,
              const char *faction)
{
  g_autofree gboolean *groups = g_new0 (gboolean, grid->groups->len + 1);
  gboolean influence = FALSE;
  int plane = G_MININT, highest = G_MININT;

  spk_influence_mark_groups (grid, faction, groups);
  for (guint i = 0; i < e->hexes->len; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);
      SpkHex hex = spk_hex_make (h->q, h->r);
      int index = spk_grid_find (grid, hex);
      const SpkCell *cell = spk_grid_cell (grid, index);

      if (cell->kind != SPK_CELL_HEX)
        {
          add_problem (check, SPK_EARTHSCAPE_PROBLEM_OVER_FORTRESS, hex);
          continue;
        }
      if (plane == G_MININT)
        plane = cell->top_layer;
      else if (cell->top_layer != plane)
        add_problem (check, SPK_EARTHSCAPE_PROBLEM_UNEVEN, hex);
      highest = MAX (highest, cell->top_layer);
      if (cell->chip >= 0)
        add_problem (check, SPK_EARTHSCAPE_PROBLEM_OCCUPIED, hex);
      influence = influence || spk_influence_over_cell (grid, faction, groups, index);
    }
  check->layer = highest == G_MININT ? 1 : highest + 1;
  if (!influence)
    add_problem (check, SPK_EARTHSCAPE_PROBLEM_NO_INFLUENCE, spk_hex_make (0, 0));
}

static void
check_beside (SpkEarthscapeCheck *check, const SpkGrid *grid, const SpkEarthscape *e,
              const char *faction)
{
  const SpkBoard *board = grid->board;
  g_autofree gboolean *spire_group = g_new0 (gboolean, grid->groups->len + 1);
  gboolean edge = FALSE;

  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (board->chips, i);
      int cell, group;

      if (chip->kind != SPK_CHIP_SPIRE || !chip->placed || g_strcmp0 (chip->faction, faction) != 0)
        continue;
      cell = spk_grid_find (grid, spk_hex_make (chip->q, chip->r));
      group = cell >= 0 ? spk_influence_group_of_cell (grid, cell) : -1;
      if (group >= 0)
        spire_group[group] = TRUE;
    }

  for (guint i = 0; i < e->hexes->len && !edge; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);

      for (int d = 0; d < 6 && !edge; d++)
        {
          int n = spk_grid_find (grid, spk_hex_neighbour (spk_hex_make (h->q, h->r), d));
          int found[MAX_CELL_GROUPS];
          guint k;

          if (n < 0)
            continue;
          k = spk_influence_cell_groups (grid, n, found, MAX_CELL_GROUPS);
          for (guint j = 0; j < k; j++)
            edge = edge || spire_group[found[j]];
        }
    }
  check->layer = 0;
  if (!edge)
    add_problem (check, SPK_EARTHSCAPE_PROBLEM_NO_SPIRE_EDGE, spk_hex_make (0, 0));
}

SpkEarthscapeCheck *
spk_earthscape_check (const SpkBoard *board, const SpkEarthscape *e, const char *faction,
                      GError **error)
{
  g_autoptr(SpkGrid) grid = NULL;
  SpkEarthscapeCheck *check;
  guint covered = 0;

  if (faction == NULL || spk_board_find_faction (board, faction) == NULL)
    {
      g_set_error (error, SPK_EARTHSCAPE_ERROR, SPK_EARTHSCAPE_ERROR_UNKNOWN_FACTION,
                   _("The table has no faction “%s”; use one of the ids under “factions”"),
                   faction != NULL ? faction : "");
      return NULL;
    }
  if (!validate_piece (e, error))
    return NULL;

  grid = spk_grid_new (board);
  check = g_new0 (SpkEarthscapeCheck, 1);
  check->problems = g_array_new (FALSE, FALSE, sizeof (SpkEarthscapeProblem));

  if (spk_grid_group_index (grid, e->group) >= 0)
    add_problem (check, SPK_EARTHSCAPE_PROBLEM_GROUP_IN_PLAY, spk_hex_make (0, 0));

  for (guint i = 0; i < e->hexes->len; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);

      if (spk_grid_find (grid, spk_hex_make (h->q, h->r)) >= 0)
        covered++;
    }

  if (covered == 0)
    {
      check->placement = SPK_EARTHSCAPE_BESIDE;
      check_beside (check, grid, e, faction);
    }
  else if (covered == e->hexes->len)
    {
      check->placement = SPK_EARTHSCAPE_ON_TOP;
      check_on_top (check, grid, e, faction);
    }
  else
    {
      check->placement = SPK_EARTHSCAPE_MIXED;
      check->layer = -1;
      for (guint i = 0; i < e->hexes->len; i++)
        {
          const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);
          SpkHex hex = spk_hex_make (h->q, h->r);

          if (spk_grid_find (grid, hex) < 0)
            add_problem (check, SPK_EARTHSCAPE_PROBLEM_PART_OVER_SKY, hex);
        }
    }

  if (e->layer >= 0 && check->layer >= 0 && e->layer != check->layer)
    {
      SpkEarthscapeProblem p = { SPK_EARTHSCAPE_PROBLEM_LAYER_MISMATCH,
                                 spk_hex_make (0, 0), check->layer, -1, -1 };

      g_array_append_val (check->problems, p);
    }

  if (check->placement != SPK_EARTHSCAPE_MIXED)
    {
      guint nf = board->fortresses->len;
      g_autoptr(SpkBoard) after = spk_earthscape_apply (board, e, check->layer);
      g_autoptr(SpkGrid) after_grid = spk_grid_new (after);
      g_autofree gboolean *before_links = g_new0 (gboolean, nf * nf + 1);
      g_autofree gboolean *after_links = g_new0 (gboolean, nf * nf + 1);

      spk_earthscape_path_links (grid, before_links);
      spk_earthscape_path_links (after_grid, after_links);
      for (guint a = 0; a < nf; a++)
        for (guint b = a + 1; b < nf; b++)
          if (before_links[a * nf + b] && !after_links[a * nf + b])
            {
              SpkEarthscapeProblem p = { SPK_EARTHSCAPE_PROBLEM_PATH_BROKEN,
                                         spk_hex_make (0, 0), 0, (int) a, (int) b };

              g_array_append_val (check->problems, p);
            }
    }

  check->ok = check->problems->len == 0;
  return check;
}
