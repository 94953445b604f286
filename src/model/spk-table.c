/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "spk-faction-model.h"
#include "spk-history.h"
#include "spk-patch.h"
#include "spk-table-file.h"
#include "spk-table-private.h"

/* The history (spk-history.h) holds the steps, each a patch between two
 * table documents (spk-patch.h); undoing applies patches backwards to the
 * tree of the current board and the table reads the result back as a
 * table file, so every state the history reaches is validated like a
 * file. */
struct _SpkTable
{
  GObject     parent_instance;

  SpkBoard   *board;
  JsonNode   *doc;          /* tree of board, built when first needed */

  SpkHistory *history;
  guint       dry_run;      /* depth of spk_table_begin_dry_run */

  GListStore *factions;     /* of SpkFactionModel */
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
  PROP_CAMPFIRE_RULE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  PROP_FACTIONS,
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
  g_clear_object (&self->history);
  G_OBJECT_CLASS (spk_table_parent_class)->dispose (object);
}

static void
spk_table_finalize (GObject *object)
{
  SpkTable *self = SPK_TABLE (object);

  g_clear_pointer (&self->board, spk_board_free);
  g_clear_pointer (&self->doc, json_node_unref);
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
    case PROP_CAMPFIRE_RULE: g_value_set_int (value, (int) b->campfire_rule); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, spk_table_can_undo (self)); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, spk_table_can_redo (self)); break;
    case PROP_UNDO_LABEL: g_value_set_string (value, spk_table_get_undo_label (self)); break;
    case PROP_REDO_LABEL: g_value_set_string (value, spk_table_get_redo_label (self)); break;
    case PROP_FACTIONS: g_value_set_object (value, self->factions); break;
    case PROP_LOG: g_value_set_object (value, spk_table_get_log (self)); break;
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
  /* The SpkCampfireRule the table plays by (docs/rulings.md, W-5). */
  properties[PROP_CAMPFIRE_RULE] = g_param_spec_int ("campfire-rule", NULL, NULL, SPK_CAMPFIRE_NO_OPPOSING,
                                                     SPK_CAMPFIRE_ONE_FACTION, SPK_CAMPFIRE_NO_OPPOSING, flags);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, flags);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, flags);
  properties[PROP_FACTIONS] = g_param_spec_object ("factions", NULL, NULL, G_TYPE_LIST_MODEL, flags);
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
  self->history = spk_history_new ();
  self->factions = g_list_store_new (SPK_TYPE_FACTION_MODEL);
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

/* The lists of views a patch can change. */
typedef enum {
  CHANGED_FACTIONS = 1 << 0,
} Changed;

/* Which lists a patch changes: a list it has no change in holds the same
 * entries, so its views need no update. */
static Changed
patch_changes (JsonNode *patch)
{
  Changed changed = 0;
  JsonArray *list;

  if (patch == NULL || !JSON_NODE_HOLDS_ARRAY (patch))
    return CHANGED_FACTIONS;
  list = json_node_get_array (patch);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *node = json_array_get_element (list, i);
      const char *in;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return CHANGED_FACTIONS;
      in = json_object_get_string_member_with_default (json_node_get_object (node), "in", "");
      if (strcmp (in, "factions") == 0)
        changed |= CHANGED_FACTIONS;
    }
  return changed;
}

/* Installs a new board (taken) and its tree (taken), then brings the views
 * of the @changed lists up to date and notifies what really changed. The
 * board keeps its address, so a view holding spk_table_get_board () stays
 * valid; what the board points into (factions, chips, ...) is replaced. */
static void
replace_board (SpkTable *self, SpkBoard *next, JsonNode *doc, Changed changed)
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
  if (changed & CHANGED_FACTIONS)
    sync_factions (self);

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
  NOTIFY_IF (old->campfire_rule != board->campfire_rule, PROP_CAMPFIRE_RULE);
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
  if (history != NULL)
    {
      g_clear_object (&self->history);
      self->history = spk_history_new_from_node (history, error);
      if (self->history == NULL)
        return NULL;
    }
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

