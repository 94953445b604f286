/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-structure-text.h: fortress structures as a player types them.
 *
 * The reference sheets are not in our texts, so players enter their
 * faction's structures themselves, one per line: the structure's name, a
 * colon, then its levels lowest first, separated by commas, each a name
 * and its Source cost:
 *
 *     Inner Oak: Amplify 3, Deep Roots 5
 *
 * Blank lines are skipped. */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

/* The structures of @text (GPtrArray of SpkStructure*, in line order).
 * A structure named as one in @previous (may be NULL) keeps the levels it
 * had bought, up to its new number of levels. NULL with
 * SPK_TABLE_ACTION_ERROR_INVALID naming the line and what to fix when a
 * line does not read. */
GPtrArray *spk_structures_from_text (const char      *text,
                                     const GPtrArray *previous,
                                     GError         **error);
/* @structures written as spk_structures_from_text reads them. */
char      *spk_structures_to_text   (const GPtrArray *structures);

G_END_DECLS
