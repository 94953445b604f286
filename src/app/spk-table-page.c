/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-page.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-attack-section.h"
#include "spk-damage-section.h"
#include "spk-overlay-section.h"
#include "spk-selection-section.h"
#include "spk-spire-section.h"
#include "spk-stack-section.h"
#include "spk-tool-palette.h"

#include "spk-board-legend.h"
#include "spk-grid.h"
#include "spk-movement.h"

struct _SpkTablePage
{
  GtkWidget            parent_instance;

  AdwFlap             *flap;
  GtkScrolledWindow   *panel_scroller;
  char                *last_message;   /* the last toast's text */
  SpkBoardView        *board_view;
  SpkSelectionSection *selection_section;
  AdwPreferencesGroup *movement_group;
  GtkLabel            *movement_label;
  GtkListBox          *destination_list;
  SpkAttackSection    *attack_section;
  SpkOverlaySection   *overlay_section;
  SpkSpireSection     *spire_section;
  SpkDamageSection    *damage_section;

  SpkToolPalette      *tool_palette;

  AdwActionRow        *turn_row;
  AdwActionRow        *resolve_row;
  GtkListBox          *tie_list;
  /* Minions this walk leaves where they are: blocked in the deployment
   * stack, so they cannot be marked as moved. The rest is the model's
   * moved marks. */
  GHashTable          *skipped;
  char                *resolving;     /* the minion waiting for a choice */
  guint                resolve_auto;  /* minions this walk moved by itself */
  guint                resolve_chosen; /* ... and where the player chose */
  GPtrArray           *tied;          /* of char*: equally close minions to
                                       * pick the next mover from, or NULL */
  GArray              *tied_hexes;    /* of SpkHex: where each stands */
  char                *leader;        /* the player's pick from a tie */
  /* A move waiting for the player to say where a displaced hero goes
   * (M-12): the unit, its end hex, the answers so far and the question. */
  char                *displace_chip;
  SpkHex               displace_hex;
  GArray              *displace_choices; /* of SpkDisplaceChoice */
  GPtrArray           *displace_heroes;  /* of char*: the ids they name */
  GArray              *displace_offer;   /* of SpkHex: the hexes asked about */
  char                *displace_question;
  GtkWidget           *displace_dialog;

  SpkStackSection     *stack_section;

  SpkTable            *table;
  gulong               recorded_handler;
  SpkMoveResult       *moves;        /* of the selected unit, or NULL */
  GPtrArray           *faction_ids;  /* of char*, the combo rows' order */
  GListModel          *faction_names; /* ... and their names */
};

G_DEFINE_FINAL_TYPE (SpkTablePage, spk_table_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
toast (SpkTablePage *self, const char *text, gboolean undo)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

/* After an action: a toast naming what Undo would take back (a whole turn
 * after End Turn), with Undo. */
static void
toast_step (SpkTablePage *self)
{
  g_autofree char *text = spk_table_describe_undo (self->table);

  if (text != NULL)
    toast (self, text, TRUE);
}

static void
toast_error (SpkTablePage *self, const GError *error)
{
  toast (self, error->message, FALSE);
}

static const char *
selected_faction (SpkTablePage *self)
{
  return spk_overlay_section_get_faction (self->overlay_section);
}

static const SpkBoard *
board (SpkTablePage *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

/* --- selection panel ------------------------------------------------------------ */

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

/* Outside the Onslaught Phase nobody has a turn: the panel says where the
 * unit could go, and a click moves it as an edit of the table (how players
 * mirror the physical table). */
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
not_its_turn (SpkTablePage *self, const SpkChip *chip)
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
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
destination_activated (GtkListBox *list, GtkListBoxRow *row, SpkTablePage *self)
{
  SpkHex hex = { GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "q")),
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "r")) };
  g_autoptr(GError) error = NULL;

  if (!spk_table_page_move_selected (self, hex, &error))
    toast_error (self, error);
}

