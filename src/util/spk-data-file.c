/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-data-file.h"

char *
spk_data_file_find (const char *env, const char *subdir, const char *file)
{
  const char *dir = g_getenv (env);
  g_autofree char *installed = g_build_filename (PKGDATADIR, subdir, file, NULL);
  g_autofree char *source_tree = g_build_filename (SPK_SOURCE_DATADIR, subdir, file, NULL);

  if (dir != NULL && *dir != '\0')
    {
      g_autofree char *path = g_build_filename (dir, file, NULL);

      return g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_steal_pointer (&path) : NULL;
    }
  if (g_file_test (installed, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&installed);
  if (g_file_test (source_tree, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&source_tree);
  return NULL;
}
