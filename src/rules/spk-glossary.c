/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-glossary.h"

#include "spk-json-guard.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#define PACK_FORMAT  "spirekeeper-glossary"
#define PACK_VERSION 1

G_DEFINE_QUARK (spk-glossary-error-quark, spk_glossary_error)

struct _SpkGlossary {
  char       *game;
  char       *title;
  GPtrArray  *entries;   /* of SpkGlossaryEntry* */
  GPtrArray  *tables;    /* of SpkGlossaryTable* */
  GPtrArray  *concepts;  /* of SpkGlossaryConcept* */
  GHashTable *by_id;     /* id -> entry (borrowed) */
};

static void
entry_free (SpkGlossaryEntry *e)
{
  g_free (e->id);
  g_free (e->title);
  g_strfreev (e->section);
  g_free (e->body);
  g_strfreev (e->see_also);
  g_strfreev (e->aliases);
  g_strfreev (e->rulings);
  g_strfreev (e->asked);
  g_clear_pointer (&e->backlinks, g_ptr_array_unref);
  g_free (e->source);
  g_strfreev (e->concerns);
  g_free (e->card);
  g_free (e->spec);
  g_clear_pointer (&e->rulings_about, g_ptr_array_unref);
  g_clear_pointer (&e->i18n, g_ptr_array_unref);
  g_free (e);
}

static void
localized_free (SpkGlossaryLocalized *l)
{
  g_free (l->lang);
  g_free (l->title);
  g_strfreev (l->aliases);
  g_free (l);
}

static void
table_free (SpkGlossaryTable *t)
{
  g_free (t->id);
  g_free (t->title);
  g_free (t->entry);
  g_strfreev (t->columns);
  g_clear_pointer (&t->rows, g_ptr_array_unref);
  g_free (t->note);
  g_free (t);
}

static void
concept_free (SpkGlossaryConcept *c)
{
  g_free (c->name);
  g_strfreev (c->with);
  g_strfreev (c->phrases);
  g_strfreev (c->entries);
  g_free (c);
}

static void
glossary_clear (SpkGlossary *self)
{
  g_free (self->game);
  g_free (self->title);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->tables);
  g_ptr_array_unref (self->concepts);
  g_hash_table_unref (self->by_id);
}

SpkGlossary *
spk_glossary_ref (SpkGlossary *self)
{
  return g_rc_box_acquire (self);
}

void
spk_glossary_unref (SpkGlossary *self)
{
  g_rc_box_release_full (self, (GDestroyNotify) glossary_clear);
}

/* ---- text helpers ---- */

static char *
ascii_lower (const char *text)
{
  g_autofree char *ascii = g_str_to_ascii (text, "C");
  return g_ascii_strdown (ascii, -1);
}

/* Lowercase ASCII with every run of non-alphanumerics replaced by @sep. */
static char *
squash (const char *text, char sep)
{
  g_autofree char *lower = ascii_lower (text);
  GString *out = g_string_sized_new (strlen (lower));
  gboolean pending = FALSE;

  for (const char *p = lower; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (pending && out->len > 0)
            g_string_append_c (out, sep);
          pending = FALSE;
          g_string_append_c (out, *p);
        }
      else
        pending = TRUE;
    }
  return g_string_free (out, FALSE);
}

char *
spk_glossary_fold (const char *text)
{
  return squash (text != NULL ? text : "", ' ');
}

char *
spk_glossary_slug (const char *const *section, const char *title)
{
  g_autoptr(GString) path = g_string_new (NULL);

  for (guint i = 0; section != NULL && section[i] != NULL; i++)
    g_string_append_printf (path, "%s ", section[i]);
  g_string_append (path, title);
  return squash (path->str, '-');
}

const SpkGlossaryLocalized *
spk_glossary_entry_localized (const SpkGlossaryEntry *entry, const char *lang)
{
  g_autofree char *want = NULL;
  gsize n;

  if (entry == NULL || lang == NULL || entry->i18n == NULL)
    return NULL;
  /* "de_DE.UTF-8@euro" -> "de_DE", then "de". */
  n = strcspn (lang, ".@");
  want = g_strndup (lang, n);
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < entry->i18n->len; i++)
        {
          const SpkGlossaryLocalized *l = g_ptr_array_index (entry->i18n, i);
          if (g_str_equal (l->lang, want))
            return l;
        }
      if (strchr (want, '_') == NULL)
        break;
      *strchr (want, '_') = '\0';
    }
  return NULL;
}

const char *
spk_glossary_entry_title_in (const SpkGlossaryEntry *entry, const char *lang)
{
  const SpkGlossaryLocalized *l = spk_glossary_entry_localized (entry, lang);

  return l != NULL && l->title != NULL ? l->title : entry->title;
}

gboolean
spk_glossary_has_language (const SpkGlossary *self, const char *lang)
{
  for (guint i = 0; i < self->entries->len; i++)
    if (spk_glossary_entry_localized (g_ptr_array_index (self->entries, i), lang) != NULL)
      return TRUE;
  return FALSE;
}

char *
spk_glossary_entry_path (const SpkGlossaryEntry *entry)
{
  g_autoptr(GString) path = g_string_new (NULL);

  for (guint i = 0; entry->section[i] != NULL; i++)
    g_string_append_printf (path, "%s – ", entry->section[i]);
  g_string_append (path, entry->title);
  return g_string_free (g_steal_pointer (&path), FALSE);
}

