#include "config.h"

#include "spk-autosave.h"

#include "spk-json-guard.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "spk-table-file.h"

struct _SpkAutosave
{
  GObject   parent_instance;
  SpkTable *table;
  char     *path;
  char     *journal_path;
  int       journal_fd;
  guint     delay_ms;
  guint     timeout_id;
  guint     snapshots;
  gulong    recorded_id;
};

G_DEFINE_FINAL_TYPE (SpkAutosave, spk_autosave, G_TYPE_OBJECT)

static gboolean write_snapshot (SpkAutosave *self, GError **error);

static void
spk_autosave_dispose (GObject *object)
{
  SpkAutosave *self = SPK_AUTOSAVE (object);
  g_autoptr(GError) error = NULL;

  /* Whatever is pending reaches the disk before the autosave goes away. */
  if (self->timeout_id != 0 && !spk_autosave_flush (self, &error))
    g_warning ("autosave: %s", error->message);
  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_id, self->table);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (spk_autosave_parent_class)->dispose (object);
}

static void
spk_autosave_finalize (GObject *object)
{
  SpkAutosave *self = SPK_AUTOSAVE (object);

  if (self->journal_fd >= 0)
    close (self->journal_fd);
  g_free (self->path);
  g_free (self->journal_path);
  G_OBJECT_CLASS (spk_autosave_parent_class)->finalize (object);
}

static void
spk_autosave_class_init (SpkAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = spk_autosave_dispose;
  object_class->finalize = spk_autosave_finalize;
}

static void
spk_autosave_init (SpkAutosave *self)
{
  self->journal_fd = -1;
  self->delay_ms = SPK_AUTOSAVE_DEFAULT_DELAY_MS;
}

char *
spk_autosave_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "spirekeeper", "autosave.json", NULL);
}

static gboolean
io_error (GError **error, const char *path, int err)
{
  g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_IO, _("cannot write “%s”: %s"),
               path, g_strerror (err));
  return FALSE;
}

/* Appends one line and waits until it is on disk: after this the record
 * survives a crash. */
static gboolean
journal_append (SpkAutosave *self, const char *line, gsize length, GError **error)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = write (self->journal_fd, line + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return io_error (error, self->journal_path, errno);
      done += (gsize) n;
    }
  if (fdatasync (self->journal_fd) != 0)
    return io_error (error, self->journal_path, errno);
  return TRUE;
}

static gboolean
journal_clear (SpkAutosave *self, GError **error)
{
  if (ftruncate (self->journal_fd, 0) != 0 || fdatasync (self->journal_fd) != 0)
    return io_error (error, self->journal_path, errno);
  return TRUE;
}

static gboolean
write_snapshot (SpkAutosave *self, GError **error)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!spk_table_save (self->table, self->path, error))
    return FALSE;
  self->snapshots++;
  /* The snapshot holds everything the journal did. A crash before the
   * truncation leaves records the recovery skips by their sequence. */
  return journal_clear (self, error);
}

static gboolean
snapshot_timeout (gpointer data)
{
  SpkAutosave *self = data;
  g_autoptr(GError) error = NULL;

  self->timeout_id = 0;
  if (!write_snapshot (self, &error))
    g_warning ("autosave: %s", error->message);
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
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = journal_line (table, (SpkTableRecord) kind, step, &length);

  if (!journal_append (self, line, length, &error))
    {
      /* Without the journal only an immediate snapshot keeps the action. */
      g_warning ("autosave: %s", error->message);
      g_clear_error (&error);
      if (!write_snapshot (self, &error))
        g_warning ("autosave: %s", error->message);
      return;
    }
  if (self->delay_ms == 0)
    {
      if (!write_snapshot (self, &error))
        g_warning ("autosave: %s", error->message);
      return;
    }
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->timeout_id = g_timeout_add (self->delay_ms, snapshot_timeout, self);
}

/* A file at the snapshot path that does not read as a table is moved
 * aside, not overwritten: it may be all that is left of a game. */
static gboolean
keep_unreadable (const char *path, GError **error)
{
  g_autoptr(SpkTable) old = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *aside = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  old = spk_autosave_recover (path, &local);
  if (old != NULL)
    return TRUE;
  aside = g_strconcat (path, ".broken", NULL);
  if (g_rename (path, aside) != 0)
    return io_error (error, aside, errno);
  return TRUE;
}

SpkAutosave *
spk_autosave_new (SpkTable *table, const char *path, GError **error)
{
  g_autoptr(SpkAutosave) self = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  self = g_object_new (SPK_TYPE_AUTOSAVE, NULL);
  self->table = g_object_ref (table);
  self->path = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  self->journal_path = g_strconcat (self->path, ".journal", NULL);
  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      io_error (error, dir, errno);
      return NULL;
    }
  if (!keep_unreadable (self->path, error))
    return NULL;
  self->journal_fd = g_open (self->journal_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (self->journal_fd < 0)
    {
      io_error (error, self->journal_path, errno);
      return NULL;
    }
  if (!write_snapshot (self, error))
    return NULL;
  self->recorded_id = g_signal_connect (table, "recorded", G_CALLBACK (on_recorded), self);
  return g_steal_pointer (&self);
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

gboolean
spk_autosave_flush (SpkAutosave *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_AUTOSAVE (self), FALSE);
  if (self->timeout_id == 0)
    return TRUE;
  return write_snapshot (self, error);
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

SpkTable *
spk_autosave_recover (const char *path, GError **error)
{
  g_autofree char *snapshot = path != NULL ? g_strdup (path) : spk_autosave_default_path ();
  g_autofree char *journal_path = g_strconcat (snapshot, ".journal", NULL);
  g_autofree char *journal = NULL;
  gsize length = 0;
  g_autoptr(SpkTable) table = spk_table_new_from_file (snapshot, error);
  const char *line;

  if (table == NULL)
    return NULL;
  if (!spk_file_read_capped (journal_path, &journal, &length, NULL))
    return g_steal_pointer (&table);
  /* Only whole lines were completed; a cut-off last line is dropped. */
  line = journal;
  for (;;)
    {
      const char *end = memchr (line, '\n', length - (gsize) (line - journal));

      if (end == NULL || !replay (table, line, (gsize) (end - line)))
        break;
      line = end + 1;
    }
  return g_steal_pointer (&table);
}
