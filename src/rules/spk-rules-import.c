/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-rules-import.h"

#include "spk-html-scan.h"
#include "spk-json-guard.h"
#include "spk-stem.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <errno.h>
#include <string.h>

#define SAVED_FORMAT  "spirekeeper-official-rules"
#define SAVED_VERSION 1
#define MAX_TERM_CHARS 60
#define MAX_TERM_WORDS 8

G_DEFINE_QUARK (spk-rules-import-error-quark, spk_rules_import_error)

static void
term_free (SpkRulesTerm *t)
{
  g_free (t->title);
  g_strfreev (t->section);
  g_strfreev (t->paragraphs);
  g_strfreev (t->see_also);
  g_free (t);
}

void
spk_rules_import_free (SpkRulesImport *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->terms);
  g_ptr_array_unref (self->warnings);
  g_free (self->game);
  g_free (self);
}

static SpkRulesImport *
import_new (SpkRulesFormat format)
{
  SpkRulesImport *self = g_new0 (SpkRulesImport, 1);

  self->format = format;
  self->terms = g_ptr_array_new_with_free_func ((GDestroyNotify) term_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return self;
}

/* ---- cleaning ---- */

static gboolean
is_invisible (gunichar c)
{
  return (c >= 0xE000 && c <= 0xF8FF) ||      /* icon fonts (private use) */
         (c >= 0x200B && c <= 0x200D) || c == 0xFEFF || c == 0x00AD || c == 0xFFFD;
}

/* Smart quotes, odd spaces and invisible characters as plain text; FALSE
 * for any other character, left to the caller. */
static gboolean
append_plain (GString *out, gunichar c)
{
  if (is_invisible (c))
    return TRUE;
  switch (c)
    {
    case 0x2018: case 0x2019: case 0x201A: case 0x2032:
      g_string_append_c (out, '\'');
      return TRUE;
    case 0x201C: case 0x201D: case 0x201E: case 0x2033:
      g_string_append_c (out, '"');
      return TRUE;
    case 0x00A0: case 0x202F: case 0x2009: case '\t':
      g_string_append_c (out, ' ');
      return TRUE;
    default:
      return FALSE;
    }
}

static void
append_entity (GString *out, const char **pp)
{
  static const struct { const char *name; const char *text; } named[] = {
    { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
    { "&apos;", "'" }, { "&#39;", "'" }, { "&nbsp;", " " }, { "&ndash;", "–" },
    { "&mdash;", "—" }, { "&rsquo;", "'" }, { "&lsquo;", "'" }, { "&ldquo;", "\"" },
    { "&rdquo;", "\"" }, { "&hellip;", "…" },
    /* More that pages saved from a browser use. */
    { "&bull;", "•" }, { "&middot;", "·" }, { "&times;", "×" }, { "&minus;", "−" }, { "&deg;", "°" },
    { "&frac12;", "½" }, { "&laquo;", "«" }, { "&raquo;", "»" }, { "&copy;", "©" }, { "&reg;", "®" },
    { "&trade;", "™" }, { "&shy;", "" }, { "&ensp;", " " }, { "&emsp;", " " }, { "&thinsp;", " " },
    { "&eacute;", "é" }, { "&egrave;", "è" }, { "&agrave;", "à" }, { "&ccedil;", "ç" }, { "&auml;", "ä" },
    { "&ouml;", "ö" }, { "&uuml;", "ü" }, { "&szlig;", "ß" }, { "&rarr;", "→" }, { "&larr;", "←" },
  };
  const char *p = *pp;

  for (gsize i = 0; i < G_N_ELEMENTS (named); i++)
    if (g_str_has_prefix (p, named[i].name))
      {
        g_string_append (out, named[i].text);
        *pp = p + strlen (named[i].name);
        return;
      }
  if (p[1] == '#')
    {
      char *end = NULL;
      gboolean hex = p[2] == 'x' || p[2] == 'X';
      guint64 v = g_ascii_strtoull (p + (hex ? 3 : 2), &end, hex ? 16 : 10);

      if (end != NULL && *end == ';' && v > 0 && v < 0x110000 && g_unichar_validate ((gunichar) v))
        {
          if (!append_plain (out, (gunichar) v))
            g_string_append_unichar (out, (gunichar) v);
          *pp = end + 1;
          return;
        }
    }
  g_string_append_c (out, '&');
  *pp = p + 1;
}

/* Drops HTML tags (<b>, </i>, <span class=...>), keeping the text. */
static gboolean
skip_tag (const char **pp)
{
  const char *p = *pp + 1;

  if (*p == '/')
    p++;
  if (!g_ascii_isalpha (*p))
    return FALSE;
  while (*p != '\0' && *p != '>' && *p != '<')
    p++;
  if (*p != '>')
    return FALSE;
  *pp = p + 1;
  return TRUE;
}

static char *clean_pass (const char *line);

/* [text](target) -> text; ![alt](target) -> alt. */
static gboolean
take_link (GString *out, const char **pp)
{
  const char *p = *pp;
  const char *close, *end;

  if (*p == '!')
    p++;
  if (*p != '[')
    return FALSE;
  close = strchr (p, ']');
  if (close == NULL || close[1] != '(')
    return FALSE;
  end = strchr (close, ')');
  if (end == NULL)
    return FALSE;
  {
    /* The link text may hold markup of its own: "\(CP\)", *x*. */
    g_autofree char *inner = g_strndup (p + 1, (gsize) (close - p - 1));
    g_autofree char *cleaned = clean_pass (inner);
    g_string_append (out, cleaned);
  }
  *pp = end + 1;
  return TRUE;
}

static char *
clean_pass (const char *line)
{
  GString *out = g_string_sized_new (strlen (line));
  const char *p = line;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '&')
        {
          append_entity (out, &p);
          continue;
        }
      if (c == '<' && skip_tag (&p))
        {
          g_string_append_c (out, ' ');
          continue;
        }
      if ((c == '[' || c == '!') && take_link (out, &p))
        continue;
      p = g_utf8_next_char (p);
      if (append_plain (out, c))
        continue;
      switch (c)
        {
        case '`':
          break;
        case '\\':
          if (g_ascii_ispunct (*p))
            g_string_append_c (out, *p++);
          break;
        case '*':
          /* "* item" is a bullet; every other star is emphasis. */
          if (out->len == 0 && *p == ' ')
            g_string_append_c (out, '-');
          break;
        case '_':
          {
            gboolean before = out->len == 0 || !g_ascii_isalnum (out->str[out->len - 1]);
            gboolean after = *p == '\0' || !g_ascii_isalnum (*p);
            if (!before && !after)
              g_string_append_c (out, '_');
          }
          break;
        default:
          g_string_append_unichar (out, c);
        }
    }
  return g_string_free (out, FALSE);
}

