/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Attack targets on random boards, checked against a second, naive
 * reading of the rules written here without the engine's grid or helpers:
 * places are looked up by coordinate in a hash table, distances found by a
 * plain breadth-first search, talents read with sscanf. Seeds are fixed. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "spk-attack.h"
#include "spk-test-board.h"

static const int steps[6][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };

static char *
key (int q, int r)
{
  return g_strdup_printf ("%d,%d", q, r);
}

/* Every place that counts as a hex for range: isle and earthscape hexes,
 * fortress gates and fortress wells (RR Fortress, Sky). */
static GHashTable *
places (const SpkBoard *b)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < b->hexes->len; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (b->hexes, i);

      g_hash_table_add (set, key (h->q, h->r));
    }
  for (guint i = 0; i < b->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (b->fortresses, i);

      g_hash_table_add (set, key (f->gate.q, f->gate.r));
      for (guint w = 0; w < f->wells->len; w++)
        g_hash_table_add (set, key (g_array_index (f->wells, SpkHex, w).q,
                                    g_array_index (f->wells, SpkHex, w).r));
    }
  return set;
}

/* Hexes from (q, r) to every place: "q,r" -> distance + 1. */
static GHashTable *
naive_distances (GHashTable *set, int q, int r)
{
  GHashTable *dist = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (int) * 2);
  int start[2] = { q, r };

  g_hash_table_insert (dist, key (q, r), GINT_TO_POINTER (1));
  g_array_append_vals (queue, start, 1);
  for (guint head = 0; head < queue->len; head++)
    {
      int aq = g_array_index (queue, int, head * 2);
      int ar = g_array_index (queue, int, head * 2 + 1);
      g_autofree char *here = key (aq, ar);
      int d = GPOINTER_TO_INT (g_hash_table_lookup (dist, here));

      for (int s = 0; s < 6; s++)
        {
          int next[2] = { aq + steps[s][0], ar + steps[s][1] };
          char *k = key (next[0], next[1]);

          if (!g_hash_table_contains (set, k) || g_hash_table_contains (dist, k))
            {
              g_free (k);
              continue;
            }
          g_hash_table_insert (dist, k, GINT_TO_POINTER (d + 1));
          g_array_append_vals (queue, next, 1);
        }
    }
  return dist;
}

static int
by_text (gconstpointer x, gconstpointer y)
{
  return strcmp (*(char *const *) x, *(char *const *) y);
}

/* Sorted and joined with spaces. */
static char *
joined (GPtrArray *list)
{
  g_ptr_array_sort (list, by_text);
  g_ptr_array_add (list, NULL);
  return g_strjoinv (" ", (char **) list->pdata);
}

static int
distance_to (GHashTable *dist, int q, int r)
{
  g_autofree char *k = key (q, r);

  return GPOINTER_TO_INT (g_hash_table_lookup (dist, k)) - 1;
}

static gboolean
talent (const SpkChip *c, const char *name)
{
  for (guint i = 0; i < c->talents->len; i++)
    if (strcmp (g_ptr_array_index (c->talents, i), name) == 0)
      return TRUE;
  return FALSE;
}

static int
count_ups (const SpkChip *c, SpkUpgrade kind)
{
  int n = 0;

  for (guint i = 0; i < c->upgrades->len; i++)
    n += g_array_index (c->upgrades, SpkUpgrade, i) == kind;
  return n;
}

static int
naive_range (const SpkChip *c)
{
  for (guint i = 0; i < c->talents->len; i++)
    {
      int n;
      char word[16] = "";

      if (sscanf (g_ptr_array_index (c->talents, i), "%d %15s", &n, word) == 2
          && strcmp (word, "Range") == 0 && n > 0)
        return n + count_ups (c, SPK_UPGRADE_RANGE);
    }
  return 1;
}

static gboolean
same_side (const SpkBoard *b, const char *x, const char *y)
{
  const SpkFaction *fx, *fy;

  if (x == NULL || y == NULL)
    return FALSE;
  if (strcmp (x, y) == 0)
    return TRUE;
  fx = spk_board_find_faction (b, x);
  fy = spk_board_find_faction (b, y);
  return fx != NULL && fy != NULL && fx->team != NULL && fy->team != NULL
         && strcmp (fx->team, fy->team) == 0;
}

typedef enum {
  SEEN_UNIT, SEEN_SPIRE, SEEN_LANDMARK, SEEN_GATE, SEEN_STACK,
  SEEN_FLYING_REFUSED, SEEN_OUT_OF_RANGE, SEEN_SKY, SEEN_RANGED, SEEN_CANNOT,
  N_SEEN
} Seen;

