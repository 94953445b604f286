/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-movement-section.h"

#include <glib/gi18n.h>

#include "spk-answer-text.h"
#include "spk-board-overlays.h"
#include "spk-movement.h"
#include "spk-widget-util.h"

struct _SpkMovementSection
{
  AdwBin               parent_instance;

  AdwPreferencesGroup *movement_group;
  GtkLabel            *movement_label;
  GtkListBox          *destination_list;
  AdwActionRow        *turn_row;
  GtkWidget           *end_turn_button;
  AdwActionRow        *resolve_row;
  GtkListBox          *tie_list;
  GtkWidget           *dialog;        /* asks where a displaced hero goes */

  SpkTable            *table;
  gulong               recorded_handler;
  SpkMovementWalk     *walk;
  SpkBoardView        *view;
  char                *unit;          /* the selected chip's id */
  SpkMoveResult       *moves;         /* of the selected unit, or NULL */
  char                *moved_chip;    /* the player's last move, while one
                                       * is being made */
  char                *last_message;
};

G_DEFINE_FINAL_TYPE (SpkMovementSection, spk_movement_section, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_LAST_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const SpkBoard *
board (SpkMovementSection *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

static void
toast (SpkMovementSection *self, const char *text, gboolean undo)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  spk_toast_show (GTK_WIDGET (self), text, undo);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_MESSAGE]);
}

/* After a step: a toast naming what Undo would take back, with Undo. */
static void
toast_step (SpkMovementSection *self)
{
  g_autofree char *text = spk_table_describe_undo (self->table);

  if (text != NULL)
    toast (self, text, TRUE);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
select_hex (SpkMovementSection *self, SpkHex hex)
{
  if (self->view != NULL)
    spk_board_view_select (self->view, &hex);
}

/* --- the selected unit ------------------------------------------------------------ */

static const char *
rule_text (SpkMoveRule rule)
{
  switch (rule)
    {
    case SPK_MOVE_RULE_PROGRESS: return _("Must move to one of the highlighted hexes.");
    case SPK_MOVE_RULE_LATERAL: return _("May move to a highlighted hex, or stay.");
    case SPK_MOVE_RULE_NONE: return _("Cannot move.");
    case SPK_MOVE_RULE_ALREADY_MOVED: return _("Already moved this turn.");
    case SPK_MOVE_RULE_WAITING: return _("Waits under another unit in the deployment stack.");
    case SPK_MOVE_RULE_RECOVER: return _("Starts on an invalid hex and must leave it.");
    case SPK_MOVE_RULE_HERO: return _("A hero chooses freely among the highlighted hexes.");
    case SPK_N_MOVE_RULES:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

/* Outside the Onslaught Phase nobody has a turn: the section says where
 * the unit could go, and a click moves it as an edit of the table (how
 * players mirror the physical table). */
static const char *
what_if_text (SpkMoveRule rule)
{
  switch (rule)
    {
    case SPK_MOVE_RULE_PROGRESS: return _("On its turn it could move to one of the highlighted hexes, and would have to move.");
    case SPK_MOVE_RULE_LATERAL: return _("On its turn it could move to a highlighted hex, or stay.");
    case SPK_MOVE_RULE_NONE: return _("On its turn it could not move.");
    case SPK_MOVE_RULE_ALREADY_MOVED: return _("It has moved this turn.");
    case SPK_MOVE_RULE_WAITING: return _("Waits under another unit in the deployment stack.");
    case SPK_MOVE_RULE_RECOVER: return _("Starts on an invalid hex and would have to leave it.");
    case SPK_MOVE_RULE_HERO: return _("On its turn a hero could choose freely among the highlighted hexes.");
    case SPK_N_MOVE_RULES:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

/* Why the selected unit may not move now because it is not its turn, or
 * NULL: the model's own answer to a dry run of its movement (R-turns-5). */
static char *
not_its_turn (SpkMovementSection *self, const SpkChip *chip)
{
  g_autoptr(GError) error = NULL;

  if (self->table == NULL || spk_table_get_phase (self->table) != SPK_PHASE_ONSLAUGHT)
    return NULL;
  spk_table_begin_dry_run (self->table);
  spk_table_move_unit (self->table, chip->id, chip->q, chip->r, &error);
  spk_table_end_dry_run (self->table);
  if (!g_error_matches (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN))
    return NULL;
  /* Translators: %s is the reason the model gives, a sentence. */
  return g_strdup_printf (_("%s. The highlighted hexes are where it could go then."), error->message);
}

static void
movement_text (SpkMovementSection *self, const SpkChip *chip)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *refused = not_its_turn (self, chip);

  if (refused != NULL)
    g_string_append (text, refused);
  else if (spk_table_get_phase (self->table) != SPK_PHASE_ONSLAUGHT)
    g_string_append_printf (text, "%s\n%s",
                            _("Not the Onslaught Phase: clicking a highlighted hex moves the unit as an edit of "
                              "the table."),
                            what_if_text (self->moves->rule));
  /* The explanation says it already, with the unit's name. */
  else if (self->moves->rule != SPK_MOVE_RULE_ALREADY_MOVED || self->moves->explanation->len == 0)
    g_string_append (text, rule_text (self->moves->rule));
  for (guint i = 0; i < self->moves->explanation->len; i++)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                            (const char *) g_ptr_array_index (self->moves->explanation, i));
  gtk_label_set_text (self->movement_label, text->str);
}

static GtkWidget *
destination_row (const SpkMoveDestination *d)
{
  g_autofree char *title = g_strdup_printf (_("Move to %d, %d"), d->hex.q, d->hex.r);
  guint steps = d->n_path - 1;
  /* Translators: the first number is the closeness to the mark, the
   * second how many steps the unit takes to get there. */
  g_autofree char *subtitle = d->distance == SPK_MOVEMENT_UNREACHABLE
                              ? g_strdup (_("No route to the mark from there"))
                              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d from the mark, %u step",
                                                              "%d from the mark, %u steps", steps),
                                                 d->distance, steps);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data (G_OBJECT (row), "q", GINT_TO_POINTER (d->hex.q));
  g_object_set_data (G_OBJECT (row), "r", GINT_TO_POINTER (d->hex.r));
  return row;
}

/* The minions of a tie stay lit while the player chooses. */
static void
mark_tie (SpkMovementSection *self)
{
  GArray *hexes = self->walk != NULL ? spk_movement_walk_get_tie_hexes (self->walk) : NULL;

  for (guint i = 0; self->view != NULL && hexes != NULL && i < hexes->len; i++)
    spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_MOVES, g_array_index (hexes, SpkHex, i),
                             SPK_MARK_TARGET, NULL, "?");
}

