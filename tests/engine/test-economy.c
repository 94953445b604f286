/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Wave economy rules: the wave sequence, Source and CP, market, limits,
 * fortress advancements and gate repair. Each table row names the rule
 * (RB = rulebook, RR = Rules Reference, R-eco-N = docs/rulings.md). */
#include "spk-economy.h"
#include "economy-test-notes.h"

#include <string.h>

/* ------------------------------------------------------------------ */

static void
test_income_and_cp (void)
{
  static const struct { const char *rule; int wave, income; } rows[] = {
    { "RB Income Phase table: wave 1", 1, 5 },
    { "RB Income Phase table: wave 2", 2, 7 },
    { "RB Income Phase table: wave 3", 3, 9 },
    { "RB Income Phase table: wave 4", 4, 11 },
    { "RB Making the Game Longer: wave 5", 5, 13 },
    { "RB Making the Game Longer: wave 6", 6, 15 },
    { "RB Making the Game Longer: +2 per added wave", 8, 19 },
    { "no wave 0: nothing", 0, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_wave_income (rows[i].wave), ==, rows[i].income);
      /* RB Prep Phase CP table is the same series. */
      g_assert_cmpint (spk_wave_cp (rows[i].wave), ==, rows[i].income);
    }
}

static void
test_game_waves (void)
{
  static const struct {
    const char *rule; gboolean faster; int extra, waves;
  } rows[] = {
    { "RR Wave: a typical game is 4 waves", FALSE, 0, 4 },
    { "RB Making the Game Faster: 3 waves instead of 4", TRUE, 0, 3 },
    { "RB Making the Game Longer: one added wave", FALSE, 1, 5 },
    { "RB Making the Game Longer: two added waves", FALSE, 2, 6 },
    { "R-eco-1: faster and longer combine", TRUE, 2, 5 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SpkGameRules rules;

      g_test_message ("%s", rows[i].rule);
      spk_game_rules_init (&rules, 2);
      rules.faster = rows[i].faster;
      rules.extra_waves = rows[i].extra;
      g_assert_cmpint (spk_game_waves (&rules), ==, rows[i].waves);
    }
}

static void
test_rules_check (void)
{
  static const struct {
    const char *rule; int players; gboolean team; int extra; gboolean ok;
  } rows[] = {
    { "RB: 2-player game", 2, FALSE, 0, TRUE },
    { "RB Other Modes: 4 players", 4, FALSE, 0, TRUE },
    { "RB: no 1-player competitive game", 1, FALSE, 0, FALSE },
    { "RB: no 5-player game", 5, FALSE, 0, FALSE },
    { "RB Team Play: 4 players", 4, TRUE, 0, TRUE },
    { "RB Team Play: only with 4", 3, TRUE, 0, FALSE },
    { "RB Longer: waves are added, not removed", 2, FALSE, -1, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SpkGameRules rules;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", rows[i].rule);
      spk_game_rules_init (&rules, rows[i].players);
      rules.team_play = rows[i].team;
      rules.extra_waves = rows[i].extra;
      g_assert_cmpint (spk_game_rules_check (&rules, &error), ==, rows[i].ok);
      if (rows[i].ok)
        g_assert_no_error (error);
      else
        g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_INVALID);
    }
}

/* Walks the whole game from set-up and returns "w:phase" steps joined by
 * spaces. */
static char *
walk (const SpkGameRules *rules)
{
  GString *s = g_string_new (NULL);
  int wave = 0;
  SpkPhase phase = SPK_PHASE_SETUP;

  while (spk_phase_next (rules, &wave, &phase, NULL))
    g_string_append_printf (s, "%s%d:%s", s->len ? " " : "", wave, spk_phase_to_string (phase));
  g_assert_cmpint (phase, ==, SPK_PHASE_GAME_OVER);
  g_string_append_printf (s, " %d:%s", wave, spk_phase_to_string (phase));
  return g_string_free (s, FALSE);
}

static void
test_phase_sequence (void)
{
  SpkGameRules rules;
  g_autofree char *standard = NULL, *faster = NULL, *longer = NULL, *no_events = NULL;

  /* RB Sequence of Play / Quick Reference: Event (not in wave 1), Income,
   * Market, Build, Prep, Onslaught, End of wave; 4 waves. */
  spk_game_rules_init (&rules, 2);
  standard = walk (&rules);
  g_assert_cmpstr (standard, ==,
                   "1:income 1:market 1:build 1:prep 1:onslaught 1:end-of-wave "
                   "2:event 2:income 2:market 2:build 2:prep 2:onslaught 2:end-of-wave "
                   "3:event 3:income 3:market 3:build 3:prep 3:onslaught 3:end-of-wave "
                   "4:event 4:income 4:market 4:build 4:prep 4:onslaught 4:end-of-wave "
                   "4:over");

  /* RB Making the Game Faster: no event deck, no Market Phase, 3 waves. */
  rules.faster = TRUE;
  rules.skip_market = TRUE;
  rules.event_deck = FALSE;
  faster = walk (&rules);
  g_assert_cmpstr (faster, ==,
                   "1:income 1:build 1:prep 1:onslaught 1:end-of-wave "
                   "2:income 2:build 2:prep 2:onslaught 2:end-of-wave "
                   "3:income 3:build 3:prep 3:onslaught 3:end-of-wave 3:over");

  /* RB Making the Game Longer: wave 5 and 6 follow the same sequence. */
  spk_game_rules_init (&rules, 3);
  rules.extra_waves = 2;
  longer = walk (&rules);
  g_assert_true (g_str_has_suffix (longer,
                                   "5:end-of-wave 6:event 6:income 6:market 6:build 6:prep "
                                   "6:onslaught 6:end-of-wave 6:over"));

  /* RB Removing the Event Deck: no Event Phase in any wave. */
  spk_game_rules_init (&rules, 2);
  rules.event_deck = FALSE;
  no_events = walk (&rules);
  g_assert_null (strstr (no_events, "event"));

  spk_game_rules_init (&rules, 2);
  g_assert_cmpint (spk_phase_first (&rules), ==, SPK_PHASE_INCOME);
}

static void
test_phase_next_notes (void)
{
  SpkGameRules rules;
  g_autoptr(GPtrArray) notes = notes_new ();
  int wave = 1;
  SpkPhase phase = SPK_PHASE_END_OF_WAVE;
  static const char *const expected[] = {
    "Wave 2: Event Phase", "Wave 4 was the last wave: the game is over", NULL,
  };

  spk_game_rules_init (&rules, 2);
  g_assert_true (spk_phase_next (&rules, &wave, &phase, notes));
  g_assert_cmpint (wave, ==, 2);
  g_assert_cmpint (phase, ==, SPK_PHASE_EVENT);

  wave = 4;
  phase = SPK_PHASE_END_OF_WAVE;
  g_assert_false (spk_phase_next (&rules, &wave, &phase, notes));
  g_assert_cmpint (wave, ==, 4);
  g_assert_cmpint (phase, ==, SPK_PHASE_GAME_OVER);
  /* Game over is final. */
  g_assert_false (spk_phase_next (&rules, &wave, &phase, notes));
  g_assert_cmpint (phase, ==, SPK_PHASE_GAME_OVER);
  assert_notes (notes, expected);
}

static void
test_phase_names (void)
{
  for (int p = 0; p < SPK_N_PHASES; p++)
    {
      SpkPhase back = SPK_N_PHASES;

      g_assert_true (spk_phase_from_string (spk_phase_to_string (p), &back));
      g_assert_cmpint (back, ==, p);
      g_assert_nonnull (spk_phase_label (p));
    }
  g_assert_false (spk_phase_from_string ("lunch", NULL));
  g_assert_false (spk_phase_from_string (NULL, NULL));
  g_assert_cmpstr (spk_phase_to_string (SPK_PHASE_GAME_OVER), ==, "over");
  g_assert_cmpstr (spk_phase_label (SPK_PHASE_PREP), ==, "Prep Phase");
}

static void
test_source_capacity (void)
{
  static const struct {
    const char *rule; int source, amount, capacity, gained, lost, after;
  } rows[] = {
    { "RR Source: gain under capacity", 3, 7, 20, 7, 0, 10 },
    { "RR Source: exactly to capacity", 13, 7, 20, 7, 0, 20 },
    { "RR Source: excess over 20 is lost", 16, 7, 20, 4, 3, 20 },
    { "RR Source: at capacity all is lost", 20, 11, 20, 0, 11, 20 },
    { "R-eco-2: above capacity by an effect is kept, not cut", 22, 5, 20, 0, 5, 22 },
    { "negative amounts gain nothing", 5, -3, 20, 0, 0, 5 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SpkSourceGain g = spk_source_gain (rows[i].source, rows[i].amount, rows[i].capacity);

      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (g.before, ==, rows[i].source);
      g_assert_cmpint (g.gained, ==, rows[i].gained);
      g_assert_cmpint (g.lost, ==, rows[i].lost);
      g_assert_cmpint (g.after, ==, rows[i].after);
    }
  g_assert_cmpint (SPK_SOURCE_CAPACITY, ==, 20);
}

static void
test_cp_lost (void)
{
  static const struct {
    const char *rule; int wave, spent, unused; const char *note;
  } rows[] = {
    { "RR Command Points: unused CP is lost (wave 1)", 1, 3, 2, "Brawnen: 2 CP unused and lost" },
    { "RR Command Points: all used, nothing lost", 2, 7, 0, NULL },
    { "RR Command Points: wave 4 gives 11", 4, 0, 11, "Brawnen: 11 CP unused and lost" },
    { "RB Longer: wave 5 gives 13", 5, 10, 3, "Brawnen: 3 CP unused and lost" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GPtrArray) notes = notes_new ();

      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_cp_unused (rows[i].wave, rows[i].spent, "Brawnen", notes), ==, rows[i].unused);
      if (rows[i].note != NULL)
        {
          g_assert_cmpuint (notes->len, ==, 1);
          g_assert_cmpstr (g_ptr_array_index (notes, 0), ==, rows[i].note);
        }
      else
        g_assert_cmpuint (notes->len, ==, 0);
    }
}

static void
test_market (void)
{
  static const struct { const char *rule; int players, options, spire_limit; } rows[] = {
    { "RR Market / QR: 2P 3 options, 6 spires", 2, 3, 6 },
    { "RR Market / QR: 3P 4 options, 5 spires", 3, 4, 5 },
    { "RR Market / QR: 4P 5 options, 4 spires", 4, 5, 4 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_market_options (rows[i].players), ==, rows[i].options);
      g_assert_cmpint (spk_spire_limit (rows[i].players), ==, rows[i].spire_limit);
    }

  /* RR Market: refreshed every Market Phase except wave 1's. */
  g_assert_false (spk_market_refreshes (1));
  g_assert_true (spk_market_refreshes (2));
  g_assert_true (spk_market_refreshes (5));
}

static void
test_earthscape (void)
{
  static const struct {
    const char *rule; int bought, source; gboolean ok; int code;
  } rows[] = {
    { "RR Market: first earthscape of the phase for 2 Source", 0, 2, TRUE, 0 },
    { "RR Market: only one earthscape per Market Phase", 1, 9, FALSE, SPK_ECONOMY_ERROR_LIMIT_REACHED },
    { "RR Earthscape: costs 2 Source", 0, 1, FALSE, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_market_check_earthscape (rows[i].bought, rows[i].source, &error), ==, rows[i].ok);
      if (rows[i].ok)
        g_assert_no_error (error);
      else
        g_assert_error (error, SPK_ECONOMY_ERROR, rows[i].code);
    }
}

static void
test_limited_builds (void)
{
  static const struct { const char *rule; int used, left; gboolean ok; } rows[] = {
    { "RR Limited Build Option: 2 per Onslaught Phase", 0, 2, TRUE },
    { "RR Limited Build Option: both may be used", 1, 1, TRUE },
    { "RR Limited Build Option: no third", 2, 0, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_limited_builds_left (rows[i].used), ==, rows[i].left);
      g_assert_cmpint (spk_limited_build_check (rows[i].used, &error), ==, rows[i].ok);
      if (!rows[i].ok)
        g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED);
    }
}

