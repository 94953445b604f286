/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-answer-text.h"

#include <glib/gi18n.h>

#include "spk-spire.h"

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

char *
spk_rule_readings_text (const SpkBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  if (board->campfire_rule == SPK_CAMPFIRE_NO_OPPOSING)
    return g_strdup ("");
  /* Translators: the reading, as spk_campfire_rule_label says it. */
  return g_strdup_printf (_("Reading in force: campfire mode begins when %s.\n"),
                          spk_campfire_rule_label (board->campfire_rule));
}

static char *
end_with_readings (const SpkBoard *board, GString *text)
{
  g_autofree char *readings = spk_rule_readings_text (board);

  g_string_append (text, readings);
  return g_string_free (text, FALSE);
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
                            spk_chip_kind_label (chip->kind), spk_board_faction_label (board, chip->faction),
                            res->start.q, res->start.r, spk_move_rule_summary (res->rule));
  else
    g_string_append_printf (text, "%s (%s): %s\n", chip != NULL ? spk_chip_label (chip) : res->chip,
                            spk_chip_kind_label (res->kind), spk_move_rule_summary (res->rule));
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
  return end_with_readings (board, text);
}

static void
upgrade_option_clear (gpointer data)
{
  g_clear_pointer (&((SpkUpgradeOption *) data)->reason, g_free);
}

GArray *
spk_spire_upgrade_options (SpkTable *table, const char *spire)
{
  const SpkChip *chip;
  GArray *options;

  g_return_val_if_fail (SPK_IS_TABLE (table), NULL);
  chip = spire != NULL ? spk_board_find_chip (spk_table_get_board (table), spire) : NULL;
  if (chip == NULL || chip->kind != SPK_CHIP_SPIRE)
    return NULL;
  options = g_array_sized_new (FALSE, TRUE, sizeof (SpkUpgradeOption), SPK_N_UPGRADES);
  g_array_set_clear_func (options, upgrade_option_clear);
  for (int u = 0; u < SPK_N_UPGRADES; u++)
    {
      SpkUpgradeOption option = { u, spk_spire_upgrade_cost ((int) chip->upgrades->len, chip->capacity, u), FALSE, NULL };
      g_autoptr(GError) why = NULL;

      /* The model answers in a dry run of the purchase itself (R-build-1,
       * R-build-2, R-build-4). */
      spk_table_begin_dry_run (table);
      option.allowed = spk_table_upgrade_spire (table, spire, u, FALSE, &why);
      spk_table_end_dry_run (table);
      if (!option.allowed)
        option.reason = g_strdup (why != NULL ? why->message : "");
      g_array_append_val (options, option);
    }
  return options;
}

static const char *
upgrade_label (SpkUpgrade upgrade)
{
  switch (upgrade)
    {
    case SPK_UPGRADE_ATTACK: return _("Attack upgrade");
    case SPK_UPGRADE_RANGE: return _("Range upgrade");
    case SPK_UPGRADE_FORTIFICATION: return _("Fortification upgrade");
    case SPK_N_UPGRADES:
    default: return "";
    }
}

char *
spk_spire_answer_text (SpkTable *table, const char *spire)
{
  const SpkBoard *board;
  const SpkChip *chip;
  const SpkFaction *owner;
  g_autoptr(GArray) options = spk_spire_upgrade_options (table, spire);
  GString *text;

  if (options == NULL)
    return NULL;
  board = spk_table_get_board (table);
  chip = spk_board_find_chip (board, spire);
  owner = spk_board_find_faction (board, chip->faction);
  text = g_string_new (NULL);
  /* Translators: spire name, its faction, its hex; then its faction's
   * Source, the spire's attack dice, range and upgrades. */
  g_string_append_printf (text, _("%s (spire, %s) at (%d,%d): %s has %d Source; attack %d, range %d, %u of %d upgrades\n"),
                          spk_chip_label (chip), spk_board_faction_label (board, chip->faction), chip->q, chip->r,
                          spk_board_faction_label (board, chip->faction), owner != NULL ? owner->source : 0,
                          spk_spire_attack (chip), spk_spire_range (chip), chip->upgrades->len, chip->capacity);
  for (guint i = 0; i < options->len; i++)
    {
      const SpkUpgradeOption *o = &g_array_index (options, SpkUpgradeOption, i);

      if (o->allowed)
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "  %s: costs %d Source\n",
                                                   "  %s: costs %d Source\n", (gulong) o->cost),
                                upgrade_label (o->upgrade), o->cost);
      else
        /* Translators: an upgrade, then the reason it cannot be bought. */
        g_string_append_printf (text, _("  %s: not now. %s\n"), upgrade_label (o->upgrade), o->reason);
    }
  return end_with_readings (board, text);
}
