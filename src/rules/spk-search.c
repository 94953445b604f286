/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spk-asked-index.h"
#include "spk-stem.h"

/* F_I18N: an entry's titles and aliases in other languages, a field of
 * their own so that they leave the English fields' statistics alone. */
enum { F_TITLE, F_ALIAS, F_SECTION, F_BODY, F_TABLE, F_I18N, N_FIELDS };

/* A title or alias hit must beat a body that repeats the word: BM25 caps
 * what repetition can earn at (k1 + 1) per field, so the title weight is
 * set above what a body can ever reach. */
static const double field_weight[N_FIELDS] = { 3.0, 2.6, 0.8, 1.0, 0.8, 2.6 };
static const double field_b[N_FIELDS] = { 0.4, 0.4, 0.3, 0.75, 0.5, 0.4 };

/* A sub-term's bare title ("Spires" under Basic Side) is a weaker answer
 * to a one-word query than a top-level term or an alias. */
#define SUBTERM_NAME_FACTOR 0.45
#define BM25_K1 1.2

/* How much a match counts relative to the word itself. */
#define Q_EXACT        1.0
#define Q_STEM         0.9
#define Q_PREFIX       0.85
#define Q_TYPO1        0.7
#define Q_TYPO2        0.5
#define Q_TYPO_PREFIX  0.45

/* Bonuses that settle the order before BM25 does. */
#define BONUS_TITLE       1000.0
#define BONUS_ALIAS        900.0
#define BONUS_TITLE_STEM   500.0
#define BONUS_ALIAS_STEM   400.0
#define BONUS_TITLE_START   40.0
#define TITLE_COVERAGE_BOOST 0.4

/* A published ruling among terms: it answers a narrower question than the
 * term it concerns, so it ranks below a term that matches as well. */
#define RULING_WEIGHT      0.5
/* A concept phrase in the query: what its first entry gains, and the
 * share of that the following entries gain. */
#define CONCEPT_SCORE      20.0
#define CONCEPT_NEXT        0.4
/* A phrase said loosely (two words the other way round, "limit on
 * spires", or one other word between, "move a minion through") is a
 * little less sure than as written. */
#define CONCEPT_LOOSE       0.5
/* A question that is nothing but one concept phrase ("shoot at") names its
 * first entry, as an alias would, but below an alias written as typed. */
#define CONCEPT_NAME_BONUS 450.0
/* Marks an entry touched by a concept alone, whatever words it matched. */
#define CONCEPT_BIT        (1u << 31)

/* What a query's score on the questions asked for an entry counts, added
 * to its score on the entry's own text (R-rules-12). */
#define ASKED_WEIGHT        1.5

/* A word in at most this many entries may be a name (R-rules-9). */
#define RARE_WORD_ENTRIES   4
#define MAX_QUERY_WORDS    16
/* Words of a question looked at for concept phrases. */
#define MAX_PHRASE_SCAN    48
#define WORD_BLOCK        512
#define MAX_PREFIX_WORDS  256
#define MAX_WORD          64
#define SNIPPET_WORDS     22

#define FIELD_BIT(f) (1u << (f))
#define NAME_FIELDS (FIELD_BIT (F_TITLE) | FIELD_BIT (F_ALIAS) | FIELD_BIT (F_I18N))

typedef struct {
  guint32 entry;
  float   score;
  guint8  fields;   /* FIELD_BIT of every field holding the word */
} Posting;

/* While building: one per (word, entry), chained per word through a single
 * array so that no word needs an array of its own. */
typedef struct {
  guint32 entry;
  guint32 next;     /* index of the word's next raw posting, or NO_RAW */
  guint16 tf[N_FIELDS];
} RawPosting;

#define NO_RAW G_MAXUINT32

typedef struct {
  guint32 value;   /* entry << 1 | 1 for an alias */
  guint32 next;    /* 1 + index of the next hit of the same key, or 0 */
} KeyHit;

/* A concept phrase, its words as stems, chained per first stem. */
typedef struct {
  guint32 concept;
  guint32 n_words;
  const char *words[SPK_GLOSSARY_MAX_PHRASE_WORDS];
  const char *stems[SPK_GLOSSARY_MAX_PHRASE_WORDS];
  guint32 stop;     /* bit per word that is a question word */
  guint32 next;     /* 1 + index of the next phrase of the same first stem, or 0 */
  guint32 next_last; /* two-word phrases: 1 + index of the next one of the
                      * same last stem, or 0 */
} Phrase;

/* A phrase found in a query: all[start .. end). */
typedef struct {
  guint32 phrase;
  guint   start;
  guint   end;
  guint32 bits;     /* the query words (toks) it covers */
  gboolean loose;   /* said the other way round, or with a word between */
} PhraseHit;

typedef struct _Word Word;
struct _Word {
  const char *text;
  guint      len;
  guint32    hash;
  guint32    letters;    /* bit per letter/digit class present */
  guint32    post_start; /* its postings: SpkSearchIndex.postings[post_start ..] */
  guint32    n_post;
  const char *stem;
  gboolean   stop;       /* a question word */
  gboolean   rare;       /* in few entries and in no concept phrase (a name) */
  Word      *next_same_stem;  /* the other words of its stem, chained */
  guint32    raw_first;  /* while building: its chain in Builder.raws */
  guint32    raw_last;
  guint32    n_raw;
  /* per query */
  guint      exp_gen;    /* query word that last expanded to this word */
  guint      exp_index;  /* ... at this position of the expansion list */
  guint      stamp;
  guint32    tokens;     /* query words that matched this word */
};

typedef struct {
  guint start;
  guint end;
  Word *word;
} BodyToken;

typedef struct {
  GArray *body_tokens;   /* of BodyToken */
  char   *title_key;     /* folded title words */
  char   *title_key_short;  /* without stop words */
  char   *title_stem_key;
  GPtrArray *title_words;  /* Word* of the title, question words left out */
  guint   title_rank;      /* position in title order, to break ties */
} EntryInfo;

struct _SpkSearchIndex {
  SpkGlossary *glossary;
  guint        n_entries;
  EntryInfo   *info;
  GPtrArray   *words;       /* Word*, in order of first sight */
  GPtrArray   *word_blocks; /* the Words, WORD_BLOCK at a time */
  GStringChunk *word_text;  /* the words' text and stems */
  GArray      *postings;    /* of Posting, each word's in one run */
  Word       **word_slots;  /* open addressing by Word.hash; size word_mask + 1 */
  guint        word_mask;
  GPtrArray   *sorted;      /* Word*, by text, for prefix ranges */
  GPtrArray   *by_len[MAX_WORD + 1];  /* Word*, for typo scans */
  GHashTable  *stems;       /* stem -> GPtrArray of Word* (owned arrays) */
  /* Name keys: folded key -> 1 + index of its first KeyHit in key_hits. */
  GHashTable  *name_keys;   /* titles and aliases as written */
  GHashTable  *short_keys;  /* aliases without their question words */
  GHashTable  *stem_keys;   /* stems of title and alias words */
  GArray      *key_hits;    /* of KeyHit */
  GStringChunk *key_text;   /* the keys' strings (and the phrases') */
  GArray      *phrases;     /* of Phrase */
  GHashTable  *phrase_first; /* first stem -> 1 + index of its first Phrase */
  GHashTable  *phrase_stems; /* every stem of every phrase (a set) */
  GHashTable  *phrase_last;  /* last stem of a two-word phrase -> 1 + index */
  GPtrArray   *phrase_words; /* the phrases' distinct words, for typo scans */
  guint32     *phrase_masks; /* letter_mask of each of them */
  GArray      *with_list;    /* guint32 indices of the phrases of concepts
                              * said only with another, in no chain */
  guint32    **with_targets; /* per concept: NULL, or the concepts one of
                              * which it needs, G_MAXUINT32 after the last */

  /* query scratch, n_entries long */
  guint        stamp;
  guint        exp_gen;
  guint32      marked;       /* query words whose matches a snippet marks */
  double      *score;
  double      *best;
  guint32     *matched;
  guint32     *name_matched;
  guint8      *best_fields;
  double      *concept_score;  /* the best concept weight an entry got */
  double      *concept_total;  /* the sum of them */
  guint32     *concept_hit;    /* 1 + index of that PhraseHit in hits, or 0 */
  guint32     *touched;
  guint        n_touched;
  SpkSearchFilter filter;   /* of the query running */

  SpkAskedIndex *asked;     /* the entries' asked questions */
  double      *asked_score; /* per query, n_entries long, 0 between queries */
  guint32     *asked_touched;
};

/* ---- words ---- */

static const char *const stop_words[] = {
  /* sorted: looked up by binary search; "don", "isn" ... are what is left
   * of "don't", "isn't" once the apostrophe splits them; "dont", "isnt"
   * ... are the same typed without it */
  "a", "about", "an", "and", "any", "anything", "are", "aren", "arent", "as", "at", "be",
  "been", "by", "can", "cannot", "cant", "could", "couldn", "couldnt", "d", "define",
  "definition", "did", "didn", "didnt", "do", "does", "doesn", "doesnt", "doing", "don",
  "dont", "explain", "for", "from", "get", "gets", "go", "goes", "going", "got",
  "guy", "guys", "had", "happen", "happened", "happens", "has", "have", "he", "her", "hes",
  "him", "his", "how", "i", "if", "im", "in", "into", "is", "isn", "isnt", "it",
  "its", "ive", "ll", "m", "many", "me", "mean", "meaning", "means", "much", "my", "of",
  "on", "or", "our", "re", "s", "she", "shes", "should", "shouldn", "shouldnt", "so",
  "something", "t", "that", "the", "their", "them", "then", "there", "theres", "these",
  "they", "theyre", "this", "those", "to", "up", "us", "ve", "was", "wasn", "wasnt", "we",
  "were", "weren", "werent", "what", "whats", "when", "where", "which", "while", "who",
  "why", "will", "with", "won", "wont", "work", "works", "would", "wouldn", "wouldnt",
  "you", "your", "youre",
};