/* The targets of @a as the rules read plainly, sorted, space-separated. */
static char *
naive_targets (const SpkBoard *b, GHashTable *set, const SpkChip *a, guint *seen)
{
  g_autoptr(GHashTable) dist = NULL;
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  int range = naive_range (a);
  gboolean anti_air = talent (a, "Flying") || talent (a, "Air Defense");

  if ((a->kind != SPK_CHIP_MINION && a->kind != SPK_CHIP_HERO) || !a->placed || !a->active
      || a->attacked || a->attack + count_ups (a, SPK_UPGRADE_ATTACK) <= 0)
    {
      seen[SEEN_CANNOT]++;
      return g_strdup ("");
    }
  if (range > 1)
    seen[SEEN_RANGED]++;
  dist = naive_distances (set, a->q, a->r);
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);
      int d;

      if (c == a || !c->placed || same_side (b, a->faction, c->faction))
        continue;
      if (c->kind == SPK_CHIP_LANDMARK && (!c->revealed || c->health <= 0))
        continue;
      if ((c->kind == SPK_CHIP_MINION || c->kind == SPK_CHIP_HERO) && !c->active)
        continue;
      if (talent (c, "Flying") && !anti_air)
        {
          seen[SEEN_FLYING_REFUSED]++;
          continue;
        }
      d = distance_to (dist, c->q, c->r);
      if (d < 0)
        seen[SEEN_SKY]++;
      if (d < 0 || d > range)
        {
          seen[SEEN_OUT_OF_RANGE]++;
          continue;
        }
      seen[c->kind == SPK_CHIP_SPIRE ? SEEN_SPIRE : c->kind == SPK_CHIP_LANDMARK ? SEEN_LANDMARK : SEEN_UNIT]++;
      g_ptr_array_add (out, g_strdup (c->id));
    }
  for (guint i = 0; i < b->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (b->fortresses, i);
      const SpkDeployment *stack = spk_board_find_deployment (b, f->faction);
      int d = distance_to (dist, f->gate.q, f->gate.r);

      if (same_side (b, a->faction, f->faction) || d < 0 || d > range)
        continue;
      seen[SEEN_GATE]++;
      g_ptr_array_add (out, g_strdup_printf ("gate:%s", f->faction));
      if (stack != NULL && stack->stack->len > 0)
        {
          seen[SEEN_STACK]++;
          g_ptr_array_add (out, g_strdup (g_ptr_array_index (stack->stack, 0)));
        }
    }
  return joined (out);
}

static char *
engine_targets (const SpkAttackOptions *o)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < o->targets->len; i++)
    g_ptr_array_add (out, g_strdup (((SpkAttackOutcome *) g_ptr_array_index (o->targets, i))->target));
  return joined (out);
}

/* The generator leaves landmarks without health and units without ranged
 * or anti-air talents; some are added here so that every rule is met. */
static void
vary (SpkBoard *b, guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed * 7919u);

  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (b->chips, i);
      int roll = g_rand_int_range (rand, 0, 12);

      if (c->kind == SPK_CHIP_LANDMARK)
        {
          c->health = g_rand_int_range (rand, 0, 4);
          c->landmark_minion = c->revealed && roll < 4;
          continue;
        }
      if (!spk_chip_is_unit (c))
        continue;
      if (roll == 0)
        g_ptr_array_add (c->talents, g_strdup_printf ("%d Range", g_rand_int_range (rand, 2, 4)));
      else if (roll == 1)
        g_ptr_array_add (c->talents, g_strdup ("Air Defense"));
      else if (roll == 2)
        c->attacked = TRUE;
      else if (roll == 3)
        g_ptr_array_add (c->talents, g_strdup ("Flying"));
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          SpkUpgrade up = g_rand_boolean (rand) ? SPK_UPGRADE_RANGE : SPK_UPGRADE_ATTACK;

          g_array_append_val (c->upgrades, up);
        }
    }
}

static void
test_random_boards (void)
{
  guint seen[N_SEEN] = { 0 };
  guint n_boards = g_test_slow () ? 1000 : 300;
  guint attackers = 0;

  for (guint32 seed = 1; seed <= n_boards; seed++)
    {
      SpkTestBoardSpec spec = { 2 + (int) (seed % 3), 40 + (int) (seed * 7 % 120),
                                10 + (int) (seed % 30), (int) (seed % 8), 2 + (int) (seed % 5),
                                0.05 * (seed % 5), seed % 4 == 0, seed % 3 == 0 };
      g_autoptr(SpkBoard) b = NULL;
      g_autoptr(GHashTable) set = NULL;

      if (seed % 4 == 0)
        spec.players = 4;
      b = spk_test_board_random (seed, &spec);
      vary (b, seed);
      set = places (b);
      for (guint i = 0; i < b->chips->len; i++)
        {
          const SpkChip *a = g_ptr_array_index (b->chips, i);
          g_autoptr(SpkAttackOptions) o = NULL;
          g_autofree char *engine = NULL;
          g_autofree char *naive = NULL;

          if (!spk_chip_is_unit (a))
            continue;
          o = spk_attack_options (b, a->id, NULL);
          g_assert_nonnull (o);
          engine = engine_targets (o);
          naive = naive_targets (b, set, a, seen);
          if (g_strcmp0 (engine, naive) != 0)
            g_test_message ("seed %u, attacker %s: engine [%s], naive [%s]", seed, a->id, engine, naive);
          g_assert_cmpstr (engine, ==, naive);
          g_assert_cmpint (o->can_attack, ==, *naive != '\0');
          g_assert_cmpint (o->must_attack, ==, *naive != '\0' && a->kind == SPK_CHIP_MINION);
          attackers++;
        }
    }
  g_test_message ("%u attackers; units %u spires %u landmarks %u gates %u stacks %u flying %u "
                  "out of range %u sky %u ranged %u cannot %u", attackers, seen[SEEN_UNIT],
                  seen[SEEN_SPIRE], seen[SEEN_LANDMARK], seen[SEEN_GATE], seen[SEEN_STACK],
                  seen[SEEN_FLYING_REFUSED], seen[SEEN_OUT_OF_RANGE], seen[SEEN_SKY],
                  seen[SEEN_RANGED], seen[SEEN_CANNOT]);
  /* The boards meet every rule, so the agreement means something. */
  for (int s = 0; s < N_SEEN; s++)
    g_assert_cmpuint (seen[s], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/attack/random-boards", test_random_boards);
  return g_test_run ();
}
