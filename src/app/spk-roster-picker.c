/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-roster-picker.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

struct _SpkRosterPicker
{
  AdwPreferencesRow  parent_instance;

  GtkSearchEntry    *search_entry;
  GtkWidget         *matches_scroller;
  GtkListBox        *matches_list;
  GtkCheckButton    *promoted_check;
  GtkLabel          *picked_label;

  char              *faction;
  SpkChip           *chip;        /* the pick, or NULL */
  GPtrArray         *unknown;     /* of char*: what the roster could not fill */
  int                build_cost;  /* spires: Source to build, or SPK_ROSTER_UNKNOWN */
  gboolean           showing;     /* the toggle is set to the pick, not by the player */
};

G_DEFINE_FINAL_TYPE (SpkRosterPicker, spk_roster_picker, ADW_TYPE_PREFERENCES_ROW)

enum {
  PROP_0,
  PROP_FACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  PICKED,
  CUSTOM,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Matches listed at most: a few letters narrow the roster far below. */
#define MAX_MATCHES 40

static const char *const roster_kind_labels[SPK_ROSTER_N_KINDS] = {
  N_("Minion"), N_("Hero"), N_("Spire"), N_("Landmark"), N_("Equipment"),
};

static void
message (SpkRosterPicker *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, FALSE);
}

GtkWidget *
spk_roster_picker_new (void)
{
  return g_object_new (SPK_TYPE_ROSTER_PICKER, NULL);
}

gboolean
spk_roster_picker_pick (SpkRosterPicker *self, const char *id, SpkRosterSide side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  const SpkRoster *roster = spk_roster_get_default (&error);
  const SpkRosterRecord *record = roster != NULL ? spk_roster_lookup (roster, id) : NULL;
  SpkChip *chip = NULL;

  g_return_val_if_fail (SPK_IS_ROSTER_PICKER (self), FALSE);
  if (roster != NULL)
    chip = spk_roster_make_chip (roster, id, side, self->faction, NULL, unknown, &error);
  if (chip == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Cannot pick it: %s."), error->message);

      message (self, text);
      return FALSE;
    }
  g_clear_pointer (&self->chip, spk_chip_free);
  g_clear_pointer (&self->unknown, g_ptr_array_unref);
  self->chip = chip;
  self->unknown = g_steal_pointer (&unknown);
  self->build_cost = side == SPK_ROSTER_SIDE_PROMOTED ? record->promoted.source_cost : record->basic.source_cost;
  g_signal_emit (self, signals[PICKED], 0, id, (int) side);
  return TRUE;
}

const SpkChip *
spk_roster_picker_get_chip (SpkRosterPicker *self)
{
  g_return_val_if_fail (SPK_IS_ROSTER_PICKER (self), NULL);
  return self->chip;
}

gboolean
spk_roster_picker_lacks (SpkRosterPicker *self, const char *field)
{
  g_return_val_if_fail (SPK_IS_ROSTER_PICKER (self), FALSE);
  return self->unknown != NULL && g_ptr_array_find_with_equal_func (self->unknown, field, g_str_equal, NULL);
}

int
spk_roster_picker_get_build_cost (SpkRosterPicker *self)
{
  g_return_val_if_fail (SPK_IS_ROSTER_PICKER (self), SPK_ROSTER_UNKNOWN);
  return self->chip != NULL ? self->build_cost : SPK_ROSTER_UNKNOWN;
}

void
spk_roster_picker_drop (SpkRosterPicker *self)
{
  g_return_if_fail (SPK_IS_ROSTER_PICKER (self));
  g_clear_pointer (&self->chip, spk_chip_free);
  g_clear_pointer (&self->unknown, g_ptr_array_unref);
  gtk_label_set_text (self->picked_label, _("Custom chip: type its values below."));
}

void
spk_roster_picker_set_summary (SpkRosterPicker *self, const char *text)
{
  g_return_if_fail (SPK_IS_ROSTER_PICKER (self));
  gtk_label_set_text (self->picked_label, text);
}

const char *
spk_roster_picker_get_faction (SpkRosterPicker *self)
{
  g_return_val_if_fail (SPK_IS_ROSTER_PICKER (self), NULL);
  return self->faction;
}

void
spk_roster_picker_set_faction (SpkRosterPicker *self, const char *faction)
{
  g_return_if_fail (SPK_IS_ROSTER_PICKER (self));
  if (g_strcmp0 (self->faction, faction) == 0)
    return;
  g_free (self->faction);
  self->faction = g_strdup (faction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FACTION]);
}

/* --- the matches ---------------------------------------------------------------- */

static const SpkRosterSideStats *
side_stats (const SpkRosterRecord *record, SpkRosterSide side)
{
  return side == SPK_ROSTER_SIDE_PROMOTED ? &record->promoted : &record->basic;
}

