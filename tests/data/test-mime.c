/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mime: the table file type as the desktop sees it. The built
 * shared-mime-info entry is installed into a private data directory with
 * update-mime-database, and GIO's content type guess must name a table by
 * its .spirekeeper name, and a table without a telling name (a download
 * with no extension, a pipe) by its content, while other JSON stays plain
 * JSON. A name ending in .json is JSON to GIO whatever its content: a
 * single glob match wins there.
 *
 *   test-mime MIME-XML DEMO-TABLE
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>

#define TABLE_TYPE "application/x-spirekeeper-table"

static char *mime_xml, *demo_table, *data_dir;

static char *
guess (const char *name, const char *data)
{
  gsize len = data != NULL ? strlen (data) : 0;
  g_autofree char *type = g_content_type_guess (name, (const guchar *) data, len, NULL);

  return g_content_type_get_mime_type (type);
}

static void
test_by_name (void)
{
  g_autofree char *type = guess ("wave-3.spirekeeper", NULL);

  g_assert_cmpstr (type, ==, TABLE_TYPE);
}

static void
test_by_content (void)
{
  g_autofree char *demo = NULL;
  g_autofree char *type = NULL;
  g_autofree char *other = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (demo_table, &demo, NULL, &error);
  g_assert_no_error (error);
  type = guess ("demo-table", demo);
  g_assert_cmpstr (type, ==, TABLE_TYPE);
  /* Compact JSON, as another program might write it, from a pipe. */
  g_free (type);
  type = guess (NULL, "{\"format\":\"spirekeeper-table\",\"version\":1}");
  g_assert_cmpstr (type, ==, TABLE_TYPE);
  other = guess ("settings", "{\"format\": \"something-else\", \"version\": 1}");
  g_assert_cmpstr (other, !=, TABLE_TYPE);
}

static void
test_is_json (void)
{
  g_autofree char *type = g_content_type_from_mime_type (TABLE_TYPE);

  g_assert_true (g_content_type_is_a (type, "application/json"));
  g_assert_true (g_content_type_is_a (type, "text/plain"));
}

static void
test_description (void)
{
  g_autofree char *type = g_content_type_from_mime_type (TABLE_TYPE);
  g_autofree char *text = g_content_type_get_description (type);

  g_assert_cmpstr (text, ==, "Spirekeeper table");
}

static void
install_type (void)
{
  g_autofree char *packages = g_build_filename (data_dir, "mime", "packages", NULL);
  g_autofree char *copy = g_build_filename (packages, "io.github.spirekeeper.Spirekeeper.xml", NULL);
  g_autofree char *mime = g_build_filename (data_dir, "mime", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *err = NULL;
  gsize length;
  int status;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "update-mime-database", mime, NULL };

  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  g_file_get_contents (mime_xml, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (copy, contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                NULL, NULL, NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("update-mime-database refused the entry: %s\n%s", error->message, err);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dirs = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (argc != 3)
    g_error ("usage: test-mime MIME-XML DEMO-TABLE");
  mime_xml = argv[1];
  demo_table = argv[2];
  data_dir = g_dir_make_tmp ("spk-mime-XXXXXX", &error);
  g_assert_no_error (error);
  install_type ();
  /* Before GIO reads any type database: ours first, then the system's
   * for application/json and text/plain. */
  dirs = g_strdup_printf ("%s:/usr/local/share:/usr/share", data_dir);
  g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);

  g_test_add_func ("/mime/by-name", test_by_name);
  g_test_add_func ("/mime/by-content", test_by_content);
  g_test_add_func ("/mime/is-json", test_is_json);
  g_test_add_func ("/mime/description", test_description);
  ret = g_test_run ();
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", data_dir);
    (void) !system (rm);
  }
  return ret;
}
