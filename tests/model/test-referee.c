/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The model as referee for builds and the economy (issue 11): every rule
 * the actions enforce, each test named after the Rules Reference (RR) or
 * rulebook (RB) entry, or the ruling in docs/rulings.md, it rests on. */
#include "config.h"

#include "spk-test-board.h"
#include "spk-test-table.h"

static const SpkFaction *
faction (SpkTable *t, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (t), id);
}

static void
advance_to_phase (SpkTable *t, SpkPhase phase)
{
  for (int i = 0; i < 20 && spk_table_get_phase (t) != phase; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (spk_table_get_phase (t), ==, phase);
}

static void
turn_to (SpkTable *t, const char *faction)
{
  for (int i = 0; i < 8 && g_strcmp0 (spk_table_get_turn (t), faction) != 0; i++)
    g_assert_true (spk_table_end_turn (t, NULL));
  g_assert_cmpstr (spk_table_get_turn (t), ==, faction);
}

static SpkChip *
spire_at (const char *id, const char *faction_id, int q, int r, int capacity)
{
  SpkChip *c = spk_test_chip (id, SPK_CHIP_SPIRE, faction_id, id);

  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->capacity = capacity;
  g_array_append_val (c->upgrades, ((SpkUpgrade) { SPK_UPGRADE_ATTACK }));
  return c;
}

/* The walkthrough table with a free well at (-3,-1) far in the west, out
 * of the grovetenders' influence, in the Build Phase with Source to spend. */
static SpkTable *
build_table (void)
{
  SpkTable *t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_set_hex (t, -3, -1, 0, SPK_TERRAIN_FOREST, TRUE, "isle-2", &error));
  g_assert_no_error (error);
  advance_to_phase (t, SPK_PHASE_BUILD);
  g_assert_true (spk_table_set_source (t, "grovetenders", 20, NULL, &error));
  return t;
}

/* RR Upgrade Capacity: a spire at (or over) its capacity takes no upgrade;
 * a capacity of 0 is no exception. */
