/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-chip-model.h"
#include "spk-faction-model.h"
#include "spk-patch.h"
#include "spk-table-file.h"
#include "spk-table-private.h"

/* The history is a list of steps and a position: steps before it are done,
 * the rest can be redone. Each step holds a patch between two table
 * documents (spk-patch.h); undoing applies patches backwards to the tree of
 * the current board and reads the result back as a table, so every state
 * the history reaches is validated like a file. */
struct _SpkTable
{
  GObject     parent_instance;

  SpkBoard   *board;
  JsonNode   *doc;          /* tree of board, built when first needed */

  GPtrArray  *steps;        /* of SpkLogEntry* */
  guint       position;
  guint       group_depth;
  guint       open_group;
  guint       next_group;
  guint64     sequence;
  guint       dry_run;      /* depth of spk_table_begin_dry_run */

  GListStore *factions;     /* of SpkFactionModel */
  GListStore *chips;        /* of SpkChipModel */
  GListStore *log;          /* of SpkLogEntry: steps[0..position) */
};

G_DEFINE_FINAL_TYPE (SpkTable, spk_table, G_TYPE_OBJECT)
G_DEFINE_QUARK (spk-table-action-error-quark, spk_table_action_error)

enum {
  PROP_0,
  PROP_PLAYER_COUNT,
  PROP_WAVE,
  PROP_WAVES,
  PROP_PHASE,
  PROP_FIRST_PLAYER,
  PROP_FASTER,
  PROP_MARKET_COUNT,
  PROP_EVENT,
  PROP_NOTES,
  PROP_GAME_OVER,
  PROP_TURN,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_FACTIONS,
  PROP_CHIPS,
  PROP_LOG,
  N_PROPS
};

enum {
  SIGNAL_RECORDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
spk_table_dispose (GObject *object)
{
  SpkTable *self = SPK_TABLE (object);

  g_clear_object (&self->factions);
  g_clear_object (&self->chips);
  g_clear_object (&self->log);
  G_OBJECT_CLASS (spk_table_parent_class)->dispose (object);
}

static void
spk_table_finalize (GObject *object)
{
  SpkTable *self = SPK_TABLE (object);

  g_clear_pointer (&self->board, spk_board_free);
  g_clear_pointer (&self->doc, json_node_unref);
  g_clear_pointer (&self->steps, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_table_parent_class)->finalize (object);
}

static void
spk_table_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkTable *self = SPK_TABLE (object);
  const SpkBoard *b = self->board;

