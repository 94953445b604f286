/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-board-description.h"

#include <glib/gi18n.h>

#include "spk-palette.h"

static const char *
faction_name (const SpkBoard *board, const char *id)
{
  const SpkFaction *f = spk_board_find_faction (board, id);

  if (f != NULL && f->name != NULL)
    return f->name;
  return id != NULL ? id : "";
}

static void
describe_chip (const SpkBoard *board, const SpkChip *chip, GString *out)
{
  const char *name = spk_chip_label (chip);

  switch (chip->kind)
    {
    case SPK_CHIP_MINION:
    case SPK_CHIP_HERO:
      g_string_append_printf (out,
                              chip->kind == SPK_CHIP_MINION
                              /* Translators: minion NAME (FACTION): health H of M, attack A, movement M, allowance TERRAIN. */
                              ? _("Minion %s (%s): health %d of %d, attack %d, movement %d, allowance %s.")
                              : _("Hero %s (%s): health %d of %d, attack %d, movement %d, allowance %s."),
                              name, faction_name (board, chip->faction), chip->health,
                              chip->max_health, chip->attack, chip->movement,
                              spk_palette_terrain_label (chip->allowance));
      if (chip->moved)
        g_string_append_printf (out, " %s", _("Moved this turn."));
      if (chip->grouped != NULL && chip->grouped->len > 0)
        {
          g_string_append_c (out, ' ');
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u minion grouped under it.",
                                                    "%u minions grouped under it.", chip->grouped->len),
                                  chip->grouped->len);
        }
      break;
    case SPK_CHIP_SPIRE:
      g_string_append_printf (out, _("Spire %s (%s)."), name, faction_name (board, chip->faction));
      break;
    case SPK_CHIP_LANDMARK:
      g_string_append_printf (out, chip->revealed ? _("Landmark %s, face up.") : _("Landmark %s, face down."), name);
      if (chip->health > 0)
        {
          g_string_append_c (out, ' ');
          g_string_append_printf (out, _("Health %d."), chip->health);
        }
      break;
    case SPK_N_CHIP_KINDS:
    default:
      g_return_if_reached ();
    }

  if (chip->upgrades != NULL && chip->upgrades->len > 0)
    {
      g_string_append_c (out, ' ');
      g_string_append_printf (out, _("Upgrades, top to bottom (%u of %d):"), chip->upgrades->len, chip->capacity);
      for (guint i = 0; i < chip->upgrades->len; i++)
        g_string_append_printf (out, "%s %s", i == 0 ? "" : ",",
                                spk_upgrade_label (g_array_index (chip->upgrades, SpkUpgrade, i)));
      g_string_append_c (out, '.');
    }
}

char *
spk_board_describe_hex (const SpkBoard *board, const SpkGrid *grid, SpkHex hex)
{
  GString *out;
  const SpkCell *cell;
  int index;

  if (board == NULL || grid == NULL || (index = spk_grid_find (grid, hex)) < 0)
    return NULL;
  cell = spk_grid_cell (grid, index);
  out = g_string_new (NULL);

  switch (cell->kind)
    {
    case SPK_CELL_HEX:
      g_string_append_printf (out, _("Hex %d, %d: %s, group %s."), hex.q, hex.r,
                              spk_palette_terrain_label (cell->terrain),
                              (const char *) g_ptr_array_index (grid->groups, cell->top_group));
      if (cell->well)
        g_string_append_printf (out, " %s", _("Source well."));
      if (cell->top_layer > 0)
        g_string_append_printf (out, " %s", _("Laid over another hex."));
      break;
    case SPK_CELL_GATE:
      {
        const SpkFortress *f = g_ptr_array_index (board->fortresses, cell->fortress);
        const SpkDeployment *d = spk_board_find_deployment (board, f->faction);

        g_string_append_printf (out, _("Hex %d, %d: fortress gate of %s."), hex.q, hex.r,
                                faction_name (board, f->faction));
        if (d != NULL && d->stack->len > 0)
          {
            const SpkChip *top = spk_board_find_chip (board, g_ptr_array_index (d->stack, 0));

            g_string_append_c (out, ' ');
            g_string_append_printf (out, _("Deployment stack of %u, top: %s."), d->stack->len,
                                    top != NULL && top->name != NULL ? top->name
                                    : (const char *) g_ptr_array_index (d->stack, 0));
          }
        break;
      }
    case SPK_CELL_FORTRESS_WELL:
      {
        const SpkFortress *f = g_ptr_array_index (board->fortresses, cell->fortress);

        g_string_append_printf (out, _("Hex %d, %d: fortress Source well of %s."), hex.q, hex.r,
                                faction_name (board, f->faction));
        break;
      }
    default:
      g_assert_not_reached ();
    }

  if (cell->chip >= 0)
    {
      g_string_append_c (out, ' ');
      describe_chip (board, g_ptr_array_index (board->chips, cell->chip), out);
    }
  if (cell->rider >= 0)
    {
      /* R-talent-5: a Spire Shot hero stands on the spire. */
      g_string_append_c (out, ' ');
      g_string_append (out, _("On the spire:"));
      g_string_append_c (out, ' ');
      describe_chip (board, g_ptr_array_index (board->chips, cell->rider), out);
    }
  return g_string_free (out, FALSE);
}
