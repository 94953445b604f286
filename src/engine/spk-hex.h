/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-hex.h: axial hex coordinates. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  int q, r;
} SpkHex;

/* The six neighbours in the order the table format lists them:
 * (q+1,r) (q+1,r-1) (q,r-1) (q-1,r) (q-1,r+1) (q,r+1). */
extern const SpkHex spk_hex_directions[6];

static inline SpkHex
spk_hex_make (int q, int r)
{
  SpkHex h = { q, r };
  return h;
}

static inline SpkHex
spk_hex_neighbour (SpkHex h, int direction)
{
  SpkHex n = { h.q + spk_hex_directions[direction].q,
               h.r + spk_hex_directions[direction].r };
  return n;
}

static inline gboolean
spk_hex_equal (SpkHex a, SpkHex b)
{
  return a.q == b.q && a.r == b.r;
}

/* Grid distance ignoring what is on the hexes. */
int      spk_hex_distance (SpkHex a, SpkHex b);

gboolean spk_hex_adjacent (SpkHex a, SpkHex b);

/* A packed key for hash tables; coordinates must fit in 16 bits. */
static inline guint32
spk_hex_key (SpkHex h)
{
  return ((guint32) (guint16) h.q << 16) | (guint32) (guint16) h.r;
}

static inline SpkHex
spk_hex_from_key (guint32 key)
{
  SpkHex h = { (gint16) (key >> 16), (gint16) (key & 0xffff) };
  return h;
}

G_END_DECLS
