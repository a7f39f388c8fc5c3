#!/usr/bin/env python3
"""Writes random, mostly valid Puppet programs for differential parser tests.

Usage: [SEED=n] gen_programs.py OUTDIR N
Programs combine expressions, operators, calls, lambdas, resources, collectors,
conditionals and definitions at random; compare the reference's and our PN with
tools/ref_pn.rb, examples/dump_pn.rs and tools/compare_pn.py.
"""
import os
import random
import sys

R = random.Random(int(os.environ.get('SEED', '1')))
BIN = ['+', '-', '*', '/', '%', '<<', '>>', '==', '!=', '<', '<=', '>', '>=', '=~', '!~', 'in', 'and', 'or']


def atom(d):
    return R.choice([
        lambda: '$' + R.choice(['a', 'b', 'x::y', '::top', '0', '1']),
        lambda: R.choice(['foo', 'bar::baz', 'x-y', '_u']),
        lambda: R.choice(['File', 'Integer', 'Foo::Bar']),
        lambda: R.choice(["'s'", "'it\\'s'", '""', '"d${x}"', '"n $a m"', '"${a[1]}"', '"${x.y}"', '"${ $a + 1 }"']),
        lambda: R.choice(['1', '0x1f', '017', '2.5', '1e3', '-3']),
        lambda: R.choice(['true', 'false', 'undef', 'default']),
        lambda: '/re%s/' % R.choice(['', 'x', '\\/', '[a-z]+']),
        lambda: '[' + ', '.join(expr(d + 1) for _ in range(R.randint(0, 3))) + R.choice(['', ',']) + ']',
        lambda: '{' + ', '.join('%s => %s' % (expr(d + 1), expr(d + 1)) for _ in range(R.randint(0, 3))) + '}',
        lambda: '(' + expr(d + 1) + ')',
        lambda: R.choice(['Integer', 'Hash', 'Optional']) + '[' + ', '.join(expr(d + 1) for _ in range(R.randint(1, 3))) + ']',
        lambda: R.choice(['foo', 'notice', 'Integer']) + '(' + ', '.join(expr(d + 1) for _ in range(R.randint(0, 3))) + ')',
        lambda: '$a.' + R.choice(['each', 'map', 'size']) + R.choice(['', '()', '(1)']) + R.choice(['', ' |$v| { %s }' % expr(d + 1), ' |$k, $v| { }']),
        lambda: '$h[' + expr(d + 1) + ']',
        lambda: expr(d + 1) + ' ? { ' + ', '.join('%s => %s' % (expr(d + 1), expr(d + 1)) for _ in range(R.randint(1, 3))) + ' }',
        lambda: 'if %s { %s } else { %s }' % (expr(d + 1), expr(d + 1), expr(d + 1)),
        lambda: 'case %s { %s: { %s } default: {} }' % (expr(d + 1), expr(d + 1), expr(d + 1)),
        lambda: R.choice(['!', '-', '*']) + atom(d + 1),
        lambda: 'File <| %s |>' % R.choice(['', 'title == "a"', 'tag != b and x == 1']),
    ])() if d < 4 else R.choice(['$a', '1', "'s'", 'foo'])


def expr(d=0):
    e = atom(d)
    for _ in range(R.randint(0, 2)):
        e = '%s %s %s' % (e, R.choice(BIN), atom(d + 1))
    return e


def stmt(d=0):
    return R.choice([
        lambda: '$%s = %s' % (R.choice(['a', 'b', 'c']), expr()),
        lambda: 'notice(%s)' % expr(),
        lambda: 'include %s' % R.choice(['foo', 'a::b, c']),
        lambda: '%sfile { %s: ensure => %s, mode %s %s }' % (R.choice(['', '@', '@@']), expr(), expr(), R.choice(['=>', '+>']), expr()),
        lambda: 'File { owner => %s }' % expr(),
        lambda: 'File["x"] { mode => %s }' % expr(),
        lambda: 'class { "c": p => %s }' % expr(),
        lambda: 'Package["a"] %s Service["b"]' % R.choice(['->', '~>', '<-', '<~']),
        lambda: 'if %s { %s }' % (expr(), stmt(d + 1) if d < 2 else 'notice(1)'),
        lambda: 'unless %s { %s }' % (expr(), stmt(d + 1) if d < 2 else 'notice(1)'),
        lambda: 'class c%d(%s $p = %s) { %s }' % (R.randint(0, 9), R.choice(['', 'String', 'Optional[Integer]']), expr(), stmt(d + 1) if d < 2 else 'notice(1)'),
        lambda: 'define d%d($p) { %s }' % (R.randint(0, 9), stmt(d + 1) if d < 2 else 'notice(1)'),
        lambda: 'function f%d(%s) >> Any { %s }' % (R.randint(0, 9), R.choice(['', '$x', 'Integer $x = 1']), expr()),
        lambda: 'type T%d = %s' % (R.randint(0, 9), R.choice(['Integer', 'Variant[String, Integer[1]]', 'Object {a => 1}'])),
        lambda: 'node %s { %s }' % (R.choice(['default', '"a.b"', '/x/', 'a.b.c']), 'notice(1)'),
        lambda: '$a.each |$v| { %s }' % (stmt(d + 1) if d < 2 else 'notice(1)'),
        lambda: expr(),
    ])()


out, n = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
for i in range(n):
    with open(os.path.join(out, '%05d.pp' % i), 'w') as f:
        f.write('\n'.join(stmt() for _ in range(R.randint(1, 4))) + '\n')
