/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-stem.h"

#include <string.h>

/* Working state: b[0..k] is the word being stemmed, j marks the end of the
 * candidate stem while a suffix is being tested (names as in the paper). */
typedef struct {
  char *b;
  int   k;
  int   j;
} Stem;

static gboolean
is_cons (const Stem *z, int i)
{
  switch (z->b[i])
    {
    case 'a': case 'e': case 'i': case 'o': case 'u':
      return FALSE;
    case 'y':
      return i == 0 ? TRUE : !is_cons (z, i - 1);
    default:
      return TRUE;
    }
}

/* The number of vowel-consonant sequences in b[0..j]. */
static int
measure (const Stem *z)
{
  int n = 0, i = 0;

  for (;; i++)
    {
      if (i > z->j)
        return n;
      if (!is_cons (z, i))
        break;
    }
  i++;
  for (;;)
    {
      for (;; i++)
        {
          if (i > z->j)
            return n;
          if (is_cons (z, i))
            break;
        }
      i++;
      n++;
      for (;; i++)
        {
          if (i > z->j)
            return n;
          if (!is_cons (z, i))
            break;
        }
      i++;
    }
}

static gboolean
vowel_in_stem (const Stem *z)
{
  for (int i = 0; i <= z->j; i++)
    if (!is_cons (z, i))
      return TRUE;
  return FALSE;
}

static gboolean
double_cons (const Stem *z, int j)
{
  return j >= 1 && z->b[j] == z->b[j - 1] && is_cons (z, j);
}

/* consonant-vowel-consonant ending at i, the last not w, x or y */
static gboolean
cvc (const Stem *z, int i)
{
  if (i < 2 || !is_cons (z, i) || is_cons (z, i - 1) || !is_cons (z, i - 2))
    return FALSE;
  return z->b[i] != 'w' && z->b[i] != 'x' && z->b[i] != 'y';
}

static inline gboolean
ends_len (Stem *z, const char *s, int len)
{
  /* The last letter rules out most suffixes without a full compare. */
  if (s[len - 1] != z->b[z->k] || len > z->k + 1 || memcmp (z->b + z->k - len + 1, s, (size_t) len) != 0)
    return FALSE;
  z->j = z->k - len;
  return TRUE;
}

#define ends(z, s) ends_len ((z), (s), (int) sizeof (s) - 1)

/* Replaces b[j+1..k] with @s (never longer than the suffix it replaces,
 * except "e"/"ate"-style growth that the buffer leaves room for). */
static void
set_to (Stem *z, const char *s)
{
  int len = (int) strlen (s);

  memcpy (z->b + z->j + 1, s, (size_t) len);
  z->k = z->j + len;
}

static void
replace_if_measured (Stem *z, const char *s)
{
  if (measure (z) > 0)
    set_to (z, s);
}

static void
step1ab (Stem *z)
{
  if (z->b[z->k] == 's')
    {
      if (ends (z, "sses"))
        z->k -= 2;
      else if (ends (z, "ies"))
        set_to (z, "i");
      else if (z->b[z->k - 1] != 's')
        z->k--;
    }
  if (ends (z, "eed"))
    {
      if (measure (z) > 0)
        z->k--;
    }
  else if ((ends (z, "ed") || ends (z, "ing")) && vowel_in_stem (z))
    {
      z->k = z->j;
      if (ends (z, "at"))
        set_to (z, "ate");
      else if (ends (z, "bl"))
        set_to (z, "ble");
      else if (ends (z, "iz"))
        set_to (z, "ize");
      else if (double_cons (z, z->k))
        {
          char ch = z->b[z->k];
          if (ch != 'l' && ch != 's' && ch != 'z')
            z->k--;
        }
      else
        {
          z->j = z->k;
          if (measure (z) == 1 && cvc (z, z->k))
            set_to (z, "e");
        }
    }
}

static void
step1c (Stem *z)
{
  if (ends (z, "y") && vowel_in_stem (z))
    z->b[z->k] = 'i';
}

