/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-structure-text.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "spk-table.h"

static gboolean
line_problem (GError **error, guint line, const char *what)
{
  g_set_error (error, SPK_TABLE_ACTION_ERROR, SPK_TABLE_ACTION_ERROR_INVALID,
               _("Line %u: %s"), line, what);
  return FALSE;
}

/* "Deep Roots 5" → name "Deep Roots", cost 5. */
static gboolean
read_level (SpkStructure *st, const char *text, guint line, GError **error)
{
  g_autofree char *level = g_strstrip (g_strdup (text));
  char *space = strrchr (level, ' ');
  char *end = NULL;
  long cost;

  if (*level == '\0')
    return line_problem (error, line, _("a level is empty; write each level as its name and cost, like “Amplify 3”"));
  if (space == NULL)
    return line_problem (error, line, _("a level needs a name and a Source cost, like “Amplify 3”"));
  cost = strtol (space + 1, &end, 10);
  if (end == space + 1 || *end != '\0' || cost < 0 || cost > 99)
    return line_problem (error, line, _("a level's cost must be a whole number of Source from 0 to 99, written last"));
  *space = '\0';
  g_strstrip (level);
  if (*level == '\0')
    return line_problem (error, line, _("a level needs a name before its cost"));
  spk_structure_add_level (st, level, (int) cost);
  return TRUE;
}

static const SpkStructure *
find_structure (const GPtrArray *list, const char *name)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_strcmp0 (((SpkStructure *) g_ptr_array_index (list, i))->name, name) == 0)
      return g_ptr_array_index (list, i);
  return NULL;
}

GPtrArray *
spk_structures_from_text (const char *text, const GPtrArray *previous, GError **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_structure_free);
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *colon;
      g_autofree char *name = NULL;
      g_auto(GStrv) levels = NULL;
      const SpkStructure *before;
      SpkStructure *st;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      colon = strchr (lines[i], ':');
      if (colon == NULL)
        {
          line_problem (error, i + 1, _("write the structure's name, a colon, then its levels"));
          return NULL;
        }
      name = g_strstrip (g_strndup (lines[i], (gsize) (colon - lines[i])));
      if (*name == '\0')
        {
          line_problem (error, i + 1, _("the structure needs a name before the colon"));
          return NULL;
        }
      if (find_structure (out, name) != NULL)
        {
          line_problem (error, i + 1, _("this structure is already named on an earlier line"));
          return NULL;
        }
      st = spk_structure_new (name);
      g_ptr_array_add (out, st);
      levels = g_strsplit (colon + 1, ",", -1);
      for (guint k = 0; levels[k] != NULL; k++)
        if (!read_level (st, levels[k], i + 1, error))
          return NULL;
      if (st->level_names->len == 0)
        {
          line_problem (error, i + 1, _("name at least one level after the colon, like “Amplify 3”"));
          return NULL;
        }
      if ((before = find_structure (previous, name)) != NULL)
        st->bought = MIN (before->bought, (int) st->level_names->len);
    }
  return g_steal_pointer (&out);
}

char *
spk_structures_to_text (const GPtrArray *structures)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; structures != NULL && i < structures->len; i++)
    {
      const SpkStructure *st = g_ptr_array_index (structures, i);

      g_string_append_printf (s, "%s:", st->name);
      for (guint k = 0; k < st->level_names->len; k++)
        g_string_append_printf (s, "%s %s %d", k > 0 ? "," : "", (const char *) g_ptr_array_index (st->level_names, k),
                                g_array_index (st->level_costs, int, k));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