char *
spk_rules_import_clean_line (const char *line)
{
  g_autofree char *once = clean_pass (line);
  GString *out = g_string_sized_new (strlen (once));
  gboolean space = FALSE;

  for (const char *p = once; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\r' || *p == '\n' || *p == '\f' || *p == '\v')
        {
          space = TRUE;
          continue;
        }
      if (space && out->len > 0)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* ---- line classes ---- */

static gboolean
is_blank (const char *s)
{
  return *s == '\0';
}

static gboolean
is_list_item (const char *s)
{
  if ((s[0] == '-' || s[0] == '+') && s[1] == ' ')
    return TRUE;
  if (g_str_has_prefix (s, "• ") || g_str_has_prefix (s, "– ") || g_str_has_prefix (s, "◦ "))
    return TRUE;
  if (g_ascii_isdigit (s[0]))
    {
      const char *p = s;
      while (g_ascii_isdigit (*p))
        p++;
      return (*p == '.' || *p == ')') && p[1] == ' ';
    }
  return g_ascii_islower (s[0]) && (s[1] == '.' || s[1] == ')') && s[2] == ' ';
}

/* Length of a cross-reference lead-in ("See also:", "See:", "Related:",
 * "Related terms:"), or 0. */
static gsize
see_also_prefix (const char *s)
{
  static const char *const leads[] = { "see also", "related terms:", "related:", "see:" };

  for (gsize i = 0; i < G_N_ELEMENTS (leads); i++)
    {
      gsize n = strlen (leads[i]);

      if (g_ascii_strncasecmp (s, leads[i], n) == 0 &&
          (leads[i][n - 1] == ':' || s[n] == ':' || s[n] == ' ' || s[n] == '\0'))
        return n;
    }
  return 0;
}

static gboolean
is_see_also (const char *s)
{
  return see_also_prefix (s) > 0;
}

/* A page number on its own: "12", "- 12 -", "Page 12", "p. 3", "12 / 40". */
static gboolean
is_page_number (const char *s)
{
  return g_regex_match_simple ("^(page |p\\. ?)?[-–— ]*[0-9]+[-–— ]*$|^(page )?[0-9]+ ?(/|of) ?[0-9]+$",
                               s, G_REGEX_CASELESS, 0);
}

/* Whether the @n bytes at @s end a sentence. Paragraphs grow a line at a
 * time and are asked again after each: their length is known, never
 * counted again (a text of one long paragraph was quadratic). */
static gboolean
ends_sentence_n (const char *s, gsize n)
{
  char last;

  if (n == 0)
    return FALSE;
  last = s[n - 1];
  if (strchr (".!?:", last))
    return TRUE;
  if ((last == '"' || last == ')' || last == '\'') && n >= 2)
    return strchr (".!?", s[n - 2]) != NULL;
  return n >= strlen ("…") && memcmp (s + n - strlen ("…"), "…", strlen ("…")) == 0;
}

static gboolean
ends_sentence (const char *s)
{
  return ends_sentence_n (s, strlen (s));
}

static gboolean
paragraph_ends_sentence (const GString *text)
{
  return ends_sentence_n (text->str, text->len);
}

static gboolean
letters_case (const char *s, gboolean *any_lower, gboolean *any_upper)
{
  guint letters = 0;

  *any_lower = *any_upper = FALSE;
  for (const char *p = s; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (g_unichar_islower (c))
        *any_lower = TRUE, letters++;
      else if (g_unichar_isupper (c))
        *any_upper = TRUE, letters++;
    }
  return letters >= 2;
}

static gboolean
is_all_caps (const char *s)
{
  gboolean lower, upper;

  return letters_case (s, &lower, &upper) && upper && !lower &&
         g_utf8_strlen (s, -1) <= MAX_TERM_CHARS;
}

static gboolean
is_small_word (const char *w)
{
  static const char *const small[] = {
    "a", "an", "and", "as", "at", "by", "for", "from", "if", "in", "into", "of", "off",
    "on", "onto", "or", "per", "than", "the", "to", "up", "vs", "with", "without",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (small); i++)
    if (g_str_equal (w, small[i]))
      return TRUE;
  return FALSE;
}

/* A term looks like a short title: no closing punctuation, every word
 * capitalised except short joining words. */
static gboolean
looks_like_term (const char *s, gboolean caps_mode)
{
  g_auto(GStrv) words = NULL;
  gsize n = strlen (s);
  guint n_words;

  if (n < 2 || g_utf8_strlen (s, -1) > MAX_TERM_CHARS || is_list_item (s) || is_see_also (s))
    return FALSE;
  if (strchr (".,;:!?", s[n - 1]) != NULL || g_str_has_suffix (s, "…"))
    return FALSE;
  if (is_all_caps (s))
    return caps_mode;
  if (caps_mode)
    return FALSE;
  if (!g_unichar_isupper (g_utf8_get_char (s)) && !g_ascii_isdigit (s[0]))
    return FALSE;
  words = g_strsplit (s, " ", -1);
  n_words = g_strv_length (words);
  if (n_words > MAX_TERM_WORDS)
    return FALSE;
  for (guint i = 1; i < n_words; i++)
    {
      gunichar c = g_utf8_get_char (words[i]);

      if (g_unichar_islower (c) && !is_small_word (words[i]))
        return FALSE;
    }
  return TRUE;
}

/* "Active:" or "Active::" alone on a line: the term without its colons. */
static char *
colon_term (const char *s, gboolean caps_mode)
{
  gsize n = strlen (s);
  g_autofree char *name = NULL;

  if (n < 2 || s[n - 1] != ':' || is_see_also (s))
    return NULL;
  name = g_strndup (s, n - (s[n - 2] == ':' ? 2 : 1));
  g_strchomp (name);
  return looks_like_term (name, caps_mode) ? g_steal_pointer (&name) : NULL;
}

/* ---- see also ---- */

/* "Fortress - Fortress Gate" / "Fortress—Fortress Gate" -> "Fortress – Fortress Gate" */
static char *
normalise_path (const char *ref)
{
  g_autoptr(GString) s = g_string_new (ref);
  g_auto(GStrv) parts = NULL;
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;

  g_string_replace (s, "—", "\x01", 0);
  g_string_replace (s, "–", "\x01", 0);
  g_string_replace (s, " - ", "\x01", 0);
  parts = g_strsplit (s->str, "\x01", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        g_strv_builder_add (b, parts[i]);
    }
  kept = g_strv_builder_end (b);
  return g_strjoinv (" – ", kept);
}

static void
parse_see_also (const char *line, GStrvBuilder *out)
{
  const char *p = line + see_also_prefix (line);
  GString *cur = g_string_new (NULL);
  int depth = 0;

  while (*p == ':' || *p == ' ')
    p++;
  for (;; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && depth > 0)
        depth--;
      if (*p == '\0' || ((*p == ',' || *p == ';') && depth == 0))
        {
          g_autofree char *ref = NULL;
          char *item = g_strstrip (cur->str);
          gsize n = strlen (item);

          while (n > 0 && item[n - 1] == '.')
            item[--n] = '\0';
          ref = normalise_path (item);
          if (*ref != '\0')
            g_strv_builder_add (out, ref);
          g_string_truncate (cur, 0);
          if (*p == '\0')
            break;
          continue;
        }
      g_string_append_c (cur, *p);
    }
  g_string_free (cur, TRUE);
}

/* ---- building terms ---- */

typedef struct {
  char         *name;
  int           level;      /* heading level, 0 when inferred */
  guint         line;
  GStrvBuilder *paragraphs;
  GStrvBuilder *see_also;
  char        **explicit_section;  /* from "Parent – Child" names or a column */
  guint         n_items;           /* paragraphs and see-also lines taken */
} Draft;

static void
draft_free (Draft *d)
{
  g_free (d->name);
  if (d->paragraphs != NULL)
    g_strv_builder_unref (d->paragraphs);
  if (d->see_also != NULL)
    g_strv_builder_unref (d->see_also);
  g_strfreev (d->explicit_section);
  g_free (d);
}

static Draft *
draft_new (const char *name, int level, guint line)
{
  Draft *d = g_new0 (Draft, 1);
  g_autofree char *path = normalise_path (name);
  g_auto(GStrv) parts = g_strsplit (path, " – ", -1);
  guint n = g_strv_length (parts);

  d->level = level;
  d->line = line;
  d->paragraphs = g_strv_builder_new ();
  d->see_also = g_strv_builder_new ();
  /* A name written as a path places itself; a plain dash inside a word
   * ("Non-Path Hex") never splits. */
  if (n > 1)
    {
      d->name = g_strdup (parts[n - 1]);
      g_free (parts[n - 1]);
      parts[n - 1] = NULL;
      d->explicit_section = g_steal_pointer (&parts);
    }
  else if (*path != '\0')
    d->name = g_strdup (path);
  else
    {
      /* Nothing but dashes: keep what was written rather than no name. */
      d->name = g_strstrip (g_strdup (name));
    }
  return d;
}

static char *
fold (const char *s)
{
  return spk_glossary_fold (s);
}

/* Longest increasing run of folded names, preferring the earliest names:
 * those are the top-level terms of an alphabetical list. len[i] is the
 * longest run that starts at i; it is found from the right in n log n
 * steps (an export of 200,000 rows once took minutes here): tails[k] holds
 * the greatest name that starts a run of k + 1 names, so tails decreases
 * with k and a binary search finds the longest run a name can begin. */
static gboolean *
alphabetical_spine (char **names, guint n)
{
  g_autofree guint *len = g_new0 (guint, MAX (n, 1));
  g_autofree const char **tails = g_new0 (const char *, MAX (n, 1));
  gboolean *in = g_new0 (gboolean, MAX (n, 1));
  guint size = 0, want = 0;
  const char *last = NULL;

  for (guint i = n; i-- > 0;)
    {
      guint lo = 0, hi = size;

      /* The first k whose run cannot follow names[i]. */
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (strcmp (tails[mid], names[i]) > 0)
            lo = mid + 1;
          else
            hi = mid;
        }
      len[i] = lo + 1;
      if (lo == size)
        tails[size++] = names[i];
      else if (strcmp (tails[lo], names[i]) < 0)
        tails[lo] = names[i];
      want = MAX (want, len[i]);
    }
  for (guint i = 0; i < n && want > 0; i++)
    if (len[i] == want && (last == NULL || strcmp (names[i], last) > 0))
      {
        in[i] = TRUE;
        last = names[i];
        want--;
      }
  return in;
}

/* The stems of a folded name's words, space-separated. */
static char *
stem_words (const char *folded)
{
  g_auto(GStrv) words = g_strsplit (folded, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *stem = spk_stem (words[i]);
      g_free (words[i]);
      words[i] = stem;
    }
  return g_strjoinv (" ", words);
}

/* "Attacking with Spires" under "Attack", "Upgrade Capacity" under
 * "Upgrades": the parent's words, stemmed, begin the child's name. */
static gboolean
extends_name (const char *child_stems, const char *parent_stems)
{
  gsize n = strlen (parent_stems);

  return strlen (child_stems) > n && strncmp (child_stems, parent_stems, n) == 0 &&
         child_stems[n] == ' ';
}

static gboolean
contains_words (const char *haystack, const char *needle)
{
  g_autofree char *h = g_strdup_printf (" %s ", haystack);
  g_autofree char *n = g_strdup_printf (" %s ", needle);
  return strstr (h, n) != NULL;
}

enum { NODE_TOP, NODE_PREFIX, NODE_ORDER, NODE_HEADING };

/* A term off the alphabetical spine that still sorts between the top-level
 * term before the current one and the next spine term is top level too
 * ("Control" after "CP Cost"); one that does not is a sub-term. */
static gboolean
fits_between (GPtrArray *folded, const guint *next_spine, guint i, const char *prev_top)
{
  const char *f = folded->pdata[i];

  if (prev_top == NULL || strcmp (prev_top, f) >= 0)
    return FALSE;
  if (next_spine[i] < folded->len)
    return strcmp (f, folded->pdata[next_spine[i]]) < 0;
  return TRUE;
}

/* Gives every draft its section path. */
static void
place_terms (GPtrArray *drafts, GPtrArray *terms)
{
  guint n = drafts->len;
  g_autoptr(GPtrArray) folded = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) stems = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *spine = NULL;
  g_autofree guint *next_spine = NULL; /* the first spine term after each */
  const char *prev_top = NULL;   /* the top-level term before the current one */
  g_autofree guint *stack = g_new0 (guint, MAX (n, 1));
  g_autofree int *kind = g_new0 (int, MAX (n, 1));
  guint depth = 0;
  int min_level = G_MAXINT;

  /* A heading with no words in it names nothing. */
  for (guint i = drafts->len; i-- > 0;)
    if (*((Draft *) drafts->pdata[i])->name == '\0')
      g_ptr_array_remove_index (drafts, i);
  n = drafts->len;
  for (guint i = 0; i < n; i++)
    {
      Draft *d = drafts->pdata[i];
      g_ptr_array_add (folded, fold (d->name));
      g_ptr_array_add (stems, stem_words (folded->pdata[i]));
      if (d->level > 0)
        min_level = MIN (min_level, d->level);
    }
  spine = alphabetical_spine ((char **) folded->pdata, n);
  next_spine = g_new (guint, MAX (n, 1));
  for (guint i = n, next = n; i-- > 0;)
    {
      next_spine[i] = next;
      if (spine[i])
        next = i;
    }

  for (guint i = 0; i < n; i++)
    {
      Draft *d = drafts->pdata[i];
      const char *f = folded->pdata[i];
      SpkRulesTerm *t = g_new0 (SpkRulesTerm, 1);
      g_autoptr(GStrvBuilder) section = g_strv_builder_new ();
      gboolean placed = FALSE;

      if (d->level > 0)
        {
          /* Headings say their depth outright. */
          guint want = (guint) (d->level - min_level);
          while (depth > 0 && (depth > want || kind[depth - 1] != NODE_HEADING))
            depth--;
          kind[depth] = NODE_HEADING;
          stack[depth++] = i;
          placed = TRUE;
        }
      else if (min_level != G_MAXINT && depth > 0)
        {
          /* A plain term inside a document of headings: under the last. */
          while (depth > 0 && kind[depth - 1] != NODE_HEADING)
            depth--;
          kind[depth] = NODE_ORDER;
          stack[depth++] = i;
          placed = TRUE;
        }
      for (guint k = depth; !placed && k-- > 0;)
        {
          if (extends_name (stems->pdata[i], stems->pdata[stack[k]]))
            {
              depth = k + 1;
              kind[depth] = NODE_PREFIX;
              stack[depth++] = i;
              placed = TRUE;
            }
        }
      if (!placed && (spine[i] || depth == 0))
        {
          if (depth > 0)
            prev_top = folded->pdata[stack[0]];
          depth = 0;
          kind[0] = NODE_TOP;
          stack[depth++] = i;
          placed = TRUE;
        }
      /* A name repeated is no sub-term of itself: a list of one name over
       * and over must not nest a level deeper each time. */
      for (guint k = depth; !placed && k-- > 0;)
        if (!g_str_equal (f, folded->pdata[stack[k]]) && contains_words (f, folded->pdata[stack[k]]))
          {
            depth = k + 1;
            kind[depth] = NODE_ORDER;
            stack[depth++] = i;
            placed = TRUE;
          }
      if (!placed && fits_between (folded, next_spine, i, prev_top))
        {
          prev_top = folded->pdata[stack[0]];
          depth = 0;
          kind[0] = NODE_TOP;
          stack[depth++] = i;
          placed = TRUE;
        }
      if (!placed)
        {
          if (kind[depth - 1] == NODE_ORDER)
            depth--;
          kind[depth] = NODE_ORDER;
          stack[depth++] = i;
        }

      if (d->explicit_section != NULL)
        for (guint k = 0; d->explicit_section[k] != NULL; k++)
          g_strv_builder_add (section, d->explicit_section[k]);
      else
        for (guint k = 0; k + 1 < depth; k++)
          g_strv_builder_add (section, ((Draft *) drafts->pdata[stack[k]])->name);
      t->title = g_strdup (d->name);
      t->section = g_strv_builder_end (section);
      t->paragraphs = g_strv_builder_end (d->paragraphs);
      t->see_also = g_strv_builder_end (d->see_also);
      t->line = d->line;
      g_ptr_array_add (terms, t);
    }
}

/* ---- warnings ---- */

typedef struct {
  GPtrArray  *warnings;
  guint       first, last;
  const char *reason;
} Skipped;

static void
skipped_flush (Skipped *sk)
{
  if (sk->first == 0)
    return;
  if (sk->first == sk->last)
    g_ptr_array_add (sk->warnings, g_strdup_printf (_("line %u: %s"), sk->first, sk->reason));
  else
    g_ptr_array_add (sk->warnings, g_strdup_printf (_("lines %u–%u: %s"), sk->first, sk->last, sk->reason));
  sk->first = sk->last = 0;
}

