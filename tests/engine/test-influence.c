/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Influence and spire construction sites (issue 4). Each row names the
 * rule it checks: RR = Rules Reference entry, RB = rulebook, R-spire-N =
 * docs/rulings.md. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "spk-influence.h"
#include "spk-spire.h"
#include "spk-test-board.h"
#include "spk-test-builder.h"

/* Five isles in a row from the brawnen gate (-6,0) to the grovetender gate
 * (3,0): west touches the brawnen gate, mid touches west and far, far
 * touches mid and east, east touches the grovetender gate. North touches
 * only the brawnen fortress well (-6,-1), never a gate or another isle. */
static SpkBoard *
base_board (int players, gboolean teams)
{
  SpkBoard *b = spk_tb_new (players);

  spk_tb_faction (b, "brawnen", "grovetenders", teams ? "t" : NULL);
  spk_tb_faction (b, "grovetenders", "brawnen", teams ? "t" : NULL);
  if (players == 4)
    {
      spk_tb_faction (b, "narora", "brawnen", NULL);
      spk_tb_faction (b, "heirs", "brawnen", NULL);
    }
  spk_tb_hexes (b, "west", 0, "-5,0,p -5,1,l* -4,0,p -4,-1,f*");
  spk_tb_hexes (b, "mid", 0, "-3,0,p -2,0,p -2,-1,l* -3,1,f");
  spk_tb_hexes (b, "far", 0, "-1,0,p 0,0,p 0,-1,w*");
  spk_tb_hexes (b, "east", 0, "1,0,p 2,0,p 2,-1,l 1,1,f*");
  spk_tb_hexes (b, "north", 0, "-6,-2,l* -7,-2,p");
  spk_tb_fortress (b, "brawnen", -6, 0, "-7,0 -6,-1");
  spk_tb_fortress (b, "grovetenders", 3, 0, "4,-1 3,1");
  return b;
}

typedef struct {
  const char *name;
  const char *rule;
  int         players;
  gboolean    teams;
  const char *layer;      /* earthscape-1 hexes on layer 1, or NULL */
  const char *spires;     /* "faction@q,r ..." */
  const char *landmarks;  /* "q,r ..." */
  const char *faction;
  const char *groups;     /* expected, sorted, space separated */
  const char *wells;      /* expected buildable wells "q,r ..." sorted */
  int         in_play;
  int         limit;
  const char *layer2;     /* earthscape-2 hexes on layer 2, or NULL */
} Row;

