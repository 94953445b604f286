/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-victory.c: whole-table economy steps on an SpkBoard: the Income
 * Phase, the fall of a gate (end of game or pillage), the end of a wave and
 * the final fortress power with its tiebreak chain. */
#include "config.h"

#include "spk-economy.h"
#include "spk-economy-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *
display_name (const SpkFaction *f)
{
  return f->name != NULL && f->name[0] != '\0' ? f->name : f->id;
}


static int
faction_index (const SpkBoard *board, const char *id)
{
  if (id == NULL)
    return -1;
  for (guint i = 0; i < board->factions->len; i++)
    if (g_strcmp0 (((SpkFaction *) g_ptr_array_index (board->factions, i))->id, id) == 0)
      return (int) i;
  return -1;
}

void
spk_game_rules_from_board (const SpkBoard *board, SpkGameRules *rules)
{
  g_return_if_fail (board != NULL && rules != NULL);

  spk_game_rules_init (rules, board->player_count);
  for (guint i = 0; i < board->factions->len; i++)
    if (((SpkFaction *) g_ptr_array_index (board->factions, i))->team != NULL)
      rules->team_play = TRUE;
  rules->faster = board->faster || board->waves == 3;
  rules->skip_market = board->faster;
  /* RB Making the Game Faster: the faster game is played without the
   * Event Deck, so it has no Event Phase (R-model-6). */
  rules->event_deck = !board->faster;
  rules->extra_waves = MAX (board->waves - (rules->faster ? 3 : 4), 0);
}

int
spk_first_player_index (const SpkBoard *board)
{
  g_return_val_if_fail (board != NULL, 0);

  return MAX (faction_index (board, board->first_player), 0);
}

/* "A", "A and B", "A, B and C" */
static char *
join_names (GPtrArray *names)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == names->len ? _(" and ") : _(", "));
      g_string_append (s, g_ptr_array_index (names, i));
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------ */

static void
income_row_clear (gpointer p)
{
  SpkIncomeRow *row = p;

  spk_repair_clear (&row->repair);
}

GArray *
spk_income_phase (const SpkGameRules *rules,
                  int                 wave,
                  SpkBoard           *board,
                  GPtrArray          *notes)
{
  GArray *rows;
  int income = spk_wave_income (wave);

  g_return_val_if_fail (rules != NULL && board != NULL, NULL);

  rows = g_array_sized_new (FALSE, TRUE, sizeof (SpkIncomeRow), board->factions->len);
  g_array_set_clear_func (rows, income_row_clear);
  g_array_set_size (rows, board->factions->len);

  spk_economy_note (notes, _("Income: +%d Source to each faction"), income);

  for (guint i = 0; i < board->factions->len; i++)
    {
      SpkFaction *f = g_ptr_array_index (board->factions, i);
      SpkIncomeRow *row = &g_array_index (rows, SpkIncomeRow, i);

      row->income = spk_source_gain (f->source, income, SPK_SOURCE_CAPACITY);
      f->source = row->income.after;
      if (row->income.lost > 0)
        spk_economy_note (notes, _("%s: %d Source lost over capacity"),
                          display_name (f), row->income.lost);
    }

  /* Repair comes after income, so the new Source can pay for it. */
  for (guint i = 0; i < board->factions->len; i++)
    {
      SpkFaction *f = g_ptr_array_index (board->factions, i);
      SpkIncomeRow *row = &g_array_index (rows, SpkIncomeRow, i);

      if (!spk_gate_needs_repair (rules, f->gate_health))
        continue;
      g_autofree int *preference = g_new0 (int, MAX (f->repair_preference->len, 1));
      gsize n_preference = 0;

      /* R-repair-1: the faction's stated preference, by structure name. */
      for (guint p = 0; p < f->repair_preference->len; p++)
        for (guint s = 0; s < f->structures->len; s++)
          if (g_strcmp0 (((const SpkStructure *) g_ptr_array_index (f->structures, s))->name,
                         g_ptr_array_index (f->repair_preference, p)) == 0)
            {
              preference[n_preference++] = (int) s;
              break;
            }
      row->repaired = TRUE;
      spk_gate_repair_plan (f->structures, f->gate_health, f->source, preference, n_preference,
                            &row->repair);
      spk_gate_repair_apply (&row->repair, f->structures, &f->gate_health, &f->source,
                             display_name (f), notes);
    }
  return rows;
}

