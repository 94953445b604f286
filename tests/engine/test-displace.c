/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Displacement along a minion's route (spk-displace.h): rulings M-11 to
 * M-14 in docs/rulings.md, resting on RR Displace, RR Blocked and RR
 * Returning to the Fortress. */
#include "config.h"

#include <stdio.h>

#include "spk-displace.h"
#include "spk-movement.h"
#include "spk-test-builder.h"

/* Factions a (gate (-4,0)) and b (gate (4,0)) on a path line (-3,0) ..
 * (3,0); beside it (0,-1) plains, (-1,1) path, (-2,1) and (-3,1) forest; c is a's
 * teammate (team "t"), with no fortress. Minion "ash" of a stands at
 * (-3,0) unless a test moves it. */
static SpkBoard *
line_board (void)
{
  SpkBoard *b = spk_tb_new (3);
  SpkChip *ash;

  spk_tb_faction (b, "a", "b", "t");
  spk_tb_faction (b, "b", "a", NULL);
  spk_tb_faction (b, "c", "b", "t");
  spk_tb_hexes (b, "line", 0, "-3,0,p -2,0,p -1,0,p 0,0,p 1,0,p 2,0,p 3,0,p");
  spk_tb_hexes (b, "side", 0, "0,-1,l -1,1,p -2,1,f -3,1,f");
  spk_tb_fortress (b, "a", -4, 0, "-5,0");
  spk_tb_fortress (b, "b", 4, 0, "5,0");
  ash = spk_tb_chip (b, "ash", SPK_CHIP_MINION, "a", -3, 0, NULL);
  ash->movement = 3;
  ash->health = ash->max_health = 2;
  return b;
}

static SpkChip *
hero (SpkBoard *b, const char *id, const char *faction, int q, int r, SpkTerrain allowance)
{
  SpkChip *h = spk_tb_chip (b, id, SPK_CHIP_HERO, faction, q, r, NULL);

  h->movement = 2;
  h->health = h->max_health = 3;
  h->allowance = allowance;
  return h;
}

/* "q,r q,r ..." as a route. */
static GArray *
route (const char *spec)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_auto(GStrv) parts = g_strsplit (spec, " ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      SpkHex h;

      g_assert_cmpint (sscanf (parts[i], "%d,%d", &h.q, &h.r), ==, 2);
      g_array_append_val (path, h);
    }
  return path;
}

/* "hero>q,r" per displacement ("R" after it: returned; "?" unanswered,
 * then the candidates "[q,r q,r]"). */
static char *
describe (const GPtrArray *list)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < list->len; i++)
    {
      const SpkDisplacement *d = g_ptr_array_index (list, i);

      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append_printf (s, "%s@%d,%d", d->hero, d->from.q, d->from.r);
      if (d->chosen)
        g_string_append_printf (s, ">%d,%d%s", d->to.q, d->to.r, d->returns ? "R" : "");
      else
        g_string_append_c (s, '?');
      if (d->asked)
        {
          g_string_append_c (s, '[');
          for (guint j = 0; j < d->candidates->len; j++)
            {
              SpkHex h = g_array_index (d->candidates, SpkHex, j);
              g_string_append_printf (s, "%s%d,%d", j > 0 ? " " : "", h.q, h.r);
            }
          g_string_append_c (s, ']');
        }
    }
  return g_string_free (s, FALSE);
}

static char *
displace (const SpkBoard *b, const char *chip, const char *spec, const SpkDisplaceChoice *choices,
          guint n, GError **error)
{
  g_autoptr(GArray) path = route (spec);
  g_autoptr(GPtrArray) list = spk_displacements (b, chip, (const SpkHex *) path->data, path->len, choices, n, error);

  return list != NULL ? describe (list) : NULL;
}

/* M-11: the movement engine's route through a friendly hero; the hero
 * takes the hex the minion left, whether it is passed or ended on. */
