/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-data-file.h: where a data file shipped with Spirekeeper is.
 *
 * Data files (the roster, the built-in isle templates) are looked for in
 * the directory an environment variable names, when set, else installed
 * under PKGDATADIR, else in the source tree, so tests and an uninstalled
 * build find them too. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* $@env/@file when @env is set and not empty (NULL when that file is
 * absent: an explicit directory wins outright), else PKGDATADIR/@subdir/
 * @file, else the source tree's data/@subdir/@file; NULL when none is a
 * regular file. */
char *spk_data_file_find (const char *env,
                          const char *subdir,
                          const char *file);

G_END_DECLS
