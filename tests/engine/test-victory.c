/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whole-table economy steps: Income Phase with repair, the fall of a gate
 * (end of game, pillage, new marks), end of wave and final fortress power.
 * Each row names the rule (RB = rulebook, RR = Rules Reference, R-eco-N =
 * docs/rulings.md). */
#include "spk-economy.h"
#include "economy-test-notes.h"

#include <string.h>

/* A faction as one table row; advancements are `adv` bought levels in one
 * structure of 4 levels (enough for these tests). */
typedef struct {
  const char *id;
  const char *team;
  const char *mark;
  int         source, gate, adv, spires;
} F;

static SpkBoard *
board_new (const F *factions, int n)
{
  SpkBoard *b = spk_board_new ();

  b->player_count = n;
  for (int i = 0; i < n; i++)
    {
      SpkFaction *f = spk_faction_new (factions[i].id);
      SpkStructure *s = spk_structure_new ("Keep");

      f->name = g_strdup (factions[i].id);
      f->name[0] = g_ascii_toupper (f->name[0]);
      f->team = g_strdup (factions[i].team);
      f->mark = g_strdup (factions[i].mark);
      f->source = factions[i].source;
      f->gate_health = factions[i].gate;
      for (int l = 1; l <= 4; l++)
        spk_structure_add_level (s, NULL, l);
      s->bought = factions[i].adv;
      g_ptr_array_add (f->structures, s);
      g_ptr_array_add (b->factions, f);

      for (int k = 0; k < factions[i].spires; k++)
        {
          g_autofree char *id = g_strdup_printf ("%s-spire-%d", factions[i].id, k);
          SpkChip *c = spk_chip_new (id, SPK_CHIP_SPIRE);

          c->faction = g_strdup (factions[i].id);
          c->placed = TRUE;
          c->q = i;
          c->r = k;
          g_ptr_array_add (b->chips, c);
        }
    }
  /* An unplaced spire (in a barracks) never counts as in play. */
  if (n > 0)
    {
      SpkChip *c = spk_chip_new ("spare", SPK_CHIP_SPIRE);

      c->faction = g_strdup (factions[0].id);
      g_ptr_array_add (b->chips, c);
    }
  return b;
}

static SpkFaction *
faction (SpkBoard *b, int i)
{
  return g_ptr_array_index (b->factions, i);
}

static char *
joined (GPtrArray *ids)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (char *) g_ptr_array_index (ids, i));
  return g_strdup (s->str);
}

/* ------------------------------------------------------------------ */

static void
test_income_phase (void)
{
  static const F fs[] = {
    { "brawnen", NULL, "grovetenders", 16, 10, 0, 0 },
    { "grovetenders", NULL, "brawnen", 0, 10, 0, 0 },
  };
  static const char *const expected[] = {
    "Income: +7 Source to each faction",
    "Brawnen: 3 Source lost over capacity",
    NULL,
  };
  g_autoptr(SpkBoard) b = board_new (fs, 2);
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;
  GArray *rows;

  /* RB Income Phase wave 2: +7; RR Source: capacity 20, excess lost. */
  spk_game_rules_init (&rules, 2);
  rows = spk_income_phase (&rules, 2, b, notes);
  g_assert_cmpint (faction (b, 0)->source, ==, 20);
  g_assert_cmpint (faction (b, 1)->source, ==, 7);
  g_assert_cmpint (g_array_index (rows, SpkIncomeRow, 0).income.lost, ==, 3);
  g_assert_false (g_array_index (rows, SpkIncomeRow, 0).repaired);
  assert_notes (notes, expected);
  spk_income_rows_free (rows);
}