  switch (prop_id)
    {
    case PROP_PLAYER_COUNT: g_value_set_int (value, b->player_count); break;
    case PROP_WAVE: g_value_set_int (value, b->wave); break;
    case PROP_WAVES: g_value_set_int (value, b->waves); break;
    case PROP_PHASE: g_value_set_string (value, b->phase); break;
    case PROP_FIRST_PLAYER: g_value_set_string (value, spk_table_get_first_player (self)); break;
    case PROP_FASTER: g_value_set_boolean (value, b->faster); break;
    case PROP_MARKET_COUNT: g_value_set_int (value, b->market_count); break;
    case PROP_EVENT: g_value_set_string (value, b->event); break;
    case PROP_NOTES: g_value_set_string (value, b->notes); break;
    case PROP_GAME_OVER: g_value_set_boolean (value, spk_table_get_game_over (self)); break;
    case PROP_TURN: g_value_set_string (value, spk_table_get_turn (self)); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, spk_table_can_undo (self)); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, spk_table_can_redo (self)); break;
    case PROP_UNDO_LABEL: g_value_set_string (value, spk_table_get_undo_label (self)); break;
    case PROP_REDO_LABEL: g_value_set_string (value, spk_table_get_redo_label (self)); break;
    case PROP_FACTIONS: g_value_set_object (value, self->factions); break;
    case PROP_CHIPS: g_value_set_object (value, self->chips); break;
    case PROP_LOG: g_value_set_object (value, self->log); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_table_class_init (SpkTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = spk_table_dispose;
  object_class->finalize = spk_table_finalize;
  object_class->get_property = spk_table_get_property;

  properties[PROP_PLAYER_COUNT] = g_param_spec_int ("player-count", NULL, NULL, 2, 4, 2, flags);
  properties[PROP_WAVE] = g_param_spec_int ("wave", NULL, NULL, 1, G_MAXINT, 1, flags);
  properties[PROP_WAVES] = g_param_spec_int ("waves", NULL, NULL, 1, G_MAXINT, 4, flags);
  /* The phase by its table-file name ("income"); spk_table_get_phase
   * gives the SpkPhase. */
  properties[PROP_PHASE] = g_param_spec_string ("phase", NULL, NULL, NULL, flags);
  properties[PROP_FIRST_PLAYER] = g_param_spec_string ("first-player", NULL, NULL, NULL, flags);
  properties[PROP_FASTER] = g_param_spec_boolean ("faster", NULL, NULL, FALSE, flags);
  properties[PROP_MARKET_COUNT] = g_param_spec_int ("market-count", NULL, NULL, 0, G_MAXINT, 3, flags);
  properties[PROP_EVENT] = g_param_spec_string ("event", NULL, NULL, NULL, flags);
  properties[PROP_NOTES] = g_param_spec_string ("notes", NULL, NULL, NULL, flags);
  properties[PROP_GAME_OVER] = g_param_spec_boolean ("game-over", NULL, NULL, FALSE, flags);
  /* Faction id whose turn it is in the Onslaught Phase, NULL otherwise. */
  properties[PROP_TURN] = g_param_spec_string ("turn", NULL, NULL, NULL, flags);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, flags);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, flags);
  properties[PROP_FACTIONS] = g_param_spec_object ("factions", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  properties[PROP_CHIPS] = g_param_spec_object ("chips", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  properties[PROP_LOG] = g_param_spec_object ("log", NULL, NULL, G_TYPE_LIST_MODEL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SpkTable::recorded:
   * @kind: an SpkTableRecord
   * @step: (nullable): the new SpkLogEntry for SPK_TABLE_RECORD_DO
   *
   * Emitted after every recorded change of the history, once the table
   * and its views show the new state.
   */
  signals[SIGNAL_RECORDED] =
    g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, SPK_TYPE_LOG_ENTRY);
}

static void
spk_table_init (SpkTable *self)
{
  self->steps = g_ptr_array_new_with_free_func (g_object_unref);
  self->factions = g_list_store_new (SPK_TYPE_FACTION_MODEL);
  self->chips = g_list_store_new (SPK_TYPE_CHIP_MODEL);
  self->log = g_list_store_new (SPK_TYPE_LOG_ENTRY);
  self->next_group = 1;
}

/* Views */

static void
sync_factions (SpkTable *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->factions));
  gboolean same = n == self->board->factions->len;

  for (guint i = 0; same && i < n; i++)
    {
      g_autoptr(SpkFactionModel) m = g_list_model_get_item (G_LIST_MODEL (self->factions), i);
      const SpkFaction *f = g_ptr_array_index (self->board->factions, i);

      same = g_strcmp0 (spk_faction_model_get_id (m), f->id) == 0;
    }
  if (same)
    {
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(SpkFactionModel) m = g_list_model_get_item (G_LIST_MODEL (self->factions), i);
          spk_faction_model_update (m, g_ptr_array_index (self->board->factions, i));
        }
      return;
    }
  {
    g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

    for (guint i = 0; i < self->board->factions->len; i++)
      g_ptr_array_add (items, spk_faction_model_new (g_ptr_array_index (self->board->factions, i)));
    g_list_store_splice (self->factions, 0, n, items->pdata, items->len);
  }
}

/* Chip views are kept for chips that stay, so bindings survive; the list
 * changes by one items-changed covering the span that differs. */