static void
test_rr_upgrade_capacity (void)
{
  g_autoptr(SpkTable) t = build_table ();
  g_autoptr(SpkChip) full = spire_at ("full", "grovetenders", 7, 0, 0);
  g_autoptr(GError) error = NULL;
  guint length;

  g_assert_true (spk_table_build_spire (t, full, 0, FALSE, NULL, &error));
  g_assert_no_error (error);
  length = spk_table_get_history_length (t);
  g_assert_false (spk_table_upgrade_spire (t, "full", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY);
  g_assert_cmpstr (error->message, ==, "full is over its capacity: 1 upgrades for a capacity of 0; it takes no more");
  g_clear_error (&error);
  /* A reward upgrade is free, not beyond capacity. */
  g_assert_false (spk_table_upgrade_spire (t, "full", SPK_UPGRADE_RANGE, TRUE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 20);
}

/* RR Spire Construction, Fortress Source Well, Influence, Spire Reward:
 * spk_spire_build_check decides, each reason its own typed error; a reward
 * drops the influence requirement and nothing else. */
static void
test_rr_spire_construction (void)
{
  g_autoptr(SpkTable) t = build_table ();
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *rule;
    int         q, r;
    gboolean    reward;
    int         code;
    const char *message;
  } rows[] = {
    { "RR Source Well: a path hex has none", 3, 0, FALSE, SPK_TABLE_ACTION_ERROR_NO_WELL,
      "(3, 0) has no Source well on top; choose a hex with a Source well, or add a well to the map first" },
    { "RR Source Well: a covered well", 5, -1, FALSE, SPK_TABLE_ACTION_ERROR_OCCUPIED,
      "A chip stands on the well at (5, -1); choose a free well" },
    { "RR Fortress Source Well: another faction's", -7, 0, FALSE, SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS,
      "(-7, 0) is another faction's fortress well; Grovetenders builds on its own fortress wells and on isles" },
    { "RR Fortress Source Well: even for a reward", -7, 1, TRUE, SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS,
      "(-7, 1) is another faction's fortress well; Grovetenders builds on its own fortress wells and on isles" },
    { "RR Influence", -3, -1, FALSE, SPK_TABLE_ACTION_ERROR_NO_INFLUENCE,
      "Grovetenders has no influence over (-3, -1); build within its influence (the Influence overlay shows where)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(SpkChip) s = spire_at ("s", "grovetenders", rows[i].q, rows[i].r, 3);

      g_test_message ("%s", rows[i].rule);
      g_assert_false (spk_table_build_spire (t, s, 2, rows[i].reward, NULL, &error));
      g_assert_error (error, SPK_TABLE_ACTION_ERROR, rows[i].code);
      g_assert_cmpstr (error->message, ==, rows[i].message);
      g_clear_error (&error);
      g_assert_cmpint (faction (t, "grovetenders")->source, ==, 20);
    }

  /* RR Spire Reward: influence ignored. */
  {
    g_autoptr(SpkChip) s = spire_at ("s", "grovetenders", -3, -1, 3);

    g_assert_true (spk_table_build_spire (t, s, 0, TRUE, "reward", &error));
    g_assert_no_error (error);
  }
  /* Within influence, paid. */
  {
    g_autoptr(SpkChip) s = spire_at ("water", "grovetenders", 4, 1, 3);

    g_assert_true (spk_table_build_spire (t, s, 4, FALSE, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (faction (t, "grovetenders")->source, ==, 16);
  }
}

/* R-build-5: placing a spire types in the table as it stands: the place
 * rules (well, fortress) hold, neither cost, phase nor influence. */
static void
test_r_build_5_place_spire (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkChip) path = spire_at ("p", "grovetenders", 3, 0, 3);
  g_autoptr(SpkChip) theirs = spire_at ("p", "grovetenders", -7, 0, 3);
  g_autoptr(SpkChip) far = spire_at ("p", "grovetenders", -3, -1, 3);

  g_assert_true (spk_table_set_hex (t, -3, -1, 0, SPK_TERRAIN_FOREST, TRUE, "isle-2", &error));
  g_assert_false (spk_table_place_chip (t, path, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NO_WELL);
  g_clear_error (&error);
  g_assert_false (spk_table_place_chip (t, theirs, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS);
  g_clear_error (&error);
  g_assert_true (spk_table_place_chip (t, far, &error));
  g_assert_no_error (error);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 0);
}

/* RR Build Option, Spire Upgrades: one option adds any number of upgrades
 * to one spire, priced in order; as one step and one limited build. */
static void
test_rr_build_option_many_upgrades (void)
{
  g_autoptr(SpkTable) t = build_table ();
  g_autoptr(SpkChip) tower = spire_at ("tower", "grovetenders", 7, 0, 4);
  g_autoptr(GError) error = NULL;
  static const SpkUpgrade three[] = { SPK_UPGRADE_RANGE, SPK_UPGRADE_FORTIFICATION, SPK_UPGRADE_ATTACK };
  static const SpkUpgrade four[] = { SPK_UPGRADE_RANGE, SPK_UPGRADE_RANGE, SPK_UPGRADE_RANGE,
                                     SPK_UPGRADE_RANGE };
  const SpkChip *c;
  guint length;

  g_assert_true (spk_table_build_spire (t, tower, 0, FALSE, NULL, &error));
  advance_to_phase (t, SPK_PHASE_ONSLAUGHT);
  turn_to (t, "grovetenders");
  g_assert_true (spk_table_set_source (t, "grovetenders", 20, NULL, &error));
  /* Over capacity: refused whole. */
  length = spk_table_get_history_length (t);
  g_assert_false (spk_table_upgrade_spire_many (t, "tower", four, 4, FALSE, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_CAPACITY);
  g_assert_cmpstr (error->message, ==,
                   "tower has 1 upgrades and an upgrade capacity of 4; only 3 of these 4 fit");
  g_clear_error (&error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length);
  /* Range 2, fortification 2, attack 4 (the spire will have 4). */
  g_assert_true (spk_table_upgrade_spire_many (t, "tower", three, 3, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (spk_table_get_history_length (t), ==, length + 1);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 12);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: Source 20 → 12 (range, fortification, attack upgrades on tower, limited build 1 of 2)");
  c = spk_board_find_chip (spk_table_get_board (t), "tower");
  g_assert_cmpuint (c->upgrades->len, ==, 4);
  g_assert_cmpint (g_array_index (c->upgrades, SpkUpgrade, 3), ==, SPK_UPGRADE_ATTACK);
}

/* R-build-4: an upgrade of the same spire right after a limited-build
 * upgrade continues that option; any step between closes it. */
static void
test_r_build_4_option_continues (void)
{
  g_autoptr(SpkTable) t = build_table ();
  g_autoptr(SpkChip) tower = spire_at ("tower", "grovetenders", 7, 0, 6);
  g_autoptr(SpkChip) other = spire_at ("other", "grovetenders", 7, -1, 6);
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_build_spire (t, tower, 0, FALSE, NULL, &error));
  g_assert_true (spk_table_build_spire (t, other, 0, FALSE, NULL, &error));
  advance_to_phase (t, SPK_PHASE_ONSLAUGHT);
  turn_to (t, "grovetenders");
  g_assert_true (spk_table_set_source (t, "grovetenders", 20, NULL, &error));

  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_cmpstr (faction (t, "grovetenders")->open_upgrade, ==, "tower");
  g_assert_true (spk_table_upgrade_spire (t, "tower", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 1);
  /* Another spire is another option. */
  g_assert_true (spk_table_upgrade_spire (t, "other", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 2);
  g_assert_cmpstr (faction (t, "grovetenders")->open_upgrade, ==, "other");
  /* Any step between closes the option: now both are used. */
  g_assert_true (spk_table_set_notes (t, "a pause", &error));
  g_assert_null (faction (t, "grovetenders")->open_upgrade);
  g_assert_false (spk_table_upgrade_spire (t, "other", SPK_UPGRADE_RANGE, FALSE, &error));
  g_assert_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_LIMIT_REACHED);
  g_clear_error (&error);
  /* Undo the pause and the option is open again, as the file keeps it. */
  g_assert_true (spk_table_undo (t, &error));
  g_assert_cmpstr (faction (t, "grovetenders")->open_upgrade, ==, "other");
  {
    g_autofree char *saved = spk_table_to_data (t, NULL);
    g_autoptr(SpkTable) back = spk_table_new_from_data (saved, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (faction (back, "grovetenders")->open_upgrade, ==, "other");
    g_assert_true (spk_table_upgrade_spire (back, "other", SPK_UPGRADE_ATTACK, FALSE, &error));
    g_assert_no_error (error);
    g_assert_cmpint (faction (back, "grovetenders")->limited_builds, ==, 2);
  }
  /* End Turn is a step too. */
  g_assert_true (spk_table_end_turn (t, &error));
  g_assert_null (faction (t, "grovetenders")->open_upgrade);
}

/* RB Market Phase (R-market-2): in turn order from the first player, each
 * faction once, buying or passing. */
static void
test_rb_market_phase_order (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_table_pass_market (t, "brawnen", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE);
  g_clear_error (&error);
  g_assert_null (spk_table_get_market_turn (t));
  advance_to_phase (t, SPK_PHASE_MARKET);
  g_assert_true (spk_table_set_source (t, "grovetenders", 9, NULL, &error));
  g_assert_cmpstr (spk_table_get_market_turn (t), ==, "brawnen");
  g_assert_false (spk_table_buy_market_chip (t, "grovetenders", "Roa", 3, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_assert_cmpstr (error->message, ==,
                   "It is Brawnen's turn at the market; Grovetenders buys or passes after it, in turn order");
  g_clear_error (&error);
  g_assert_false (spk_table_pass_market (t, "grovetenders", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);

  g_assert_true (spk_table_pass_market (t, "brawnen", &error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==, "Brawnen passes at the market");
  g_assert_true (faction (t, "brawnen")->market_done);
  g_assert_cmpstr (spk_table_get_market_turn (t), ==, "grovetenders");
  g_assert_false (spk_table_buy_earthscape (t, "brawnen", &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN);
  g_clear_error (&error);
  g_assert_true (spk_table_buy_market_chip (t, "grovetenders", "Roa", 3, &error));
  g_assert_no_error (error);
  g_assert_null (spk_table_get_market_turn (t));
}

/* RB Making the Game Faster: no Event Deck, so no Event Phase. */
static void
test_rb_faster_game_no_event_phase (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_set_variant (t, TRUE, 3, &error));
  advance_to_phase (t, SPK_PHASE_END_OF_WAVE);
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_cmpint (spk_table_get_wave (t), ==, 2);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_INCOME);
  /* And no Market Phase either. */
  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_BUILD);
}

static SpkTable *
repair_table (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();

  spk_test_board_repair_tie (b);
  return spk_table_new (b);
}

static int
bought (SpkTable *t, guint structure)
{
  return ((const SpkStructure *) g_ptr_array_index (faction (t, "brawnen")->structures,
                                                   structure))->bought;
}

/* RR Repairing Your Gate (R-repair-1): which equal-level advancement is
 * sacrificed is the player's choice; the model asks instead of guessing. */
static void
test_rr_repairing_your_gate_choice (void)
{
  g_autoptr(SpkTable) t = repair_table ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) choices = spk_table_get_repair_choices (t);
  const char *const *tied;
  static const char *const prefer[] = { "Quarry", "Gateport", "Barracks", NULL };
  static const char *const unknown[] = { "Moat", NULL };

  g_assert_cmpuint (g_hash_table_size (choices), ==, 1);
  tied = g_hash_table_lookup (choices, "brawnen");
  g_assert_nonnull (tied);
  g_assert_cmpuint (g_strv_length ((char **) tied), ==, 4);
  g_assert_cmpstr (tied[0], ==, "Forge");
  g_assert_cmpstr (tied[3], ==, "Quarry");

  g_assert_false (spk_table_advance_phase (t, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE);
  g_assert_cmpstr (error->message, ==,
                   "Brawnen's gate repair sacrifices advancements of equal level: choose which of "
                   "Forge, Barracks, Gateport, Quarry go first");
  g_clear_error (&error);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_EVENT);

  g_assert_false (spk_table_set_repair_preference (t, "brawnen", unknown, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (spk_table_set_repair_preference (t, "brawnen", prefer, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Brawnen: gate repair sacrifices Quarry, Gateport, Barracks first");
  g_clear_pointer (&choices, g_hash_table_unref);
  choices = spk_table_get_repair_choices (t);
  g_assert_cmpuint (g_hash_table_size (choices), ==, 0);

  g_assert_true (spk_table_advance_phase (t, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_INCOME);
  g_assert_cmpint (faction (t, "brawnen")->gate_health, ==, 3);
  g_assert_cmpint (bought (t, 0), ==, 1);
  g_assert_cmpint (bought (t, 1), ==, 0);
  g_assert_cmpint (bought (t, 2), ==, 0);
  g_assert_cmpint (bought (t, 3), ==, 0);
  /* The answer is used up. */
  g_assert_cmpuint (faction (t, "brawnen")->repair_preference->len, ==, 0);
}

/* spirekeeper-cli check prints these names. */
static void
test_error_code_names (void)
{
  g_autoptr(GError) turn = g_error_new_literal (SPK_TABLE_ACTION_ERROR,
                                                SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN, "x");
  g_autoptr(GError) choice = g_error_new_literal (SPK_TABLE_ACTION_ERROR,
                                                  SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE, "x");
  g_autoptr(GError) source = g_error_new_literal (SPK_ECONOMY_ERROR,
                                                  SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE, "x");
  g_autoptr(GError) other = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "x");

  g_assert_cmpstr (spk_table_error_code_name (turn), ==, "NOT_YOUR_TURN");
  g_assert_cmpstr (spk_table_error_code_name (choice), ==, "NEEDS_CHOICE");
  g_assert_cmpstr (spk_table_error_code_name (source), ==, "NOT_ENOUGH_SOURCE");
  g_assert_cmpstr (spk_table_error_code_name (other), ==, "ERROR");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/referee/rr-upgrade-capacity", test_rr_upgrade_capacity);
  g_test_add_func ("/referee/rr-spire-construction", test_rr_spire_construction);
  g_test_add_func ("/referee/r-build-5-place-spire", test_r_build_5_place_spire);
  g_test_add_func ("/referee/rr-build-option-many-upgrades", test_rr_build_option_many_upgrades);
  g_test_add_func ("/referee/r-build-4-option-continues", test_r_build_4_option_continues);
  g_test_add_func ("/referee/rb-market-phase-order", test_rb_market_phase_order);
  g_test_add_func ("/referee/rb-faster-game-no-event-phase", test_rb_faster_game_no_event_phase);
  g_test_add_func ("/referee/rr-repairing-your-gate-choice", test_rr_repairing_your_gate_choice);
  g_test_add_func ("/referee/error-code-names", test_error_code_names);
  return g_test_run ();
}
