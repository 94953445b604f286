/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table.h: the whole table as a GObject, with its history.
 *
 * SpkTable owns one SpkBoard (spk-board.h), the single source of truth, and
 * offers it to views as properties and list models (factions, the action
 * log) that notify exactly once per real change. Every change goes
 * through an action (the spk_table_* functions below that take a GError):
 * an action works on a copy of the board, is validated as a whole table
 * file would be, and is recorded as one named, reversible step. Steps can
 * be grouped (one player turn) so that undo and redo take them together.
 * The history is saved in the table file, so undo survives a restart; it
 * is an object of its own (SpkHistory, spk-history.h) and the functions
 * below are a thin layer over it.
 *
 * Errors are SPK_TABLE_ERROR (a change that would make the table invalid,
 * or a history that does not fit), SPK_TABLE_ACTION_ERROR (an action that
 * does not apply here) or SPK_ECONOMY_ERROR (a rule of spk-economy.h). */
#pragma once

#include <gio/gio.h>

#include "spk-attack.h"
#include "spk-board.h"
#include "spk-displace.h"
#include "spk-earthscape.h"
#include "spk-economy.h"
#include "spk-log-entry.h"

G_BEGIN_DECLS

#define SPK_TABLE_ACTION_ERROR (spk_table_action_error_quark ())

typedef enum {
  SPK_TABLE_ACTION_ERROR_UNKNOWN_FACTION,
  SPK_TABLE_ACTION_ERROR_UNKNOWN_CHIP,
  SPK_TABLE_ACTION_ERROR_UNKNOWN_HEX,
  SPK_TABLE_ACTION_ERROR_INVALID,        /* a value out of range */
  SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO,
  SPK_TABLE_ACTION_ERROR_NOTHING_TO_REDO,
  SPK_TABLE_ACTION_ERROR_GROUP_OPEN,     /* undo/redo while a group is open */
  SPK_TABLE_ACTION_ERROR_STACK,          /* deployment stack breaks a rule;
                                          * the message lists every problem */
  SPK_TABLE_ACTION_ERROR_GAME_OVER,      /* no phase after the end */
  SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT,
  SPK_TABLE_ACTION_ERROR_CAPACITY,       /* spire upgrade capacity */
  SPK_TABLE_ACTION_ERROR_EARTHSCAPE,     /* the earthscape may not lie there */
  SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN,  /* a unit of a faction whose turn it
                                          * is not, or a build after moving */
  SPK_TABLE_ACTION_ERROR_WRONG_PHASE,    /* not done in this phase */
  SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE,/* a displaced hero needs a hex
                                          * chosen; the message names it */
  SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE,   /* a choice the rules leave to a
                                          * player is missing; the message
                                          * names the question */
  SPK_TABLE_ACTION_ERROR_ALREADY_ATTACKED,
  SPK_TABLE_ACTION_ERROR_NOT_A_TARGET,   /* the message says why */
  SPK_TABLE_ACTION_ERROR_CANNOT_ATTACK,  /* the unit may not attack at all */
  SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION, /* a unit's movement to a hex the
                                          * movement rules do not allow */
  SPK_TABLE_ACTION_ERROR_NO_WELL,        /* a spire off a Source well */
  SPK_TABLE_ACTION_ERROR_OCCUPIED,       /* a chip covers the well */
  SPK_TABLE_ACTION_ERROR_OTHER_FORTRESS, /* another faction's fortress well */
  SPK_TABLE_ACTION_ERROR_NO_INFLUENCE,   /* the well is outside influence */
  SPK_TABLE_ACTION_ERROR_WRONG_GAME,     /* a Cloudspire action at a Codex
                                          * table, or the other way round */
} SpkTableActionError;

GQuark spk_table_action_error_quark (void);

/* The code of an error from an action as a stable name for scripts and
 * tests: "NOT_YOUR_TURN", "NOT_ENOUGH_SOURCE", "HEX_OCCUPIED"… for the
 * action, economy and table file domains; "ERROR" for any other. */
const char *spk_table_error_code_name (const GError *error);

