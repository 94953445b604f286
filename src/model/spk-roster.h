/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-roster.h: the game's chips as data (data/roster/GAME.json).
 *
 * A roster lists every chip of a game as far as published data reaches:
 * one record per chip type with its basic and promoted sides. A value
 * nobody has published is absent from the file and unknown here (-1, or
 * NULL for lists), so the app asks the player instead of guessing. The
 * format is docs/roster-format.md. Plain structs, no GTK; a roster is
 * immutable once loaded.
 */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_ROSTER_ERROR (spk_roster_error_quark ())

typedef enum {
  SPK_ROSTER_ERROR_IO,            /* the file could not be read */
  SPK_ROSTER_ERROR_SYNTAX,        /* not JSON, or JSON the guard refuses */
  SPK_ROSTER_ERROR_NOT_A_ROSTER,  /* missing or wrong "format" */
  SPK_ROSTER_ERROR_NEWER_VERSION, /* "version" newer than we read */
  SPK_ROSTER_ERROR_INVALID,       /* a field is missing, mistyped or out of range */
  SPK_ROSTER_ERROR_TOO_LONG,      /* a string or list past the limits below */
  SPK_ROSTER_ERROR_NOT_FOUND,     /* no record has that id */
  SPK_ROSTER_ERROR_NOT_A_CHIP,    /* equipment, or a side the record lacks */
} SpkRosterError;

/* The shipped roster's longest string is a few hundred characters and its
 * longest list a few dozen records; past these a file is refused. */
#define SPK_ROSTER_MAX_CHARS 2000
#define SPK_ROSTER_MAX_ITEMS 1000
/* No printed stat of the game reaches this; larger is a typing mistake. */
#define SPK_ROSTER_MAX_STAT 30

typedef enum {
  SPK_ROSTER_MINION,
  SPK_ROSTER_HERO,
  SPK_ROSTER_SPIRE,
  SPK_ROSTER_LANDMARK,
  SPK_ROSTER_EQUIPMENT, /* a market chip put under a hero: not a board chip */
  SPK_ROSTER_N_KINDS
} SpkRosterKind;

typedef enum {
  SPK_ROSTER_SIDE_BASIC,
  SPK_ROSTER_SIDE_PROMOTED,
} SpkRosterSide;

#define SPK_ROSTER_UNKNOWN (-1)

/* One printed side. Numbers are SPK_ROSTER_UNKNOWN when not published. */
typedef struct {
  char      *name;          /* the side's own name (promoted spires); NULL: the record's */
  int        cp_cost;
  int        source_cost;
  int        source_reward;
  int        movement;
  int        allowance;     /* an SpkTerrain, or SPK_ROSTER_UNKNOWN */
  int        health;
  int        attack;
  int        capacity;
  GArray    *upgrades;      /* of SpkUpgrade, starting upgrades; NULL: unknown */
  GPtrArray *talents;       /* of char*, as far as known; NULL: none known */
  gboolean   talents_complete; /* the list is every talent of the side */
  gboolean   relic_reward;
  gboolean   spire_reward;
} SpkRosterSideStats;

typedef struct {
  char              *id;
  char              *name;
  SpkRosterKind      kind;
  char              *faction;     /* a faction id, "market" or "landmark" */
  gboolean           merc;        /* bought at the market */
  int                count;       /* chips of this type in the box; -1: unknown */
  char              *landmark_type;   /* landmarks: "swamp", "ruins", ...; else NULL */
  gboolean           landmark_minion; /* a landmark that is a unit once revealed */
  GPtrArray         *aliases;     /* of char*: other spellings */
  SpkRosterSideStats basic;
  gboolean           has_promoted;
  SpkRosterSideStats promoted;
  GPtrArray         *sources;     /* of char*: where the values come from, never empty */
  GPtrArray         *disputed;    /* of char*: fields ("promoted.attack") sources disagree on */
  char              *notes;
} SpkRosterRecord;

typedef struct {
  char      *id;
  char      *name;
  gboolean   starter;      /* one of the factions the rulebook's first game uses */
  int        heroes;       /* -1: unknown */
  int        minion_chips;
  int        spire_chips;
} SpkRosterFaction;

typedef struct {
  const SpkRosterRecord *record;
  SpkRosterSide          side;  /* the side whose name matched */
} SpkRosterMatch;

typedef struct _SpkRoster SpkRoster;

GQuark                  spk_roster_error_quark     (void);

/* Reads and validates a roster. On failure returns NULL with @error set;
 * messages of SPK_ROSTER_ERROR_INVALID and _TOO_LONG start with the JSON
 * path of the value ("records[3].basic.health: "). */
SpkRoster              *spk_roster_load_from_file  (const char  *path,
                                                    GError     **error);
/* Same from memory; @length -1 means NUL-terminated. */
SpkRoster              *spk_roster_load_from_data  (const char  *data,
                                                    gssize       length,
                                                    GError     **error);
void                    spk_roster_free            (SpkRoster   *roster);

const char             *spk_roster_get_game        (const SpkRoster *roster);
guint                   spk_roster_get_n_records   (const SpkRoster *roster);
const SpkRosterRecord  *spk_roster_get_record      (const SpkRoster *roster,
                                                    guint            index);
guint                   spk_roster_get_n_factions  (const SpkRoster *roster);
const SpkRosterFaction *spk_roster_get_faction     (const SpkRoster *roster,
                                                    guint            index);
/* NULL when no record has @id. */
const SpkRosterRecord  *spk_roster_lookup          (const SpkRoster *roster,
                                                    const char      *id);

/* Records whose name, promoted side's name or an alias matches @text,
 * compared without case or accents: first those where a word starts with
 * @text (in roster order), then those that merely contain it. Empty text
 * matches nothing. Returns a GArray of SpkRosterMatch (never NULL). */
GArray                 *spk_roster_search          (const SpkRoster *roster,
                                                    const char      *text);

/* A chip of @side of the record @id for @faction (ignored for landmarks,
 * required otherwise), with id @chip_id (NULL: the record's id). Known
 * values are copied; unknown ones stay at the spk_chip_new defaults and
 * their field names ("health", "promoted.attack", "talents") are added to
 * @unknown (of char*, when not NULL). A unit's basic-side chip also carries
 * its promoted side's stats. NULL with @error for an unknown id, for
 * equipment, or for a side the record does not have. */
SpkChip                *spk_roster_make_chip       (const SpkRoster *roster,
                                                    const char      *id,
                                                    SpkRosterSide    side,
                                                    const char      *faction,
                                                    const char      *chip_id,
                                                    GPtrArray       *unknown,
                                                    GError         **error);

const char             *spk_roster_kind_to_string  (SpkRosterKind kind);

/* The roster file of @game ("cloudspire"): $SPK_ROSTER_DIR/GAME.json when
 * that variable is set, else PKGDATADIR/roster/GAME.json, else (running
 * uninstalled) the source tree's data/roster/GAME.json. The first that
 * exists, or NULL. */
char                   *spk_roster_find_file       (const char *game);

/* The Cloudspire roster found by spk_roster_find_file, loaded on first use
 * and kept for the life of the process: what the app, the CLI and the
 * table file share. NULL with @error when it is missing or does not load
 * (tried again on the next call). */
const SpkRoster        *spk_roster_get_default     (GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkRoster, spk_roster_free)

G_END_DECLS
