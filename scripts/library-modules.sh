#!/usr/bin/env bash
# Usage: scripts/library-modules.sh
#
# Prints the targets of Package.swift's `.library` products, one a line, in its order, then FitWire (FitCore
# re-exports its public types): the modules the docs cover.
set -euo pipefail
cd "$(dirname "$0")/.."
sed -n 's/.*\.library(name: "[^"]*", targets: \[\([^]]*\)\]).*/\1/p' Package.swift | tr -d ' "' | tr ',' '\n'
echo FitWire
