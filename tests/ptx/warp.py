"""numba-cuda's warp intrinsics, bit operations and atomics through a built module
(tests/ptx/warp_kernels.py), each result recomputed with NumPy: shuffles of 64-bit ints (two
32-bit halves) and floats, votes, match, popc/clz/ffs/brev, compare-and-swap, inc/dec with
their wrap-around, NaN handling of atomic max/min and nanmax/nanmin, predicate barriers,
fma/cbrt, selp. Needs NumPy, numrs_runtime and a GPU; DIR holds the module
`scripts/build-ptx-cases.sh` built.

Usage: python3 tests/ptx/warp.py DIR   (exit 0: all agree; 1: a difference; 2: no GPU)
"""
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
import warp_kernels as wk  # noqa: E402
from numrs_runtime import cuda  # noqa: E402

FAILED = []


def check(what, got, want):
    got, want = np.asarray(got), np.asarray(want)
    if got.shape == want.shape and np.array_equal(got, want, equal_nan=got.dtype.kind == "f"):
        print("ok   %s" % what)
    else:
        FAILED.append(what)
        print("FAIL %s:\n  got  %r\n  want %r" % (what, got, want))


def close(what, got, want, rtol):
    err = np.max(np.abs(got - want) / np.maximum(np.abs(want), 1.0))
    if err <= rtol:
        print("ok   %s (largest relative difference %.1e)" % (what, err))
    else:
        FAILED.append(what)
        print("FAIL %s: largest relative difference %.1e > %.0e" % (what, err, rtol))


def bits_of(v, width):
    return int(v) & ((1 << width) - 1)


