#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-startup: time from launch until the main window is mapped, and the
# memory the process holds 3 s later, for Spirekeeper and, when it is
# installed, GNOME Text Editor on the same display, side by side. Prints
# the median of RUNS starts (default 5) for each GDK renderer setting:
#   default     what each program picks by itself (under Xvfb there is no
#               GPU: GNOME Text Editor uses Mesa's software GL, Spirekeeper
#               leaves GL alone, see spk_application_skip_software_gl)
#   cairo       GSK_RENDERER=cairo (GDK still opens a GL context)
#   no GL       GDK_DEBUG=gl-disable (no GL library work at all)
# Needs a display (run it under xvfb-run) and xwininfo (x11-utils).
#
#   tests/bench/bench-startup.sh BUILDDIR
set -uo pipefail

builddir=${1:-build}
runs=${RUNS:-5}
app="$builddir/src/app/spirekeeper"
[ -x "$app" ] || { echo "bench-startup: no $app; build first" >&2; exit 2; }
command -v xwininfo >/dev/null || { echo "bench-startup: xwininfo missing (apt-get install x11-utils)" >&2; exit 2; }
[ -n "${DISPLAY:-}" ] || { echo "bench-startup: needs a display (xvfb-run -a $0)" >&2; exit 2; }

# One start: prints "MS RSS_KB PSS_KB" or nothing when no window showed.
one() {
  local title=$1; shift
  local home start mapped pid rss pss
  home=$(mktemp -d)
  start=$(date +%s%N)
  XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
    GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 "$@" >/dev/null 2>&1 &
  pid=$!
  mapped=
  while [ $(( $(date +%s%N) - start )) -lt 15000000000 ]; do
    if xwininfo -root -tree 2>/dev/null | grep -qF "$title"; then
      mapped=$(date +%s%N)
      break
    fi
    sleep 0.005
  done
  if [ -n "$mapped" ]; then
    sleep 3
    rss=$(awk '/^VmRSS:/ {print $2}' /proc/$pid/status)
    pss=$(awk '/^Pss:/ {print $2}' /proc/$pid/smaps_rollup)
    echo "$(( (mapped - start) / 1000000 )) $rss $pss"
  fi
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  rm -rf "$home"
}

median() { sort -n | awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]; else print "-"}'; }

measure() {
  local label=$1 mode=$2 title=$3; shift 3
  local out=() envs=()
  case "$mode" in
    cairo) envs=(GSK_RENDERER=cairo) ;;
    nogl) envs=(GDK_DEBUG=gl-disable) ;;
  esac
  for _ in $(seq 1 "$runs"); do
    out+=("$(one "$title" env "${envs[@]}" "$@")")
  done
  if ! printf '%s\n' "${out[@]}" | grep -q .; then
    echo "$label: no window appeared"
    return
  fi
  printf '%-40s window mapped %4s ms   RSS %4s MB   PSS %4s MB   (median of %d)\n' "$label" \
    "$(printf '%s\n' "${out[@]}" | awk 'NF {print $1}' | median)" \
    "$(printf '%s\n' "${out[@]}" | awk 'NF {print int($2 / 1024)}' | median)" \
    "$(printf '%s\n' "${out[@]}" | awk 'NF {print int($3 / 1024)}' | median)" "$runs"
}

export GSETTINGS_SCHEMA_DIR="$builddir/data"
for mode in default cairo nogl; do
  case "$mode" in
    default) name="default renderer" ;;
    cairo) name="GSK_RENDERER=cairo" ;;
    nogl) name="GDK_DEBUG=gl-disable" ;;
  esac
  measure "Spirekeeper, $name" "$mode" "Spirekeeper" "$app"
  if command -v gnome-text-editor >/dev/null; then
    measure "GNOME Text Editor, $name" "$mode" "Text Editor" env -u GSETTINGS_SCHEMA_DIR gnome-text-editor --standalone
  fi
done
echo "target: first frame no later than GNOME Text Editor; under 80 MB"
