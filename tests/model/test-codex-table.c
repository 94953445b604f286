/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A Codex table (spk-table-codex.h): the `game` field, the Codex state in
 * the table file, and a scripted two-player game whose numbers were worked
 * out by hand from the manual (the unofficial rewrite in the shared
 * reference), with undo, dry runs, refusals and a save round trip. */
#include "config.h"

#include "spk-autosave.h"
#include "spk-log-markdown.h"
#include "spk-table-codex.h"
#include "spk-table-file.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *const duel_names[] = { "Ann", "Bo", NULL };

static SpkTable *
new_duel (void)
{
  g_autoptr(GError) error = NULL;
  SpkTable *t = spk_table_new_codex (SPK_CODEX_MODE_DUEL, duel_names, NULL, NULL, &error);

  g_assert_no_error (error);
  return t;
}

static const SpkCodexPlayer *
P (SpkTable *t, guint i)
{
  return spk_codex_player (spk_table_get_codex (t), i);
}

static int
base (SpkTable *t, guint i)
{
  return g_array_index (spk_table_get_codex (t)->bases, int, i);
}

static const SpkCodexHero *
hero (SpkTable *t, guint player, guint i)
{
  return g_ptr_array_index (P (t, player)->heroes, i);
}

/* Runs @expr (which passes ERR as its GError **), which must be refused
 * with @code of SPK_CODEX_ERROR, and checks that the table and its history
 * did not change. */
#define ERR (&e_)
#define REFUSED(t, code, expr) G_STMT_START { \
  g_autoptr(GError) e_ = NULL; \
  g_autofree char *before_ = spk_table_to_data ((t), NULL); \
  g_autofree char *after_ = NULL; \
  guint n_ = spk_table_get_history_length (t); \
  g_assert_false (expr); \
  g_assert_error (e_, SPK_CODEX_ERROR, (code)); \
  g_assert_nonnull (strchr (e_->message, ' ')); \
  after_ = spk_table_to_data ((t), NULL); \
  g_assert_cmpstr (before_, ==, after_); \
  g_assert_cmpuint (n_, ==, spk_table_get_history_length (t)); } G_STMT_END

static void
check_player (SpkTable *t, guint i, int gold, int workers, int hand)
{
  g_assert_cmpint (P (t, i)->gold, ==, gold);
  g_assert_cmpint (P (t, i)->workers, ==, workers);
  g_assert_cmpint (P (t, i)->hand, ==, hand);
}

/* The game of the test. Every number is the manual's: worker card x4 for
 * the first player and x5 for the second, 20 HP bases, a hand of 5; the
 * upkeep pays a gold per worker; hiring costs 1 gold and a card, once a
 * turn; tech I costs 1 gold and needs 6 workers, tech II 4 gold and 8; a
 * level costs 1 gold; the draw phase draws the discarded count plus 2, to
 * 5; a destroyed tech building hits its base for 2 and is rebuilt for 0;
 * a destroyed hero gets 2 summoning runes and its killer's hero 2 levels. */
