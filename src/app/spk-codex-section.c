/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Tracker's Codex section: whose turn and phase it is, Next Phase and
 * End Turn, and a card per player whose buttons ask the model's dry runs
 * and take one step each. The forms are in spk-codex-section-forms.c. */
#include "config.h"

#include "spk-codex-section-private.h"

#include <glib/gi18n.h>

#include "spk-table-codex.h"
#include "spk-table-follow.h"
#include "spk-widget-util.h"

/* What a player's button does. */
typedef enum {
  ACT_HIRE,
  ACT_TECH,
  ACT_DAMAGE,
  ACT_REPAIR,
  ACT_BOUNTY,
  ACT_HERO,   /* summon the hero, or level it up when in play */
  ACT_CARD,   /* for the dry run: may a card be played at all */
  ACT_ADDON,  /* for the dry run: may an add-on be built at all */
  ACT_PATROL, /* for the dry run: may the patrol zone change */
} Act;

typedef struct {
  GtkLabel  *label;
  GtkButton *button;
  GtkButton *destroyed;
  GtkButton *award;
} HeroRow;

/* The widgets of one player's card, made once per table. */
typedef struct {
  guint      player;
  GtkLabel  *title;
  GtkLabel  *stats;
  GtkButton *hire;
  GtkButton *tech;
  GtkButton *damage;
  GtkButton *repair;
  GtkButton *bounty;
  GtkButton *add_hero;
  GtkButton *play;
  GtkButton *addon;
  GtkButton *patrol;
  GtkButton *destroy;
  GtkButton *gold;
  GtkButton *hand;
  GtkBox    *heroes;
  GArray    *hero_rows; /* of HeroRow */
} Card;


G_DEFINE_FINAL_TYPE (SpkCodexSection, spk_codex_section, ADW_TYPE_BIN)

static void
card_free (gpointer data)
{
  Card *card = data;

  g_array_unref (card->hero_rows);
  g_free (card);
}

const SpkCodex *
_spk_codex_section_codex (SpkCodexSection *self)
{
  return self->table != NULL ? spk_table_get_codex (self->table) : NULL;
}

/* The next tech level to (re)build: the lowest not built or under way. */
static int
next_tech (const SpkCodexPlayer *p)
{
  for (int l = 0; l < SPK_CODEX_TECH_LEVELS; l++)
    if (p->tech[l] == SPK_CODEX_BUILDING_NONE || p->tech[l] == SPK_CODEX_BUILDING_DESTROYED)
      return l + 1;
  return 0;
}

static gboolean
run (SpkCodexSection *self, Act act, guint player, guint hero, GError **error)
{
  const SpkCodexPlayer *p = spk_codex_player (_spk_codex_section_codex (self), player);

  switch (act)
    {
    case ACT_HIRE:
      return spk_table_codex_hire_worker (self->table, player, error);
    case ACT_TECH:
      return spk_table_codex_build_tech (self->table, player, next_tech (p), error);
    case ACT_DAMAGE:
      return spk_table_codex_damage_base (self->table, (guint) spk_codex_base_of (_spk_codex_section_codex (self), player), 1,
                                          NULL, error);
    case ACT_REPAIR:
      return spk_table_codex_repair_base (self->table, player, error);
    case ACT_BOUNTY:
      return spk_table_codex_bounty (self->table, player, error);
    case ACT_CARD:
      return spk_table_codex_play_card (self->table, player, 0, NULL, error);
    case ACT_ADDON:
      return spk_table_codex_build_addon (self->table, player, SPK_CODEX_ADDON_TOWER, 0, error);
    case ACT_PATROL:
      return spk_table_codex_set_patrol (self->table, player, SPK_CODEX_SLOT_SQUAD_LEADER,
                                         p->patrol[SPK_CODEX_SLOT_SQUAD_LEADER], error);
    case ACT_HERO:
    default:
      if (hero < p->heroes->len && ((SpkCodexHero *) g_ptr_array_index (p->heroes, hero))->level > 0)
        return spk_table_codex_level_hero (self->table, player, hero, 1, error);
      return spk_table_codex_summon_hero (self->table, player, hero, error);
    }
}

