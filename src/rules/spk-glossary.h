/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-glossary.h: a glossary pack (data/glossary/GAME.json) in memory.
 *
 * A pack is generic: a game id, entries and quick-reference tables, so
 * another game's glossary is just another file. Loading validates
 * everything the app relies on (required fields, id spelling, unique ids
 * and titles, every see-also resolving, tables well formed) and works out
 * the backlinks. Plain structs, no GTK; the pack is immutable once loaded.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SPK_GLOSSARY_ERROR (spk_glossary_error_quark ())

typedef enum {
  SPK_GLOSSARY_ERROR_IO,              /* the file could not be read */
  SPK_GLOSSARY_ERROR_SYNTAX,          /* not JSON */
  SPK_GLOSSARY_ERROR_NOT_A_PACK,      /* missing or wrong "format" */
  SPK_GLOSSARY_ERROR_NEWER_VERSION,   /* "version" newer than we read */
  SPK_GLOSSARY_ERROR_MISSING,         /* a required field is absent */
  SPK_GLOSSARY_ERROR_TYPE,            /* a field has the wrong JSON type */
  SPK_GLOSSARY_ERROR_BAD_ID,          /* id is not a slug of its path */
  SPK_GLOSSARY_ERROR_DUPLICATE_ID,
  SPK_GLOSSARY_ERROR_DUPLICATE_TITLE,
  SPK_GLOSSARY_ERROR_UNRESOLVED,      /* see_also / table entry names no entry */
  SPK_GLOSSARY_ERROR_BAD_TABLE,       /* a row's width differs from the columns */
  SPK_GLOSSARY_ERROR_TOO_LONG,        /* a string or list past the limits below */
  SPK_GLOSSARY_ERROR_DUPLICATE_PHRASE, /* a concept phrase given twice */
} SpkGlossaryError;

/* A pack's longest text is a few thousand characters and its longest list
 * a few hundred entries; past these a pack is refused (issue 12: a huge
 * string froze the window). */
#define SPK_GLOSSARY_MAX_CHARS 20000   /* characters of one string */
#define SPK_GLOSSARY_MAX_ITEMS 10000   /* elements of one list */
/* A concept phrase is a few words a player says ("wipe out"); the search
 * matches it word by word, so it stays short. */
#define SPK_GLOSSARY_MAX_PHRASE_WORDS 6
#define SPK_GLOSSARY_MIN_WEIGHT 0.1
#define SPK_GLOSSARY_MAX_WEIGHT 10.0

GQuark spk_glossary_error_quark (void);

typedef struct _SpkGlossaryEntry SpkGlossaryEntry;

/* An entry's names in one language ("i18n": {"de": {...}}): its title
 * there (or NULL when the pack gives only aliases) and the words players
 * of that language type for it. The body stays in the pack's language. */
typedef struct {
  char  *lang;     /* "de": lowercase letters, optionally "_" and a region ("pt_BR") */
  char  *title;
  char **aliases;
} SpkGlossaryLocalized;

/* What an entry is: a rules term, or a published ruling (an FAQ answer or
 * erratum in our words) that concerns some terms. */
typedef enum {
  SPK_GLOSSARY_KIND_TERM,
  SPK_GLOSSARY_KIND_RULING,
} SpkGlossaryKind;

struct _SpkGlossaryEntry {
  char  *id;
  char  *title;
  char **section;    /* parent terms, outermost first; empty for top level */
  char  *body;       /* paragraphs separated by a blank line */
  char **see_also;   /* entry ids, all resolved */
  char **aliases;
  char **rulings;
  /* Questions players asked that this entry answers best, in our words
   * ("my guy is stuck behind a mountain, what now"): the search reads them
   * as examples of how the entry is asked for (R-rules-12). Empty when the
   * pack gives none. */
  char **asked;
  gboolean official; /* a Rules Reference term (FALSE: one we added) */
  guint  index;      /* position in the pack (sorted as in the file) */
  /* Entries whose see_also names this one, in pack order (borrowed). */
  GPtrArray *backlinks;
  /* Published rulings ("kind": "ruling"): where the ruling comes from
   * (document and section, or URL) and the ids of the terms it concerns;
   * NULL and empty for a term. */
  SpkGlossaryKind kind;
  char  *source;
  char **concerns;
  /* Rulings whose concerns name this entry, in pack order (borrowed). */
  GPtrArray *rulings_about;
  /* A ruling about one card of the game: the card's name and the part of
   * the game it belongs to ("Blademaster", "Finesse"); NULL when the
   * ruling is not about a card, always NULL for a term. */
  char  *card;
  char  *spec;
  /* The game of the pack the entry comes from ("codex"; borrowed from the
   * pack), so results of several packs can be told apart. */
  const char *game;
  /* Its names in other languages, of SpkGlossaryLocalized*, in pack order;
   * empty when the pack gives none. */
  GPtrArray *i18n;
};

typedef struct {
  char      *id;
  char      *title;
  char      *entry;    /* id of the entry it belongs to, or NULL */
  char     **columns;
  GPtrArray *rows;     /* of char** (NULL-terminated, one per column) */
  char      *note;
} SpkGlossaryTable;

