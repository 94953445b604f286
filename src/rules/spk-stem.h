/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-stem.h: the Porter (1980) suffix stripper, for the search index.
 *
 * Internal to libspk-rules. Folds "retaliates", "retaliating" and
 * "retaliation" to one stem so a question finds the term in any form.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Returns the stem of @word (lowercase ASCII letters; anything else is
 * returned unchanged). Free with g_free. */
char *spk_stem (const char *word);

G_END_DECLS
