/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-board.h: the table as plain data, shared by every layer.
 *
 * SpkBoard mirrors one table file (docs/table-format.md) field for field.
 * The engine answers questions about it; the model owns and edits it; the
 * file code in src/model reads and writes it. Nothing here knows about
 * GObject, JSON or GTK.
 */
#pragma once

#include <glib.h>

#include "spk-codex.h"

#include "spk-hex.h"

G_BEGIN_DECLS

typedef enum {
  SPK_TERRAIN_PATH,
  SPK_TERRAIN_PLAINS,
  SPK_TERRAIN_FOREST,
  SPK_TERRAIN_MOUNTAINS,
  SPK_TERRAIN_WATER,
  SPK_N_TERRAINS
} SpkTerrain;

typedef enum {
  SPK_CHIP_MINION,
  SPK_CHIP_HERO,
  SPK_CHIP_SPIRE,
  SPK_CHIP_LANDMARK,
  SPK_N_CHIP_KINDS
} SpkChipKind;

typedef enum {
  SPK_UPGRADE_ATTACK,
  SPK_UPGRADE_RANGE,
  SPK_UPGRADE_FORTIFICATION,
  SPK_N_UPGRADES
} SpkUpgrade;

/* Unknown fields read from a file are kept verbatim as the text of a JSON
 * object (NULL when there were none) so that a re-save never drops them.
 * The engine never looks inside. */

/* One fortress structure of a faction: its advancements are bought in
 * order, lowest level first, so the number bought says which are owned.
 * Names and costs are typed in by the players from their reference sheet. */
typedef struct {
  char      *name;         /* e.g. "Inner Oak" */
  GPtrArray *level_names;  /* of char*: level 1 first */
  GArray    *level_costs;  /* of int: Source cost of each level */
  int        bought;       /* levels owned: 0..level_names->len */
  char      *extra;
} SpkStructure;

typedef struct {
  char *id;
  char *name;
  char *mark;          /* faction id whose gate this faction advances on */
  char *team;          /* NULL: only itself is friendly */
  int   source;
  int   gate_health;
  char *extra;
  /* Tracked by the model between waves (appended in format version 1). */
  int        cp;             /* command points left this wave */
  int        limited_builds; /* limited build options used this Onslaught */
  GPtrArray *structures;     /* of SpkStructure* */
  GPtrArray *relics;         /* of char*: relic cards held */
  GPtrArray *purchases;      /* of char*: market buys beside the barracks */
  gboolean   choose_mark;    /* its mark's gate fell: a new mark is due */
  gboolean   market_done;    /* took its one Market Phase turn this wave */
  char      *open_upgrade;   /* spire id: the limited build option just used
                              * on it may take more upgrades (R-build-4);
                              * NULL once any other step is taken */
  GPtrArray *repair_preference; /* of char*: structure names, preferred first,
                                 * for equal-level sacrifices at the next
                                 * gate repair (R-repair-1) */
} SpkFaction;

typedef struct {
  int         q, r;
  SpkTerrain  terrain;
  char       *group;
  gboolean    well;
  int         layer;
  char       *extra;
} SpkHexEntry;

typedef struct {
  char   *faction;
  SpkHex  gate;
  GArray *wells;       /* of SpkHex */
  char   *extra;
} SpkFortress;

/* The stats printed on a unit's promoted side, as far as the players
 * entered them: a hero that levels up at its capacity flips to them. */
typedef struct {
  int         movement;
  SpkTerrain  allowance;
  int         health;
  int         attack;
  int         capacity;
} SpkChipSide;

