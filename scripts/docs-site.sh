#!/usr/bin/env bash
# Usage: scripts/docs-site.sh [OUTPUT-DIR]
#
# Renders FitKit's API reference as a static site (default .build-docs/site): scripts/docs.sh builds the merged DocC
# archive (every library module, zero warnings), and `docc process-archive transform-for-static-hosting` turns it into
# plain files any static file server serves. The index is OUTPUT-DIR/documentation/index.html: every module, and from
# each module its articles and symbols. Browse it with `python3 -m http.server --directory OUTPUT-DIR` and open
# http://127.0.0.1:8000/documentation/; scripts/check-docs-site.sh checks it in a headless browser.
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build-docs/site}"
scripts/docs.sh
rm -rf "$output"
docc process-archive transform-for-static-hosting .build-docs/docs/FitKit.doccarchive --output-path "$output"
echo "docs-site: $output/documentation/index.html"