/* What a step of history did, for observers such as SpkAutosave. */
typedef enum {
  SPK_TABLE_RECORD_DO,    /* a new step (the SpkLogEntry) was recorded */
  SPK_TABLE_RECORD_UNDO,  /* the last group was undone */
  SPK_TABLE_RECORD_REDO,  /* the next group was redone */
} SpkTableRecord;

#define SPK_TYPE_TABLE (spk_table_get_type ())
G_DECLARE_FINAL_TYPE (SpkTable, spk_table, SPK, TABLE, GObject)

/* Takes ownership of @board, which must be a valid table (as loaded). */
SpkTable   *spk_table_new                (SpkBoard    *board);
/* Loads a table file with its history. The file is never modified. */
SpkTable   *spk_table_new_from_file      (const char  *path,
                                          GError     **error);
SpkTable   *spk_table_new_from_data      (const char  *data,
                                          gssize       length,
                                          GError     **error);

/* The table file with the history (as extra top-level member "history").
 * Same table and history, same bytes. */
char       *spk_table_to_data            (SpkTable    *self,
                                          gsize       *length);
/* The table alone, exactly as spk_table_file_to_data writes it. */
char       *spk_table_to_table_data      (SpkTable    *self,
                                          gsize       *length);
/* Atomic write (temporary file, fsync, rename). */
gboolean    spk_table_save               (SpkTable    *self,
                                          const char  *path,
                                          GError     **error);

/* The board keeps its address for the table's life; the factions, chips
 * and other parts it points to are replaced by every change, so do not
 * keep pointers into it across actions. */
const SpkBoard *spk_table_get_board      (SpkTable    *self);

/* Properties (read-only; change them with actions). */
int         spk_table_get_player_count   (SpkTable    *self);
int         spk_table_get_wave           (SpkTable    *self);
int         spk_table_get_waves          (SpkTable    *self);
SpkPhase    spk_table_get_phase          (SpkTable    *self);
const char *spk_table_get_first_player   (SpkTable    *self);
gboolean    spk_table_get_faster         (SpkTable    *self);
/* Which reading of when campfire mode begins the table plays by (W-5). */
SpkCampfireRule spk_table_get_campfire_rule (SpkTable *self);
int         spk_table_get_market_count   (SpkTable    *self);
const char *spk_table_get_event          (SpkTable    *self);
const char *spk_table_get_notes          (SpkTable    *self);
gboolean    spk_table_get_game_over      (SpkTable    *self);
/* Faction id whose turn it is in the Onslaught Phase (the file's `turn`,
 * else the first player); NULL in other phases. Once a turn is ended
 * (spk_table_end_turn), undo and redo take all its steps together; while
 * it is played they go step by step. */
const char *spk_table_get_turn           (SpkTable    *self);
/* The game played at this table: "cloudspire" or "codex" (the table
 * file's `game`). A Codex table's state is spk_table_get_codex
 * (spk-table-codex.h); its Cloudspire board stays empty. */
const char *spk_table_get_game           (SpkTable    *self);

/* Lists of SpkFactionModel (board order) and SpkLogEntry
 * (the steps done, oldest first). Owned by the table. */
GListModel *spk_table_get_factions       (SpkTable    *self);
GListModel *spk_table_get_log            (SpkTable    *self);

/* History. */
gboolean    spk_table_can_undo           (SpkTable    *self);
gboolean    spk_table_can_redo           (SpkTable    *self);
/* Label of the step undo/redo would take first; NULL when none. */
const char *spk_table_get_undo_label     (SpkTable    *self);
const char *spk_table_get_redo_label     (SpkTable    *self);
/* What undo/redo would take back or do again, for a toast or tooltip: the
 * step's label, and how many more steps come with it when a finished turn
 * goes as one (R-model, R-turns). NULL when none; free with g_free. */
char       *spk_table_describe_undo      (SpkTable    *self);
char       *spk_table_describe_redo      (SpkTable    *self);
/* How many steps the next undo takes back (0 when none). */
guint       spk_table_get_undo_steps     (SpkTable    *self);
/* The most steps the history keeps; 0 (the default) keeps every step.
 * Over the limit, the oldest steps that are done go, a whole group at a
 * time, at once when the limit is lowered and then with each new step;
 * undo then reaches back no further. Only the way back is shortened: the
 * table as it stands and the steps that can be redone are never dropped,
 * and nothing is recorded (the autosave's next snapshot keeps the shorter
 * history). */
