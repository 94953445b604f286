/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared by the economy tests: a notes array and an exact comparison. */
#pragma once

#include <glib.h>

static inline GPtrArray *
notes_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

/* Asserts `notes` holds exactly the NULL-terminated `expected`, in order. */
static inline void
assert_notes (GPtrArray *notes, const char *const *expected)
{
  guint n = 0;

  while (expected[n] != NULL)
    n++;
  for (guint i = 0; i < MIN (n, notes->len); i++)
    g_assert_cmpstr (g_ptr_array_index (notes, i), ==, expected[i]);
  g_assert_cmpuint (notes->len, ==, n);
}
