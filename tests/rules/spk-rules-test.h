/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers shared by the importer's tests: parse or fail the test, and
 * compare the terms of an import by their "Parent > Child" paths. */
#pragma once

#include "spk-rules-import.h"

/* Parses @text, asserting it imports. */
SpkRulesImport *spk_rules_test_import_text (const char *text);
/* The term at @i, asserting there is one. */
SpkRulesTerm   *spk_rules_test_term        (SpkRulesImport *im,
                                            guint           i);
/* "Parent > Child" of a term. */
char           *spk_rules_test_path_of     (const SpkRulesTerm *t);
/* The import holds exactly these paths, in this order. */
void            spk_rules_test_assert_paths (SpkRulesImport    *im,
                                             const char *const *want);
