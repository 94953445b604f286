/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-stack-section.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

struct _SpkStackSection
{
  AdwPreferencesGroup  parent_instance;

  GtkListBox          *stack_list;
  GtkLabel            *stack_problems;
  GtkLabel            *barracks_heading;
  GtkListBox          *barracks_list;

  SpkTable            *table;
  SpkChipEditor       *editor;
  GPtrArray           *units;     /* of SpkChip*: the edited stack, top
                                   * first, grouped minions after theirs */
  char                *faction;
  gboolean             dirty;     /* edited since loaded or applied */
};

G_DEFINE_FINAL_TYPE (SpkStackSection, spk_stack_section, ADW_TYPE_PREFERENCES_GROUP)

enum {
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const chip_kind_labels[SPK_N_CHIP_KINDS] = { N_("Minion"), N_("Hero"), N_("Spire"), N_("Landmark") };

static void
message (SpkStackSection *self, const char *text, gboolean undo)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, undo);
}

static const SpkBoard *
board (SpkStackSection *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

/* The deployment stack of @faction as it is, top first, grouped minions
 * right after their top one (copies). */
GPtrArray *
spk_stack_section_units_of (const SpkBoard *b, const char *faction)
{
  const SpkDeployment *d = b != NULL && faction != NULL ? spk_board_find_deployment (b, faction) : NULL;
  GPtrArray *units = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);

  for (guint i = 0; d != NULL && i < d->stack->len; i++)
    {
      const SpkChip *top = spk_board_find_chip (b, g_ptr_array_index (d->stack, i));

      if (top == NULL)
        continue;
      g_ptr_array_add (units, spk_chip_copy (top));
      for (guint k = 0; top->grouped != NULL && k < top->grouped->len; k++)
        {
          const SpkChip *under = spk_board_find_chip (b, g_ptr_array_index (top->grouped, k));

          if (under != NULL)
            g_ptr_array_add (units, spk_chip_copy (under));
        }
    }
  return units;
}


static gboolean
chip_has_id (gconstpointer chip, gconstpointer id)
{
  return g_strcmp0 (((const SpkChip *) chip)->id, id) == 0;
}

static GtkWidget *
stack_button (const char *icon, const char *tip, const char *action, GVariant *target, gboolean sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  gtk_widget_set_sensitive (button, sensitive);
  return button;
}

/* Index of the minion @i is grouped under in @units, or -1. */
static int
group_leader (const GPtrArray *units, guint i)
{
  const char *id = ((const SpkChip *) g_ptr_array_index (units, i))->id;

  for (guint k = 0; k < units->len; k++)
    {
      const SpkChip *c = g_ptr_array_index (units, k);

      if (k != i && g_ptr_array_find_with_equal_func (c->grouped, id, g_str_equal, NULL))
        return (int) k;
    }
  return -1;
}

/* The block that starts at @start: a unit with the minions grouped under
 * it that follow it. Returns its end (exclusive). */
static guint
block_end (const GPtrArray *units, guint start)
{
  const SpkChip *top = g_ptr_array_index (units, start);
  guint end = start + 1;

  while (end < units->len &&
         g_ptr_array_find_with_equal_func (top->grouped, ((const SpkChip *) g_ptr_array_index (units, end))->id,
                                           g_str_equal, NULL))
    end++;
  return end;
}

/* The block that holds the unit at @i (its group, or itself). */
static guint
block_start (const GPtrArray *units, guint i)
{
  int leader = group_leader (units, i);

  return leader >= 0 ? (guint) leader : i;
}

/* Moves the block [from, to) to start at @at (an index of the array
 * without the block), keeping its order. */
static void
move_block (GPtrArray *units, guint from, guint to, guint at)
{
  g_autoptr(GPtrArray) block = g_ptr_array_new ();

  /* Stolen, not removed: @units frees what it drops. */
  for (guint k = from; k < to; k++)
    g_ptr_array_add (block, g_ptr_array_steal_index (units, from));
  for (guint k = 0; k < block->len; k++)
    g_ptr_array_insert (units, (int) (at + k), g_ptr_array_index (block, k));
}

/* Up or down by one place. A unit with minions grouped under it moves with
 * its group as one block, past the whole neighbouring unit or group; a
 * grouped minion moves only within its group, and the group's order under
 * its top minion follows. */
