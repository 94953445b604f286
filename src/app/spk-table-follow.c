/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-follow.h"

void
spk_table_follow (gpointer section, SpkTable **table, gulong *handler, SpkTable *next, GCallback update)
{
  if (*table != NULL)
    g_clear_signal_handler (handler, *table);
  g_set_object (table, next);
  if (next != NULL)
    *handler = g_signal_connect_swapped (next, "recorded", update, section);
}
