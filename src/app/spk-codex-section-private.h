/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files of the Codex section share: spk-codex-section.c (the
 * turn, the players' cards and their one-step buttons) and
 * spk-codex-section-forms.c (the forms that ask for more than a click). */
#pragma once

#include "spk-codex-section.h"

#include "spk-codex.h"

G_BEGIN_DECLS

struct _SpkCodexSection
{
  AdwBin      parent_instance;

  GtkLabel   *turn_label;
  GtkLabel   *phase_label;
  GtkButton  *end_turn_button;
  GtkButton  *next_phase_button;
  GtkFlowBox *players;

  SpkTable   *table;
  gulong      recorded_handler;
  GPtrArray  *cards;   /* of Card* */
  char       *header;
};

/* The forms a player's card opens. */
typedef enum {
  SPK_CODEX_FORM_HERO,
  SPK_CODEX_FORM_CARD,
  SPK_CODEX_FORM_ADDON,
  SPK_CODEX_FORM_PATROL,
  SPK_CODEX_FORM_DESTROY,
  SPK_CODEX_FORM_GOLD,
  SPK_CODEX_FORM_HAND,
} SpkCodexFormKind;

/* spk-codex-section.c */
const SpkCodex *_spk_codex_section_codex         (SpkCodexSection  *self);
/* The step's label as a toast (with Undo), or the model's refusal. */
void            _spk_codex_section_report        (SpkCodexSection  *self,
                                                  gboolean          ok,
                                                  const GError     *error);
/* The player a card's button belongs to. */
guint           _spk_codex_section_button_player (GtkButton        *button);

/* spk-codex-section-forms.c */
/* Opens the form of @kind for the player of @button. */
void            _spk_codex_section_open_form     (SpkCodexSection  *self,
                                                  GtkButton        *button,
                                                  SpkCodexFormKind  kind);

G_END_DECLS