static const Row rows[] = {
  { "gate-only", "RR Influence: groups adjacent to the gate; own fortress wells (RB wave 1: the reetail's water well)",
    2, FALSE, NULL, "", "", "brawnen",
    "west", "-7,0 -6,-1 -5,1 -4,-1", 0, 6 },
  { "spire-in-west", "RR Influence: a group with your spire and the groups adjacent to it",
    2, FALSE, NULL, "brawnen@-4,-1", "", "brawnen",
    "mid west", "-7,0 -6,-1 -5,1 -2,-1", 1, 6 },
  { "spire-in-mid", "RR Influence: adjacency reaches one group past the spire's, not two",
    2, FALSE, NULL, "brawnen@-2,-1", "", "brawnen",
    "far mid west", "-7,0 -6,-1 -5,1 -4,-1 0,-1", 1, 6 },
  { "fortress-well-spire", "RR Influence (isle touching the fortress side), issue 4: a fortress-well spire gives no group",
    2, FALSE, NULL, "brawnen@-6,-1", "", "brawnen",
    "west", "-7,0 -5,1 -4,-1", 1, 6 },
  { "covered-well", "RR Source Well: a chip on a well hides it",
    2, FALSE, NULL, "", "-5,1", "brawnen",
    "west", "-7,0 -6,-1 -4,-1", 0, 6 },
  { "other-fortress-wells", "RR Fortress Source Well: only the owner builds there",
    2, FALSE, NULL, "brawnen@0,-1", "", "brawnen",
    "east far mid west", "-7,0 -6,-1 -5,1 -4,-1 -2,-1 1,1", 1, 6 },
  { "teammate-spire", "RR Influence: only spires you control count, a friendly one does not",
    2, TRUE, NULL, "grovetenders@-2,-1", "", "brawnen",
    "west", "-7,0 -6,-1 -5,1 -4,-1", 0, 6 },
  { "below-limit-2p", "RR Spire Limit: 6 in a 2-player game",
    2, FALSE, NULL, "brawnen@-7,0 brawnen@-6,-1 brawnen@-5,1 brawnen@-4,-1 brawnen@-2,-1", "", "brawnen",
    "far mid west", "0,-1", 5, 6 },
  { "at-limit-2p", "RR Spire Limit: no construction at the limit",
    2, FALSE, NULL, "brawnen@-7,0 brawnen@-6,-1 brawnen@-5,1 brawnen@-4,-1 brawnen@-2,-1 brawnen@0,-1", "", "brawnen",
    "east far mid west", "", 6, 6 },
  { "at-limit-4p", "RR Spire Limit: 4 in a 4-player game",
    4, FALSE, NULL, "brawnen@-7,0 brawnen@-6,-1 brawnen@-5,1 brawnen@-4,-1", "", "brawnen",
    "mid west", "", 4, 4 },
  { "below-limit-4p-other-spires", "RR Spire Limit: only your own spires count",
    4, FALSE, NULL, "brawnen@-7,0 brawnen@-6,-1 brawnen@-5,1 grovetenders@-4,-1", "", "brawnen",
    "mid west", "-2,-1", 3, 4 },
  { "layered-well-bottom-influence", "RR Influence / Earthscape: a layered hex follows its bottom hex",
    2, FALSE, "-2,0,p -2,-1,f*", "brawnen@-4,-1", "", "brawnen",
    "mid west", "-7,0 -6,-1 -5,1 -2,-1", 1, 6 },
  { "layered-hides-well", "table format: the top layer decides the well",
    2, FALSE, "-2,0,p -2,-1,f", "brawnen@-4,-1", "", "brawnen",
    "mid west", "-7,0 -6,-1 -5,1", 1, 6 },
  { "spire-on-earthscape", "R-spire-1: a spire belongs to the top group; RR Adjacent: across planes",
    2, FALSE, "-2,0,p -2,-1,f*", "grovetenders@-2,-1", "", "grovetenders",
    "earthscape-1 east far mid", "3,1 4,-1 0,-1 1,1", 1, 6 },
  { "earthscape-adjacent-across-planes", "RR Adjacent: groups on different planes sharing an edge",
    2, FALSE, "-2,0,p -2,-1,f*", "brawnen@0,-1", "", "brawnen",
    "earthscape-1 east far mid west", "-7,0 -6,-1 -5,1 -4,-1 -2,-1 1,1", 1, 6 },
  { "three-layers-middle-holds-spire", "R-spire-1: a middle layer's hexes count for adjacency",
    2, FALSE, "-2,0,p -2,-1,f*", "brawnen@-2,-1", "", "brawnen",
    "earthscape-1 earthscape-2 far mid west", "-7,0 -6,-1 -5,1 -4,-1 0,-1", 1, 6, "-2,0,p" },
  { "three-layers-middle-next-to-spire", "R-spire-1: every layer at a place touches its neighbours",
    2, FALSE, "-2,0,p -2,-1,f*", "brawnen@0,-1", "", "brawnen",
    "earthscape-1 earthscape-2 east far mid west", "-7,0 -6,-1 -5,1 -4,-1 -2,-1 1,1", 1, 6, "-2,0,p" },
};

static char *naive_influence (const SpkBoard *b, const char *faction);
static char *engine_influence (const SpkBoard *b, const char *faction);