/* Words players use for a rules concept ("kill", "wipe out") and the
 * entries that answer them, best first. The search adds those entries to
 * a query that says one of the phrases, and tells which phrase it read as
 * which concept. */
typedef struct {
  char  *name;     /* shown: "matched 'kill' as Defeat"; defaults to the
                    * title of the first entry */
  char **phrases;  /* as written in the pack */
  char **entries;  /* entry ids, all resolved, best first */
  double weight;   /* how much saying it counts, 1 unless the pack says
                    * otherwise (SPK_GLOSSARY_MIN_WEIGHT .. MAX_WEIGHT) */
  char **with;     /* names of other concepts, usually none: when given,
                    * the phrases count only in a question that also says
                    * one of those */
} SpkGlossaryConcept;

typedef struct _SpkGlossary SpkGlossary;

/* Reads and validates a pack. On failure returns NULL, sets @error to the
 * first problem and, when @problems is given, stores every problem found
 * (GError*, messages start with "FILE: json.path:"). */
SpkGlossary *spk_glossary_load           (const char  *path,
                                          GPtrArray  **problems,
                                          GError     **error);
/* Same from memory; @name is used in messages in place of a file name. */
SpkGlossary *spk_glossary_load_from_data (const char  *data,
                                          gssize       length,
                                          const char  *name,
                                          GPtrArray  **problems,
                                          GError     **error);

SpkGlossary *spk_glossary_ref   (SpkGlossary *self);
void         spk_glossary_unref (SpkGlossary *self);

const char  *spk_glossary_get_game    (const SpkGlossary *self);
const char  *spk_glossary_get_title   (const SpkGlossary *self);
guint        spk_glossary_get_n_entries (const SpkGlossary *self);
const SpkGlossaryEntry *spk_glossary_get_entry (const SpkGlossary *self, guint i);
const SpkGlossaryEntry *spk_glossary_lookup    (const SpkGlossary *self, const char *id);
/* Case- and accent-insensitive; @section may be NULL to take the first
 * entry of that title (top-level entries first). */
const SpkGlossaryEntry *spk_glossary_find_title (const SpkGlossary *self,
                                                 const char *const *section,
                                                 const char        *title);

guint        spk_glossary_get_n_tables (const SpkGlossary *self);
const SpkGlossaryTable *spk_glossary_get_table (const SpkGlossary *self, guint i);
/* Tables whose "entry" is @entry_id, in pack order (borrowed; free the array). */
GPtrArray   *spk_glossary_tables_for_entry (const SpkGlossary *self, const char *entry_id);

/* Number of entries of @kind. */
guint        spk_glossary_count_kind  (const SpkGlossary *self, SpkGlossaryKind kind);
guint        spk_glossary_get_n_concepts (const SpkGlossary *self);
const SpkGlossaryConcept *spk_glossary_get_concept (const SpkGlossary *self, guint i);

/* The names @entry has in @lang, or NULL. @lang is a locale name as
 * g_get_language_names() gives them ("de_DE.UTF-8", "de_DE", "de"): the
 * codeset and modifier are ignored, and a language with a region falls
 * back to the bare language. "C" and "en" have none (the pack's own
 * words are English). */
const SpkGlossaryLocalized *spk_glossary_entry_localized (const SpkGlossaryEntry *entry,
                                                          const char             *lang);
/* The title of @entry in @lang, else its own title. */
const char  *spk_glossary_entry_title_in (const SpkGlossaryEntry *entry,
                                          const char             *lang);
/* TRUE when some entry of the pack has names in @lang (as above). */
gboolean     spk_glossary_has_language (const SpkGlossary *self,
                                        const char        *lang);

/* "Fortress – Fortress Gate" style path of an entry (section then title). */
char        *spk_glossary_entry_path  (const SpkGlossaryEntry *entry);

/* @entry as plain text to paste into a chat: its path, its paragraphs,
 * its tables (a line per row), its source and the rulings about it, and
 * a last line saying these are the pack's words, not the official text.
 * Ends with a newline. */
char        *spk_glossary_entry_to_text (const SpkGlossary      *self,
                                         const SpkGlossaryEntry *entry);

/* The pack id of a path: lowercase ASCII letters and digits, every other
 * run of characters becomes one '-', trimmed at both ends. Accents are
 * dropped ("Café" -> "cafe"). */
char        *spk_glossary_slug        (const char *const *section, const char *title);

/* Folds @text for comparison: lowercase, accents removed, runs of
 * non-alphanumeric characters become one space, trimmed. */
char        *spk_glossary_fold        (const char *text);

/* The pack file of @game ("cloudspire"): $SPK_GLOSSARY_DIR/GAME.json when
 * that variable is set, else PKGDATADIR/glossary/GAME.json, else (for
 * running uninstalled) the source tree's data/glossary/GAME.json. Returns
 * the first that exists, or NULL. */
char        *spk_glossary_find_pack   (const char *game);

/* The games that have a pack where spk_glossary_find_pack looks, sorted
 * ("cloudspire", "codex"). NULL-terminated; free with g_strfreev. */
char       **spk_glossary_list_games  (void);

/* "Card: Blademaster (Finesse)" for a ruling about a card, NULL for an
 * entry without a card. */
char        *spk_glossary_entry_card_label (const SpkGlossaryEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkGlossary, spk_glossary_unref)

G_END_DECLS
