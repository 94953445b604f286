/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-isle-template.h: isle templates, so each physical isle is entered
 * once and then laid out in any of its twelve orientations.
 *
 * A template is the shape of one hex group: each hex's offset from the
 * group's first hex (lowest r, then lowest q), its terrain and well. It
 * knows nothing of GTK; the Table page keeps a list of them in the user's
 * data directory as JSON.
 */
#pragma once

#include <glib.h>

#include "spk-board.h"

G_BEGIN_DECLS

#define SPK_ISLE_TEMPLATE_ERROR (spk_isle_template_error_quark ())

typedef enum {
  SPK_ISLE_TEMPLATE_ERROR_NO_GROUP,  /* the board has no hex in that group */
  SPK_ISLE_TEMPLATE_ERROR_FORMAT,    /* the saved list is not ours */
} SpkIsleTemplateError;

typedef struct {
  int        q, r;      /* offset in a template, position once placed */
  SpkTerrain terrain;
  gboolean   well;
} SpkTemplateHex;

typedef struct {
  char   *name;
  GArray *hexes;        /* of SpkTemplateHex, offsets; the first is (0, 0) */
} SpkIsleTemplate;

GQuark           spk_isle_template_error_quark (void);

/* The shape of @group (top layer terrain and wells of its hexes). */
SpkIsleTemplate *spk_isle_template_from_group  (const SpkBoard *board,
                                                const char     *group,
                                                const char     *name,
                                                GError        **error);
void             spk_isle_template_free        (SpkIsleTemplate *self);

/* The hexes laid with the template's (0, 0) on @anchor, turned clockwise
 * by @rotation sixths of a turn (any integer), mirrored first when
 * @mirror. Returns an array of SpkTemplateHex with board positions. */
GArray          *spk_isle_template_place       (const SpkIsleTemplate *self,
                                                SpkHex                 anchor,
                                                int                    rotation,
                                                gboolean               mirror);

/* Offsets turned and mirrored as by spk_isle_template_place. */
SpkHex           spk_hex_rotate                (SpkHex hex,
                                                int    rotation);
SpkHex           spk_hex_mirror                (SpkHex hex);

/* The saved list: {"format": "spirekeeper-isle-templates", "version": 1,
 * "templates": [{"name", "hexes": [{"q", "r", "terrain", "well"}]}]}. */
char            *spk_isle_templates_to_data    (GPtrArray   *templates,
                                                gsize       *length);
GPtrArray       *spk_isle_templates_from_data  (const char  *data,
                                                gssize       length,
                                                GError     **error);
/* g_get_user_data_dir()/spirekeeper/isle-templates.json */
char            *spk_isle_templates_default_path (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkIsleTemplate, spk_isle_template_free)

G_END_DECLS