/* ---- reading ---- */

typedef struct {
  const char *name;
  GPtrArray  *problems;   /* of GError* */
} Reader;

G_GNUC_PRINTF (4, 5)
static void
problem (Reader *rd, SpkGlossaryError code, const char *where, const char *fmt, ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  va_start (ap, fmt);
  text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (rd->problems,
                   g_error_new (SPK_GLOSSARY_ERROR, code, "%s: %s%s%s", rd->name,
                                where != NULL ? where : "", where != NULL ? ": " : "", text));
}

/* Is @text within SPK_GLOSSARY_MAX_CHARS? Records a problem if not. */
static gboolean
short_enough (Reader *rd, const char *where, const char *text)
{
  glong chars;

  if (strlen (text) <= SPK_GLOSSARY_MAX_CHARS)
    return TRUE;
  chars = g_utf8_strlen (text, -1);
  if (chars <= SPK_GLOSSARY_MAX_CHARS)
    return TRUE;
  problem (rd, SPK_GLOSSARY_ERROR_TOO_LONG, where,
           _("%ld characters, more than the %d a glossary text may have; shorten it"),
           chars, SPK_GLOSSARY_MAX_CHARS);
  return FALSE;
}

/* Is @arr within SPK_GLOSSARY_MAX_ITEMS? Records a problem if not. */
static gboolean
few_enough (Reader *rd, const char *where, JsonArray *arr)
{
  if (json_array_get_length (arr) <= SPK_GLOSSARY_MAX_ITEMS)
    return TRUE;
  problem (rd, SPK_GLOSSARY_ERROR_TOO_LONG, where,
           _("%u elements, more than the %d a glossary list may have"),
           json_array_get_length (arr), SPK_GLOSSARY_MAX_ITEMS);
  return FALSE;
}

/* Returns the string member, or NULL (recording a problem when it is
 * required, or present with another type). Empty strings count as missing. */
static const char *
get_string (Reader *rd, JsonObject *obj, const char *path, const char *member, gboolean required)
{
  JsonNode *node = json_object_get_member (obj, member);
  g_autofree char *where = g_strdup_printf ("%s%s%s", path, *path ? "." : "", member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("required field is missing; add it"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("expected a string"));
      return NULL;
    }
  if (*json_node_get_string (node) == '\0' && required)
    {
      problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("must not be empty"));
      return NULL;
    }
  if (!short_enough (rd, where, json_node_get_string (node)))
    return NULL;
  return json_node_get_string (node);
}

/* A list of non-empty strings; absent means empty unless @required. */
static char **
get_strv (Reader *rd, JsonObject *obj, const char *path, const char *member, gboolean required)
{
  JsonNode *node = json_object_get_member (obj, member);
  g_autofree char *where = g_strdup_printf ("%s.%s", path, member);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  JsonArray *arr;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("required field is missing; add it"));
      return g_strv_builder_end (b);
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("expected a list of strings"));
      return g_strv_builder_end (b);
    }
  arr = json_node_get_array (node);
  if (!few_enough (rd, where, arr))
    return g_strv_builder_end (b);
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      JsonNode *el = json_array_get_element (arr, i);
      g_autofree char *at = NULL;

      if (!JSON_NODE_HOLDS_VALUE (el) || json_node_get_value_type (el) != G_TYPE_STRING ||
          *json_node_get_string (el) == '\0')
        {
          at = g_strdup_printf ("%s[%u]", where, i);
          problem (rd, SPK_GLOSSARY_ERROR_TYPE, at, _("expected a non-empty string"));
          continue;
        }
      at = g_strdup_printf ("%s[%u]", where, i);
      if (!short_enough (rd, at, json_node_get_string (el)))
        continue;
      g_strv_builder_add (b, json_node_get_string (el));
    }
  return g_strv_builder_end (b);
}

static JsonArray *
get_array (Reader *rd, JsonObject *obj, const char *member, gboolean required)
{
  JsonNode *node = json_object_get_member (obj, member);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (required)
        problem (rd, SPK_GLOSSARY_ERROR_MISSING, member, _("required field is missing; add it"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, member, _("expected a list"));
      return NULL;
    }
  if (!few_enough (rd, member, json_node_get_array (node)))
    return NULL;
  return json_node_get_array (node);
}

/* "kind", "source", "concerns", "card" and "spec": a ruling names where it
 * comes from, the terms it concerns and, when it is about one card, the
 * card and its spec; a term has none of them. */
