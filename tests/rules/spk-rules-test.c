/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-rules-test.h"

SpkRulesImport *
spk_rules_test_import_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  SpkRulesImport *im = spk_rules_import_parse (text, -1, &error);

  g_assert_no_error (error);
  return im;
}

SpkRulesTerm *
spk_rules_test_term (SpkRulesImport *im, guint i)
{
  g_assert_cmpuint (i, <, im->terms->len);
  return im->terms->pdata[i];
}

char *
spk_rules_test_path_of (const SpkRulesTerm *t)
{
  g_autofree char *sec = g_strjoinv (" > ", t->section);
  return *sec ? g_strdup_printf ("%s > %s", sec, t->title) : g_strdup (t->title);
}

void
spk_rules_test_assert_paths (SpkRulesImport *im, const char *const *want)
{
  /* Paths first: a wrong one says more than a wrong count. */
  for (guint i = 0; want[i] != NULL && i < im->terms->len; i++)
    {
      g_autofree char *p = spk_rules_test_path_of (spk_rules_test_term (im, i));
      g_assert_cmpstr (p, ==, want[i]);
    }
  g_assert_cmpuint (im->terms->len, ==, g_strv_length ((char **) want));
}
