/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-file-dialogs.h: what the window says when a file cannot be read: a
 * table file with problems, or a damaged autosave at start. */
#pragma once

#include <adwaita.h>

#include "spk-autosave.h"

G_BEGIN_DECLS

/* "Could Not Open “@name”": every problem of @problems (GErrors from the
 * table reader) listed, or @error's message when there is no list. */
void spk_open_problems_dialog_present    (GtkWindow        *parent,
                                          const char       *name,
                                          const GError     *error,
                                          GPtrArray        *problems);

/* What opened instead of the damaged autosave (@how, from
 * spk_autosave_open_at_start) and where the damaged copy is kept. */
void spk_damaged_autosave_dialog_present (GtkWindow        *parent,
                                          SpkAutosaveStart  how,
                                          const char       *set_aside);

G_END_DECLS