static void
show_moves (SpkTablePage *self, const SpkChip *chip)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_clear_pointer (&self->moves, spk_move_result_free);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_MOVES);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_PATH);
  clear_list (self->destination_list);

  if (chip == NULL || !spk_chip_is_unit (chip))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->movement_group), FALSE);
      return;
    }
  self->moves = spk_movement_moves (board (self), NULL, chip->id, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->movement_group), TRUE);
  if (self->moves == NULL)
    {
      gtk_label_set_text (self->movement_label, error->message);
      return;
    }

  {
    g_autofree char *refused = not_its_turn (self, chip);
    gboolean onslaught = spk_table_get_phase (self->table) == SPK_PHASE_ONSLAUGHT;

    if (refused != NULL)
      g_string_append (text, refused);
    else if (!onslaught)
      g_string_append_printf (text, "%s\n%s",
                              _("Not the Onslaught Phase: clicking a highlighted hex moves the unit as an edit of "
                                "the table."),
                              what_if_text (self->moves->rule));
    /* The explanation says it already, with the unit's name. */
    else if (self->moves->rule != SPK_MOVE_RULE_ALREADY_MOVED || self->moves->explanation->len == 0)
      g_string_append (text, rule_text (self->moves->rule));
  }
  for (guint i = 0; i < self->moves->explanation->len; i++)
    g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                            (const char *) g_ptr_array_index (self->moves->explanation, i));
  gtk_label_set_text (self->movement_label, text->str);

  for (guint i = 0; i < self->moves->destinations->len; i++)
    {
      const SpkMoveDestination *d = g_ptr_array_index (self->moves->destinations, i);
      g_autofree char *title = g_strdup_printf (_("Move to %d, %d"), d->hex.q, d->hex.r);
      g_autofree char *label = d->distance == SPK_MOVEMENT_UNREACHABLE ? NULL : g_strdup_printf ("%d", d->distance);
      guint steps = d->path->len - 1;
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
      gtk_list_box_append (self->destination_list, row);
      spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_MOVES, d->hex, SPK_MARK_DESTINATION, NULL, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->destination_list), self->moves->destinations->len > 0);
}

/* The minions of a tie stay lit while the player chooses. */
static void
mark_tie (SpkTablePage *self)
{
  for (guint i = 0; self->tied_hexes != NULL && i < self->tied_hexes->len; i++)
    spk_board_view_mark_hex (self->board_view, SPK_BOARD_LAYER_MOVES,
                             g_array_index (self->tied_hexes, SpkHex, i), SPK_MARK_TARGET, NULL, "?");
}

static void
update_panel (SpkTablePage *self)
{
  const SpkChip *chip = spk_board_view_get_selected_chip (self->board_view);
  const char *desc = spk_board_view_get_description (self->board_view);
  SpkHex hex;
  g_autoptr(SpkGrid) grid = NULL;
  const SpkCell *cell = NULL;

  if (spk_board_view_get_selected (self->board_view, &hex) && board (self) != NULL)
    {
      int index;

      grid = spk_grid_new (board (self));
      index = spk_grid_find (grid, hex);
      cell = index >= 0 ? spk_grid_cell (grid, index) : NULL;
    }
  spk_selection_section_show (self->selection_section, cell, chip, desc);
  show_moves (self, chip);
  mark_tie (self);
  spk_attack_section_set_attacker (self->attack_section, chip != NULL ? chip->id : NULL);
  spk_spire_section_set_chip (self->spire_section, chip != NULL ? chip->id : NULL);
  spk_damage_section_show_for (self->damage_section, cell, chip);
  spk_overlay_section_refresh (self->overlay_section, TRUE);
}


/* --- editing tools ------------------------------------------------------------------ */

static SpkChipEditor *
chip_editor (SpkTablePage *self)
{
  return spk_tool_palette_get_chip_editor (self->tool_palette);
}

static void
stroke (SpkBoardView *view, gboolean begin, SpkTablePage *self)
{
  spk_tool_palette_stroke (self->tool_palette, begin);
}

/* --- model ------------------------------------------------------------------------ */

static void end_resolve (SpkTablePage *self);
static void clear_displacement (SpkTablePage *self);
static void resolve_step (SpkTablePage *self);

static void
rebuild_factions (SpkTablePage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const SpkBoard *b = board (self);

  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  self->faction_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; b != NULL && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      gtk_string_list_append (names, spk_faction_label (f));
      g_ptr_array_add (self->faction_ids, g_strdup (f->id));
    }
  g_set_object (&self->faction_names, G_LIST_MODEL (names));
  spk_overlay_section_set_factions (self->overlay_section, self->faction_ids, G_LIST_MODEL (names));
  spk_chip_editor_set_factions (chip_editor (self), self->faction_ids, G_LIST_MODEL (names));
  spk_damage_section_set_factions (self->damage_section, self->faction_ids, G_LIST_MODEL (names));
}

/* After a step: when a faction was renamed, added or removed, the faction
 * rows (overlays, Fortress and Chip tools) get the new names and keep the
 * faction each had chosen. */