static void
skipped_add (Skipped *sk, guint first, guint last, const char *reason)
{
  if (sk->first != 0 && sk->reason == reason)
    {
      sk->last = last;
      return;
    }
  skipped_flush (sk);
  sk->first = first;
  sk->last = last;
  sk->reason = reason;
}

/* ---- plain text ---- */

typedef enum {
  ITEM_TERM,
  ITEM_PARA,
  ITEM_LIST,
  ITEM_SEE_ALSO,
  ITEM_ROW,
  ITEM_CAPS,
} ItemKind;

typedef struct {
  ItemKind kind;
  guint    first, last;   /* source lines */
  int      level;         /* headings */
  GString *text;
} Item;

static void
item_free (Item *it)
{
  g_string_free (it->text, TRUE);
  g_free (it);
}

static Item *
item_new (ItemKind kind, guint line, const char *text)
{
  Item *it = g_new0 (Item, 1);

  it->kind = kind;
  it->first = it->last = line;
  it->text = g_string_new (text);
  return it;
}

/* "Term: text" or "Term — text" on one line (a definition list). */
static gboolean
split_inline_term (const char *s, char **name, char **rest)
{
  static const char *const seps[] = { ": ", " — ", " – ", " - " };

  /* "- Term: text" and "• Term — text" are definition lists too. */
  if (is_list_item (s) && !g_ascii_isdigit (s[0]) && !g_ascii_islower (s[0]))
    s = g_utf8_next_char (s) + 1;

  for (gsize i = 0; i < G_N_ELEMENTS (seps); i++)
    {
      const char *at = strstr (s, seps[i]);
      g_autofree char *head = NULL;

      if (at == NULL || at - s > MAX_TERM_CHARS * 4 || at[strlen (seps[i])] == '\0')
        continue;
      head = g_strndup (s, (gsize) (at - s));
      g_strstrip (head);
      if (!looks_like_term (head, FALSE) || is_all_caps (head))
        continue;
      *name = g_steal_pointer (&head);
      *rest = g_strdup (at + strlen (seps[i]));
      return TRUE;
    }
  return FALSE;
}

/* Markdown "## Term" -> "Term", level 2. */
static int
heading_level (const char *raw, char **title)
{
  const char *p = raw;
  int level = 0;

  while (*p == ' ')
    p++;
  while (*p == '#' && level < 7)
    p++, level++;
  if (level == 0 || level > 6 || *p != ' ')
    return 0;
  {
    g_autofree char *rest = g_strdup (p);
    g_strstrip (rest);
    while (*rest != '\0' && rest[strlen (rest) - 1] == '#')
      rest[strlen (rest) - 1] = '\0';
    *title = spk_rules_import_clean_line (rest);
  }
  return **title != '\0' ? level : (g_free (*title), *title = NULL, 0);
}

/* A line that is bold from end to end, like **Term** or <b>Term</b>. */
static gboolean
is_bold_line (const char *raw)
{
  g_autofree char *s = g_strstrip (g_strdup (raw));
  gsize n = strlen (s);

  if (n > 4 && g_str_has_prefix (s, "**") && g_str_has_suffix (s, "**"))
    return strstr (s + 2, "**") == s + n - 2;
  if (n > 4 && g_str_has_prefix (s, "__") && g_str_has_suffix (s, "__"))
    return strstr (s + 2, "__") == s + n - 2;
  if (g_ascii_strncasecmp (s, "<b>", 3) == 0 || g_ascii_strncasecmp (s, "<strong>", 8) == 0)
    return g_str_has_suffix (s, "</b>") || g_str_has_suffix (s, "</B>") ||
           g_str_has_suffix (s, "</strong>");
  return FALSE;
}

static guint
count_cells (const char *raw, char sep)
{
  g_auto(GStrv) cells = NULL;
  guint n = 0;
  char seps[2] = { sep, '\0' };

  cells = g_strsplit (raw, seps, -1);
  for (guint i = 0; cells[i] != NULL; i++)
    {
      g_autofree char *c = spk_rules_import_clean_line (cells[i]);
      if (*c != '\0')
        n++;
    }
  return n;
}

/* Lines that repeat down the pages (running headers and footers) once
 * their numbers are ignored. */
static GHashTable *
repeated_lines (char **clean, guint n)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n; i++)
    {
      GString *key;

      if (*clean[i] == '\0' || strlen (clean[i]) > 80 || is_see_also (clean[i]) ||
          is_list_item (clean[i]) || strchr (clean[i], '|') != NULL)
        continue;
      key = g_string_new (NULL);
      for (const char *p = clean[i]; *p != '\0'; p++)
        if (!g_ascii_isdigit (*p))
          g_string_append_c (key, g_ascii_tolower (*p));
        else if (key->len == 0 || key->str[key->len - 1] != '#')
          g_string_append_c (key, '#');
      g_hash_table_insert (counts, key->str,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, key->str)) + 1));
      g_string_free (key, FALSE);
    }
  return counts;
}

static gboolean
is_repeated (GHashTable *counts, const char *clean)
{
  GString *key = g_string_new (NULL);
  guint n;

  for (const char *p = clean; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      g_string_append_c (key, g_ascii_tolower (*p));
    else if (key->len == 0 || key->str[key->len - 1] != '#')
      g_string_append_c (key, '#');
  n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key->str));
  g_string_free (key, TRUE);
  return n >= 3;
}

static void
parse_text (SpkRulesImport *self, char **raw, guint n)
{
  g_autoptr(GPtrArray) clean = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) item_free);
  g_autoptr(GPtrArray) drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) draft_free);
  g_autoptr(GHashTable) repeats = NULL;
  Skipped sk = { self->warnings, 0, 0, NULL };
  guint caps_terms = 0, title_terms = 0, inline_terms = 0;
  gboolean caps_mode, deflist, blank_before = TRUE, appendix = FALSE;
  Draft *cur = NULL;
  g_autoptr(GPtrArray) reasons = g_ptr_array_new_with_free_func (g_free);
  const char *appendix_reason = NULL;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (clean, spk_rules_import_clean_line (raw[i]));
  repeats = repeated_lines ((char **) clean->pdata, n);

  /* A list whose terms are all in capitals: count both kinds of short line. */
  for (guint i = 0; i < n; i++)
    {
      const char *s = clean->pdata[i];
      if (is_blank (s) || strchr (raw[i], '\t') != NULL)
        continue;
      g_autofree char *name = NULL, *rest = NULL, *colon = NULL;

      if (looks_like_term (s, TRUE))
        caps_terms++;
      else if (looks_like_term (s, FALSE) || (colon = colon_term (s, FALSE)) != NULL)
        title_terms++;
      else if (split_inline_term (s, &name, &rest))
        inline_terms++;
    }
  caps_mode = caps_terms > title_terms;
  /* Hardly any term on a line of its own, many "Term: text" lines. */
  deflist = title_terms + caps_terms < 3 && inline_terms >= 3;

  /* Lines to items: one paragraph per block of text lines. */
  for (guint i = 0; i < n; i++)
    {
      const char *s = clean->pdata[i];
      Item *last = items->len > 0 ? items->pdata[items->len - 1] : NULL;
      g_autofree char *colon = NULL;
      char *heading = NULL;
      int level;

      if (is_blank (s))
        {
          blank_before = TRUE;
          continue;
        }
      if (is_page_number (s) || is_repeated (repeats, s))
        {
          self->n_furniture++;
          continue;
        }
      level = heading_level (raw[i], &heading);
      if (deflist && level == 0 && !is_see_also (s))
        {
          g_autofree char *name = NULL, *rest = NULL;

          if (split_inline_term (s, &name, &rest))
            {
              g_ptr_array_add (items, item_new (ITEM_TERM, i + 1, name));
              g_ptr_array_add (items, item_new (ITEM_PARA, i + 1, rest));
              blank_before = FALSE;
              continue;
            }
        }
      if (level > 0)
        {
          Item *it = item_new (ITEM_TERM, i + 1, heading);
          it->level = level;
          g_ptr_array_add (items, it);
          g_free (heading);
        }
      else if (is_see_also (s))
        g_ptr_array_add (items, item_new (ITEM_SEE_ALSO, i + 1, s));
      else if (strchr (raw[i], '\t') != NULL && count_cells (raw[i], '\t') >= 2)
        g_ptr_array_add (items, item_new (ITEM_ROW, i + 1, s));
      else if ((blank_before || last == NULL || last->kind != ITEM_PARA || paragraph_ends_sentence (last->text)) &&
               (colon = colon_term (s, caps_mode)) != NULL)
        g_ptr_array_add (items, item_new (ITEM_TERM, i + 1, colon));
      else if (is_bold_line (raw[i]) ||
               (looks_like_term (s, caps_mode) &&
                (blank_before || last == NULL || last->kind != ITEM_PARA || paragraph_ends_sentence (last->text))))
        g_ptr_array_add (items, item_new (ITEM_TERM, i + 1, s));
      else if (!caps_mode && is_all_caps (s))
        g_ptr_array_add (items, item_new (ITEM_CAPS, i + 1, s));
      else if (is_list_item (s))
        g_ptr_array_add (items, item_new (ITEM_LIST, i + 1, s));
      else if (last != NULL && !blank_before && (last->kind == ITEM_PARA || last->kind == ITEM_LIST))
        {
          /* A wrapped line of the same paragraph. */
          g_string_append_printf (last->text, " %s", s);
          last->last = i + 1;
        }
      else if (last != NULL && (last->kind == ITEM_PARA || last->kind == ITEM_LIST) &&
               !paragraph_ends_sentence (last->text) &&
               (g_unichar_islower (g_utf8_get_char (s)) ||
                (last->kind == ITEM_PARA && g_ascii_islower (last->text->str[last->text->len - 1]))))
        {
          /* A sentence cut by a page break. */
          g_string_append_printf (last->text, " %s", s);
          last->last = i + 1;
        }
      else
        g_ptr_array_add (items, item_new (ITEM_PARA, i + 1, s));
      blank_before = FALSE;
    }

  {
    /* "# Glossary" over "## Term" headings is the document's title. */
    Item *top = NULL;
    guint n_top = 0, n_headings = 0;
    int min_level = G_MAXINT;

    for (guint i = 0; i < items->len; i++)
      {
        Item *it = items->pdata[i];
        if (it->kind == ITEM_TERM && it->level > 0)
          {
            n_headings++;
            if (it->level < min_level)
              min_level = it->level, n_top = 0, top = NULL;
            if (it->level == min_level && n_top++ == 0)
              top = it;
          }
      }
    if (top != NULL && n_top == 1 && n_headings > 1)
      for (guint i = 0; i < items->len; i++)
        {
          Item *it = items->pdata[i];
          if (it->kind == ITEM_TERM)
            {
              if (it == top)
                {
                  g_ptr_array_remove_index (items, i);
                  self->n_furniture++;
                }
              break;
            }
        }
  }

  for (guint i = 0; i < items->len; i++)
    {
      Item *it = items->pdata[i];
      Item *next = i + 1 < items->len ? items->pdata[i + 1] : NULL;

      if (it->kind == ITEM_CAPS)
        {
          if (drafts->len == 0)
            {
              /* The document's own title before the list starts. */
              self->n_furniture++;
              continue;
            }
          appendix = TRUE;
          cur = NULL;
          appendix_reason = g_strdup_printf (_("text under “%s” is not a term; skipped"), it->text->str);
          g_ptr_array_add (reasons, (char *) appendix_reason);
          skipped_add (&sk, it->first, it->last, appendix_reason);
          continue;
        }
      if (it->kind == ITEM_TERM)
        {
          /* After a closing section only a term with real text counts. */
          if (appendix && it->level == 0 &&
              (next == NULL || next->kind != ITEM_PARA || !paragraph_ends_sentence (next->text)))
            {
              skipped_add (&sk, it->first, it->last, appendix_reason);
              continue;
            }
          appendix = FALSE;
          skipped_flush (&sk);
          if (cur != NULL && cur->level == it->level && cur->n_items == 0)
            {
              /* The same heading twice (repeated at the top of a page). */
              g_autofree char *a = fold (cur->name);
              g_autofree char *b = fold (it->text->str);
              if (g_str_equal (a, b))
                {
                  self->n_furniture++;
                  continue;
                }
            }
          cur = draft_new (it->text->str, it->level, it->first);
          g_ptr_array_add (drafts, cur);
          continue;
        }
      if (cur == NULL)
        {
          skipped_add (&sk, it->first, it->last,
                       appendix ? appendix_reason : _("text before the first term; skipped"));
          continue;
        }
      cur->n_items++;
      switch (it->kind)
        {
        case ITEM_SEE_ALSO:
          parse_see_also (it->text->str, cur->see_also);
          break;
        case ITEM_ROW:
          {
            g_auto(GStrv) cells = g_strsplit (raw[it->first - 1], "\t", -1);
            g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_free);
            g_autofree char *joined = NULL;

            for (guint k = 0; cells[k] != NULL; k++)
              {
                char *c = spk_rules_import_clean_line (cells[k]);
                if (*c != '\0')
                  g_ptr_array_add (kept, c);
                else
                  g_free (c);
              }
            g_ptr_array_add (kept, NULL);
            joined = g_strjoinv (" | ", (char **) kept->pdata);
            g_strv_builder_add (cur->paragraphs, joined);
          }
          break;
        default:
          g_strv_builder_add (cur->paragraphs, it->text->str);
        }
    }
  skipped_flush (&sk);
  place_terms (drafts, self->terms);
}

