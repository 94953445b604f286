/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-isle-section.h"

#include <glib/gi18n.h>

#include "spk-widget-util.h"

#include "spk-grid.h"
#include "spk-isle-template.h"

struct _SpkIsleSection
{
  AdwPreferencesGroup  parent_instance;

  AdwComboRow         *template_row;
  GtkLabel            *turn_label;
  AdwEntryRow         *name_row;

  SpkTable            *table;
  SpkBoardView        *view;
  GPtrArray           *templates;     /* of SpkIsleTemplate* */
  int                  rotation;
  gboolean             mirror;
};

G_DEFINE_FINAL_TYPE (SpkIsleSection, spk_isle_section, ADW_TYPE_PREFERENCES_GROUP)

enum {
  MESSAGE,
  TURNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
message (SpkIsleSection *self, const char *text, gboolean undo)
{
  g_signal_emit (self, signals[MESSAGE], 0, text, undo);
}

static const SpkBoard *
board (SpkIsleSection *self)
{
  return self->table != NULL ? spk_table_get_board (self->table) : NULL;
}

static void
update_turn_label (SpkIsleSection *self)
{
  g_autofree char *turn = g_strdup_printf (self->mirror ? _("Turned %d° and mirrored") : _("Turned %d°"),
                                           self->rotation * 60);

  gtk_label_set_text (self->turn_label, turn);
}

/* The list changed: the chosen template stays chosen. */
static void
update_templates_row (SpkIsleSection *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint chosen = adw_combo_row_get_selected (self->template_row);

  for (guint i = 0; i < self->templates->len; i++)
    {
      const SpkIsleTemplate *t = g_ptr_array_index (self->templates, i);
      g_autofree char *shown = t->builtin ? g_strdup_printf (_("%s (built-in)"), t->name) : NULL;

      gtk_string_list_append (names, shown != NULL ? shown : t->name);
    }
  adw_combo_row_set_model (self->template_row, G_LIST_MODEL (names));
  if (chosen < self->templates->len)
    adw_combo_row_set_selected (self->template_row, chosen);
  update_turn_label (self);
}

static const SpkIsleTemplate *
chosen_template (SpkIsleSection *self)
{
  guint i = adw_combo_row_get_selected (self->template_row);

  return i < self->templates->len ? g_ptr_array_index (self->templates, i) : NULL;
}

/* The faction that lays an earthscape template: the first in seating
 * order with a bought earthscape waiting beside its barracks, else none
 * (and the tiles are laid as an isle, while the table is set up). */
static const char *
earthscape_buyer (SpkIsleSection *self, const SpkIsleTemplate *t)
{
  const SpkBoard *b = board (self);

  for (guint i = 0; b != NULL && t != NULL && t->kind == SPK_TEMPLATE_EARTHSCAPE && i < b->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (b->factions, i);

      if (g_ptr_array_find_with_equal_func (f->purchases, _("Earthscape"), g_str_equal, NULL))
        return f->id;
    }
  return NULL;
}

/* A group id for a fresh copy of @t that no hex has yet: "isle-1-2". */
static char *
fresh_group (const SpkIsleTemplate *t, const SpkGrid *grid)
{
  g_autofree char *base = g_ascii_strdown (t->name, -1);
  char *group = NULL;

  g_strcanon (base, "abcdefghijklmnopqrstuvwxyz0123456789", '-');
  for (int n = 1; group == NULL || spk_grid_group_index (grid, group) >= 0; n++)
    {
      g_free (group);
      group = g_strdup_printf ("%s-%d", base, n);
    }
  return group;
}

static void
templates_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkIsleSection) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gsize length;

  if (!g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      /* No file yet is the normal first start. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        message (self, error->message, FALSE);
      return;
    }
  if ((list = spk_isle_templates_from_data (contents, length, &error)) == NULL)
    {
      message (self, error->message, FALSE);
      return;
    }
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_add (self->templates, g_ptr_array_steal_index (list, i--));
  update_templates_row (self);
}

static void
templates_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(SpkIsleSection) self = data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    message (self, error->message, FALSE);
}

static void
save_templates (SpkIsleSection *self)
{
  g_autofree char *path = spk_isle_templates_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  char *data = spk_isle_templates_to_data (self->templates, &length);

  bytes = g_bytes_new_take (data, length);
  g_file_make_directory_with_parents (folder, NULL, NULL);
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                       templates_saved, g_object_ref (self));
}

static void
save_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  SpkIsleSection *self = SPK_ISLE_SECTION (widget);
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree char *text = NULL;
  const char *group;
  SpkIsleTemplate *t;
  SpkHex hex;
  int cell;

  if (self->view == NULL || !spk_board_view_get_selected (self->view, &hex) || board (self) == NULL ||
      (cell = spk_grid_find ((grid = spk_grid_new (board (self))), hex)) < 0 ||
      spk_grid_cell (grid, cell)->kind != SPK_CELL_HEX)
    {
      message (self, _("Select a hex of the isle to save first."), FALSE);
      return;
    }
  group = g_ptr_array_index (grid->groups, spk_grid_cell (grid, cell)->top_group);
  if ((t = spk_isle_template_from_group (board (self), group, name[0] != '\0' ? name : group, &error)) == NULL)
    {
      message (self, error->message, FALSE);
      return;
    }
  g_ptr_array_add (self->templates, t);
  update_templates_row (self);
  adw_combo_row_set_selected (self->template_row, self->templates->len - 1);
  save_templates (self);
  text = g_strdup_printf (_("Saved the isle “%s”"), t->name);
  message (self, text, FALSE);
}

/* The earthscape as its buyer would lay it: beside the play area or on
 * top, as the rules check allows. */
static char *
preview_earthscape (SpkIsleSection *self, const SpkIsleTemplate *t, const SpkGrid *grid, SpkHex anchor)
{
  const char *buyer = earthscape_buyer (self, t);
  const SpkFaction *f = spk_board_find_faction (board (self), buyer);
  g_autofree char *group = fresh_group (t, grid);
  g_autoptr(SpkEarthscape) e = spk_isle_template_to_earthscape (t, anchor, self->rotation, self->mirror, group);
  g_autoptr(SpkEarthscapeCheck) check = spk_earthscape_check (board (self), e, buyer, NULL);
  gboolean ok = check != NULL && check->ok;

  for (guint i = 0; i < e->hexes->len; i++)
    {
      const SpkHexEntry *h = g_ptr_array_index (e->hexes, i);

      spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_PATH, spk_hex_make (h->q, h->r),
                               ok ? SPK_MARK_DESTINATION : SPK_MARK_TARGET, NULL,
                               spk_board_view_terrain_label (h->terrain));
    }
  if (ok)
    return g_strdup_printf (_("Click to lay “%s” here for %s, who bought an earthscape."), t->name,
                            spk_faction_label (f));
  return g_strdup_printf (_("%s cannot lay “%s” here: an earthscape goes beside hexes of a group with "
                            "their spire, or evenly on top of hexes they influence, keeping a path between "
                            "the gates."),
                          spk_faction_label (f), t->name);
}

