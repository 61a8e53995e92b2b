#!/usr/bin/env bash
# Usage: scripts/supabase-migrations.sh SUPABASE_DIR
#
# Lays FitKit's migrations (Backend/migrations, or FITKIT_MIGRATIONS_DIR) into an app's Supabase CLI folder as
# SUPABASE_DIR/migrations/<timestamp>_fitkit_<file>, adding only those not laid yet and stopping if a laid one was
# edited, and Backend/seed.sql (or FITKIT_SEED) as seed.sql or fitkit_seed.sql; prints each file it writes. Needs perl.
# The rules: scripts/README.md, "Supabase CLI migrations".
set -euo pipefail

if [[ $# -ne 1 || ! -d "$1" ]]; then
  echo "usage: $0 SUPABASE_DIR   (an existing folder: the app's supabase folder)" >&2
  exit 64
fi
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_dir="${FITKIT_MIGRATIONS_DIR:-$repo_root/Backend/migrations}"
seed="${FITKIT_SEED:-$repo_root/Backend/seed.sql}"
project="$1"
target="$project/migrations"
mkdir -p "$target"

shopt -s nullglob
# The newest version laid so far: new files come after it.
newest=0
for file in "$target"/*.sql; do
  version="${file##*/}"
  version="${version%%_*}"
  [[ "$version" =~ ^[0-9]+$ ]] && ((10#$version > 10#$newest)) && newest="$version"
done

# First pass: what is laid already (and unchanged), what is new.
new=()
for migration in "$source_dir"/[0-9][0-9][0-9][0-9]_*.sql; do
  name="${migration##*/}"
  laid=("$target"/*_fitkit_"$name")
  if ((${#laid[@]} > 1)); then
    echo "supabase-migrations: $name is laid more than once: ${laid[*]}" >&2
    exit 1
  elif ((${#laid[@]} == 1)); then
    if ! cmp -s "$migration" "${laid[0]}"; then
      echo "supabase-migrations: ${laid[0]} differs from FitKit's $name; a shipped migration is never edited" \
        "(put a change in a migration of your own). Nothing was written." >&2
      exit 1
    fi
  else
    new+=("$migration")
  fi
done

# Second pass: the new ones, a second apart, from now or after the newest laid, whichever is later.
versions=()
if ((${#new[@]} > 0)); then
  while IFS= read -r version; do versions+=("$version"); done < <(
    perl -MPOSIX=strftime -MTime::Local=timegm -e '
      my ($newest, $count) = @ARGV;
      my $start = time;
      if ($newest =~ /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/) {
        my $after = timegm($6, $5, $4, $3, $2 - 1, $1) + 1;
        $start = $after if $after > $start;
      } elsif ($newest > 0) {
        die "the newest migration version, $newest, is not a YYYYMMDDHHMMSS timestamp\n";
      }
      print strftime("%Y%m%d%H%M%S", gmtime($start + $_)), "\n" for 0 .. $count - 1;
    ' "$newest" "${#new[@]}")
fi
for index in "${!new[@]}"; do
  file="$target/${versions[$index]}_fitkit_${new[$index]##*/}"
  # Whole or not at all: a copy cut short has another name, which the CLI and the next run ignore.
  cp "${new[$index]}" "$file.partial"
  mv "$file.partial" "$file"
  echo "$file"
done

if [[ ! -e "$project/seed.sql" ]]; then
  cp "$seed" "$project/seed.sql"
  echo "$project/seed.sql"
elif ! cmp -s "$seed" "$project/seed.sql"; then
  cp "$seed" "$project/fitkit_seed.sql"
  echo "$project/fitkit_seed.sql (add \"./fitkit_seed.sql\" to [db.seed] sql_paths in config.toml)"
fi
