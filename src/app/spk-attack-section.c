/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-attack-section.h"

#include <glib/gi18n.h>
#include <string.h>

#include "spk-widget-util.h"

struct _SpkAttackSection
{
  AdwBin            parent_instance;

  GtkLabel         *status_label;
  GtkListBox       *target_list;
  GtkListBox       *refused_list;
  AdwExpanderRow   *refused_row;
  GPtrArray        *refused_rows;   /* of GtkWidget*, children of refused_row */

  SpkTable         *table;
  gulong            recorded_handler;
  SpkBoardView     *view;
  char             *attacker;
  SpkAttackOptions *options;        /* of the attacker, or NULL */
  char             *last_message;
};

G_DEFINE_FINAL_TYPE (SpkAttackSection, spk_attack_section, ADW_TYPE_BIN)

/* The answers of a questions dialog, and the controls that give them. */
typedef struct {
  char           *target;
  SpkGateDefence  gate_defence;
  AdwComboRow    *spire_row;
  char           *spire_faction;   /* who builds the spire */
  AdwEntryRow    *spire_name_row;
  GtkSpinButton  *capacity_spin;
  AdwEntryRow    *relic_row;
  AdwComboRow    *relic_choice_row;
  AdwComboRow    *level_row;
  GArray         *levels;          /* of SpkLevelUpChoice, the row's order */
} Questions;

static void
questions_free (Questions *q)
{
  g_free (q->target);
  g_free (q->spire_faction);
  g_clear_pointer (&q->levels, g_array_unref);
  g_free (q);
}

static void ask_or_attack (SpkAttackSection *self, const char *target, SpkGateDefence defence);

static const SpkBoard *
board (SpkAttackSection *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

static void
toast (SpkAttackSection *self, const char *text, gboolean undo)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  spk_toast_show (GTK_WIDGET (self), text, undo);
}

static const char *
chip_name (const SpkBoard *b, const char *id)
{
  const SpkChip *c = spk_board_find_chip (b, id);

  return c != NULL && c->name != NULL ? c->name : id;
}

/* What a target is called in the panel: a chip's name, a faction's gate,
 * or the unit on top of the deployment stack on a gate. */
static char *
target_title (const SpkBoard *b, const char *target, SpkTargetKind kind, const char *owner)
{
  if (g_str_has_prefix (target, SPK_ATTACK_GATE_PREFIX))
    return g_strdup_printf (_("Gate of %s"), spk_board_faction_label (b, target + strlen (SPK_ATTACK_GATE_PREFIX)));
  if (kind == SPK_TARGET_STACK_UNIT)
    /* Translators: a unit, then the faction whose deployment stack it tops. */
    return g_strdup_printf (_("%s, on top of the stack at the gate of %s"), chip_name (b, target),
                            spk_board_faction_label (b, owner));
  return g_strdup (chip_name (b, target));
}

/* The hex a target stands on: its own, or the gate its stack is on. */
static gboolean
target_hex (const SpkBoard *b, const SpkAttackOutcome *o, SpkHex *out)
{
  const SpkChip *c = spk_board_find_chip (b, o->target);
  const SpkFortress *f;

  if (c != NULL && c->placed)
    {
      *out = spk_hex_make (c->q, c->r);
      return TRUE;
    }
  if ((f = o->owner != NULL ? spk_board_find_fortress (b, o->owner) : NULL) == NULL)
    return FALSE;
  *out = f->gate;
  return TRUE;
}

static const SpkAttackOutcome *
find_outcome (SpkAttackSection *self, const char *target)
{
  for (guint i = 0; self->options != NULL && i < self->options->targets->len; i++)
    {
      const SpkAttackOutcome *o = g_ptr_array_index (self->options->targets, i);

      if (g_strcmp0 (o->target, target) == 0)
        return o;
    }
  return NULL;
}

/* The same attack sent to the top unit of the stack on @owner's gate. */
static const SpkAttackOutcome *
stack_outcome (SpkAttackSection *self, const char *owner)
{
  for (guint i = 0; self->options != NULL && i < self->options->targets->len; i++)
    {
      const SpkAttackOutcome *o = g_ptr_array_index (self->options->targets, i);

      if (o->kind == SPK_TARGET_STACK_UNIT && g_strcmp0 (o->owner, owner) == 0)
        return o;
    }
  return NULL;
}

