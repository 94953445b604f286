/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Deployment planning in the Prep Phase: CP, groups, hero placement and
 * hero limits. Each row names the rule (RB = rulebook, RR = Rules
 * Reference, R-eco-N = docs/rulings.md). Movement values other than the
 * dispatch's are test values. */
#include "spk-economy.h"

#include <string.h>

#define M(id, cp, mv, grp) { id, id, SPK_CHIP_MINION, cp, FALSE, FALSE, FALSE, mv, grp }
#define MERC(id, cp, mv) { id, id, SPK_CHIP_MINION, cp, TRUE, FALSE, FALSE, mv, 0 }
#define H(id, cp) { id, id, SPK_CHIP_HERO, cp, FALSE, FALSE, FALSE, 3, 0 }
#define HSTART(id) { id, id, SPK_CHIP_HERO, 0, FALSE, FALSE, TRUE, 3, 0 }
#define HMERC(id, cp) { id, id, SPK_CHIP_HERO, cp, TRUE, FALSE, FALSE, 3, 0 }
#define HBACK(id, cp) { id, id, SPK_CHIP_HERO, cp, FALSE, TRUE, FALSE, 3, 0 }
#define HBACKIN(id, cp, wave) { id, id, SPK_CHIP_HERO, cp, FALSE, TRUE, FALSE, 3, 0, wave }
#define HGRP(id, grp) { id, id, SPK_CHIP_HERO, 2, FALSE, FALSE, FALSE, 3, grp }
#define SPIRE(id) { id, id, SPK_CHIP_SPIRE, 0, FALSE, FALSE, FALSE, 0, 0 }

typedef struct {
  const char *rule;
  int         wave, heroes_in_play;
  SpkPlanUnit units[5];
  int         n;
  int         cp_spent;
  const char *problems;   /* "kind@position ..." */
} StackRow;

static const char *
kind_name (SpkStackProblemKind kind)
{
  switch (kind)
    {
    case SPK_STACK_OVER_CP: return "over-cp";
    case SPK_STACK_GROUP_ORDER: return "group-order";
    case SPK_STACK_GROUP_SPLIT: return "group-split";
    case SPK_STACK_HERO_GROUPED: return "hero-grouped";
    case SPK_STACK_HERO_BETWEEN_MINIONS: return "hero-between";
    case SPK_STACK_HERO_WAVE_ONE: return "hero-wave-one";
    case SPK_STACK_TOO_MANY_HEROES: return "too-many-heroes";
    case SPK_STACK_NOT_A_UNIT: return "not-a-unit";
    case SPK_STACK_DUPLICATE: return "duplicate";
    case SPK_STACK_RETURNED_THIS_WAVE: return "returned-this-wave";
    default: return "?";
    }
}