def main():
    if not cuda.is_available():
        print("no GPU: the warp intrinsics were built, not run")
        return 2

    x = np.arange(256, dtype=np.float64)
    out = np.zeros(1)
    wk.warp_sum[2, 128](x, out)
    check("shfl_down_sync reduction (float64)", out, [x.sum()])

    n = 64
    lane = np.arange(n) % 32
    base = np.arange(n) - lane
    a = (np.arange(n, dtype=np.int64) * (2**33 + 12345) - 2**40).astype(np.int64)
    f = np.arange(n, dtype=np.float32) * np.float32(1.5)
    a_out, f_out, lanes = np.zeros(n, np.int64), np.zeros(n, np.float32), np.zeros(n, np.int32)
    wk.shuffles[1, n](a, a_out, f, f_out, lanes)
    check("shfl_sync + shfl_up_sync of int64 (two halves)", a_out, a[base] + a[np.where(lane > 0, np.arange(n) - 1, np.arange(n))])
    check("shfl_xor_sync of float32", f_out, f[np.arange(n) ^ 1])
    check("shfl_down_sync of the lane id", lanes, np.where(lane + 3 < 32, lane + 3, lane).astype(np.int32))

    xv = np.concatenate([np.arange(1, 33), np.arange(32) % 3 - 1]).astype(np.int32)
    outs = [np.zeros(n, np.bool_), np.zeros(n, np.bool_), np.zeros(n, np.bool_), np.zeros(n, np.int32),
            np.zeros(n, np.uint32), np.zeros(n, np.uint32)]
    wk.votes[1, n](xv, *outs)
    p = (xv > 0).reshape(2, 32)
    nz = (xv != 0).reshape(2, 32)
    ballots = [sum(1 << k for k in range(32) if w[k]) for w in p]
    check("all_sync", outs[0], np.repeat(p.all(axis=1), 32))
    check("any_sync of an int predicate", outs[1], np.repeat(nz.any(axis=1), 32))
    check("eq_sync", outs[2], np.repeat([w.all() or not w.any() for w in p], 32))
    check("ballot_sync", outs[3], np.repeat(np.array(ballots, dtype=np.uint32).view(np.int32), 32))
    check("activemask", outs[4], np.full(n, 0xFFFFFFFF, np.uint32))
    check("lanemask_lt", outs[5], ((1 << lane) - 1).astype(np.uint32))

    xm = np.concatenate([np.arange(32) // 4, np.full(32, 5)]).astype(np.int32)
    any_out, all_out, all_pred = np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.bool_)
    wk.matches[1, n](xm, any_out, all_out, all_pred)
    want_any = np.concatenate([(0xF << (4 * (np.arange(32) // 4))).astype(np.uint32), np.full(32, 0xFFFFFFFF, np.uint32)])
    check("match_any_sync", any_out, want_any.view(np.int32))
    check("match_all_sync", (all_out, all_pred), (np.concatenate([np.zeros(32), np.full(32, -1)]).astype(np.int32),
                                                  np.concatenate([np.zeros(32, np.bool_), np.ones(32, np.bool_)])))

    av = np.array([0, 1, -1, 12, 2**30, -2**31, 7, 1 << 20], np.int32)
    uv = np.array([0, 1, 0xFFFFFFFF, 12, 0x80000000, 6, 255, 1 << 20], np.uint32)
    wv = np.array([0, 1, -1, 12, 2**40, -2**63, 7, 1 << 50], np.int64)
    a_o, u_o, w_o = np.zeros((8, 3), np.int32), np.zeros((8, 3), np.uint32), np.zeros((8, 3), np.int64)
    wk.bits[1, 32](av, uv, wv, a_o, u_o, w_o)

    def popc(v, w):
        return bin(bits_of(v, w)).count("1")

    def clz(v, w):
        return w - bits_of(v, w).bit_length()

    def ffs(v, w):
        b = bits_of(v, w)
        return (b & -b).bit_length()

    def brev(v, w):
        return int(format(bits_of(v, w), "0%db" % w)[::-1], 2)

    check("popc, clz, ffs of int32", a_o, [[popc(v, 32), clz(v, 32), ffs(v, 32)] for v in av])
    check("popc, brev, ffs of uint32", u_o, np.array([[popc(v, 32), brev(v, 32), ffs(v, 32)] for v in uv], np.uint32))
    check("popc, clz, ffs of int64", w_o, [[popc(v, 64), clz(v, 64), ffs(v, 64)] for v in wv])

    ar = np.array([7, 5, 3], np.int32)
    u = np.array([3, 10, 0, 5], np.uint32)
    u8 = np.array([9], np.uint64)
    nan = float("nan")
    fa = np.array([nan, 1.0, 1.0, nan, 1.0, nan])
    ga = np.array([nan, nan, 1.0], np.float32)
    olds = np.zeros(8, np.int64)
    wk.atomics[1, 32](ar, u, u8, fa, ga, olds)
    check("compare_and_swap and cas", ar, [9, 6, 3])
    check("inc and dec wrap around (uint32)", u, np.array([4, 0, 10, 4], np.uint32))
    check("dec (uint64)", u8, np.array([5], np.uint64))
    check("old values of cas, inc, dec", olds, [7, 5, 3, 3, 10, 0, 5, 9])
    check("nanmax replaces NaN and ignores a NaN value; max leaves NaN", fa, [2.5, 2.5, 1.0, nan, 2.5, nan])
    check("nanmin replaces NaN; min leaves NaN", ga, np.array([0.5, nan, 0.5], np.float32))

    xb = (np.arange(64) % 3 == 0).astype(np.int32)
    ob = np.zeros(3 * 64, np.int32)
    wk.barriers[1, 64](xb, ob)
    check("syncthreads_count, _and, _or", ob, np.tile([int(xb.sum()), 0, 1], 64))

    fv = np.linspace(0.5, 4.0, 40).astype(np.float32)
    dv = np.linspace(-8.0, 8.0, 40)
    f_o, d_o, sel = np.zeros(40, np.float32), np.zeros(40), np.zeros(40, np.int32)
    wk.arith[2, 32](fv, dv, f_o, d_o, sel)
    f64 = fv.astype(np.float64)
    close("fma + cbrt (float32, libdevice)", f_o.astype(np.float64), f64 * f64 + 1.0 + np.cbrt(f64), 1e-6)
    close("fma + cbrt (float64, libdevice)", d_o, dv * 2.0 + dv + np.cbrt(dv), 1e-15)
    check("selp in a device function", sel, np.maximum(np.arange(40), 5).astype(np.int32))

    print("%d failed" % len(FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
