/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Talents the engine applies (issue 14), each on a board built for it.
 * Each test names what it rests on: a glossary entry (data/glossary, our
 * words for the reference sheet), RR = Rules Reference entry, R-talent-N =
 * docs/rulings.md. docs/talents.md lists every talent with its test. The
 * attack boards are spk_ta_line_board (spk-test-attack.h). */
#include "config.h"

#include <string.h>

#include "spk-attack.h"
#include "spk-movement.h"
#include "spk-spire.h"
#include "spk-talent.h"
#include "spk-test-attack.h"
#include "spk-test-builder.h"

static SpkChip *
unit (SpkBoard *b, const char *id, SpkChipKind kind, const char *faction, int q, int health,
      int attack, const char *talent)
{
  SpkChip *c = spk_ta_unit (b, id, kind, faction, q, health, attack);

  if (talent != NULL)
    spk_tb_talent (c, talent);
  return c;
}

static SpkChip *
landmark (SpkBoard *b, const char *id, int q, int health, const char *talent)
{
  SpkChip *l = unit (b, id, SPK_CHIP_LANDMARK, NULL, q, health, 0, talent);

  l->revealed = TRUE;
  return l;
}

/* Checks the targets of @attacker on @b. */
static SpkAttackOptions *
options (const SpkBoard *b, const char *attacker, const char *expected)
{
  g_autoptr(GError) error = NULL;
  SpkAttackOptions *o = spk_attack_options (b, attacker, &error);
  g_autofree char *list = NULL;

  g_assert_no_error (error);
  list = spk_ta_target_list (o);
  g_assert_cmpstr (list, ==, expected);
  return o;
}

/* Glossary Engage; R-talent-2: a unit able to attack an Engage chip may
 * attack nothing else, not even a gate. */
static void
test_engage_forces_target (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;

  spk_tb_hexes (b, "isle", 0, "5,1,p");
  unit (b, "rm", SPK_CHIP_MINION, "red", 5, 2, 1, NULL);
  unit (b, "be", SPK_CHIP_MINION, "blue", 4, 3, 1, "Engage");
  unit (b, "bm", SPK_CHIP_MINION, "blue", 5, 2, 1, NULL)->r = 1;
  o = options (b, "rm", "be");
  g_assert_true (o->must_attack);
  g_assert_cmpstr (spk_ta_refusal (o, "bm")->why_not, ==, "Engage: be can be attacked, so it must be attacked");
  g_assert_cmpstr (spk_ta_refusal (o, "gate:blue")->why_not, ==, "Engage: be can be attacked, so it must be attacked");
  /* The resolver refuses the same attack, and nothing changes. */
  g_assert_null (spk_attack_resolve (b, "rm", "bm", NULL, &error));
  g_assert_error (error, SPK_ATTACK_ERROR, SPK_ATTACK_ERROR_NOT_A_TARGET);
  g_assert_false (spk_board_find_chip (b, "rm")->attacked);
  g_clear_error (&error);
  r = spk_attack_resolve (b, "rm", "be", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spk_board_find_chip (b, "be")->health, ==, 2);
}

/* Glossary Engage; R-talent-2: an Engage chip the unit cannot attack (out
 * of reach, or Flying) binds nothing. */
static void
test_engage_only_when_able (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) far = NULL;
  g_autoptr(SpkAttackOptions) flying = NULL;
  SpkChip *fl;

  unit (b, "rm", SPK_CHIP_MINION, "red", 0, 2, 1, NULL);
  unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1, NULL);
  unit (b, "be", SPK_CHIP_MINION, "blue", 2, 3, 1, "Engage");
  far = options (b, "rm", "bm");
  g_assert_cmpstr (spk_ta_refusal (far, "be")->why_not, ==, "not adjacent (2 hexes away, range 1)");

  fl = unit (b, "bf", SPK_CHIP_MINION, "blue", -1, 3, 1, "Engage");
  spk_tb_talent (fl, "Flying");
  flying = options (b, "rm", "bm");
  g_assert_cmpstr (spk_ta_refusal (flying, "bf")->why_not, ==,
                   "Flying: only units with Flying or Air Defense may attack it");
}

/* Glossary Engage; rulebook walkthrough (a landmark minion with Engage must
 * be attacked by the hero next to it); R-talent-2: heroes are bound too,
 * so the hero must attack. */
