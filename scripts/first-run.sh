#!/usr/bin/env bash
# Usage: scripts/first-run.sh
#
# Benchmark P6: clones HEAD into a temporary folder and times `swift run fit-demo` until its first line of output
# (goal: 60 s or less); prints SwiftPM's build time, the packages it resolved and the modules compiled most.
# Packages resolve from SwiftPM's cache where the machine has one, as a developer's second clone would.
set -euo pipefail
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$repo_root" "$work/FitKit"
cd "$work/FitKit"

started=$(date +%s%N)
# The first line's arrival is timed as it is read; the demo then runs to its end, its output drained.
{ swift run fit-demo 2>"$work/log"; } | {
  IFS= read -r line || true
  date +%s%N >"$work/first"
  printf '%s\n' "$line" >"$work/line"
  cat >/dev/null
}
elapsed_ms=$((($(cat "$work/first") - started) / 1000000))
seconds=$(printf '%d.%01d' $((elapsed_ms / 1000)) $((elapsed_ms % 1000 / 100)))
build=$(sed -n "s/.*Build of product 'fit-demo' complete! (\([0-9.]*\)s).*/\1/p" "$work/log" | tail -1)
steps=$(grep -c 'Compiling ' "$work/log" || true)
resolved=$(sed -n 's/^Working copy of https:\/\/github.com\/\([^ ]*\) resolved at .*/\1/p' "$work/log" | sed 's/\.git$//' |
  sort | paste -sd ' ' -)
heaviest=$(grep -o 'Compiling [A-Za-z]*' "$work/log" | sort | uniq -c | sort -rn | head -5 |
  awk '{printf "%s%s %d", (NR > 1 ? ", " : ""), $3, $1}')

echo "P6 first line: $(cat "$work/line")"
echo "P6 packages resolved: ${resolved:-none}"
echo "P6 compile steps: $steps (most: $heaviest)"
verdict="NOT MET"
((elapsed_ms <= 60000)) && verdict=MET
echo "P6 fresh clone → first demo output: $seconds s (build ${build:-?} s by SwiftPM), goal ≤ 60 s: $verdict"
