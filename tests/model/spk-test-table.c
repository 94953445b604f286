#include "config.h"

#include "spk-test-table.h"

SpkChip *
spk_test_chip (const char *id, SpkChipKind kind, const char *faction, const char *name)
{
  SpkChip *c = spk_chip_new (id, kind);

  c->faction = g_strdup (faction);
  c->name = g_strdup (name);
  return c;
}

static void
hex (SpkBoard *b, int q, int r, SpkTerrain t, const char *group, gboolean well)
{
  SpkHexEntry *e = spk_hex_entry_new (q, r, t, group);

  e->well = well;
  g_ptr_array_add (b->hexes, e);
}

static void
landmark (SpkBoard *b, const char *id, const char *name, int q, int r, int reward)
{
  SpkChip *c = spk_test_chip (id, SPK_CHIP_LANDMARK, NULL, name);

  c->placed = TRUE;
  c->q = q;
  c->r = r;
  c->reward = reward;
  g_ptr_array_add (b->chips, c);
}

SpkBoard *
spk_test_table_walkthrough_board (void)
{
  SpkBoard *b = spk_board_new ();
  SpkFaction *brawnen = spk_faction_new ("brawnen");
  SpkFaction *grove = spk_faction_new ("grovetenders");
  SpkFortress *fort;
  SpkStructure *oak = spk_structure_new ("Inner Oak");

  b->player_count = 2;
  g_free (b->phase);
  b->phase = g_strdup ("setup");
  b->first_player = g_strdup ("brawnen");

  brawnen->name = g_strdup ("Brawnen");
  brawnen->mark = g_strdup ("grovetenders");
  grove->name = g_strdup ("Grovetenders");
  grove->mark = g_strdup ("brawnen");
  spk_structure_add_level (oak, "Amplify", 3);
  spk_structure_add_level (oak, "Deep Roots", 5);
  g_ptr_array_add (grove->structures, oak);
  g_ptr_array_add (b->factions, brawnen);
  g_ptr_array_add (b->factions, grove);

  for (int q = -5; q <= 5; q++)
    hex (b, q, 0, SPK_TERRAIN_PATH, q <= -2 ? "isle-2" : q <= 1 ? "isle-1" : "isle-5", FALSE);
  hex (b, -5, 1, SPK_TERRAIN_PLAINS, "isle-2", FALSE);
  hex (b, -4, 1, SPK_TERRAIN_PLAINS, "isle-2", TRUE);
  hex (b, -3, -1, SPK_TERRAIN_FOREST, "isle-2", FALSE);
  hex (b, -2, 1, SPK_TERRAIN_FOREST, "isle-2", TRUE);
  hex (b, 0, -1, SPK_TERRAIN_PLAINS, "isle-1", TRUE);
  hex (b, -1, 1, SPK_TERRAIN_PLAINS, "isle-1", TRUE);
  hex (b, 1, -1, SPK_TERRAIN_PLAINS, "isle-1", FALSE);
  hex (b, 3, -1, SPK_TERRAIN_PLAINS, "isle-5", TRUE);
  hex (b, 2, 1, SPK_TERRAIN_FOREST, "isle-5", TRUE);
  hex (b, 3, 1, SPK_TERRAIN_FOREST, "isle-5", FALSE);
  hex (b, 4, 1, SPK_TERRAIN_WATER, "isle-5", TRUE);
  hex (b, 5, -1, SPK_TERRAIN_PLAINS, "isle-5", TRUE);

  fort = spk_fortress_new ("brawnen", spk_hex_make (-6, 0));
  g_array_append_val (fort->wells, ((SpkHex) { -7, 0 }));
  g_array_append_val (fort->wells, ((SpkHex) { -7, 1 }));
  g_ptr_array_add (b->fortresses, fort);
  fort = spk_fortress_new ("grovetenders", spk_hex_make (6, 0));
  g_array_append_val (fort->wells, ((SpkHex) { 7, 0 }));
  g_array_append_val (fort->wells, ((SpkHex) { 7, -1 }));
  g_ptr_array_add (b->fortresses, fort);

  /* Face down: what they are is learnt when explored. */
  landmark (b, "swamp-west", "Cebysa", -4, 1, 4);
  landmark (b, "temple-west", "Gateport", -2, 1, 0);
  landmark (b, "center", "Traxxyr Roughneck", 0, -1, 0);
  landmark (b, "ruins-center", "Traxxyr Hellion", -1, 1, 0);
  landmark (b, "swamp-east", "Bounty Hunter", 3, -1, 0);
  landmark (b, "ruins-east", "Grail Viper", 2, 1, 0);
  landmark (b, "swamp-far-east", "Source Peddler", 5, -1, 6);
  return b;
}

static void
on_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  ((SpkNotifyCounter *) data)->count++;
}

void
spk_notify_counter_start (SpkNotifyCounter *c, gpointer object, const char *prop)
{
  g_autofree char *signal = g_strconcat ("notify::", prop, NULL);

  c->object = object;
  c->count = 0;
  c->handler = g_signal_connect (object, signal, G_CALLBACK (on_notify), c);
}

guint
spk_notify_counter_stop (SpkNotifyCounter *c)
{
  g_clear_signal_handler (&c->handler, c->object);
  return c->count;
}
