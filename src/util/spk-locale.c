/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-locale.h"

#include <glib/gi18n.h>
#include <locale.h>

const char *
spk_locale_dir (void)
{
  const char *dir = g_getenv ("SPK_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

void
spk_locale_init (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, spk_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
