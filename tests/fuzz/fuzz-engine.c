/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The engine on small random boards decoded from the input, checked
 * against invariants of the rules rather than against fixed answers:
 *   - a minion's progress never ends further from its mark than it starts
 *     (closer, M-7), a lateral move ends exactly as close;
 *   - every example route is a walk of adjacent hexes from the start to the
 *     destination within the movement: over hexes (no gate or fortress well
 *     except a hero's own gate at the end), within the terrain allowance
 *     (except while recovering, M-3), never through a spire or landmark,
 *     never twice over one hex, and the heroes it displaces stand on it;
 *   - a faction's influence (groups and hexes) never shrinks when it adds a
 *     spire where the rules let it build one.
 * The decoded board is written and read back through the table file
 * first: it must be valid, so a rejected board is a decoder bug. */
#include "spk-fuzz.h"

#include <string.h>

#include "spk-grid.h"
#include "spk-influence.h"
#include "spk-movement.h"
#include "spk-table-file.h"

#define RADIUS 3

static const char *const faction_ids[4] = { "brawnen", "grovetenders", "heirs", "sol" };

typedef struct {
  const uint8_t *data;
  size_t         size, pos;
} Bytes;

static guint
next (Bytes *in)
{
  return in->pos < in->size ? in->data[in->pos++] : 0;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  spk_fuzz_init ();
  return 0;
}

/* Gates at corners just outside the region, opposite ones first; each
 * fortress keeps the two outer neighbours of its gate as wells. */
static void
add_fortresses (SpkBoard *b, int players)
{
  static const int corner[4] = { 0, 3, 1, 4 };

  for (int i = 0; i < players; i++)
    {
      SpkHex gate = spk_hex_make (spk_hex_directions[corner[i]].q * (RADIUS + 1),
                                  spk_hex_directions[corner[i]].r * (RADIUS + 1));
      SpkFortress *fort = spk_fortress_new (faction_ids[i], gate);

      for (int d = 0; d < 6; d++)
        {
          SpkHex w = spk_hex_neighbour (gate, d);

          if (spk_hex_distance (w, spk_hex_make (0, 0)) == RADIUS + 2)
            g_array_append_val (fort->wells, w);
        }
      g_ptr_array_add (b->fortresses, fort);
    }
}

/* One byte per hex of the region: bits 0-2 terrain (7: sky), bit 3 a
 * well, bits 4-5 its group, bits 6-7 both set: an earthscape hex on top. */
static void
add_hexes (SpkBoard *b, Bytes *in, GArray *cells)
{
  for (int q = -RADIUS; q <= RADIUS; q++)
    for (int r = MAX (-RADIUS, -q - RADIUS); r <= MIN (RADIUS, -q + RADIUS); r++)
      {
        guint x = next (in);
        g_autofree char *group = g_strdup_printf ("isle-%u", (x >> 4) & 3);
        SpkHexEntry *e;

        if ((x & 7) == 7)
          continue;
        e = spk_hex_entry_new (q, r, (SpkTerrain) ((x & 7) % SPK_N_TERRAINS), group);
        e->well = (x & 8) != 0;
        g_ptr_array_add (b->hexes, e);
        if ((x >> 6) == 3)
          {
            e = spk_hex_entry_new (q, r, SPK_TERRAIN_PATH, "earthscape");
            e->layer = 1;
            g_ptr_array_add (b->hexes, e);
          }
        g_array_append_val (cells, ((SpkHex) { q, r }));
      }
}

/* TRUE when the top layer at @h has a Source well. */
static gboolean
well_on_top (const SpkBoard *b, SpkHex h)
{
  int top = -1;
  gboolean well = FALSE;

  for (guint i = 0; i < b->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (b->hexes, i);

      if (e->q == h.q && e->r == h.r && e->layer > top)
        {
          top = e->layer;
          well = e->well;
        }
    }
  return well;
}

/* Four bytes per chip: kind and faction, place, movement and allowance,
 * flags. A chip that could not stand there (sky, taken, a spire off a
 * well or over the limit) is left out. */
static void
add_chips (SpkBoard *b, Bytes *in, GArray *cells, int players)
{
  g_autoptr(GHashTable) taken = g_hash_table_new (NULL, NULL);
  int spires[4] = { 0 };
  guint n = next (in) % 16;

  for (guint i = 0; i < n && cells->len > 0; i++)
    {
      static const SpkChipKind kinds[8] = {
        SPK_CHIP_MINION, SPK_CHIP_MINION, SPK_CHIP_MINION, SPK_CHIP_MINION,
        SPK_CHIP_HERO, SPK_CHIP_HERO, SPK_CHIP_SPIRE, SPK_CHIP_LANDMARK,
      };
      guint what = next (in), place = next (in), stats = next (in), flags = next (in);
      SpkChipKind kind = kinds[what & 7];
      gboolean unit = kind == SPK_CHIP_MINION || kind == SPK_CHIP_HERO;
      int faction = (int) ((what >> 3) % (guint) players);
      SpkHex h = g_array_index (cells, SpkHex, place % cells->len);
      /* The last few places stand for the faction's deployment stack. */
      gboolean stacked = unit && place >= 0xf0;
      g_autofree char *id = g_strdup_printf ("chip-%u", i);
      SpkChip *c;

      if (!stacked && g_hash_table_contains (taken, GUINT_TO_POINTER (spk_hex_key (h))))
        continue;
      if (kind == SPK_CHIP_SPIRE && (!well_on_top (b, h) || spires[faction] >= spk_spire_limit (players)))
        continue;
      c = spk_chip_new (id, kind);
      c->name = g_strdup (id);
      if (kind != SPK_CHIP_LANDMARK)
        c->faction = g_strdup (faction_ids[faction]);
      c->movement = 1 + (int) (stats & 3);
      c->allowance = (SpkTerrain) ((stats >> 2) % SPK_N_TERRAINS);
      c->health = c->max_health = 1 + (int) ((stats >> 5) & 3);
      c->capacity = 3;
      c->moved = (flags & 1) != 0;
      c->active = (flags & 2) == 0;
      c->revealed = (flags & 4) != 0;
      if (unit && (flags & 8))
        g_ptr_array_add (c->talents, g_strdup ("Incorporeal"));
      if (kind == SPK_CHIP_SPIRE)
        {
          SpkUpgrade up = (SpkUpgrade) ((flags >> 4) % SPK_N_UPGRADES);

          g_array_append_val (c->upgrades, up);
          spires[faction]++;
        }
      if (stacked)
        {
          SpkDeployment *d = spk_board_find_deployment (b, faction_ids[faction]);

          if (d == NULL)
            {
              d = spk_deployment_new (faction_ids[faction]);
              g_ptr_array_add (b->deployment, d);
            }
          g_ptr_array_add (d->stack, g_strdup (id));
        }
      else
        {
          c->placed = TRUE;
          c->q = h.q;
          c->r = h.r;
          g_hash_table_add (taken, GUINT_TO_POINTER (spk_hex_key (h)));
        }
      g_ptr_array_add (b->chips, c);
    }
}

static SpkBoard *
decode (const uint8_t *data, size_t size)
{
  Bytes in = { data, size, 0 };
  g_autoptr(SpkBoard) b = spk_board_new ();
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  guint setup = next (&in);
  int players = 2 + (int) (setup % 3);

  b->player_count = players;
  for (int i = 0; i < players; i++)
    {
      SpkFaction *f = spk_faction_new (faction_ids[i]);

      f->name = g_strdup (faction_ids[i]);
      f->mark = g_strdup (faction_ids[(i + 1) % players]);
      if (players == 4 && (setup & 4))
        f->team = g_strdup (i % 2 == 0 ? "north" : "south");
      g_ptr_array_add (b->factions, f);
    }
  add_fortresses (b, players);
  add_hexes (b, &in, cells);
  add_chips (b, &in, cells, players);
  return g_steal_pointer (&b);
}

static gboolean
is_own_gate (const SpkGrid *grid, const SpkChip *chip, int cell)
{
  return chip->faction != NULL && cell == spk_grid_gate_of (grid, chip->faction);
}

static void
check_route (const SpkGrid *grid, const SpkChip *chip, const SpkMoveResult *res,
             const SpkMoveDestination *dst)
{
  const SpkBoard *b = grid->board;
  const SpkHex *p = dst->path;
      guint n_p = dst->n_path;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint heroes_on_route = 0;

  g_assert_cmpuint (n_p, >=, 2);
  g_assert_cmpint ((int) n_p - 1, <=, chip->movement);
  g_assert_true (spk_hex_equal (p[0], res->start));
  g_assert_true (spk_hex_equal (p[n_p - 1], dst->hex));
  for (guint s = 0; s < n_p; s++)
    {
      SpkHex h = p[s];
      int cell = spk_grid_find (grid, h);
      const SpkCell *c;

      /* Ruling M-16: an answer past the work limit may cross itself. */
      if (!res->approximate)
        g_assert_false (g_hash_table_contains (seen, GUINT_TO_POINTER (spk_hex_key (h))));
      g_hash_table_add (seen, GUINT_TO_POINTER (spk_hex_key (h)));
      if (s == 0)
        continue;
      g_assert_true (spk_hex_adjacent (p[s - 1], h));
      g_assert_cmpint (cell, >=, 0);
      c = spk_grid_cell (grid, cell);
      if (chip->kind == SPK_CHIP_HERO && s == n_p - 1 && is_own_gate (grid, chip, cell))
        continue;
      g_assert_cmpint (c->kind, ==, SPK_CELL_HEX);
      if (res->rule != SPK_MOVE_RULE_RECOVER)
        g_assert_cmpint (c->terrain, <=, chip->allowance);
      if (c->chip >= 0)
        {
          const SpkChip *other = g_ptr_array_index (b->chips, c->chip);

          g_assert_true (spk_chip_is_unit (other));
          if (other->kind == SPK_CHIP_HERO)
            for (guint k = 0; k < dst->displaces->len; k++)
              heroes_on_route += g_str_equal (g_ptr_array_index (dst->displaces, k), other->id);
        }
    }
  /* Every hero named as displaced stands on the route, once. */
  g_assert_cmpuint (heroes_on_route, ==, dst->displaces->len);
}

static void
check_movement (const SpkBoard *b, const SpkGrid *grid, SpkMovement *mv, const SpkChip *chip)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkMoveResult) res = spk_movement_query (mv, chip->id, &error);
  const SpkFaction *f = spk_board_find_faction (b, chip->faction);

  g_assert_no_error (error);
  g_assert_nonnull (res);
  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);

      g_assert_false (spk_hex_equal (dst->hex, res->start));
      check_route (grid, chip, res, dst);
      if (chip->kind != SPK_CHIP_MINION)
        continue;
      g_assert_cmpint (dst->distance, ==, spk_movement_closeness (mv, dst->hex, f->mark, chip->allowance));
      if (res->rule == SPK_MOVE_RULE_PROGRESS)
        {
          g_assert_cmpint (dst->distance, !=, SPK_MOVEMENT_UNREACHABLE);
          g_assert_cmpint (dst->distance, <, res->start_distance);
        }
      else if (res->rule == SPK_MOVE_RULE_LATERAL)
        g_assert_cmpint (dst->distance, ==, res->start_distance);
    }
}

