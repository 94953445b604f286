/* spk-toast.h: toasts in the window's AdwToastOverlay from any widget. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows @text (plain text, not markup) in the toast overlay around
 * @widget; with @undo the toast offers Undo (win.undo). Does nothing when
 * @widget is not inside a toast overlay. */
void spk_toast_show (GtkWidget  *widget,
                     const char *text,
                     gboolean    undo);

G_END_DECLS
