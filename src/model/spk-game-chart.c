/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-game-chart.h"

#include <glib/gi18n.h>

#include "spk-economy.h"
#include "spk-patch.h"
#include "spk-table-file.h"

/* One state of the table, the last one of its wave: the values of the
 * factions at the table then, by id. */
typedef struct {
  int         wave;
  GHashTable *values;   /* faction id -> int[SPK_N_CHART_SERIES] */
} WaveState;

static void
wave_state_free (gpointer data)
{
  WaveState *w = data;

  g_hash_table_unref (w->values);
  g_free (w);
}

static int
doc_wave (JsonNode *doc)
{
  JsonObject *root = JSON_NODE_HOLDS_OBJECT (doc) ? json_node_get_object (doc) : NULL;

  return root != NULL ? (int) json_object_get_int_member_with_default (root, "wave", 1) : 1;
}

static WaveState *
capture (JsonNode *doc, GError **error)
{
  g_autoptr(SpkBoard) board = spk_table_file_parse_node (doc, NULL, error);
  SpkGameRules rules;
  SpkFinalScore score = { 0 };
  WaveState *w;

  if (board == NULL)
    return NULL;
  spk_game_rules_from_board (board, &rules);
  spk_final_score (&rules, board, &score, NULL);
  w = g_new0 (WaveState, 1);
  w->wave = board->wave;
  w->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < score.rows->len; i++)
    {
      const SpkPowerRow *row = &g_array_index (score.rows, SpkPowerRow, i);
      int *v = g_new (int, SPK_N_CHART_SERIES);

      v[SPK_CHART_SOURCE] = row->source;
      v[SPK_CHART_GATE_HEALTH] = row->gate_health;
      v[SPK_CHART_POWER] = row->power;
      g_hash_table_insert (w->values, g_strdup (row->faction), v);
    }
  spk_final_score_clear (&score);
  return w;
}

/* A copy sharing nothing with @node. Applying a patch puts its entries
 * into the document as they are, and taking the next step back may then
 * change them: the history's own patches must not be touched. Documents
 * are at most 64 deep (the JSON guard). */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *from = json_node_get_object (node), *to = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, from);
      while (json_object_iter_next (&iter, &name, &member))
        json_object_set_member (to, name, deep_copy (member));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, to);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *from = json_node_get_array (node), *to = json_array_sized_new (json_array_get_length (from));

      for (guint i = 0; i < json_array_get_length (from); i++)
        json_array_add_element (to, deep_copy (json_array_get_element (from, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, to);
      return copy;
    }
  return json_node_copy (node);
}

static int
by_wave (gconstpointer a, gconstpointer b)
{
  const WaveState *x = *(WaveState **) a, *y = *(WaveState **) b;

  return x->wave - y->wave;
}

