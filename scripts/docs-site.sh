#!/usr/bin/env bash
# Usage: scripts/docs-site.sh [OUTPUT-DIR]
#
# Builds the merged DocC archive (scripts/docs.sh) and renders it as a static site in OUTPUT-DIR (.build-docs/site);
# the index is OUTPUT-DIR/documentation/index.html (browse: `python3 -m http.server --directory OUTPUT-DIR`).
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build-docs/site}"
scripts/docs.sh
rm -rf "$output"
docc process-archive transform-for-static-hosting .build-docs/docs/FitKit.doccarchive --output-path "$output"
echo "docs-site: $output/documentation/index.html"
