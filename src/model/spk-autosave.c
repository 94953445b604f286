/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-autosave.h"

#include "spk-json-guard.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "spk-table-file.h"

enum {
  PROP_0,
  PROP_UNSAVED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The files as the writing thread sees them. Only one write is in flight
 * at a time and the main thread never touches this while one is, so it
 * needs no lock. */
typedef struct {
  const char *path;
  const char *journal_path;
  int         journal_fd;
  /* Bytes of whole records in the journal; a failed append is cut back
   * to it. */
  off_t       journal_size;
  gboolean    journal_dirty;
} Files;

/* One write, handed to a worker thread as plain bytes: journal records to
 * append, a snapshot to write (then the journal is emptied), or both, the
 * records then being appended only when the snapshot fails. */
typedef struct {
  SpkAutosave          *owner;         /* main thread only */
  Files                *files;
  SpkAutosaveWriteFunc  write_func;
  gpointer              write_data;
  char                 *lines;
  gsize                 lines_length;
  guint64               lines_sequence;
  char                 *snapshot;
  gsize                 snapshot_length;
  guint64               snapshot_sequence;

  /* Results, set by the worker before finished. */
  gboolean              lines_ok;
  gboolean              snapshot_ok;
  GError               *lines_error;
  GError               *snapshot_error;
  GError               *clear_error;

  GMutex                lock;
  GCond                 cond;
  gboolean              finished;
  /* Main thread only: the results have been taken in. */
  gboolean              collected;
} Job;

struct _SpkAutosave
{
  GObject               parent_instance;
  SpkTable             *table;
  char                 *path;
  char                 *journal_path;
  Files                 files;
  Job                  *job;           /* the write in flight */
  GString              *lines;         /* records waiting for the next write */
  guint64               lines_sequence;
  gboolean              snapshot_wanted;
  guint                 delay_ms;
  guint                 timeout_id;
  guint                 snapshots;
  gulong                recorded_id;
  /* Some step is in neither file: nothing is journalled until a snapshot
   * holds them all. */
  gboolean              missing;
  /* ... and a write has failed, so the user is told. */
  gboolean              unsaved;
  GError               *error;
  guint64               saved_sequence;
  guint                 retry_id;
  guint                 retry_first_ms;
  guint                 retry_ms;
  SpkAutosaveWriteFunc  write_func;
  gpointer              write_data;
};

G_DEFINE_FINAL_TYPE (SpkAutosave, spk_autosave, G_TYPE_OBJECT)

static void request_snapshot (SpkAutosave *self);

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->lines);
  g_free (job->snapshot);
  g_clear_error (&job->lines_error);
  g_clear_error (&job->snapshot_error);
  g_clear_error (&job->clear_error);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->cond);
  g_free (job);
}

static gboolean
is_idle (SpkAutosave *self)
{
  return self->job == NULL && self->lines->len == 0 && !self->snapshot_wanted;
}

static void
spk_autosave_dispose (GObject *object)
{
  SpkAutosave *self = SPK_AUTOSAVE (object);
  g_autoptr(GError) error = NULL;

  /* Whatever is pending reaches the disk before the autosave goes away. */
  if (self->table != NULL && (self->timeout_id != 0 || self->missing || !is_idle (self)) &&
      !spk_autosave_flush (self, &error))
    g_warning ("autosave: %s", error->message);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_id, self->table);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (spk_autosave_parent_class)->dispose (object);
}

static void
spk_autosave_finalize (GObject *object)
{
  SpkAutosave *self = SPK_AUTOSAVE (object);

  if (self->files.journal_fd >= 0)
    close (self->files.journal_fd);
  g_string_free (self->lines, TRUE);
  g_clear_error (&self->error);
  g_free (self->path);
  g_free (self->journal_path);
  G_OBJECT_CLASS (spk_autosave_parent_class)->finalize (object);
}

