/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rulebook's first-wave walkthrough (2 players, brawnen against
 * grovetenders), replayed through the model's actions. Only what the
 * players do is typed in: purchases, builds, deployments, each unit's
 * movement (checked by the movement engine), the landmarks explored, the
 * spire's dice, and each attack with the choices the rules leave to them.
 * Damage, retaliation, defeats, rewards, level-ups, moved marks and the
 * end of the wave are worked out by the model. At the end of the wave the
 * rulebook states: brawnen 8 Source; grovetenders 6 Source and a relic;
 * both gates at 10.
 *
 * The map is ours, not the rulebook's picture: the path leaves each gate,
 * forks into a northern and a southern lane of equal length and joins
 * again (brawnen's minions take the southern lane, grovetenders' the
 * northern one, so the minions pass each other as they do in the
 * rulebook), with the landmarks between and beside the lanes. Where the
 * map puts a unit a hex away from the rulebook's, the comment says so; the
 * attacks and their numbers are the rulebook's.
 *
 *   gates (-6, 0) brawnen, (6, 0) grovetenders
 *   path  (-5,0) (-4,0) (-3,0) | north (-2,-1)..(2,-1) | south (-3,1)
 *         (-2,1) (-1,1) (0,1) (1,0) | (2,0) (3,0) (4,0) (5,0) */
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
hex (SpkBoard *b, int q, int r, SpkTerrain t, const char *group, gboolean well)
{
  SpkHexEntry *e = spk_hex_entry_new (q, r, t, group);

  e->well = well;
  g_ptr_array_add (b->hexes, e);
}

/* A landmark where the rulebook's layout puts one, face down, with what
 * is printed under it. */
static void
landmark (SpkBoard *b, const char *id, int q, int r, int reward, gboolean spire, gboolean relic)
{
  SpkChip *c = spk_board_find_chip (b, id);

  c->q = q;
  c->r = r;
  c->reward = reward;
  c->spire_reward = spire;
  c->relic_reward = relic;
}

static SpkBoard *
rulebook_board (void)
{
  SpkBoard *b = spk_test_table_walkthrough_board ();
  static const struct { int q, r; SpkTerrain t; const char *group; gboolean well; } hexes[] = {
    /* Brawnen's side. */
    { -5, 0, SPK_TERRAIN_PATH, "isle-2", FALSE }, { -4, 0, SPK_TERRAIN_PATH, "isle-2", FALSE },
    { -3, 0, SPK_TERRAIN_PATH, "isle-2", FALSE }, { -5, 1, SPK_TERRAIN_PLAINS, "isle-2", FALSE },
    { -4, 1, SPK_TERRAIN_PLAINS, "isle-2", TRUE }, { -4, -1, SPK_TERRAIN_PLAINS, "isle-2", TRUE },
    { -3, -1, SPK_TERRAIN_PLAINS, "isle-2", TRUE }, { -2, 0, SPK_TERRAIN_PLAINS, "isle-2", FALSE },
    /* The northern lane. */
    { -2, -1, SPK_TERRAIN_PATH, "isle-2", FALSE }, { -1, -1, SPK_TERRAIN_PATH, "isle-1", FALSE },
    { 0, -1, SPK_TERRAIN_PATH, "isle-1", FALSE }, { 1, -1, SPK_TERRAIN_PATH, "isle-1", FALSE },
    { 2, -1, SPK_TERRAIN_PATH, "isle-5", FALSE },
    /* The southern lane, bending round the center well. */
    { -3, 1, SPK_TERRAIN_PATH, "isle-2", FALSE }, { -2, 1, SPK_TERRAIN_PATH, "isle-2", FALSE },
    { -1, 1, SPK_TERRAIN_PATH, "isle-1", FALSE }, { 0, 1, SPK_TERRAIN_PATH, "isle-1", FALSE },
    { 1, 0, SPK_TERRAIN_PATH, "isle-1", FALSE },
    /* Between the lanes. */
    { -1, 0, SPK_TERRAIN_PLAINS, "isle-1", FALSE }, { 0, 0, SPK_TERRAIN_PLAINS, "isle-1", TRUE },
    /* Grovetenders' side. */
    { 2, 0, SPK_TERRAIN_PATH, "isle-5", FALSE }, { 3, 0, SPK_TERRAIN_PATH, "isle-5", FALSE },
    { 4, 0, SPK_TERRAIN_PATH, "isle-5", FALSE }, { 5, 0, SPK_TERRAIN_PATH, "isle-5", FALSE },
    { 3, -1, SPK_TERRAIN_PLAINS, "isle-5", TRUE }, { 4, -1, SPK_TERRAIN_PLAINS, "isle-5", FALSE },
    { 5, -1, SPK_TERRAIN_PLAINS, "isle-5", TRUE }, { 4, 1, SPK_TERRAIN_PLAINS, "isle-5", TRUE },
    { 5, 1, SPK_TERRAIN_FOREST, "isle-5", FALSE }, { 6, 1, SPK_TERRAIN_WATER, "isle-5", TRUE },
  };

  g_ptr_array_set_size (b->hexes, 0);
  for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
    hex (b, hexes[i].q, hexes[i].r, hexes[i].t, hexes[i].group, hexes[i].well);
  landmark (b, "swamp-west", -4, 1, 4, FALSE, FALSE);     /* cebysa */
  landmark (b, "temple-west", -4, -1, 0, FALSE, FALSE);   /* gateport, never revealed */
  landmark (b, "center", 0, 0, 0, TRUE, FALSE);           /* traxxyr roughneck */
  landmark (b, "ruins-center", -3, -1, 0, FALSE, FALSE);  /* traxxyr hellion */
  landmark (b, "swamp-east", 5, -1, 0, FALSE, FALSE);     /* bounty hunter */
  landmark (b, "ruins-east", 4, 1, 0, FALSE, TRUE);       /* grail viper */
  landmark (b, "swamp-far-east", 3, -1, 6, FALSE, FALSE); /* Source peddler */
  return b;
}