static void
refresh_factions (SpkTablePage *self)
{
  const SpkBoard *b = board (self);
  GListModel *shown = self->faction_names;
  gboolean same = b != NULL && shown != NULL && self->faction_ids != NULL &&
                  g_list_model_get_n_items (shown) == b->factions->len && self->faction_ids->len == b->factions->len;
  g_autofree char *overlay_id = NULL, *tool_id = NULL;

  for (guint i = 0; same && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      same = g_str_equal (g_ptr_array_index (self->faction_ids, i), f->id) &&
             g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (shown), i), spk_faction_label (f));
    }
  if (same)
    return;
  overlay_id = g_strdup (selected_faction (self));
  tool_id = g_strdup (spk_chip_editor_get_faction (chip_editor (self)));
  rebuild_factions (self);
  spk_overlay_section_set_faction (self->overlay_section, overlay_id);
  spk_chip_editor_set_faction (chip_editor (self), tool_id);
}

static const char *
faction_name (SpkTablePage *self, const char *id)
{
  const SpkFaction *f = board (self) != NULL ? spk_board_find_faction (board (self), id) : NULL;

  return f != NULL && f->name != NULL ? f->name : id;
}

static void
update_turn (SpkTablePage *self)
{
  const char *turn = self->table != NULL ? spk_table_get_turn (self->table) : NULL;
  g_autofree char *text = NULL;

  if (turn != NULL)
    text = g_strdup_printf (_("%s to play"), faction_name (self, turn));
  adw_action_row_set_subtitle (self->turn_row, text != NULL ? text : _("Turns are taken in the Onslaught Phase"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.end-turn", turn != NULL);
  spk_damage_section_follow_turn (self->damage_section);
}

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkTablePage *self)
{
  /* Undo or redo may take back the moves a walk is waiting on. */
  if (kind != SPK_TABLE_RECORD_DO)
    end_resolve (self);
  spk_board_view_set_board (self->board_view, spk_table_get_board (table));
  refresh_factions (self);
  spk_chip_editor_refresh (chip_editor (self));
  update_turn (self);
  spk_overlay_section_refresh (self->overlay_section, FALSE);
  update_panel (self);
  spk_stack_section_show_faction (self->stack_section, selected_faction (self), FALSE);
}

void
spk_table_page_set_table (SpkTablePage *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_TABLE_PAGE (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_set_object (&self->table, table);
  end_resolve (self);
  spk_board_view_select (self->board_view, NULL);
  spk_board_view_set_board (self->board_view, table != NULL ? spk_table_get_board (table) : NULL);
  spk_board_view_fit (self->board_view);
  if (table != NULL)
    self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
  spk_attack_section_set_table (self->attack_section, table);
  spk_tool_palette_set_table (self->tool_palette, table);
  spk_spire_section_set_table (self->spire_section, table);
  spk_damage_section_set_table (self->damage_section, table);
  spk_overlay_section_set_table (self->overlay_section, table);
  spk_stack_section_set_table (self->stack_section, table);
  rebuild_factions (self);
  /* Nothing of the last table stays in the chip editor. */
  spk_chip_editor_reset (chip_editor (self));
  update_turn (self);
  spk_overlay_section_refresh (self->overlay_section, FALSE);
  update_panel (self);
  spk_stack_section_show_faction (self->stack_section, selected_faction (self), TRUE);
}

SpkBoardView *
spk_table_page_get_board_view (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->board_view;
}

/* --- displacement ------------------------------------------------------------------ */

static void
clear_displacement (SpkTablePage *self)
{
  g_clear_pointer (&self->displace_chip, g_free);
  g_clear_pointer (&self->displace_choices, g_array_unref);
  g_clear_pointer (&self->displace_heroes, g_ptr_array_unref);
  g_clear_pointer (&self->displace_offer, g_array_unref);
  g_clear_pointer (&self->displace_question, g_free);
  if (self->displace_dialog != NULL)
    {
      GtkWidget *dialog = g_steal_pointer (&self->displace_dialog);

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->displace_dialog);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
}

typedef enum {
  MOVE_DONE,
  MOVE_ASKED,  /* a displaced hero needs a hex: the page asks */
  MOVE_FAILED,
} MoveOutcome;

static void displace_response (AdwMessageDialog *dialog, const char *response, SpkTablePage *self);

/* Asks where the hero of the pending move's first open question goes: a
 * dialog with one answer per hex the rules allow (spk_displacements). */
static void
ask_displacement (SpkTablePage *self, const char *question)
{
  g_autoptr(SpkMoveResult) moves = spk_movement_moves (board (self), NULL, self->displace_chip, NULL);
  const SpkMoveDestination *dst = moves != NULL ? spk_move_result_find (moves, self->displace_hex) : NULL;
  g_autoptr(GPtrArray) list = NULL;
  const SpkDisplacement *open;
  const SpkChip *hero;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;

  if (dst != NULL)
    list = spk_displacements (board (self), self->displace_chip, dst->path,
                              (const SpkDisplaceChoice *) self->displace_choices->data,
                              self->displace_choices->len, NULL);
  if ((open = spk_displacements_question (list)) == NULL)
    return;
  hero = spk_board_find_chip (board (self), open->hero);
  g_free (self->displace_question);
  self->displace_question = g_strdup (question);
  g_clear_pointer (&self->displace_offer, g_array_unref);
  self->displace_offer = g_array_copy (open->candidates);
  g_ptr_array_add (self->displace_heroes, g_strdup (open->hero));

  heading = g_strdup_printf (_("Where Does %s Go?"), hero != NULL && hero->name != NULL ? hero->name : open->hero);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                       heading, question));
  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  for (guint i = 0; i < open->candidates->len; i++)
    {
      SpkHex h = g_array_index (open->candidates, SpkHex, i);
      g_autofree char *id = g_strdup_printf ("%u", i);
      g_autofree char *label = g_strdup_printf (_("%d, %d"), h.q, h.r);

      adw_message_dialog_add_response (dialog, id, label);
    }
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (displace_response), self);
  self->displace_dialog = GTK_WIDGET (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->displace_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Moves @chip to @hex with the answers given so far: a movement in the
 * Onslaught Phase, an edit of the table otherwise. When a displaced hero
 * still needs a hex, the page asks and the move waits for the answer. */
static MoveOutcome
try_move (SpkTablePage *self, const char *chip, SpkHex hex, GError **error)
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
  if (g_error_matches (local, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_DISPLACE_CHOICE))
    {
      ask_displacement (self, local->message);
      if (self->displace_dialog != NULL)
        return MOVE_ASKED;
    }
  clear_displacement (self);
  g_propagate_error (error, g_steal_pointer (&local));
  return MOVE_FAILED;
}