/* Sensitive when the model's dry run allows it; else the reason is the
 * tooltip. */
static void
ask_model (SpkCodexSection *self, GtkButton *button, Act act, guint player, guint hero,
           const char *what)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  spk_table_begin_dry_run (self->table);
  ok = run (self, act, player, hero, &error);
  spk_table_end_dry_run (self->table);
  gtk_widget_set_sensitive (GTK_WIDGET (button), ok);
  gtk_widget_set_tooltip_text (GTK_WIDGET (button), ok ? what : error->message);
}

/* The step's label as a toast (with Undo), or the model's refusal. */
void
_spk_codex_section_report (SpkCodexSection *self, gboolean ok, const GError *error)
{
  if (ok)
    spk_toast_show (GTK_WIDGET (self), spk_table_get_undo_label (self->table), TRUE);
  else if (error != NULL)
    spk_toast_show (GTK_WIDGET (self), error->message, FALSE);
}

static void
act (SpkCodexSection *self, Act what, guint player, guint hero)
{
  g_autoptr(GError) error = NULL;

  if (self->table != NULL)
    _spk_codex_section_report (self, run (self, what, player, hero, &error), error);
}

guint
_spk_codex_section_button_player (GtkButton *button)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "spk-player"));
}

/* --- one callback per action ---------------------------------------------------- */

static void
hire_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_HIRE, _spk_codex_section_button_player (button), 0);
}

static void
tech_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_TECH, _spk_codex_section_button_player (button), 0);
}

static void
damage_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_DAMAGE, _spk_codex_section_button_player (button), 0);
}

static void
repair_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_REPAIR, _spk_codex_section_button_player (button), 0);
}

static void
bounty_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_BOUNTY, _spk_codex_section_button_player (button), 0);
}

static void
hero_clicked (GtkButton *button, SpkCodexSection *self)
{
  act (self, ACT_HERO, _spk_codex_section_button_player (button),
       GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "spk-hero")));
}

static void
next_phase_clicked (SpkCodexSection *self)
{
  g_autoptr(GError) error = NULL;

  if (self->table != NULL)
    _spk_codex_section_report (self, spk_table_codex_next_phase (self->table, &error), error);
}

static void
end_turn_clicked (SpkCodexSection *self)
{
  g_autoptr(GError) error = NULL;

  if (self->table != NULL)
    _spk_codex_section_report (self, spk_table_codex_end_turn (self->table, &error), error);
}

/* --- forms (spk-codex-section-forms.c) ------------------------------------------- */

static void
add_hero_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_HERO);
}

static void
play_card_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_CARD);
}

static void
addon_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_ADDON);
}

static void
patrol_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_PATROL);
}

static void
destroy_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_DESTROY);
}

static void
gold_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_GOLD);
}

static void
hand_clicked (GtkButton *button, SpkCodexSection *self)
{
  _spk_codex_section_open_form (self, button, SPK_CODEX_FORM_HAND);
}

static void
hero_award_clicked (GtkButton *button, SpkCodexSection *self)
{
  g_autoptr(GError) error = NULL;
  guint hero = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "spk-hero"));

  if (self->table != NULL)
    _spk_codex_section_report (self, spk_table_codex_award_levels (self->table, _spk_codex_section_button_player (button), hero, &error), error);
}

static void
hero_destroyed_clicked (GtkButton *button, SpkCodexSection *self)
{
  g_autoptr(GError) error = NULL;
  guint hero = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "spk-hero"));

  if (self->table != NULL)
    _spk_codex_section_report (self, spk_table_codex_destroy_hero (self->table, _spk_codex_section_button_player (button), hero, &error), error);
}

/* --- cards ---------------------------------------------------------------------- */

static GtkButton *
card_button (Card *card, GtkBox *box, const char *label, const char *player, GCallback clicked,
             SpkCodexSection *self)
{
  /* No mnemonic: every player's card has the same buttons; Tab reaches
   * them. */
  GtkWidget *button = gtk_button_new_with_label (label);
  /* Translators: a button's name for screen readers: the action, then the
   * player it is for ("Hire Worker, Ann") */
  g_autofree char *name = g_strdup_printf (_("%s, %s"), label, player);

  g_object_set_data (G_OBJECT (button), "spk-player", GUINT_TO_POINTER (card->player));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_signal_connect (button, "clicked", clicked, self);
  gtk_box_append (box, button);
  return GTK_BUTTON (button);
}