/* ---- tables ---- */

static gboolean
is_rule_line (const char *s)
{
  gboolean dash = FALSE;

  if (*s == '\0')
    return FALSE;
  for (; *s != '\0'; s++)
    {
      if (*s == '-' || *s == '=')
        dash = TRUE;
      else if (!strchr ("|+: \t", *s))
        return FALSE;
    }
  return dash;
}

/* Rules between rows, drawn with "+" or under most rows: a grid table whose
 * cells wrap over several lines. A pipe table has one rule, under its
 * header; a page of several has one per table. */
static gboolean
is_grid (guint n_rules, guint n_plus, guint n_rows)
{
  return n_rules >= 3 && (n_plus > 0 || n_rules * 2 >= n_rows);
}

/* Cells of a table line, escapes kept out of the split. */
static GPtrArray *
split_row (const char *line, char sep)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  /* Tabs are the separators of a tab export: only spaces are trimmed. */
  g_autofree char *s = sep == '\t' ? g_strdup (line) : g_strstrip (g_strdup (line));
  GString *cur = g_string_new (NULL);
  const char *p = s;
  gsize n = strlen (s);

  if (sep == '|')
    {
      if (*p == '|')
        p++;
      if (n > 1 && s[n - 1] == '|' && s[n - 2] != '\\')
        s[n - 1] = '\0';
    }
  for (; *p != '\0'; p++)
    {
      if (*p == '\\' && p[1] == sep)
        {
          g_string_append_c (cur, sep);
          p++;
          continue;
        }
      if (*p == sep)
        {
          g_ptr_array_add (cells, g_string_free (cur, FALSE));
          cur = g_string_new (NULL);
          continue;
        }
      g_string_append_c (cur, *p);
    }
  g_ptr_array_add (cells, g_string_free (cur, FALSE));
  return cells;
}

enum { COL_NONE = -1 };

typedef struct {
  int term, body, see_also, section;
} Columns;

static gboolean
header_word (const char *cell, const char *const *words)
{
  g_autofree char *f = fold (cell);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (f, words[i]))
      return TRUE;
  return FALSE;
}

static const char *const term_words[] = { "term", "terms", "name", "title", "keyword", "concept", "entry",
                                          "glossary term", "topic", "heading", "word", NULL };
static const char *const body_words[] = { "body", "definition", "description", "text", "rule", "rules",
                                          "meaning", "explanation", "details", "wording", "rules text",
                                          "definitions", "content", "contents", "summary", NULL };
static const char *const see_words[] = { "see also", "related", "related terms", "references", "links",
                                         "cross references", "see", NULL };
static const char *const section_words[] = { "section", "parent", "category", "group", "path", NULL };

static gboolean
read_header (GPtrArray *cells, Columns *cols)
{
  Columns c = { COL_NONE, COL_NONE, COL_NONE, COL_NONE };

  for (guint i = 0; i < cells->len; i++)
    {
      g_autofree char *cell = spk_rules_import_clean_line (((GString *) cells->pdata[i])->str);

      if (header_word (cell, term_words) && c.term == COL_NONE)
        c.term = (int) i;
      else if (header_word (cell, body_words) && c.body == COL_NONE)
        c.body = (int) i;
      else if (header_word (cell, see_words))
        c.see_also = (int) i;
      else if (header_word (cell, section_words))
        c.section = (int) i;
    }
  if (c.term == COL_NONE || c.body == COL_NONE)
    return FALSE;
  *cols = c;
  return TRUE;
}

/* One logical row: the cells of one line, or of every line between two
 * rules of a grid table. */
typedef struct {
  guint      first, last;
  GPtrArray *cells;   /* of GString*: lines of a cell joined, "\n" between */
} Row;

static void
row_free (Row *r)
{
  for (guint i = 0; i < r->cells->len; i++)
    g_string_free (r->cells->pdata[i], TRUE);
  g_ptr_array_unref (r->cells);
  g_free (r);
}

static const char *
cell (Row *r, int col)
{
  if (col < 0 || (guint) col >= r->cells->len)
    return "";
  return ((GString *) r->cells->pdata[col])->str;
}

/* Splits a cell into paragraphs at "<br>" or at blank lines of a grid cell,
 * joining the wrapped lines of each; a "See also:" line inside a cell
 * stands apart. */
static void
cell_paragraphs (const char *text, GStrvBuilder *paras, GStrvBuilder *see_also)
{
  g_autoptr(GString) s = g_string_new (text);
  g_auto(GStrv) parts = NULL;

  g_string_replace (s, "<br/>", "\n\n", 0);
  g_string_replace (s, "<br />", "\n\n", 0);
  g_string_replace (s, "<br>", "\n\n", 0);
  g_string_replace (s, "<BR>", "\n\n", 0);
  for (const char *p = s->str; (p = strchr (p, '\n')) != NULL; p++)
    if (is_see_also (p + 1 + strspn (p + 1, " \t")))
      {
        gsize at = (gsize) (p - s->str);

        g_string_insert_c (s, (gssize) at, '\n');
        p = s->str + at + 1;
      }
  parts = g_strsplit (s->str, "\n\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *p = spk_rules_import_clean_line (parts[i]);

      if (*p == '\0')
        continue;
      if (is_see_also (p))
        parse_see_also (p, see_also);
      else
        g_strv_builder_add (paras, p);
    }
}

/* "  Sub-term", "– Sub-term", "↳ Sub-term": a child of the row above. */
static int
term_indent (const char *raw_cell, const char **name)
{
  const char *p = raw_cell;
  int depth = 0;

  if (g_str_has_prefix (p, "  ") || g_str_has_prefix (p, "\u00a0"))
    depth = 1;
  while (*p == ' ')
    p++;
  for (;;)
    {
      if (g_str_has_prefix (p, "↳") || g_str_has_prefix (p, "–") || g_str_has_prefix (p, "—") ||
          g_str_has_prefix (p, "»"))
        p = g_utf8_next_char (p);
      else if ((*p == '-' || *p == '>') && p[1] == ' ')
        p++;
      else
        break;
      depth = MAX (depth, 1);
      while (*p == ' ')
        p++;
    }
  *name = p;
  return depth;
}

/* Terms from logical rows: a row with a term starts an entry, one with an
 * empty term cell continues the entry above. */
static void
rows_to_terms (SpkRulesImport *self, GPtrArray *rows, guint widest)
{
  g_autoptr(GPtrArray) drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) draft_free);
  Skipped sk = { self->warnings, 0, 0, NULL };
  Columns cols = { 0, 1, COL_NONE, COL_NONE };
  gboolean header_done = FALSE;
  Draft *cur = NULL, *top = NULL;
  Row *header = NULL;

  if (widest >= 3)
    {
      /* Without a header: the longest column is the text, the first the term. */
      g_autofree gsize *total = g_new0 (gsize, widest);

      for (guint r = 0; r < rows->len; r++)
        for (guint k = 0; k < ((Row *) rows->pdata[r])->cells->len; k++)
          total[k] += strlen (cell (rows->pdata[r], (int) k));
      cols.body = 0;
      for (guint k = 1; k < widest; k++)
        if (total[k] > total[cols.body])
          cols.body = (int) k;
      cols.term = cols.body == 0 ? 1 : 0;
      /* Beside them, a column of names (not of page numbers) is taken for
       * see-also: a section column comes with a header naming it. */
      for (guint k = 0; k < widest && k < 8 && cols.see_also == COL_NONE; k++)
        {
          gboolean names = FALSE, numbers = FALSE;

          if ((int) k == cols.term || (int) k == cols.body)
            continue;
          for (guint r = 0; r < rows->len; r++)
            {
              g_autofree char *c = spk_rules_import_clean_line (cell (rows->pdata[r], (int) k));

              if (*c == '\0')
                continue;
              if (c[strspn (c, "0123456789 -–")] == '\0')
                numbers = TRUE;
              else
                names = TRUE;
            }
          if (names && !numbers)
            cols.see_also = (int) k;
        }
    }

  for (guint r = 0; r < rows->len; r++)
    {
      Row *row = rows->pdata[r];
      g_autofree char *term_clean = NULL;
      const char *name;
      int indent;

      if (!header_done)
        {
          header_done = TRUE;
          if (read_header (row->cells, &cols))
            {
              header = row;
              continue;
            }
        }
      /* The header again: a table per page or per letter. */
      if (header != NULL && g_str_equal (cell (row, cols.term), cell (header, cols.term)) &&
          g_str_equal (cell (row, cols.body), cell (header, cols.body)))
        continue;
      if (drafts->len > SPK_RULES_IMPORT_MAX_TERMS)
        {
          /* Refused by check_limits() anyway: count, do not read. */
          self->n_unread += rows->len - r;
          break;
        }
      indent = term_indent (cell (row, cols.term), &name);
      term_clean = spk_rules_import_clean_line (name);
      if (*term_clean != '\0')
        {
          g_autofree char *section = spk_rules_import_clean_line (cell (row, cols.section));

          cur = draft_new (term_clean, 0, row->first);
          if (*section != '\0' && cur->explicit_section == NULL)
            {
              g_autofree char *path = normalise_path (section);
              cur->explicit_section = g_strsplit (path, " – ", -1);
            }
          else if (indent > 0 && top != NULL && cur->explicit_section == NULL)
            {
              cur->explicit_section = g_new0 (char *, 2);
              cur->explicit_section[0] = g_strdup (top->name);
            }
          if (indent == 0)
            top = cur;
          g_ptr_array_add (drafts, cur);
        }
      else if (cur == NULL)
        {
          g_autofree char *body = spk_rules_import_clean_line (cell (row, cols.body));
          if (*body != '\0')
            skipped_add (&sk, row->first, row->last, _("text with no term before it; skipped"));
          continue;
        }
      cell_paragraphs (cell (row, cols.body), cur->paragraphs, cur->see_also);
      if (cols.see_also != COL_NONE)
        {
          g_autofree char *refs = spk_rules_import_clean_line (cell (row, cols.see_also));
          if (*refs != '\0')
            {
              g_autofree char *line = g_strconcat ("See also: ", refs, NULL);
              parse_see_also (line, cur->see_also);
            }
        }
    }
  skipped_flush (&sk);

  /* When the export names parents at all, a row that names none is top
   * level; otherwise the alphabet decides (place_terms). */
  {
    gboolean any_section = FALSE;
    for (guint i = 0; i < drafts->len; i++)
      any_section = any_section || ((Draft *) drafts->pdata[i])->explicit_section != NULL;
    if (any_section)
      for (guint i = 0; i < drafts->len; i++)
        {
          Draft *d = drafts->pdata[i];
          if (d->explicit_section == NULL)
            d->explicit_section = g_new0 (char *, 1);
        }
  }
  place_terms (drafts, self->terms);
}