static void
test_scripted_game (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (spk_table_get_game (t), ==, "codex");
  check_player (t, 0, 0, 4, 5);
  check_player (t, 1, 0, 5, 5);
  g_assert_cmpint (base (t, 0), ==, 20);
  g_assert_cmpint (base (t, 1), ==, 20);
  g_assert_true (spk_table_codex_add_hero (t, 0, "Troq", 2, 4, 8, NULL));
  g_assert_true (spk_table_codex_add_hero (t, 1, "River", 2, 3, 5, NULL));

  /* Turn 1, Ann: upkeep 0 + 4 = 4 gold. */
  g_assert_true (spk_table_codex_next_phase (t, &error));
  g_assert_no_error (error);
  check_player (t, 0, 4, 4, 5);
  check_player (t, 1, 0, 5, 5);
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_hire_worker (t, 0, NULL));   /* 3 gold, 5 workers, 4 cards */
  g_assert_true (spk_table_codex_summon_hero (t, 0, 0, NULL)); /* 1 gold */
  g_assert_true (spk_table_codex_play_card (t, 0, 1, "Tenderfoot", NULL)); /* 0 gold, 3 cards */
  check_player (t, 0, 0, 5, 3);
  g_assert_cmpint (hero (t, 0, 0)->level, ==, 1);
  /* Bo cannot act on Ann's turn; Ann hires once a turn. */
  REFUSED (t, SPK_CODEX_ERROR_NOT_YOUR_TURN, spk_table_codex_hire_worker (t, 1, ERR));
  REFUSED (t, SPK_CODEX_ERROR_ONCE_PER_TURN, spk_table_codex_hire_worker (t, 0, ERR));
  /* Ann discards 3 and draws 5. */
  g_assert_true (spk_table_codex_end_turn (t, NULL));
  check_player (t, 0, 0, 5, 5);
  g_assert_cmpint (spk_table_get_codex (t)->active, ==, 1);
  g_assert_cmpint (spk_table_get_codex (t)->turn, ==, 1);

  /* Turn 1, Bo: upkeep 0 + 5 = 5. */
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  check_player (t, 1, 5, 5, 5);
  g_assert_true (spk_table_codex_hire_worker (t, 1, NULL));    /* 4 gold, 6 workers, 4 cards */
  g_assert_true (spk_table_codex_build_tech (t, 1, 1, NULL));  /* 3 gold */
  g_assert_true (spk_table_codex_summon_hero (t, 1, 0, NULL)); /* 1 gold */
  g_assert_true (spk_table_codex_level_hero (t, 1, 0, 1, NULL)); /* 0 gold, level 2 */
  check_player (t, 1, 0, 6, 4);
  g_assert_cmpint (P (t, 1)->tech[0], ==, SPK_CODEX_BUILDING_CONSTRUCTING);
  REFUSED (t, SPK_CODEX_ERROR_NOT_ENOUGH_GOLD, spk_table_codex_level_hero (t, 1, 0, 1, ERR));
  g_assert_true (spk_table_codex_end_turn (t, NULL)); /* discards 4, draws 5; tech I done */
  check_player (t, 1, 0, 6, 5);
  g_assert_cmpint (P (t, 1)->tech[0], ==, SPK_CODEX_BUILDING_BUILT);
  g_assert_cmpint (spk_table_get_codex (t)->turn, ==, 2);

  /* Turn 2, Ann: upkeep 0 + 5 = 5. */
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  check_player (t, 0, 5, 5, 5);
  g_assert_true (spk_table_codex_hire_worker (t, 0, NULL));   /* 4 gold, 6 workers, 4 cards */
  g_assert_true (spk_table_codex_build_tech (t, 0, 1, NULL)); /* 3 gold */
  g_assert_true (spk_table_codex_damage_base (t, 1, 3, "Troq attacks", NULL)); /* Bo 17 */
  g_assert_true (spk_table_codex_level_hero (t, 0, 0, 3, NULL)); /* 0 gold, level 4 */
  g_assert_cmpint (hero (t, 0, 0)->level, ==, 4);
  g_assert_cmpint (spk_codex_hero_band (hero (t, 0, 0)), ==, 2);
  check_player (t, 0, 0, 6, 4);
  g_assert_true (spk_table_codex_end_turn (t, NULL));
  check_player (t, 0, 0, 6, 5);
  g_assert_cmpint (base (t, 1), ==, 17);

  /* Turn 2, Bo: upkeep 0 + 6 = 6. */
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  check_player (t, 1, 6, 6, 5);
  g_assert_true (spk_table_codex_hire_worker (t, 1, NULL));  /* 5 gold, 7 workers, 4 cards */
  g_assert_true (spk_table_codex_damage_base (t, 0, 2, NULL, NULL)); /* Ann 18 */
  g_assert_true (spk_table_codex_destroy_tech (t, 0, 1, NULL));     /* Ann 16 */
  g_assert_true (spk_table_codex_play_card (t, 1, 3, NULL, NULL));  /* 2 gold, 3 cards */
  check_player (t, 1, 2, 7, 3);
  g_assert_cmpint (base (t, 0), ==, 16);
  g_assert_cmpint (P (t, 0)->tech[0], ==, SPK_CODEX_BUILDING_DESTROYED);
  g_assert_true (spk_table_codex_end_turn (t, NULL)); /* discards 3, draws 5 */
  check_player (t, 1, 2, 7, 5);

  /* Turn 3, Ann: upkeep 0 + 6 = 6; tech I rebuilt for 0 gold; River is
   * destroyed and Troq gains 2 levels (4 → 6). */
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_hire_worker (t, 0, NULL));   /* 5 gold, 7 workers */
  g_assert_true (spk_table_codex_build_tech (t, 0, 1, NULL)); /* 5 gold */
  g_assert_true (spk_table_codex_destroy_hero (t, 1, 0, NULL));
  g_assert_true (spk_table_codex_award_levels (t, 0, 0, NULL));
  check_player (t, 0, 5, 7, 4);
  g_assert_cmpint (hero (t, 0, 0)->level, ==, 6);
  g_assert_cmpint (hero (t, 1, 0)->level, ==, 0);
  g_assert_cmpint (hero (t, 1, 0)->runes, ==, 2);
  g_assert_true (spk_table_codex_end_turn (t, NULL));

  /* Turn 3, Bo: upkeep 2 + 7 = 9, one rune off River (1 left). */
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_cmpint (hero (t, 1, 0)->runes, ==, 1);
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  check_player (t, 1, 9, 7, 5);
  REFUSED (t, SPK_CODEX_ERROR_HERO_RUNES, spk_table_codex_summon_hero (t, 1, 0, ERR));
  REFUSED (t, SPK_CODEX_ERROR_WORKERS, spk_table_codex_build_tech (t, 1, 2, ERR));
  g_assert_true (spk_table_codex_hire_worker (t, 1, NULL));   /* 8 gold, 8 workers */
  g_assert_true (spk_table_codex_build_tech (t, 1, 2, NULL)); /* 4 gold */
  g_assert_true (spk_table_codex_end_turn (t, NULL));

  /* Where the game stands after three rounds. */
  check_player (t, 0, 5, 7, 5);
  check_player (t, 1, 4, 8, 5);
  g_assert_cmpint (base (t, 0), ==, 16);
  g_assert_cmpint (base (t, 1), ==, 17);
  g_assert_cmpint (P (t, 0)->tech[0], ==, SPK_CODEX_BUILDING_BUILT);
  g_assert_cmpint (P (t, 1)->tech[1], ==, SPK_CODEX_BUILDING_BUILT);
  g_assert_cmpint (spk_codex_hero_limit (P (t, 1)), ==, 2);
  g_assert_cmpint (spk_table_get_codex (t)->turn, ==, 4);
  g_assert_cmpint (spk_table_get_codex (t)->active, ==, 0);
  g_assert_cmpint (spk_table_get_codex (t)->phase, ==, SPK_CODEX_PHASE_READY);

  /* Saved and read back: the same table. */
  {
    gsize length = 0;
    g_autofree char *data = spk_table_to_data (t, &length);
    g_autoptr(SpkTable) back = spk_table_new_from_data (data, (gssize) length, &error);
    g_autofree char *again = NULL;

    g_assert_no_error (error);
    g_assert_true (spk_codex_equal (spk_table_get_codex (t), spk_table_get_codex (back)));
    again = spk_table_to_data (back, NULL);
    g_assert_cmpstr (data, ==, again);
    g_assert_cmpuint (spk_table_get_history_length (back), ==, spk_table_get_history_length (t));
    /* Undo reaches the start of the game, in the loaded copy too. */
    while (spk_table_can_undo (back))
      g_assert_true (spk_table_undo (back, NULL));
    check_player (back, 0, 0, 4, 5);
    g_assert_cmpint (base (back, 1), ==, 20);
  }
}