static void
spk_autosave_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkAutosave *self = SPK_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_autosave_class_init (SpkAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = spk_autosave_dispose;
  object_class->finalize = spk_autosave_finalize;
  object_class->get_property = spk_autosave_get_property;

  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
spk_autosave_init (SpkAutosave *self)
{
  self->files.journal_fd = -1;
  self->lines = g_string_new (NULL);
  self->delay_ms = SPK_AUTOSAVE_DEFAULT_DELAY_MS;
  self->retry_first_ms = SPK_AUTOSAVE_RETRY_FIRST_MS;
  self->retry_ms = SPK_AUTOSAVE_RETRY_FIRST_MS;
}

char *
spk_autosave_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "spirekeeper", "autosave.json", NULL);
}

/* Writing (on the worker thread) */

static gboolean
io_error (GError **error, const char *path, int err)
{
  g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO, _("cannot write “%s”: %s"),
               path, g_strerror (err));
  return FALSE;
}

static gboolean
write_all (Job *job, int fd, const char *data, gsize length)
{
  gsize done = 0;

  while (done < length)
    {
      gssize n = job->write_func != NULL ? job->write_func (fd, data + done, length - done, job->write_data)
                                         : write (fd, data + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          errno = ENOSPC;
          return FALSE;
        }
      done += (gsize) n;
    }
  return TRUE;
}

/* Cuts the journal back to its last whole record, so that the next record
 * does not follow a piece of this one. */
static void
journal_trim (Files *files)
{
  files->journal_dirty = ftruncate (files->journal_fd, files->journal_size) != 0;
}

