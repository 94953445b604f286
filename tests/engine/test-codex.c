/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Codex rules of spk-codex.c, each with the numbers of the manual
 * (the unofficial rewrite in the shared reference; the section is named
 * by each test). */
#include "spk-codex.h"

static SpkCodex *
duel (void)
{
  const char *names[] = { "Ann", "Bo", NULL };

  return spk_codex_new (SPK_CODEX_MODE_DUEL, names, NULL);
}

/* Moves the game to @player's main phase (for a rule of main-phase
 * actions), without applying any upkeep. */
static void
to_main (SpkCodex *c, int side)
{
  c->active = side;
  c->phase = SPK_CODEX_PHASE_MAIN;
}

static SpkCodexPlayer *
P (SpkCodex *c, guint i)
{
  return spk_codex_player (c, i);
}

static void
test_setup (void)
{
  const char *two[] = { "Ann", "Bo", NULL };
  const char *five[] = { "A", "B", "C", "D", "E", NULL };
  const char *four[] = { "A", "B", "C", "D", NULL };
  g_autoptr(SpkCodex) d = spk_codex_new (SPK_CODEX_MODE_DUEL, two, NULL);
  g_autoptr(SpkCodex) f = spk_codex_new (SPK_CODEX_MODE_FREE_FOR_ALL, five, NULL);
  g_autoptr(SpkCodex) t = spk_codex_new (SPK_CODEX_MODE_TWO_HEADED_DRAGON, four, NULL);
  g_autoptr(SpkCodex) bad = NULL;
  g_autoptr(GError) error = NULL;
  static const int ffa_workers[] = { 4, 5, 5, 5, 5 };
  static const int ffa_mercs[] = { 0, 0, 1, 2, 3 };

  /* Setup: 4 workers for the 1st player, 5 for the 2nd; 20 HP bases; a
   * hand of 5. */
  g_assert_cmpint (P (d, 0)->workers, ==, 4);
  g_assert_cmpint (P (d, 1)->workers, ==, 5);
  g_assert_cmpint (d->bases->len, ==, 2);
  g_assert_cmpint (g_array_index (d->bases, int, 0), ==, 20);
  g_assert_cmpint (P (d, 0)->hand, ==, 5);
  g_assert_cmpint (P (d, 0)->gold, ==, 0);
  g_assert_cmpint (d->phase, ==, SPK_CODEX_PHASE_READY);
  g_assert_cmpint (d->turn, ==, 1);

  /* Free-for-all Setup table: workers and mercenaries by seat. */
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpint (P (f, i)->workers, ==, ffa_workers[i]);
      g_assert_cmpint (P (f, i)->mercenaries, ==, ffa_mercs[i]);
    }
  g_assert_cmpint (f->bases->len, ==, 5);

  /* Two-headed dragon: two bases of 30, 4 workers for the 1st team. */
  g_assert_cmpint (t->bases->len, ==, 2);
  g_assert_cmpint (g_array_index (t->bases, int, 1), ==, 30);
  g_assert_cmpint (P (t, 0)->workers, ==, 4);
  g_assert_cmpint (P (t, 1)->workers, ==, 4);
  g_assert_cmpint (P (t, 2)->workers, ==, 5);
  g_assert_cmpint (spk_codex_base_of (t, 3), ==, 1);

  /* Player counts by mode. */
  bad = spk_codex_new (SPK_CODEX_MODE_FREE_FOR_ALL, two, &error);
  g_assert_null (bad);
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_INVALID);
}

