/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-attack.h: unit attacks, retaliation and what a defeat brings.
 *
 * spk_attack_options answers "whom may this unit attack, and what would
 * happen?" for every target, and "why not?" for the rest; it changes
 * nothing. spk_attack_resolve carries one attack out on a board (the
 * model hands it the copy its action edits): damage, retaliation, the
 * defeats in the order of the Rules Reference (Defeat), rewards, pillage,
 * a level-up, and the attacked / retaliated marks.
 *
 * Talents applied here (docs/talents.md): "N Range" and Spire Shot
 * (reach, spk_unit_reach), Flying and Air Defense (targets), Challenge
 * and Engage (which targets remain), Hunter (damage against landmarks).
 *
 * Rulings: docs/rulings.md, sections "Attacks" (R-attack-N) and "Talents"
 * (R-talent-N).
 */
#pragma once

#include "spk-board.h"
#include "spk-damage.h"

G_BEGIN_DECLS

#define SPK_ATTACK_ERROR (spk_attack_error_quark ())

typedef enum {
  SPK_ATTACK_ERROR_UNKNOWN_CHIP,     /* no such attacker or target */
  SPK_ATTACK_ERROR_CANNOT_ATTACK,    /* the attacker may not attack at all */
  SPK_ATTACK_ERROR_ALREADY_ATTACKED, /* it has made its attack this turn */
  SPK_ATTACK_ERROR_NOT_A_TARGET,     /* not a legal target: the message says why */
  SPK_ATTACK_ERROR_NEEDS_CHOICE,     /* a choice the rules leave to a player is
                                      * missing: the message names the question */
  SPK_ATTACK_ERROR_INVALID_CHOICE,   /* a choice that does not fit here */
  SPK_ATTACK_ERROR_NO_PROMOTED_SIDE, /* a promotion without the promoted stats */
} SpkAttackError;

GQuark spk_attack_error_quark (void);

/* Targets are named by chip id, or "gate:FACTION" for a fortress gate. */
#define SPK_ATTACK_GATE_PREFIX "gate:"

typedef enum {
  SPK_TARGET_UNIT,        /* an opposing minion or hero */
  SPK_TARGET_SPIRE,       /* an opposing spire */
  SPK_TARGET_GATE,        /* an opposing fortress gate */
  SPK_TARGET_LANDMARK,    /* a revealed landmark with health chips (landmark
                           * minions included) */
  SPK_TARGET_STACK_UNIT,  /* the top unit of the deployment stack on an
                           * attacked gate, when its owner sends the attack
                           * there */
} SpkTargetKind;

/* Who takes an attack on a gate that has a deployment stack on it. */
typedef enum {
  SPK_GATE_DEFENCE_UNSET,  /* not chosen: asked when a stack is there */
  SPK_GATE_DEFENCE_GATE,   /* the gate takes it */
  SPK_GATE_DEFENCE_STACK,  /* the top unit of the stack takes it */
} SpkGateDefence;

typedef enum {
  SPK_RELIC_UNSET,
  SPK_RELIC_KEEP,          /* added to the faction's relics */
  SPK_RELIC_SELL,          /* sold at once for SPK_RELIC_SELL_SOURCE */
} SpkRelicChoice;

#define SPK_RELIC_SELL_SOURCE 4

typedef enum {
  SPK_LEVEL_UP_UNSET,
  SPK_LEVEL_UP_DECLINE,
  SPK_LEVEL_UP_ATTACK,        /* below capacity: add this upgrade */
  SPK_LEVEL_UP_RANGE,         /* only for a hero with the "N Range" talent */
  SPK_LEVEL_UP_FORTIFICATION,
  SPK_LEVEL_UP_PROMOTE,       /* at capacity on the basic side (any upgrade
                               * choice there promotes too) */
} SpkLevelUpChoice;

/* Answers to the questions an attack may raise; zero-filled means nothing
 * chosen. Only the questions that come up are asked. */
typedef struct {
  SpkGateDefence    gate_defence;
  const SpkChip    *spire;          /* spire reward: the spire chip to build
                                     * (its id, faction, name, upgrades);
                                     * it is placed on the reward hex */
  gboolean          decline_spire;  /* spire reward: build nothing */
  const char       *relic;          /* relic reward: the card drawn */
  SpkRelicChoice    relic_choice;
  SpkLevelUpChoice  level_up;       /* the hero responsible for a defeat */
  /* Talents and advancements the app does not apply by itself yet change
   * the numbers: the players enter the result (R-attack-13). */
  int               damage_modifier;    /* added to the attack's damage
                                         * (Armored −1; Hunter is applied
                                         * by the engine); not below 0 in
                                         * total */
  gboolean          set_retaliation;    /* retaliation_damage replaces the
                                         * retaliator's attack stat (a
                                         * rolled Relentless, cut by Tough) */
  int               retaliation_damage;
  const char       *modifier_reason;    /* named in the results, e.g.
                                         * "Hunter"; may be NULL */
} SpkAttackChoices;

