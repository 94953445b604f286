#pragma once

#include <adwaita.h>

#include "spk-application.h"

G_BEGIN_DECLS

#define SPK_TYPE_WINDOW (spk_window_get_type ())

G_DECLARE_FINAL_TYPE (SpkWindow, spk_window, SPK, WINDOW, AdwApplicationWindow)

SpkWindow *spk_window_new (SpkApplication *app);

G_END_DECLS
