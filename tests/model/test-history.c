/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SpkHistory on its own, without a table: steps are patches between small
 * documents that only hold top-level values, so each test can say exactly
 * what undo and redo must give back. */
#include "config.h"

#include <string.h>

#include "spk-history.h"
#include "spk-patch.h"
#include "spk-table-file.h"
#include "spk-table.h"

static JsonNode *
doc_new (const char *json)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert_no_error (error);
  return node;
}

static char *
doc_text (JsonNode *doc)
{
  return json_to_string (doc, FALSE);
}

/* Records the change from @before to @after (JSON texts) as a step. */
static SpkLogEntry *
push (SpkHistory *h, const char *label, const char *phase, const char *before, const char *after,
      gboolean ends_turn)
{
  g_autoptr(JsonNode) b = doc_new (before);
  g_autoptr(JsonNode) a = doc_new (after);
  g_autoptr(JsonNode) patch = spk_patch_diff (b, a);

  return spk_history_push (h, label, NULL, 1, phase, patch, ends_turn);
}

/* The wave of the document: the steps below count waves 1, 2, 3 ... */
static void
push_waves (SpkHistory *h, int from, int to)
{
  for (int w = from; w < to; w++)
    {
      g_autofree char *label = g_strdup_printf ("wave %d", w + 1);
      g_autofree char *before = g_strdup_printf ("{\"wave\":%d}", w);
      g_autofree char *after = g_strdup_printf ("{\"wave\":%d}", w + 1);

      push (h, label, "setup", before, after, FALSE);
    }
}

static int
doc_wave (JsonNode *doc)
{
  return (int) json_object_get_int_member (json_node_get_object (doc), "wave");
}

static void
test_push_undo_redo (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":3}");
  g_autoptr(GError) error = NULL;

  g_assert_false (spk_history_can_undo (h));
  g_assert_false (spk_history_can_redo (h));
  g_assert_null (spk_history_get_undo_label (h));
  g_assert_false (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  push_waves (h, 1, 3);
  g_assert_cmpuint (spk_history_get_length (h), ==, 2);
  g_assert_cmpuint (spk_history_get_position (h), ==, 2);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 2);
  g_assert_cmpstr (spk_history_get_undo_label (h), ==, "wave 3");
  g_assert_cmpuint (g_list_model_get_n_items (spk_history_get_done (h)), ==, 2);

  g_assert_true (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (doc_wave (doc), ==, 2);
  g_assert_cmpuint (spk_history_get_position (h), ==, 1);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 3);
  g_assert_cmpstr (spk_history_get_undo_label (h), ==, "wave 2");
  g_assert_cmpstr (spk_history_get_redo_label (h), ==, "wave 3");
  g_assert_cmpuint (g_list_model_get_n_items (spk_history_get_done (h)), ==, 1);

  g_assert_true (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_cmpint (doc_wave (doc), ==, 1);
  g_assert_false (spk_history_can_undo (h));

  g_assert_true (spk_history_redo (h, doc, NULL, NULL, &error));
  g_assert_true (spk_history_redo (h, doc, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (doc_wave (doc), ==, 3);
  g_assert_false (spk_history_redo (h, doc, NULL, NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOTHING_TO_REDO);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 6);
}

static void
test_new_step_clears_redo (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":4}");

  push_waves (h, 1, 4);
  g_assert_true (spk_history_undo (h, doc, NULL, NULL, NULL));
  g_assert_true (spk_history_undo (h, doc, NULL, NULL, NULL));
  g_assert_cmpuint (spk_history_get_length (h), ==, 3);
  g_assert_true (spk_history_can_redo (h));

  push (h, "notes", "setup", "{\"wave\":2}", "{\"wave\":2,\"notes\":\"x\"}", FALSE);
  g_assert_cmpuint (spk_history_get_length (h), ==, 2);
  g_assert_cmpuint (spk_history_get_position (h), ==, 2);
  g_assert_false (spk_history_can_redo (h));
  g_assert_null (spk_history_get_redo_label (h));
  g_assert_cmpstr (spk_history_get_undo_label (h), ==, "notes");
  g_assert_cmpstr (spk_log_entry_get_label (spk_history_get_step (h, 0)), ==, "wave 2");
}

static void
test_groups (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":4}");
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;

  push_waves (h, 1, 2);
  spk_history_begin_group (h);
  spk_history_begin_group (h);
  push_waves (h, 2, 3);
  spk_history_end_group (h);
  push_waves (h, 3, 4);
  g_assert_true (spk_history_get_group_open (h));
  g_assert_false (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_GROUP_OPEN);
  g_clear_error (&error);
  spk_history_end_group (h);
  g_assert_false (spk_history_get_group_open (h));

  g_assert_cmpuint (spk_log_entry_get_group (spk_history_get_step (h, 1)), ==,
                    spk_log_entry_get_group (spk_history_get_step (h, 2)));
  g_assert_cmpuint (spk_log_entry_get_group (spk_history_get_step (h, 0)), !=,
                    spk_log_entry_get_group (spk_history_get_step (h, 1)));
  g_assert_cmpuint (spk_history_get_undo_steps (h), ==, 2);
  undo = spk_history_describe_undo (h);
  g_assert_cmpstr (undo, ==, "wave 4, with 1 earlier step");

  g_assert_true (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (doc_wave (doc), ==, 2);
  g_assert_cmpuint (spk_history_get_position (h), ==, 1);
  redo = spk_history_describe_redo (h);
  g_assert_cmpstr (redo, ==, "wave 3, with 1 more step");
  g_assert_true (spk_history_redo (h, doc, NULL, NULL, &error));
  g_assert_cmpint (doc_wave (doc), ==, 4);
}

static void
test_limit (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":6}");

  g_assert_cmpuint (spk_history_get_max_steps (h), ==, 0);
  spk_history_set_max_steps (h, 3);
  push_waves (h, 1, 6);
  g_assert_cmpuint (spk_history_get_length (h), ==, 3);
  g_assert_cmpuint (spk_history_get_position (h), ==, 3);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 5);
  g_assert_cmpuint (g_list_model_get_n_items (spk_history_get_done (h)), ==, 3);
  g_assert_cmpstr (spk_log_entry_get_label (spk_history_get_step (h, 0)), ==, "wave 4");
  while (spk_history_can_undo (h))
    g_assert_true (spk_history_undo (h, doc, NULL, NULL, NULL));
  g_assert_cmpint (doc_wave (doc), ==, 3);
  while (spk_history_can_redo (h))
    g_assert_true (spk_history_redo (h, doc, NULL, NULL, NULL));
  g_assert_cmpint (doc_wave (doc), ==, 6);

  /* A group is dropped whole, never cut in two. */
  spk_history_set_max_steps (h, 0);
  spk_history_begin_group (h);
  push_waves (h, 6, 8);
  spk_history_end_group (h);
  push_waves (h, 8, 9);
  g_assert_cmpuint (spk_history_get_length (h), ==, 6);
  spk_history_set_max_steps (h, 2);
  g_assert_cmpuint (spk_history_get_length (h), ==, 1);
  g_assert_cmpstr (spk_log_entry_get_label (spk_history_get_step (h, 0)), ==, "wave 9");
  g_assert_cmpuint (spk_history_get_position (h), ==, 1);
}

