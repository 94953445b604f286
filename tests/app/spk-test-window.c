/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-test-window.h"

#include <glib/gstdio.h>

#include "spk-autosave.h"
#include "spk-locale.h"
#include "spk-test-ui.h"

void
spk_test_window_init (int *argc, char ***argv)
{
  static char *data_home;
  g_autofree char *official = NULL;

  data_home = g_dir_make_tmp ("spk-test-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  official = g_build_filename (data_home, "official-rules.json", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("SPK_OFFICIAL_RULES", official, TRUE);
  gtk_test_init (argc, argv, NULL);
  /* The translations as main() binds them: English under the tests'
   * LANGUAGE=en, the build tree's catalogue when a test asks for another. */
  spk_locale_init ();
  adw_init ();
}

SpkApplication *
spk_test_window_app (void)
{
  static SpkApplication *app;

  if (app == NULL)
    {
      app = spk_application_new ();
      g_application_register (G_APPLICATION (app), NULL, NULL);
    }
  return app;
}

SpkWindow *
spk_test_window_new (void)
{
  g_autofree char *autosave = spk_autosave_default_path ();
  const char *const kept[] = { ".journal", ".good", ".opening" };

  g_unlink (autosave);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = g_strconcat (autosave, kept[i], NULL);

      g_unlink (path);
    }
  return spk_test_window_start ();
}

SpkWindow *
spk_test_window_start (void)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  SpkWindow *window;

  window = spk_window_new (spk_test_window_app ());
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 720);
  gtk_window_present (GTK_WINDOW (window));
  spk_test_ui_wait_mapped (GTK_WIDGET (window));
  while (spk_window_get_table (window) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (spk_window_get_table (window));
  return window;
}

void
spk_test_window_wait_for_table (SpkWindow *window, SpkTable *old)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((spk_window_get_table (window) == NULL || spk_window_get_table (window) == old)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (spk_window_get_table (window));
  g_assert_true (spk_window_get_table (window) != old);
}

void
spk_test_window_advance_to (SpkTable *table, SpkPhase phase)
{
  while (spk_table_get_phase (table) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (table, &error));
      g_assert_no_error (error);
    }
}

void
spk_test_window_press_enter_on (SpkBoardView *view, int q, int r)
{
  spk_board_view_set_focus_hex (view, spk_hex_make (q, r));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "board.activate-focus", NULL));
}

static void
saved_to (GObject *source, GAsyncResult *result, gpointer data)
{
  gboolean *done = data;

  g_assert_true (spk_window_write_finish (SPK_WINDOW (source), result, NULL));
  *done = TRUE;
}

void
spk_test_window_save (SpkWindow *window, GFile *file)
{
  gboolean done = FALSE;

  spk_window_save_to (window, file, saved_to, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

SpkRulesPage *
spk_test_window_rules_page (SpkWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  SpkRulesPage *page = SPK_RULES_PAGE (spk_test_ui_find_type (GTK_WIDGET (window), SPK_TYPE_RULES_PAGE));

  while (!spk_rules_page_is_ready (page) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (spk_rules_page_is_ready (page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search-rules", NULL));
  spk_test_ui_iterate (100);
  return page;
}