static void
read_ruling_fields (Reader *rd, JsonObject *obj, const char *path, SpkGlossaryEntry *e)
{
  const char *kind = get_string (rd, obj, path, "kind", FALSE);
  gboolean ruling = g_strcmp0 (kind, "ruling") == 0;

  if (kind != NULL && !ruling && !g_str_equal (kind, "term"))
    {
      g_autofree char *where = g_strdup_printf ("%s.kind", path);
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("“%s” is not “term” or “ruling”"), kind);
    }
  e->kind = ruling ? SPK_GLOSSARY_KIND_RULING : SPK_GLOSSARY_KIND_TERM;
  e->source = g_strdup (get_string (rd, obj, path, "source", ruling));
  e->concerns = get_strv (rd, obj, path, "concerns", ruling);
  e->rulings_about = g_ptr_array_new ();
  if (ruling && e->concerns[0] == NULL && json_object_has_member (obj, "concerns"))
    {
      g_autofree char *where = g_strdup_printf ("%s.concerns", path);
      problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("a ruling must concern at least one term"));
    }
  e->card = g_strdup (get_string (rd, obj, path, "card", FALSE));
  e->spec = g_strdup (get_string (rd, obj, path, "spec", FALSE));
  if (!ruling && (e->source != NULL || e->concerns[0] != NULL || e->card != NULL || e->spec != NULL))
    {
      const char *field = e->source != NULL ? "source" : e->concerns[0] != NULL ? "concerns"
                        : e->card != NULL ? "card" : "spec";
      g_autofree char *where = g_strdup_printf ("%s.%s", path, field);
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("only a ruling (\"kind\": \"ruling\") has this field"));
    }
  for (guint k = 0; k < 2; k++)
    {
      const char *value = k == 0 ? e->card : e->spec;

      if (value != NULL && value[0] == '\0')
        {
          g_autofree char *where = g_strdup_printf ("%s.%s", path, k == 0 ? "card" : "spec");
          problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("empty; give the card's name and spec, or leave the field out"));
        }
    }
}

/* Every id a ruling concerns must be a term of the pack; each term lists
 * the rulings about it. */
static void
link_rulings (Reader *rd, GPtrArray *entries, GHashTable *by_id)
{
  for (guint i = 0; i < entries->len; i++)
    {
      SpkGlossaryEntry *e = g_ptr_array_index (entries, i);

      for (guint k = 0; e->concerns[k] != NULL; k++)
        {
          SpkGlossaryEntry *target = g_hash_table_lookup (by_id, e->concerns[k]);
          g_autofree char *where = NULL;

          if (target != NULL && target->kind == SPK_GLOSSARY_KIND_TERM)
            {
              if (!g_ptr_array_find (target->rulings_about, e, NULL))
                g_ptr_array_add (target->rulings_about, e);
              continue;
            }
          where = g_strdup_printf ("entries[%u].concerns[%u]", e->index, k);
          if (target == NULL)
            problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where, _("no entry has the id “%s”"), e->concerns[k]);
          else
            problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where,
                     _("“%s” is a ruling; a ruling concerns terms"), e->concerns[k]);
        }
    }
}

/* A language code of the i18n object: two or three lowercase letters,
 * optionally "_" and two uppercase ones ("de", "pt_BR"). */
static gboolean
valid_lang (const char *lang)
{
  guint n = 0;

  while (g_ascii_islower (lang[n]))
    n++;
  if (n < 2 || n > 3)
    return FALSE;
  if (lang[n] == '\0')
    return TRUE;
  return lang[n] == '_' && g_ascii_isupper (lang[n + 1]) && g_ascii_isupper (lang[n + 2]) &&
         lang[n + 3] == '\0';
}

/* "i18n": {"de": {"title": "Turm", "aliases": ["Türme"]}}: an object of
 * languages, each an object with a title, aliases or both, nothing else. */
static void
read_i18n (Reader *rd, JsonObject *obj, const char *path, SpkGlossaryEntry *e)
{
  JsonNode *node = json_object_get_member (obj, "i18n");
  g_autofree char *where = g_strdup_printf ("%s.i18n", path);
  g_autoptr(GList) langs = NULL;

  e->i18n = g_ptr_array_new_with_free_func ((GDestroyNotify) localized_free);
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where,
               _("expected an object of languages, such as {\"de\": {\"title\": \"…\"}}"));
      return;
    }
  langs = json_object_get_members (json_node_get_object (node));
  for (GList *l = langs; l != NULL; l = l->next)
    {
      const char *lang = l->data;
      JsonNode *names = json_object_get_member (json_node_get_object (node), lang);
      g_autofree char *at = g_strdup_printf ("%s.%s", where, lang);
      g_autoptr(GList) fields = NULL;
      SpkGlossaryLocalized *loc;

      if (!valid_lang (lang))
        {
          problem (rd, SPK_GLOSSARY_ERROR_TYPE, at,
                   _("“%s” is not a language code; use two or three lowercase letters, such as “de”"), lang);
          continue;
        }
      if (!JSON_NODE_HOLDS_OBJECT (names))
        {
          problem (rd, SPK_GLOSSARY_ERROR_TYPE, at, _("expected an object with a title, aliases or both"));
          continue;
        }
      fields = json_object_get_members (json_node_get_object (names));
      for (GList *f = fields; f != NULL; f = f->next)
        if (!g_str_equal (f->data, "title") && !g_str_equal (f->data, "aliases"))
          {
            g_autofree char *field = g_strdup_printf ("%s.%s", at, (const char *) f->data);
            problem (rd, SPK_GLOSSARY_ERROR_TYPE, field, _("unknown field; a language has only “title” and “aliases”"));
          }
      loc = g_new0 (SpkGlossaryLocalized, 1);
      loc->lang = g_strdup (lang);
      loc->title = g_strdup (get_string (rd, json_node_get_object (names), at, "title", FALSE));
      loc->aliases = get_strv (rd, json_node_get_object (names), at, "aliases", FALSE);
      if (loc->title != NULL && loc->title[0] == '\0')
        {
          g_autofree char *field = g_strdup_printf ("%s.title", at);
          problem (rd, SPK_GLOSSARY_ERROR_MISSING, field, _("must not be empty"));
          g_clear_pointer (&loc->title, g_free);
        }
      if (loc->title == NULL && loc->aliases[0] == NULL)
        problem (rd, SPK_GLOSSARY_ERROR_MISSING, at, _("give a title, aliases or both for this language"));
      g_ptr_array_add (e->i18n, loc);
    }
}