gboolean
spk_search_is_stop_word (const char *word)
{
  gsize lo = 0, hi = G_N_ELEMENTS (stop_words);

  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;
      int c = strcmp (word, stop_words[mid]);

      if (c == 0)
        return TRUE;
      if (c < 0)
        hi = mid;
      else
        lo = mid + 1;
    }
  return FALSE;
}

static guint32
letter_mask (const char *w)
{
  guint32 m = 0;

  for (; *w != '\0'; w++)
    {
      if (*w >= 'a' && *w <= 'z')
        m |= 1u << (*w - 'a');
      else if (*w >= '0' && *w <= '9')
        m |= 1u << (26 + (*w - '0') % 6);
    }
  return m;
}

typedef void (*TokenFunc) (const char *word, guint start, guint end, gpointer data);

static gboolean
is_word_char (gunichar c)
{
  return g_unichar_isalnum (c) || g_unichar_ismark (c);
}

/* Splits @text into folded words, calling @func with each word and its byte
 * range in @text. ASCII words are lowercased directly; others go through
 * g_str_tokenize_and_fold and take its ASCII alternate, so "Café" and
 * "cafe" are one word. */
static void
each_word (const char *text, TokenFunc func, gpointer data)
{
  const char *p = text;
  char buf[MAX_WORD * 4];

  while (*p != '\0')
    {
      const char *start;
      gboolean ascii = TRUE;
      gsize n;

      if ((guchar) *p < 0x80)
        {
          if (!g_ascii_isalnum (*p))
            {
              p++;
              continue;
            }
        }
      else if (!is_word_char (g_utf8_get_char (p)))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      start = p;
      while (*p != '\0')
        {
          if ((guchar) *p < 0x80)
            {
              if (!g_ascii_isalnum (*p))
                break;
              p++;
            }
          else
            {
              if (!is_word_char (g_utf8_get_char (p)))
                break;
              ascii = FALSE;
              p = g_utf8_next_char (p);
            }
        }
      n = (gsize) (p - start);
      if (ascii && n < sizeof buf)
        {
          for (gsize i = 0; i < n; i++)
            buf[i] = (start[i] >= 'A' && start[i] <= 'Z') ? (char) (start[i] + ('a' - 'A')) : start[i];
          buf[n] = '\0';
          func (buf, (guint) (start - text), (guint) (p - text), data);
        }
      else
        {
          g_autofree char *word = g_strndup (start, n);
          g_auto(GStrv) alternates = NULL;
          g_auto(GStrv) folded = g_str_tokenize_and_fold (word, NULL, &alternates);
          guint n_alt = alternates != NULL ? g_strv_length (alternates) : 0;

          for (guint i = 0; folded[i] != NULL; i++)
            {
              const char *w = g_strv_length (folded) == n_alt ? alternates[i] : folded[i];
              func (w, (guint) (start - text), (guint) (p - text), data);
            }
        }
    }
}

static void
collect_word (const char *word, guint start, guint end, gpointer data)
{
  g_strv_builder_add (data, word);
}

GStrv
spk_search_tokenize (const char *text)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_autofree char *valid = NULL;

  /* Typed text may be cut inside a character; never read past its end. */
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  each_word (text, collect_word, b);
  return g_strv_builder_end (b);
}

/* Optimal string alignment distance of @a to @b, or to the closest prefix
 * of @b when @prefix; @max + 1 once it is sure to exceed @max. */
