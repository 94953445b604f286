/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-history.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-patch.h"
#include "spk-table-file.h"
#include "spk-table.h"

typedef enum {
  ENDS_TURN_UNKNOWN = -1,  /* read from a file: judged from the patch */
  ENDS_TURN_NO,
  ENDS_TURN_YES,
} EndsTurn;

typedef struct {
  SpkLogEntry *entry;
  EndsTurn     ends_turn;
} Step;

struct _SpkHistory
{
  GObject     parent_instance;

  GArray     *steps;        /* of Step */
  guint       position;
  guint       max_steps;
  guint       group_depth;
  guint       open_group;
  guint       next_group;
  guint64     sequence;
  GListStore *done;         /* of SpkLogEntry: steps[0..position) */
};

G_DEFINE_FINAL_TYPE (SpkHistory, spk_history, G_TYPE_OBJECT)

static void
step_clear (gpointer data)
{
  Step *step = data;

  g_clear_object (&step->entry);
}

static void
spk_history_dispose (GObject *object)
{
  SpkHistory *self = SPK_HISTORY (object);

  g_clear_object (&self->done);
  G_OBJECT_CLASS (spk_history_parent_class)->dispose (object);
}

static void
spk_history_finalize (GObject *object)
{
  SpkHistory *self = SPK_HISTORY (object);

  g_clear_pointer (&self->steps, g_array_unref);
  G_OBJECT_CLASS (spk_history_parent_class)->finalize (object);
}

static void
spk_history_class_init (SpkHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = spk_history_dispose;
  object_class->finalize = spk_history_finalize;
}

static void
spk_history_init (SpkHistory *self)
{
  self->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  g_array_set_clear_func (self->steps, step_clear);
  self->done = g_list_store_new (SPK_TYPE_LOG_ENTRY);
  self->next_group = 1;
}

SpkHistory *
spk_history_new (void)
{
  return g_object_new (SPK_TYPE_HISTORY, NULL);
}

static inline Step *
step_at (SpkHistory *self, guint i)
{
  return &g_array_index (self->steps, Step, i);
}

static inline SpkLogEntry *
entry_at (SpkHistory *self, guint i)
{
  return step_at (self, i)->entry;
}

static inline guint
group_at (SpkHistory *self, guint i)
{
  return spk_log_entry_get_group (entry_at (self, i));
}

/* Persistence */

static SpkHistory *
history_problem (GError **error, const char *what)
{
  g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE,
               _("history: %s; the history is damaged, remove the “history” field to open the table without it"),
               what);
  return NULL;
}

/* Adds steps [from, to) to the list of steps done, as one change. */
static void
done_insert (SpkHistory *self, guint from, guint to)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_sized_new (to - from);

  for (guint i = from; i < to; i++)
    g_ptr_array_add (entries, entry_at (self, i));
  g_list_store_splice (self->done, from, 0, entries->pdata, entries->len);
}

/* "steps" is one string of JSON Lines, a compact step object per line:
 * reading it costs one string, and each step is read when first used. */
SpkHistory *
spk_history_new_from_node (JsonNode *node, GError **error)
{
  g_autoptr(SpkHistory) self = NULL;
  JsonObject *obj;
  JsonNode *steps;
  const char *text;
  gint64 position, sequence, next_group;

  g_return_val_if_fail (node != NULL, NULL);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return history_problem (error, _("expected an object"));
  obj = json_node_get_object (node);
  steps = json_object_get_member (obj, "steps");
  if (steps == NULL || !JSON_NODE_HOLDS_VALUE (steps) || json_node_get_value_type (steps) != G_TYPE_STRING)
    return history_problem (error, _("“steps” must be text, one step per line"));
  position = json_object_get_int_member_with_default (obj, "position", -1);
  sequence = json_object_get_int_member_with_default (obj, "sequence", -1);
  next_group = json_object_get_int_member_with_default (obj, "next_group", -1);
  if (sequence < 0)
    return history_problem (error, _("“sequence” must be a whole number, 0 or more"));
  if (next_group < 1 || next_group > G_MAXUINT)
    return history_problem (error, _("“next_group” must be a whole number, 1 or more"));

  self = spk_history_new ();
  text = json_node_get_string (steps);
  while (*text != '\0')
    {
      const char *end = strchr (text, '\n');
      gsize length = end != NULL ? (gsize) (end - text) : strlen (text);

      if (length > 0)
        {
          Step step = { spk_log_entry_new_from_text (text, length), ENDS_TURN_UNKNOWN };

          g_array_append_val (self->steps, step);
        }
      text += length + (end != NULL ? 1 : 0);
    }
  if (position < 0 || position > (gint64) self->steps->len)
    return history_problem (error, _("“position” must be a whole number from 0 to the number of steps"));
  self->position = (guint) position;
  self->sequence = (guint64) sequence;
  self->next_group = (guint) next_group;
  done_insert (self, 0, self->position);
  return g_steal_pointer (&self);
}

