/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The roster loader on arbitrary bytes. A refused roster says why in the
 * roster's error domain; an accepted one answers every question the app
 * asks of it: each record is found by its id and by its name, and every
 * side of every board chip becomes a chip. */
#include "config.h"

#include "spk-fuzz.h"

#include "spk-roster.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  spk_fuzz_init ();
  return 0;
}

/* Searching a record's own name finds it, unless the name has no ASCII
 * letter or digit even with accents taken apart (the search folds those
 * away, and an empty query matches nothing). */
static void
check_found_by_name (const SpkRoster *roster, const SpkRosterRecord *r)
{
  g_autoptr(GArray) hits = spk_roster_search (roster, r->name);
  g_autofree char *nfkd = g_utf8_normalize (r->name, -1, G_NORMALIZE_NFKD);
  gboolean searchable = FALSE;

  for (const char *c = nfkd; c != NULL && *c != '\0'; c++)
    searchable = searchable || g_ascii_isalnum (*c);
  for (guint i = 0; i < hits->len; i++)
    if (g_array_index (hits, SpkRosterMatch, i).record == r)
      return;
  g_assert_false (searchable);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkRoster) roster = spk_roster_load_from_data ((const char *) data, (gssize) size, &error);

  if (roster == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == SPK_ROSTER_ERROR);
      g_assert_true (error->message[0] != '\0');
      return 0;
    }
  g_assert_no_error (error);

  for (guint i = 0; i < spk_roster_get_n_records (roster); i++)
    {
      const SpkRosterRecord *r = spk_roster_get_record (roster, i);

      g_assert_true (spk_roster_lookup (roster, r->id) == r);
      check_found_by_name (roster, r);
      for (int side = SPK_ROSTER_SIDE_BASIC; side <= SPK_ROSTER_SIDE_PROMOTED; side++)
        {
          g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
          g_autoptr(GError) chip_error = NULL;
          g_autoptr(SpkChip) chip = spk_roster_make_chip (roster, r->id, side, "fuzz", NULL,
                                                          unknown, &chip_error);
          gboolean expected = r->kind != SPK_ROSTER_EQUIPMENT &&
                              (side == SPK_ROSTER_SIDE_BASIC || r->has_promoted);

          g_assert_true ((chip != NULL) == expected);
          if (chip != NULL)
            {
              g_assert_cmpstr (chip->id, ==, r->id);
              g_assert_cmpint (chip->max_health, ==, chip->health);
            }
          else
            g_assert_error (chip_error, SPK_ROSTER_ERROR, SPK_ROSTER_ERROR_NOT_A_CHIP);
        }
    }
  return 0;
}