static void
stack_move (SpkStackSection *self, guint i, gboolean up)
{
  GPtrArray *units = self->units;
  int leader = group_leader (units, i);

  if (leader >= 0)
    {
      SpkChip *top = g_ptr_array_index (units, leader);
      guint end = block_end (units, (guint) leader);
      guint j = up ? i - 1 : i + 1;
      gpointer swap;

      if (j <= (guint) leader || j >= end)
        return;
      swap = g_ptr_array_index (units, i);
      g_ptr_array_index (units, i) = g_ptr_array_index (units, j);
      g_ptr_array_index (units, j) = swap;
      g_ptr_array_set_size (top->grouped, 0);
      for (guint k = (guint) leader + 1; k < end; k++)
        g_ptr_array_add (top->grouped, g_strdup (((SpkChip *) g_ptr_array_index (units, k))->id));
      return;
    }
  if (up)
    {
      guint prev;

      if (i == 0)
        return;
      prev = block_start (units, i - 1);
      move_block (units, i, block_end (units, i), prev);
    }
  else
    {
      guint end = block_end (units, i);
      guint next_end;

      if (end >= units->len)
        return;
      next_end = block_end (units, end);
      move_block (units, i, end, next_end - (end - i));
    }
}

/* Takes the unit at @i out; a top minion takes its group with it, a
 * grouped minion leaves its group. */
static void
stack_remove (SpkStackSection *self, guint i)
{
  GPtrArray *units = self->units;
  int leader = group_leader (units, i);

  if (leader >= 0)
    {
      SpkChip *top = g_ptr_array_index (units, leader);
      guint at;

      if (g_ptr_array_find_with_equal_func (top->grouped, ((SpkChip *) g_ptr_array_index (units, i))->id,
                                            g_str_equal, &at))
        g_ptr_array_remove_index (top->grouped, at);
      g_ptr_array_remove_index (units, i);
      return;
    }
  g_ptr_array_remove_range (units, i, block_end (units, i) - i);
}

/* Effective CP of a unit in the editor, as the rules count it. */
static int
stack_unit_cp (const SpkChip *c)
{
  SpkPlanUnit u = { .kind = c->kind, .cp_cost = c->cost, .merc = c->merc, .starting_hero = c->starting,
                    .returned = c->kind == SPK_CHIP_HERO && c->returned > 0 };

  return spk_plan_unit_cp (&u);
}

static char *
stack_subtitle (const GPtrArray *units, guint i)
{
  const SpkChip *c = g_ptr_array_index (units, i);
  int leader = group_leader (units, i);
  g_autofree char *base = g_strdup_printf (_("%s · movement %d · %d CP"), _(chip_kind_labels[c->kind]),
                                           c->movement, stack_unit_cp (c));
  const char *why = c->merc ? _("merc") : c->returned > 0 ? _("returned hero") : c->starting ? _("starting hero") : NULL;
  char *with = why != NULL ? g_strdup_printf ("%s (%s)", base, why) : g_strdup (base);
  char *full;

  if (leader < 0 && c->grouped->len == 0)
    return with;
  full = leader >= 0
         ? g_strdup_printf (_("%s · grouped under %s"), with, spk_chip_label (g_ptr_array_index (units, leader)))
         : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · leads a group of %u more",
                                         "%s · leads a group of %u more", c->grouped->len),
                            with, c->grouped->len);
  g_free (with);
  return full;
}

