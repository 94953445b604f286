/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spirekeeper-cli lookup: search the rules glossary.
 *
 *   lookup QUERY… [--game GAME] [--limit N] [--json] [--rulings] [--pack FILE]
 *   lookup --check-pack FILE        validate a pack (the data test suite)
 *
 * Exit codes: 0 something matched (or the pack is valid), 1 nothing
 * matched or the pack is broken, 2 usage.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "spk-cli.h"
#include "spk-glossary.h"
#include "spk-rules-import.h"
#include "spk-search.h"

static SpkGlossary *
load_pack (const char *path, const char *game)
{
  g_autofree char *found = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  SpkGlossary *g;

  if (path == NULL)
    path = found = spk_cli_find_game_pack ("lookup", game);
  if (path == NULL)
    return NULL;
  g = spk_glossary_load (path, &problems, &error);
  for (guint i = 0; g == NULL && i < problems->len; i++)
    g_printerr ("%s\n", ((GError *) problems->pdata[i])->message);
  return g;
}

static int
check_pack (const char *path)
{
  g_autoptr(SpkGlossary) g = load_pack (path, NULL);
  guint official = 0;

  if (g == NULL)
    return SPK_CLI_FAILED;
  for (guint i = 0; i < spk_glossary_get_n_entries (g); i++)
    if (spk_glossary_get_entry (g, i)->official)
      official++;
  g_print (_("%s: valid glossary “%s”, %u entries (%u official terms), %u tables\n"),
           path, spk_glossary_get_title (g), spk_glossary_get_n_entries (g), official,
           spk_glossary_get_n_tables (g));
  return SPK_CLI_OK;
}

static void
print_titles (const char *label, GPtrArray *entries)
{
  if (entries->len == 0)
    return;
  g_print ("%s ", label);
  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *path = spk_glossary_entry_path (entries->pdata[i]);
      g_print ("%s%s", i > 0 ? "; " : "", path);
    }
  g_print ("\n");
}

static void
print_table (const SpkGlossaryTable *t)
{
  g_autofree char *head = g_strjoinv (" | ", t->columns);

  g_print ("\n%s\n  %s\n", t->title, head);
  for (guint r = 0; r < t->rows->len; r++)
    {
      g_autofree char *row = g_strjoinv (" | ", t->rows->pdata[r]);
      g_print ("  %s\n", row);
    }
  if (t->note != NULL)
    g_print ("  %s\n", t->note);
}

/* A ruling's source and the terms it concerns; a term's published
 * rulings, each with where it was published. */
static void
print_published (SpkGlossary *g, const SpkGlossaryEntry *e)
{
  if (e->kind == SPK_GLOSSARY_KIND_RULING)
    {
      g_autoptr(GPtrArray) concerns = g_ptr_array_new ();
      g_autofree char *card = spk_glossary_entry_card_label (e);

      if (card != NULL)
        g_print ("\n%s", card);
      for (guint i = 0; e->concerns[i] != NULL; i++)
        g_ptr_array_add (concerns, (gpointer) spk_glossary_lookup (g, e->concerns[i]));
      g_print ("\n%s %s\n", _("Source:"), e->source);
      print_titles (_("Concerns:"), concerns);
      return;
    }
  for (guint i = 0; i < e->rulings_about->len; i++)
    {
      const SpkGlossaryEntry *r = g_ptr_array_index (e->rulings_about, i);
      g_print ("%s%s (%s)\n", i == 0 ? _("\nPublished rulings:\n  • ") : "  • ", r->title, r->source);
    }
}

