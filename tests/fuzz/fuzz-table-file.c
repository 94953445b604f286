/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table loader and validator on arbitrary bytes. A table it accepts
 * must write back to text that loads again as the same board, and that
 * text must be a fixed point of load and save. */
#include "spk-fuzz.h"

#include <string.h>

#include "spk-table-file.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  spk_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkBoard) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  gsize length = 0, length_again = 0;

  board = spk_table_file_parse_full ((const char *) data, (gssize) size, &problems, &error);
  if (board == NULL)
    {
      /* Refused: with a reason, and every problem listed. */
      g_assert_nonnull (error);
      g_assert_true (error->domain == SPK_TABLE_ERROR);
      g_assert_nonnull (problems);
      g_assert_cmpuint (problems->len, >, 0);
      return 0;
    }
  g_assert_no_error (error);

  text = spk_table_file_to_data (board, &length);
  again = spk_table_file_parse (text, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_true (spk_board_equal (board, again));
  text_again = spk_table_file_to_data (again, &length_again);
  g_assert_cmpmem (text, length, text_again, length_again);
  return 0;
}