static void
test_income_repair (void)
{
  /* RB Repairing Your Gate: after income, a defeated gate (3–4P) goes
   * back to exactly 3, advancements first, then 2 Source per health. */
  static const F fs[] = {
    { "a", NULL, "b", 0, 0, 1, 0 },
    { "b", NULL, "a", 4, 6, 2, 0 },
    { "c", NULL, "a", 0, 0, 0, 0 },
  };
  static const char *const expected[] = {
    "Income: +9 Source to each faction",
    "A: 1 advancement sacrificed to repair the gate (Keep 1)",
    "A: 4 Source spent to repair the gate",
    "A: gate repaired to 3",
    "C: 6 Source spent to repair the gate",
    "C: gate repaired to 3",
    NULL,
  };
  g_autoptr(SpkBoard) b = board_new (fs, 3);
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;
  GArray *rows;

  spk_game_rules_init (&rules, 3);
  rows = spk_income_phase (&rules, 3, b, notes);
  g_assert_cmpint (faction (b, 0)->gate_health, ==, 3);
  g_assert_cmpint (faction (b, 0)->source, ==, 5);
  g_assert_cmpint (spk_structures_count (faction (b, 0)->structures), ==, 0);
  g_assert_cmpint (faction (b, 1)->gate_health, ==, 6);
  g_assert_cmpint (faction (b, 1)->source, ==, 13);
  g_assert_cmpint (faction (b, 2)->gate_health, ==, 3);
  g_assert_cmpint (faction (b, 2)->source, ==, 3);
  g_assert_true (g_array_index (rows, SpkIncomeRow, 0).repaired);
  g_assert_false (g_array_index (rows, SpkIncomeRow, 1).repaired);
  g_assert_cmpuint (g_array_index (rows, SpkIncomeRow, 0).repair.sacrificed->len, ==, 1);
  assert_notes (notes, expected);
  spk_income_rows_free (rows);
}

/* ------------------------------------------------------------------ */

typedef struct {
  const char  *rule;
  int          players;
  gboolean     team;
  F            fs[4];
  const char  *defeated, *defeater;
  int          first_player;
  gboolean     game_over;
  SpkDecidedBy decided_by;
  const char  *winners;
  gboolean     pillaged;
  int          taken, gained, lost;
  int          defeater_source_after;
  const char  *new_marks;
} DefeatRow;

