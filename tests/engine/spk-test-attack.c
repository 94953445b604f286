/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-test-attack.h"

#include "spk-test-builder.h"

SpkBoard *
spk_ta_line_board (int players)
{
  SpkBoard *b = spk_tb_new (players);

  spk_tb_faction (b, "red", "blue", NULL);
  spk_tb_faction (b, "blue", "red", NULL);
  if (players > 2)
    spk_tb_faction (b, "green", "red", NULL);
  spk_tb_hexes (b, "isle", 0, "-3,0,p -2,0,p -1,0,p 0,0,p 1,0,p 2,0,p* 3,0,p 4,0,p 5,0,p");
  spk_tb_fortress (b, "red", -4, 0, "");
  spk_tb_fortress (b, "blue", 6, 0, "");
  return b;
}

SpkChip *
spk_ta_unit (SpkBoard *b, const char *id, SpkChipKind kind, const char *faction, int q, int health,
             int attack)
{
  SpkChip *c = spk_tb_chip (b, id, kind, faction, q, 0, NULL);

  c->health = c->max_health = health;
  c->attack = attack;
  return c;
}

char *
spk_ta_target_list (const SpkAttackOptions *o)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < o->targets->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "",
                            ((SpkAttackOutcome *) g_ptr_array_index (o->targets, i))->target);
  return g_string_free (s, FALSE);
}

const SpkAttackOutcome *
spk_ta_outcome (const SpkAttackOptions *o, const char *target)
{
  for (guint i = 0; i < o->targets->len; i++)
    {
      const SpkAttackOutcome *t = g_ptr_array_index (o->targets, i);

      if (g_str_equal (t->target, target))
        return t;
    }
  g_error ("%s is no target", target);
}

const SpkAttackRefusal *
spk_ta_refusal (const SpkAttackOptions *o, const char *target)
{
  for (guint i = 0; i < o->refused->len; i++)
    {
      const SpkAttackRefusal *r = g_ptr_array_index (o->refused, i);

      if (g_str_equal (r->target, target))
        return r;
    }
  g_error ("%s is not refused", target);
}
