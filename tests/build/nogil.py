"""`@njit(nogil=True)`: the built dispatcher releases the GIL while the compiled code runs, as
Numba's does, so that other Python threads run meanwhile; without it they wait. A thread calls a
long-running compiled function while the main thread counts how many times it gets to run
Python before the call returns: many times with `nogil=True`, (next to) none without. The
results must equal CPython's, also from several threads at once, and compiled code that prints
(taking the GIL itself) must work in a `nogil` function.

Usage: python tests/build/nogil.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
from numba import njit


@njit("int64(int64)", nogil=True)
def spin_free(n):
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


@njit("int64(int64)")
def spin_held(n):
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


@njit("int64(int64)", nogil=True)
def talk(n):
    print("compiled code speaking", n)
    return n + 1
'''


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "nogil_mod.py"), "w") as f:
            f.write(SOURCE)
        out = os.path.join(d, "out")
        run = subprocess.run([BINARY, "build", os.path.join(d, "nogil_mod.py"), "-o", out], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr)
            return 1
        sys.path.insert(0, out)
        import nogil_mod

        def expected(n):
            s = 0
            for i in range(n):
                s = (s * 31 + i) % 1000003
            return s

        # Long enough that the main thread would get many turns if it could run.
        n = 30_000_000

        def turns_during(f):
            started, done, result = threading.Event(), threading.Event(), []

            def worker():
                started.set()
                result.append(f(n))
                done.set()

            t = threading.Thread(target=worker)
            t.start()
            started.wait()
            count = 0
            while not done.is_set():
                count += 1
            t.join()
            return count, result[0]

        free, r1 = turns_during(nogil_mod.spin_free)
        held, r2 = turns_during(nogil_mod.spin_held)
        want = expected(10_000)
        checks = [
            ("nogil=True lets the main thread run during the call", free > 1000, free),
            ("without nogil the main thread mostly waits", free > 4 * held, held),
            ("results", r1 == r2 and nogil_mod.spin_free(10_000) == want, (r1, r2)),
            ("print from nogil code", nogil_mod.talk(4) == 5, None),
        ]
        # Several threads at once give CPython's results.
        outs = [None] * 4
        threads = [threading.Thread(target=lambda k=k: outs.__setitem__(k, nogil_mod.spin_free(10_000 + k))) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        checks.append(("threads", outs == [expected(10_000 + k) for k in range(4)], outs))
        for name, ok, detail in checks:
            print("%s %s (%r)" % ("ok  " if ok else "FAIL", name, detail))
            failed += not ok
    print("nogil: %d checks, %d failed" % (len(checks), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