static void
sync_chips (SpkTable *self)
{
  GListModel *model = G_LIST_MODEL (self->chips);
  guint n_old = g_list_model_get_n_items (model);
  GPtrArray *chips = self->board->chips;
  g_autoptr(GHashTable) old = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  g_autoptr(GPtrArray) items = g_ptr_array_new_full (chips->len, g_object_unref);
  guint prefix = 0, suffix = 0;

  for (guint i = 0; i < n_old; i++)
    {
      SpkChipModel *m = g_list_model_get_item (model, i);
      g_hash_table_insert (old, (gpointer) spk_chip_model_get_id (m), m);
    }
  for (guint i = 0; i < chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (chips, i);
      SpkChipModel *m = g_hash_table_lookup (old, c->id);

      if (m != NULL)
        {
          spk_chip_model_update (m, c);
          g_ptr_array_add (items, g_object_ref (m));
        }
      else
        g_ptr_array_add (items, spk_chip_model_new (c));
    }

  while (prefix < n_old && prefix < items->len)
    {
      g_autoptr(SpkChipModel) m = g_list_model_get_item (model, prefix);
      if (m != g_ptr_array_index (items, prefix))
        break;
      prefix++;
    }
  if (prefix == n_old && prefix == items->len)
    return;
  while (suffix < n_old - prefix && suffix < items->len - prefix)
    {
      g_autoptr(SpkChipModel) m = g_list_model_get_item (model, n_old - 1 - suffix);
      if (m != g_ptr_array_index (items, items->len - 1 - suffix))
        break;
      suffix++;
    }
  g_list_store_splice (self->chips, prefix, n_old - prefix - suffix,
                       items->pdata + prefix, items->len - prefix - suffix);
}

typedef struct {
  char *undo_label;
  char *redo_label;
  gboolean can_undo;
  gboolean can_redo;
} HistoryState;

static void
history_state_capture (SpkTable *self, HistoryState *s)
{
  s->can_undo = spk_table_can_undo (self);
  s->can_redo = spk_table_can_redo (self);
  s->undo_label = g_strdup (spk_table_get_undo_label (self));
  s->redo_label = g_strdup (spk_table_get_redo_label (self));
}

