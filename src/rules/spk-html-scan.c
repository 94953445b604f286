/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-html-scan.h"

#include <string.h>

/* Where a saved page declares its charset: near the top, in <head>. */
#define HEAD_BYTES 4096
#define MAX_TAG_NAME 16

typedef struct {
  GPtrArray       *blocks;
  GString         *text;
  SpkHtmlBlockKind kind;
  int              level;
  guint            block_line;
  gboolean         open;
  gboolean         space;     /* whitespace seen since the last letter */
  int              dl_depth;
  guint            line;
  const char      *counted;   /* newlines before this point are in line */
  const char      *next_gt;   /* the next '>' at or after counted, or NULL */
  gboolean         gt_known;
} Scan;

static void
block_free (SpkHtmlBlock *b)
{
  g_free (b->text);
  g_free (b);
}

static void
count_to (Scan *s, const char *p)
{
  for (const char *q = s->counted; q < p; q++)
    if (*q == '\n')
      s->line++;
  if (p > s->counted)
    s->counted = p;
}

static void
add_block (Scan *s, SpkHtmlBlockKind kind, int level, guint line, const char *text)
{
  SpkHtmlBlock *b = g_new0 (SpkHtmlBlock, 1);

  b->kind = kind;
  b->level = level;
  b->line = line;
  b->text = g_strdup (text);
  g_ptr_array_add (s->blocks, b);
}

static void
flush (Scan *s)
{
  while (g_str_has_suffix (s->text->str, "\n\n"))
    g_string_truncate (s->text, s->text->len - 2);
  /* An empty cell still holds its column; other empty blocks say nothing. */
  if (s->open && (s->text->len > 0 || s->kind == SPK_HTML_BLOCK_CELL))
    add_block (s, s->kind, s->level, s->block_line, s->text->str);
  g_string_truncate (s->text, 0);
  s->open = FALSE;
  s->space = FALSE;
}

static void
start (Scan *s, SpkHtmlBlockKind kind, int level)
{
  flush (s);
  s->kind = kind;
  s->level = level;
  s->block_line = s->line;
  s->open = TRUE;
}

static void
paragraph_break (Scan *s)
{
  if (s->text->len > 0 && !g_str_has_suffix (s->text->str, "\n\n"))
    g_string_append (s->text, "\n\n");
  s->space = FALSE;
}

static void
add_text (Scan *s, const char *p, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      char c = p[i];

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
        {
          s->space = TRUE;
          continue;
        }
      if (!s->open)
        start (s, SPK_HTML_BLOCK_PARAGRAPH, 0);
      if (s->space && s->text->len > 0 && !g_str_has_suffix (s->text->str, "\n\n"))
        g_string_append_c (s->text, ' ');
      s->space = FALSE;
      g_string_append_c (s->text, c);
    }
}

static gboolean
in_box (Scan *s)
{
  return s->open && (s->kind == SPK_HTML_BLOCK_CELL || s->kind == SPK_HTML_BLOCK_DEFINITION);
}

static gboolean
name_is (const char *name, const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (name, names[i]))
      return TRUE;
  return FALSE;
}

/* Blocks that only separate paragraphs: inside a cell or a definition
 * they break the text, elsewhere each is a paragraph of its own. */
static const char *const paragraph_tags[] = {
  "p", "div", "li", "blockquote", "pre", "section", "article", "header", "footer",
  "nav", "main", "aside", "ul", "ol", "figure", "figcaption", "body", "html", NULL,
};
/* Elements whose content is not text of the page. */
static const char *const raw_tags[] = {
  "script", "style", "title", "template", "svg", "noscript", "textarea", NULL,
};

static void
open_tag (Scan *s, const char *name)
{
  if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && name[2] == '\0')
    {
      /* A heading inside a cell is a line of the cell. */
      if (in_box (s))
        paragraph_break (s);
      else
        start (s, SPK_HTML_BLOCK_HEADING, name[1] - '0');
    }
  else if (g_str_equal (name, "br") || g_str_equal (name, "hr"))
    {
      if (s->open && s->kind != SPK_HTML_BLOCK_HEADING && s->kind != SPK_HTML_BLOCK_TERM)
        paragraph_break (s);
      else
        s->space = TRUE;
    }
  else if (g_str_equal (name, "dl"))
    {
      flush (s);
      s->dl_depth++;
    }
  else if (g_str_equal (name, "dt"))
    start (s, SPK_HTML_BLOCK_TERM, MAX (s->dl_depth, 1));
  else if (g_str_equal (name, "dd"))
    start (s, SPK_HTML_BLOCK_DEFINITION, MAX (s->dl_depth, 1));
  else if (g_str_equal (name, "tr"))
    {
      flush (s);
      add_block (s, SPK_HTML_BLOCK_ROW, 0, s->line, "");
    }
  else if (g_str_equal (name, "td") || g_str_equal (name, "th"))
    start (s, SPK_HTML_BLOCK_CELL, 0);
  else if (g_str_equal (name, "table"))
    flush (s);
  else if (name_is (name, paragraph_tags))
    {
      if (in_box (s))
        paragraph_break (s);
      else
        start (s, SPK_HTML_BLOCK_PARAGRAPH, 0);
    }
}

