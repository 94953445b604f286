/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-economy.h: the wave economy of Cloudspire as pure rules.
 *
 * Phases and waves, Source and CP, the market and limited build counters,
 * first player, hero and spire limits, fortress advancements, gate repair,
 * pillage, the end of the game and the deployment plan. Nothing here keeps
 * state between calls: the model (src/model) owns the table, calls these
 * functions and records what they change for undo.
 *
 * Every function that changes or judges something can append sentences for
 * the UI to `notes`, a GPtrArray of translated, g_free-able strings (create
 * it with g_ptr_array_new_with_free_func (g_free)); pass NULL when no text
 * is wanted. Functions never print and never fix a player's choice silently.
 *
 * Seats: board->factions is listed in turn order going clockwise (to the
 * left). "first_player" is an index into that array.
 *
 * Rulings that these functions rest on are in docs/rulings.md, section
 * "Waves and economy" (R-eco-N).
 */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_ECONOMY_ERROR (spk_economy_error_quark ())

typedef enum {
  SPK_ECONOMY_ERROR_INVALID,        /* an argument outside the rules' range */
  SPK_ECONOMY_ERROR_OUT_OF_ORDER,   /* advancement level not the next one */
  SPK_ECONOMY_ERROR_NOT_ENOUGH_SOURCE,
  SPK_ECONOMY_ERROR_LIMIT_REACHED,  /* limited builds / earthscape used up */
  SPK_ECONOMY_ERROR_NO_SUCH_FACTION,
} SpkEconomyError;

GQuark spk_economy_error_quark (void);

/* ------------------------------------------------------------------ */
/* Constants                                                           */

#define SPK_SOURCE_CAPACITY           20  /* Source: default capacity */
#define SPK_SOURCE_START               0  /* Set-Up: the Source tracker */
#define SPK_GATE_HEALTH_START         10  /* Fortress Gate */
#define SPK_GATE_REPAIR_HEALTH         3  /* Repairing Your Gate */
#define SPK_REPAIR_SOURCE_PER_HEALTH   2
#define SPK_REPAIR_HEALTH_PER_ADVANCEMENT 1
#define SPK_LIMITED_BUILDS_PER_WAVE    2  /* Limited Build Option */
#define SPK_EARTHSCAPES_PER_MARKET     1  /* Market */
#define SPK_HERO_LIMIT                 2  /* Hero Selection, wave 2 on */
#define SPK_HERO_LIMIT_WAVE_ONE        1  /* only the starting hero */
#define SPK_EARTHSCAPE_COST            2

/* ------------------------------------------------------------------ */
/* Game options and the wave sequence                                   */

typedef struct {
  int      player_count;  /* 2, 3 or 4 */
  gboolean team_play;     /* 2 vs 2; needs 4 players */
  gboolean faster;        /* "Making the Game Faster": 3 waves, not 4 */
  int      extra_waves;   /* "Making the Game Longer": waves added, >= 0 */
  gboolean event_deck;    /* FALSE: the Event Phase is skipped every wave */
  gboolean skip_market;   /* faster-game option: no Market Phase */
} SpkGameRules;

/* Standard game for `player_count` players: 4 waves, event deck in use,
 * market played, no team play. */
void        spk_game_rules_init        (SpkGameRules       *rules,
                                        int                 player_count);
/* FALSE with SPK_ECONOMY_ERROR_INVALID (message says what to change) when
 * player count is not 2–4, team play without 4 players, or extra_waves < 0. */
gboolean    spk_game_rules_check       (const SpkGameRules *rules,
                                        GError            **error);
/* Number of waves: 4 (3 when faster) + extra_waves. */
int         spk_game_waves             (const SpkGameRules *rules);

typedef enum {
  SPK_PHASE_SETUP,       /* before wave 1 */
  SPK_PHASE_EVENT,
  SPK_PHASE_INCOME,
  SPK_PHASE_MARKET,
  SPK_PHASE_BUILD,
  SPK_PHASE_PREP,
  SPK_PHASE_ONSLAUGHT,
  SPK_PHASE_END_OF_WAVE,
  SPK_PHASE_GAME_OVER,   /* after the last wave or an early end */
  SPK_N_PHASES
} SpkPhase;

