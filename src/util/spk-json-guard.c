#include "config.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (spk-json-guard-error-quark, spk_json_guard_error)

gboolean
spk_json_check_depth (const char *data, gssize length, int *line, int *column,
                      GError **error)
{
  int depth = 0;
  int ln = 1, col = 0;
  gboolean in_string = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  if (length < 0)
    length = (gssize) strlen (data);
  for (gssize i = 0; i < length; i++)
    {
      unsigned char c = (unsigned char) data[i];

      if (c == '\n')
        {
          ln++;
          col = 0;
          continue;
        }
      /* Columns count characters, not the bytes after a UTF-8 lead byte. */
      if ((c & 0xC0) != 0x80)
        col++;
      if (in_string)
        {
          if (c == '\\' && i + 1 < length && data[i + 1] != '\n')
            {
              i++;
              col++;
            }
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > SPK_JSON_MAX_DEPTH)
            {
              if (line != NULL)
                *line = ln;
              if (column != NULL)
                *column = col;
              g_set_error (error, SPK_JSON_GUARD_ERROR, SPK_JSON_GUARD_ERROR_TOO_DEEP,
                           _("line %d, column %d: lists and objects nest more than %d levels deep here; "
                             "no Spirekeeper file is that deep, so this one is damaged: use another copy"),
                           ln, col, SPK_JSON_MAX_DEPTH);
              return FALSE;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return TRUE;
}

gboolean
spk_json_parser_load (JsonParser *parser, const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  if (!spk_json_check_depth (data, length, NULL, NULL, error))
    return FALSE;
  return json_parser_load_from_data (parser, data, length, error);
}

gboolean
spk_json_parser_load_file (JsonParser *parser, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
  return spk_json_parser_load (parser, data, (gssize) length, error);
}