static void
history_state_notify (SpkTable *self, HistoryState *s)
{
  if (s->can_undo != spk_table_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (s->can_redo != spk_table_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (g_strcmp0 (s->undo_label, spk_table_get_undo_label (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  if (g_strcmp0 (s->redo_label, spk_table_get_redo_label (self)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
  g_free (s->undo_label);
  g_free (s->redo_label);
}

/* Installs a new board (taken) and its tree (taken), then brings every view
 * up to date and notifies what really changed. The board keeps its
 * address, so a view holding spk_table_get_board () stays valid; what the
 * board points into (factions, chips, ...) is replaced. */
static void
replace_board (SpkTable *self, SpkBoard *next, JsonNode *doc)
{
  g_autoptr(SpkBoard) old = next;
  SpkBoard *board = self->board;
  SpkBoard swap = *board;
  const char *first_old;

  *board = *next;
  *old = swap;
  g_clear_pointer (&self->doc, json_node_unref);
  self->doc = doc;

  g_object_freeze_notify (G_OBJECT (self));
  sync_factions (self);
  sync_chips (self);

#define NOTIFY_IF(cond, prop) \
  G_STMT_START { if (cond) g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); } G_STMT_END
  NOTIFY_IF (old->player_count != board->player_count, PROP_PLAYER_COUNT);
  NOTIFY_IF (old->wave != board->wave, PROP_WAVE);
  NOTIFY_IF (old->waves != board->waves, PROP_WAVES);
  NOTIFY_IF (g_strcmp0 (old->phase, board->phase) != 0, PROP_PHASE);
  first_old = old->first_player;
  if (first_old == NULL && old->factions->len > 0)
    first_old = ((SpkFaction *) g_ptr_array_index (old->factions, 0))->id;
  NOTIFY_IF (g_strcmp0 (first_old, spk_table_get_first_player (self)) != 0, PROP_FIRST_PLAYER);
  NOTIFY_IF (old->faster != board->faster, PROP_FASTER);
  NOTIFY_IF (old->market_count != board->market_count, PROP_MARKET_COUNT);
  NOTIFY_IF (g_strcmp0 (old->event, board->event) != 0, PROP_EVENT);
  NOTIFY_IF (g_strcmp0 (old->notes, board->notes) != 0, PROP_NOTES);
  NOTIFY_IF ((old->winners->len > 0) != (board->winners->len > 0) ||
             (g_strcmp0 (old->phase, "over") == 0) != (g_strcmp0 (board->phase, "over") == 0),
             PROP_GAME_OVER);
  NOTIFY_IF (g_strcmp0 (spk_board_get_turn (old), spk_board_get_turn (board)) != 0, PROP_TURN);
#undef NOTIFY_IF
  g_object_thaw_notify (G_OBJECT (self));
}

SpkTable *
spk_table_new (SpkBoard *board)
{
  SpkTable *self;

  g_return_val_if_fail (board != NULL, NULL);
  self = g_object_new (SPK_TYPE_TABLE, NULL);
  self->board = board;
  sync_factions (self);
  sync_chips (self);
  return self;
}

static JsonNode *
ensure_doc (SpkTable *self)
{
  if (self->doc == NULL)
    self->doc = spk_table_file_to_node (self->board);
  return self->doc;
}

/* Loading and saving */

/* A tree of the board for a patch to work on. Not a json_node_copy of the
 * cached tree: that shares the objects inside it, so a patch that
 * validation then refuses would still have changed what saving writes. */
static JsonNode *
working_doc (SpkTable *self)
{
  return spk_table_file_to_node (self->board);
}

static gboolean
history_problem (GError **error, const char *what)
{
  g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE,
               _("history: %s; the history is damaged, remove the “history” field to open the table without it"),
               what);
  return FALSE;
}

/* "steps" is one string of JSON Lines, a compact step object per line:
 * reading it costs one string, and each step is read when first used. */
static gboolean
load_history (SpkTable *self, JsonNode *node, GError **error)
{
  JsonObject *obj;
  JsonNode *steps;
  const char *text;
  gint64 position, sequence, next_group;

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

  text = json_node_get_string (steps);
  while (*text != '\0')
    {
      const char *end = strchr (text, '\n');
      gsize length = end != NULL ? (gsize) (end - text) : strlen (text);

      if (length > 0)
        g_ptr_array_add (self->steps, spk_log_entry_new_from_text (text, length));
      text += length + (end != NULL ? 1 : 0);
    }
  if (position < 0 || position > (gint64) self->steps->len)
    return history_problem (error, _("“position” must be a whole number from 0 to the number of steps"));
  self->position = (guint) position;
  self->sequence = (guint64) sequence;
  self->next_group = (guint) next_group;
  g_list_store_splice (self->log, 0, 0, self->steps->pdata, self->position);
  return TRUE;
}

SpkTable *
spk_table_new_from_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonNode) root = spk_table_file_read_json (data, length, error);
  g_autoptr(JsonNode) history = NULL;
  g_autoptr(SpkTable) self = NULL;
  SpkBoard *board;

  if (root == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (root) &&
      json_object_has_member (json_node_get_object (root), "history"))
    {
      history = json_node_ref (json_object_get_member (json_node_get_object (root), "history"));
      json_object_remove_member (json_node_get_object (root), "history");
    }
  board = spk_table_file_parse_node (root, NULL, error);
  if (board == NULL)
    return NULL;
  self = spk_table_new (board);
  if (history != NULL && !load_history (self, history, error))
    return NULL;
  return g_steal_pointer (&self);
}

SpkTable *
spk_table_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local = NULL;

  if (!spk_file_read_capped (path, &data, &length, &local))
    {
      spk_table_file_read_error (path, local, error);
      return NULL;
    }
  return spk_table_new_from_data (data, (gssize) length, error);
}

static JsonNode *
history_to_node (SpkTable *self)
{
  g_autoptr(JsonObject) obj = json_object_new ();
  g_autoptr(GString) steps = g_string_new (NULL);

  for (guint i = 0; i < self->steps->len; i++)
    {
      g_string_append (steps, spk_log_entry_get_text (g_ptr_array_index (self->steps, i)));
      g_string_append_c (steps, '\n');
    }
  json_object_set_int_member (obj, "sequence", (gint64) self->sequence);
  json_object_set_int_member (obj, "position", self->position);
  json_object_set_int_member (obj, "next_group", self->next_group);
  json_object_set_string_member (obj, "steps", steps->str);
  return json_node_init_object (json_node_alloc (), obj);
}

char *
spk_table_to_data (SpkTable *self, gsize *length)
{
  JsonNode *doc;
  char *data;

  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  doc = ensure_doc (self);
  /* The history goes last, after any unknown top-level fields. It is
   * added to the kept tree only for the time of writing. */
  json_object_set_member (json_node_get_object (doc), "history", history_to_node (self));
  data = spk_table_file_node_to_data (doc, length);
  json_object_remove_member (json_node_get_object (doc), "history");
  return data;
}

char *
spk_table_to_table_data (SpkTable *self, gsize *length)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_table_file_node_to_data (ensure_doc (self), length);
}

gboolean
spk_table_save (SpkTable *self, const char *path, GError **error)
{
  gsize length = 0;
  g_autofree char *data = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  data = spk_table_to_data (self, &length);
  return spk_table_file_save_data (data, length, path, error);
}

/* Getters */

const SpkBoard *
spk_table_get_board (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return self->board;
}

int
spk_table_get_player_count (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->board->player_count;
}

int
spk_table_get_wave (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->board->wave;
}

int
spk_table_get_waves (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->board->waves;
}

SpkPhase
spk_table_get_phase (SpkTable *self)
{
  SpkPhase phase = SPK_PHASE_SETUP;

  g_return_val_if_fail (SPK_IS_TABLE (self), SPK_PHASE_SETUP);
  spk_phase_from_string (self->board->phase, &phase);
  return phase;
}

const char *
spk_table_get_first_player (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  if (self->board->first_player != NULL)
    return self->board->first_player;
  if (self->board->factions->len == 0)
    return NULL;
  return ((SpkFaction *) g_ptr_array_index (self->board->factions, 0))->id;
}

gboolean
spk_table_get_faster (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return self->board->faster;
}

int
spk_table_get_market_count (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->board->market_count;
}

const char *
spk_table_get_event (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return self->board->event;
}

const char *
spk_table_get_notes (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return self->board->notes;
}

const char *
spk_table_get_turn (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_board_get_turn (self->board);
}

gboolean
spk_table_get_game_over (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return self->board->winners->len > 0 || g_strcmp0 (self->board->phase, "over") == 0;
}

GListModel *
spk_table_get_factions (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return G_LIST_MODEL (self->factions);
}

GListModel *
spk_table_get_chips (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return G_LIST_MODEL (self->chips);
}

GListModel *
spk_table_get_log (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return G_LIST_MODEL (self->log);
}

/* History */

gboolean
spk_table_can_undo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return self->position > 0;
}