static SpkGlossaryEntry *
read_entry (Reader *rd, JsonNode *node, guint i)
{
  g_autofree char *path = g_strdup_printf ("entries[%u]", i);
  SpkGlossaryEntry *e;
  JsonObject *obj;
  JsonNode *official;
  g_autofree char *want = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, path, _("expected an object"));
      return NULL;
    }
  obj = json_node_get_object (node);
  e = g_new0 (SpkGlossaryEntry, 1);
  e->index = i;
  e->id = g_strdup (get_string (rd, obj, path, "id", TRUE));
  e->title = g_strdup (get_string (rd, obj, path, "title", TRUE));
  e->body = g_strdup (get_string (rd, obj, path, "body", TRUE));
  e->section = get_strv (rd, obj, path, "section", FALSE);
  e->see_also = get_strv (rd, obj, path, "see_also", FALSE);
  e->aliases = get_strv (rd, obj, path, "aliases", FALSE);
  e->rulings = get_strv (rd, obj, path, "rulings", FALSE);
  e->asked = get_strv (rd, obj, path, "asked", FALSE);
  e->backlinks = g_ptr_array_new ();
  read_ruling_fields (rd, obj, path, e);
  read_i18n (rd, obj, path, e);
  official = json_object_get_member (obj, "official");
  if (official == NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s.official", path);
      problem (rd, SPK_GLOSSARY_ERROR_MISSING, where,
               _("required field is missing; say true for a Rules Reference term"));
    }
  else if (!JSON_NODE_HOLDS_VALUE (official) || json_node_get_value_type (official) != G_TYPE_BOOLEAN)
    {
      g_autofree char *where = g_strdup_printf ("%s.official", path);
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("expected true or false"));
    }
  else
    e->official = json_node_get_boolean (official);

  if (e->id == NULL || e->title == NULL || e->body == NULL)
    {
      entry_free (e);
      return NULL;
    }
  want = spk_glossary_slug ((const char *const *) e->section, e->title);
  if (!g_str_equal (want, e->id))
    {
      g_autofree char *where = g_strdup_printf ("%s.id", path);
      problem (rd, SPK_GLOSSARY_ERROR_BAD_ID, where,
               _("“%s” should be “%s”, the slug of the section path and title"), e->id, want);
    }
  return e;
}

static SpkGlossaryTable *
read_table (Reader *rd, JsonNode *node, guint i)
{
  g_autofree char *path = g_strdup_printf ("tables[%u]", i);
  SpkGlossaryTable *t;
  JsonObject *obj;
  JsonArray *rows;
  guint width;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, path, _("expected an object"));
      return NULL;
    }
  obj = json_node_get_object (node);
  t = g_new0 (SpkGlossaryTable, 1);
  t->id = g_strdup (get_string (rd, obj, path, "id", TRUE));
  t->title = g_strdup (get_string (rd, obj, path, "title", TRUE));
  t->entry = g_strdup (get_string (rd, obj, path, "entry", FALSE));
  t->note = g_strdup (get_string (rd, obj, path, "note", FALSE));
  t->columns = get_strv (rd, obj, path, "columns", TRUE);
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  width = g_strv_length (t->columns);
  if (width == 0)
    {
      g_autofree char *where = g_strdup_printf ("%s.columns", path);
      problem (rd, SPK_GLOSSARY_ERROR_BAD_TABLE, where, _("a table needs at least one column"));
    }

  {
    JsonNode *rn = json_object_get_member (obj, "rows");
    g_autofree char *where = g_strdup_printf ("%s.rows", path);

    if (rn == NULL || !JSON_NODE_HOLDS_ARRAY (rn))
      {
        problem (rd, rn == NULL ? SPK_GLOSSARY_ERROR_MISSING : SPK_GLOSSARY_ERROR_TYPE, where,
                 _("expected a list of rows"));
        rows = NULL;
      }
    else if (!few_enough (rd, where, json_node_get_array (rn)))
      rows = NULL;
    else
      rows = json_node_get_array (rn);
  }
  for (guint r = 0; rows != NULL && r < json_array_get_length (rows); r++)
    {
      JsonNode *row = json_array_get_element (rows, r);
      g_autofree char *where = g_strdup_printf ("%s.rows[%u]", path, r);
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
      JsonArray *cells;
      gboolean ok = TRUE;

      if (!JSON_NODE_HOLDS_ARRAY (row))
        {
          problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("expected a list of cells"));
          continue;
        }
      cells = json_node_get_array (row);
      if (!few_enough (rd, where, cells))
        continue;
      for (guint c = 0; c < json_array_get_length (cells); c++)
        {
          JsonNode *cell = json_array_get_element (cells, c);
          g_autofree char *at = g_strdup_printf ("%s[%u]", where, c);

          if (!JSON_NODE_HOLDS_VALUE (cell) || json_node_get_value_type (cell) != G_TYPE_STRING)
            {
              problem (rd, SPK_GLOSSARY_ERROR_TYPE, at, _("cells are strings"));
              ok = FALSE;
              continue;
            }
          if (!short_enough (rd, at, json_node_get_string (cell)))
            {
              ok = FALSE;
              continue;
            }
          g_strv_builder_add (b, json_node_get_string (cell));
        }
      if (ok && json_array_get_length (cells) != width)
        {
          problem (rd, SPK_GLOSSARY_ERROR_BAD_TABLE, where,
                   _("has %u cells but the table has %u columns"),
                   json_array_get_length (cells), width);
          ok = FALSE;
        }
      if (ok)
        g_ptr_array_add (t->rows, g_strv_builder_end (b));
    }
  if (t->id == NULL || t->title == NULL)
    {
      table_free (t);
      return NULL;
    }
  return t;
}

