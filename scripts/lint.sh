#!/usr/bin/env bash
# Usage: scripts/lint.sh
#
# swift-format lint --strict with the repository's .swift-format; any finding fails. To fix:
#   swift-format format -i -r --parallel Modules Tests Apps Examples Benchmarks/Sources Fuzz/Sources Package.swift \
#     Benchmarks/Package.swift Fuzz/Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."
swift-format lint --strict --recursive --parallel \
  Modules Tests Apps Examples Benchmarks/Sources Fuzz/Sources Package.swift Benchmarks/Package.swift Fuzz/Package.swift
echo "swift-format: lint clean"