/* Every action is one step: undone, the table is as before; redone, as
 * after. */
static void
check_undo (SpkTable *t, const char *before)
{
  g_autofree char *after = spk_table_to_table_data (t, NULL);
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_cmpstr (before, !=, after);
  g_assert_true (spk_table_undo (t, NULL));
  undone = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (spk_table_redo (t, NULL));
  redone = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (redone, ==, after);
}

#define UNDOABLE(t, call) G_STMT_START { \
  g_autofree char *b_ = spk_table_to_table_data ((t), NULL); \
  g_autoptr(GError) e_ = NULL; \
  g_assert_true (call); \
  g_assert_no_error (e_); \
  check_undo ((t), b_); } G_STMT_END

static void
test_undo_each (void)
{
  const char *names[] = { "A", "B", "C", NULL };
  const gboolean multicolor[] = { FALSE, TRUE, FALSE };
  g_autoptr(SpkTable) t = NULL;
  g_autoptr(GError) error = NULL;

  t = spk_table_new_codex (SPK_CODEX_MODE_FREE_FOR_ALL, names, NULL, multicolor, &error);
  g_assert_no_error (error);
  UNDOABLE (t, spk_table_codex_add_hero (t, 0, "Grave", 2, 3, 5, ERR));
  UNDOABLE (t, spk_table_codex_gain_gold (t, 0, 15, "Wandering Mimic", ERR));
  UNDOABLE (t, spk_table_codex_next_phase (t, ERR));
  g_assert_cmpint (P (t, 0)->gold, ==, 19);
  UNDOABLE (t, spk_table_codex_next_phase (t, ERR));
  UNDOABLE (t, spk_table_codex_hire_worker (t, 0, ERR));
  UNDOABLE (t, spk_table_codex_play_card (t, 0, 1, NULL, ERR));
  UNDOABLE (t, spk_table_codex_summon_hero (t, 0, 0, ERR));
  UNDOABLE (t, spk_table_codex_level_hero (t, 0, 0, 2, ERR));
  UNDOABLE (t, spk_table_codex_build_addon (t, 0, SPK_CODEX_ADDON_TOWER, 3, ERR));
  UNDOABLE (t, spk_table_codex_bounty (t, 0, ERR));
  UNDOABLE (t, spk_table_codex_damage_base (t, 0, 4, NULL, ERR));
  UNDOABLE (t, spk_table_codex_repair_base (t, 0, ERR));
  UNDOABLE (t, spk_table_codex_set_patrol (t, 0, SPK_CODEX_SLOT_SQUAD_LEADER, "Grave", ERR));
  UNDOABLE (t, spk_table_codex_set_hand (t, 0, 2, ERR));
  UNDOABLE (t, spk_table_codex_destroy_hero (t, 0, 0, ERR));
  UNDOABLE (t, spk_table_codex_next_phase (t, ERR));
  g_assert_cmpint (P (t, 0)->hand, ==, 4);
  /* The free-for-all set-up: 4, 5, 5 workers, mercenaries 0, 0, 1. */
  g_assert_cmpint (P (t, 2)->workers, ==, 5);
  g_assert_cmpint (P (t, 2)->mercenaries, ==, 1);
  g_assert_cmpint (P (t, 0)->gold, ==, 19 - 1 - 1 - 2 - 2 - 3 + 1 - 3);
  g_assert_cmpint (base (t, 0), ==, 17);
  g_assert_cmpstr (P (t, 0)->patrol[SPK_CODEX_SLOT_SQUAD_LEADER], ==, "Grave");
  g_assert_cmpint (P (t, 0)->addon, ==, SPK_CODEX_ADDON_TOWER);
  /* B's team has several hero colours (set at New Table). */
  g_assert_true (P (t, 1)->multicolor);
  g_assert_false (P (t, 0)->multicolor);
}