void        spk_table_set_history_limit  (SpkTable    *self,
                                          guint        max_steps);
guint       spk_table_get_history_limit  (SpkTable    *self);
guint       spk_table_get_history_length (SpkTable    *self);
guint       spk_table_get_history_position (SpkTable  *self);
/* Number of operations recorded so far (do, undo, redo): increases by one
 * with every "recorded" signal; saved with the history. */
guint64     spk_table_get_sequence       (SpkTable    *self);
SpkLogEntry *spk_table_get_step          (SpkTable    *self,
                                          guint        index);
/* Undo / redo the last / next group of steps (one step when ungrouped). */
gboolean    spk_table_undo               (SpkTable    *self,
                                          GError     **error);
gboolean    spk_table_redo               (SpkTable    *self,
                                          GError     **error);
/* Steps recorded between begin and end form one group (a player's turn).
 * Groups nest: the outermost pair counts. */
void        spk_table_begin_group        (SpkTable    *self);
void        spk_table_end_group          (SpkTable    *self);
/* Replays a step recorded elsewhere (an autosave journal) as a new step. */
gboolean    spk_table_replay_step        (SpkTable    *self,
                                          SpkLogEntry *step,
                                          GError     **error);

/* Dry run: between begin and end every action makes all of its checks
 * (the rules, then the table file's own validation) and answers TRUE or
 * FALSE with the same error as it would for real, but records nothing and
 * changes nothing. This is how a widget asks "may I?" and "why not?"
 * without repeating a rule; `spirekeeper-cli check` asks the same. Dry runs
 * nest. */
void        spk_table_begin_dry_run      (SpkTable    *self);
void        spk_table_end_dry_run        (SpkTable    *self);
gboolean    spk_table_get_dry_run        (SpkTable    *self);

/* ---- Actions -------------------------------------------------------- */
/* Each returns FALSE with @error and changes nothing when it does not
 * apply; an action that changes nothing records nothing. @reason (may be
 * NULL) is shown in brackets in the log label. */

gboolean spk_table_set_source        (SpkTable *self, const char *faction, int source,
                                      const char *reason, GError **error);
gboolean spk_table_set_gate_health   (SpkTable *self, const char *faction, int health,
                                      const char *reason, GError **error);
gboolean spk_table_set_cp            (SpkTable *self, const char *faction, int cp,
                                      const char *reason, GError **error);
gboolean spk_table_set_mark          (SpkTable *self, const char *faction, const char *mark,
                                      GError **error);
/* Gives @faction a new name (say "Brawnen" for the "Red" of an empty
 * board); surrounding spaces are dropped. The id stays, so nothing else
 * changes. SPK_TABLE_ACTION_ERROR_INVALID for an empty name or one another
 * faction has (case ignored). */
gboolean spk_table_set_faction_name  (SpkTable *self, const char *faction, const char *name,
                                      GError **error);
/* Adds a faction @id called @name at the end of the seating order, or
 * removes one, as one undoable step each; player count, market size and
 * marks follow (docs/rulings.md, Factions). Removing is refused while the
 * faction has chips, a deployment stack or a fortress on the table. */
gboolean spk_table_add_faction       (SpkTable *self, const char *id, const char *name,
                                      GError **error);
gboolean spk_table_remove_faction    (SpkTable *self, const char *id, GError **error);
gboolean spk_table_add_relic         (SpkTable *self, const char *faction, const char *relic,
                                      const char *reason, GError **error);
gboolean spk_table_remove_relic      (SpkTable *self, const char *faction, const char *relic,
                                      GError **error);
gboolean spk_table_set_notes         (SpkTable *self, const char *notes, GError **error);
gboolean spk_table_set_event         (SpkTable *self, const char *event, GError **error);
/* Variant options: faster (3 waves, no Market Phase) and the number of
 * waves (4 standard, more for a longer game). */