typedef struct {
  const char *from;
  int         len;
  const char *to;
} Rule;

#define RULE(from, to) { from, (int) sizeof (from) - 1, to }

static void
apply_rules (Stem *z, const Rule *rules, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (ends_len (z, rules[i].from, rules[i].len))
      {
        replace_if_measured (z, rules[i].to);
        return;
      }
}

static void
step2 (Stem *z)
{
  static const Rule rules[] = {
    RULE ("ational", "ate"), RULE ("tional", "tion"), RULE ("enci", "ence"), RULE ("anci", "ance"),
    RULE ("izer", "ize"), RULE ("bli", "ble"), RULE ("alli", "al"), RULE ("entli", "ent"),
    RULE ("eli", "e"), RULE ("ousli", "ous"), RULE ("ization", "ize"), RULE ("ation", "ate"),
    RULE ("ator", "ate"), RULE ("alism", "al"), RULE ("iveness", "ive"), RULE ("fulness", "ful"),
    RULE ("ousness", "ous"), RULE ("aliti", "al"), RULE ("iviti", "ive"), RULE ("biliti", "ble"),
    RULE ("logi", "log"),
  };
  apply_rules (z, rules, G_N_ELEMENTS (rules));
}

static void
step3 (Stem *z)
{
  static const Rule rules[] = {
    RULE ("icate", "ic"), RULE ("ative", ""), RULE ("alize", "al"), RULE ("iciti", "ic"),
    RULE ("ical", "ic"), RULE ("ful", ""), RULE ("ness", ""),
  };
  apply_rules (z, rules, G_N_ELEMENTS (rules));
}

static void
step4 (Stem *z)
{
  static const Rule suffixes[] = {
    RULE ("al", ""), RULE ("ance", ""), RULE ("ence", ""), RULE ("er", ""), RULE ("ic", ""),
    RULE ("able", ""), RULE ("ible", ""), RULE ("ant", ""), RULE ("ement", ""), RULE ("ment", ""),
    RULE ("ent", ""), RULE ("ion", ""), RULE ("ou", ""), RULE ("ism", ""), RULE ("ate", ""),
    RULE ("iti", ""), RULE ("ous", ""), RULE ("ive", ""), RULE ("ize", ""),
  };
  for (gsize i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      if (!ends_len (z, suffixes[i].from, suffixes[i].len))
        continue;
      /* "ement" before "ment" before "ent": the longest that fits wins,
       * and "ion" needs an s or t before it. */
      if (suffixes[i].from[0] == 'i' && suffixes[i].len == 3 && suffixes[i].from[1] == 'o' &&
          (z->j < 0 || (z->b[z->j] != 's' && z->b[z->j] != 't')))
        return;
      if (measure (z) > 1)
        z->k = z->j;
      return;
    }
}

static void
step5 (Stem *z)
{
  z->j = z->k;
  if (z->b[z->k] == 'e')
    {
      int m;

      z->j = z->k - 1;
      m = measure (z);
      if (m > 1 || (m == 1 && !cvc (z, z->k - 1)))
        z->k--;
    }
  z->j = z->k;
  if (z->b[z->k] == 'l' && double_cons (z, z->k) && measure (z) > 1)
    z->k--;
}

char *
spk_stem (const char *word)
{
  gsize len = strlen (word);
  Stem z;

  for (gsize i = 0; i < len; i++)
    if (word[i] < 'a' || word[i] > 'z')
      return g_strdup (word);
  if (len <= 2)
    return g_strdup (word);

  /* Room for a suffix that grows by one ("at" -> "ate"). */
  z.b = g_malloc (len + 4);
  memcpy (z.b, word, len + 1);
  z.k = (int) len - 1;
  z.j = 0;
  step1ab (&z);
  if (z.k > 0)
    {
      step1c (&z);
      step2 (&z);
      step3 (&z);
      step4 (&z);
      step5 (&z);
    }
  z.b[z.k + 1] = '\0';
  return z.b;
}
