/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-tool-palette.h: the Tools section of the Table page.
 *
 * The editing tools as toggle buttons, a sentence on what the chosen one
 * does, and its options: the terrain and group to paint, the chip editor
 * (Chip and Fortress tools), and for the Isle tool the isle templates to
 * lay, turn, mirror and save (kept in spk_isle_templates_default_path).
 * The tool is a property, so the page and the board follow it; what the
 * palette has to say goes out through the "message" signal. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-chip-editor.h"
#include "spk-table.h"

G_BEGIN_DECLS

/* What a click on the board does. */
typedef enum {
  SPK_TOOL_SELECT,
  SPK_TOOL_TERRAIN,
  SPK_TOOL_WELL,
  SPK_TOOL_GROUP,
  SPK_TOOL_CHIP,
  SPK_TOOL_FORTRESS,
  SPK_TOOL_ERASE,
  SPK_TOOL_ISLE,
} SpkTool;

#define SPK_N_TOOLS (SPK_TOOL_ISLE + 1)

/* Registered with the nicks "select", "terrain", ..., "isle": the
 * targets of the page.tool action. */
#define SPK_TYPE_TOOL (spk_tool_get_type ())
GType spk_tool_get_type (void);

#define SPK_TYPE_TOOL_PALETTE (spk_tool_palette_get_type ())

G_DECLARE_FINAL_TYPE (SpkToolPalette, spk_tool_palette, SPK, TOOL_PALETTE, AdwPreferencesGroup)

SpkTool        spk_tool_palette_get_tool        (SpkToolPalette *self);
void           spk_tool_palette_set_tool        (SpkToolPalette *self,
                                                 SpkTool         tool);
/* The table isles are laid on and saved from. */
void           spk_tool_palette_set_table       (SpkToolPalette *self,
                                                 SpkTable       *table);
/* The board the tool works on: it paints on a drag and reaches into the
 * sky as the tool wants; the Isle tool previews on its path layer and
 * saves the isle of its selected hex. */
void           spk_tool_palette_set_board_view  (SpkToolPalette *self,
                                                 SpkBoardView   *view);
SpkChipEditor *spk_tool_palette_get_chip_editor (SpkToolPalette *self);
/* The Terrain tool's terrain, and the group new and regrouped hexes go
 * in (Terrain and Group tools; "" when none is typed). */
SpkTerrain     spk_tool_palette_get_terrain     (SpkToolPalette *self);
const char    *spk_tool_palette_get_group       (SpkToolPalette *self);
/* The sentence under the tools. */
const char    *spk_tool_palette_get_hint_text   (SpkToolPalette *self);
/* The pointer moved over the board (or left it, !@inside). With the Isle
 * tool this previews the isle there and returns TRUE. */
gboolean       spk_tool_palette_hover           (SpkToolPalette *self,
                                                 gboolean        inside,
                                                 SpkHex          hex);
/* Turns the chosen isle @turns sixths clockwise, and mirrors it when
 * @flip. */
void           spk_tool_palette_turn_isle       (SpkToolPalette *self,
                                                 int             turns,
                                                 gboolean        flip);
/* Lays the chosen isle with its first hex on @anchor, as one step of the
 * table's history; with @announce a message names it, with Undo. */
gboolean       spk_tool_palette_lay_isle        (SpkToolPalette *self,
                                                 SpkHex          anchor,
                                                 gboolean        announce,
                                                 GError        **error);

/* What a click on @hex does with the tool: it paints, places, erases or
 * lays as one step of the table's history (the model says whether it
 * may), and says so. FALSE when the click was not used, so the board
 * selects the hex. */
gboolean       spk_tool_palette_apply           (SpkToolPalette *self,
                                                 SpkHex          hex);
/* A paint stroke begins or ends: its clicks go as one step, said once. */
void           spk_tool_palette_stroke          (SpkToolPalette *self,
                                                 gboolean        begin);

G_END_DECLS
