/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-rules-import.h: reading a player's own copy of the official Rules
 * Reference, so the app can show its exact wording ("official wording")
 * beside our entry of the same title.
 *
 * The shapes of export understood (spk_rules_import_detect() tells them
 * apart, and the import records which it read):
 *
 *  - plain text: a term on a line of its own, then its paragraphs, an
 *    optional "See also:" line; sub-terms follow their parent. Markdown
 *    headings (#, ##) and lines in bold also mark terms. Stray markup
 *    ([x](#), *x*, <b>, entities), smart quotes, icon glyphs, page numbers,
 *    running headers and paragraphs split by a page break are cleaned up.
 *    Sub-terms are recognised by name ("Fortress Gate" under "Fortress")
 *    and by breaking the alphabetical order of the list.
 *    "Term: text" definition lists are read when terms have no line of
 *    their own.
 *  - tables: grid tables (+----+ rules, cells wrapped over lines) and rows
 *    of pipes with no header rule. A row with an empty term cell continues
 *    the entry above; a term row with an empty body is a term with no text.
 *  - Markdown tables: | Term | Body | with the |---| rule under the header;
 *    \| is a pipe inside a cell, <br> a paragraph break.
 *  - one cell per line: every cell on lines of its own between lone "|"
 *    lines (term, |, body, |, |, next term ...), as some table exports
 *    write them; a body may run over several lines or be empty.
 *  - CSV and TSV (RFC 4180 quoting: separators, doubled quotes and line
 *    breaks inside quoted cells), with or without a header row naming the
 *    term, body, see-also and section columns.
 *  - HTML saved from a browser: a <table>, a <dl> definition list, or
 *    headings followed by paragraphs; tags dropped, entities decoded,
 *    <br> and <p> break paragraphs. A page declaring another charset than
 *    UTF-8 is converted when GLib knows the charset, refused otherwise.
 *  - JSON: a list of objects (or an object holding one) with a title/term/
 *    name, a body/definition/text (string or list of paragraphs) and
 *    optional see_also/related and section/parent.
 *
 * Text in UTF-16 with a byte order mark is converted; PDF, Word,
 * OpenDocument and RTF documents are refused (FORMAT) saying how to export
 * them as text.
 *
 * The imported text is the player's; it lives in their data directory and
 * is never shipped.
 */
#pragma once

#include <glib.h>

#include "spk-glossary.h"

G_BEGIN_DECLS

#define SPK_RULES_IMPORT_ERROR (spk_rules_import_error_quark ())

typedef enum {
  SPK_RULES_IMPORT_ERROR_IO,        /* cannot read or write the file */
  SPK_RULES_IMPORT_ERROR_NO_TERMS,  /* nothing in the text looked like a term */
  SPK_RULES_IMPORT_ERROR_FORMAT,    /* a saved import that is not ours, JSON too deep to read,
                                     * a CSV quote never closed, an unknown charset */
  SPK_RULES_IMPORT_ERROR_TOO_LARGE, /* past SPK_RULES_IMPORT_MAX_*: not a rules text */
} SpkRulesImportError;

/* Far above the official Rules Reference (a few hundred terms, the longest
 * a few thousand characters), far below what freezes a window: an import
 * past one of them is refused, naming the term and its line. */
#define SPK_RULES_IMPORT_MAX_TERMS      20000
#define SPK_RULES_IMPORT_MAX_TERM_CHARS 50000  /* a term's paragraphs together */
#define SPK_RULES_IMPORT_MAX_SEE_ALSO   200
#define SPK_RULES_IMPORT_MAX_DEPTH      16     /* parent terms of one term */

GQuark spk_rules_import_error_quark (void);

typedef struct {
  char  *title;
  char **section;     /* parent terms, outermost first */
  char **paragraphs;  /* cleaned text, one string per paragraph */
  char **see_also;    /* as written: "Fortress – Fortress Gate" */
  guint  line;        /* 1-based line of the term in the source (0 if saved) */
} SpkRulesTerm;

typedef enum {
  SPK_RULES_FORMAT_TEXT,
  SPK_RULES_FORMAT_TABLE,     /* grid table, or pipe rows with no |---| rule */
  SPK_RULES_FORMAT_JSON,
  SPK_RULES_FORMAT_CELLS,     /* one cell per line between lone "|" lines */
  SPK_RULES_FORMAT_CSV,
  SPK_RULES_FORMAT_TSV,
  SPK_RULES_FORMAT_MARKDOWN,  /* pipe table with a |---| rule */
  SPK_RULES_FORMAT_HTML,
} SpkRulesFormat;

/* The shape of an export, as spk_rules_import_parse() will read it. */
SpkRulesFormat  spk_rules_import_detect (const char *text,
                                         gssize      length);
/* A stable id for reports ("text", "table", "json", "cells", "csv",
 * "tsv", "markdown", "html") and a name for people ("CSV"). */
const char     *spk_rules_format_id     (SpkRulesFormat format);
const char     *spk_rules_format_name   (SpkRulesFormat format);

typedef struct {
  SpkRulesFormat format;
  GPtrArray *terms;      /* of SpkRulesTerm*, in source order */
  GPtrArray *warnings;   /* of char*: "line N: ..." for text not placed */
  guint      n_furniture;  /* page numbers and running headers dropped */
  guint      n_unread;     /* rows or entries past SPK_RULES_IMPORT_MAX_TERMS
                            * terms, counted but not read (the import is
                            * refused) */
  /* The game whose official text this is ("cloudspire"), so its wording
   * is shown for that game's entries only; NULL when not known (a fresh
   * parse), and then any entry of the same title may use it. Saved with
   * the import; an import saved without one is Cloudspire's
   * (SPK_RULES_IMPORT_LEGACY_GAME). */
  char      *game;
} SpkRulesImport;

/* Imports saved before packs named their game were all of the Cloudspire
 * Rules Reference, the only game then. */
#define SPK_RULES_IMPORT_LEGACY_GAME "cloudspire"

/* Parses an export. Fails with NO_TERMS when no term was found, the
 * message naming what the text looked like ("a CSV file whose rows have 1
 * column"); with FORMAT when it cannot be read at all (a CSV quote never
 * closed, a page in an unknown charset, JSON past the guard). */
SpkRulesImport *spk_rules_import_parse (const char *text,
                                        gssize      length,
                                        GError    **error);
SpkRulesImport *spk_rules_import_load  (const char *path,
                                        GError    **error);
void            spk_rules_import_free  (SpkRulesImport *self);

/* Where the app keeps the import: $SPK_OFFICIAL_RULES when set, else
 * g_get_user_data_dir()/spirekeeper/official-rules.json. */
char           *spk_rules_import_default_path (void);

/* Saves as JSON ({"format": "spirekeeper-official-rules", "terms": [...]})
 * creating the directory; @source_name is recorded for the user's sake. */
gboolean        spk_rules_import_save  (const SpkRulesImport *self,
                                        const char           *path,
                                        const char           *source_name,
                                        GError              **error);
/* Reads what spk_rules_import_save() wrote. */
SpkRulesImport *spk_rules_import_load_saved (const char *path,
                                             GError    **error);

/* The imported term for a glossary entry: same title and section path when
 * there is one, else the same title under the closest parent, else NULL. */
/* (An entry of another game than the import's has none.) */
const SpkRulesTerm *spk_rules_import_find (const SpkRulesImport   *self,
                                           const SpkGlossaryEntry *entry);

/* Cleans one line of exported text: markup, entities, smart quotes,
 * icon glyphs and runs of spaces. Exposed for tests. */
char           *spk_rules_import_clean_line (const char *line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkRulesImport, spk_rules_import_free)

G_END_DECLS