/* What one attack on one target does (or would do). */
typedef struct {
  char            *target;        /* chip id, or "gate:FACTION" */
  SpkTargetKind    kind;
  char            *owner;         /* faction id; NULL for a landmark */
  int              distance;      /* hexes from the attacker, never over sky */
  int              damage;        /* attack stat with attack upgrades */
  SpkDamageResult *hit;           /* what the damage removes (spk-damage.h) */
  gboolean         defeated;      /* the target is defeated by it */
  gboolean         discarded;     /* a landmark that is no unit lost its
                                   * last health: gone, but no defeat */
  int              retaliation;   /* damage dealt back; 0 when none */
  char            *retaliator;    /* chip id or "gate:FACTION"; NULL when none */
  SpkDamageResult *retaliation_hit; /* on the attacker; NULL when none */
  gboolean         attacker_defeated;
  gboolean         rewards;       /* a defeat pays rewards (not a friendly one) */
  int              source_gained; /* Source rewards, after the capacity cap */
  int              source_lost;   /* over capacity */
  gboolean         spire_reward;  /* a spire reward is due ... */
  gboolean         spire_site;    /* ... and its hex can take a spire */
  SpkHex           site;          /* where (the defeated chip's hex) */
  gboolean         relic;         /* a relic is drawn */
  gboolean         pillage;       /* a gate fell and its Source is taken */
  gboolean         game_over;     /* that gate's fall ends the game */
  char            *level_up;      /* hero id that may level up, or NULL */
  gboolean         wave_ends;     /* the last faction minion in play is gone */
  GPtrArray       *questions;     /* of char*: choices the attack asks for */
  GPtrArray       *results;       /* of char*: what happens, in rules order */
} SpkAttackOutcome;

/* A chip or gate that is not a legal target, and why. */
typedef struct {
  char          *target;
  SpkTargetKind  kind;
  int            distance;        /* -1: no way over hexes */
  char          *why_not;         /* translated sentence */
} SpkAttackRefusal;

typedef struct {
  char      *attacker;
  int        attack;              /* attack stat with attack upgrades */
  int        range;               /* spk_unit_reach */
  gboolean   can_attack;          /* at least one legal target */
  gboolean   must_attack;         /* a minion that can: it must */
  char      *why_not;             /* why it cannot attack at all; NULL else */
  GPtrArray *targets;             /* of SpkAttackOutcome*, table order,
                                   * gates after chips */
  GPtrArray *refused;             /* of SpkAttackRefusal*, same order */
} SpkAttackOptions;

void              spk_attack_outcome_free (SpkAttackOutcome *outcome);
void              spk_attack_refusal_free (SpkAttackRefusal *refusal);
void              spk_attack_options_free (SpkAttackOptions *options);

/* A unit's attack stat: printed attack plus one per attack upgrade. */
int               spk_unit_attack         (const SpkChip *unit);

/* Every target of @attacker (a chip id) with what the attack would do
 * there, and every opposing chip or gate it may not attack with why.
 * UNKNOWN_CHIP when there is no such chip. */
SpkAttackOptions *spk_attack_options      (const SpkBoard *board,
                                           const char     *attacker,
                                           GError        **error);

/* Carries out the attack of @attacker on @target (chip id or
 * "gate:FACTION"; the id of the top unit of a stack on an attacked gate
 * means the defender sends it there). With @choices NULL nothing is
 * chosen: the questions are listed in the outcome and left unanswered.
 * Otherwise a question left open is NEEDS_CHOICE and nothing changes.
 * On error @board is unchanged; on success its contents are replaced, so
 * pointers to its factions and chips taken before are no longer valid. */
SpkAttackOutcome *spk_attack_resolve      (SpkBoard               *board,
                                           const char             *attacker,
                                           const char             *target,
                                           const SpkAttackChoices *choices,
                                           GError                **error);

/* The end of @faction's attack stage: each of its active units on the
 * board that did not attack this turn and stands next to an opposing gate
 * takes that gate's retaliation of 1, as if it had attacked it (Attacking
 * and Defending a Fortress Gate); a unit that falls pays its Source reward
 * to the gate's faction, and a spire or relic reward is only reported
 * (R-attack-9). Appends what happens to @results. */
gboolean          spk_attack_end_of_turn  (SpkBoard   *board,
                                           const char *faction,
                                           GPtrArray  *results,
                                           GError    **error);

/* TRUE when @defeater (a faction id, NULL: nobody) is paid rewards for
 * defeating something of @defeated (a faction id, NULL for a landmark):
 * only an opposing defeat pays, never one's own or a teammate's
 * (R-attack-3). */
gboolean          spk_defeat_pays         (const SpkBoard *board,
                                           const char     *defeater,
                                           const char     *defeated);

/* Step 2 of a defeat: @chip leaves the board and every deployment stack;
 * @revealed (the minion grouped under it, from spk-damage.h; may be NULL;
 * taken) takes its place and its stack entry. */
void              spk_board_clear_defeated (SpkBoard *board,
                                            const char *chip,
                                            SpkChip    *revealed);

/* A hero levels up (Level Up): below its capacity it gains @choice's
 * upgrade; at or above it on the basic side it is promoted (flipped to
 * promoted_side, every upgrade removed, the health difference gained);
 * promoted and at capacity nothing happens (returns TRUE, *changed FALSE).
 * Appends a sentence to @notes (may be NULL). */
gboolean          spk_hero_level_up       (SpkChip           *hero,
                                           SpkLevelUpChoice   choice,
                                           gboolean          *changed,
                                           GPtrArray         *notes,
                                           GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkAttackOutcome, spk_attack_outcome_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpkAttackOptions, spk_attack_options_free)

G_END_DECLS
