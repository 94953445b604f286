/* SPDX-License-Identifier: GPL-3.0-or-later */
/* New Table for 2 to 4 factions (spk_table_new_for_game): every rule it
 * applies, each row naming the rule or ruling (docs/rulings.md, R-setup-N
 * and R-faction-N), and every refusal with its code and seat. */
#include "config.h"

#include "spk-economy.h"
#include "spk-table-setup.h"

static SpkRoster *roster;

static SpkNewTableSpec
spec_of (guint n, const char *const *factions)
{
  SpkNewTableSpec spec;

  spk_new_table_spec_init (&spec, n);
  for (guint i = 0; i < n; i++)
    spec.seats[i].faction = factions[i];
  return spec;
}

static const char *const core[] = { "brawnen", "grovetenders", "heirs", "narora" };

static SpkTable *
build (const SpkNewTableSpec *spec)
{
  g_autoptr(GError) error = NULL;
  SpkTable *t = spk_table_new_for_game (spec, roster, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static const SpkFaction *
seat (SpkTable *t, guint i)
{
  return g_ptr_array_index (spk_table_get_board (t)->factions, i);
}

/* Player count, Source, gate health, market size, spire limit and marks
 * for 2, 3 and 4 players. */
static void
test_counts (void)
{
  static const struct {
    guint n;
    int market;       /* RB Create the Market: players + 1 */
    int spire_limit;  /* RB Spire Limits: 6 / 5 / 4 */
    const char *marks[4]; /* R-faction-3: the next seat round the table */
  } rows[] = {
    { 2, 3, 6, { "grovetenders", "brawnen" } },
    { 3, 4, 5, { "grovetenders", "heirs", "brawnen" } },
    { 4, 5, 4, { "grovetenders", "heirs", "narora", "brawnen" } },
  };

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      SpkNewTableSpec spec = spec_of (rows[r].n, core);
      g_autoptr(SpkTable) t = build (&spec);
      const SpkBoard *b = spk_table_get_board (t);

      g_assert_cmpint (spk_table_get_player_count (t), ==, (int) rows[r].n);
      g_assert_cmpuint (b->factions->len, ==, rows[r].n);
      g_assert_cmpint (spk_table_get_market_count (t), ==, rows[r].market);
      g_assert_cmpint (spk_spire_limit (spk_table_get_player_count (t)), ==, rows[r].spire_limit);
      g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_SETUP);
      g_assert_cmpint (spk_table_get_wave (t), ==, 1);
      g_assert_cmpuint (spk_table_get_history_length (t), ==, 0);
      g_assert_cmpstr (spk_table_get_first_player (t), ==, "brawnen");
      for (guint i = 0; i < rows[r].n; i++)
        {
          /* RB Set-Up: the gate at 10, the Source tracker at 0. */
          g_assert_cmpstr (seat (t, i)->id, ==, core[i]);
          g_assert_cmpint (seat (t, i)->source, ==, 0);
          g_assert_cmpint (seat (t, i)->gate_health, ==, 10);
          g_assert_cmpint (seat (t, i)->cp, ==, 0);
          g_assert_null (seat (t, i)->team);
          g_assert_cmpstr (seat (t, i)->mark, ==, rows[r].marks[i]);
        }
      /* R-setup-3: a fortress for every faction, none on another. */
      g_assert_cmpuint (b->fortresses->len, ==, rows[r].n);
    }
}

/* Names: the roster's, or the player's own; a custom faction's id comes
 * from its name. */
