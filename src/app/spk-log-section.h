/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-log-section.h: the Action Log of the Tracker page: the table's
 * steps, newest first, each tagged with the wave and phase it led to;
 * filtered by faction, and without the steps that only edit the map
 * unless asked. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_LOG_SECTION (spk_log_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkLogSection, spk_log_section, SPK, LOG_SECTION, AdwBin)

void  spk_log_section_set_table  (SpkLogSection *self,
                                  SpkTable      *table);
/* Rows in the list as filtered now. */
guint spk_log_section_get_n_rows (SpkLogSection *self);
/* Shows the steps of @faction only; NULL shows all. */
void  spk_log_section_filter     (SpkLogSection *self,
                                  const char    *faction);

/* Writes the whole log as Markdown (spk_log_to_markdown) to @file,
 * replacing it atomically; Export as Markdown… asks where. */
void     spk_log_section_export_to     (SpkLogSection       *self,
                                        GFile               *file,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gboolean spk_log_section_export_finish (SpkLogSection  *self,
                                        GAsyncResult   *result,
                                        GError        **error);

G_END_DECLS
