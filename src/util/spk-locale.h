/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-locale.h: where the program's translations are read from.
 *
 * An installed program reads its message catalogues from LOCALEDIR; a test
 * run from the build tree sets SPK_LOCALEDIR to the build's po/ directory,
 * which holds the same LANG/LC_MESSAGES/spirekeeper.mo layout, so the
 * translation is proven before anything is installed. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* $SPK_LOCALEDIR when set and not empty, else LOCALEDIR. */
const char *spk_locale_dir  (void);

/* Takes the user's locale from the environment and makes
 * spk_locale_dir()'s catalogue of GETTEXT_PACKAGE the default text domain,
 * read as UTF-8: what every program of the project does first. */
void        spk_locale_init (void);

G_END_DECLS
