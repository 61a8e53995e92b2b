#!/usr/bin/env bash
# Prints the library modules, one a line, in Package.swift's order: the targets of its `.library` products. The docs
# scripts document exactly these, so a new feature module is documented (and its coverage checked) once its product
# is in the manifest.
set -euo pipefail
cd "$(dirname "$0")/.."
sed -n 's/.*\.library(name: "[^"]*", targets: \[\([^]]*\)\]).*/\1/p' Package.swift | tr -d ' "' | tr ',' '\n'