/* After a move: the toast with Undo, the unit stays selected, and a
 * movement walk waiting on this unit goes on. */
static void
moved (SpkTablePage *self, const char *chip, SpkHex hex)
{
  toast_step (self);
  spk_board_view_select (self->board_view, &hex);
  if (self->resolving != NULL && g_str_equal (self->resolving, chip))
    {
      self->resolve_chosen++;
      resolve_step (self);
    }
}

/* try_move, then what follows a move; FALSE only when it failed. */
static gboolean
move_and_follow (SpkTablePage *self, const char *chip, SpkHex hex, GError **error)
{
  MoveOutcome outcome = try_move (self, chip, hex, error);

  if (outcome == MOVE_DONE)
    moved (self, chip, hex);
  return outcome != MOVE_FAILED;
}

gboolean
spk_table_page_answer_displacement (SpkTablePage *self, SpkHex hex, GError **error)
{
  g_autofree char *chip = NULL;
  SpkDisplaceChoice choice;
  SpkHex to;

  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), FALSE);
  if (self->displace_question == NULL || self->displace_heroes->len == 0)
    {
      g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                           _("No displaced hero is waiting for a hex."));
      return FALSE;
    }
  choice.hero = g_ptr_array_index (self->displace_heroes, self->displace_heroes->len - 1);
  choice.hex = hex;
  g_array_append_val (self->displace_choices, choice);
  if (self->displace_dialog != NULL)
    {
      GtkWidget *dialog = g_steal_pointer (&self->displace_dialog);

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->displace_dialog);
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  g_clear_pointer (&self->displace_question, g_free);
  chip = g_strdup (self->displace_chip);
  to = self->displace_hex;
  return move_and_follow (self, chip, to, error);
}

const char *
spk_table_page_get_displace_question (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->displace_question;
}

static void
displace_response (AdwMessageDialog *dialog, const char *response, SpkTablePage *self)
{
  g_autoptr(GError) error = NULL;
  guint64 i;

  /* The dialog closes itself after this signal. */
  if (self->displace_dialog != GTK_WIDGET (dialog))
    return;
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->displace_dialog);
  self->displace_dialog = NULL;
  if (self->displace_offer == NULL || g_str_equal (response, "cancel") ||
      !g_ascii_string_to_unsigned (response, 10, 0, self->displace_offer->len - 1, &i, NULL))
    {
      clear_displacement (self);
      return;
    }
  if (!spk_table_page_answer_displacement (self, g_array_index (self->displace_offer, SpkHex, i), &error))
    toast_error (self, error);
}