static void
test_engage_binds_heroes (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  SpkChip *l;

  unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1, NULL);
  unit (b, "bm", SPK_CHIP_MINION, "blue", -1, 2, 1, NULL);
  l = landmark (b, "roughneck", 1, 4, "Engage");
  l->landmark_minion = TRUE;
  o = options (b, "rh", "roughneck");
  g_assert_true (o->can_attack);
  g_assert_true (o->must_attack);
  g_assert_cmpstr (spk_ta_refusal (o, "bm")->why_not, ==,
                   "Engage: roughneck can be attacked, so it must be attacked");
}

/* Glossary Challenge; R-talent-1: an opposing hero 3 hexes or closer may
 * attack only the challenger, even when the challenger is out of its
 * reach; minions are not bound, nor heroes further away. */
static void
test_challenge (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) hero = NULL;
  g_autoptr(SpkAttackOptions) minion = NULL;
  g_autoptr(SpkAttackOptions) ranged = NULL;
  g_autoptr(SpkAttackOptions) further = NULL;
  SpkChip *rh = unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1, NULL);

  unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1, NULL);
  unit (b, "ch", SPK_CHIP_MINION, "blue", 3, 2, 1, "Challenge");
  unit (b, "rm", SPK_CHIP_MINION, "red", 2, 2, 1, NULL);
  hero = options (b, "rh", "");
  g_assert_false (hero->can_attack);
  g_assert_false (hero->must_attack);
  g_assert_cmpstr (spk_ta_refusal (hero, "bm")->why_not, ==,
                   "Challenge: ch is 3 hexes or closer, so this hero may attack only it");
  minion = options (b, "rm", "bm ch");
  g_assert_true (minion->must_attack);

  /* With the reach to strike it, the hero may attack the challenger. */
  spk_tb_talent (rh, "3 Range");
  ranged = options (b, "rh", "ch");
  g_assert_false (ranged->must_attack);

  /* Four hexes away, Challenge no longer binds. */
  rh->q = -1;
  g_ptr_array_set_size (rh->talents, 0);
  further = options (b, "rh", "");
  g_assert_cmpstr (spk_ta_refusal (further, "bm")->why_not, ==, "not adjacent (2 hexes away, range 1)");
}

/* R-talent-1: where Challenge and Engage pull apart, Challenge wins: the
 * hero may attack only the challenger, so it is not able to attack the
 * Engage chip and owes it nothing. */
static void
test_challenge_over_engage (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;

  unit (b, "rh", SPK_CHIP_HERO, "red", 0, 3, 1, "2 Range");
  unit (b, "be", SPK_CHIP_MINION, "blue", 1, 2, 1, "Engage");
  unit (b, "ch", SPK_CHIP_MINION, "blue", 2, 2, 1, "Challenge");
  o = options (b, "rh", "ch");
  g_assert_false (o->must_attack);
  g_assert_cmpstr (spk_ta_refusal (o, "be")->why_not, ==,
                   "Challenge: ch is 3 hexes or closer, so this hero may attack only it");
}

/* Glossary Hunter; rulebook walkthrough (Awsh deals 2 to the cebyssa with
 * an attack of 1): +1 against landmarks only. */
static void
test_hunter (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;

  unit (b, "awsh", SPK_CHIP_HERO, "red", 0, 3, 1, "Hunter");
  landmark (b, "cebyssa", 1, 3, NULL);
  unit (b, "bm", SPK_CHIP_MINION, "blue", -1, 3, 1, NULL);
  o = options (b, "awsh", "cebyssa bm");
  g_assert_cmpint (spk_ta_outcome (o, "cebyssa")->damage, ==, 2);
  g_assert_cmpint (spk_ta_outcome (o, "bm")->damage, ==, 1);
  r = spk_attack_resolve (b, "awsh", "cebyssa", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->damage, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (r->results, 0), ==, "Hunter: +1 damage against a landmark: 2");
  g_assert_cmpint (spk_board_find_chip (b, "cebyssa")->health, ==, 1);
}

/* Glossary Spire Shot; R-talent-5: on a friendly spire the hero reaches 1
 * further (attack and retaliation) and the spire does not fire. */