static void
test_swap (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  g_autoptr(SpkMoveResult) moves = NULL;
  g_autoptr(GPtrArray) list = NULL;
  const SpkMoveDestination *dst;
  g_autoptr(GError) error = NULL;
  g_autofree char *through = NULL, *onto = NULL;

  hero (b, "dywen", "a", -2, 0, SPK_TERRAIN_PATH);
  moves = spk_movement_moves (b, NULL, "ash", &error);
  g_assert_no_error (error);
  dst = spk_move_result_find (moves, spk_hex_make (0, 0));
  g_assert_nonnull (dst);
  g_assert_cmpuint (dst->n_path, ==, 4);
  list = spk_displacements (b, "ash", dst->path, dst->n_path, NULL, 0, &error);
  g_assert_no_error (error);
  through = describe (list);
  g_assert_cmpstr (through, ==, "dywen@-2,0>-3,0");
  g_assert_null (spk_displacements_question (list));

  onto = displace (b, "ash", "-3,0 -2,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (onto, ==, "dywen@-2,0>-3,0");
}

/* M-13: deploying from its gate, the minion leaves the gate; the hero it
 * displaces lands on its own gate and has returned to the fortress. */
static void
test_onto_own_gate (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  SpkChip *ash = spk_board_find_chip (b, "ash");
  SpkDeployment *stack = spk_deployment_new ("a");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  ash->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("ash"));
  g_ptr_array_add (stack->stack, g_strdup ("spare"));
  g_ptr_array_add (b->deployment, stack);
  hero (b, "dywen", "a", -3, 0, SPK_TERRAIN_PATH);
  /* Another unit still waits on the gate: the own gate takes the hero
   * all the same. */
  text = displace (b, "ash", "-4,0 -3,0 -2,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "dywen@-3,0>-4,0R");
}

/* M-12: the hex left is a gate that is not the hero's own (a teammate's
 * hero behind a deploying minion): the player picks among the free hexes
 * next to the hero, within its allowance; the answer is checked. */
static void
test_teammate_on_gate_asks (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  SpkChip *ash = spk_board_find_chip (b, "ash");
  SpkDeployment *stack = spk_deployment_new ("a");
  g_autoptr(GError) error = NULL;
  g_autofree char *asked = NULL, *answered = NULL, *wrong = NULL;
  SpkDisplaceChoice pick = { "cara", { -3, 1 } };
  SpkDisplaceChoice bad = { "cara", { -4, 0 } };

  ash->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("ash"));
  g_ptr_array_add (b->deployment, stack);
  hero (b, "cara", "c", -3, 0, SPK_TERRAIN_FOREST);
  asked = displace (b, "ash", "-4,0 -3,0 -2,0", NULL, 0, &error);
  g_assert_no_error (error);
  /* Next to (-3,0): (-2,0) is on the way ahead, (-4,0) a's gate, the
   * rest sky but (-3,1). */
  g_assert_cmpstr (asked, ==, "cara@-3,0?[-3,1]");
  answered = displace (b, "ash", "-4,0 -3,0 -2,0", &pick, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (answered, ==, "cara@-3,0>-3,1[-3,1]");
  wrong = displace (b, "ash", "-4,0 -3,0 -2,0", &bad, 1, &error);
  g_assert_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_BAD_CHOICE);
  g_assert_null (wrong);
}

/* M-12: the hex left holds another chip (an Incorporeal minion passed an
 * opposing unit): candidates within the allowance first, every free hex
 * when none is within it; none at all refuses the route. */
