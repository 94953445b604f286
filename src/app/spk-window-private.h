/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's files share these: spk-window.c (the table shown, reading
 * and writing it, the autosave, closing) and spk-window-actions.c (its
 * actions, one callback each, their keys, the file choosers and the
 * import of the official rules text). */
#pragma once

#include "spk-window.h"

#include "spk-autosave.h"
#include "spk-kept-table.h"
#include "spk-rules-page.h"
#include "spk-table-page.h"
#include "spk-tracker-page.h"

G_BEGIN_DECLS

struct _SpkWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay     *toast_overlay;
  AdwViewStack        *stack;
  AdwViewSwitcherTitle *switcher_title;
  SpkTablePage        *table_page;
  SpkTrackerPage      *tracker_page;
  SpkRulesPage        *rules_page;
  GtkWidget           *undo_button;
  GtkWidget           *redo_button;
  GtkRevealer         *save_revealer;
  GtkLabel            *save_label;
  GMenu               *recent_menu;

  SpkTable            *table;
  SpkKeptTable        *previous;      /* the table shown before: Bring Back */
  SpkAutosave         *autosave;
  GSettings           *settings;
  GFile               *file;
  char                *name;          /* shown when there is no file */
  gulong               undo_handler;
  gulong               redo_handler;
  gulong               can_undo_handler; /* a lower history limit can take undo away */
  gulong               unsaved_handler;
  gboolean             close_unsaved;  /* the player chose to close all the same */
  gboolean             restoring;      /* the autosave is being read */
  GPtrArray           *waiting;        /* of GFile: asked to open meanwhile */
  GtkFileChooserNative *chooser;
};

/* What a file chooser is asked for. */
typedef enum {
  SPK_CHOOSE_OPEN,
  SPK_CHOOSE_SAVE,
  SPK_CHOOSE_EXPORT,
  SPK_CHOOSE_RULES,
} SpkChooseKind;

/* spk-window.c */
void      _spk_window_toast            (SpkWindow      *self,
                                        const char     *text);
char     *_spk_window_table_name       (SpkWindow      *self);
gboolean  _spk_window_is_codex         (SpkWindow      *self);
void      _spk_window_set_table_named  (SpkWindow      *self,
                                        SpkTable       *table,
                                        GFile          *file,
                                        const char     *name);
void      _spk_window_written          (GObject        *source,
                                        GAsyncResult   *result,
                                        gpointer        data);

/* spk-window-actions.c */
void      _spk_window_choose_file      (SpkWindow      *self,
                                        SpkChooseKind   kind);
void      _spk_window_class_add_actions (GtkWidgetClass *widget_class);

G_END_DECLS