gboolean
spk_table_page_move_selected (SpkTablePage *self, SpkHex hex, GError **error)
{
  g_autofree char *chip = NULL;

  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), FALSE);
  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("That hex is not one of the unit's destinations."));
      return FALSE;
    }
  {
    const SpkChip *unit = spk_board_find_chip (board (self), self->moves->chip);
    g_autofree char *refused = unit != NULL ? not_its_turn (self, unit) : NULL;

    if (refused != NULL)
      {
        g_set_error_literal (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_NOT_YOUR_TURN, refused);
        return FALSE;
      }
  }
  chip = g_strdup (self->moves->chip);
  clear_displacement (self);
  return move_and_follow (self, chip, hex, error);
}

const char *
spk_table_page_get_turn_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return adw_action_row_get_subtitle (self->turn_row);
}

const char *
spk_table_page_get_resolve_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return adw_action_row_get_subtitle (self->resolve_row);
}

const char *
spk_table_page_get_stack_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_stack_section_get_text (self->stack_section);
}

const char *
spk_table_page_get_tool_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return spk_tool_palette_get_hint_text (self->tool_palette);
}

const char *
spk_table_page_get_last_message (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return self->last_message;
}

const char *
spk_table_page_get_movement_text (SpkTablePage *self)
{
  g_return_val_if_fail (SPK_IS_TABLE_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->movement_group)) ? gtk_label_get_text (self->movement_label) : NULL;
}

/* --- movement stage ----------------------------------------------------------------- */

static void
clear_tie (SpkTablePage *self)
{
  g_clear_pointer (&self->tied, g_ptr_array_unref);
  g_clear_pointer (&self->tied_hexes, g_array_unref);
  clear_list (self->tie_list);
  gtk_widget_set_visible (GTK_WIDGET (self->tie_list), FALSE);
}

static void
end_resolve (SpkTablePage *self)
{
  gboolean was_tied = self->tied != NULL;

  g_hash_table_remove_all (self->skipped);
  clear_displacement (self);
  g_clear_pointer (&self->resolving, g_free);
  g_clear_pointer (&self->leader, g_free);
  self->resolve_auto = 0;
  self->resolve_chosen = 0;
  clear_tie (self);
  if (was_tied)
    spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_MOVES);
}

static const char *
chip_label (const SpkChip *chip)
{
  return spk_chip_label (chip);
}

/* A tie: the minions of @candidates are equally close to the mark, so the
 * player picks which goes first; they are lit on the board and listed. */
static char *
ask_tie (SpkTablePage *self, SpkMovement *movement, GPtrArray *candidates)
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
      g_autofree char *title = g_strdup_printf (_("%s moves first"), chip_label (chip));
      g_autofree char *where = NULL;
      GtkWidget *row = adw_action_row_new ();
      SpkHex hex = result != NULL ? result->start : spk_hex_make (chip->q, chip->r);

      g_array_append_val (self->tied_hexes, hex);
      where = g_strdup_printf (_("At %d, %d"), hex.q, hex.r);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data_full (G_OBJECT (row), "chip", g_strdup (id), g_free);
      gtk_list_box_append (self->tie_list, row);
      if (i > 0)
        g_string_append (names, i + 1 == candidates->len ? _(" and ") : ", ");
      g_string_append (names, chip_label (chip));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->tie_list), TRUE);
  return g_strdup_printf (_("%s are equally close to the mark, so you choose which moves first: "
                            "click one of the lit minions or pick it below."),
                          names->str);
}

/* The minions of the first tier that still have to move. */
static GPtrArray *
next_candidates (SpkTablePage *self, GPtrArray *tiers)
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
stay (SpkTablePage *self, const char *id, GError **error)
{
  const SpkChip *chip = spk_board_find_chip (board (self), id);

  if (chip == NULL || !chip->placed)
    {
      g_hash_table_add (self->skipped, g_strdup (id));
      return TRUE;
    }
  return spk_table_move_unit (self->table, id, chip->q, chip->r, error);
}

/* Walks the minions of the faction whose turn it is, closest to the mark
 * first, as the movement engine orders those not yet moved. A minion with
 * one legal end hex moves at once; one with a choice is selected, its
 * destinations lit, and the walk waits for the player's click. When
 * several minions are equally close, the rules let the player choose who
 * goes first, so the walk asks. */