static GtkWidget *
stack_row (SpkStackSection *self, const SpkStackCheck *check, guint i)
{
  GPtrArray *units = self->units;
  const SpkChip *c = g_ptr_array_index (units, i);
  const char *name = spk_chip_label (c);
  int leader = group_leader (units, i);
  gboolean leads = leader < 0 && c->grouped->len > 0;
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = stack_subtitle (units, i);
  g_autofree char *up = NULL, *down = NULL, *out = NULL;
  gboolean can_up, can_down;

  if (leader >= 0)
    {
      up = g_strdup_printf (_("Move %s up within its group"), name);
      down = g_strdup_printf (_("Move %s down within its group"), name);
      out = g_strdup_printf (_("Take %s out of its group and the stack"), name);
      can_up = i - 1 > (guint) leader;
      can_down = i + 1 < block_end (units, (guint) leader);
    }
  else
    {
      up = g_strdup_printf (leads ? _("Move %s and its group up") : _("Move %s up"), name);
      down = g_strdup_printf (leads ? _("Move %s and its group down") : _("Move %s down"), name);
      out = g_strdup_printf (leads ? _("Take %s and its group out of the stack") : _("Take %s out of the stack"), name);
      can_up = i > 0;
      can_down = block_end (units, i) < units->len;
    }
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  /* Grouped minions are drawn indented under their top minion. */
  if (leader >= 0)
    {
      GtkWidget *indent = gtk_image_new_from_icon_name ("pan-end-symbolic");

      gtk_widget_add_css_class (indent, "dim-label");
      gtk_widget_set_margin_start (indent, 6);
      gtk_accessible_update_property (GTK_ACCESSIBLE (indent), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Grouped"), -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), indent);
    }
  for (guint k = 0; k < check->problems->len; k++)
    {
      const SpkStackProblem *p = g_ptr_array_index (check->problems, k);

      if (p->position == (int) i)
        {
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_set_tooltip_text (icon, p->text);
          gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, p->text, -1);
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
          break;
        }
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("go-up-symbolic", up, "stack.up",
                                                                 g_variant_new_int32 ((gint32) i), can_up));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("go-down-symbolic", down, "stack.down",
                                                                 g_variant_new_int32 ((gint32) i), can_down));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), stack_button ("list-remove-symbolic", out, "stack.remove",
                                                                 g_variant_new_int32 ((gint32) i), TRUE));
  return row;
}

static gboolean
stack_has (const GPtrArray *units, const char *id)
{
  return g_ptr_array_find_with_equal_func ((GPtrArray *) units, id, chip_has_id, NULL);
}

/* What waits beside the faction's barracks and may join the edited stack:
 * mercs bought (R-hero-6), counting those the editor took or gave back,
 * and returned heroes (R-hero-3). */
static GPtrArray *
barracks_mercs (SpkStackSection *self)
{
  const SpkBoard *b = board (self);
  const SpkFaction *f = spk_board_find_faction (b, self->faction);
  g_autoptr(GPtrArray) table_stack = spk_stack_section_units_of (b, self->faction);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; f != NULL && i < f->purchases->len; i++)
    if (g_strcmp0 (g_ptr_array_index (f->purchases, i), _("Earthscape")) != 0)
      g_ptr_array_add (names, g_strdup (g_ptr_array_index (f->purchases, i)));
  for (guint i = 0; i < table_stack->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (table_stack, i);

      if (c->merc && !stack_has (self->units, c->id))
        g_ptr_array_add (names, g_strdup (spk_chip_label (c)));
    }
  for (guint i = 0; i < self->units->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (self->units, i);
      guint at;

      if (c->merc && !stack_has (table_stack, c->id) &&
          g_ptr_array_find_with_equal_func (names, spk_chip_label (c), g_str_equal, &at))
        g_ptr_array_remove_index (names, at);
    }
  return names;
}

static GtkWidget *
barracks_row (const char *title, const char *subtitle, const char *tip, const char *action, const char *target)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *add = stack_button ("list-add-symbolic", tip, action, g_variant_new_string (target), TRUE);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), add);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), add);
  return row;
}

static void
show_barracks (SpkStackSection *self)
{
  const SpkBoard *b = board (self);
  g_autoptr(GPtrArray) mercs = barracks_mercs (self);
  GtkWidget *child;
  guint n = 0;

  spk_release_focus_within (GTK_WIDGET (self->barracks_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->barracks_list))) != NULL)
    gtk_list_box_remove (self->barracks_list, child);
  for (guint i = 0; i < mercs->len; i++, n++)
    {
      const char *name = g_ptr_array_index (mercs, i);
      g_autofree char *tip = g_strdup_printf (_("Add %s at the bottom of the stack as a merc, with the Chip tool's "
                                                "kind and stats"), name);

      gtk_list_box_append (self->barracks_list,
                           barracks_row (name, _("Bought at the market · 0 CP"), tip, "stack.add-merc", name));
    }
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (b->chips, i);
      g_autofree char *tip = NULL, *subtitle = NULL;

      if (c->kind != SPK_CHIP_HERO || c->placed || c->returned == 0 ||
          g_strcmp0 (c->faction, self->faction) != 0 || stack_has (self->units, c->id))
        continue;
      tip = g_strdup_printf (_("Add %s at the bottom of the stack"), spk_chip_label (c));
      subtitle = c->returned == b->wave
                 ? g_strdup_printf (_("Returned in wave %d · 0 CP from the next wave"), c->returned)
                 : g_strdup_printf (_("Returned in wave %d · 0 CP"), c->returned);
      gtk_list_box_append (self->barracks_list, barracks_row (spk_chip_label (c), subtitle, tip, "stack.add-hero", c->id));
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->barracks_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->barracks_heading), n > 0);
}

