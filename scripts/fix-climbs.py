#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""How often following a finding through fix climbs from one stage's room into another's.

Compiles tool/fix/*.c with gcc's -fcallgraph-info (the flags of the build's
compile database), joins the per-file call graphs, and walks everything
zt_fix_tree() can call. Each call edge from a function of one room into a
function of another is a climb; edges into the driver from a stage are climbs
back. Libraries every stage uses (the shadow, the text helpers, the spatch
runner, the build's commands) are no room.

  scripts/fix-climbs.py BUILD/compile_commands.json
"""
import collections
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOMS = {
    'driver': ['fixtree.c'],
    'plan': ['fix_plan.c', 'defassign'],
    'rewrite': ['fix_spatch.c', 'fix_exact.c', 'fix_tidy.c'],
    'place': ['fix_place.c', 'placement.c'],
    'verify': ['fix_verify.c'],
    'write back': ['writeback.c', 'journal.c'],
}
NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"\\]*)\\n([^"]*)"( shape : ellipse)? \}')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')


def room_of(name):
    for room, files in ROOMS.items():
        if any(name.startswith(f) for f in files):
            return room
    return None


def call_graphs(compdb, out):
    """(definitions: title -> file, edges: caller title -> callee titles) of tool/fix."""
    defs, edges = {}, collections.defaultdict(set)
    for c in json.load(open(compdb)):
        if '/tool/fix/' not in c['file'] or not c['file'].endswith('.c'):
            continue
        base = os.path.basename(c['file'])
        argv = shlex.split(c['command']) if 'command' in c else list(c['arguments'])
        argv[argv.index('-o') + 1] = os.path.join(out, base + '.o')
        subprocess.run(argv + ['-O0', '-fcallgraph-info', '-dumpdir', out + '/'],
                       cwd=c['directory'], check=True)
        ci = [f for f in os.listdir(out) if f.startswith(base[:-2]) and f.endswith('.ci')]
        for line in open(os.path.join(out, ci[0])):
            m = NODE.search(line)
            if m and not m.group(4) and m.group(3).split(':')[0] == c['file']:
                defs[m.group(1)] = base
            m = EDGE.search(line)
            if m:
                edges[m.group(1)].add(m.group(2))
        for f in ci:
            os.unlink(os.path.join(out, f))
    return defs, edges


def main():
    with tempfile.TemporaryDirectory() as out:
        defs, edges = call_graphs(sys.argv[1], out)
    name = lambda t: t.split(':')[-1]
    seen, todo, climbs = set(), ['zt_fix_tree'], []
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        for g in edges.get(f, ()):
            if g not in defs:
                continue
            a, b = room_of(defs[f]), room_of(defs[g])
            if a and b and a != b:
                climbs.append((a, b, name(f), name(g)))
            todo.append(g)
    back = [c for c in climbs if c[1] == 'driver']
    between = [c for c in climbs if 'driver' not in c[:2]]
    print('climbs below zt_fix_tree(): %d call edges from one room into another '
          '(%d back into the driver, %d from stage to stage)'
          % (len(climbs), len(back), len(between)))
    for c in sorted(climbs):
        print('  %s -> %s: %s() -> %s()' % c)


if __name__ == '__main__':
    main()