static GtkWidget *
make_card (SpkCodexSection *self, Card *card, const SpkCodexPlayer *p)
{
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  GtkBox *row1 = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  GtkBox *row2 = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  GtkBox *row3 = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  GtkBox *row4 = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));

  card->hero_rows = g_array_new (FALSE, TRUE, sizeof (HeroRow));
  gtk_widget_set_margin_start (GTK_WIDGET (box), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (box), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (box), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (box), 12);
  card->title = GTK_LABEL (gtk_label_new (p->name));
  gtk_label_set_xalign (card->title, 0);
  gtk_widget_add_css_class (GTK_WIDGET (card->title), "heading");
  card->stats = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (card->stats, 0);
  gtk_label_set_wrap (card->stats, TRUE);
  gtk_label_set_selectable (card->stats, FALSE);
  card->heroes = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gtk_accessible_update_property (GTK_ACCESSIBLE (card->heroes), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Heroes"), -1);
  gtk_box_append (box, GTK_WIDGET (card->title));
  gtk_box_append (box, GTK_WIDGET (card->stats));
  gtk_box_append (box, GTK_WIDGET (card->heroes));
  card->hire = card_button (card, row1, _("Hire Worker"), p->name, G_CALLBACK (hire_clicked), self);
  card->tech = card_button (card, row1, _("Build Tech"), p->name, G_CALLBACK (tech_clicked), self);
  card->add_hero = card_button (card, row1, _("Add Hero…"), p->name, G_CALLBACK (add_hero_clicked), self);
  card->damage = card_button (card, row2, _("Damage Base"), p->name, G_CALLBACK (damage_clicked), self);
  card->repair = card_button (card, row2, _("Repair Base"), p->name, G_CALLBACK (repair_clicked), self);
  card->bounty = card_button (card, row2, _("Bounty"), p->name, G_CALLBACK (bounty_clicked), self);
  card->play = card_button (card, row3, _("Play Card…"), p->name, G_CALLBACK (play_card_clicked), self);
  card->addon = card_button (card, row3, _("Build Add-on…"), p->name, G_CALLBACK (addon_clicked), self);
  card->patrol = card_button (card, row3, _("Patrol Zone…"), p->name, G_CALLBACK (patrol_clicked), self);
  card->destroy = card_button (card, row2, _("Building Destroyed…"), p->name, G_CALLBACK (destroy_clicked), self);
  card->gold = card_button (card, row4, _("Gain Gold…"), p->name, G_CALLBACK (gold_clicked), self);
  card->hand = card_button (card, row4, _("Hand…"), p->name, G_CALLBACK (hand_clicked), self);
  gtk_widget_set_tooltip_text (GTK_WIDGET (card->gold), _("Gold from a card or an ability, on any turn"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (card->hand), _("Correct the number of cards in hand"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (card->add_hero), _("Put a hero in the command zone"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (card->destroy),
                               _("A tech building or the add-on was destroyed: 2 damage to the base"));
  gtk_box_append (box, GTK_WIDGET (row1));
  gtk_box_append (box, GTK_WIDGET (row3));
  gtk_box_append (box, GTK_WIDGET (row2));
  gtk_box_append (box, GTK_WIDGET (row4));
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (box));
  gtk_accessible_update_property (GTK_ACCESSIBLE (frame), GTK_ACCESSIBLE_PROPERTY_LABEL, p->name, -1);
  return frame;
}

static const char *
building_word (SpkCodexBuilding b)
{
  switch (b)
    {
    case SPK_CODEX_BUILDING_CONSTRUCTING: return _("under construction");
    case SPK_CODEX_BUILDING_BUILT: return _("built");
    case SPK_CODEX_BUILDING_DESTROYED: return _("destroyed");
    case SPK_CODEX_BUILDING_NONE:
    default: return _("none");
    }
}

static char *
player_text (const SpkCodex *c, guint player)
{
  const SpkCodexPlayer *p = spk_codex_player (c, player);
  GString *s = g_string_new (NULL);
  GString *patrol = g_string_new (NULL);

  if (c->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    g_string_append_printf (s, _("Team base %d HP"), g_array_index (c->bases, int, spk_codex_base_of (c, player)));
  else
    g_string_append_printf (s, _("Base %d HP"), g_array_index (c->bases, int, spk_codex_base_of (c, player)));
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Gold %d / %d"), p->gold, SPK_CODEX_GOLD_MAX);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Workers %d · hand %d"), p->workers, p->hand);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Tech I %s · II %s · III %s"), building_word (p->tech[0]),
                          building_word (p->tech[1]), building_word (p->tech[2]));
  g_string_append_c (s, '\n');
  if (p->addon == SPK_CODEX_ADDON_NONE)
    g_string_append (s, _("No add-on"));
  else
    g_string_append_printf (s, _("Add-on: %s (%s)"), spk_codex_addon_label (p->addon),
                            building_word (p->addon_state));
  g_string_append_c (s, '\n');
  g_string_append_printf (s, _("Hero limit %d"), spk_codex_hero_limit (p));
  for (guint i = 0; i < SPK_CODEX_N_SLOTS; i++)
    if (p->patrol[i] != NULL)
      g_string_append_printf (patrol, "%s%s: %s", patrol->len > 0 ? ", " : "", spk_codex_slot_label (i),
                              p->patrol[i]);
  g_string_append_c (s, '\n');
  if (patrol->len > 0)
    g_string_append_printf (s, _("Patrol zone: %s"), patrol->str);
  else
    g_string_append (s, _("Patrol zone empty"));
  if (p->mercenaries > 0)
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Mercenaries %d"), p->mercenaries);
    }
  if (p->spec != NULL)
    {
      g_string_append_c (s, '\n');
      g_string_append (s, p->spec);
    }
  g_string_free (patrol, TRUE);
  return g_string_free (s, FALSE);
}