typedef struct {
  char        *id;
  SpkChipKind  kind;
  char        *faction;    /* NULL for landmarks */
  char        *name;
  gboolean     placed;     /* FALSE while in a deployment stack (no q, r) */
  int          q, r;
  int          movement;
  SpkTerrain   allowance;
  int          health;
  int          max_health;
  int          attack;
  GArray      *upgrades;   /* of SpkUpgrade; spires: top to bottom */
  int          capacity;
  GPtrArray   *talents;    /* of char* */
  gboolean     active;
  gboolean     moved;
  gboolean     revealed;
  GPtrArray   *grouped;    /* of char*: ids under this minion, top first */
  char        *extra;
  int          cost;       /* units: CP cost to select for deployment */
  int          reward;     /* Source granted to whoever defeats it */
  gboolean     merc;       /* bought at the market: no CP cost */
  gboolean     starting;   /* the faction's starting hero: no CP cost */
  int          returned;   /* hero: the wave it returned to its fortress in,
                            * 0 when it has not; while it waits beside the
                            * barracks it is neither placed nor stacked */
  /* Attacks (appended in format version 1). */
  gboolean     attacked;        /* has made its attack this turn */
  gboolean     retaliated;      /* has retaliated this turn */
  gboolean     spire_reward;    /* its defeater may build a free spire on its hex */
  gboolean     relic_reward;    /* its defeater draws a relic */
  gboolean     landmark_minion; /* landmarks: a bronze-bordered landmark minion,
                                 * a unit opposing every faction once revealed */
  gboolean     promoted;        /* lies on its promoted side */
  gboolean     has_promoted_side; /* promoted_side holds the printed stats */
  SpkChipSide  promoted_side;
  char        *roster;     /* id of the roster record it was made from, or NULL */
} SpkChip;

typedef struct {
  char      *faction;
  GPtrArray *stack;        /* of char*: chip ids, top first */
  char      *extra;
} SpkDeployment;

/* Which reading of when campfire mode begins a table plays by
 * (docs/rulings.md, W-5). The official one is the publisher's errata. */
typedef enum {
  SPK_CAMPFIRE_NO_OPPOSING = 0, /* errata: no opposing faction has units in play */
  SPK_CAMPFIRE_ONE_FACTION,     /* printed: only one faction has units in play */
} SpkCampfireRule;

typedef struct {
  int        player_count;
  int        wave;
  GPtrArray *factions;     /* of SpkFaction*   */
  GPtrArray *hexes;        /* of SpkHexEntry*  */
  GPtrArray *fortresses;   /* of SpkFortress*  */
  GPtrArray *chips;        /* of SpkChip*      */
  GPtrArray *deployment;   /* of SpkDeployment* */
  char      *extra;        /* unknown top-level fields */
  /* Where the game stands (appended in format version 1). */
  char      *phase;        /* phase name, see docs/table-format.md */
  char      *first_player; /* faction id; NULL: the first faction listed */
  int        waves;        /* waves in this game: 4, 3 when faster, more when longer */
  gboolean   faster;       /* the faster variant: no Market Phase */
  int        market_count; /* market chip options on offer */
  gboolean   earthscape_bought; /* this wave's earthscape is taken */
  char      *event;        /* event card in force, NULL when none */
  char      *notes;        /* the players' free text */
  GPtrArray *winners;      /* of char*: faction ids; empty while the game runs */
  char      *turn;         /* Onslaught Phase: faction id whose turn it is;
                            * NULL: the first player's */
  SpkCampfireRule campfire_rule; /* the rule reading the table plays by */
  /* The game played at this table: NULL for Cloudspire (the fields above);
   * a Codex table (file member "game": "codex") keeps its whole state
   * here and leaves the Cloudspire board empty (docs/table-format.md). */
  SpkCodex  *codex;
} SpkBoard;

SpkBoard      *spk_board_new             (void);
SpkBoard      *spk_board_copy            (const SpkBoard *board);
void           spk_board_free            (SpkBoard *board);
gboolean       spk_board_equal           (const SpkBoard *a,
                                          const SpkBoard *b);

SpkFaction    *spk_faction_new           (const char *id);
SpkFaction    *spk_faction_copy          (const SpkFaction *faction);
void           spk_faction_free          (SpkFaction *faction);

SpkStructure  *spk_structure_new         (const char *name);
SpkStructure  *spk_structure_copy        (const SpkStructure *structure);
void           spk_structure_free        (SpkStructure *structure);
void           spk_structure_add_level   (SpkStructure *structure,
                                          const char *name, int cost);

SpkHexEntry   *spk_hex_entry_new         (int q, int r, SpkTerrain terrain,
                                          const char *group);
