/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spk-hex.h"

#include <stdlib.h>

const SpkHex spk_hex_directions[6] = {
  { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
};

int
spk_hex_distance (SpkHex a, SpkHex b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;

  return (abs (dq) + abs (dr) + abs (dq + dr)) / 2;
}

gboolean
spk_hex_adjacent (SpkHex a, SpkHex b)
{
  return spk_hex_distance (a, b) == 1;
}