static gboolean
contains_hex (GArray *hexes, SpkHex h)
{
  for (guint i = 0; i < hexes->len; i++)
    if (spk_hex_equal (g_array_index (hexes, SpkHex, i), h))
      return TRUE;
  return FALSE;
}

static void
check_influence_grows (const SpkBoard *b, const char *faction, guint pick)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkInfluence) before = spk_influence_compute (b, faction, &error);
  g_autoptr(SpkInfluence) after = NULL;
  g_autoptr(SpkBoard) more = NULL;
  SpkChip *spire;
  SpkHex well;

  g_assert_no_error (error);
  if (before->buildable_wells->len == 0)
    return;
  well = g_array_index (before->buildable_wells, SpkHex, pick % before->buildable_wells->len);
  more = spk_board_copy (b);
  spire = spk_chip_new ("fuzz-new-spire", SPK_CHIP_SPIRE);
  spire->faction = g_strdup (faction);
  spire->name = g_strdup ("New Spire");
  spire->placed = TRUE;
  spire->q = well.q;
  spire->r = well.r;
  spire->capacity = 3;
  g_ptr_array_add (more->chips, spire);

  after = spk_influence_compute (more, faction, &error);
  g_assert_no_error (error);
  g_assert_cmpint (after->spires_in_play, ==, before->spires_in_play + 1);
  for (guint i = 0; i < before->groups->len; i++)
    g_assert_true (g_ptr_array_find_with_equal_func (after->groups, g_ptr_array_index (before->groups, i),
                                                     g_str_equal, NULL));
  for (guint i = 0; i < before->hexes->len; i++)
    g_assert_true (contains_hex (after->hexes, g_array_index (before->hexes, SpkHex, i)));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(SpkBoard) decoded = decode (data, size);
  g_autoptr(SpkBoard) b = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(SpkMovement) mv = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  text = spk_table_file_to_data (decoded, &length);
  b = spk_table_file_parse (text, (gssize) length, &error);
  g_assert_no_error (error);

  grid = spk_grid_new (b);
  mv = spk_movement_new (b, grid);
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (b->chips, i);

      if (spk_chip_is_unit (chip))
        check_movement (b, grid, mv, chip);
    }
  for (guint i = 0; i < b->factions->len; i++)
    check_influence_grows (b, ((SpkFaction *) g_ptr_array_index (b->factions, i))->id, size > 0 ? data[size - 1] : 0);
  return 0;
}
