/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-codex.h: the state of a Codex game and its rules as functions.
 *
 * Codex (the card game, see the unofficial manual rewrite in the shared
 * reference) is tracked, not simulated: the tracker keeps the numbers the
 * players keep on the table (base HP, gold, workers, tech buildings, the
 * add-on, heroes and their levels and runes, the patrol zone, the hand
 * size, turn and phase) and applies the rules that move those numbers.
 * Cards themselves are not modelled: a played card is its gold cost.
 *
 * Every function that changes a state checks the rule first and, when it
 * does not apply, returns FALSE with an SPK_CODEX_ERROR that says why and
 * leaves the state as it was. Pure: no globals, no I/O. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SPK_CODEX_ERROR (spk_codex_error_quark ())

typedef enum {
  SPK_CODEX_ERROR_INVALID,        /* an argument outside the rules' range */
  SPK_CODEX_ERROR_NOT_YOUR_TURN,  /* the player is not the active player */
  SPK_CODEX_ERROR_WRONG_PHASE,    /* only in the main phase */
  SPK_CODEX_ERROR_NOT_ENOUGH_GOLD,
  SPK_CODEX_ERROR_ONCE_PER_TURN,  /* a worker was already hired this turn */
  SPK_CODEX_ERROR_NO_CARDS,       /* the hand is empty */
  SPK_CODEX_ERROR_WORKERS,        /* too few workers for a tech building */
  SPK_CODEX_ERROR_NEEDS_BUILDING, /* the tech building below is missing */
  SPK_CODEX_ERROR_BUILT,          /* already built or under construction */
  SPK_CODEX_ERROR_HERO_LIMIT,
  SPK_CODEX_ERROR_HERO_RUNES,     /* a destroyed hero still has runes */
  SPK_CODEX_ERROR_HERO_IN_PLAY,   /* summoning a hero already in play */
  SPK_CODEX_ERROR_NOT_IN_PLAY,    /* levelling a hero in the command zone */
  SPK_CODEX_ERROR_MAX_LEVEL,
  SPK_CODEX_ERROR_FREE_FOR_ALL,   /* a free-for-all rule in another mode */
  SPK_CODEX_ERROR_BOUNTY_LIMIT,
  SPK_CODEX_ERROR_BASE_FULL,      /* nothing to repair */
  SPK_CODEX_ERROR_GAME_OVER,
} SpkCodexError;

GQuark spk_codex_error_quark (void);

typedef enum {
  SPK_CODEX_MODE_DUEL,              /* two players */
  SPK_CODEX_MODE_FREE_FOR_ALL,      /* 3 to 5 players */
  SPK_CODEX_MODE_TWO_HEADED_DRAGON, /* two teams of two, one base each */
} SpkCodexMode;

typedef enum {
  SPK_CODEX_PHASE_READY,
  SPK_CODEX_PHASE_UPKEEP,
  SPK_CODEX_PHASE_MAIN,
  SPK_CODEX_PHASE_DRAW,
  SPK_CODEX_PHASE_TECH,
} SpkCodexPhase;
#define SPK_CODEX_N_PHASES 5

typedef enum {
  SPK_CODEX_BUILDING_NONE,
  SPK_CODEX_BUILDING_CONSTRUCTING, /* built this turn: done at its end */
  SPK_CODEX_BUILDING_BUILT,
  SPK_CODEX_BUILDING_DESTROYED,
} SpkCodexBuilding;

typedef enum {
  SPK_CODEX_ADDON_NONE,
  SPK_CODEX_ADDON_TOWER,
  SPK_CODEX_ADDON_SURPLUS,
  SPK_CODEX_ADDON_HEROES_HALL,
  SPK_CODEX_ADDON_TECH_LAB,
} SpkCodexAddon;
#define SPK_CODEX_N_ADDONS 5

typedef enum {
  SPK_CODEX_SLOT_SQUAD_LEADER,
  SPK_CODEX_SLOT_ELITE,
  SPK_CODEX_SLOT_SCAVENGER,
  SPK_CODEX_SLOT_TECHNICIAN,
  SPK_CODEX_SLOT_LOOKOUT,
} SpkCodexSlot;
#define SPK_CODEX_N_SLOTS 5