static void
close_tag (Scan *s, const char *name)
{
  static const char *const ends[] = {
    "td", "th", "tr", "table", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", NULL,
  };

  if (g_str_equal (name, "dl"))
    {
      flush (s);
      s->dl_depth = MAX (s->dl_depth - 1, 0);
    }
  else if (name[0] == 'h' && g_ascii_isdigit (name[1]) && in_box (s))
    paragraph_break (s);
  else if (name_is (name, ends))
    flush (s);
  else if (name_is (name, paragraph_tags))
    {
      if (in_box (s))
        paragraph_break (s);
      else
        flush (s);
    }
}

/* The first '>' at or after @p, found once per stretch of text so that a
 * page full of '<' without a '>' is read in one pass. */
static const char *
next_gt (Scan *s, const char *p)
{
  if (!s->gt_known || (s->next_gt != NULL && s->next_gt < p))
    {
      s->next_gt = strchr (p, '>');
      s->gt_known = TRUE;
    }
  return s->next_gt;
}

/* The end of a raw element's content: the start of "</name", or the end. */
static const char *
raw_end (const char *p, const char *name)
{
  gsize n = strlen (name);

  for (p = strchr (p, '<'); p != NULL; p = strchr (p + 1, '<'))
    if (p[1] == '/' && g_ascii_strncasecmp (p + 2, name, n) == 0 && !g_ascii_isalnum (p[2 + n]))
      return p;
  return NULL;
}

GPtrArray *
spk_html_scan (const char *text)
{
  Scan s = { 0 };
  const char *p = text;

  s.blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  s.text = g_string_new (NULL);
  s.line = 1;
  s.counted = text;

  while (*p != '\0')
    {
      const char *lt = strchr (p, '<');
      const char *q, *gt;
      char name[MAX_TAG_NAME + 1];
      gboolean closing;
      gsize n = 0;

      if (lt == NULL)
        {
          add_text (&s, p, strlen (p));
          break;
        }
      add_text (&s, p, (gsize) (lt - p));
      count_to (&s, lt);
      if (g_str_has_prefix (lt, "<!--"))
        {
          const char *end = strstr (lt + 4, "-->");
          p = end != NULL ? end + 3 : lt + strlen (lt);
          count_to (&s, p);
          continue;
        }
      q = lt + 1;
      closing = *q == '/';
      if (closing)
        q++;
      gt = next_gt (&s, lt);
      if (gt == NULL || !(g_ascii_isalpha (*q) || (!closing && (*q == '!' || *q == '?'))))
        {
          /* A lone '<' ("1 < 2"), or no tag can close: plain text. */
          add_text (&s, lt, 1);
          p = lt + 1;
          continue;
        }
      while (g_ascii_isalnum (*q) && n < MAX_TAG_NAME)
        name[n++] = g_ascii_tolower (*q++);
      name[n] = '\0';
      p = gt + 1;
      count_to (&s, p);
      if (n == 0)
        continue;  /* <!DOCTYPE ...>, <?xml ...?> */
      if (closing)
        close_tag (&s, name);
      else if (name_is (name, raw_tags) && gt[-1] != '/')
        {
          const char *end = raw_end (p, name);

          p = end != NULL ? end : p + strlen (p);
          count_to (&s, p);
        }
      else
        open_tag (&s, name);
    }
  flush (&s);
  g_string_free (s.text, TRUE);
  return s.blocks;
}

gboolean
spk_html_sniff (const char *text, gsize length)
{
  /* Not "<!--": a Markdown or text export may open with a comment. */
  static const char *const starts[] = { "<!doctype html", "<html", "<head", "<meta", NULL };
  static const char *const inside[] = { "<body", "<table", "<dl>", "<dl ", "<html", NULL };
  gsize n = MIN (length, HEAD_BYTES);
  g_autofree char *head = NULL;
  const char *p;

  head = g_ascii_strdown (text, (gssize) n);
  p = head;
  if (g_str_has_prefix (p, "\xEF\xBB\xBF"))
    p += 3;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '<')
    return FALSE;
  for (guint i = 0; starts[i] != NULL; i++)
    if (g_str_has_prefix (p, starts[i]))
      return TRUE;
  for (guint i = 0; inside[i] != NULL; i++)
    if (strstr (p, inside[i]) != NULL)
      return TRUE;
  return FALSE;
}

char *
spk_html_charset (const char *text, gsize length)
{
  g_autofree char *head = g_ascii_strdown (text, (gssize) MIN (length, HEAD_BYTES));
  const char *p = strstr (head, "charset=");
  gsize n = 0;

  if (p == NULL)
    return NULL;
  p += strlen ("charset=");
  while (*p == '"' || *p == '\'' || *p == ' ')
    p++;
  while (p[n] != '\0' && (g_ascii_isalnum (p[n]) || strchr ("-_.:", p[n]) != NULL))
    n++;
  return n > 0 ? g_strndup (p, n) : NULL;
}
