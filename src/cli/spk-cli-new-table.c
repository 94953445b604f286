/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli new-table FACTION…: the table New Table makes for these
 * factions in seating order (spk_table_new_for_game), printed as a table
 * file. A FACTION that is one of the game's faction ids ("heirs") is that
 * faction; any other word is the name of a custom faction. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "spk-cli.h"
#include "spk-table-setup.h"

/* "2:3" → seat 1 marks seat 2 (0-based), from the 1-based seats typed. */
static gboolean
parse_mark (const char *text, guint n, int *seat, int *mark)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", 2);
  guint64 a, b;

  if (g_strv_length (parts) != 2 || !g_ascii_string_to_unsigned (parts[0], 10, 1, n, &a, NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 1, n, &b, NULL))
    return FALSE;
  *seat = (int) a - 1;
  *mark = (int) b - 1;
  return TRUE;
}

int
spk_cli_new_table (int argc, char **argv)
{
  gboolean teams = FALSE, no_fortresses = FALSE;
  int first = 1, exit_code = SPK_CLI_OK;
  g_auto(GStrv) marks = NULL;
  GOptionEntry entries[] = {
    { "teams", 0, 0, G_OPTION_ARG_NONE, &teams, N_("Team play (2 v 2): seats 1 and 3 against 2 and 4"), NULL },
    { "first", 0, 0, G_OPTION_ARG_INT, &first, N_("The seat of the first player (1 unless given)"), N_("SEAT") },
    { "mark", 0, 0, G_OPTION_ARG_STRING_ARRAY, &marks, N_("Seat A marks seat B (repeatable); else the next "
                                                          "faction round the table"), N_("A:B") },
    { "no-fortresses", 0, 0, G_OPTION_ARG_NONE, &no_fortresses, N_("Leave the fortresses off the board"), NULL },
    { NULL }
  };
  g_autofree char *path = NULL;
  g_autoptr(SpkRoster) roster = NULL;
  g_autoptr(SpkTable) table = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  SpkNewTableSpec spec;
  guint n;

  if (!spk_cli_parse (spk_cli_find_command ("new-table"), entries, &argc, &argv, SPK_SETUP_MIN_SEATS,
                      SPK_SETUP_MAX_SEATS, &exit_code))
    return exit_code;
  n = (guint) argc - 1;
  if ((path = spk_roster_find_file ("cloudspire")) != NULL &&
      (roster = spk_roster_load_from_file (path, &error)) == NULL)
    {
      g_printerr ("spirekeeper-cli new-table: %s\n", error->message);
      return SPK_CLI_FAILED;
    }
  spk_new_table_spec_init (&spec, n);
  spec.teams = teams;
  spec.fortresses = !no_fortresses;
  spec.first_player = first - 1;
  for (guint i = 0; i < n; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; roster != NULL && k < spk_roster_get_n_factions (roster); k++)
        known = known || g_str_equal (spk_roster_get_faction (roster, k)->id, argv[i + 1]);
      spec.seats[i].faction = known ? argv[i + 1] : NULL;
      spec.seats[i].name = known ? NULL : argv[i + 1];
      spec.seats[i].team = teams ? (int) (i % 2) + 1 : 0;
    }
  for (guint i = 0; marks != NULL && marks[i] != NULL; i++)
    {
      int seat, mark;

      if (!parse_mark (marks[i], n, &seat, &mark))
        {
          g_printerr (_("spirekeeper-cli new-table: --mark %s: give two seats from 1 to %u, as 1:3\n"), marks[i], n);
          return SPK_CLI_USAGE;
        }
      spec.seats[seat].mark = mark;
    }
  table = spk_table_new_for_game (&spec, roster, &error);
  if (table == NULL)
    {
      g_printerr ("spirekeeper-cli new-table: %s\n", error->message);
      return SPK_CLI_FAILED;
    }
  data = spk_table_to_table_data (table, NULL);
  g_print ("%s", data);
  return SPK_CLI_OK;
}
