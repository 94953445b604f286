/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-test-builder.h"

#include "spk-spire.h"

#include <stdio.h>
#include <string.h>

SpkBoard *
spk_tb_new (int players)
{
  SpkBoard *b = spk_board_new ();

  b->player_count = players;
  b->wave = 1;
  return b;
}

void
spk_tb_faction (SpkBoard *b, const char *id, const char *mark, const char *team)
{
  SpkFaction *f = spk_faction_new (id);

  f->name = g_strdup (id);
  f->mark = g_strdup (mark);
  f->team = g_strdup (team);
  f->gate_health = 10;
  g_ptr_array_add (b->factions, f);
}

static SpkTerrain
terrain_of (char c)
{
  switch (c)
    {
    case 'p': return SPK_TERRAIN_PATH;
    case 'l': return SPK_TERRAIN_PLAINS;
    case 'f': return SPK_TERRAIN_FOREST;
    case 'm': return SPK_TERRAIN_MOUNTAINS;
    case 'w': return SPK_TERRAIN_WATER;
    default: g_assert_not_reached ();
    }
}

void
spk_tb_hexes (SpkBoard *b, const char *group, int layer, const char *spec)
{
  g_auto(GStrv) items = g_strsplit (spec, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      int q, r;
      char t = 0, well = 0;
      SpkHexEntry *e;

      if (items[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (items[i], "%d,%d,%c%c", &q, &r, &t, &well), >=, 3);
      e = spk_hex_entry_new (q, r, terrain_of (t), group);
      e->well = well == '*';
      e->layer = layer;
      g_ptr_array_add (b->hexes, e);
    }
}

void
spk_tb_fortress (SpkBoard *b, const char *faction, int gq, int gr, const char *wells)
{
  SpkFortress *f = spk_fortress_new (faction, spk_hex_make (gq, gr));
  g_auto(GStrv) items = g_strsplit (wells, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      SpkHex h;

      if (items[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (items[i], "%d,%d", &h.q, &h.r), ==, 2);
      g_array_append_val (f->wells, h);
    }
  g_ptr_array_add (b->fortresses, f);
}

SpkChip *
spk_tb_chip (SpkBoard *b, const char *id, SpkChipKind kind, const char *faction,
             int q, int r, const char *upgrades)
{
  SpkChip *c = spk_chip_new (id, kind);

  c->faction = g_strdup (faction);
  c->name = g_strdup (id);
  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->active = TRUE;
  if (upgrades != NULL && upgrades[0] != '\0')
    {
      g_auto(GStrv) names = g_strsplit (upgrades, ",", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          SpkUpgrade u;

          g_assert_true (spk_upgrade_from_string (names[i], &u));
          g_array_append_val (c->upgrades, u);
        }
    }
  g_ptr_array_add (b->chips, c);
  return c;
}

void
spk_tb_talent (SpkChip *chip, const char *talent)
{
  g_ptr_array_add (chip->talents, g_strdup (talent));
}

char *
spk_tb_fire_text (GPtrArray *fires)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < fires->len; i++)
    {
      SpkSpireFire *f = g_ptr_array_index (fires, i);

      g_string_append_printf (s, "%s%s/%d/%d/", i > 0 ? ";" : "", f->spire, f->dice, f->range);
      for (guint t = 0; t < f->targets->len; t++)
        g_string_append_printf (s, "%s%s", t > 0 ? "," : "", (char *) g_ptr_array_index (f->targets, t));
    }
  return g_string_free (s, FALSE);
}
