/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-json-guard.h: checks a JSON text before json-glib parses it.
 *
 * json-glib's parser recurses once per nested list or object, so a file of
 * a hundred thousand '[' overflows the stack. Every Spirekeeper file is a
 * few levels deep; anything past SPK_JSON_MAX_DEPTH is refused before the
 * parser sees it. json-glib also changes some text silently on the way
 * in (integers past 64 bits wrap, a \u0000 escape cuts a string short, a
 * lone surrogate escape becomes invalid UTF-8, of a key written twice in
 * one object only the last counts), so those are refused here too, named by
 * their JSON path and line:column. This lives below both the model and the rules reference
 * (which must not depend on each other) and needs only GLib and json-glib. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define SPK_JSON_GUARD_ERROR (spk_json_guard_error_quark ())

typedef enum {
  SPK_JSON_GUARD_ERROR_TOO_DEEP, /* message starts "line L, column C: " */
  SPK_JSON_GUARD_ERROR_NUMBER,   /* an integer part of too many digits */
  SPK_JSON_GUARD_ERROR_NUL,      /* a \u0000 escape, which would cut a string */
  SPK_JSON_GUARD_ERROR_SURROGATE, /* a lone \ud800-\udfff escape (not UTF-8) */
  SPK_JSON_GUARD_ERROR_EMPTY,    /* nothing but spaces and comments */
  SPK_JSON_GUARD_ERROR_TOO_LARGE, /* a text or file past SPK_JSON_MAX_SIZE */
  SPK_JSON_GUARD_ERROR_DUPLICATE_KEY, /* one key twice in an object: json-glib
                                       * would keep the last one silently */
} SpkJsonGuardError;

/* Far above the deepest file Spirekeeper writes (a table with its history
 * is a few levels deep), far below what the parser's recursion survives. */
#define SPK_JSON_MAX_DEPTH 64
/* Bytes of a text or file: a table with its history is well under 1 MiB;
 * json-glib's tree of a 200 MB file took 8.5 GB. */
#define SPK_JSON_MAX_SIZE (16 * 1024 * 1024)
/* Digits of a number's integer part; a 64-bit integer has up to 19. */
#define SPK_JSON_MAX_DIGITS 15

GQuark   spk_json_guard_error_quark (void);

/* Refuses a text longer than SPK_JSON_MAX_SIZE, then counts nesting of
 * '[' and '{' outside strings and looks at every number and escape.
 * On the first problem sets an SPK_JSON_GUARD_ERROR, its line and column
 * (1-based, column in characters) in @line / @column when not NULL, and
 * returns FALSE. Messages other than TOO_DEEP start with the JSON path of
 * the value ("chips[3].q: ") unless it is the top level. @length -1 means
 * NUL-terminated. */
gboolean spk_json_check_text  (const char *data,
                               gssize      length,
                               int        *line,
                               int        *column,
                               GError    **error);

/* spk_json_check_text, then json_parser_load_from_data; a text with no
 * value at all (json-glib leaves the root NULL, which its own getters
 * refuse with a critical) is SPK_JSON_GUARD_ERROR_EMPTY. Every JSON text
 * Spirekeeper reads goes through here, so on TRUE the root is never NULL. */
gboolean spk_json_parser_load (JsonParser *parser,
                               const char *data,
                               gssize      length,
                               GError    **error);

/* Reads @path whole, refusing (SPK_JSON_GUARD_ERROR_TOO_LARGE, before
 * reading) a file of more than SPK_JSON_MAX_SIZE bytes; G_FILE_ERROR when
 * it cannot be read. For any file Spirekeeper reads, JSON or not. */
gboolean spk_file_read_capped (const char *path,
                               char      **contents,
                               gsize      *length,
                               GError    **error);

/* spk_file_read_capped, then spk_json_parser_load. */
gboolean spk_json_parser_load_file (JsonParser *parser,
                                    const char *path,
                                    GError    **error);

G_END_DECLS
