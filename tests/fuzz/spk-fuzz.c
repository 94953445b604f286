/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-fuzz.h"

#include <glib/gstdio.h>
#include <stdlib.h>

static char *tmpdir;

static GLogWriterOutput
writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    {
      g_log_writer_standard_streams (level, fields, n_fields, data);
      abort ();
    }
  return G_LOG_WRITER_HANDLED;
}

static void
remove_tmpdir (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmpdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (tmpdir);
}

void
spk_fuzz_init (void)
{
  g_log_set_writer_func (writer, NULL, NULL);
}

const char *
spk_fuzz_tmpdir (void)
{
  if (tmpdir == NULL)
    {
      tmpdir = g_dir_make_tmp ("spk-fuzz-XXXXXX", NULL);
      g_assert_nonnull (tmpdir);
      atexit (remove_tmpdir);
    }
  return tmpdir;
}
