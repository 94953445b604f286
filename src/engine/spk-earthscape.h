/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-earthscape.h: may a faction lay this earthscape here?
 *
 * An earthscape goes either beside the play area (none of its hexes over an
 * existing place) or on top of it (every hex over an existing hex). The
 * check lists every reason it may not, so a player sees them all at once.
 */
#pragma once

#include "spk-grid.h"

G_BEGIN_DECLS

#define SPK_EARTHSCAPE_ERROR (spk_earthscape_error_quark ())

typedef enum {
  SPK_EARTHSCAPE_ERROR_UNKNOWN_FACTION,
  SPK_EARTHSCAPE_ERROR_EMPTY,          /* no hexes */
  SPK_EARTHSCAPE_ERROR_DUPLICATE_HEX,  /* the same q, r twice */
  SPK_EARTHSCAPE_ERROR_NOT_ONE_PIECE,  /* hexes that do not touch each other */
} SpkEarthscapeError;

/* The piece to lay: its group id and its hexes (SpkHexEntry*, layer
 * ignored). @layer is the layer the caller expects, or -1 to let the check
 * work it out (0 beside, one above the covered hexes on top). */
typedef struct {
  char      *group;
  GPtrArray *hexes;
  int        layer;
} SpkEarthscape;

typedef enum {
  SPK_EARTHSCAPE_BESIDE,
  SPK_EARTHSCAPE_ON_TOP,
  SPK_EARTHSCAPE_MIXED,      /* partly over hexes, partly over sky */
} SpkEarthscapePlacement;

typedef enum {
  SPK_EARTHSCAPE_PROBLEM_GROUP_IN_PLAY,  /* the group id is already on the table */
  SPK_EARTHSCAPE_PROBLEM_OVER_FORTRESS,  /* covers a gate or fortress well (hex) */
  SPK_EARTHSCAPE_PROBLEM_PART_OVER_SKY,  /* partly on hexes, partly on sky */
  SPK_EARTHSCAPE_PROBLEM_UNEVEN,         /* covered hexes on different layers (hex) */
  SPK_EARTHSCAPE_PROBLEM_OCCUPIED,       /* a covered hex holds a chip (hex) */
  SPK_EARTHSCAPE_PROBLEM_NO_INFLUENCE,   /* on top: no covered hex under influence */
  SPK_EARTHSCAPE_PROBLEM_NO_SPIRE_EDGE,  /* beside: no edge on a group with own spire */
  SPK_EARTHSCAPE_PROBLEM_LAYER_MISMATCH, /* the layer given is not where it lies (layer) */
  SPK_EARTHSCAPE_PROBLEM_PATH_BROKEN,    /* path no longer joins two gates (gate_a, gate_b) */
} SpkEarthscapeProblemKind;

typedef struct {
  SpkEarthscapeProblemKind kind;
  SpkHex                   hex;     /* the hex concerned, where there is one */
  int                      layer;   /* LAYER_MISMATCH: the layer it would lie on */
  int                      gate_a;  /* PATH_BROKEN: indices into board->fortresses */
  int                      gate_b;
} SpkEarthscapeProblem;

typedef struct {
  gboolean                ok;
  SpkEarthscapePlacement  placement;
  int                     layer;     /* layer the hexes would take */
  GArray                 *problems;  /* of SpkEarthscapeProblem */
} SpkEarthscapeCheck;

GQuark              spk_earthscape_error_quark (void);

/* A stable, untranslated name for a problem kind, e.g. "path-broken". */
const char         *spk_earthscape_problem_code (SpkEarthscapeProblemKind kind);

SpkEarthscape      *spk_earthscape_new       (const char *group);
void                spk_earthscape_free      (SpkEarthscape *earthscape);

void                spk_earthscape_check_free (SpkEarthscapeCheck *check);

/* Checks laying @earthscape on @board for @faction. NULL with an
 * SPK_EARTHSCAPE_ERROR when the faction or the piece itself is bad. */
SpkEarthscapeCheck *spk_earthscape_check     (const SpkBoard       *board,
                                              const SpkEarthscape  *earthscape,
                                              const char           *faction,
                                              GError              **error);

/* A copy of @board with the earthscape's hexes added on @layer. */
SpkBoard           *spk_earthscape_apply     (const SpkBoard       *board,
                                              const SpkEarthscape  *earthscape,
                                              int                   layer);

/* For every pair of fortress gates, whether path hexes join them:
 * @connected gets n*n gbooleans (n = board->fortresses->len), row-major. */
void                spk_earthscape_path_links (const SpkGrid *grid,
                                               gboolean      *connected);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkEarthscape, spk_earthscape_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkEarthscapeCheck, spk_earthscape_check_free)

G_END_DECLS