/* Names for the table file: "setup", "event", "income", "market",
 * "build", "prep", "onslaught", "end-of-wave", "over". */
const char *spk_phase_to_string        (SpkPhase phase);
gboolean    spk_phase_from_string      (const char *s, SpkPhase *out);
/* Translated title for the UI, e.g. "Income Phase". */
const char *spk_phase_label            (SpkPhase phase);

/* TRUE when `phase` is not played in `wave` under `rules` (Event in wave 1
 * or without the event deck; Market when skip_market). */
gboolean    spk_phase_skipped          (const SpkGameRules *rules,
                                        int                 wave,
                                        SpkPhase            phase);
/* The first phase played in wave 1 (Income, since Event is skipped).
 * spk_phase_next from SETUP gives the same with wave 1. */
SpkPhase    spk_phase_first            (const SpkGameRules *rules);
/* Moves *wave / *phase to the next phase that is played. After End of wave
 * of the last wave it sets SPK_PHASE_GAME_OVER (wave unchanged) and returns
 * FALSE; from GAME_OVER it stays there and returns FALSE. Appends e.g.
 * "Wave 2: Event Phase". */
gboolean    spk_phase_next             (const SpkGameRules *rules,
                                        int                *wave,
                                        SpkPhase           *phase,
                                        GPtrArray          *notes);

/* ------------------------------------------------------------------ */
/* Source, CP, market, limited builds, first player, limits              */

/* Income and CP of a wave: 5, 7, 9, 11, then +2 for each added wave
 * (13, 15, ...). The faster variant keeps the same series. 0 if wave < 1. */
int         spk_wave_income            (int wave);
int         spk_wave_cp                (int wave);

typedef struct {
  int before;
  int offered;   /* what the rules grant */
  int gained;    /* what fits under the capacity */
  int lost;      /* offered - gained */
  int after;
} SpkSourceGain;

/* Adds `amount` (>= 0) to `source`, capping at `capacity`. Source already
 * above capacity (an effect allowed it) is never reduced. */
SpkSourceGain spk_source_gain          (int source, int amount, int capacity);

/* Market options besides the earthscape: player count + 1. */
int         spk_market_options         (int player_count);
/* TRUE when the market is refreshed at the start of this wave's Market
 * Phase (every wave but the first). */
gboolean    spk_market_refreshes       (int wave);
/* FALSE with LIMIT_REACHED when an earthscape was already bought this
 * Market Phase (by anyone), NOT_ENOUGH_SOURCE when source < 2. */
gboolean    spk_market_check_earthscape (int         earthscapes_bought,
                                         int         source,
                                         GError    **error);

/* Limited builds left this Onslaught Phase, given how many were used. */
int         spk_limited_builds_left    (int used);
/* FALSE with LIMIT_REACHED when both were used. */
gboolean    spk_limited_build_check    (int used, GError **error);

/* The seat that is first player next wave: one to the left (clockwise). */
int         spk_first_player_next      (int first_player, int player_count);

/* The spire limit by player count is spk_spire_limit() in spk-board.h. */

/* Heroes a faction may have in play (deployment stack included) in a wave:
 * 1 (the starting hero only) in wave 1, 2 from wave 2 on. */
int         spk_hero_limit             (int wave);
/* Heroes of @faction standing on the board (a deployment stack's are
 * counted by the stack check). */
int         spk_heroes_in_play         (const SpkBoard *board,
                                        const char     *faction);

/* CP left unused at the end of the Prep Phase is lost; appends
 * "Brawnen: 2 CP unused and lost" when unused > 0. Returns unused. */
int         spk_cp_unused              (int wave, int cp_spent,
                                        const char *faction_name,
                                        GPtrArray  *notes);

/* ------------------------------------------------------------------ */
/* Fortress advancements                                                */

