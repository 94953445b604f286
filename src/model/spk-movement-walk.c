/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-movement-walk.h"

#include <glib/gi18n-lib.h>

#include "spk-movement.h"

struct _SpkMovementWalk
{
  GObject          parent_instance;

  SpkTable        *table;
  gulong           recorded_handler;
  SpkWalkQuestion  question;
  char            *status;

  /* Minions this walk leaves where they are: blocked in the deployment
   * stack, so they cannot be marked as moved. The rest is the table's
   * moved marks. */
  GHashTable      *skipped;
  char            *minion;        /* the minion waiting for the player */
  guint            moved_auto;    /* minions this walk moved by itself */
  guint            moved_chosen;  /* ... and where the player chose */
  GPtrArray       *tied;          /* of char*, or NULL */
  GArray          *tied_hexes;    /* of SpkHex: where each stands */
  char            *leader;        /* the player's pick from a tie */

  /* A move waiting for the player to say where a displaced hero goes:
   * the unit, its end hex, the answers so far and the question. */
  char            *displace_chip;
  SpkHex           displace_hex;
  GArray          *displace_choices;  /* of SpkDisplaceChoice */
  GPtrArray       *displace_heroes;   /* of char*: the ids they name */
  GArray          *displace_offer;    /* of SpkHex: the hexes asked about */
  char            *displace_question;
};

G_DEFINE_ENUM_TYPE (SpkWalkQuestion, spk_walk_question,
                    G_DEFINE_ENUM_VALUE (SPK_WALK_QUESTION_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (SPK_WALK_QUESTION_TIE, "tie"),
                    G_DEFINE_ENUM_VALUE (SPK_WALK_QUESTION_DESTINATION, "destination"),
                    G_DEFINE_ENUM_VALUE (SPK_WALK_QUESTION_DISPLACEMENT, "displacement"))

G_DEFINE_FINAL_TYPE (SpkMovementWalk, spk_movement_walk, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE,
  PROP_QUESTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum {
  MOVE_DONE,
  MOVE_ASKED,  /* a displaced hero needs a hex: the walk asks */
  MOVE_FAILED,
} MoveOutcome;

static void step (SpkMovementWalk *self, GError **error);

static const SpkBoard *
board (SpkMovementWalk *self)
{
  return spk_table_get_board (self->table);
}

/* The question follows from what waits: a displacement before anything,
 * since a move is half made; then a tie; then a minion. */
static void
update_question (SpkMovementWalk *self)
{
  SpkWalkQuestion question = self->displace_question != NULL ? SPK_WALK_QUESTION_DISPLACEMENT
                             : self->tied != NULL ? SPK_WALK_QUESTION_TIE
                             : self->minion != NULL ? SPK_WALK_QUESTION_DESTINATION
                             : SPK_WALK_QUESTION_NONE;

  if (question == self->question)
    return;
  self->question = question;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUESTION]);
}

static void
set_status (SpkMovementWalk *self, char *text)
{
  g_free (self->status);
  self->status = text;
}

/* --- displacement ------------------------------------------------------------ */

static void
clear_displacement (SpkMovementWalk *self)
{
  g_clear_pointer (&self->displace_chip, g_free);
  g_clear_pointer (&self->displace_choices, g_array_unref);
  g_clear_pointer (&self->displace_heroes, g_ptr_array_unref);
  g_clear_pointer (&self->displace_offer, g_array_unref);
  g_clear_pointer (&self->displace_question, g_free);
}

/* The first open question of the pending move, as spk_displacements
 * lists it for the answers so far: its hero and the hexes to offer. */
static gboolean
ask_displacement (SpkMovementWalk *self, const char *question)
{
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (board (self), NULL, self->displace_chip, NULL);
  const SpkMoveDestination *dst = moves != NULL ? spk_move_result_find (moves, self->displace_hex) : NULL;
  g_autoptr(GPtrArray) list = NULL;
  const SpkDisplacement *open;

  if (dst != NULL)
    list = spk_displacements (board (self), self->displace_chip, dst->path, dst->n_path,
                              (const SpkDisplaceChoice *) self->displace_choices->data,
                              self->displace_choices->len, NULL);
  if ((open = spk_displacements_question (list)) == NULL)
    return FALSE;
  g_free (self->displace_question);
  self->displace_question = g_strdup (question);
  g_clear_pointer (&self->displace_offer, g_array_unref);
  self->displace_offer = g_array_copy (open->candidates);
  g_ptr_array_add (self->displace_heroes, g_strdup (open->hero));
  return TRUE;
}

