/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-setup.h: a new table for 2 to 4 factions, as the rulebook's
 * Set-Up lays it out (docs/rulings.md, R-setup-N).
 *
 * The player fills in a SpkNewTableSpec (seats in turn order, clockwise
 * from the first seat); spk_new_table_spec_check says what is wrong with
 * it and at which seat, without building anything, so a dialog can explain
 * before the table is made; spk_table_new_for_game builds the table, with
 * an empty history. Every rule applied here is the model's: the dialog
 * only asks. */
#pragma once

#include "spk-roster.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_SETUP_ERROR (spk_setup_error_quark ())

typedef enum {
  SPK_SETUP_ERROR_PLAYER_COUNT,      /* not 2 to 4 seats */
  SPK_SETUP_ERROR_UNKNOWN_FACTION,   /* a faction id the roster lacks */
  SPK_SETUP_ERROR_DUPLICATE_FACTION, /* one faction (or name) at two seats */
  SPK_SETUP_ERROR_NAME,              /* a custom faction without a name */
  SPK_SETUP_ERROR_TEAMS,             /* teams not 2 v 2 in alternating seats */
  SPK_SETUP_ERROR_MARK,              /* a mark the rules do not allow */
  SPK_SETUP_ERROR_FIRST_PLAYER,      /* no such seat */
} SpkSetupError;

GQuark spk_setup_error_quark (void);

#define SPK_SETUP_MIN_SEATS 2
#define SPK_SETUP_MAX_SEATS 4
#define SPK_SETUP_DEFAULT   (-1)

typedef struct {
  const char *faction;  /* a roster faction id; NULL: a custom faction */
  const char *name;     /* NULL or empty: the roster's name; a custom
                         * faction needs one */
  int         team;     /* 2 v 2 only: 1 or 2; 0 without teams */
  int         mark;     /* the seat this faction marks, or
                         * SPK_SETUP_DEFAULT for the seating-order rule */
} SpkSetupSeat;

typedef struct {
  guint         n_seats;       /* the player count */
  SpkSetupSeat  seats[SPK_SETUP_MAX_SEATS]; /* turn order */
  int           first_player;  /* a seat index */
  gboolean      teams;         /* team play (2 v 2) */
  gboolean      fortresses;    /* set each fortress on its side of the
                                * empty board (R-setup-3) */
} SpkNewTableSpec;

/* @n_seats seats, each with the default mark and no faction yet; the first
 * seat is first player; fortresses placed, no teams. */
void      spk_new_table_spec_init  (SpkNewTableSpec       *spec,
                                    guint                  n_seats);

/* The faction id seat @seat gets: its roster faction's id, else one made
 * from its name ("my-clan"), else "faction-N". Free with g_free. */
char     *spk_new_table_seat_id    (const SpkNewTableSpec *spec,
                                    guint                  seat);

/* An id for a faction called @name that none of @taken has: made from
 * the name ("My Clan!" → "my-clan"), else "faction-N" from N = @n_taken + 1
 * up. Free with g_free. */
char     *spk_faction_id_for_name  (const char            *name,
                                    const char *const     *taken,
                                    guint                  n_taken);

/* TRUE when spk_table_new_for_game would build this table. Otherwise
 * FALSE with @error (SPK_SETUP_ERROR, the message says what to change) and
 * @seat (may be NULL) set to the seat at fault, or -1 when the table as a
 * whole is. @roster gives the factions' ids and names. */
gboolean  spk_new_table_spec_check (const SpkNewTableSpec *spec,
                                    const SpkRoster       *roster,
                                    int                   *seat,
                                    GError               **error);

/* The table @spec describes: its factions in seat order with the Source
 * and gate health of the rulebook's Set-Up, marks, teams, first player,
 * market size for the player count and, when asked, the fortresses. No
 * hexes and no chips; the history is empty. NULL with @error as
 * spk_new_table_spec_check gives it. */
SpkTable *spk_table_new_for_game   (const SpkNewTableSpec *spec,
                                    const SpkRoster       *roster,
                                    GError               **error);

G_END_DECLS
