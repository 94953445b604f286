/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-look.h: how the table is drawn, as the player chose it in
 * Preferences.
 *
 * One object for the whole app (spk_look_get_default): the faction
 * palette (the standard colours or a colour-blind-safe set), terrain
 * patterns (so terrain never rests on colour alone) and the labels on
 * the board's chips. The application binds it to GSettings; the palette,
 * the board's drawing and its legend read it, and every widget that draws
 * with it redraws on SpkLook::changed. Its serial counts the changes, so
 * a sprite cache can tell that what it holds was drawn another way. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define SPK_TYPE_LOOK (spk_look_get_type ())
G_DECLARE_FINAL_TYPE (SpkLook, spk_look, SPK, LOOK, GObject)

SpkLook  *spk_look_get_default          (void);

gboolean  spk_look_get_colour_blind     (SpkLook  *self);
void      spk_look_set_colour_blind     (SpkLook  *self,
                                         gboolean  colour_blind);
gboolean  spk_look_get_terrain_patterns (SpkLook  *self);
void      spk_look_set_terrain_patterns (SpkLook  *self,
                                         gboolean  patterns);
gboolean  spk_look_get_labels           (SpkLook  *self);
void      spk_look_set_labels           (SpkLook  *self,
                                         gboolean  labels);
/* Grows by one with every real change of any of the above. */
guint     spk_look_get_serial           (SpkLook  *self);

G_END_DECLS