/* Moves @chip to @hex with the answers given so far: a movement in the
 * Onslaught Phase, an edit of the table otherwise. When a displaced hero
 * still needs a hex, the move waits for the answer. */
static MoveOutcome
try_move (SpkMovementWalk *self, const char *chip, SpkHex hex, GError **error)
{
  g_autoptr(GError) local = NULL;
  const SpkDisplaceChoice *choices;
  guint n;
  gboolean done;

  if (self->displace_chip == NULL || !g_str_equal (self->displace_chip, chip) ||
      !spk_hex_equal (self->displace_hex, hex))
    {
      clear_displacement (self);
      self->displace_chip = g_strdup (chip);
      self->displace_hex = hex;
      self->displace_choices = g_array_new (FALSE, FALSE, sizeof (SpkDisplaceChoice));
      self->displace_heroes = g_ptr_array_new_with_free_func (g_free);
    }
  choices = (const SpkDisplaceChoice *) self->displace_choices->data;
  n = self->displace_choices->len;
  done = spk_table_get_phase (self->table) == SPK_PHASE_ONSLAUGHT
         ? spk_table_move_unit_full (self->table, chip, hex.q, hex.r, choices, n, &local)
         : spk_table_move_chip_full (self->table, chip, hex.q, hex.r, choices, n, &local);
  if (done)
    {
      clear_displacement (self);
      return MOVE_DONE;
    }
  if (g_error_matches (local, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE) &&
      ask_displacement (self, local->message))
    return MOVE_ASKED;
  clear_displacement (self);
  g_propagate_error (error, g_steal_pointer (&local));
  return MOVE_FAILED;
}

/* A move the player asked for: made, it is announced, and a walk waiting
 * on this unit goes on. */
static gboolean
player_move (SpkMovementWalk *self, const char *chip, SpkHex hex, GError **error)
{
  g_autofree char *id = g_strdup (chip);
  MoveOutcome outcome = try_move (self, id, hex, error);

  if (outcome == MOVE_DONE)
    {
      gboolean waited = g_strcmp0 (self->minion, id) == 0;

      g_signal_emit (self, signals[SIGNAL_MOVED], 0, id, hex.q, hex.r);
      if (waited)
        {
          g_autoptr(GError) local = NULL;

          self->moved_chosen++;
          step (self, &local);
          if (local == NULL)
            return TRUE;
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  update_question (self);
  return outcome != MOVE_FAILED;
}

gboolean
spk_movement_walk_move (SpkMovementWalk *self, const char *chip, SpkHex hex, GError **error)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), FALSE);
  g_return_val_if_fail (chip != NULL, FALSE);

  clear_displacement (self);
  return player_move (self, chip, hex, error);
}

gboolean
spk_movement_walk_answer_displacement (SpkMovementWalk *self, SpkHex hex, GError **error)
{
  g_autofree char *chip = NULL;
  SpkDisplaceChoice choice;

  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), FALSE);
  if (self->displace_question == NULL || self->displace_heroes->len == 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                           _("No displaced hero is waiting for a hex."));
      return FALSE;
    }
  choice.hero = g_ptr_array_index (self->displace_heroes, self->displace_heroes->len - 1);
  choice.hex = hex;
  g_array_append_val (self->displace_choices, choice);
  g_clear_pointer (&self->displace_question, g_free);
  chip = g_strdup (self->displace_chip);
  return player_move (self, chip, self->displace_hex, error);
}

void
spk_movement_walk_cancel_displacement (SpkMovementWalk *self)
{
  g_return_if_fail (SPK_IS_MOVEMENT_WALK (self));

  clear_displacement (self);
  update_question (self);
}

const char *
spk_movement_walk_get_displacement_question (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->displace_question;
}

const char *
spk_movement_walk_get_displaced_hero (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  if (self->displace_question == NULL || self->displace_heroes->len == 0)
    return NULL;
  return g_ptr_array_index (self->displace_heroes, self->displace_heroes->len - 1);
}

GArray *
spk_movement_walk_get_displacement_offer (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->displace_question != NULL ? self->displace_offer : NULL;
}

/* --- the walk ------------------------------------------------------------------ */