void
spk_income_rows_free (GArray *rows)
{
  if (rows != NULL)
    g_array_unref (rows);
}

int
spk_spires_in_play (const SpkBoard *board, const char *faction)
{
  int n = 0;

  g_return_val_if_fail (board != NULL, 0);

  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      if (c->kind == SPK_CHIP_SPIRE && c->placed && g_strcmp0 (c->faction, faction) == 0)
        n++;
    }
  return n;
}

/* ------------------------------------------------------------------ */

gboolean
spk_gate_defeated (const SpkGameRules *rules,
                   SpkBoard           *board,
                   const char         *defeated,
                   const char         *defeater,
                   int                 first_player,
                   SpkGateDefeat      *out,
                   GPtrArray          *notes,
                   GError            **error)
{
  int d, a = -1, n, standing = 0;
  SpkFaction *fd;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_return_val_if_fail (rules != NULL && board != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->winners = g_ptr_array_new_with_free_func (g_free);
  out->new_marks = g_ptr_array_new_with_free_func (g_free);

  d = faction_index (board, defeated);
  if (d < 0)
    {
      g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NO_SUCH_FACTION,
                   _("There is no faction “%s” at this table"), defeated ? defeated : "");
      return FALSE;
    }
  if (defeater != NULL)
    {
      a = faction_index (board, defeater);
      if (a < 0)
        {
          g_set_error (error, SPK_ECONOMY_ERROR, SPK_ECONOMY_ERROR_NO_SUCH_FACTION,
                       _("There is no faction “%s” at this table"), defeater);
          return FALSE;
        }
    }

  fd = g_ptr_array_index (board->factions, d);
  n = (int) board->factions->len;
  for (int i = 0; i < n; i++)
    if (((SpkFaction *) g_ptr_array_index (board->factions, i))->gate_health > 0)
      standing++;

  spk_economy_note (notes, _("%s: gate defeated"), display_name (fd));

  if (rules->team_play)
    {
      out->game_over = TRUE;
      out->decided_by = SPK_DECIDED_TEAM_GATE;
      for (int i = 0; i < n; i++)
        {
          SpkFaction *f = g_ptr_array_index (board->factions, i);

          if (!spk_board_friendly (board, f->id, fd->id))
            {
              g_ptr_array_add (out->winners, g_strdup (f->id));
              g_ptr_array_add (names, (gpointer) display_name (f));
            }
        }
    }
  else if (standing <= 1)
    {
      out->game_over = TRUE;
      out->decided_by = SPK_DECIDED_LAST_GATE;
      for (int i = 0; i < n; i++)
        {
          SpkFaction *f = g_ptr_array_index (board->factions, i);

          if (f->gate_health > 0)
            {
              g_ptr_array_add (out->winners, g_strdup (f->id));
              g_ptr_array_add (names, (gpointer) display_name (f));
            }
        }
    }

  if (out->game_over)
    {
      g_autofree char *who = join_names (names);

      spk_economy_note (notes, _("The game is over: %s won"), who);
      return TRUE;
    }

  /* The game goes on: the defeater pillages, unless it is friendly (it
   * damaged its own gate by some effect) or unknown. */
  if (a >= 0 && !spk_board_friendly (board, defeater, defeated))
    {
      SpkFaction *fa = g_ptr_array_index (board->factions, a);

      out->pillaged = TRUE;
      out->pillage_taken = fd->source;
      out->pillage = spk_source_gain (fa->source, fd->source, SPK_SOURCE_CAPACITY);
      fa->source = out->pillage.after;
      fd->source = 0;
      spk_economy_note (notes, _("%s pillages %s: +%d Source"),
                        display_name (fa), display_name (fd), out->pillage.gained);
      if (out->pillage.lost > 0)
        spk_economy_note (notes, _("%s: %d Source lost over capacity"),
                          display_name (fa), out->pillage.lost);
    }

  for (int k = 0; k < n; k++)
    {
      int i = (((first_player % n) + n) % n + k) % n;
      SpkFaction *f = g_ptr_array_index (board->factions, i);

      if (i != d && g_strcmp0 (f->mark, fd->id) == 0)
        {
          g_ptr_array_add (out->new_marks, g_strdup (f->id));
          f->choose_mark = TRUE;
          spk_economy_note (notes, _("%s must declare a new mark: %s cannot be marked while its gate is defeated"),
                            display_name (f), display_name (fd));
        }
    }
  return TRUE;
}