static char *
hero_text (const SpkCodexHero *h)
{
  if (h->level > 0)
    return g_strdup_printf (_("%s: level %d of %d, band %d"), h->name, h->level, h->max,
                            spk_codex_hero_band (h));
  if (h->runes > 0)
    return g_strdup_printf (_("%s: command zone, %d summoning runes"), h->name, h->runes);
  return g_strdup_printf (_("%s: command zone, %d gold to summon"), h->name, h->cost);
}

static void
update_heroes (SpkCodexSection *self, Card *card, const SpkCodexPlayer *p)
{
  /* Rows are made when a hero joins, so focus stays on a button that is
   * clicked. */
  while (card->hero_rows->len < p->heroes->len)
    {
      GtkBox *row = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
      HeroRow hr;

      hr.label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_xalign (hr.label, 0);
      gtk_label_set_wrap (hr.label, TRUE);
      gtk_widget_set_hexpand (GTK_WIDGET (hr.label), TRUE);
      hr.button = GTK_BUTTON (gtk_button_new ());
      g_object_set_data (G_OBJECT (hr.button), "spk-player", GUINT_TO_POINTER (card->player));
      g_object_set_data (G_OBJECT (hr.button), "spk-hero", GUINT_TO_POINTER (card->hero_rows->len));
      g_signal_connect (hr.button, "clicked", G_CALLBACK (hero_clicked), self);
      hr.destroyed = GTK_BUTTON (gtk_button_new_with_label (_("Destroyed")));
      g_object_set_data (G_OBJECT (hr.destroyed), "spk-player", GUINT_TO_POINTER (card->player));
      g_object_set_data (G_OBJECT (hr.destroyed), "spk-hero", GUINT_TO_POINTER (card->hero_rows->len));
      gtk_widget_set_tooltip_text (GTK_WIDGET (hr.destroyed),
                                   _("Back to the command zone with 2 summoning runes"));
      g_signal_connect (hr.destroyed, "clicked", G_CALLBACK (hero_destroyed_clicked), self);
      gtk_box_append (row, GTK_WIDGET (hr.label));
      gtk_box_append (row, GTK_WIDGET (hr.button));
      hr.award = GTK_BUTTON (gtk_button_new_with_label (_("+2 Levels")));
      g_object_set_data (G_OBJECT (hr.award), "spk-player", GUINT_TO_POINTER (card->player));
      g_object_set_data (G_OBJECT (hr.award), "spk-hero", GUINT_TO_POINTER (card->hero_rows->len));
      g_signal_connect (hr.award, "clicked", G_CALLBACK (hero_award_clicked), self);
      gtk_box_append (row, GTK_WIDGET (hr.award));
      gtk_box_append (row, GTK_WIDGET (hr.destroyed));
      gtk_box_append (card->heroes, GTK_WIDGET (row));
      g_array_append_val (card->hero_rows, hr);
    }
  for (guint i = 0; i < card->hero_rows->len && i < p->heroes->len; i++)
    {
      HeroRow *hr = &g_array_index (card->hero_rows, HeroRow, i);
      const SpkCodexHero *h = g_ptr_array_index (p->heroes, i);
      g_autofree char *text = hero_text (h);
      /* Translators: a button's name for screen readers ("Summon Troq") */
      g_autofree char *name = g_strdup_printf (h->level > 0 ? _("Level Up %s") : _("Summon %s"), h->name);
      g_autofree char *gone = g_strdup_printf (_("%s Destroyed"), h->name);
      /* Translators: a button's name for screen readers: a hero gains two
       * levels for destroying an opposing hero */
      g_autofree char *award = g_strdup_printf (_("%s Gains 2 Levels"), h->name);

      gtk_label_set_text (hr->label, text);

      gtk_widget_set_visible (GTK_WIDGET (hr->destroyed), h->level > 0);
      gtk_widget_set_visible (GTK_WIDGET (hr->award), h->level > 0);
      gtk_widget_set_sensitive (GTK_WIDGET (hr->award), h->level > 0 && h->level < h->max && !spk_codex_over (_spk_codex_section_codex (self)));
      gtk_widget_set_tooltip_text (GTK_WIDGET (hr->award),
                                   h->level < h->max ? _("This hero destroyed an opposing hero: 2 levels, free")
                                                     : _("The hero is at max level"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (hr->award), GTK_ACCESSIBLE_PROPERTY_LABEL, award, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (hr->destroyed), GTK_ACCESSIBLE_PROPERTY_LABEL, gone, -1);
      gtk_button_set_label (hr->button, h->level > 0 ? _("Level Up") : _("Summon"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (hr->button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      ask_model (self, hr->button, ACT_HERO, card->player, i,
                 h->level > 0 ? _("Pay 1 gold for a level") : _("Pay the hero’s cost; it arrives at level 1"));
    }
}

static void
update (SpkCodexSection *self)
{
  const SpkCodex *c = _spk_codex_section_codex (self);
  const char *on_turn;
  g_autofree char *turn = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *team = NULL;

  if (c == NULL)
    return;
  if (c->mode == SPK_CODEX_MODE_TWO_HEADED_DRAGON)
    on_turn = team = g_strdup_printf (_("Team %d"), c->active + 1);
  else
    on_turn = spk_codex_player (c, (guint) c->active)->name;
  turn = g_strdup_printf (_("Codex · Turn %d"), c->turn);
  /* Translators: who is on turn, then the phase ("Ann to play · Main Phase") */
  phase = g_strdup_printf (_("%s to play · %s"), on_turn, spk_codex_phase_label (c->phase));
  gtk_label_set_text (self->turn_label, turn);
  gtk_label_set_text (self->phase_label, spk_codex_over (c) ? _("The game is over: a base is destroyed")
                                                            : phase);
  g_free (self->header);
  self->header = g_strdup_printf (_("Turn %d: %s"), c->turn, spk_codex_phase_label (c->phase));
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_phase_button), !spk_codex_over (c));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->next_phase_button),
                               _("Move to the next phase and apply what it brings (Ctrl+Return)"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->end_turn_button),
                            !spk_codex_over (c) && c->phase >= SPK_CODEX_PHASE_MAIN);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->end_turn_button),
                               c->phase >= SPK_CODEX_PHASE_MAIN
                                 ? _("Draw, tech and hand the turn over in one step")
                                 : _("The turn ends after the Main Phase"));
  for (guint i = 0; i < self->cards->len; i++)
    {
      Card *card = g_ptr_array_index (self->cards, i);
      const SpkCodexPlayer *p = spk_codex_player (c, card->player);
      g_autofree char *stats = player_text (c, card->player);
      int level = next_tech (p);
      g_autofree char *tech = level > 0 ? g_strdup_printf (_("Build tech %s: %d gold, %d workers"),
                                                           spk_codex_tech_numeral (level),
                                                           spk_codex_tech_cost (level),
                                                           spk_codex_tech_workers (level))
                                        : g_strdup (_("All tech buildings stand"));
      gboolean ffa = c->mode == SPK_CODEX_MODE_FREE_FOR_ALL;

      gtk_label_set_text (card->stats, stats);
      ask_model (self, card->hire, ACT_HIRE, card->player, 0, _("Pay 1 gold and tuck a card: one worker"));
      ask_model (self, card->tech, ACT_TECH, card->player, 0, tech);
      ask_model (self, card->damage, ACT_DAMAGE, card->player, 0, _("The base takes 1 damage"));
      gtk_widget_set_visible (GTK_WIDGET (card->repair), ffa);
      gtk_widget_set_visible (GTK_WIDGET (card->bounty), ffa);
      if (ffa)
        {
          ask_model (self, card->repair, ACT_REPAIR, card->player, 0, _("Pay 3 gold: 1 base HP back"));
          ask_model (self, card->bounty, ACT_BOUNTY, card->player, 0,
                     _("1 gold for an enemy unit destroyed on this turn, 3 a turn at most"));
        }
      gtk_widget_set_sensitive (GTK_WIDGET (card->add_hero), !spk_codex_over (c));
      ask_model (self, card->play, ACT_CARD, card->player, 0, _("Pay a card’s gold cost and play it from the hand"));
      ask_model (self, card->addon, ACT_ADDON, card->player, 0, _("Build the one add-on the base has room for"));
      ask_model (self, card->patrol, ACT_PATROL, card->player, 0, _("Name the cards in the patrol slots"));
      gtk_widget_set_sensitive (GTK_WIDGET (card->destroy), !spk_codex_over (c));
      gtk_widget_set_sensitive (GTK_WIDGET (card->gold), !spk_codex_over (c) && p->gold < SPK_CODEX_GOLD_MAX);
      gtk_widget_set_sensitive (GTK_WIDGET (card->hand), !spk_codex_over (c));
      update_heroes (self, card, p);
    }
}