static void
test_names (void)
{
  SpkNewTableSpec spec = spec_of (3, (const char *const[]) { "heirs", NULL, NULL });
  g_autoptr(SpkTable) t = NULL;
  g_autofree char *id = NULL;

  spec.seats[0].name = "  ";
  spec.seats[1].name = "Sky Pirates!";
  spec.seats[2].name = "Œuvre";
  t = build (&spec);
  g_assert_cmpstr (seat (t, 0)->name, ==, "Heirs");
  g_assert_cmpstr (seat (t, 1)->id, ==, "sky-pirates");
  g_assert_cmpstr (seat (t, 1)->name, ==, "Sky Pirates!");
  g_assert_cmpstr (seat (t, 2)->id, ==, "uvre");
  id = spk_new_table_seat_id (&spec, 1);
  g_assert_cmpstr (id, ==, "sky-pirates");
  g_clear_pointer (&id, g_free);

  /* Nothing ASCII, or the id taken: a numbered id. */
  spec.seats[2].name = "Σ";
  id = spk_new_table_seat_id (&spec, 2);
  g_assert_cmpstr (id, ==, "faction-3");
  g_clear_pointer (&id, g_free);
  spec.seats[2].name = "Sky  pirates";
  id = spk_new_table_seat_id (&spec, 2);
  g_assert_cmpstr (id, ==, "faction-3");
}

/* First player: any seat; marks still follow seating order. */
static void
test_first_player (void)
{
  SpkNewTableSpec spec = spec_of (3, core);
  g_autoptr(SpkTable) t = NULL;

  spec.first_player = 2;
  t = build (&spec);
  g_assert_cmpstr (spk_table_get_first_player (t), ==, "heirs");
  g_assert_cmpstr (seat (t, 2)->mark, ==, "brawnen");
}

/* Marks chosen by the players replace the rule's. */
static void
test_marks_chosen (void)
{
  SpkNewTableSpec spec = spec_of (3, core);
  g_autoptr(SpkTable) t = NULL;

  spec.seats[0].mark = 2;
  spec.seats[1].mark = 0;
  t = build (&spec);
  g_assert_cmpstr (seat (t, 0)->mark, ==, "heirs");
  g_assert_cmpstr (seat (t, 1)->mark, ==, "brawnen");
  g_assert_cmpstr (seat (t, 2)->mark, ==, "brawnen");
}

/* RB Team Play: teams alternate in turn order; the default marks then
 * never give two teammates one opponent. */
static void
test_teams (void)
{
  SpkNewTableSpec spec = spec_of (4, core);
  g_autoptr(SpkTable) t = NULL;
  static const char *const marks[] = { "grovetenders", "heirs", "narora", "brawnen" };

  spec.teams = TRUE;
  spec.seats[0].team = 1;
  spec.seats[1].team = 2;
  spec.seats[2].team = 1;
  spec.seats[3].team = 2;
  t = build (&spec);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (seat (t, i)->team, ==, i % 2 == 0 ? "1" : "2");
      g_assert_cmpstr (seat (t, i)->mark, ==, marks[i]);
    }
  g_assert_true (spk_board_friendly (spk_table_get_board (t), "brawnen", "heirs"));
  g_assert_false (spk_board_friendly (spk_table_get_board (t), "brawnen", "narora"));
  g_assert_cmpint (spk_table_get_market_count (t), ==, 5);
}

typedef struct {
  const char *why;
  int code;
  int seat;
} Refusal;

static void
assert_refused (const SpkNewTableSpec *spec, const Refusal *want)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) built = NULL;
  g_autoptr(SpkTable) t = NULL;
  int at = 99;

  g_test_message ("%s", want->why);
  g_assert_false (spk_new_table_spec_check (spec, roster, &at, &error));
  g_assert_error (error, SPK_SETUP_ERROR, want->code);
  g_assert_cmpint (at, ==, want->seat);
  if (want->seat >= 0)
    {
      g_autofree char *prefix = g_strdup_printf ("Seat %d: ", want->seat + 1);

      g_assert_true (g_str_has_prefix (error->message, prefix));
    }
  t = spk_table_new_for_game (spec, roster, &built);
  g_assert_null (t);
  g_assert_error (built, SPK_SETUP_ERROR, want->code);
  g_assert_cmpstr (built->message, ==, error->message);
}

