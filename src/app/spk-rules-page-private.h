/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-rules-page-private.h: what the files of the Rules page share: the
 * page's fields and the functions one part calls in another.
 * spk-rules-page.c loads the packs and lists results, -entry.c shows an
 * open entry or table, -actions.c holds the actions, keys and the game
 * filter. */
#pragma once

#include "spk-rules-page.h"

#include "spk-glossary.h"
#include "spk-packs.h"

G_BEGIN_DECLS

struct _SpkRulesPage
{
  GtkWidget       parent_instance;

  AdwLeaflet     *leaflet;
  GtkSearchEntry *search_entry;
  GtkLabel       *status_label;
  GtkListBox     *result_list;
  GtkBox         *entry_box;
  GtkWidget      *entry_page;
  GtkToggleButton *rulings_toggle;
  GtkDropDown    *game_dropdown;

  SpkPacks       *packs;     /* every game's pack, NULL until loaded */
  char           *game;      /* the game searched; NULL: all games (all_games)
                              * or none chosen yet */
  gboolean        all_games;
  gboolean        filling;   /* the dropdown is being set from the page */
  /* The pack plain ids are read in: the game searched, or the open
   * entry's game when all are searched (borrowed from packs). */
  SpkGlossary    *glossary;
  SpkRulesImport *import;
  GPtrArray      *results;   /* of char*: ids, as listed */
  GPtrArray      *links;     /* of char*, NULL-terminated */
  GPtrArray      *rulings_shown; /* of char*, NULL-terminated: the open term's Rulings */
  GPtrArray      *back;      /* of char* */
  GPtrArray      *forward;   /* of char* */
  char           *current;
  char           *shown_query; /* the text the results were found for */
  /* The language whose titles are shown ("de"), or NULL for the pack's
   * own (English); the user's first language the pack has names in. */
  char           *language;
  char           *shown_title; /* the open entry's title as shown */
  GCancellable   *cancellable;
};

/* A table is named "table:ID" (one game) or "table:GAME:ID" (all games). */
#define TABLE_PREFIX "table:"

/* spk-rules-page.c */
void      _spk_rules_page_update_results      (SpkRulesPage             *self);

/* spk-rules-page-entry.c */
char     *_spk_rules_page_entry_ref           (SpkRulesPage             *self,
                                               const SpkGlossaryEntry   *e);
gboolean  _spk_rules_page_resolve             (SpkRulesPage             *self,
                                               const char               *id,
                                               SpkGlossary             **glossary,
                                               const SpkGlossaryEntry  **entry,
                                               const SpkGlossaryTable  **table);
gboolean  _spk_rules_page_show                (SpkRulesPage             *self,
                                               const char               *id);

/* spk-rules-page-actions.c */
void      _spk_rules_page_class_add_actions   (GtkWidgetClass           *widget_class);
void      _spk_rules_page_add_keys            (SpkRulesPage             *self);
void      _spk_rules_page_fill_game_dropdown  (SpkRulesPage             *self);
void      _spk_rules_page_game_selected       (SpkRulesPage             *self);

G_END_DECLS
