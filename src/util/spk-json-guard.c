/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

G_DEFINE_QUARK (spk-json-guard-error-quark, spk_json_guard_error)

/* One open list or object, for naming the place of a problem the way the
 * readers do ("chips[3].id"). A key is kept as its raw text. */
typedef struct {
  gboolean    is_object;
  gboolean    expect_key;
  guint       index;
  gssize      key_start;
  gssize      key_length;
  GHashTable *keys;      /* objects: the keys seen so far, as raw text */
} Frame;

typedef struct {
  const char *data;
  gssize      length;
  gssize      i;
  int         line;
  int         column;
  Frame       frames[SPK_JSON_MAX_DEPTH];
  int         depth;
} Scan;

static char *
scan_path (const Scan *s)
{
  GString *path = g_string_new (NULL);

  for (int d = 0; d < s->depth; d++)
    {
      const Frame *f = &s->frames[d];

      if (!f->is_object)
        g_string_append_printf (path, "[%u]", f->index);
      else if (!f->expect_key && f->key_start >= 0)
        {
          if (path->len > 0)
            g_string_append_c (path, '.');
          g_string_append_len (path, s->data + f->key_start, f->key_length);
        }
    }
  return g_string_free (path, FALSE);
}

static gboolean scan_fail (const Scan *s, GError **error, SpkJsonGuardError code,
                           const char *fmt, ...) G_GNUC_PRINTF (4, 5);

/* "PATH: what (line L, column C); what to do", or without the path at the
 * top level. */
static gboolean
scan_fail (const Scan *s, GError **error, SpkJsonGuardError code, const char *fmt, ...)
{
  g_autofree char *path = scan_path (s);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  if (*path != '\0')
    g_set_error (error, SPK_JSON_GUARD_ERROR, code, "%s: %s", path, what);
  else
    g_set_error_literal (error, SPK_JSON_GUARD_ERROR, code, what);
  return FALSE;
}

static int
hex4 (const Scan *s, gssize at)
{
  int v = 0;

  if (at + 4 > s->length)
    return -1;
  for (int k = 0; k < 4; k++)
    {
      int x = g_ascii_xdigit_value (s->data[at + k]);

      if (x < 0)
        return -1;
      v = v * 16 + x;
    }
  return v;
}

/* At a backslash inside a string; leaves s->i on the escape's last byte. */
static gboolean
scan_escape (Scan *s, GError **error)
{
  int unit;

  if (s->i + 1 >= s->length || s->data[s->i + 1] == '\n')
    return TRUE;
  if (s->data[s->i + 1] != 'u' || (unit = hex4 (s, s->i + 2)) < 0)
    {
      s->i++;
      s->column++;
      return TRUE;
    }
  if (unit == 0)
    return scan_fail (s, error, SPK_JSON_GUARD_ERROR_NUL,
                      _("the text holds the escape \\u0000 (line %d, column %d), which would cut it short; remove it"),
                      s->line, s->column);
  if (unit >= 0xDC00 && unit <= 0xDFFF)
    return scan_fail (s, error, SPK_JSON_GUARD_ERROR_SURROGATE,
                      _("the escape \\u%04x (line %d, column %d) is half of a character; remove it or write the whole character"),
                      (guint) unit, s->line, s->column);
  if (unit >= 0xD800 && unit <= 0xDBFF)
    {
      int low = -1;

      if (s->i + 7 < s->length && s->data[s->i + 6] == '\\' && s->data[s->i + 7] == 'u')
        low = hex4 (s, s->i + 8);
      if (low < 0xDC00 || low > 0xDFFF)
        return scan_fail (s, error, SPK_JSON_GUARD_ERROR_SURROGATE,
                          _("the escape \\u%04x (line %d, column %d) is half of a character; remove it or write the whole character"),
                          (guint) unit, s->line, s->column);
      s->i += 6;
      s->column += 6;
    }
  s->i += 5;
  s->column += 5;
  return TRUE;
}

/* At the first byte of a number outside strings. json-glib wraps integers
 * past 64 bits without a word, so a long one is refused here. */
static gboolean
scan_number (Scan *s, GError **error)
{
  gssize start = s->i;
  int line = s->line, column = s->column;
  guint digits = 0;
  gboolean integer_part = TRUE;

  for (; s->i < s->length && strchr ("+-0123456789.eE", s->data[s->i]) != NULL; s->i++)
    {
      if (s->data[s->i] == '.' || s->data[s->i] == 'e' || s->data[s->i] == 'E')
        integer_part = FALSE;
      else if (integer_part && g_ascii_isdigit (s->data[s->i]))
        digits++;
    }
  s->column += (int) (s->i - start) - 1;
  s->i--;
  if (digits > SPK_JSON_MAX_DIGITS)
    return scan_fail (s, error, SPK_JSON_GUARD_ERROR_NUMBER,
                      _("a number of %u digits (line %d, column %d) is far too large; write a number of at most %d digits"),
                      digits, line, column, SPK_JSON_MAX_DIGITS);
  return TRUE;
}

/* A key just read in the object @top: refused when the object has it
 * already. */
static gboolean
scan_key (Scan *s, Frame *top, GError **error)
{
  char *key = g_strndup (s->data + top->key_start, (gsize) top->key_length);

  if (g_hash_table_contains (top->keys, key))
    {
      gboolean ok = scan_fail (s, error, SPK_JSON_GUARD_ERROR_DUPLICATE_KEY,
                               _("the key “%s” is written twice in one object (line %d, column %d), "
                                 "and only one value can count; remove one of them"),
                               key, s->line, s->column);

      g_free (key);
      return ok;
    }
  g_hash_table_add (top->keys, key);
  return TRUE;
}