gboolean
spk_table_can_redo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return self->position < self->steps->len;
}

const char *
spk_table_get_undo_label (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  if (self->position == 0)
    return NULL;
  return spk_log_entry_get_label (g_ptr_array_index (self->steps, self->position - 1));
}

const char *
spk_table_get_redo_label (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  if (self->position >= self->steps->len)
    return NULL;
  return spk_log_entry_get_label (g_ptr_array_index (self->steps, self->position));
}

guint
spk_table_get_history_length (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->steps->len;
}

guint
spk_table_get_history_position (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->position;
}

guint64
spk_table_get_sequence (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return self->sequence;
}

SpkLogEntry *
spk_table_get_step (SpkTable *self, guint index)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return g_ptr_array_index (self->steps, index);
}

void
spk_table_begin_group (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  if (self->group_depth++ == 0)
    self->open_group = self->next_group++;
}

void
spk_table_end_group (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  g_return_if_fail (self->group_depth > 0);
  self->group_depth--;
}

static void
emit_recorded (SpkTable *self, SpkTableRecord kind, SpkLogEntry *step)
{
  self->sequence++;
  g_signal_emit (self, signals[SIGNAL_RECORDED], 0, (int) kind, step);
}

/* Applies the patches of steps [from, to) to a copy of the current tree,
 * backwards (undo, last step first) or forwards, and reads the result. */
static SpkBoard *
travel (SpkTable *self, guint from, guint to, gboolean forwards, JsonNode **doc_out,
        GError **error)
{
  g_autoptr(JsonNode) work = working_doc (self);
  SpkBoard *board;

  for (guint k = 0; k < to - from; k++)
    {
      guint i = forwards ? from + k : to - 1 - k;
      SpkLogEntry *step = g_ptr_array_index (self->steps, i);

      if (!spk_log_entry_check (step, error) ||
          !spk_patch_apply (work, spk_log_entry_get_changes (step), forwards, error))
        return NULL;
    }
  board = spk_table_file_parse_node (work, NULL, error);
  if (board != NULL)
    *doc_out = spk_table_file_to_node (board);
  return board;
}

