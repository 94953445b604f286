/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every talent the engine knows (spk-talent.h) has its entry in the
 * Cloudspire pack, and looking the talent up by name from a chip (the
 * Selection section's Rules buttons, win.show-term) opens that entry
 * first. docs/talents.md. */
#include "config.h"

#include "spk-glossary.h"
#include "spk-search.h"
#include "spk-talent.h"

static void
test_entries (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPK_DATADIR"), "glossary", "cloudspire.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = spk_glossary_load (path, NULL, &error);
  g_autoptr(SpkSearchIndex) index = NULL;
  const SpkTalentInfo *talents;
  guint n = 0;

  g_assert_no_error (error);
  index = spk_search_index_new (g);
  talents = spk_talent_list (&n);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      /* A chip names "# Range" with its number. */
      const char *printed = g_str_equal (talents[i].name, "# Range") ? "2 Range" : talents[i].name;
      g_autoptr(GPtrArray) hits = spk_search_index_query (index, printed, 1);

      g_test_message ("%s -> %s", printed, talents[i].glossary_id);
      g_assert_nonnull (spk_glossary_lookup (g, talents[i].glossary_id));
      g_assert_cmpuint (hits->len, ==, 1);
      g_assert_cmpstr (((SpkSearchResult *) g_ptr_array_index (hits, 0))->entry->id, ==,
                       talents[i].glossary_id);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/talent-entries/every-talent", test_entries);
  return g_test_run ();
}
