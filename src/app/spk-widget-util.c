/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-widget-util.h"

#include <glib/gi18n.h>

#include "spk-board-view.h"

/* libadwaita 1.2 can crash when a toast is taken down while it is still
 * sliding in (a quick second step), so a new message does not replace the
 * toast on screen: it is written into it. The toast shown for the last
 * message, and the notes waiting behind it, are kept on the overlay. */
typedef struct {
  AdwToast         *live;    /* on screen or about to be; NULL when gone */
  GPtrArray        *notes;   /* AdwToast*, waiting behind it */
  GtkWidget        *watcher; /* weak: told the room the live toast takes */
  SpkToastRoomFunc  room;
  int               height;  /* what it was last told */
} Toasts;

static void
toasts_free (Toasts *t)
{
  if (t->watcher != NULL)
    g_object_remove_weak_pointer (G_OBJECT (t->watcher), (gpointer *) &t->watcher);
  g_clear_object (&t->live);
  g_ptr_array_unref (t->notes);
  g_free (t);
}

static Toasts *
toasts_of (GtkWidget *overlay)
{
  Toasts *t = g_object_get_data (G_OBJECT (overlay), "spk-toasts");

  if (t == NULL)
    {
      t = g_new0 (Toasts, 1);
      t->notes = g_ptr_array_new_with_free_func (g_object_unref);
      g_object_set_data_full (G_OBJECT (overlay), "spk-toasts", t, (GDestroyNotify) toasts_free);
    }
  return t;
}

static GtkWidget *
overlay_of (GtkWidget *widget)
{
  return ADW_IS_TOAST_OVERLAY (widget) ? widget : gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
}

/* The room from the top of the live toast's widget to the overlay's
 * bottom edge, or 0. */
static int
live_room (GtkWidget *overlay, Toasts *t)
{
  GtkWidget *w = t->live != NULL ? g_object_get_data (G_OBJECT (t->live), "spk-label") : NULL;
  graphene_rect_t bounds;

  while (w != NULL && g_strcmp0 (G_OBJECT_TYPE_NAME (w), "AdwToastWidget") != 0)
    w = gtk_widget_get_parent (w);
  if (w == NULL || !gtk_widget_get_mapped (w) || !gtk_widget_compute_bounds (w, overlay, &bounds))
    return 0;
  return MAX (0, gtk_widget_get_height (overlay) - (int) bounds.origin.y);
}

static void
report_room (GtkWidget *overlay)
{
  Toasts *t = toasts_of (overlay);
  int height;

  if (t->watcher == NULL)
    return;
  height = live_room (overlay, t);
  if (height != t->height)
    {
      t->height = height;
      t->room (t->watcher, height);
    }
}

/* Measured once the toast has slid in, or its new text is laid out. */
static gboolean
report_room_later (gpointer data)
{
  report_room (data);
  return G_SOURCE_REMOVE;
}

static void
schedule_room (GtkWidget *overlay, guint delay)
{
  if (toasts_of (overlay)->watcher != NULL)
    g_timeout_add_full (G_PRIORITY_DEFAULT, delay, report_room_later, g_object_ref (overlay), g_object_unref);
}

void
spk_toast_watch_room (GtkWidget *watcher, SpkToastRoomFunc func)
{
  GtkWidget *overlay = overlay_of (watcher);
  Toasts *t;

  g_return_if_fail (overlay != NULL);
  t = toasts_of (overlay);
  if (t->watcher == watcher)
    return;
  if (t->watcher != NULL)
    g_object_remove_weak_pointer (G_OBJECT (t->watcher), (gpointer *) &t->watcher);
  t->watcher = watcher;
  t->room = func;
  t->height = 0;
  g_object_add_weak_pointer (G_OBJECT (watcher), (gpointer *) &t->watcher);
  report_room (overlay);
}