/* The edited stack and what the rules say about it, before anything is
 * applied: each problem is named, none is fixed behind the player's back. */
static void
show_stack (SpkStackSection *self)
{
  g_autoptr(SpkStackCheck) check = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *child;

  spk_release_focus_within (GTK_WIDGET (self->stack_list));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->stack_list))) != NULL)
    gtk_list_box_remove (self->stack_list, child);
  if (self->table == NULL || self->faction == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->barracks_list), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->barracks_heading), FALSE);
      return;
    }
  check = spk_table_check_deployment (self->table, self->faction, self->units);
  for (guint i = 0; i < self->units->len; i++)
    gtk_list_box_append (self->stack_list, stack_row (self, check, i));
  gtk_widget_set_visible (GTK_WIDGET (self->stack_list), self->units->len > 0);
  show_barracks (self);

  g_string_append_printf (text, _("%d of %d CP spent."), check->cp_spent, check->cp_available);
  for (guint k = 0; k < check->problems->len; k++)
    g_string_append_printf (text, "\n• %s", ((const SpkStackProblem *) g_ptr_array_index (check->problems, k))->text);
  if (check->problems->len == 0)
    g_string_append_printf (text, "\n%s", self->units->len > 0 ? _("The stack follows the rules.")
                                                                      : _("The stack is empty."));
  gtk_label_set_text (self->stack_problems, text->str);
}

void
spk_stack_section_show_faction (SpkStackSection *self, const char *faction, gboolean reload)
{
  gboolean prep;

  g_return_if_fail (SPK_IS_STACK_SECTION (self));
  prep = self->table != NULL && spk_table_get_phase (self->table) == SPK_PHASE_PREP;
  gtk_widget_set_visible (GTK_WIDGET (self), prep && faction != NULL);
  if (g_strcmp0 (faction, self->faction) != 0 || !self->dirty || reload)
    {
      g_autofree char *chosen = g_strdup (faction);

      g_free (self->faction);
      self->faction = g_steal_pointer (&chosen);
      g_clear_pointer (&self->units, g_ptr_array_unref);
      self->units = spk_stack_section_units_of (board (self), self->faction);
      self->dirty = FALSE;
    }
  show_stack (self);
}

/* The unit the Chip tool describes, for the faction's stack, its id unique
 * among the units waiting here too; NULL with a toast when it is not a
 * unit. */
static SpkChip *
stack_unit_from_editor (SpkStackSection *self, const char *name)
{
  g_autoptr(GError) error = NULL;
  SpkChip *chip = spk_chip_editor_build (self->editor, NULL, &error);
  g_autofree char *base = NULL;

  if (chip == NULL)
    {
      message (self, error->message, FALSE);
      return NULL;
    }
  if (!spk_chip_is_unit (chip))
    {
      spk_chip_free (chip);
      message (self, _("Only minions and heroes go in a deployment stack: choose Minion or Hero as the Chip tool's kind."),
             FALSE);
      return NULL;
    }
  if (name != NULL)
    {
      g_free (chip->name);
      chip->name = g_strdup (name);
      g_free (chip->id);
      chip->id = g_ascii_strdown (name, -1);
      g_strcanon (chip->id, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
    }
  base = g_strdup (chip->id);
  for (int n = 2; g_ptr_array_find_with_equal_func (self->units, chip->id, chip_has_id, NULL) ||
                  spk_board_find_chip (board (self), chip->id) != NULL; n++)
    {
      g_free (chip->id);
      chip->id = g_strdup_printf ("%s-%d", base, n);
    }
  g_free (chip->faction);
  chip->faction = g_strdup (self->faction);
  chip->placed = FALSE;
  return chip;
}

/* The actions work on the stack being edited, of a faction. */
static gboolean
editing (SpkStackSection *self)
{
  return self->table != NULL && self->faction != NULL && self->units != NULL;
}

static void
edited (SpkStackSection *self)
{
  self->dirty = TRUE;
  show_stack (self);
}

static void
reload_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  g_autofree char *faction = g_strdup (self->faction);

  if (editing (self))
    spk_stack_section_show_faction (self, faction, TRUE);
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  g_autofree char *faction = g_strdup (self->faction);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (!editing (self))
    return;
  ok = spk_table_set_deployment (self->table, faction, self->units, &error);
  spk_section_report (self, self->table, ok, error);
  if (ok)
    spk_stack_section_show_faction (self, faction, TRUE);
}