static void
test_ends_turn (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":1,\"turn\":\"b\",\"notes\":\"2\"}");
  g_autoptr(JsonNode) passes = NULL;
  g_autoptr(JsonNode) next_phase = NULL;
  g_autofree char *undo = NULL;
  const char *onslaught = spk_phase_to_string (SPK_PHASE_ONSLAUGHT);

  push (h, "before", "build", "{\"wave\":1}", "{\"wave\":1,\"turn\":\"a\"}", FALSE);
  push (h, "one", onslaught, "{\"wave\":1,\"turn\":\"a\"}", "{\"wave\":1,\"turn\":\"a\",\"notes\":\"1\"}", FALSE);
  push (h, "two", onslaught, "{\"wave\":1,\"turn\":\"a\",\"notes\":\"1\"}",
        "{\"wave\":1,\"turn\":\"a\",\"notes\":\"2\"}", FALSE);
  /* The field is what counts, as recorded: this patch does not touch
   * `turn`. */
  push (h, "end of turn", onslaught, "{\"wave\":1,\"turn\":\"a\",\"notes\":\"2\"}",
        "{\"wave\":1,\"turn\":\"b\",\"notes\":\"2\"}", TRUE);
  g_assert_false (spk_history_get_ends_turn (h, 2));
  g_assert_true (spk_history_get_ends_turn (h, 3));
  g_assert_cmpuint (spk_history_get_undo_steps (h), ==, 3);
  undo = spk_history_describe_undo (h);
  g_assert_cmpstr (undo, ==, "end of turn, with 2 earlier steps of the turn");
  g_assert_true (spk_history_undo (h, doc, NULL, NULL, NULL));
  g_assert_cmpuint (spk_history_get_position (h), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (doc), "turn"), ==, "a");
  g_assert_false (json_object_has_member (json_node_get_object (doc), "notes"));
  /* Redoing the turn's first step replays it to its end. */
  g_assert_true (spk_history_redo (h, doc, NULL, NULL, NULL));
  g_assert_cmpuint (spk_history_get_position (h), ==, 4);

  /* How a step read from a file is judged: `turn` changed, `phase` not. */
  {
    g_autoptr(JsonNode) a = doc_new ("{\"turn\":\"a\",\"phase\":\"onslaught\"}");
    g_autoptr(JsonNode) b = doc_new ("{\"turn\":\"b\",\"phase\":\"onslaught\"}");
    g_autoptr(JsonNode) c = doc_new ("{\"phase\":\"end-of-wave\"}");

    passes = spk_patch_diff (a, b);
    next_phase = spk_patch_diff (b, c);
  }
  g_assert_true (spk_history_patch_ends_turn (passes));
  g_assert_false (spk_history_patch_ends_turn (next_phase));
  g_assert_false (spk_history_patch_ends_turn (NULL));
}

