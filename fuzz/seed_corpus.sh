#!/bin/sh
# Seed fuzz/corpus/<target> from tests/fixtures (the corpora are not committed).
set -e
cd "$(dirname "$0")/.."
for t in lexer parser type_parser type_reader format evaluator; do mkdir -p "fuzz/corpus/$t"; done
for f in tests/fixtures/lexer/*.pp tests/fixtures/lexer/*.epp tests/fixtures/ok/*.pp tests/fixtures/err/*.pp; do
    [ -f "$f" ] || continue
    n=$(echo "$f" | tr '/' '_')
    cp "$f" "fuzz/corpus/lexer/$n"
    cp "$f" "fuzz/corpus/parser/$n"
done
# Type expressions: the first column of canonical.tsv (skip comment lines).
i=0
cut -f1 tests/fixtures/types/canonical.tsv | grep -v '^#' | while IFS= read -r line; do
    i=$((i + 1))
    printf '%s' "$line" > "fuzz/corpus/type_parser/canonical_$i"
    printf '%s' "$line" > "fuzz/corpus/type_reader/canonical_$i"
done
# Format strings: a few printf-like directives.
i=0
for s in '%s' '%p' '%d' '%x' '%#X' '%o' '%b' '%e' '%.3f' '%g' '%a' '%-10s' '%+05d' '%c' '%q' '%t' '%T' '%y' '%Y' '%u' '%#[]' '%<(>a' '%{}h' '%#h' '%#a' '%10.2s' '% d'; do
    i=$((i + 1))
    printf '%s' "$s" > "fuzz/corpus/format/seed_$i"
done
# Programs: each case of the evaluator fixtures and each rule program.
i=0
grep -v '^#' tests/fixtures/eval/cases.txt | while IFS= read -r line; do
    i=$((i + 1))
    printf '%s' "$line" > "fuzz/corpus/evaluator/case_$i"
done
awk '/^## rule: /{n++; next} {print > ("fuzz/corpus/evaluator/program_" n)}' tests/fixtures/eval/programs.txt