static void
clear_tie (SpkMovementWalk *self)
{
  g_clear_pointer (&self->tied, g_ptr_array_unref);
  g_clear_pointer (&self->tied_hexes, g_array_unref);
}

static void
end_walk (SpkMovementWalk *self)
{
  g_hash_table_remove_all (self->skipped);
  clear_displacement (self);
  g_clear_pointer (&self->minion, g_free);
  g_clear_pointer (&self->leader, g_free);
  clear_tie (self);
}

void
spk_movement_walk_reset (SpkMovementWalk *self)
{
  g_return_if_fail (SPK_IS_MOVEMENT_WALK (self));

  end_walk (self);
  self->moved_auto = 0;
  self->moved_chosen = 0;
  update_question (self);
}

/* A tie: the minions of @candidates are equally close to the mark, so the
 * player picks which goes first. */
static char *
ask_tie (SpkMovementWalk *self, SpkMovement *movement, GPtrArray *candidates)
{
  g_autoptr(GString) names = g_string_new (NULL);

  clear_tie (self);
  self->tied = g_ptr_array_ref (candidates);
  self->tied_hexes = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  for (guint i = 0; i < candidates->len; i++)
    {
      const char *id = g_ptr_array_index (candidates, i);
      g_autoptr(SpkMoveResult) result = spk_movement_query_full (movement, id, SPK_MOVE_QUERY_NO_EXPLANATION, NULL);
      const SpkChip *chip = spk_board_find_chip (board (self), id);
      SpkHex hex = result != NULL ? result->start : spk_hex_make (chip->q, chip->r);

      g_array_append_val (self->tied_hexes, hex);
      if (i > 0)
        g_string_append (names, i + 1 == candidates->len ? _(" and ") : ", ");
      g_string_append (names, spk_chip_label (chip));
    }
  return g_strdup_printf (_("%s are equally close to the mark, so you choose which moves first: "
                            "click one of the lit minions or pick it below."),
                          names->str);
}

/* The minions of the first tier that still have to move. */
static GPtrArray *
next_candidates (SpkMovementWalk *self, GPtrArray *tiers)
{
  GPtrArray *candidates = g_ptr_array_new_with_free_func (g_free);

  for (guint t = 0; candidates->len == 0 && t < tiers->len; t++)
    {
      const SpkOrderTier *tier = g_ptr_array_index (tiers, t);

      for (guint i = 0; i < tier->chips->len; i++)
        if (!g_hash_table_contains (self->skipped, g_ptr_array_index (tier->chips, i)))
          g_ptr_array_add (candidates, g_strdup (g_ptr_array_index (tier->chips, i)));
    }
  return candidates;
}

/* TRUE when none of @candidates has anywhere to go: their order then
 * changes nothing (staying moves no one out of another's way). */
static gboolean
none_can_move (SpkMovement *movement, GPtrArray *candidates)
{
  for (guint i = 0; i < candidates->len; i++)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_query_full (movement, g_ptr_array_index (candidates, i),
                                                                 SPK_MOVE_QUERY_NO_EXPLANATION, NULL);

      if (result == NULL || result->destinations->len > 0)
        return FALSE;
    }
  return TRUE;
}

/* A minion that does not move has had its movement this turn: marked
 * moved where it stands; one still in the stack is only left out. */
static gboolean
stay (SpkMovementWalk *self, const char *id, GError **error)
{
  const SpkChip *chip = spk_board_find_chip (board (self), id);

  if (chip == NULL || !chip->placed)
    {
      g_hash_table_add (self->skipped, g_strdup (id));
      return TRUE;
    }
  return spk_table_move_unit (self->table, id, chip->q, chip->r, error);
}

static char *
summary (SpkMovementWalk *self)
{
  /* Counted over the whole walk, the player's picks included. */
  guint chosen = self->moved_chosen, moved = self->moved_auto + chosen;

  if (moved == 0)
    return g_strdup (_("Movement resolved: no minion moved"));
  if (chosen == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Movement resolved: %u minion moved by itself",
                                         "Movement resolved: %u minions moved by themselves", moved),
                            moved);
  if (moved == 1)
    return g_strdup (_("Movement resolved: 1 minion moved, where you chose"));
  /* Translators: the first %u is how many minions moved (two or more),
   * the second how many of them went where the player said. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Movement resolved: %u minion moved, %u of them by your choice",
                                       "Movement resolved: %u minions moved, %u of them by your choice", moved),
                          moved, chosen);
}

/* Walks the minions of the faction whose turn it is, closest to the mark
 * first, as the movement engine orders those not yet moved. A minion with
 * one legal end hex moves at once; one with a choice waits for the
 * player. When several minions are equally close, the rules let the
 * player choose who goes first, so the walk asks. */
