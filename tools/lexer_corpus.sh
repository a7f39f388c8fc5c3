#!/bin/sh
# Compares the Rust lexer with the reference Lexer2 over a corpus of Puppet
# files (default: /usr/share/puppet/modules.available), file by file.
#
# Usage: tools/lexer_corpus.sh [ROOT] [WORKDIR]
# Writes reference dumps to WORKDIR/ref and Rust dumps to WORKDIR/rust (both
# in the format of tools/ref_tokens.rb), prints the files that differ and
# the number of files whose token streams agree exactly.
set -eu
ROOT=${1:-/usr/share/puppet/modules.available}
WORK=${2:-target/lexer_corpus}
HERE=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$WORK/ref" "$WORK/rust"
mkdir -p "$WORK/ref" "$WORK/rust"
find -L "$ROOT" -type f \( -name '*.pp' -o -name '*.epp' \) | sort > "$WORK/files"
xargs ruby "$HERE/tools/ref_tokens.rb" --out "$WORK/ref" --root "$ROOT" < "$WORK/files"
(cd "$HERE" && cargo build -q --example dump_tokens)
xargs "$HERE/target/debug/examples/dump_tokens" --out "$WORK/rust" --root "$ROOT" < "$WORK/files"
total=0; same=0
: > "$WORK/differ"
while read -r f; do
  rel=${f#"$ROOT"/}
  total=$((total + 1))
  if cmp -s "$WORK/ref/$rel.tokens" "$WORK/rust/$rel.tokens"; then
    same=$((same + 1))
  else
    echo "$rel" >> "$WORK/differ"
  fi
done < "$WORK/files"
cat "$WORK/differ"
echo "lexer corpus: $same of $total files agree exactly with the reference"
