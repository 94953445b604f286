/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli in German: the build tree's catalogue (SPK_LOCALEDIR)
 * is read when LANGUAGE asks for German, and English stays English. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "spk-test-cli.h"

/* LANGUAGE is only honoured under a locale other than "C", so the runs use
 * C.UTF-8, which glibc (2.35 and later) has built in; FALSE, and the test
 * skipped, where it is missing. */
static gboolean
use_language (const char *language)
{
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_test_skip ("no C.UTF-8 locale: LANGUAGE is ignored under the C locale");
      return FALSE;
    }
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", language, TRUE);
  return TRUE;
}

static void
test_catalogue_built (void)
{
  g_autofree char *mo = g_build_filename (g_getenv ("SPK_LOCALEDIR"), "de", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);

  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
}

static void
test_usage_german (void)
{
  g_auto(SpkCliRun) none = { 0 }, unknown = { 0 };

  if (!use_language ("de"))
    return;
  spk_cli_run (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Aufruf: spirekeeper-cli BEFEHL [OPTION …] ARGUMENTE"));
  g_assert_nonnull (strstr (none.err, "Eine Tischdatei prüfen und zusammenfassen"));
  g_assert_null (strstr (none.err, "Usage"));

  spk_cli_run (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "spirekeeper-cli: Unbekannter Befehl „frobnicate“"));
}

static void
test_answer_and_error_german (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) valid = { 0 }, missing = { 0 };

  if (!use_language ("de"))
    return;
  spk_cli_run (&valid, "validate", path, NULL);
  g_assert_cmpint (valid.status, ==, 0);
  g_assert_nonnull (strstr (valid.out, "gültiger Tisch, 2 Spieler, Welle 1, 24 Felder"));

  /* A model error, read by the CLI from the model's translated GError. */
  spk_cli_run (&missing, "validate", "/nonexistent/table.json", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "kann „/nonexistent/table.json“ nicht lesen"));
}

static void
test_english_stays_english (void)
{
  g_autofree char *path = spk_cli_fixture ("table-basic.json", NULL);
  g_auto(SpkCliRun) valid = { 0 };

  if (!use_language ("en"))
    return;
  spk_cli_run (&valid, "validate", path, NULL);
  g_assert_cmpint (valid.status, ==, 0);
  g_assert_nonnull (strstr (valid.out, "valid table, 2 players, wave 1, 24 hexes"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/german/catalogue-built", test_catalogue_built);
  g_test_add_func ("/cli/german/usage", test_usage_german);
  g_test_add_func ("/cli/german/answer-and-error", test_answer_and_error_german);
  g_test_add_func ("/cli/german/english-stays-english", test_english_stays_english);
  return g_test_run ();
}
