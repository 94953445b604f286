/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "spk-table-codex.h"
#include "spk-economy.h"
#include "spk-new-table-dialog.h"
#include "spk-preferences-window.h"
#include "spk-test-ui.h"
#include "spk-test-window.h"
#include "spk-tracker-page.h"
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

/* How often a walker that could not reach the bus (status 3) or find us on
 * it (status 2) is started again: on a loaded machine libatspi's calls to
 * the bus can time out for a while although the bus is up (the walker
 * only learns that the bus is there through such a call). */
#define WALKER_ATTEMPTS 5

/* Runs the walker once; its stdout and stderr in @out and @err. */
static GSubprocess *
run_walker (char **out, char **err)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) walker = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());

  walker = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                             SPK_A11Y_WALKER, pid, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (walker, NULL, NULL, waited, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_communicate_utf8_finish (walker, result, out, err, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&walker);
}

/* Reads the tree from another process while this one keeps answering.
 * Exit status 1 is the walker's verdict (controls it cannot name); any
 * other failure is the walker's own, reported with its status and stderr so
 * that it never reads as a verdict. A walker that could not reach the bus
 * is tried again (WALKER_ATTEMPTS) before that counts as a failure. */
static void
assert_all_named (Fixture *f, const char *state)
{
  g_autoptr(GSubprocess) walker = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *summary;
  int attempt;

  spk_test_ui_iterate (300);
  for (attempt = 1; ; attempt++)
    {
      int status;

      g_clear_object (&walker);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      walker = run_walker (&out, &err);
      if (!g_subprocess_get_if_exited (walker))
        break;
      status = g_subprocess_get_exit_status (walker);
      if ((status != 2 && status != 3) || attempt == WALKER_ATTEMPTS)
        break;
      g_test_message ("%s: walker attempt %d could not reach the bus (status %d): %s; trying again",
                      state, attempt, status, err);
      spk_test_ui_iterate (1000 * attempt);
    }
  g_test_message ("%s: %s%s", state, out, err);
  if (!g_subprocess_get_if_exited (walker))
    g_error ("%s: spk-a11y-walker was killed by signal %d\nstderr:\n%s\nstdout:\n%s",
             state, g_subprocess_get_term_sig (walker), err, out);
  if (g_subprocess_get_exit_status (walker) == 1)
    g_error ("%s: controls a screen reader cannot name:\n%s", state, out);
  if (g_subprocess_get_exit_status (walker) != 0)
    g_error ("%s: spk-a11y-walker failed with exit status %d (attempt %d)\nstderr:\n%s\nstdout:\n%s",
             state, g_subprocess_get_exit_status (walker), attempt, err, out);
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

/* New Table with every row shown: four seats, teams, a custom faction. */
static void
test_new_table (Fixture *f, gconstpointer data)
{
  SpkNewTableDialog *dialog = spk_new_table_dialog_new (GTK_WINDOW (f->window));

  spk_new_table_dialog_set_players (dialog, 4);
  spk_new_table_dialog_set_teams (dialog, TRUE);
  spk_new_table_dialog_set_seat (dialog, 3, NULL, "Sky Pirates", 2, -1);
  gtk_window_present (GTK_WINDOW (dialog));
  spk_test_ui_wait_mapped (GTK_WIDGET (dialog));
  assert_all_named (f, "new table dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Preferences, opened from the window as Ctrl+comma does: every switch,
 * spin button and choice is named by its row. */
static void
test_preferences (Fixture *f, gconstpointer data)
{
  g_autoptr(GListModel) toplevels = NULL;
  GtkWidget *prefs = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (f->app), "preferences", NULL);
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; prefs == NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (SPK_IS_PREFERENCES_WINDOW (w))
        prefs = w;
    }
  g_assert_nonnull (prefs);
  spk_test_ui_wait_mapped (prefs);
  assert_all_named (f, "preferences");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* A Codex table: the Codex board with a hero in play (its Level Up,
 * +2 Levels and Destroyed buttons), a free-for-all's repair and bounty,
 * and New Table's Codex form with five players. */
static void
test_codex (Fixture *f, gconstpointer data)
{
  const char *names[] = { "Ann", "Bo", "Cy", NULL };
  g_autoptr(SpkTable) table = spk_table_new_codex (SPK_CODEX_MODE_FREE_FOR_ALL, names, NULL, NULL, NULL);
  SpkNewTableDialog *dialog;
  GtkWidget *codex_window, *page;

  g_assert_nonnull (table);
  g_assert_true (spk_table_codex_add_hero (table, 0, "Troq", 0, 4, 8, NULL));
  g_assert_true (spk_table_codex_next_phase (table, NULL));
  g_assert_true (spk_table_codex_next_phase (table, NULL));
  g_assert_true (spk_table_codex_summon_hero (table, 0, 0, NULL));
  /* A window of its own: replacing the window's table would offer Bring
   * Back in a toast, which is not this test's. */
  codex_window = adw_window_new ();
  page = g_object_new (SPK_TYPE_TRACKER_PAGE, NULL);
  spk_tracker_page_set_table (SPK_TRACKER_PAGE (page), table);
  adw_window_set_content (ADW_WINDOW (codex_window), page);
  gtk_window_set_title (GTK_WINDOW (codex_window), "Codex");
  gtk_window_set_default_size (GTK_WINDOW (codex_window), 1000, 800);
  gtk_window_present (GTK_WINDOW (codex_window));
  spk_test_ui_wait_mapped (codex_window);
  assert_all_named (f, "codex tracker");
  gtk_window_destroy (GTK_WINDOW (codex_window));

  dialog = spk_new_table_dialog_new (GTK_WINDOW (f->window));
  spk_new_table_dialog_set_game (dialog, "codex");
  adw_combo_row_set_selected (ADW_COMBO_ROW (spk_test_ui_row (GTK_WIDGET (dialog), "_Set-up")), 3);
  gtk_window_present (GTK_WINDOW (dialog));
  spk_test_ui_wait_mapped (GTK_WIDGET (dialog));
  assert_all_named (f, "new codex table dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* How long a fresh session may take to bring the accessibility bus up. */
#define A11Y_BUS_TIMEOUT_S 60

/* TRUE for the errors after which asking again cannot help: no service
 * file names org.a11y.Bus (or the registry), or its program is missing. */
static gboolean
cannot_start (const GError *error)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (error);

  return remote != NULL && (g_str_equal (remote, "org.freedesktop.DBus.Error.ServiceUnknown") ||
                            g_str_equal (remote, "org.freedesktop.DBus.Error.Spawn.ExecFailed"));
}

/* One try: the address from at-spi-bus-launcher (org.a11y.Bus on the
 * session bus, started on demand), a connection to that address, and the
 * registry started on it. */
static gboolean
a11y_bus_answers (GDBusConnection *session, GError **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) started = NULL;
  g_autoptr(GDBusConnection) a11y = NULL;
  const char *address;

  reply = g_dbus_connection_call_sync (session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                       NULL, G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, error);
  if (reply == NULL)
    return FALSE;
  g_variant_get (reply, "(&s)", &address);
  if (*address == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "org.a11y.Bus gave an empty address");
      return FALSE;
    }
  a11y = g_dbus_connection_new_for_address_sync (address,
                                                 G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                 G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                 NULL, NULL, error);
  if (a11y == NULL)
    return FALSE;
  started = g_dbus_connection_call_sync (a11y, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                         "StartServiceByName", g_variant_new ("(su)", "org.a11y.atspi.Registry", 0),
                                         G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, error);
  return started != NULL;
}

/* at-spi-bus-launcher puts its socket in the runtime folder, which for a
 * user without XDG_RUNTIME_DIR (root on CI) is ~/.cache/at-spi/bus: one
 * path for every session of that user. When another session's launcher
 * ends (a second test run at the same time), it deletes the socket this
 * session's bus address names, and every later connection fails with "No
 * such file or directory". So before the launcher starts, this session's
 * bus is told to give the programs it starts a runtime folder of their
 * own. Nothing to do when the launcher is already running. */
static void
private_runtime_dir (GDBusConnection *session)
{
  g_autoptr(GVariant) owned = NULL;
  g_autoptr(GVariant) done = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  gboolean running = FALSE;
  GVariantBuilder env;

  owned = g_dbus_connection_call_sync (session, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner", g_variant_new ("(s)", "org.a11y.Bus"),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
  if (owned != NULL)
    g_variant_get (owned, "(b)", &running);
  if (owned == NULL || running)
    return;
  dir = g_dir_make_tmp ("spk-a11y-runtime-XXXXXX", &error);
  if (dir == NULL)
    {
      g_printerr ("no private runtime folder for the accessibility bus: %s\n", error->message);
      return;
    }
  g_variant_builder_init (&env, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&env, "{ss}", "XDG_RUNTIME_DIR", dir);
  done = g_dbus_connection_call_sync (session, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                      "org.freedesktop.DBus", "UpdateActivationEnvironment",
                                      g_variant_new ("(a{ss})", &env), NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL,
                                      &error);
  if (done == NULL)
    g_printerr ("the accessibility bus keeps the shared runtime folder: %s\n", error->message);
}

/* GTK asks for the accessibility bus once, when the display opens, and
 * gives up for good if the bus is not there yet; a fresh session (CI)
 * starts it on demand and the first start can take longer than one D-Bus
 * call. So the bus is started here first, asking again until it answers.
 * Returns NULL once it is up, else why it could not be started. */
static char *
start_a11y_bus (void)
{
  gint64 deadline = g_get_monotonic_time () + A11Y_BUS_TIMEOUT_S * G_USEC_PER_SEC;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);

  if (session == NULL)
    return g_strdup_printf ("no session bus: %s", error->message);
  private_runtime_dir (session);
  while (!a11y_bus_answers (session, &error))
    {
      if (cannot_start (error))
        return g_strdup_printf ("the accessibility bus cannot be started: %s", error->message);
      if (g_get_monotonic_time () >= deadline)
        return g_strdup_printf ("the accessibility bus did not come up within %d s: %s",
                                A11Y_BUS_TIMEOUT_S, error->message);
      /* Before g_test_init: stderr, not the TAP stream. */
      g_printerr ("waiting for the accessibility bus: %s\n", error->message);
      g_clear_error (&error);
      g_usleep (250 * 1000);
    }
  return NULL;
}

static void
skip_without_bus (gconstpointer reason)
{
  g_test_skip (reason);
}

int
main (int argc, char **argv)
{
  static const struct {
    const char *path;
    void (*test) (Fixture *, gconstpointer);
  } tests[] = {
    { "/a11y/table-page", test_table_page },
    { "/a11y/tracker-and-rules", test_tracker_and_rules },
    { "/a11y/narrow", test_narrow },
    { "/a11y/new-table", test_new_table },
    { "/a11y/preferences", test_preferences },
    { "/a11y/codex", test_codex },
  };
  g_autofree char *no_bus = NULL;

  /* The other ui tests switch accessibility off; this one is about it. */
  g_setenv ("GTK_A11Y", "atspi", TRUE);
  g_unsetenv ("NO_AT_BRIDGE");
  no_bus = start_a11y_bus ();
  spk_test_window_init (&argc, &argv);

  for (gsize i = 0; i < G_N_ELEMENTS (tests); i++)
    if (no_bus != NULL)
      g_test_add_data_func (tests[i].path, no_bus, skip_without_bus);
    else
      g_test_add (tests[i].path, Fixture, NULL, fixture_set_up, tests[i].test, fixture_tear_down);
  return g_test_run ();
}