/* Structures are SpkStructure (spk-board.h): name, level names and costs
 * as the player entered them, and `bought` = levels 1..bought owned. A
 * faction's list is SpkFaction.structures (GPtrArray of SpkStructure*). */

/* Total bought advancements (what counts for power and repair). */
int         spk_structures_count       (const GPtrArray *structures);
/* Highest bought level in any structure, 0 when none. */
int         spk_structures_top_level   (const GPtrArray *structures);
/* "Inner Oak 1 – Amplify" (or "Inner Oak 1" without a level name). */
char       *spk_structure_level_title  (const SpkStructure *structure,
                                        int                 level);

/* May `level` (1-based) of `structure` be bought with `source`? Errors:
 * INVALID (no such level, or already bought), OUT_OF_ORDER (an earlier
 * level is missing; message names it), NOT_ENOUGH_SOURCE. */
gboolean    spk_structure_check_buy    (const SpkStructure *structure,
                                        int                 level,
                                        int                 source,
                                        GError            **error);
/* Checks as above, then sets structure->bought = level and lowers *source
 * by the cost. Appends "Grovetenders: bought Inner Oak 1 – Amplify for 3
 * Source". */
gboolean    spk_structure_buy          (SpkStructure *structure,
                                        int           level,
                                        int          *source,
                                        const char   *faction_name,
                                        GPtrArray    *notes,
                                        GError      **error);

/* ------------------------------------------------------------------ */
/* Gate repair (3–4 players, Income Phase after the gate fell)            */

typedef struct {
  int structure;   /* index into the structures array */
  int level;       /* the level removed (1-based) */
} SpkSacrifice;

typedef struct {
  int      health_before;
  int      health_after;       /* 3, or less when Source ran short */
  int      source_before;
  int      source_spent;       /* 2 per health bought */
  int      source_after;
  GArray  *sacrificed;         /* of SpkSacrifice, in removal order */
  gboolean tie_by_sheet_order; /* TRUE when equal-level advancements were
                                * taken in sheet order because the player
                                * gave no preference: the UI should ask */
  int      tie_level;          /* the level where that choice arose (0 when
                                * none): the tied structures are those that
                                * had at least that level bought */
  gboolean short_of_source;    /* could not reach 3 */
} SpkRepair;

/* TRUE when a gate at `gate_health` must be repaired in the next Income
 * Phase: 3–4 players, not team play, and health 0. */
gboolean   spk_gate_needs_repair       (const SpkGameRules *rules,
                                        int                 gate_health);
/* Plans the repair of a gate at `gate_health` (< 3): highest levels first
 * across all structures; among equal levels the structures in
 * `preference` (indices, first preferred; may be NULL / 0) come first, then
 * sheet order. Each advancement restores 1 health; then 2 Source per
 * health. Nothing is changed. A gate at 3 or more needs nothing (empty
 * plan). Free with spk_repair_clear. */
void       spk_gate_repair_plan        (const GPtrArray *structures,
                                        int              gate_health,
                                        int              source,
                                        const int       *preference,
                                        gsize            n_preference,
                                        SpkRepair       *out);
/* Applies a plan made by spk_gate_repair_plan on the same inputs: lowers
 * each sacrificed structure's `bought`, sets *gate_health and *source.
 * Appends e.g. "Brawnen: gate repaired to 3 (sacrificed Forge 2, Forge 1;
 * spent 2 Source)". */
void       spk_gate_repair_apply       (const SpkRepair  *plan,
                                        GPtrArray        *structures,
                                        int              *gate_health,
                                        int              *source,
                                        const char       *faction_name,
                                        GPtrArray        *notes);
void       spk_repair_clear            (SpkRepair *repair);

/* ------------------------------------------------------------------ */
/* Whole-table steps on an SpkBoard                                      */

/* These read and change faction fields of the board (source, gate_health,
 * structures, choose_mark, limited_builds); they never touch the game
 * state fields (wave, phase, first_player, winners): the model sets those
 * from the results. */

