/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SPK_TYPE_APPLICATION (spk_application_get_type ())

G_DECLARE_FINAL_TYPE (SpkApplication, spk_application, SPK, APPLICATION, AdwApplication)

SpkApplication *spk_application_new (void);

/* Called before GTK starts. Without a GPU (no @dri_dir, normally
 * /dev/dri: a virtual machine, a remote or headless display) GL would run
 * on Mesa's software rasterizer, which costs over 100 MB of memory and a
 * slower start and gains nothing here, as the board is drawn by the CPU in
 * any case: GDK is then told to leave GL alone (GDK_DEBUG=gl-disable).
 * A renderer the user chose (GSK_RENDERER or GDK_DEBUG set) is respected.
 * Returns TRUE when GL was turned off. */
gboolean        spk_application_skip_software_gl (const char *dri_dir);

G_END_DECLS