static void
build_cards (SpkCodexSection *self)
{
  const SpkCodex *c = _spk_codex_section_codex (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players))) != NULL)
    gtk_flow_box_remove (self->players, child);
  g_ptr_array_set_size (self->cards, 0);
  for (guint i = 0; c != NULL && i < c->players->len; i++)
    {
      Card *card = g_new0 (Card, 1);
      GtkWidget *frame;

      card->player = i;
      frame = make_card (self, card, spk_codex_player (c, i));
      g_ptr_array_add (self->cards, card);
      spk_flow_box_append_plain (self->players, frame);
    }
}

/* --- object ------------------------------------------------------------------------- */

static void
spk_codex_section_dispose (GObject *object)
{
  SpkCodexSection *self = SPK_CODEX_SECTION (object);

  spk_table_follow (self, &self->table, &self->recorded_handler, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), SPK_TYPE_CODEX_SECTION);
  G_OBJECT_CLASS (spk_codex_section_parent_class)->dispose (object);
}

static void
spk_codex_section_finalize (GObject *object)
{
  SpkCodexSection *self = SPK_CODEX_SECTION (object);

  g_ptr_array_unref (self->cards);
  g_free (self->header);
  G_OBJECT_CLASS (spk_codex_section_parent_class)->finalize (object);
}

