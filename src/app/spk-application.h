#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SPK_TYPE_APPLICATION (spk_application_get_type ())

G_DECLARE_FINAL_TYPE (SpkApplication, spk_application, SPK, APPLICATION, AdwApplication)

SpkApplication *spk_application_new (void);

G_END_DECLS