static void
test_left_hex_taken (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  SpkChip *dywen;
  g_autoptr(GError) error = NULL;
  g_autofree char *path_only = NULL, *plains = NULL, *outside = NULL, *nowhere = NULL;
  SpkChip *blocker;

  spk_tb_chip (b, "brute", SPK_CHIP_MINION, "b", -2, 0, NULL);
  dywen = hero (b, "dywen", "a", -1, 0, SPK_TERRAIN_PATH);
  /* Next to (-1,0), in direction order: (0,0) ahead on the way, (0,-1)
   * plains, (-1,-1) sky, (-2,0) taken, (-2,1) forest, (-1,1) path. */
  path_only = displace (b, "ash", "-3,0 -2,0 -1,0 0,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (path_only, ==, "dywen@-1,0?[-1,1]");

  dywen->allowance = SPK_TERRAIN_PLAINS;
  plains = displace (b, "ash", "-3,0 -2,0 -1,0 0,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (plains, ==, "dywen@-1,0?[0,-1 -1,1]");

  dywen->allowance = SPK_TERRAIN_PATH;
  blocker = spk_tb_chip (b, "tower", SPK_CHIP_SPIRE, "b", -1, 1, NULL);
  outside = displace (b, "ash", "-3,0 -2,0 -1,0 0,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (outside, ==, "dywen@-1,0?[0,-1 -2,1]");

  spk_tb_chip (b, "wall-1", SPK_CHIP_SPIRE, "b", 0, -1, NULL);
  spk_tb_chip (b, "wall-2", SPK_CHIP_SPIRE, "b", -2, 1, NULL);
  g_assert_nonnull (blocker);
  nowhere = displace (b, "ash", "-3,0 -2,0 -1,0 0,0", NULL, 0, &error);
  g_assert_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_NOWHERE);
  g_assert_null (nowhere);
}

/* M-14: several heroes on one route are displaced one after another,
 * each onto the hex the minion has just left; the list stops at the first
 * question, and once it is answered the heroes after it follow. */
static void
test_several_heroes (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  g_autoptr(GError) error = NULL;
  g_autofree char *both = NULL, *first = NULL, *second = NULL;
  SpkDisplaceChoice pick = { "awsh", { -1, 1 } };

  hero (b, "awsh", "a", -2, 0, SPK_TERRAIN_PATH);
  hero (b, "dywen", "a", -1, 0, SPK_TERRAIN_PLAINS);
  both = displace (b, "ash", "-3,0 -2,0 -1,0 0,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (both, ==, "awsh@-2,0>-3,0 dywen@-1,0>-2,0");

  /* An Incorporeal minion passes brute at (-2,0): awsh at (-1,0) cannot
   * take that hex, so it is asked about; dywen, now at (0,0), follows. */
  spk_board_find_chip (b, "awsh")->q = -1;
  spk_board_find_chip (b, "dywen")->q = 0;
  spk_tb_chip (b, "brute", SPK_CHIP_MINION, "b", -2, 0, NULL);
  first = displace (b, "ash", "-3,0 -2,0 -1,0 0,0 1,0", NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, "awsh@-1,0?[-1,1]");
  second = displace (b, "ash", "-3,0 -2,0 -1,0 0,0 1,0", &pick, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (second, ==, "awsh@-1,0>-1,1[-1,1] dywen@0,0>-1,0");
}

/* Only friendly heroes are displaced: an opposing hero passed with
 * Incorporeal stays, and bad input is refused with its code. */
static void
test_only_friendly_and_errors (void)
{
  g_autoptr(SpkBoard) b = line_board ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) path = route ("-3,0 -2,0 -1,0");
  g_autoptr(GArray) sky = route ("-3,0 -3,-1");
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) bad = NULL;

  hero (b, "zed", "b", -2, 0, SPK_TERRAIN_PATH);
  none = spk_displacements (b, "ash", (const SpkHex *) path->data, path->len, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);

  bad = spk_displacements (b, "nobody", (const SpkHex *) path->data, path->len, NULL, 0, &error);
  g_assert_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_UNKNOWN_CHIP);
  g_assert_null (bad);
  g_clear_error (&error);
  bad = spk_displacements (b, "ash", (const SpkHex *) sky->data, sky->len, NULL, 0, &error);
  g_assert_error (error, SPK_DISPLACE_ERROR, SPK_DISPLACE_ERROR_BAD_ROUTE);
  g_assert_null (bad);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/displace/swap", test_swap);
  g_test_add_func ("/displace/onto-own-gate", test_onto_own_gate);
  g_test_add_func ("/displace/teammate-on-gate-asks", test_teammate_on_gate_asks);
  g_test_add_func ("/displace/left-hex-taken", test_left_hex_taken);
  g_test_add_func ("/displace/several-heroes", test_several_heroes);
  g_test_add_func ("/displace/only-friendly-and-errors", test_only_friendly_and_errors);
  return g_test_run ();
}