SpkHexEntry   *spk_hex_entry_copy        (const SpkHexEntry *entry);
void           spk_hex_entry_free        (SpkHexEntry *entry);

SpkFortress   *spk_fortress_new          (const char *faction, SpkHex gate);
SpkFortress   *spk_fortress_copy         (const SpkFortress *fortress);
void           spk_fortress_free         (SpkFortress *fortress);

SpkChip       *spk_chip_new              (const char *id, SpkChipKind kind);
SpkChip       *spk_chip_copy             (const SpkChip *chip);
void           spk_chip_free             (SpkChip *chip);
gboolean       spk_chip_side_equal       (const SpkChipSide *a,
                                          const SpkChipSide *b);

SpkDeployment *spk_deployment_new        (const char *faction);
SpkDeployment *spk_deployment_copy       (const SpkDeployment *deployment);
void           spk_deployment_free       (SpkDeployment *deployment);

/* Look-ups by id; NULL when absent. Linear: fine for table-sized data.
 * Hot paths build their own index (see spk-grid.h). */
SpkFaction    *spk_board_find_faction    (const SpkBoard *board, const char *id);
SpkChip       *spk_board_find_chip       (const SpkBoard *board, const char *id);
SpkFortress   *spk_board_find_fortress   (const SpkBoard *board, const char *faction);
SpkDeployment *spk_board_find_deployment (const SpkBoard *board, const char *faction);
int            spk_board_chip_index      (const SpkBoard *board, const char *id);

/* What a player calls a faction or a chip: its name, or its id when it has
 * none. spk_board_faction_label names a faction id (the id itself when no
 * faction has it). */
const char    *spk_faction_label         (const SpkFaction *faction);
const char    *spk_chip_label            (const SpkChip    *chip);
const char    *spk_board_faction_label   (const SpkBoard   *board,
                                          const char       *faction);

/* The faction whose turn it is: in the Onslaught Phase the file's `turn`,
 * else the first player, else the first faction listed; NULL in other
 * phases or without factions. The one place "whose turn" is worked out. */
const char    *spk_board_get_turn        (const SpkBoard *board);
/* Its index in board->factions; -1 when spk_board_get_turn is NULL. */
int            spk_board_turn_index      (const SpkBoard *board);

/* TRUE when the two factions are friendly: the same faction, or both on the
 * same team. */
gboolean       spk_board_friendly        (const SpkBoard *board,
                                          const char *faction_a,
                                          const char *faction_b);

gboolean       spk_chip_is_unit          (const SpkChip *chip);
gboolean       spk_chip_has_talent       (const SpkChip *chip, const char *talent);
int            spk_chip_count_upgrades   (const SpkChip *chip, SpkUpgrade kind);

/* Names as written in the table file. _from_string returns FALSE for an
 * unknown name. */
const char    *spk_terrain_to_string     (SpkTerrain terrain);
/* Terrain and upgrades as a player reads them in a sentence, translated
 * (the table file keeps the *_to_string() names, which are also what a
 * player types). */
const char    *spk_terrain_label         (SpkTerrain terrain);
const char    *spk_upgrade_label         (SpkUpgrade upgrade);
gboolean       spk_terrain_from_string   (const char *s, SpkTerrain *out);
const char    *spk_chip_kind_to_string   (SpkChipKind kind);
/* The kind as a player reads it in a sentence, translated (the table file
 * and the JSON answers keep spk_chip_kind_to_string()'s name). */
const char    *spk_chip_kind_label       (SpkChipKind kind);
gboolean       spk_chip_kind_from_string (const char *s, SpkChipKind *out);
const char    *spk_upgrade_to_string     (SpkUpgrade upgrade);
gboolean       spk_upgrade_from_string   (const char *s, SpkUpgrade *out);

/* Spire limit by player count: 6 / 5 / 4 for 2 / 3 / 4 players. */
int            spk_spire_limit           (int player_count);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkBoard, spk_board_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkChip, spk_chip_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkFaction, spk_faction_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkHexEntry, spk_hex_entry_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkStructure, spk_structure_free)

G_END_DECLS
