/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-table-setup.h"

#include <glib/gi18n.h>
#include <string.h>

#include "spk-economy.h"
#include "spk-table-file.h"
#include "spk-table-private.h"

G_DEFINE_QUARK (spk-setup-error-quark, spk_setup_error)

void
spk_new_table_spec_init (SpkNewTableSpec *spec, guint n_seats)
{
  g_return_if_fail (spec != NULL);
  memset (spec, 0, sizeof *spec);
  spec->n_seats = n_seats;
  spec->fortresses = TRUE;
  for (guint i = 0; i < SPK_SETUP_MAX_SEATS; i++)
    spec->seats[i].mark = SPK_SETUP_DEFAULT;
}

/* "My Clan!" → "my-clan"; empty when nothing of the name is ASCII. */
static char *
slug (const char *name)
{
  GString *out = g_string_new (NULL);

  for (const char *p = name != NULL ? name : ""; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (out, g_ascii_tolower (*p));
      else if (out->len > 0 && out->str[out->len - 1] != '-')
        g_string_append_c (out, '-');
    }
  while (out->len > 0 && out->str[out->len - 1] == '-')
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

static gboolean
id_taken (const char *const *ids, guint n, const char *id)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return TRUE;
  return FALSE;
}

char *
spk_faction_id_for_name (const char *name, const char *const *taken, guint n_taken)
{
  char *id = slug (name);

  for (guint k = n_taken + 1; *id == '\0' || id_taken (taken, n_taken, id); k++)
    {
      g_free (id);
      id = g_strdup_printf ("faction-%u", k);
    }
  return id;
}

/* The ids of seats 0 .. @upto, each unlike those before it. */
static void
seat_ids (const SpkNewTableSpec *spec, guint upto, char **ids)
{
  for (guint i = 0; i <= upto; i++)
    {
      const SpkSetupSeat *s = &spec->seats[i];

      ids[i] = s->faction != NULL ? g_strdup (s->faction)
                                  : spk_faction_id_for_name (s->name, (const char *const *) ids, i);
    }
}

char *
spk_new_table_seat_id (const SpkNewTableSpec *spec, guint seat)
{
  char *ids[SPK_SETUP_MAX_SEATS] = { NULL, };
  char *id;

  g_return_val_if_fail (spec != NULL && seat < SPK_SETUP_MAX_SEATS, NULL);
  seat_ids (spec, seat, ids);
  id = ids[seat];
  for (guint i = 0; i < seat; i++)
    g_free (ids[i]);
  return id;
}

static gboolean
fail (GError **error, int *where, int seat, SpkSetupError code, const char *message)
{
  if (where != NULL)
    *where = seat;
  if (seat >= 0)
    g_set_error (error, SPK_SETUP_ERROR, code, _("Seat %d: %s"), seat + 1, message);
  else
    g_set_error_literal (error, SPK_SETUP_ERROR, code, message);
  return FALSE;
}

static const SpkRosterFaction *
roster_faction (const SpkRoster *roster, const char *id)
{
  for (guint i = 0; roster != NULL && i < spk_roster_get_n_factions (roster); i++)
    if (g_strcmp0 (spk_roster_get_faction (roster, i)->id, id) == 0)
      return spk_roster_get_faction (roster, i);
  return NULL;
}

/* The player count and team play, as the engine's game options check
 * them (2 to 4 players; teams need 4). */
static gboolean
check_game (const SpkNewTableSpec *spec, int *where, GError **error)
{
  g_autoptr(GError) local = NULL;
  SpkGameRules rules;

  spk_game_rules_init (&rules, (int) spec->n_seats);
  if (!spk_game_rules_check (&rules, &local))
    return fail (error, where, -1, SPK_SETUP_ERROR_PLAYER_COUNT, local->message);
  rules.team_play = spec->teams;
  if (!spk_game_rules_check (&rules, &local))
    return fail (error, where, -1, SPK_SETUP_ERROR_TEAMS, local->message);
  return TRUE;
}