/* The answers a dry run gives to every question the attack might ask, so
 * that it says whether the attack as such may be made. */
static void
default_choices (SpkAttackChoices *c, SpkGateDefence defence)
{
  memset (c, 0, sizeof *c);
  c->gate_defence = defence != SPK_GATE_DEFENCE_UNSET ? defence : SPK_GATE_DEFENCE_GATE;
  c->decline_spire = TRUE;
  /* Any name does for a relic nobody will keep. */
  c->relic = "relic";
  c->relic_choice = SPK_RELIC_KEEP;
  c->level_up = SPK_LEVEL_UP_DECLINE;
}

static gboolean
dry_attack (SpkAttackSection *self, const char *target, const SpkAttackChoices *choices, GError **error)
{
  gboolean ok;

  spk_table_begin_dry_run (self->table);
  ok = spk_table_attack (self->table, self->attacker, target, choices, error);
  spk_table_end_dry_run (self->table);
  return ok;
}

static gboolean
asks (const SpkAttackOutcome *o)
{
  return (o->spire_reward && o->spire_site) || o->relic || o->level_up != NULL;
}

/* One line on what the attack does: how far, the damage and its effect,
 * what comes back. */
static char *
summary (const SpkBoard *b, const SpkAttackOutcome *o)
{
  g_autofree char *away = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hex away", "%d hexes away", o->distance),
                                           o->distance);
  g_autofree char *back = NULL;
  const char *fate = o->defeated ? _("defeated") : o->discarded ? _("discarded") : _("not defeated");

  if (o->retaliation <= 0)
    back = g_strdup (_("no retaliation"));
  else if (o->attacker_defeated)
    back = g_strdup_printf (_("%d back, which defeats the attacker"), o->retaliation);
  else
    back = g_strdup_printf (_("%d back"), o->retaliation);
  /* Translators: distance, damage dealt, the target's fate, retaliation. */
  return g_strdup_printf (_("%s · %d damage, %s · %s"), away, o->damage, fate, back);
}

static void
attack_clicked (GtkButton *button, SpkAttackSection *self)
{
  g_autofree char *target = g_strdup (g_object_get_data (G_OBJECT (button), "target"));

  ask_or_attack (self, target, SPK_GATE_DEFENCE_UNSET);
}

static GtkWidget *
target_row (SpkAttackSection *self, const SpkAttackOutcome *o)
{
  const SpkBoard *b = board (self);
  g_autofree char *title = target_title (b, o->target, o->kind, o->owner);
  g_autofree char *name = g_strdup_printf (_("Attack %s"), title);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  SpkAttackChoices defaults;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_label (_("Attack"));
  char *line = summary (b, o);

  g_string_append (text, line);
  g_free (line);
  for (guint i = 0; i < o->results->len; i++)
    g_string_append_printf (text, "\n• %s", (const char *) g_ptr_array_index (o->results, i));
  default_choices (&defaults, SPK_GATE_DEFENCE_UNSET);
  if (!dry_attack (self, o->target, &defaults, &error))
    {
      g_string_append_printf (text, "\n%s", error->message);
      gtk_widget_set_tooltip_text (button, error->message);
      gtk_widget_set_sensitive (button, FALSE);
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text->str);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (button), "target", g_strdup (o->target), g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (attack_clicked), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static GtkWidget *
refused_row (SpkAttackSection *self, const SpkAttackRefusal *r)
{
  const SpkChip *c = spk_board_find_chip (board (self), r->target);
  g_autofree char *title = target_title (board (self), r->target, r->kind,
                                         c != NULL ? c->faction : NULL);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), r->why_not);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  return row;
}

