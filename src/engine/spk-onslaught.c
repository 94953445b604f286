/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-onslaught.c: see spk-onslaught.h. */
#include "config.h"

#include "spk-onslaught.h"

static gboolean
in_a_stack (const SpkBoard *b, const char *id)
{
  for (guint i = 0; i < b->deployment->len; i++)
    {
      const SpkDeployment *d = g_ptr_array_index (b->deployment, i);

      if (g_ptr_array_find_with_equal_func (d->stack, id, g_str_equal, NULL))
        return TRUE;
    }
  return FALSE;
}

/* A unit in play as the top of its group: on the board or in a stack.
 * Grouped minions lie under such a unit of their own faction. */
static gboolean
unit_in_play (const SpkBoard *b, const SpkChip *c)
{
  return spk_chip_is_unit (c) && c->faction != NULL && (c->placed || in_a_stack (b, c->id));
}

guint
spk_faction_minions_in_play (const SpkBoard *board)
{
  guint n = 0;

  g_return_val_if_fail (board != NULL, 0);
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      if (c->kind == SPK_CHIP_MINION && unit_in_play (board, c))
        n += 1 + c->grouped->len;
    }
  return n;
}

gboolean
spk_wave_over (const SpkBoard *board)
{
  return spk_faction_minions_in_play (board) == 0;
}

GPtrArray *
spk_campfire_factions (const SpkBoard *board)
{
  GPtrArray *with_units = g_ptr_array_new ();

  g_return_val_if_fail (board != NULL, with_units);
  for (guint i = 0; i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);

      for (guint j = 0; j < board->chips->len; j++)
        {
          const SpkChip *c = g_ptr_array_index (board->chips, j);

          if (g_strcmp0 (c->faction, f->id) == 0 && unit_in_play (board, c))
            {
              g_ptr_array_add (with_units, f->id);
              break;
            }
        }
    }
  if (board->campfire_rule == SPK_CAMPFIRE_ONE_FACTION && with_units->len > 1)
    {
      g_ptr_array_set_size (with_units, 0);
      return with_units;
    }
  for (guint a = 0; a < with_units->len; a++)
    for (guint b = a + 1; b < with_units->len; b++)
      if (!spk_board_friendly (board, g_ptr_array_index (with_units, a), g_ptr_array_index (with_units, b)))
        {
          g_ptr_array_set_size (with_units, 0);
          return with_units;
        }
  return with_units;
}

static const char *const campfire_rule_names[] = {
  [SPK_CAMPFIRE_NO_OPPOSING] = "no-opposing",
  [SPK_CAMPFIRE_ONE_FACTION] = "one-faction",
};

const char *
spk_campfire_rule_to_string (SpkCampfireRule rule)
{
  g_return_val_if_fail ((guint) rule < G_N_ELEMENTS (campfire_rule_names), NULL);
  return campfire_rule_names[rule];
}

gboolean
spk_campfire_rule_from_string (const char *name, SpkCampfireRule *rule)
{
  for (guint i = 0; i < G_N_ELEMENTS (campfire_rule_names); i++)
    if (g_strcmp0 (name, campfire_rule_names[i]) == 0)
      {
        *rule = (SpkCampfireRule) i;
        return TRUE;
      }
  return FALSE;
}