static guint
osa_distance (const char *a, guint la, const char *b, guint lb, guint max, gboolean prefix)
{
  guint rows[3][MAX_WORD + 1];
  guint *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
  guint best = max + 1;

  if (la > MAX_WORD || lb > MAX_WORD)
    return la == lb && memcmp (a, b, la) == 0 ? 0 : max + 1;
  if (prefix)
    lb = MIN (lb, la + max);
  else if ((la > lb ? la - lb : lb - la) > max)
    return max + 1;
  for (guint j = 0; j <= lb; j++)
    prev[j] = j;
  for (guint i = 1; i <= la; i++)
    {
      guint row_min;
      guint *t;

      cur[0] = i;
      row_min = i;
      for (guint j = 1; j <= lb; j++)
        {
          guint cost = a[i - 1] == b[j - 1] ? 0 : 1;
          guint v = MIN (MIN (prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);

          if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
            v = MIN (v, prev2[j - 2] + 1);
          cur[j] = v;
          row_min = MIN (row_min, v);
        }
      if (row_min > max)
        return max + 1;
      t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
  if (!prefix)
    return MIN (prev[lb], max + 1);
  for (guint j = 0; j <= lb; j++)
    best = MIN (best, prev[j]);
  return best;
}

guint
spk_search_edit_distance (const char *a, const char *b, guint max)
{
  return osa_distance (a, (guint) strlen (a), b, (guint) strlen (b), max, FALSE);
}

/* ---- building ---- */

typedef struct {
  SpkSearchIndex *self;
  guint32         entry;
  int             field;
  GPtrArray      *key_words;  /* scratch for name_keys */
  GString        *keys[3];    /* scratch for name_keys */
  GArray         *raws;       /* of RawPosting */
  guint           lengths[N_FIELDS];
  GArray         *body_tokens;
} Builder;

/* FNV-1a: the index looks every word of every body up once, so the table
 * is a plain open-addressing one rather than a GHashTable. */
static guint32
hash_word (const char *text, gsize *len)
{
  guint32 h = 2166136261u;
  const char *p = text;

  for (; *p != '\0'; p++)
    h = (h ^ (guchar) *p) * 16777619u;
  *len = (gsize) (p - text);
  return h;
}

static Word *
find_hashed (SpkSearchIndex *self, const char *text, gsize len, guint32 h)
{
  for (guint i = h & self->word_mask;; i = (i + 1) & self->word_mask)
    {
      Word *w = self->word_slots[i];

      if (w == NULL)
        return NULL;
      if (w->hash == h && w->len == len && memcmp (w->text, text, len) == 0)
        return w;
    }
}

static Word *
find_word (SpkSearchIndex *self, const char *text)
{
  gsize len;
  guint32 h = hash_word (text, &len);

  return find_hashed (self, text, len, h);
}

static void
place_word (SpkSearchIndex *self, Word *w)
{
  guint i = w->hash & self->word_mask;

  while (self->word_slots[i] != NULL)
    i = (i + 1) & self->word_mask;
  self->word_slots[i] = w;
}

static Word *
intern (SpkSearchIndex *self, const char *text)
{
  gsize len;
  guint32 h = hash_word (text, &len);
  Word *w = find_hashed (self, text, len, h);

  if (w != NULL)
    return w;
  if (self->words->len % WORD_BLOCK == 0)
    g_ptr_array_add (self->word_blocks, g_new0 (Word, WORD_BLOCK));
  w = (Word *) self->word_blocks->pdata[self->word_blocks->len - 1] + self->words->len % WORD_BLOCK;
  w->text = g_string_chunk_insert_len (self->word_text, text, (gssize) len);
  w->len = (guint) len;
  w->hash = h;
  w->letters = letter_mask (text);
  {
    g_autofree char *stem = spk_stem (text);
    w->stem = g_string_chunk_insert_const (self->word_text, stem);
  }
  w->stop = spk_search_is_stop_word (text);
  w->raw_first = w->raw_last = NO_RAW;
  g_ptr_array_add (self->words, w);
  if (self->words->len * 2 > self->word_mask + 1)
    {
      /* Keep the table at most half full. */
      g_free (self->word_slots);
      self->word_mask = self->word_mask * 2 + 1;
      self->word_slots = g_new0 (Word *, self->word_mask + 1);
      for (guint k = 0; k < self->words->len; k++)
        place_word (self, self->words->pdata[k]);
    }
  else
    place_word (self, w);
  return w;
}

static void
add_word (const char *text, guint start, guint end, gpointer data)
{
  Builder *bd = data;
  Word *w = intern (bd->self, text);
  RawPosting *rp;

  if (w->raw_last == NO_RAW || g_array_index (bd->raws, RawPosting, w->raw_last).entry != bd->entry)
    {
      guint32 at = bd->raws->len;

      g_array_set_size (bd->raws, at + 1);
      g_array_index (bd->raws, RawPosting, at).entry = bd->entry;
      g_array_index (bd->raws, RawPosting, at).next = NO_RAW;
      if (w->raw_last != NO_RAW)
        g_array_index (bd->raws, RawPosting, w->raw_last).next = at;
      else
        w->raw_first = at;
      w->raw_last = at;
      w->n_raw++;
    }
  rp = &g_array_index (bd->raws, RawPosting, w->raw_last);
  if (rp->tf[bd->field] < G_MAXUINT16)
    rp->tf[bd->field]++;
  bd->lengths[bd->field]++;
  if (bd->field == F_BODY)
    {
      guint at = bd->body_tokens->len;

      g_array_set_size (bd->body_tokens, at + 1);
      g_array_index (bd->body_tokens, BodyToken, at) = (BodyToken) { start, end, w };
    }
}

static void
collect_key_word (const char *word, guint start, guint end, gpointer data)
{
  Builder *bd = data;
  g_ptr_array_add (bd->key_words, intern (bd->self, word));
}

static void
append_word (GString *s, const char *w)
{
  if (s->len > 0)
    g_string_append_c (s, ' ');
  g_string_append (s, w);
}

/* Three keys of a name into bd->keys: every word; without stop words;
 * stems of those. */
static void
name_keys (Builder *bd, const char *name)
{
  GString *f = bd->keys[0], *s = bd->keys[1], *st = bd->keys[2];

  g_string_truncate (f, 0);
  g_string_truncate (s, 0);
  g_string_truncate (st, 0);
  g_ptr_array_set_size (bd->key_words, 0);
  each_word (name, collect_key_word, bd);
  for (guint i = 0; i < bd->key_words->len; i++)
    {
      Word *w = bd->key_words->pdata[i];

      append_word (f, w->text);
      if (!w->stop)
        {
          append_word (s, w->text);
          append_word (st, w->stem);
        }
    }
}

/* @text with its umlauts spelt out ("Türme" -> "Tuerme", "ß" -> "ss"),
 * as German is typed without them; NULL when it has none. (The fold
 * already makes "turme" of it.) */
static char *
umlauts_spelt_out (const char *text)
{
  static const char *const pairs[][2] = {
    { "ä", "ae" }, { "ö", "oe" }, { "ü", "ue" }, { "Ä", "Ae" }, { "Ö", "Oe" }, { "Ü", "Ue" }, { "ß", "ss" },
  };
  g_autoptr(GString) out = g_string_new (text);
  guint replaced = 0;

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    replaced += g_string_replace (out, pairs[i][0], pairs[i][1], 0);
  return replaced > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* Appends to @out (of owned strings) the entry's titles and aliases in
 * other languages, each also with its umlauts spelt out. */
static void
i18n_names (const SpkGlossaryEntry *entry, GPtrArray *out)
{
  for (guint k = 0; entry->i18n != NULL && k < entry->i18n->len; k++)
    {
      const SpkGlossaryLocalized *loc = entry->i18n->pdata[k];

      for (int a = -1; a < 0 || loc->aliases[a] != NULL; a++)
        {
          const char *name = a < 0 ? loc->title : loc->aliases[a];
          char *spelt = name != NULL ? umlauts_spelt_out (name) : NULL;

          if (name != NULL)
            g_ptr_array_add (out, g_strdup (name));
          if (spelt != NULL)
            g_ptr_array_add (out, spelt);
        }
    }
}

static void
add_key (SpkSearchIndex *self, GHashTable *table, const char *key, guint32 entry, gboolean alias)
{
  guint32 first, last = 0;
  KeyHit hit = { entry << 1 | (alias ? 1 : 0), 0 };

  if (*key == '\0')
    return;
  first = GPOINTER_TO_UINT (g_hash_table_lookup (table, key));
  for (guint32 h = first; h != 0; h = g_array_index (self->key_hits, KeyHit, h - 1).next)
    {
      if (g_array_index (self->key_hits, KeyHit, h - 1).value >> 1 == entry)
        return;
      last = h;
    }
  g_array_append_val (self->key_hits, hit);
  if (last != 0)
    g_array_index (self->key_hits, KeyHit, last - 1).next = self->key_hits->len;
  else
    g_hash_table_insert (table, g_string_chunk_insert_const (self->key_text, key),
                         GUINT_TO_POINTER (self->key_hits->len));
}

static void
collect_phrase_word (const char *word, guint start, guint end, gpointer data)
{
  g_ptr_array_add (data, g_strdup (word));
}

static void
add_phrases (SpkSearchIndex *self)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  guint n_concepts = spk_glossary_get_n_concepts (self->glossary);

  self->with_list = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->with_targets = g_new0 (guint32 *, MAX (n_concepts, 1));
  for (guint c = 0; c < n_concepts; c++)
    {
      char **with = spk_glossary_get_concept (self->glossary, c)->with;
      GArray *targets;

      if (with[0] == NULL)
        continue;
      targets = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint k = 0; with[k] != NULL; k++)
        for (guint32 o = 0; o < n_concepts; o++)
          if (o != c && g_strcmp0 (spk_glossary_get_concept (self->glossary, o)->name, with[k]) == 0)
            g_array_append_val (targets, o);
      {
        guint32 end = G_MAXUINT32;
        g_array_append_val (targets, end);
      }
      self->with_targets[c] = (guint32 *) (void *) g_array_free (targets, FALSE);
    }
  for (guint c = 0; c < n_concepts; c++)
    {
      const SpkGlossaryConcept *concept = spk_glossary_get_concept (self->glossary, c);

      for (guint k = 0; concept->phrases[k] != NULL; k++)
        {
          Phrase ph = { c, 0, { NULL }, { NULL }, 0, 0, 0 };
          guint32 first;

          g_ptr_array_set_size (words, 0);
          each_word (concept->phrases[k], collect_phrase_word, words);
          /* The loader keeps phrases short; a word the fold and the
           * tokenizer split differently must not overrun. */
          if (words->len == 0 || words->len > SPK_GLOSSARY_MAX_PHRASE_WORDS)
            continue;
          ph.n_words = words->len;
          for (guint w = 0; w < words->len; w++)
            {
              g_autofree char *stem = spk_stem (words->pdata[w]);

              ph.words[w] = g_string_chunk_insert_const (self->key_text, words->pdata[w]);
              ph.stems[w] = g_string_chunk_insert_const (self->key_text, stem);
              if (!g_hash_table_contains (self->phrase_stems, ph.stems[w]))
                g_ptr_array_add (self->phrase_words, (gpointer) ph.words[w]);
              g_hash_table_add (self->phrase_stems, (gpointer) ph.stems[w]);
              if (spk_search_is_stop_word (ph.words[w]))
                ph.stop |= 1u << w;
            }
          if (self->with_targets[c] != NULL)
            {
              guint32 index = self->phrases->len;

              g_array_append_val (self->phrases, ph);
              g_array_append_val (self->with_list, index);
              continue;
            }
          first = GPOINTER_TO_UINT (g_hash_table_lookup (self->phrase_first, ph.stems[0]));
          ph.next = first;
          g_array_append_val (self->phrases, ph);
          g_hash_table_insert (self->phrase_first, (gpointer) ph.stems[0],
                               GUINT_TO_POINTER (self->phrases->len));
          /* Two words of content can come the other way round ("limit on
           * spires" says "spire limit"); "shoot at" cannot. */
          if (ph.n_words == 2 && ph.stop == 0)
            {
              Phrase *added = &g_array_index (self->phrases, Phrase, self->phrases->len - 1);

              added->next_last = GPOINTER_TO_UINT (g_hash_table_lookup (self->phrase_last, ph.stems[1]));
              g_hash_table_insert (self->phrase_last, (gpointer) ph.stems[1],
                                   GUINT_TO_POINTER (self->phrases->len));
            }
        }
    }
  self->phrase_masks = g_new (guint32, MAX (self->phrase_words->len, 1));
  for (guint i = 0; i < self->phrase_words->len; i++)
    self->phrase_masks[i] = letter_mask (self->phrase_words->pdata[i]);
}

static int
compare_titles (gconstpointer a, gconstpointer b, gpointer info)
{
  const EntryInfo *x = (const EntryInfo *) info + *(const guint *) a;
  const EntryInfo *y = (const EntryInfo *) info + *(const guint *) b;

  return strcmp (x->title_key, y->title_key);
}

static int
compare_words (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(Word *const *) a)->text, (*(Word *const *) b)->text);
}

/* Word statistics (document frequencies, mean field lengths) are those of
 * the terms alone: the published rulings are ranked by them too, and
 * adding a ruling does not change how the terms score. */
static gboolean
in_stats (SpkGlossary *glossary, guint32 entry)
{
  return spk_glossary_get_entry (glossary, entry)->kind != SPK_GLOSSARY_KIND_RULING;
}

static double
stats_df (SpkGlossary *glossary, GArray *raws, const Word *w)
{
  guint df = 0;

  for (guint32 r = w->raw_first; r != NO_RAW; r = g_array_index (raws, RawPosting, r).next)
    df += in_stats (glossary, g_array_index (raws, RawPosting, r).entry);
  return df;
}

SpkSearchIndex *
spk_search_index_new (SpkGlossary *glossary)
{
  return spk_search_index_new_full (glossary, NULL, NULL);
}