static void
test_first_player (void)
{
  static const struct { const char *rule; int first, players, next; } rows[] = {
    { "RB End of wave: passes to the left (2P)", 0, 2, 1 },
    { "RB End of wave: and back (2P)", 1, 2, 0 },
    { "RB End of wave: 3P clockwise", 1, 3, 2 },
    { "RB End of wave: 4P wraps around", 3, 4, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_first_player_next (rows[i].first, rows[i].players), ==, rows[i].next);
    }
}

static void
test_hero_limit (void)
{
  static const struct { const char *rule; int wave, limit; } rows[] = {
    { "RR Hero Selection: wave 1 only the starting hero", 1, 1 },
    { "RR Hero Selection: 2 in play from wave 2", 2, 2 },
    { "RR Hero Selection: 2 in wave 4", 4, 2 },
    { "RB Longer: still 2 in wave 6", 6, 2 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_hero_limit (rows[i].wave), ==, rows[i].limit);
    }
}

/* ------------------------------------------------------------------ */
/* Advancements */

static SpkStructure *
structure (const char *name, int levels, int bought)
{
  SpkStructure *s = spk_structure_new (name);

  for (int l = 1; l <= levels; l++)
    {
      g_autofree char *lname = g_strdup_printf ("%c%d", name[0], l);

      spk_structure_add_level (s, lname, l + 1);
    }
  s->bought = bought;
  return s;
}

