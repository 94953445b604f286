/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-economy-private.h: helpers shared by the economy sources. */
#pragma once

#include "spk-economy.h"

G_BEGIN_DECLS

/* Appends a formatted sentence to `notes` (nothing when NULL). */
void  spk_economy_note        (GPtrArray *notes,
                               const char *fmt,
                               ...) G_GNUC_PRINTF (2, 3);

G_END_DECLS