static void
resolve_step (SpkTablePage *self)
{
  /* A copy: every step replaces the board the turn's name lives in. */
  g_autofree char *faction = self->table != NULL ? g_strdup (spk_table_get_turn (self->table)) : NULL;
  g_autofree char *question = NULL;
  g_autoptr(GError) error = NULL;

  if (self->table == NULL)
    return;
  if (faction == NULL)
    {
      toast (self, _("Movement is resolved in the Onslaught Phase; advance to it on the Tracker page."), FALSE);
      return;
    }
  g_clear_pointer (&self->resolving, g_free);
  clear_tie (self);
  spk_table_begin_group (self->table);
  for (;;)
    {
      g_autoptr(SpkMovement) movement = spk_movement_new (board (self), NULL);
      g_autoptr(GPtrArray) tiers = spk_movement_order (movement, faction, &error);
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
          for (guint i = 0; i < candidates->len && error == NULL; i++)
            stay (self, g_ptr_array_index (candidates, i), &error);
          if (error != NULL)
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
      if ((result = spk_movement_query (movement, next, &error)) == NULL)
        break;
      if (result->destinations->len == 0)
        {
          if (!stay (self, next, &error))
            break;
          continue;
        }
      only = g_ptr_array_index (result->destinations, 0);
      if (result->destinations->len == 1 && !result->may_stay)
        {
          MoveOutcome outcome = try_move (self, next, only->hex, &error);

          if (outcome == MOVE_FAILED)
            break;
          if (outcome == MOVE_ASKED)
            {
              /* Its one move needs a hex for a displaced hero: the
               * answer makes the move and the walk goes on. */
              self->resolving = g_steal_pointer (&next);
              break;
            }
          self->resolve_auto++;
          continue;
        }
      /* A choice: the player picks; clicking a destination continues. */
      self->resolving = g_steal_pointer (&next);
      break;
    }
  spk_table_end_group (self->table);

  if (error != NULL)
    {
      toast_error (self, error);
      end_resolve (self);
    }
  else if (self->displace_question != NULL)
    {
      /* The dialog asks; the minion stays selected with its destination
       * lit, so cancelling leaves a click to ask again. */
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, self->resolving, NULL);

      if (result != NULL)
        spk_board_view_select (self->board_view, &result->start);
      adw_action_row_set_subtitle (self->resolve_row, self->displace_question);
    }
  else if (question != NULL)
    {
      adw_action_row_set_subtitle (self->resolve_row, question);
      update_panel (self);
      toast (self, question, FALSE);
    }
  else if (self->resolving != NULL)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, self->resolving, NULL);
      const SpkChip *chip = spk_board_find_chip (board (self), self->resolving);
      g_autofree char *text = g_strdup_printf (result != NULL && result->may_stay
                                               ? _("Choose where %s goes, or Resolve again to leave it")
                                               : _("Choose where %s goes"),
                                               chip_label (chip));

      if (result != NULL)
        spk_board_view_select (self->board_view, &result->start);
      adw_action_row_set_subtitle (self->resolve_row, text);
      toast (self, text, FALSE);
    }
  else
    {
      /* Counted over the whole walk, the player's picks included. */
      guint chosen = self->resolve_chosen, moved = self->resolve_auto + chosen;
      g_autofree char *text = NULL;

      if (moved == 0)
        text = g_strdup (_("Movement resolved: no minion moved"));
      else if (chosen == 0)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Movement resolved: %u minion moved by itself",
                                             "Movement resolved: %u minions moved by themselves", moved),
                                moved);
      else if (moved == 1)
        text = g_strdup (_("Movement resolved: 1 minion moved, where you chose"));
      else
        /* Translators: the first %u is how many minions moved (two or
         * more), the second how many of them went where the player said. */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Movement resolved: %u minion moved, %u of them by your choice",
                                             "Movement resolved: %u minions moved, %u of them by your choice", moved),
                                moved, chosen);
      adw_action_row_set_subtitle (self->resolve_row, text);
      toast (self, text, moved > 0);
      end_resolve (self);
    }
}

/* The player picked @id from a tie: it moves next. */
static void
choose_leader (SpkTablePage *self, const char *id)
{
  g_free (self->leader);
  self->leader = g_strdup (id);
  spk_board_view_clear_layer (self->board_view, SPK_BOARD_LAYER_MOVES);
  resolve_step (self);
}

static void
tie_activated (GtkListBox *list, GtkListBoxRow *row, SpkTablePage *self)
{
  g_autofree char *id = g_strdup (g_object_get_data (G_OBJECT (row), "chip"));

  choose_leader (self, id);
}