static SpkBoard *
row_board (const Row *row)
{
  SpkBoard *b = base_board (row->players, row->teams);
  g_auto(GStrv) spires = g_strsplit (row->spires, " ", -1);
  g_auto(GStrv) marks = g_strsplit (row->landmarks, " ", -1);

  if (row->layer != NULL)
    spk_tb_hexes (b, "earthscape-1", 1, row->layer);
  if (row->layer2 != NULL)
    spk_tb_hexes (b, "earthscape-2", 2, row->layer2);
  for (guint i = 0; spires[i] != NULL; i++)
    {
      char faction[32];
      int q, r;
      g_autofree char *id = g_strdup_printf ("spire-%u", i);

      if (spires[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (spires[i], "%31[a-z]@%d,%d", faction, &q, &r), ==, 3);
      spk_tb_chip (b, id, SPK_CHIP_SPIRE, faction, q, r, "attack");
    }
  for (guint i = 0; marks[i] != NULL; i++)
    {
      int q, r;
      g_autofree char *id = g_strdup_printf ("landmark-%u", i);

      if (marks[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (marks[i], "%d,%d", &q, &r), ==, 2);
      spk_tb_chip (b, id, SPK_CHIP_LANDMARK, NULL, q, r, NULL);
    }
  return b;
}

static char *
hexes_text (const GArray *hexes)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      SpkHex h = g_array_index (hexes, SpkHex, i);
      g_string_append_printf (s, "%s%d,%d", i > 0 ? " " : "", h.q, h.r);
    }
  return g_string_free (s, FALSE);
}

/* The expected wells are written in reading order; the engine sorts by q
 * then r, so sort the expectation the same way. */
static char *
sorted_hexes (const char *spec)
{
  g_auto(GStrv) items = g_strsplit (spec, " ", -1);
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (SpkHex));

  for (guint i = 0; items[i] != NULL; i++)
    {
      SpkHex h;

      if (items[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (items[i], "%d,%d", &h.q, &h.r), ==, 2);
      for (guint j = 0; ; j++)
        if (j == hexes->len || h.q < g_array_index (hexes, SpkHex, j).q ||
            (h.q == g_array_index (hexes, SpkHex, j).q && h.r < g_array_index (hexes, SpkHex, j).r))
          {
            g_array_insert_val (hexes, j, h);
            break;
          }
    }
  return hexes_text (hexes);
}

static void
test_rows (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const Row *row = &rows[i];
      g_autoptr(SpkBoard) b = row_board (row);
      g_autoptr(GError) error = NULL;
      g_autoptr(SpkInfluence) inf = spk_influence_compute (b, row->faction, &error);
      g_autofree char *groups = NULL;
      g_autofree char *wells = NULL;
      g_autofree char *expected_wells = sorted_hexes (row->wells);

      g_test_message ("row %s (%s)", row->name, row->rule);
      g_assert_no_error (error);
      g_ptr_array_add (inf->groups, NULL);
      groups = g_strjoinv (" ", (char **) inf->groups->pdata);
      g_ptr_array_remove_index (inf->groups, inf->groups->len - 1);
      wells = hexes_text (inf->buildable_wells);
      g_assert_cmpstr (groups, ==, row->groups);
      g_assert_cmpstr (wells, ==, expected_wells);
      g_assert_cmpint (inf->spires_in_play, ==, row->in_play);
      g_assert_cmpint (inf->spire_limit, ==, row->limit);
      {
        g_autofree char *want = naive_influence (b, row->faction);
        g_autofree char *got = engine_influence (b, row->faction);

        g_assert_cmpstr (got, ==, want);
      }
    }
}

/* Every hex of an influenced group plus own fortress wells, sorted. */
static void
test_hexes (void)
{
  const Row *row = &rows[1];   /* spire-in-west */
  g_autoptr(SpkBoard) b = row_board (row);
  g_autoptr(SpkInfluence) inf = spk_influence_compute (b, "brawnen", NULL);
  g_autofree char *hexes = hexes_text (inf->hexes);

  g_assert_cmpstr (hexes, ==, "-7,0 -6,-1 -5,0 -5,1 -4,-1 -4,0 -3,0 -3,1 -2,-1 -2,0");
}