/* TRUE when @step ended a turn: it changed `turn` and not the phase. */
static gboolean
step_passes_turn (SpkLogEntry *step)
{
  JsonNode *changes = spk_log_entry_get_changes (step);
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

/* A step taken during a turn of wave @wave's Onslaught Phase. */
static gboolean
in_turn (SpkLogEntry *step, int wave)
{
  return spk_log_entry_check (step, NULL) && spk_log_entry_get_wave (step) == wave &&
         g_strcmp0 (spk_log_entry_get_phase (step), spk_phase_to_string (SPK_PHASE_ONSLAUGHT)) == 0;
}

static guint
group_start (SpkTable *self, guint i)
{
  guint group = spk_log_entry_get_group (g_ptr_array_index (self->steps, i));

  while (i > 0 && spk_log_entry_get_group (g_ptr_array_index (self->steps, i - 1)) == group)
    i--;
  return i;
}

static guint
group_end (SpkTable *self, guint i)
{
  guint group = spk_log_entry_get_group (g_ptr_array_index (self->steps, i));

  while (i < self->steps->len && spk_log_entry_get_group (g_ptr_array_index (self->steps, i)) == group)
    i++;
  return i;
}

/* A finished turn is undone and redone whole: undoing the step that ended
 * it takes back every step of that turn with it, and redoing the turn's
 * first step replays it up to its end. A turn still being played is
 * undone group by group, so a slip costs one step. [*from, *to) grows to
 * whole groups. */
static void
widen_to_turn (SpkTable *self, gboolean forwards, guint *from, guint *to)
{
  SpkLogEntry *first = g_ptr_array_index (self->steps, *from);
  int wave;

  if (!forwards)
    {
      SpkLogEntry *last = g_ptr_array_index (self->steps, *to - 1);

      if (!step_passes_turn (last) || !in_turn (last, spk_log_entry_get_wave (last)))
        return;
      wave = spk_log_entry_get_wave (last);
      while (*from > 0)
        {
          SpkLogEntry *before = g_ptr_array_index (self->steps, *from - 1);

          if (!in_turn (before, wave) || step_passes_turn (before))
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
      SpkLogEntry *step = g_ptr_array_index (self->steps, k);

      if (!in_turn (step, wave))
        return;
      if (step_passes_turn (step))
        {
          *to = MAX (*to, group_end (self, k));
          return;
        }
    }
}

/* The steps [from, to) that undo (backwards) or redo would take: the group
 * of the step next to the position, widened to a whole finished turn.
 * Needs a step on that side. */
static gboolean
undo_span (SpkTable *self, gboolean forwards, guint *from, guint *to)
{
  guint group, before_from, before_to;

  *from = *to = self->position;
  group = spk_log_entry_get_group (g_ptr_array_index (self->steps, forwards ? *to : *from - 1));
  if (forwards)
    while (*to < self->steps->len &&
           spk_log_entry_get_group (g_ptr_array_index (self->steps, *to)) == group)
      (*to)++;
  else
    while (*from > 0 && spk_log_entry_get_group (g_ptr_array_index (self->steps, *from - 1)) == group)
      (*from)--;
  before_from = *from;
  before_to = *to;
  widen_to_turn (self, forwards, from, to);
  return *from != before_from || *to != before_to;
}

static char *
describe_span (SpkTable *self, gboolean forwards)
{
  guint from, to, others;
  gboolean turn;
  const char *label;

  if (forwards ? self->position >= self->steps->len : self->position == 0)
    return NULL;
  turn = undo_span (self, forwards, &from, &to);
  label = spk_log_entry_get_label (g_ptr_array_index (self->steps, forwards ? from : to - 1));
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
spk_table_describe_undo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return describe_span (self, FALSE);
}

char *
spk_table_describe_redo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return describe_span (self, TRUE);
}

guint
spk_table_get_undo_steps (SpkTable *self)
{
  guint from, to;

  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  if (self->position == 0)
    return 0;
  undo_span (self, FALSE, &from, &to);
  return to - from;
}

/* Undoes (backwards) or redoes the group of steps next to the position. */
static gboolean
step_group (SpkTable *self, gboolean forwards, GError **error)
{
  HistoryState state;
  guint from, to;
  JsonNode *doc = NULL;
  SpkBoard *board;

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
  undo_span (self, forwards, &from, &to);
  board = travel (self, from, to, forwards, &doc, error);
  if (board == NULL)
    return FALSE;

  history_state_capture (self, &state);
  if (forwards)
    g_list_store_splice (self->log, from, 0, self->steps->pdata + from, to - from);
  else
    g_list_store_splice (self->log, from, to - from, NULL, 0);
  self->position = forwards ? to : from;
  replace_board (self, board, doc);
  history_state_notify (self, &state);
  emit_recorded (self, forwards ? SPK_TABLE_RECORD_REDO : SPK_TABLE_RECORD_UNDO, NULL);
  return TRUE;
}

gboolean
spk_table_undo (SpkTable *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return step_group (self, FALSE, error);
}

gboolean
spk_table_redo (SpkTable *self, GError **error)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return step_group (self, TRUE, error);
}

