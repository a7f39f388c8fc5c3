#!/bin/sh
# Compares the PN of every manifest (.pp) and template (.epp) under the installed Puppet
# modules with the reference's: copies them to a flat work dir, runs tools/ref_pn.rb and
# examples/dump_pn.rs, and reports how many agree (tools/compare_pn.py).
# Usage: tools/corpus_pn.sh [MODULES_DIR] [WORK_DIR]
set -e
MODS=${1:-/usr/share/puppet/modules.available}
WORK=${2:-/tmp/pn_corpus}
rm -rf "$WORK"; mkdir -p "$WORK/files"
i=0
find -L "$MODS" \( -name '*.pp' -o -name '*.epp' \) | sort | while read -r f; do
  i=$((i+1)); cp "$f" "$WORK/files/$(printf %05d $i)_$(basename "$f")"
done
cargo build -q --example dump_pn
ruby "$(dirname "$0")/ref_pn.rb" "$WORK"/files/* > "$WORK/ref.txt"
./target/debug/examples/dump_pn "$WORK"/files/* > "$WORK/mine.txt"
python3 "$(dirname "$0")/compare_pn.py" "$WORK/ref.txt" "$WORK/mine.txt" -v