/* Hexes covered by an earthscape are listed once, by their place. */
static void
test_hexes_layered (void)
{
  const Row *row = &rows[13];   /* spire-on-earthscape */
  g_autoptr(SpkBoard) b = row_board (row);
  g_autoptr(SpkInfluence) inf = spk_influence_compute (b, "grovetenders", NULL);
  g_autofree char *hexes = hexes_text (inf->hexes);

  g_assert_cmpstr (row->name, ==, "spire-on-earthscape");
  g_assert_cmpstr (hexes, ==, "-3,0 -3,1 -2,-1 -2,0 -1,0 0,-1 0,0 1,0 1,1 2,-1 2,0 3,1 4,-1");
}

/* RR Spire Reward (R-spire-8): the free spire goes on the defeated chip's
 * own hex when that hex has a Source well, influence ignored; so the sites
 * are wells under an opposing unit, spire or landmark minion, never an
 * empty well, a friendly chip, a face-down landmark or a fortress well. */
static void
test_reward_wells (void)
{
  g_autoptr(SpkBoard) b = base_board (2, FALSE);
  g_autoptr(SpkInfluence) inf = NULL;
  g_autofree char *rewards = NULL;
  SpkChip *c;

  spk_tb_chip (b, "own", SPK_CHIP_SPIRE, "brawnen", -5, 1, "attack");
  spk_tb_chip (b, "far-minion", SPK_CHIP_MINION, "grovetenders", -6, -2, NULL);
  spk_tb_chip (b, "path-minion", SPK_CHIP_MINION, "grovetenders", -3, 0, NULL);
  spk_tb_chip (b, "hero", SPK_CHIP_HERO, "grovetenders", 0, -1, NULL);
  spk_tb_chip (b, "their-spire", SPK_CHIP_SPIRE, "grovetenders", 1, 1, "attack");
  spk_tb_chip (b, "fort-spire", SPK_CHIP_SPIRE, "grovetenders", 4, -1, "attack");
  spk_tb_chip (b, "face-down", SPK_CHIP_LANDMARK, NULL, -4, -1, NULL);
  c = spk_tb_chip (b, "landmark-minion", SPK_CHIP_LANDMARK, NULL, -2, -1, NULL);
  c->landmark_minion = TRUE;
  inf = spk_influence_compute (b, "brawnen", NULL);
  rewards = hexes_text (inf->reward_wells);
  g_assert_cmpstr (rewards, ==, "-6,-2 -2,-1 0,-1 1,1");
  g_clear_pointer (&inf, spk_influence_free);
  g_clear_pointer (&rewards, g_free);

  /* The other side: the brawnen spire is a site, its own chips are not. */
  inf = spk_influence_compute (b, "grovetenders", NULL);
  rewards = hexes_text (inf->reward_wells);
  g_assert_cmpstr (rewards, ==, "-5,1 -2,-1");
}

/* RR Spire Limit: a faction at its limit has no reward site. */
static void
test_reward_wells_at_limit (void)
{
  g_autoptr(SpkBoard) b = base_board (2, FALSE);
  g_autoptr(SpkInfluence) inf = NULL;
  static const char *const sites[] = { "-7,0", "-6,-1", "-5,1", "-4,-1", "-2,-1", "1,1" };

  for (guint i = 0; i < G_N_ELEMENTS (sites); i++)
    {
      g_autofree char *id = g_strdup_printf ("s%u", i);
      int q, r;

      g_assert_cmpint (sscanf (sites[i], "%d,%d", &q, &r), ==, 2);
      spk_tb_chip (b, id, SPK_CHIP_SPIRE, "brawnen", q, r, "attack");
    }
  spk_tb_chip (b, "hero", SPK_CHIP_HERO, "grovetenders", 0, -1, NULL);
  inf = spk_influence_compute (b, "brawnen", NULL);
  g_assert_cmpint (inf->spires_in_play, ==, 6);
  g_assert_cmpuint (inf->reward_wells->len, ==, 0);
}