static void
test_refused (void)
{
  SpkNewTableSpec spec;

  /* R-faction-1: 2 to 4 factions. */
  spec = spec_of (4, core);
  spec.n_seats = 1;
  assert_refused (&spec, &(Refusal) { "one player", SPK_SETUP_ERROR_PLAYER_COUNT, -1 });
  spec.n_seats = 5;
  assert_refused (&spec, &(Refusal) { "five players", SPK_SETUP_ERROR_PLAYER_COUNT, -1 });

  /* One faction at two seats, by id or by name. */
  spec = spec_of (3, (const char *const[]) { "brawnen", "heirs", "brawnen" });
  assert_refused (&spec, &(Refusal) { "brawnen twice", SPK_SETUP_ERROR_DUPLICATE_FACTION, 2 });
  spec = spec_of (3, (const char *const[]) { "brawnen", NULL, "heirs" });
  spec.seats[1].name = "BRAWNEN";
  assert_refused (&spec, &(Refusal) { "a custom name alike", SPK_SETUP_ERROR_DUPLICATE_FACTION, 1 });

  spec = spec_of (2, (const char *const[]) { "brawnen", "dwarves" });
  assert_refused (&spec, &(Refusal) { "not in the roster", SPK_SETUP_ERROR_UNKNOWN_FACTION, 1 });
  spec = spec_of (2, (const char *const[]) { "brawnen", NULL });
  assert_refused (&spec, &(Refusal) { "custom without a name", SPK_SETUP_ERROR_NAME, 1 });

  /* RB Team Play: 4 players, 2 v 2, alternating. */
  spec = spec_of (3, core);
  spec.teams = TRUE;
  assert_refused (&spec, &(Refusal) { "teams of 3", SPK_SETUP_ERROR_TEAMS, -1 });
  spec = spec_of (4, core);
  spec.teams = TRUE;
  spec.seats[0].team = 1;
  spec.seats[1].team = 1;
  spec.seats[2].team = 2;
  spec.seats[3].team = 2;
  assert_refused (&spec, &(Refusal) { "teammates side by side", SPK_SETUP_ERROR_TEAMS, 1 });
  spec.seats[1].team = 2;
  spec.seats[2].team = 1;
  spec.seats[3].team = 0;
  assert_refused (&spec, &(Refusal) { "a seat without a team", SPK_SETUP_ERROR_TEAMS, 3 });

  /* Marks: an opposing faction; teammates not on one opponent. */
  spec.seats[3].team = 2;
  spec.seats[0].mark = 2;
  assert_refused (&spec, &(Refusal) { "marks a teammate", SPK_SETUP_ERROR_MARK, 0 });
  spec.seats[0].mark = 3;
  assert_refused (&spec, &(Refusal) { "teammates mark narora", SPK_SETUP_ERROR_MARK, 2 });
  spec = spec_of (2, core);
  spec.seats[1].mark = 1;
  assert_refused (&spec, &(Refusal) { "marks itself", SPK_SETUP_ERROR_MARK, 1 });
  spec.seats[1].mark = 2;
  assert_refused (&spec, &(Refusal) { "marks no seat", SPK_SETUP_ERROR_MARK, 1 });

  spec = spec_of (2, core);
  spec.first_player = 2;
  assert_refused (&spec, &(Refusal) { "first player not seated", SPK_SETUP_ERROR_FIRST_PLAYER, -1 });
}

/* R-setup-3: without fortresses the board is empty, and a faction can
 * later be removed (R-faction-6 refuses while its fortress stands). */
static void
test_no_fortresses (void)
{
  SpkNewTableSpec spec = spec_of (3, core);
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  spec.fortresses = FALSE;
  t = build (&spec);
  g_assert_cmpuint (spk_table_get_board (t)->fortresses->len, ==, 0);
  g_assert_true (spk_table_remove_faction (t, "heirs", &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_market_count (t), ==, 3);
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  path = spk_roster_find_file ("cloudspire");
  g_assert_nonnull (path);
  roster = spk_roster_load_from_file (path, &error);
  g_assert_no_error (error);
  g_test_add_func ("/setup/counts", test_counts);
  g_test_add_func ("/setup/names", test_names);
  g_test_add_func ("/setup/first-player", test_first_player);
  g_test_add_func ("/setup/marks-chosen", test_marks_chosen);
  g_test_add_func ("/setup/teams", test_teams);
  g_test_add_func ("/setup/refused", test_refused);
  g_test_add_func ("/setup/no-fortresses", test_no_fortresses);
  status = g_test_run ();
  spk_roster_free (roster);
  return status;
}