/* A printed number, or "?" where the roster does not know it. */
static char *
stat_text (int value)
{
  return value == SPK_ROSTER_UNKNOWN ? g_strdup ("?") : g_strdup_printf ("%d", value);
}

static const char *
owner_name (const SpkRoster *roster, const char *faction)
{
  if (g_strcmp0 (faction, "market") == 0)
    return _("Market");
  if (g_strcmp0 (faction, "landmark") == 0)
    return _("Landmarks");
  for (guint i = 0; i < spk_roster_get_n_factions (roster); i++)
    if (g_strcmp0 (spk_roster_get_faction (roster, i)->id, faction) == 0)
      return spk_roster_get_faction (roster, i)->name;
  return faction;
}

/* "Brawnen minion: move 2, health 3, attack 1, 3 CP". */
static char *
match_detail (const SpkRoster *roster, const SpkRosterRecord *r, const SpkRosterSideStats *s)
{
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *stats = NULL;

  switch (r->kind)
    {
    case SPK_ROSTER_MINION:
    case SPK_ROSTER_HERO:
      a = stat_text (s->movement);
      b = stat_text (s->health);
      c = stat_text (s->attack);
      d = stat_text (r->basic.cp_cost);
      /* Translators: a unit's stats; each %s is a number or "?". */
      stats = g_strdup_printf (_("move %s, health %s, attack %s, %s CP"), a, b, c, d);
      break;
    case SPK_ROSTER_SPIRE:
      a = stat_text (s->source_cost);
      b = stat_text (s->capacity);
      stats = g_strdup_printf (_("Source cost %s, capacity %s"), a, b);
      break;
    case SPK_ROSTER_EQUIPMENT:
      a = stat_text (s->source_cost);
      stats = g_strdup_printf (_("Source cost %s, goes under a hero"), a);
      break;
    case SPK_ROSTER_LANDMARK:
    case SPK_ROSTER_N_KINDS:
    default:
      a = stat_text (s->health);
      stats = s->health != SPK_ROSTER_UNKNOWN || r->landmark_minion ? g_strdup_printf (_("health %s"), a) : g_strdup ("");
      break;
    }
  /* Translators: who owns a chip, its kind and its stats:
   * "Brawnen, Minion: move 2, health 3, attack 1, 3 CP". */
  return g_strdup_printf (stats[0] != '\0' ? _("%s, %s: %s") : _("%s, %s"),
                          owner_name (roster, r->faction), _(roster_kind_labels[r->kind]), stats);
}

static GtkWidget *
match_row (const SpkRoster *roster, const SpkRosterMatch *m)
{
  const SpkRosterSideStats *s = side_stats (m->record, m->side);
  const char *name = s->name != NULL ? s->name : m->record->name;
  g_autofree char *detail = match_detail (roster, m->record, s);
  g_autofree char *spoken = g_strdup_printf ("%s. %s", name, detail);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *subtitle = gtk_label_new (detail);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  g_object_set_data_full (G_OBJECT (row), "spk-roster-id", g_strdup (m->record->id), g_free);
  g_object_set_data (G_OBJECT (row), "spk-roster-side", GINT_TO_POINTER (m->side));
  return row;
}

/* The matches of the search text, as the roster's search ranks them. */
static void
search_changed (SpkRosterPicker *self)
{
  g_autoptr(GError) error = NULL;
  const SpkRoster *roster = spk_roster_get_default (&error);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autoptr(GArray) matches = NULL;
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (self->matches_list, 0)) != NULL)
    gtk_list_box_remove (self->matches_list, GTK_WIDGET (row));
  if (roster == NULL)
    {
      if (*text != '\0')
        message (self, error->message);
      gtk_widget_set_visible (self->matches_scroller, FALSE);
      return;
    }
  matches = spk_roster_search (roster, text);
  for (guint i = 0; i < MIN (matches->len, MAX_MATCHES); i++)
    gtk_list_box_append (self->matches_list, match_row (roster, &g_array_index (matches, SpkRosterMatch, i)));
  gtk_widget_set_visible (self->matches_scroller, matches->len > 0);
}

/* Picks the match of @row; a match on a promoted face picks that side. */
static void
match_activated (SpkRosterPicker *self, GtkListBoxRow *row)
{
  SpkRosterSide side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "spk-roster-side"));
  const char *id = g_object_get_data (G_OBJECT (row), "spk-roster-id");
  const SpkRoster *roster = spk_roster_get_default (NULL);
  const SpkRosterRecord *record = roster != NULL ? spk_roster_lookup (roster, id) : NULL;

  /* The toggle asks for the promoted side of chips that have one; a chip
   * the roster prints one side of comes on that side. */
  if (side == SPK_ROSTER_SIDE_BASIC && record != NULL && record->has_promoted &&
      gtk_check_button_get_active (self->promoted_check))
    side = SPK_ROSTER_SIDE_PROMOTED;
  self->showing = TRUE;
  gtk_check_button_set_active (self->promoted_check, side == SPK_ROSTER_SIDE_PROMOTED);
  self->showing = FALSE;
  spk_roster_picker_pick (self, id, side);
}

