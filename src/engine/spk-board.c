/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-board.h"

#include <glib/gi18n.h>
#include <string.h>

static const char *terrain_names[SPK_N_TERRAINS] = {
  "path", "plains", "forest", "mountains", "water",
};

static const char *chip_kind_names[SPK_N_CHIP_KINDS] = {
  "minion", "hero", "spire", "landmark",
};

static const char *upgrade_names[SPK_N_UPGRADES] = {
  "attack", "range", "fortification",
};

static gboolean
name_lookup (const char *const *names, int n, const char *s, int *out)
{
  if (s == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (strcmp (names[i], s) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
spk_terrain_to_string (SpkTerrain terrain)
{
  g_return_val_if_fail (terrain < SPK_N_TERRAINS, NULL);
  return terrain_names[terrain];
}

const char *
spk_terrain_label (SpkTerrain terrain)
{
  switch (terrain)
    {
    case SPK_TERRAIN_PATH: return _("path");
    case SPK_TERRAIN_PLAINS: return _("plains");
    case SPK_TERRAIN_FOREST: return _("forest");
    case SPK_TERRAIN_MOUNTAINS: return _("mountains");
    case SPK_TERRAIN_WATER: return _("water");
    default: g_return_val_if_reached ("?");
    }
}

gboolean
spk_terrain_from_string (const char *s, SpkTerrain *out)
{
  int i;

  if (!name_lookup (terrain_names, SPK_N_TERRAINS, s, &i))
    return FALSE;
  *out = (SpkTerrain) i;
  return TRUE;
}

const char *
spk_chip_kind_to_string (SpkChipKind kind)
{
  g_return_val_if_fail (kind < SPK_N_CHIP_KINDS, NULL);
  return chip_kind_names[kind];
}

const char *
spk_chip_kind_label (SpkChipKind kind)
{
  switch (kind)
    {
    case SPK_CHIP_MINION: return C_("chip kind", "minion");
    case SPK_CHIP_HERO: return C_("chip kind", "hero");
    case SPK_CHIP_SPIRE: return C_("chip kind", "spire");
    case SPK_CHIP_LANDMARK: return C_("chip kind", "landmark");
    default: g_return_val_if_reached (NULL);
    }
}

gboolean
spk_chip_kind_from_string (const char *s, SpkChipKind *out)
{
  int i;

  if (!name_lookup (chip_kind_names, SPK_N_CHIP_KINDS, s, &i))
    return FALSE;
  *out = (SpkChipKind) i;
  return TRUE;
}

const char *
spk_upgrade_to_string (SpkUpgrade upgrade)
{
  g_return_val_if_fail (upgrade < SPK_N_UPGRADES, NULL);
  return upgrade_names[upgrade];
}

const char *
spk_upgrade_label (SpkUpgrade upgrade)
{
  switch (upgrade)
    {
    case SPK_UPGRADE_ATTACK: return _("attack");
    case SPK_UPGRADE_RANGE: return _("range");
    case SPK_UPGRADE_FORTIFICATION: return _("fortification");
    default: g_return_val_if_reached ("");
    }
}

gboolean
spk_upgrade_from_string (const char *s, SpkUpgrade *out)
{
  int i;

  if (!name_lookup (upgrade_names, SPK_N_UPGRADES, s, &i))
    return FALSE;
  *out = (SpkUpgrade) i;
  return TRUE;
}

int
spk_spire_limit (int player_count)
{
  switch (player_count)
    {
    case 2: return 6;
    case 3: return 5;
    case 4: return 4;
    default: return 0;
    }
}

static GPtrArray *
strv_array_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

static GPtrArray *
strv_array_copy (const GPtrArray *src)
{
  GPtrArray *dst = g_ptr_array_new_full (src->len, g_free);

  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (dst, g_strdup (g_ptr_array_index (src, i)));
  return dst;
}

static gboolean
strv_array_equal (const GPtrArray *a, const GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

static gboolean arrays_equal (const GPtrArray *a, const GPtrArray *b,
                              gboolean (*eq) (gconstpointer, gconstpointer));

static gboolean
garray_equal (const GArray *a, const GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  return a->len == 0 ||
         memcmp (a->data, b->data, (gsize) a->len * g_array_get_element_size ((GArray *) a)) == 0;
}

static gboolean
int_array_equal (const GArray *a, const GArray *b)
{
  return garray_equal (a, b);
}

SpkStructure *
spk_structure_new (const char *name)
{
  SpkStructure *s = g_new0 (SpkStructure, 1);

  s->name = g_strdup (name);
  s->level_names = strv_array_new ();
  s->level_costs = g_array_new (FALSE, FALSE, sizeof (int));
  return s;
}

void
spk_structure_add_level (SpkStructure *s, const char *name, int cost)
{
  g_ptr_array_add (s->level_names, g_strdup (name));
  g_array_append_val (s->level_costs, cost);
}

SpkStructure *
spk_structure_copy (const SpkStructure *src)
{
  SpkStructure *s = spk_structure_new (src->name);

  for (guint i = 0; i < src->level_names->len; i++)
    spk_structure_add_level (s, g_ptr_array_index (src->level_names, i),
                             g_array_index (src->level_costs, int, i));
  s->bought = src->bought;
  s->extra = g_strdup (src->extra);
  return s;
}

void
spk_structure_free (SpkStructure *s)
{
  if (s == NULL)
    return;
  g_free (s->name);
  g_ptr_array_unref (s->level_names);
  g_array_unref (s->level_costs);
  g_free (s->extra);
  g_free (s);
}

static gboolean
structure_equal (const SpkStructure *a, const SpkStructure *b)
{
  return g_strcmp0 (a->name, b->name) == 0 && a->bought == b->bought &&
         strv_array_equal (a->level_names, b->level_names) &&
         int_array_equal (a->level_costs, b->level_costs) &&
         g_strcmp0 (a->extra, b->extra) == 0;
}

SpkFaction *
spk_faction_new (const char *id)
{
  SpkFaction *f = g_new0 (SpkFaction, 1);

  f->id = g_strdup (id);
  f->gate_health = 10;
  f->structures = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_structure_free);
  f->relics = strv_array_new ();
  f->purchases = strv_array_new ();
  f->repair_preference = strv_array_new ();
  return f;
}

SpkFaction *
spk_faction_copy (const SpkFaction *f)
{
  SpkFaction *c = g_new0 (SpkFaction, 1);

  *c = *f;
  c->id = g_strdup (f->id);
  c->name = g_strdup (f->name);
  c->mark = g_strdup (f->mark);
  c->team = g_strdup (f->team);
  c->extra = g_strdup (f->extra);
  c->structures = g_ptr_array_new_full (f->structures->len, (GDestroyNotify) spk_structure_free);
  for (guint i = 0; i < f->structures->len; i++)
    g_ptr_array_add (c->structures, spk_structure_copy (g_ptr_array_index (f->structures, i)));
  c->relics = strv_array_copy (f->relics);
  c->purchases = strv_array_copy (f->purchases);
  c->open_upgrade = g_strdup (f->open_upgrade);
  c->repair_preference = strv_array_copy (f->repair_preference);
  return c;
}

void
spk_faction_free (SpkFaction *f)
{
  if (f == NULL)
    return;
  g_free (f->id);
  g_free (f->name);
  g_free (f->mark);
  g_free (f->team);
  g_free (f->extra);
  g_ptr_array_unref (f->structures);
  g_ptr_array_unref (f->relics);
  g_ptr_array_unref (f->purchases);
  g_free (f->open_upgrade);
  g_ptr_array_unref (f->repair_preference);
  g_free (f);
}

static gboolean
faction_equal (const SpkFaction *a, const SpkFaction *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->name, b->name) == 0 &&
         g_strcmp0 (a->mark, b->mark) == 0 && g_strcmp0 (a->team, b->team) == 0 &&
         a->source == b->source && a->gate_health == b->gate_health &&
         g_strcmp0 (a->extra, b->extra) == 0 && a->cp == b->cp &&
         a->limited_builds == b->limited_builds && a->choose_mark == b->choose_mark &&
         a->market_done == b->market_done &&
         g_strcmp0 (a->open_upgrade, b->open_upgrade) == 0 &&
         strv_array_equal (a->repair_preference, b->repair_preference) &&
         a->structures->len == b->structures->len &&
         strv_array_equal (a->relics, b->relics) &&
         strv_array_equal (a->purchases, b->purchases) &&
         arrays_equal (a->structures, b->structures,
                       (gboolean (*) (gconstpointer, gconstpointer)) structure_equal);
}

SpkHexEntry *
spk_hex_entry_new (int q, int r, SpkTerrain terrain, const char *group)
{
  SpkHexEntry *h = g_new0 (SpkHexEntry, 1);

  h->q = q;
  h->r = r;
  h->terrain = terrain;
  h->group = g_strdup (group);
  return h;
}

SpkHexEntry *
spk_hex_entry_copy (const SpkHexEntry *h)
{
  SpkHexEntry *c = g_new0 (SpkHexEntry, 1);

  *c = *h;
  c->group = g_strdup (h->group);
  c->extra = g_strdup (h->extra);
  return c;
}

void
spk_hex_entry_free (SpkHexEntry *h)
{
  if (h == NULL)
    return;
  g_free (h->group);
  g_free (h->extra);
  g_free (h);
}

static gboolean
hex_entry_equal (const SpkHexEntry *a, const SpkHexEntry *b)
{
  return a->q == b->q && a->r == b->r && a->terrain == b->terrain &&
         g_strcmp0 (a->group, b->group) == 0 && a->well == b->well &&
         a->layer == b->layer && g_strcmp0 (a->extra, b->extra) == 0;
}

SpkFortress *
spk_fortress_new (const char *faction, SpkHex gate)
{
  SpkFortress *f = g_new0 (SpkFortress, 1);

  f->faction = g_strdup (faction);
  f->gate = gate;
  f->wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  return f;
}

SpkFortress *
spk_fortress_copy (const SpkFortress *f)
{
  SpkFortress *c = spk_fortress_new (f->faction, f->gate);

  g_array_append_vals (c->wells, f->wells->data, f->wells->len);
  c->extra = g_strdup (f->extra);
  return c;
}

void
spk_fortress_free (SpkFortress *f)
{
  if (f == NULL)
    return;
  g_free (f->faction);
  g_array_unref (f->wells);
  g_free (f->extra);
  g_free (f);
}

static gboolean
fortress_equal (const SpkFortress *a, const SpkFortress *b)
{
  return g_strcmp0 (a->faction, b->faction) == 0 && spk_hex_equal (a->gate, b->gate) &&
         garray_equal (a->wells, b->wells) && g_strcmp0 (a->extra, b->extra) == 0;
}

SpkChip *
spk_chip_new (const char *id, SpkChipKind kind)
{
  SpkChip *c = g_new0 (SpkChip, 1);

  c->id = g_strdup (id);
  c->kind = kind;
  c->allowance = SPK_TERRAIN_PATH;
  c->upgrades = g_array_new (FALSE, FALSE, sizeof (SpkUpgrade));
  c->talents = strv_array_new ();
  c->grouped = strv_array_new ();
  c->active = TRUE;
  return c;
}

SpkChip *
spk_chip_copy (const SpkChip *s)
{
  SpkChip *c = g_new0 (SpkChip, 1);

  *c = *s;
  c->id = g_strdup (s->id);
  c->faction = g_strdup (s->faction);
  c->name = g_strdup (s->name);
  c->upgrades = g_array_new (FALSE, FALSE, sizeof (SpkUpgrade));
  g_array_append_vals (c->upgrades, s->upgrades->data, s->upgrades->len);
  c->talents = strv_array_copy (s->talents);
  c->grouped = strv_array_copy (s->grouped);
  c->extra = g_strdup (s->extra);
  c->roster = g_strdup (s->roster);
  return c;
}

void
spk_chip_free (SpkChip *c)
{
  if (c == NULL)
    return;
  g_free (c->id);
  g_free (c->faction);
  g_free (c->name);
  g_array_unref (c->upgrades);
  g_ptr_array_unref (c->talents);
  g_ptr_array_unref (c->grouped);
  g_free (c->extra);
  g_free (c->roster);
  g_free (c);
}

gboolean
spk_chip_side_equal (const SpkChipSide *a, const SpkChipSide *b)
{
  return a->movement == b->movement && a->allowance == b->allowance &&
         a->health == b->health && a->attack == b->attack && a->capacity == b->capacity;
}

static gboolean
chip_equal (const SpkChip *a, const SpkChip *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && a->kind == b->kind &&
         g_strcmp0 (a->faction, b->faction) == 0 && g_strcmp0 (a->name, b->name) == 0 &&
         a->placed == b->placed && (!a->placed || (a->q == b->q && a->r == b->r)) &&
         a->movement == b->movement && a->allowance == b->allowance &&
         a->health == b->health && a->max_health == b->max_health &&
         a->attack == b->attack && garray_equal (a->upgrades, b->upgrades) &&
         a->capacity == b->capacity && strv_array_equal (a->talents, b->talents) &&
         a->active == b->active && a->moved == b->moved && a->revealed == b->revealed &&
         strv_array_equal (a->grouped, b->grouped) && g_strcmp0 (a->extra, b->extra) == 0 &&
         a->cost == b->cost && a->reward == b->reward && a->merc == b->merc &&
         a->starting == b->starting && a->returned == b->returned &&
         a->attacked == b->attacked && a->retaliated == b->retaliated &&
         a->spire_reward == b->spire_reward && a->relic_reward == b->relic_reward &&
         a->landmark_minion == b->landmark_minion && a->promoted == b->promoted &&
         a->has_promoted_side == b->has_promoted_side && g_strcmp0 (a->roster, b->roster) == 0 &&
         (!a->has_promoted_side || spk_chip_side_equal (&a->promoted_side, &b->promoted_side));
}

SpkDeployment *
spk_deployment_new (const char *faction)
{
  SpkDeployment *d = g_new0 (SpkDeployment, 1);

  d->faction = g_strdup (faction);
  d->stack = strv_array_new ();
  return d;
}

SpkDeployment *
spk_deployment_copy (const SpkDeployment *s)
{
  SpkDeployment *d = g_new0 (SpkDeployment, 1);

  d->faction = g_strdup (s->faction);
  d->stack = strv_array_copy (s->stack);
  d->extra = g_strdup (s->extra);
  return d;
}

void
spk_deployment_free (SpkDeployment *d)
{
  if (d == NULL)
    return;
  g_free (d->faction);
  g_ptr_array_unref (d->stack);
  g_free (d->extra);
  g_free (d);
}

static gboolean
deployment_equal (const SpkDeployment *a, const SpkDeployment *b)
{
  return g_strcmp0 (a->faction, b->faction) == 0 && strv_array_equal (a->stack, b->stack) &&
         g_strcmp0 (a->extra, b->extra) == 0;
}

SpkBoard *
spk_board_new (void)
{
  SpkBoard *b = g_new0 (SpkBoard, 1);

  b->player_count = 2;
  b->wave = 1;
  b->factions = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_faction_free);
  b->hexes = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_hex_entry_free);
  b->fortresses = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_fortress_free);
  b->chips = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_chip_free);
  b->deployment = g_ptr_array_new_with_free_func ((GDestroyNotify) spk_deployment_free);
  b->phase = g_strdup ("setup");
  b->waves = 4;
  b->market_count = 3;
  b->winners = strv_array_new ();
  return b;
}