/* Drops the steps that could be redone, then appends @step (taken). */
static void
push_step (SpkTable *self, SpkLogEntry *step)
{
  if (self->position < self->steps->len)
    g_ptr_array_remove_range (self->steps, self->position, self->steps->len - self->position);
  g_ptr_array_add (self->steps, step);
  self->position++;
  g_list_store_append (self->log, step);
}

static void
record (SpkTable *self, SpkLogEntry *step, SpkBoard *board, JsonNode *doc)
{
  HistoryState state;

  history_state_capture (self, &state);
  push_step (self, step);
  replace_board (self, board, doc);
  history_state_notify (self, &state);
  emit_recorded (self, SPK_TABLE_RECORD_DO, step);
}

SpkBoard *
spk_table_action_begin (SpkTable *self)
{
  return spk_board_copy (self->board);
}

gboolean
spk_table_action_commit (SpkTable *self, SpkBoard *candidate, const char *faction,
                         const char *label, GError **error)
{
  g_autoptr(SpkBoard) owned = candidate;
  g_autoptr(JsonNode) candidate_doc = spk_table_file_to_node (owned);
  g_autoptr(JsonNode) patch = NULL;
  SpkBoard *checked;
  JsonNode *doc;
  guint group;

  checked = spk_table_file_parse_node (candidate_doc, NULL, error);
  if (checked == NULL)
    return FALSE;
  if (self->dry_run > 0)
    {
      /* Every check has passed: the action would be taken. */
      spk_board_free (checked);
      return TRUE;
    }
  /* The tree of what was read back, so defaults filled in by the reader
   * never show up as changes of the next step. */
  doc = spk_table_file_to_node (checked);
  patch = spk_patch_diff (ensure_doc (self), doc);
  if (spk_patch_is_empty (patch))
    {
      spk_board_free (checked);
      json_node_unref (doc);
      return TRUE;
    }
  group = self->group_depth > 0 ? self->open_group : self->next_group++;
  record (self,
          spk_log_entry_new (label, faction, self->board->wave, self->board->phase, group, patch),
          checked, doc);
  return TRUE;
}

void
spk_table_begin_dry_run (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  self->dry_run++;
}

void
spk_table_end_dry_run (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  g_return_if_fail (self->dry_run > 0);
  self->dry_run--;
}

gboolean
spk_table_get_dry_run (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return self->dry_run > 0;
}

gboolean
spk_table_replay_step (SpkTable *self, SpkLogEntry *step, GError **error)
{
  g_autoptr(JsonNode) work = NULL;
  SpkBoard *board;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (step), FALSE);
  if (!spk_log_entry_check (step, error))
    return FALSE;
  work = working_doc (self);
  if (!spk_patch_apply (work, spk_log_entry_get_changes (step), TRUE, error))
    return FALSE;
  board = spk_table_file_parse_node (work, NULL, error);
  if (board == NULL)
    return FALSE;
  self->next_group = MAX (self->next_group, spk_log_entry_get_group (step) + 1);
  record (self, g_object_ref (step), board, spk_table_file_to_node (board));
  return TRUE;
}
