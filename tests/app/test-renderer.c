/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Without a GPU the app keeps GDK away from software GL, unless the user
 * chose a renderer. */
#include "config.h"

#include <glib/gstdio.h>

#include "spk-application.h"

static void
test_skip_software_gl (void)
{
  g_autofree char *dir = g_dir_make_tmp ("spk-dri-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);

  g_unsetenv ("GSK_RENDERER");
  g_unsetenv ("GDK_DEBUG");
  /* A GPU: nothing changes. */
  g_assert_false (spk_application_skip_software_gl (dir));
  g_assert_null (g_getenv ("GDK_DEBUG"));
  /* The user's choice stands. */
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  g_assert_false (spk_application_skip_software_gl (missing));
  g_assert_null (g_getenv ("GDK_DEBUG"));
  g_unsetenv ("GSK_RENDERER");
  g_setenv ("GDK_DEBUG", "interactive", TRUE);
  g_assert_false (spk_application_skip_software_gl (missing));
  g_assert_cmpstr (g_getenv ("GDK_DEBUG"), ==, "interactive");
  g_unsetenv ("GDK_DEBUG");
  /* No GPU: GL is left alone. */
  g_assert_true (spk_application_skip_software_gl (missing));
  g_assert_cmpstr (g_getenv ("GDK_DEBUG"), ==, "gl-disable");
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/renderer/skip-software-gl", test_skip_software_gl);
  return g_test_run ();
}
