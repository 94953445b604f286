/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-market-section.h: the Market section of the Tracker page.
 *
 * In the Market Phase a faction buys a merc or item, buys the earthscape,
 * or passes, in turn order (R-market-1, R-market-2): the faction choice
 * follows whose market turn it is. Each button (market.buy,
 * market.buy-earthscape, market.pass) is enabled only when a dry run of
 * the model's action passes; otherwise its tooltip, and the sentence under
 * the form, give the model's reason. */
#pragma once

#include <adwaita.h>

#include "spk-table.h"

G_BEGIN_DECLS

#define SPK_TYPE_MARKET_SECTION (spk_market_section_get_type ())

G_DECLARE_FINAL_TYPE (SpkMarketSection, spk_market_section, SPK, MARKET_SECTION, AdwBin)

/* The table it reads and acts on; it refreshes on "recorded". */
void        spk_market_section_set_table (SpkMarketSection *self,
                                          SpkTable         *table);
/* What is on offer, and whether (or why not) the chosen faction can buy
 * what the form names and the earthscape. */
const char *spk_market_section_get_text  (SpkMarketSection *self);

G_END_DECLS