/* Returns the number of rows read. */
static guint
parse_table (SpkRulesImport *self, char **raw, guint n, char sep)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  Skipped sk = { self->warnings, 0, 0, NULL };
  guint n_rules = 0, n_plus = 0, n_rows = 0, widest = 0;
  gboolean grid;
  Row *open = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = g_strstrip (g_strdup (raw[i]));
      if (is_rule_line (s))
        {
          n_rules++;
          n_plus += strchr (s, '+') != NULL ? 1 : 0;
        }
      else if (*s == '|')
        n_rows++;
    }
  grid = is_grid (n_rules, n_plus, n_rows);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = g_strstrip (g_strdup (raw[i]));
      gboolean content = sep == '\t' ? strchr (raw[i], '\t') != NULL : *s == '|';
      g_autoptr(GPtrArray) cells = NULL;

      if (is_rule_line (s))
        {
          open = NULL;
          continue;
        }
      if (!content)
        {
          g_autofree char *c = spk_rules_import_clean_line (s);

          open = NULL;
          if (*c == '\0' || is_page_number (c))
            {
              if (*c != '\0')
                self->n_furniture++;
              continue;
            }
          skipped_add (&sk, i + 1, i + 1, _("text outside the table; skipped"));
          continue;
        }
      skipped_flush (&sk);
      cells = split_row (raw[i], sep);
      widest = MAX (widest, cells->len);
      if (grid && open != NULL)
        {
          for (guint k = 0; k < cells->len; k++)
            {
              g_autofree char *c = g_strstrip (g_strdup (cells->pdata[k]));

              if (k >= open->cells->len)
                g_ptr_array_add (open->cells, g_string_new (NULL));
              /* An empty line inside a cell ends its paragraph. */
              g_string_append (open->cells->pdata[k], *c == '\0' ? "\n\n" : " ");
              g_string_append (open->cells->pdata[k], cells->pdata[k]);
            }
          open->last = i + 1;
          continue;
        }
      open = g_new0 (Row, 1);
      open->first = open->last = i + 1;
      open->cells = g_ptr_array_new ();
      for (guint k = 0; k < cells->len; k++)
        g_ptr_array_add (open->cells, g_string_new (cells->pdata[k]));
      g_ptr_array_add (rows, open);
      if (!grid)
        open = NULL;
    }

  skipped_flush (&sk);
  rows_to_terms (self, rows, widest);
  return rows->len;
}

/* ---- comma-separated values ---- */

/* Rows of a CSV or TSV export (RFC 4180: quoted cells may hold the
 * separator, doubled quotes and line breaks). A blank line inside a quoted
 * cell is kept as a paragraph break. A quote still open at the end sets
 * @open_quote to the line where it opened. */
static GPtrArray *
csv_rows (const char *text, char sep, guint *widest, guint *open_quote)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  Row *row = NULL;
  GString *cur = NULL;
  gboolean quoted = FALSE;
  guint line = 1, quote_line = 0;

  *open_quote = 0;

  for (const char *p = text;; p++)
    {
      if (row == NULL)
        {
          if (*p == '\0')
            break;
          row = g_new0 (Row, 1);
          row->first = row->last = line;
          row->cells = g_ptr_array_new ();
          cur = g_string_new (NULL);
        }
      if (quoted)
        {
          if (*p == '\0')
            {
              quoted = FALSE;
              *open_quote = quote_line;
            }
          else if (*p == '"' && p[1] == '"')
            {
              g_string_append_c (cur, '"');
              p++;
              continue;
            }
          else if (*p == '"')
            {
              quoted = FALSE;
              continue;
            }
          else
            {
              if (*p == '\n')
                line++;
              g_string_append_c (cur, *p);
              continue;
            }
        }
      if (*p == '"' && cur->len == 0)
        {
          quoted = TRUE;
          quote_line = line;
        }
      else if (*p == sep)
        {
          g_ptr_array_add (row->cells, cur);
          cur = g_string_new (NULL);
        }
      else if (*p == '\n' || *p == '\0')
        {
          gboolean empty;

          g_ptr_array_add (row->cells, cur);
          row->last = line;
          empty = row->cells->len == 1 && ((GString *) row->cells->pdata[0])->len == 0;
          if (empty)
            row_free (row);
          else
            {
              *widest = MAX (*widest, row->cells->len);
              g_ptr_array_add (rows, row);
            }
          row = NULL;
          if (*p == '\0')
            break;
          line++;
        }
      else
        g_string_append_c (cur, *p);
    }
  return rows;
}

/* A CSV (@sep ',') or TSV ('\t') export: a header naming a term and a
 * text column, rows that mostly start with a quoted cell, or rows that
 * nearly all start with a title cell. */
static gboolean
looks_like_csv (char **lines, guint n, char sep)
{
  const char quoted_end[] = { '"', sep, '\0' };
  const char seps[] = { sep, '\0' };
  guint nonblank = 0, quoted = 0, titled = 0;
  const char *first = NULL;

  for (guint i = 0; i < n; i++)
    {
      const char *s = lines[i];
      const char *cut;

      while (*s == ' ')
        s++;
      if (*s == '\0')
        continue;
      if (first == NULL)
        first = s;
      nonblank++;
      if (*s == '"' && strstr (s, quoted_end) != NULL)
        quoted++;
      if ((cut = strchr (s, sep)) != NULL && cut - s <= 4 * MAX_TERM_CHARS)
        {
          g_autofree char *head = g_strndup (s, (gsize) (cut - s));
          g_autofree char *name = spk_rules_import_clean_line (head);

          g_strdelimit (name, "\"", ' ');
          g_strstrip (name);
          titled += looks_like_term (name, FALSE) ? 1 : 0;
        }
    }
  if (first != NULL && strchr (first, sep) != NULL && strchr (first, '|') == NULL)
    {
      g_auto(GStrv) cells = g_strsplit (first, seps, -1);
      gboolean term = FALSE, body = FALSE;

      for (guint i = 0; cells[i] != NULL; i++)
        {
          g_strdelimit (cells[i], "\"", ' ');
          term = term || header_word (cells[i], term_words);
          body = body || header_word (cells[i], body_words);
        }
      if (term && body)
        return TRUE;
    }
  /* Or, with no header and no quotes, rows that nearly all start with a
   * title and the separator: a text export has its terms on lines with no
   * separator at all. */
  return (quoted >= 3 && quoted * 2 >= nonblank) || (titled >= 3 && titled * 5 >= nonblank * 4);
}

/* ---- one cell per line ---- */

/* A stretch of lines between two lone "|" lines: raw[from] to raw[to - 1]. */
typedef struct {
  guint    from, to;
  guint    first;   /* 1-based line of its first text, or of its start */
  guint    last;
  gboolean blank;
} Cell;

static gboolean
is_lone_pipe (const char *line)
{
  while (*line == ' ' || *line == '\t')
    line++;
  if (*line != '|')
    return FALSE;
  line++;
  while (*line == ' ' || *line == '\t')
    line++;
  return *line == '\0';
}

static gboolean
is_blank_line (const char *line)
{
  return line[strspn (line, " \t")] == '\0';
}

static GArray *
split_cells (char **raw, guint n)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  Cell cur = { 0, 0, 1, 1, TRUE };

  for (guint i = 0; i <= n; i++)
    {
      if (i == n || is_lone_pipe (raw[i]))
        {
          cur.to = i;
          cur.last = MAX (i, cur.first);
          g_array_append_val (cells, cur);
          cur.from = i + 1;
          cur.first = i + 2;
          cur.blank = TRUE;
          continue;
        }
      if (cur.blank && !is_blank_line (raw[i]))
        {
          cur.blank = FALSE;
          cur.first = i + 1;
        }
    }
  /* The pipe that opens the first row and the one that closes the last
   * leave a blank cell outside the table. */
  if (cells->len > 0 && g_array_index (cells, Cell, 0).blank)
    g_array_remove_index (cells, 0);
  if (cells->len > 0 && g_array_index (cells, Cell, cells->len - 1).blank)
    g_array_remove_index (cells, cells->len - 1);
  return cells;
}

/* Rows of @k cells, each row optionally followed by a blank cell (the
 * pipes that close one row and open the next). Returns how many rows had
 * that blank cell; *n_rows gets the number of rows. */
static guint
count_separators (GArray *cells, guint k, guint *n_rows)
{
  guint seps = 0, rows = 0;

  for (guint i = 0; i < cells->len;)
    {
      i += k;
      rows++;
      if (i < cells->len && g_array_index (cells, Cell, i).blank)
        {
          seps++;
          i++;
        }
    }
  *n_rows = rows;
  return seps;
}

/* How the lines inside cells break paragraphs, decided once for the whole
 * export: by blank lines, when any cell has one between its lines; by
 * width, when the lines were wrapped (most lines but the last of a cell
 * end within a few characters of the same width, 60 to 120): a sentence
 * ends a paragraph when the next word would have fitted after it; else
 * every line that ends a sentence ends a paragraph. */
typedef enum {
  BREAK_AT_SENTENCE,
  BREAK_AT_BLANK,
  BREAK_WRAPPED,
} CellBreaks;

static CellBreaks
cell_breaks (char **raw, GArray *cells, glong *width)
{
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (glong));
  glong widest = 0;
  guint near = 0;

  for (guint k = 0; k < cells->len; k++)
    {
      const Cell *c = &g_array_index (cells, Cell, k);
      gboolean seen_text = FALSE;
      guint last_text = c->to;

      for (guint i = c->from; i < c->to; i++)
        {
          if (!is_blank_line (raw[i]))
            {
              if (seen_text && last_text + 1 < i)
                return BREAK_AT_BLANK;
              seen_text = TRUE;
              last_text = i;
            }
        }
      for (guint i = c->from; i < c->to && i < last_text; i++)
        if (!is_blank_line (raw[i]))
          {
            glong n = g_utf8_strlen (raw[i], -1);

            g_array_append_val (lengths, n);
            widest = MAX (widest, n);
          }
    }
  if (widest < 60 || widest > 120 || lengths->len < 4)
    return BREAK_AT_SENTENCE;
  for (guint i = 0; i < lengths->len; i++)
    near += g_array_index (lengths, glong, i) * 100 >= widest * 85 ? 1 : 0;
  *width = widest;
  return near * 2 >= lengths->len ? BREAK_WRAPPED : BREAK_AT_SENTENCE;
}

/* The lines of a cell as paragraphs for cell_paragraphs() (see
 * cell_breaks()). A list item or a see-also line opens a paragraph; other
 * lines are wrapped text of the paragraph before. */
static GString *
cell_text (char **raw, const Cell *c, CellBreaks breaks, glong width)
{
  GString *out = g_string_new (NULL);
  gboolean brk = FALSE, first = TRUE;

  for (guint i = c->from; i < c->to; i++)
    {
      g_autofree char *clean = spk_rules_import_clean_line (raw[i]);
      gboolean ends;

      if (*clean == '\0')
        {
          brk = TRUE;
          continue;
        }
      /* The term cell keeps its indent: a sub-term may show by it. */
      if (!first)
        g_string_append (out, brk || is_list_item (clean) || is_see_also (clean) ? "\n\n" : "\n");
      g_string_append (out, raw[i]);
      first = FALSE;
      ends = ends_sentence (clean);
      switch (breaks)
        {
        case BREAK_AT_BLANK:
          brk = FALSE;
          break;
        case BREAK_WRAPPED:
          /* A wrapped line ends where the next word would not fit: if it
           * would have, the line ended a paragraph. */
          if (ends && i + 1 < c->to)
            {
              const char *next = raw[i + 1] + strspn (raw[i + 1], " \t");
              gsize word = strcspn (next, " \t");
              g_autofree char *first_word = g_strndup (next, word);

              brk = g_utf8_strlen (raw[i], -1) + 1 + g_utf8_strlen (first_word, -1) <= width;
            }
          else
            brk = ends;
          break;
        case BREAK_AT_SENTENCE:
        default:
          brk = ends || is_list_item (clean);
          break;
        }
      brk = brk || is_see_also (clean);
    }
  return out;
}