/* Options of the game the board records: player count, team play (any
 * faction has a team), faster (board->faster, or 3 waves; the faster game
 * (board->faster) also skips the Market Phase and has no Event Deck, so no
 * Event Phase), extra waves beyond the base count. */
void       spk_game_rules_from_board   (const SpkBoard *board,
                                        SpkGameRules   *rules);
/* Index of board->first_player in board->factions (0 when unset/unknown). */
int        spk_first_player_index      (const SpkBoard *board);

typedef struct {
  SpkSourceGain income;
  gboolean      repaired;
  SpkRepair     repair;      /* valid when repaired */
} SpkIncomeRow;

/* Income Phase: every faction gains the wave's income up to capacity, then
 * every gate needing repair is repaired (in board order; equal levels in
 * the order of the faction's repair_preference, then sheet order; a row's
 * repair.tie_by_sheet_order says the player had a choice and gave none). Returns one row per faction (free with spk_income_rows_free).
 * Notes: "Income: +7 Source to each faction", "Brawnen: 3 Source lost over
 * capacity", repairs. */
GArray    *spk_income_phase            (const SpkGameRules *rules,
                                        int                 wave,
                                        SpkBoard           *board,
                                        GPtrArray          *notes);
void       spk_income_rows_free        (GArray *rows);

/* Spires of a faction in play (placed spire chips). */
int        spk_spires_in_play          (const SpkBoard *board,
                                        const char     *faction);

typedef enum {
  SPK_DECIDED_NONE,           /* the game goes on */
  SPK_DECIDED_LAST_GATE,      /* only one gate stands (2p: first defeat) */
  SPK_DECIDED_TEAM_GATE,      /* team play: a gate fell */
  SPK_DECIDED_POWER,          /* end of last wave: fortress power */
  SPK_DECIDED_GATE_HEALTH,    /* tiebreak 1 */
  SPK_DECIDED_SOURCE,         /* tiebreak 2 */
  SPK_DECIDED_SPIRES,         /* tiebreak 3 */
  SPK_DECIDED_SHARED,         /* still tied: shared victory */
} SpkDecidedBy;

typedef struct {
  gboolean      game_over;
  SpkDecidedBy  decided_by;
  GPtrArray    *winners;     /* of char*: faction ids, board order; empty
                              * while the game goes on */
  gboolean      pillaged;
  SpkSourceGain pillage;     /* defeater's gain; before/after are its Source */
  int           pillage_taken;  /* Source removed from the defeated */
  GPtrArray    *new_marks;   /* of char*: faction ids, in turn order from
                              * the first player, whose mark was the
                              * defeated faction and must be declared again */
} SpkGateDefeat;

/* A gate has just been reduced to 0 (board already shows gate_health 0).
 * Decides: game over (2p: at once; 3–4p: only one gate left; team play:
 * any gate, the other team wins), else pillage by `defeater` (NULL or the
 * same faction or a friendly one: no pillage) and the factions that must
 * choose a new mark. Applies the pillage to the board and sets
 * choose_mark on those factions. Free with
 * spk_gate_defeat_clear. FALSE with NO_SUCH_FACTION for unknown ids. */
gboolean   spk_gate_defeated           (const SpkGameRules *rules,
                                        SpkBoard           *board,
                                        const char         *defeated,
                                        const char         *defeater,
                                        int                 first_player,
                                        SpkGateDefeat      *out,
                                        GPtrArray          *notes,
                                        GError            **error);
void       spk_gate_defeat_clear       (SpkGateDefeat *defeat);

typedef struct {
  char *faction;       /* id */
  char *team;          /* NULL when not in a team */
  int   gate_health;
  int   advancements;
  int   source;
  int   spires;
  int   power;         /* gate health + advancements; 0 if gate defeated */
} SpkPowerRow;

typedef struct {
  GArray       *rows;        /* of SpkPowerRow, board order */
  SpkDecidedBy  decided_by;
  GPtrArray    *winners;     /* of char*: faction ids (whole team in team
                              * play), board order */
  /* team play: sums per team, in order of first appearance */
  GPtrArray    *teams;       /* of char*: team names */
  GArray       *team_power;  /* of int, parallel to teams */
} SpkFinalScore;