gboolean spk_table_set_variant       (SpkTable *self, gboolean faster, int waves,
                                      GError **error);
/* Plays the table by another reading of when campfire mode begins
 * (docs/rulings.md, W-5), as one step whose label names the reading. It
 * counts from the next start of a turn: heroes already inactive stay so. */
gboolean spk_table_set_campfire_rule (SpkTable *self, SpkCampfireRule rule, GError **error);
/* The reading as a player names it: "no opposing faction has units in play
 * (errata, official)" or "only one faction has units in play (printed
 * rule)". */
const char *spk_campfire_rule_label  (SpkCampfireRule rule);

/* Chips. A new chip's id must be unique; placed chips need a free place. */
gboolean spk_table_place_chip        (SpkTable *self, const SpkChip *chip, GError **error);
gboolean spk_table_move_chip         (SpkTable *self, const char *chip, int q, int r,
                                      GError **error);
/* A unit's movement: like spk_table_move_chip, and the unit is marked as
 * moved this turn (spk-movement.h then answers "already moved" for it).
 * Its own hex as destination records that it stays and has had its move.
 * In the Onslaught Phase the hex must be one the movement engine allows
 * (staying only where it allows that, M-15); anything else is
 * SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION with the engine's reason.
 * spk_table_move_chip stays the by-hand correction of the map.
 * SPK_TABLE_ACTION_ERROR_INVALID for a spire or landmark, or a unit that
 * has moved already. */
gboolean spk_table_move_unit         (SpkTable *self, const char *chip, int q, int r,
                                      GError **error);
/* spk_table_move_unit and spk_table_move_chip with displacement: when the
 * movement engine's route of a minion to (q, r) passes or ends on friendly
 * heroes, they make way in the same step (spk-displace.h; rulings M-11 ..
 * M-14): each to the hex the minion left, or where @choices (by hero id)
 * put it when that hex cannot take it; a hero put on its own gate returns
 * to the fortress. A needed choice missing from @choices refuses the move
 * with SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE, naming the hero and the
 * hexes to choose from (spk_displacements lists them for a dialog); a
 * choice that is not one of them, or a hero with nowhere to go, with
 * SPK_TABLE_ACTION_ERROR_INVALID. The plain functions are these with no
 * choices. */
gboolean spk_table_move_unit_full    (SpkTable *self, const char *chip, int q, int r,
                                      const SpkDisplaceChoice *choices, guint n_choices,
                                      GError **error);
gboolean spk_table_move_chip_full    (SpkTable *self, const char *chip, int q, int r,
                                      const SpkDisplaceChoice *choices, guint n_choices,
                                      GError **error);
/* Onslaught Phase: the faction whose turn it is ends it. Opposing gates
 * first retaliate on its units that stood beside them without attacking
 * (R-attack-9); then its units' moved and attacked marks and everyone's
 * retaliated marks are cleared and the turn passes to the next faction in
 * turn order (the order of the factions, after the last the first again),
 * whose heroes go into campfire mode when it is the only side left with
 * units in play (W-2). SPK_TABLE_ACTION_ERROR_INVALID in other phases. */
gboolean spk_table_end_turn          (SpkTable *self, GError **error);
/* Replaces every field of the chip with @chip->id by those of @chip. */
gboolean spk_table_edit_chip         (SpkTable *self, const SpkChip *chip, GError **error);
gboolean spk_table_remove_chip       (SpkTable *self, const char *chip, const char *reason,
                                      GError **error);
/* A chip is defeated: it leaves the table and @by (a faction id, or NULL)
 * gains its Source reward up to capacity. */
gboolean spk_table_defeat_chip       (SpkTable *self, const char *chip, const char *by,
                                      GError **error);
/* @amount damage to a chip (spk-damage.h): health, fortifications, spire
 * upgrades, grouped minions revealed; a defeated chip leaves the table and
 * @by gains its reward. */
gboolean spk_table_damage_chip       (SpkTable *self, const char *chip, int amount,
                                      const char *by, GError **error);
/* @amount damage to @faction's gate; when it falls, pillage, new marks and
 * the end of the game follow the rules (spk-economy.h). */