/* A table whose cells stand on lines of their own between lone "|" lines.
 * The number of columns is the one that puts a blank cell after every row
 * (two pipes between rows) most often; without such blanks, two. Returns
 * the number of cells with text. */
static guint
parse_cells (SpkRulesImport *self, char **raw, guint n)
{
  g_autoptr(GArray) cells = split_cells (raw, n);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  guint k = 2, best_seps = 0, best_rows = 1, filled = 0;
  CellBreaks breaks;
  glong width = 0;

  for (guint i = 0; i < cells->len; i++)
    filled += g_array_index (cells, Cell, i).blank ? 0 : 1;
  for (guint c = 2; c <= 4; c++)
    {
      guint n_rows, seps = count_separators (cells, c, &n_rows);

      /* Blank cells after four rows in five at least (an empty body can
       * pass for one; the last row has none), and after more rows than
       * the best so far. */
      if (seps * 5 >= (n_rows - 1) * 4 && (guint64) seps * best_rows > (guint64) best_seps * n_rows)
        {
          k = c;
          best_seps = seps;
          best_rows = n_rows;
        }
    }
  if (cells->len > 0)
    {
      /* A title above the table ends up in the first term's cell: the
       * term is what follows its last blank line. */
      Cell *c = &g_array_index (cells, Cell, 0);
      guint start = c->from;

      for (guint i = c->first; i < c->to; i++)
        if (is_blank_line (raw[i - 1]) && !is_blank_line (raw[i]))
          start = i;
      if (start > c->from)
        {
          Skipped sk = { self->warnings, 0, 0, NULL };
          guint last = start - 1;

          while (last > c->from && is_blank_line (raw[last]))
            last--;
          skipped_add (&sk, c->first, last + 1, _("text before the table; skipped"));
          skipped_flush (&sk);
          c->from = start;
          c->first = start + 1;
        }
    }
  breaks = cell_breaks (raw, cells, &width);
  for (guint i = 0; i < cells->len;)
    {
      Row *row;

      if (rows->len > SPK_RULES_IMPORT_MAX_TERMS + 1)
        {
          /* Refused by check_limits() anyway: count, do not read. */
          self->n_unread += (cells->len - i + k) / (k + 1);
          break;
        }
      row = g_new0 (Row, 1);
      row->cells = g_ptr_array_new ();
      row->first = g_array_index (cells, Cell, i).first;
      for (guint c = 0; c < k; c++, i++)
        {
          const Cell *cell = i < cells->len ? &g_array_index (cells, Cell, i) : NULL;

          g_ptr_array_add (row->cells, cell != NULL ? cell_text (raw, cell, breaks, width) : g_string_new (NULL));
          if (cell != NULL)
            row->last = cell->last;
        }
      g_ptr_array_add (rows, row);
      if (i < cells->len && g_array_index (cells, Cell, i).blank)
        i++;
    }
  rows_to_terms (self, rows, k);
  return filled;
}

/* ---- HTML ---- */

#define MAX_HTML_COLUMNS 64

typedef struct {
  guint cells, widest, dts, headings;
} HtmlSeen;

static void
draft_add_text (Draft *d, const char *text)
{
  if (d != NULL)
    cell_paragraphs (text, d->paragraphs, d->see_also);
}

/* Terms from <dt>/<dd> pairs, from headings or from title-like paragraphs,
 * with the paragraphs after them: @term_kind is the block that names a
 * term. */
static void
html_drafts (SpkRulesImport *self, GPtrArray *blocks, SpkHtmlBlockKind term_kind, GPtrArray *drafts)
{
  Skipped sk = { self->warnings, 0, 0, NULL };
  int min_level = G_MAXINT, max_level = 0;
  guint at_min = 0, first = G_MAXUINT;
  Draft *cur = NULL;

  for (guint i = 0; i < blocks->len; i++)
    {
      SpkHtmlBlock *b = blocks->pdata[i];
      if (b->kind != term_kind)
        continue;
      if (first == G_MAXUINT)
        first = i;
      if (b->level < min_level)
        min_level = b->level, at_min = 0;
      if (b->level == min_level)
        at_min++;
      max_level = MAX (max_level, b->level);
    }
  for (guint i = 0; i < blocks->len; i++)
    {
      SpkHtmlBlock *b = blocks->pdata[i];
      g_autofree char *title = b->kind == term_kind ? spk_rules_import_clean_line (b->text) : NULL;

      /* A page of paragraphs only: a short title of a paragraph names a
       * term, as a line of its own does in plain text. */
      if (title != NULL && term_kind == SPK_HTML_BLOCK_PARAGRAPH && !looks_like_term (title, FALSE))
        g_clear_pointer (&title, g_free);
      if (title != NULL)
        {
          /* The page's own title: the one heading at the top level, with
           * every other heading below it. */
          if (term_kind == SPK_HTML_BLOCK_HEADING && i == first && at_min == 1 && max_level > min_level)
            {
              skipped_add (&sk, b->line, b->line, _("the title of the page is not a term; skipped"));
              skipped_flush (&sk);
              cur = NULL;
              continue;
            }
          skipped_flush (&sk);
          if (drafts->len > SPK_RULES_IMPORT_MAX_TERMS)
            {
              /* Refused by check_limits() anyway: count, do not read. */
              self->n_unread++;
              cur = NULL;
              continue;
            }
          /* One level throughout says nothing of nesting: the names and
           * the alphabet decide, as in plain text. */
          cur = draft_new (title, max_level > min_level ? b->level : 0, b->line);
          g_ptr_array_add (drafts, cur);
        }
      else if (b->kind == SPK_HTML_BLOCK_PARAGRAPH || b->kind == SPK_HTML_BLOCK_DEFINITION ||
               b->kind == SPK_HTML_BLOCK_CELL)
        {
          if (cur == NULL)
            skipped_add (&sk, b->line, b->line, _("text before the first term; skipped"));
          draft_add_text (cur, b->text);
        }
      else if (b->kind == SPK_HTML_BLOCK_HEADING)
        cur = NULL;
    }
  skipped_flush (&sk);
}

/* A page saved from a browser: its table if it has one with two columns
 * or more, else its definition list, else its headings, else paragraphs
 * short enough to be titles. */
static void
parse_html (SpkRulesImport *self, const char *text, HtmlSeen *seen)
{
  g_autoptr(GPtrArray) blocks = spk_html_scan (text);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  g_autoptr(GPtrArray) drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) draft_free);
  guint widest = 0;
  Row *row = NULL;

  for (guint i = 0; i < blocks->len; i++)
    {
      SpkHtmlBlock *b = blocks->pdata[i];

      switch (b->kind)
        {
        case SPK_HTML_BLOCK_ROW:
          row = NULL;
          break;
        case SPK_HTML_BLOCK_CELL:
          seen->cells++;
          if (row == NULL)
            {
              row = g_new0 (Row, 1);
              row->first = row->last = b->line;
              row->cells = g_ptr_array_new ();
              g_ptr_array_add (rows, row);
            }
          /* No glossary has that many columns; the rest would only cost
           * memory. */
          if (row->cells->len >= MAX_HTML_COLUMNS)
            break;
          g_ptr_array_add (row->cells, g_string_new (b->text));
          row->last = b->line;
          widest = MAX (widest, row->cells->len);
          break;
        case SPK_HTML_BLOCK_TERM:
          seen->dts++;
          break;
        case SPK_HTML_BLOCK_HEADING:
          seen->headings++;
          break;
        case SPK_HTML_BLOCK_PARAGRAPH:
        case SPK_HTML_BLOCK_DEFINITION:
        default:
          break;
        }
    }
  seen->widest = widest;
  if (widest >= 2)
    {
      rows_to_terms (self, rows, widest);
      return;
    }
  if (seen->dts > 0)
    html_drafts (self, blocks, SPK_HTML_BLOCK_TERM, drafts);
  else if (seen->headings > 0)
    html_drafts (self, blocks, SPK_HTML_BLOCK_HEADING, drafts);
  else
    html_drafts (self, blocks, SPK_HTML_BLOCK_PARAGRAPH, drafts);
  place_terms (drafts, self->terms);
}

/* ---- JSON ---- */

static const char *
member_string (JsonObject *obj, const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      JsonNode *n = json_object_get_member (obj, names[i]);
      if (n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
        return json_node_get_string (n);
    }
  return NULL;
}

/* A list member, or a string member split at @sep (NULL: kept whole). */
static void
member_list (JsonObject *obj, const char *const *names, const char *sep, GPtrArray *out)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      JsonNode *n = json_object_get_member (obj, names[i]);

      if (n == NULL)
        continue;
      if (JSON_NODE_HOLDS_ARRAY (n))
        {
          JsonArray *a = json_node_get_array (n);
          for (guint k = 0; k < json_array_get_length (a); k++)
            {
              JsonNode *el = json_array_get_element (a, k);
              if (JSON_NODE_HOLDS_VALUE (el) && json_node_get_value_type (el) == G_TYPE_STRING)
                g_ptr_array_add (out, g_strdup (json_node_get_string (el)));
            }
          return;
        }
      if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
        {
          g_auto(GStrv) parts = sep != NULL ? g_strsplit (json_node_get_string (n), sep, -1)
                                            : g_strsplit (json_node_get_string (n), "\x01", -1);
          for (guint k = 0; parts[k] != NULL; k++)
            g_ptr_array_add (out, g_strdup (parts[k]));
          return;
        }
    }
}

/* The list of term objects: the root, or the first list of objects in it. */
static JsonArray *
json_terms (JsonNode *root)
{
  static const char *const names[] = { "terms", "entries", "glossary", "items", "data", NULL };

  if (JSON_NODE_HOLDS_ARRAY (root))
    return json_node_get_array (root);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  for (guint i = 0; names[i] != NULL; i++)
    {
      JsonNode *n = json_object_get_member (json_node_get_object (root), names[i]);
      if (n != NULL && JSON_NODE_HOLDS_ARRAY (n))
        return json_node_get_array (n);
    }
  return NULL;
}

static gboolean
json_like (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  return *text == '[' || *text == '{';
}