static void
test_advancement_buy (void)
{
  static const struct {
    const char *rule; int bought, level, source; gboolean ok; int code; int source_after;
  } rows[] = {
    { "RR Fortress Advancement: level 1 first", 0, 1, 5, TRUE, 0, 3 },
    { "RR Fortress Structure: level 2 needs level 1", 0, 2, 9, FALSE, SPK_ECONOMY_ERROR_OUT_OF_ORDER, 9 },
    { "RR Fortress Structure: next level in order", 1, 2, 3, TRUE, 0, 0 },
    { "RR Fortress Structure: skipping a level is refused", 1, 3, 9, FALSE, SPK_ECONOMY_ERROR_OUT_OF_ORDER, 9 },
    { "already owned", 2, 1, 9, FALSE, SPK_ECONOMY_ERROR_INVALID, 9 },
    { "no level 4 on the sheet", 3, 4, 9, FALSE, SPK_ECONOMY_ERROR_INVALID, 9 },
    { "RR Source Cost: must be paid", 2, 3, 3, FALSE, SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE, 3 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;
      SpkStructure *s = structure ("Oak", 3, rows[i].bought);
      int source = rows[i].source;

      g_test_message ("%s", rows[i].rule);
      g_assert_cmpint (spk_structure_buy (s, rows[i].level, &source, "Grovetenders", NULL, &error),
                       ==, rows[i].ok);
      if (rows[i].ok)
        {
          g_assert_no_error (error);
          g_assert_cmpint (s->bought, ==, rows[i].level);
        }
      else
        {
          g_assert_error (error, SPK_ECONOMY_ERROR, rows[i].code);
          g_assert_cmpint (s->bought, ==, rows[i].bought);
        }
      g_assert_cmpint (source, ==, rows[i].source_after);
      spk_structure_free (s);
    }
}

static void
test_advancement_walkthrough (void)
{
  /* RB walkthrough, Build Phase: the grovetenders buy Inner Oak 1 –
   * Amplify for 3 Source and are left with 0. */
  g_autoptr(GPtrArray) notes = notes_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_structure_free);
  SpkStructure *oak = spk_structure_new ("Inner Oak");
  g_autofree char *missing = NULL;
  int source = 3;

  spk_structure_add_level (oak, "Amplify", 3);
  spk_structure_add_level (oak, "Deep Roots", 5);
  g_ptr_array_add (list, oak);
  g_ptr_array_add (list, structure ("Gate", 2, 0));

  g_assert_false (spk_structure_check_buy (oak, 2, 9, &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_OUT_OF_ORDER);
  g_assert_cmpstr (error->message, ==,
                   "Inner Oak 2 – Deep Roots cannot be bought before Inner Oak 1 – Amplify: "
                   "levels of a structure are bought in order");

  g_assert_true (spk_structure_buy (oak, 1, &source, "Grovetenders", notes, NULL));
  g_assert_cmpint (source, ==, 0);
  g_assert_cmpuint (notes->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (notes, 0), ==,
                   "Grovetenders: bought Inner Oak 1 – Amplify for 3 Source");
  g_assert_cmpint (spk_structures_count (list), ==, 1);
  g_assert_cmpint (spk_structures_top_level (list), ==, 1);
  g_assert_cmpint (spk_structures_count (NULL), ==, 0);
  missing = spk_structure_level_title (g_ptr_array_index (list, 1), 2);
  g_assert_cmpstr (missing, ==, "Gate 2 – G2");
}

/* ------------------------------------------------------------------ */
/* Gate repair */

typedef struct {
  const char *rule;
  int         bought[4];      /* per structure A..D, each with 3 levels */
  int         health, source;
  int         pref[2];        /* preferred structures, -1 = none */
  const char *sacrificed;     /* "A3 B3 A2" */
  int         health_after, source_after;
  gboolean    tie_by_sheet_order, short_of_source;
} RepairRow;

static void
test_repair_order (void)
{
  static const RepairRow rows[] = {
    { "RR Repairing Your Gate: highest levels first, across structures",
      { 3, 2, 3, 0 }, 0, 7, { -1, -1 }, "A3 C3 A2", 3, 7, TRUE, FALSE },
    { "RR Repairing Your Gate: all level 3 before any level 2",
      { 3, 3, 3, 1 }, 0, 7, { -1, -1 }, "A3 B3 C3", 3, 7, FALSE, FALSE },
    { "R-eco-3: among equal levels the player's preference decides",
      { 3, 2, 3, 0 }, 0, 7, { 2, -1 }, "C3 A3 C2", 3, 7, FALSE, FALSE },
    { "R-eco-3: preference never overrides a higher level",
      { 1, 2, 0, 0 }, 0, 7, { 0, -1 }, "B2 A1 B1", 3, 7, FALSE, FALSE },
    { "RR Repairing Your Gate: then 2 Source per health",
      { 1, 0, 0, 0 }, 0, 7, { -1, -1 }, "A1", 3, 3, FALSE, FALSE },
    { "RR Repairing Your Gate: no advancements, 6 Source for 3 health",
      { 0, 0, 0, 0 }, 0, 9, { -1, -1 }, "", 3, 3, FALSE, FALSE },
    { "R-eco-4: not enough Source, the gate stays below 3",
      { 0, 0, 0, 0 }, 0, 3, { -1, -1 }, "", 1, 1, FALSE, TRUE },
    { "RR Repairing Your Gate: exactly 3, never more",
      { 3, 3, 3, 3 }, 0, 20, { -1, -1 }, "A3 B3 C3", 3, 20, TRUE, FALSE },
    { "already at 3: nothing to repair",
      { 2, 0, 0, 0 }, 3, 5, { -1, -1 }, "", 3, 5, FALSE, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const RepairRow *row = &rows[i];
      g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_structure_free);
      g_autoptr(GString) got = g_string_new (NULL);
      int pref[2], n_pref = 0, health = row->health, source = row->source, before;
      SpkRepair plan;

      g_test_message ("%s", row->rule);
      for (int s = 0; s < 4; s++)
        {
          char name[2] = { (char) ('A' + s), 0 };

          g_ptr_array_add (list, structure (name, 3, row->bought[s]));
        }
      for (int k = 0; k < 2; k++)
        if (row->pref[k] >= 0)
          pref[n_pref++] = row->pref[k];
      before = spk_structures_count (list);

      spk_gate_repair_plan (list, row->health, row->source, n_pref ? pref : NULL, n_pref, &plan);
      for (guint k = 0; k < plan.sacrificed->len; k++)
        {
          SpkSacrifice *sac = &g_array_index (plan.sacrificed, SpkSacrifice, k);

          g_string_append_printf (got, "%s%c%d", k ? " " : "", 'A' + sac->structure, sac->level);
        }
      g_assert_cmpstr (got->str, ==, row->sacrificed);
      g_assert_cmpint (plan.health_after, ==, row->health_after);
      g_assert_cmpint (plan.source_after, ==, row->source_after);
      g_assert_cmpint (plan.source_spent, ==, row->source - row->source_after);
      g_assert_cmpint (plan.tie_by_sheet_order, ==, row->tie_by_sheet_order);
      g_assert_cmpint (plan.short_of_source, ==, row->short_of_source);
      /* Planning changes nothing. */
      g_assert_cmpint (spk_structures_count (list), ==, before);

      spk_gate_repair_apply (&plan, list, &health, &source, "Brawnen", NULL);
      g_assert_cmpint (health, ==, row->health_after);
      g_assert_cmpint (source, ==, row->source_after);
      g_assert_cmpint (spk_structures_count (list), ==, before - (int) plan.sacrificed->len);
      spk_repair_clear (&plan);
    }
}

static void
test_repair_notes (void)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_structure_free);
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkRepair plan;
  int health = 0, source = 8;
  static const char *const expected[] = {
    "Brawnen: 2 advancements sacrificed to repair the gate (Forge 2 – F2, Forge 1 – F1)",
    "Brawnen: 2 Source spent to repair the gate",
    "Brawnen: gate repaired to 3",
    NULL,
  };

  g_ptr_array_add (list, structure ("Forge", 3, 2));
  spk_gate_repair_plan (list, health, source, NULL, 0, &plan);
  spk_gate_repair_apply (&plan, list, &health, &source, "Brawnen", notes);
  assert_notes (notes, expected);
  g_assert_cmpint (health, ==, 3);
  g_assert_cmpint (source, ==, 6);
  spk_repair_clear (&plan);
}

