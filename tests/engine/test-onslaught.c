/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The end of the wave and campfire mode as pure questions of a board
 * (spk-onslaught.h): rulings W-1 and W-2 in docs/rulings.md, resting on
 * RR Wave, RR Turn, RR Defeat, RR Campfire Mode and RR Deployment Stack. */
#include "config.h"

#include "spk-onslaught.h"
#include "spk-test-builder.h"

/* Factions a, b, c (a and c on team "t"), one path line. */
static SpkBoard *
three_board (void)
{
  SpkBoard *b = spk_tb_new (3);

  spk_tb_faction (b, "a", "b", "t");
  spk_tb_faction (b, "b", "a", NULL);
  spk_tb_faction (b, "c", "b", "t");
  spk_tb_hexes (b, "line", 0, "0,0,p 1,0,p 2,0,p 3,0,p 4,0,p");
  spk_tb_fortress (b, "a", -1, 0, "-1,-1");
  spk_tb_fortress (b, "b", 5, 0, "5,-1");
  return b;
}

static char *
campfire (const SpkBoard *b)
{
  g_autoptr(GPtrArray) ids = spk_campfire_factions (b);

  g_ptr_array_add (ids, NULL);
  return g_strjoinv (",", (char **) ids->pdata);
}

/* W-1: minions on the board, in a deployment stack and grouped under
 * another all count; heroes and landmark minions do not; a wave with none
 * left is over. */
static void
test_minions_in_play (void)
{
  g_autoptr(SpkBoard) b = three_board ();
  SpkDeployment *stack = spk_deployment_new ("a");
  SpkChip *ash, *stacked, *lurker;

  spk_tb_chip (b, "hero-a", SPK_CHIP_HERO, "a", 0, 0, NULL);
  lurker = spk_tb_chip (b, "lurker", SPK_CHIP_LANDMARK, NULL, 4, 0, NULL);
  lurker->landmark_minion = TRUE;
  g_assert_cmpuint (spk_faction_minions_in_play (b), ==, 0);
  g_assert_true (spk_wave_over (b));

  stacked = spk_tb_chip (b, "stacked", SPK_CHIP_MINION, "a", 0, 0, NULL);
  stacked->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("stacked"));
  g_ptr_array_add (b->deployment, stack);
  g_assert_cmpuint (spk_faction_minions_in_play (b), ==, 1);
  g_assert_false (spk_wave_over (b));

  ash = spk_tb_chip (b, "ash", SPK_CHIP_MINION, "b", 2, 0, NULL);
  g_ptr_array_add (ash->grouped, g_strdup ("under"));
  spk_tb_chip (b, "under", SPK_CHIP_MINION, "b", 0, 0, NULL)->placed = FALSE;
  g_assert_cmpuint (spk_faction_minions_in_play (b), ==, 3);

  /* A minion with no place (beside the barracks) is not in play. */
  g_ptr_array_set_size (stack->stack, 0);
  g_ptr_array_remove_index (b->chips, (guint) spk_board_chip_index (b, "ash"));
  g_assert_cmpuint (spk_faction_minions_in_play (b), ==, 0);
  g_assert_true (spk_wave_over (b));
}

/* W-2: only mutually friendly factions with units in play: campfire for
 * them; opposing factions with units, or none at all: nobody. Units in a
 * deployment stack count; returned heroes do not. */
static void
test_campfire_factions (void)
{
  g_autoptr(SpkBoard) b = three_board ();
  SpkDeployment *stack = spk_deployment_new ("b");
  SpkChip *back, *waiting;
  g_autofree char *none = NULL, *one = NULL, *team = NULL, *mixed = NULL, *stacked = NULL,
                  *returned = NULL;

  none = campfire (b);
  g_assert_cmpstr (none, ==, "");
  spk_tb_chip (b, "hero-a", SPK_CHIP_HERO, "a", 0, 0, NULL);
  one = campfire (b);
  g_assert_cmpstr (one, ==, "a");
  spk_tb_chip (b, "minion-c", SPK_CHIP_MINION, "c", 1, 0, NULL);
  team = campfire (b);
  g_assert_cmpstr (team, ==, "a,c");
  waiting = spk_tb_chip (b, "minion-b", SPK_CHIP_MINION, "b", 0, 0, NULL);
  waiting->placed = FALSE;
  g_ptr_array_add (stack->stack, g_strdup ("minion-b"));
  g_ptr_array_add (b->deployment, stack);
  stacked = campfire (b);
  g_assert_cmpstr (stacked, ==, "");
  g_ptr_array_set_size (stack->stack, 0);
  back = spk_tb_chip (b, "hero-b", SPK_CHIP_HERO, "b", 0, 0, NULL);
  back->placed = FALSE;
  back->returned = 1;
  returned = campfire (b);
  g_assert_cmpstr (returned, ==, "a,c");
  spk_tb_chip (b, "minion-b2", SPK_CHIP_MINION, "b", 3, 0, NULL);
  mixed = campfire (b);
  g_assert_cmpstr (mixed, ==, "");
}