static void
resolve_activated (SpkTablePage *self)
{
  /* Asked again, never answered for the player: the tie is worked out
   * afresh in case the table changed meanwhile. */
  if (self->tied != NULL)
    {
      resolve_step (self);
      return;
    }
  if (self->resolving != NULL)
    {
      g_autoptr(SpkMoveResult) result = spk_movement_moves (board (self), NULL, self->resolving, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;

      if (result != NULL && !result->may_stay && result->destinations->len > 0)
        {
          toast (self, _("This minion must move: choose one of the highlighted hexes."), FALSE);
          return;
        }
      /* Resolving again leaves a minion that may stay where it is. */
      id = g_steal_pointer (&self->resolving);
      if (!stay (self, id, &error))
        {
          toast_error (self, error);
          return;
        }
    }
  else
    end_resolve (self);
  resolve_step (self);
}

static void
end_turn_activated (SpkTablePage *self)
{
  g_autoptr(GError) error = NULL;

  end_resolve (self);
  if (spk_table_end_turn (self->table, &error))
    {
      toast_step (self);
      adw_action_row_set_subtitle (self->resolve_row,
                                   _("Moves the minions of the faction whose turn it is in leading-minion order, "
                                     "asking only where the rules leave a choice"));
    }
  else
    toast_error (self, error);
}

/* --- board signals ------------------------------------------------------------------ */

static gboolean
hex_activated (SpkBoardView *view, int q, int r, SpkTablePage *self)
{
  SpkHex hex = { q, r };
  g_autoptr(GError) error = NULL;

  if (spk_tool_palette_get_tool (self->tool_palette) != SPK_TOOL_SELECT)
    return spk_tool_palette_apply (self->tool_palette, hex);
  for (guint i = 0; self->tied_hexes != NULL && i < self->tied_hexes->len; i++)
    if (spk_hex_equal (g_array_index (self->tied_hexes, SpkHex, i), hex))
      {
        g_autofree char *id = g_strdup (g_ptr_array_index (self->tied, i));

        choose_leader (self, id);
        return TRUE;
      }
  if (self->moves == NULL || spk_move_result_find (self->moves, hex) == NULL)
    return FALSE;
  if (!spk_table_page_move_selected (self, hex, &error))
    toast_error (self, error);
  return TRUE;
}

static void
hex_hovered (SpkBoardView *view, int q, int r, gboolean inside, SpkTablePage *self)
{
  const SpkMoveDestination *d;

  spk_board_view_clear_layer (view, SPK_BOARD_LAYER_PATH);
  if (spk_tool_palette_hover (self->tool_palette, inside, spk_hex_make (q, r)))
    return;
  if (!inside || self->moves == NULL || (d = spk_move_result_find (self->moves, spk_hex_make (q, r))) == NULL)
    return;
  for (guint i = 1; i < d->path->len; i++)
    spk_board_view_mark_hex (view, SPK_BOARD_LAYER_PATH, g_array_index (d->path, SpkHex, i), SPK_MARK_PATH, NULL, NULL);
}

static void
selection_changed (SpkBoardView *view, SpkTablePage *self)
{
  update_panel (self);
}

static void
overlay_faction_changed (SpkTablePage *self)
{
  spk_stack_section_show_faction (self->stack_section, selected_faction (self), FALSE);
}

static void
zoom_in_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_zoom_in (SPK_TABLE_PAGE (widget)->board_view);
}

static void
zoom_out_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_zoom_out (SPK_TABLE_PAGE (widget)->board_view);
}

static void
fit_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_board_view_fit (SPK_TABLE_PAGE (widget)->board_view);
}

static void
toggle_panel_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkTablePage *self = SPK_TABLE_PAGE (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

static void
resolve_action (GtkWidget *widget, const char *name, GVariant *param)
{
  resolve_activated (SPK_TABLE_PAGE (widget));
}

static void
end_turn_action (GtkWidget *widget, const char *name, GVariant *param)
{
  end_turn_activated (SPK_TABLE_PAGE (widget));
}

/* R and M while the board has the focus. */
static void
turn_isle_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TABLE_PAGE (widget)->tool_palette, 1, FALSE);
}

static void
mirror_isle_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  spk_tool_palette_turn_isle (SPK_TABLE_PAGE (widget)->tool_palette, 0, TRUE);
}

/* What the sections have to say goes out as the page's toasts. */
static void
section_message (GtkWidget *section, const char *text, gboolean undo, SpkTablePage *self)
{
  toast (self, text, undo);
}