static SpkRulesImport *
parse_json_export (const char *text)
{
  static const char *const title_names[] = { "title", "term", "name", "keyword", "heading", NULL };
  static const char *const body_names[] = { "paragraphs", "body", "definition", "text", "description",
                                            "content", "wording", NULL };
  static const char *const see_names[] = { "see_also", "seeAlso", "see", "related", "references", NULL };
  static const char *const section_names[] = { "section", "parent", "path", "category", NULL };
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GPtrArray) drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) draft_free);
  SpkRulesImport *self;
  JsonArray *terms;
  gboolean any_section = FALSE;

  if (!spk_json_parser_load (parser, text, -1, NULL) ||
      (terms = json_terms (json_parser_get_root (parser))) == NULL)
    return NULL;
  self = import_new (SPK_RULES_FORMAT_JSON);
  for (guint i = 0; i < json_array_get_length (terms); i++)
    {
      JsonNode *el = json_array_get_element (terms, i);
      g_autoptr(GPtrArray) body = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) see = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) section = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *title = NULL;
      const char *raw_title;
      Draft *d;

      if (!JSON_NODE_HOLDS_OBJECT (el) ||
          (raw_title = member_string (json_node_get_object (el), title_names)) == NULL)
        {
          g_ptr_array_add (self->warnings, g_strdup_printf (_("item %u: no term name; skipped"), i + 1));
          continue;
        }
      title = spk_rules_import_clean_line (raw_title);
      if (*title == '\0')
        continue;
      d = draft_new (title, 0, 0);
      member_list (json_node_get_object (el), body_names, NULL, body);
      for (guint k = 0; k < body->len; k++)
        cell_paragraphs (body->pdata[k], d->paragraphs, d->see_also);
      member_list (json_node_get_object (el), see_names, ",", see);
      for (guint k = 0; k < see->len; k++)
        {
          g_autofree char *line = g_strconcat ("See also: ", (char *) see->pdata[k], NULL);
          g_autofree char *clean = spk_rules_import_clean_line (line);
          parse_see_also (clean, d->see_also);
        }
      member_list (json_node_get_object (el), section_names, NULL, section);
      if (section->len > 0 && d->explicit_section == NULL)
        {
          g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

          for (guint k = 0; k < section->len; k++)
            {
              g_autofree char *path = normalise_path (section->pdata[k]);
              g_auto(GStrv) parts = g_strsplit (path, " – ", -1);
              for (guint m = 0; parts[m] != NULL; m++)
                if (*parts[m] != '\0')
                  g_strv_builder_add (b, parts[m]);
            }
          d->explicit_section = g_strv_builder_end (b);
        }
      any_section = any_section || d->explicit_section != NULL;
      g_ptr_array_add (drafts, d);
    }
  for (guint i = 0; any_section && i < drafts->len; i++)
    {
      Draft *d = drafts->pdata[i];
      if (d->explicit_section == NULL)
        d->explicit_section = g_new0 (char *, 1);
    }
  place_terms (drafts, self->terms);
  return self;
}

/* ---- entry points ---- */

static char *
to_utf8 (const char *text, gssize length)
{
  gsize n = length < 0 ? strlen (text) : (gsize) length;
  char *out;

  if (g_utf8_validate_len (text, n, NULL))
    out = g_strndup (text, n);
  else
    {
      /* Old exports: Windows-1252 is what word processors wrote. */
      out = g_convert (text, (gssize) n, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
      if (out == NULL)
        out = g_utf8_make_valid (text, (gssize) n);
    }
  if (g_str_has_prefix (out, "\xEF\xBB\xBF"))
    memmove (out, out + 3, strlen (out + 3) + 1);
  return out;
}

/* Refuses an import past the SPK_RULES_IMPORT_MAX_* limits (issue 12): a
 * text that size is no rules reference, and showing it would freeze the
 * window. */
static gboolean
check_limits (const SpkRulesImport *self, GError **error)
{
  if (self->terms->len + self->n_unread > SPK_RULES_IMPORT_MAX_TERMS)
    {
      /* Past the limit, rows are counted rather than read: a row that
       * would have continued the entry above counts as a term too. */
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE,
                   _("%u terms found, more than the %d a rules text can have; is this the Rules Reference?"),
                   self->terms->len + self->n_unread, SPK_RULES_IMPORT_MAX_TERMS);
      return FALSE;
    }
  for (guint i = 0; i < self->terms->len; i++)
    {
      const SpkRulesTerm *t = self->terms->pdata[i];
      g_autofree char *where = t->line > 0 ? g_strdup_printf (_("line %u: "), t->line) : g_strdup ("");
      glong chars = 0;

      for (guint k = 0; t->paragraphs != NULL && t->paragraphs[k] != NULL; k++)
        chars += g_utf8_strlen (t->paragraphs[k], -1);
      if (chars > SPK_RULES_IMPORT_MAX_TERM_CHARS)
        {
          g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE,
                       _("%s“%s” has %ld characters of text, more than the %d of any rules term; is this the Rules Reference?"),
                       where, t->title, chars, SPK_RULES_IMPORT_MAX_TERM_CHARS);
          return FALSE;
        }
      if (t->see_also != NULL && g_strv_length (t->see_also) > SPK_RULES_IMPORT_MAX_SEE_ALSO)
        {
          g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE,
                       _("%s“%s” names %u terms to see also, more than %d; is this the Rules Reference?"),
                       where, t->title, g_strv_length (t->see_also), SPK_RULES_IMPORT_MAX_SEE_ALSO);
          return FALSE;
        }
      if (t->section != NULL && g_strv_length (t->section) > SPK_RULES_IMPORT_MAX_DEPTH)
        {
          g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_TOO_LARGE,
                       _("%s“%s” lies under %u parent terms, more than %d; is this the Rules Reference?"),
                       where, t->title, g_strv_length (t->section), SPK_RULES_IMPORT_MAX_DEPTH);
          return FALSE;
        }
    }
  return TRUE;
}

/* Documents that are not exports, known by their first bytes: refused
 * saying what to do instead of reading their bytes as text. A text in
 * UTF-16 (what Windows calls "Unicode") is converted into *converted. */
static gboolean
check_signature (const char *text, gsize n, char **converted, GError **error)
{
  static const struct {
    const char *magic;
    gsize       len;
    const char *what;
  } documents[] = {
    { "%PDF-", 5, N_("this is a PDF document, not an export; select its text, copy it into a plain text file and import that") },
    { "PK\x03\x04", 4, N_("this is a compressed document (.docx, .odt, .xlsx or .zip), not an export; save it as plain text, HTML or CSV and import that") },
    { "\xD0\xCF\x11\xE0", 4, N_("this is an old Word or Excel document, not an export; save it as plain text, HTML or CSV and import that") },
    { "{\\rtf", 5, N_("this is an RTF document, not an export; save it as plain text or HTML and import that") },
  };
  const char *from = NULL;

  *converted = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    if (n >= documents[i].len && memcmp (text, documents[i].magic, documents[i].len) == 0)
      {
        g_set_error_literal (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT, _(documents[i].what));
        return FALSE;
      }
  if (n >= 2 && (guchar) text[0] == 0xFF && (guchar) text[1] == 0xFE)
    from = "UTF-16LE";
  else if (n >= 2 && (guchar) text[0] == 0xFE && (guchar) text[1] == 0xFF)
    from = "UTF-16BE";
  if (from != NULL)
    {
      g_autoptr(GError) local = NULL;

      *converted = g_convert (text + 2, (gssize) (n - 2), "UTF-8", from, NULL, NULL, &local);
      if (*converted == NULL)
        {
          g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                       _("this text starts as UTF-16 but cannot be read as such (%s); save it again as UTF-8"),
                       local->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* What the lines of an export look like, counted once. */
typedef struct {
  guint nonblank, piped, lone_pipes, tabbed, rules, piped_rules, plus_rules, piped_rows;
} Shape;

static void
measure (char **lines, guint n, Shape *sh)
{
  memset (sh, 0, sizeof *sh);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = g_strstrip (g_strdup (lines[i]));

      if (*s == '\0')
        continue;
      sh->nonblank++;
      if (is_rule_line (s))
        {
          sh->rules++;
          if (strchr (s, '|') != NULL)
            sh->piped_rules++;
          if (strchr (s, '+') != NULL)
            sh->plus_rules++;
        }
      else if (*s == '|')
        sh->piped_rows++;
      if (is_lone_pipe (s))
        sh->lone_pipes++;
      if (*s == '|' || (*s == '+' && is_rule_line (s)))
        sh->piped++;
      else if (count_cells (lines[i], '\t') >= 2)
        sh->tabbed++;
    }
}

/* The one place the shape of an export is decided; @json_ok says whether
 * the text parsed as JSON. */
static SpkRulesFormat
detect (const char *utf8, char **lines, guint n, const Shape *sh, gboolean json_ok)
{
  if (spk_html_sniff (utf8, strlen (utf8)))
    return SPK_RULES_FORMAT_HTML;
  if (json_ok)
    return SPK_RULES_FORMAT_JSON;
  /* Lone pipes and little else between them: two of them close one row
   * and open the next. */
  if (sh->lone_pipes >= 2 && sh->lone_pipes * 5 >= sh->nonblank &&
      (sh->piped - sh->lone_pipes) * 4 <= sh->lone_pipes)
    return SPK_RULES_FORMAT_CELLS;
  if (looks_like_csv (lines, n, ','))
    return SPK_RULES_FORMAT_CSV;
  if (sh->piped >= 3 && sh->piped * 10 >= sh->nonblank * 3)
    return sh->piped_rules > 0 && !is_grid (sh->rules, sh->plus_rules, sh->piped_rows)
      ? SPK_RULES_FORMAT_MARKDOWN : SPK_RULES_FORMAT_TABLE;
  if ((sh->tabbed >= 3 && sh->tabbed * 2 >= sh->nonblank) || looks_like_csv (lines, n, '\t'))
    return SPK_RULES_FORMAT_TSV;
  return SPK_RULES_FORMAT_TEXT;
}

/* The text as UTF-8 with "\n" line ends, and its lines. */
static char **
split_lines (char **utf8)
{
  /* Windows and old Mac line ends; form feeds (page breaks) end a line. */
  GString *t = g_string_new (*utf8);

  g_string_replace (t, "\r\n", "\n", 0);
  g_free (*utf8);
  *utf8 = g_string_free (t, FALSE);
  g_strdelimit (*utf8, "\r\f\v", '\n');
  return g_strsplit (*utf8, "\n", -1);
}

static gboolean
parses_as_json (const char *utf8)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();

  return json_like (utf8) && spk_json_parser_load (parser, utf8, -1, NULL) &&
         json_terms (json_parser_get_root (parser)) != NULL;
}

SpkRulesFormat
spk_rules_import_detect (const char *text, gssize length)
{
  gsize size = length < 0 ? strlen (text) : (gsize) length;
  g_autofree char *utf16 = NULL;
  g_autofree char *utf8 = check_signature (text, size, &utf16, NULL) && utf16 != NULL
    ? g_strdup (utf16) : to_utf8 (text, length);
  g_auto(GStrv) lines = split_lines (&utf8);
  Shape sh;

  measure (lines, g_strv_length (lines), &sh);
  return detect (utf8, lines, g_strv_length (lines), &sh, parses_as_json (utf8));
}

const char *
spk_rules_format_id (SpkRulesFormat format)
{
  static const char *const ids[] = { "text", "table", "json", "cells", "csv", "tsv", "markdown", "html" };

  return (guint) format < G_N_ELEMENTS (ids) ? ids[format] : "text";
}

const char *
spk_rules_format_name (SpkRulesFormat format)
{
  switch (format)
    {
    case SPK_RULES_FORMAT_TABLE:
      return _("table");
    case SPK_RULES_FORMAT_JSON:
      return _("JSON");
    case SPK_RULES_FORMAT_CELLS:
      return _("table with one cell per line");
    case SPK_RULES_FORMAT_CSV:
      return _("CSV");
    case SPK_RULES_FORMAT_TSV:
      return _("tab-separated values");
    case SPK_RULES_FORMAT_MARKDOWN:
      return _("Markdown table");
    case SPK_RULES_FORMAT_HTML:
      return _("web page (HTML)");
    case SPK_RULES_FORMAT_TEXT:
    default:
      return _("plain text");
    }
}

/* Control bytes other than line ends and tabs in more than one byte in
 * twenty: a program, an image or an archive, not an export. */
static gboolean
is_binary (const char *text, gsize n)
{
  gsize ctrl = 0;

  for (gsize i = 0; i < n; i++)
    {
      guchar c = (guchar) text[i];
      if ((c < 0x20 && !strchr ("\t\n\r\f\v", c)) || c == 0x7f)
        ctrl++;
    }
  return n > 0 && ctrl * 20 > n;
}

/* A page that declares a charset other than UTF-8, converted; NULL with
 * @error set when GLib cannot convert from it. *converted is NULL when the
 * page needs no conversion. */
static gboolean
html_to_utf8 (const char *text, gsize n, char **converted, char **charset, GError **error)
{
  g_autoptr(GError) local = NULL;

  *converted = NULL;
  *charset = NULL;
  if (!spk_html_sniff (text, n))
    return TRUE;
  *charset = spk_html_charset (text, n);
  if (*charset == NULL || g_str_equal (*charset, "utf-8") || g_str_equal (*charset, "utf8") ||
      g_str_equal (*charset, "us-ascii") || g_str_equal (*charset, "ascii"))
    return TRUE;
  *converted = g_convert (text, (gssize) n, "UTF-8", *charset, NULL, NULL, &local);
  if (*converted == NULL)
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                   _("this web page declares the charset “%s”, which cannot be read here (%s); save the page again as UTF-8"),
                   *charset, local->message);
      return FALSE;
    }
  return TRUE;
}