void
spk_gate_defeat_clear (SpkGateDefeat *defeat)
{
  if (defeat == NULL)
    return;
  g_clear_pointer (&defeat->winners, g_ptr_array_unref);
  g_clear_pointer (&defeat->new_marks, g_ptr_array_unref);
}

/* ------------------------------------------------------------------ */

typedef struct {
  int power, gate, source, spires;
} Score;

static int
score_key (const Score *s, int step)
{
  switch (step)
    {
    case 0: return s->power;
    case 1: return s->gate;
    case 2: return s->source;
    default: return s->spires;
    }
}

/* Runs the tiebreak chain over `scores`; marks the winners in `win` and
 * returns the step that left one contender (or SHARED). */
static SpkDecidedBy
tiebreak (const Score *scores, int n, gboolean *win)
{
  static const SpkDecidedBy steps[] = {
    SPK_DECIDED_POWER, SPK_DECIDED_GATE_HEALTH, SPK_DECIDED_SOURCE, SPK_DECIDED_SPIRES,
  };
  int left = n;

  for (int i = 0; i < n; i++)
    win[i] = TRUE;

  for (int step = 0; step < (int) G_N_ELEMENTS (steps); step++)
    {
      int best = G_MININT;

      for (int i = 0; i < n; i++)
        if (win[i])
          best = MAX (best, score_key (&scores[i], step));
      left = 0;
      for (int i = 0; i < n; i++)
        {
          if (win[i] && score_key (&scores[i], step) != best)
            win[i] = FALSE;
          left += win[i] ? 1 : 0;
        }
      if (left <= 1)
        return steps[step];
    }
  return SPK_DECIDED_SHARED;
}

static void
note_decided (GPtrArray *notes, SpkDecidedBy by, const char *who)
{
  switch (by)
    {
    case SPK_DECIDED_POWER:
      spk_economy_note (notes, _("%s won on fortress power"), who);
      break;
    case SPK_DECIDED_GATE_HEALTH:
      spk_economy_note (notes, _("%s won the tie on gate health"), who);
      break;
    case SPK_DECIDED_SOURCE:
      spk_economy_note (notes, _("%s won the tie on Source"), who);
      break;
    case SPK_DECIDED_SPIRES:
      spk_economy_note (notes, _("%s won the tie on spires in play"), who);
      break;
    case SPK_DECIDED_SHARED:
      spk_economy_note (notes, _("%s share the victory"), who);
      break;
    case SPK_DECIDED_NONE:
    case SPK_DECIDED_LAST_GATE:
    case SPK_DECIDED_TEAM_GATE:
    default:
      spk_economy_note (notes, _("%s won"), who);
      break;
    }
}

static const char *
team_key (const SpkFaction *f)
{
  return f->team != NULL ? f->team : f->id;
}

