/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-chip-editor.h: the Chip tool's editor on the Table page.
 *
 * The fields of a chip to place, to add to a deployment stack or to give
 * to the selected chip: kind, faction, name, the numbers and lists each
 * kind of chip has. Only the rows the chosen kind has are shown, and only
 * those are read. Its Apply and Remove buttons act on the chip selected on
 * the board view; what they did is said through the "message" signal.
 *
 * Above the fields, an SpkRosterPicker for the chosen faction: its pick
 * fills the fields, and the chips built then carry its roster id,
 * promoted side and rewards. The fields the roster lacks are shown empty
 * and marked, and building is refused until the player types them.
 * Its "Custom Chip" goes back to the free form, from the template's
 * values. */
#pragma once

#include <adwaita.h>

#include "spk-board-view.h"
#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_CHIP_EDITOR (spk_chip_editor_get_type ())

G_DECLARE_FINAL_TYPE (SpkChipEditor, spk_chip_editor, SPK, CHIP_EDITOR, AdwPreferencesGroup)

/* The table new ids must be unused in, and Apply and Remove act on. */
void        spk_chip_editor_set_table      (SpkChipEditor *self,
                                            SpkTable      *table);
/* Whose selected chip Apply and Remove act on. */
void        spk_chip_editor_set_board_view (SpkChipEditor *self,
                                            SpkBoardView  *view);
/* The factions to choose from: @ids (of char*, kept) in the order of
 * @names. The choice goes back to the first. */
void        spk_chip_editor_set_factions   (SpkChipEditor *self,
                                            GPtrArray     *ids,
                                            GListModel    *names);
const char *spk_chip_editor_get_faction    (SpkChipEditor *self);
/* Chooses @id when it is one of the factions; otherwise nothing changes. */
void        spk_chip_editor_set_faction    (SpkChipEditor *self,
                                            const char    *id);
/* The chip the editor describes, with @id, or when @id is NULL a readable
 * id from its name unused on the table. NULL with @error when a field
 * does not read (a number that is no number, an unknown upgrade). */
SpkChip    *spk_chip_editor_build          (SpkChipEditor *self,
                                            const char    *id,
                                            GError       **error);
/* What a spire built in a game phase costs its faction (R-build-5). */
int         spk_chip_editor_get_build_cost (SpkChipEditor *self);
/* Shows @chip; it is the chip the editor follows until reset. A roster
 * pick is dropped. */
void        spk_chip_editor_load           (SpkChipEditor *self,
                                            const SpkChip *chip);
/* Clears what belongs to one chip only (name, talents, upgrades, the
 * switches), so the next chip does not take it by mistake; with a roster
 * pick, shows the pick's values again instead. */
void        spk_chip_editor_reset          (SpkChipEditor *self);
/* After a step: the chip the editor follows is shown afresh when it
 * changed on the table, and the editor is reset when it is gone. */
void        spk_chip_editor_refresh        (SpkChipEditor *self);

G_END_DECLS
