/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-displace.h: where the heroes a minion swaps with end up.
 *
 * The movement engine (spk-movement.h) lists, for each destination, one
 * example route and the friendly heroes on it. This file works out what
 * happens to each of them when the minion walks that route: a hero goes to
 * the hex the minion has just left; when that hex cannot take it (another
 * chip stands there, or it is a gate other than the hero's own) the player
 * picks one of the hexes next to the hero. A hero that lands on its own
 * gate has returned to its fortress. docs/rulings.md, M-11 to M-14.
 *
 * Pure: nothing on the board changes; the model applies the answer.
 */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_DISPLACE_ERROR (spk_displace_error_quark ())

typedef enum {
  SPK_DISPLACE_ERROR_UNKNOWN_CHIP, /* no chip has that id */
  SPK_DISPLACE_ERROR_BAD_ROUTE,    /* the route is empty or leaves the board */
  SPK_DISPLACE_ERROR_BAD_CHOICE,   /* a chosen hex is not one the hero may take */
  SPK_DISPLACE_ERROR_NOWHERE,      /* no hex next to the hero can take it */
} SpkDisplaceError;

/* The player's answer for one hero that must be placed by hand. */
typedef struct {
  const char *hero;
  SpkHex      hex;
} SpkDisplaceChoice;

typedef struct {
  char     *hero;       /* id of the displaced hero */
  SpkHex    from;       /* where it stood: the minion steps onto it */
  SpkHex    left;       /* the hex the minion stepped off to get there */
  gboolean  asked;      /* @left cannot take it: the player picks a hex */
  gboolean  chosen;     /* @to is known (always, unless asked and unanswered) */
  SpkHex    to;         /* where it goes */
  gboolean  returns;    /* @to is its own gate: it returned to its fortress */
  GArray   *candidates; /* of SpkHex, when asked: the hexes it may go to */
} SpkDisplacement;

GQuark     spk_displace_error_quark (void);

/* The heroes that the minion @chip_id displaces when it walks @path (of
 * @n_path hexes, its start first, as SpkMoveDestination.path gives it), in the
 * order it meets them: every hero friendly to the minion standing on a hex
 * of the route after the start. Heroes the player must place are taken
 * from @choices (by hero id); the list stops after the first such hero
 * with no answer (its `chosen` is FALSE and `candidates` lists the hexes
 * to offer), since its place changes the hexes open to the next ones.
 * Returns a GPtrArray of SpkDisplacement*, empty when nobody is displaced.
 * Errors: SPK_DISPLACE_ERROR_UNKNOWN_CHIP, _BAD_ROUTE, _BAD_CHOICE (an
 * answer outside the candidates), _NOWHERE. */
GPtrArray *spk_displacements        (const SpkBoard          *board,
                                     const char              *chip_id,
                                     const SpkHex            *path,
                                     guint                    n_path,
                                     const SpkDisplaceChoice *choices,
                                     guint                    n_choices,
                                     GError                 **error);

void       spk_displacement_free    (SpkDisplacement *displacement);

/* The first displacement of @list (from spk_displacements) that still
 * needs the player's answer, or NULL. */
const SpkDisplacement *spk_displacements_question (const GPtrArray *list);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkDisplacement, spk_displacement_free)

G_END_DECLS
