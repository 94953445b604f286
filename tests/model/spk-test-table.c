/* SPDX-License-Identifier: GPL-3.0-or-later */
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

void
spk_test_table_to_onslaught (SpkTable *t)
{
  while (spk_table_get_phase (t) != SPK_PHASE_ONSLAUGHT)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (spk_table_advance_phase (t, &error));
      g_assert_no_error (error);
    }
}

void
spk_test_assert_at (SpkTable *t, const char *id, int q, int r)
{
  const SpkChip *chip = spk_board_find_chip (spk_table_get_board (t), id);

  g_assert_nonnull (chip);
  g_assert_true (chip->placed);
  g_assert_cmpint (chip->q, ==, q);
  g_assert_cmpint (chip->r, ==, r);
}

void
spk_test_table_ghost_dispatch (SpkTable *t)
{
  g_autoptr(SpkChip) ghost = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (spk_table_move_chip (t, "tallow", -1, 0, &error));
  g_assert_true (spk_table_move_chip (t, "war-briar", -2, 0, &error));
  g_assert_no_error (error);
  ghost = spk_chip_copy (spk_board_find_chip (spk_table_get_board (t), "dispatch"));
  ghost->movement = 2;
  g_ptr_array_add (ghost->talents, g_strdup ("Incorporeal"));
  g_assert_true (spk_table_edit_chip (t, ghost, &error));
  g_assert_no_error (error);
  spk_test_table_to_onslaught (t);
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

static const char *
random_faction (GRand *r, const SpkBoard *b)
{
  return ((SpkFaction *) g_ptr_array_index (b->factions, g_rand_int_range (r, 0, (gint32) b->factions->len)))->id;
}

static const SpkChip *
random_chip (GRand *r, const SpkBoard *b)
{
  if (b->chips->len == 0)
    return NULL;
  return g_ptr_array_index (b->chips, g_rand_int_range (r, 0, (gint32) b->chips->len));
}

static const SpkHexEntry *
random_hex (GRand *r, const SpkBoard *b)
{
  return g_ptr_array_index (b->hexes, g_rand_int_range (r, 0, (gint32) b->hexes->len));
}

gboolean
spk_test_table_random_action (SpkTable *t, GRand *r, guint serial)
{
  const SpkBoard *b = spk_table_get_board (t);
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;
  const SpkChip *c = random_chip (r, b);
  const SpkHexEntry *h = random_hex (r, b);
  int kind = g_rand_int_range (r, 0, 17);

  /* With every chip gone, chip actions turn into placing one. */
  if (c == NULL && (kind == 3 || kind == 4 || kind == 5 || kind == 13 || kind == 14))
    kind = 16;
  switch (kind)
    {
    case 0:
      done = spk_table_set_source (t, random_faction (r, b), g_rand_int_range (r, 0, 22), NULL, &error);
      break;
    case 1:
      done = spk_table_set_gate_health (t, random_faction (r, b), g_rand_int_range (r, 1, 11), NULL, &error);
      break;
    case 2:
      done = spk_table_set_cp (t, random_faction (r, b), g_rand_int_range (r, 0, 12), NULL, &error);
      break;
    case 3:
      done = spk_table_move_chip (t, c->id, h->q, h->r, &error);
      break;
    case 4:
      {
        g_autoptr(SpkChip) e = spk_chip_copy (c);
        e->health = g_rand_int_range (r, 0, 6);
        e->moved = !e->moved;
        done = spk_table_edit_chip (t, e, &error);
      }
      break;
    case 5:
      done = spk_table_remove_chip (t, c->id, NULL, &error);
      break;
    case 6:
      {
        g_autofree char *group = g_strdup_printf ("earthscape-%u", serial);
        g_autoptr(SpkHexEntry) e = spk_hex_entry_new (g_rand_int_range (r, -12, 13),
                                                      g_rand_int_range (r, -12, 13),
                                                      SPK_TERRAIN_PLAINS, group);
        done = spk_table_add_hex (t, e, &error);
      }
      break;
    case 7:
      /* Keep enough of the map for the other actions to pick from. */
      if (b->hexes->len > 8)
        done = spk_table_remove_hex (t, h->q, h->r, h->layer, &error);
      break;
    case 8:
      done = spk_table_set_hex (t, h->q, h->r, h->layer, (SpkTerrain) g_rand_int_range (r, 0, SPK_N_TERRAINS),
                                g_rand_boolean (r), NULL, &error);
      break;
    case 9:
      done = spk_table_advance_phase (t, &error);
      break;
    case 10:
      {
        g_autofree char *relic = g_strdup_printf ("relic %u", serial);
        done = spk_table_add_relic (t, random_faction (r, b), relic, NULL, &error);
      }
      break;
    case 11:
      {
        g_autofree char *notes = g_strdup_printf ("note %u", serial);
        done = spk_table_set_notes (t, g_rand_boolean (r) ? notes : NULL, &error);
      }
      break;
    case 12:
      done = spk_table_buy_market_chip (t, random_faction (r, b), "Roa", g_rand_int_range (r, 0, 6), &error);
      break;
    case 13:
      done = spk_table_damage_chip (t, c->id, g_rand_int_range (r, 0, 4), random_faction (r, b), &error);
      break;
    case 14:
      done = spk_table_move_unit (t, c->id, h->q, h->r, &error);
      break;
    case 15:
      done = spk_table_end_turn (t, &error);
      break;
    default:
      {
        g_autofree char *id = g_strdup_printf ("landmark-%u", serial);
        g_autoptr(SpkChip) l = spk_test_chip (id, SPK_CHIP_LANDMARK, NULL, "Ruins");
        l->placed = TRUE;
        l->q = h->q;
        l->r = h->r;
        done = spk_table_place_chip (t, l, &error);
      }
      break;
    }
  if (!done)
    {
      g_autofree char *after = spk_table_to_data (t, NULL);
      if (error == NULL)
        g_error ("action kind %d refused without saying why", kind);
      g_assert_cmpstr (before, ==, after);
    }
  return done;
}


void
spk_test_table_crash_step (SpkTable *t, GRand *r, guint serial)
{
  guint x = (guint) g_rand_int_range (r, 0, 10);

  if (x == 0 && spk_table_can_undo (t))
    g_assert_true (spk_table_undo (t, NULL));
  else if (x == 1 && spk_table_can_redo (t))
    g_assert_true (spk_table_redo (t, NULL));
  else
    spk_test_table_random_action (t, r, serial);
}