void
spk_final_score (const SpkGameRules *rules,
                 const SpkBoard     *board,
                 SpkFinalScore      *out,
                 GPtrArray          *notes)
{
  guint n;
  g_autofree Score *scores = NULL;
  g_autofree gboolean *win = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *who = NULL;

  g_return_if_fail (rules != NULL && board != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  n = board->factions->len;
  out->rows = g_array_sized_new (FALSE, TRUE, sizeof (SpkPowerRow), n);
  out->winners = g_ptr_array_new_with_free_func (g_free);
  out->teams = g_ptr_array_new_with_free_func (g_free);
  out->team_power = g_array_new (FALSE, TRUE, sizeof (int));

  for (guint i = 0; i < n; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);
      SpkPowerRow row = { 0 };

      row.faction = g_strdup (f->id);
      row.team = g_strdup (f->team);
      row.gate_health = MAX (f->gate_health, 0);
      row.advancements = spk_structures_count (f->structures);
      row.source = f->source;
      row.spires = spk_spires_in_play (board, f->id);
      /* A gate still defeated at the end fell in the last wave: power 0. */
      row.power = row.gate_health > 0 ? row.gate_health + row.advancements : 0;
      g_array_append_val (out->rows, row);

      if (row.gate_health > 0)
        spk_economy_note (notes, _("%s: fortress power %d (gate %d + %d advancements)"),
                          display_name (f), row.power, row.gate_health, row.advancements);
      else
        spk_economy_note (notes, _("%s: fortress power 0 (gate defeated in the last wave)"),
                          display_name (f));
    }

  if (!rules->team_play)
    {
      scores = g_new0 (Score, MAX (n, 1));
      win = g_new0 (gboolean, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          const SpkPowerRow *r = &g_array_index (out->rows, SpkPowerRow, i);

          scores[i] = (Score) { r->power, r->gate_health, r->source, r->spires };
        }
      out->decided_by = tiebreak (scores, (int) n, win);
      for (guint i = 0; i < n; i++)
        if (win[i])
          {
            const SpkFaction *f = g_ptr_array_index (board->factions, i);

            g_ptr_array_add (out->winners, g_strdup (f->id));
            g_ptr_array_add (names, (gpointer) display_name (f));
          }
    }
  else
    {
      guint nt;

      for (guint i = 0; i < n; i++)
        {
          const char *key = team_key (g_ptr_array_index (board->factions, i));
          guint t;

          if (!g_ptr_array_find_with_equal_func (out->teams, key, g_str_equal, &t))
            g_ptr_array_add (out->teams, g_strdup (key));
        }
      nt = out->teams->len;
      scores = g_new0 (Score, MAX (nt, 1));
      win = g_new0 (gboolean, MAX (nt, 1));
      for (guint i = 0; i < n; i++)
        {
          const SpkPowerRow *r = &g_array_index (out->rows, SpkPowerRow, i);
          guint t = 0;

          g_ptr_array_find_with_equal_func (out->teams,
                                            team_key (g_ptr_array_index (board->factions, i)),
                                            g_str_equal, &t);
          scores[t].power += r->power;
          scores[t].gate += r->gate_health;
          scores[t].source += r->source;
          scores[t].spires += r->spires;
        }
      for (guint t = 0; t < nt; t++)
        {
          g_array_append_val (out->team_power, scores[t].power);
          spk_economy_note (notes, _("Team %s: fortress power %d"),
                            (const char *) g_ptr_array_index (out->teams, t), scores[t].power);
        }
      out->decided_by = tiebreak (scores, (int) nt, win);
      for (guint i = 0; i < n; i++)
        {
          const SpkFaction *f = g_ptr_array_index (board->factions, i);
          guint t = 0;

          g_ptr_array_find_with_equal_func (out->teams, team_key (f), g_str_equal, &t);
          if (win[t])
            {
              g_ptr_array_add (out->winners, g_strdup (f->id));
              g_ptr_array_add (names, (gpointer) display_name (f));
            }
        }
    }

  who = join_names (names);
  note_decided (notes, out->decided_by, who);
}

void
spk_final_score_clear (SpkFinalScore *score)
{
  if (score == NULL)
    return;
  if (score->rows != NULL)
    for (guint i = 0; i < score->rows->len; i++)
      {
        SpkPowerRow *r = &g_array_index (score->rows, SpkPowerRow, i);

        g_free (r->faction);
        g_free (r->team);
      }
  g_clear_pointer (&score->rows, g_array_unref);
  g_clear_pointer (&score->winners, g_ptr_array_unref);
  g_clear_pointer (&score->teams, g_ptr_array_unref);
  g_clear_pointer (&score->team_power, g_array_unref);
}

/* ------------------------------------------------------------------ */

SpkWaveEnd
spk_end_of_wave (const SpkGameRules *rules,
                 int                 wave,
                 SpkBoard           *board,
                 int                 first_player,
                 GPtrArray          *notes)
{
  SpkWaveEnd end = { 0 };
  int n;

  g_return_val_if_fail (rules != NULL && board != NULL, end);

  n = board->factions->len > 0 ? (int) board->factions->len : rules->player_count;
  end.first_player = spk_first_player_next (first_player, n);
  end.limited_builds = 0;
  for (guint i = 0; i < board->factions->len; i++)
    ((SpkFaction *) g_ptr_array_index (board->factions, i))->limited_builds = 0;
  end.game_over = wave >= spk_game_waves (rules);

  spk_economy_note (notes, _("Limited build options are available again"));
  if (end.game_over)
    spk_economy_note (notes, _("Wave %d was the last wave: compare fortress power"), wave);
  else if ((guint) end.first_player < board->factions->len)
    spk_economy_note (notes, _("First player: %s"),
                      display_name (g_ptr_array_index (board->factions, end.first_player)));
  return end;
}