/* After the last wave: fortress power and the tiebreak chain (power → gate
 * health → Source → spires in play → shared). In team play every value is
 * summed per team and the chain is applied to the sums. Notes name each
 * faction's power and the step that decided. Free with
 * spk_final_score_clear. */
void       spk_final_score             (const SpkGameRules *rules,
                                        const SpkBoard     *board,
                                        SpkFinalScore      *out,
                                        GPtrArray          *notes);
void       spk_final_score_clear       (SpkFinalScore *score);

typedef struct {
  int      first_player;      /* next wave's */
  int      limited_builds;    /* always 0: the pegs come off */
  gboolean game_over;         /* the last wave just ended */
} SpkWaveEnd;

/* End of wave: first player passes left, every faction's limited_builds
 * goes back to 0 (on the board), and whether that was the last wave.
 * Notes: "First player: Grovetenders". */
SpkWaveEnd spk_end_of_wave             (const SpkGameRules *rules,
                                        int                 wave,
                                        SpkBoard           *board,
                                        int                 first_player,
                                        GPtrArray          *notes);

/* ------------------------------------------------------------------ */
/* Deployment planning (Prep Phase)                                      */

typedef struct {
  const char  *id;
  const char  *name;          /* shown in explanations */
  SpkChipKind  kind;          /* SPK_CHIP_MINION or SPK_CHIP_HERO */
  int          cp_cost;       /* printed cost */
  gboolean     merc;          /* bought in the market: 0 CP */
  gboolean     returned;      /* hero deployed before, returned: 0 CP */
  gboolean     starting_hero; /* 0 CP; the only hero allowed in wave 1 */
  int          movement;
  int          group;         /* 0 ungrouped; equal positive = one group */
  int          returned_wave; /* returned: the wave it returned in (0:
                               * unknown); it may not deploy again in it */
} SpkPlanUnit;

typedef enum {
  SPK_STACK_OVER_CP,              /* selected cost above the wave's CP */
  SPK_STACK_GROUP_ORDER,          /* a group not lowest→highest movement */
  SPK_STACK_GROUP_SPLIT,          /* a group's minions not together */
  SPK_STACK_HERO_GROUPED,         /* a hero given a group */
  SPK_STACK_HERO_BETWEEN_MINIONS, /* minions both above and below a hero */
  SPK_STACK_HERO_WAVE_ONE,        /* wave 1: a hero other than the starting */
  SPK_STACK_TOO_MANY_HEROES,      /* above the hero limit */
  SPK_STACK_NOT_A_UNIT,           /* kind is neither minion nor hero */
  SPK_STACK_DUPLICATE,            /* one unit listed twice */
  SPK_STACK_RETURNED_THIS_WAVE,   /* a hero returned to its fortress this
                                   * wave deploys again in it */
} SpkStackProblemKind;

typedef struct {
  SpkStackProblemKind kind;
  int                 position;  /* stack index (0 = top), -1 for the stack */
  char               *text;      /* translated sentence */
} SpkStackProblem;

typedef struct {
  int        cp_available;
  int        cp_spent;     /* effective costs (0 for mercs etc.) */
  int        heroes;       /* in the stack */
  GPtrArray *problems;     /* of SpkStackProblem*: stack-wide CP first,
                            * then groups, heroes, hero limit */
} SpkStackCheck;

/* Validates a proposed stack (units[0] = top) for `wave`, with
 * `heroes_in_play` heroes of this faction already in play outside the
 * stack. Reports every violation; changes nothing. */
SpkStackCheck *spk_stack_check         (int                wave,
                                        int                heroes_in_play,
                                        const SpkPlanUnit *units,
                                        gsize              n_units);
void           spk_stack_check_free    (SpkStackCheck *check);
/* Effective CP cost: 0 for mercs, returned heroes and the starting hero. */
int            spk_plan_unit_cp        (const SpkPlanUnit *unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkStackCheck, spk_stack_check_free)

G_END_DECLS