static void
test_numbers (void)
{
  int min, max, lost;

  /* Tech table: cost 1/4/5 gold, 6/8/10 workers. */
  g_assert_cmpint (spk_codex_tech_cost (1), ==, 1);
  g_assert_cmpint (spk_codex_tech_cost (2), ==, 4);
  g_assert_cmpint (spk_codex_tech_cost (3), ==, 5);
  g_assert_cmpint (spk_codex_tech_workers (1), ==, 6);
  g_assert_cmpint (spk_codex_tech_workers (2), ==, 8);
  g_assert_cmpint (spk_codex_tech_workers (3), ==, 10);

  /* Draw Phase: discard 0-2, draw 2-4; discard 3+, draw 5. */
  g_assert_cmpint (spk_codex_draw_count (0), ==, 2);
  g_assert_cmpint (spk_codex_draw_count (1), ==, 3);
  g_assert_cmpint (spk_codex_draw_count (2), ==, 4);
  g_assert_cmpint (spk_codex_draw_count (3), ==, 5);
  g_assert_cmpint (spk_codex_draw_count (7), ==, 5);

  /* Tech Phase: 2 cards; 0 to 2 from 10 workers. */
  spk_codex_tech_picks (9, &min, &max);
  g_assert_cmpint (min, ==, 2);
  g_assert_cmpint (max, ==, 2);
  spk_codex_tech_picks (10, &min, &max);
  g_assert_cmpint (min, ==, 0);
  g_assert_cmpint (max, ==, 2);

  /* Gold Limits: 20 at most, the rest lost. */
  g_assert_cmpint (spk_codex_gain (18, 5, &lost), ==, 20);
  g_assert_cmpint (lost, ==, 3);
  g_assert_cmpint (spk_codex_gain (3, 4, &lost), ==, 7);
  g_assert_cmpint (lost, ==, 0);
}