/* R-codex-6: undo at a Codex table goes step by step, End Turn too: it
 * takes back the hand-over, the draw and the finished buildings only. */
static void
test_undo_turn (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autofree char *main_phase = NULL;
  g_autofree char *undone = NULL;

  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_hire_worker (t, 0, NULL));
  g_assert_true (spk_table_codex_play_card (t, 0, 0, NULL, NULL));
  main_phase = spk_table_to_table_data (t, NULL);
  g_assert_true (spk_table_codex_end_turn (t, NULL));
  check_player (t, 0, 3, 5, 5);
  g_assert_cmpuint (spk_table_get_undo_steps (t), ==, 1);
  g_assert_true (spk_table_undo (t, NULL));
  undone = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (undone, ==, main_phase);
  check_player (t, 0, 3, 5, 3);
  g_assert_cmpint (spk_table_get_codex (t)->phase, ==, SPK_CODEX_PHASE_MAIN);
}

static void
test_log_labels (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autoptr(SpkLogEntry) step = NULL;

  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (strstr (spk_table_get_undo_label (t), "+4 gold from 4 workers") != NULL);
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_end_turn (t, NULL));
  g_assert_true (strstr (spk_table_get_undo_label (t), "discards 5, draws 5") != NULL);
  g_assert_true (strstr (spk_table_get_undo_label (t), "tech 2 cards") != NULL);
  g_assert_cmpuint (g_list_model_get_n_items (spk_table_get_log (t)), ==, 3);
  /* The Markdown log heads the steps with the Codex turn and phase each
   * led to: the upkeep to the Upkeep Phase, the end of turn to Bo's. */
  {
    g_autofree char *md = spk_log_to_markdown (t, NULL);

    g_test_message ("%s", md);
    g_assert_nonnull (strstr (md, "## Turn 1\n\n### Upkeep Phase\n\n- Ann: Upkeep Phase"));
    g_assert_nonnull (strstr (md, "### Ready Phase\n\n- Ann: end of turn"));
    g_assert_null (strstr (md, "Wave"));
  }
}