static gboolean
journal_open (Files *files, GError **error)
{
  struct stat st;

  if (files->journal_fd >= 0)
    return TRUE;
  files->journal_fd = g_open (files->journal_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (files->journal_fd < 0 || fstat (files->journal_fd, &st) != 0)
    {
      int err = errno;

      if (files->journal_fd >= 0)
        close (files->journal_fd);
      files->journal_fd = -1;
      return io_error (error, files->journal_path, err);
    }
  files->journal_size = st.st_size;
  return TRUE;
}

/* Appends whole records and waits until they are on disk: after this they
 * survive a crash. On failure the journal is as it was before. */
static gboolean
journal_append (Job *job, GError **error)
{
  Files *files = job->files;
  int err;

  if (!journal_open (files, error))
    return FALSE;
  if (files->journal_dirty)
    journal_trim (files);
  if (files->journal_dirty)
    return io_error (error, files->journal_path, errno);
  if (write_all (job, files->journal_fd, job->lines, job->lines_length) && fdatasync (files->journal_fd) == 0)
    {
      files->journal_size += (off_t) job->lines_length;
      return TRUE;
    }
  err = errno;
  journal_trim (files);
  return io_error (error, files->journal_path, err);
}

static gboolean
journal_clear (Files *files, GError **error)
{
  if (!journal_open (files, error))
    return FALSE;
  if (ftruncate (files->journal_fd, 0) != 0 || fdatasync (files->journal_fd) != 0)
    {
      files->journal_dirty = TRUE;
      return io_error (error, files->journal_path, errno);
    }
  files->journal_size = 0;
  files->journal_dirty = FALSE;
  return TRUE;
}

/* Temporary file, fsync, rename: @path holds the old or the new data,
 * and a failed write leaves no temporary file behind. */
static gboolean
write_atomically (Job *job, const char *path, const char *data, gsize length, GError **error)
{
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  gboolean ok;
  int err;

  if (fd < 0)
    return io_error (error, path, errno);
  ok = write_all (job, fd, data, length) && fsync (fd) == 0;
  err = errno;
  if (close (fd) != 0 && ok)
    {
      ok = FALSE;
      err = errno;
    }
  if (ok && g_rename (tmp, path) != 0)
    {
      ok = FALSE;
      err = errno;
    }
  if (!ok)
    {
      g_unlink (tmp);
      return io_error (error, path, err);
    }
  return TRUE;
}

/* The snapshot holds everything the journal did, so the journal is emptied
 * after it; a crash before that leaves records the recovery skips by their
 * sequence. */
static void
job_run (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;

  if (job->snapshot != NULL)
    job->snapshot_ok = write_atomically (job, job->files->path, job->snapshot, job->snapshot_length,
                                         &job->snapshot_error);
  if (job->snapshot_ok)
    journal_clear (job->files, &job->clear_error);
  else if (job->lines != NULL)
    job->lines_ok = journal_append (job, &job->lines_error);

  g_mutex_lock (&job->lock);
  job->finished = TRUE;
  g_cond_signal (&job->cond);
  g_mutex_unlock (&job->lock);
  g_task_return_boolean (task, TRUE);
}

/* Taking the results in (on the main thread) */

static void
set_unsaved (SpkAutosave *self, gboolean unsaved, const GError *error)
{
  g_clear_error (&self->error);
  if (unsaved && error != NULL)
    self->error = g_error_copy (error);
  if (self->unsaved == unsaved)
    return;
  self->unsaved = unsaved;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
}

static gboolean
retry_timeout (gpointer data)
{
  SpkAutosave *self = data;

  self->retry_id = 0;
  request_snapshot (self);
  return G_SOURCE_REMOVE;
}

/* The next attempt waits twice as long as the last one. */
static void
schedule_retry (SpkAutosave *self)
{
  if (self->retry_id != 0)
    return;
  self->retry_id = g_timeout_add (self->retry_ms, retry_timeout, self);
  self->retry_ms = MIN (self->retry_ms * 2, SPK_AUTOSAVE_RETRY_LAST_MS);
}

static void job_done (GObject *source, GAsyncResult *result, gpointer data);

/* Starts the next write when none is in flight: a wanted snapshot (with
 * the waiting records to append should it fail), else the waiting records.
 * The table is serialised here, on the main thread; the worker gets bytes. */
static void
dispatch (SpkAutosave *self)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->job != NULL)
    return;
  if (!self->snapshot_wanted && (self->lines->len == 0 || self->missing))
    return;
  job = g_new0 (Job, 1);
  g_mutex_init (&job->lock);
  g_cond_init (&job->cond);
  job->owner = self;
  job->files = &self->files;
  job->write_func = self->write_func;
  job->write_data = self->write_data;
  if (self->snapshot_wanted)
    {
      self->snapshot_wanted = FALSE;
      job->snapshot = spk_table_to_data (self->table, &job->snapshot_length);
      job->snapshot_sequence = spk_table_get_sequence (self->table);
    }
  /* Records are only appended to a journal that goes with the snapshot on
   * disk: after a missing step, only a snapshot can follow. */
  if (self->lines->len > 0 && !self->missing)
    {
      job->lines_length = self->lines->len;
      job->lines = g_string_free (g_steal_pointer (&self->lines), FALSE);
      job->lines_sequence = self->lines_sequence;
      self->lines = g_string_new (NULL);
    }
  g_string_truncate (self->lines, 0);
  self->job = job;
  task = g_task_new (NULL, NULL, job_done, NULL);
  g_task_set_source_tag (task, dispatch);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, job_run);
}

