/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window as a ui test starts it: on a first start. */
#pragma once

#include "spk-application.h"
#include "spk-board-view.h"
#include "spk-rules-page.h"
#include "spk-window.h"

G_BEGIN_DECLS

/* Starts a ui test program: GTK and libadwaita, after pointing the user's
 * data directory (autosave, imported rules, isle templates) at a new
 * temporary one, so a test never reads, writes or deletes a real user's
 * files; and binds the translations as main() does. */
void            spk_test_window_init (int *argc, char ***argv);

/* The one application of the test program, made and registered on first
 * use, as in the real program (a new one per test would fight over the
 * bus name). */
SpkApplication *spk_test_window_app (void);

/* A new window as on a first start (the autosave removed, so it opens on
 * the demo table), 1100×720, mapped, its table loaded. */
SpkWindow      *spk_test_window_new (void);
/* A new window as on a later start: from whatever the user data
 * directory holds. */
SpkWindow      *spk_test_window_start (void);

/* Runs the main loop until @window shows a table other than @old (up to
 * ten seconds), and asserts that it does. */
void            spk_test_window_wait_for_table (SpkWindow *window, SpkTable *old);
/* Steps @table on with Next Phase until it is in @phase. */
void            spk_test_window_advance_to (SpkTable *table, SpkPhase phase);
/* Enter on hex @q, @r of @view, as the keyboard does: the tool acts there. */
void            spk_test_window_press_enter_on (SpkBoardView *view, int q, int r);

/* The Rules page of @window, shown, once its packs are read (up to
 * twenty seconds); asserts that they are. */
SpkRulesPage   *spk_test_window_rules_page (SpkWindow *window);

/* Saves @window's table to @file and waits until it is written; asserts
 * that it was. */
void            spk_test_window_save (SpkWindow *window, GFile *file);

G_END_DECLS
