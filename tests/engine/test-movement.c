/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Minion and hero movement: the rule table, the rulings, and property tests
 * on random boards against a deliberately naive second implementation. */
#include "config.h"

#include <string.h>

#include "spk-board.h"
#include "spk-grid.h"
#include "spk-movement.h"
#include "spk-test-board.h"

/* ---- boards drawn as text ------------------------------------------------
 *
 * Line i of a map is row r = i; the character in column x is the hex with
 * q = (x - r) / 2, so neighbouring hexes sit side by side as on the table.
 *   ' ' sky    '.' path   '"' plains   'f' forest   '^' mountains   '~' water
 *   'G' gate of faction a (the mover)   'M' gate of b (a's mark)
 *   'H' gate of c                       'w' fortress well of b
 *   '*' '+' '%' '&': an expected destination on path, plains, forest,
 *       mountains
 *   any other capital letter: a chip from the row's list (on path unless
 *       the chip says otherwise)
 * Factions: a (mark b), b (mark a), c (mark b); with `teams` a and c are
 * one team.
 */

typedef struct {
  char        letter;     /* 0: not on the map (in a deployment stack) */
  const char *id;
  SpkChipKind kind;
  const char *faction;
  int         movement;
  SpkTerrain  allowance;
  SpkTerrain  on;         /* terrain under it */
  const char *talent;
  gboolean    inactive;
  gboolean    moved;
} ChipDef;

#define MAX_CHIPS 6

typedef struct {
  const char *name;
  const char *rule_cited;
  const char *map;
  ChipDef     chips[MAX_CHIPS];
  gboolean    teams;
  const char *stack_a;    /* ids, top first, space separated */
  const char *query;
  SpkMoveRule rule;
  gboolean    may_stay;
  int         movement_used;
  int         start_distance;
  const char *displaced;  /* every destination displaces exactly this id */
  const char *explains;   /* a sentence part the explanation must hold */
} Row;

static void
add_hex (SpkBoard *b, int q, int r, SpkTerrain t)
{
  g_ptr_array_add (b->hexes, spk_hex_entry_new (q, r, t, "isle-1"));
}

static SpkFortress *
fortress_of (SpkBoard *b, const char *faction, int q, int r)
{
  SpkFortress *f = spk_board_find_fortress (b, faction);

  if (f == NULL)
    {
      f = spk_fortress_new (faction, spk_hex_make (q, r));
      g_ptr_array_add (b->fortresses, f);
    }
  else
    f->gate = spk_hex_make (q, r);
  return f;
}

/* Builds the board of @row; fills @expected with the marked hexes. */
static SpkBoard *
board_from_map (const Row *row, GArray *expected)
{
  SpkBoard *b = spk_board_new ();
  g_auto(GStrv) lines = g_strsplit (row->map, "\n", -1);
  const char *ids[] = { "a", "b", "c" };
  const char *marks[] = { "b", "a", "b" };
  SpkFortress *well_owner = NULL;
  g_autoptr(GArray) wells = g_array_new (FALSE, FALSE, sizeof (SpkHex));

  b->player_count = 3;
  for (int i = 0; i < 3; i++)
    {
      SpkFaction *f = spk_faction_new (ids[i]);
      f->name = g_ascii_strup (ids[i], -1);
      f->mark = g_strdup (marks[i]);
      if (row->teams && i != 1)
        f->team = g_strdup ("red");
      g_ptr_array_add (b->factions, f);
    }

  for (int r = 0; lines[r] != NULL; r++)
    for (int x = 0; lines[r][x] != '\0'; x++)
      {
        char ch = lines[r][x];
        int q;

        if (ch == ' ')
          continue;
        g_assert_true ((x - r) % 2 == 0);
        q = (x - r) / 2;
        switch (ch)
          {
          case '.': add_hex (b, q, r, SPK_TERRAIN_PATH); break;
          case '"': add_hex (b, q, r, SPK_TERRAIN_PLAINS); break;
          case 'f': add_hex (b, q, r, SPK_TERRAIN_FOREST); break;
          case '^': add_hex (b, q, r, SPK_TERRAIN_MOUNTAINS); break;
          case '~': add_hex (b, q, r, SPK_TERRAIN_WATER); break;
          case 'G': fortress_of (b, "a", q, r); break;
          case 'g':
            fortress_of (b, "a", q, r);
            g_array_append_val (expected, ((SpkHex) { q, r }));
            break;
          case 'M': well_owner = fortress_of (b, "b", q, r); break;
          case 'H': fortress_of (b, "c", q, r); break;
          case 'w': g_array_append_val (wells, ((SpkHex) { q, r })); break;
          case '*': case '+': case '%': case '&':
            add_hex (b, q, r, ch == '*' ? SPK_TERRAIN_PATH : ch == '+' ? SPK_TERRAIN_PLAINS :
                              ch == '%' ? SPK_TERRAIN_FOREST : SPK_TERRAIN_MOUNTAINS);
            g_array_append_val (expected, ((SpkHex) { q, r }));
            break;
          default:
            {
              const ChipDef *def = NULL;
              for (int c = 0; c < MAX_CHIPS; c++)
                if (row->chips[c].letter == ch)
                  def = &row->chips[c];
              g_assert_nonnull (def);
              add_hex (b, q, r, def->on);
            }
          }
      }
  g_assert_nonnull (well_owner);
  g_array_append_vals (well_owner->wells, wells->data, wells->len);

  for (int c = 0; c < MAX_CHIPS && row->chips[c].id != NULL; c++)
    {
      const ChipDef *def = &row->chips[c];
      SpkChip *chip = spk_chip_new (def->id, def->kind);

      chip->name = g_strdup (def->id);
      chip->name[0] = g_ascii_toupper (chip->name[0]);
      chip->faction = def->kind == SPK_CHIP_LANDMARK ? NULL : g_strdup (def->faction);
      chip->movement = def->movement;
      chip->allowance = def->allowance;
      chip->active = !def->inactive;
      chip->moved = def->moved;
      if (def->talent != NULL)
        g_ptr_array_add (chip->talents, g_strdup (def->talent));
      for (int r = 0; def->letter != 0 && lines[r] != NULL; r++)
        {
          const char *at = strchr (lines[r], def->letter);
          if (at != NULL)
            {
              chip->placed = TRUE;
              chip->q = ((int) (at - lines[r]) - r) / 2;
              chip->r = r;
            }
        }
      g_ptr_array_add (b->chips, chip);
    }
  if (row->stack_a != NULL)
    {
      SpkDeployment *d = spk_deployment_new ("a");
      g_auto(GStrv) stack = g_strsplit (row->stack_a, " ", -1);
      for (int i = 0; stack[i] != NULL; i++)
        g_ptr_array_add (d->stack, g_strdup (stack[i]));
      g_ptr_array_add (b->deployment, d);
    }
  return b;
}

/* The line used by most rows: a's gate G at (0,1), path (1,1)..(5,1), b's
 * gate M at (6,1); row 0 and row 2 are mountains unless a row says
 * otherwise. Closeness for path minions: (5,1) 1 ... (1,1) 5, the gate 6. */
#define LINE_TOP "^ ^ ^ ^ ^ ^ ^\n"
#define LINE_BOTTOM "\n^ ^ ^ ^ ^ ^ ^"

#define MINION(l, id, f, mv) { l, id, SPK_CHIP_MINION, f, mv, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, FALSE }
#define HERO(l, id, f, mv, al) { l, id, SPK_CHIP_HERO, f, mv, al, SPK_TERRAIN_PATH, NULL, FALSE, FALSE }

