/* The main window opens with the app's name and the demo table. */
#include "config.h"

#include <adwaita.h>

#include "spk-application.h"
#include "spk-test-ui.h"
#include "spk-window.h"

static void
test_window_opens (void)
{
  g_autoptr(SpkApplication) app = spk_application_new ();
  g_autofree char *shot = NULL;
  SpkWindow *window;

  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = spk_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  spk_test_ui_wait_mapped (GTK_WIDGET (window));

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Spirekeeper");
  g_assert_true (ADW_IS_APPLICATION_WINDOW (window));

  shot = spk_test_ui_screenshot (GTK_WIDGET (window), "window-start");
  g_assert_true (g_file_test (shot, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/window/opens", test_window_opens);
  return g_test_run ();
}