static void
collect (SpkAutosave *self, Job *job)
{
  job->collected = TRUE;
  self->job = NULL;
  if (job->snapshot_ok)
    {
      self->snapshots++;
      self->saved_sequence = MAX (self->saved_sequence, job->snapshot_sequence);
      self->retry_ms = self->retry_first_ms;
      self->missing = FALSE;
      set_unsaved (self, FALSE, NULL);
      if (job->clear_error != NULL)
        g_message ("autosave: %s", job->clear_error->message);
    }
  else
    {
      if (job->lines_ok)
        self->saved_sequence = MAX (self->saved_sequence, job->lines_sequence);
      else if (job->lines != NULL)
        /* Only a snapshot can keep these steps now. */
        self->missing = TRUE;
      if (job->snapshot != NULL)
        {
          /* Steps only in the journal are safe there: only missing ones
           * make the table unsaved. Either way the snapshot is tried
           * again, and records that wait behind it go with it. */
          if (self->missing)
            {
              set_unsaved (self, TRUE, job->snapshot_error);
              g_string_truncate (self->lines, 0);
            }
          else
            g_message ("autosave: %s", job->snapshot_error->message);
          schedule_retry (self);
        }
      else if (self->missing)
        {
          g_clear_handle_id (&self->retry_id, g_source_remove);
          self->snapshot_wanted = TRUE;
        }
    }
  dispatch (self);
}

static void
job_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Job *job = g_task_get_task_data (G_TASK (result));

  /* spk_autosave_wait may have taken it in already; it always has before
   * the autosave goes away. */
  if (!job->collected)
    collect (job->owner, job);
}

static void
request_snapshot (SpkAutosave *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->snapshot_wanted = TRUE;
  dispatch (self);
}

static gboolean
snapshot_timeout (gpointer data)
{
  SpkAutosave *self = data;

  self->timeout_id = 0;
  request_snapshot (self);
  return G_SOURCE_REMOVE;
}

static char *
journal_line (SpkTable *table, SpkTableRecord kind, SpkLogEntry *step, gsize *length)
{
  g_autoptr(JsonObject) obj = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  static const char *const ops[] = { "do", "undo", "redo" };
  char *text;
  gsize n;

  json_object_set_int_member (obj, "sequence", (gint64) spk_table_get_sequence (table));
  json_object_set_string_member (obj, "op", ops[kind]);
  if (step != NULL)
    json_object_set_member (obj, "step", json_node_ref (spk_log_entry_get_json (step)));
  node = json_node_init_object (json_node_alloc (), obj);
  json_generator_set_root (gen, node);
  text = json_generator_to_data (gen, &n);
  text = g_realloc (text, n + 2);
  text[n] = '\n';
  text[n + 1] = '\0';
  *length = n + 1;
  return text;
}

static void
on_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkAutosave *self)
{
  gsize length = 0;
  g_autofree char *line = NULL;

  /* After a missing step a journal record could not be replayed: only a
   * snapshot brings the disk up to date. One being written now holds the
   * steps before this one; this record may follow it. */
  if (self->missing && (self->job == NULL || self->job->snapshot == NULL))
    {
      schedule_retry (self);
      return;
    }
  line = journal_line (table, (SpkTableRecord) kind, step, &length);
  g_string_append_len (self->lines, line, (gssize) length);
  self->lines_sequence = spk_table_get_sequence (table);
  /* With no delay the snapshot is the write; the record goes with it in
   * case it fails. */
  if (self->delay_ms == 0)
    {
      request_snapshot (self);
      return;
    }
  dispatch (self);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->timeout_id = g_timeout_add (self->delay_ms, snapshot_timeout, self);
}

/* PATH.broken-YYYYMMDD-HHMMSS, with -2, -3… when taken. */
static char *
aside_name (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint n = 1;; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s.broken-%s", path, stamp)
                                     : g_strdup_printf ("%s.broken-%s-%u", path, stamp, n);
      g_autofree char *journal = g_strconcat (name, ".journal", NULL);

      if (!g_file_test (name, G_FILE_TEST_EXISTS) && !g_file_test (journal, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&name);
    }
}

/* Renames without ever replacing a file: link() refuses an existing name. */
static gboolean
move_no_replace (const char *from, const char *to)
{
  if (link (from, to) == 0)
    {
      g_unlink (from);
      return TRUE;
    }
  /* Some file systems have no hard links. */
  if (errno == EEXIST || g_file_test (to, G_FILE_TEST_EXISTS))
    {
      errno = EEXIST;
      return FALSE;
    }
  return g_rename (from, to) == 0;
}

