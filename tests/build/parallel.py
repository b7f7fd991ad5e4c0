"""`parallel=True` in built modules: array expressions (Numba's parfors of them) and `prange`
loops with reductions run on the runtime's threads (two of them here). A `prange` sum, and
`np.sum`/`mean` of a 1-d array, must equal Numba's bit for bit (its schedule and order of partial sums, written out below); every other
result must equal NumPy's (to 1e-12
relative: `exp` and `sin` are the C library's, not NumPy's) for arrays below and above the size where array expressions start
running in parallel; the expressions above it must have gone through the runtime's
`parallel_for` (`numrs_runtime._stats()["parallel_loops"]`), the ones below it not, and no
memory may be left behind.

Usage: python tests/build/parallel.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

# Two chunks, whatever the machine: the exact float sums below depend on the split.
os.environ["NUMBA_NUM_THREADS"] = "2"

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
import numpy as np
from numba import njit, prange


@njit("(float64[::1], float64[::1])", parallel=True)
def axpy(a, b):
    return 2.5 * a + np.sin(b) * b


@njit("(float64[:, ::1], float64)", parallel=True)
def scaled_exp(a, k):
    return np.exp(a * k) - 1.0


@njit("(int64[::1],)", parallel=True)
def int_ops(a):
    return (a * 3) // 2 + a % 7 - np.abs(a - 5)


@njit("(float64[::1], float64[::1])", parallel=True)
def in_place(a, b):
    a += b * 2.0
    return a


@njit("(float64[::1],)", parallel=True)
def prange_sum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i] * a[i]
    return s


@njit("(float64[::1],)", parallel=True)
def sum_expr(a):
    return np.sum(a * 2.0 + 1.0)


@njit("(float64[::1], float64[::1])", parallel=True)
def dot_like(a, b):
    return (a * b).sum()


@njit("(float64[::1],)", parallel=True)
def in_prange(a):
    t = np.zeros(2)
    for i in prange(2):
        t[i] = np.sum(a * 2.0)
    return t[0] + t[1]


@njit("(float64[::1], float64[::1])", parallel=True)
def broadcast_mean(a, b):
    return np.mean(b + a)


@njit("(float64[::1],)", parallel=True)
def mean(a):
    return a.mean()


@njit("(float64[::1],)", parallel=True)
def strided(a):
    return a[::2] * 3.0 + 1.0


@njit("(float64[::1],)", parallel=True)
def row_broadcast(a):
    m = a[: (len(a) // 4) * 4].reshape(-1, 4)
    return m - m[0]
'''

SMALL, LARGE = 1000, 100_003


def expected(name, args):
    if name == "axpy":
        a, b = args
        return 2.5 * a + np.sin(b) * b
    if name == "scaled_exp":
        a, k = args
        return np.exp(a * k) - 1.0
    if name == "int_ops":
        (a,) = args
        return (a * 3) // 2 + a % 7 - np.abs(a - 5)
    if name == "in_place":
        a, b = args
        return a + b * 2.0
    if name == "prange_sum":
        (a,) = args
        return numba_chunked_sum(a * a)
    if name == "sum_expr":
        (a,) = args
        return numba_chunked_sum(a * 2.0 + 1.0)
    if name == "dot_like":
        a, b = args
        return numba_chunked_sum(a * b)
    if name == "in_prange":
        (a,) = args
        # Inside a prange body the reduction runs in order, as Numba runs nested parfors.
        total = 0.0
        for x in (a * 2.0).tolist():
            total += x
        return total + total
    if name == "broadcast_mean":
        # Numba's parfor asserts that the operands have one size (no broadcasting of an
        # argument's size-1 axis): tests/build/parfor_semantics.py checks its message.
        return AssertionError
    if name == "mean":
        (a,) = args
        return numba_chunked_sum(a) / len(a)
    if name == "strided":
        (a,) = args
        return a[::2] * 3.0 + 1.0
    if name == "row_broadcast":
        (a,) = args
        m = a[: (len(a) // 4) * 4].reshape(-1, 4)
        return m - m[0]
    raise KeyError(name)


def numba_chunked_sum(values, threads=2):
    """A parallel sum as Numba runs it (a `prange` reduction, `np.sum` in a parfor): Numba's
    schedule (the first len % threads chunks one item longer), each chunk summed in order,
    the partial sums added to 0.0 in chunk order."""
    q, r = divmod(len(values), threads)
    total = 0.0
    start = 0
    for k in range(threads):
        stop = start + q + (1 if k < r else 0)
        part = 0.0
        for x in values[start:stop].tolist():
            part += x
        total += part
        start = stop
    return total


def cases(n, rng):
    a, b = rng.random(n), rng.random(n)
    return [
        ("axpy", (a, b), True),
        ("scaled_exp", (rng.random((n // 10, 10)), 0.5), True),
        ("int_ops", (rng.integers(-1000, 1000, n),), True),
        ("in_place", (a.copy(), b), True),
        ("prange_sum", (a,), None),
        # Reductions: Numba's chunks at every size, on the threads for large arrays.
        ("sum_expr", (a,), None),
        ("mean", (a,), None),
        ("dot_like", (a, b), None),
        ("in_prange", (a,), None),
        ("broadcast_mean", (a, b[:1]), None),
        # Strided and broadcast operands: the general loop runs on the threads too.
        ("strided", (a,), True),
        ("row_broadcast", (a,), True),
    ]


def main():
    work = tempfile.mkdtemp(prefix="numrs-parallel-")
    src = os.path.join(work, "parmod.py")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(SOURCE)
    out = os.path.join(work, "out")
    b = subprocess.run([BINARY, "build", src, "-o", out], capture_output=True, text=True)
    if b.returncode != 0:
        print(b.stdout, b.stderr)
        return 1
    sys.path.insert(0, out)
    import parmod  # the built module
    import numrs_runtime

    rng = np.random.default_rng(7)
    failed = 0
    checked = 0
    before = numrs_runtime._stats()
    for n in (7, SMALL, SMALL + 1, LARGE):
        for name, args, parallel in cases(n, rng):
            want = expected(name, [x.copy() if isinstance(x, np.ndarray) else x for x in args])
            loops = numrs_runtime._stats()["parallel_loops"]
            if want is AssertionError:
                try:
                    getattr(parmod, name)(*args)
                    failed += 1
                    print("DIFF %s n=%d: no AssertionError" % (name, n))
                except AssertionError:
                    pass
                checked += 1
                continue
            got = getattr(parmod, name)(*args)
            ran = numrs_runtime._stats()["parallel_loops"] - loops
            checked += 1
            if isinstance(want, float):
                # Bit for bit: the partial sums combine as Numba's do.
                ok = got == want
            else:
                ok = got.shape == want.shape and got.dtype == want.dtype and np.allclose(got, want, rtol=1e-12, atol=0)
            if not ok:
                failed += 1
                print("DIFF %s n=%d" % (name, n))
            if parallel is not None and (ran > 0) != (parallel and n >= LARGE):
                failed += 1
                print("PARALLEL %s n=%d: %d parallel loops" % (name, n, ran))
    # The mean of no items divides by zero, as Numba's `mean_parallel_impl` does.
    try:
        parmod.mean(np.zeros(0))
        failed += 1
        print("DIFF mean of an empty array did not raise")
    except ZeroDivisionError:
        pass
    got = None
    after = numrs_runtime._stats()
    if any(after[k] != before[k] for k in ("meminfo_live", "live_bytes", "plain_live")):
        failed += 1
        print("LEAK: %r -> %r" % (before, after))
    print("parallel: %d calls, %d failed" % (checked, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