SpkSearchIndex *
spk_search_index_new_full (SpkGlossary *glossary, SpkAskedFunc keep_asked, gpointer data)
{
  SpkSearchIndex *self = g_new0 (SpkSearchIndex, 1);
  guint n = spk_glossary_get_n_entries (glossary);
  guint n_stats = n - spk_glossary_count_kind (glossary, SPK_GLOSSARY_KIND_RULING);
  g_autofree guint *lengths = g_new0 (guint, N_FIELDS * MAX (n, 1));
  double avg[N_FIELDS] = { 0 };
  Builder bd = { self, 0, 0, g_ptr_array_new (),
                 { g_string_new (NULL), g_string_new (NULL), g_string_new (NULL) },
                 g_array_sized_new (FALSE, TRUE, sizeof (RawPosting), 4096), { 0 }, NULL };

  g_autoptr(GPtrArray) other_names = g_ptr_array_new_with_free_func (g_free);

  self->glossary = spk_glossary_ref (glossary);
  self->n_entries = n;
  self->info = g_new0 (EntryInfo, MAX (n, 1));
  self->words = g_ptr_array_sized_new (2048);
  self->word_blocks = g_ptr_array_new_with_free_func (g_free);
  self->word_text = g_string_chunk_new (16384);
  self->postings = g_array_sized_new (FALSE, FALSE, sizeof (Posting), 8192);
  self->word_mask = 4095;
  self->word_slots = g_new0 (Word *, self->word_mask + 1);
  self->stems = g_hash_table_new (g_str_hash, g_str_equal);
  self->name_keys = g_hash_table_new (g_str_hash, g_str_equal);
  self->stem_keys = g_hash_table_new (g_str_hash, g_str_equal);
  self->short_keys = g_hash_table_new (g_str_hash, g_str_equal);
  self->key_hits = g_array_sized_new (FALSE, FALSE, sizeof (KeyHit), 1024);
  self->key_text = g_string_chunk_new (8192);
  self->phrases = g_array_new (FALSE, FALSE, sizeof (Phrase));
  self->phrase_first = g_hash_table_new (g_str_hash, g_str_equal);
  self->phrase_stems = g_hash_table_new (g_str_hash, g_str_equal);
  self->phrase_last = g_hash_table_new (g_str_hash, g_str_equal);
  self->phrase_words = g_ptr_array_new ();

  for (guint e = 0; e < n; e++)
    {
      const SpkGlossaryEntry *entry = spk_glossary_get_entry (glossary, e);

      bd.entry = e;
      memset (bd.lengths, 0, sizeof bd.lengths);
      bd.body_tokens = g_array_sized_new (FALSE, FALSE, sizeof (BodyToken), (guint) strlen (entry->body) / 5 + 1);
      bd.field = F_TITLE;
      each_word (entry->title, add_word, &bd);
      bd.field = F_ALIAS;
      for (guint k = 0; entry->aliases[k] != NULL; k++)
        each_word (entry->aliases[k], add_word, &bd);
      bd.field = F_I18N;
      g_ptr_array_set_size (other_names, 0);
      i18n_names (entry, other_names);
      for (guint k = 0; k < other_names->len; k++)
        each_word (other_names->pdata[k], add_word, &bd);
      bd.field = F_SECTION;
      for (guint k = 0; entry->section[k] != NULL; k++)
        each_word (entry->section[k], add_word, &bd);
      bd.field = F_BODY;
      each_word (entry->body, add_word, &bd);
      bd.field = F_TABLE;
      {
        g_autoptr(GPtrArray) tables = spk_glossary_tables_for_entry (glossary, entry->id);

        for (guint k = 0; k < tables->len; k++)
          {
            const SpkGlossaryTable *t = tables->pdata[k];

            each_word (t->title, add_word, &bd);
            for (guint c = 0; t->columns[c] != NULL; c++)
              each_word (t->columns[c], add_word, &bd);
            for (guint r = 0; r < t->rows->len; r++)
              for (char **cell = t->rows->pdata[r]; *cell != NULL; cell++)
                each_word (*cell, add_word, &bd);
            if (t->note != NULL)
              each_word (t->note, add_word, &bd);
          }
      }
      memcpy (lengths + e * N_FIELDS, bd.lengths, sizeof bd.lengths);
      for (int f = 0; f < N_FIELDS && in_stats (glossary, e); f++)
        avg[f] += bd.lengths[f];
      self->info[e].body_tokens = bd.body_tokens;

      name_keys (&bd, entry->title);
      self->info[e].title_key = g_strdup (bd.keys[0]->str);
      self->info[e].title_key_short = g_strdup (bd.keys[1]->str);
      self->info[e].title_stem_key = g_strdup (bd.keys[2]->str);
      self->info[e].title_words = g_ptr_array_new ();
      for (guint k = 0; k < bd.key_words->len; k++)
        if (!((Word *) bd.key_words->pdata[k])->stop)
          g_ptr_array_add (self->info[e].title_words, bd.key_words->pdata[k]);
      add_key (self, self->name_keys, bd.keys[0]->str, e, FALSE);
      add_key (self, self->name_keys, bd.keys[1]->str, e, FALSE);
      add_key (self, self->stem_keys, bd.keys[2]->str, e, FALSE);
      for (guint k = 0; entry->aliases[k] != NULL; k++)
        {
          name_keys (&bd, entry->aliases[k]);
          add_key (self, self->name_keys, bd.keys[0]->str, e, TRUE);
          /* "how many spires" answers the question, not the bare word. */
          add_key (self, self->short_keys, bd.keys[1]->str, e, TRUE);
          add_key (self, self->stem_keys, bd.keys[2]->str, e, TRUE);
        }
      /* Names in other languages count as aliases, in every language
       * ("Turm" finds Spire whatever the interface speaks). */
      for (guint k = 0; k < other_names->len; k++)
        {
          name_keys (&bd, other_names->pdata[k]);
          add_key (self, self->name_keys, bd.keys[0]->str, e, TRUE);
          add_key (self, self->short_keys, bd.keys[1]->str, e, TRUE);
          add_key (self, self->stem_keys, bd.keys[2]->str, e, TRUE);
        }
    }
  for (int f = 0; f < N_FIELDS; f++)
    avg[f] = n_stats > 0 && avg[f] > 0 ? avg[f] / n_stats : 1.0;
  add_phrases (self);

  /* Postings: BM25 per field, weighted, computed once here. */
  for (guint i = 0; i < self->words->len; i++)
    {
      Word *w = self->words->pdata[i];
      double df = stats_df (glossary, bd.raws, w);
      double idf = log (1.0 + (n_stats - df + 0.5) / (df + 0.5));

      w->post_start = self->postings->len;
      w->n_post = w->n_raw;
      w->rare = w->n_post <= RARE_WORD_ENTRIES && w->len >= 3 && !g_hash_table_contains (self->phrase_stems, w->stem);
      for (guint32 r = w->raw_first; r != NO_RAW; r = g_array_index (bd.raws, RawPosting, r).next)
        {
          RawPosting *rp = &g_array_index (bd.raws, RawPosting, r);
          Posting p = { rp->entry, 0, 0 };
          double s = 0;

          for (int f = 0; f < N_FIELDS; f++)
            {
              double tf = rp->tf[f];
              double norm;

              if (tf == 0)
                continue;
              norm = 1.0 - field_b[f] + field_b[f] * lengths[rp->entry * N_FIELDS + f] / avg[f];
              s += field_weight[f] * tf * (BM25_K1 + 1.0) / (tf + BM25_K1 * norm);
              p.fields |= FIELD_BIT (f);
            }
          p.score = (float) (idf * s);
          g_array_append_val (self->postings, p);
        }
    }
  g_ptr_array_unref (bd.key_words);
  g_array_unref (bd.raws);
  for (guint k = 0; k < G_N_ELEMENTS (bd.keys); k++)
    g_string_free (bd.keys[k], TRUE);

  self->sorted = g_ptr_array_sized_new (self->words->len);
  for (guint l = 0; l <= MAX_WORD; l++)
    self->by_len[l] = g_ptr_array_new ();
  for (guint i = 0; i < self->words->len; i++)
    {
      Word *w = self->words->pdata[i];

      g_ptr_array_add (self->sorted, w);
      if (w->len <= MAX_WORD)
        g_ptr_array_add (self->by_len[w->len], w);
      /* Stems map to the first word of a chain through next_same_stem. */
      w->next_same_stem = g_hash_table_lookup (self->stems, w->stem);
      g_hash_table_insert (self->stems, (gpointer) w->stem, w);
    }
  g_ptr_array_sort (self->sorted, compare_words);

  {
    g_autofree guint *order = g_new (guint, MAX (n, 1));

    for (guint e = 0; e < n; e++)
      order[e] = e;
    g_qsort_with_data (order, (gint) n, sizeof (guint), compare_titles, self->info);
    for (guint r = 0; r < n; r++)
      self->info[order[r]].title_rank = r;
  }

  self->score = g_new0 (double, MAX (n, 1));
  self->best = g_new0 (double, MAX (n, 1));
  self->matched = g_new0 (guint32, MAX (n, 1));
  self->name_matched = g_new0 (guint32, MAX (n, 1));
  self->best_fields = g_new0 (guint8, MAX (n, 1));
  self->concept_score = g_new0 (double, MAX (n, 1));
  self->concept_total = g_new0 (double, MAX (n, 1));
  self->concept_hit = g_new0 (guint32, MAX (n, 1));
  self->touched = g_new0 (guint32, MAX (n, 1));
  self->asked = spk_asked_index_new (glossary, keep_asked, data);
  self->asked_score = g_new0 (double, MAX (n, 1));
  self->asked_touched = g_new0 (guint32, MAX (n, 1));
  return self;
}

void
spk_search_index_free (SpkSearchIndex *self)
{
  if (self == NULL)
    return;
  for (guint e = 0; e < self->n_entries; e++)
    {
      g_array_unref (self->info[e].body_tokens);
      g_free (self->info[e].title_key);
      g_free (self->info[e].title_key_short);
      g_free (self->info[e].title_stem_key);
      g_ptr_array_unref (self->info[e].title_words);
    }
  g_free (self->info);
  g_ptr_array_unref (self->sorted);
  for (guint l = 0; l <= MAX_WORD; l++)
    g_ptr_array_unref (self->by_len[l]);
  g_hash_table_unref (self->stems);
  g_ptr_array_unref (self->words);
  g_ptr_array_unref (self->word_blocks);
  g_string_chunk_free (self->word_text);
  g_array_unref (self->postings);
  g_free (self->word_slots);
  g_hash_table_unref (self->name_keys);
  g_hash_table_unref (self->stem_keys);
  g_hash_table_unref (self->short_keys);
  g_hash_table_unref (self->phrase_stems);
  g_hash_table_unref (self->phrase_last);
  g_ptr_array_unref (self->phrase_words);
  g_free (self->phrase_masks);
  g_array_unref (self->with_list);
  for (guint c = 0; c < spk_glossary_get_n_concepts (self->glossary); c++)
    g_free (self->with_targets[c]);
  g_free (self->with_targets);
  g_array_unref (self->key_hits);
  g_string_chunk_free (self->key_text);
  g_array_unref (self->phrases);
  g_hash_table_unref (self->phrase_first);
  g_free (self->concept_score);
  g_free (self->concept_total);
  g_free (self->concept_hit);
  g_free (self->score);
  g_free (self->best);
  g_free (self->matched);
  g_free (self->name_matched);
  g_free (self->best_fields);
  g_free (self->touched);
  spk_asked_index_free (self->asked);
  g_free (self->asked_score);
  g_free (self->asked_touched);
  spk_glossary_unref (self->glossary);
  g_free (self);
}

