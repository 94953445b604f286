/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-test-board.h"

#include <math.h>

static const char *faction_ids[4] = { "brawnen", "grovetenders", "heirs", "sol" };

/* Terrain in the rough proportions of a real map: mostly path and plains. */
static SpkTerrain
random_terrain (GRand *rand)
{
  int x = g_rand_int_range (rand, 0, 100);

  if (x < 35) return SPK_TERRAIN_PATH;
  if (x < 60) return SPK_TERRAIN_PLAINS;
  if (x < 75) return SPK_TERRAIN_FOREST;
  if (x < 90) return SPK_TERRAIN_MOUNTAINS;
  return SPK_TERRAIN_WATER;
}

static int
region_radius (int hexes)
{
  int r = 1;

  while (3 * r * (r + 1) + 1 < hexes)
    r++;
  return r;
}

static gboolean
taken (GHashTable *used, SpkHex h)
{
  return g_hash_table_contains (used, GUINT_TO_POINTER (spk_hex_key (h)));
}

static void
take (GHashTable *used, SpkHex h)
{
  g_hash_table_add (used, GUINT_TO_POINTER (spk_hex_key (h)));
}

SpkBoard *
spk_test_board_random (guint32 seed, const SpkTestBoardSpec *spec)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GHashTable) fortress_cells = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) group_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) occupied = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(GArray) wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(GArray) free_cells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  SpkBoard *board = spk_board_new ();
  int players = CLAMP (spec->players, 2, 4);
  int radius = region_radius (MAX (spec->hexes, 7));
  int n_groups = 0;

  board->player_count = players;

  for (int i = 0; i < players; i++)
    {
      SpkFaction *f = spk_faction_new (faction_ids[i]);

      f->name = g_strdup (faction_ids[i]);
      f->mark = g_strdup (faction_ids[(i + 1) % players]);
      if (spec->teams && players == 4)
        {
          f->team = g_strdup (i % 2 == 0 ? "north" : "south");
          g_free (f->mark);
          f->mark = g_strdup (faction_ids[(i + 1) % 4]);
        }
      f->source = g_rand_int_range (rand, 0, 21);
      f->gate_health = g_rand_int_range (rand, 1, 11);
      g_ptr_array_add (board->factions, f);
    }

  /* Fortresses sit just outside the region, evenly round it; each gate
   * touches the region's edge so minions can leave it. */
  for (int i = 0; i < players; i++)
    {
      double angle = 2 * G_PI * i / players + 0.3;
      double x = cos (angle) * (radius + 1), y = sin (angle) * (radius + 1);
      int q = (int) lround (x * 2.0 / 3.0 * 1.2);
      int r = (int) lround ((-x / 3.0 + y / sqrt (3.0)) * 1.2);
      SpkHex gate;
      SpkFortress *fort;

      while (spk_hex_distance (spk_hex_make (q, r), spk_hex_make (0, 0)) > radius + 1)
        {
          q -= (q > 0) - (q < 0);
          r -= (r > 0) - (r < 0);
        }
      while (spk_hex_distance (spk_hex_make (q, r), spk_hex_make (0, 0)) < radius + 1)
        {
          q += (q > 0) - (q < 0) + (q == 0 && r == 0);
          r += (r > 0) - (r < 0);
        }
      gate = spk_hex_make (q, r);
      fort = spk_fortress_new (faction_ids[i], gate);
      take (fortress_cells, gate);
      for (int d = 0, placed = 0; d < 6 && placed < 2; d++)
        {
          SpkHex w = spk_hex_neighbour (gate, d);
          if (spk_hex_distance (w, spk_hex_make (0, 0)) > radius + 1 && !taken (fortress_cells, w))
            {
              g_array_append_val (fort->wells, w);
              take (fortress_cells, w);
              placed++;
            }
        }
      g_ptr_array_add (board->fortresses, fort);
    }

  for (int q = -radius; q <= radius; q++)
    for (int r = MAX (-radius, -q - radius); r <= MIN (radius, -q + radius); r++)
      {
        SpkHex h = spk_hex_make (q, r);
        if (!taken (fortress_cells, h) && g_rand_double (rand) >= spec->sky_fraction)
          g_array_append_val (cells, h);
      }

  /* Isles: grow groups of 4-8 cells from random seeds. */
  for (guint i = 0; i < cells->len; i++)
    {
      guint pick = g_rand_int_range (rand, i, cells->len);
      SpkHex tmp = g_array_index (cells, SpkHex, i);
      g_array_index (cells, SpkHex, i) = g_array_index (cells, SpkHex, pick);
      g_array_index (cells, SpkHex, pick) = tmp;
    }
  {
    g_autoptr(GHashTable) in_region = g_hash_table_new (NULL, NULL);
    for (guint i = 0; i < cells->len; i++)
      take (in_region, g_array_index (cells, SpkHex, i));

    for (guint i = 0; i < cells->len; i++)
      {
        SpkHex seed_hex = g_array_index (cells, SpkHex, i);
        g_autoptr(GArray) frontier = g_array_new (FALSE, FALSE, sizeof (SpkHex));
        int size = g_rand_int_range (rand, 4, 9), got = 0;

        if (g_hash_table_contains (group_of, GUINT_TO_POINTER (spk_hex_key (seed_hex))))
          continue;
        n_groups++;
        g_array_append_val (frontier, seed_hex);
        while (frontier->len > 0 && got < size)
          {
            guint k = g_rand_int_range (rand, 0, frontier->len);
            SpkHex h = g_array_index (frontier, SpkHex, k);

            g_array_remove_index_fast (frontier, k);
            if (g_hash_table_contains (group_of, GUINT_TO_POINTER (spk_hex_key (h))))
              continue;
            g_hash_table_insert (group_of, GUINT_TO_POINTER (spk_hex_key (h)), GINT_TO_POINTER (n_groups));
            got++;
            for (int d = 0; d < 6; d++)
              {
                SpkHex n = spk_hex_neighbour (h, d);
                if (taken (in_region, n) &&
                    !g_hash_table_contains (group_of, GUINT_TO_POINTER (spk_hex_key (n))))
                  g_array_append_val (frontier, n);
              }
          }
      }
  }

  for (guint i = 0; i < cells->len; i++)
    {
      SpkHex h = g_array_index (cells, SpkHex, i);
      int g = GPOINTER_TO_INT (g_hash_table_lookup (group_of, GUINT_TO_POINTER (spk_hex_key (h))));
      g_autofree char *name = g_strdup_printf ("isle-%d", g);
      SpkHexEntry *e = spk_hex_entry_new (h.q, h.r, random_terrain (rand), name);

      e->well = g_rand_int_range (rand, 0, 100) < 12;
      g_ptr_array_add (board->hexes, e);
    }

  /* A few earthscapes: three hexes laid on layer 1 over existing cells. */
  if (spec->layers)
    for (int k = 0; k < 3 && cells->len > 10; k++)
      {
        SpkHex base = g_array_index (cells, SpkHex, g_rand_int_range (rand, 0, cells->len));
        g_autofree char *name = g_strdup_printf ("earthscape-%d", k + 1);

        for (int d = -1; d < 2; d++)
          {
            SpkHex h = d < 0 ? base : spk_hex_neighbour (base, d);
            gboolean exists = FALSE;

            for (guint i = 0; i < cells->len && !exists; i++)
              exists = spk_hex_equal (g_array_index (cells, SpkHex, i), h);
            if (exists)
              {
                SpkHexEntry *e = spk_hex_entry_new (h.q, h.r, random_terrain (rand), name);
                gboolean dup = FALSE;

                for (guint j = 0; j < board->hexes->len && !dup; j++)
                  {
                    SpkHexEntry *o = g_ptr_array_index (board->hexes, j);
                    dup = o->q == h.q && o->r == h.r && o->layer == 1;
                  }
                e->layer = 1;
                e->well = g_rand_int_range (rand, 0, 100) < 10;
                if (dup)
                  spk_hex_entry_free (e);
                else
                  g_ptr_array_add (board->hexes, e);
              }
          }
      }

  /* The top layer decides wells: collect visible wells and free cells. */
  for (guint i = 0; i < cells->len; i++)
    {
      SpkHex h = g_array_index (cells, SpkHex, i);
      int top = -1;
      gboolean well = FALSE;

      for (guint j = 0; j < board->hexes->len; j++)
        {
          SpkHexEntry *e = g_ptr_array_index (board->hexes, j);
          if (e->q == h.q && e->r == h.r && e->layer > top)
            {
              top = e->layer;
              well = e->well;
            }
        }
      if (well)
        g_array_append_val (wells, h);
      else
        g_array_append_val (free_cells, h);
    }

  /* Spires on visible wells (some on fortress wells), random upgrades. */
  int spires_of[4] = { 0 };

  for (int s = 0; s < spec->spires && wells->len > 0; s++)
    {
      guint k = g_rand_int_range (rand, 0, wells->len);
      SpkHex h = g_array_index (wells, SpkHex, k);
      g_autofree char *id = g_strdup_printf ("spire-%d", s + 1);
      SpkChip *c = spk_chip_new (id, SPK_CHIP_SPIRE);
      int n_up = g_rand_int_range (rand, 1, 5);

      int owner = g_rand_int_range (rand, 0, players);

      g_array_remove_index_fast (wells, k);
      /* The spire limit holds on a valid table: the next faction with room
       * takes a spire its drawn owner has no room for. */
      for (int tries = 0; tries < players && spires_of[owner] >= spk_spire_limit (players); tries++)
        owner = (owner + 1) % players;
      if (spires_of[owner] >= spk_spire_limit (players))
        {
          spk_chip_free (c);
          break;
        }
      spires_of[owner]++;
      c->faction = g_strdup (faction_ids[owner]);
      c->name = g_strdup_printf ("Spire %d", s + 1);
      c->placed = TRUE;
      c->q = h.q;
      c->r = h.r;
      c->capacity = g_rand_int_range (rand, 2, 6);
      for (int u = 0; u < n_up; u++)
        {
          SpkUpgrade up = (SpkUpgrade) g_rand_int_range (rand, 0, SPK_N_UPGRADES);
          g_array_append_val (c->upgrades, up);
        }
      if (g_rand_int_range (rand, 0, 5) == 0)
        g_ptr_array_add (c->talents, g_strdup ("Air Defense"));
      take (occupied, h);
      g_ptr_array_add (board->chips, c);
    }

  for (int l = 0; l < spec->landmarks && free_cells->len > 0; l++)
    {
      guint k = g_rand_int_range (rand, 0, free_cells->len);
      SpkHex h = g_array_index (free_cells, SpkHex, k);
      g_autofree char *id = g_strdup_printf ("landmark-%d", l + 1);
      SpkChip *c = spk_chip_new (id, SPK_CHIP_LANDMARK);

      g_array_remove_index_fast (free_cells, k);
      c->name = g_strdup_printf ("Landmark %d", l + 1);
      c->placed = TRUE;
      c->q = h.q;
      c->r = h.r;
      c->revealed = g_rand_boolean (rand);
      take (occupied, h);
      g_ptr_array_add (board->chips, c);
    }

  for (int u = 0; u < spec->units; u++)
    {
      g_autofree char *id = g_strdup_printf ("unit-%d", u + 1);
      gboolean hero = g_rand_int_range (rand, 0, 5) == 0;
      SpkChip *c = spk_chip_new (id, hero ? SPK_CHIP_HERO : SPK_CHIP_MINION);
      int f = g_rand_int_range (rand, 0, players);

      c->faction = g_strdup (faction_ids[f]);
      c->name = g_strdup_printf ("%s %d", hero ? "Hero" : "Minion", u + 1);
      c->movement = g_rand_int_range (rand, 1, hero ? 5 : 4);
      c->allowance = (SpkTerrain) g_rand_int_range (rand, 0, hero ? SPK_N_TERRAINS : 3);
      c->health = g_rand_int_range (rand, 1, 6);
      c->max_health = c->health;
      c->attack = g_rand_int_range (rand, 0, 4);
      if (g_rand_int_range (rand, 0, 8) == 0)
        g_ptr_array_add (c->talents, g_strdup (hero ? "Flying" : "Incorporeal"));
      if (hero && g_rand_int_range (rand, 0, 6) == 0)
        c->active = FALSE;
      if (g_rand_int_range (rand, 0, 6) == 0 || free_cells->len == 0)
        {
          SpkDeployment *d = spk_board_find_deployment (board, faction_ids[f]);

          if (d == NULL)
            {
              d = spk_deployment_new (faction_ids[f]);
              g_ptr_array_add (board->deployment, d);
            }
          g_ptr_array_add (d->stack, g_strdup (id));
        }
      else
        {
          guint k = g_rand_int_range (rand, 0, free_cells->len);
          SpkHex h = g_array_index (free_cells, SpkHex, k);

          g_array_remove_index_fast (free_cells, k);
          c->placed = TRUE;
          c->q = h.q;
          c->r = h.r;
          c->moved = g_rand_int_range (rand, 0, 10) == 0;
          take (occupied, h);
        }
      g_ptr_array_add (board->chips, c);
    }

  return board;
}

void
spk_test_board_repair_tie (SpkBoard *b)
{
  SpkFaction *brawnen = spk_board_find_faction (b, "brawnen");
  SpkFaction *narora = spk_faction_new ("narora");
  static const char *const names[] = { "Forge", "Barracks", "Gateport", "Quarry" };

  g_assert_nonnull (brawnen);
  b->player_count = 3;
  b->wave = 2;
  g_free (b->phase);
  b->phase = g_strdup ("event");
  narora->name = g_strdup ("Narora");
  narora->mark = g_strdup ("brawnen");
  g_ptr_array_add (b->factions, narora);
  brawnen->gate_health = 0;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      SpkStructure *st = spk_structure_new (names[i]);

      spk_structure_add_level (st, "one", 3);
      spk_structure_add_level (st, "two", 5);
      st->bought = 1;
      g_ptr_array_add (brawnen->structures, st);
    }
}
