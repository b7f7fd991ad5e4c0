"""Launch the corpus's CUDA kernels through the built Python modules, as a Numba user would:
`module.kernel[griddim, blockdim](arrays..., numbers...)`, NumPy arrays copied to the GPU and
back by the numrs runtime. Needs NumPy, numrs_runtime and a GPU; DIR holds the modules
`scripts/build-ptx-cases.sh` built.

Usage: python3 tests/ptx/launch.py DIR   (exit 0: all agree; 1: a difference; 2: no GPU)
"""
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
import k0187  # noqa: E402
import k0188  # noqa: E402
import k0190  # noqa: E402
import math_kernels  # noqa: E402
import more_kernels  # noqa: E402

FAILED = []


def check(what, got, want):
    if np.array_equal(got, want):
        print("ok   %s" % what)
    else:
        FAILED.append(what)
        print("FAIL %s:\n  got  %r\n  want %r" % (what, got, want))


def refusals():
    """What is refused before any GPU work (so also checked without a GPU)."""
    x = np.zeros(8, dtype=np.float32)
    for what, call, exc in [
        ("a call without a launch configuration", lambda: k0187.saxpy(x, x, 1.0), TypeError),
        ("a configuration that is not a tuple", lambda: k0187.saxpy[4], TypeError),
        ("a configuration of one item", lambda: k0187.saxpy[(4,)], ValueError),
        ("a zero block dimension", lambda: k0187.saxpy[4, 0], ValueError),
        ("a float64 array for a float32 one", lambda: k0187.saxpy[1, 32](np.zeros(8), x, 1.0), TypeError),
        ("an array for a number", lambda: k0187.saxpy[1, 32](x, x, x), TypeError),
        ("a non-contiguous array", lambda: k0187.saxpy[1, 32](np.zeros(16, dtype=np.float32)[::2], x, 1.0), TypeError),
        ("too few arguments", lambda: k0187.saxpy[1, 32](x, x), TypeError),
    ]:
        try:
            call()
            FAILED.append(what)
            print("FAIL %s was accepted" % what)
        except exc as e:
            print("ok   %s: %s: %s" % (what, type(e).__name__, str(e)[:70]))


def main():
    refusals()
    n = 1000
    out = np.arange(n, dtype=np.float32) * np.float32(0.25)
    x = (1.0 / np.arange(1, n + 1)).astype(np.float32)
    want = np.float32(2.5) * x + out
    try:
        k0187.saxpy[(n + 127) // 128, 128](out, x, 2.5)
    except RuntimeError as e:
        if "no CUDA driver" in str(e):
            print("no GPU: %s" % e)
            return 1 if FAILED else 2
        raise
    check("saxpy (a Python float as float32)", out, want)

    # From another Python thread (the driver's context is made current there too).
    import threading
    res = {}

    def worker():
        try:
            o = np.zeros(64, dtype=np.float32)
            k0187.saxpy[1, 64](o, np.ones(64, dtype=np.float32), 3.0)
            res["out"] = o
        except Exception as e:  # noqa: BLE001 - reported below
            res["out"] = repr(e)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    check("saxpy from another thread", res.get("out"), np.full(64, 3.0, dtype=np.float32))

    rows, cols = 37, 23
    want = np.add.outer(np.arange(rows, dtype=np.float64), np.arange(cols) * 0.5)
    for order in "CF":
        m = np.zeros((rows, cols), order=order)
        k0187.fill_2d[((rows + 7) // 8, (cols + 7) // 8), (8, 8)](m)
        check("fill_2d, %s order" % order, m, want)

    xs = np.linspace(-50.0, 140.0, 513)
    ys = np.linspace(600.0, 1.3, 513)
    d = np.zeros(513)
    k0188.distances[9, 64](d, xs, ys)
    check("distances (a device function)", d, np.sqrt(xs * xs + ys * ys))

    a = np.arange(32, dtype=np.float32) * np.float32(0.5) + np.float32(0.125)
    total = np.float32(0.0)
    for v in a:
        total = np.float32(total + v)
    counter = np.zeros(1, dtype=np.int32)
    k0190.block_sum[1, 32](a, counter)
    check("block_sum (shared memory, barrier)", a[:1], np.array([total], dtype=np.float32))
    k0190.block_sum[3, 32](a, counter)
    check("block_sum atomic counter", counter, np.array([4], dtype=np.int32))

    x = np.linspace(-2.0, 5.0, 300)
    out = np.zeros_like(x)
    more_kernels.local_sum[5, 64](out, x)
    check("local_sum (a local array)", out, x * 1 + x * 2 + x * 3 + x * 4)
    xs = np.sin(np.arange(1000, dtype=np.float32) * np.float32(0.37)) * np.float32(5.0)
    top = np.full(1, -np.inf, dtype=np.float32)
    more_kernels.maximum[8, 128](top, xs)
    check("maximum (float atomic max)", top, np.array([xs.max()], dtype=np.float32))
    a = np.zeros((5, 6, 7), dtype=np.int32)
    more_kernels.grid3[(2, 2, 2), (4, 4, 4)](a, 3, True)
    i, j, m = np.indices(a.shape)
    check("grid3 (3-d grid, int32 and boolean parameters)", a, -(i * 100 + j * 10 + m + 3).astype(np.int32))

    # print in a kernel (vprintf): the device's output, captured at the file descriptor.
    import os
    import tempfile
    sys.stdout.flush()
    with tempfile.TemporaryFile() as cap:
        saved = os.dup(1)
        os.dup2(cap.fileno(), 1)
        try:
            more_kernels.shout[1, 4](np.array([7, -1, 30, 4], dtype=np.int32))
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        cap.seek(0)
        lines = sorted(cap.read().decode().splitlines())
    want = sorted("item %d %d 0.500000" % (i, v) for i, v in enumerate([7, -1, 30, 4]))
    check("print in a kernel", np.array(lines), np.array(want))

    # Math functions through libdevice: within a few units in the last place of glibc's.
    x = np.linspace(-3.0, 3.0, 1001)
    out = np.zeros_like(x)
    math_kernels.transcendental[16, 64](out, x)
    want = np.sin(x) + np.exp(-x * x) + np.log(1.0 + x * x) + np.arctan2(x, 2.0) + np.tanh(x) + np.abs(x) ** 1.5
    close("transcendental (float64, libdevice)", out, want, 1e-13)
    x32 = x.astype(np.float32)
    out32 = np.zeros_like(x32)
    math_kernels.transcendental32[16, 64](out32, x32)
    import math
    erf = np.array([math.erf(v) for v in x32.astype(np.float64)], dtype=np.float32)
    want32 = (np.cos(x32).astype(np.float64) + np.exp(x32.astype(np.float64) / 4)
              + np.sqrt(np.abs(x32)).astype(np.float64) + erf.astype(np.float64)).astype(np.float32)
    close("transcendental32 (float32, libdevice)", out32, want32, 1e-5)
    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


def close(what, got, want, rtol):
    """Relative to the values' magnitude (at least 1: sums of terms cancel near zero)."""
    err = np.max(np.abs(got - want) / np.maximum(np.abs(want), 1.0))
    if err <= rtol:
        print("ok   %s (largest relative difference %.1e)" % (what, err))
    else:
        FAILED.append(what)
        print("FAIL %s: largest relative difference %.1e > %.0e" % (what, err, rtol))


if __name__ == "__main__":
    sys.exit(main())