char *
spk_table_to_data (SpkTable *self, gsize *length)
{
  JsonNode *doc;
  char *data;

  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  doc = ensure_doc (self);
  /* The history goes last, after any unknown top-level fields. It is
   * added to the kept tree only for the time of writing. */
  json_object_set_member (json_node_get_object (doc), "history", spk_history_to_node (self->history));
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

SpkCampfireRule
spk_table_get_campfire_rule (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), SPK_CAMPFIRE_NO_OPPOSING);
  return self->board->campfire_rule;
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

const char *
spk_table_get_game (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return self->board->codex != NULL ? "codex" : "cloudspire";
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
spk_table_get_log (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_get_done (self->history);
}

/* History: a thin layer over SpkHistory that keeps the board, its views and
 * the history properties in step with it. */

gboolean
spk_table_can_undo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return spk_history_can_undo (self->history);
}

gboolean
spk_table_can_redo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  return spk_history_can_redo (self->history);
}

const char *
spk_table_get_undo_label (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_get_undo_label (self->history);
}

const char *
spk_table_get_redo_label (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_get_redo_label (self->history);
}

void
spk_table_set_history_limit (SpkTable *self, guint max_steps)
{
  HistoryState state;

  g_return_if_fail (SPK_IS_TABLE (self));
  history_state_capture (self, &state);
  spk_history_set_max_steps (self->history, max_steps);
  history_state_notify (self, &state);
}

guint
spk_table_get_history_limit (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return spk_history_get_max_steps (self->history);
}

guint
spk_table_get_history_length (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return spk_history_get_length (self->history);
}

guint
spk_table_get_history_position (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return spk_history_get_position (self->history);
}

guint64
spk_table_get_sequence (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return spk_history_get_sequence (self->history);
}

SpkLogEntry *
spk_table_get_step (SpkTable *self, guint index)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_get_step (self->history, index);
}

SpkHistory *
spk_table_get_history (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return self->history;
}

void
spk_table_begin_group (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  spk_history_begin_group (self->history);
}

void
spk_table_end_group (SpkTable *self)
{
  g_return_if_fail (SPK_IS_TABLE (self));
  spk_history_end_group (self->history);
}

char *
spk_table_describe_undo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_describe_undo (self->history);
}

char *
spk_table_describe_redo (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), NULL);
  return spk_history_describe_redo (self->history);
}

guint
spk_table_get_undo_steps (SpkTable *self)
{
  g_return_val_if_fail (SPK_IS_TABLE (self), 0);
  return spk_history_get_undo_steps (self->history);
}

static void
emit_recorded (SpkTable *self, SpkTableRecord kind, SpkLogEntry *step)
{
  g_signal_emit (self, signals[SIGNAL_RECORDED], 0, (int) kind, step);
}

/* The history's check: the document undo or redo made must read back as a
 * table; the board read is kept in @data. */
static gboolean
read_back (JsonNode *doc, gpointer data, GError **error)
{
  SpkBoard **board = data;

  *board = spk_table_file_parse_node (doc, NULL, error);
  return *board != NULL;
}

/* Undoes (backwards) or redoes the group of steps next to the position.
 * The patches go straight into the kept tree of the board (it is a cache:
 * dropped when they do not lead to a valid table, replaced when they do).
 * That tree shares objects only with the entries the last step added, and
 * no change of this travel writes into those: undo first removes them, and
 * redo follows an undo, whose tree is fresh. */
