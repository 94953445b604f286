/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-palette.h"

#include <glib/gi18n.h>

#include "spk-look.h"

static void
rgba_from_hex (guint32 rgb, double alpha, SpkRgba *out)
{
  out->red = ((rgb >> 16) & 0xff) / 255.0f;
  out->green = ((rgb >> 8) & 0xff) / 255.0f;
  out->blue = (rgb & 0xff) / 255.0f;
  out->alpha = alpha;
}

/* The colour-blind-safe faction colours are four of the eight of Okabe
 * and Ito, "Color Universal Design: how to make figures and presentations
 * that are friendly to colorblind people" (2008): vermillion, blue,
 * orange and reddish purple, which stay apart for protanopes,
 * deuteranopes and tritanopes and differ in lightness as well. On dark
 * ground the set's sky blue stands in for its blue, which is too dark
 * there. docs/palette.md lists both palettes. */
void
spk_palette_faction (int index, gboolean dark, SpkRgba *out)
{
  static const guint32 light[SPK_PALETTE_N_FACTIONS] = { 0xc01c28, 0x1c71d8, 0xe5a50a, 0x813d9c };
  static const guint32 darkc[SPK_PALETTE_N_FACTIONS] = { 0xe01b24, 0x3584e4, 0xf6d32d, 0x9141ac };
  static const guint32 safe_light[SPK_PALETTE_N_FACTIONS] = { 0xd55e00, 0x0072b2, 0xe69f00, 0xcc79a7 };
  static const guint32 safe_dark[SPK_PALETTE_N_FACTIONS] = { 0xd55e00, 0x56b4e9, 0xe69f00, 0xcc79a7 };

  if (index < 0)
    {
      rgba_from_hex (dark ? 0x9a9996 : 0x77767b, 1.0, out);
      return;
    }
  index %= SPK_PALETTE_N_FACTIONS;
  if (spk_look_get_colour_blind (spk_look_get_default ()))
    rgba_from_hex (dark ? safe_dark[index] : safe_light[index], 1.0, out);
  else
    rgba_from_hex (dark ? darkc[index] : light[index], 1.0, out);
}

int
spk_palette_faction_index (const SpkBoard *board, const char *faction)
{
  if (faction == NULL || board == NULL)
    return -1;
  for (guint i = 0; i < board->factions->len; i++)
    if (g_strcmp0 (((const SpkFaction *) g_ptr_array_index (board->factions, i))->id, faction) == 0)
      return (int) i;
  return -1;
}

void
spk_palette_terrain (SpkTerrain terrain, gboolean dark, SpkRgba *out)
{
  static const guint32 light[SPK_N_TERRAINS] = { 0xe9d9a6, 0xb6d88c, 0x5c9a55, 0xa99d8f, 0x8cc6ea };
  static const guint32 darkc[SPK_N_TERRAINS] = { 0x8d7c4e, 0x5f7f3f, 0x2f5d2c, 0x675d55, 0x35698f };

  g_return_if_fail (terrain < SPK_N_TERRAINS);
  rgba_from_hex (dark ? darkc[terrain] : light[terrain], 1.0, out);
}

const char *
spk_palette_terrain_label (SpkTerrain terrain)
{
  switch (terrain)
    {
    case SPK_TERRAIN_PATH: return _("Path");
    case SPK_TERRAIN_PLAINS: return _("Plains");
    case SPK_TERRAIN_FOREST: return _("Forest");
    case SPK_TERRAIN_MOUNTAINS: return _("Mountains");
    case SPK_TERRAIN_WATER: return _("Water");
    case SPK_N_TERRAINS:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

void
spk_palette_well (gboolean dark, SpkRgba *out)
{
  rgba_from_hex (dark ? 0xc061cb : 0x9141ac, 1.0, out);
}

void
spk_palette_upgrade (SpkUpgrade upgrade, SpkRgba *out)
{
  static const guint32 colours[SPK_N_UPGRADES] = { 0xe66100, 0x1a5fb4, 0x5e5c64 };

  g_return_if_fail (upgrade < SPK_N_UPGRADES);
  rgba_from_hex (colours[upgrade], 1.0, out);
}

void
spk_palette_accent (gboolean dark, SpkRgba *out)
{
  rgba_from_hex (dark ? 0x78aeed : 0x1c71d8, 1.0, out);
}

void
spk_palette_moved (SpkRgba *fill, gboolean dark)
{
  SpkRgba grey;

  rgba_from_hex (dark ? 0x5e5c64 : 0xc0bfbc, 1.0, &grey);
  fill->red = (fill->red + grey.red) / 2;
  fill->green = (fill->green + grey.green) / 2;
  fill->blue = (fill->blue + grey.blue) / 2;
}

void
spk_palette_outline (gboolean dark, SpkRgba *out)
{
  rgba_from_hex (dark ? 0xf6f5f4 : 0x241f31, dark ? 0.8 : 0.85, out);
}

void
spk_palette_edge (gboolean dark, SpkRgba *out)
{
  rgba_from_hex (dark ? 0xd8d7d3 : 0x3b373f, 1.0, out);
}

void
spk_palette_background (gboolean dark, SpkRgba *out)
{
  rgba_from_hex (dark ? 0x242424 : 0xfafafa, 1.0, out);
}

gboolean
spk_palette_light_text_on (const SpkRgba *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue < 0.6;
}

void
spk_palette_set_text_source (cairo_t *cr, gboolean dark, double alpha)
{
  SpkRgba ink;

  rgba_from_hex (dark ? 0xededed : 0x1f1f24, alpha, &ink);
  spk_palette_set_source (cr, &ink, 1);
}