/* A unit moves: the model checks the hex against the movement engine. */
static void
move (SpkTable *t, const char *id, int q, int r)
{
  DO (spk_table_move_unit (t, id, q, r, error));
  g_assert_true (chip (t, id)->moved);
}

/* A landmark explored and turned face up: a landmark minion with its
 * health chips and its attack stat. */
static void
reveal (SpkTable *t, const char *id, int health, int attack)
{
  g_autoptr(SpkChip) c = spk_chip_copy (chip (t, id));

  c->revealed = TRUE;
  c->landmark_minion = TRUE;
  c->health = c->max_health = health;
  c->attack = attack;
  DO (spk_table_edit_chip (t, c, error));
}

static void
attack (SpkTable *t, const char *attacker, const char *target, const SpkAttackChoices *choices)
{
  DO (spk_table_attack (t, attacker, target, choices, error));
  g_assert_true (chip (t, attacker) == NULL || chip (t, attacker)->attacked);
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
  c->capacity = kind == SPK_CHIP_HERO ? 1 : 0;
  return c;
}

/* A starting hero with its terrain allowance and the stats of its
 * promoted side. */
static SpkChip *
hero (const char *id, const char *faction_id, const char *name, int health, SpkTerrain allowance,
      int promoted_health, int promoted_attack)
{
  SpkChip *c = unit (id, SPK_CHIP_HERO, faction_id, name, 0, 2, health, 1, 3);

  c->allowance = allowance;
  c->has_promoted_side = TRUE;
  c->promoted_side = (SpkChipSide) { .movement = 2, .allowance = allowance, .health = promoted_health,
                                     .attack = promoted_attack, .capacity = 1 };
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
  SpkChip *dispatch, *awsh, *dywen;
  g_autoptr(SpkChip) shrubbery = NULL;
  g_autoptr(SpkChip) bricks = NULL;
  g_autoptr(SpkChip) reetail = NULL;
  static const SpkUpgrade shrub_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_FORTIFICATION };
  static const SpkUpgrade brick_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_RANGE, SPK_UPGRADE_ATTACK };
  static const SpkUpgrade reetail_ups[] = { SPK_UPGRADE_ATTACK, SPK_UPGRADE_RANGE };
  /* The engine applies Awsh's Hunter (+1 against landmarks, R-talent-3);
   * talents it leaves to the players are entered as their effect
   * (R-attack-13): the grail viper's Relentless retaliation rolls 4,
   * which the treed's Tough halves. */
  static const SpkAttackChoices hunter = { 0 };
  static const SpkAttackChoices relentless = { .set_retaliation = TRUE, .retaliation_damage = 2,
                                               .modifier_reason = "Relentless, Tough" };
  static const SpkAttackChoices level_attack = { .level_up = SPK_LEVEL_UP_ATTACK };
  static const SpkAttackChoices promote = { .level_up = SPK_LEVEL_UP_PROMOTE };
  SpkAttackChoices viper_falls = { .relic = "Resource Cache", .relic_choice = SPK_RELIC_KEEP,
                                   .level_up = SPK_LEVEL_UP_ATTACK };
  SpkAttackChoices cebysa_falls = { .level_up = SPK_LEVEL_UP_ATTACK };
  SpkAttackChoices roughneck_falls = { 0 };

  /* Income Phase (the Event Phase is skipped in wave 1): 5 Source each. */
  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_INCOME);
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 5);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 5);

  /* Market Phase: 3 market chips for 2 players; the first player buys
   * first. */
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
      { 4, -1, SPK_TERRAIN_WATER, TRUE },
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

  /* Prep Phase: 5 CP each. Brawnen group the dispatch over the
   * battleborn, Awsh under them; grovetenders stack the war briar, the
   * treed, Dywen. */
  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 5);
  dispatch = unit ("dispatch", SPK_CHIP_MINION, "brawnen", "Dispatch", 3, 2, 3, 1, 3);
  g_ptr_array_add (dispatch->talents, g_strdup ("2 Range"));
  g_ptr_array_add (dispatch->grouped, g_strdup ("battleborn"));
  g_ptr_array_add (brawnen_stack, dispatch);
  g_ptr_array_add (brawnen_stack, unit ("battleborn", SPK_CHIP_MINION, "brawnen", "Battleborn", 2, 2, 3, 1, 2));
  awsh = hero ("awsh", "brawnen", "Awsh", 3, SPK_TERRAIN_PLAINS, 4, 2);
  g_ptr_array_add (awsh->talents, g_strdup ("Hunter"));
  g_ptr_array_add (brawnen_stack, awsh);
  DO (spk_table_set_deployment (t, "brawnen", brawnen_stack, error));
  g_ptr_array_add (grove_stack, unit ("war-briar", SPK_CHIP_MINION, "grovetenders", "War Briar", 2, 2, 3, 1, 1));
  g_ptr_array_add (grove_stack, unit ("treed", SPK_CHIP_MINION, "grovetenders", "Treed", 3, 2, 4, 1, 2));
  dywen = hero ("dywen", "grovetenders", "Dywen", 2, SPK_TERRAIN_FOREST, 3, 1);
  g_ptr_array_add (dywen->talents, g_strdup ("2 Range"));
  g_ptr_array_add (grove_stack, dywen);
  DO (spk_table_set_deployment (t, "grovetenders", grove_stack, error));
  g_assert_cmpint (faction (t, "brawnen")->cp, ==, 0);
  g_assert_cmpint (faction (t, "grovetenders")->cp, ==, 0);
  g_assert_cmpuint (spk_board_find_deployment (spk_table_get_board (t), "brawnen")->stack->len, ==, 2);

  DO (spk_table_advance_phase (t, error));
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_ONSLAUGHT);

  /* Round 1. Brawnen: the group and Awsh leave the gate; Awsh explores
   * the swamp and leaves it face down. */
  spk_table_begin_group (t);
  move (t, "dispatch", -4, 0);
  move (t, "awsh", -5, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders: the treed stops behind the war briar, Dywen steps onto
   * the forest. The bounty hunter and the grail viper are revealed; the
   * treed, the war briar and Dywen attack the viper in that order: it
   * strikes back once, at the treed; Dywen's blow defeats it, the relic is
   * kept and Dywen takes an attack upgrade. */
  spk_table_begin_group (t);
  move (t, "war-briar", 4, 0);
  move (t, "treed", 5, 0);
  move (t, "dywen", 5, 1);
  reveal (t, "swamp-east", 4, 1);
  reveal (t, "ruins-east", 3, 0);
  attack (t, "treed", "ruins-east", &relentless);
  g_assert_cmpint (chip (t, "treed")->health, ==, 2);
  g_assert_cmpint (chip (t, "ruins-east")->health, ==, 2);
  attack (t, "war-briar", "ruins-east", NULL);
  g_assert_cmpint (chip (t, "war-briar")->health, ==, 3);
  attack (t, "dywen", "ruins-east", &viper_falls);
  g_assert_null (chip (t, "ruins-east"));
  g_assert_cmpuint (faction (t, "grovetenders")->relics->len, ==, 1);
  g_assert_cmpuint (chip (t, "dywen")->upgrades->len, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 2. Brawnen reveal the cebysa: Awsh (Hunter) and the dispatch
   * (2 Range) wear it down to 1 health; it has no attack to strike back. */
  spk_table_begin_group (t);
  move (t, "dispatch", -3, 1);
  move (t, "awsh", -4, 0);
  reveal (t, "swamp-west", 4, 0);
  attack (t, "awsh", "swamp-west", &hunter);
  attack (t, "dispatch", "swamp-west", NULL);
  g_assert_cmpint (chip (t, "swamp-west")->health, ==, 1);
  g_assert_cmpint (chip (t, "awsh")->health, ==, 3);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders reveal the Source peddler: Dywen hits it from 2 hexes
   * (no retaliation), the war briar takes its retaliation of 2, the treed
   * hits it with none left; it stands at 1 health. */
  spk_table_begin_group (t);
  move (t, "war-briar", 2, 0);
  move (t, "treed", 3, 0);
  move (t, "dywen", 4, 0);
  reveal (t, "swamp-far-east", 5, 2);
  attack (t, "dywen", "swamp-far-east", NULL);
  g_assert_cmpint (chip (t, "dywen")->health, ==, 2);
  attack (t, "war-briar", "swamp-far-east", NULL);
  g_assert_cmpint (chip (t, "war-briar")->health, ==, 1);
  attack (t, "treed", "swamp-far-east", NULL);
  g_assert_cmpint (chip (t, "treed")->health, ==, 2);
  g_assert_cmpint (chip (t, "swamp-far-east")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 3. Brawnen: the dispatch reaches the center and the roughneck
   * is revealed; Awsh stays and defeats the cebysa (4 Source) and takes an
   * attack upgrade; the dispatch must attack the roughneck and takes 2
   * back. */
  spk_table_begin_group (t);
  move (t, "dispatch", -1, 1);
  reveal (t, "center", 5, 2);
  attack (t, "awsh", "swamp-west", &cebysa_falls);
  g_assert_null (chip (t, "swamp-west"));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 5);
  g_assert_cmpuint (chip (t, "awsh")->upgrades->len, ==, 1);
  attack (t, "dispatch", "center", NULL);
  g_assert_cmpint (chip (t, "center")->health, ==, 4);
  g_assert_cmpint (chip (t, "dispatch")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders: the war briar ends beside the roughneck and Impale (a
   * talent, no attack) deals it 1; the treed stays by the peddler; Dywen
   * hits the roughneck from 2 hexes, the war briar defeats it and the
   * shrubbery is built on its well for free; the treed defeats the peddler
   * for 6 Source. */
  spk_table_begin_group (t);
  move (t, "war-briar", 1, -1);
  DO (spk_table_damage_chip (t, "center", 1, "grovetenders", error));
  move (t, "treed", 2, -1);
  move (t, "dywen", 2, 0);
  attack (t, "dywen", "center", NULL);
  g_assert_cmpint (chip (t, "center")->health, ==, 1);
  shrubbery = spire ("shrubbery", "grovetenders", "Shrubbery", 0, 0, shrub_ups, 2, 3);
  roughneck_falls.spire = shrubbery;
  attack (t, "war-briar", "center", &roughneck_falls);
  g_assert_null (chip (t, "center"));
  g_assert_cmpint (chip (t, "shrubbery")->q, ==, 0);
  g_assert_cmpint (chip (t, "shrubbery")->r, ==, 0);
  attack (t, "treed", "swamp-far-east", NULL);
  g_assert_null (chip (t, "swamp-far-east"));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 4. Brawnen build the merc spire on the cebysa's well as a
   * limited build; Awsh steps next to the ruins; the dispatch goes on
   * within the shrubbery's reach, which rolls 2: the dispatch falls (3
   * Source to grovetenders) and the battleborn appears at full health.
   * The hellion is revealed: Awsh (Hunter) deals it 3 and takes 1 back;
   * the battleborn attacks the shrubbery, whose fortification holds. */
  spk_table_begin_group (t);
  bricks = spire ("brick-and-mortars", "brawnen", "Brick and Mortars", -4, 1, brick_ups, 3, 4);
  DO (spk_table_build_spire (t, bricks, 0, FALSE, NULL, error));
  g_assert_cmpint (faction (t, "brawnen")->limited_builds, ==, 1);
  g_assert_cmpuint (faction (t, "brawnen")->purchases->len, ==, 0);
  move (t, "awsh", -3, 0);
  move (t, "dispatch", 1, 0);
  DO (spk_table_damage_chip (t, "dispatch", 2, "grovetenders", error));
  g_assert_null (chip (t, "dispatch"));
  g_assert_cmpint (chip (t, "battleborn")->health, ==, 3);
  g_assert_true (chip (t, "battleborn")->placed);
  g_assert_cmpint (chip (t, "battleborn")->q, ==, 1);
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 9);
  reveal (t, "ruins-center", 4, 1);
  attack (t, "awsh", "ruins-center", &hunter);
  g_assert_cmpint (chip (t, "ruins-center")->health, ==, 1);
  g_assert_cmpint (chip (t, "awsh")->health, ==, 2);
  attack (t, "battleborn", "shrubbery", NULL);
  g_assert_cmpuint (chip (t, "shrubbery")->upgrades->len, ==, 2);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders build the reetail (5 of 9 Source) as a limited build on
   * the water well by their gate; the minions walk the northern lane with
   * nothing to attack; Dywen takes a hex 2 away from the battleborn (the
   * rulebook's Dywen stands there already) and brings it down to 1. */
  spk_table_begin_group (t);
  reetail = spire ("reetail", "grovetenders", "Reetail", 6, 1, reetail_ups, 2, 3);
  DO (spk_table_build_spire (t, reetail, 5, FALSE, NULL, error));
  g_assert_cmpstr (spk_table_get_undo_label (t), ==,
                   "Grovetenders: Source 9 → 4 (built Reetail, limited build 1 of 2)");
  move (t, "war-briar", -1, -1);
  move (t, "treed", 0, -1);
  move (t, "dywen", 3, 0);
  attack (t, "dywen", "battleborn", NULL);
  g_assert_cmpint (chip (t, "battleborn")->health, ==, 1);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);

  /* Round 5. Brawnen: Awsh steps next to the war briar and defeats it (1
   * Source), and is promoted; the battleborn walks up to Dywen, out of
   * every spire's reach, hits her for 1 and falls to her retaliation of 2
   * (2 Source to grovetenders); Dywen is promoted and stands at 2. */
  spk_table_begin_group (t);
  move (t, "awsh", -2, 0);
  move (t, "battleborn", 2, 0);
  attack (t, "awsh", "war-briar", &promote);
  g_assert_null (chip (t, "war-briar"));
  g_assert_cmpint (faction (t, "brawnen")->source, ==, 6);
  g_assert_true (chip (t, "awsh")->promoted);
  g_assert_cmpuint (chip (t, "awsh")->upgrades->len, ==, 0);
  g_assert_cmpint (chip (t, "awsh")->health, ==, 3);
  attack (t, "battleborn", "dywen", &promote);
  g_assert_null (chip (t, "battleborn"));
  g_assert_cmpint (faction (t, "grovetenders")->source, ==, 6);
  g_assert_true (chip (t, "dywen")->promoted);
  g_assert_cmpint (chip (t, "dywen")->health, ==, 2);
  DO (spk_table_end_turn (t, error));
  spk_table_end_group (t);
  /* Grovetenders: the treed's only move puts it next to Awsh; Dywen hits
   * the bounty hunter from 2 hexes (the rulebook's Dywen walks back to a
   * plains hex first; ours is in reach already); the treed hits Awsh for 1
   * and falls to his retaliation of 2 (2 Source to brawnen); Awsh takes an
   * attack upgrade. No minion is left: the wave ends in that step. */
  spk_table_begin_group (t);
  move (t, "treed", -2, -1);
  attack (t, "dywen", "swamp-east", NULL);
  g_assert_cmpint (chip (t, "swamp-east")->health, ==, 3);
  attack (t, "treed", "awsh", &level_attack);
  g_assert_null (chip (t, "treed"));
  g_assert_cmpint (chip (t, "awsh")->health, ==, 2);
  g_assert_cmpuint (chip (t, "awsh")->upgrades->len, ==, 1);
  spk_table_end_group (t);
  g_assert_cmpint (spk_table_get_phase (t), ==, SPK_PHASE_END_OF_WAVE);
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
  g_autoptr(SpkTable) t = spk_table_new (rulebook_board ());
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
  g_autoptr(SpkTable) t = spk_table_new (rulebook_board ());
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
  g_autoptr(SpkTable) t = spk_table_new (rulebook_board ());
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
