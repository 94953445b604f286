/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-test-table.h: small tables and chips for the model tests. */
#pragma once

#include "spk-table.h"

G_BEGIN_DECLS

/* A two-player table for the rulebook's first wave: brawnen (west, gate
 * (-6,0)) and grovetenders (east, gate (6,0)) joined by a path along r = 0,
 * Source wells with face-down landmarks (ids in the test), phase "setup".
 * Grovetenders have their Inner Oak structure entered. */
SpkBoard *spk_test_table_walkthrough_board (void);

/* One random action (any of the kinds SpkTable offers) on @t; @serial
 * makes new ids unique. A refused action is asserted to change nothing.
 * Returns whether it was applied. */
gboolean  spk_test_table_random_action (SpkTable *t, GRand *r, guint serial);

/* What the crash test's helper does at step @serial: mostly a random
 * action, sometimes an undo or a redo. Same @r state, same step. */
void      spk_test_table_crash_step (SpkTable *t, GRand *r, guint serial);

SpkChip  *spk_test_chip (const char *id, SpkChipKind kind, const char *faction,
                         const char *name);

/* Advances @t phase by phase to the Onslaught Phase. */
void      spk_test_table_to_onslaught (SpkTable *t);
/* Asserts that chip @id stands on the board at (@q, @r). */
void      spk_test_assert_at (SpkTable *t, const char *id, int q, int r);
/* On the demo table (data/demo): Tallow Ironside at (-1,0), War Briar at
 * (-2,0) and Dispatch with movement 2 and Incorporeal, so that Dispatch's
 * move to (-1,0) passes the Briar and ends on Tallow, who cannot take the
 * Briar's hex (M-12); then the Onslaught Phase. */
void      spk_test_table_ghost_dispatch (SpkTable *t);

/* Counts notify::PROP emissions on @object from now on. */
typedef struct {
  GObject *object;
  gulong   handler;
  guint    count;
} SpkNotifyCounter;

void      spk_notify_counter_start (SpkNotifyCounter *c, gpointer object, const char *prop);
guint     spk_notify_counter_stop  (SpkNotifyCounter *c);

G_END_DECLS
