/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-isle-template.h: isle templates, so each physical isle is entered
 * once and then laid out in any of its twelve orientations.
 *
 * A template is the shape of one hex group: each hex's offset from the
 * group's first hex (lowest r, then lowest q), its terrain and well. It
 * knows nothing of GTK; the Table page keeps the player's own list in the
 * user's data directory as JSON, and the game's published tiles ship in
 * the same format as built-in templates (data/templates/).
 */
#pragma once

#include <glib.h>

#include "spk-board.h"
#include "spk-earthscape.h"

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

/* An isle is laid on open sky while the table is set up; an earthscape
 * may also be laid by the faction that bought it (spk_table_place_earthscape). */
typedef enum {
  SPK_TEMPLATE_ISLE,
  SPK_TEMPLATE_EARTHSCAPE,
} SpkTemplateKind;

typedef struct {
  char            *name;
  GArray          *hexes;    /* of SpkTemplateHex, offsets; the first is (0, 0) */
  SpkTemplateKind  kind;
  gboolean         builtin;  /* shipped with Spirekeeper: never saved, renamed or deleted */
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

/* The placed hexes (as by spk_isle_template_place) as an earthscape piece
 * of the hex group @group, for spk_earthscape_check and
 * spk_table_place_earthscape. */
SpkEarthscape   *spk_isle_template_to_earthscape (const SpkIsleTemplate *self,
                                                  SpkHex                 anchor,
                                                  int                    rotation,
                                                  gboolean               mirror,
                                                  const char            *group);

/* Offsets turned and mirrored as by spk_isle_template_place. */
SpkHex           spk_hex_rotate                (SpkHex hex,
                                                int    rotation);
SpkHex           spk_hex_mirror                (SpkHex hex);

/* The saved list: {"format": "spirekeeper-isle-templates", "version": 1,
 * "templates": [{"name", "kind", "hexes": [{"q", "r", "terrain", "well"}]}]}
 * ("kind" is "isle", the default, or "earthscape"). Built-in templates in
 * @templates are left out. */
char            *spk_isle_templates_to_data    (GPtrArray   *templates,
                                                gsize       *length);
GPtrArray       *spk_isle_templates_from_data  (const char  *data,
                                                gssize       length,
                                                GError     **error);
/* g_get_user_data_dir()/spirekeeper/isle-templates.json */
char            *spk_isle_templates_default_path (void);

/* The shipped tiles file: $SPK_TEMPLATES_DIR/cloudspire-tiles.json when
 * that is set (even if absent: then NULL), else the installed copy, else
 * the source tree's; NULL when none is there. */
char            *spk_isle_templates_find_builtin (void);
/* The shipped templates, each marked built-in, in the file's order; an
 * empty list when there is no file, NULL with an error when it is damaged. */
GPtrArray       *spk_isle_templates_load_builtin (GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkIsleTemplate, spk_isle_template_free)

G_END_DECLS