static void
test_spire_shot_reach (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) on = NULL;
  g_autoptr(SpkAttackOptions) off = NULL;
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;
  SpkChip *h = unit (b, "dywen", SPK_CHIP_HERO, "red", 0, 3, 1, "Spire Shot");

  spk_tb_chip (b, "spire", SPK_CHIP_SPIRE, "red", 0, 0, "attack");
  unit (b, "bm", SPK_CHIP_MINION, "blue", 2, 2, 1, "2 Range");
  on = options (b, "dywen", "bm");
  g_assert_cmpint (on->range, ==, 2);
  g_assert_true (spk_talent_spire_shot (b, h) == spk_board_find_chip (b, "spire"));

  /* An opposing unit 2 hexes away that attacks it takes its retaliation. */
  r = spk_attack_resolve (b, "bm", "dywen", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->retaliation, ==, 1);

  /* The resolver replaced the board's chips. */
  h = spk_board_find_chip (b, "dywen");
  h->q = -1;
  off = options (b, "dywen", "");
  g_assert_cmpint (off->range, ==, 1);
  g_assert_null (spk_talent_spire_shot (b, h));
}

static guint
firing (const SpkBoard *b, const char *faction)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) fires = spk_spires_fire (b, faction, &error);

  g_assert_no_error (error);
  return fires->len;
}

/* Glossary Spire Shot; R-talent-5: the spire beneath the hero is inactive;
 * an opposing hero with Spire Shot changes nothing. */
static void
test_spire_shot_spire_inactive (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  SpkChip *h;

  spk_tb_chip (b, "spire", SPK_CHIP_SPIRE, "red", 0, 0, "attack");
  unit (b, "bm", SPK_CHIP_MINION, "blue", 1, 2, 1, NULL);
  g_assert_cmpuint (firing (b, "blue"), ==, 1);
  h = unit (b, "dywen", SPK_CHIP_HERO, "red", 0, 3, 1, "Spire Shot");
  g_assert_cmpuint (firing (b, "blue"), ==, 0);
  g_assert_true (spk_spire_shot_inactive (b, spk_board_find_chip (b, "spire")));
  g_free (h->faction);
  h->faction = g_strdup ("blue");
  g_assert_cmpuint (firing (b, "blue"), ==, 1);
  g_assert_null (spk_talent_spire_shot (b, h));
}

/* Glossary Flying; RR Attack: a Flying attacker may target a Flying unit,
 * and a plain unit it attacks still retaliates on it. */
static void
test_flying_attacks_flying (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkAttackOptions) o = NULL;
  g_autoptr(SpkAttackOutcome) r = NULL;
  g_autoptr(GError) error = NULL;

  unit (b, "rf", SPK_CHIP_MINION, "red", 0, 3, 1, "Flying");
  unit (b, "bf", SPK_CHIP_MINION, "blue", 1, 2, 1, "Flying");
  unit (b, "bm", SPK_CHIP_MINION, "blue", -1, 2, 1, NULL);
  o = options (b, "rf", "bf bm");
  r = spk_attack_resolve (b, "rf", "bm", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (r->retaliation, ==, 1);
  g_assert_cmpint (spk_board_find_chip (b, "rf")->health, ==, 2);
}

static SpkMoveResult *
moves (const SpkBoard *b, const char *id)
{
  g_autoptr(GError) error = NULL;
  SpkMoveResult *res = spk_movement_moves (b, NULL, id, &error);

  g_assert_no_error (error);
  return res;
}

static gboolean
explains (const SpkMoveResult *res, const char *sentence)
{
  for (guint i = 0; i < res->explanation->len; i++)
    if (g_str_equal (g_ptr_array_index (res->explanation, i), sentence))
      return TRUE;
  return FALSE;
}

static gboolean
reaches (const SpkMoveResult *res, int q)
{
  return spk_move_result_find (res, spk_hex_make (q, 0)) != NULL;
}

/* Glossary Spire Shot; R-talent-5: the hero may end its move on a friendly
 * spire (not pass over it); the grid keeps the spire as the hex's chip and
 * the hero as its rider; an opposing spire, a hero without the talent and
 * a spire that already carries a hero stay closed. */
