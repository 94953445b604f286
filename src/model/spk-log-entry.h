/* spk-log-entry.h: one step of a table's history, as the action log shows
 * it: what was done ("Grovetenders: Source 9 → 4 (built Reetail)"), by whom,
 * in which wave and phase. The step also holds the patch that undoes and
 * redoes it (see spk-patch.h); only SpkTable reads that. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define SPK_TYPE_LOG_ENTRY (spk_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (SpkLogEntry, spk_log_entry, SPK, LOG_ENTRY, GObject)

/* Takes a reference on @changes (a patch). */
SpkLogEntry *spk_log_entry_new          (const char *label,
                                         const char *faction,
                                         int         wave,
                                         const char *phase,
                                         guint       group,
                                         JsonNode   *changes);
/* A step as stored in the table file's history; NULL with
 * SPK_TABLE_ERROR_TYPE/MISSING when @node is not one (@index for the
 * message). */
SpkLogEntry *spk_log_entry_new_from_json (JsonNode  *node,
                                          guint      index,
                                          GError   **error);

const char  *spk_log_entry_get_label    (SpkLogEntry *self);
/* Faction id of who acted; NULL for table-wide steps. */
const char  *spk_log_entry_get_faction  (SpkLogEntry *self);
int          spk_log_entry_get_wave     (SpkLogEntry *self);
const char  *spk_log_entry_get_phase    (SpkLogEntry *self);
/* Steps with the same group are undone and redone together. */
guint        spk_log_entry_get_group    (SpkLogEntry *self);
JsonNode    *spk_log_entry_get_changes  (SpkLogEntry *self);
/* The step as stored in the file (shared; do not modify). */
JsonNode    *spk_log_entry_get_json     (SpkLogEntry *self);

G_END_DECLS