#define COPY_ARRAY(dst, src, copy) \
  G_STMT_START { \
    for (guint i_ = 0; i_ < (src)->len; i_++) \
      g_ptr_array_add ((dst), copy (g_ptr_array_index ((src), i_))); \
  } G_STMT_END

SpkBoard *
spk_board_copy (const SpkBoard *s)
{
  SpkBoard *b = spk_board_new ();

  b->player_count = s->player_count;
  b->wave = s->wave;
  b->extra = g_strdup (s->extra);
  COPY_ARRAY (b->factions, s->factions, spk_faction_copy);
  COPY_ARRAY (b->hexes, s->hexes, spk_hex_entry_copy);
  COPY_ARRAY (b->fortresses, s->fortresses, spk_fortress_copy);
  COPY_ARRAY (b->chips, s->chips, spk_chip_copy);
  COPY_ARRAY (b->deployment, s->deployment, spk_deployment_copy);
  g_free (b->phase);
  b->phase = g_strdup (s->phase);
  b->first_player = g_strdup (s->first_player);
  b->waves = s->waves;
  b->faster = s->faster;
  b->campfire_rule = s->campfire_rule;
  b->market_count = s->market_count;
  b->earthscape_bought = s->earthscape_bought;
  b->event = g_strdup (s->event);
  b->notes = g_strdup (s->notes);
  g_ptr_array_unref (b->winners);
  b->winners = strv_array_copy (s->winners);
  b->turn = g_strdup (s->turn);
  b->codex = s->codex != NULL ? spk_codex_copy (s->codex) : NULL;
  return b;
}