gboolean spk_table_damage_gate       (SpkTable *self, const char *faction, int amount,
                                      const char *by, GError **error);

/* Onslaught Phase, attack stage: @attacker (a unit of the faction whose
 * turn it is) attacks @target (a chip id, or "gate:FACTION"), as one step:
 * damage, retaliation, defeats with their rewards (Source, the spire reward
 * built, the relic kept or sold), pillage, the level-up, and the attacked /
 * retaliated marks (spk-attack.h, R-attack-N). @choices (may be NULL when
 * nothing is asked) answers the questions the rules leave to the players;
 * one that is needed and missing is SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE.
 * Refused with WRONG_PHASE outside the Onslaught Phase, NOT_YOUR_TURN,
 * ALREADY_ATTACKED, CANNOT_ATTACK or NOT_A_TARGET (the message says why). */
gboolean spk_table_attack            (SpkTable *self, const char *attacker, const char *target,
                                      const SpkAttackChoices *choices, GError **error);
/* @hero levels up as spk_hero_level_up does (an upgrade, a promotion, or
 * nothing at capacity when promoted), as one step. */
gboolean spk_table_level_up          (SpkTable *self, const char *hero, SpkLevelUpChoice upgrade,
                                      GError **error);

/* Map. */
gboolean spk_table_add_hex           (SpkTable *self, const SpkHexEntry *hex, GError **error);
gboolean spk_table_remove_hex        (SpkTable *self, int q, int r, int layer, GError **error);
gboolean spk_table_set_hex           (SpkTable *self, int q, int r, int layer,
                                      SpkTerrain terrain, gboolean well, const char *group,
                                      GError **error);
/* Lays an earthscape (spk-earthscape.h) where spk_earthscape_check
 * allows it for @faction, as one step; a bought earthscape waiting in the
 * faction's purchases is used up. SPK_TABLE_ACTION_ERROR_EARTHSCAPE names
 * every reason it may not lie there. */
gboolean spk_table_place_earthscape  (SpkTable *self, const char *faction,
                                      const SpkEarthscape *earthscape, GError **error);
gboolean spk_table_place_fortress    (SpkTable *self, const char *faction, SpkHex gate,
                                      const SpkHex *wells, guint n_wells, GError **error);

/* Prep Phase: the deployment stack of @faction becomes @units (of
 * SpkChip*, top first; a minion grouped under another, named in its
 * `grouped`, comes right after it and is not a stack entry). The units come
 * from the barracks: none may stand on the board. Units of the previous
 * stack go back to the barracks. The stack is checked with spk_stack_check
 * (CP of the wave, group order, hero position and limits); every problem
 * is named in the error (SPK_TABLE_ACTION_ERROR_STACK). In the Prep Phase
 * the faction's CP becomes what the stack leaves unspent. */
gboolean spk_table_set_deployment    (SpkTable *self, const char *faction,
                                      const GPtrArray *units, GError **error);
/* The rules check spk_table_set_deployment applies to @units, for an
 * editor to explain before anything is applied; changes nothing. */
SpkStackCheck *spk_table_check_deployment (SpkTable *self, const char *faction,
                                           const GPtrArray *units);

/* Wave sequence: moves to the next phase and applies what the rules apply
 * on the way (income and repair, market size, CP, unused CP lost, limited
 * builds reset, first player passing, the end of the game), one step.
 * A gate repair whose sacrifice is the player's choice (equal-level
 * advancements, more than are needed) is never guessed: without a
 * preference (spk_table_set_repair_preference) the step is refused with
 * SPK_TABLE_ACTION_ERROR_NEEDS_CHOICE naming the faction and the tied
 * structures (R-repair-1). */
gboolean spk_table_advance_phase     (SpkTable *self, GError **error);
/* The structures @faction prefers to sacrifice first among equal levels at
 * its next gate repair (names as entered, NULL-terminated; NULL or empty
 * clears it). Used up by the repair. */
gboolean spk_table_set_repair_preference (SpkTable *self, const char *faction,
                                          const char *const *structures, GError **error);