static void
print_entry (SpkGlossary *g, const SpkGlossaryEntry *e)
{
  g_autofree char *path = spk_glossary_entry_path (e);
  g_autoptr(GPtrArray) see = g_ptr_array_new ();
  g_autoptr(GPtrArray) tables = spk_glossary_tables_for_entry (g, e->id);
  g_autofree char *imported = spk_rules_import_default_path ();

  g_print ("%s\n\n%s\n", path, e->body);
  for (guint i = 0; e->rulings[i] != NULL; i++)
    g_print ("%s%s\n", i == 0 ? _("\nRulings:\n  • ") : "  • ", e->rulings[i]);
  print_published (g, e);
  for (guint i = 0; i < tables->len; i++)
    print_table (tables->pdata[i]);
  for (guint i = 0; e->see_also[i] != NULL; i++)
    g_ptr_array_add (see, (gpointer) spk_glossary_lookup (g, e->see_also[i]));
  if (see->len > 0 || e->backlinks->len > 0)
    g_print ("\n");
  print_titles (_("See also:"), see);
  print_titles (_("Referenced by:"), e->backlinks);

  /* The player's own copy of the official text, when they imported one. */
  if (g_file_test (imported, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(SpkRulesImport) official = spk_rules_import_load_saved (imported, NULL);
      const SpkRulesTerm *t = official != NULL ? spk_rules_import_find (official, e) : NULL;

      if (t != NULL)
        {
          g_print ("\n%s\n", _("Official wording (your imported copy):"));
          for (guint i = 0; t->paragraphs[i] != NULL; i++)
            g_print ("  %s\n", t->paragraphs[i]);
        }
    }
}

int
spk_cli_lookup (int argc, char **argv)
{
  gboolean json = FALSE;
  gboolean rulings = FALSE;
  int limit = 10;
  g_autofree char *check = NULL;
  g_autofree char *pack = NULL;
  g_autofree char *game = NULL;
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game, N_("Search the glossary of this game (default cloudspire)"), "GAME" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the ranked results as JSON"), NULL },
    { "rulings", 0, 0, G_OPTION_ARG_NONE, &rulings, N_("Search the published FAQ and errata rulings only"), NULL },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit, N_("Show at most N results (default 10)"), "N" },
    { "pack", 0, 0, G_OPTION_ARG_FILENAME, &pack, N_("Search this glossary pack instead of the installed one"), "FILE" },
    { "check-pack", 0, 0, G_OPTION_ARG_FILENAME, &check, N_("Only validate a glossary pack"), "FILE" },
    { NULL }
  };
  const SpkCliCommand *cmd = spk_cli_find_command ("lookup");
  g_autoptr(SpkGlossary) g = NULL;
  g_autoptr(SpkSearchIndex) index = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autofree char *query = NULL;
  int code;

  if (!spk_cli_parse (cmd, entries, &argc, &argv, 0, -1, &code))
    return code;
  if (check != NULL)
    {
      if (argc > 1)
        {
          g_printerr (_("spirekeeper-cli lookup: --check-pack takes no query\n"));
          return SPK_CLI_USAGE;
        }
      return check_pack (check);
    }
  if (argc < 2 || limit < 1)
    {
      g_printerr (argc < 2 ? _("spirekeeper-cli lookup: expected %s\n")
                           : _("spirekeeper-cli lookup: --limit must be 1 or more\n"), cmd->args);
      g_printerr (_("Try “spirekeeper-cli %s --help”.\n"), cmd->name);
      return SPK_CLI_USAGE;
    }

  if (pack != NULL && game != NULL)
    {
      g_printerr (_("spirekeeper-cli lookup: give --game or --pack, not both\n"));
      return SPK_CLI_USAGE;
    }
  g = load_pack (pack, game != NULL ? game : SPK_CLI_DEFAULT_GAME);
  if (g == NULL)
    return SPK_CLI_FAILED;
  query = g_strjoinv (" ", argv + 1);
  index = spk_search_index_new (g);
  results = spk_search_index_query_filtered (index, query, (guint) limit,
                                             rulings ? SPK_SEARCH_RULINGS_ONLY : SPK_SEARCH_ANY);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (b);
      for (guint i = 0; i < results->len; i++)
        {
          SpkSearchResult *r = results->pdata[i];
          g_autofree char *snippet = spk_search_result_mark (r, "«", "»");

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, r->entry->id);
          json_builder_set_member_name (b, "title");
          json_builder_add_string_value (b, r->entry->title);
          json_builder_set_member_name (b, "score");
          json_builder_add_double_value (b, r->score);
          json_builder_set_member_name (b, "snippet");
          json_builder_add_string_value (b, snippet);
          if (r->entry->source != NULL)
            {
              json_builder_set_member_name (b, "source");
              json_builder_add_string_value (b, r->entry->source);
            }
          if (r->entry->card != NULL)
            {
              json_builder_set_member_name (b, "card");
              json_builder_add_string_value (b, r->entry->card);
            }
          if (r->entry->spec != NULL)
            {
              json_builder_set_member_name (b, "spec");
              json_builder_add_string_value (b, r->entry->spec);
            }
          if (r->concept != NULL)
            {
              /* How the question was read: "kill" as Defeat. */
              json_builder_set_member_name (b, "matched_phrase");
              json_builder_add_string_value (b, r->matched_phrase);
              json_builder_set_member_name (b, "concept");
              json_builder_add_string_value (b, r->concept->name);
            }
          else if (r->asked_like != NULL)
            {
              /* The earlier question it was asked like (R-rules-12). */
              json_builder_set_member_name (b, "asked_like");
              json_builder_add_string_value (b, r->asked_like);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      root = json_builder_get_root (b);
      spk_cli_print_json (root);
      return results->len > 0 ? SPK_CLI_OK : SPK_CLI_FAILED;
    }

  if (results->len == 0)
    {
      g_printerr (_("No glossary entry matches “%s”.\n"), query);
      return SPK_CLI_FAILED;
    }
  print_entry (g, ((SpkSearchResult *) results->pdata[0])->entry);
  if (results->len > 1)
    {
      g_print ("\n%s\n", _("Other matches:"));
      for (guint i = 1; i < results->len; i++)
        {
          SpkSearchResult *r = results->pdata[i];
          g_autofree char *path = spk_glossary_entry_path (r->entry);
          g_autofree char *snippet = spk_search_result_mark (r, "[", "]");
          g_print ("  %s — %s\n", path, snippet);
        }
    }
  return SPK_CLI_OK;
}