static void
test_needs_repair (void)
{
  static const struct {
    const char *rule; int players; gboolean team; int health; gboolean needs;
  } rows[] = {
    { "RB Repairing Your Gate: 3P, defeated gate", 3, FALSE, 0, TRUE },
    { "RB Repairing Your Gate: 4P, defeated gate", 4, FALSE, 0, TRUE },
    { "gate standing: no repair", 4, FALSE, 2, FALSE },
    { "RR End of the Game: 2P ends at the first defeat, no repair", 2, FALSE, 0, FALSE },
    { "RB Team Play: a fallen gate ends the game, no repair", 4, TRUE, 0, FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SpkGameRules rules;

      g_test_message ("%s", rows[i].rule);
      spk_game_rules_init (&rules, rows[i].players);
      rules.team_play = rows[i].team;
      g_assert_cmpint (spk_gate_needs_repair (&rules, rows[i].health), ==, rows[i].needs);
    }
}

/* Heroes in play count the faction's heroes on the board only; whose turn
 * it is comes from one place (spk_board_get_turn): the file's turn in the
 * Onslaught Phase, else the first player, else the first faction, and
 * nobody's outside the Onslaught. */
static void
test_heroes_and_turn (void)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  const char *ids[] = { "a", "b", "c" };
  SpkChip *hero;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_ptr_array_add (b->factions, spk_faction_new (ids[i]));
  hero = spk_chip_new ("h1", SPK_CHIP_HERO);
  hero->faction = g_strdup ("a");
  hero->placed = TRUE;
  g_ptr_array_add (b->chips, hero);
  hero = spk_chip_new ("h2", SPK_CHIP_HERO);
  hero->faction = g_strdup ("a");
  g_ptr_array_add (b->chips, hero);       /* in a stack: not on the board */
  hero = spk_chip_new ("m1", SPK_CHIP_MINION);
  hero->faction = g_strdup ("a");
  hero->placed = TRUE;
  g_ptr_array_add (b->chips, hero);
  g_assert_cmpint (spk_heroes_in_play (b, "a"), ==, 1);
  g_assert_cmpint (spk_heroes_in_play (b, "b"), ==, 0);

  g_assert_null (spk_board_get_turn (b));
  g_assert_cmpint (spk_board_turn_index (b), ==, -1);
  g_free (b->phase);
  b->phase = g_strdup ("onslaught");
  g_assert_cmpstr (spk_board_get_turn (b), ==, "a");
  b->first_player = g_strdup ("b");
  g_assert_cmpstr (spk_board_get_turn (b), ==, "b");
  b->turn = g_strdup ("c");
  g_assert_cmpstr (spk_board_get_turn (b), ==, "c");
  g_assert_cmpint (spk_board_turn_index (b), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/economy/income-and-cp", test_income_and_cp);
  g_test_add_func ("/economy/heroes-and-turn", test_heroes_and_turn);
  g_test_add_func ("/economy/game-waves", test_game_waves);
  g_test_add_func ("/economy/rules-check", test_rules_check);
  g_test_add_func ("/economy/phase-sequence", test_phase_sequence);
  g_test_add_func ("/economy/phase-next-notes", test_phase_next_notes);
  g_test_add_func ("/economy/phase-names", test_phase_names);
  g_test_add_func ("/economy/source-capacity", test_source_capacity);
  g_test_add_func ("/economy/cp-lost", test_cp_lost);
  g_test_add_func ("/economy/market", test_market);
  g_test_add_func ("/economy/earthscape", test_earthscape);
  g_test_add_func ("/economy/limited-builds", test_limited_builds);
  g_test_add_func ("/economy/first-player", test_first_player);
  g_test_add_func ("/economy/hero-limit", test_hero_limit);
  g_test_add_func ("/economy/advancement-buy", test_advancement_buy);
  g_test_add_func ("/economy/advancement-walkthrough", test_advancement_walkthrough);
  g_test_add_func ("/economy/repair-order", test_repair_order);
  g_test_add_func ("/economy/repair-notes", test_repair_notes);
  g_test_add_func ("/economy/needs-repair", test_needs_repair);

  return g_test_run ();
}
