/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-autosave.h: keeps a copy of a table on disk so that nothing is lost
 * to a crash, a power cut or a full disk.
 *
 * Two files: the snapshot (the table file with its history, written whole
 * and atomically: temporary file, fsync, rename) and next to it a journal
 * (PATH.journal) to which every recorded action, undo and redo is appended
 * and flushed to disk. Snapshots are debounced: a burst of actions costs
 * one snapshot, after which the journal is emptied. Recovery reads the
 * snapshot and replays the journal, so the table reopens exactly at the
 * last step on disk; a journal line cut short by a crash was not
 * completed and is ignored.
 *
 * The writes and their fsyncs happen on a worker thread (GTask), one at a
 * time: the main thread turns the table into bytes and hands them over;
 * records that come while a write is in flight go together in the next
 * one, and snapshot requests are merged. A step is on disk, and counted in
 * spk_autosave_get_saved_sequence(), only once its write has returned.
 *
 * When a write fails (a full disk, a read-only folder) the journal is
 * trimmed back to its last whole record, the autosave says so through
 * SpkAutosave:unsaved and keeps trying to write a snapshot, waiting longer
 * each time. Nothing is journalled while a step is missing from the disk,
 * so a step counts as saved only when it and every step before it are. */
#pragma once

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_AUTOSAVE_DEFAULT_DELAY_MS 500
#define SPK_AUTOSAVE_RETRY_FIRST_MS   1000
#define SPK_AUTOSAVE_RETRY_LAST_MS    30000

#define SPK_TYPE_AUTOSAVE (spk_autosave_get_type ())
G_DECLARE_FINAL_TYPE (SpkAutosave, spk_autosave, SPK, AUTOSAVE, GObject)

/* Writes @count bytes of @buf to @fd as write(2) does: the bytes written,
 * or -1 with errno set. Tests put one in to fill the disk. */
typedef gssize (*SpkAutosaveWriteFunc) (int         fd,
                                        const void *buf,
                                        gsize       count,
                                        gpointer    user_data);

/* g_get_user_data_dir()/spirekeeper/autosave.json */
char        *spk_autosave_default_path (void);

/* Starts keeping @table at @path (NULL: the default path), starting a
 * first snapshot now. A file already at @path that is not a readable table is
 * kept, set aside as PATH.broken-YYYYMMDD-HHMMSS[-N], never overwritten.
 * Never fails: when the first snapshot cannot be written the autosave is
 * unsaved and keeps trying. */
SpkAutosave *spk_autosave_new          (SpkTable    *table,
                                        const char  *path);
/* Milliseconds of quiet after an action before the snapshot is written;
 * 0 writes it at once after every action. */
void         spk_autosave_set_delay    (SpkAutosave *self,
                                        guint        delay_ms);
guint        spk_autosave_get_delay    (SpkAutosave *self);
/* Milliseconds before the first new attempt after a failed write; each
 * failure doubles the wait, up to SPK_AUTOSAVE_RETRY_LAST_MS. */
void         spk_autosave_set_retry_delay (SpkAutosave *self,
                                           guint        first_ms);
/* NULL: write(2). */
void         spk_autosave_set_write_func (SpkAutosave          *self,
                                          SpkAutosaveWriteFunc  func,
                                          gpointer              user_data);
/* Writes a pending or failed snapshot now and waits for it (call on
 * quit). TRUE when every step is on disk afterwards. */
gboolean     spk_autosave_flush        (SpkAutosave *self,
                                        GError     **error);
/* Blocks until the write in flight, and any it leads to, has returned;
 * a debounced snapshot still waits for its time. */
void         spk_autosave_wait         (SpkAutosave *self);
/* TRUE while some step of the table is not on disk because a write
 * failed (a step whose write is in flight does not count). */
gboolean     spk_autosave_get_unsaved  (SpkAutosave *self);
/* Why the last write failed while unsaved; NULL otherwise. */
const GError *spk_autosave_get_error   (SpkAutosave *self);
/* The table's sequence number at the last step known to be on disk. */
guint64      spk_autosave_get_saved_sequence (SpkAutosave *self);
/* Snapshots written so far (the first one included). */
guint        spk_autosave_get_snapshots (SpkAutosave *self);
const char  *spk_autosave_get_path     (SpkAutosave *self);

/* Reads the table kept at @path (NULL: the default path) and replays its
 * journal. The files are not modified. */
SpkTable    *spk_autosave_recover      (const char  *path,
                                        GError     **error);

typedef enum {
  SPK_AUTOSAVE_START_FIRST,      /* nothing kept: a first start */
  SPK_AUTOSAVE_START_AS_LEFT,    /* the table as it was left */
  SPK_AUTOSAVE_START_TRIMMED,    /* the journal was damaged: the table
                                    without the damaged records */
  SPK_AUTOSAVE_START_GOOD_COPY,  /* the autosave was damaged or made the
                                    app crash: the last good copy */
  SPK_AUTOSAVE_START_NOTHING,    /* damaged, and no good copy either */
} SpkAutosaveStart;

/* What the app does at start, at @path (NULL: the default path): removes
 * temporary files left by a crash, sets a damaged autosave (or journal)
 * aside under a new PATH.broken-… name, and returns the last good state:
 * the autosave, the autosave without a damaged journal tail, or the good
 * copy (PATH.good). NULL with @how FIRST or NOTHING when there is nothing
 * to open. @set_aside: where the damaged copy went, or NULL.
 *
 * Before reading, PATH.opening names the file read; it stays until
 * spk_autosave_started(). Found at the next start, it means the app
 * stopped while reading or first showing that file, which then counts as
 * damaged and is not read again. */
SpkTable    *spk_autosave_open_at_start (const char       *path,
                                         SpkAutosaveStart *how,
                                         char            **set_aside);
/* Call once the table from spk_autosave_open_at_start() is on screen:
 * removes the mark, and keeps @table as the good copy when it came from
 * the autosave. */
void         spk_autosave_started      (const char       *path,
                                        SpkTable         *table);

G_END_DECLS