/* A concept names entries that exist, and each phrase has words and is
 * said by one concept only (@phrases: folded phrase -> concept index + 1,
 * across the pack); a concept said only with another ("with") may repeat
 * a phrase of the others, but not one of a concept with the same "with". */
static SpkGlossaryConcept *
read_concept (Reader *rd, JsonNode *node, guint i, GHashTable *by_id, GHashTable *phrases)
{
  g_autofree char *path = g_strdup_printf ("concepts[%u]", i);
  SpkGlossaryConcept *c;
  JsonObject *obj;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, path, _("expected an object"));
      return NULL;
    }
  obj = json_node_get_object (node);
  c = g_new0 (SpkGlossaryConcept, 1);
  c->name = g_strdup (get_string (rd, obj, path, "name", FALSE));
  c->phrases = get_strv (rd, obj, path, "phrases", TRUE);
  c->entries = get_strv (rd, obj, path, "entries", TRUE);
  c->with = get_strv (rd, obj, path, "with", FALSE);
  c->weight = 1.0;
  {
    JsonNode *w = json_object_get_member (obj, "weight");
    g_autofree char *where = g_strdup_printf ("%s.weight", path);

    if (w == NULL)
      ;
    else if (!JSON_NODE_HOLDS_VALUE (w) || (json_node_get_value_type (w) != G_TYPE_DOUBLE &&
                                            json_node_get_value_type (w) != G_TYPE_INT64))
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("expected a number"));
    else if (json_node_get_double (w) < SPK_GLOSSARY_MIN_WEIGHT || json_node_get_double (w) > SPK_GLOSSARY_MAX_WEIGHT)
      problem (rd, SPK_GLOSSARY_ERROR_TYPE, where, _("%g is not between %g and %g"),
               json_node_get_double (w), SPK_GLOSSARY_MIN_WEIGHT, SPK_GLOSSARY_MAX_WEIGHT);
    else
      c->weight = json_node_get_double (w);
  }
  if (c->phrases[0] == NULL || c->entries[0] == NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s.%s", path, c->phrases[0] == NULL ? "phrases" : "entries");
      problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("a concept needs at least one phrase and one entry"));
    }
  for (guint k = 0; c->entries[k] != NULL; k++)
    if (!g_hash_table_contains (by_id, c->entries[k]))
      {
        g_autofree char *where = g_strdup_printf ("%s.entries[%u]", path, k);
        problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where, _("no entry has the id “%s”"), c->entries[k]);
      }
  for (guint k = 0; c->phrases[k] != NULL; k++)
    {
      g_autofree char *where = g_strdup_printf ("%s.phrases[%u]", path, k);
      char *folded = spk_glossary_fold (c->phrases[k]);
      g_auto(GStrv) words = g_strsplit (folded, " ", -1);
      guint other;

      if (c->with[0] != NULL)
        {
          /* Keyed apart from the plain phrases: the "with" names, then the phrase. */
          g_autofree char *names = g_strjoinv ("\t", c->with);
          char *keyed = g_strconcat ("\n", names, "\n", folded, NULL);
          g_free (folded);
          folded = keyed;
        }

      if (*folded == '\0')
        problem (rd, SPK_GLOSSARY_ERROR_MISSING, where, _("“%s” has no words"), c->phrases[k]);
      else if (g_strv_length (words) > SPK_GLOSSARY_MAX_PHRASE_WORDS)
        problem (rd, SPK_GLOSSARY_ERROR_TOO_LONG, where,
                 _("“%s” has %u words, more than the %d a phrase may have; shorten it"),
                 c->phrases[k], g_strv_length (words), SPK_GLOSSARY_MAX_PHRASE_WORDS);
      else if ((other = GPOINTER_TO_UINT (g_hash_table_lookup (phrases, folded))) != 0)
        {
          problem (rd, SPK_GLOSSARY_ERROR_DUPLICATE_PHRASE, where,
                   _("“%s” is already a phrase of concepts[%u]; give each phrase once"),
                   c->phrases[k], other - 1);
        }
      else
        {
          g_hash_table_insert (phrases, folded, GUINT_TO_POINTER (i + 1));
          continue;
        }
      g_free (folded);
    }
  if (c->name == NULL && c->entries[0] != NULL && g_hash_table_contains (by_id, c->entries[0]))
    c->name = g_strdup (((SpkGlossaryEntry *) g_hash_table_lookup (by_id, c->entries[0]))->title);
  return c;
}