SpkGlossary *
spk_search_index_get_glossary (SpkSearchIndex *self)
{
  return self->glossary;
}

guint
spk_search_index_get_n_words (SpkSearchIndex *self)
{
  return self->words->len;
}

/* ---- querying ---- */

typedef struct {
  Word  *word;
  double quality;
} Expansion;

static void
expand (SpkSearchIndex *self, GArray *out, Word *w, double quality)
{
  if (w->exp_gen == self->exp_gen)
    {
      Expansion *x = &g_array_index (out, Expansion, w->exp_index);
      x->quality = MAX (x->quality, quality);
      return;
    }
  {
    Expansion x = { w, quality };
    w->exp_gen = self->exp_gen;
    w->exp_index = out->len;
    g_array_append_val (out, x);
  }
}

/* First index in self->sorted whose text is >= @prefix. */
static guint
lower_bound (SpkSearchIndex *self, const char *prefix)
{
  guint lo = 0, hi = self->sorted->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (strcmp (((Word *) self->sorted->pdata[mid])->text, prefix) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Whether an indexed word starts with @prefix. */
static gboolean
starts_a_word (SpkSearchIndex *self, const char *prefix)
{
  guint i = lower_bound (self, prefix);

  return i < self->sorted->len && g_str_has_prefix (((Word *) self->sorted->pdata[i])->text, prefix);
}

/* @said: a concept phrase of the query holds the word, so it was meant as
 * written and is not widened to longer or misspelt words once finished. */
static void
expand_token (SpkSearchIndex *self, const char *tok, gboolean as_prefix, gboolean said, GArray *out)
{
  guint len = (guint) strlen (tok);
  Word *exact = find_word (self, tok);
  g_autofree char *stem = spk_stem (tok);
  Word *same = g_hash_table_lookup (self->stems, stem);
  gboolean whole = FALSE;

  self->exp_gen++;
  if (exact != NULL)
    {
      expand (self, out, exact, Q_EXACT);
      whole = TRUE;
    }
  for (; same != NULL; same = same->next_same_stem)
    {
      expand (self, out, same, Q_STEM);
      whole = TRUE;
    }
  /* A misspelt word of a phrase ("retalliation") still looks for the word
   * one edit away. */
  if (said && !as_prefix && whole)
    return;
  said = said && !as_prefix;

  if (as_prefix || (!whole && !said && len >= 3))
    {
      guint n = 0;

      for (guint i = lower_bound (self, tok); i < self->sorted->len && n < MAX_PREFIX_WORDS; i++)
        {
          Word *w = self->sorted->pdata[i];

          if (strncmp (w->text, tok, len) != 0)
            break;
          if (w->len == len)
            continue;
          expand (self, out, w, Q_PREFIX * sqrt ((double) len / w->len));
          n++;
        }
    }
  if (out->len > 0 || len < 4 || len > MAX_WORD)
    return;

  {
    guint max = len >= 8 && !said ? 2 : 1;
    guint32 mask = letter_mask (tok);

    for (guint l = len - max; l <= MIN (len + max, MAX_WORD); l++)
      for (guint i = 0; i < self->by_len[l]->len; i++)
        {
          Word *w = self->by_len[l]->pdata[i];
          guint d;

          if ((guint) __builtin_popcount (w->letters ^ mask) > 2 * max)
            continue;
          d = osa_distance (tok, len, w->text, w->len, max, FALSE);
          if (d <= max)
            expand (self, out, w, d == 1 ? Q_TYPO1 : Q_TYPO2);
        }
    if (out->len > 0 || !as_prefix || len < 5)
      return;
    /* Still typing a misspelt word: compare with the starts of words. */
    for (guint l = len; l <= MAX_WORD; l++)
      for (guint i = 0; i < self->by_len[l]->len; i++)
        {
          Word *w = self->by_len[l]->pdata[i];

          if ((guint) __builtin_popcount (mask & ~w->letters) > 1)
            continue;
          if (osa_distance (tok, len, w->text, w->len, 1, TRUE) <= 1)
            expand (self, out, w, Q_TYPO_PREFIX);
        }
  }
}

typedef struct {
  guint32 entry;
  double  score;
} Candidate;

/* The first match of entry @e in this query clears its scratch. */
static void
touch (SpkSearchIndex *self, guint32 e)
{
  if (self->matched[e] != 0)
    return;
  self->touched[self->n_touched++] = e;
  self->score[e] = 0;
  self->name_matched[e] = 0;
  self->concept_score[e] = 0;
  self->concept_total[e] = 0;
  self->concept_hit[e] = 0;
}

static guint32
tok_bit (const char *word, const char *const *toks, guint n_toks)
{
  for (guint k = 0; k < n_toks; k++)
    if (g_str_equal (toks[k], word))
      return 1u << k;
  return 0;
}

/* Words that qualify what a phrase names without changing which rule is
 * asked about: "knock down an enemy tower" still says "knock down tower". */
static const char *const phrase_fillers[] = {
  "all", "also", "another", "each", "enemies", "enemy", "even", "every", "opponent",
  "opponents", "opposing", "other", "own", "still",
};

static gboolean
passed_over (const char *word)
{
  if (spk_search_is_stop_word (word))
    return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (phrase_fillers); k++)
    if (g_str_equal (word, phrase_fillers[k]))
      return TRUE;
  return FALSE;
}

/* Where @ph, said from all[@i] on, ends, or 0 when it is not said there.
 * Question words and fillers of the query between the phrase's words are
 * passed over ("destroyed their fortress" says "destroy fortress"), but a
 * question word of the phrase itself must be there ("shoot at"). A phrase
 * of content words alone may also pass over one other word, which sets
 * @gapped ("move a minion through" says "move through"), when at most two
 * words lie between its words in all. */
static guint
phrase_end (const Phrase *ph, char **all, char **stems, guint i, guint n, gboolean *gapped)
{
  guint j = i + 1;

  *gapped = FALSE;
  for (guint w = 1; w < ph->n_words; w++, j++)
    {
      if (!(ph->stop & (1u << w)))
        while (j < n && !g_str_equal (stems[j], ph->stems[w]))
          {
            if (!passed_over (all[j]))
              {
                if (*gapped || ph->stop != 0)
                  return 0;
                *gapped = TRUE;
              }
            j++;
          }
      if (j >= n || !g_str_equal (stems[j], ph->stems[w]))
        return 0;
    }
  /* ... and then only close together. */
  if (*gapped && j - i > ph->n_words + 2)
    return 0;
  return j;
}

/* Whether @w, of @len bytes, is one edit from @word. */
static gboolean
one_edit (const char *word, guint len, const char *w, guint wlen)
{
  return (wlen > len ? wlen - len : len - wlen) <= 1 && osa_distance (word, len, w, wlen, 1, FALSE) == 1;
}

/* The stem a question word says a phrase word with. A word of five
 * letters or more that neither the index nor any phrase knows, by itself
 * or by its stem, is read as the phrase word one edit away, else as the
 * most used indexed word one edit away ("retalliation" says
 * "retaliation"), as the ranking reads it. */
static char *
phrase_stem (SpkSearchIndex *self, const char *word)
{
  char *stem = spk_stem (word);
  guint len = (guint) strlen (word);
  const char *fix = NULL;
  guint fix_post = 0;
  guint32 mask;

  if (len < 5 || len >= MAX_WORD || spk_search_is_stop_word (word) || find_word (self, word) != NULL ||
      g_hash_table_contains (self->stems, stem) || g_hash_table_contains (self->phrase_stems, stem))
    return stem;
  /* One edit changes at most two letters of the letter set. */
  mask = letter_mask (word);
  for (guint i = 0; i < self->phrase_words->len && fix == NULL; i++)
    {
      const char *w = self->phrase_words->pdata[i];

      if ((guint) __builtin_popcount (self->phrase_masks[i] ^ mask) <= 2 && one_edit (word, len, w, (guint) strlen (w)))
        fix = w;
    }
  if (fix == NULL)
    for (guint l = len - 1; l <= len + 1; l++)
      for (guint i = 0; i < self->by_len[l]->len; i++)
        {
          const Word *w = self->by_len[l]->pdata[i];

          if (w->n_post > fix_post && (guint) __builtin_popcount (w->letters ^ mask) <= 2 &&
              one_edit (word, len, w->text, w->len))
            {
              fix = w->text;
              fix_post = w->n_post;
            }
        }
  if (fix == NULL)
    return stem;
  g_free (stem);
  return spk_stem (fix);
}

/* The concept phrases @all says, the one of most words at each word, into
 * @hits; returns the query words they cover. */
static guint32
find_phrases (SpkSearchIndex *self, char **all, guint n_all, const char *const *toks,
              guint n_toks, gboolean typing, GArray *hits)
{
  char *stems[MAX_PHRASE_SCAN];
  guint n = MIN (n_all, MAX_PHRASE_SCAN);
  guint32 said = 0;

  if (self->phrases->len == 0)
    return 0;
  for (guint i = 0; i < n; i++)
    /* The word being typed, when some word starts with it, is not
     * misspelt but unfinished. */
    stems[i] = typing && i == n_all - 1 && starts_a_word (self, all[i]) ? spk_stem (all[i])
                                                                         : phrase_stem (self, all[i]);
  for (guint i = 0, covered = 0; i < n; i++)
    {
      guint32 best = 0, best_words = 0;
      guint best_end = 0;
      gboolean loose = FALSE, gapped;

      for (guint32 p = GPOINTER_TO_UINT (g_hash_table_lookup (self->phrase_first, stems[i])); p != 0;
           p = g_array_index (self->phrases, Phrase, p - 1).next)
        {
          const Phrase *ph = &g_array_index (self->phrases, Phrase, p - 1);
          guint end;

          if (ph->n_words < best_words)
            continue;
          end = phrase_end (ph, all, stems, i, n, &gapped);
          /* Most words first, then as said over loosely, then shortest. */
          if (end != 0 && (ph->n_words > best_words || (loose && !gapped) ||
                           (loose == gapped && end < best_end)))
            {
              best = p;
              best_words = ph->n_words;
              best_end = end;
              loose = gapped;
            }
        }
      /* Else a two-word phrase the other way round, its words at most a
       * few question words apart ("capacity of upgrades"). */
      if (best == 0)
        for (guint32 p = GPOINTER_TO_UINT (g_hash_table_lookup (self->phrase_last, stems[i])); p != 0;
             p = g_array_index (self->phrases, Phrase, p - 1).next_last)
          {
            const Phrase *ph = &g_array_index (self->phrases, Phrase, p - 1);
            guint j = i + 1;

            while (j < n && j <= i + 3 && !g_str_equal (stems[j], ph->stems[0]) && passed_over (all[j]))
              j++;
            if (j < n && j <= i + 3 && g_str_equal (stems[j], ph->stems[0]) && (best == 0 || j + 1 < best_end))
              {
                best = p;
                best_end = j + 1;
                loose = TRUE;
              }
          }
      /* A phrase inside one already read is part of it ("kill" in "kill
       * tower"); one that only overlaps it is read too ("spire hit" and
       * "hit flying"). */
      if (best == 0 || best_end <= covered)
        continue;
      /* Phrases inside one said loosely are still read: the word passed
       * over may start its own. */
      if (!loose)
        covered = best_end;
      {
        PhraseHit hit = { best - 1, i, best_end, 0, loose };

        for (guint w = i; w < best_end; w++)
          if (!loose || w == i || w == best_end - 1 ||
              g_array_index (self->phrases, Phrase, best - 1).n_words > 2)
            hit.bits |= tok_bit (all[w], toks, n_toks);
        said |= hit.bits;
        g_array_append_val (hits, hit);
      }
    }
  /* A concept said only with another ("source" with Defeat: the Source
   * a defeat earns) is read anywhere in a question that says that one,
   * once, wherever its phrase is first said. */
  for (guint l = 0, n_plain = hits->len, last = G_MAXUINT32; l < self->with_list->len && n_plain > 0; l++)
    {
      guint32 p = g_array_index (self->with_list, guint32, l);
      const Phrase *ph = &g_array_index (self->phrases, Phrase, p);
      gboolean has = FALSE, gapped;

      if (ph->concept == last)
        continue;
      for (guint h = 0; h < n_plain && !has; h++)
        {
          guint32 said_concept = g_array_index (self->phrases, Phrase, g_array_index (hits, PhraseHit, h).phrase).concept;

          for (const guint32 *t = self->with_targets[ph->concept]; *t != G_MAXUINT32 && !has; t++)
            has = *t == said_concept;
        }
      for (guint i = 0; has && i < n; i++)
        {
          guint end;

          if (!g_str_equal (stems[i], ph->stems[0]) || (end = phrase_end (ph, all, stems, i, n, &gapped)) == 0)
            continue;
          {
            PhraseHit hit = { p, i, end, 0, gapped };

            for (guint w = i; w < end; w++)
              hit.bits |= tok_bit (all[w], toks, n_toks);
            said |= hit.bits;
            g_array_append_val (hits, hit);
            last = ph->concept;
          }
          break;
        }
    }
  for (guint i = 0; i < n; i++)
    g_free (stems[i]);
  return said;
}

/* Adds the entries of every concept the query said: the first entry of a
 * concept CONCEPT_SCORE times the concept's weight, each next one
 * CONCEPT_NEXT of the one before. The phrase's words count as matched in
 * those entries, as an alias's would. */
static void
apply_concepts (SpkSearchIndex *self, const GArray *hits)
{
  for (guint h = 0; h < hits->len; h++)
    {
      const PhraseHit *hit = &g_array_index (hits, PhraseHit, h);
      const Phrase *ph = &g_array_index (self->phrases, Phrase, hit->phrase);
      const SpkGlossaryConcept *c = spk_glossary_get_concept (self->glossary, ph->concept);
      double weight = CONCEPT_SCORE * c->weight * (hit->loose ? CONCEPT_LOOSE : 1.0);

      for (guint k = 0; c->entries[k] != NULL; k++, weight *= CONCEPT_NEXT)
        {
          guint32 e = spk_glossary_lookup (self->glossary, c->entries[k])->index;

          touch (self, e);
          self->matched[e] |= hit->bits | CONCEPT_BIT;
          self->name_matched[e] |= hit->bits | CONCEPT_BIT;
          self->concept_total[e] += weight;
          if (weight > self->concept_score[e])
            {
              self->concept_score[e] = weight;
              self->concept_hit[e] = h + 1;
            }
        }
    }
}

/* A name (title or alias as written) said inside a longer question counts
 * as a concept would: "can a ghost unit stop on an enemy hex" names
 * Incorporeal. Only a name with a word rare in the pack counts (a
 * talent's or a card's name, not "wave" or "upgrade chips"), and none
 * that a concept phrase uses. */
#define NAME_INSIDE_SCORE  20.0
/* A question word only a concept phrase knows weighs in the coverage as a
 * word found in this many entries. */
#define SAID_WORD_ENTRIES   5
/* How much of the coverage counts the words by weight; the rest counts
 * them one each. */
#define COVERAGE_BY_WEIGHT  0.7
#define NAME_INSIDE_WORDS  4

static gboolean
rare_word (SpkSearchIndex *self, const char *word)
{
  const Word *w = find_word (self, word);

  return w != NULL && w->rare;
}

static void
apply_names_inside (SpkSearchIndex *self, char **all, guint n_all, const char *full_key)
{
  g_autoptr(GString) key = g_string_new (NULL);
  guint8 kind[MAX_PHRASE_SCAN];   /* 0: passed over, 1: content, 2: rare content */
  guint n = MIN (n_all, MAX_PHRASE_SCAN);

  for (guint i = 0; i < n; i++)
    kind[i] = passed_over (all[i]) ? 0 : rare_word (self, all[i]) ? 2 : 1;
  for (guint i = 0; i < n; i++)
    {
      guint best = 0;

      g_string_truncate (key, 0);
      for (guint l = 1; l <= NAME_INSIDE_WORDS && i + l <= n; l++)
        {
          guint32 first;

          append_word (key, all[i + l - 1]);
          best = MAX (best, kind[i + l - 1]);
          /* A rare word's name, or a name of three words or more as
           * written ("who goes first"). */
          if (best == 0 || (best == 1 && l < 3) || g_str_equal (key->str, full_key))
            continue;
          first = GPOINTER_TO_UINT (g_hash_table_lookup (self->name_keys, key->str));
          for (guint32 h = first; h != 0; h = g_array_index (self->key_hits, KeyHit, h - 1).next)
            {
              guint32 e = g_array_index (self->key_hits, KeyHit, h - 1).value >> 1;

              touch (self, e);
              self->matched[e] |= CONCEPT_BIT;
              self->concept_total[e] += NAME_INSIDE_SCORE;
            }
        }
    }
}

/* Best first; equal scores in title order (title_rank, worked out once). */
static gboolean
ranks_before (const SpkSearchIndex *self, const Candidate *x, const Candidate *y)
{
  if (x->score != y->score)
    return x->score > y->score;
  return self->info[x->entry].title_rank < self->info[y->entry].title_rank;
}

/* Moves the @k best candidates, in order, to the front of @cands (all of
 * them when @k is 0): a query shows ten results out of a hundred touched. */
static void
select_best (const SpkSearchIndex *self, GArray *cands, guint k)
{
  Candidate *c = (Candidate *) (void *) cands->data;
  guint n = cands->len;

  if (k == 0 || k > n)
    k = n;
  for (guint i = 0; i < k; i++)
    {
      guint best = i;

      for (guint j = i + 1; j < n; j++)
        if (ranks_before (self, &c[j], &c[best]))
          best = j;
      if (best != i)
        {
          Candidate t = c[i];
          c[i] = c[best];
          c[best] = t;
        }
    }
}

static void
apply_key_bonus (SpkSearchIndex *self, GHashTable *keys, const char *key,
                 double title_bonus, double alias_bonus, double *bonus)
{
  guint32 first = *key != '\0' ? GPOINTER_TO_UINT (g_hash_table_lookup (keys, key)) : 0;

  for (guint32 h = first; h != 0; h = g_array_index (self->key_hits, KeyHit, h - 1).next)
    {
      guint32 v = g_array_index (self->key_hits, KeyHit, h - 1).value;
      double b = (v & 1) ? alias_bonus : title_bonus;

      if (!(v & 1) && spk_glossary_get_entry (self->glossary, v >> 1)->section[0] != NULL)
        b *= SUBTERM_NAME_FACTOR;

      bonus[v >> 1] = MAX (bonus[v >> 1], b);
    }
}

static SpkSearchResult *make_result (SpkSearchIndex *self, guint32 entry, double score,
                                     const GArray *phrase_hits, char **all, GPtrArray *stems);

/* What the question scores on the questions asked for each entry, added
 * to the candidates, and the entries found only there as candidates of
 * their own (R-rules-12). */
static void
add_asked (SpkSearchIndex *self, GArray *cands, GPtrArray *stems)
{
  guint n_asked;

  if (stems->len == 0)
    return;
  n_asked = spk_asked_index_score (self->asked, (const char *const *) stems->pdata, stems->len,
                                   self->asked_score, self->asked_touched);
  if (n_asked == 0)
    return;
  for (guint i = 0; i < cands->len; i++)
    {
      Candidate *c = &g_array_index (cands, Candidate, i);

      c->score += ASKED_WEIGHT * self->asked_score[c->entry];
      self->asked_score[c->entry] = 0;
    }
  for (guint i = 0; i < n_asked; i++)
    {
      guint32 e = self->asked_touched[i];

      if (self->asked_score[e] != 0)
        {
          Candidate c = { e, ASKED_WEIGHT * self->asked_score[e] };

          g_array_append_val (cands, c);
          self->concept_hit[e] = 0;
          self->asked_score[e] = 0;
        }
    }
}

/* Drops the candidates self->filter leaves out and weighs rulings down
 * among terms (their names earn no bonus there). */
static void
weigh_kinds (SpkSearchIndex *self, GArray *cands, const double *bonus)
{
  guint kept = 0;

  for (guint i = 0; i < cands->len; i++)
    {
      Candidate c = g_array_index (cands, Candidate, i);
      gboolean ruling = spk_glossary_get_entry (self->glossary, c.entry)->kind == SPK_GLOSSARY_KIND_RULING;

      if ((ruling && self->filter == SPK_SEARCH_TERMS_ONLY) ||
          (!ruling && self->filter == SPK_SEARCH_RULINGS_ONLY))
        continue;
      if (ruling && self->filter == SPK_SEARCH_ANY)
        {
          c.score = (c.score - bonus[c.entry]) * RULING_WEIGHT;
          if (c.score <= 0)
            continue;
        }
      g_array_index (cands, Candidate, kept++) = c;
    }
  g_array_set_size (cands, kept);
}

GPtrArray *
spk_search_index_query (SpkSearchIndex *self, const char *query, guint limit)
{
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_search_result_free);
  g_auto(GStrv) all = spk_search_tokenize (query != NULL ? query : "");
  const char *toks[MAX_QUERY_WORDS];
  guint n_toks = 0, n_all = g_strv_length (all);
  gboolean typing = query != NULL && *query != '\0' && !g_ascii_isspace (query[strlen (query) - 1]);
  g_autoptr(GArray) exp = g_array_new (FALSE, FALSE, sizeof (Expansion));
  g_autoptr(GArray) cands = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GArray) hits = g_array_new (FALSE, FALSE, sizeof (PhraseHit));
  guint32 said;
  g_autoptr(GString) full_key = g_string_new (NULL);
  g_autoptr(GString) short_key = g_string_new (NULL);
  g_autoptr(GString) stem_key = g_string_new (NULL);
  g_autoptr(GString) fixed_key = g_string_new (NULL);
  g_autoptr(GString) fixed_stem_key = g_string_new (NULL);
  gboolean corrected = FALSE;
  guint32 optional = 0;   /* bit of a question word kept only as a prefix */
  gboolean typed_title = FALSE;  /* the query is the start of a longer title */
  g_autofree double *bonus = NULL;
  guint tok_df[MAX_QUERY_WORDS] = { 0 };
  /* The stems of the question's words as read (a misspelling as the word
   * it most likely meant), for the asked questions. */
  g_autoptr(GPtrArray) read_stems = g_ptr_array_new_with_free_func (g_free);
  double tok_w[MAX_QUERY_WORDS], tok_w_sum = 0, tok_w_mean = 0;
  guint n_w = 0;

  if (n_all == 0 || self->n_entries == 0)
    return results;

  for (guint i = 0; i < n_all; i++)
    {
      gboolean dup = FALSE;

      g_string_append_printf (full_key, "%s%s", full_key->len ? " " : "", all[i]);
      if (spk_search_is_stop_word (all[i]))
        continue;
      for (guint k = 0; k < n_toks; k++)
        dup = dup || g_str_equal (toks[k], all[i]);
      if (!dup && n_toks < MAX_QUERY_WORDS)
        toks[n_toks++] = all[i];
    }
  /* A query of nothing but question words ("can") is taken literally. */
  if (n_toks == 0)
    for (guint i = 0; i < n_all && n_toks < MAX_QUERY_WORDS; i++)
      toks[n_toks++] = all[i];
  else if (typing && spk_search_is_stop_word (all[n_all - 1]) && n_toks < MAX_QUERY_WORDS)
    {
      /* "spire re" may be "spire reward" on its way: the word being typed
       * still widens to longer words, but missing it costs nothing. */
      optional = 1u << n_toks;
      toks[n_toks++] = all[n_all - 1];
    }
  for (guint i = 0; i < n_toks; i++)
    {
      if (optional & (1u << i))
        continue;
      g_autofree char *stem = spk_stem (toks[i]);
      g_string_append_printf (short_key, "%s%s", short_key->len ? " " : "", toks[i]);
      g_string_append_printf (stem_key, "%s%s", stem_key->len ? " " : "", stem);
    }

  said = find_phrases (self, all, n_all, toks, n_toks, typing, hits);

  self->stamp++;
  self->n_touched = 0;
  for (guint t = 0; t < n_toks; t++)
    {
      /* Only the word being typed is a prefix; the last query word is
       * finished once a space follows it. */
      gboolean as_prefix = typing && toks[t] == all[n_all - 1];
      guint32 bit = 1u << t;

      g_array_set_size (exp, 0);
      expand_token (self, toks[t], as_prefix, (said & bit) != 0, exp);
      {
        /* The word a misspelling most likely meant, for the name keys. */
        const Expansion *best = NULL;

        for (guint x = 0; x < exp->len; x++)
          {
            const Expansion *ex = &g_array_index (exp, Expansion, x);
            if (best == NULL || ex->quality > best->quality ||
                (ex->quality == best->quality && ex->word->n_post > best->word->n_post))
              best = ex;
          }
        if (optional & bit)
          ;
        else if (best != NULL && (best->quality == Q_TYPO1 || best->quality == Q_TYPO2))
          {
            append_word (fixed_key, best->word->text);
            append_word (fixed_stem_key, best->word->stem);
            g_ptr_array_add (read_stems, g_strdup (best->word->stem));
            corrected = TRUE;
          }
        else
          {
            char *stem = spk_stem (toks[t]);
            append_word (fixed_key, toks[t]);
            append_word (fixed_stem_key, stem);
            g_ptr_array_add (read_stems, stem);
          }
      }
      for (guint x = 0; x < exp->len; x++)
        {
          Expansion *ex = &g_array_index (exp, Expansion, x);
          Word *w = ex->word;

          if (w->stamp != self->stamp)
            {
              w->stamp = self->stamp;
              w->tokens = 0;
            }
          w->tokens |= bit;
          for (guint p = 0; p < w->n_post; p++)
            {
              const Posting *po = &g_array_index (self->postings, Posting, w->post_start + p);
              guint32 e = po->entry;
              double s = ex->quality * po->score;

              if (!(self->matched[e] & bit))
                {
                  touch (self, e);
                  self->matched[e] |= bit;
                  self->best[e] = s;
                  self->best_fields[e] = po->fields;
                }
              else if (s > self->best[e])
                {
                  self->best[e] = s;
                  self->best_fields[e] = po->fields;
                }
            }
        }
      /* Each query word counts once per entry: its best match there. */
      for (guint i = 0; i < self->n_touched; i++)
        {
          guint32 e = self->touched[i];

          if (!(self->matched[e] & bit))
            continue;
          tok_df[t]++;
          self->score[e] += self->best[e];
          if (self->best_fields[e] & NAME_FIELDS)
            self->name_matched[e] |= bit;
        }
    }

  apply_concepts (self, hits);
  apply_names_inside (self, all, n_all, full_key->str);

  /* What each question word weighs in the coverage: the rarer in the
   * pack, the more (a unit's or talent's name over "move" or "unit"). A
   * word no entry has weighs nothing, unless a concept phrase said it
   * ("get" of "what do i get"), which weighs as a word of a few entries. */
  for (guint t = 0; t < n_toks; t++)
    {
      guint df = tok_df[t] == 0 && (said & (1u << t)) ? SAID_WORD_ENTRIES : tok_df[t];

      tok_w[t] = (optional & (1u << t)) || df == 0 ? 0.0 : log (1.0 + (double) self->n_entries / df);
      tok_w_sum += tok_w[t];
      n_w += tok_w[t] > 0;
    }
  tok_w_mean = n_w > 0 ? tok_w_sum / n_w : 1.0;

  bonus = g_new0 (double, self->n_entries);
  if (hits->len == 1)
    {
      const PhraseHit *hit = &g_array_index (hits, PhraseHit, 0);
      guint32 wanted = (n_toks >= 32 ? G_MAXUINT32 : (1u << n_toks) - 1) & ~optional;

      if ((hit->bits & wanted) == wanted)
        {
          const Phrase *ph = &g_array_index (self->phrases, Phrase, hit->phrase);
          const SpkGlossaryConcept *c = spk_glossary_get_concept (self->glossary, ph->concept);
          guint32 e = spk_glossary_lookup (self->glossary, c->entries[0])->index;

          bonus[e] = MAX (bonus[e], CONCEPT_NAME_BONUS);
        }
    }
  apply_key_bonus (self, self->name_keys, full_key->str, BONUS_TITLE, BONUS_ALIAS, bonus);
  if (optional != 0)
    {
      /* "spire re" on its way to "Spire Reward" is not yet "Spire". */
      for (guint e = 0; e < self->n_entries && optional != 0; e++)
        if (g_str_has_prefix (self->info[e].title_key, full_key->str) &&
            !g_str_equal (self->info[e].title_key, full_key->str))
          optional = 0, typed_title = TRUE;
    }
  if (!typed_title)
    {
      apply_key_bonus (self, self->name_keys, short_key->str, BONUS_TITLE, BONUS_ALIAS, bonus);
      if (!g_str_equal (short_key->str, full_key->str))
        apply_key_bonus (self, self->short_keys, short_key->str, BONUS_TITLE, BONUS_ALIAS, bonus);
      apply_key_bonus (self, self->stem_keys, stem_key->str, BONUS_TITLE_STEM, BONUS_ALIAS_STEM, bonus);
    }
  if (corrected)
    {
      /* "heor" meant "hero": the name bonuses at half weight. */
      apply_key_bonus (self, self->name_keys, fixed_key->str, BONUS_TITLE / 2, BONUS_ALIAS / 2, bonus);
      apply_key_bonus (self, self->stem_keys, fixed_stem_key->str, BONUS_TITLE_STEM / 2,
                       BONUS_ALIAS_STEM / 2, bonus);
    }

  for (guint i = 0; i < self->n_touched; i++)
    {
      guint32 e = self->touched[i];
      guint matched = (guint) __builtin_popcount (self->matched[e] & ~optional & ~CONCEPT_BIT);
      guint wanted = n_toks - (optional != 0);
      double coverage, covered = 0;
      guint title_hits = 0;
      Candidate c;

      /* The share of the question's weight the entry matched, words or
       * concept phrases; it scales what a concept adds as well, so a
       * concept's entry that leaves the question's rarer words unmatched
       * yields to one that names them (R-rules-11). */
      for (guint t = 0; t < n_toks; t++)
        if (self->matched[e] & (1u << t))
          covered += tok_w[t];
      coverage = COVERAGE_BY_WEIGHT * (tok_w_mean + covered) / (tok_w_mean + tok_w_sum) +
                 (1.0 - COVERAGE_BY_WEIGHT) * (1.0 + matched) / (1.0 + wanted);
      c.entry = e;
      c.score = (self->score[e] + self->concept_total[e]) * coverage * coverage;

      /* An entry whose whole title the query names is what was asked
       * about, even when the question has words its text lacks. */
      for (guint k = 0; k < self->info[e].title_words->len; k++)
        {
          const Word *w = self->info[e].title_words->pdata[k];
          if (w->stamp == self->stamp && w->tokens != 0)
            title_hits++;
        }
      if (self->info[e].title_words->len > 0)
        c.score *= 1.0 + TITLE_COVERAGE_BOOST * title_hits / self->info[e].title_words->len;
      const EntryInfo *info = &self->info[e];

      if (self->name_matched[e] == self->matched[e] && matched == wanted)
        c.score *= 1.5;
      {
        /* The title being typed, or misspelt and then corrected. */
        const char *typed = g_str_has_prefix (info->title_key, full_key->str) ? full_key->str
                          : corrected && g_str_has_prefix (info->title_key, fixed_key->str) ? fixed_key->str
                          : NULL;
        if (typed != NULL)
          c.score += BONUS_TITLE_START * strlen (typed) / strlen (info->title_key) *
                     (spk_glossary_get_entry (self->glossary, e)->section[0] != NULL ? SUBTERM_NAME_FACTOR : 1.0);
      }
      c.score += bonus[e];
      g_array_append_val (cands, c);
      self->matched[e] = 0;
    }
  /* Entries found by name alone (all query words were stop words the body
   * never had) still come first. */
  for (guint e = 0; e < self->n_entries; e++)
    if (bonus[e] > 0)
      {
        gboolean seen = FALSE;

        for (guint i = 0; i < cands->len && !seen; i++)
          seen = g_array_index (cands, Candidate, i).entry == e;
        if (!seen)
          {
            Candidate c = { e, bonus[e] };
            g_array_append_val (cands, c);
            self->concept_hit[e] = 0;
          }
      }

  add_asked (self, cands, read_stems);
  weigh_kinds (self, cands, bonus);
  select_best (self, cands, limit);
  /* A question word kept as a prefix is not worth marking ("«a» spire"). */
  self->marked = ~optional;
  for (guint i = 0; i < cands->len && (limit == 0 || i < limit); i++)
    {
      Candidate *c = &g_array_index (cands, Candidate, i);
      g_ptr_array_add (results, make_result (self, c->entry, c->score, hits, all, read_stems));
    }
  return results;
}