static gboolean
step_group (SpkTable *self, gboolean forwards, GError **error)
{
  HistoryState state;
  SpkBoard *board = NULL;
  guint before = spk_history_get_position (self->history);
  Changed changed = 0;
  gboolean done;

  history_state_capture (self, &state);
  done = forwards ? spk_history_redo (self->history, ensure_doc (self), read_back, &board, error)
                  : spk_history_undo (self->history, ensure_doc (self), read_back, &board, error);
  if (!done)
    {
      g_clear_pointer (&self->doc, json_node_unref);
      history_state_notify (self, &state);
      return FALSE;
    }
  for (guint i = MIN (before, spk_history_get_position (self->history));
       i < MAX (before, spk_history_get_position (self->history)); i++)
    changed |= patch_changes (spk_log_entry_get_changes (spk_history_get_step (self->history, i)));
  /* The patched tree holds the same values as the board's own, perhaps in
   * another member order: saving writes the board's. */
  replace_board (self, board, spk_table_file_to_node (board), changed);
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

SpkBoard *
spk_table_action_begin (SpkTable *self)
{
  return spk_board_copy (self->board);
}

/* A step ends a turn when it passes the turn on within a phase. */
static gboolean
passes_turn (const SpkBoard *before, const SpkBoard *after)
{
  return g_strcmp0 (before->turn, after->turn) != 0 && g_strcmp0 (before->phase, after->phase) == 0;
}

/* At a Codex table only the Codex state and the notes change: a Cloudspire
 * action (waves, event, …) has nothing to act on there. */
static gboolean
check_same_game (const SpkBoard *now, SpkBoard *candidate, GError **error)
{
  SpkCodex *codex = candidate->codex;
  char *notes = candidate->notes;
  gboolean same;

  if ((now->codex == NULL) != (codex == NULL))
    same = FALSE;
  else if (now->codex == NULL)
    return TRUE;
  else
    {
      candidate->codex = now->codex;
      candidate->notes = now->notes;
      same = spk_board_equal (now, candidate);
      candidate->codex = codex;
      candidate->notes = notes;
    }
  if (!same)
    g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_GAME,
                 now->codex != NULL ? _("This is a Codex table; Cloudspire actions do not apply to it")
                                    : _("This is a Cloudspire table; Codex actions do not apply to it"));
  return same;
}

gboolean
spk_table_action_commit (SpkTable *self, SpkBoard *candidate, const char *faction,
                         const char *label, GError **error)
{
  g_autoptr(SpkBoard) owned = candidate;
  g_autoptr(JsonNode) candidate_doc = spk_table_file_to_node (owned);
  g_autoptr(JsonNode) patch = NULL;
  HistoryState state;
  SpkLogEntry *step;
  SpkBoard *checked;
  JsonNode *doc;

  if (!check_same_game (self->board, owned, error))
    return FALSE;
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
   * never show up as changes of the next step. The tree is a function of
   * the board alone: when the reader filled nothing in, it is the one just
   * written. */
  if (spk_board_equal (owned, checked))
    doc = g_steal_pointer (&candidate_doc);
  else
    doc = spk_table_file_to_node (checked);
  patch = spk_patch_diff (ensure_doc (self), doc);
  if (spk_patch_is_empty (patch))
    {
      spk_board_free (checked);
      json_node_unref (doc);
      return TRUE;
    }
  history_state_capture (self, &state);
  /* A Codex step is tagged with its turn and Codex phase (R-codex-4). */
  if (self->board->codex != NULL)
    step = spk_history_push (self->history, label, faction, self->board->codex->turn,
                             spk_codex_phase_to_string (self->board->codex->phase), patch, FALSE);
  else
    step = spk_history_push (self->history, label, faction, self->board->wave, self->board->phase,
                             patch, passes_turn (self->board, checked));
  replace_board (self, checked, doc, patch_changes (patch));
  history_state_notify (self, &state);
  emit_recorded (self, SPK_TABLE_RECORD_DO, step);
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
  HistoryState state;
  SpkBoard *board = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (self), FALSE);
  g_return_val_if_fail (SPK_IS_LOG_ENTRY (step), FALSE);
  if (!spk_log_entry_check (step, error))
    return FALSE;
  /* A fresh tree, not the kept one: after an action, the kept tree shares
   * the entries it added with that step's patch, and this patch may change
   * them. */
  work = spk_table_file_to_node (self->board);
  if (!spk_patch_apply (work, spk_log_entry_get_changes (step), TRUE, error) ||
      !read_back (work, &board, error))
    return FALSE;
  history_state_capture (self, &state);
  spk_history_push_step (self->history, step);
  replace_board (self, board, spk_table_file_to_node (board),
                 patch_changes (spk_log_entry_get_changes (step)));
  history_state_notify (self, &state);
  emit_recorded (self, SPK_TABLE_RECORD_DO, step);
  return TRUE;
}
