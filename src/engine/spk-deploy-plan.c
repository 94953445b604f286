/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-deploy-plan.c: checks a proposed deployment stack against the Prep
 * Phase rules and explains each violation. It never reorders anything: the
 * player decides how to fix the stack. */
#include "config.h"

#include "spk-economy.h"
#include "spk-economy-private.h"

#include <glib/gi18n-lib.h>

static void problem (SpkStackCheck *check, SpkStackProblemKind kind, int position,
                     const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static void
problem (SpkStackCheck      *check,
         SpkStackProblemKind kind,
         int                 position,
         const char         *fmt,
         ...)
{
  SpkStackProblem *p = g_new0 (SpkStackProblem, 1);
  va_list args;

  p->kind = kind;
  p->position = position;
  va_start (args, fmt);
  p->text = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_ptr_array_add (check->problems, p);
}

static void
problem_free (gpointer data)
{
  SpkStackProblem *p = data;

  g_free (p->text);
  g_free (p);
}

static const char *
unit_name (const SpkPlanUnit *u)
{
  if (u->name != NULL && u->name[0] != '\0')
    return u->name;
  return u->id != NULL ? u->id : "?";
}

int
spk_plan_unit_cp (const SpkPlanUnit *unit)
{
  g_return_val_if_fail (unit != NULL, 0);

  if (unit->merc || unit->starting_hero
      || (unit->kind == SPK_CHIP_HERO && unit->returned))
    return 0;
  return MAX (unit->cp_cost, 0);
}

static gboolean
is_unit (const SpkPlanUnit *u)
{
  return u->kind == SPK_CHIP_MINION || u->kind == SPK_CHIP_HERO;
}

static void
check_groups (SpkStackCheck *check, const SpkPlanUnit *units, int n)
{
  for (int i = 0; i < n; i++)
    {
      int g = units[i].group;
      gboolean first = TRUE, ended = FALSE, split_told = FALSE;
      int last = -1;

      if (units[i].kind != SPK_CHIP_MINION || g <= 0)
        continue;
      /* Handle each group once, from its topmost member. */
      for (int k = 0; k < i; k++)
        if (units[k].kind == SPK_CHIP_MINION && units[k].group == g)
          first = FALSE;
      if (!first)
        continue;

      for (int k = i; k < n; k++)
        {
          gboolean member = units[k].kind == SPK_CHIP_MINION && units[k].group == g;

          if (!member)
            {
              if (last >= 0)
                ended = TRUE;
              continue;
            }
          if (ended && !split_told)
            {
              problem (check, SPK_STACK_GROUP_SPLIT, k,
                       _("Group %d: %s is separated from the rest of its group; grouped minions lie together in the stack"),
                       g, unit_name (&units[k]));
              split_told = TRUE;
            }
          if (last >= 0 && units[k].movement < units[last].movement)
            problem (check, SPK_STACK_GROUP_ORDER, k,
                     _("Group %d: %s (movement %d) lies under %s (movement %d); a group runs from lowest movement on top to highest at the bottom"),
                     g, unit_name (&units[k]), units[k].movement,
                     unit_name (&units[last]), units[last].movement);
          last = k;
        }
    }
}

SpkStackCheck *
spk_stack_check (int                wave,
                 int                heroes_in_play,
                 const SpkPlanUnit *units,
                 gsize              n_units)
{
  SpkStackCheck *check = g_new0 (SpkStackCheck, 1);
  int n = (int) n_units;
  int first_minion = -1, last_minion = -1, limit;

  g_return_val_if_fail (units != NULL || n_units == 0, check);

  check->problems = g_ptr_array_new_with_free_func (problem_free);
  check->cp_available = spk_wave_cp (wave);

  for (int i = 0; i < n; i++)
    {
      const SpkPlanUnit *u = &units[i];

      if (!is_unit (u))
        {
          problem (check, SPK_STACK_NOT_A_UNIT, i,
                   _("%s is not a hero or minion; only units go into a deployment stack"),
                   unit_name (u));
          continue;
        }
      for (int k = 0; k < i; k++)
        if (u->id != NULL && g_strcmp0 (units[k].id, u->id) == 0)
          {
            problem (check, SPK_STACK_DUPLICATE, i,
                     _("%s is in the stack twice; remove one"), unit_name (u));
            break;
          }
      check->cp_spent += spk_plan_unit_cp (u);
      if (u->kind == SPK_CHIP_MINION)
        {
          if (first_minion < 0)
            first_minion = i;
          last_minion = i;
        }
      else
        check->heroes++;
    }

  if (check->cp_spent > check->cp_available)
    problem (check, SPK_STACK_OVER_CP, -1,
             _("The selected units cost %d CP but wave %d gives %d CP; remove units worth %d CP"),
             check->cp_spent, wave, check->cp_available,
             check->cp_spent - check->cp_available);

  check_groups (check, units, n);

  for (int i = 0; i < n; i++)
    {
      const SpkPlanUnit *u = &units[i];

      if (u->kind != SPK_CHIP_HERO)
        continue;
      if (u->group > 0)
        problem (check, SPK_STACK_HERO_GROUPED, i,
                 _("%s is a hero and cannot be grouped; heroes always deploy on their own"),
                 unit_name (u));
      if (first_minion >= 0 && first_minion < i && i < last_minion)
        problem (check, SPK_STACK_HERO_BETWEEN_MINIONS, i,
                 _("%s lies between minions; place each hero above all minions or below them"),
                 unit_name (u));
      if (wave <= 1 && !u->starting_hero)
        problem (check, SPK_STACK_HERO_WAVE_ONE, i,
                 _("%s cannot deploy in wave 1; only the starting hero may"),
                 unit_name (u));
      if (u->returned && u->returned_wave == wave)
        problem (check, SPK_STACK_RETURNED_THIS_WAVE, i,
                 _("%s returned to the fortress in wave %d and cannot deploy again until the next wave; take it out of the stack"),
                 unit_name (u), wave);
    }

  limit = spk_hero_limit (wave);
  if (heroes_in_play + check->heroes > limit)
    problem (check, SPK_STACK_TOO_MANY_HEROES, -1,
             g_dngettext (GETTEXT_PACKAGE,
                          "Wave %d allows %d hero in play; the stack has %d and %d more are in play",
                          "Wave %d allows %d heroes in play; the stack has %d and %d more are in play",
                          limit),
             wave, limit, check->heroes, heroes_in_play);

  return check;
}

void
spk_stack_check_free (SpkStackCheck *check)
{
  if (check == NULL)
    return;
  g_clear_pointer (&check->problems, g_ptr_array_unref);
  g_free (check);
}