static void
clear_rows (SpkAttackSection *self)
{
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (self->target_list));
  spk_release_focus_within (GTK_WIDGET (self->refused_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->target_list))) != NULL)
    gtk_list_box_remove (self->target_list, child);
  for (guint i = 0; i < self->refused_rows->len; i++)
    adw_expander_row_remove (self->refused_row, g_ptr_array_index (self->refused_rows, i));
  g_ptr_array_set_size (self->refused_rows, 0);
  if (self->view != NULL)
    spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_ATTACKS);
}

static char *
status_text (const SpkAttackOptions *opts)
{
  g_autofree char *stats = g_strdup_printf (_("Attack %d, range %d."), opts->attack, opts->range);

  if (opts->why_not != NULL)
    return g_strdup_printf (_("%s It cannot attack now: %s."), stats, opts->why_not);
  if (opts->must_attack)
    return g_strdup_printf (_("%s A minion with a target in reach has to attack one of them."), stats);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s %u target in reach.", "%s %u targets in reach.",
                                       opts->targets->len),
                          stats, opts->targets->len);
}

static void
refresh (SpkAttackSection *self)
{
  const SpkBoard *b = board (self);
  const SpkChip *chip = b != NULL && self->attacker != NULL ? spk_board_find_chip (b, self->attacker) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *count = NULL;

  clear_rows (self);
  g_clear_pointer (&self->options, spk_attack_options_free);
  if (chip == NULL || !spk_chip_is_unit (chip) || !chip->placed)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  if ((self->options = spk_attack_options (b, chip->id, &error)) == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->target_list), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->refused_list), FALSE);
      return;
    }
  {
    g_autofree char *text = status_text (self->options);

    gtk_label_set_text (self->status_label, text);
  }
  for (guint i = 0; i < self->options->targets->len; i++)
    {
      const SpkAttackOutcome *o = g_ptr_array_index (self->options->targets, i);
      SpkHex hex;

      gtk_list_box_append (self->target_list, target_row (self, o));
      if (self->view != NULL && target_hex (b, o, &hex))
        spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_ATTACKS, hex, SPK_MARK_TARGET, NULL, NULL);
    }
  for (guint i = 0; i < self->options->refused->len; i++)
    {
      GtkWidget *row = refused_row (self, g_ptr_array_index (self->options->refused, i));

      adw_expander_row_add_row (self->refused_row, row);
      g_ptr_array_add (self->refused_rows, row);
    }
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u opposing chip or gate, with the reason",
                                        "%u opposing chips or gates, each with the reason",
                                        self->options->refused->len),
                           self->options->refused->len);
  adw_expander_row_set_subtitle (self->refused_row, count);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->refused_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, count, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->target_list), self->options->targets->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->refused_list), self->options->refused->len > 0);
}

/* --- attacking ------------------------------------------------------------------ */

static void
attack (SpkAttackSection *self, const char *target, const SpkAttackChoices *choices)
{
  g_autofree char *attacker = g_strdup (self->attacker);
  g_autofree char *what = g_strdup (target);
  g_autoptr(GError) error = NULL;
  g_autofree char *undo = NULL;

  if (self->table == NULL || attacker == NULL)
    return;
  if (!spk_table_attack (self->table, attacker, what, choices, &error))
    {
      toast (self, error->message, FALSE);
      return;
    }
  if ((undo = spk_table_describe_undo (self->table)) != NULL)
    toast (self, undo, TRUE);
}

static GtkWidget *
dialog_new (SpkAttackSection *self, const char *heading, const char *body)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
}

static void
defence_answered (AdwMessageDialog *dialog, const char *response, SpkAttackSection *self)
{
  const char *gate = g_object_get_data (G_OBJECT (dialog), "gate");
  const char *top = g_object_get_data (G_OBJECT (dialog), "top");

  if (g_str_equal (response, "gate"))
    ask_or_attack (self, gate, SPK_GATE_DEFENCE_GATE);
  else if (g_str_equal (response, "stack"))
    ask_or_attack (self, top, SPK_GATE_DEFENCE_UNSET);
}

/* The owner of a gate with a deployment stack on it sends the attack to
 * the gate or to the stack's top unit. */
