/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-packs.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct {
  SpkGlossary    *glossary;
  SpkSearchIndex *index;
} Pack;

struct _SpkPacks {
  GPtrArray *packs;  /* of Pack*, in the order added */
};

static void
pack_free (Pack *pack)
{
  spk_search_index_free (pack->index);
  spk_glossary_unref (pack->glossary);
  g_free (pack);
}

SpkPacks *
spk_packs_new (void)
{
  SpkPacks *self = g_new0 (SpkPacks, 1);

  self->packs = g_ptr_array_new_with_free_func ((GDestroyNotify) pack_free);
  return self;
}

void
spk_packs_free (SpkPacks *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->packs);
  g_free (self);
}

static Pack *
find_pack (SpkPacks *self, const char *game)
{
  for (guint i = 0; game != NULL && i < self->packs->len; i++)
    {
      Pack *pack = g_ptr_array_index (self->packs, i);

      if (g_str_equal (spk_glossary_get_game (pack->glossary), game))
        return pack;
    }
  return NULL;
}

gboolean
spk_packs_add (SpkPacks *self, SpkGlossary *glossary, GError **error)
{
  Pack *pack;

  g_return_val_if_fail (self != NULL && glossary != NULL, FALSE);
  if (find_pack (self, spk_glossary_get_game (glossary)) != NULL)
    {
      g_set_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_DUPLICATE_ID,
                   _("Two glossary packs are for the game “%s”; keep one of them."),
                   spk_glossary_get_game (glossary));
      return FALSE;
    }
  pack = g_new0 (Pack, 1);
  pack->glossary = spk_glossary_ref (glossary);
  pack->index = spk_search_index_new (glossary);
  g_ptr_array_add (self->packs, pack);
  return TRUE;
}

SpkPacks *
spk_packs_load_installed (GError **error)
{
  g_auto(GStrv) games = spk_glossary_list_games ();
  g_autoptr(SpkPacks) self = spk_packs_new ();

  if (games[0] == NULL)
    {
      g_set_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_IO,
                   _("The rules reference is not installed."));
      return NULL;
    }
  for (guint i = 0; games[i] != NULL; i++)
    {
      g_autofree char *path = spk_glossary_find_pack (games[i]);
      g_autoptr(SpkGlossary) glossary = path != NULL ? spk_glossary_load (path, NULL, error) : NULL;

      if (glossary == NULL)
        {
          if (path == NULL)
            g_set_error (error, SPK_GLOSSARY_ERROR, SPK_GLOSSARY_ERROR_IO,
                         _("The glossary of “%s” was listed but cannot be found."), games[i]);
          return NULL;
        }
      if (!spk_packs_add (self, glossary, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

guint
spk_packs_get_n_games (SpkPacks *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->packs->len;
}

const char *
spk_packs_get_game (SpkPacks *self, guint i)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (i >= self->packs->len)
    return NULL;
  return spk_glossary_get_game (((Pack *) g_ptr_array_index (self->packs, i))->glossary);
}

SpkGlossary *
spk_packs_get_glossary (SpkPacks *self, const char *game)
{
  Pack *pack;

  g_return_val_if_fail (self != NULL, NULL);
  pack = find_pack (self, game);
  return pack != NULL ? pack->glossary : NULL;
}

SpkSearchIndex *
spk_packs_get_index (SpkPacks *self, const char *game)
{
  Pack *pack;

  g_return_val_if_fail (self != NULL, NULL);
  pack = find_pack (self, game);
  return pack != NULL ? pack->index : NULL;
}

/* Best score first; equal scores keep the order of the packs (the sort is
 * stable). */
static gint
by_score (gconstpointer a, gconstpointer b)
{
  const SpkSearchResult *ra = *(const SpkSearchResult *const *) a;
  const SpkSearchResult *rb = *(const SpkSearchResult *const *) b;

  return (ra->score < rb->score) - (ra->score > rb->score);
}

GPtrArray *
spk_packs_query (SpkPacks *self, const char *game, const char *query, guint limit,
                 SpkSearchFilter filter)
{
  GPtrArray *out;

  g_return_val_if_fail (self != NULL && query != NULL, NULL);
  if (game != NULL)
    {
      Pack *pack = find_pack (self, game);

      if (pack == NULL)
        return g_ptr_array_new_with_free_func ((GDestroyNotify) spk_search_result_free);
      return spk_search_index_query_filtered (pack->index, query, limit, filter);
    }
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_search_result_free);
  for (guint i = 0; i < self->packs->len; i++)
    {
      Pack *pack = g_ptr_array_index (self->packs, i);
      g_autoptr(GPtrArray) hits = spk_search_index_query_filtered (pack->index, query, limit, filter);

      /* The hits move over; the emptied array frees nothing. */
      g_ptr_array_set_free_func (hits, NULL);
      g_ptr_array_extend_and_steal (out, g_steal_pointer (&hits));
    }
  g_ptr_array_sort (out, by_score);
  if (limit > 0 && out->len > limit)
    g_ptr_array_set_size (out, limit);
  return out;
}

char *
spk_packs_entry_key (const SpkGlossaryEntry *entry)
{
  g_return_val_if_fail (entry != NULL && entry->game != NULL, NULL);
  return g_strconcat (entry->game, ":", entry->id, NULL);
}

const SpkGlossaryEntry *
spk_packs_lookup_key (SpkPacks *self, const char *key, SpkGlossary **glossary)
{
  const char *colon;
  g_autofree char *game = NULL;
  Pack *pack;
  const SpkGlossaryEntry *entry;

  g_return_val_if_fail (self != NULL && key != NULL, NULL);
  if (glossary != NULL)
    *glossary = NULL;
  if ((colon = strchr (key, ':')) == NULL)
    return NULL;
  game = g_strndup (key, colon - key);
  if ((pack = find_pack (self, game)) == NULL ||
      (entry = spk_glossary_lookup (pack->glossary, colon + 1)) == NULL)
    return NULL;
  if (glossary != NULL)
    *glossary = pack->glossary;
  return entry;
}