/* RB Team Play (2 vs. 2): two teams whose seats alternate in turn order. */
static gboolean
check_teams (const SpkNewTableSpec *spec, int *where, GError **error)
{
  for (guint i = 0; spec->teams && i < spec->n_seats; i++)
    {
      int team = spec->seats[i].team;

      if (team != 1 && team != 2)
        return fail (error, where, (int) i, SPK_SETUP_ERROR_TEAMS, _("choose team 1 or team 2"));
      if (i > 0 && team == spec->seats[i - 1].team)
        return fail (error, where, (int) i, SPK_SETUP_ERROR_TEAMS,
                     _("turn order must alternate between the teams; give this seat the other team"));
    }
  return TRUE;
}

static SpkFaction *
seat_faction (const SpkNewTableSpec *spec, const SpkRoster *roster, guint i, char *id, int *where,
              GError **error)
{
  const SpkSetupSeat *s = &spec->seats[i];
  const SpkRosterFaction *rf = NULL;
  g_autofree char *name = g_strstrip (g_strdup (s->name != NULL ? s->name : ""));
  SpkFaction *f;

  if (s->faction != NULL && (rf = roster_faction (roster, s->faction)) == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("the game has no faction “%s”; choose one from the list "
                                                    "or a custom faction"), s->faction);
      fail (error, where, (int) i, SPK_SETUP_ERROR_UNKNOWN_FACTION, message);
      return NULL;
    }
  if (*name == '\0' && rf == NULL)
    {
      fail (error, where, (int) i, SPK_SETUP_ERROR_NAME, _("type a name for the custom faction"));
      return NULL;
    }
  f = spk_faction_new (id);
  f->name = *name != '\0' ? g_steal_pointer (&name) : g_strdup (rf->name);
  /* RB Set-Up: the Source tracker at 0, the gate health tracker at 10. */
  f->source = SPK_SOURCE_START;
  f->gate_health = SPK_GATE_HEALTH_START;
  if (spec->teams)
    f->team = g_strdup_printf ("%d", s->team);
  return f;
}

/* R-setup-3: the fortresses of an empty board sit on its sides, in seating
 * order round the centre; each gate four hexes out with two wells behind
 * it. The players move them onto the isles as they attach them. */
static void
place_fortresses (SpkBoard *b)
{
  static const SpkHex dirs[6] = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 } };
  static const int sides[3][SPK_SETUP_MAX_SEATS] = { { 3, 0 }, { 3, 5, 1 }, { 3, 5, 0, 2 } };
  guint n = b->factions->len;

  for (guint i = 0; i < n; i++)
    {
      int d = sides[n - 2][i];
      SpkHex gate = { 4 * dirs[d].q, 4 * dirs[d].r };
      SpkHex wells[2] = { { 5 * dirs[d].q, 5 * dirs[d].r },
                          { gate.q + dirs[(d + 5) % 6].q, gate.r + dirs[(d + 5) % 6].r } };
      SpkFortress *fortress =
        spk_fortress_new (((SpkFaction *) g_ptr_array_index (b->factions, i))->id, gate);

      g_array_append_vals (fortress->wells, wells, 2);
      g_ptr_array_add (b->fortresses, fortress);
    }
}

/* Marks: the seat's choice, else the seating-order rule of R-faction-3;
 * with teams, two teammates may not mark the same opponent (RB Team Play,
 * Prep Phase). */
