/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli import-rules: read a player's own copy of the Rules
 * Reference (any export spk_rules_import_detect() knows: text, tables,
 * CSV/TSV, Markdown, a saved web page, JSON) and optionally keep it for the
 * app, which shows it as "official wording" beside our entries.
 *
 *   import-rules FILE [--json] [--save] [--output PATH] [--game GAME | --pack FILE]
 *
 * The import is of one game's Rules Reference (--game, default cloudspire,
 * or the game of --pack), recorded with it so its wording is shown beside
 * that game's entries only.
 *
 * Exit codes: 0 terms were found (warnings go to stderr), 1 the file could
 * not be read, held no terms or could not be saved, 2 usage.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-glossary.h"
#include "spk-rules-import.h"

static void
add_strv (JsonBuilder *b, const char *name, char **v)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; v[i] != NULL; i++)
    json_builder_add_string_value (b, v[i]);
  json_builder_end_array (b);
}

/* Terms of the import that no entry of the pack claims, by title. */
static GPtrArray *
unmatched_terms (const SpkRulesImport *im, SpkGlossary *g, guint *matched_entries)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autoptr(GHashTable) claimed = g_hash_table_new (NULL, NULL);

  *matched_entries = 0;
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    {
      const SpkRulesTerm *t = spk_rules_import_find (im, spk_glossary_get_entry (g, i));
      if (t != NULL)
        {
          g_hash_table_add (claimed, (gpointer) t);
          (*matched_entries)++;
        }
    }
  for (guint i = 0; i < im->terms->len; i++)
    if (!g_hash_table_contains (claimed, im->terms->pdata[i]))
      g_ptr_array_add (out, im->terms->pdata[i]);
  return out;
}

int
spk_cli_import_rules (int argc, char **argv)
{
  gboolean json = FALSE, save = FALSE;
  g_autofree char *output = NULL;
  g_autofree char *pack = NULL;
  g_autofree char *game = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the terms found as JSON"), NULL },
    { "save", 0, 0, G_OPTION_ARG_NONE, &save, N_("Keep the import for the app (official wording)"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save to PATH instead of the user data folder (implies --save)"), "PATH" },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("The game whose Rules Reference this is (default cloudspire)"), "GAME" },
    { "pack", 0, 0, G_OPTION_ARG_FILENAME, &pack, N_("Match against this glossary pack instead of the installed one"), "FILE" },
    { NULL }
  };
  g_autoptr(SpkRulesImport) im = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpkGlossary) g = NULL;
  g_autoptr(GPtrArray) unmatched = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *base = NULL;
  guint matched_entries = 0;
  int code;

  if (!spk_cli_parse (spk_cli_find_command ("import-rules"), entries, &argc, &argv, 1, 1, &code))
    return code;

  im = spk_rules_import_load (argv[1], &error);
  if (im == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return SPK_CLI_FAILED;
    }

  if (pack != NULL && game != NULL)
    {
      g_printerr (_("spirekeeper-cli import-rules: give --game or --pack, not both\n"));
      return SPK_CLI_USAGE;
    }
  /* Without the default game's pack the import is still read and kept,
   * only not matched; a game asked for must exist. */
  if (pack == NULL && game != NULL && (pack = spk_cli_find_game_pack ("import-rules", game)) == NULL)
    return SPK_CLI_FAILED;
  if (pack == NULL)
    pack = spk_glossary_find_pack (SPK_CLI_DEFAULT_GAME);
  if (pack != NULL)
    g = spk_glossary_load (pack, NULL, NULL);
  im->game = g_strdup (g != NULL ? spk_glossary_get_game (g) : game != NULL ? game : SPK_CLI_DEFAULT_GAME);
  if (g != NULL)
    unmatched = unmatched_terms (im, g, &matched_entries);

  if (save || output != NULL)
    {
      saved = output != NULL ? g_strdup (output) : spk_rules_import_default_path ();
      base = g_path_get_basename (argv[1]);
      if (!spk_rules_import_save (im, saved, base, &error))
        {
          g_printerr ("%s\n", error->message);
          return SPK_CLI_FAILED;
        }
    }

  for (guint i = 0; i < im->warnings->len; i++)
    g_printerr ("%s: %s\n", argv[1], (char *) im->warnings->pdata[i]);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "format");
      json_builder_add_string_value (b, spk_rules_format_id (im->format));
      json_builder_set_member_name (b, "terms");
      json_builder_begin_array (b);
      for (guint i = 0; i < im->terms->len; i++)
        {
          SpkRulesTerm *t = im->terms->pdata[i];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "title");
          json_builder_add_string_value (b, t->title);
          add_strv (b, "section", t->section);
          add_strv (b, "see_also", t->see_also);
          add_strv (b, "paragraphs", t->paragraphs);
          json_builder_set_member_name (b, "line");
          json_builder_add_int_value (b, t->line);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "warnings");
      json_builder_begin_array (b);
      for (guint i = 0; i < im->warnings->len; i++)
        json_builder_add_string_value (b, im->warnings->pdata[i]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "furniture_lines");
      json_builder_add_int_value (b, im->n_furniture);
      if (g != NULL)
        {
          json_builder_set_member_name (b, "matched_entries");
          json_builder_add_int_value (b, matched_entries);
          json_builder_set_member_name (b, "unmatched_terms");
          json_builder_begin_array (b);
          for (guint i = 0; i < unmatched->len; i++)
            json_builder_add_string_value (b, ((SpkRulesTerm *) unmatched->pdata[i])->title);
          json_builder_end_array (b);
        }
      json_builder_set_member_name (b, "saved");
      if (saved != NULL)
        json_builder_add_string_value (b, saved);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return SPK_CLI_OK;
    }

  g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u term found (%s export)\n",
                        "%s: %u terms found (%s export)\n", im->terms->len),
           argv[1], im->terms->len, spk_rules_format_name (im->format));
  for (guint i = 0; i < im->terms->len; i++)
    {
      SpkRulesTerm *t = im->terms->pdata[i];
      g_autofree char *section = g_strjoinv (" – ", t->section);
      g_autofree char *see = g_strjoinv ("; ", t->see_also);

      g_print ("  %s%s%s", section, *section ? " – " : "", t->title);
      if (t->paragraphs[0] == NULL)
        g_print (" %s", _("(no text)"));
      if (*see != '\0')
        g_print ("  → %s", see);
      g_print ("\n");
    }
  if (g != NULL)
    g_print (_("Matches %u of %u glossary entries.\n"), matched_entries, spk_glossary_get_n_entries (g));
  if (im->warnings->len > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%u warning (see above).\n", "%u warnings (see above).\n",
                          im->warnings->len), im->warnings->len);
  if (saved != NULL)
    g_print (_("Saved for the app as %s\n"), saved);
  return SPK_CLI_OK;
}
