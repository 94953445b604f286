/* Crash test: a helper process plays actions with an autosave and is killed
 * with SIGKILL at random moments. Every time, the autosave must reopen
 * exactly at the last completed action: the helper's last "done N" (or
 * N + 1 when it died after finishing an action but before saying so).
 * Iterations: SPK_CRASH_ITERATIONS (default 20). */
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

static void
crash_once (const char *helper, const char *dir, guint iteration, GRand *timing)
{
  guint32 seed = iteration + 1;
  /* Snapshots after every action, often, or rarely (journal only). */
  const char *delays[] = { "0", "3", "10000" };
  g_autofree char *path = g_strdup_printf ("%s/autosave-%u.json", dir, iteration);
  g_autofree char *seed_s = g_strdup_printf ("%u", seed);
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);
  const char *argv[] = { helper, path, seed_s, delays[iteration % 3], NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkTable) back = NULL;
  g_autofree char *recovered = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *expected_next = NULL;
  char ready[7] = { 0 };
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

  back = spk_autosave_recover (path, &error);
  g_assert_no_error (error);
  recovered = spk_table_to_data (back, NULL);
  expected = state_after (seed, done);
  g_test_message ("iteration %u: killed after %u actions", iteration, done);
  if (g_strcmp0 (recovered, expected) != 0)
    {
      expected_next = state_after (seed, done + 1);
      g_assert_cmpstr (recovered, ==, expected_next);
    }
  g_unlink (path);
  g_unlink (journal);
}

static void
test_crash (void)
{
  g_autofree char *helper = g_test_build_filename (G_TEST_BUILT, "model", "spk-crash-helper", NULL);
  g_autofree char *dir = g_dir_make_tmp ("spk-crash-XXXXXX", NULL);
  g_autoptr(GRand) timing = g_rand_new_with_seed (20261122);
  const char *env = g_getenv ("SPK_CRASH_ITERATIONS");
  guint iterations = env != NULL ? (guint) atoi (env) : 20;

  for (guint i = 0; i < iterations; i++)
    crash_once (helper, dir, i, timing);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/autosave/crash", test_crash);
  return g_test_run ();
}