static void
test_stack_rows (void)
{
  static const StackRow rows[] = {
    { "RB walkthrough, brawnen: dispatch over battleborn (grouped), Awsh below",
      1, 0, { M ("dispatch", 3, 2, 1), M ("battleborn", 2, 2, 1), HSTART ("awsh") }, 3, 5, "" },
    { "RB walkthrough, grovetenders: ungrouped, Dywen last",
      1, 0, { M ("war-briar", 2, 2, 0), M ("treed", 3, 2, 0), HSTART ("dywen") }, 3, 5, "" },
    { "RR Command Points: no more than the wave's CP",
      1, 0, { M ("m1", 3, 2, 0), M ("m2", 3, 2, 0) }, 2, 6, "over-cp@-1" },
    { "RR CP Cost: merc minions cost no CP",
      1, 0, { MERC ("merc", 4, 2), M ("m1", 5, 2, 0) }, 2, 5, "" },
    { "RR Group: lowest movement on top",
      2, 0, { M ("fast", 1, 3, 1), M ("slow", 1, 2, 1) }, 2, 2, "group-order@1" },
    { "RR Minion Selection: ties in movement in any order",
      2, 0, { M ("m1", 1, 2, 1), M ("m2", 1, 2, 1), M ("m3", 1, 4, 1) }, 3, 3, "" },
    { "RR Minion Selection: groups anywhere relative to other minions",
      2, 0, { M ("u", 1, 5, 0), M ("g1", 1, 1, 1), M ("g2", 1, 2, 1), M ("v", 1, 1, 0) }, 4, 4, "" },
    { "R-eco-8: a group's minions lie together",
      2, 0, { M ("g1", 1, 1, 1), M ("u", 1, 1, 0), M ("g2", 1, 2, 1) }, 3, 3, "group-split@2" },
    { "RR Hero Selection: never between minions",
      2, 0, { M ("m1", 1, 2, 0), H ("hero", 2), M ("m2", 1, 2, 0) }, 3, 4, "hero-between@1" },
    { "RR Hero Selection: one hero above, one below the minions",
      2, 0, { H ("h1", 2), M ("m1", 1, 2, 0), M ("m2", 1, 2, 0), H ("h2", 2) }, 4, 6, "" },
    { "RR Starting Hero: the only hero in wave 1",
      1, 0, { H ("other", 2), M ("m1", 1, 2, 0) }, 2, 3, "hero-wave-one@0" },
    { "RR Hero Selection: one hero in wave 1, merc heroes included",
      1, 0, { HSTART ("start"), HMERC ("merc-hero", 3), M ("m1", 1, 2, 0) }, 3, 1,
      "hero-wave-one@1 too-many-heroes@-1" },
    { "RR Merc Unit: heroes in play count toward the limit of 2",
      3, 1, { HMERC ("h1", 0), HSTART ("h2"), M ("m1", 1, 2, 0) }, 3, 1, "too-many-heroes@-1" },
    { "RR Hero Selection: 2 heroes in play from wave 2",
      3, 1, { HMERC ("h1", 0), M ("m1", 1, 2, 0) }, 2, 1, "" },
    { "RR Returning to the Fortress: a returned hero costs no CP",
      2, 0, { HBACK ("back", 4), M ("m1", 7, 2, 0) }, 2, 7, "" },
    { "R-hero-3: a hero returned in an earlier wave deploys again for 0 CP",
      3, 0, { HBACKIN ("back", 4, 2), M ("m1", 9, 2, 0) }, 2, 9, "" },
    { "R-hero-3: a hero returned this wave may not deploy again in it",
      3, 0, { M ("m1", 2, 2, 0), HBACKIN ("back", 4, 3) }, 2, 2, "returned-this-wave@1" },
    { "R-hero-3: a returned starting hero is not deployed again in wave 1 either",
      1, 0, { HBACKIN ("awsh", 0, 1) }, 1, 0, "hero-wave-one@0 returned-this-wave@0" },
    { "RR Hero Selection: heroes are never grouped",
      2, 0, { HGRP ("h", 1), M ("m1", 1, 2, 1) }, 2, 3, "hero-grouped@0" },
    { "one unit cannot be selected twice",
      2, 0, { M ("x", 1, 2, 0), M ("x", 1, 2, 0) }, 2, 2, "duplicate@1" },
    { "RR Deployment Stack: only units",
      2, 0, { SPIRE ("spire"), M ("m1", 1, 2, 0) }, 2, 1, "not-a-unit@0" },
    { "R-eco-9: every violation is reported, none fixed",
      1, 0, { M ("a", 5, 3, 1), H ("h", 2), M ("b", 3, 1, 1) }, 3, 10,
      "over-cp@-1 group-split@2 group-order@2 hero-between@1 hero-wave-one@1" },
    { "an empty stack is allowed",
      3, 2, { { 0 } }, 0, 0, "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const StackRow *row = &rows[i];
      g_autoptr(SpkStackCheck) check = NULL;
      g_autoptr(GString) got = g_string_new (NULL);

      g_test_message ("%s", row->rule);
      check = spk_stack_check (row->wave, row->heroes_in_play, row->units, row->n);
      for (guint k = 0; k < check->problems->len; k++)
        {
          SpkStackProblem *p = g_ptr_array_index (check->problems, k);

          g_assert_nonnull (p->text);
          g_string_append_printf (got, "%s%s@%d", k ? " " : "", kind_name (p->kind), p->position);
        }
      g_assert_cmpstr (got->str, ==, row->problems);
      g_assert_cmpint (check->cp_spent, ==, row->cp_spent);
      g_assert_cmpint (check->cp_available, ==, spk_wave_cp (row->wave));
    }
}

static void
test_stack_texts (void)
{
  static const SpkPlanUnit units[] = {
    M ("Dispatch", 3, 2, 1), H ("Awsh", 0), M ("Battleborn", 5, 1, 1),
  };
  static const char *const expected[] = {
    "The selected units cost 8 CP but wave 1 gives 5 CP; remove units worth 3 CP",
    "Group 1: Battleborn is separated from the rest of its group; grouped minions lie together in the stack",
    "Group 1: Battleborn (movement 1) lies under Dispatch (movement 2); a group runs from lowest movement on top to highest at the bottom",
    "Awsh lies between minions; place each hero above all minions or below them",
    "Awsh cannot deploy in wave 1; only the starting hero may",
    NULL,
  };
  g_autoptr(SpkStackCheck) check = spk_stack_check (1, 0, units, G_N_ELEMENTS (units));
  guint n = 0;

  while (expected[n] != NULL)
    n++;
  g_assert_cmpuint (check->problems->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (((SpkStackProblem *) g_ptr_array_index (check->problems, i))->text, ==, expected[i]);
}

/* R-hero-3: the sentence says which hero, which wave and what to do. */
static void
test_returned_text (void)
{
  static const SpkPlanUnit units[] = { HBACKIN ("Awsh", 0, 2) };
  g_autoptr(SpkStackCheck) check = spk_stack_check (2, 0, units, G_N_ELEMENTS (units));

  g_assert_cmpuint (check->problems->len, ==, 1);
  g_assert_cmpstr (((SpkStackProblem *) g_ptr_array_index (check->problems, 0))->text, ==,
                   "Awsh returned to the fortress in wave 2 and cannot deploy again until the next wave; "
                   "take it out of the stack");
}

static void
test_unit_cp (void)
{
  static const struct { const char *rule; SpkPlanUnit unit; int cp; } rows[] = {
    { "RR CP Cost: printed cost", M ("m", 3, 2, 0), 3 },
    { "RR CP Cost: beside the barracks (merc) is free", MERC ("m", 3, 2), 0 },
    { "RR CP Cost: the starting hero is free", HSTART ("h"), 0 },
    { "RR Select: a returned hero is free", HBACK ("h", 4), 0 },
    { "RR Select: a hero pays its cost", H ("h", 4), 4 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_plan_unit_cp (&rows[i].unit), ==, rows[i].cp);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/deploy-plan/stack-rows", test_stack_rows);
  g_test_add_func ("/deploy-plan/stack-texts", test_stack_texts);
  g_test_add_func ("/deploy-plan/unit-cp", test_unit_cp);
  g_test_add_func ("/deploy-plan/returned-text", test_returned_text);

  return g_test_run ();
}