static void
test_persistence (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(SpkHistory) back = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) again = NULL;
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":1,\"turn\":\"b\"}");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  g_autofree char *after = NULL;
  const char *onslaught = spk_phase_to_string (SPK_PHASE_ONSLAUGHT);

  push (h, "moved", onslaught, "{\"wave\":1,\"turn\":\"a\"}", "{\"wave\":1,\"turn\":\"a\",\"notes\":\"m\"}", FALSE);
  push (h, "end of turn", onslaught, "{\"wave\":1,\"turn\":\"a\",\"notes\":\"m\"}",
        "{\"wave\":1,\"turn\":\"b\"}", TRUE);
  spk_history_begin_group (h);
  spk_history_end_group (h);
  node = spk_history_to_node (h);
  text = doc_text (node);
  g_assert_nonnull (strstr (text, "\"sequence\":2"));
  g_assert_nonnull (strstr (text, "\"position\":2"));
  g_assert_nonnull (strstr (text, "\"next_group\":4"));

  back = spk_history_new_from_node (node, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (spk_history_get_length (back), ==, 2);
  g_assert_cmpuint (spk_history_get_position (back), ==, 2);
  g_assert_cmpuint (spk_history_get_sequence (back), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (spk_history_get_done (back)), ==, 2);
  g_assert_cmpstr (spk_history_get_undo_label (back), ==, "end of turn");
  /* Not stored: read back from the patch. */
  g_assert_true (spk_history_get_ends_turn (back, 1));
  g_assert_false (spk_history_get_ends_turn (back, 0));
  g_assert_cmpuint (spk_history_get_undo_steps (back), ==, 2);
  again = spk_history_to_node (back);
  text_again = doc_text (again);
  g_assert_cmpstr (text_again, ==, text);

  g_assert_true (spk_history_undo (back, doc, NULL, NULL, &error));
  g_assert_no_error (error);
  after = doc_text (doc);
  g_assert_cmpstr (after, ==, "{\"wave\":1,\"turn\":\"a\"}");
}

static void
assert_refused (const char *json, const char *what)
{
  g_autoptr(JsonNode) node = doc_new (json);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkHistory) h = spk_history_new_from_node (node, &error);

  g_assert_null (h);
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE);
  g_assert_true (g_str_has_prefix (error->message, "history: "));
  g_assert_nonnull (strstr (error->message, what));
}

static void
test_damaged (void)
{
  assert_refused ("[]", "expected an object");
  assert_refused ("{\"steps\":3,\"sequence\":0,\"position\":0,\"next_group\":1}", "“steps”");
  assert_refused ("{\"steps\":\"\",\"position\":0,\"next_group\":1}", "“sequence”");
  assert_refused ("{\"steps\":\"\",\"sequence\":0,\"position\":0,\"next_group\":0}", "“next_group”");
  assert_refused ("{\"steps\":\"{}\\n\",\"sequence\":0,\"position\":2,\"next_group\":1}", "“position”");
}

/* A damaged step is found when it is used; nothing moves. */
static void
test_damaged_step (void)
{
  g_autoptr(JsonNode) node = doc_new ("{\"steps\":\"not a step\\n\",\"sequence\":1,\"position\":1,\"next_group\":2}");
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":1}");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkHistory) h = spk_history_new_from_node (node, &error);

  g_assert_no_error (error);
  g_assert_false (spk_history_undo (h, doc, NULL, NULL, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "history: "));
  g_assert_cmpuint (spk_history_get_position (h), ==, 1);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 1);
}

static gboolean
refuse (JsonNode *doc, gpointer data, GError **error)
{
  guint *calls = data;

  (*calls)++;
  g_set_error_literal (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE, "refused");
  return FALSE;
}

static void
test_check_refuses (void)
{
  g_autoptr(SpkHistory) h = spk_history_new ();
  g_autoptr(JsonNode) doc = doc_new ("{\"wave\":3}");
  g_autoptr(GError) error = NULL;
  guint calls = 0;

  push_waves (h, 1, 3);
  g_assert_false (spk_history_undo (h, doc, refuse, &calls, &error));
  g_assert_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_VALUE);
  g_assert_cmpuint (calls, ==, 1);
  g_assert_cmpuint (spk_history_get_position (h), ==, 2);
  g_assert_cmpuint (spk_history_get_sequence (h), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (spk_history_get_done (h)), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/push-undo-redo", test_push_undo_redo);
  g_test_add_func ("/history/new-step-clears-redo", test_new_step_clears_redo);
  g_test_add_func ("/history/groups", test_groups);
  g_test_add_func ("/history/limit", test_limit);
  g_test_add_func ("/history/ends-turn", test_ends_turn);
  g_test_add_func ("/history/persistence", test_persistence);
  g_test_add_func ("/history/damaged", test_damaged);
  g_test_add_func ("/history/damaged-step", test_damaged_step);
  g_test_add_func ("/history/check-refuses", test_check_refuses);
  return g_test_run ();
}