static void
ask_defence (SpkAttackSection *self, const SpkAttackOutcome *gate, const SpkAttackOutcome *top)
{
  const SpkBoard *b = board (self);
  g_autofree char *body = g_strdup_printf (_("%s has a deployment stack on its gate. Its player decides what "
                                             "takes this attack: the gate, or %s on top of the stack."),
                                           spk_board_faction_label (b, gate->owner), chip_name (b, top->target));
  GtkWidget *dialog = dialog_new (self, _("Who Takes the Attack?"), body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "gate", _("The _Gate"), "stack", _("The _Top Unit"), NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "gate");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "gate", g_strdup (gate->target), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "top", g_strdup (top->target), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (defence_answered), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A chip id for a spire typed by name: its name in lower case with
 * dashes, numbered when taken. */
static char *
new_spire_id (const SpkBoard *b, const char *name)
{
  g_autofree char *lower = g_utf8_strdown (name, -1);
  g_autoptr(GString) base = g_string_new (NULL);
  char *id;

  for (const char *p = lower; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (base, *p);
    else if (base->len > 0 && base->str[base->len - 1] != '-')
      g_string_append_c (base, '-');
  if (base->len == 0)
    g_string_append (base, "spire");
  id = g_strdup (base->str);
  for (int n = 2; spk_board_find_chip (b, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%d", base->str, n);
    }
  return id;
}

static void
questions_answered (AdwMessageDialog *dialog, const char *response, SpkAttackSection *self)
{
  Questions *q = g_object_get_data (G_OBJECT (dialog), "questions");
  g_autoptr(SpkChip) typed = NULL;
  SpkAttackChoices c = { 0 };

  if (!g_str_equal (response, "attack") || board (self) == NULL)
    return;
  c.gate_defence = q->gate_defence;
  if (q->spire_row != NULL)
    {
      guint i = adw_combo_row_get_selected (q->spire_row);
      const char *name = gtk_editable_get_text (GTK_EDITABLE (q->spire_name_row));

      if (i == 0)
        c.decline_spire = TRUE;
      else if (name[0] != '\0')
        {
          g_autofree char *id = new_spire_id (board (self), name);

          typed = spk_chip_new (id, SPK_CHIP_SPIRE);
          typed->faction = g_strdup (q->spire_faction);
          typed->name = g_strdup (name);
          typed->capacity = gtk_spin_button_get_value_as_int (q->capacity_spin);
          c.spire = typed;
        }
    }
  if (q->relic_row != NULL)
    {
      const char *relic = gtk_editable_get_text (GTK_EDITABLE (q->relic_row));

      c.relic = relic[0] != '\0' ? relic : NULL;
      c.relic_choice = adw_combo_row_get_selected (q->relic_choice_row) == 0 ? SPK_RELIC_KEEP : SPK_RELIC_SELL;
    }
  if (q->level_row != NULL)
    c.level_up = g_array_index (q->levels, SpkLevelUpChoice, adw_combo_row_get_selected (q->level_row));
  attack (self, q->target, &c);
}

static AdwComboRow *
combo_row (GtkListBox *list, const char *title, const char *subtitle, GtkStringList *model)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  g_object_unref (model);
  gtk_list_box_append (list, row);
  return ADW_COMBO_ROW (row);
}

static AdwEntryRow *
entry_row (GtkListBox *list, const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_list_box_append (list, row);
  return ADW_ENTRY_ROW (row);
}

/* The name and capacity rows count only when a spire is to be built. */
static gboolean
spire_chosen (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  g_value_set_boolean (to, g_value_get_uint (from) != 0);
  return TRUE;
}

static void
add_spire_question (SpkAttackSection *self, Questions *q, GtkListBox *list, const SpkAttackOutcome *o)
{
  const SpkBoard *b = board (self);
  const SpkChip *attacker = spk_board_find_chip (b, self->attacker);
  GtkStringList *names = gtk_string_list_new (NULL);
  g_autofree char *where = g_strdup_printf (_("A free spire on %d, %d"), o->site.q, o->site.r);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 10, 1);

  /* The spire reward goes to whoever defeated the chip on that hex: the
   * attacker, or the target when its retaliation did it. */
  q->spire_faction = g_strdup (o->defeated && attacker != NULL ? attacker->faction : o->owner);
  /* A table keeps no spire off the board, so the spire is entered here:
   * its name and capacity, as printed on the chip. */
  gtk_string_list_append (names, _("Build no spire"));
  gtk_string_list_append (names, _("Build the spire named below"));
  q->spire_row = combo_row (list, _("Spire reward"), where, names);
  q->spire_name_row = entry_row (list, _("Name of the spire"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Its upgrade capacity"));
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 3);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Upgrade capacity of the spire"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (list, row);
  q->capacity_spin = GTK_SPIN_BUTTON (spin);
  g_object_bind_property_full (q->spire_row, "selected", q->spire_name_row, "sensitive", G_BINDING_SYNC_CREATE,
                               spire_chosen, NULL, NULL, NULL);
  g_object_bind_property_full (q->spire_row, "selected", row, "sensitive", G_BINDING_SYNC_CREATE,
                               spire_chosen, NULL, NULL, NULL);
}

static void
add_relic_question (Questions *q, GtkListBox *list)
{
  GtkStringList *choices = gtk_string_list_new (NULL);
  g_autofree char *sell = g_strdup_printf (_("Sell it for %d Source"), SPK_RELIC_SELL_SOURCE);

  q->relic_row = entry_row (list, _("Relic drawn"));
  gtk_string_list_append (choices, _("Keep it"));
  gtk_string_list_append (choices, sell);
  q->relic_choice_row = combo_row (list, _("The relic"), NULL, choices);
}

static const char *
level_label (SpkLevelUpChoice choice)
{
  switch (choice)
    {
    case SPK_LEVEL_UP_DECLINE: return _("No level-up");
    case SPK_LEVEL_UP_ATTACK: return _("Attack upgrade");
    case SPK_LEVEL_UP_RANGE: return _("Range upgrade");
    case SPK_LEVEL_UP_FORTIFICATION: return _("Fortification upgrade");
    case SPK_LEVEL_UP_PROMOTE: return _("Promotion to its other side");
    case SPK_LEVEL_UP_UNSET:
    default:
      break;
    }
  g_return_val_if_reached ("");
}

/* The level-ups offered are those a dry run of this attack accepts. */
static void
add_level_question (SpkAttackSection *self, Questions *q, GtkListBox *list, const SpkAttackOutcome *o)
{
  static const SpkLevelUpChoice order[] = {
    SPK_LEVEL_UP_ATTACK, SPK_LEVEL_UP_RANGE, SPK_LEVEL_UP_FORTIFICATION, SPK_LEVEL_UP_PROMOTE,
    SPK_LEVEL_UP_DECLINE,
  };
  GtkStringList *names = gtk_string_list_new (NULL);
  g_autofree char *title = g_strdup_printf (_("Level-up of %s"), chip_name (board (self), o->level_up));

  q->levels = g_array_new (FALSE, FALSE, sizeof (SpkLevelUpChoice));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      SpkAttackChoices c;

      default_choices (&c, q->gate_defence);
      c.level_up = order[i];
      if (order[i] != SPK_LEVEL_UP_DECLINE && !dry_attack (self, q->target, &c, NULL))
        continue;
      g_array_append_val (q->levels, order[i]);
      gtk_string_list_append (names, level_label (order[i]));
    }
  q->level_row = combo_row (list, title, NULL, names);
}

/* One dialog for every question the attack raises. */
static void
ask_choices (SpkAttackSection *self, const SpkAttackOutcome *o, SpkGateDefence defence)
{
  g_autofree char *title = target_title (board (self), o->target, o->kind, o->owner);
  g_autofree char *heading = g_strdup_printf (_("Attack %s"), title);
  GtkWidget *dialog = dialog_new (self, heading, _("This attack needs a few answers before it is made."));
  GtkWidget *list = gtk_list_box_new ();
  Questions *q = g_new0 (Questions, 1);

  q->target = g_strdup (o->target);
  q->gate_defence = defence;
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Choices"), -1);
  if (o->spire_reward && o->spire_site)
    add_spire_question (self, q, GTK_LIST_BOX (list), o);
  if (o->relic)
    add_relic_question (q, GTK_LIST_BOX (list));
  if (o->level_up != NULL)
    add_level_question (self, q, GTK_LIST_BOX (list), o);
  g_object_set_data_full (G_OBJECT (dialog), "questions", q, (GDestroyNotify) questions_free);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "attack", _("_Attack"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "attack", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "attack");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (questions_answered), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Asks what the attack on @target leaves to the players, then makes it. */
static void
ask_or_attack (SpkAttackSection *self, const char *target, SpkGateDefence defence)
{
  const SpkAttackOutcome *o = find_outcome (self, target);
  const SpkAttackOutcome *top;
  SpkAttackChoices c = { 0 };

  if (o == NULL)
    return;
  if (o->kind == SPK_TARGET_GATE && defence == SPK_GATE_DEFENCE_UNSET
      && (top = stack_outcome (self, o->owner)) != NULL)
    {
      ask_defence (self, o, top);
      return;
    }
  if (asks (o))
    {
      ask_choices (self, o, defence);
      return;
    }
  c.gate_defence = defence;
  attack (self, target, &c);
}

/* --- the object ------------------------------------------------------------------ */

static void
table_recorded (SpkTable *table, int kind, SpkLogEntry *step, SpkAttackSection *self)
{
  refresh (self);
}

void
spk_attack_section_set_table (SpkAttackSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_ATTACK_SECTION (self));

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_set_object (&self->table, table);
  if (table != NULL)
    self->recorded_handler = g_signal_connect (table, "recorded", G_CALLBACK (table_recorded), self);
  refresh (self);
}

void
spk_attack_section_set_board_view (SpkAttackSection *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_ATTACK_SECTION (self));

  if (self->view != NULL)
    spk_board_view_clear_layer (self->view, SPK_BOARD_LAYER_ATTACKS);
  g_set_object (&self->view, view);
  refresh (self);
}

