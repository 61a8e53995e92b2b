#!/usr/bin/env bash
# Usage: scripts/check-docs-site.sh [--no-build] [--screenshot FILE]
#
# Serves the static API reference (scripts/docs-site.sh, unless --no-build) on 127.0.0.1 and walks it in headless
# Chromium from the index to every module and article; fails on a page that does not render, a link to a missing
# page, or a module or article of Modules/<Kind>/*/*.docc the index does not reach. --screenshot saves the index page.
set -euo pipefail
cd "$(dirname "$0")/.."

build=true
screenshot=""
while (($#)); do
    case "$1" in
    --no-build) build=false ;;
    --screenshot) screenshot="$2"; shift ;;
    *) echo "usage: $0 [--no-build] [--screenshot FILE]" >&2; exit 64 ;;
    esac
    shift
done

browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
    echo "check-docs-site: Chromium is not installed (apt-get install chromium)" >&2
    exit 1
fi

site=.build-docs/site
if $build || [[ ! -d "$site" ]]; then scripts/docs-site.sh "$site" >/dev/null; fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT

mapfile -t modules < <(scripts/library-modules.sh)
BROWSER="$browser" SITE="$site" BASE="http://127.0.0.1:$port" SCREENSHOT="$screenshot" MODULES="${modules[*]}" \
    python3 - <<'PY'
import glob, json, os, re, subprocess, sys, time, urllib.request

browser, site, base = os.environ["BROWSER"], os.environ["SITE"], os.environ["BASE"]
modules = [m.lower() for m in os.environ["MODULES"].split()]
flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=10000"]

for _ in range(50):  # the server is up once it answers
    try:
        urllib.request.urlopen(base + "/documentation/", timeout=1)
        break
    except OSError:
        time.sleep(0.1)

def render(path):
    """The page's DOM after DocC's renderer ran, as the browser has it."""
    run = subprocess.run(flags + ["--dump-dom", base + path], capture_output=True, text=True, timeout=120)
    return run.stdout

def data(path):
    """The page's DocC data, or None when the site has no such page."""
    file = os.path.join(site, "data", path.strip("/").split("#")[0] + ".json")
    return json.load(open(file)) if os.path.exists(file) else None

def kind(path):
    page = data(path)
    if page is None:
        return None
    role = page.get("metadata", {}).get("role")
    if page.get("kind") == "article" or role == "article":
        return "article"
    if role == "collection" and path.count("/") == 2:
        return "module"
    return "symbol"

# Every module's articles, as the catalogs hold them (the landing page <Module>.md is the module page itself).
articles = set()
for file in glob.glob("Modules/*/*/*.docc/*.md"):
    module = file.split("/")[2]
    name = os.path.basename(file)[:-3]
    if name != module:
        articles.add(f"/documentation/{module.lower()}/{name.lower()}")

failures, visited, queue = [], set(), ["/documentation/"]
linked = 0
while queue:
    path = queue.pop(0)
    if path in visited:
        continue
    visited.add(path)
    dom = render(path)
    text = re.sub(r"<[^>]+>", " ", dom)
    if "Error response" in text or "can't be found" in text or "<main" not in dom:
        failures.append(f"{path}: the page did not render")
        continue
    for href in sorted(set(re.findall(r'href="(/documentation/[^"#?]*)', dom))):
        target = href.rstrip("/") or href
        if target == "/documentation":
            continue
        linked += 1
        page_kind = kind(target)
        if page_kind is None:
            failures.append(f"{path}: broken link to {href}")
        elif page_kind in ("module", "article") and target not in visited:
            queue.append(target)

reached_modules = {p.split("/")[2] for p in visited if kind(p) == "module"}
for module in modules:
    if module not in reached_modules:
        failures.append(f"module {module} is not reachable from the index")
for article in sorted(articles):
    if article not in visited:
        failures.append(f"article {article} is not reachable from the index")

if os.environ["SCREENSHOT"]:
    subprocess.run(flags + ["--window-size=1280,1400", f"--screenshot={os.path.abspath(os.environ['SCREENSHOT'])}",
                            base + "/documentation/"], capture_output=True, timeout=120)

print(f"check-docs-site: {len(visited)} pages rendered ({len(reached_modules)} modules, "
      f"{len(articles & visited)} articles), {linked} links followed, {len(failures)} problems")
for failure in failures:
    print("  " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