/* Publisher's FAQ 1.7, Errata, "Campfire mode": heroes go into campfire
 * mode when no faction opposing theirs has units in play (the printed
 * trigger was "only one faction has units in play"). Two teams of two:
 * a and c ("t"), b and d ("u"). Each row is a board and the factions whose
 * heroes go into campfire mode. */
static const struct {
  const char *name;
  const char *units;   /* "faction:kind" pairs, kind h(ero), m(inion), s(tacked minion), l(andmark minion) */
  const char *want;
  const char *printed; /* the same board played by the printed rule (W-5) */
} campfire_errata[] = {
  /* Two factions of one team have units: the printed trigger would wait,
   * the errata starts campfire mode for both. */
  { "teammates-only", "a:h c:m", "a,c", "" },
  { "whole-team", "a:h a:m c:h c:m", "a,c", "" },
  /* Landmark minions belong to no faction: they oppose nobody. */
  { "teammates-and-landmark", "a:h c:m -:l", "a,c", "" },
  { "other-team-only", "b:h d:m", "b,d", "" },
  /* An opposing unit anywhere in play, even waiting in a stack, holds it off. */
  { "opposing-minion", "a:h c:m b:m", "", "" },
  { "opposing-stacked", "a:h c:m d:s", "", "" },
  { "opposing-hero", "a:h d:h", "", "" },
  /* A lone faction: the printed text and the errata agree. */
  { "one-faction", "b:h b:m", "b", "b" },
  { "one-faction-and-landmark", "a:h a:m -:l", "a", "a" },
};

/* Each row twice: by the errata (the default) and by the printed rule. */
static void
test_campfire_errata (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (campfire_errata); i++)
    {
      g_autoptr(SpkBoard) b = spk_tb_new (4);
      g_auto(GStrv) units = g_strsplit (campfire_errata[i].units, " ", -1);
      SpkDeployment *stack = spk_deployment_new ("d");
      g_autofree char *got = NULL;

      spk_tb_faction (b, "a", "b", "t");
      spk_tb_faction (b, "b", "a", "u");
      spk_tb_faction (b, "c", "b", "t");
      spk_tb_faction (b, "d", "a", "u");
      spk_tb_hexes (b, "line", 0, "0,0,p 1,0,p 2,0,p 3,0,p 4,0,p 5,0,p 6,0,p 7,0,p");
      g_ptr_array_add (b->deployment, stack);
      for (guint k = 0; units[k] != NULL; k++)
        {
          g_autofree char *id = g_strdup_printf ("u%u", k);
          char kind = units[k][2];
          char faction[2] = { units[k][0], '\0' };
          SpkChip *c = spk_tb_chip (b, id, kind == 'h' ? SPK_CHIP_HERO : kind == 'l' ? SPK_CHIP_LANDMARK : SPK_CHIP_MINION,
                                    faction[0] == '-' ? NULL : faction, (int) k, 0, NULL);

          c->landmark_minion = kind == 'l';
          if (kind == 's')
            {
              c->placed = FALSE;
              g_ptr_array_add (stack->stack, g_strdup (id));
            }
        }
      got = campfire (b);
      if (!g_str_equal (got, campfire_errata[i].want))
        g_error ("%s: campfire mode for “%s”, want “%s”", campfire_errata[i].name, got, campfire_errata[i].want);
      g_clear_pointer (&got, g_free);
      b->campfire_rule = SPK_CAMPFIRE_ONE_FACTION;
      got = campfire (b);
      if (!g_str_equal (got, campfire_errata[i].printed))
        g_error ("%s (printed rule): campfire mode for “%s”, want “%s”", campfire_errata[i].name, got,
                 campfire_errata[i].printed);
    }
}

/* W-5: the readings' names in a table file, both ways; anything else is
 * not a reading. */
static void
test_campfire_rule_names (void)
{
  SpkCampfireRule rule = SPK_CAMPFIRE_ONE_FACTION;

  g_assert_cmpstr (spk_campfire_rule_to_string (SPK_CAMPFIRE_NO_OPPOSING), ==, "no-opposing");
  g_assert_cmpstr (spk_campfire_rule_to_string (SPK_CAMPFIRE_ONE_FACTION), ==, "one-faction");
  g_assert_true (spk_campfire_rule_from_string ("no-opposing", &rule));
  g_assert_cmpint (rule, ==, SPK_CAMPFIRE_NO_OPPOSING);
  g_assert_true (spk_campfire_rule_from_string ("one-faction", &rule));
  g_assert_cmpint (rule, ==, SPK_CAMPFIRE_ONE_FACTION);
  g_assert_false (spk_campfire_rule_from_string ("printed", &rule));
  g_assert_false (spk_campfire_rule_from_string (NULL, &rule));
  g_assert_cmpint (rule, ==, SPK_CAMPFIRE_ONE_FACTION);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/onslaught/minions-in-play", test_minions_in_play);
  g_test_add_func ("/onslaught/campfire-factions", test_campfire_factions);
  g_test_add_func ("/onslaught/campfire-errata", test_campfire_errata);
  g_test_add_func ("/onslaught/campfire-rule-names", test_campfire_rule_names);
  return g_test_run ();
}