static void
toast_dismissed (AdwToast *toast, GtkWidget *overlay)
{
  Toasts *t = toasts_of (overlay);

  if (t->live == toast)
    {
      g_clear_object (&t->live);
      if (t->watcher != NULL && t->height != 0)
        {
          t->height = 0;
          t->room (t->watcher, 0);
        }
    }
  else
    g_ptr_array_remove (t->notes, toast);
}

/* What a toast takes besides its text and button: its margins, padding
 * and close button; and around a button's label, its padding and spacing
 * (libadwaita 1.2's Adwaita style, measured). */
#define TOAST_FRAME 120
#define TOAST_BUTTON_FRAME 16
#define TOAST_MAX_CHARS 48

/* The text no wider than @overlay has room for: libadwaita 1.2 measures a
 * toast's height at its natural width, so a wider text would be cut off. */
static void
fit_text (GtkWidget *overlay, AdwToast *toast)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (toast), "spk-label");
  PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (label), NULL, NULL);
  int char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                        pango_font_metrics_get_approximate_digit_width (metrics));
  const char *button = adw_toast_get_button_label (toast);
  int room = gtk_widget_get_width (overlay) - TOAST_FRAME;
  int chars = TOAST_MAX_CHARS;

  pango_font_metrics_unref (metrics);
  if (button != NULL)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, NULL);
      int button_width;

      /* The button shows its label without the mnemonic underscore. */
      pango_layout_set_markup_with_accel (layout, button, -1, '_', NULL);
      pango_layout_get_pixel_size (layout, &button_width, NULL);
      room -= button_width + TOAST_BUTTON_FRAME;
    }
  if (gtk_widget_get_width (overlay) > 0 && char_width > 0)
    chars = CLAMP (room * PANGO_SCALE / char_width, 8, TOAST_MAX_CHARS);
  gtk_label_set_max_width_chars (GTK_LABEL (label), chars);
}

/* The toast's text as a label of our own: libadwaita 1.2 ellipsizes a
 * title to one line, so a narrow window would lose the end of it. */
static void
set_text (AdwToast *toast, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  GtkWidget *label = g_object_get_data (G_OBJECT (toast), "spk-label");

  /* Toast titles are markup in libadwaita 1.2; the title is kept for
   * whoever reads it, the label shows it. */
  adw_toast_set_title (toast, escaped);
  if (label == NULL)
    {
      /* Held here too: libadwaita 1.2 leaves the toast a dangling custom
       * title once its widget is gone. */
      label = g_object_ref_sink (gtk_label_new (NULL));
      g_object_set_data_full (G_OBJECT (toast), "spk-label", label, g_object_unref);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      adw_toast_set_custom_title (toast, label);
    }
  gtk_label_set_text (GTK_LABEL (label), text);
}

static AdwToast *
add_toast (GtkWidget *overlay, const char *text)
{
  AdwToast *toast = adw_toast_new ("");

  set_text (toast, text);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed), overlay, 0);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), g_object_ref (toast));
  return toast;
}

static void
set_button (AdwToast *toast, const char *label, const char *action)
{
  adw_toast_set_button_label (toast, label);
  adw_toast_set_action_name (toast, action);
}

static void
set_undo (AdwToast *toast, gboolean undo)
{
  set_button (toast, undo ? _("_Undo") : NULL, undo ? "win.undo" : NULL);
}

/* Notes still waiting belong to a step that is no longer the last. */
static void
drop_notes (Toasts *t)
{
  g_autoptr(GPtrArray) waiting = g_steal_pointer (&t->notes);

  t->notes = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < waiting->len; i++)
    adw_toast_dismiss (g_ptr_array_index (waiting, i));
}

void
spk_toast_dismiss (GtkWidget *widget)
{
  GtkWidget *overlay = overlay_of (widget);
  Toasts *t;

  if (overlay == NULL)
    return;
  t = toasts_of (overlay);
  drop_notes (t);
  /* Taken down only when it has surely finished sliding in; otherwise it
   * loses its Undo and says nothing more. */
  if (t->live != NULL)
    {
      set_undo (t->live, FALSE);
      if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (t->live), "spk-settled")))
        adw_toast_dismiss (t->live);
    }
}

