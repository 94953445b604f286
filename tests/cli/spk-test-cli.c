/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-test-cli.h"

#include <sys/wait.h>

void
spk_cli_run_clear (SpkCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
  g_clear_pointer (&run->json, json_node_unref);
}

void
spk_cli_run (SpkCliRun *run, const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("SPK_CLI");
  va_list ap;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (char *) cli);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
  if (run->status == 0 && (run->out[0] == '{' || run->out[0] == '['))
    {
      g_autoptr(JsonParser) parser = json_parser_new ();

      if (json_parser_load_from_data (parser, run->out, -1, NULL))
        run->json = json_node_copy (json_parser_get_root (parser));
    }
}

char *
spk_cli_fixture (const char *first, ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (parts, (char *) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, "fixtures");
  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    g_ptr_array_add (parts, (char *) p);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

JsonNode *
spk_cli_parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}
