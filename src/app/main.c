/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-application.h"
#include "spk-locale.h"

int
main (int argc, char **argv)
{
  g_autoptr(SpkApplication) app = NULL;

  spk_application_skip_software_gl ("/dev/dri");

  spk_locale_init ();

  app = spk_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