GPtrArray *
spk_search_index_query_filtered (SpkSearchIndex *self, const char *query, guint limit,
                                 SpkSearchFilter filter)
{
  GPtrArray *results;

  self->filter = filter;
  results = spk_search_index_query (self, query, limit);
  self->filter = SPK_SEARCH_ANY;
  return results;
}

/* ---- results ---- */

static gboolean
token_hit (SpkSearchIndex *self, const BodyToken *tok)
{
  return tok->word->stamp == self->stamp && (tok->word->tokens & self->marked) != 0;
}

/* Appends body[from..to) with every run of white space made one space. */
static void
append_squashed (GString *out, const char *body, guint from, guint to)
{
  gboolean space = FALSE;

  for (guint i = from; i < to; i++)
    {
      if (g_ascii_isspace (body[i]))
        {
          space = TRUE;
          continue;
        }
      if (space && out->len > 0)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, body[i]);
    }
  if (space && out->len > 0)
    g_string_append_c (out, ' ');
}

static SpkSearchResult *
make_result (SpkSearchIndex *self, guint32 entry, double score, const GArray *phrase_hits, char **all,
             GPtrArray *stems)
{
  SpkSearchResult *r = g_new0 (SpkSearchResult, 1);
  const SpkGlossaryEntry *e = spk_glossary_get_entry (self->glossary, entry);
  GArray *toks = self->info[entry].body_tokens;
  guint n = toks->len, ws = 0, we, best_ws = 0;
  int best = -1;
  GString *out = g_string_new (NULL);
  const char *body = e->body;

  r->entry = e;
  r->score = score;
  if (self->concept_hit[entry] != 0)
    {
      const PhraseHit *hit = &g_array_index (phrase_hits, PhraseHit, self->concept_hit[entry] - 1);
      g_autoptr(GString) said = g_string_new (NULL);

      for (guint w = hit->start; w < hit->end; w++)
        append_word (said, all[w]);
      r->concept = spk_glossary_get_concept (self->glossary,
                                             g_array_index (self->phrases, Phrase, hit->phrase).concept);
      r->matched_phrase = g_string_free (g_steal_pointer (&said), FALSE);
    }
  else
    r->asked_like = g_strdup (spk_asked_index_closest (self->asked, entry, (const char *const *) stems->pdata,
                                                       stems->len));
  r->highlights = g_array_new (FALSE, FALSE, sizeof (SpkSearchSpan));

  /* The window of SNIPPET_WORDS words with the most distinct query words,
   * then the most hits; the earliest wins ties. */
  for (ws = 0; ws < n; ws++)
    {
      guint32 seen = 0;
      int hits = 0, value;

      if (!token_hit (self, &g_array_index (toks, BodyToken, ws)))
        continue;
      for (guint k = ws; k < MIN (n, ws + SNIPPET_WORDS); k++)
        {
          const BodyToken *t = &g_array_index (toks, BodyToken, k);
          if (token_hit (self, t))
            {
              seen |= t->word->tokens & self->marked;
              hits++;
            }
        }
      value = __builtin_popcount (seen) * 100 + hits;
      if (value > best)
        {
          best = value;
          best_ws = ws;
        }
    }
  /* A little context before the first hit, when there is some. */
  ws = best_ws > 3 ? best_ws - 3 : 0;
  we = MIN (n, ws + SNIPPET_WORDS);
  /* Near the end of the body, the window still holds SNIPPET_WORDS words. */
  if (we - ws < SNIPPET_WORDS)
    ws = n > SNIPPET_WORDS ? n - SNIPPET_WORDS : 0;

  if (n == 0)
    {
      r->snippet = g_string_free (out, FALSE);
      return r;
    }
  if (ws > 0)
    g_string_append (out, "…");
  for (guint k = ws; k < we; k++)
    {
      const BodyToken *t = &g_array_index (toks, BodyToken, k);

      if (k > ws)
        append_squashed (out, body, g_array_index (toks, BodyToken, k - 1).end, t->start);
      if (token_hit (self, t))
        {
          SpkSearchSpan span = { (guint) out->len, (guint) out->len + (t->end - t->start) };
          g_array_append_val (r->highlights, span);
        }
      g_string_append_len (out, body + t->start, t->end - t->start);
    }
  {
    /* Closing punctuation of the last word, then the cut mark. */
    guint end = g_array_index (toks, BodyToken, we - 1).end;
    while (body[end] != '\0' && (body[end] == '.' || body[end] == ',' || body[end] == ')' ||
                                 body[end] == ';' || body[end] == ':' || body[end] == '!' ||
                                 body[end] == '?' || body[end] == '"'))
      g_string_append_c (out, body[end++]);
    if (we < n)
      g_string_append (out, "…");
  }
  r->snippet = g_string_free (out, FALSE);
  return r;
}

char *
spk_search_result_mark (const SpkSearchResult *result, const char *open, const char *close)
{
  GString *out = g_string_new (NULL);
  guint pos = 0;

  for (guint i = 0; i < result->highlights->len; i++)
    {
      const SpkSearchSpan *s = &g_array_index (result->highlights, SpkSearchSpan, i);

      g_string_append_len (out, result->snippet + pos, s->start - pos);
      g_string_append (out, open);
      g_string_append_len (out, result->snippet + s->start, s->end - s->start);
      g_string_append (out, close);
      pos = s->end;
    }
  g_string_append (out, result->snippet + pos);
  return g_string_free (out, FALSE);
}

void
spk_search_result_free (SpkSearchResult *result)
{
  if (result == NULL)
    return;
  g_free (result->snippet);
  g_free (result->matched_phrase);
  g_free (result->asked_like);
  g_array_unref (result->highlights);
  g_free (result);
}
