/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-table-file.h: reading and writing the table file
 * (docs/table-format.md) with full validation. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "spk-board.h"
#include "spk-economy.h"

G_BEGIN_DECLS

#define SPK_TABLE_ERROR (spk_table_error_quark ())

typedef enum {
  SPK_TABLE_ERROR_IO,            /* the file could not be read or written */
  SPK_TABLE_ERROR_SYNTAX,        /* not JSON; message has line:column */
  SPK_TABLE_ERROR_NOT_A_TABLE,   /* missing or wrong "format" */
  SPK_TABLE_ERROR_NEWER_VERSION, /* written by a newer Spirekeeper */
  SPK_TABLE_ERROR_MISSING,       /* a required field is absent */
  SPK_TABLE_ERROR_TYPE,          /* a field has the wrong JSON type */
  SPK_TABLE_ERROR_VALUE,         /* a value out of its range */
  SPK_TABLE_ERROR_NEGATIVE,      /* a count or stat below zero */
  SPK_TABLE_ERROR_UNKNOWN_TERRAIN,
  SPK_TABLE_ERROR_UNKNOWN_KIND,
  SPK_TABLE_ERROR_UNKNOWN_UPGRADE,
  SPK_TABLE_ERROR_DUPLICATE_ID,  /* two factions/chips/stacks/hexes alike */
  SPK_TABLE_ERROR_UNKNOWN_REFERENCE, /* an id that names nothing */
  SPK_TABLE_ERROR_HEX_OCCUPIED,  /* two chips on one hex */
  SPK_TABLE_ERROR_ON_SKY,        /* a chip or reference where no hex is */
  SPK_TABLE_ERROR_NO_FORTRESS,   /* deployment stack without a fortress */
  SPK_TABLE_ERROR_OVERLAP,       /* fortress cells on top of hexes/each other */
  SPK_TABLE_ERROR_PLACEMENT,     /* a chip where it may not stand */
  SPK_TABLE_ERROR_TOO_LARGE,     /* a file, text or list past the limits */
} SpkTableError;

#define SPK_TABLE_FORMAT_NAME    "spirekeeper-table"
#define SPK_TABLE_FORMAT_VERSION 1
#define SPK_GATE_HEALTH_MAX      10
/* No real table spans more than a few dozen hexes; the bound keeps dense
 * look-ups over a board's bounding box small. */
#define SPK_TABLE_MAX_COORD      200
/* Characters of an id, name or other short text, and of notes; entries of
 * any list (a real table has a few dozen chips and hexes). Past these a
 * file is absurd, and a 10 MB name froze the window. */
#define SPK_TABLE_MAX_TEXT       1000
#define SPK_TABLE_MAX_NOTES      100000
#define SPK_TABLE_MAX_LIST       10000

GQuark    spk_table_error_quark      (void);

/* Parses and validates a table. On failure returns NULL and, when
 * @problems is not NULL, every problem found as a GError (SPK_TABLE_ERROR
 * domain, each message "PATH: what is wrong; what to do"). @error gets the
 * first problem, with a count of the others appended. */
SpkBoard *spk_table_file_parse_full  (const char  *data,
                                      gssize       length,
                                      GPtrArray  **problems,
                                      GError     **error);

SpkBoard *spk_table_file_parse       (const char  *data,
                                      gssize       length,
                                      GError     **error);

/* The JSON tree of a table file's text, not yet checked as a table, with
 * the same syntax checks and messages as spk_table_file_parse_full. The
 * tree is mutable. */
JsonNode *spk_table_file_read_json   (const char  *data,
                                      gssize       length,
                                      GError     **error);

/* Validates an already parsed document (the root object), as
 * spk_table_file_parse_full does for text. Members the table does not know
 * are kept in the board's extra fields. */
SpkBoard *spk_table_file_parse_node  (JsonNode    *root,
                                      GPtrArray  **problems,
                                      GError     **error);

/* The table error for a failure of spk_file_read_capped on @path:
 * SPK_TABLE_ERROR_TOO_LARGE or SPK_TABLE_ERROR_IO. */
void      spk_table_file_read_error  (const char   *path,
                                      const GError *read_error,
                                      GError      **error);

/* Reads @path; the file is never modified. */
SpkBoard *spk_table_file_load        (const char  *path,
                                      GPtrArray  **problems,
                                      GError     **error);

/* Serialises @board as pretty-printed JSON, fields in a stable order so the
 * same board always gives the same bytes. Unknown fields kept from loading
 * are written back. */
char     *spk_table_file_to_data     (const SpkBoard *board,
                                      gsize          *length);

/* The document spk_table_file_to_data writes, as a tree, and the writer
 * of such a tree (same layout and bytes). */
JsonNode *spk_table_file_to_node     (const SpkBoard *board);
char     *spk_table_file_node_to_data (JsonNode      *root,
                                      gsize          *length);

/* Writes @data (a table file's text) to @path atomically (temporary file,
 * fsync, rename); SPK_TABLE_ERROR_IO on failure. */
gboolean  spk_table_file_save_data   (const char     *data,
                                      gsize           length,
                                      const char     *path,
                                      GError        **error);

/* Writes atomically (temporary file, fsync, rename). */
gboolean  spk_table_file_save        (const SpkBoard *board,
                                      const char     *path,
                                      GError        **error);

G_END_DECLS
