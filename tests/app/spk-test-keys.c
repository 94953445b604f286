/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-test-keys.h"

#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <gdk/x11/gdkx.h>

#include "spk-test-ui.h"

static Display *
x_display (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  return GDK_IS_X11_DISPLAY (display) ? gdk_x11_display_get_xdisplay (display) : NULL;
}

gboolean
spk_test_keys_available (void)
{
  Display *dpy = x_display ();
  int event_base, error_base, major, minor;

  return dpy != NULL && XTestQueryExtension (dpy, &event_base, &error_base, &major, &minor);
}

static void
send (Display *dpy, KeySym sym, gboolean down)
{
  KeyCode code = XKeysymToKeycode (dpy, sym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (dpy, code, down, CurrentTime);
}

static const struct { GdkModifierType mask; KeySym sym; } modifiers[] = {
  { GDK_CONTROL_MASK, XK_Control_L },
  { GDK_ALT_MASK, XK_Alt_L },
  { GDK_SHIFT_MASK, XK_Shift_L },
};

void
spk_test_keys_press (GtkWidget *window, guint keyval, GdkModifierType mods)
{
  Display *dpy = x_display ();
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  g_assert_nonnull (dpy);
  g_assert_true (GDK_IS_X11_SURFACE (surface));
  /* No window manager under Xvfb: give the window the focus ourselves. */
  XSetInputFocus (dpy, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  XSync (dpy, False);
  spk_test_ui_iterate (50);
  for (guint i = 0; i < G_N_ELEMENTS (modifiers); i++)
    if (mods & modifiers[i].mask)
      send (dpy, modifiers[i].sym, TRUE);
  send (dpy, keyval, TRUE);
  send (dpy, keyval, FALSE);
  for (guint i = G_N_ELEMENTS (modifiers); i-- > 0;)
    if (mods & modifiers[i].mask)
      send (dpy, modifiers[i].sym, FALSE);
  XSync (dpy, False);
  spk_test_ui_iterate (150);
}