static void
test_gate_defeated (void)
{
  static const DefeatRow rows[] = {
    { "RR End of the Game: 2P ends at the first defeated gate", 2, FALSE,
      { { "a", NULL, "b", 5, 10, 0, 0 }, { "b", NULL, "a", 9, 0, 0, 0 } },
      "b", "a", 0, TRUE, SPK_DECIDED_LAST_GATE, "a", FALSE, 0, 0, 0, 5, "" },
    { "RR Pillage: 3P, two gates stand, the defeater takes all Source", 3, FALSE,
      { { "a", NULL, "b", 5, 10, 0, 0 }, { "b", NULL, "c", 9, 0, 0, 0 }, { "c", NULL, "b", 2, 7, 0, 0 } },
      "b", "a", 0, FALSE, SPK_DECIDED_NONE, "", TRUE, 9, 9, 0, 14, "a c" },
    { "RB Winning (3-4P): pillage only up to the defeater's capacity", 3, FALSE,
      { { "a", NULL, "b", 15, 10, 0, 0 }, { "b", NULL, "a", 9, 0, 0, 0 }, { "c", NULL, "a", 2, 7, 0, 0 } },
      "b", "a", 0, FALSE, SPK_DECIDED_NONE, "", TRUE, 9, 5, 4, 20, "a" },
    { "RR Pillage: new marks in turn order from the first player", 4, FALSE,
      { { "a", NULL, "c", 0, 4, 0, 0 }, { "b", NULL, "c", 1, 4, 0, 0 },
        { "c", NULL, "a", 3, 0, 0, 0 }, { "d", NULL, "c", 0, 4, 0, 0 } },
      "c", "d", 1, FALSE, SPK_DECIDED_NONE, "", TRUE, 3, 3, 0, 3, "b d a" },
    { "RR End of the Game: 4P, only one gate left ends at once, no pillage", 4, FALSE,
      { { "a", NULL, "b", 6, 3, 0, 0 }, { "b", NULL, "a", 9, 0, 0, 0 },
        { "c", NULL, "a", 1, 0, 0, 0 }, { "d", NULL, "a", 2, 0, 0, 0 } },
      "b", "a", 0, TRUE, SPK_DECIDED_LAST_GATE, "a", FALSE, 0, 0, 0, 6, "" },
    { "RB Team Play: any gate falls, the other team wins", 4, TRUE,
      { { "a", "red", "b", 6, 3, 0, 0 }, { "b", "blue", "a", 9, 0, 0, 0 },
        { "c", "red", "d", 1, 5, 0, 0 }, { "d", "blue", "c", 2, 8, 0, 0 } },
      "b", "c", 0, TRUE, SPK_DECIDED_TEAM_GATE, "a c", FALSE, 0, 0, 0, 1, "" },
    { "R-eco-6: no defeater named (an effect), no pillage", 3, FALSE,
      { { "a", NULL, "b", 5, 10, 0, 0 }, { "b", NULL, "c", 9, 0, 0, 0 }, { "c", NULL, "b", 2, 7, 0, 0 } },
      "b", NULL, 2, FALSE, SPK_DECIDED_NONE, "", FALSE, 0, 0, 0, 0, "c a" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const DefeatRow *row = &rows[i];
      g_autoptr(SpkBoard) b = board_new (row->fs, row->players);
      g_autoptr(GError) error = NULL;
      g_autofree char *winners = NULL, *marks = NULL;
      SpkGameRules rules;
      SpkGateDefeat out;

      g_test_message ("%s", row->rule);
      spk_game_rules_init (&rules, row->players);
      rules.team_play = row->team;
      g_assert_true (spk_gate_defeated (&rules, b, row->defeated, row->defeater,
                                        row->first_player, &out, NULL, &error));
      g_assert_no_error (error);
      winners = joined (out.winners);
      marks = joined (out.new_marks);
      g_assert_cmpint (out.game_over, ==, row->game_over);
      g_assert_cmpint (out.decided_by, ==, row->decided_by);
      g_assert_cmpstr (winners, ==, row->winners);
      g_assert_cmpint (out.pillaged, ==, row->pillaged);
      g_assert_cmpstr (marks, ==, row->new_marks);
      if (row->pillaged)
        {
          SpkFaction *fa = spk_board_find_faction (b, row->defeater);

          g_assert_cmpint (out.pillage_taken, ==, row->taken);
          g_assert_cmpint (out.pillage.gained, ==, row->gained);
          g_assert_cmpint (out.pillage.lost, ==, row->lost);
          g_assert_cmpint (fa->source, ==, row->defeater_source_after);
          g_assert_cmpint (spk_board_find_faction (b, row->defeated)->source, ==, 0);
        }
      else
        /* No pillage: the defeated keeps its Source. */
        g_assert_cmpint (spk_board_find_faction (b, row->defeated)->source, ==,
                         row->fs[g_ascii_tolower (row->defeated[0]) - 'a'].source);
      for (int k = 0; k < row->players; k++)
        g_assert_cmpint (faction (b, k)->choose_mark, ==,
                         strstr (row->new_marks, faction (b, k)->id) != NULL);
      spk_gate_defeat_clear (&out);
    }
}

static void
test_gate_defeated_notes (void)
{
  static const F fs[] = {
    { "brawnen", NULL, "narora", 15, 10, 0, 0 },
    { "narora", NULL, "brawnen", 9, 0, 0, 0 },
    { "grovetenders", NULL, "narora", 2, 7, 0, 0 },
  };
  static const char *const expected[] = {
    "Narora: gate defeated",
    "Brawnen pillages Narora: +5 Source",
    "Brawnen: 4 Source lost over capacity",
    "Brawnen must declare a new mark: Narora cannot be marked while its gate is defeated",
    "Grovetenders must declare a new mark: Narora cannot be marked while its gate is defeated",
    NULL,
  };
  g_autoptr(SpkBoard) b = board_new (fs, 3);
  g_autoptr(GPtrArray) notes = notes_new ();
  g_autoptr(GError) error = NULL;
  SpkGameRules rules;
  SpkGateDefeat out;

  spk_game_rules_init (&rules, 3);
  g_assert_true (spk_gate_defeated (&rules, b, "narora", "brawnen", 0, &out, notes, NULL));
  assert_notes (notes, expected);
  spk_gate_defeat_clear (&out);

  g_assert_false (spk_gate_defeated (&rules, b, "nobody", "brawnen", 0, &out, NULL, &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NO_SUCH_FACTION);
  spk_gate_defeat_clear (&out);
}

/* ------------------------------------------------------------------ */

typedef struct {
  const char  *rule;
  int          players;
  gboolean     team;
  F            fs[4];
  SpkDecidedBy decided_by;
  const char  *winners;
  int          powers[4];
} FinalRow;

static void
test_final_score (void)
{
  static const FinalRow rows[] = {
    { "RR Fortress Power: gate health + advancements, most wins", 2, FALSE,
      { { "a", NULL, "b", 0, 8, 3, 0 }, { "b", NULL, "a", 20, 10, 0, 6 } },
      SPK_DECIDED_POWER, "a", { 11, 10 } },
    { "RR End of the Game tiebreak 1: most gate health", 2, FALSE,
      { { "a", NULL, "b", 9, 6, 4, 0 }, { "b", NULL, "a", 0, 8, 2, 0 } },
      SPK_DECIDED_GATE_HEALTH, "b", { 10, 10 } },
    { "RR End of the Game tiebreak 2: most Source", 3, FALSE,
      { { "a", NULL, "b", 4, 8, 2, 5 }, { "b", NULL, "a", 7, 8, 2, 0 }, { "c", NULL, "a", 20, 9, 0, 0 } },
      SPK_DECIDED_SOURCE, "b", { 10, 10, 9 } },
    { "RR End of the Game tiebreak 3: most spires in play", 2, FALSE,
      { { "a", NULL, "b", 4, 8, 2, 2 }, { "b", NULL, "a", 4, 8, 2, 3 } },
      SPK_DECIDED_SPIRES, "b", { 10, 10 } },
    { "RR End of the Game: still tied, shared victory", 4, FALSE,
      { { "a", NULL, "b", 4, 8, 2, 2 }, { "b", NULL, "a", 4, 8, 2, 2 },
        { "c", NULL, "a", 4, 8, 1, 2 }, { "d", NULL, "a", 4, 8, 2, 2 } },
      SPK_DECIDED_SHARED, "a b d", { 10, 10, 9, 10 } },
    { "RB Winning (3-4P): a gate defeated in the last wave counts 0", 3, FALSE,
      { { "a", NULL, "b", 4, 0, 4, 3 }, { "b", NULL, "a", 0, 1, 0, 0 }, { "c", NULL, "a", 0, 0, 2, 0 } },
      SPK_DECIDED_POWER, "b", { 0, 1, 0 } },
    { "RB Team Play: fortress power summed per team", 4, TRUE,
      { { "a", "red", "b", 0, 10, 1, 0 }, { "b", "blue", "a", 0, 6, 3, 0 },
        { "c", "red", "d", 0, 2, 0, 0 }, { "d", "blue", "c", 0, 5, 0, 0 } },
      SPK_DECIDED_POWER, "b d", { 11, 9, 2, 5 } },
    { "R-eco-7: team tie goes down the same chain on team sums", 4, TRUE,
      { { "a", "red", "b", 3, 10, 0, 0 }, { "b", "blue", "a", 1, 6, 4, 0 },
        { "c", "red", "d", 3, 2, 2, 0 }, { "d", "blue", "c", 1, 4, 0, 0 } },
      SPK_DECIDED_GATE_HEALTH, "a c", { 10, 10, 4, 4 } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      const FinalRow *row = &rows[i];
      g_autoptr(SpkBoard) b = board_new (row->fs, row->players);
      g_autofree char *winners = NULL;
      SpkGameRules rules;
      SpkFinalScore out;

      g_test_message ("%s", row->rule);
      spk_game_rules_init (&rules, row->players);
      rules.team_play = row->team;
      spk_final_score (&rules, b, &out, NULL);
      winners = joined (out.winners);
      g_assert_cmpint (out.decided_by, ==, row->decided_by);
      g_assert_cmpstr (winners, ==, row->winners);
      for (int k = 0; k < row->players; k++)
        {
          SpkPowerRow *pr = &g_array_index (out.rows, SpkPowerRow, k);

          g_assert_cmpint (pr->power, ==, row->powers[k]);
          g_assert_cmpint (pr->spires, ==, row->fs[k].spires);
          g_assert_cmpint (pr->advancements, ==, row->fs[k].adv);
        }
      if (row->team)
        {
          int red = 0, blue = 0;

          for (int k = 0; k < row->players; k++)
            *(g_strcmp0 (row->fs[k].team, "red") == 0 ? &red : &blue) += row->powers[k];
          g_assert_cmpuint (out.teams->len, ==, 2);
          g_assert_cmpstr (g_ptr_array_index (out.teams, 0), ==, "red");
          g_assert_cmpint (g_array_index (out.team_power, int, 0), ==, red);
          g_assert_cmpint (g_array_index (out.team_power, int, 1), ==, blue);
        }
      else
        g_assert_cmpuint (out.teams->len, ==, 0);
      spk_final_score_clear (&out);
    }
}

static void
test_final_score_notes (void)
{
  static const F fs[] = {
    { "brawnen", NULL, "grovetenders", 4, 8, 2, 2 },
    { "grovetenders", NULL, "brawnen", 6, 8, 2, 0 },
  };
  static const char *const expected[] = {
    "Brawnen: fortress power 10 (gate 8 + 2 advancements)",
    "Grovetenders: fortress power 10 (gate 8 + 2 advancements)",
    "Grovetenders won the tie on Source",
    NULL,
  };
  g_autoptr(SpkBoard) b = board_new (fs, 2);
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;
  SpkFinalScore out;

  spk_game_rules_init (&rules, 2);
  spk_final_score (&rules, b, &out, notes);
  assert_notes (notes, expected);
  spk_final_score_clear (&out);
}

/* ------------------------------------------------------------------ */

static void
test_end_of_wave (void)
{
  static const F fs[] = {
    { "brawnen", NULL, "grovetenders", 8, 10, 0, 0 },
    { "grovetenders", NULL, "brawnen", 6, 10, 0, 0 },
  };
  static const char *const expected[] = {
    "Limited build options are available again",
    "First player: Grovetenders",
    NULL,
  };
  g_autoptr(SpkBoard) b = board_new (fs, 2);
  g_autoptr(GPtrArray) notes = notes_new ();
  SpkGameRules rules;
  SpkWaveEnd end;

  /* RB End of wave: pegs come off, first player passes left; the
   * walkthrough passes it from the brawnen to the grovetenders. */
  faction (b, 0)->limited_builds = 2;
  faction (b, 1)->limited_builds = 1;
  spk_game_rules_init (&rules, 2);
  end = spk_end_of_wave (&rules, 1, b, 0, notes);
  g_assert_cmpint (end.first_player, ==, 1);
  g_assert_cmpint (end.limited_builds, ==, 0);
  g_assert_false (end.game_over);
  g_assert_cmpint (faction (b, 0)->limited_builds, ==, 0);
  g_assert_cmpint (faction (b, 1)->limited_builds, ==, 0);
  g_assert_cmpint (spk_limited_builds_left (faction (b, 0)->limited_builds), ==, 2);
  assert_notes (notes, expected);

  /* RB: after wave 4 the game ends; faster: after wave 3. */
  g_assert_true (spk_end_of_wave (&rules, 4, b, 1, NULL).game_over);
  rules.faster = TRUE;
  g_assert_true (spk_end_of_wave (&rules, 3, b, 1, NULL).game_over);
  rules.faster = FALSE;
  rules.extra_waves = 2;
  g_assert_false (spk_end_of_wave (&rules, 5, b, 1, NULL).game_over);
  g_assert_true (spk_end_of_wave (&rules, 6, b, 1, NULL).game_over);
}

static void
test_rules_from_board (void)
{
  static const F fs[] = {
    { "a", "red", "b", 0, 10, 0, 0 }, { "b", "blue", "a", 0, 10, 0, 0 },
    { "c", "red", "d", 0, 10, 0, 0 }, { "d", "blue", "c", 0, 10, 0, 0 },
  };
  g_autoptr(SpkBoard) b = board_new (fs, 4);
  SpkGameRules rules;

  b->waves = 6;
  g_free (b->first_player);
  b->first_player = g_strdup ("c");
  spk_game_rules_from_board (b, &rules);
  g_assert_cmpint (rules.player_count, ==, 4);
  g_assert_true (rules.team_play);
  g_assert_false (rules.faster);
  g_assert_cmpint (rules.extra_waves, ==, 2);
  g_assert_cmpint (spk_game_waves (&rules), ==, 6);
  g_assert_cmpint (spk_first_player_index (b), ==, 2);

  b->faster = TRUE;
  b->waves = 3;
  spk_game_rules_from_board (b, &rules);
  g_assert_true (rules.faster);
  g_assert_true (rules.skip_market);
  g_assert_cmpint (spk_game_waves (&rules), ==, 3);

  g_free (b->first_player);
  b->first_player = NULL;
  g_assert_cmpint (spk_first_player_index (b), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/victory/income-phase", test_income_phase);
  g_test_add_func ("/victory/income-repair", test_income_repair);
  g_test_add_func ("/victory/gate-defeated", test_gate_defeated);
  g_test_add_func ("/victory/gate-defeated-notes", test_gate_defeated_notes);
  g_test_add_func ("/victory/final-score", test_final_score);
  g_test_add_func ("/victory/final-score-notes", test_final_score_notes);
  g_test_add_func ("/victory/end-of-wave", test_end_of_wave);
  g_test_add_func ("/victory/rules-from-board", test_rules_from_board);

  return g_test_run ();
}
