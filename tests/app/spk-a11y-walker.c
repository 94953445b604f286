/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-a11y-walker PID: reads the accessibility tree that the process PID
 * publishes over AT-SPI, as a screen reader would, and prints one line
 * for each control that a screen reader could not name well:
 *   - an interactive role (button, entry, switch, list row, ...) with no
 *     name at all;
 *   - a name that shows a mnemonic underscore ("_Select") or says the
 *     same words twice ("Select Select").
 * Only the visible part of the tree is read (what is inside a hidden
 * popover or a closed dialog cannot be reached), and not the popup list
 * inside a combo box. Exit status: 0 when
 * nothing was found, 1 with problems, 2 when the application never
 * showed up on the bus (or a wrong command line), 3 when the
 * accessibility bus cannot be reached; every status but 0 and 1 comes
 * with the reason on stderr. With SPK_A11Y_WALKER_LIST set it also lists every
 * control it checked. Used by test-a11y, which runs the app in its own
 * process and waits for this one. */
#include <atspi/atspi.h>
#include <stdlib.h>
#include <string.h>

/* atspi 2.46 declares no autoptr cleanups. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiStateSet, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiAccessible, g_object_unref)

static gboolean
interactive (AtspiRole role)
{
  switch (role)
    {
    case ATSPI_ROLE_PUSH_BUTTON:
    case ATSPI_ROLE_TOGGLE_BUTTON:
    case ATSPI_ROLE_CHECK_BOX:
    case ATSPI_ROLE_RADIO_BUTTON:
    case ATSPI_ROLE_COMBO_BOX:
    case ATSPI_ROLE_ENTRY:
    case ATSPI_ROLE_PASSWORD_TEXT:
    case ATSPI_ROLE_SPIN_BUTTON:
    case ATSPI_ROLE_SLIDER:
    case ATSPI_ROLE_LINK:
    case ATSPI_ROLE_PAGE_TAB:
    case ATSPI_ROLE_LIST_ITEM:
    case ATSPI_ROLE_MENU_ITEM:
      return TRUE;
    default:
      return FALSE;
    }
}

/* "_Select" at the start of a word, as a mnemonic leaks into a name. */
static gboolean
shows_mnemonic (const char *name)
{
  for (const char *p = name; *p != '\0'; p++)
    if (*p == '_' && (p == name || p[-1] == ' ') && g_ascii_isalnum (p[1]))
      return TRUE;
  return FALSE;
}

/* The same words twice: "Select Select", "Zoom In Zoom In". */
static gboolean
said_twice (const char *name)
{
  gsize n = strlen (name);

  if (n < 3 || n % 2 == 0 || name[n / 2] != ' ')
    return FALSE;
  return strncmp (name, name + n / 2 + 1, n / 2) == 0;
}

static AtspiAccessible *
find_app (int pid)
{
  AtspiAccessible *desktop = atspi_get_desktop (0);
  int n = atspi_accessible_get_child_count (desktop, NULL);

  for (int i = 0; i < n; i++)
    {
      AtspiAccessible *app = atspi_accessible_get_child_at_index (desktop, i, NULL);

      if (app != NULL && (int) atspi_accessible_get_process_id (app, NULL) == pid)
        {
          g_object_unref (desktop);
          return app;
        }
      g_clear_object (&app);
    }
  g_object_unref (desktop);
  return NULL;
}

static void
walk (AtspiAccessible *node, GString *path, guint *checked, guint *problems)
{
  g_autoptr(AtspiStateSet) states = atspi_accessible_get_state_set (node);
  g_autofree char *name = atspi_accessible_get_name (node, NULL);
  g_autofree char *role_name = atspi_accessible_get_role_name (node, NULL);
  AtspiRole role = atspi_accessible_get_role (node, NULL);
  gsize len = path->len;
  int n;

  /* The application node itself carries no states. */
  if (role != ATSPI_ROLE_APPLICATION && (states == NULL || !atspi_state_set_contains (states, ATSPI_STATE_VISIBLE)))
    return;
  g_string_append_printf (path, "/%s", role_name != NULL ? role_name : "?");
  if (name != NULL && *name != '\0')
    g_string_append_printf (path, "(%s)", name);

  if (interactive (role))
    {
      const char *problem = NULL;

      (*checked)++;
      if (g_getenv ("SPK_A11Y_WALKER_LIST") != NULL)
        g_print ("%s\n", path->str);
      if (name == NULL || *g_strstrip (name) == '\0')
        problem = "no name";
      else if (shows_mnemonic (name))
        problem = "mnemonic underscore in the name";
      else if (said_twice (name))
        problem = "the name says the same words twice";
      if (problem != NULL)
        {
          (*problems)++;
          g_print ("%s: %s\n", problem, path->str);
        }
    }

  /* The rows of a combo box's own popup list are GTK's widgets, which GTK
   * 4.8 gives no way to name; they matter only while the popup is open. */
  if (role == ATSPI_ROLE_COMBO_BOX)
    {
      g_string_truncate (path, len);
      return;
    }
  n = atspi_accessible_get_child_count (node, NULL);
  for (int i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (node, i, NULL);

      if (child != NULL)
        walk (child, path, checked, problems);
    }
  g_string_truncate (path, len);
}

int
main (int argc, char **argv)
{
  g_autoptr(AtspiAccessible) app = NULL;
  g_autoptr(GString) path = g_string_new (NULL);
  guint checked = 0, problems = 0;
  int pid;

  if (argc != 2 || (pid = atoi (argv[1])) <= 0)
    {
      g_printerr ("usage: %s PID\n", argv[0]);
      return 2;
    }
  /* atspi_init answers 2, not a negative number, when the bus cannot be
   * reached (libatspi has printed why). */
  if (atspi_init () != 0)
    {
      g_printerr ("cannot reach the accessibility bus\n");
      return 3;
    }
  for (int tries = 0; tries < 100 && app == NULL; tries++)
    if ((app = find_app (pid)) == NULL)
      g_usleep (100 * 1000);
  if (app == NULL)
    {
      g_printerr ("process %d is not on the accessibility bus\n", pid);
      return 2;
    }
  walk (app, path, &checked, &problems);
  g_print ("checked %u controls, %u problems\n", checked, problems);
  return problems > 0 ? 1 : 0;
}
