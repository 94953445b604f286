/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-report.h: the one machine-readable line every benchmark prints per
 * operation, which `build-aux/dev bench` gathers into a table:
 *
 *   BENCH<TAB>operation<TAB>median_us<TAB>p95_us<TAB>target
 *
 * @target is free text ("< 500", "-" for none). The samples are sorted.
 * A line NOTE<TAB>text goes under the table as it is (once).
 */
#pragma once

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline int
bench_compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Seconds of CPU time this thread has used: what work costs when other
 * processes share the cores (wall time then includes waiting for one). */
static inline double
bench_thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* @n samples, multiplied by @to_us to give microseconds; sorted in place. */
static inline void
bench_report_scaled (const char *operation, double *samples, guint n, double to_us,
                     const char *target)
{
  if (n == 0)
    return;
  qsort (samples, n, sizeof (double), (int (*) (const void *, const void *)) bench_compare_doubles);
  printf ("BENCH\t%s\t%.1f\t%.1f\t%s\n", operation, samples[n / 2] * to_us,
          samples[MIN (n - 1, n * 95 / 100)] * to_us, target != NULL ? target : "-");
  fflush (stdout);
}

/* @samples (a GArray of double) in microseconds. */
static inline void
bench_report (const char *operation, GArray *samples, const char *target)
{
  bench_report_scaled (operation, (double *) (void *) samples->data, samples->len, 1.0, target);
}