JsonNode *
spk_history_to_node (SpkHistory *self)
{
  g_autoptr(JsonObject) obj = json_object_new ();
  g_autoptr(GString) steps = g_string_new (NULL);

  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  for (guint i = 0; i < self->steps->len; i++)
    {
      g_string_append (steps, spk_log_entry_get_text (entry_at (self, i)));
      g_string_append_c (steps, '\n');
    }
  json_object_set_int_member (obj, "sequence", (gint64) self->sequence);
  json_object_set_int_member (obj, "position", self->position);
  json_object_set_int_member (obj, "next_group", self->next_group);
  json_object_set_string_member (obj, "steps", steps->str);
  return json_node_init_object (json_node_alloc (), obj);
}

/* Limit */

/* Drops the oldest steps beyond the limit, and then the rest of the group
 * the last of them was in, so that no group is left in part. The newest
 * step always stays. */
static void
trim (SpkHistory *self)
{
  guint drop;

  if (self->max_steps == 0 || self->steps->len <= self->max_steps)
    return;
  drop = self->steps->len - self->max_steps;
  while (drop < self->steps->len - 1 && group_at (self, drop) == group_at (self, drop - 1))
    drop++;
  drop = MIN (drop, self->position);
  g_array_remove_range (self->steps, 0, drop);
  g_list_store_splice (self->done, 0, drop, NULL, 0);
  self->position -= drop;
}

void
spk_history_set_max_steps (SpkHistory *self, guint max_steps)
{
  g_return_if_fail (SPK_IS_HISTORY (self));
  self->max_steps = max_steps;
  trim (self);
}

guint
spk_history_get_max_steps (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), 0);
  return self->max_steps;
}

/* Getters */

guint
spk_history_get_length (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), 0);
  return self->steps->len;
}

guint
spk_history_get_position (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), 0);
  return self->position;
}

guint64
spk_history_get_sequence (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), 0);
  return self->sequence;
}

SpkLogEntry *
spk_history_get_step (SpkHistory *self, guint index)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return entry_at (self, index);
}

gboolean
spk_history_patch_ends_turn (JsonNode *changes)
{
  gboolean turn = FALSE, phase = FALSE;
  JsonArray *list;

  if (changes == NULL || !JSON_NODE_HOLDS_ARRAY (changes))
    return FALSE;
  list = json_node_get_array (changes);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      JsonObject *change = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *set_node;
      JsonObject *set;

      if (change == NULL || g_strcmp0 (json_object_get_string_member_with_default (change, "in", ""), "table") != 0 ||
          (set_node = json_object_get_member (change, "set")) == NULL || !JSON_NODE_HOLDS_OBJECT (set_node))
        continue;
      set = json_node_get_object (set_node);
      turn |= json_object_has_member (set, "turn");
      phase |= json_object_has_member (set, "phase");
    }
  return turn && !phase;
}

static gboolean
ends_turn (SpkHistory *self, guint i)
{
  Step *step = step_at (self, i);

  if (step->ends_turn == ENDS_TURN_UNKNOWN)
    step->ends_turn = spk_history_patch_ends_turn (spk_log_entry_get_changes (step->entry))
                      ? ENDS_TURN_YES : ENDS_TURN_NO;
  return step->ends_turn == ENDS_TURN_YES;
}

gboolean
spk_history_get_ends_turn (SpkHistory *self, guint index)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (index < self->steps->len, FALSE);
  return ends_turn (self, index);
}

GListModel *
spk_history_get_done (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  return G_LIST_MODEL (self->done);
}

gboolean
spk_history_can_undo (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  return self->position > 0;
}

gboolean
spk_history_can_redo (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  return self->position < self->steps->len;
}

