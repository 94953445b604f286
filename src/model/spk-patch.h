/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-patch.h: the difference between two table documents, and applying it
 * either way.
 *
 * A table document is the JSON tree of a table file (spk_table_file_to_node)
 * without its history. A patch is a JSON array of changes, each naming what
 * it touches ("in": the top-level array, or "table" for the top-level
 * values) and the entity's key, with only the members that changed, so a
 * step in the undo history costs a few dozen bytes. docs/table-format.md
 * describes the encoding. Patches are exact: applying the patch of
 * (before, after) forwards to before gives a document equal to after, and
 * backwards to after gives one equal to before.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The changes that turn @before into @after (both objects); an empty array
 * when they are equal. */
JsonNode *spk_patch_diff    (JsonNode  *before,
                             JsonNode  *after);

/* Applies @patch to @doc in place, forwards (old → new) or backwards.
 * Returns FALSE with SPK_TABLE_ERROR_VALUE when the patch does not fit the
 * document (an entity it names is missing, or already there); @doc may then
 * be partly changed and must be rebuilt by the caller. */
gboolean  spk_patch_apply   (JsonNode  *doc,
                             JsonNode  *patch,
                             gboolean   forwards,
                             GError   **error);

/* TRUE when @patch holds no change. */
gboolean  spk_patch_is_empty (JsonNode *patch);

G_END_DECLS
