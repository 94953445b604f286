/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli new-table FACTION…: the table New Table makes for these
 * factions in seating order (spk_table_new_for_game), printed as a table
 * file. A FACTION that is one of the game's faction ids ("heirs") is that
 * faction; any other word is the name of a custom faction. With --game
 * codex the words are Codex players' names (spk_table_new_codex). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "spk-cli.h"
#include "spk-table-codex.h"
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

/* Prints @table (taken) as a table file, or @error when it is NULL. */
static int
print_table (SpkTable *table, const GError *error)
{
  g_autoptr(SpkTable) owned = table;
  g_autofree char *data = NULL;

  if (owned == NULL)
    {
      g_printerr ("spirekeeper-cli new-table: %s\n", error->message);
      return SPK_CLI_FAILED;
    }
  data = spk_table_to_table_data (owned, NULL);
  g_print ("%s", data);
  return SPK_CLI_OK;
}

/* The Codex table for the players in @names (argv after the command). */
static int
new_codex_table (char **names, guint n, const char *mode_name, char **specs, char **multicolor)
{
  SpkTable *table;
  g_autoptr(GError) error = NULL;
  g_autofree char **players = g_new0 (char *, n + 1);
  g_autofree gboolean *several = g_new0 (gboolean, n);
  SpkCodexMode mode = n == 2 ? SPK_CODEX_MODE_DUEL : SPK_CODEX_MODE_FREE_FOR_ALL;

  if (mode_name != NULL && !spk_codex_mode_from_string (mode_name, &mode))
    {
      g_printerr (_("spirekeeper-cli new-table: --mode %s: use duel, free-for-all or two-headed-dragon\n"),
                  mode_name);
      return SPK_CLI_USAGE;
    }
  if (specs != NULL && g_strv_length (specs) > n)
    {
      g_printerr (_("spirekeeper-cli new-table: %u --spec given for %u players; give at most one each, in seat order\n"),
                  g_strv_length (specs), n);
      return SPK_CLI_USAGE;
    }
  for (guint i = 0; multicolor != NULL && multicolor[i] != NULL; i++)
    {
      guint64 seat;

      if (!g_ascii_string_to_unsigned (multicolor[i], 10, 1, n, &seat, NULL))
        {
          g_printerr (_("spirekeeper-cli new-table: --multicolor %s: give a seat from 1 to %u\n"),
                      multicolor[i], n);
          return SPK_CLI_USAGE;
        }
      several[seat - 1] = TRUE;
    }
  for (guint i = 0; i < n; i++)
    players[i] = names[i];
  table = spk_table_new_codex (mode, (const char *const *) players, (const char *const *) specs, several,
                               &error);
  return print_table (table, error);
}

int
spk_cli_new_table (int argc, char **argv)
{
  gboolean teams = FALSE, no_fortresses = FALSE;
  int first = 1, exit_code = SPK_CLI_OK;
  g_auto(GStrv) marks = NULL;
  g_auto(GStrv) specs = NULL;
  g_auto(GStrv) multicolor = NULL;
  g_autofree char *game = NULL;
  g_autofree char *mode = NULL;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, N_("cloudspire (unless given) or codex"), N_("GAME") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode, N_("Codex: duel, free-for-all or two-headed-dragon "
                                                   "(duel for 2 players, else free-for-all)"), N_("MODE") },
    { "spec", 0, 0, G_OPTION_ARG_STRING_ARRAY, &specs, N_("Codex: a player’s specs and starting deck, "
                                                          "as free text (repeatable, in seat order)"), N_("TEXT") },
    { "multicolor", 0, 0, G_OPTION_ARG_STRING_ARRAY, &multicolor, N_("Codex: the player in this seat has heroes "
                                                                     "of several colours (repeatable)"), N_("SEAT") },
    { "teams", 0, 0, G_OPTION_ARG_NONE, &teams, N_("Team play (2 v 2): seats 1 and 3 against 2 and 4"), NULL },
    { "first", 0, 0, G_OPTION_ARG_INT, &first, N_("The seat of the first player (1 unless given)"), N_("SEAT") },
    { "mark", 0, 0, G_OPTION_ARG_STRING_ARRAY, &marks, N_("Seat A marks seat B (repeatable); else the next "
                                                          "faction round the table"), N_("A:B") },
    { "no-fortresses", 0, 0, G_OPTION_ARG_NONE, &no_fortresses, N_("Leave the fortresses off the board"), NULL },
    { NULL }
  };
  g_autofree char *path = NULL;
  g_autoptr(SpkRoster) roster = NULL;
  SpkTable *table;
  g_autoptr(GError) error = NULL;
  SpkNewTableSpec spec;
  guint n;

  /* Codex seats up to 5 players (a free-for-all). */
  if (!spk_cli_parse (spk_cli_find_command ("new-table"), entries, &argc, &argv, SPK_SETUP_MIN_SEATS,
                      MAX (SPK_SETUP_MAX_SEATS, 5), &exit_code))
    return exit_code;
  n = (guint) argc - 1;
  if (game != NULL && g_str_equal (game, "codex"))
    return new_codex_table (argv + 1, n, mode, specs, multicolor);
  if (game != NULL && !g_str_equal (game, "cloudspire"))
    {
      g_printerr (_("spirekeeper-cli new-table: --game %s: use cloudspire or codex\n"), game);
      return SPK_CLI_USAGE;
    }
  if (mode != NULL || specs != NULL || multicolor != NULL)
    {
      g_printerr (_("spirekeeper-cli new-table: --mode, --spec and --multicolor are for --game codex\n"));
      return SPK_CLI_USAGE;
    }
  if (n > SPK_SETUP_MAX_SEATS)
    {
      g_printerr (_("spirekeeper-cli new-table: a Cloudspire table seats 2 to %d factions, not %u\n"),
                  SPK_SETUP_MAX_SEATS, n);
      return SPK_CLI_USAGE;
    }
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
  return print_table (table, error);
}