/* The selected unit's destinations, listed and lit, with the reasons;
 * then the tie, if one waits. */
static void
refresh (SpkMovementSection *self)
{
  const SpkBoard *b = board (self);
  const SpkChip *chip = b != NULL && self->unit != NULL ? spk_board_find_chip (b, self->unit) : NULL;
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->moves, spk_move_result_free);
  if (self->view != NULL)
    {
      spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_MOVES);
      spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_PATH);
    }
  clear_list (self->destination_list);
  gtk_widget_set_visible (GTK_WIDGET (self->movement_group), chip != NULL && spk_chip_is_unit (chip));
  if (chip != NULL && spk_chip_is_unit (chip) && (self->moves = spk_movement_moves (b, NULL, chip->id, &error)) == NULL)
    gtk_label_set_text (self->movement_label, error->message);
  else if (self->moves != NULL)
    {
      movement_text (self, chip);
      for (guint i = 0; i < self->moves->destinations->len; i++)
        {
          const SpkMoveDestination *d = g_ptr_array_index (self->moves->destinations, i);

          gtk_list_box_append (self->destination_list, destination_row (d));
        }
      if (self->view != NULL)
        {
          spk_board_overlays_moves (spk_board_view_get_renderer (self->view), self->moves);
          gtk_widget_queue_draw (GTK_WIDGET (self->view));
        }
      gtk_widget_set_visible (GTK_WIDGET (self->destination_list), self->moves->destinations->len > 0);
    }
  mark_tie (self);
}

void
spk_movement_section_set_unit (SpkMovementSection *self, const char *unit)
{
  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  if (g_strcmp0 (self->unit, unit) != 0)
    {
      g_free (self->unit);
      self->unit = g_strdup (unit);
    }
  refresh (self);
}

void
spk_movement_section_show_route (SpkMovementSection *self, SpkHex hex)
{
  const SpkMoveDestination *d;

  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  if (self->view == NULL || self->moves == NULL || (d = spk_move_result_find (self->moves, hex)) == NULL)
    return;
  for (guint i = 1; i < d->n_path; i++)
    spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_PATH, d->path[i], SPK_MARK_PATH,
                             NULL, NULL);
}

/* --- the walk ------------------------------------------------------------------ */

