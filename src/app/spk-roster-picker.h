/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-roster-picker.h: the Chip tool's search of the game's roster.
 *
 * A row with a search entry over spk_roster_search's matches (name, owner,
 * kind, key stats), a "Promoted side" toggle, a "Custom Chip" button and a
 * line saying what the pick is. Enter in the search picks the first match,
 * Down moves into the matches (Up on the first goes back), Enter or a
 * click picks a row.
 *
 * A pick is the chip spk_roster_make_chip makes of the record's side for
 * the "faction"; "picked" says one was made, "custom" that the player
 * asked for a chip the roster lacks, "message" what went wrong. The
 * picker finds and picks; what is done with the chip is its owner's. */
#pragma once

#include <adwaita.h>

#include "spk-roster.h"

G_BEGIN_DECLS

#define SPK_TYPE_ROSTER_PICKER (spk_roster_picker_get_type ())

G_DECLARE_FINAL_TYPE (SpkRosterPicker, spk_roster_picker, SPK, ROSTER_PICKER, AdwPreferencesRow)

GtkWidget     *spk_roster_picker_new            (void);
/* The faction id picks are made for (the "faction" property). */
const char    *spk_roster_picker_get_faction    (SpkRosterPicker *self);
void           spk_roster_picker_set_faction    (SpkRosterPicker *self,
                                                 const char      *faction);
/* Makes the chip of @side of the record @id the pick and emits "picked";
 * FALSE, with a "message" and the pick unchanged, when the roster cannot
 * make it (no such side). */
gboolean       spk_roster_picker_pick           (SpkRosterPicker *self,
                                                 const char      *id,
                                                 SpkRosterSide    side);
/* The chip picked, or NULL when there is no pick. */
const SpkChip *spk_roster_picker_get_chip       (SpkRosterPicker *self);
/* Whether the roster could not fill @field of the pick (the names of
 * spk_roster_make_chip's unknown list: "health", "talents" ...). */
gboolean       spk_roster_picker_lacks          (SpkRosterPicker *self,
                                                 const char      *field);
/* What a spire picked costs to build, or SPK_ROSTER_UNKNOWN. */
int            spk_roster_picker_get_build_cost (SpkRosterPicker *self);
/* Forgets the pick: the line under the search says the chip is custom. */
void           spk_roster_picker_drop           (SpkRosterPicker *self);
/* The line under the search: what the pick is and what it lacks. */
void           spk_roster_picker_set_summary    (SpkRosterPicker *self,
                                                 const char      *text);

G_END_DECLS
