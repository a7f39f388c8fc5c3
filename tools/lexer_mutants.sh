#!/bin/sh
# Differential test of the lexer on mutated corpus files: token streams (or
# errors, with line and column) must equal the reference's.
# Usage: [GEN=soup] tools/lexer_mutants.sh [COUNT] [SEED] [ROOT] [WORKDIR]
# (GEN=soup writes random fragment sequences instead of mutating ROOT files)
set -eu
COUNT=${1:-2000}
SEED=${2:-1}
ROOT=${3:-/usr/share/puppet/modules.available}
WORK=${4:-target/lexer_mutants}
HERE=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$WORK"; mkdir -p "$WORK/ref" "$WORK/rust"
find -L "$ROOT" -type f \( -name '*.pp' -o -name '*.epp' \) | sort > "$WORK/files"
ruby "$HERE/tools/lexer_${GEN:-mutate}.rb" "$WORK/mutants" "$COUNT" "$SEED" "$WORK/files"
ls "$WORK"/mutants/* > "$WORK/mfiles"
xargs ruby "$HERE/tools/ref_tokens.rb" --out "$WORK/ref" --root "$WORK/mutants" < "$WORK/mfiles" 2>/dev/null
(cd "$HERE" && cargo build -q --example dump_tokens)
xargs "$HERE/target/debug/examples/dump_tokens" --out "$WORK/rust" --root "$WORK/mutants" < "$WORK/mfiles"
total=0; same=0; crash=0
: > "$WORK/differ"
for f in "$WORK"/ref/*.tokens; do
  b=$(basename "$f")
  if grep -q '^CRASH' "$f"; then
    # an invalid regex makes the reference raise RegexpError; we report the same message
    if grep -q '^CRASH.*RegexpError: ' "$f"; then
      total=$((total + 1))
      if [ "$(cut -f4 "$f" | sed 's/^RegexpError: //')" = "$(cut -f4 "$WORK/rust/$b")" ]; then
        same=$((same + 1)); else echo "$b" >> "$WORK/differ"; fi
    else
      crash=$((crash + 1))
    fi
    continue
  fi
  total=$((total + 1))
  if cmp -s "$f" "$WORK/rust/$b"; then same=$((same + 1)); else echo "$b" >> "$WORK/differ"; fi
done
head -20 "$WORK/differ"
echo "lexer mutants: $same of $total agree exactly ($crash where the reference itself crashed were skipped)"