static void
close_dialog (SpkMovementSection *self)
{
  GtkWidget *dialog = g_steal_pointer (&self->dialog);

  if (dialog == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
displace_response (AdwMessageDialog *dialog, const char *response, SpkMovementSection *self)
{
  GArray *offer = spk_movement_walk_get_displacement_offer (self->walk);
  g_autoptr(GError) error = NULL;
  guint64 i;

  /* The dialog closes itself after this signal. */
  if (self->dialog != GTK_WIDGET (dialog))
    return;
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  self->dialog = NULL;
  if (offer == NULL || g_str_equal (response, "cancel") ||
      !g_ascii_string_to_unsigned (response, 10, 0, offer->len - 1, &i, NULL))
    {
      spk_movement_walk_cancel_displacement (self->walk);
      return;
    }
  if (!spk_movement_section_answer_displacement (self, g_array_index (offer, SpkHex, i), &error))
    toast (self, error->message, FALSE);
}

/* Asks where the displaced hero goes: one answer per hex the rules allow. */
static void
present_dialog (SpkMovementSection *self)
{
  const char *question = spk_movement_walk_get_displacement_question (self->walk);
  const char *id = spk_movement_walk_get_displaced_hero (self->walk);
  GArray *offer = spk_movement_walk_get_displacement_offer (self->walk);
  const SpkChip *hero = spk_board_find_chip (board (self), id);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *heading = g_strdup_printf (_("Where Does %s Go?"),
                                              hero != NULL && hero->name != NULL ? hero->name : id);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                                              : NULL,
                                                                         heading, question));

  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  for (guint i = 0; i < offer->len; i++)
    {
      SpkHex h = g_array_index (offer, SpkHex, i);
      g_autofree char *response = g_strdup_printf ("%u", i);
      g_autofree char *label = g_strdup_printf (_("%d, %d"), h.q, h.r);

      adw_message_dialog_add_response (dialog, response, label);
    }
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "spk-question", g_strdup (question), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (displace_response), self);
  self->dialog = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The dialog asks the walk's displacement question, and only while one
 * waits. */
static void
sync_dialog (SpkMovementSection *self)
{
  const char *question = self->walk != NULL ? spk_movement_walk_get_displacement_question (self->walk) : NULL;

  if (self->dialog != NULL &&
      g_strcmp0 (g_object_get_data (G_OBJECT (self->dialog), "spk-question"), question) != 0)
    close_dialog (self);
  if (question != NULL && self->dialog == NULL)
    present_dialog (self);
}

static void
show_tie (SpkMovementSection *self)
{
  GPtrArray *tie = self->walk != NULL ? spk_movement_walk_get_tie (self->walk) : NULL;
  GArray *hexes = self->walk != NULL ? spk_movement_walk_get_tie_hexes (self->walk) : NULL;

  clear_list (self->tie_list);
  for (guint i = 0; tie != NULL && i < tie->len; i++)
    {
      const char *id = g_ptr_array_index (tie, i);
      SpkHex hex = g_array_index (hexes, SpkHex, i);
      g_autofree char *title = g_strdup_printf (_("%s moves first"), spk_chip_label (spk_board_find_chip (board (self), id)));
      g_autofree char *where = g_strdup_printf (_("At %d, %d"), hex.q, hex.r);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data_full (G_OBJECT (row), "chip", g_strdup (id), g_free);
      gtk_list_box_append (self->tie_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tie_list), tie != NULL);
}

static void
question_changed (SpkMovementSection *self)
{
  show_tie (self);
  sync_dialog (self);
  refresh (self);
}

/* Where a walk step stopped, shown: the sentence under Resolve Movement,
 * the minion it waits on selected, and a toast but for the dialog's
 * question, which the dialog asks. */
static void
show_step (SpkMovementSection *self)
{
  const char *status = spk_movement_walk_get_status (self->walk);
  const char *minion = spk_movement_walk_get_minion (self->walk);

  adw_action_row_set_subtitle (self->resolve_row, status);
  if (minion != NULL)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, minion, NULL);

      if (result != NULL)
        select_hex (self, result->start);
    }
  switch (spk_movement_walk_get_question (self->walk))
    {
    case SPK_WALK_QUESTION_DISPLACEMENT:
      break;
    case SPK_WALK_QUESTION_TIE:
    case SPK_WALK_QUESTION_DESTINATION:
      toast (self, status, FALSE);
      break;
    case SPK_WALK_QUESTION_NONE:
    default:
      toast (self, status, spk_movement_walk_get_moved (self->walk) > 0);
      break;
    }
}

/* After a move the player made: the toast with Undo, and the unit stays
 * selected (before a walk waiting on it goes on). */
static void
walk_moved (SpkMovementWalk *walk, const char *chip, int q, int r, SpkMovementSection *self)
{
  g_free (self->moved_chip);
  self->moved_chip = g_strdup (chip);
  toast_step (self);
  select_hex (self, spk_hex_make (q, r));
}