/* Moves @path (and its journal) to a new PATH.broken-… name; returns the
 * name, or NULL when it could not be moved. */
static char *
set_aside (const char *path, const char *name_base)
{
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (journal, G_FILE_TEST_EXISTS))
    return NULL;
  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *aside = aside_name (name_base);
      g_autofree char *aside_journal = g_strconcat (aside, ".journal", NULL);

      if (g_file_test (path, G_FILE_TEST_EXISTS) && !move_no_replace (path, aside))
        {
          if (errno == EEXIST)
            continue;
          g_message ("autosave: cannot set “%s” aside: %s", path, g_strerror (errno));
          return NULL;
        }
      if (g_file_test (journal, G_FILE_TEST_EXISTS) && !move_no_replace (journal, aside_journal))
        g_message ("autosave: cannot set “%s” aside: %s", journal, g_strerror (errno));
      return g_steal_pointer (&aside);
    }
  return NULL;
}

/* A file at the snapshot path that does not read as a table is moved
 * aside, not overwritten: it may be all that is left of a game. */
static void
keep_unreadable (const char *path)
{
  g_autoptr(SpkTable) old = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *aside = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;
  old = spk_autosave_recover (path, &local);
  if (old == NULL)
    aside = set_aside (path, path);
}

SpkAutosave *
spk_autosave_new (SpkTable *table, const char *path)
{
  SpkAutosave *self;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  self = g_object_new (SPK_TYPE_AUTOSAVE, NULL);
  self->table = g_object_ref (table);
  self->path = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  self->journal_path = g_strconcat (self->path, ".journal", NULL);
  self->files.path = self->path;
  self->files.journal_path = self->journal_path;
  dir = g_path_get_dirname (self->path);
  g_mkdir_with_parents (dir, 0700);
  keep_unreadable (self->path);
  /* Until a first snapshot of this table is on disk, the journal (which
   * may hold another table's steps) is not used. */
  self->missing = TRUE;
  request_snapshot (self);
  self->recorded_id = g_signal_connect (table, "recorded", G_CALLBACK (on_recorded), self);
  return self;
}

void
spk_autosave_set_delay (SpkAutosave *self, guint delay_ms)
{
  g_return_if_fail (SPK_IS_AUTOSAVE (self));
  self->delay_ms = delay_ms;
}

guint
spk_autosave_get_delay (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), 0);
  return self->delay_ms;
}

void
spk_autosave_set_retry_delay (SpkAutosave *self, guint first_ms)
{
  g_return_if_fail (SPK_IS_AUTOSAVE (self));
  self->retry_first_ms = MAX (first_ms, 1);
  self->retry_ms = self->retry_first_ms;
}

void
spk_autosave_set_write_func (SpkAutosave *self, SpkAutosaveWriteFunc func, gpointer user_data)
{
  g_return_if_fail (SPK_IS_AUTOSAVE (self));
  self->write_func = func;
  self->write_data = user_data;
}

void
spk_autosave_wait (SpkAutosave *self)
{
  g_return_if_fail (SPK_IS_AUTOSAVE (self));
  while (self->job != NULL)
    {
      Job *job = self->job;

      g_mutex_lock (&job->lock);
      while (!job->finished)
        g_cond_wait (&job->cond, &job->lock);
      g_mutex_unlock (&job->lock);
      /* May start the next write, which this loop waits for too. */
      collect (self, job);
    }
}

gboolean
spk_autosave_flush (SpkAutosave *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), FALSE);
  spk_autosave_wait (self);
  if (self->timeout_id == 0 && self->retry_id == 0 && !self->missing)
    return TRUE;
  request_snapshot (self);
  spk_autosave_wait (self);
  /* Steps kept by the journal are on disk all the same. */
  if (!self->missing)
    return TRUE;
  if (self->error != NULL)
    g_propagate_error (error, g_error_copy (self->error));
  else
    g_set_error_literal (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO, _("the table could not be saved"));
  return FALSE;
}