SpkGameChart *
spk_game_chart_new (SpkTable *table, GError **error)
{
  const SpkBoard *board;
  GListModel *log;
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (wave_state_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  SpkGameChart *chart;
  WaveState *now;
  guint nf, nw;

  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  board = spk_table_get_board (table);
  log = spk_table_get_log (table);
  doc = spk_table_file_to_node (board);
  if ((now = capture (doc, error)) == NULL)
    return NULL;
  g_ptr_array_add (states, now);
  g_hash_table_add (seen, GINT_TO_POINTER (now->wave));
  /* Backwards through the steps done: after taking back step i the
   * document is the table as step i - 1 left it; the first state met in a
   * wave is the last one of that wave. */
  for (guint i = g_list_model_get_n_items (log); i > 0; i--)
    {
      g_autoptr(SpkLogEntry) step = g_list_model_get_item (log, i - 1);
      JsonNode *changes = spk_log_entry_get_changes (step);
      g_autoptr(JsonNode) own = changes != NULL ? deep_copy (changes) : NULL;
      int wave;

      if (own == NULL || !spk_patch_apply (doc, own, FALSE, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, SPK_TABLE_ERROR, SPK_TABLE_ERROR_TYPE,
                         _("Step %u of the history cannot be read back"), i);
          return NULL;
        }
      wave = doc_wave (doc);
      if (!g_hash_table_contains (seen, GINT_TO_POINTER (wave)))
        {
          WaveState *w = capture (doc, error);

          if (w == NULL)
            return NULL;
          g_ptr_array_add (states, w);
          g_hash_table_add (seen, GINT_TO_POINTER (wave));
        }
    }
  g_ptr_array_sort (states, by_wave);

  chart = g_new0 (SpkGameChart, 1);
  chart->factions = g_ptr_array_new_with_free_func (g_free);
  chart->names = g_ptr_array_new_with_free_func (g_free);
  chart->waves = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint f = 0; f < board->factions->len; f++)
    {
      const SpkFaction *faction = g_ptr_array_index (board->factions, f);

      g_ptr_array_add (chart->factions, g_strdup (faction->id));
      g_ptr_array_add (chart->names, g_strdup (spk_faction_label (faction)));
    }
  nf = chart->factions->len;
  nw = states->len;
  for (int s = 0; s < SPK_N_CHART_SERIES; s++)
    chart->value[s] = g_new (int, MAX (nw * nf, 1));
  for (guint w = 0; w < nw; w++)
    {
      const WaveState *state = g_ptr_array_index (states, w);

      g_array_append_val (chart->waves, state->wave);
      for (guint f = 0; f < nf; f++)
        {
          const int *v = g_hash_table_lookup (state->values, g_ptr_array_index (chart->factions, f));

          for (int s = 0; s < SPK_N_CHART_SERIES; s++)
            chart->value[s][w * nf + f] = v != NULL ? v[s] : SPK_CHART_NONE;
        }
    }
  return chart;
}

void
spk_game_chart_free (SpkGameChart *chart)
{
  if (chart == NULL)
    return;
  g_ptr_array_unref (chart->factions);
  g_ptr_array_unref (chart->names);
  g_array_unref (chart->waves);
  for (int s = 0; s < SPK_N_CHART_SERIES; s++)
    g_free (chart->value[s]);
  g_free (chart);
}

int
spk_game_chart_get (const SpkGameChart *chart, SpkChartSeries series, guint wave_index, guint faction)
{
  g_return_val_if_fail (chart != NULL && series < SPK_N_CHART_SERIES, SPK_CHART_NONE);
  if (wave_index >= chart->waves->len || faction >= chart->factions->len)
    return SPK_CHART_NONE;
  return chart->value[series][wave_index * chart->factions->len + faction];
}

int
spk_game_chart_max (const SpkGameChart *chart, SpkChartSeries series)
{
  int most = 1;

  for (guint i = 0; i < chart->waves->len * chart->factions->len; i++)
    most = MAX (most, chart->value[series][i]);
  return most;
}

const char *
spk_chart_series_label (SpkChartSeries series)
{
  switch (series)
    {
    case SPK_CHART_SOURCE: return _("Source");
    case SPK_CHART_GATE_HEALTH: return _("Gate health");
    case SPK_CHART_POWER: return _("Fortress power");
    case SPK_N_CHART_SERIES:
    default: return "";
    }
}

char *
spk_game_chart_summary (const SpkGameChart *chart)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (chart != NULL, NULL);
  for (guint w = 0; w < chart->waves->len; w++)
    {
      gboolean first = TRUE;

      g_string_append_printf (text, _("Wave %d:"), g_array_index (chart->waves, int, w));
      for (guint f = 0; f < chart->factions->len; f++)
        {
          if (spk_game_chart_get (chart, SPK_CHART_SOURCE, w, f) == SPK_CHART_NONE)
            continue;
          /* Translators: a faction, then its Source, gate health and fortress power. */
          g_string_append_printf (text, _("%s %s Source %d, gate %d, power %d"), first ? "" : ";",
                                  (const char *) g_ptr_array_index (chart->names, f),
                                  spk_game_chart_get (chart, SPK_CHART_SOURCE, w, f),
                                  spk_game_chart_get (chart, SPK_CHART_GATE_HEALTH, w, f),
                                  spk_game_chart_get (chart, SPK_CHART_POWER, w, f));
          first = FALSE;
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}