static void
test_spire_shot_moves_onto_spire (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkMoveResult) onto = NULL;
  g_autoptr(SpkMoveResult) plain = NULL;
  g_autoptr(SpkMoveResult) enemy = NULL;
  g_autoptr(SpkMoveResult) taken = NULL;
  SpkChip *h = unit (b, "dywen", SPK_CHIP_HERO, "red", 0, 3, 1, "Spire Shot");
  SpkChip *spire = spk_tb_chip (b, "spire", SPK_CHIP_SPIRE, "red", 2, 0, "attack");
  SpkChip *other;
  SpkGrid *grid;
  int cell;

  h->movement = 4;
  h->allowance = SPK_TERRAIN_MOUNTAINS;
  onto = moves (b, "dywen");
  g_assert_true (reaches (onto, 1));
  g_assert_true (reaches (onto, 2));
  g_assert_false (reaches (onto, 3));
  g_assert_true (explains (onto, "With Spire Shot it may also end on a friendly spire: there it reaches 1 hex further and that spire does not fire."));

  g_ptr_array_set_size (h->talents, 0);
  plain = moves (b, "dywen");
  g_assert_false (reaches (plain, 2));
  spk_tb_talent (h, "Spire Shot");

  g_free (spire->faction);
  spire->faction = g_strdup ("blue");
  enemy = moves (b, "dywen");
  g_assert_false (reaches (enemy, 2));
  g_free (spire->faction);
  spire->faction = g_strdup ("red");

  /* On the spire: the grid keeps the spire and lists the hero as rider. */
  h->q = 2;
  grid = spk_grid_new (b);
  cell = spk_grid_find (grid, spk_hex_make (2, 0));
  g_assert_true (g_ptr_array_index (b->chips, spk_grid_cell (grid, cell)->chip) == spire);
  g_assert_true (g_ptr_array_index (b->chips, spk_grid_cell (grid, cell)->rider) == h);
  g_assert_cmpint (spk_unit_reach (b, h), ==, 2);
  spk_grid_free (grid);

  /* A second Spire Shot hero finds the spire taken. */
  other = unit (b, "aya", SPK_CHIP_HERO, "red", 0, 3, 1, "Spire Shot");
  other->movement = 4;
  other->allowance = SPK_TERRAIN_MOUNTAINS;
  taken = moves (b, "aya");
  g_assert_false (reaches (taken, 2));
  g_assert_true (reaches (taken, 1));
}

/* Glossary Rooted; R-talent-4: next to a spire (of any faction) a Rooted
 * minion that must make progress may stay instead; elsewhere, or without
 * the talent, it must move. */
static void
test_rooted (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(SpkMoveResult) rooted = NULL;
  g_autoptr(SpkMoveResult) plain = NULL;
  g_autoptr(SpkMoveResult) away = NULL;
  SpkChip *m;

  spk_tb_hexes (b, "isle", 0, "0,1,l -2,1,l");
  spk_tb_chip (b, "spire", SPK_CHIP_SPIRE, "blue", 0, 1, NULL);
  m = unit (b, "brier", SPK_CHIP_MINION, "red", 0, 2, 1, "Rooted");
  m->movement = 2;
  rooted = moves (b, "brier");
  g_assert_cmpint (rooted->rule, ==, SPK_MOVE_RULE_PROGRESS);
  g_assert_true (rooted->may_stay);
  g_assert_cmpuint (rooted->destinations->len, ==, 1);
  g_assert_true (explains (rooted, "Rooted: it stands next to spire, so it may also stay where it is."));

  g_ptr_array_set_size (m->talents, 0);
  plain = moves (b, "brier");
  g_assert_cmpint (plain->rule, ==, SPK_MOVE_RULE_PROGRESS);
  g_assert_false (plain->may_stay);

  spk_tb_talent (m, "Rooted");
  m->q = -2;
  away = moves (b, "brier");
  g_assert_cmpint (away->rule, ==, SPK_MOVE_RULE_PROGRESS);
  g_assert_false (away->may_stay);
  g_assert_true (explains (away, "Rooted: while next to a spire it may stay instead of moving."));
}

static char *
joined (GPtrArray *ids)
{
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (" ", (char **) ids->pdata);
}

/* Glossary Impale; R-talent-8: the opposing units next to the end hex
 * that were not next to the start: not friendly ones, not inactive ones;
 * a revealed landmark minion is a unit. Without the talent, nobody. */
