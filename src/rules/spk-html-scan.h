/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-html-scan.h: a small tolerant reader of HTML pages saved from a
 * browser, for the rules importer. It does not build a tree: one pass over
 * the text turns the blocks that can carry a glossary (headings,
 * paragraphs, definition lists, table rows and cells) into a flat list, so
 * a page of any depth or any breakage costs time in proportion to its
 * length and never recursion. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  SPK_HTML_BLOCK_HEADING,     /* <h1>..<h6>: level 1..6 */
  SPK_HTML_BLOCK_PARAGRAPH,   /* <p>, <div>, <li>, loose text */
  SPK_HTML_BLOCK_TERM,        /* <dt>: level is the depth of its <dl> */
  SPK_HTML_BLOCK_DEFINITION,  /* <dd> */
  SPK_HTML_BLOCK_ROW,         /* <tr>: starts a row, holds no text */
  SPK_HTML_BLOCK_CELL,        /* <td>, <th> */
} SpkHtmlBlockKind;

typedef struct {
  SpkHtmlBlockKind kind;
  int              level;
  guint            line;   /* 1-based line of the tag that opened it */
  char            *text;   /* tags dropped, entities kept as written,
                            * spaces collapsed; "\n\n" where <br> or <p>
                            * broke the block into paragraphs */
} SpkHtmlBlock;

/* TRUE when the text starts like a web page (<!DOCTYPE html>, <html>, or a
 * <table>/<dl>/<body> near the top). */
gboolean   spk_html_sniff   (const char *text, gsize length);

/* The charset a page declares in <meta>, folded to lower case, or NULL. */
char      *spk_html_charset (const char *text, gsize length);

/* The blocks of a page, in order: a GPtrArray of SpkHtmlBlock*. */
GPtrArray *spk_html_scan    (const char *text);

G_END_DECLS