/* Numbers of the manual (each with its place in spk-codex.c). */
#define SPK_CODEX_GOLD_MAX        20  /* gold limit */
#define SPK_CODEX_BASE_HP         20  /* one player's base */
#define SPK_CODEX_TEAM_BASE_HP    30  /* a two-headed dragon team's base */
#define SPK_CODEX_HAND_MAX         5  /* the draw phase draws up to 5 */
#define SPK_CODEX_TECH_LEVELS      3
#define SPK_CODEX_HERO_LEVEL_MAX  20  /* ruling R-codex-3: a sanity bound */

typedef struct {
  char *name;
  int   cost;      /* gold to summon */
  int   mid;       /* first level of the second band */
  int   max;       /* max level: the third band */
  int   level;     /* 0: in the command zone */
  int   runes;     /* summoning runes (0-2) */
} SpkCodexHero;

typedef struct {
  char            *name;
  char            *spec;     /* the players' words: specs, starting deck */
  int              gold;
  int              workers;
  int              hand;     /* cards in hand */
  gboolean         hired;    /* hired a worker this turn */
  int              bounty;   /* free-for-all bounty gold gained this turn */
  gboolean         multicolor;
  gboolean         built_any; /* a tech building or add-on was constructed */
  SpkCodexBuilding tech[SPK_CODEX_TECH_LEVELS];
  SpkCodexAddon    addon;
  SpkCodexBuilding addon_state; /* NONE exactly when addon is NONE */
  GPtrArray       *heroes;   /* of SpkCodexHero* */
  char            *patrol[SPK_CODEX_N_SLOTS]; /* NULL: empty slot */
  int              mercenaries;
} SpkCodexPlayer;

typedef struct {
  SpkCodexMode  mode;
  GPtrArray    *players;  /* of SpkCodexPlayer*, in turn order */
  GArray       *bases;    /* of int: base HP, one per player or per team */
  int           turn;     /* round, from 1 */
  int           active;   /* seat (team in a two-headed dragon) on turn */
  SpkCodexPhase phase;
} SpkCodex;

SpkCodex       *spk_codex_new          (SpkCodexMode mode,
                                        const char *const *names,
                                        GError **error);
/* No players and no bases, turn 1: for a reader to fill. */
SpkCodex       *spk_codex_new_empty    (SpkCodexMode mode);
SpkCodex       *spk_codex_copy         (const SpkCodex *codex);
void            spk_codex_free         (SpkCodex *codex);
gboolean        spk_codex_equal        (const SpkCodex *a,
                                        const SpkCodex *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkCodex, spk_codex_free)

SpkCodexPlayer *spk_codex_player_new   (const char *name);
void            spk_codex_player_free  (SpkCodexPlayer *player);
SpkCodexHero   *spk_codex_hero_new     (const char *name, int cost, int mid, int max);
void            spk_codex_hero_free    (SpkCodexHero *hero);

/* Names (for files and for people). */
const char     *spk_codex_mode_to_string  (SpkCodexMode mode);
gboolean        spk_codex_mode_from_string (const char *s, SpkCodexMode *mode);
const char     *spk_codex_phase_to_string (SpkCodexPhase phase);
gboolean        spk_codex_phase_from_string (const char *s, SpkCodexPhase *phase);
const char     *spk_codex_phase_label     (SpkCodexPhase phase);
const char     *spk_codex_building_to_string (SpkCodexBuilding b);
gboolean        spk_codex_building_from_string (const char *s, SpkCodexBuilding *b);
const char     *spk_codex_addon_to_string (SpkCodexAddon addon);
gboolean        spk_codex_addon_from_string (const char *s, SpkCodexAddon *addon);
const char     *spk_codex_addon_label     (SpkCodexAddon addon);
const char     *spk_codex_slot_to_string  (SpkCodexSlot slot);
const char     *spk_codex_slot_label      (SpkCodexSlot slot);
/* "I", "II", "III" for level 1-3. */
const char     *spk_codex_tech_numeral    (int level);