/* Titles may repeat only where the Rules Reference itself repeats them: as
 * sub-terms of different parents ("Attack Upgrades" under both Hero
 * Upgrades and Spire Upgrades). A top-level title is unique outright. */
static void
check_titles (Reader *rd, GPtrArray *entries)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      SpkGlossaryEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *key = spk_glossary_fold (e->title);
      SpkGlossaryEntry *other = g_hash_table_lookup (seen, key);

      if (other == NULL)
        {
          g_hash_table_insert (seen, g_steal_pointer (&key), e);
          continue;
        }
      if (e->section[0] == NULL || other->section[0] == NULL ||
          g_strv_equal ((const char *const *) e->section, (const char *const *) other->section))
        {
          g_autofree char *where = g_strdup_printf ("entries[%u].title", i);
          problem (rd, SPK_GLOSSARY_ERROR_DUPLICATE_TITLE, where,
                   _("“%s” is also the title of “%s”; titles must be unique"), e->title, other->id);
        }
    }
}

static SpkGlossary *
read_pack (Reader *rd, JsonNode *root)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
  g_autoptr(GPtrArray) concepts = g_ptr_array_new_with_free_func ((GDestroyNotify) concept_free);
  g_autoptr(GHashTable) phrases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  SpkGlossary *self;
  JsonObject *obj;
  JsonArray *arr;
  const char *format, *game, *title;
  JsonNode *version;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      problem (rd, SPK_GLOSSARY_ERROR_NOT_A_PACK, NULL, _("not a glossary pack (expected an object)"));
      return NULL;
    }
  obj = json_node_get_object (root);
  format = get_string (rd, obj, "", "format", TRUE);
  if (format == NULL || !g_str_equal (format, PACK_FORMAT))
    {
      if (format != NULL)
        problem (rd, SPK_GLOSSARY_ERROR_NOT_A_PACK, "format",
                 _("“%s” is not “%s”; this file is not a glossary pack"), format, PACK_FORMAT);
      return NULL;
    }
  version = json_object_get_member (obj, "version");
  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version) ||
      json_node_get_value_type (version) != G_TYPE_INT64)
    problem (rd, version == NULL ? SPK_GLOSSARY_ERROR_MISSING : SPK_GLOSSARY_ERROR_TYPE, "version",
             _("expected a whole number"));
  else if (json_node_get_int (version) > PACK_VERSION || json_node_get_int (version) < 1)
    {
      problem (rd, SPK_GLOSSARY_ERROR_NEWER_VERSION, "version",
               _("version %lld is not one this Spirekeeper reads (%d); update Spirekeeper"),
               (long long) json_node_get_int (version), PACK_VERSION);
      return NULL;
    }
  game = get_string (rd, obj, "", "game", TRUE);
  /* The game id names the pack's file and prefixes its entries' keys
   * across packs ("codex:armor-x"). */
  for (const char *c = game; c != NULL && *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      {
        problem (rd, SPK_GLOSSARY_ERROR_BAD_ID, "game",
                 _("“%s” is not a game id; use lowercase letters, digits and “-” (“codex”)"), game);
        break;
      }
  title = get_string (rd, obj, "", "title", TRUE);

  arr = get_array (rd, obj, "entries", TRUE);
  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      SpkGlossaryEntry *e = read_entry (rd, json_array_get_element (arr, i), i);

      if (e == NULL)
        continue;
      if (g_hash_table_contains (by_id, e->id))
        {
          g_autofree char *where = g_strdup_printf ("entries[%u].id", i);
          problem (rd, SPK_GLOSSARY_ERROR_DUPLICATE_ID, where, _("“%s” is used twice"), e->id);
          entry_free (e);
          continue;
        }
      e->index = entries->len;
      g_ptr_array_add (entries, e);
      g_hash_table_insert (by_id, e->id, e);
    }
  check_titles (rd, entries);

  for (guint i = 0; i < entries->len; i++)
    {
      SpkGlossaryEntry *e = g_ptr_array_index (entries, i);

      for (guint k = 0; e->see_also[k] != NULL; k++)
        {
          SpkGlossaryEntry *target = g_hash_table_lookup (by_id, e->see_also[k]);

          if (target == NULL)
            {
              g_autofree char *where = g_strdup_printf ("entries[%u].see_also[%u]", i, k);
              problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where,
                       _("no entry has the id “%s”"), e->see_also[k]);
              continue;
            }
          if (target != e && !g_ptr_array_find (target->backlinks, e, NULL))
            g_ptr_array_add (target->backlinks, e);
        }
    }

  link_rulings (rd, entries, by_id);

  arr = get_array (rd, obj, "tables", FALSE);
  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      SpkGlossaryTable *t = read_table (rd, json_array_get_element (arr, i), i);

      if (t == NULL)
        continue;
      for (guint k = 0; k < tables->len; k++)
        if (g_str_equal (((SpkGlossaryTable *) tables->pdata[k])->id, t->id))
          {
            g_autofree char *where = g_strdup_printf ("tables[%u].id", i);
            problem (rd, SPK_GLOSSARY_ERROR_DUPLICATE_ID, where, _("“%s” is used twice"), t->id);
          }
      if (t->entry != NULL && !g_hash_table_contains (by_id, t->entry))
        {
          g_autofree char *where = g_strdup_printf ("tables[%u].entry", i);
          problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where, _("no entry has the id “%s”"), t->entry);
        }
      g_ptr_array_add (tables, t);
    }

  arr = get_array (rd, obj, "concepts", FALSE);
  for (guint i = 0; arr != NULL && i < json_array_get_length (arr); i++)
    {
      SpkGlossaryConcept *c = read_concept (rd, json_array_get_element (arr, i), i, by_id, phrases);

      if (c != NULL)
        g_ptr_array_add (concepts, c);
    }
  /* "with" names other concepts, ones said on their own. */
  for (guint i = 0; i < concepts->len; i++)
    {
      const SpkGlossaryConcept *c = concepts->pdata[i];

      for (guint k = 0; c->with[k] != NULL; k++)
        {
          gboolean found = FALSE;

          for (guint j = 0; j < concepts->len && !found; j++)
            {
              const SpkGlossaryConcept *o = concepts->pdata[j];
              found = j != i && o->with[0] == NULL && g_strcmp0 (o->name, c->with[k]) == 0;
            }
          if (!found)
            {
              g_autofree char *where = g_strdup_printf ("concepts[%u].with[%u]", i, k);
              problem (rd, SPK_GLOSSARY_ERROR_UNRESOLVED, where,
                       _("no other concept said on its own has the name “%s”"), c->with[k]);
            }
        }
    }

  if (rd->problems->len > 0)
    return NULL;

  self = g_rc_box_new0 (SpkGlossary);
  self->game = g_strdup (game);
  self->title = g_strdup (title);
  self->entries = g_steal_pointer (&entries);
  self->tables = g_steal_pointer (&tables);
  self->concepts = g_steal_pointer (&concepts);
  self->by_id = g_steal_pointer (&by_id);
  for (guint i = 0; i < self->entries->len; i++)
    ((SpkGlossaryEntry *) g_ptr_array_index (self->entries, i))->game = self->game;
  return self;
}

