/* Property: whatever sequence of actions is applied to a table, undoing
 * them all gives back the starting file byte for byte, and redoing them all
 * gives back the final one, also after a save and reload in between. A
 * refused action leaves the table exactly as it was. */
#include "config.h"

#include "spk-test-board.h"
#include "spk-test-table.h"

#define SEEDS   24
#define ACTIONS 80

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

/* One random action; refused ones are fine but must change nothing. */
static void
random_action (SpkTable *t, GRand *r, guint serial)
{
  const SpkBoard *b = spk_table_get_board (t);
  g_autofree char *before = spk_table_to_data (t, NULL);
  g_autoptr(GError) error = NULL;
  gboolean done = FALSE;
  const SpkChip *c = random_chip (r, b);
  const SpkHexEntry *h = random_hex (r, b);

  switch (g_rand_int_range (r, 0, 15))
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
      if (c != NULL)
        done = spk_table_move_chip (t, c->id, h->q, h->r, &error);
      break;
    case 4:
      if (c != NULL)
        {
          g_autoptr(SpkChip) e = spk_chip_copy (c);
          e->health = g_rand_int_range (r, 0, 6);
          e->moved = !e->moved;
          done = spk_table_edit_chip (t, e, &error);
        }
      break;
    case 5:
      if (c != NULL)
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
      if (c != NULL)
        done = spk_table_damage_chip (t, c->id, g_rand_int_range (r, 0, 4), random_faction (r, b), &error);
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
      g_assert_nonnull (error);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
check_seed (guint32 seed)
{
  SpkTestBoardSpec spec = { 2 + (int) (seed % 3), 40, 8, 3, 4, 0.1, FALSE, seed % 2 == 0 };
  g_autoptr(SpkTable) t = spk_table_new (spk_test_board_random (seed, &spec));
  g_autoptr(GRand) r = g_rand_new_with_seed (seed * 7919u + 1);
  g_autoptr(SpkTable) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *start = spk_table_to_table_data (t, NULL);
  g_autofree char *end = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *back = NULL;
  g_autofree char *again = NULL;
  int depth = 0;

  for (guint i = 0; i < ACTIONS; i++)
    {
      guint x = (guint) g_rand_int_range (r, 0, 10);

      if (x == 0)
        {
          spk_table_begin_group (t);
          depth++;
        }
      else if (x == 1 && depth > 0)
        {
          spk_table_end_group (t);
          depth--;
        }
      random_action (t, r, i);
    }
  while (depth-- > 0)
    spk_table_end_group (t);
  end = spk_table_to_table_data (t, NULL);
  g_test_message ("%u steps recorded", spk_table_get_history_length (t));
  g_assert_cmpuint (spk_table_get_history_length (t), >=, ACTIONS / 4);

  /* Half the seeds continue from a reloaded copy of the file. */
  if (seed % 2 == 1)
    {
      saved = spk_table_to_data (t, NULL);
      reloaded = spk_table_new_from_data (saved, -1, &error);
      g_assert_no_error (error);
      g_object_unref (t);
      t = g_steal_pointer (&reloaded);
    }
  while (spk_table_can_undo (t))
    {
      g_assert_true (spk_table_undo (t, &error));
      g_assert_no_error (error);
    }
  back = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (back, ==, start);
  while (spk_table_can_redo (t))
    {
      g_assert_true (spk_table_redo (t, &error));
      g_assert_no_error (error);
    }
  again = spk_table_to_table_data (t, NULL);
  g_assert_cmpstr (again, ==, end);
}

static void
test_undo_redo_property (void)
{
  for (guint32 seed = 1; seed <= SEEDS; seed++)
    {
      g_test_message ("seed %u", seed);
      check_seed (seed);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/undo-redo-property", test_undo_redo_property);
  return g_test_run ();
}