static void
tool_changed (SpkTablePage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

static void
spk_table_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      g_value_set_enum (value, spk_tool_palette_get_tool (self->tool_palette));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_table_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  switch (prop_id)
    {
    case PROP_TOOL:
      spk_tool_palette_set_tool (self->tool_palette, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_table_page_dispose (GObject *object)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_TABLE_PAGE);
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (spk_table_page_parent_class)->dispose (object);
}

static void
spk_table_page_finalize (GObject *object)
{
  SpkTablePage *self = SPK_TABLE_PAGE (object);

  g_clear_pointer (&self->moves, spk_move_result_free);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  g_clear_object (&self->faction_names);
  g_clear_pointer (&self->skipped, g_hash_table_unref);
  g_clear_pointer (&self->resolving, g_free);
  g_clear_pointer (&self->leader, g_free);
  clear_displacement (self);
  g_clear_pointer (&self->tied, g_ptr_array_unref);
  g_clear_pointer (&self->tied_hexes, g_array_unref);
  g_clear_pointer (&self->last_message, g_free);
  G_OBJECT_CLASS (spk_table_page_parent_class)->finalize (object);
}

static void
spk_table_page_class_init (SpkTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_table_page_dispose;
  object_class->finalize = spk_table_page_finalize;
  object_class->get_property = spk_table_page_get_property;
  object_class->set_property = spk_table_page_set_property;

  /* The editing tool, the Tools section's. */
  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, SPK_TYPE_TOOL, SPK_TOOL_SELECT,
                                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (SPK_TYPE_BOARD_VIEW);
  g_type_ensure (SPK_TYPE_BOARD_LEGEND);
  g_type_ensure (SPK_TYPE_ATTACK_SECTION);
  g_type_ensure (SPK_TYPE_TOOL_PALETTE);
  g_type_ensure (SPK_TYPE_DAMAGE_SECTION);
  g_type_ensure (SPK_TYPE_OVERLAY_SECTION);
  g_type_ensure (SPK_TYPE_SELECTION_SECTION);
  g_type_ensure (SPK_TYPE_SPIRE_SECTION);
  g_type_ensure (SPK_TYPE_STACK_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, flap);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, panel_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tool_palette);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, board_view);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, selection_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_group);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, movement_label);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, destination_list);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, overlay_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, spire_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, damage_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, attack_section);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, resolve_row);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, turn_row);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, tie_list);
  gtk_widget_class_bind_template_child (widget_class, SpkTablePage, stack_section);

  gtk_widget_class_bind_template_callback (widget_class, section_message);
  gtk_widget_class_bind_template_callback (widget_class, tool_changed);
  gtk_widget_class_bind_template_callback (widget_class, stroke);
  gtk_widget_class_bind_template_callback (widget_class, hex_activated);
  gtk_widget_class_bind_template_callback (widget_class, hex_hovered);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, overlay_faction_changed);

  gtk_widget_class_install_action (widget_class, "page.zoom-in", NULL, zoom_in_activated);
  gtk_widget_class_install_action (widget_class, "page.zoom-out", NULL, zoom_out_activated);
  gtk_widget_class_install_action (widget_class, "page.fit", NULL, fit_activated);
  gtk_widget_class_install_action (widget_class, "page.toggle-panel", NULL, toggle_panel_activated);
  gtk_widget_class_install_property_action (widget_class, "page.tool", "tool");
  gtk_widget_class_install_action (widget_class, "page.turn-isle", NULL, turn_isle_activated);
  gtk_widget_class_install_action (widget_class, "page.resolve", NULL, resolve_action);
  gtk_widget_class_install_action (widget_class, "page.end-turn", NULL, end_turn_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "page.end-turn", NULL);
  gtk_widget_class_install_action (widget_class, "page.mirror-isle", NULL, mirror_isle_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "page.turn-isle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "page.mirror-isle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "page.toggle-panel", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
spk_table_page_init (SpkTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  spk_attack_section_set_board_view (self->attack_section, self->board_view);
  spk_tool_palette_set_board_view (self->tool_palette, self->board_view);
  spk_damage_section_set_board_view (self->damage_section, self->board_view);
  spk_overlay_section_set_board_view (self->overlay_section, self->board_view);
  spk_stack_section_set_chip_editor (self->stack_section, chip_editor (self));
  self->skipped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* A tooltip over the board would hide the hexes under the pointer; the
   * keys are in the Selection text and the zoom buttons' tooltips. */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->board_view), FALSE);

  g_signal_connect (self->destination_list, "row-activated", G_CALLBACK (destination_activated), self);
  g_signal_connect (self->tie_list, "row-activated", G_CALLBACK (tie_activated), self);
}