static void
step (SpkMovementWalk *self, GError **error)
{
  /* A copy: every move replaces the board the turn's name lives in. */
  g_autofree char *faction = g_strdup (spk_table_get_turn (self->table));
  g_autofree char *question = NULL;
  g_autoptr(GError) local = NULL;

  g_clear_pointer (&self->minion, g_free);
  clear_tie (self);
  spk_table_begin_group (self->table);
  for (;;)
    {
      g_autoptr(SpkMovement) movement = spk_movement_new (board (self), NULL);
      g_autoptr(GPtrArray) tiers = spk_movement_order (movement, faction, &local);
      g_autoptr(GPtrArray) candidates = NULL;
      g_autoptr(SpkMoveResult) result = NULL;
      g_autofree char *next = NULL;
      const SpkMoveDestination *only;

      if (tiers == NULL)
        break;
      candidates = next_candidates (self, tiers);
      if (candidates->len == 0)
        break;
      if (self->leader != NULL && g_ptr_array_find_with_equal_func (candidates, self->leader, g_str_equal, NULL))
        next = g_steal_pointer (&self->leader);
      else if (candidates->len > 1 && none_can_move (movement, candidates))
        {
          /* Whoever goes first, each of them stays: nothing to ask. */
          for (guint i = 0; i < candidates->len && local == NULL; i++)
            stay (self, g_ptr_array_index (candidates, i), &local);
          if (local != NULL)
            break;
          continue;
        }
      else if (candidates->len > 1)
        {
          question = ask_tie (self, movement, candidates);
          break;
        }
      else
        next = g_strdup (g_ptr_array_index (candidates, 0));
      g_clear_pointer (&self->leader, g_free);
      if ((result = spk_movement_query (movement, next, &local)) == NULL)
        break;
      if (result->destinations->len == 0)
        {
          if (!stay (self, next, &local))
            break;
          continue;
        }
      only = g_ptr_array_index (result->destinations, 0);
      if (result->destinations->len == 1 && !result->may_stay)
        {
          MoveOutcome outcome = try_move (self, next, only->hex, &local);

          if (outcome == MOVE_FAILED)
            break;
          if (outcome == MOVE_ASKED)
            {
              /* Its one move needs a hex for a displaced hero: the
               * answer makes the move and the walk goes on. */
              self->minion = g_steal_pointer (&next);
              break;
            }
          self->moved_auto++;
          continue;
        }
      /* A choice: the player picks; moving the minion goes on. */
      self->minion = g_steal_pointer (&next);
      break;
    }
  spk_table_end_group (self->table);

  if (local != NULL)
    {
      end_walk (self);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  else if (self->displace_question != NULL)
    set_status (self, g_strdup (self->displace_question));
  else if (question != NULL)
    set_status (self, g_steal_pointer (&question));
  else if (self->minion != NULL)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, self->minion, NULL);
      const SpkChip *chip = spk_board_find_chip (board (self), self->minion);

      set_status (self, g_strdup_printf (result != NULL && result->may_stay
                                         ? _("Choose where %s goes, or Resolve again to leave it")
                                         : _("Choose where %s goes"),
                                         spk_chip_label (chip)));
    }
  else
    {
      set_status (self, summary (self));
      end_walk (self);
    }
  update_question (self);
}