/* Shape of the game. */
int       spk_codex_player_count   (SpkCodexMode mode, int *max);
int       spk_codex_base_count     (const SpkCodex *codex);
int       spk_codex_base_of        (const SpkCodex *codex, guint player);
int       spk_codex_base_max       (const SpkCodex *codex);
int       spk_codex_side_count     (const SpkCodex *codex);
int       spk_codex_side_of        (const SpkCodex *codex, guint player);
gboolean  spk_codex_is_active      (const SpkCodex *codex, guint player);
int       spk_codex_starting_workers (SpkCodexMode mode, guint seat);
int       spk_codex_starting_mercenaries (SpkCodexMode mode, guint seat);
/* A base at 0 HP ends the game. */
gboolean  spk_codex_over           (const SpkCodex *codex);
SpkCodexPlayer *spk_codex_player   (const SpkCodex *codex, guint player);

/* Numbers of the rules. */
int       spk_codex_tech_cost      (int level);
int       spk_codex_tech_workers   (int level);
int       spk_codex_hero_limit     (const SpkCodexPlayer *player);
int       spk_codex_heroes_in_play (const SpkCodexPlayer *player);
int       spk_codex_hero_band      (const SpkCodexHero *hero);
int       spk_codex_draw_count     (int hand);
void      spk_codex_tech_picks     (int workers, int *min, int *max);
/* Gold after gaining @amount (capped); *lost gets what the cap took. */
int       spk_codex_gain           (int gold, int amount, int *lost);

/* Dry checks with their price: the gold a tech building at @level costs
 * @player now (0 for a destroyed one, +1 for a multicolour team's first). */
gboolean  spk_codex_check_tech     (const SpkCodex *codex, guint player, int level,
                                    int *cost, GError **error);

/* Actions of a player (@player is a seat). */
gboolean  spk_codex_hire_worker    (SpkCodex *codex, guint player, GError **error);
gboolean  spk_codex_play_card      (SpkCodex *codex, guint player, int cost, GError **error);
gboolean  spk_codex_build_tech     (SpkCodex *codex, guint player, int level, GError **error);
gboolean  spk_codex_build_addon    (SpkCodex *codex, guint player, SpkCodexAddon addon,
                                    int cost, GError **error);
gboolean  spk_codex_add_hero       (SpkCodex *codex, guint player, const char *name,
                                    int cost, int mid, int max, GError **error);
gboolean  spk_codex_summon_hero    (SpkCodex *codex, guint player, guint hero, GError **error);
gboolean  spk_codex_level_hero     (SpkCodex *codex, guint player, guint hero, int levels,
                                    GError **error);
gboolean  spk_codex_repair_base    (SpkCodex *codex, guint player, GError **error);
gboolean  spk_codex_bounty         (SpkCodex *codex, guint player, GError **error);
gboolean  spk_codex_set_patrol     (SpkCodex *codex, guint player, SpkCodexSlot slot,
                                    const char *name, GError **error);

/* What happens to a player, on any turn. */
gboolean  spk_codex_gain_gold      (SpkCodex *codex, guint player, int amount, GError **error);
gboolean  spk_codex_set_hand       (SpkCodex *codex, guint player, int hand, GError **error);
gboolean  spk_codex_damage_base    (SpkCodex *codex, guint base, int amount, GError **error);
gboolean  spk_codex_destroy_tech   (SpkCodex *codex, guint player, int level, GError **error);
gboolean  spk_codex_destroy_addon  (SpkCodex *codex, guint player, GError **error);
gboolean  spk_codex_destroy_hero   (SpkCodex *codex, guint player, guint hero, GError **error);
gboolean  spk_codex_award_levels   (SpkCodex *codex, guint player, guint hero, GError **error);

/* Turn structure. Each appends what it applied to @notes (of char*, may
 * be NULL), in words for the log. */
gboolean  spk_codex_next_phase     (SpkCodex *codex, GPtrArray *notes, GError **error);
gboolean  spk_codex_end_turn       (SpkCodex *codex, GPtrArray *notes, GError **error);

G_END_DECLS
