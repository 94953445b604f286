/* spk-autosave.h: keeps a copy of a table on disk so that nothing is lost
 * to a crash or a power cut.
 *
 * Two files: the snapshot (the table file with its history, written whole
 * and atomically: temporary file, fsync, rename) and next to it a journal
 * (PATH.journal) to which every recorded action, undo and redo is appended
 * and flushed to disk before the action returns. Snapshots are debounced:
 * a burst of actions costs one snapshot, after which the journal is
 * emptied. Recovery reads the snapshot and replays the journal, so the
 * table reopens exactly at the last completed action; a journal line cut
 * short by a crash was not completed and is ignored. */
#pragma once

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_AUTOSAVE_DEFAULT_DELAY_MS 500

#define SPK_TYPE_AUTOSAVE (spk_autosave_get_type ())
G_DECLARE_FINAL_TYPE (SpkAutosave, spk_autosave, SPK, AUTOSAVE, GObject)

/* g_get_user_data_dir()/spirekeeper/autosave.json */
char        *spk_autosave_default_path (void);

/* Starts keeping @table at @path (NULL: the default path), writing a first
 * snapshot now. A file already at @path that is not a readable table is
 * kept, renamed to PATH.broken, never overwritten. */
SpkAutosave *spk_autosave_new          (SpkTable    *table,
                                        const char  *path,
                                        GError     **error);
/* Milliseconds of quiet after an action before the snapshot is written;
 * 0 writes it at once after every action. */
void         spk_autosave_set_delay    (SpkAutosave *self,
                                        guint        delay_ms);
guint        spk_autosave_get_delay    (SpkAutosave *self);
/* Writes a pending snapshot now (call on quit). TRUE when nothing was
 * pending. */
gboolean     spk_autosave_flush        (SpkAutosave *self,
                                        GError     **error);
/* Snapshots written so far (the first one included). */
guint        spk_autosave_get_snapshots (SpkAutosave *self);
const char  *spk_autosave_get_path     (SpkAutosave *self);

/* Reads the table kept at @path (NULL: the default path) and replays its
 * journal. The files are not modified. */
SpkTable    *spk_autosave_recover      (const char  *path,
                                        GError     **error);

G_END_DECLS