static SpkGlossary *
finish (Reader *rd, SpkGlossary *self, GPtrArray **problems, GError **error)
{
  if (self == NULL && rd->problems->len == 0)
    problem (rd, SPK_GLOSSARY_ERROR_NOT_A_PACK, NULL, _("not a glossary pack"));
  if (self == NULL)
    g_propagate_error (error, g_error_copy (rd->problems->pdata[0]));
  if (problems != NULL)
    *problems = g_ptr_array_ref (rd->problems);
  g_ptr_array_unref (rd->problems);
  return self;
}

SpkGlossary *
spk_glossary_load_from_data (const char *data, gssize length, const char *name,
                             GPtrArray **problems, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  Reader rd = { name != NULL ? name : "glossary",
                g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free) };

  if (!spk_json_parser_load (parser, data, length, &local))
    {
      problem (&rd, SPK_GLOSSARY_ERROR_SYNTAX, NULL, _("not valid JSON: %s"), local->message);
      return finish (&rd, NULL, problems, error);
    }
  return finish (&rd, read_pack (&rd, json_parser_get_root (parser)), problems, error);
}

SpkGlossary *
spk_glossary_load (const char *path, GPtrArray **problems, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;

  if (!spk_file_read_capped (path, &data, &length, &local))
    {
      Reader rd = { path, g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free) };

      problem (&rd, SPK_GLOSSARY_ERROR_IO, NULL, _("cannot read the glossary: %s"), local->message);
      return finish (&rd, NULL, problems, error);
    }
  return spk_glossary_load_from_data (data, (gssize) length, path, problems, error);
}

/* ---- queries ---- */

const char *
spk_glossary_get_game (const SpkGlossary *self)
{
  return self->game;
}

const char *
spk_glossary_get_title (const SpkGlossary *self)
{
  return self->title;
}

guint
spk_glossary_get_n_entries (const SpkGlossary *self)
{
  return self->entries->len;
}

const SpkGlossaryEntry *
spk_glossary_get_entry (const SpkGlossary *self, guint i)
{
  g_return_val_if_fail (i < self->entries->len, NULL);
  return g_ptr_array_index (self->entries, i);
}

const SpkGlossaryEntry *
spk_glossary_lookup (const SpkGlossary *self, const char *id)
{
  return g_hash_table_lookup (self->by_id, id);
}

const SpkGlossaryEntry *
spk_glossary_find_title (const SpkGlossary *self, const char *const *section, const char *title)
{
  g_autofree char *want = spk_glossary_fold (title);
  const SpkGlossaryEntry *best = NULL;

  for (guint i = 0; i < self->entries->len; i++)
    {
      const SpkGlossaryEntry *e = g_ptr_array_index (self->entries, i);
      g_autofree char *have = spk_glossary_fold (e->title);

      if (!g_str_equal (want, have))
        continue;
      if (section != NULL)
        {
          gboolean same = g_strv_length ((char **) section) == g_strv_length (e->section);

          for (guint k = 0; same && section[k] != NULL; k++)
            {
              g_autofree char *a = spk_glossary_fold (section[k]);
              g_autofree char *b = spk_glossary_fold (e->section[k]);
              same = g_str_equal (a, b);
            }
          if (same)
            return e;
        }
      if (best == NULL || (best->section[0] != NULL && e->section[0] == NULL))
        best = e;
    }
  return best;
}

guint
spk_glossary_get_n_tables (const SpkGlossary *self)
{
  return self->tables->len;
}