/* Runs a move or an answer of the player (@move with @hex): the dialog
 * follows the question, and when the minion the walk waited on moved, the
 * step the walk went on to is shown. */
static gboolean
player_move (SpkMovementSection *self, const char *chip, SpkHex hex, GError **error)
{
  g_autofree char *waiting = g_strdup (spk_movement_walk_get_minion (self->walk));
  gboolean ok;

  g_clear_pointer (&self->moved_chip, g_free);
  ok = chip != NULL ? spk_movement_walk_move (self->walk, chip, hex, error)
                    : spk_movement_walk_answer_displacement (self->walk, hex, error);
  sync_dialog (self);
  if (ok && waiting != NULL && g_strcmp0 (self->moved_chip, waiting) == 0)
    show_step (self);
  g_clear_pointer (&self->moved_chip, g_free);
  return ok;
}

gboolean
spk_movement_section_move_selected (SpkMovementSection *self, SpkHex hex, GError **error)
{
  g_autofree char *chip = NULL;
  g_autofree char *refused = NULL;
  const SpkChip *unit;

  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), FALSE);

  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("That hex is not one of the unit's destinations."));
      return FALSE;
    }
  unit = spk_board_find_chip (board (self), self->moves->chip);
  if (unit != NULL && (refused = not_its_turn (self, unit)) != NULL)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN, refused);
      return FALSE;
    }
  chip = g_strdup (self->moves->chip);
  close_dialog (self);
  return player_move (self, chip, hex, error);
}

gboolean
spk_movement_section_answer_displacement (SpkMovementSection *self, SpkHex hex, GError **error)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), FALSE);

  if (self->walk == NULL)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                           _("No displaced hero is waiting for a hex."));
      return FALSE;
    }
  close_dialog (self);
  return player_move (self, NULL, hex, error);
}

static void
choose_first (SpkMovementSection *self, const char *minion)
{
  g_autoptr(GError) error = NULL;

  if (spk_movement_walk_answer_tie (self->walk, minion, &error))
    show_step (self);
  else
    toast (self, error->message, FALSE);
}

gboolean
spk_movement_section_activate_hex (SpkMovementSection *self, SpkHex hex)
{
  GArray *hexes;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), FALSE);

  hexes = self->walk != NULL ? spk_movement_walk_get_tie_hexes (self->walk) : NULL;
  for (guint i = 0; hexes != NULL && i < hexes->len; i++)
    if (spk_hex_equal (g_array_index (hexes, SpkHex, i), hex))
      {
        g_autofree char *id = g_strdup (g_ptr_array_index (spk_movement_walk_get_tie (self->walk), i));

        choose_first (self, id);
        return TRUE;
      }
  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    return FALSE;
  if (!spk_movement_section_move_selected (self, hex, &error))
    toast (self, error->message, FALSE);
  return TRUE;
}

void
spk_movement_section_resolve (SpkMovementSection *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  if (self->walk == NULL)
    return;
  if (spk_movement_walk_resolve (self->walk, &error))
    show_step (self);
  else
    toast (self, error->message, FALSE);
}

void
spk_movement_section_end_turn (SpkMovementSection *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  if (self->table == NULL)
    return;
  spk_movement_walk_reset (self->walk);
  if (!spk_table_end_turn (self->table, &error))
    {
      toast (self, error->message, FALSE);
      return;
    }
  toast_step (self);
  adw_action_row_set_subtitle (self->resolve_row,
                               _("Moves the minions of the faction whose turn it is in leading-minion order, "
                                 "asking only where the rules leave a choice"));
}

/* --- template callbacks ------------------------------------------------------------ */

static void
destination_activated (SpkMovementSection *self, GtkListBoxRow *row)
{
  SpkHex hex = { GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "q")),
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "r")) };
  g_autoptr(GError) error = NULL;

  if (!spk_movement_section_move_selected (self, hex, &error))
    toast (self, error->message, FALSE);
}

static void
tie_activated (SpkMovementSection *self, GtkListBoxRow *row)
{
  g_autofree char *id = g_strdup (g_object_get_data (G_OBJECT (row), "chip"));

  choose_first (self, id);
}

/* Copy as Text: the answer on show, as the CLI prints it. */
static void
copy_clicked (SpkMovementSection *self)
{
  const SpkBoard *b = board (self);
  g_autofree char *text = NULL;
  g_autofree char *done = NULL;
  const SpkChip *chip;

  if (b == NULL || self->moves == NULL)
    return;
  text = spk_move_answer_text (b, self->moves);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  chip = spk_board_find_chip (b, self->moves->chip);
  /* Translators: %s is a unit's name. */
  done = g_strdup_printf (_("Copied where %s may move"), chip != NULL ? spk_chip_label (chip) : self->moves->chip);
  toast (self, done, FALSE);
}