static void
scan_clear (Scan *s)
{
  for (int d = 0; d < s->depth; d++)
    g_clear_pointer (&s->frames[d].keys, g_hash_table_unref);
}

static gboolean scan_text (Scan *s, int *line, int *column, GError **error);

gboolean
spk_json_check_text (const char *data, gssize length, int *line, int *column,
                     GError **error)
{
  Scan s = { data, length, 0, 1, 0, { { 0 } }, 0 };
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  ok = scan_text (&s, line, column, error);
  scan_clear (&s);
  return ok;
}

static gboolean
scan_text (Scan *s, int *line, int *column, GError **error)
{
  const char *data = s->data;
  gssize length = s->length;
  gboolean in_string = FALSE;
  gssize string_start = 0;

  if (length < 0)
    s->length = (gssize) strlen (data);
  if (s->length > SPK_JSON_MAX_SIZE)
    {
      g_autofree char *size = g_format_size_full ((guint64) s->length, G_FORMAT_SIZE_IEC_UNITS | G_FORMAT_SIZE_LONG_FORMAT);
      g_autofree char *limit = g_format_size_full (SPK_JSON_MAX_SIZE, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_LARGE,
                   _("the text is %s, more than the limit of %s; no Spirekeeper file is that large"),
                   size, limit);
      return FALSE;
    }
  for (; s->i < s->length; s->i++)
    {
      unsigned char c = (unsigned char) data[s->i];
      Frame *top = s->depth > 0 ? &s->frames[s->depth - 1] : NULL;
      gboolean ok = TRUE;

      if (c == '\n')
        {
          s->line++;
          s->column = 0;
          continue;
        }
      /* Columns count characters, not the bytes after a UTF-8 lead byte. */
      if ((c & 0xC0) != 0x80)
        s->column++;
      if (line != NULL)
        *line = s->line;
      if (column != NULL)
        *column = s->column;
      if (in_string)
        {
          if (c == '\\')
            ok = scan_escape (s, error);
          else if (c == '"')
            {
              in_string = FALSE;
              if (top != NULL && top->is_object && top->expect_key)
                {
                  top->expect_key = FALSE;
                  top->key_start = string_start;
                  top->key_length = s->i - string_start;
                  ok = scan_key (s, top, error);
                }
            }
        }
      else if (c == '"')
        {
          in_string = TRUE;
          string_start = s->i + 1;
        }
      else if (c == '[' || c == '{')
        {
          if (s->depth == SPK_JSON_MAX_DEPTH)
            {
              g_set_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_DEEP,
                           _("line %d, column %d: lists and objects nest more than %d levels deep here; "
                             "no Spirekeeper file is that deep, so this one is damaged: use another copy"),
                           s->line, s->column, SPK_JSON_MAX_DEPTH);
              return FALSE;
            }
          s->frames[s->depth++] = (Frame) {
            c == '{', c == '{', 0, -1, 0,
            c == '{' ? g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) : NULL,
          };
        }
      else if ((c == ']' || c == '}') && s->depth > 0)
        g_clear_pointer (&s->frames[--s->depth].keys, g_hash_table_unref);
      else if (c == ',' && top != NULL)
        {
          top->index++;
          top->expect_key = top->is_object;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        ok = scan_number (s, error);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

gboolean
spk_json_parser_load (JsonParser *parser, const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  if (!spk_json_check_text (data, length, NULL, NULL, error) ||
      !json_parser_load_from_data (parser, data, length, error))
    return FALSE;
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_EMPTY,
                           _("the text is empty: it holds nothing but spaces or comments"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
too_large (const char *path, guint64 size, gboolean exact, GError **error)
{
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *shown = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS | G_FORMAT_SIZE_LONG_FORMAT);
  g_autofree char *limit = g_format_size_full (SPK_JSON_MAX_SIZE, G_FORMAT_SIZE_IEC_UNITS);

  if (exact)
    g_set_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_LARGE,
                 _("“%s” is %s, more than the limit of %s; no Spirekeeper file is that large, so open another one"),
                 name, shown, limit);
  else
    g_set_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_LARGE,
                 _("“%s” is more than the limit of %s; no Spirekeeper file is that large, so open another one"),
                 name, limit);
  return FALSE;
}

gboolean
spk_file_read_capped (const char *path, char **contents, gsize *length, GError **error)
{
  GStatBuf st;
  FILE *f;
  g_autofree char *buf = NULL;
  gsize got;

  gboolean known = g_stat (path, &st) == 0;

  /* A regular file is measured before a byte is read; a missing one gets
   * GLib's own error. */
  if (known && S_ISREG (st.st_mode) && (guint64) st.st_size > SPK_JSON_MAX_SIZE)
    return too_large (path, (guint64) st.st_size, TRUE, error);
  if (!known || S_ISREG (st.st_mode))
    return g_file_get_contents (path, contents, length, error);
  /* Anything else (a pipe, a device) is read up to one byte past the
   * limit, no further. */
  if ((f = g_fopen (path, "rb")) == NULL)
    return g_file_get_contents (path, contents, length, error);
  buf = g_malloc (SPK_JSON_MAX_SIZE + 2);
  got = fread (buf, 1, SPK_JSON_MAX_SIZE + 1, f);
  fclose (f);
  if (got > SPK_JSON_MAX_SIZE)
    return too_large (path, got, FALSE, error);
  buf[got] = '\0';
  *contents = g_steal_pointer (&buf);
  if (length != NULL)
    *length = got;
  return TRUE;
}

gboolean
spk_json_parser_load_file (JsonParser *parser, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  if (!spk_file_read_capped (path, &data, &length, error))
    return FALSE;
  return spk_json_parser_load (parser, data, (gssize) length, error);
}