static gboolean
set_marks (const SpkNewTableSpec *spec, SpkBoard *b, int *where, GError **error)
{
  for (guint i = 0; i < spec->n_seats; i++)
    {
      SpkFaction *f = g_ptr_array_index (b->factions, i);
      int mark = spec->seats[i].mark;
      g_autoptr(GError) local = NULL;

      g_free (f->mark);
      if (mark == SPK_SETUP_DEFAULT)
        {
          f->mark = g_strdup (spk_board_next_mark (b, i, f->id));
          continue;
        }
      if (mark < 0 || mark >= (int) spec->n_seats)
        return fail (error, where, (int) i, SPK_SETUP_ERROR_MARK, _("choose a seat at the table as the mark"));
      f->mark = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, mark))->id);
      if (!spk_board_check_mark (b, f->id, f->mark, &local))
        return fail (error, where, (int) i, SPK_SETUP_ERROR_MARK, local->message);
    }
  for (guint i = 0; spec->teams && i < spec->n_seats; i++)
    for (guint k = 0; k < i; k++)
      {
        const SpkFaction *a = g_ptr_array_index (b->factions, k);
        const SpkFaction *c = g_ptr_array_index (b->factions, i);

        if (g_strcmp0 (a->team, c->team) == 0 && g_strcmp0 (a->mark, c->mark) == 0)
          return fail (error, where, (int) i, SPK_SETUP_ERROR_MARK,
                       _("teammates may not mark the same opponent; choose another mark"));
      }
  return TRUE;
}

static SpkBoard *
build_board (const SpkNewTableSpec *spec, const SpkRoster *roster, int *where, GError **error)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  char *ids[SPK_SETUP_MAX_SEATS] = { NULL, };
  gboolean ok = TRUE;

  g_return_val_if_fail (spec != NULL, NULL);
  if (where != NULL)
    *where = -1;
  if (!check_game (spec, where, error) || !check_teams (spec, where, error))
    return NULL;
  if (spec->first_player < 0 || spec->first_player >= (int) spec->n_seats)
    {
      fail (error, where, -1, SPK_SETUP_ERROR_FIRST_PLAYER, _("Choose one of the seats as first player"));
      return NULL;
    }
  seat_ids (spec, spec->n_seats - 1, ids);
  for (guint i = 0; ok && i < spec->n_seats; i++)
    {
      g_autoptr(SpkFaction) f = NULL;
      g_autoptr(GError) local = NULL;

      if (id_taken ((const char *const *) ids, i, ids[i]))
        ok = fail (error, where, (int) i, SPK_SETUP_ERROR_DUPLICATE_FACTION,
                   _("this faction already has a seat; choose another"));
      else if ((f = seat_faction (spec, roster, i, ids[i], where, error)) == NULL)
        ok = FALSE;
      else if (!spk_board_check_faction_name (b, NULL, f->name, &local))
        ok = fail (error, where, (int) i, SPK_SETUP_ERROR_DUPLICATE_FACTION, local->message);
      else
        g_ptr_array_add (b->factions, g_steal_pointer (&f));
    }
  for (guint i = 0; i < spec->n_seats; i++)
    g_free (ids[i]);
  if (!ok || !set_marks (spec, b, where, error))
    return NULL;
  b->player_count = (int) spec->n_seats;
  /* RB Create the Market: options equal to the player count + 1. */
  b->market_count = spk_market_options (b->player_count);
  b->first_player = g_strdup (((SpkFaction *) g_ptr_array_index (b->factions, spec->first_player))->id);
  if (spec->fortresses)
    place_fortresses (b);
  return g_steal_pointer (&b);
}

gboolean
spk_new_table_spec_check (const SpkNewTableSpec *spec, const SpkRoster *roster, int *seat, GError **error)
{
  g_autoptr(SpkBoard) b = build_board (spec, roster, seat, error);

  return b != NULL;
}

SpkTable *
spk_table_new_for_game (const SpkNewTableSpec *spec, const SpkRoster *roster, GError **error)
{
  g_autoptr(SpkBoard) b = build_board (spec, roster, NULL, error);
  g_autofree char *data = NULL;
  gsize length;

  if (b == NULL)
    return NULL;
  /* Through the table file's own validation, as every table is loaded. */
  data = spk_table_file_to_data (b, &length);
  return spk_table_new_from_data (data, (gssize) length, error);
}
