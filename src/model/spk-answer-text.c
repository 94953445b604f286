/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-answer-text.h"

#include <glib/gi18n.h>

const char *
spk_move_rule_summary (SpkMoveRule rule)
{
  switch (rule)
    {
    case SPK_MOVE_RULE_PROGRESS: return _("must move to one of the marked hexes");
    case SPK_MOVE_RULE_LATERAL: return _("may make a lateral move or stay");
    case SPK_MOVE_RULE_NONE: return _("cannot move");
    case SPK_MOVE_RULE_ALREADY_MOVED: return _("has already moved");
    case SPK_MOVE_RULE_WAITING: return _("waits in the deployment stack");
    case SPK_MOVE_RULE_RECOVER: return _("must leave an invalid hex");
    case SPK_MOVE_RULE_HERO: return _("moves freely (a hero)");
    case SPK_N_MOVE_RULES:
    default: return "";
    }
}

static const char *
faction_name (const SpkBoard *board, const char *id)
{
  for (guint i = 0; id != NULL && i < board->factions->len; i++)
    {
      const SpkFaction *f = g_ptr_array_index (board->factions, i);

      if (g_str_equal (f->id, id))
        return f->name != NULL && *f->name != '\0' ? f->name : f->id;
    }
  return id;
}

char *
spk_move_answer_text (const SpkBoard *board, const SpkMoveResult *res)
{
  const SpkChip *chip;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (board != NULL && res != NULL, NULL);
  chip = spk_board_find_chip (board, res->chip);
  if (chip != NULL && chip->faction != NULL)
    /* Translators: unit name, its kind, its faction, its hex, then what the
     * rule asks of it ("must move to one of the marked hexes"). */
    g_string_append_printf (text, _("%s (%s, %s) at (%d,%d): %s\n"), spk_chip_label (chip),
                            spk_chip_kind_to_string (chip->kind), faction_name (board, chip->faction),
                            res->start.q, res->start.r, spk_move_rule_summary (res->rule));
  else
    g_string_append_printf (text, "%s (%s): %s\n", chip != NULL ? spk_chip_label (chip) : res->chip,
                            spk_chip_kind_to_string (res->kind), spk_move_rule_summary (res->rule));
  for (guint i = 0; i < res->explanation->len; i++)
    g_string_append_printf (text, "  %s\n", (const char *) g_ptr_array_index (res->explanation, i));
  if (res->rule == SPK_MOVE_RULE_PROGRESS)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "  Uses %d step; staying is not allowed.\n",
                                               "  Uses %d steps; staying is not allowed.\n",
                                               (gulong) res->movement_used),
                            res->movement_used);
  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);

      g_string_append_printf (text, "  %c  (%d,%d)  ", i < 26 ? (char) ('a' + i) : '*', dst->hex.q, dst->hex.r);
      for (guint s = 0; s < dst->n_path; s++)
        g_string_append_printf (text, "%s(%d,%d)", s > 0 ? " → " : "", dst->path[s].q, dst->path[s].r);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}