static void
test_unknown_faction (void)
{
  g_autoptr(SpkBoard) b = base_board (2, FALSE);
  g_autoptr(GError) error = NULL;
  SpkInfluence *inf = spk_influence_compute (b, "nobody", &error);

  g_assert_null (inf);
  g_assert_error (error, SPK_INFLUENCE_ERROR, SPK_INFLUENCE_ERROR_UNKNOWN_FACTION);
}

typedef struct {
  const char    *name;
  const char    *rule;
  const char    *spires;   /* brawnen spires "q,r ..." */
  int            q, r;
  gboolean       reward;
  SpkBuildCheck  expected;
} BuildRow;

static const BuildRow build_rows[] = {
  { "west-well", "RR Spire Construction: a well under influence", "", -5, 1, FALSE, SPK_BUILD_OK },
  { "own-fortress-well", "RR Fortress Source Well", "", -7, 0, FALSE, SPK_BUILD_OK },
  { "north-no-influence", "RR Influence: the fortress side gives none", "", -6, -2, FALSE, SPK_BUILD_NO_INFLUENCE },
  { "north-reward", "RR Spire Reward: influence ignored", "", -6, -2, TRUE, SPK_BUILD_OK },
  { "other-fortress", "RR Fortress Source Well", "", 4, -1, FALSE, SPK_BUILD_OTHER_FORTRESS },
  { "other-fortress-reward", "RR Fortress Source Well: even for a reward", "", 4, -1, TRUE, SPK_BUILD_OTHER_FORTRESS },
  { "no-well", "RR Spire Construction: only on wells", "", -5, 0, FALSE, SPK_BUILD_NO_WELL },
  { "sky", "RR Sky", "", -9, 5, FALSE, SPK_BUILD_NO_WELL },
  { "gate", "RR Fortress Gate", "", -6, 0, FALSE, SPK_BUILD_NO_WELL },
  { "occupied", "RR Source Well: a covered well is none", "-5,1", -5, 1, FALSE, SPK_BUILD_OCCUPIED },
  { "at-limit", "RR Spire Limit: not for any reason, reward included",
    "-7,0 -6,-1 -5,1 -4,-1 -2,-1 0,-1", 1, 1, TRUE, SPK_BUILD_AT_LIMIT },
};

static void
test_build_check (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (build_rows); i++)
    {
      const BuildRow *row = &build_rows[i];
      g_autoptr(SpkBoard) b = base_board (2, FALSE);
      g_autoptr(SpkGrid) grid = NULL;
      g_auto(GStrv) spires = g_strsplit (row->spires, " ", -1);

      g_test_message ("row %s (%s)", row->name, row->rule);
      for (guint s = 0; spires[s] != NULL; s++)
        {
          int q, r;
          g_autofree char *id = g_strdup_printf ("spire-%u", s);

          if (spires[s][0] == '\0')
            continue;
          g_assert_cmpint (sscanf (spires[s], "%d,%d", &q, &r), ==, 2);
          spk_tb_chip (b, id, SPK_CHIP_SPIRE, "brawnen", q, r, "attack");
        }
      grid = spk_grid_new (b);
      g_assert_cmpint (spk_spire_build_check (grid, "brawnen", spk_hex_make (row->q, row->r),
                                              row->reward), ==, row->expected);
    }
}

/* ---- Cross-check on random boards ------------------------------------
 * A deliberately plain second reading of the same rules, straight from the
 * board's lists (no grid), compared with the engine on random boards with
 * layered earthscapes, teams and fortress-well spires. */

typedef struct {
  GHashTable *top;     /* key -> SpkHexEntry* with the highest layer */
  GHashTable *bottom;  /* key -> SpkHexEntry* with the lowest layer */
  GHashTable *places;  /* key -> 1: hexes, gates and fortress wells */
  GHashTable *chip_at; /* key -> SpkChip* standing there */
} Naive;

#define KEY(q, r) GUINT_TO_POINTER (spk_hex_key (spk_hex_make ((q), (r))))

