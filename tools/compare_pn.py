#!/usr/bin/env python3
"""Compares two dump files ('== FILE' headers followed by PN or 'ERROR: line=L pos=C msg').

Usage: compare_pn.py REF MINE [-v]
PN must be identical; errors agree when both sides are errors at the same line and column.
"""
import re
import sys


def load(path):
    d, cur = {}, None
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('== '):
            cur = line[3:]
            d[cur] = ''
        elif cur is not None:
            d[cur] += line
    return d


def err_pos(s):
    """Line, column and message of an error line (reference decorations removed)."""
    m = re.match(r'ERROR: line=(\S+) pos=(\S+) (?:[A-Z]\w*(?:::\w+)*: )?(.*)', s)
    if not m:
        return None
    msg = re.sub(r' \(file: [^)]*\)\s*$', '', m.group(3))
    msg = re.sub(r' \(expected .*\)$', '', msg).strip()
    msg = re.sub(r' \(first: .*\)$', '', msg).strip()
    msg = re.sub(r' \(line: \d+, column: \d+\)$', '', msg).strip()
    return (m.group(1), m.group(2), msg if '--messages' in sys.argv else '')


ref, mine = load(sys.argv[1]), load(sys.argv[2])
verbose = '-v' in sys.argv
same = 0
bad = []
for k, r in ref.items():
    m = mine.get(k, '')
    rp, mp = err_pos(r), err_pos(m)
    if rp and mp and rp[0] == 'nil':
        # the reference gives no position (end of input, several errors, Ruby errors)
        rp, mp = rp[2], mp[2]
    if r == m or (rp is not None and mp is not None and rp == mp):
        same += 1
    else:
        bad.append(k)
print(f'{same}/{len(ref)} agree')
for k in bad[: (50 if verbose else 10)]:
    a, b = ref[k], mine.get(k, '')
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    print(k, '\n  REF:', a[max(0, i - 100):i + 150], '\n  ME :', b[max(0, i - 100):i + 150])
