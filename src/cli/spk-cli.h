/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-cli.h: shared plumbing of spirekeeper-cli subcommands.
 *
 * Each subcommand lives in its own spk-cli-NAME.c and is listed in the
 * table in spk-cli.c. Exit codes: 0 success, 1 the input was bad or the
 * answer is "no" where a command says so, 2 the command line was wrong.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

enum {
  SPK_CLI_OK = 0,
  SPK_CLI_FAILED = 1,
  SPK_CLI_USAGE = 2,
};

typedef struct {
  const char *name;
  const char *args;     /* e.g. "FILE CHIP_ID" */
  const char *summary;  /* translatable, marked with N_() */
  int (*run) (int argc, char **argv);
} SpkCliCommand;

/* Parses options for a subcommand (argv[0] is the subcommand name). On
 * --help prints help and returns FALSE with *exit_code 0; on a usage error
 * prints it and returns FALSE with *exit_code 2. @n_args is the number of
 * positional arguments required; @max_args the most allowed (-1: any). */
gboolean  spk_cli_parse       (const SpkCliCommand *cmd,
                               GOptionEntry        *entries,
                               int                 *argc,
                               char              ***argv,
                               int                  n_args,
                               int                  max_args,
                               int                 *exit_code);

/* The common start of a "FILE ..." subcommand whose only option is --json:
 * parses the command line (as spk_cli_parse) and loads the table in
 * argv[1]. Returns NULL with *exit_code set when either fails. */
SpkBoard *spk_cli_start       (const char   *name,
                               int           n_args,
                               int           max_args,
                               int          *argc,
                               char       ***argv,
                               gboolean     *json,
                               int          *exit_code);

/* Loads a table, printing every problem to stderr on failure. */
SpkBoard *spk_cli_load_table  (const char *path);

/* Prints @node as pretty JSON on stdout with a trailing newline. */
void      spk_cli_print_json  (JsonNode *node);

const SpkCliCommand *spk_cli_find_command (const char *name);

/* The game a rules command reads when --game is not given. */
#define SPK_CLI_DEFAULT_GAME "cloudspire"
/* The installed glossary pack of @game, or NULL after telling the user
 * (as @command) which games there are. */
char     *spk_cli_find_game_pack (const char *command, const char *game);

int spk_cli_validate     (int argc, char **argv);
int spk_cli_moves        (int argc, char **argv);
int spk_cli_order        (int argc, char **argv);
int spk_cli_lookup       (int argc, char **argv);
int spk_cli_import_rules (int argc, char **argv);
int spk_cli_influence    (int argc, char **argv);
int spk_cli_fire         (int argc, char **argv);
int spk_cli_upgrade_cost (int argc, char **argv);
int spk_cli_damage       (int argc, char **argv);
int spk_cli_attacks      (int argc, char **argv);
int spk_cli_earthscape_check (int argc, char **argv);
int spk_cli_check        (int argc, char **argv);
int spk_cli_new_table    (int argc, char **argv);
int spk_cli_render       (int argc, char **argv);

G_END_DECLS