const char *
spk_history_get_undo_label (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  if (self->position == 0)
    return NULL;
  return spk_log_entry_get_label (entry_at (self, self->position - 1));
}

const char *
spk_history_get_redo_label (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  if (self->position >= self->steps->len)
    return NULL;
  return spk_log_entry_get_label (entry_at (self, self->position));
}

/* Spans */

/* A step taken during a turn of wave @wave's Onslaught Phase. */
static gboolean
in_turn (SpkLogEntry *step, int wave)
{
  return spk_log_entry_check (step, NULL) && spk_log_entry_get_wave (step) == wave &&
         g_strcmp0 (spk_log_entry_get_phase (step), spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) == 0;
}

static guint
group_start (SpkHistory *self, guint i)
{
  guint group = group_at (self, i);

  while (i > 0 && group_at (self, i - 1) == group)
    i--;
  return i;
}

static guint
group_end (SpkHistory *self, guint i)
{
  guint group = group_at (self, i);

  while (i < self->steps->len && group_at (self, i) == group)
    i++;
  return i;
}

/* A finished turn is undone and redone whole: undoing the step that ended
 * it takes back every step of that turn with it, and redoing the turn's
 * first step replays it up to its end. A turn still being played is
 * undone group by group, so a slip costs one step. [*from, *to) grows to
 * whole groups. */
static void
widen_to_turn (SpkHistory *self, gboolean forwards, guint *from, guint *to)
{
  SpkLogEntry *first = entry_at (self, *from);
  int wave;

  if (!forwards)
    {
      SpkLogEntry *last = entry_at (self, *to - 1);

      if (!ends_turn (self, *to - 1) || !in_turn (last, spk_log_entry_get_wave (last)))
        return;
      wave = spk_log_entry_get_wave (last);
      while (*from > 0)
        {
          if (!in_turn (entry_at (self, *from - 1), wave) || ends_turn (self, *from - 1))
            break;
          *from = group_start (self, *from - 1);
        }
      return;
    }
  if (!in_turn (first, spk_log_entry_get_wave (first)))
    return;
  wave = spk_log_entry_get_wave (first);
  for (guint k = *from; k < self->steps->len; k++)
    {
      if (!in_turn (entry_at (self, k), wave))
        return;
      if (ends_turn (self, k))
        {
          *to = MAX (*to, group_end (self, k));
          return;
        }
    }
}

/* The steps [from, to) that undo (backwards) or redo would take: the group
 * of the step next to the position, widened to a whole finished turn.
 * Needs a step on that side; TRUE when it was widened. */
static gboolean
span (SpkHistory *self, gboolean forwards, guint *from, guint *to)
{
  guint group, before_from, before_to;

  *from = *to = self->position;
  group = group_at (self, forwards ? *to : *from - 1);
  if (forwards)
    while (*to < self->steps->len && group_at (self, *to) == group)
      (*to)++;
  else
    while (*from > 0 && group_at (self, *from - 1) == group)
      (*from)--;
  before_from = *from;
  before_to = *to;
  widen_to_turn (self, forwards, from, to);
  return *from != before_from || *to != before_to;
}

static char *
describe_span (SpkHistory *self, gboolean forwards)
{
  guint from, to, others;
  gboolean turn;
  const char *label;

  if (forwards ? self->position >= self->steps->len : self->position == 0)
    return NULL;
  turn = span (self, forwards, &from, &to);
  label = spk_log_entry_get_label (entry_at (self, forwards ? from : to - 1));
  others = to - from - 1;
  if (others == 0)
    return g_strdup (label);
  /* Steps taken as one (a paint stroke, say) that are not a turn. */
  if (!turn)
    return forwards ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, with %u more step",
                                                    "%s, with %u more steps", others), label, others)
                    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, with %u earlier step",
                                                    "%s, with %u earlier steps", others), label, others);
  /* Translators: the first %s is the label of one step, such as
   * "End of Grovetenders' turn"; undo takes back the whole turn. */
  return forwards ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, with %u more step of the turn",
                                                  "%s, with %u more steps of the turn", others), label, others)
                  : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, with %u earlier step of the turn",
                                                  "%s, with %u earlier steps of the turn", others), label, others);
}

char *
spk_history_describe_undo (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  return describe_span (self, FALSE);
}

char *
spk_history_describe_redo (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  return describe_span (self, TRUE);
}