static void
naive_init (Naive *n, const SpkBoard *b)
{
  n->top = g_hash_table_new (NULL, NULL);
  n->bottom = g_hash_table_new (NULL, NULL);
  n->places = g_hash_table_new (NULL, NULL);
  n->chip_at = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < b->hexes->len; i++)
    {
      SpkHexEntry *e = g_ptr_array_index (b->hexes, i);
      SpkHexEntry *t = g_hash_table_lookup (n->top, KEY (e->q, e->r));
      SpkHexEntry *o = g_hash_table_lookup (n->bottom, KEY (e->q, e->r));

      if (t == NULL || e->layer > t->layer)
        g_hash_table_insert (n->top, KEY (e->q, e->r), e);
      if (o == NULL || e->layer < o->layer)
        g_hash_table_insert (n->bottom, KEY (e->q, e->r), e);
      g_hash_table_add (n->places, KEY (e->q, e->r));
    }
  for (guint f = 0; f < b->fortresses->len; f++)
    {
      SpkFortress *fort = g_ptr_array_index (b->fortresses, f);

      g_hash_table_add (n->places, KEY (fort->gate.q, fort->gate.r));
      for (guint w = 0; w < fort->wells->len; w++)
        {
          SpkHex h = g_array_index (fort->wells, SpkHex, w);
          g_hash_table_add (n->places, KEY (h.q, h.r));
        }
    }
  for (guint c = 0; c < b->chips->len; c++)
    {
      SpkChip *chip = g_ptr_array_index (b->chips, c);

      if (chip->placed)
        g_hash_table_insert (n->chip_at, KEY (chip->q, chip->r), chip);
    }
}

static void
naive_clear (Naive *n)
{
  g_hash_table_unref (n->top);
  g_hash_table_unref (n->bottom);
  g_hash_table_unref (n->places);
  g_hash_table_unref (n->chip_at);
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char **) a, *(char **) b);
}

static int
cmp_hex (gconstpointer a, gconstpointer b)
{
  const SpkHex *x = a, *y = b;
  return x->q != y->q ? (x->q < y->q ? -1 : 1) : (x->r > y->r) - (x->r < y->r);
}

