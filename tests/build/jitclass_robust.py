"""Regressions of `@jitclass` memory handling in built modules, each of which once crashed the
interpreter: two modules whose `deferred_type()`s share a name (each is its own type); an
`__init__` that stores the new instance somewhere before raising (the constructor's reference
goes, not the instance); an argument's array stored in an optional field (kept alive); a linked list of 200,000 nodes released from Python (without
recursing per node); a class whose name is not ASCII. Nothing may be left behind.

Usage: python tests/build/jitclass_robust.py   (a Python with numpy and the runtime installed)
"""
import gc
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

LINKED = '''
from numba import njit, int64, float64, deferred_type, optional
from numba.experimental import jitclass

node_type = deferred_type()


@jitclass([("value", {value}), ("next", optional(node_type))])
class {cls}:
    def __init__(self, value, next):
        self.value = value
        self.next = next


node_type.define({cls}.class_type.instance_type)


@njit("(int64,)")
def make(n):
    head = {cls}(0, None)
    for i in range(1, n):
        head = {cls}(i, head)
    return head
'''

PEERS = '''
from numba import njit, int64, optional, deferred_type
from numba.experimental import jitclass

p_type = deferred_type()


@jitclass([("value", int64), ("peer", optional(p_type))])
class P:
    def __init__(self, value, other):
        self.value = value
        self.peer = None
        if other is not None:
            other.peer = self
        if value < 0:
            raise ValueError("negative")


p_type.define(P.class_type.instance_type)


@njit("(int64,)")
def make(n):
    a = P(n, None)
    b = P(n + 1, a)
    return a
'''

OPTIONAL = '''
import numpy as np
from numba import njit, float64, optional
from numba.experimental import jitclass


@jitclass([("cache", optional(float64[:]))])
class C:
    def __init__(self):
        self.cache = None

    def keep(self, a):
        self.cache = a

    def total(self):
        c = self.cache
        return c.sum() if c is not None else -1.0


@njit("(float64[:],)")
def make(a):
    c = C()
    c.keep(a)
    return c
'''

UNICODE = '''
from numba import njit, float64
from numba.experimental import jitclass


@jitclass([("wert", float64)])
class Größe:
    def __init__(self, w):
        self.wert = w


@njit("(float64,)")
def make(w):
    return Größe(w)
'''


def main():
    failures = []

    def check(what, ok):
        print("%s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        sources = {
            "lista.py": LINKED.format(value="int64", cls="Node"),
            "listb.py": LINKED.format(value="float64", cls="Other"),
            "peers.py": PEERS,
            "optarr.py": OPTIONAL,
            "groesse.py": UNICODE,
        }
        for name, src in sources.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(src)
        out = os.path.join(d, "out")
        build = subprocess.run([BINARY, "build", *sources, "-o", out], capture_output=True, text=True, cwd=d)
        if build.returncode != 0:
            print(build.stderr)
            return 1
        sys.path.insert(0, out)
        import lista
        import listb
        a, b = lista.make(3), listb.make(3)
        check("each module's deferred type is its own class",
              (type(a.next).__name__, a.next.value, type(b.next).__name__, b.next.value) == ("Node", 1, "Other", 1.0))
        del a, b
        long = lista.make(200000)
        check("a long linked list", (long.value, long.next.value) == (199999, 199998))
        # Released here (a crash, before, from recursing once per node).
        del long
        gc.collect()
        import peers
        first = peers.P(1, None)
        try:
            peers.P(-5, first)
            check("__init__ raises", False)
        except ValueError:
            junk = [peers.P(i, None) for i in range(100)]
            check("the instance __init__ stored before raising stays alive", first.peer is not None and first.peer.value == -5)
            del junk
        del first
        import numpy as np
        import optarr
        kept = optarr.make(np.arange(100000.0))
        gc.collect()
        junk = [np.full(100000, 7.0) for _ in range(5)]
        check("an argument's array kept in an optional field stays alive", (kept.total(), float(kept.cache[2])) == (4999950000.0, 2.0))
        del kept, junk
        import groesse
        g = groesse.make(2.5)
        check("a class whose name is not ASCII", (type(g).__name__, g.wert) == ("Größe", 2.5))
        del g
    gc.collect()
    import numrs_runtime
    check("no compiled-code memory left behind", numrs_runtime._stats()["meminfo_live"] == 0)
    print("jitclass robustness: %d checks failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
