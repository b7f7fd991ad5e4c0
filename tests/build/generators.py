"""Generators in built modules: the module below is built with `numrs build` and imported.
Generator functions called from Python return iterators over the compiled generator; what
they produce (items, the exception class and message, StopIteration after the end or after
an error) must equal CPython running the same (undecorated) source, whether the generator is
drained, abandoned half-way, or iterated by compiled code. Arrays passed to a generator stay
alive while it does; Python lists and sets passed to one are not reflected back (Numba's
answer, not CPython's). Generators hold arrays, lists and strings in their variables and yield
arrays; abandoned ones (a `break`, a `return`, a generator object dropped) release them.
Afterwards the runtime must hold no generator state and no array memory
(`numrs_runtime._stats()`). A generator numrs build cannot lower is reported with its line
and the rest of the module still builds.

Usage: python tests/build/generators.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
import numpy as np
from numba import njit


@njit("(int64,)")
def countdown(n):
    while n > 0:
        yield n
        n -= 1


@njit("(float64[:], float64)")
def scaled(a, k):
    for i in range(a.shape[0]):
        yield a[i] * k


@njit("(int64,)")
def tuples(n):
    for i in range(n):
        yield i, i * 0.5


@njit("(int64,)")
def checked(n):
    for i in range(n):
        if i == 2:
            raise ValueError("two is not allowed")
        yield i


@njit("(int64,)")
def total(n):
    t = 0
    for v in countdown(n):
        t += v
    return t


@njit("(int64,)")
def with_list(n):
    xs = [1, 2]
    for i in range(n):
        yield xs[0] + i


@njit("(float64[:], int64)")
def chunk_sums(a, k):
    buf = np.zeros(k)
    j = 0
    for x in a:
        buf[j] = x
        j += 1
        if j == k:
            yield buf.sum()
            j = 0


@njit("(int64,)")
def rows(n):
    for i in range(n):
        yield np.arange(i) * 2.0


@njit("(int64,)")
def abandoned(n):
    t = 0.0
    for j in range(3):
        for r in rows(n):
            t += r.sum()
            if r.shape[0] > 1:
                break
    return t


@njit("(int64,)")
def sums_of_rows(n):
    for r in rows(n):
        yield r.sum()


@njit("(int64,)")
def first_sum(n):
    for s in sums_of_rows(n):
        if s > 0:
            return s
    return -1.0


@njit("(unicode_type,)")
def words(s):
    for p in s.split(","):
        yield len(p)


@njit("(unicode_type,)")
def total_len(s):
    t = 0
    for n in words(s):
        t += n
    return t


@njit("(int64,)")
def early_return(n):
    s = 0.0
    for i in range(3):
        if i == 2:
            return s
        for r in rows(n):
            s += r.sum()
            if r.shape[0] > 0:
                break
    return s


@njit("(List(int64, reflected=True),)")
def over_list(xs):
    for x in xs:
        yield x


@njit("(List(int64, reflected=True),)")
def grows(xs):
    xs.append(7)
    for x in xs:
        yield x * 2
    xs.append(99)


@njit("(Set(int64, reflected=True),)")
def over_set(s):
    s.add(5)
    for x in s:
        yield x + 1


@njit("(Tuple((List(int64, reflected=True), int64)),)")
def over_pair(p):
    for x in p[0]:
        yield x + p[1]
'''

# (function, args, how many items to take; None: all)
CALLS = [
    ("countdown", (4,), None),
    ("countdown", (0,), None),
    ("countdown", (5,), 2),
    ("scaled", (np.arange(5.0), 2.0), None),
    ("scaled", (np.arange(5.0), 2.0), 1),
    ("tuples", (3,), None),
    ("checked", (5,), None),
    ("checked", (1,), None),
    ("total", (6,), "call"),
    ("with_list", (3,), None),
    ("chunk_sums", (np.arange(10.0), 3), None),
    ("chunk_sums", (np.arange(10.0), 2), 1),
    ("rows", (4,), None),
    ("rows", (5,), 3),
    ("abandoned", (4,), "call"),
    ("sums_of_rows", (4,), None),
    ("sums_of_rows", (6,), 2),
    ("first_sum", (5,), "call"),
    ("total_len", ("ab,cde,f",), "call"),
    ("words", ("ab,cde,f",), None),
    ("words", ("x,yy,zzz",), 1),
    ("early_return", (4,), "call"),
    ("over_list", ([3, 1, 2],), None),
    ("over_list", ([3, 1, 2],), 1),
]


def outcome(f, args, take):
    """What a call gives: items taken (then whether the next one raises StopIteration), or the
    exception (class and message) and what the generator gives after it."""
    if take == "call":
        return ("value", f(*args))
    it = f(*args)
    if iter(it) is not it:
        return ("not an iterator", type(it).__name__)
    items = []
    try:
        while take is None or len(items) < take:
            x = next(it)
            items.append(x.tolist() if isinstance(x, np.ndarray) else x)
    except StopIteration:
        return ("items", items, "stopped")
    except Exception as e:  # noqa: BLE001 - the class is compared
        return ("items", items, type(e).__name__, str(e), "then", list(it))
    return ("items", items, "taken")


def main():
    work = tempfile.mkdtemp(prefix="numrs-generators-")
    src = os.path.join(work, "genmod.py")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(SOURCE)
    out = os.path.join(work, "out")
    b = subprocess.run([BINARY, "build", src, "-o", out], capture_output=True, text=True)
    failed = 0
    # `over_pair` cannot be called from Python (a list inside a tuple argument): refused with
    # its line, the others built.
    want_err = "genmod.py:140: over_pair(Tuple(reflected list(int64)<iv=None>, int64)): cannot lower: calling a generator function with an argument of type Tuple(reflected list(int64)<iv=None>, int64) from Python"
    if b.returncode == 0 or want_err not in b.stderr or "17 specializations built, 1 not built" not in b.stderr:
        print("BUILD: unexpected outcome (rc %d):\n%s%s" % (b.returncode, b.stdout, b.stderr))
        failed += 1
    sys.path.insert(0, out)
    import genmod  # the built module
    import numrs_runtime

    plain = {}
    plain_src = SOURCE.replace("from numba import njit", "njit = lambda *a, **k: (lambda f: f)")
    exec(compile(plain_src, "plain", "exec"), plain)
    before = numrs_runtime._stats()
    for _ in range(3):  # repeated calls must not accumulate memory
        for name, args, take in CALLS:
            got = outcome(getattr(genmod, name), args, take)
            want = outcome(plain[name], args, take)
            if got != want:
                failed += 1
                print("DIFF %s%r take=%r: built %r, Python %r" % (name, args, take, got, want))
    # The argument array is released by its caller before the generator runs.
    g = genmod.scaled(np.arange(3.0) + 1.0, 10.0)
    if list(g) != [10.0, 20.0, 30.0]:
        failed += 1
        print("DIFF scaled of a temporary array")
    del g
    # Python lists and sets passed to a generator are not reflected back, as in Numba (which
    # leaves them as they were): the generator works on its own native copy.
    xs, st = [1, 2, 3], {1, 2}
    g = genmod.grows(xs)
    got = (next(g), list(g), xs, sorted(genmod.over_set(st)), st)
    if got != (2, [4, 6, 14], [1, 2, 3], [2, 3, 6], {1, 2}):
        failed += 1
        print("DIFF generators over Python lists and sets: %r" % (got,))
    h = genmod.grows(xs)
    next(h)
    del g, h
    after = numrs_runtime._stats()
    if any(after[k] != before[k] for k in ("meminfo_live", "live_bytes", "plain_live")):
        failed += 1
        print("LEAK: %r -> %r" % (before, after))
    # Wrong argument types are a TypeError, as for any built function.
    try:
        genmod.countdown("x")
        failed += 1
        print("DIFF countdown('x') did not raise")
    except TypeError:
        pass
    print("generators: %d calls x3, %d failed" % (len(CALLS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