guint
spk_history_get_undo_steps (SpkHistory *self)
{
  guint from, to;

  g_return_val_if_fail (SPK_IS_HISTORY (self), 0);
  if (self->position == 0)
    return 0;
  span (self, FALSE, &from, &to);
  return to - from;
}

/* Groups */

void
spk_history_begin_group (SpkHistory *self)
{
  g_return_if_fail (SPK_IS_HISTORY (self));
  if (self->group_depth++ == 0)
    self->open_group = self->next_group++;
}

void
spk_history_end_group (SpkHistory *self)
{
  g_return_if_fail (SPK_IS_HISTORY (self));
  g_return_if_fail (self->group_depth > 0);
  self->group_depth--;
}

gboolean
spk_history_get_group_open (SpkHistory *self)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  return self->group_depth > 0;
}

/* Recording */

/* Drops the steps that could be redone, then appends @entry (taken). */
static void
append (SpkHistory *self, SpkLogEntry *entry, EndsTurn turn)
{
  Step step = { entry, turn };

  if (self->position < self->steps->len)
    g_array_remove_range (self->steps, self->position, self->steps->len - self->position);
  g_array_append_val (self->steps, step);
  self->position++;
  self->sequence++;
  g_list_store_append (self->done, entry);
  trim (self);
}

SpkLogEntry *
spk_history_push (SpkHistory *self, const char *label, const char *faction, int wave,
                  const char *phase, JsonNode *changes, gboolean ends_turn)
{
  SpkLogEntry *entry;
  guint group;

  g_return_val_if_fail (SPK_IS_HISTORY (self), NULL);
  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (changes != NULL, NULL);
  group = self->group_depth > 0 ? self->open_group : self->next_group++;
  entry = spk_log_entry_new (label, faction, wave, phase, group, changes);
  append (self, entry, ends_turn ? ENDS_TURN_YES : ENDS_TURN_NO);
  return entry;
}

void
spk_history_push_step (SpkHistory *self, SpkLogEntry *step)
{
  g_return_if_fail (SPK_IS_HISTORY (self));
  g_return_if_fail (SPK_IS_LOG_ENTRY (step));
  self->next_group = MAX (self->next_group, spk_log_entry_get_group (step) + 1);
  append (self, g_object_ref (step), ENDS_TURN_UNKNOWN);
}

/* Undo and redo */

static gboolean
travel (SpkHistory *self, gboolean forwards, JsonNode *doc, SpkHistoryCheck check,
        gpointer user_data, GError **error)
{
  guint from, to;

  if (self->group_depth > 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_GROUP_OPEN,
                           forwards ? _("Finish the turn before redoing")
                                    : _("Finish the turn before undoing"));
      return FALSE;
    }
  if (forwards ? self->position >= self->steps->len : self->position == 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR,
                           forwards ? SPK_TABLE_ACTION_ERROR_NOTHING_TO_REDO
                                    : SPK_TABLE_ACTION_ERROR_NOTHING_TO_UNDO,
                           forwards ? _("There is nothing to redo") : _("There is nothing to undo"));
      return FALSE;
    }
  span (self, forwards, &from, &to);
  for (guint k = 0; k < to - from; k++)
    {
      SpkLogEntry *step = entry_at (self, forwards ? from + k : to - 1 - k);

      if (!spk_log_entry_check (step, error) ||
          !spk_patch_apply (doc, spk_log_entry_get_changes (step), forwards, error))
        return FALSE;
    }
  if (check != NULL && !check (doc, user_data, error))
    return FALSE;

  if (forwards)
    done_insert (self, from, to);
  else
    g_list_store_splice (self->done, from, to - from, NULL, 0);
  self->position = forwards ? to : from;
  self->sequence++;
  return TRUE;
}

gboolean
spk_history_undo (SpkHistory *self, JsonNode *doc, SpkHistoryCheck check, gpointer user_data,
                  GError **error)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (doc != NULL, FALSE);
  return travel (self, FALSE, doc, check, user_data, error);
}

gboolean
spk_history_redo (SpkHistory *self, JsonNode *doc, SpkHistoryCheck check, gpointer user_data,
                  GError **error)
{
  g_return_val_if_fail (SPK_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (doc != NULL, FALSE);
  return travel (self, TRUE, doc, check, user_data, error);
}