gboolean
spk_movement_walk_resolve (SpkMovementWalk *self, GError **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), FALSE);

  if (spk_table_get_turn (self->table) == NULL)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_WRONG_PHASE,
                           _("Movement is resolved in the Onslaught Phase; advance to it on the Tracker page."));
      return FALSE;
    }
  /* Asked again, never answered for the player: the tie is worked out
   * afresh in case the table changed meanwhile. */
  if (self->tied == NULL && self->minion != NULL)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, self->minion, NULL);
      g_autofree char *id = NULL;

      if (result != NULL && !result->may_stay && result->destinations->len > 0)
        {
          g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_A_DESTINATION,
                               _("This minion must move: choose one of the highlighted hexes."));
          return FALSE;
        }
      /* Resolving again leaves a minion that may stay where it is. */
      clear_displacement (self);
      id = g_steal_pointer (&self->minion);
      if (!stay (self, id, error))
        {
          update_question (self);
          return FALSE;
        }
    }
  else if (self->tied == NULL)
    spk_movement_walk_reset (self);
  step (self, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
spk_movement_walk_get_tie (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->tied;
}

GArray *
spk_movement_walk_get_tie_hexes (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->tied_hexes;
}

gboolean
spk_movement_walk_answer_tie (SpkMovementWalk *self, const char *minion, GError **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), FALSE);

  if (self->tied == NULL || minion == NULL ||
      !g_ptr_array_find_with_equal_func (self->tied, minion, g_str_equal, NULL))
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                           _("That minion is not one of the equally close minions to choose from."));
      return FALSE;
    }
  g_free (self->leader);
  self->leader = g_strdup (minion);
  step (self, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

/* --- the object ------------------------------------------------------------------ */

SpkWalkQuestion
spk_movement_walk_get_question (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), SPK_WALK_QUESTION_NONE);
  return self->question;
}

const char *
spk_movement_walk_get_status (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->status;
}

guint
spk_movement_walk_get_moved (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), 0);
  return self->moved_auto + self->moved_chosen;
}

const char *
spk_movement_walk_get_minion (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->minion;
}

SpkTable *
spk_movement_walk_get_table (SpkMovementWalk *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_WALK (self), NULL);
  return self->table;
}

/* Undo or redo may take back the moves a walk is waiting on. */
static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *entry, SpkMovementWalk *self)
{
  if (kind != SPK_TABLE_RECORD_DO)
    spk_movement_walk_reset (self);
}

SpkMovementWalk *
spk_movement_walk_new (SpkTable *table)
{
  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  return g_object_new (SPK_TYPE_MOVEMENT_WALK, "table", table, NULL);
}

static void
spk_movement_walk_constructed (GObject *object)
{
  SpkMovementWalk *self = SPK_MOVEMENT_WALK (object);

  G_OBJECT_CLASS (spk_movement_walk_parent_class)->constructed (object);
  g_return_if_fail (self->table != NULL);
  self->recorded_handler = g_signal_connect (self->table, "recorded", G_CALLBACK (table_recorded), self);
}

static void
spk_movement_walk_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkMovementWalk *self = SPK_MOVEMENT_WALK (object);

  switch (prop_id)
    {
    case PROP_TABLE: g_value_set_object (value, self->table); break;
    case PROP_QUESTION: g_value_set_enum (value, self->question); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_movement_walk_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkMovementWalk *self = SPK_MOVEMENT_WALK (object);

  switch (prop_id)
    {
    case PROP_TABLE: self->table = g_value_dup_object (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_movement_walk_dispose (GObject *object)
{
  SpkMovementWalk *self = SPK_MOVEMENT_WALK (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (spk_movement_walk_parent_class)->dispose (object);
}

static void
spk_movement_walk_finalize (GObject *object)
{
  SpkMovementWalk *self = SPK_MOVEMENT_WALK (object);

  end_walk (self);
  g_hash_table_unref (self->skipped);
  g_free (self->status);
  G_OBJECT_CLASS (spk_movement_walk_parent_class)->finalize (object);
}

static void
spk_movement_walk_class_init (SpkMovementWalkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = spk_movement_walk_constructed;
  object_class->get_property = spk_movement_walk_get_property;
  object_class->set_property = spk_movement_walk_set_property;
  object_class->dispose = spk_movement_walk_dispose;
  object_class->finalize = spk_movement_walk_finalize;

  properties[PROP_TABLE] = g_param_spec_object ("table", NULL, NULL, SPK_TYPE_TABLE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* What the player must answer now (SpkWalkQuestion). */
  properties[PROP_QUESTION] = g_param_spec_enum ("question", NULL, NULL, SPK_TYPE_WALK_QUESTION,
                                                 SPK_WALK_QUESTION_NONE,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A move the player asked for was made: the unit's id and the hex it
   * went to. Emitted before a walk waiting on it goes on. */
  signals[SIGNAL_MOVED] =
    g_signal_new ("moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT);
}

static void
spk_movement_walk_init (SpkMovementWalk *self)
{
  self->skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