/* The factions whose repair on entering the next phase waits for a choice,
 * each with the names of its tied structures: a hash table of faction id →
 * GStrv (sheet order), empty when none. Free with g_hash_table_unref. */
GHashTable *spk_table_get_repair_choices (SpkTable *self);

/* Market Phase purchases: pay @cost Source and keep @item beside the
 * barracks; the earthscape costs 2 and only one is bought per wave. In the
 * Market Phase the factions take one turn each, a purchase or a pass, in
 * turn order from the first player (RB Market Phase, R-market-2): a faction
 * whose turn it is not gets SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN naming
 * whose it is. Outside the Market Phase a purchase is an effect's and
 * takes no turn. A merc's or item's price is printed on it, never assumed:
 * @cost SPK_MARKET_COST_UNSET (not entered yet) is refused, asking for it. */
#define SPK_MARKET_COST_UNSET (-1)
gboolean spk_table_buy_market_chip   (SpkTable *self, const char *faction, const char *item,
                                      int cost, GError **error);
gboolean spk_table_buy_earthscape    (SpkTable *self, const char *faction, GError **error);
/* @faction passes its Market Phase turn (Market Phase only). */
gboolean spk_table_pass_market       (SpkTable *self, const char *faction, GError **error);
/* The faction whose Market Phase turn it is; NULL outside the Market Phase
 * or when every faction has had its turn. */
const char *spk_table_get_market_turn (SpkTable *self);

/* Fortress advancements: the structures as the player typed them from the
 * reference sheet, then buying the next level of one, in the Build Phase
 * only (SPK_TABLE_ACTION_ERROR_WRONG_PHASE otherwise, R-build-3). */
gboolean spk_table_set_structures    (SpkTable *self, const char *faction,
                                      const GPtrArray *structures, GError **error);
gboolean spk_table_buy_advancement   (SpkTable *self, const char *faction,
                                      const char *structure, GError **error);

/* Spires: build @spire (a chip of kind spire, placed, with its starting
 * upgrades) paying @cost Source (0 for a merc spire; a bought merc spire
 * named in purchases is taken from there); the spire limit applies, and
 * the place must pass spk_spire_build_check (a free Source well, not
 * another faction's fortress, within influence unless @reward):
 * SPK_TABLE_ACTION_ERROR_SPIRE_LIMIT, _NO_WELL, _OCCUPIED, _OTHER_FORTRESS,
 * _NO_INFLUENCE.
 * A build is done in the Build Phase, or in the Onslaught Phase as one of
 * the faction's limited builds, on its own turn before any of its units
 * moved (SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN); in other phases it is
 * refused (SPK_TABLE_ACTION_ERROR_WRONG_PHASE). A @reward (a spire an
 * effect grants, @reason says which) is taken in any phase and uses no
 * limited build (R-build-1, R-build-2). */
gboolean spk_table_build_spire       (SpkTable *self, const SpkChip *spire, int cost,
                                      gboolean reward, const char *reason, GError **error);
/* Adds @upgrade at the bottom: attack and range cost the number of
 * upgrades after adding it, fortification 2; a spire at or over its
 * capacity takes none (SPK_TABLE_ACTION_ERROR_CAPACITY). When and how as
 * for a build; a @reward upgrade costs nothing. In the Onslaught Phase an
 * upgrade right after a limited-build upgrade of the same spire, with no
 * other step between, continues that build option (R-build-4). */
gboolean spk_table_upgrade_spire     (SpkTable *self, const char *spire, SpkUpgrade upgrade,
                                      gboolean reward, GError **error);
/* One build option: @n upgrades added to @spire in order, each priced as
 * spk_spire_plan_cost prices it, as one step. Refused whole when any of
 * them would go over capacity. */
gboolean spk_table_upgrade_spire_many (SpkTable *self, const char *spire,
                                       const SpkUpgrade *upgrades, guint n,
                                       gboolean reward, GError **error);

/* End-of-game evaluation now (fortress power and tiebreaks); sets the
 * winners and the "over" phase. */
gboolean spk_table_end_game          (SpkTable *self, GError **error);

G_END_DECLS