static void
test_hire_worker (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GError) error = NULL;

  /* Not on the other player's turn, nor outside the main phase. */
  g_assert_false (spk_codex_hire_worker (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  to_main (c, 0);
  g_assert_false (spk_codex_hire_worker (c, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  /* 1 gold needed. */
  g_assert_false (spk_codex_hire_worker (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD);
  g_clear_error (&error);
  g_assert_cmpint (P (c, 0)->workers, ==, 4);

  /* Hire a Worker: 1 gold, a card from the hand, once a turn. */
  P (c, 0)->gold = 4;
  g_assert_true (spk_codex_hire_worker (c, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (P (c, 0)->gold, ==, 3);
  g_assert_cmpint (P (c, 0)->workers, ==, 5);
  g_assert_cmpint (P (c, 0)->hand, ==, 4);
  g_assert_false (spk_codex_hire_worker (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_ONCE_PER_TURN);
  g_clear_error (&error);
  g_assert_cmpint (P (c, 0)->gold, ==, 3);

  /* No card to tuck. */
  P (c, 0)->hired = FALSE;
  P (c, 0)->hand = 0;
  g_assert_false (spk_codex_hire_worker (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NO_CARDS);
}

static void
test_tech_buildings (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GError) error = NULL;
  SpkCodexPlayer *p = P (c, 0);
  int cost = -1;

  to_main (c, 0);
  p->gold = 20;
  /* Tech I needs 6 workers. */
  g_assert_false (spk_codex_build_tech (c, 0, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_WORKERS);
  g_clear_error (&error);
  p->workers = 6;
  /* Tech II needs a finished tech I. */
  g_assert_false (spk_codex_build_tech (c, 0, 2, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NEEDS_BUILDING);
  g_clear_error (&error);
  g_assert_true (spk_codex_check_tech (c, 0, 1, &cost, NULL));
  g_assert_cmpint (cost, ==, 1);
  g_assert_true (spk_codex_build_tech (c, 0, 1, &error));
  g_assert_cmpint (p->gold, ==, 19);
  g_assert_cmpint (p->tech[0], ==, SPK_CODEX_BUILDING_CONSTRUCTING);
  /* Not the next one on the same turn: tech I is finished at its end. */
  p->workers = 8;
  g_assert_false (spk_codex_build_tech (c, 0, 2, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NEEDS_BUILDING);
  g_clear_error (&error);
  g_assert_false (spk_codex_build_tech (c, 0, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_BUILT);
  g_clear_error (&error);
  /* It takes no damage the turn it is constructed. */
  g_assert_false (spk_codex_destroy_tech (c, 0, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_BUILT);
  g_clear_error (&error);

  p->tech[0] = SPK_CODEX_BUILDING_BUILT;
  g_assert_true (spk_codex_check_tech (c, 0, 2, &cost, NULL));
  g_assert_cmpint (cost, ==, 4);
  g_assert_true (spk_codex_build_tech (c, 0, 2, NULL));
  g_assert_cmpint (p->gold, ==, 15);
  p->tech[1] = SPK_CODEX_BUILDING_BUILT;
  /* Tech III: 10 workers, 5 gold. */
  g_assert_false (spk_codex_build_tech (c, 0, 3, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_WORKERS);
  g_clear_error (&error);
  p->workers = 10;
  g_assert_true (spk_codex_build_tech (c, 0, 3, NULL));
  g_assert_cmpint (p->gold, ==, 10);
  p->tech[2] = SPK_CODEX_BUILDING_BUILT;

  /* A destroyed tech building deals 2 to the base; rebuilt for 0 gold. */
  g_assert_true (spk_codex_destroy_tech (c, 0, 2, NULL));
  g_assert_cmpint (g_array_index (c->bases, int, 0), ==, 18);
  g_assert_cmpint (p->tech[1], ==, SPK_CODEX_BUILDING_DESTROYED);
  g_assert_true (spk_codex_check_tech (c, 0, 2, &cost, NULL));
  g_assert_cmpint (cost, ==, 0);
  g_assert_true (spk_codex_build_tech (c, 0, 2, NULL));
  g_assert_cmpint (p->gold, ==, 10);

  /* Not enough gold. */
  p->tech[0] = SPK_CODEX_BUILDING_NONE;
  p->gold = 0;
  g_assert_false (spk_codex_build_tech (c, 0, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD);
}

static void
test_multicolor (void)
{
  g_autoptr(SpkCodex) c = duel ();
  SpkCodexPlayer *p = P (c, 0);
  int cost = 0;

  /* Multicolor Teams: the first tech building or add-on costs 1 more. */
  to_main (c, 0);
  p->multicolor = TRUE;
  p->workers = 6;
  p->gold = 10;
  g_assert_true (spk_codex_check_tech (c, 0, 1, &cost, NULL));
  g_assert_cmpint (cost, ==, 2);
  g_assert_true (spk_codex_build_addon (c, 0, SPK_CODEX_ADDON_TOWER, 3, NULL));
  g_assert_cmpint (p->gold, ==, 6);
  g_assert_true (spk_codex_check_tech (c, 0, 1, &cost, NULL));
  g_assert_cmpint (cost, ==, 1);
}

static void
test_addon (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GError) error = NULL;
  SpkCodexPlayer *p = P (c, 0);

  to_main (c, 0);
  p->gold = 10;
  g_assert_true (spk_codex_build_addon (c, 0, SPK_CODEX_ADDON_HEROES_HALL, 2, NULL));
  g_assert_cmpint (p->gold, ==, 8);
  /* Room for one add-on. */
  g_assert_false (spk_codex_build_addon (c, 0, SPK_CODEX_ADDON_TOWER, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_BUILT);
  g_clear_error (&error);
  /* Heroes' hall: +1 hero limit once finished. */
  g_assert_cmpint (spk_codex_hero_limit (p), ==, 1);
  p->addon_state = SPK_CODEX_BUILDING_BUILT;
  g_assert_cmpint (spk_codex_hero_limit (p), ==, 2);
  /* Destroyed: 2 damage to the base, the slot is free. */
  g_assert_true (spk_codex_destroy_addon (c, 0, NULL));
  g_assert_cmpint (g_array_index (c->bases, int, 0), ==, 18);
  g_assert_cmpint (p->addon, ==, SPK_CODEX_ADDON_NONE);
  g_assert_true (spk_codex_build_addon (c, 0, SPK_CODEX_ADDON_SURPLUS, 5, NULL));
  g_assert_cmpint (p->gold, ==, 3);
}

static void
test_heroes (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GError) error = NULL;
  SpkCodexPlayer *p = P (c, 0);
  SpkCodexHero *grave, *troq;

  /* The manual's example hero, Grave: summoned for 2 gold at level 1,
   * then two levels for 2 gold reach level 3 and his second band. His max
   * level is on his card; 5 here. */
  g_assert_true (spk_codex_add_hero (c, 0, "Grave", 2, 3, 5, NULL));
  g_assert_true (spk_codex_add_hero (c, 0, "Troq", 2, 4, 6, NULL));
  g_assert_false (spk_codex_add_hero (c, 0, "Grave", 2, 3, 5, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (spk_codex_add_hero (c, 0, "Odd", 2, 3, 3, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_INVALID);
  g_clear_error (&error);
  grave = g_ptr_array_index (p->heroes, 0);
  troq = g_ptr_array_index (p->heroes, 1);

  to_main (c, 0);
  p->gold = 10;
  g_assert_true (spk_codex_summon_hero (c, 0, 0, NULL));
  g_assert_cmpint (grave->level, ==, 1);
  g_assert_cmpint (spk_codex_hero_band (grave), ==, 1);
  g_assert_cmpint (p->gold, ==, 8);
  g_assert_true (spk_codex_level_hero (c, 0, 0, 2, NULL));
  g_assert_cmpint (grave->level, ==, 3);
  g_assert_cmpint (spk_codex_hero_band (grave), ==, 2);
  g_assert_cmpint (p->gold, ==, 6);
  /* Up to the max level only. */
  g_assert_false (spk_codex_level_hero (c, 0, 0, 3, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_MAX_LEVEL);
  g_clear_error (&error);
  g_assert_true (spk_codex_level_hero (c, 0, 0, 2, NULL));
  g_assert_cmpint (spk_codex_hero_band (grave), ==, 3);
  g_assert_cmpint (p->gold, ==, 4);
  /* Hero limit 1 without a tech II building. */
  g_assert_false (spk_codex_summon_hero (c, 0, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_HERO_LIMIT);
  g_clear_error (&error);
  g_assert_false (spk_codex_summon_hero (c, 0, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_HERO_IN_PLAY);
  g_clear_error (&error);
  /* Levelling a hero not in play. */
  g_assert_false (spk_codex_level_hero (c, 0, 1, 1, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_IN_PLAY);
  g_clear_error (&error);
  /* Tech table: a finished tech II building allows 2 heroes, III 3. */
  p->tech[0] = SPK_CODEX_BUILDING_BUILT;
  p->tech[1] = SPK_CODEX_BUILDING_CONSTRUCTING;
  g_assert_cmpint (spk_codex_hero_limit (p), ==, 1);
  p->tech[1] = SPK_CODEX_BUILDING_BUILT;
  g_assert_cmpint (spk_codex_hero_limit (p), ==, 2);
  p->tech[2] = SPK_CODEX_BUILDING_BUILT;
  g_assert_cmpint (spk_codex_hero_limit (p), ==, 3);
  g_assert_true (spk_codex_summon_hero (c, 0, 1, NULL));
  g_assert_cmpint (p->gold, ==, 2);

  /* Destroyed Heroes: back to the command zone with 2 runes; one off
   * each upkeep; no summoning while a rune is on. */
  g_assert_true (spk_codex_destroy_hero (c, 0, 0, NULL));
  g_assert_cmpint (grave->level, ==, 0);
  g_assert_cmpint (grave->runes, ==, 2);
  g_assert_false (spk_codex_summon_hero (c, 0, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_HERO_RUNES);
  g_clear_error (&error);
  /* The opponent's hero gains 2 levels, not past the max. */
  g_assert_true (spk_codex_award_levels (c, 0, 1, NULL));
  g_assert_cmpint (troq->level, ==, 3);
  troq->level = 5;
  g_assert_true (spk_codex_award_levels (c, 0, 1, NULL));
  g_assert_cmpint (troq->level, ==, 6);
  g_assert_false (spk_codex_award_levels (c, 0, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_IN_PLAY);
}

static void
test_phases (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  SpkCodexHero *h;

  g_assert_true (spk_codex_add_hero (c, 0, "Grave", 2, 3, 5, NULL));
  h = g_ptr_array_index (P (c, 0)->heroes, 0);
  h->runes = 2;
  P (c, 0)->gold = 18;
  /* Upkeep: +1 gold a worker (4), capped at 20; one rune off. */
  g_assert_true (spk_codex_next_phase (c, notes, NULL));
  g_assert_cmpint (c->phase, ==, SPK_CODEX_PHASE_UPKEEP);
  g_assert_cmpint (P (c, 0)->gold, ==, 20);
  g_assert_cmpint (P (c, 1)->gold, ==, 0);
  g_assert_cmpint (h->runes, ==, 1);
  g_assert_cmpuint (notes->len, ==, 2);
  g_assert_true (spk_codex_next_phase (c, notes, NULL));
  g_assert_cmpint (c->phase, ==, SPK_CODEX_PHASE_MAIN);
  P (c, 0)->hand = 1;
  /* Draw: discard 1, draw 3. */
  g_assert_true (spk_codex_next_phase (c, notes, NULL));
  g_assert_cmpint (c->phase, ==, SPK_CODEX_PHASE_DRAW);
  g_assert_cmpint (P (c, 0)->hand, ==, 3);
  g_assert_true (spk_codex_next_phase (c, notes, NULL));
  g_assert_cmpint (c->phase, ==, SPK_CODEX_PHASE_TECH);
  /* The turn passes; Bo's turn, still round 1. */
  g_assert_true (spk_codex_next_phase (c, notes, NULL));
  g_assert_cmpint (c->active, ==, 1);
  g_assert_cmpint (c->turn, ==, 1);
  g_assert_cmpint (c->phase, ==, SPK_CODEX_PHASE_READY);
  /* End turn needs the main phase reached. */
  g_assert_false (spk_codex_end_turn (c, notes, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  spk_codex_next_phase (c, notes, NULL);
  g_assert_cmpint (P (c, 1)->gold, ==, 5);
  spk_codex_next_phase (c, notes, NULL);
  g_assert_true (spk_codex_end_turn (c, notes, NULL));
  g_assert_cmpint (c->active, ==, 0);
  g_assert_cmpint (c->turn, ==, 2);
  g_assert_cmpint (P (c, 1)->hand, ==, 5);
}

static void
test_surplus_and_finish (void)
{
  g_autoptr(SpkCodex) c = duel ();
  SpkCodexPlayer *p = P (c, 0);

  to_main (c, 0);
  p->gold = 10;
  p->workers = 6;
  g_assert_true (spk_codex_build_addon (c, 0, SPK_CODEX_ADDON_SURPLUS, 5, NULL));
  g_assert_true (spk_codex_build_tech (c, 0, 1, NULL));
  g_assert_true (spk_codex_end_turn (c, NULL, NULL));
  /* Finished at the end of the turn. */
  g_assert_cmpint (p->tech[0], ==, SPK_CODEX_BUILDING_BUILT);
  g_assert_cmpint (p->addon_state, ==, SPK_CODEX_BUILDING_BUILT);
  g_assert_cmpint (p->hand, ==, 5);
  g_assert_true (spk_codex_next_phase (c, NULL, NULL));
  g_assert_true (spk_codex_next_phase (c, NULL, NULL));
  g_assert_true (spk_codex_end_turn (c, NULL, NULL));
  /* Upkeep Phase: the surplus draws a card. */
  g_assert_true (spk_codex_next_phase (c, NULL, NULL));
  g_assert_cmpint (p->hand, ==, 6);
  g_assert_cmpint (p->gold, ==, 4 + 6);
}

static void
test_free_for_all (void)
{
  const char *names[] = { "A", "B", "C", NULL };
  g_autoptr(SpkCodex) c = spk_codex_new (SPK_CODEX_MODE_FREE_FOR_ALL, names, NULL);
  g_autoptr(SpkCodex) d = duel ();
  g_autoptr(GError) error = NULL;
  SpkCodexPlayer *p = P (c, 0);

  to_main (c, 0);
  /* Unit Bounties: 1 gold each, 3 a turn. */
  for (int i = 0; i < 3; i++)
    g_assert_true (spk_codex_bounty (c, 0, NULL));
  g_assert_cmpint (p->gold, ==, 3);
  g_assert_false (spk_codex_bounty (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_BOUNTY_LIMIT);
  g_clear_error (&error);
  /* Repair Base: 3 gold per HP, up to 20. */
  g_assert_false (spk_codex_repair_base (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_BASE_FULL);
  g_clear_error (&error);
  g_assert_true (spk_codex_damage_base (c, 0, 2, NULL));
  g_assert_true (spk_codex_repair_base (c, 0, NULL));
  g_assert_cmpint (p->gold, ==, 0);
  g_assert_cmpint (g_array_index (c->bases, int, 0), ==, 19);
  g_assert_false (spk_codex_repair_base (c, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD);
  g_clear_error (&error);
  /* The bounty count starts again next turn. */
  spk_codex_end_turn (c, NULL, NULL);
  g_assert_cmpint (p->bounty, ==, 0);

  /* Free-for-all only. */
  to_main (d, 0);
  P (d, 0)->gold = 5;
  g_assert_false (spk_codex_bounty (d, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_FREE_FOR_ALL);
  g_clear_error (&error);
  spk_codex_damage_base (d, 0, 1, NULL);
  g_assert_false (spk_codex_repair_base (d, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_FREE_FOR_ALL);
}

static void
test_two_headed_dragon (void)
{
  const char *names[] = { "A", "B", "C", "D", NULL };
  g_autoptr(SpkCodex) c = spk_codex_new (SPK_CODEX_MODE_TWO_HEADED_DRAGON, names, NULL);

  /* Teammates take each phase together: both get their upkeep. */
  g_assert_true (spk_codex_is_active (c, 0));
  g_assert_true (spk_codex_is_active (c, 1));
  g_assert_false (spk_codex_is_active (c, 2));
  spk_codex_next_phase (c, NULL, NULL);
  g_assert_cmpint (P (c, 0)->gold, ==, 4);
  g_assert_cmpint (P (c, 1)->gold, ==, 4);
  g_assert_cmpint (P (c, 2)->gold, ==, 0);
  /* A tech building of either teammate hits the shared base. */
  P (c, 3)->tech[0] = SPK_CODEX_BUILDING_BUILT;
  g_assert_true (spk_codex_destroy_tech (c, 3, 1, NULL));
  g_assert_cmpint (g_array_index (c->bases, int, 1), ==, 28);
  spk_codex_next_phase (c, NULL, NULL);
  spk_codex_end_turn (c, NULL, NULL);
  g_assert_cmpint (c->active, ==, 1);
  g_assert_true (spk_codex_is_active (c, 3));
}

static void
test_game_over (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_codex_damage_base (c, 1, 25, NULL));
  g_assert_cmpint (g_array_index (c->bases, int, 1), ==, 0);
  g_assert_true (spk_codex_over (c));
  g_assert_false (spk_codex_next_phase (c, NULL, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_GAME_OVER);
}

static void
test_copy_equal (void)
{
  g_autoptr(SpkCodex) c = duel ();
  g_autoptr(SpkCodex) copy = NULL;

  spk_codex_add_hero (c, 1, "River", 2, 4, 6, NULL);
  to_main (c, 0);
  g_assert_true (spk_codex_set_patrol (c, 0, SPK_CODEX_SLOT_SQUAD_LEADER, "Tenderfoot", NULL));
  copy = spk_codex_copy (c);
  g_assert_true (spk_codex_equal (c, copy));
  P (copy, 0)->workers++;
  g_assert_false (spk_codex_equal (c, copy));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/codex/setup", test_setup);
  g_test_add_func ("/codex/numbers", test_numbers);
  g_test_add_func ("/codex/hire-worker", test_hire_worker);
  g_test_add_func ("/codex/tech-buildings", test_tech_buildings);
  g_test_add_func ("/codex/multicolor", test_multicolor);
  g_test_add_func ("/codex/addon", test_addon);
  g_test_add_func ("/codex/heroes", test_heroes);
  g_test_add_func ("/codex/phases", test_phases);
  g_test_add_func ("/codex/surplus-and-finish", test_surplus_and_finish);
  g_test_add_func ("/codex/free-for-all", test_free_for_all);
  g_test_add_func ("/codex/two-headed-dragon", test_two_headed_dragon);
  g_test_add_func ("/codex/game-over", test_game_over);
  g_test_add_func ("/codex/copy-equal", test_copy_equal);

  return g_test_run ();
}
