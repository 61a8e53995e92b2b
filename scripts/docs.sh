#!/usr/bin/env bash
# Usage: scripts/docs.sh
#
# Builds the DocC documentation of every library module with the toolchain's `docc`, failing on any warning, checks
# that every public declaration is documented (scripts/doc-coverage.sh --check) and prints the coverage totals; merges
# the archives into .build-docs/docs/FitKit.doccarchive. How: scripts/README.md, "Documentation checks".
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
mapfile -t modules < <(scripts/library-modules.sh)
graphs=.build-docs/symbol-graphs
out=.build-docs/docs

scripts/symbol-graphs.sh
built=$SECONDS

convert() { # module output-dir extra-arguments…
    local module="$1" output="$2"
    shift 2
    # Beside the module's sources: Modules/<Kind>/<Module>, or Apps/FitDemo/Sources/FitDemoKit for the demo's kit.
    local catalog
    catalog=$(compgen -G "Modules/*/$module/$module.docc" || echo "Apps/FitDemo/Sources/$module/$module.docc")
    docc convert "$catalog" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$output/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.fitkit.$module" \
        --enable-experimental-external-link-support \
        "$@"
}

rm -rf "$out"
mkdir -p "$out/links" "$out/modules"

# Pass 1: link information only; its diagnostics are those of pass 2 plus links to not-yet-built archives.
for module in "${modules[@]}"; do
    convert "$module" "$out/links" --diagnostic-filter error >/dev/null 2>&1 || {
        convert "$module" "$out/links" >&2 || true
        echo "docs.sh: docc could not convert $module" >&2
        exit 1
    }
done

# Pass 2: every module against every other, warnings as errors.
warnings=0
failed=()
for module in "${modules[@]}"; do
    dependencies=()
    for other in "${modules[@]}"; do
        [[ "$other" == "$module" ]] || dependencies+=(--dependency "$out/links/$other.doccarchive")
    done
    log="$out/$module.log"
    if ! convert "$module" "$out/modules" --warnings-as-errors "${dependencies[@]}" >"$log" 2>&1; then
        failed+=("$module")
    fi
    count=$(grep -c -E '^(warning|error):' "$log" || true)
    warnings=$((warnings + count))
    if ((count > 0)) || [[ " ${failed[*]-} " == *" $module "* ]]; then
        cat "$log" >&2
    fi
done

archives=()
for module in "${modules[@]}"; do archives+=("$out/modules/$module.doccarchive"); done
if ((${#failed[@]} == 0)); then
    docc merge "${archives[@]}" --output-path "$out/FitKit.doccarchive" \
        --synthesized-landing-page-name FitKit --synthesized-landing-page-kind Package >/dev/null
fi

# Every public declaration documented, with its Parameters, Returns and Throws: the totals always, the gaps
# (file and line) when there are any.
coverage="$out/doc-coverage.txt"
covered=true
scripts/doc-coverage.sh --graphs "$graphs" --check --list >"$coverage" 2>&1 || covered=false
sed -n '1,/^by module:/p' "$coverage" | sed '$d'
if ! $covered; then sed -n '/^by module:/,$p' "$coverage" >&2; fi

elapsed=$((SECONDS - started))
echo "docs: ${#modules[@]} modules, $warnings warnings, $((SECONDS - built))s in docc, ${elapsed}s in all" \
    "(build and symbol graphs $((built - started))s); archive: $out/FitKit.doccarchive"
if ((${#failed[@]} > 0 || warnings > 0)); then
    echo "docs.sh: docc failed for: ${failed[*]-} ($warnings warnings)" >&2
    exit 1
fi
if ! $covered; then
    echo "docs.sh: scripts/doc-coverage.sh --check failed: the declarations above need doc comments or sections" >&2
    exit 1
fi