static void
test_impale_targets (void)
{
  g_autoptr(SpkBoard) b = spk_ta_line_board (2);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GPtrArray) plain = NULL;
  g_autofree char *first_ids = NULL;
  g_autofree char *second_ids = NULL;
  SpkChip *brier = unit (b, "brier", SPK_CHIP_MINION, "red", 1, 3, 1, "Impale");
  SpkChip *f;
  SpkChip *n;

  n = unit (b, "new", SPK_CHIP_MINION, "blue", 2, 2, 1, NULL);
  unit (b, "old", SPK_CHIP_MINION, "blue", 1, 2, 1, NULL)->r = -1;
  landmark (b, "viper", 1, 3, NULL)->r = 1;
  spk_board_find_chip (b, "viper")->landmark_minion = TRUE;
  f = unit (b, "friend", SPK_CHIP_HERO, "red", 2, 2, 1, NULL);
  f->r = -1;
  first = spk_talent_impale_targets (b, brier, spk_hex_make (0, 0), spk_hex_make (1, 0));
  first_ids = joined (first);
  g_assert_cmpstr (first_ids, ==, "new viper");

  g_free (f->faction);
  f->faction = g_strdup ("blue");
  f->active = FALSE;
  g_free (n->faction);
  n->faction = g_strdup ("red");
  second = spk_talent_impale_targets (b, brier, spk_hex_make (0, 0), spk_hex_make (1, 0));
  second_ids = joined (second);
  g_assert_cmpstr (second_ids, ==, "viper");

  g_ptr_array_set_size (brier->talents, 0);
  plain = spk_talent_impale_targets (b, brier, spk_hex_make (0, 0), spk_hex_make (1, 0));
  g_assert_cmpuint (plain->len, ==, 0);
}

/* docs/talents.md: every talent of the roster is known, applied or a
 * reminder, and "N Range" finds "# Range". */
static void
test_lookup (void)
{
  static const char *roster[] = {
    "2 Range", "Air Defense", "Challenge", "Engage", "Foreboding", "Hunter", "Impale",
    "Relentless", "Rooted", "Spire Shot", "Survival", "Tough", "Toxic Secretion",
    "Flying", "Incorporeal",
  };
  static const char *applied[] = {
    "2 Range", "Air Defense", "Challenge", "Engage", "Hunter", "Rooted", "Spire Shot",
    "Flying", "Incorporeal", "Impale",
  };
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const SpkTalentInfo *info = spk_talent_lookup (roster[i]);
      gboolean is_applied = FALSE;

      g_assert_nonnull (info);
      g_assert_true (g_str_has_prefix (info->glossary_id, "talent-") || g_str_equal (info->name, "# Range"));
      for (guint k = 0; k < G_N_ELEMENTS (applied); k++)
        is_applied = is_applied || g_str_equal (applied[k], roster[i]);
      g_assert_cmpint (info->use, ==, is_applied ? SPK_TALENT_APPLIED : SPK_TALENT_REMINDER);
    }
  g_assert_cmpstr (spk_talent_lookup ("3 range")->name, ==, "# Range");
  g_assert_cmpstr (spk_talent_lookup ("air defense")->name, ==, "Air Defense");
  g_assert_null (spk_talent_lookup ("Elfin"));
  g_assert_null (spk_talent_lookup (NULL));
  spk_talent_list (&n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (roster));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/talent/engage/forces-target", test_engage_forces_target);
  g_test_add_func ("/talent/engage/only-when-able", test_engage_only_when_able);
  g_test_add_func ("/talent/engage/binds-heroes", test_engage_binds_heroes);
  g_test_add_func ("/talent/challenge/binds-heroes", test_challenge);
  g_test_add_func ("/talent/challenge/over-engage", test_challenge_over_engage);
  g_test_add_func ("/talent/hunter", test_hunter);
  g_test_add_func ("/talent/spire-shot/reach", test_spire_shot_reach);
  g_test_add_func ("/talent/spire-shot/spire-inactive", test_spire_shot_spire_inactive);
  g_test_add_func ("/talent/spire-shot/moves-onto-spire", test_spire_shot_moves_onto_spire);
  g_test_add_func ("/talent/flying-attacks-flying", test_flying_attacks_flying);
  g_test_add_func ("/talent/rooted", test_rooted);
  g_test_add_func ("/talent/impale-targets", test_impale_targets);
  g_test_add_func ("/talent/lookup", test_lookup);
  return g_test_run ();
}