static void
test_dry_run (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autofree char *after = NULL;

  spk_table_begin_dry_run (t);
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_false (spk_table_codex_hire_worker (t, 0, &error));
  g_assert_error (error, SPK_CODEX_ERROR, SPK_CODEX_ERROR_WRONG_PHASE);
  spk_table_end_dry_run (t);
  after = spk_table_to_data (t, NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (spk_table_can_undo (t));
}

static const char cloudspire_table[] =
  "{\"format\": \"spirekeeper-table\", \"version\": 1, \"player_count\": 2,"
  " \"factions\": [{\"id\": \"a\", \"mark\": \"b\"}, {\"id\": \"b\", \"mark\": \"a\"}],"
  " \"hexes\": [], \"fortresses\": [], \"chips\": []}";

static void
test_wrong_game (void)
{
  g_autoptr(SpkTable) cloud = spk_table_new_from_data (cloudspire_table, -1, NULL);
  g_autoptr(SpkTable) t = new_duel ();
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (cloud);
  g_assert_cmpstr (spk_table_get_game (cloud), ==, "cloudspire");
  g_assert_null (spk_table_get_codex (cloud));
  g_assert_false (spk_table_codex_next_phase (cloud, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_GAME);
  g_clear_error (&error);
  /* Cloudspire actions have nothing to act on at a Codex table. */
  g_assert_false (spk_table_set_variant (t, TRUE, 3, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_GAME);
  g_clear_error (&error);
  g_assert_false (spk_table_add_faction (t, "red", "Red", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (spk_table_can_undo (t));
  /* Notes belong to both games. */
  g_assert_true (spk_table_set_notes (t, "first game", NULL));
}

/* The file: located errors for a wrong game or a number out of range. */
static void
expect_file_error (const char *json, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (json, -1, &error);

  g_assert_null (board);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
}

static char *
codex_file (SpkTable *t, const char *from, const char *to)
{
  g_autofree char *data = spk_table_to_table_data (t, NULL);
  g_auto(GStrv) parts = g_strsplit (data, from, 2);

  g_assert_nonnull (parts[1]);
  return g_strconcat (parts[0], to, parts[1], NULL);
}

static void
test_file (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autofree char *data = spk_table_to_table_data (t, NULL);
  g_autofree char *unknown = codex_file (t, "\"game\" : \"codex\"", "\"game\" : \"chess\"");
  g_autofree char *gold = codex_file (t, "\"gold\" : 0", "\"gold\" : 25");
  g_autofree char *phase = codex_file (t, "\"phase\" : \"ready\"", "\"phase\" : \"lunch\"");
  g_autofree char *bases = codex_file (t, "20,", "-1,");
  g_autofree char *count = codex_file (t, "\"player_count\" : 2", "\"player_count\" : 3");
  g_autofree char *stray = NULL;
  g_autoptr(SpkBoard) board = spk_table_file_parse (data, -1, NULL);

  g_assert_nonnull (strstr (data, "\"game\" : \"codex\""));
  g_assert_nonnull (board);
  g_assert_nonnull (board->codex);
  expect_file_error (unknown, "game: unknown game “chess”");
  expect_file_error (gold, "codex.players[0].gold: 25 is out of range");
  expect_file_error (phase, "codex.phase:");
  expect_file_error (bases, "codex.bases[0]:");
  expect_file_error (count, "player_count:");
  /* A Codex state on a Cloudspire table. */
  stray = g_strconcat ("{\"codex\": {}, ", cloudspire_table + 1, NULL);
  expect_file_error (stray, "codex:");
  /* A Cloudspire table file is unchanged by the game field: none written. */
  {
    g_autoptr(SpkTable) cloud = spk_table_new_from_data (cloudspire_table, -1, NULL);
    g_autofree char *text = spk_table_to_table_data (cloud, NULL);

    g_assert_null (strstr (text, "\"game\""));
  }
}

/* The autosave keeps a Codex table like any other: its journal replays
 * every Codex step after the first snapshot. */
static void
test_autosave (void)
{
  g_autoptr(SpkTable) t = new_duel ();
  g_autoptr(SpkTable) back = NULL;
  g_autoptr(SpkAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("spk-codex-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.json", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *now = NULL;

  autosave = spk_autosave_new (t, path);
  spk_autosave_set_delay (autosave, 60000);
  spk_autosave_wait (autosave);
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_next_phase (t, NULL));
  g_assert_true (spk_table_codex_hire_worker (t, 0, NULL));
  spk_autosave_wait (autosave);
  /* The snapshot waits a minute: the steps come back from the journal. */
  back = spk_autosave_recover (path, &error);
  g_assert_no_error (error);
  kept = spk_table_to_table_data (back, NULL);
  now = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (kept, ==, now);
  g_assert_cmpint (spk_codex_player (spk_table_get_codex (back), 0)->workers, ==, 5);
  g_assert_true (spk_autosave_flush (autosave, NULL));
  g_clear_object (&autosave);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *f = g_build_filename (dir, name, NULL);
        g_unlink (f);
      }
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/codex-table/scripted-game", test_scripted_game);
  g_test_add_func ("/codex-table/undo-each", test_undo_each);
  g_test_add_func ("/codex-table/undo-turn", test_undo_turn);
  g_test_add_func ("/codex-table/log-labels", test_log_labels);
  g_test_add_func ("/codex-table/dry-run", test_dry_run);
  g_test_add_func ("/codex-table/wrong-game", test_wrong_game);
  g_test_add_func ("/codex-table/file", test_file);
  g_test_add_func ("/codex-table/autosave", test_autosave);

  return g_test_run ();
}