static void
resolve_clicked (SpkMovementSection *self)
{
  spk_movement_section_resolve (self);
}

static void
end_turn_clicked (SpkMovementSection *self)
{
  spk_movement_section_end_turn (self);
}

/* --- the object ------------------------------------------------------------------ */

static void
update_turn (SpkMovementSection *self)
{
  const char *turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;
  g_autofree char *text = turn != NULL ? g_strdup_printf (_("%s to play"), spk_board_faction_label (board (self), turn))
                                       : NULL;

  adw_action_row_set_subtitle (self->turn_row, text != NULL ? text : _("Turns are taken in the Onslaught Phase"));
  gtk_widget_set_sensitive (self->end_turn_button, turn != NULL);
}

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkMovementSection *self)
{
  update_turn (self);
}

void
spk_movement_section_set_table (SpkMovementSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  if (self->walk != NULL)
    g_signal_handlers_disconnect_by_data (self->walk, self);
  g_clear_object (&self->walk);
  close_dialog (self);
  g_set_object (&self->table, table);
  if (table != NULL)
    {
      self->walk = spk_movement_walk_new (table);
      g_signal_connect (self->walk, "moved", G_CALLBACK (walk_moved), self);
      g_signal_connect_swapped (self->walk, "notify::question", G_CALLBACK (question_changed), self);
      self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
    }
  show_tie (self);
  update_turn (self);
  refresh (self);
}

SpkMovementWalk *
spk_movement_section_get_walk (SpkMovementSection *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), NULL);
  return self->walk;
}

void
spk_movement_section_set_board_view (SpkMovementSection *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_MOVEMENT_SECTION (self));

  g_set_object (&self->view, view);
  refresh (self);
}

const char *
spk_movement_section_get_turn_text (SpkMovementSection *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), NULL);
  return adw_action_row_get_subtitle (self->turn_row);
}

const char *
spk_movement_section_get_resolve_text (SpkMovementSection *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), NULL);
  return adw_action_row_get_subtitle (self->resolve_row);
}

const char *
spk_movement_section_get_movement_text (SpkMovementSection *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->movement_group)) ? gtk_label_get_text (self->movement_label) : NULL;
}

const char *
spk_movement_section_get_last_message (SpkMovementSection *self)
{
  g_return_val_if_fail (SPK_IS_MOVEMENT_SECTION (self), NULL);
  return self->last_message;
}

static void
spk_movement_section_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkMovementSection *self = SPK_MOVEMENT_SECTION (object);

  switch (prop_id)
    {
    case PROP_LAST_MESSAGE:
      g_value_set_string (value, self->last_message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_movement_section_dispose (GObject *object)
{
  SpkMovementSection *self = SPK_MOVEMENT_SECTION (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  if (self->walk != NULL)
    g_signal_handlers_disconnect_by_data (self->walk, self);
  g_clear_object (&self->walk);
  g_clear_object (&self->table);
  g_clear_object (&self->view);
  close_dialog (self);
  g_clear_pointer (&self->moves, spk_move_result_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_MOVEMENT_SECTION);
  G_OBJECT_CLASS (spk_movement_section_parent_class)->dispose (object);
}

static void
spk_movement_section_finalize (GObject *object)
{
  SpkMovementSection *self = SPK_MOVEMENT_SECTION (object);

  g_free (self->unit);
  g_free (self->moved_chip);
  g_free (self->last_message);
  G_OBJECT_CLASS (spk_movement_section_parent_class)->finalize (object);
}

static void
spk_movement_section_class_init (SpkMovementSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = spk_movement_section_get_property;
  object_class->dispose = spk_movement_section_dispose;
  object_class->finalize = spk_movement_section_finalize;

  /* The text of the last toast it showed. */
  properties[PROP_LAST_MESSAGE] = g_param_spec_string ("last-message", NULL, NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                       G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-movement-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, movement_group);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, movement_label);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, destination_list);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, turn_row);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, end_turn_button);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, resolve_row);
  gtk_widget_class_bind_template_child (widget_class, SpkMovementSection, tie_list);
  gtk_widget_class_bind_template_callback (widget_class, destination_activated);
  gtk_widget_class_bind_template_callback (widget_class, tie_activated);
  gtk_widget_class_bind_template_callback (widget_class, resolve_clicked);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, end_turn_clicked);
}

static void
spk_movement_section_init (SpkMovementSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
