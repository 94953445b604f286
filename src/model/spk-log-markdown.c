/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-log-markdown.h"

#include "spk-answer-text.h"

#include <glib/gi18n.h>
#include <string.h>

gboolean
spk_log_step_place (SpkTable *table, guint index, int *wave, SpkPhase *phase)
{
  GListModel *log;
  g_autoptr(SpkLogEntry) entry = NULL;
  g_autoptr(SpkLogEntry) next = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (table), FALSE);
  log = spk_table_get_log (table);
  entry = g_list_model_get_item (log, index);
  if (entry == NULL)
    return FALSE;
  next = g_list_model_get_item (log, index + 1);
  *phase = SPK_PHASE_SETUP;
  if (next != NULL)
    {
      *wave = spk_log_entry_get_wave (next);
      spk_phase_from_string (spk_log_entry_get_phase (next), phase);
    }
  else
    {
      *wave = spk_table_get_board (table)->wave;
      *phase = spk_table_get_phase (table);
    }
  return TRUE;
}

gboolean
spk_log_codex_step_place (SpkTable *table, guint index, int *turn, SpkCodexPhase *phase)
{
  const SpkCodex *codex;
  g_autoptr(SpkLogEntry) entry = NULL;
  g_autoptr(SpkLogEntry) next = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (table), FALSE);
  codex = spk_table_get_board (table)->codex;
  entry = g_list_model_get_item (spk_table_get_log (table), index);
  if (codex == NULL || entry == NULL)
    return FALSE;
  next = g_list_model_get_item (spk_table_get_log (table), index + 1);
  *turn = codex->turn;
  *phase = codex->phase;
  if (next != NULL)
    {
      *turn = spk_log_entry_get_wave (next);
      spk_codex_phase_from_string (spk_log_entry_get_phase (next), phase);
    }
  return TRUE;
}

/* The headings step @index stands under: the wave (the turn at a Codex
 * table) and the phase's name. */
static void
step_headings (SpkTable *table, guint index, int *number, const char **phase_name)
{
  SpkCodexPhase codex_phase;
  SpkPhase phase;

  if (spk_log_codex_step_place (table, index, number, &codex_phase))
    *phase_name = spk_codex_phase_label (codex_phase);
  else
    {
      spk_log_step_place (table, index, number, &phase);
      *phase_name = spk_phase_label (phase);
    }
}

/* Markdown takes these as formatting at the start of a line or around
 * words: a label says them as text. */
static void
append_escaped (GString *out, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (strchr ("\\`*_[]#<>|", *p) != NULL)
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
}

char *
spk_log_to_markdown (SpkTable *table, const char *title)
{
  GListModel *log;
  const SpkBoard *board;
  GString *out = g_string_new ("# ");
  int last_wave = -1;
  const char *last_phase = NULL;

  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  log = spk_table_get_log (table);
  board = spk_table_get_board (table);
  append_escaped (out, title != NULL && *title != '\0' ? title : _("Action Log"));
  g_string_append (out, "\n");
  {
    g_autofree char *readings = spk_rule_readings_text (board);

    if (*readings != '\0')
      g_string_append_printf (out, "\n%s", readings);
  }
  if (g_list_model_get_n_items (log) == 0)
    g_string_append_printf (out, "\n%s\n", _("Nothing logged yet."));
  for (guint i = 0; i < g_list_model_get_n_items (log); i++)
    {
      g_autoptr(SpkLogEntry) entry = g_list_model_get_item (log, i);
      const char *faction = spk_log_entry_get_faction (entry);
      int wave;
      const char *phase;

      step_headings (table, i, &wave, &phase);
      if (wave != last_wave)
        {
          g_string_append (out, "\n## ");
          if (board->codex != NULL)
            g_string_append_printf (out, _("Turn %d"), wave);
          else
            g_string_append_printf (out, _("Wave %d"), wave);
          g_string_append_c (out, '\n');
          last_phase = NULL;
        }
      if (g_strcmp0 (phase, last_phase) != 0)
        g_string_append_printf (out, "\n### %s\n\n", phase);
      last_wave = wave;
      last_phase = phase;
      g_string_append (out, "- ");
      append_escaped (out, spk_log_entry_get_label (entry));
      if (faction != NULL)
        {
          g_string_append (out, " (");
          append_escaped (out, spk_board_faction_label (board, faction));
          g_string_append (out, ")");
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}
