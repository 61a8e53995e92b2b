#!/usr/bin/env bash
# Usage: scripts/doc-coverage.sh [--list] [--check] [--graphs DIR]
#
# Counts the library modules' public declarations that carry their own `///` comment, in total, per kind and per
# module, from the symbol graphs (scripts/symbol-graphs.sh, or DIR/<Module>/*.symbols.json or DIR/*.symbols.json).
# --list lists every gap with its file and line after the counts; --check exits 1 on any gap (verdict on stderr).
# What counts and what a gap is: scripts/README.md, "Documentation checks".
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=""
args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --graphs)
        graphs="$2"
        shift 2
        ;;
    --list | --check)
        args+=("$1")
        shift
        ;;
    *)
        echo "usage: scripts/doc-coverage.sh [--list] [--check] [--graphs DIR]" >&2
        exit 2
        ;;
    esac
done

if [[ -z "$graphs" ]]; then
    scripts/symbol-graphs.sh
    graphs=.build-docs/symbol-graphs
fi

python3 - "$graphs" "$PWD" "${args[@]+"${args[@]}"}" <<'PYTHON'
import glob
import json
import os
import re
import sys
from collections import defaultdict
from urllib.parse import unquote, urlparse

graphs, root, flags = sys.argv[1], sys.argv[2], set(sys.argv[3:])
modules_dir = os.path.join(root, "Modules") + os.sep

KINDS = {
    "swift.init": "initialisers",
    "swift.property": "properties",
    "swift.type.property": "properties",
    "swift.var": "properties",
    "swift.method": "functions",
    "swift.type.method": "functions",
    "swift.func": "functions",
    "swift.func.op": "functions",
    "swift.subscript": "functions",
    "swift.type.subscript": "functions",
    "swift.struct": "types",
    "swift.class": "types",
    "swift.enum": "types",
    "swift.protocol": "types",
    "swift.typealias": "types",
    "swift.associatedtype": "types",
    "swift.enum.case": "cases",
}
KIND_ORDER = ["types", "cases", "initialisers", "properties", "functions"]


def path_of(uri):
    return unquote(urlparse(uri).path) if uri else ""


sources = {}


def own_comment(path, doc, declaration_line):
    """Whether `doc` is written right above the declaration (only attributes between them), rather than a
    protocol requirement's comment elsewhere in the same file that the declaration inherits."""
    if path not in sources:
        with open(path, encoding="utf-8") as source:
            sources[path] = source.read().split("\n")
    last = doc["lines"][-1]["range"]["end"]["line"]
    between = sources[path][last + 1 : declaration_line]
    return last < declaration_line and all(text.strip().startswith("@") for text in between)


PARAMETER = re.compile(r"^\s*-\s*Parameter\s+(\w+)\s*:", re.IGNORECASE)
PARAMETERS = re.compile(r"^\s*-\s*Parameters\s*:", re.IGNORECASE)
LISTED = re.compile(r"^\s*-\s*(\w+)\s*:")
RETURNS = re.compile(r"^\s*-\s*Returns\s*:", re.IGNORECASE)
THROWS = re.compile(r"^\s*-\s*Throws\s*:", re.IGNORECASE)


def throws(fragments):
    """Whether the declaration itself throws (`throws`, `throws(E)` or `rethrows` outside its parameter
    clause), not merely takes a throwing closure."""
    depth = 0
    for fragment in fragments:
        if fragment["kind"] == "keyword" and fragment["spelling"] in ("throws", "rethrows") and depth == 0:
            return True
        if fragment["kind"] == "text":
            for character in fragment["spelling"]:
                depth += character in "([" and 1 or character in ")]" and -1 or 0
    return False


def missing_sections(symbol, doc):
    """What a documented function or initialiser leaves out: any parameter it takes (each must be named in a
    `- Parameter name:` line or in a `- Parameters:` list), `- Returns:` for a non-Void result (not asked of an
    initialiser or a subscript, which read like a property), `- Throws:` for one that throws or rethrows."""
    signature = symbol.get("functionSignature")
    if signature is None:
        return []
    texts = [line["text"] for line in doc["lines"]]
    documented, in_list = set(), False
    for text in texts:
        if PARAMETERS.match(text):
            in_list = True
        elif match := PARAMETER.match(text):
            documented.add(match.group(1))
        elif in_list and (match := LISTED.match(text)) and text.startswith((" ", "\t")):
            documented.add(match.group(1))
        elif text.strip().startswith("- "):
            in_list = False
    gaps = []
    for parameter in signature.get("parameters", []):
        names = {parameter["name"], parameter.get("internalName", parameter["name"])}
        if not names & documented:
            gaps.append("parameter " + parameter.get("internalName", parameter["name"]))
    result = "".join(fragment["spelling"] for fragment in signature.get("returns", [])).strip()
    exempt = ("swift.init", "swift.subscript", "swift.type.subscript")
    if symbol["kind"]["identifier"] not in exempt and result not in ("", "()", "Void"):
        if not any(RETURNS.match(text) for text in texts):
            gaps.append("Returns")
    if throws(symbol.get("declarationFragments", [])):
        if not any(THROWS.match(text) for text in texts):
            gaps.append("Throws")
    return gaps


