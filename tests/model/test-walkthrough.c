/* The rulebook's first-wave walkthrough (2 players, brawnen against
 * grovetenders), replayed through the model's actions: each purchase,
 * build, deployment, reward and defeat of the wave, one player turn per
 * undo group. At the end of the wave the rulebook states: brawnen 8
 * Source; grovetenders 6 Source and a relic; both gates at 10. */
#include "config.h"

#include "spk-faction-model.h"
#include "spk-table-file.h"
#include "spk-test-table.h"

static const SpkFaction *
faction (SpkTable *t, const char *id)
{
  return spk_board_find_faction (spk_table_get_board (t), id);
}

static const SpkChip *
chip (SpkTable *t, const char *id)
{
  return spk_board_find_chip (spk_table_get_board (t), id);
}

static void
ok (gboolean result, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (result);
}

#define DO(call) \
  G_STMT_START { \
    g_autoptr(GError) e_ = NULL; \
    GError **error = &e_; \
    gboolean r_ = (call); \
    ok (r_, e_); \
  } G_STMT_END

static void
move (SpkTable *t, const char *id, int q, int r)
{
  DO (spk_table_move_chip (t, id, q, r, error));
}

static void
damage (SpkTable *t, const char *id, int amount, const char *by)
{
  DO (spk_table_damage_chip (t, id, amount, by, error));
}

/* A landmark explored and turned face up, with its health chips. */
static void
reveal (SpkTable *t, const char *id, int health)
{
  g_autoptr(SpkChip) c = spk_chip_copy (chip (t, id));

  c->revealed = TRUE;
  c->health = c->max_health = health;
  DO (spk_table_edit_chip (t, c, error));
}

/* A hero levels up: one more upgrade, or the promoted side. */
static void
level_up (SpkTable *t, const char *id, SpkUpgrade upgrade, int promoted_health)
{
  g_autoptr(SpkChip) c = spk_chip_copy (chip (t, id));

  if (promoted_health > 0)
    {
      g_array_set_size (c->upgrades, 0);
      c->health += promoted_health - c->max_health;
      c->max_health = promoted_health;
    }
  else
    g_array_append_val (c->upgrades, upgrade);
  DO (spk_table_edit_chip (t, c, error));
}

static SpkChip *
unit (const char *id, SpkChipKind kind, const char *faction_id, const char *name,
      int cost, int movement, int health, int attack, int reward)
{
  SpkChip *c = spk_test_chip (id, kind, faction_id, name);

  c->cost = cost;
  c->movement = movement;
  c->health = c->max_health = health;
  c->attack = attack;
  c->reward = reward;
  c->starting = kind == SPK_CHIP_HERO && cost == 0;
  c->capacity = kind == SPK_CHIP_HERO ? 2 : 0;
  return c;
}

static SpkChip *
spire (const char *id, const char *faction_id, const char *name, int q, int r,
       const SpkUpgrade *ups, guint n, int capacity)
{
  SpkChip *c = spk_test_chip (id, SPK_CHIP_SPIRE, faction_id, name);

  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->capacity = capacity;
  g_array_append_vals (c->upgrades, ups, n);
  return c;
}