char *
spk_isle_section_preview (SpkIsleSection *self, SpkHex anchor)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autoptr(SpkGrid) grid = NULL;
  g_autoptr(GArray) hexes = NULL;
  guint covered = 0;
  SpkHex first = { 0, 0 };

  g_return_val_if_fail (SPK_IS_ISLE_SECTION (self), NULL);
  if (board (self) == NULL || self->view == NULL)
    return NULL;
  grid = spk_grid_new (board (self));
  if (spk_grid_find (grid, anchor) >= 0)
    return g_strdup (_("A click here selects this hex: Save then keeps its isle as a template. Isles are laid on "
                       "the sky."));
  if (t == NULL)
    return g_strdup (_("No isle to lay yet: select a hex of an isle and save it below."));
  if (earthscape_buyer (self, t) != NULL)
    return preview_earthscape (self, t, grid, anchor);
  hexes = spk_isle_template_place (t, anchor, self->rotation, self->mirror);
  for (guint i = 0; i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);
      SpkHex hex = spk_hex_make (h->q, h->r);
      gboolean taken = spk_grid_find (grid, hex) >= 0;

      if (taken && covered++ == 0)
        first = hex;
      spk_board_view_mark_hex (self->view, SPK_BOARD_LAYER_PATH, hex,
                               taken ? SPK_MARK_TARGET : SPK_MARK_DESTINATION, NULL,
                               spk_board_view_terrain_label (h->terrain));
    }
  if (covered > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Cannot lay “%s” here: it would cover hex %d, %d. Isles are laid on open sky.",
                                         "Cannot lay “%s” here: it would cover hex %d, %d and %u more. Isles are laid "
                                         "on open sky.", covered),
                            t->name, first.q, first.r, covered - 1);
  return g_strdup_printf (_("Click to lay “%s” here."), t->name);
}

void
spk_isle_section_turn (SpkIsleSection *self, int turns, gboolean flip)
{
  g_return_if_fail (SPK_IS_ISLE_SECTION (self));
  self->rotation = (self->rotation + turns + 6) % 6;
  self->mirror ^= flip;
  update_turn_label (self);
  g_signal_emit (self, signals[TURNED], 0);
}

static void
turn_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  spk_isle_section_turn (SPK_ISLE_SECTION (widget), 1, FALSE);
}

static void
mirror_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  spk_isle_section_turn (SPK_ISLE_SECTION (widget), 0, TRUE);
}