files = sorted(
    glob.glob(os.path.join(graphs, "*", "*.symbols.json")) + glob.glob(os.path.join(graphs, "*.symbols.json"))
)
if not files:
    sys.exit(f"doc-coverage: no symbol graphs in {graphs}")

# A member that implements a documented requirement of a FitKit protocol (a store's `state` and `loadState`, stated
# once on LoadingStore) counts as documented: the requirements by protocol, and each type's FitKit protocols.
graphs_loaded = [json.load(open(graph_file)) for graph_file in files]
requirements = {}  # protocol precise id -> names of its documented requirements
conformances = {}  # type precise id -> protocol precise ids
members = {}  # member precise id -> its type's precise id
for graph in graphs_loaded:
    documented_symbols = {
        symbol["identifier"]["precise"]: symbol["pathComponents"][-1]
        for symbol in graph["symbols"]
        if symbol.get("docComment") and path_of(symbol.get("location", {}).get("uri")).startswith(modules_dir)
    }
    for relation in graph["relationships"]:
        if relation["kind"] == "requirementOf" and relation["source"] in documented_symbols:
            requirements.setdefault(relation["target"], set()).add(documented_symbols[relation["source"]])
        elif relation["kind"] == "conformsTo":
            conformances.setdefault(relation["source"], set()).add(relation["target"])
        elif relation["kind"] == "memberOf":
            members[relation["source"]] = relation["target"]


def implements_documented_requirement(symbol):
    owner = members.get(symbol["identifier"]["precise"])
    name = symbol["pathComponents"][-1]
    return any(name in requirements.get(protocol, ()) for protocol in conformances.get(owner, ()))


seen = set()
rows = []  # (module, kind, state, name, file, line)
for graph in graphs_loaded:
    for symbol in graph["symbols"]:
        precise = symbol["identifier"]["precise"]
        if "::SYNTHESIZED::" in precise or precise in seen:
            continue
        location = path_of(symbol.get("location", {}).get("uri"))
        if not location.startswith(modules_dir):
            continue  # declared outside FitKit's library modules
        seen.add(precise)
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        identifier = symbol["kind"]["identifier"]
        kind = KINDS.get(identifier)
        if kind is None:
            sys.exit(f"doc-coverage: unknown symbol kind {identifier} for {precise}")
        module = os.path.relpath(location, modules_dir).split(os.sep)[1]  # Modules/<kind>/<Module>/…
        line = symbol["location"]["position"]["line"] + 1
        doc = symbol.get("docComment")
        if doc and path_of(doc.get("uri")) == location and doc["lines"] and own_comment(location, doc, line - 1):
            state = "documented"
        elif not doc and implements_documented_requirement(symbol):
            state = "documented"
        elif doc:
            state = "inherited"
        else:
            state = "undocumented"
        name = ".".join(symbol["pathComponents"])
        gaps = missing_sections(symbol, doc) if state == "documented" else []
        rows.append((module, kind, state, name, os.path.relpath(location, root), line, gaps))


def summary(selected):
    total = len(selected)
    own = sum(1 for r in selected if r[2] == "documented")
    inherited = sum(1 for r in selected if r[2] == "inherited")
    percent = 100.0 * own / total if total else 100.0
    text = f"{own:5d} / {total:5d} documented ({percent:5.1f}%)"
    callables = [r for r in selected if r[1] in ("initialisers", "functions")]
    if callables:
        complete = sum(1 for r in callables if r[2] == "documented" and not r[6])
        text += f"; {complete} / {len(callables)} with every parameter, Returns and Throws"
    if inherited:
        text += f"; {inherited} more with only a protocol's inherited documentation"
    return text


print("Public declarations in Modules/* with a /// doc comment")
print(f"  {'total':<16}{summary(rows)}")
print("by kind:")
for kind in KIND_ORDER:
    print(f"  {kind:<16}{summary([r for r in rows if r[1] == kind])}")
print("by module:")
for module in sorted({r[0] for r in rows}):
    print(f"  {module:<16}{summary([r for r in rows if r[0] == module])}")

missing = sorted((r for r in rows if r[2] != "documented"), key=lambda r: (r[4], r[5]))
incomplete = sorted((r for r in rows if r[2] == "documented" and r[6]), key=lambda r: (r[4], r[5]))
singular = {"properties": "property", "cases": "case", "types": "type"}
if "--list" in flags and missing:
    print("undocumented:")
    for module, kind, state, name, path, line, _ in missing:
        note = " (inherited documentation only)" if state == "inherited" else ""
        print(f"  {path}:{line}: {singular.get(kind, kind[:-1])} {name}{note}")
if "--list" in flags and incomplete:
    print("documented, but without:")
    for module, kind, state, name, path, line, gaps in incomplete:
        print(f"  {path}:{line}: {singular.get(kind, kind[:-1])} {name}: {', '.join(gaps)}")
if "--check" in flags and (missing or incomplete):
    print(
        f"doc-coverage: {len(missing)} public declarations have no doc comment, {len(incomplete)} leave out a"
        " parameter, Returns or Throws (--list shows them)",
        file=sys.stderr,
    )
    sys.exit(1)
if "--check" in flags:
    print("doc-coverage: check passed: every public declaration has its own doc comment, and every function and"
          " initialiser its Parameters, Returns and Throws")
PYTHON
