/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-log-entry.h: one step of a table's history, as the action log shows
 * it: what was done ("Grovetenders: Source 9 → 4 (built Reetail)"), by whom,
 * in which wave and phase. The step also holds the patch that undoes and
 * redoes it (see spk-patch.h); only SpkTable reads that.
 *
 * A step is kept as its compact JSON text and read only when something
 * asks for it, so opening a table with a long history stays fast. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define SPK_TYPE_LOG_ENTRY (spk_log_entry_get_type ())
G_DECLARE_FINAL_TYPE (SpkLogEntry, spk_log_entry, SPK, LOG_ENTRY, GObject)

/* Takes a reference on @changes (a patch). */
SpkLogEntry *spk_log_entry_new           (const char *label,
                                          const char *faction,
                                          int         wave,
                                          const char *phase,
                                          guint       group,
                                          JsonNode   *changes);
/* A step from its stored text (one compact JSON object), read later. */
SpkLogEntry *spk_log_entry_new_from_text (const char *text,
                                          gsize       length);
/* A step from a JSON object; NULL with SPK_TABLE_ERROR_TYPE when @node is
 * not one. */
SpkLogEntry *spk_log_entry_new_from_json (JsonNode  *node,
                                          GError   **error);

/* Reads the stored text if not done yet; FALSE with SPK_TABLE_ERROR_TYPE
 * when it is not a step (the history was damaged). The getters below give
 * "?" / NULL / 0 for such a step. */
gboolean     spk_log_entry_check         (SpkLogEntry *self,
                                          GError     **error);

const char  *spk_log_entry_get_label     (SpkLogEntry *self);
/* Faction id of who acted; NULL for table-wide steps. */
const char  *spk_log_entry_get_faction   (SpkLogEntry *self);
int          spk_log_entry_get_wave      (SpkLogEntry *self);
const char  *spk_log_entry_get_phase     (SpkLogEntry *self);
/* Steps with the same group are undone and redone together. */
guint        spk_log_entry_get_group     (SpkLogEntry *self);
/* The patch; NULL for a damaged step. */
JsonNode    *spk_log_entry_get_changes   (SpkLogEntry *self);
/* The step as stored: one line of compact JSON, no newline. */
const char  *spk_log_entry_get_text      (SpkLogEntry *self);
/* The step as a JSON object (shared; do not modify); NULL when damaged. */
JsonNode    *spk_log_entry_get_json      (SpkLogEntry *self);

G_END_DECLS
