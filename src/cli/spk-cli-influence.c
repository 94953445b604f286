/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-influence.h"

static const char *chip_at (const SpkBoard *board, SpkHex h);

/* With @board, each hex names the chip standing on it (R-spire-8: the chip
 * whose defeat would earn the spire reward there). */
static void
add_hexes (JsonBuilder *b, const char *name, const GArray *hexes, const SpkBoard *board)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < hexes->len; i++)
    {
      SpkHex h = g_array_index (hexes, SpkHex, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "q");
      json_builder_add_int_value (b, h.q);
      json_builder_set_member_name (b, "r");
      json_builder_add_int_value (b, h.r);
      if (board != NULL)
        {
          json_builder_set_member_name (b, "chip");
          json_builder_add_string_value (b, chip_at (board, h));
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static char *
hex_list (const GArray *hexes)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      SpkHex h = g_array_index (hexes, SpkHex, i);

      g_string_append_printf (s, "%s(%d,%d)", i > 0 ? " " : "", h.q, h.r);
    }
  if (hexes->len == 0)
    g_string_append (s, _("none"));
  return g_string_free (s, FALSE);
}

/* The chip standing on @h (on the board), for naming a reward site. */
static const char *
chip_at (const SpkBoard *board, SpkHex h)
{
  for (guint i = 0; i < board->chips->len; i++)
    {
      const SpkChip *c = g_ptr_array_index (board->chips, i);

      if (c->placed && c->q == h.q && c->r == h.r)
        return c->id;
    }
  return "";
}

static char *
reward_list (const SpkBoard *board, const GArray *hexes)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < hexes->len; i++)
    {
      SpkHex h = g_array_index (hexes, SpkHex, i);

      g_string_append_printf (s, "%s(%d,%d) %s", i > 0 ? ", " : "", h.q, h.r, chip_at (board, h));
    }
  if (hexes->len == 0)
    g_string_append (s, _("none"));
  return g_string_free (s, FALSE);
}

int
spk_cli_influence (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(SpkBoard) board = NULL;
  g_autoptr(SpkInfluence) inf = NULL;
  g_autoptr(GError) error = NULL;
  int code;

  board = spk_cli_start ("influence", 2, 2, &argc, &argv, &json, &code);
  if (board == NULL)
    return code;
  inf = spk_influence_compute (board, argv[2], &error);
  if (inf == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "groups");
      json_builder_begin_array (b);
      for (guint i = 0; i < inf->groups->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (inf->groups, i));
      json_builder_end_array (b);
      add_hexes (b, "hexes", inf->hexes, NULL);
      add_hexes (b, "buildable_wells", inf->buildable_wells, NULL);
      json_builder_set_member_name (b, "spires_in_play");
      json_builder_add_int_value (b, inf->spires_in_play);
      json_builder_set_member_name (b, "spire_limit");
      json_builder_add_int_value (b, inf->spire_limit);
      add_hexes (b, "reward_sites", inf->reward_wells, board);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
    }
  else
    {
      g_autofree char *groups = NULL;
      g_autofree char *wells = hex_list (inf->buildable_wells);
      g_autofree char *rewards = reward_list (board, inf->reward_wells);

      g_ptr_array_add (inf->groups, NULL);
      groups = inf->groups->len > 1 ? g_strjoinv (", ", (char **) inf->groups->pdata)
                                    : g_strdup (_("none"));
      g_ptr_array_remove_index (inf->groups, inf->groups->len - 1);
      g_print (_("%s has influence over %u hex groups (%s) and %u hexes.\n"),
               inf->faction, inf->groups->len, groups, inf->hexes->len);
      g_print (_("Spires in play: %d of %d.\n"), inf->spires_in_play, inf->spire_limit);
      g_print (_("May construct a spire on: %s\n"), wells);
      g_print (_("Spire reward sites (defeat the chip there): %s\n"), rewards);
    }
  return SPK_CLI_OK;
}