static void
spk_codex_section_class_init (SpkCodexSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = spk_codex_section_dispose;
  object_class->finalize = spk_codex_section_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/spirekeeper/Spirekeeper/spk-codex-section.ui");
  gtk_widget_class_bind_template_child (widget_class, SpkCodexSection, turn_label);
  gtk_widget_class_bind_template_child (widget_class, SpkCodexSection, phase_label);
  gtk_widget_class_bind_template_child (widget_class, SpkCodexSection, end_turn_button);
  gtk_widget_class_bind_template_child (widget_class, SpkCodexSection, next_phase_button);
  gtk_widget_class_bind_template_child (widget_class, SpkCodexSection, players);
  gtk_widget_class_bind_template_callback (widget_class, next_phase_clicked);
  gtk_widget_class_bind_template_callback (widget_class, end_turn_clicked);
}

static void
spk_codex_section_init (SpkCodexSection *self)
{
  self->cards = g_ptr_array_new_with_free_func (card_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  spk_name_mnemonic_buttons (GTK_WIDGET (self));
}

void
spk_codex_section_set_table (SpkCodexSection *self, SpkTable *table)
{
  g_return_if_fail (SPK_IS_CODEX_SECTION (self));

  if (table != NULL && spk_table_get_codex (table) == NULL)
    table = NULL;
  spk_table_follow (self, &self->table, &self->recorded_handler, table, G_CALLBACK (update));
  build_cards (self);
  update (self);
}

void
spk_codex_section_next_phase (SpkCodexSection *self)
{
  g_return_if_fail (SPK_IS_CODEX_SECTION (self));
  next_phase_clicked (self);
}

const char *
spk_codex_section_get_header (SpkCodexSection *self)
{
  g_return_val_if_fail (SPK_IS_CODEX_SECTION (self), NULL);
  return self->header;
}

char *
spk_codex_section_get_player_text (SpkCodexSection *self, guint player)
{
  const SpkCodex *c;

  g_return_val_if_fail (SPK_IS_CODEX_SECTION (self), NULL);
  c = _spk_codex_section_codex (self);
  if (c == NULL || player >= c->players->len)
    return NULL;
  return player_text (c, player);
}

GtkWidget *
spk_codex_section_get_button (SpkCodexSection *self, guint player, const char *what)
{
  Card *card;

  g_return_val_if_fail (SPK_IS_CODEX_SECTION (self), NULL);
  if (player >= self->cards->len)
    return NULL;
  card = g_ptr_array_index (self->cards, player);
  if (g_str_equal (what, "hire"))
    return GTK_WIDGET (card->hire);
  if (g_str_equal (what, "tech"))
    return GTK_WIDGET (card->tech);
  if (g_str_equal (what, "damage"))
    return GTK_WIDGET (card->damage);
  if (g_str_equal (what, "repair"))
    return GTK_WIDGET (card->repair);
  if (g_str_equal (what, "bounty"))
    return GTK_WIDGET (card->bounty);
  if (g_str_equal (what, "add-hero"))
    return GTK_WIDGET (card->add_hero);
  if (g_str_equal (what, "play"))
    return GTK_WIDGET (card->play);
  if (g_str_equal (what, "addon"))
    return GTK_WIDGET (card->addon);
  if (g_str_equal (what, "patrol"))
    return GTK_WIDGET (card->patrol);
  if (g_str_equal (what, "destroy"))
    return GTK_WIDGET (card->destroy);
  if (g_str_equal (what, "gold"))
    return GTK_WIDGET (card->gold);
  if (g_str_equal (what, "hand"))
    return GTK_WIDGET (card->hand);
  if (g_str_has_prefix (what, "hero:"))
    {
      guint i = (guint) g_ascii_strtoull (what + 5, NULL, 10);

      return i < card->hero_rows->len ? GTK_WIDGET (g_array_index (card->hero_rows, HeroRow, i).button) : NULL;
    }
  if (g_str_equal (what, "next-phase"))
    return GTK_WIDGET (self->next_phase_button);
  if (g_str_equal (what, "end-turn"))
    return GTK_WIDGET (self->end_turn_button);
  return NULL;
}