gboolean
spk_autosave_get_unsaved (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), FALSE);
  return self->unsaved;
}

const GError *
spk_autosave_get_error (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), NULL);
  return self->error;
}

guint64
spk_autosave_get_saved_sequence (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), 0);
  return self->saved_sequence;
}

guint
spk_autosave_get_snapshots (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), 0);
  return self->snapshots;
}

const char *
spk_autosave_get_path (SpkAutosave *self)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), NULL);
  return self->path;
}

/* Replays one journal record; FALSE ends the replay. */
static gboolean
replay (SpkTable *table, const char *line, gsize length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkLogEntry) step = NULL;
  JsonObject *obj;
  const char *op;
  gint64 sequence;

  if (!spk_json_parser_load (parser, line, (gssize) length, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  obj = json_node_get_object (json_parser_get_root (parser));
  sequence = json_object_get_int_member_with_default (obj, "sequence", -1);
  op = json_object_get_string_member_with_default (obj, "op", "");
  if (sequence <= (gint64) spk_table_get_sequence (table))
    return TRUE;
  if (sequence != (gint64) spk_table_get_sequence (table) + 1)
    return FALSE;
  if (strcmp (op, "undo") == 0)
    spk_table_undo (table, &error);
  else if (strcmp (op, "redo") == 0)
    spk_table_redo (table, &error);
  else if (strcmp (op, "do") == 0 && json_object_has_member (obj, "step") &&
           (step = spk_log_entry_new_from_json (json_object_get_member (obj, "step"), &error)) != NULL)
    spk_table_replay_step (table, step, &error);
  else if (error == NULL)
    return FALSE;
  if (error != NULL)
    {
      g_warning ("autosave journal: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* @damaged: a whole journal line that could not be replayed (a cut-off
 * last line is a write a crash interrupted, not damage). */
static SpkTable *
recover (const char *snapshot, gboolean *damaged, GError **error)
{
  g_autofree char *journal_path = g_strconcat (snapshot, ".journal", NULL);
  g_autofree char *journal = NULL;
  gsize length = 0;
  g_autoptr(SpkTable) table = spk_table_new_from_file (snapshot, error);
  const char *line;

  *damaged = FALSE;
  if (table == NULL)
    return NULL;
  if (!spk_file_read_capped (journal_path, &journal, &length, NULL))
    return g_steal_pointer (&table);
  /* Only whole lines were completed; a cut-off last line is dropped. */
  line = journal;
  for (;;)
    {
      const char *end = memchr (line, '\n', length - (gsize) (line - journal));

      if (end == NULL)
        break;
      if (!replay (table, line, (gsize) (end - line)))
        {
          *damaged = TRUE;
          break;
        }
      line = end + 1;
    }
  return g_steal_pointer (&table);
}

SpkTable *
spk_autosave_recover (const char *path, GError **error)
{
  g_autofree char *snapshot = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  gboolean damaged;

  return recover (snapshot, &damaged, error);
}

/* Removes PATH.XXXXXX and PATH.good.XXXXXX: temporary files of a write
 * that a crash interrupted (their rename never happened). */
static void
remove_temporary (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *good = g_strconcat (base, ".good.", NULL);
  g_autofree char *plain = g_strconcat (base, ".", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      const char *tail = NULL;
      gboolean temporary = TRUE;

      if (g_str_has_prefix (name, good))
        tail = name + strlen (good);
      else if (g_str_has_prefix (name, plain))
        tail = name + strlen (plain);
      if (tail == NULL || strlen (tail) != 6 || g_str_equal (tail, "broken"))
        continue;
      for (const char *c = tail; *c != '\0'; c++)
        temporary = temporary && g_ascii_isalnum (*c);
      if (temporary)
        {
          g_autofree char *full = g_build_filename (dir, name, NULL);

          g_unlink (full);
        }
    }
}

/* PATH.opening names the file being read; it outlives the reading only
 * when the app crashed in it. */
static void
mark_opening (const char *marker, const char *what)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents_full (marker, what, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_message ("autosave: %s", error->message);
}

static SpkTable *
open_good_copy (const char *path, const char *good, const char *marker, SpkAutosaveStart *how)
{
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(GError) error = NULL;

  *how = SPK_AUTOSAVE_START_NOTHING;
  if (!g_file_test (good, G_FILE_TEST_EXISTS))
    return NULL;
  mark_opening (marker, "good");
  table = spk_table_new_from_file (good, &error);
  if (table == NULL)
    {
      g_autofree char *aside = set_aside (good, path);

      g_unlink (marker);
      g_message ("autosave: the good copy is damaged too (%s), kept as %s", error->message,
                 aside != NULL ? aside : good);
      return NULL;
    }
  *how = SPK_AUTOSAVE_START_GOOD_COPY;
  return g_steal_pointer (&table);
}

void
spk_autosave_started (const char *path, SpkTable *table)
{
  g_autofree char *snapshot = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  g_autofree char *good = g_strconcat (snapshot, ".good", NULL);
  g_autofree char *marker = g_strconcat (snapshot, ".opening", NULL);
  g_autofree char *what = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (SPK_IS_TABLE (table));
  if (!g_file_get_contents (marker, &what, NULL, NULL))
    return;
  /* The good copy is the last table from the autosave that was shown. */
  if (g_str_equal (what, "autosave") && !spk_table_save (table, good, &error))
    g_message ("autosave: %s", error->message);
  g_unlink (marker);
}

SpkTable *
spk_autosave_open_at_start (const char *path, SpkAutosaveStart *how, char **set_aside_out)
{
  g_autofree char *snapshot = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  g_autofree char *good = g_strconcat (snapshot, ".good", NULL);
  g_autofree char *marker = g_strconcat (snapshot, ".opening", NULL);
  g_autofree char *crashed_in = NULL;
  g_autofree char *aside = NULL;
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(GError) error = NULL;
  SpkAutosaveStart start = SPK_AUTOSAVE_START_FIRST;
  gboolean damaged = FALSE;

  remove_temporary (snapshot);
  if (g_file_get_contents (marker, &crashed_in, NULL, NULL))
    {
      /* The last start stopped while reading or first showing this file:
       * opening it again could stop this one too. */
      g_unlink (marker);
      if (g_str_equal (crashed_in, "good"))
        {
          aside = set_aside (good, snapshot);
          start = SPK_AUTOSAVE_START_NOTHING;
        }
      else
        {
          aside = set_aside (snapshot, snapshot);
          table = open_good_copy (snapshot, good, marker, &start);
        }
    }
  else if (g_file_test (snapshot, G_FILE_TEST_EXISTS))
    {
      mark_opening (marker, "autosave");
      table = recover (snapshot, &damaged, &error);
      if (table == NULL)
        {
          g_unlink (marker);
          g_message ("autosave: %s", error->message);
          aside = set_aside (snapshot, snapshot);
          table = open_good_copy (snapshot, good, marker, &start);
        }
      else if (damaged)
        {
          /* The snapshot and the journal go aside together; the table
           * without the damaged records takes their place. */
          aside = set_aside (snapshot, snapshot);
          if (!spk_table_save (table, snapshot, &error))
            g_message ("autosave: %s", error->message);
          start = SPK_AUTOSAVE_START_TRIMMED;
        }
      else
        start = SPK_AUTOSAVE_START_AS_LEFT;
    }
  if (how != NULL)
    *how = start;
  if (set_aside_out != NULL)
    *set_aside_out = g_steal_pointer (&aside);
  return g_steal_pointer (&table);
}
