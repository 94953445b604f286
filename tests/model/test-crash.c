/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Kill test: a helper process plays scripted actions with an autosave and
 * is killed with SIGKILL at random moments. Every time, the autosave must
 * reopen, as the app does at start, exactly at the last acknowledged
 * action: the helper's last "done N" (or N + 1 when it died after the
 * action was on disk but before saying so), with no temporary file of an
 * interrupted snapshot left beside it. Iterations: --iterations=N or
 * SPK_KILL_ITERATIONS (default 10; `meson test --benchmark` runs 100). */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spk-autosave.h"
#include "spk-test-table.h"

static char *
state_after (guint32 seed, guint steps)
{
  g_autoptr(SpkTable) t = spk_table_new (spk_test_table_walkthrough_board ());
  g_autoptr(GRand) r = g_rand_new_with_seed (seed);

  for (guint n = 1; n <= steps; n++)
    spk_test_table_crash_step (t, r, n);
  return spk_table_to_data (t, NULL);
}

/* Reads the helper's output to the end; returns the last N of "done N". */
static guint
last_done (int fd)
{
  g_autoptr(GString) out = g_string_new (NULL);
  char buf[4096];
  ssize_t n;
  const char *p;
  guint last = 0;

  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_string_append_len (out, buf, n);
  for (p = out->str; (p = strstr (p, "done ")) != NULL; p += 5)
    {
      const char *end = strchr (p, '\n');

      if (end != NULL)
        last = (guint) atoi (p + 5);
    }
  return last;
}

/* Files named like the temporary file of a snapshot: PATH.XXXXXX. */
static guint
temporary_files (const char *dir, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *prefix = g_strconcat (base, ".", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && strlen (name) == strlen (prefix) + 6)
      n++;
  return n;
}

static void
remove_all (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = g_build_filename (dir, name, NULL);

      g_unlink (full);
    }
}

static void
crash_once (const char *helper, const char *dir, guint iteration, GRand *timing)
{
  guint32 seed = iteration + 1;
  /* Snapshots after every action, often, or rarely (journal only). */
  const char *delays[] = { "0", "3", "10000" };
  g_autofree char *path = g_strdup_printf ("%s/autosave-%u.json", dir, iteration);
  g_autofree char *seed_s = g_strdup_printf ("%u", seed);
  const char *argv[] = { helper, path, seed_s, delays[iteration % 3], NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) back = NULL;
  g_autofree char *recovered = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *expected_next = NULL;
  char ready[7] = { 0 };
  SpkAutosaveStart how;
  GPid pid;
  int out_fd;
  int status;
  guint done;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read (out_fd, ready, 6), ==, 6);
  g_assert_cmpstr (ready, ==, "ready\n");
  g_usleep ((gulong) g_rand_int_range (timing, 0, 80000));
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
  g_spawn_close_pid (pid);
  done = last_done (out_fd);
  close (out_fd);

  g_test_message ("iteration %u: %u temporary files left by the kill", iteration, temporary_files (dir, path));
  back = spk_autosave_open_at_start (path, &how, NULL);
  g_assert_nonnull (back);
  g_assert_cmpint (how, ==, SPK_AUTOSAVE_START_AS_LEFT);
  g_assert_cmpuint (temporary_files (dir, path), ==, 0);
  recovered = spk_table_to_data (back, NULL);
  expected = state_after (seed, done);
  g_test_message ("iteration %u: killed after %u actions", iteration, done);
  if (g_strcmp0 (recovered, expected) != 0)
    {
      expected_next = state_after (seed, done + 1);
      g_assert_cmpstr (recovered, ==, expected_next);
    }
  remove_all (dir);
}

static guint iterations_arg;

static void
test_crash (void)
{
  g_autofree char *helper = g_test_build_filename (G_TEST_BUILT, "model", "spk-crash-helper", NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-crash-XXXXXX", NULL);
  g_autoptr(GRand) timing = g_rand_new_with_seed (20261122);
  const char *env = g_getenv ("SPK_KILL_ITERATIONS");
  guint iterations = iterations_arg > 0 ? iterations_arg : env != NULL ? (guint) atoi (env) : 10;

  for (guint i = 0; i < iterations; i++)
    crash_once (helper, dir, i, timing);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--iterations="))
      iterations_arg = (guint) atoi (argv[i] + strlen ("--iterations="));
  g_test_add_func ("/autosave/kill", test_crash);
  return g_test_run ();
}