static gboolean
settle (gpointer data)
{
  g_object_set_data (G_OBJECT (data), "spk-settled", GINT_TO_POINTER (TRUE));
  return G_SOURCE_REMOVE;
}

void
spk_toast_show (GtkWidget *widget, const char *text, gboolean undo)
{
  spk_toast_offer (widget, text, undo ? _("_Undo") : NULL, undo ? "win.undo" : NULL);
}

void
spk_toast_offer (GtkWidget *widget, const char *text, const char *button, const char *action)
{
  GtkWidget *overlay = overlay_of (widget);
  Toasts *t;

  if (overlay == NULL)
    return;
  t = toasts_of (overlay);
  /* The toasts of the step before go: no Undo is left up that would take
   * back something other than what it names, and nothing old queues up. */
  drop_notes (t);
  if (t->live == NULL)
    {
      t->live = add_toast (overlay, text);
      /* Well past the 0.3 s slide-in. */
      g_timeout_add_full (G_PRIORITY_DEFAULT, 600, settle, g_object_ref (t->live), g_object_unref);
      schedule_room (overlay, 650);
    }
  else
    {
      set_text (t->live, text);
      schedule_room (overlay, 100);
    }
  set_button (t->live, button, action);
  fit_text (overlay, t->live);
}

void
spk_toast_note (GtkWidget *widget, const char *text)
{
  GtkWidget *overlay = overlay_of (widget);
  AdwToast *toast;

  if (overlay == NULL)
    return;
  toast = add_toast (overlay, text);
  fit_text (overlay, toast);
  g_ptr_array_add (toasts_of (overlay)->notes, toast);
}

void
spk_release_focus_within (GtkWidget *container)
{
  GtkRoot *root = gtk_widget_get_root (container);
  GtkWidget *focus;

  if (root == NULL || (focus = gtk_root_get_focus (root)) == NULL)
    return;
  if (focus == container || gtk_widget_is_ancestor (focus, container))
    gtk_root_set_focus (root, NULL);
}

void
spk_flow_box_append_plain (GtkFlowBox *box, GtkWidget *child)
{
  gtk_flow_box_append (box, child);
  gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
}

char *
spk_strip_mnemonic (const char *label)
{
  GString *plain = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

void
spk_name_mnemonic_buttons (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    {
      g_autofree char *plain = spk_strip_mnemonic (gtk_button_get_label (GTK_BUTTON (root)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    spk_name_mnemonic_buttons (child);
}

GtkWidget *
spk_button_new_with_mnemonic (const char *label, const char *name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  spk_name_mnemonic_buttons (button);
  if (name != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return button;
}

GListModel *
spk_terrain_model_new (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int t = 0; t < SPK_N_TERRAINS; t++)
    gtk_string_list_append (list, spk_board_view_terrain_label (t));
  return G_LIST_MODEL (list);
}

const char *
spk_combo_row_get_id (AdwComboRow *row, GPtrArray *ids)
{
  guint i = adw_combo_row_get_selected (row);

  return ids != NULL && i < ids->len ? g_ptr_array_index (ids, i) : NULL;
}

void
spk_combo_row_select_id (AdwComboRow *row, GPtrArray *ids, const char *id)
{
  for (guint i = 0; id != NULL && ids != NULL && i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      adw_combo_row_set_selected (row, i);
}

guint
spk_section_message_new (GType type)
{
  return g_signal_new ("message", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING,
                       G_TYPE_BOOLEAN);
}

void
spk_section_report (gpointer section, SpkTable *table, gboolean ok, const GError *error)
{
  g_autofree char *text = ok ? spk_table_describe_undo (table) : NULL;

  if (!ok)
    g_signal_emit_by_name (section, "message", error->message, FALSE);
  else if (text != NULL)
    g_signal_emit_by_name (section, "message", text, TRUE);
}