static const Row rows[] = {
  /* -- Rulebook walkthrough, wave 1: the grovetenders leave their gate -- */
  { "walkthrough-war-briar", "Rulebook wave 1 movement; Deployment; Minion Movement step 2",
    LINE_TOP " G . * . . . M" LINE_BOTTOM,
    { { 0, "war-briar", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PLAINS, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      { 0, "treed", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_FOREST, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      HERO (0, "dywen", "a", 2, SPK_TERRAIN_FOREST) },
    FALSE, "war-briar treed dywen", "war-briar",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, "deploys from its gate at (0,1), 6 steps" },
  { "walkthrough-treed-stops-behind", "Rulebook wave 1 movement; Blocked; Minion Movement step 3",
    LINE_TOP " G * W . . . M" LINE_BOTTOM,
    { { 'W', "war-briar", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PLAINS, SPK_TERRAIN_PATH, NULL, FALSE, TRUE },
      { 0, "treed", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_FOREST, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      HERO (0, "dywen", "a", 2, SPK_TERRAIN_FOREST) },
    FALSE, "treed dywen", "treed",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 6, NULL, "2 steps: blocked by the War-briar at (2,1)." },
  { "walkthrough-dywen-waits", "Deployment Stack: only the top unit deploys",
    LINE_TOP " G . W . . . M" LINE_BOTTOM,
    { { 'W', "war-briar", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PLAINS, SPK_TERRAIN_PATH, NULL, FALSE, TRUE },
      { 0, "treed", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_FOREST, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      HERO (0, "dywen", "a", 2, SPK_TERRAIN_FOREST) },
    FALSE, "treed dywen", "dywen",
    SPK_MOVE_RULE_WAITING, TRUE, 0, -1, NULL, "under Treed" },

  /* -- Blocked -- */
  { "friendly-minion-blocks", "Blocked: friendly minions block",
    LINE_TOP " G A * F . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 3), MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 5, NULL, "3 steps: blocked by the Fern at (3,1)." },
  { "opposing-unit-blocks", "Blocked: opposing units block",
    LINE_TOP " G A * X . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 3), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 5, NULL, "2 steps: blocked by Xan at (3,1)." },
  { "opposing-hero-is-not-displaced", "Displace: only friendly heroes; Blocked",
    LINE_TOP " G A X . . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_NONE, TRUE, 0, 5, NULL, "1 step: blocked by Xan at (2,1)." },

  /* -- Displace -- */
  { "friendly-hero-displaced", "Displace; Blocked: heroes cannot block friendly minions",
    LINE_TOP " G A D * . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), HERO ('D', "dywen", "a", 2, SPK_TERRAIN_FOREST) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, "dywen", "(3,1): 3 steps from the mark; displaces Dywen." },
  { "teammate-hero-displaced", "Ruling M-2: teammates' heroes are friendly",
    LINE_TOP " G A D * . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), HERO ('D', "dara", "c", 2, SPK_TERRAIN_FOREST) },
    TRUE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, "dara", NULL },
  { "non-teammate-hero-blocks", "Ruling M-2: without a team, c is opposing",
    LINE_TOP " G A D . . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), HERO ('D', "dara", "c", 2, SPK_TERRAIN_FOREST) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_NONE, TRUE, 0, 5, NULL, NULL },
  { "inactive-hero-displaced-when-no-progress-otherwise", "Ruling M-4; Inactive",
    LINE_TOP " G A D * . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2),
      { 'D', "dywen", SPK_CHIP_HERO, "a", 2, SPK_TERRAIN_FOREST, SPK_TERRAIN_PATH, NULL, TRUE, FALSE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, "dywen", "inactive friendly hero" },
  { "inactive-hero-kept-when-progress-otherwise", "Ruling M-4; Inactive",
    "^ ^ ^ A ^ ^ ^\n"
    " G . D * X . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2),
      { 'D', "dywen", SPK_CHIP_HERO, "a", 2, SPK_TERRAIN_FOREST, SPK_TERRAIN_PATH, NULL, TRUE, FALSE },
      HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 4, NULL, NULL },

  /* -- Exact number of steps, no going back -- */
  { "detour-of-exactly-three", "Minion Movement steps 2-3; Progress (no efficient route needed)",
    "^ ^ ^ . * ^ ^\n"
    " G A . X . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 3), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 3, 5, NULL, NULL },
  { "detour-of-exactly-four", "Minion Movement step 2: full movement first",
    "^ ^ ^ . . ^ ^\n"
    " G A . X * . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 4), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 4, 5, NULL, NULL },
  { "no-stepping-back-or-into-the-gate", "Minion Movement: no re-entering a hex; gates never entered",
    LINE_TOP " G . . . A * M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 2, NULL, "2 steps: no end hex is closer" },
  { "all-tied-options-listed", "Minion Movement step 2: any closer hex, not only the closest",
    "^ ^ . * ^ ^ ^\n"
    " G A * * . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, NULL, NULL },

  /* -- Lateral and no move -- */
  { "lateral-move", "Minion Movement step 5: lateral move",
    LINE_TOP " G . A X . . M\n"
    "^ ^ ^ * ^ ^ ^",
    { MINION ('A', "ash", "a", 2), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_LATERAL, TRUE, 0, 4, NULL, "lateral move is allowed" },
  { "no-move", "Minion Movement: never end further away",
    LINE_TOP " G . A X . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 1), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_NONE, TRUE, 0, 4, NULL, "stays where it is" },
  { "already-moved", "Minion Movement: once per turn",
    LINE_TOP " G A . . . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, TRUE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_ALREADY_MOVED, TRUE, 0, 5, NULL, "already moved" },

  /* -- What closeness counts through -- */
  { "spire-cuts-route", "Close: not through spires",
    "^ ^ ^ * . ^ ^\n"
    " G A . S . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2),
      { 'S', "shrub", SPK_CHIP_SPIRE, "b", 0, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, FALSE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, "2 steps: 1 end hex is closer" },
  { "landmark-cuts-route", "Close: not through landmarks",
    "^ ^ ^ * . ^ ^\n"
    " G A . L . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2),
      { 'L', "caverns", SPK_CHIP_LANDMARK, NULL, 0, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, FALSE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, NULL },
  { "unit-counted-through", "Close: through faction units",
    "^ ^ ^ * . ^ ^\n"
    " G A . X . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, NULL, NULL },
  { "sky-hole", "Table format: sky is no hex; Close",
    "^ ^ ^ * . ^ ^\n"
    " G A .   . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, NULL },
  { "other-gate-not-counted-through", "Ruling M-1: gates and fortress wells are not routes",
    "^ ^ ^ * . ^ ^\n"
    " G A . H . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, NULL },
  { "fortress-well-not-counted-through", "Ruling M-1: gates and fortress wells are not routes",
    "^ ^ ^ * . ^ ^\n"
    " G A . w . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 6, NULL, NULL },

  /* -- Terrain allowance -- */
  { "plains-allowance-uses-plains", "Terrain: allowance covers easier tiers",
    "^ ^ \" + \" ^ ^\n"
    " G A F . . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PLAINS, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, NULL, NULL },
  { "path-allowance-keeps-to-path", "Terrain Allowance: no icon, path only",
    "^ ^ \" \" \" ^ ^\n"
    " G A F . . . M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_NONE, TRUE, 0, 5, NULL, NULL },

  /* -- Talents -- */
  { "incorporeal-passes-opposing", "Talent Incorporeal (issue 3)",
    LINE_TOP " G A X * . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "Incorporeal", FALSE, FALSE },
      HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 2, 5, NULL, "Incorporeal: may move through" },
  { "incorporeal-never-ends-on-opposing", "Talent Incorporeal (issue 3)",
    LINE_TOP " G . A * X M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "Incorporeal", FALSE, FALSE },
      HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 3, NULL, NULL },
  { "incorporeal-blocked-by-friendly", "Talent Incorporeal; Blocked",
    LINE_TOP " G A F . . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "Incorporeal", FALSE, FALSE },
      MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_NONE, TRUE, 0, 5, NULL, NULL },
  { "flying-changes-nothing", "Talent Flying: no movement effect",
    LINE_TOP " G A * F . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 3, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "Flying", FALSE, FALSE },
      MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 5, NULL, "Flying: has no effect" },
  { "unknown-talent-flagged", "Issue 3: other talents are not evaluated",
    LINE_TOP " G A * F . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 3, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "Survival", FALSE, FALSE },
      MINION ('F', "fern", "a", 1) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_PROGRESS, FALSE, 1, 5, NULL, "Survival: not evaluated" },

  /* -- Invalid hex -- */
  { "recover-from-invalid-hex", "Ruling M-3; Invalid Hex",
    "^ ^ A ^ ^ ^ ^\n"
    " G . * * . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PLAINS, NULL, FALSE, FALSE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_RECOVER, FALSE, 2, -1, NULL, "an invalid hex" },
  { "recover-then-no-lateral", "Ruling M-3; Invalid Hex (progress if possible, else stop)",
    "^ ^ A ^ ^ ^ ^\n"
    " G . * X . . M\n"
    "^ ^ ^ . ^ ^ ^",
    { { 'A', "ash", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PLAINS, NULL, FALSE, FALSE },
      HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_RECOVER, FALSE, 2, -1, NULL, "otherwise it stops on the valid hex" },
  { "recover-exactly-to-valid", "Ruling M-3; Invalid Hex (no movement left)",
    "^ ^ A ^ ^ ^ ^\n"
    " G * * . . . M" LINE_BOTTOM,
    { { 'A', "ash", SPK_CHIP_MINION, "a", 1, SPK_TERRAIN_PATH, SPK_TERRAIN_PLAINS, NULL, FALSE, FALSE } },
    FALSE, NULL, "ash",
    SPK_MOVE_RULE_RECOVER, FALSE, 1, -1, NULL, NULL },

  /* -- Heroes -- */
  { "hero-free-choice", "Hero Movement; Movement: not through occupied hexes",
    LINE_TOP " g * * D * X M" LINE_BOTTOM,
    { HERO ('D', "dywen", "a", 3, SPK_TERRAIN_PLAINS), HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, "dywen",
    SPK_MOVE_RULE_HERO, TRUE, 0, 3, NULL, "return to the fortress" },
  { "hero-own-gate-not-passed", "Hero Movement: returning to the fortress ends the move",
    "\n"
    "   . g * D ^ ^ M" LINE_BOTTOM,
    { HERO ('D', "dywen", "a", 4, SPK_TERRAIN_PATH) },
    FALSE, NULL, "dywen",
    SPK_MOVE_RULE_HERO, TRUE, 0, -1, NULL, NULL },
  { "hero-allowance-and-no-opposing-gate", "Hero Movement; Terrain Allowance",
    "^ ^ ^ ^ ^ & &\n"
    " G . . . * D M\n"
    "^ ^ ^ ^ ^ & &",
    { HERO ('D', "dywen", "a", 1, SPK_TERRAIN_MOUNTAINS) },
    FALSE, NULL, "dywen",
    SPK_MOVE_RULE_HERO, TRUE, 0, 1, NULL, NULL },
  { "hero-deploys-from-gate", "Deployment: the top hero leaves the gate",
    LINE_TOP " G * * . . . M" LINE_BOTTOM,
    { HERO (0, "dywen", "a", 2, SPK_TERRAIN_PATH), MINION (0, "ash", "a", 2) },
    FALSE, "dywen ash", "dywen",
    SPK_MOVE_RULE_HERO, TRUE, 0, 6, NULL, NULL },
  { "minion-under-hero-waits", "Deployment Stack order",
    LINE_TOP " G . . . . . M" LINE_BOTTOM,
    { HERO (0, "dywen", "a", 2, SPK_TERRAIN_PATH), MINION (0, "ash", "a", 2) },
    FALSE, "dywen ash", "ash",
    SPK_MOVE_RULE_WAITING, TRUE, 0, -1, NULL, "under Dywen" },
  { "campfire-hero-stays", "Campfire Mode; Inactive: cannot move",
    LINE_TOP " G . D . . . M" LINE_BOTTOM,
    { { 'D', "dywen", SPK_CHIP_HERO, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, TRUE, FALSE } },
    FALSE, NULL, "dywen",
    SPK_MOVE_RULE_HERO, TRUE, 0, 4, NULL, "inactive" },
};

/* ---- an independent, naive reading of the same rules ------------------- */

typedef struct {
  SpkHex         h;
  int            kind;      /* 0 hex, 1 gate, 2 fortress well */
  SpkTerrain     terrain;
  int            layer;
  const char    *gate_of;
  const SpkChip *chip;
} BCell;

typedef struct {
  const SpkBoard *b;
  GHashTable     *cells;    /* key -> BCell* */
} Brute;

typedef struct {
  SpkMoveRule rule;
  gboolean    may_stay;
  int         used;
  int         sd;           /* start closeness of a minion, -1 when none */
  GHashTable *dests;        /* keys */
} BruteAnswer;

static gpointer
key_of (SpkHex h)
{
  return GUINT_TO_POINTER (spk_hex_key (h));
}

static BCell *
bcell (const Brute *br, SpkHex h)
{
  return g_hash_table_lookup (br->cells, key_of (h));
}

static void
brute_init (Brute *br, const SpkBoard *b)
{
  br->b = b;
  br->cells = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < b->hexes->len; i++)
    {
      const SpkHexEntry *e = g_ptr_array_index (b->hexes, i);
      BCell *c = bcell (br, spk_hex_make (e->q, e->r));
      if (c == NULL)
        {
          c = g_new0 (BCell, 1);
          c->h = spk_hex_make (e->q, e->r);
          c->layer = G_MININT;
          g_hash_table_insert (br->cells, key_of (c->h), c);
        }
      if (e->layer >= c->layer)
        {
          c->layer = e->layer;
          c->terrain = e->terrain;
        }
    }
  for (guint i = 0; i < b->fortresses->len; i++)
    {
      const SpkFortress *f = g_ptr_array_index (b->fortresses, i);
      BCell *c = bcell (br, f->gate);
      if (c == NULL)
        {
          c = g_new0 (BCell, 1);
          c->h = f->gate;
          g_hash_table_insert (br->cells, key_of (c->h), c);
        }
      c->kind = 1;
      c->gate_of = f->faction;
      for (guint w = 0; w < f->wells->len; w++)
        {
          SpkHex h = g_array_index (f->wells, SpkHex, w);
          BCell *wc = bcell (br, h);
          if (wc == NULL)
            {
              wc = g_new0 (BCell, 1);
              wc->h = h;
              g_hash_table_insert (br->cells, key_of (h), wc);
            }
          wc->kind = 2;
        }
    }
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (b->chips, i);
      if (chip->placed && bcell (br, spk_hex_make (chip->q, chip->r)) != NULL)
        bcell (br, spk_hex_make (chip->q, chip->r))->chip = chip;
    }
}

static SpkHex
gate_hex (const Brute *br, const char *faction, gboolean *found)
{
  const SpkFortress *f = faction ? spk_board_find_fortress (br->b, faction) : NULL;

  *found = f != NULL;
  return f ? f->gate : spk_hex_make (0, 0);
}

/* Closeness map for (mark, allowance): key -> steps + 1 (0 = none). */
static GHashTable *
brute_closeness (const Brute *br, SpkHex mark, SpkTerrain allowance)
{
  GHashTable *d = g_hash_table_new (NULL, NULL);
  GQueue q = G_QUEUE_INIT;

  g_hash_table_insert (d, key_of (mark), GINT_TO_POINTER (1));
  g_queue_push_tail (&q, key_of (mark));
  while (!g_queue_is_empty (&q))
    {
      gpointer k = g_queue_pop_head (&q);
      SpkHex h = spk_hex_from_key (GPOINTER_TO_UINT (k));
      int here = GPOINTER_TO_INT (g_hash_table_lookup (d, k));

      for (int i = 0; i < 6; i++)
        {
          SpkHex n = spk_hex_neighbour (h, i);
          BCell *c = bcell (br, n);
          if (c == NULL || c->kind != 0 || c->terrain > allowance ||
              g_hash_table_contains (d, key_of (n)))
            continue;
          if (c->chip != NULL && !spk_chip_is_unit (c->chip))
            continue;
          g_hash_table_insert (d, key_of (n), GINT_TO_POINTER (here + 1));
          g_queue_push_tail (&q, key_of (n));
        }
    }
  return d;
}

static int
bdist (GHashTable *d, SpkHex h)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (d, key_of (h))) - 1;
}

typedef struct {
  const Brute   *br;
  const SpkChip *me;
  GHashTable    *dist;
  gboolean       inactive_ok;
  GHashTable    *visited;
  GHashTable   **ends;        /* per length: key -> 1 */
  int            m;
} Walk;

/* 0 no, 1 may stop there, 2 may only pass */
static int
brute_step (const Walk *w, SpkHex h)
{
  BCell *c = bcell (w->br, h);

  if (c == NULL || c->kind != 0 || c->terrain > w->me->allowance || bdist (w->dist, h) < 0)
    return 0;
  if (c->chip == NULL)
    return 1;
  if (!spk_chip_is_unit (c->chip))
    return 0;
  if (spk_board_friendly (w->br->b, w->me->faction, c->chip->faction))
    return c->chip->kind == SPK_CHIP_HERO && (c->chip->active || w->inactive_ok) ? 1 : 0;
  return spk_chip_has_talent (w->me, "Incorporeal") ? 2 : 0;
}

static void
brute_walk (Walk *w, SpkHex at, int len)
{
  if (len == w->m)
    return;
  for (int i = 0; i < 6; i++)
    {
      SpkHex n = spk_hex_neighbour (at, i);
      int s;

      if (g_hash_table_contains (w->visited, key_of (n)))
        continue;
      s = brute_step (w, n);
      if (s == 0)
        continue;
      g_hash_table_add (w->visited, key_of (n));
      if (s == 1)
        g_hash_table_add (w->ends[len + 1], key_of (n));
      brute_walk (w, n, len + 1);
      g_hash_table_remove (w->visited, key_of (n));
    }
}

/* Minion Movement steps 2-5 from @start at closeness @sd. */
static void
brute_minion_from (const Brute *br, const SpkChip *me, GHashTable *dist, SpkHex start,
                   int sd, int m, gboolean inactive_ok, BruteAnswer *out)
{
  Walk w = { br, me, dist, inactive_ok, NULL, NULL, m };
  GHashTableIter it;
  gpointer k;

  w.visited = g_hash_table_new (NULL, NULL);
  w.ends = g_new0 (GHashTable *, m + 1);
  for (int i = 0; i <= m; i++)
    w.ends[i] = g_hash_table_new (NULL, NULL);
  g_hash_table_add (w.visited, key_of (start));
  brute_walk (&w, start, 0);

  out->rule = SPK_MOVE_RULE_NONE;
  out->used = 0;
  for (int len = m; len >= 1 && out->rule == SPK_MOVE_RULE_NONE; len--)
    {
      g_hash_table_iter_init (&it, w.ends[len]);
      while (g_hash_table_iter_next (&it, &k, NULL))
        if (bdist (dist, spk_hex_from_key (GPOINTER_TO_UINT (k))) < sd)
          {
            g_hash_table_add (out->dests, k);
            out->rule = SPK_MOVE_RULE_PROGRESS;
            out->used = len;
          }
    }
  if (out->rule == SPK_MOVE_RULE_NONE)
    for (int len = 1; len <= m; len++)
      {
        g_hash_table_iter_init (&it, w.ends[len]);
        while (g_hash_table_iter_next (&it, &k, NULL))
          if (bdist (dist, spk_hex_from_key (GPOINTER_TO_UINT (k))) == sd)
            {
              g_hash_table_add (out->dests, k);
              out->rule = SPK_MOVE_RULE_LATERAL;
            }
      }
  out->may_stay = out->rule != SPK_MOVE_RULE_PROGRESS;
  for (int i = 0; i <= m; i++)
    g_hash_table_unref (w.ends[i]);
  g_free (w.ends);
  g_hash_table_unref (w.visited);
}

static gboolean
brute_valid (const Brute *br, const SpkChip *me, GHashTable *dist, SpkHex h)
{
  BCell *c = bcell (br, h);

  return c != NULL && c->kind == 0 && c->chip == NULL && c->terrain <= me->allowance &&
         bdist (dist, h) >= 0;
}

/* Steps from @from to the nearest valid hex over unoccupied hexes; -1. */
static int
brute_to_valid (const Brute *br, const SpkChip *me, GHashTable *dist, SpkHex from,
                GHashTable *depth_out)
{
  GHashTable *seen = depth_out ? depth_out : g_hash_table_new (NULL, NULL);
  GQueue q = G_QUEUE_INIT;
  int found = -1;

  g_hash_table_insert (seen, key_of (from), GINT_TO_POINTER (1));
  g_queue_push_tail (&q, key_of (from));
  while (!g_queue_is_empty (&q))
    {
      gpointer k = g_queue_pop_head (&q);
      SpkHex h = spk_hex_from_key (GPOINTER_TO_UINT (k));
      int d = GPOINTER_TO_INT (g_hash_table_lookup (seen, k));

      if (brute_valid (br, me, dist, h) && found < 0)
        found = d - 1;
      if (found >= 0 && depth_out == NULL)
        break;
      if (brute_valid (br, me, dist, h) && !spk_hex_equal (h, from))
        continue;
      for (int i = 0; i < 6; i++)
        {
          SpkHex n = spk_hex_neighbour (h, i);
          BCell *c = bcell (br, n);
          if (c == NULL || c->kind != 0 || c->chip != NULL || g_hash_table_contains (seen, key_of (n)))
            continue;
          g_hash_table_insert (seen, key_of (n), GINT_TO_POINTER (d + 1));
          g_queue_push_tail (&q, key_of (n));
        }
    }
  g_queue_clear (&q);
  if (depth_out == NULL)
    g_hash_table_unref (seen);
  return found;
}

static void
brute_answer (const Brute *br, const SpkChip *me, BruteAnswer *out)
{
  const SpkFaction *f = spk_board_find_faction (br->b, me->faction);
  SpkHex start = spk_hex_make (me->q, me->r), mark;
  gboolean has_mark, has_gate = TRUE;
  g_autoptr(GHashTable) dist = NULL;
  BCell *sc;
  int sd = -1;

  out->dests = g_hash_table_new (NULL, NULL);
  out->used = 0;
  out->sd = -1;
  out->may_stay = TRUE;
  if (!me->placed)
    {
      const SpkDeployment *d = spk_board_find_deployment (br->b, me->faction);
      if (g_strcmp0 (g_ptr_array_index (d->stack, 0), me->id) != 0)
        {
          out->rule = SPK_MOVE_RULE_WAITING;
          return;
        }
      start = gate_hex (br, me->faction, &has_gate);
    }
  if (me->moved)
    {
      out->rule = SPK_MOVE_RULE_ALREADY_MOVED;
      return;
    }
  if (!me->active || !has_gate)
    {
      out->rule = me->kind == SPK_CHIP_HERO ? SPK_MOVE_RULE_HERO : SPK_MOVE_RULE_NONE;
      return;
    }
  mark = gate_hex (br, f->mark, &has_mark);

  if (me->kind == SPK_CHIP_HERO)
    {
      gboolean own_gate_known;
      SpkHex own = gate_hex (br, me->faction, &own_gate_known);
      GHashTable *seen = g_hash_table_new (NULL, NULL);
      GQueue q = G_QUEUE_INIT;

      out->rule = SPK_MOVE_RULE_HERO;
      g_hash_table_insert (seen, key_of (start), GINT_TO_POINTER (1));
      g_queue_push_tail (&q, key_of (start));
      while (!g_queue_is_empty (&q))
        {
          gpointer k = g_queue_pop_head (&q);
          SpkHex h = spk_hex_from_key (GPOINTER_TO_UINT (k));
          int d = GPOINTER_TO_INT (g_hash_table_lookup (seen, k));

          if (d - 1 >= me->movement)
            continue;
          for (int i = 0; i < 6; i++)
            {
              SpkHex n = spk_hex_neighbour (h, i);
              BCell *c = bcell (br, n);
              gboolean pass_only;

              if (c == NULL || g_hash_table_contains (seen, key_of (n)))
                continue;
              if (own_gate_known && spk_hex_equal (n, own))
                {
                  g_hash_table_insert (seen, key_of (n), GINT_TO_POINTER (d + 1));
                  g_hash_table_add (out->dests, key_of (n));
                  continue;
                }
              if (c->kind != 0 || c->terrain > me->allowance)
                continue;
              pass_only = FALSE;
              if (c->chip != NULL)
                {
                  if (!spk_chip_has_talent (me, "Incorporeal") || !spk_chip_is_unit (c->chip) ||
                      spk_board_friendly (br->b, me->faction, c->chip->faction))
                    continue;
                  pass_only = TRUE;
                }
              g_hash_table_insert (seen, key_of (n), GINT_TO_POINTER (d + 1));
              if (!pass_only)
                g_hash_table_add (out->dests, key_of (n));
              g_queue_push_tail (&q, key_of (n));
            }
        }
      g_queue_clear (&q);
      g_hash_table_unref (seen);
      return;
    }

  if (!has_mark)
    {
      out->rule = SPK_MOVE_RULE_NONE;
      return;
    }
  dist = brute_closeness (br, mark, me->allowance);
  sc = bcell (br, start);
  if (sc->kind != 0)
    {
      for (int i = 0; i < 6; i++)
        {
          int nd = bdist (dist, spk_hex_neighbour (start, i));
          if (nd >= 0 && (sd < 0 || nd + 1 < sd))
            sd = nd + 1;
        }
      if (sd < 0)
        {
          out->rule = SPK_MOVE_RULE_NONE;
          return;
        }
    }
  else if (sc->terrain <= me->allowance && bdist (dist, start) >= 0)
    sd = bdist (dist, start);
  else
    {
      /* Invalid Hex recovery. */
      g_autoptr(GHashTable) depth = g_hash_table_new (NULL, NULL);
      int j = brute_to_valid (br, me, dist, start, depth);
      GHashTableIter it;
      gpointer k, v;

      out->rule = SPK_MOVE_RULE_RECOVER;
      if (j < 0 || me->movement == 0)
        return;
      out->may_stay = FALSE;
      g_hash_table_iter_init (&it, depth);
      while (g_hash_table_iter_next (&it, &k, &v))
        {
          SpkHex h = spk_hex_from_key (GPOINTER_TO_UINT (k));
          int dh = GPOINTER_TO_INT (v) - 1;

          if (j > me->movement)
            {
              if (dh == me->movement && brute_to_valid (br, me, dist, h, NULL) == j - me->movement)
                g_hash_table_add (out->dests, k);
            }
          else if (dh == j && brute_valid (br, me, dist, h))
            {
              BruteAnswer sub = { 0 };
              GHashTableIter it2;
              gpointer k2;

              sub.rule = SPK_MOVE_RULE_NONE;
              sub.dests = g_hash_table_new (NULL, NULL);
              if (me->movement > j)
                brute_minion_from (br, me, dist, h, bdist (dist, h), me->movement - j, FALSE, &sub);
              if (sub.rule != SPK_MOVE_RULE_PROGRESS)
                g_hash_table_add (out->dests, k);   /* no lateral after recovering */
              else
                {
                  g_hash_table_iter_init (&it2, sub.dests);
                  while (g_hash_table_iter_next (&it2, &k2, NULL))
                    g_hash_table_add (out->dests, k2);
                  out->used = MAX (out->used, j + sub.used);
                }
              out->used = MAX (out->used, j);
              g_hash_table_unref (sub.dests);
            }
        }
      if (j > me->movement)
        out->used = me->movement;
      return;
    }

  brute_minion_from (br, me, dist, start, sd, me->movement, FALSE, out);
  out->sd = sd;
  if (out->rule != SPK_MOVE_RULE_PROGRESS)
    {
      BruteAnswer second = { 0 };

      second.dests = g_hash_table_new (NULL, NULL);
      brute_minion_from (br, me, dist, start, sd, me->movement, TRUE, &second);
      if (second.rule == SPK_MOVE_RULE_PROGRESS)
        {
          g_hash_table_unref (out->dests);
          *out = second;
          out->sd = sd;
        }
      else
        g_hash_table_unref (second.dests);
    }
}

/* ---- checks on the engine's answer ---------------------------------------- */

/* Every example route is legal step by step for the rule it claims. */
static void
check_paths (const Brute *br, const SpkChip *me, const SpkMoveResult *res)
{
  const SpkFaction *f = spk_board_find_faction (br->b, me->faction);
  gboolean has_mark;
  SpkHex mark = gate_hex (br, f->mark, &has_mark);
  g_autoptr(GHashTable) dist = has_mark ? brute_closeness (br, mark, me->allowance) : NULL;

  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);
      const SpkHex *p = dst->path;
      guint n_p = dst->n_path;
      g_autoptr(GHashTable) once = g_hash_table_new (NULL, NULL);
      guint heroes_met = 0;

      g_assert_cmpuint (n_p, >=, 2);
      g_assert_true (spk_hex_equal (p[0], res->start));
      g_assert_true (spk_hex_equal (p[n_p - 1], dst->hex));
      g_assert_cmpint ((int) n_p - 1, <=, me->movement);
      for (guint s = 0; s < n_p; s++)
        {
          SpkHex h = p[s];
          BCell *c = bcell (br, h);

          g_assert_false (g_hash_table_contains (once, key_of (h)));   /* never re-entered */
          g_hash_table_add (once, key_of (h));
          if (s == 0)
            continue;
          g_assert_true (spk_hex_adjacent (p[s - 1], h));
          g_assert_nonnull (c);
          if (res->rule == SPK_MOVE_RULE_RECOVER)
            {
              g_assert_cmpint (c->kind, ==, 0);
              if (c->chip != NULL && c->chip->kind == SPK_CHIP_HERO &&
                  spk_board_friendly (br->b, me->faction, c->chip->faction))
                heroes_met++;
              continue;
            }
          if (me->kind == SPK_CHIP_HERO)
            {
              gboolean own;
              SpkHex gate = gate_hex (br, me->faction, &own);
              if (own && spk_hex_equal (h, gate))
                {
                  g_assert_cmpuint (s, ==, n_p - 1);
                  continue;
                }
            }
          g_assert_cmpint (c->kind, ==, 0);
          g_assert_cmpint (c->terrain, <=, me->allowance);
          if (me->kind == SPK_CHIP_MINION)
            g_assert_cmpint (bdist (dist, h), >=, 0);
          if (c->chip != NULL)
            {
              g_assert_true (spk_chip_is_unit (c->chip));
              if (me->kind == SPK_CHIP_MINION &&
                  spk_board_friendly (br->b, me->faction, c->chip->faction))
                {
                  g_assert_cmpint (c->chip->kind, ==, SPK_CHIP_HERO);
                  heroes_met++;
                }
              else
                {
                  g_assert_true (spk_chip_has_talent (me, "Incorporeal"));
                  g_assert_cmpuint (s, <, n_p - 1);
                }
            }
        }
      g_assert_cmpuint (dst->displaces->len, ==, heroes_met);
      if (me->kind == SPK_CHIP_MINION && res->rule == SPK_MOVE_RULE_PROGRESS)
        {
          g_assert_cmpint ((int) n_p - 1, ==, res->movement_used);
          g_assert_cmpint (dst->distance, <, res->start_distance);   /* closer */
        }
      if (res->rule == SPK_MOVE_RULE_LATERAL)
        g_assert_cmpint (dst->distance, ==, res->start_distance);    /* never further */
    }
}

static void
compare_with_brute (const SpkBoard *b, SpkMovement *mv, const SpkChip *chip, guint *counts)
{
  Brute br;
  BruteAnswer want = { 0 };
  g_autoptr(SpkMoveResult) got = NULL;
  g_autoptr(GError) error = NULL;

  brute_init (&br, b);
  got = spk_movement_query (mv, chip->id, &error);
  g_assert_no_error (error);
  brute_answer (&br, chip, &want);

  if (got->rule != want.rule || got->destinations->len != g_hash_table_size (want.dests))
    {
      g_test_message ("chip %s at (%d,%d), movement %d, allowance %d: engine %s with %u options, naive %s with %u",
                      chip->id, got->start.q, got->start.r, chip->movement, chip->allowance,
                      spk_move_rule_to_string (got->rule), got->destinations->len,
                      spk_move_rule_to_string (want.rule), g_hash_table_size (want.dests));
      for (guint i = 0; i < got->explanation->len; i++)
        g_test_message ("  %s", (char *) g_ptr_array_index (got->explanation, i));
    }
  g_assert_cmpstr (spk_move_rule_to_string (got->rule), ==, spk_move_rule_to_string (want.rule));
  g_assert_cmpint (got->may_stay, ==, want.may_stay);
  g_assert_cmpuint (got->destinations->len, ==, g_hash_table_size (want.dests));
  for (guint i = 0; i < got->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (got->destinations, i);
      g_assert_true (g_hash_table_contains (want.dests, key_of (dst->hex)));
    }
  if (got->rule == SPK_MOVE_RULE_PROGRESS || got->rule == SPK_MOVE_RULE_RECOVER)
    g_assert_cmpint (got->movement_used, ==, want.used);   /* k is the largest */
  if (chip->kind == SPK_CHIP_MINION && want.sd >= 0)
    g_assert_cmpint (got->start_distance, ==, want.sd);
  check_paths (&br, chip, got);
  counts[got->rule]++;

  g_hash_table_unref (want.dests);
  g_hash_table_unref (br.cells);
}

/* ---- the table ------------------------------------------------------------ */

static void
test_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (row, expected);
  g_autoptr(SpkMovement) mv = spk_movement_new (b, NULL);
  g_autoptr(SpkMoveResult) res = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) all = g_string_new (NULL);
  guint counts[SPK_N_MOVE_RULES] = { 0 };

  g_test_message ("rule: %s", row->rule_cited);
  res = spk_movement_query (mv, row->query, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < res->explanation->len; i++)
    {
      g_test_message ("  %s", (char *) g_ptr_array_index (res->explanation, i));
      g_string_append_printf (all, "%s\n", (char *) g_ptr_array_index (res->explanation, i));
    }

  g_assert_cmpstr (res->chip, ==, row->query);
  g_assert_cmpstr (spk_move_rule_to_string (res->rule), ==, spk_move_rule_to_string (row->rule));
  g_assert_cmpint (res->may_stay, ==, row->may_stay);
  g_assert_cmpint (res->movement_used, ==, row->movement_used);
  g_assert_cmpint (res->start_distance, ==, row->start_distance);
  g_assert_cmpuint (res->destinations->len, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      SpkHex h = g_array_index (expected, SpkHex, i);
      const SpkMoveDestination *dst = spk_move_result_find (res, h);

      if (dst == NULL)
        g_error ("(%d,%d) missing from the options", h.q, h.r);
      if (row->displaced != NULL)
        {
          g_assert_cmpuint (dst->displaces->len, ==, 1);
          g_assert_cmpstr (g_ptr_array_index (dst->displaces, 0), ==, row->displaced);
        }
      else
        g_assert_cmpuint (dst->displaces->len, ==, 0);
    }
  if (row->explains != NULL && strstr (all->str, row->explains) == NULL)
    g_error ("explanation lacks “%s”:\n%s", row->explains, all->str);

  /* The naive reading agrees on every unit of every row board. */
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (b->chips, i);
      if (spk_chip_is_unit (chip))
        compare_with_brute (b, mv, chip, counts);
    }
}

/* ---- closeness, order, errors, talents ------------------------------------ */

static void
test_closeness (void)
{
  static const Row line = {
    "closeness", "Close", LINE_TOP " G . . X . . M" LINE_BOTTOM,
    { HERO ('X', "xan", "b", 1, SPK_TERRAIN_PATH) },
    FALSE, NULL, NULL, 0, 0, 0, 0, NULL, NULL
  };
  static const struct { int q, r; SpkTerrain allowance; int want; const char *why; } cases[] = {
    { 5, 1, SPK_TERRAIN_PATH, 1, "next to the mark" },
    { 3, 1, SPK_TERRAIN_PATH, 3, "Close: a unit's hex counts" },
    { 1, 1, SPK_TERRAIN_PATH, 5, "Close: counted through the unit" },
    { 0, 1, SPK_TERRAIN_PATH, 6, "Deployment: the gate counts from its best neighbour" },
    { 6, 1, SPK_TERRAIN_PATH, 0, "the mark itself" },
    { 2, 0, SPK_TERRAIN_PATH, 5, "outside the allowance: from its best neighbour" },
    { 2, 0, SPK_TERRAIN_MOUNTAINS, 5, "mountains allowance: a parallel route" },
    { 6, 0, SPK_TERRAIN_MOUNTAINS, 1, "mountains next to the mark" },
    { 5, 0, SPK_TERRAIN_MOUNTAINS, 2, "mountains" },
    { 9, 9, SPK_TERRAIN_PATH, -1, "sky" },
  };
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (&line, expected);
  g_autoptr(SpkMovement) mv = spk_movement_new (b, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].why);
      g_assert_cmpint (spk_movement_closeness (mv, spk_hex_make (cases[i].q, cases[i].r), "b",
                                               cases[i].allowance), ==, cases[i].want);
    }
  g_assert_cmpint (spk_movement_closeness (mv, spk_hex_make (1, 1), "nobody", SPK_TERRAIN_PATH), ==, -1);
}

static void
test_order (void)
{
  static const Row row = {
    "order", "Leading Minion", "^ ^ ^ ^ C ^ ^\n"
    " G A . B . E M" LINE_BOTTOM,
    { MINION ('A', "ash", "a", 2), MINION ('B', "birch", "a", 2), MINION ('C', "cedar", "a", 2),
      { 'E', "elm", SPK_CHIP_MINION, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, TRUE },
      MINION (0, "fir", "a", 2), HERO (0, "dywen", "a", 2, SPK_TERRAIN_PATH) },
    FALSE, "fir dywen", NULL, 0, 0, 0, 0, NULL, NULL
  };
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (&row, expected);
  g_autoptr(SpkMovement) mv = spk_movement_new (b, NULL);
  g_autoptr(GPtrArray) tiers = NULL;
  g_autoptr(GError) error = NULL;
  SpkOrderTier *t;

  /* birch (3,1) and cedar (4,0) are both 3 away: one tier, player's choice;
   * ash 5; fir deploys from the gate, 6; elm has moved; dywen is a hero. */
  tiers = spk_movement_order (mv, "a", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tiers->len, ==, 3);
  t = g_ptr_array_index (tiers, 0);
  g_assert_cmpint (t->distance, ==, 3);
  g_assert_cmpuint (t->chips->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (t->chips, 0), ==, "birch");
  g_assert_cmpstr (g_ptr_array_index (t->chips, 1), ==, "cedar");
  t = g_ptr_array_index (tiers, 1);
  g_assert_cmpint (t->distance, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (t->chips, 0), ==, "ash");
  t = g_ptr_array_index (tiers, 2);
  g_assert_cmpint (t->distance, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (t->chips, 0), ==, "fir");

  g_clear_pointer (&tiers, g_ptr_array_unref);
  tiers = spk_movement_order (mv, "b", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tiers->len, ==, 0);

  g_clear_pointer (&tiers, g_ptr_array_unref);
  tiers = spk_movement_order (mv, "zz", &error);
  g_assert_error (error, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_UNKNOWN_FACTION);
  g_assert_null (tiers);
}

static void
test_errors (void)
{
  static const Row row = {
    "errors", "-", LINE_TOP " G . S . . . M" LINE_BOTTOM,
    { { 'S', "shrub", SPK_CHIP_SPIRE, "b", 0, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, NULL, FALSE, FALSE },
      MINION (0, "lost", "a", 2), MINION ('A', "ash", "a", 2), MINION (0, "birch", "a", 3) },
    FALSE, NULL, NULL, 0, 0, 0, 0, NULL, NULL
  };
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (&row, expected);
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL;
  g_autoptr(SpkMoveResult) grouped = NULL;

  /* Group: birch under ash (not on the map, so ash stands nowhere). */
  g_ptr_array_add (spk_board_find_chip (b, "ash")->grouped, g_strdup ("birch"));
  grouped = spk_movement_moves (b, NULL, "birch", NULL);
  g_assert_cmpint (grouped->rule, ==, SPK_MOVE_RULE_NONE);
  g_assert_true (grouped->may_stay);
  g_assert_cmpuint (grouped->destinations->len, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (grouped->explanation, 0), ==,
                   "Grouped under Ash: it is inactive and moves only as part of that group.");

  g_assert_null (spk_movement_moves (b, NULL, "nobody", &e1));
  g_assert_error (e1, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_UNKNOWN_CHIP);
  g_assert_null (spk_movement_moves (b, NULL, "shrub", &e2));
  g_assert_error (e2, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NOT_A_UNIT);
  /* Neither placed, stacked nor grouped: the table is incomplete. */
  g_assert_null (spk_movement_moves (b, NULL, "lost", &e3));
  g_assert_error (e3, SPK_MOVEMENT_ERROR, SPK_MOVEMENT_ERROR_NO_PLACE);
}

static void
test_talent_range (void)
{
  static const struct { const char *talent; int range; } cases[] = {
    { "2 Range", 2 }, { "3 range", 3 }, { "10 Range", 10 }, { "Range", 0 },
    { "2 Ranges", 0 }, { "0 Range", 0 }, { "Flying", 0 }, { "2  Range", 2 }, { "-1 Range", 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (spk_talent_range (cases[i].talent), ==, cases[i].range);
}

static void
test_range_reported (void)
{
  static const Row row = {
    "range", "Talent N Range (kept for attacks)", LINE_TOP " G . D . . . M" LINE_BOTTOM,
    { { 'D', "dywen", SPK_CHIP_HERO, "a", 2, SPK_TERRAIN_PATH, SPK_TERRAIN_PATH, "2 Range", FALSE, FALSE } },
    FALSE, NULL, NULL, 0, 0, 0, 0, NULL, NULL
  };
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (&row, expected);
  g_autoptr(SpkMoveResult) res = spk_movement_moves (b, NULL, "dywen", NULL);

  g_assert_cmpint (res->range, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (res->explanation, 2), ==,
                   "2 Range: used for attacks, not for movement.");
}

/* A minion whose gate neighbours are all taken cannot deploy; after the top
 * unit leaves, the next one is on top. */
static void
test_deployment_sequence (void)
{
  static const Row row = {
    "deploy", "Deployment; Deployment Stack", LINE_TOP " G . . . . . M" LINE_BOTTOM,
    { MINION (0, "ash", "a", 2), MINION (0, "birch", "a", 1) },
    FALSE, "ash birch", NULL, 0, 0, 0, 0, NULL, NULL
  };
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (SpkHex));
  g_autoptr(SpkBoard) b = board_from_map (&row, expected);
  g_autoptr(SpkMoveResult) first = NULL, second = NULL, after = NULL;
  SpkDeployment *d = g_ptr_array_index (b->deployment, 0);
  SpkChip *ash = spk_board_find_chip (b, "ash");

  first = spk_movement_moves (b, NULL, "ash", NULL);
  g_assert_cmpint (first->rule, ==, SPK_MOVE_RULE_PROGRESS);
  g_assert_nonnull (spk_move_result_find (first, spk_hex_make (2, 1)));
  second = spk_movement_moves (b, NULL, "birch", NULL);
  g_assert_cmpint (second->rule, ==, SPK_MOVE_RULE_WAITING);

  /* Ash deploys to (2,1); birch is now on top and may take (1,1). */
  g_free (g_ptr_array_steal_index (d->stack, 0));
  ash->placed = TRUE;
  ash->q = 2;
  ash->r = 1;
  ash->moved = TRUE;
  after = spk_movement_moves (b, NULL, "birch", NULL);
  g_assert_cmpint (after->rule, ==, SPK_MOVE_RULE_PROGRESS);
  g_assert_cmpint (after->start_distance, ==, 6);
  g_assert_cmpuint (after->destinations->len, ==, 1);
  g_assert_nonnull (spk_move_result_find (after, spk_hex_make (1, 1)));
}

/* A prebuilt grid gives the same answers as an internal one. */
static void
test_prebuilt_grid (void)
{
  SpkTestBoardSpec spec = { 3, 120, 20, 4, 4, 0.1, FALSE, TRUE };
  g_autoptr(SpkBoard) b = spk_test_board_random (7, &spec);
  g_autoptr(SpkGrid) grid = spk_grid_new (b);
  g_autoptr(SpkMovement) with = spk_movement_new (b, grid);
  g_autoptr(SpkMovement) without = spk_movement_new (b, NULL);

  g_assert_true (spk_movement_get_grid (with) == grid);
  for (guint i = 0; i < b->chips->len; i++)
    {
      const SpkChip *chip = g_ptr_array_index (b->chips, i);
      g_autoptr(SpkMoveResult) r1 = NULL, r2 = NULL;

      if (!spk_chip_is_unit (chip))
        continue;
      r1 = spk_movement_query (with, chip->id, NULL);
      r2 = spk_movement_query (without, chip->id, NULL);
      g_assert_cmpint (r1->rule, ==, r2->rule);
      g_assert_cmpuint (r1->destinations->len, ==, r2->destinations->len);
      g_assert_cmpuint (r1->explanation->len, ==, r2->explanation->len);
    }
}

/* ---- long moves ------------------------------------------------------------ */

/* Movement 30 on a 41 x 41 open field of path: a route of exactly 30 steps
 * that never re-enters a hex reaches every hex within 30 steps (even one
 * next to the start, going round), so the options are every such hex
 * closer to the mark. A search of every route would not finish. */
static void
test_long_move (void)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  g_autoptr(SpkMovement) mv = NULL;
  g_autoptr(SpkMoveResult) res = NULL;
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "a", "b" };
  SpkHex start = spk_hex_make (40, 20), mark = spk_hex_make (-1, 20);
  SpkChip *chip;
  Brute br;
  guint want = 0;

  b->player_count = 2;
  for (int i = 0; i < 2; i++)
    {
      SpkFaction *f = spk_faction_new (ids[i]);
      f->mark = g_strdup (ids[1 - i]);
      g_ptr_array_add (b->factions, f);
    }
  for (int q = 0; q <= 40; q++)
    for (int r = 0; r <= 40; r++)
      add_hex (b, q, r, SPK_TERRAIN_PATH);
  g_ptr_array_add (b->fortresses, spk_fortress_new ("a", spk_hex_make (41, 20)));
  g_ptr_array_add (b->fortresses, spk_fortress_new ("b", mark));
  chip = spk_chip_new ("runner", SPK_CHIP_MINION);
  chip->faction = g_strdup ("a");
  chip->movement = 30;
  chip->allowance = SPK_TERRAIN_PATH;
  chip->active = TRUE;
  chip->placed = TRUE;
  chip->q = start.q;
  chip->r = start.r;
  g_ptr_array_add (b->chips, chip);

  mv = spk_movement_new (b, NULL);
  res = spk_movement_query (mv, "runner", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (spk_move_rule_to_string (res->rule), ==, "progress");
  g_assert_cmpint (res->movement_used, ==, 30);
  g_assert_cmpint (res->start_distance, ==, 41);
  g_assert_false (res->may_stay);

  /* The field is convex, so closeness is the hex distance to the gate. */
  for (int q = 0; q <= 40; q++)
    for (int r = 0; r <= 40; r++)
      {
        SpkHex h = spk_hex_make (q, r);
        int steps = spk_hex_distance (start, h);
        const SpkMoveDestination *dst = spk_move_result_find (res, h);
        gboolean option = steps >= 1 && steps <= 30 && spk_hex_distance (h, mark) < 41;

        if (option != (dst != NULL))
          g_error ("(%d,%d), %d steps away: %s", q, r, steps, option ? "missing" : "not an option");
        if (dst != NULL)
          {
            g_assert_cmpint (dst->distance, ==, spk_hex_distance (h, mark));
            want++;
          }
      }
  g_assert_cmpuint (res->destinations->len, ==, want);
  g_assert_cmpuint (want, ==, 810);

  brute_init (&br, b);
  check_paths (&br, chip, res);
  g_hash_table_unref (br.cells);
}

/* ---- random boards -------------------------------------------------------- */

/* Ruling M-16: movement 30 on cramped random boards. Some answers need
 * more search than the work limit allows; those say so (approximate, and a
 * line in the explanation), and every option of theirs still ends a walk of
 * the counted steps over neighbouring hexes that never steps straight back.
 * Every other answer keeps its routes free of repeated hexes. */
static void
test_work_limit (void)
{
  guint approximate = 0, exact = 0;

  for (guint seed = 1; seed <= 6; seed++)
    {
      SpkTestBoardSpec spec = { 4, 400, 60, 16, 10, 0.3, FALSE, TRUE };
      g_autoptr(SpkBoard) b = spk_test_board_random (seed, &spec);
      g_autoptr(SpkMovement) mv = NULL;

      for (guint i = 0; i < b->chips->len; i++)
        {
          SpkChip *chip = g_ptr_array_index (b->chips, i);

          if (chip->kind != SPK_CHIP_MINION)
            continue;
          chip->movement = 30;
          chip->allowance = SPK_TERRAIN_MOUNTAINS;
          chip->moved = FALSE;
        }
      mv = spk_movement_new (b, NULL);
      for (guint i = 0; i < b->chips->len; i++)
        {
          const SpkChip *chip = g_ptr_array_index (b->chips, i);
          g_autoptr(SpkMoveResult) res = NULL;
          gboolean said = FALSE;

          if (chip->kind != SPK_CHIP_MINION)
            continue;
          res = spk_movement_query (mv, chip->id, NULL);
          g_assert_nonnull (res);
          for (guint e = 0; e < res->explanation->len; e++)
            said |= strstr (g_ptr_array_index (res->explanation, e), "work limit") != NULL;
          g_assert_cmpint (said, ==, res->approximate);
          approximate += res->approximate;
          exact += !res->approximate && res->rule == SPK_MOVE_RULE_PROGRESS;
          for (guint d = 0; d < res->destinations->len; d++)
            {
              const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, d);
              const SpkHex *path = dst->path;
      guint n_path = dst->n_path;

              for (guint j = 1; j < n_path; j++)
                g_assert_true (spk_hex_adjacent (path[j - 1],
                                                 path[j]));
              for (guint j = 2; j < n_path; j++)
                g_assert_false (spk_hex_equal (path[j - 2],
                                               path[j]));
              if (res->approximate)
                continue;
              for (guint j = 0; j < n_path; j++)
                for (guint l = j + 1; l < n_path; l++)
                  g_assert_false (spk_hex_equal (path[j],
                                                 path[l]));
            }
        }
    }
  g_test_message ("approximate %u, exact progress %u", approximate, exact);
  /* Both kinds occur, so both checks above mean something. */
  g_assert_cmpuint (approximate, >, 0);
  g_assert_cmpuint (exact, >, 0);
}

static void
test_random_boards (void)
{
  guint counts[SPK_N_MOVE_RULES] = { 0 };
  guint n_boards = g_test_slow () ? 400 : 120;

  for (guint seed = 1; seed <= n_boards; seed++)
    {
      SpkTestBoardSpec spec = { 2 + (int) (seed % 3), 60 + (int) (seed * 7 % 200),
                                8 + (int) (seed % 25), (int) (seed % 6), (int) (seed % 5),
                                0.05 * (seed % 5), seed % 4 == 0, seed % 2 == 0 };
      g_autoptr(SpkBoard) b = NULL;
      g_autoptr(SpkMovement) mv = NULL;

      if (seed % 4 == 0)
        spec.players = 4;
      b = spk_test_board_random (seed, &spec);
      mv = spk_movement_new (b, NULL);
      g_test_message ("board seed %u", seed);
      for (guint i = 0; i < b->chips->len; i++)
        {
          const SpkChip *chip = g_ptr_array_index (b->chips, i);
          if (spk_chip_is_unit (chip))
            compare_with_brute (b, mv, chip, counts);
        }
    }
  for (int r = 0; r < SPK_N_MOVE_RULES; r++)
    g_test_message ("%s: %u", spk_move_rule_to_string (r), counts[r]);
  /* The boards exercise every rule, so the comparison means something. */
  for (int r = 0; r < SPK_N_MOVE_RULES; r++)
    g_assert_cmpuint (counts[r], >, 0);
}

/* The sentence printf writes for one option, as the engine said it before
 * it put the plain ones together itself. */
static char *
option_sentence (const SpkBoard *b, const SpkMoveDestination *dst)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint j = 0; j < dst->displaces->len; j++)
    {
      const char *id = g_ptr_array_index (dst->displaces, j);
      const SpkChip *hero = spk_board_find_chip (b, id);

      g_string_append_printf (ids, "%s%s", j > 0 ? ", " : "",
                              hero != NULL && hero->name != NULL && hero->name[0] != '\0' ? hero->name : id);
    }
  if (dst->displaces->len > 0)
    return g_strdup_printf ("(%d,%d): %d steps from the mark; displaces %s.",
                            dst->hex.q, dst->hex.r, dst->distance, ids->str);
  if (dst->distance >= 0)
    return g_strdup_printf ("(%d,%d): %d steps from the mark.", dst->hex.q, dst->hex.r, dst->distance);
  return g_strdup_printf ("(%d,%d): no route to the mark from there.", dst->hex.q, dst->hex.r);
}

static void
assert_same_answer (const SpkMoveResult *a, const SpkMoveResult *b)
{
  g_assert_cmpint (a->rule, ==, b->rule);
  g_assert_cmpint (a->movement_used, ==, b->movement_used);
  g_assert_cmpint (a->start_distance, ==, b->start_distance);
  g_assert_cmpuint (a->destinations->len, ==, b->destinations->len);
  for (guint d = 0; d < a->destinations->len; d++)
    {
      const SpkMoveDestination *x = g_ptr_array_index (a->destinations, d);
      const SpkMoveDestination *y = g_ptr_array_index (b->destinations, d);

      g_assert_true (spk_hex_equal (x->hex, y->hex));
      g_assert_cmpint (x->distance, ==, y->distance);
      g_assert_cmpmem (x->path, x->n_path * sizeof (SpkHex), y->path, y->n_path * sizeof (SpkHex));
      g_assert_cmpuint (x->displaces->len, ==, y->displaces->len);
    }
  g_assert_cmpuint (a->explanation->len, ==, b->explanation->len);
  for (guint e = 0; e < a->explanation->len; e++)
    g_assert_cmpstr (g_ptr_array_index (a->explanation, e), ==, g_ptr_array_index (b->explanation, e));
}

/* The options come by closeness (no route last), r, then q. */
static void
assert_options_sorted (const SpkMoveResult *res)
{
  for (guint d = 1; d < res->destinations->len; d++)
    {
      const SpkMoveDestination *x = g_ptr_array_index (res->destinations, d - 1);
      const SpkMoveDestination *y = g_ptr_array_index (res->destinations, d);
      int dx = x->distance < 0 ? G_MAXINT : x->distance;
      int dy = y->distance < 0 ? G_MAXINT : y->distance;

      g_assert_true (dx < dy || (dx == dy && (x->hex.r < y->hex.r ||
                                              (x->hex.r == y->hex.r && x->hex.q < y->hex.q))));
    }
}

/* The benchmark's stress board: every minion in play, movement 5, water. */
static void
stress_board (SpkBoard *b)
{
  for (guint i = 0; i < b->chips->len; i++)
    {
      SpkChip *chip = g_ptr_array_index (b->chips, i);

      if (chip->kind != SPK_CHIP_MINION)
        continue;
      chip->allowance = SPK_TERRAIN_WATER;
      chip->moved = FALSE;
      chip->movement = 5;
    }
}

/* What the context keeps between questions (closeness maps, how each kind
 * of unit may step, the start hex closed during a search) never changes an
 * answer: asked twice, or of a context that answered every other unit
 * first, a unit gets the answer a fresh context gives. The options come by
 * closeness, r, then q, each with the sentence printf would write. Boards:
 * the benchmark board; the same in play with movement 5 (the options
 * rarely meet a hero, so routes are built before walks are counted); a
 * team board where a recovering minion's search starts on an empty hex
 * that a later answer crosses. */
static void
test_context_reuse (void)
{
  guint options = 0;

  for (int setup = 0; setup < 3; setup++)
    {
      SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
      g_autoptr(SpkBoard) b = NULL;
      g_autoptr(SpkMovement) shared = NULL;

      if (setup == 2)
        {
          spec.teams = TRUE;
          spec.units = 80;
        }
      b = spk_test_board_random (setup == 2 ? 2027 : 2026, &spec);
      if (setup == 1)
        stress_board (b);
      shared = spk_movement_new (b, NULL);
      for (guint i = 0; i < b->chips->len; i++)
        {
          const SpkChip *chip = g_ptr_array_index (b->chips, i);
          g_autoptr(SpkMovement) fresh = NULL;
          g_autoptr(SpkMoveResult) first = NULL;
          g_autoptr(SpkMoveResult) again = NULL;
          g_autoptr(SpkMoveResult) alone = NULL;
          guint n;

          if (!spk_chip_is_unit (chip))
            continue;
          first = spk_movement_query (shared, chip->id, NULL);
          again = spk_movement_query (shared, chip->id, NULL);
          fresh = spk_movement_new (b, NULL);
          alone = spk_movement_query (fresh, chip->id, NULL);
          assert_same_answer (first, again);
          assert_same_answer (first, alone);

          n = first->destinations->len;
          options += n;
          assert_options_sorted (first);
          if (chip->kind != SPK_CHIP_MINION || n == 0)
            continue;
          g_assert_cmpuint (first->explanation->len, >=, n);
          for (guint d = 0; d < n; d++)
            {
              g_autofree char *want = option_sentence (b, g_ptr_array_index (first->destinations, d));

              g_assert_cmpstr (g_ptr_array_index (first->explanation, first->explanation->len - n + d), ==, want);
            }
        }
    }
  /* Enough options for the checks to mean something. */
  g_assert_cmpuint (options, >, 1000);
}

/* More options than an answer sorts on keys of its own or keeps the
 * translated count sentence for (64 each): a hero in the middle of an open
 * field with movement 6 reaches 126 hexes. The options still come in order,
 * the count is said with the plural form, and the same context asked again
 * (the translations then come from the context) says the same. */
static void
test_many_options (void)
{
  g_autoptr(SpkBoard) b = spk_board_new ();
  g_autoptr(SpkMovement) mv = NULL;
  g_autoptr(SpkMoveResult) res = NULL;
  g_autoptr(SpkMoveResult) again = NULL;
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "a", "b" };
  SpkChip *chip;
  gboolean counted = FALSE;

  b->player_count = 2;
  for (int i = 0; i < 2; i++)
    {
      SpkFaction *f = spk_faction_new (ids[i]);
      f->mark = g_strdup (ids[1 - i]);
      g_ptr_array_add (b->factions, f);
    }
  for (int q = 0; q <= 40; q++)
    for (int r = 0; r <= 40; r++)
      add_hex (b, q, r, SPK_TERRAIN_PATH);
  g_ptr_array_add (b->fortresses, spk_fortress_new ("a", spk_hex_make (41, 20)));
  g_ptr_array_add (b->fortresses, spk_fortress_new ("b", spk_hex_make (-1, 20)));
  chip = spk_chip_new ("walker", SPK_CHIP_HERO);
  chip->faction = g_strdup ("a");
  chip->movement = 6;
  chip->allowance = SPK_TERRAIN_PATH;
  chip->active = TRUE;
  chip->placed = TRUE;
  chip->q = 20;
  chip->r = 20;
  g_ptr_array_add (b->chips, chip);

  mv = spk_movement_new (b, NULL);
  res = spk_movement_query (mv, "walker", &error);
  g_assert_no_error (error);
  g_assert_cmpint (res->rule, ==, SPK_MOVE_RULE_HERO);
  g_assert_cmpuint (res->destinations->len, ==, 126);
  assert_options_sorted (res);
  for (guint i = 0; i < res->destinations->len; i++)
    {
      const SpkMoveDestination *dst = g_ptr_array_index (res->destinations, i);

      g_assert_cmpint (spk_hex_distance (dst->hex, spk_hex_make (20, 20)), <=, 6);
      g_assert_cmpint (dst->distance, ==, spk_hex_distance (dst->hex, spk_hex_make (-1, 20)));
    }
  for (guint i = 0; i < res->explanation->len; i++)
    counted |= g_str_equal (g_ptr_array_index (res->explanation, i), "126 hexes can be reached.");
  g_assert_true (counted);

  again = spk_movement_query (mv, "walker", &error);
  g_assert_no_error (error);
  assert_same_answer (res, again);
}

/* Closeness is counted on rows of bits when the board's rows are shorter
 * than 64 hexes, else on a queue. A lone hex far off makes the rows too
 * long without touching any route, so both ways must give the same
 * closeness everywhere and the same answer for every unit. */
static void
test_wide_board (void)
{
  for (int setup = 0; setup < 2; setup++)
    {
      SpkTestBoardSpec spec = SPK_TEST_BOARD_SPEC_BENCH;
      g_autoptr(SpkBoard) b = NULL;
      g_autoptr(SpkBoard) wide = NULL;
      g_autoptr(SpkMovement) narrow_mv = NULL;
      g_autoptr(SpkMovement) wide_mv = NULL;
      g_autoptr(SpkGrid) narrow_grid = NULL;
      g_autoptr(SpkGrid) wide_grid = NULL;
      guint compared = 0;
      int far_q = G_MININT;

      spec.teams = setup == 1;
      b = spk_test_board_random (setup == 1 ? 2027 : 2026, &spec);
      if (setup == 0)
        stress_board (b);
      wide = spk_board_copy (b);
      for (guint i = 0; i < b->hexes->len; i++)
        far_q = MAX (far_q, ((SpkHexEntry *) g_ptr_array_index (b->hexes, i))->q);
      g_ptr_array_add (wide->hexes, spk_hex_entry_new (far_q + 100, 0, SPK_TERRAIN_PATH, "far-off"));
      narrow_grid = spk_grid_new (b);
      wide_grid = spk_grid_new (wide);
      g_assert_cmpint (narrow_grid->width, <, 63);
      g_assert_cmpint (wide_grid->width, >, 100);
      narrow_mv = spk_movement_new (b, narrow_grid);
      wide_mv = spk_movement_new (wide, wide_grid);

      for (guint f = 0; f < b->factions->len; f++)
        for (int allowance = SPK_TERRAIN_PATH; allowance <= SPK_TERRAIN_WATER; allowance++)
          for (guint c = 0; c < spk_grid_n_cells (narrow_grid); c++)
            {
              const char *mark = ((SpkFaction *) g_ptr_array_index (b->factions, f))->id;
              SpkHex h = spk_grid_cell (narrow_grid, (int) c)->hex;
              int want = spk_movement_closeness (narrow_mv, h, mark, allowance);

              g_assert_cmpint (spk_movement_closeness (wide_mv, h, mark, allowance), ==, want);
              compared += want >= 0;
            }
      g_assert_cmpuint (compared, >, 1000);
      for (guint i = 0; i < b->chips->len; i++)
        {
          const SpkChip *chip = g_ptr_array_index (b->chips, i);
          g_autoptr(SpkMoveResult) narrow = NULL;
          g_autoptr(SpkMoveResult) far = NULL;

          if (!spk_chip_is_unit (chip))
            continue;
          narrow = spk_movement_query (narrow_mv, chip->id, NULL);
          far = spk_movement_query (wide_mv, chip->id, NULL);
          assert_same_answer (narrow, far);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *path = g_strdup_printf ("/movement/rule/%s", rows[i].name);
      g_test_add_data_func (path, &rows[i], test_row);
    }
  g_test_add_func ("/movement/closeness", test_closeness);
  g_test_add_func ("/movement/order", test_order);
  g_test_add_func ("/movement/errors", test_errors);
  g_test_add_func ("/movement/talent-range", test_talent_range);
  g_test_add_func ("/movement/range-reported", test_range_reported);
  g_test_add_func ("/movement/deployment-sequence", test_deployment_sequence);
  g_test_add_func ("/movement/prebuilt-grid", test_prebuilt_grid);
  g_test_add_func ("/movement/long-move", test_long_move);
  g_test_add_func ("/movement/random-boards", test_random_boards);
  g_test_add_func ("/movement/work-limit", test_work_limit);
  g_test_add_func ("/movement/context-reuse", test_context_reuse);
  g_test_add_func ("/movement/wide-board", test_wide_board);
  g_test_add_func ("/movement/many-options", test_many_options);
  return g_test_run ();
}