static char *
naive_influence (const SpkBoard *b, const char *faction)
{
  Naive n;
  g_autoptr(GHashTable) spire_groups = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) group_list = g_ptr_array_new ();
  g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(GArray) wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  SpkFortress *own = spk_board_find_fortress (b, faction);
  GHashTableIter it;
  gpointer key, value;
  int spires = 0;
  g_autofree char *hex_text = NULL, *well_text = NULL, *group_text = NULL;

  naive_init (&n, b);
  for (guint c = 0; c < b->chips->len; c++)
    {
      SpkChip *chip = g_ptr_array_index (b->chips, c);
      SpkHexEntry *top;

      if (chip->kind != SPK_CHIP_SPIRE || !chip->placed || g_strcmp0 (chip->faction, faction) != 0)
        continue;
      spires++;
      top = g_hash_table_lookup (n.top, KEY (chip->q, chip->r));
      if (top != NULL)
        g_hash_table_add (spire_groups, top->group);
    }
  for (guint i = 0; i < b->hexes->len; i++)
    {
      SpkHexEntry *e = g_ptr_array_index (b->hexes, i);
      SpkHex h = spk_hex_make (e->q, e->r);

      if (g_hash_table_contains (spire_groups, e->group) ||
          (own != NULL && spk_hex_distance (h, own->gate) == 1))
        g_hash_table_add (groups, e->group);
      for (guint j = 0; j < b->hexes->len; j++)
        {
          SpkHexEntry *f = g_ptr_array_index (b->hexes, j);

          if (g_hash_table_contains (spire_groups, f->group) &&
              spk_hex_distance (h, spk_hex_make (f->q, f->r)) == 1)
            g_hash_table_add (groups, e->group);
        }
    }
  g_hash_table_iter_init (&it, n.bottom);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      SpkHexEntry *bottom = value;
      SpkHexEntry *top = g_hash_table_lookup (n.top, key);
      SpkHex h = spk_hex_from_key (GPOINTER_TO_UINT (key));
      gboolean on_fortress = FALSE;

      for (guint f = 0; f < b->fortresses->len; f++)
        {
          SpkFortress *fort = g_ptr_array_index (b->fortresses, f);
          on_fortress = on_fortress || spk_hex_equal (fort->gate, h);
          for (guint w = 0; w < fort->wells->len; w++)
            on_fortress = on_fortress || spk_hex_equal (g_array_index (fort->wells, SpkHex, w), h);
        }
      if (on_fortress || !g_hash_table_contains (groups, bottom->group))
        continue;
      g_array_append_val (hexes, h);
      if (top->well && !g_hash_table_contains (n.chip_at, key) &&
          spires < spk_spire_limit (b->player_count))
        g_array_append_val (wells, h);
    }
  for (guint w = 0; own != NULL && w < own->wells->len; w++)
    {
      SpkHex h = g_array_index (own->wells, SpkHex, w);

      g_array_append_val (hexes, h);
      if (!g_hash_table_contains (n.chip_at, KEY (h.q, h.r)) &&
          spires < spk_spire_limit (b->player_count))
        g_array_append_val (wells, h);
    }
  g_hash_table_iter_init (&it, groups);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_ptr_array_add (group_list, key);
  g_ptr_array_sort (group_list, cmp_str);
  g_array_sort (hexes, cmp_hex);
  g_array_sort (wells, cmp_hex);
  g_ptr_array_add (group_list, NULL);
  group_text = g_strjoinv (" ", (char **) group_list->pdata);
  hex_text = hexes_text (hexes);
  well_text = hexes_text (wells);
  naive_clear (&n);
  return g_strdup_printf ("groups [%s] hexes [%s] wells [%s] spires %d/%d", group_text, hex_text,
                          well_text, spires, spk_spire_limit (b->player_count));
}

static char *
engine_influence (const SpkBoard *b, const char *faction)
{
  g_autoptr(SpkInfluence) inf = spk_influence_compute (b, faction, NULL);
  g_autofree char *hex_text = hexes_text (inf->hexes);
  g_autofree char *well_text = hexes_text (inf->buildable_wells);
  g_autofree char *group_text = NULL;

  g_ptr_array_add (inf->groups, NULL);
  group_text = g_strjoinv (" ", (char **) inf->groups->pdata);
  g_ptr_array_remove_index (inf->groups, inf->groups->len - 1);
  return g_strdup_printf ("groups [%s] hexes [%s] wells [%s] spires %d/%d", group_text, hex_text,
                          well_text, inf->spires_in_play, inf->spire_limit);
}

/* Steps from @from over places (never sky), by plain breadth-first search. */
static int
naive_steps (const Naive *n, SpkHex from, SpkHex to, int limit)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) frontier = g_array_new (FALSE, FALSE, sizeof (SpkHex));

  g_array_append_val (frontier, from);
  g_hash_table_add (seen, KEY (from.q, from.r));
  for (int step = 0; step <= limit; step++)
    {
      g_autoptr(GArray) next = g_array_new (FALSE, FALSE, sizeof (SpkHex));

      for (guint i = 0; i < frontier->len; i++)
        {
          SpkHex h = g_array_index (frontier, SpkHex, i);

          if (spk_hex_equal (h, to))
            return step;
          for (int d = 0; d < 6; d++)
            {
              SpkHex m = spk_hex_neighbour (h, d);

              if (g_hash_table_contains (n->places, KEY (m.q, m.r)) &&
                  !g_hash_table_contains (seen, KEY (m.q, m.r)))
                {
                  g_hash_table_add (seen, KEY (m.q, m.r));
                  g_array_append_val (next, m);
                }
            }
        }
      g_array_set_size (frontier, 0);
      g_array_append_vals (frontier, next->data, next->len);
    }
  return -1;
}

