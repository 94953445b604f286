/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fortress structures typed by the player (spk-structure-text.h): every
 * line shape that reads, every one that does not, and the round trip. */
#include "config.h"

#include "spk-structure-text.h"
#include "spk-table.h"

static const SpkStructure *
at (GPtrArray *list, guint i)
{
  return g_ptr_array_index (list, i);
}

static void
test_reads (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = spk_structures_from_text ("Inner Oak: Amplify 3, Deep Roots 5\n"
                                                        "\n"
                                                        "  Outer Wall :Brick 0  \n",
                                                        NULL, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpstr (at (list, 0)->name, ==, "Inner Oak");
  g_assert_cmpuint (at (list, 0)->level_names->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (at (list, 0)->level_names, 1), ==, "Deep Roots");
  g_assert_cmpint (g_array_index (at (list, 0)->level_costs, int, 0), ==, 3);
  g_assert_cmpint (g_array_index (at (list, 0)->level_costs, int, 1), ==, 5);
  g_assert_cmpint (at (list, 0)->bought, ==, 0);
  g_assert_cmpstr (at (list, 1)->name, ==, "Outer Wall");
  g_assert_cmpstr (g_ptr_array_index (at (list, 1)->level_names, 0), ==, "Brick");
  g_assert_cmpint (g_array_index (at (list, 1)->level_costs, int, 0), ==, 0);

  text = spk_structures_to_text (list);
  g_assert_cmpstr (text, ==, "Inner Oak: Amplify 3, Deep Roots 5\nOuter Wall: Brick 0\n");
}

/* Re-entering keeps the levels already bought, as far as they still
 * exist. */
static void
test_keeps_bought (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) before = spk_structures_from_text ("Inner Oak: Amplify 3, Deep Roots 5\nWall: A 1, B 2",
                                                          NULL, &error);
  g_autoptr(GPtrArray) after = NULL;

  g_assert_no_error (error);
  ((SpkStructure *) g_ptr_array_index (before, 0))->bought = 2;
  ((SpkStructure *) g_ptr_array_index (before, 1))->bought = 1;
  after = spk_structures_from_text ("Inner Oak: Amplify 3\nWall: A 1, B 2, C 4\nNew: X 2", before, &error);
  g_assert_no_error (error);
  g_assert_cmpint (at (after, 0)->bought, ==, 1);
  g_assert_cmpint (at (after, 1)->bought, ==, 1);
  g_assert_cmpint (at (after, 2)->bought, ==, 0);
}

static void
test_refuses (void)
{
  static const struct {
    const char *text;
    const char *message;
  } rows[] = {
    { "Inner Oak Amplify 3", "Line 1: write the structure's name, a colon, then its levels" },
    { "\n: Amplify 3", "Line 2: the structure needs a name before the colon" },
    { "Oak:", "Line 1: name at least one level after the colon, like “Amplify 3”" },
    { "Oak: Amplify 3,", "Line 1: a level is empty; write each level as its name and cost, like “Amplify 3”" },
    { "Oak: Amplify", "Line 1: a level needs a name and a Source cost, like “Amplify 3”" },
    { "Oak: Amplify three", "Line 1: a level's cost must be a whole number of Source from 0 to 99, written last" },
    { "Oak: Amplify -1", "Line 1: a level's cost must be a whole number of Source from 0 to 99, written last" },
    { "Oak: Amplify 100", "Line 1: a level's cost must be a whole number of Source from 0 to 99, written last" },
    { "Oak: Amplify 3x", "Line 1: a level's cost must be a whole number of Source from 0 to 99, written last" },
    { "Oak: Amplify 3\nOak: Roots 4", "Line 2: this structure is already named on an earlier line" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) list = spk_structures_from_text (rows[i].text, NULL, &error);

      g_assert_null (list);
      g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, rows[i].message);
    }
}

static void
test_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = spk_structures_from_text ("\n  \n", NULL, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  text = spk_structures_to_text (list);
  g_assert_cmpstr (text, ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/structure-text/reads", test_reads);
  g_test_add_func ("/structure-text/keeps-bought", test_keeps_bought);
  g_test_add_func ("/structure-text/refuses", test_refuses);
  g_test_add_func ("/structure-text/empty", test_empty);
  return g_test_run ();
}
