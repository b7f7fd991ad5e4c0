"""Cost of using `@jitclass` instances from Python: a built module (numrs) against the same
source under Numba, side by side on this machine. Per operation, nanoseconds per call: a
method call, a field read and write, a property read, constructing an instance from Python,
and a jit function returning an instance. Each figure is the best of 5 timings of N calls, in
a fresh interpreter per backend, the backends alternated over the rounds (best of rounds).

    python bench/build/jitclass_boundary.py --numrs BIN --runtime-python PY --numba-python PY
        [--rounds 3] [--write bench/build/JITCLASS.md]

PY for the runtime must have numrs_runtime built with the release profile
(`NUMRS_PROFILE=release bash scripts/build-runtime.sh`); the test command builds it unoptimized.
"""
import json
import os
import sys
import tempfile

import sidebyside

SOURCE = '''
from numba import njit, int64, float64
from numba.experimental import jitclass


@jitclass([("value", int64), ("scale", float64)])
class Counter:
    def __init__(self, v):
        self.value = v
        self.scale = 1.5

    def get(self):
        self.value += 1
        return self.value

    @property
    def scaled(self):
        return self.value * self.scale


@njit("(int64,)")
def make(n):
    c = Counter(n)
    c.get()
    return c
'''

OPERATIONS = [
    ("method call", "c.get()"),
    ("field read", "c.value"),
    ("field write", "c.value = 3"),
    ("property read", "c.scaled"),
    ("construct from Python", "m.Counter(5)"),
    ("jit call returning an instance", "m.make(2)"),
]

CHILD = r'''
import json, sys, timeit
sys.path.insert(0, sys.argv[1])
import jcbench as m
m.Counter(1)  # compiles Numba's constructor (numrs: built already)
c = m.make(1)
c.get(); c.scaled; c.value = 1
ops = json.loads(sys.argv[2])
out = {}
for name, stmt in ops:
    n = 100000
    out[name] = min(timeit.repeat(stmt, globals={"c": c, "m": m}, number=n, repeat=5)) / n * 1e9
print(json.dumps(out))
'''


def main():
    opts = sidebyside.parse_args()
    with tempfile.TemporaryDirectory() as d:
        src_dir = os.path.join(d, "src")
        os.makedirs(src_dir)
        with open(os.path.join(src_dir, "jcbench.py"), "w") as f:
            f.write(SOURCE)
        out = os.path.join(d, "out")
        # The constructor from Python needs its specialization: a recorded call.
        sidebyside.build(opts, src_dir, "jcbench.py", [{"file": "jcbench.py", "qualname": "Counter", "args": ["int64"]}], out)
        best = sidebyside.best_over_rounds(opts, CHILD, out, src_dir, [json.dumps(OPERATIONS)])
    lines = sidebyside.header("# `@jitclass` instances from Python: numrs against Numba", "jitclass_boundary.py") + [
        "Nanoseconds per operation (best of %d rounds, each the best of 5 timings of 100,000 calls)." % opts.rounds,
        "",
        "| operation | Numba | numrs | ratio |",
        "|---|---:|---:|---:|",
    ]
    for name, _ in OPERATIONS:
        a, b = best["numba"][name][0], best["numrs"][name][0]
        lines.append("| %s | %.0f | %.0f | %.2f |" % (name, a, b, b / a))
    sidebyside.emit(opts, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
