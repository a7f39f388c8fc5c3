#!/usr/bin/env python3
"""Makes mutated copies of manifests by deleting one token, for error-position tests.

Usage: [SEED=n] [MODE=delete|insert|swap] mutate_corpus.py OUTDIR N FILE...
(FILE.tokens from tools/ref_tokens_json.rb --write must exist.)
Writes OUTDIR/<n>_<name>.pp: N mutants in total, each a corpus file with one token
removed (delete), one token copied in front of another (insert), or two adjacent
tokens swapped (swap).
"""
import json
import os
import random
import sys

out, n, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
random.seed(int(os.environ.get('SEED', '42')))
os.makedirs(out, exist_ok=True)
made = 0
while made < n:
    f = random.choice(files)
    try:
        toks = [json.loads(l) for l in open(f + '.tokens', encoding='utf-8') if l.startswith('[')]
    except (OSError, ValueError):
        continue
    if not toks:
        continue
    src = open(f, 'rb').read()
    mode = os.environ.get('MODE', 'delete')
    i = random.randrange(len(toks))
    kind, _, off, length = toks[i]
    skip = ('DQPRE', 'DQMID', 'DQPOST', 'SUBLOCATE', 'HEREDOC', 'STRING')
    if kind in skip:
        continue
    if mode == 'delete':
        mut = src[:off] + src[off + length:]
    elif mode == 'insert':
        k2, _, o2, l2 = random.choice(toks)
        if k2 in skip:
            continue
        mut = src[:off] + src[o2:o2 + l2] + b' ' + src[off:]
    else:
        if i + 1 >= len(toks) or toks[i + 1][0] in skip:
            continue
        _, _, o2, l2 = toks[i + 1]
        mut = src[:off] + src[o2:o2 + l2] + src[off + length:o2] + src[off:off + length] + src[o2 + l2:]
    made += 1
    open(os.path.join(out, '%04d_%s' % (made, os.path.basename(f))), 'wb').write(mut)