const SpkGlossaryTable *
spk_glossary_get_table (const SpkGlossary *self, guint i)
{
  g_return_val_if_fail (i < self->tables->len, NULL);
  return g_ptr_array_index (self->tables, i);
}

guint
spk_glossary_get_n_concepts (const SpkGlossary *self)
{
  return self->concepts->len;
}

const SpkGlossaryConcept *
spk_glossary_get_concept (const SpkGlossary *self, guint i)
{
  g_return_val_if_fail (i < self->concepts->len, NULL);
  return g_ptr_array_index (self->concepts, i);
}

GPtrArray *
spk_glossary_tables_for_entry (const SpkGlossary *self, const char *entry_id)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < self->tables->len; i++)
    {
      SpkGlossaryTable *t = g_ptr_array_index (self->tables, i);

      if (g_strcmp0 (t->entry, entry_id) == 0)
        g_ptr_array_add (out, t);
    }
  return out;
}

guint
spk_glossary_count_kind (const SpkGlossary *self, SpkGlossaryKind kind)
{
  guint n = 0;

  for (guint i = 0; i < self->entries->len; i++)
    if (((SpkGlossaryEntry *) g_ptr_array_index (self->entries, i))->kind == kind)
      n++;
  return n;
}

char *
spk_glossary_entry_card_label (const SpkGlossaryEntry *entry)
{
  g_return_val_if_fail (entry != NULL, NULL);
  if (entry->card == NULL)
    return NULL;
  if (entry->spec == NULL)
    /* TRANSLATORS: %s is a card's name */
    return g_strdup_printf (_("Card: %s"), entry->card);
  /* TRANSLATORS: a card's name, then its spec ("Blademaster (Finesse)") */
  return g_strdup_printf (_("Card: %s (%s)"), entry->card, entry->spec);
}

/* Where packs are looked for, in order: $SPK_GLOSSARY_DIR alone when it is
 * set (an explicit directory wins outright), else the installed data, then
 * the source tree (running uninstalled). NULL-terminated; g_strfreev. */
static char **
pack_dirs (void)
{
  const char *env = g_getenv ("SPK_GLOSSARY_DIR");
  char **dirs = g_new0 (char *, 3);

  if (env != NULL && *env != '\0')
    dirs[0] = g_strdup (env);
  else
    {
      dirs[0] = g_build_filename (PKGDATADIR, "glossary", NULL);
      dirs[1] = g_build_filename (SPK_SOURCE_DATADIR, "glossary", NULL);
    }
  return dirs;
}

char *
spk_glossary_find_pack (const char *game)
{
  g_autofree char *file = NULL;
  g_auto(GStrv) dirs = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  file = g_strconcat (game, ".json", NULL);
  dirs = pack_dirs ();
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], file, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char **
spk_glossary_list_games (void)
{
  g_auto(GStrv) dirs = pack_dirs ();
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[i], 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *game = NULL;
          gboolean seen = FALSE;

          if (!g_str_has_suffix (name, ".json"))
            continue;
          game = g_strndup (name, strlen (name) - strlen (".json"));
          for (guint k = 0; k < games->len && !seen; k++)
            seen = g_str_equal (games->pdata[k], game);
          if (!seen && game[0] != '\0')
            g_ptr_array_add (games, g_steal_pointer (&game));
        }
    }
  g_ptr_array_sort (games, compare_names);
  g_ptr_array_add (games, NULL);
  return (char **) g_ptr_array_steal (games, NULL);
}

char *
spk_glossary_entry_to_text (const SpkGlossary *self, const SpkGlossaryEntry *entry)
{
  GString *text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) tables = NULL;

  g_return_val_if_fail (self != NULL && entry != NULL, NULL);
  path = spk_glossary_entry_path (entry);
  tables = spk_glossary_tables_for_entry (self, entry->id);
  g_string_append_printf (text, "%s\n\n%s\n", path, entry->body);
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    {
      const SpkGlossaryTable *t = g_ptr_array_index (tables, i);
      g_autofree char *header = g_strjoinv (" | ", t->columns);

      g_string_append_printf (text, "\n%s\n%s\n", t->title, header);
      for (guint r = 0; r < t->rows->len; r++)
        {
          g_autofree char *row = g_strjoinv (" | ", g_ptr_array_index (t->rows, r));

          g_string_append_printf (text, "%s\n", row);
        }
      if (t->note != NULL)
        g_string_append_printf (text, "%s\n", t->note);
    }
  if (entry->card != NULL)
    {
      g_autofree char *card = spk_glossary_entry_card_label (entry);
      g_string_append_printf (text, "\n%s\n", card);
    }
  if (entry->source != NULL)
    g_string_append_printf (text, "\n%s\n", entry->source);
  for (guint i = 0; entry->rulings_about != NULL && i < entry->rulings_about->len; i++)
    {
      const SpkGlossaryEntry *r = g_ptr_array_index (entry->rulings_about, i);

      if (i == 0)
        g_string_append_printf (text, "\n%s\n", _("Rulings:"));
      g_string_append_printf (text, "- %s (%s)\n", r->title, r->source != NULL ? r->source : "");
    }
  g_string_append_printf (text, "\n%s\n", _("From Spirekeeper’s rules pack, in its own words, not the official text."));
  return g_string_free (text, FALSE);
}
