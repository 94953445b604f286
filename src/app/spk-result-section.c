/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "spk-result-section.h"

#include <glib/gi18n.h>

#include "spk-economy.h"
#include "spk-table-follow.h"

struct _SpkResultSection
{
  AdwBin    parent_instance;

  GtkLabel *result_label;

  SpkTable *table;
  gulong    recorded_handler;
};

G_DEFINE_FINAL_TYPE (SpkResultSection, spk_result_section, ADW_TYPE_BIN)

static const char *
decided_text (SpkDecidedBy decided)
{
  switch (decided)
    {
    case SPK_DECIDED_LAST_GATE: return _("Decided by the last gate standing.");
    case SPK_DECIDED_TEAM_GATE: return _("Decided by a team's gate falling.");
    case SPK_DECIDED_POWER: return _("Decided by fortress power.");
    case SPK_DECIDED_GATE_HEALTH: return _("Tied on power; decided by gate health.");
    case SPK_DECIDED_SOURCE: return _("Tied on power and gate health; decided by Source.");
    case SPK_DECIDED_SPIRES: return _("Tied on power, gate health and Source; decided by spires in play.");
    case SPK_DECIDED_SHARED: return _("Tied all the way: a shared victory.");
    case SPK_DECIDED_NONE:
    default:
      return "";
    }
}

static void
update (SpkResultSection *self)
{
  const SpkBoard *b = spk_table_get_board (self->table);
  g_autoptr(GString) text = NULL;
  SpkFinalScore score = { 0 };
  SpkGameRules rules;
  gboolean gate_fell = FALSE;

  gtk_widget_set_visible (GTK_WIDGET (self), spk_table_get_game_over (self->table));
  if (!spk_table_get_game_over (self->table))
    return;
  text = g_string_new (NULL);
  for (guint i = 0; i < b->winners->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", spk_board_faction_label (b, g_ptr_array_index (b->winners, i)));
  g_string_prepend (text, b->winners->len == 1 ? _("Winner: ") : _("Winners: "));
  for (guint i = 0; i < b->factions->len; i++)
    gate_fell |= ((SpkFaction *) g_ptr_array_index (b->factions, i))->gate_health == 0;
  spk_game_rules_from_board (b, &rules);
  spk_final_score (&rules, b, &score, NULL);
  g_string_append_printf (text, "\n%s", gate_fell ? decided_text (SPK_DECIDED_LAST_GATE)
                                                  : decided_text (score.decided_by));
  spk_final_score_clear (&score);
  gtk_label_set_text (self->result_label, text->str);
}

static void
spk_result_section_dispose (GObject *object)
{
  SpkResultSection *self = SPK_RESULT_SECTION (object);

  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_RESULT_SECTION);
  G_OBJECT_CLASS (spk_result_section_parent_class)->dispose (object);
}

static void
spk_result_section_class_init (SpkResultSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_result_section_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-result-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkResultSection, result_label);
}

static void
spk_result_section_init (SpkResultSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
spk_result_section_set_table (SpkResultSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_RESULT_SECTION (self));

  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (update));
  if (table != NULL)
    update (self);
}

const char *
spk_result_section_get_text (SpkResultSection *self)
{
  g_return_val_if_fail (SPK_IS_RESULT_SECTION (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_text (self->result_label) : NULL;
}