void
spk_board_free (SpkBoard *b)
{
  if (b == NULL)
    return;
  g_ptr_array_unref (b->factions);
  g_ptr_array_unref (b->hexes);
  g_ptr_array_unref (b->fortresses);
  g_ptr_array_unref (b->chips);
  g_ptr_array_unref (b->deployment);
  g_free (b->extra);
  g_free (b->phase);
  g_free (b->first_player);
  g_free (b->event);
  g_free (b->notes);
  g_ptr_array_unref (b->winners);
  g_free (b->turn);
  spk_codex_free (b->codex);
  g_free (b);
}

#define ARRAYS_EQUAL(a, b, eq) \
  ((a)->len == (b)->len && arrays_equal ((a), (b), (gboolean (*) (gconstpointer, gconstpointer)) (eq)))

static gboolean
arrays_equal (const GPtrArray *a, const GPtrArray *b,
              gboolean (*eq) (gconstpointer, gconstpointer))
{
  for (guint i = 0; i < a->len; i++)
    if (!eq (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

gboolean
spk_board_equal (const SpkBoard *a, const SpkBoard *b)
{
  return a->player_count == b->player_count && a->wave == b->wave &&
         g_strcmp0 (a->extra, b->extra) == 0 &&
         ARRAYS_EQUAL (a->factions, b->factions, faction_equal) &&
         ARRAYS_EQUAL (a->hexes, b->hexes, hex_entry_equal) &&
         ARRAYS_EQUAL (a->fortresses, b->fortresses, fortress_equal) &&
         ARRAYS_EQUAL (a->chips, b->chips, chip_equal) &&
         ARRAYS_EQUAL (a->deployment, b->deployment, deployment_equal) &&
         g_strcmp0 (a->phase, b->phase) == 0 &&
         g_strcmp0 (a->first_player, b->first_player) == 0 &&
         a->waves == b->waves && a->faster == b->faster &&
         a->campfire_rule == b->campfire_rule &&
         a->market_count == b->market_count &&
         a->earthscape_bought == b->earthscape_bought &&
         g_strcmp0 (a->event, b->event) == 0 && g_strcmp0 (a->notes, b->notes) == 0 &&
         strv_array_equal (a->winners, b->winners) &&
         g_strcmp0 (a->turn, b->turn) == 0 && spk_codex_equal (a->codex, b->codex);
}

SpkFaction *
spk_board_find_faction (const SpkBoard *b, const char *id)
{
  for (guint i = 0; id != NULL && i < b->factions->len; i++)
    {
      SpkFaction *f = g_ptr_array_index (b->factions, i);
      if (strcmp (f->id, id) == 0)
        return f;
    }
  return NULL;
}

int
spk_board_chip_index (const SpkBoard *b, const char *id)
{
  for (guint i = 0; id != NULL && i < b->chips->len; i++)
    {
      SpkChip *c = g_ptr_array_index (b->chips, i);
      if (strcmp (c->id, id) == 0)
        return (int) i;
    }
  return -1;
}

SpkChip *
spk_board_find_chip (const SpkBoard *b, const char *id)
{
  int i = spk_board_chip_index (b, id);

  return i < 0 ? NULL : g_ptr_array_index (b->chips, i);
}

SpkFortress *
spk_board_find_fortress (const SpkBoard *b, const char *faction)
{
  for (guint i = 0; faction != NULL && i < b->fortresses->len; i++)
    {
      SpkFortress *f = g_ptr_array_index (b->fortresses, i);
      if (strcmp (f->faction, faction) == 0)
        return f;
    }
  return NULL;
}

SpkDeployment *
spk_board_find_deployment (const SpkBoard *b, const char *faction)
{
  for (guint i = 0; faction != NULL && i < b->deployment->len; i++)
    {
      SpkDeployment *d = g_ptr_array_index (b->deployment, i);
      if (strcmp (d->faction, faction) == 0)
        return d;
    }
  return NULL;
}

const char *
spk_faction_label (const SpkFaction *f)
{
  return f->name != NULL ? f->name : f->id;
}

const char *
spk_chip_label (const SpkChip *c)
{
  return c->name != NULL ? c->name : c->id;
}

const char *
spk_board_faction_label (const SpkBoard *b, const char *id)
{
  const SpkFaction *f = id != NULL ? spk_board_find_faction (b, id) : NULL;

  return f != NULL ? spk_faction_label (f) : id;
}

const char *
spk_board_get_turn (const SpkBoard *b)
{
  /* "onslaught" is the phase's name in the table file (spk-economy.h). */
  if (g_strcmp0 (b->phase, "onslaught") != 0 || b->factions->len == 0)
    return NULL;
  if (b->turn != NULL && spk_board_find_faction (b, b->turn) != NULL)
    return b->turn;
  if (b->first_player != NULL && spk_board_find_faction (b, b->first_player) != NULL)
    return b->first_player;
  return ((SpkFaction *) g_ptr_array_index (b->factions, 0))->id;
}

int
spk_board_turn_index (const SpkBoard *b)
{
  const char *id = spk_board_get_turn (b);

  for (guint i = 0; id != NULL && i < b->factions->len; i++)
    if (g_str_equal (((SpkFaction *) g_ptr_array_index (b->factions, i))->id, id))
      return (int) i;
  return -1;
}

gboolean
spk_board_friendly (const SpkBoard *b, const char *fa, const char *fb)
{
  SpkFaction *a, *c;

  if (fa == NULL || fb == NULL)
    return FALSE;
  if (strcmp (fa, fb) == 0)
    return TRUE;
  a = spk_board_find_faction (b, fa);
  c = spk_board_find_faction (b, fb);
  return a != NULL && c != NULL && a->team != NULL && c->team != NULL &&
         strcmp (a->team, c->team) == 0;
}

gboolean
spk_chip_is_unit (const SpkChip *c)
{
  return c->kind == SPK_CHIP_MINION || c->kind == SPK_CHIP_HERO;
}

gboolean
spk_chip_has_talent (const SpkChip *c, const char *talent)
{
  for (guint i = 0; i < c->talents->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (c->talents, i), talent) == 0)
      return TRUE;
  return FALSE;
}

int
spk_chip_count_upgrades (const SpkChip *c, SpkUpgrade kind)
{
  int n = 0;

  for (guint i = 0; i < c->upgrades->len; i++)
    if (g_array_index (c->upgrades, SpkUpgrade, i) == kind)
      n++;
  return n;
}