static void
play_wave_one (SpkTable *t)
{
  g_autoptr(GPtrArray) brawnen_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  g_autoptr(GPtrArray) grove_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  SpkChip *dispatch;
  g_autoptr(SpkChip) shrubbery = NULL;
  g_autoptr(SpkChip) bricks = NULL;
  g_autoptr(SpkChip) reetail = NULL;
  static const SpkUpgrade shrub_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_FORTIFICATION };
  static const SpkUpgrade brick_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_RANGE, SPK_UPGRADE_ATTACK };
  static const SpkUpgrade reetail_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_RANGE };

  /* Income Phase (the Event Phase is skipped in wave 1): 5 Source each. */
  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_INCOME);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 5);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 5);

  /* Market Phase: 3 market chips for 2 players. */
  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_MARKET);
  g_assert_cmpint (spk_table_get_market_count (t), ==, 3);
  DO (spk_table_buy_market_chip (t, "brawnen", "Brick and Mortars", 4, error));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 1);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Brawnen: Source 5 → 1 (bought Brick and Mortars)");
  DO (spk_table_buy_earthscape (t, "grovetenders", error));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 3);

  /* Build Phase: grovetenders lay the earthscape on the isle before their
   * gate (on top, one layer up), then buy Inner Oak 1 for 3 Source. */
  DO (spk_table_advance_phase (t, error));
  {
    static const struct { int q, r; SpkTerrain t; gboolean well; } scape[] = {
      { 5, 0, SPK_TERRAIN_PATH, FALSE },
      { 4, 0, SPK_TERRAIN_PATH, FALSE },
      { 4, 1, SPK_TERRAIN_WATER, TRUE },
    };
    g_autoptr(SpkEarthscape) piece = spk_earthscape_new ("earthscape-11");

    piece->layer = -1;
    for (guint i = 0; i < G_N_ELEMENTS (scape); i++)
      {
        SpkHexEntry *h = spk_hex_entry_new (scape[i].q, scape[i].r, scape[i].t, "earthscape-11");
        h->well = scape[i].well;
        g_ptr_array_add (piece->hexes, h);
      }
    DO (spk_table_place_earthscape (t, "grovetenders", piece, error));
    g_assert_cmpuint (faction (t, "grovetenders")->purchases->len, ==, 0);
    {
      const SpkHexEntry *top = g_ptr_array_index (spk_table_get_board (t)->hexes,
                                                  spk_table_get_board (t)->hexes->len - 1);
      g_assert_cmpstr (top->group, ==, "earthscape-11");
      g_assert_cmpint (top->layer, ==, 1);
    }
  }
  DO (spk_table_buy_advancement (t, "grovetenders", "Inner Oak", error));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 0);
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: Source 3 → 0 (bought Inner Oak 1 – Amplify)");

  /* Prep Phase: 5 CP each. Brawnen group dispatch over battleborn, Awsh
   * under them; grovetenders stack war briar, treed, Dywen. */
  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 5);
  dispatch = unit ("dispatch", SPK_CHIP_MINION, "brawnen", "Dispatch", 3, 2, 3, 1, 3);
  g_ptr_array_add (dispatch->grouped, g_strdup ("battleborn"));
  g_ptr_array_add (brawnen_stack, dispatch);
  g_ptr_array_add (brawnen_stack, unit ("battleborn", SPK_CHIP_MINION, "brawnen", "Battleborn", 2, 2, 3, 1, 2));
  g_ptr_array_add (brawnen_stack, unit ("awsh", SPK_CHIP_HERO, "brawnen", "Awsh", 0, 2, 3, 1, 3));
  DO (spk_table_set_deployment (t, "brawnen", brawnen_stack, error));
  g_ptr_array_add (grove_stack, unit ("war-briar", SPK_CHIP_MINION, "grovetenders", "War Briar", 2, 2, 3, 1, 1));
  g_ptr_array_add (grove_stack, unit ("treed", SPK_CHIP_MINION, "grovetenders", "Treed", 3, 2, 4, 1, 2));
  g_ptr_array_add (grove_stack, unit ("dywen", SPK_CHIP_HERO, "grovetenders", "Dywen", 0, 2, 2, 1, 3));
  DO (spk_table_set_deployment (t, "grovetenders", grove_stack, error));
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 0);
  g_assert_cmpint (faction (t, "grovetenders")->cp, ==, 0);
  g_assert_cmpuint (spk_board_find_deployment (spk_table_get_board (t), "brawnen")->stack->len, ==, 2);

  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);

  /* Round 1. Brawnen: the group and Awsh leave the gate; the cebysa is
   * explored and left face down. */
  spk_table_begin_group (t);
  move (t, "dispatch", -4, 0);
  move (t, "awsh", -5, 0);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders deploy, reveal the bounty hunter and the grail viper and
   * defeat the viper: a relic, and Dywen levels up. */
  spk_table_begin_group (t);
  move (t, "war-briar", 4, 0);
  move (t, "treed", 5, 0);
  move (t, "dywen", 3, 1);
  reveal (t, "swamp-east", 4);
  reveal (t, "ruins-east", 3);
  damage (t, "ruins-east", 1, "grovetenders");
  damage (t, "treed", 2, NULL);
  damage (t, "ruins-east", 1, "grovetenders");
  DO (spk_table_defeat_chip (t, "ruins-east", "grovetenders", error));
  DO (spk_table_add_relic (t, "grovetenders", "Resource Cache", "defeated Grail Viper", error));
  level_up (t, "dywen", SPK_UPGRADE_ATTACK, 0);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 2. Brawnen reveal the cebysa and wear it down to 1 health. */
  spk_table_begin_group (t);
  move (t, "dispatch", -2, 0);
  move (t, "awsh", -3, 0);
  reveal (t, "swamp-west", 4);
  damage (t, "swamp-west", 2, "brawnen");
  damage (t, "swamp-west", 1, "brawnen");
  g_assert_cmpint (chip (t, "swamp-west")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders reveal the Source peddler and leave it at 1 health. */
  spk_table_begin_group (t);
  move (t, "war-briar", 2, 0);
  move (t, "treed", 3, 0);
  move (t, "dywen", 1, -1);
  reveal (t, "swamp-far-east", 5);
  damage (t, "swamp-far-east", 2, "grovetenders");
  damage (t, "swamp-far-east", 1, "grovetenders");
  damage (t, "war-briar", 2, NULL);
  damage (t, "swamp-far-east", 1, "grovetenders");
  g_assert_cmpint (chip (t, "swamp-far-east")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 3. Brawnen: the roughneck is revealed; Awsh defeats the cebysa
   * (4 Source) and levels up. */
  spk_table_begin_group (t);
  move (t, "dispatch", 0, 0);
  reveal (t, "center", 5);
  damage (t, "center", 1, "brawnen");
  damage (t, "dispatch", 2, NULL);
  DO (spk_table_defeat_chip (t, "swamp-west", "brawnen", error));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 5);
  level_up (t, "awsh", SPK_UPGRADE_ATTACK, 0);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders defeat the roughneck, build the shrubbery on its well for
   * free, and defeat the peddler for 6 Source. */
  spk_table_begin_group (t);
  move (t, "war-briar", -1, 0);
  damage (t, "center", 1, "grovetenders");
  move (t, "treed", 4, 0);
  damage (t, "center", 2, "grovetenders");
  DO (spk_table_defeat_chip (t, "center", "grovetenders", error));
  shrubbery = spire ("shrubbery", "grovetenders", "Shrubbery", 0, -1, shrub_ups, 2, 3);
  DO (spk_table_build_spire (t, shrubbery, 0, TRUE, "reward for the roughneck", error));
  DO (spk_table_defeat_chip (t, "swamp-far-east", "grovetenders", error));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 4. Brawnen build the merc spire as a limited build; the
   * shrubbery defeats the dispatch (3 Source to grovetenders) and the
   * battleborn appears at full health; the hellion is revealed. */
  spk_table_begin_group (t);
  bricks = spire ("brick-and-mortars", "brawnen", "Brick and Mortars", -4, 1, brick_ups, 3, 4);
  DO (spk_table_build_spire (t, bricks, 0, FALSE, NULL, error));
  g_assert_cmpint (faction (t, "brawnen")->limited_builds, ==, 1);
  g_assert_cmpuint (faction (t, "brawnen")->purchases->len, ==, 0);
  move (t, "awsh", -2, 0);
  move (t, "dispatch", 1, 0);
  damage (t, "dispatch", 2, "grovetenders");
  g_assert_null (chip (t, "dispatch"));
  g_assert_cmpint (chip (t, "battleborn")->health, ==, 3);
  g_assert_true (chip (t, "battleborn")->placed);
  g_assert_cmpint (chip (t, "battleborn")->q, ==, 1);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 9);
  reveal (t, "ruins-center", 4);
  damage (t, "ruins-center", 3, "brawnen");
  damage (t, "awsh", 1, NULL);
  {
    guint steps = spk_table_get_history_length (t);
    /* A single damage never takes a bottom fortification: no change, no step. */
    damage (t, "shrubbery", 1, "brawnen");
    g_assert_cmpuint (spk_table_get_history_length (t), ==, steps);
    g_assert_cmpuint (chip (t, "shrubbery")->upgrades->len, ==, 2);
  }
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders build the reetail (5 of 9 Source) as a limited build;
   * Dywen brings the battleborn down to 1. */
  spk_table_begin_group (t);
  reetail = spire ("reetail", "grovetenders", "Reetail", 4, 1, reetail_ups, 2, 3);
  DO (spk_table_build_spire (t, reetail, 5, FALSE, NULL, error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: Source 9 → 4 (built Reetail, limited build 1 of 2)");
  move (t, "war-briar", -3, 0);
  move (t, "treed", 2, 0);
  damage (t, "battleborn", 2, "grovetenders");
  g_assert_cmpint (chip (t, "battleborn")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 5. Brawnen: Awsh defeats the war briar (1 Source) and is
   * promoted; the battleborn falls to Dywen's retaliation (2 Source). */
  spk_table_begin_group (t);
  move (t, "awsh", -4, 0);
  damage (t, "war-briar", 2, "brawnen");
  g_assert_null (chip (t, "war-briar"));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 6);
  level_up (t, "awsh", SPK_UPGRADE_ATTACK, 4);
  damage (t, "dywen", 1, NULL);
  damage (t, "battleborn", 2, "grovetenders");
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  level_up (t, "dywen", SPK_UPGRADE_ATTACK, 3);
  g_assert_cmpint (chip (t, "dywen")->health, ==, 2);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders: Dywen hits the bounty hunter; the treed falls to Awsh's
   * retaliation (2 Source) and Awsh levels up. The last minion is gone,
   * so the same step ends the wave (W-3): limited builds reset, first
   * player passes left. */
  spk_table_begin_group (t);
  move (t, "treed", -3, 0);
  move (t, "dywen", 3, 1);
  damage (t, "swamp-east", 1, "grovetenders");
  damage (t, "awsh", 1, NULL);
  damage (t, "treed", 2, "brawnen");
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
  level_up (t, "awsh", SPK_UPGRADE_ATTACK, 0);
  spk_table_end_group (t);
}

static void
assert_end_of_wave_one (SpkTable *t)
{
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 8);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  g_assert_cmpuint (faction (t, "grovetenders")->relics->len, ==, 1);
  g_assert_cmpuint (faction (t, "brawnen")->relics->len, ==, 0);
  g_assert_cmpint (faction (t, "brawnen")->gate_health, ==, 10);
  g_assert_cmpint (faction (t, "grovetenders")->gate_health, ==, 10);
  g_assert_cmpint (faction (t, "brawnen")->limited_builds, ==, 0);
  g_assert_cmpint (faction (t, "grovetenders")->limited_builds, ==, 0);
  g_assert_cmpstr (spk_table_get_first_player (t), ==, "grovetenders");
  g_assert_cmpint (spk_table_get_wave (t), ==, 1);
}