/* Enter in the search entry picks the first match. */
static void
search_activated (SpkRosterPicker *self)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->matches_list, 0);

  if (first != NULL)
    match_activated (self, first);
}

static void
search_stopped (SpkRosterPicker *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* Down in the search entry moves into the matches. */
static gboolean
search_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                    GdkModifierType state, SpkRosterPicker *self)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->matches_list, 0);

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down) || first == NULL)
    return FALSE;
  gtk_list_box_select_row (self->matches_list, first);
  gtk_widget_grab_focus (GTK_WIDGET (first));
  return TRUE;
}

/* Up on the first match goes back to the search entry. */
static gboolean
matches_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                     GdkModifierType state, SpkRosterPicker *self)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->matches_list, 0);

  if ((keyval != GDK_KEY_Up && keyval != GDK_KEY_KP_Up) || first == NULL ||
      !gtk_widget_has_focus (GTK_WIDGET (first)))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  return TRUE;
}

/* The side toggle turns the pick over, when the roster has that side. */
static void
side_toggled (SpkRosterPicker *self)
{
  gboolean promoted = gtk_check_button_get_active (self->promoted_check);
  g_autofree char *id = NULL;

  if (self->showing || self->chip == NULL || self->chip->promoted == promoted)
    return;
  id = g_strdup (self->chip->roster);
  if (!spk_roster_picker_pick (self, id, promoted ? SPK_ROSTER_SIDE_PROMOTED : SPK_ROSTER_SIDE_BASIC))
    gtk_check_button_set_active (self->promoted_check, !promoted);
}

/* Custom Chip: the player wants a chip the roster lacks. */
static void
custom_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  g_signal_emit (widget, signals[CUSTOM], 0);
}

static void
spk_roster_picker_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SpkRosterPicker *self = SPK_ROSTER_PICKER (object);

  switch (prop_id)
    {
    case PROP_FACTION:
      g_value_set_string (value, self->faction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_roster_picker_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SpkRosterPicker *self = SPK_ROSTER_PICKER (object);

  switch (prop_id)
    {
    case PROP_FACTION:
      spk_roster_picker_set_faction (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
spk_roster_picker_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), SPK_TYPE_ROSTER_PICKER);
  G_OBJECT_CLASS (spk_roster_picker_parent_class)->dispose (object);
}

static void
spk_roster_picker_finalize (GObject *object)
{
  SpkRosterPicker *self = SPK_ROSTER_PICKER (object);

  g_free (self->faction);
  g_clear_pointer (&self->chip, spk_chip_free);
  g_clear_pointer (&self->unknown, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_roster_picker_parent_class)->finalize (object);
}

static void
spk_roster_picker_class_init (SpkRosterPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_roster_picker_dispose;
  object_class->finalize = spk_roster_picker_finalize;
  object_class->get_property = spk_roster_picker_get_property;
  object_class->set_property = spk_roster_picker_set_property;

  /* The faction id the chips picked belong to. */
  properties[PROP_FACTION] = g_param_spec_string ("faction", NULL, NULL, NULL,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A pick was made: the roster record's id and the side (SpkRosterSide);
   * spk_roster_picker_get_chip is the chip. */
  signals[PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_INT);
  /* Custom Chip was pressed. */
  signals[CUSTOM] = g_signal_new ("custom", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);
  signals[MESSAGE] = spk_section_message_new (G_TYPE_FROM_CLASS (klass));

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-roster-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkRosterPicker, search_entry);
  gtk_widget_class_bind_template_child (widget_class, SpkRosterPicker, matches_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpkRosterPicker, matches_list);
  gtk_widget_class_bind_template_child (widget_class, SpkRosterPicker, promoted_check);
  gtk_widget_class_bind_template_child (widget_class, SpkRosterPicker, picked_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, search_activated);
  gtk_widget_class_bind_template_callback (widget_class, search_stopped);
  gtk_widget_class_bind_template_callback (widget_class, match_activated);
  gtk_widget_class_bind_template_callback (widget_class, side_toggled);
  gtk_widget_class_install_action (widget_class, "picker.custom", NULL, custom_activated);
}

static void
spk_roster_picker_init (SpkRosterPicker *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->build_cost = SPK_ROSTER_UNKNOWN;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Before the entry's text sees the key, which would keep Down. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (matches_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->matches_list), keys);
}