static char *
naive_fire (const SpkBoard *b, const char *active)
{
  Naive n;
  GString *s = g_string_new (NULL);

  naive_init (&n, b);
  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *sp = g_ptr_array_index (b->chips, i);
      int attack = 0, range = 1;

      if (sp->kind != SPK_CHIP_SPIRE || !sp->placed || spk_board_friendly (b, sp->faction, active))
        continue;
      for (guint u = 0; u < sp->upgrades->len; u++)
        {
          SpkUpgrade up = g_array_index (sp->upgrades, SpkUpgrade, u);
          attack += up == SPK_UPGRADE_ATTACK;
          range += up == SPK_UPGRADE_RANGE;
        }
      if (attack == 0)
        continue;
      g_string_append_printf (s, "%s%s/%d/%d/", s->len > 0 ? ";" : "", sp->id, attack, range);
      for (guint j = 0, k = 0; j < b->chips->len; j++)
        {
          SpkChip *u = g_ptr_array_index (b->chips, j);
          gboolean flying = spk_chip_has_talent (u, "Flying");

          if ((u->kind != SPK_CHIP_MINION && u->kind != SPK_CHIP_HERO) || !u->placed || !u->active ||
              g_strcmp0 (u->faction, active) != 0)
            continue;
          if (flying && !spk_chip_has_talent (sp, "Air Defense") && !spk_chip_has_talent (sp, "Flying"))
            continue;
          if (naive_steps (&n, spk_hex_make (sp->q, sp->r), spk_hex_make (u->q, u->r), range) < 0)
            continue;
          g_string_append_printf (s, "%s%s", k++ > 0 ? "," : "", u->id);
        }
    }
  naive_clear (&n);
  return g_string_free (s, FALSE);
}

static char *
engine_fire (const SpkBoard *b, const char *active)
{
  g_autoptr(GPtrArray) fires = spk_spires_fire (b, active, NULL);

  return spk_tb_fire_text (fires);
}

static void
test_random_boards (void)
{
  const SpkTestBoardSpec specs[] = {
    SPK_TEST_BOARD_SPEC_BENCH,
    { 2, 150, 20, 14, 4, 0.15, FALSE, TRUE },
    { 4, 250, 40, 20, 6, 0.1, TRUE, TRUE },
    { 3, 120, 30, 18, 3, 0.3, FALSE, TRUE },
  };
  guint compared = 0, with_targets = 0;

  for (gsize k = 0; k < G_N_ELEMENTS (specs); k++)
    for (guint32 seed = 1; seed <= 12; seed++)
      {
        g_autoptr(SpkBoard) b = spk_test_board_random (seed * 7919 + (guint32) k, &specs[k]);

        for (guint f = 0; f < b->factions->len; f++)
          {
            const char *id = ((SpkFaction *) g_ptr_array_index (b->factions, f))->id;
            g_autofree char *want = naive_influence (b, id);
            g_autofree char *got = engine_influence (b, id);
            g_autofree char *want_fire = naive_fire (b, id);
            g_autofree char *got_fire = engine_fire (b, id);

            g_assert_cmpstr (got, ==, want);
            g_assert_cmpstr (got_fire, ==, want_fire);
            with_targets += g_regex_match_simple ("/[a-z]", want_fire, 0, 0);
            compared++;
          }
      }
  /* The boards must exercise the rules, not just agree on empty answers. */
  g_assert_cmpuint (compared, ==, 12 * (4 + 2 + 4 + 3));
  g_assert_cmpuint (with_targets, >, compared / 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/influence/rows", test_rows);
  g_test_add_func ("/influence/hexes", test_hexes);
  g_test_add_func ("/influence/hexes-layered", test_hexes_layered);
  g_test_add_func ("/influence/reward-wells", test_reward_wells);
  g_test_add_func ("/influence/reward-wells-at-limit", test_reward_wells_at_limit);
  g_test_add_func ("/influence/unknown-faction", test_unknown_faction);
  g_test_add_func ("/influence/build-check", test_build_check);
  g_test_add_func ("/influence/random-boards", test_random_boards);
  return g_test_run ();
}