static void
test_walkthrough (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(SpkFactionModel) grove = g_list_model_get_item (spk_table_get_factions (t), 1);

  play_wave_one (t);
  assert_end_of_wave_one (t);
  /* The GObject view shows the same. */
  g_assert_cmpint (spk_faction_model_get_source (grove), ==, 6);
  g_assert_cmpint (spk_faction_model_get_advancements (grove), ==, 1);
}

/* The whole wave undone turn by turn brings back the set-up table, and
 * redone brings back the end of the wave, byte for byte. */
static void
test_walkthrough_undo_redo (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *end = NULL;
  g_autofree char *back = NULL;
  g_autofree char *again = NULL;
  guint undos = 0;

  play_wave_one (t);
  end = spk_table_to_table_data (t, NULL);
  while (spk_table_can_undo (t))
    {
      DO (spk_table_undo (t, error));
      undos++;
    }
  back = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (back, ==, start);
  /* One undo per phase step and purchase, one per player turn. */
  g_assert_cmpuint (undos, <, spk_table_get_history_length (t));
  while (spk_table_can_redo (t))
    DO (spk_table_redo (t, error));
  again = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (again, ==, end);
  assert_end_of_wave_one (t);
}

/* Saved with its history and opened again, the wave can still be undone. */
static void
test_walkthrough_saved (void)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *data = NULL;
  g_autofree char *back = NULL;
  g_autoptr(SpkTable) loaded = NULL;
  g_autoptr(GError) load_error = NULL;
  g_autofree char *again = NULL;

  play_wave_one (t);
  data = spk_table_to_data (t, NULL);
  loaded = spk_table_new_from_data (data, -1, &load_error);
  g_assert_no_error (load_error);
  assert_end_of_wave_one (loaded);
  g_assert_cmpuint (spk_table_get_history_length (loaded), ==, spk_table_get_history_length (t));
  g_assert_cmpuint (g_list_model_get_n_items (spk_table_get_log (loaded)), ==,
                    spk_table_get_history_length (t));
  again = spk_table_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
  while (spk_table_can_undo (loaded))
    DO (spk_table_undo (loaded, error));
  back = spk_table_to_table_data (loaded, NULL);
  g_assert_cmpstr (back, ==, start);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/walkthrough/wave-one", test_walkthrough);
  g_test_add_func ("/walkthrough/undo-redo", test_walkthrough_undo_redo);
  g_test_add_func ("/walkthrough/saved", test_walkthrough_saved);
  return g_test_run ();
}
