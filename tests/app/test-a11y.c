/* Every control can be named by a screen reader: the window is put in the
 * states a player meets (each page, each editing tool, a minion and a
 * spire selected, a rules entry open, the narrow layout), and in each the
 * AT-SPI tree this process publishes is read from outside by
 * spk-a11y-walker, the way Orca would read it. Any control without a name,
 * or with a name that shows a mnemonic underscore or repeats itself, fails
 * the test with its place in the tree. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spk-application.h"
#include "spk-autosave.h"
#include "spk-board-view.h"
#include "spk-rules-page.h"
#include "spk-table-page.h"
#include "spk-table.h"
#include "spk-economy.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-window.h"

typedef struct {
  SpkApplication *app;
  SpkWindow      *window;
  SpkBoardView   *view;
  GtkWidget      *table_page;
  SpkRulesPage   *rules_page;
} Fixture;

static void
waited (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* Reads the tree from another process while this one keeps answering. */
static void
assert_all_named (Fixture *f, const char *state)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) walker = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  g_autofree char *out = NULL;
  const char *summary;

  spk_test_ui_iterate (300);
  walker = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error,
                             SPK_A11Y_WALKER, pid, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (walker, NULL, NULL, waited, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_communicate_utf8_finish (walker, result, &out, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s: %s", state, out);
  if (g_subprocess_get_exit_status (walker) != 0)
    g_error ("%s: controls a screen reader cannot name:\n%s", state, out);
  /* It really read our tree: more than the header bar's few controls. */
  summary = strstr (out, "checked ");
  g_assert_nonnull (summary);
  g_assert_cmpint (atoi (summary + strlen ("checked ")), >, 20);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->app = g_object_ref (spk_test_window_app ());
  f->window = spk_test_window_new ();
  f->view = SPK_BOARD_VIEW (spk_test_ui_find (GTK_WIDGET (f->window), spk_test_ui_is_type, "SpkBoardView"));
  f->table_page = spk_test_ui_find (GTK_WIDGET (f->window), spk_test_ui_is_type, "SpkTablePage");
  f->rules_page = SPK_RULES_PAGE (spk_test_ui_find (GTK_WIDGET (f->window), spk_test_ui_is_type, "SpkRulesPage"));
  g_assert_nonnull (f->view);
  g_assert_nonnull (f->table_page);
  g_assert_nonnull (f->rules_page);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_object_unref (f->app);
}

static void
test_table_page (Fixture *f, gconstpointer data)
{
  static const char *const tools[] = { "terrain", "well", "group", "chip", "fortress", "erase", "isle", "select" };

  assert_all_named (f, "table page");
  /* A minion (its destinations and the rules terms), then a spire (its
   * upgrade panel and damage buttons). */
  spk_board_view_select (f->view, &(SpkHex) { -3, 0 });
  assert_all_named (f, "minion selected");
  spk_board_view_select (f->view, &(SpkHex) { -5, -1 });
  assert_all_named (f, "spire selected");
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *state = g_strdup_printf ("%s tool", tools[i]);

      g_assert_true (gtk_widget_activate_action (f->table_page, "page.tool", "s", tools[i]));
      assert_all_named (f, state);
    }
}

static void
test_tracker_and_rules (Fixture *f, gconstpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  SpkTable *table = spk_window_get_table (f->window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "tracker"));
  assert_all_named (f, "tracker page");
  /* The Market section in its phase, then the deployment stack editor of
   * the Prep Phase. */
  while (spk_table_get_phase (table) != SPK_PHASE_MARKET)
    g_assert_true (spk_table_advance_phase (table, NULL));
  assert_all_named (f, "market phase");
  while (spk_table_get_phase (table) != SPK_PHASE_PREP)
    g_assert_true (spk_table_advance_phase (table, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "table"));
  spk_test_ui_iterate (200);
  g_assert_nonnull (spk_table_page_get_stack_text (SPK_TABLE_PAGE (f->table_page)));
  assert_all_named (f, "prep phase, stack editor");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules"));
  while (!spk_rules_page_is_ready (f->rules_page) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (spk_rules_page_is_ready (f->rules_page));
  spk_rules_page_search (f->rules_page, "spire");
  g_assert_cmpuint (spk_rules_page_get_n_results (f->rules_page), >, 0);
  assert_all_named (f, "rules search");
  g_assert_true (spk_rules_page_open (f->rules_page, spk_rules_page_get_result (f->rules_page, 0)));
  assert_all_named (f, "rules entry");
}

static void
test_narrow (Fixture *f, gconstpointer data)
{
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  spk_test_ui_iterate (500);
  assert_all_named (f, "narrow window");
}

int
main (int argc, char **argv)
{
  /* The other ui tests switch accessibility off; this one is about it. */
  g_setenv ("GTK_A11Y", "atspi", TRUE);
  g_unsetenv ("NO_AT_BRIDGE");
  spk_test_window_init (&argc, &argv);

  g_test_add ("/a11y/table-page", Fixture, NULL, fixture_set_up, test_table_page, fixture_tear_down);
  g_test_add ("/a11y/tracker-and-rules", Fixture, NULL, fixture_set_up, test_tracker_and_rules, fixture_tear_down);
  g_test_add ("/a11y/narrow", Fixture, NULL, fixture_set_up, test_narrow, fixture_tear_down);
  return g_test_run ();
}
