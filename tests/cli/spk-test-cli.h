/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-test-cli.h: run spirekeeper-cli as a shell would, for CLI tests. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct {
  int       status;  /* exit status */
  char     *out;
  char     *err;
  JsonNode *json;    /* stdout parsed, when it succeeded and looks like JSON */
} SpkCliRun;

void      spk_cli_run_clear (SpkCliRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SpkCliRun, spk_cli_run_clear)

/* Runs $SPK_CLI with the arguments (NULL-terminated) in this process's
 * environment; asserts that it exited normally. */
void      spk_cli_run       (SpkCliRun *run, const char *first, ...);

/* tests/fixtures/<path...>, NULL-terminated. */
char     *spk_cli_fixture   (const char *first, ...) G_GNUC_NULL_TERMINATED;

/* Parses JSON text, asserting that it is valid. */
JsonNode *spk_cli_parse_json (const char *text);

G_END_DECLS