SpkRulesImport *
spk_rules_import_parse (const char *text, gssize length, GError **error)
{
  gsize size = length < 0 ? strlen (text) : (gsize) length;
  g_autofree char *converted = NULL;
  g_autofree char *charset = NULL;
  g_autofree char *utf8 = NULL;
  g_autofree char *seen = NULL;
  g_auto(GStrv) lines = NULL;
  SpkRulesImport *self = NULL;
  SpkRulesFormat format;
  guint n;
  Shape sh;

  g_autofree char *utf16 = NULL;

  if (!check_signature (text, size, &utf16, error))
    return NULL;
  if (utf16 != NULL)
    {
      text = utf16;
      size = strlen (utf16);
    }
  if (!html_to_utf8 (text, size, &converted, &charset, error))
    return NULL;
  utf8 = converted != NULL ? g_strdup (converted) : to_utf8 (text, (gssize) size);
  lines = split_lines (&utf8);
  n = g_strv_length (lines);
  measure (lines, n, &sh);

  if (json_like (utf8))
    {
      g_autoptr(GError) bad = NULL;

      /* JSON the parser would crash on or misread; no text export looks
       * like that. */
      if (!spk_json_check_text (utf8, -1, NULL, NULL, &bad))
        {
          g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                       _("cannot import this JSON export: %s"), bad->message);
          return NULL;
        }
      self = parse_json_export (utf8);
    }
  format = detect (utf8, lines, n, &sh, self != NULL);

  switch (format)
    {
    case SPK_RULES_FORMAT_JSON:
      if (self->terms->len == 0)
        seen = g_strdup (_("JSON whose list names no term"));
      break;
    case SPK_RULES_FORMAT_HTML:
      {
        HtmlSeen html = { 0 };

        self = import_new (format);
        if (converted != NULL)
          g_ptr_array_add (self->warnings,
                           g_strdup_printf (_("the page was written in the charset “%s” and was converted"), charset));
        parse_html (self, utf8, &html);
        if (html.dts > 0 || html.headings > 0 || html.widest >= 2)
          seen = g_strdup (_("a web page (HTML) whose table, definition list or headings name no term"));
        else if (html.cells > 0)
          seen = g_strdup (_("a web page (HTML) whose table has one column"));
        else
          seen = g_strdup (_("a web page (HTML) with no table, definition list or headings"));
      }
      break;
    case SPK_RULES_FORMAT_CELLS:
      {
        guint filled;

        self = import_new (format);
        filled = parse_cells (self, lines, n);
        seen = filled == 0
          ? g_strdup_printf (_("%u lone “|” lines with no text between them"), sh.lone_pipes)
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell between lone “|” lines that names no term",
                                          "%u cells between lone “|” lines, none naming a term", filled),
                             filled);
      }
      break;
    case SPK_RULES_FORMAT_CSV:
    case SPK_RULES_FORMAT_TSV:
      if (format == SPK_RULES_FORMAT_CSV || strstr (utf8, "\t\"") != NULL || strstr (utf8, "\n\"") != NULL ||
          utf8[0] == '"')
        {
          char sep = format == SPK_RULES_FORMAT_CSV ? ',' : '\t';
          const char *kind = format == SPK_RULES_FORMAT_CSV ? _("CSV file") : _("tab-separated file");
          guint widest = 0, open_quote = 0;
          g_autoptr(GPtrArray) rows = csv_rows (utf8, sep, &widest, &open_quote);

          if (open_quote > 0)
            {
              g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                           _("line %u: a quoted cell of this %s opens here and is never closed; add the closing quote (\") or export the file again"),
                           open_quote, kind);
              return NULL;
            }
          self = import_new (format);
          rows_to_terms (self, rows, widest);
          seen = widest < 2
            ? g_strdup_printf (_("a %s whose rows have 1 column"), kind)
            : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a %s of %u row, none naming a term",
                                            "a %s of %u rows, none naming a term", rows->len),
                               kind, rows->len);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case SPK_RULES_FORMAT_MARKDOWN:
    case SPK_RULES_FORMAT_TABLE:
      {
        char sep = format == SPK_RULES_FORMAT_TSV ? '\t' : '|';
        guint rows;

        self = import_new (format);
        rows = parse_table (self, lines, n, sep);
        seen = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a table of %u row, none naming a term",
                                             "a table of %u rows, none naming a term", rows), rows);
      }
      break;
    case SPK_RULES_FORMAT_TEXT:
    default:
      self = import_new (format);
      parse_text (self, lines, n);
      if (is_binary (text, size))
        seen = g_strdup (_("binary data, not text"));
      else if (json_like (utf8))
        seen = g_strdup (_("JSON holding no list of terms"));
      else if (size == 0)
        seen = g_strdup (_("an empty file"));
      else if (sh.nonblank == 0)
        seen = g_strdup (_("a file of nothing but spaces and line breaks"));
      else
        seen = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u line of text that does not look like a term",
                                             "%u lines of text, none looks like a term", sh.nonblank),
                                sh.nonblank);
      break;
    }
  if (self->terms->len == 0)
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_NO_TERMS,
                   _("no rules terms found in %s; export the Rules Reference as plain text, a table, CSV, Markdown or a web page"),
                   seen);
      spk_rules_import_free (self);
      return NULL;
    }
  if (!check_limits (self, error))
    {
      spk_rules_import_free (self);
      return NULL;
    }
  return self;
}

SpkRulesImport *
spk_rules_import_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;

  if (!spk_file_read_capped (path, &data, &length, &local))
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_IO,
                   _("cannot read “%s”: %s"), path, local->message);
      return NULL;
    }
  return spk_rules_import_parse (data, (gssize) length, error);
}

char *
spk_rules_import_default_path (void)
{
  const char *env = g_getenv ("SPK_OFFICIAL_RULES");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "spirekeeper", "official-rules.json", NULL);
}

static void
add_strv (JsonBuilder *b, const char *name, char **v)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; v[i] != NULL; i++)
    json_builder_add_string_value (b, v[i]);
  json_builder_end_array (b);
}

gboolean
spk_rules_import_save (const SpkRulesImport *self, const char *path, const char *source_name,
                       GError **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, SAVED_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, SAVED_VERSION);
  if (source_name != NULL)
    {
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, source_name);
    }
  if (self->game != NULL)
    {
      json_builder_set_member_name (b, "game");
      json_builder_add_string_value (b, self->game);
    }
  json_builder_set_member_name (b, "terms");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->terms->len; i++)
    {
      SpkRulesTerm *t = self->terms->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "title");
      json_builder_add_string_value (b, t->title);
      add_strv (b, "section", t->section);
      add_strv (b, "paragraphs", t->paragraphs);
      add_strv (b, "see_also", t->see_also);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_file_set_contents (path, text, -1, &local))
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_IO,
                   _("cannot save the imported rules to “%s”: %s"), path,
                   local != NULL ? local->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static char **
read_strv (JsonObject *obj, const char *name, gboolean *ok)
{
  JsonNode *node = json_object_get_member (obj, name);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      *ok = FALSE;
      return g_strv_builder_end (b);
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
    {
      JsonNode *el = json_array_get_element (json_node_get_array (node), i);
      if (!JSON_NODE_HOLDS_VALUE (el) || json_node_get_value_type (el) != G_TYPE_STRING)
        *ok = FALSE;
      else
        g_strv_builder_add (b, json_node_get_string (el));
    }
  return g_strv_builder_end (b);
}

SpkRulesImport *
spk_rules_import_load_saved (const char *path, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  g_autoptr(SpkRulesImport) self = NULL;
  JsonNode *root;
  JsonObject *obj;
  JsonNode *terms;
  gboolean ok = TRUE;

  if (!spk_json_parser_load_file (parser, path, &local))
    {
      gboolean missing = g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT);
      g_set_error (error, SPK_RULES_IMPORT_ERROR,
                   missing ? SPK_RULES_IMPORT_ERROR_IO : SPK_RULES_IMPORT_ERROR_FORMAT,
                   _("cannot read the imported rules “%s”: %s"), path, local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  obj = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  if (obj == NULL || g_strcmp0 (json_object_get_string_member_with_default (obj, "format", ""), SAVED_FORMAT) != 0 ||
      (terms = json_object_get_member (obj, "terms")) == NULL || !JSON_NODE_HOLDS_ARRAY (terms))
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                   _("“%s” is not a file of imported rules; import the Rules Reference again"), path);
      return NULL;
    }
  self = import_new (SPK_RULES_FORMAT_TEXT);
  self->game = g_strdup (json_object_get_string_member_with_default (obj, "game", SPK_RULES_IMPORT_LEGACY_GAME));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (terms)); i++)
    {
      JsonNode *el = json_array_get_element (json_node_get_array (terms), i);
      JsonObject *t;
      SpkRulesTerm *term;
      const char *title;

      if (!JSON_NODE_HOLDS_OBJECT (el))
        {
          ok = FALSE;
          continue;
        }
      t = json_node_get_object (el);
      title = json_object_get_string_member_with_default (t, "title", NULL);
      if (title == NULL || *title == '\0')
        {
          ok = FALSE;
          continue;
        }
      term = g_new0 (SpkRulesTerm, 1);
      term->title = g_strdup (title);
      term->section = read_strv (t, "section", &ok);
      term->paragraphs = read_strv (t, "paragraphs", &ok);
      term->see_also = read_strv (t, "see_also", &ok);
      g_ptr_array_add (self->terms, term);
    }
  if (!ok)
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                   _("“%s” is damaged; import the Rules Reference again"), path);
      return NULL;
    }
  if (!check_limits (self, &local))
    {
      g_set_error (error, SPK_RULES_IMPORT_ERROR, SPK_RULES_IMPORT_ERROR_FORMAT,
                   _("“%s” is damaged (%s); import the Rules Reference again"), path, local->message);
      return NULL;
    }
  return g_steal_pointer (&self);
}

static gboolean
same_folded (const char *a, const char *b)
{
  g_autofree char *x = fold (a);
  g_autofree char *y = fold (b);
  return g_str_equal (x, y);
}

const SpkRulesTerm *
spk_rules_import_find (const SpkRulesImport *self, const SpkGlossaryEntry *entry)
{
  const SpkRulesTerm *fallback = NULL;
  int fallback_rank = -1;
  guint n_section = g_strv_length (entry->section);

  /* Another game's official text says nothing about this entry. */
  if (self->game != NULL && entry->game != NULL && !g_str_equal (self->game, entry->game))
    return NULL;
  for (guint i = 0; i < self->terms->len; i++)
    {
      const SpkRulesTerm *t = self->terms->pdata[i];
      guint n = g_strv_length (t->section);
      gboolean same_path = n == n_section;
      int rank;

      if (!same_folded (t->title, entry->title))
        continue;
      for (guint k = 0; same_path && k < n; k++)
        same_path = same_folded (t->section[k], entry->section[k]);
      if (same_path)
        return t;
      /* Otherwise: the same parent counts most, then being top level. */
      if (n > 0 && n_section > 0 && same_folded (t->section[n - 1], entry->section[n_section - 1]))
        rank = 2;
      else if (n == 0)
        rank = 1;
      else
        rank = 0;
      if (rank > fallback_rank)
        {
          fallback = t;
          fallback_rank = rank;
        }
    }
  return fallback;
}