void
spk_attack_section_set_attacker (SpkAttackSection *self, const char *attacker)
{
  g_return_if_fail (SPK_IS_ATTACK_SECTION (self));

  if (g_strcmp0 (self->attacker, attacker) != 0)
    {
      g_free (self->attacker);
      self->attacker = g_strdup (attacker);
    }
  refresh (self);
}

const char *
spk_attack_section_get_attacker (SpkAttackSection *self)
{
  g_return_val_if_fail (SPK_IS_ATTACK_SECTION (self), NULL);
  return self->attacker;
}

const char *
spk_attack_section_get_status_text (SpkAttackSection *self)
{
  g_return_val_if_fail (SPK_IS_ATTACK_SECTION (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
spk_attack_section_get_last_message (SpkAttackSection *self)
{
  g_return_val_if_fail (SPK_IS_ATTACK_SECTION (self), NULL);
  return self->last_message;
}

static void
spk_attack_section_dispose (GObject *object)
{
  SpkAttackSection *self = SPK_ATTACK_SECTION (object);

  if (self->table != NULL)
    g_clear_signal_handler (&self->recorded_handler, self->table);
  g_clear_object (&self->table);
  g_clear_object (&self->view);
  g_clear_pointer (&self->options, spk_attack_options_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_ATTACK_SECTION);
  G_OBJECT_CLASS (spk_attack_section_parent_class)->dispose (object);
}

static void
spk_attack_section_finalize (GObject *object)
{
  SpkAttackSection *self = SPK_ATTACK_SECTION (object);

  g_ptr_array_unref (self->refused_rows);
  g_free (self->attacker);
  g_free (self->last_message);
  G_OBJECT_CLASS (spk_attack_section_parent_class)->finalize (object);
}

static void
spk_attack_section_class_init (SpkAttackSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_attack_section_dispose;
  object_class->finalize = spk_attack_section_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-attack-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkAttackSection, status_label);
  gtk_widget_class_bind_template_child (widget_class, SpkAttackSection, target_list);
  gtk_widget_class_bind_template_child (widget_class, SpkAttackSection, refused_list);
  gtk_widget_class_bind_template_child (widget_class, SpkAttackSection, refused_row);
}

static void
spk_attack_section_init (SpkAttackSection *self)
{
  self->refused_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
