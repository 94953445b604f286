/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "spk-glossary.h"
#include "spk-locale.h"
#include "spk-table-file.h"

static const SpkCliCommand commands[] = {
  { "validate", "FILE", N_("Check a table file and summarise it"), spk_cli_validate },
  { "moves", "FILE CHIP_ID", N_("Every legal destination of a minion or hero, with the reason"), spk_cli_moves },
  { "order", "FILE FACTION", N_("Leading-minion order of a faction, ties grouped"), spk_cli_order },
  { "lookup", "QUERY…", N_("Search the rules glossary; prints the best entry in full"), spk_cli_lookup },
  { "import-rules", "FILE", N_("Read your own copy of the Rules Reference (text, table, CSV, Markdown or web page export)"), spk_cli_import_rules },
  { "influence", "FILE FACTION", N_("Hex groups, hexes and Source wells under a faction’s influence"), spk_cli_influence },
  { "fire", "FILE ACTIVE_FACTION", N_("Which opposing spires fire on a faction’s turn, with how many dice, at whom"), spk_cli_fire },
  { "upgrade-cost", "FILE SPIRE_ID TYPE [TYPE…]", N_("Source cost of adding upgrades to a spire, in order"), spk_cli_upgrade_cost },
  { "damage", "FILE CHIP_ID AMOUNT", N_("What an amount of damage does to a chip (or gate:FACTION)"), spk_cli_damage },
  { "attacks", "FILE CHIP_ID", N_("Every target a unit may attack, what each attack does, and why not"), spk_cli_attacks },
  { "earthscape-check", "FILE EARTHSCAPE.json FACTION", N_("Whether a faction may lay an earthscape where the piece says"), spk_cli_earthscape_check },
  { "check", "FILE ACTION [ARGS…]", N_("Whether the model allows an action now, and if not why (nothing is changed)"), spk_cli_check },
  { "render", "FILE OUT.png|OUT.svg", N_("The board as a picture with a caption and a key, as the window exports it"), spk_cli_render },
  { "new-table", "FACTION FACTION [FACTION…]", N_("A new table for 2 to 4 factions in seating order (or, with --game codex, 2 to 5 Codex players), as a table file"), spk_cli_new_table },
};

const SpkCliCommand *
spk_cli_find_command (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

gboolean
spk_cli_parse (const SpkCliCommand *cmd, GOptionEntry *entries, int *argc, char ***argv,
               int n_args, int max_args, int *exit_code)
{
  g_autofree char *prgname = g_strdup_printf ("spirekeeper-cli %s", cmd->name);
  g_autoptr(GOptionContext) ctx = NULL;
  g_autoptr(GError) error = NULL;
  int positional;

  /* Help reads "Usage: spirekeeper-cli NAME [OPTION…] ARGS". */
  g_set_prgname (prgname);
  ctx = g_option_context_new (cmd->args);
  g_option_context_set_summary (ctx, _(cmd->summary));
  if (entries != NULL)
    g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      g_printerr ("spirekeeper-cli %s: %s\n", cmd->name, error->message);
      g_printerr (_("Try “spirekeeper-cli %s --help”.\n"), cmd->name);
      *exit_code = SPK_CLI_USAGE;
      return FALSE;
    }
  positional = *argc - 1;
  if (positional < n_args || (max_args >= 0 && positional > max_args))
    {
      g_printerr (_("spirekeeper-cli %s: expected %s\n"), cmd->name, cmd->args);
      g_printerr (_("Try “spirekeeper-cli %s --help”.\n"), cmd->name);
      *exit_code = SPK_CLI_USAGE;
      return FALSE;
    }
  return TRUE;
}

SpkBoard *
spk_cli_load_table (const char *path)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  SpkBoard *board = spk_table_file_load (path, &problems, &error);

  /* R-codex-5: the commands that load a board answer Cloudspire
   * questions; a Codex table has no board for them. */
  if (board != NULL && board->codex != NULL)
    {
      g_printerr (_("%s: this is a Codex table; “%s” answers Cloudspire questions only (use "
                    "validate or check with a codex-… action)\n"), path, g_get_prgname ());
      spk_board_free (board);
      return NULL;
    }
  if (board != NULL)
    return board;
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    g_printerr ("%s: %s\n", path, ((GError *) g_ptr_array_index (problems, i))->message);
  return NULL;
}

SpkBoard *
spk_cli_start (const char *name, int n_args, int max_args, int *argc, char ***argv,
               gboolean *json, int *exit_code)
{
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, json, N_("Print the answer as JSON"), NULL },
    { NULL }
  };
  SpkBoard *board;

  if (!spk_cli_parse (spk_cli_find_command (name), entries, argc, argv, n_args, max_args,
                      exit_code))
    return NULL;
  board = spk_cli_load_table ((*argv)[1]);
  if (board == NULL)
    *exit_code = SPK_CLI_FAILED;
  return board;
}

void
spk_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  g_print ("%s\n", text);
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: spirekeeper-cli COMMAND [OPTION…] ARGUMENTS"));
  fprintf (out, "%s\n\n", _("Answers Cloudspire rules questions about a saved table."));
  fprintf (out, "%s\n", _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *lhs = g_strdup_printf ("%s %s", commands[i].name, commands[i].args);
      long width = g_utf8_strlen (lhs, -1);

      /* Pad by characters, not bytes: the arguments may hold "…". */
      if (width < 40)
        fprintf (out, "  %s%*s %s\n", lhs, (int) (40 - width), "", _(commands[i].summary));
      else
        fprintf (out, "  %s\n  %40s %s\n", lhs, "", _(commands[i].summary));
    }
  fprintf (out, "\n%s\n", _("Run “spirekeeper-cli COMMAND --help” for a command’s options."));
}

int
main (int argc, char **argv)
{
  const SpkCliCommand *cmd;

  spk_locale_init ();

  if (argc < 2)
    {
      print_usage (stderr);
      return SPK_CLI_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return SPK_CLI_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("spirekeeper-cli %s\n", PACKAGE_VERSION);
      return SPK_CLI_OK;
    }
  cmd = spk_cli_find_command (argv[1]);
  if (cmd == NULL)
    {
      g_printerr (_("spirekeeper-cli: unknown command “%s”\n"), argv[1]);
      print_usage (stderr);
      return SPK_CLI_USAGE;
    }
  return cmd->run (argc - 1, argv + 1);
}

char *
spk_cli_find_game_pack (const char *command, const char *game)
{
  g_auto(GStrv) games = spk_glossary_list_games ();
  g_autofree char *list = g_strjoinv (", ", games);
  char *path = spk_glossary_find_pack (game);

  if (path != NULL)
    return path;
  if (games[0] == NULL)
    g_printerr (_("spirekeeper-cli %s: no glossary is installed; "
                  "reinstall Spirekeeper or pass --pack FILE\n"), command);
  else
    g_printerr (_("spirekeeper-cli %s: --game: there is no glossary for the game “%s”; "
                  "the games are: %s\n"), command, game, list);
  return NULL;
}
