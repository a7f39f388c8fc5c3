#!/usr/bin/env python3
"""Writes random short token sequences (token soup) for differential parser tests.

Usage: [SEED=n] token_soup.py OUTDIR N [MAXLEN]
Each OUTDIR/<n>.pp holds one random sequence of Puppet tokens; compare the
reference's and our answers with tools/ref_pn.rb, examples/dump_pn.rs and
tools/compare_pn.py.
"""
import os
import random
import sys

VOCAB = [
    '$a', '$b', 'foo', 'bar::baz', 'File', 'Integer', "'s'", '"d${x}"', '1', '2.5', 'true', 'undef',
    'default', '/re/', '[', ']', '{', '}', '(', ')', ',', ';', ':', '=>', '+>', '=', '+=', '+', '-',
    '*', '/', '%', '==', '!=', '<', '>', '<=', '>=', '=~', '!~', '!', 'and', 'or', 'in', '?', '.',
    '|', '@', '@@', '<|', '|>', '<<|', '|>>', '->', '~>', '<-', '<~', '<<', '>>', 'if', 'else',
    'elsif', 'unless', 'case', 'class', 'define', 'node', 'function', 'type', 'inherits', 'notice',
    'include', 'each', '\n', 'private', 'attr', 'Resource', 'x-y', '0x1F', '$0', '$::c',
]

out, n = sys.argv[1], int(sys.argv[2])
maxlen = int(sys.argv[3]) if len(sys.argv) > 3 else 8
random.seed(int(os.environ.get('SEED', '1')))
os.makedirs(out, exist_ok=True)
for i in range(n):
    toks = [random.choice(VOCAB) for _ in range(random.randint(1, maxlen))]
    with open(os.path.join(out, '%05d.pp' % i), 'w') as f:
        f.write(' '.join(toks) + '\n')
