/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-rules-article.h: the pieces a rules entry is shown with on the Rules
 * page: paragraphs, tables and link labels. */
#pragma once

#include <gtk/gtk.h>

#include "spk-glossary.h"

G_BEGIN_DECLS

/* A selectable, wrapping paragraph, with the CSS class @css if not NULL. */
GtkWidget *spk_article_paragraph      (const char             *text,
                                       const char             *css);
/* A table of an entry: its title, a card with its header row and rows
 * (scrolling sideways when too wide) and its note. */
GtkWidget *spk_article_table          (const SpkGlossaryTable *table);
/* A link's title, wrapping so that no button is wider than a 360 px
 * window (a long title would set the page's minimum width). */
GtkWidget *spk_article_wrapping_label (const char             *text);

G_END_DECLS