/* Lays the chosen template with its first hex on @anchor, as one step. */
static gboolean
place_template (SpkIsleSection *self, SpkHex anchor, guint *n_laid, GError **error)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(SpkGrid) grid = NULL;
  g_autofree char *group = NULL;
  const char *buyer = earthscape_buyer (self, t);
  gboolean ok = TRUE;

  if (t == NULL)
    {
      g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                   _("Save an isle as a template first."));
      return FALSE;
    }
  grid = spk_grid_new (board (self));
  group = fresh_group (t, grid);
  if (buyer != NULL)
    {
      g_autoptr(SpkEarthscape) e = spk_isle_template_to_earthscape (t, anchor, self->rotation, self->mirror, group);

      if (!spk_table_place_earthscape (self->table, buyer, e, error))
        return FALSE;
      *n_laid = e->hexes->len;
      return TRUE;
    }
  hexes = spk_isle_template_place (t, anchor, self->rotation, self->mirror);
  for (guint i = 0; i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);

      if (spk_grid_find (grid, spk_hex_make (h->q, h->r)) >= 0)
        {
          g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
                       _("The isle would cover hex %d, %d; lay it on open sky."), h->q, h->r);
          return FALSE;
        }
    }
  spk_table_begin_group (self->table);
  for (guint i = 0; ok && i < hexes->len; i++)
    {
      const SpkTemplateHex *h = &g_array_index (hexes, SpkTemplateHex, i);
      g_autoptr(SpkHexEntry) entry = spk_hex_entry_new (h->q, h->r, h->terrain, group);

      entry->well = h->well;
      ok = spk_table_add_hex (self->table, entry, error);
    }
  spk_table_end_group (self->table);
  if (!ok && spk_table_can_undo (self->table))
    spk_table_undo (self->table, NULL);
  if (ok)
    *n_laid = hexes->len;
  return ok;
}

gboolean
spk_isle_section_lay (SpkIsleSection *self, SpkHex anchor, gboolean announce, GError **error)
{
  const SpkIsleTemplate *t = chosen_template (self);
  g_autofree char *text = NULL;
  guint n_laid = 0;

  g_return_val_if_fail (SPK_IS_ISLE_SECTION (self), FALSE);
  if (self->table == NULL || !place_template (self, anchor, &n_laid, error))
    return FALSE;
  /* The hexes go as one group, whose last step names only one hex: the
   * message names the isle instead (Undo takes the whole group). */
  if (announce && t != NULL)
    {
      if (t->kind == SPK_TEMPLATE_EARTHSCAPE)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "“%s” laid at (%d, %d), %u hex",
                                             "“%s” laid at (%d, %d), %u hexes", n_laid),
                                t->name, anchor.q, anchor.r, n_laid);
      else
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Isle “%s” laid at (%d, %d), %u hex",
                                             "Isle “%s” laid at (%d, %d), %u hexes", n_laid),
                                t->name, anchor.q, anchor.r, n_laid);
      message (self, text, TRUE);
    }
  return TRUE;
}


void
spk_isle_section_set_table (SpkIsleSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_ISLE_SECTION (self));
  g_set_object (&self->table, table);
}

void
spk_isle_section_set_board_view (SpkIsleSection *self, SpkBoardView *view)
{
  g_return_if_fail (SPK_IS_ISLE_SECTION (self));
  g_set_object (&self->view, view);
}

static void
spk_isle_section_dispose (GObject *object)
{
  SpkIsleSection *self = SPK_ISLE_SECTION (object);

  g_clear_object (&self->table);
  g_clear_object (&self->view);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_ISLE_SECTION);
  G_OBJECT_CLASS (spk_isle_section_parent_class)->dispose (object);
}

static void
spk_isle_section_finalize (GObject *object)
{
  SpkIsleSection *self = SPK_ISLE_SECTION (object);

  g_clear_pointer (&self->templates, g_ptr_array_unref);
  G_OBJECT_CLASS (spk_isle_section_parent_class)->finalize (object);
}

static void
spk_isle_section_class_init (SpkIsleSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_isle_section_dispose;
  object_class->finalize = spk_isle_section_finalize;

  signals[MESSAGE] = spk_section_message_new (G_TYPE_FROM_CLASS (klass));
  /* The isle was turned or mirrored: a preview shows it afresh. */
  signals[TURNED] = g_signal_new ("turned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/spirekeeper/Spirekeeper/spk-isle-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkIsleSection, template_row);
  gtk_widget_class_bind_template_child (widget_class, SpkIsleSection, turn_label);
  gtk_widget_class_bind_template_child (widget_class, SpkIsleSection, name_row);
  gtk_widget_class_install_action (widget_class, "isle.turn", NULL, turn_activated);
  gtk_widget_class_install_action (widget_class, "isle.mirror", NULL, mirror_activated);
  gtk_widget_class_install_action (widget_class, "isle.save", NULL, save_activated);
}

static void
spk_isle_section_init (SpkIsleSection *self)
{
  g_autofree char *path = spk_isle_templates_default_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->templates = spk_isle_templates_load_builtin (&error);
  /* A damaged shipped file is a packaging fault; the player's own
   * templates still work without it. */
  if (self->templates == NULL)
    {
      g_warning ("Built-in isle templates: %s", error->message);
      self->templates = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_isle_template_free);
    }
  update_templates_row (self);
  g_file_load_contents_async (file, NULL, templates_loaded, g_object_ref (self));
}
