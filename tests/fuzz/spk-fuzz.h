/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spk-fuzz.h: what every libFuzzer target in tests/fuzz shares.
 *
 * A target defines LLVMFuzzerTestOneInput and calls spk_fuzz_init from
 * LLVMFuzzerInitialize. Inputs that are rejected must be rejected cleanly:
 * a crash, a sanitizer report, a failed g_assert or a GLib critical (a
 * g_return_if_fail that fired) is a finding. Warnings and messages about
 * bad input are expected and kept quiet, so that the fuzzer runs fast and
 * its own output stays readable.
 */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

G_BEGIN_DECLS

int  LLVMFuzzerInitialize   (int *argc, char ***argv);
int  LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

void spk_fuzz_init          (void);

/* A private directory for targets that must go through files; removed
 * when the fuzzer exits. */
const char *spk_fuzz_tmpdir (void);

G_END_DECLS
