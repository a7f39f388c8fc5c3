#!/bin/sh
# Differential tests of the parser against the reference (needs `puppet`):
# the installed module corpus, token-deletion/insertion/swap mutants of it,
# random token soup and random generated programs. Prints "N/M agree" per set
# (PN identical, or errors at the same line and column with the same message).
# Usage: tools/parser_differential.sh [WORK_DIR]
set -e
T=$(dirname "$0")
W=${1:-/tmp/parser_diff}
tools_out() { ruby "$T/ref_pn.rb" "$1"/* > "$1.ref" 2>/dev/null; ./target/debug/examples/dump_pn "$1"/* > "$1.mine"
              printf '%s: ' "$(basename "$1")"; python3 "$T/compare_pn.py" "$1.ref" "$1.mine" --messages | head -1; }
"$T/corpus_pn.sh" /usr/share/puppet/modules.available "$W/corpus" | head -1
ruby "$T/ref_tokens_json.rb" --write "$W"/corpus/files/*
for m in delete insert swap; do
  rm -rf "$W/mut_$m"; MODE=$m SEED=7 python3 "$T/mutate_corpus.py" "$W/mut_$m" 2000 "$W"/corpus/files/*.pp "$W"/corpus/files/*.epp
  tools_out "$W/mut_$m"
done
rm -rf "$W/soup"; SEED=5 python3 "$T/token_soup.py" "$W/soup" 5000 8; tools_out "$W/soup"
rm -rf "$W/gen"; SEED=3 python3 "$T/gen_programs.py" "$W/gen" 3000; tools_out "$W/gen"