static void
add_unit (SpkStackSection *self, const char *merc)
{
  SpkChip *chip;

  if (!editing (self) || (chip = stack_unit_from_editor (self, merc)) == NULL)
    return;
  chip->merc = chip->merc || merc != NULL;
  g_ptr_array_add (self->units, chip);
  edited (self);
}

static void
add_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  add_unit (SPK_STACK_SECTION (widget), NULL);
}

static void
add_merc_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  add_unit (SPK_STACK_SECTION (widget), g_variant_get_string (param, NULL));
}

static void
add_hero_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  const SpkChip *hero;

  if (!editing (self) || (hero = spk_board_find_chip (board (self), g_variant_get_string (param, NULL))) == NULL ||
      stack_has (self->units, hero->id))
    return;
  g_ptr_array_add (self->units, spk_chip_copy (hero));
  edited (self);
}

/* The unit at the action's index, or FALSE when there is none. */
static gboolean
unit_at (SpkStackSection *self, GVariant *param, guint *i)
{
  *i = (guint) g_variant_get_int32 (param);
  return editing (self) && *i < self->units->len;
}

static void
up_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  guint i;

  if (!unit_at (self, param, &i))
    return;
  stack_move (self, i, TRUE);
  edited (self);
}

static void
down_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  guint i;

  if (!unit_at (self, param, &i))
    return;
  stack_move (self, i, FALSE);
  edited (self);
}

static void
remove_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  SpkStackSection *self = SPK_STACK_SECTION (widget);
  guint i;

  if (!unit_at (self, param, &i))
    return;
  stack_remove (self, i);
  edited (self);
}

const char *
spk_stack_section_get_text (SpkStackSection *self)
{
  g_return_val_if_fail (SPK_IS_STACK_SECTION (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_text (self->stack_problems) : NULL;
}

void
spk_stack_section_set_table (SpkStackSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_STACK_SECTION (self));
  g_set_object (&self->table, table);
}

void
spk_stack_section_set_chip_editor (SpkStackSection *self, SpkChipEditor *editor)
{
  g_return_if_fail (SPK_IS_STACK_SECTION (self));
  g_set_object (&self->editor, editor);
}

static void
spk_stack_section_dispose (GObject *object)
{
  SpkStackSection *self = SPK_STACK_SECTION (object);

  g_clear_object (&self->table);
  g_clear_object (&self->editor);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_STACK_SECTION);
  G_OBJECT_CLASS (spk_stack_section_parent_class)->dispose (object);
}

static void
spk_stack_section_finalize (GObject *object)
{
  SpkStackSection *self = SPK_STACK_SECTION (object);

  g_clear_pointer (&self->units, g_ptr_array_unref);
  g_clear_pointer (&self->faction, g_free);
  G_OBJECT_CLASS (spk_stack_section_parent_class)->finalize (object);
}

static void
spk_stack_section_class_init (SpkStackSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_stack_section_dispose;
  object_class->finalize = spk_stack_section_finalize;

  signals[MESSAGE] = spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-stack-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkStackSection, stack_list);
  gtk_widget_class_bind_template_child (widget_class, SpkStackSection, stack_problems);
  gtk_widget_class_bind_template_child (widget_class, SpkStackSection, barracks_heading);
  gtk_widget_class_bind_template_child (widget_class, SpkStackSection, barracks_list);

  gtk_widget_class_install_action (widget_class, "stack.up", "i", up_activated);
  gtk_widget_class_install_action (widget_class, "stack.down", "i", down_activated);
  gtk_widget_class_install_action (widget_class, "stack.remove", "i", remove_activated);
  gtk_widget_class_install_action (widget_class, "stack.add", NULL, add_activated);
  gtk_widget_class_install_action (widget_class, "stack.add-hero", "s", add_hero_activated);
  gtk_widget_class_install_action (widget_class, "stack.add-merc", "s", add_merc_activated);
  gtk_widget_class_install_action (widget_class, "stack.reload", NULL, reload_activated);
  gtk_widget_class_install_action (widget_class, "stack.apply", NULL, apply_activated);
}

static void
spk_stack_section_init (SpkStackSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
