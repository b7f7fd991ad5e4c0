# CUDA kernels for tests/ptx/warp.py: numba-cuda's warp intrinsics (shuffles of 32- and 64-bit
# ints and floats, votes, match), bit operations, compare-and-swap, inc/dec, NaN-aware
# atomics, predicate barriers, fma/cbrt (libdevice) and selp, each writing results that
# tests/ptx/warp.py recomputes with NumPy.
from numba import cuda


@cuda.jit("void(float64[:], float64[:])")
def warp_sum(x, out):
    i = cuda.grid(1)
    v = x[i]
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xffffffff, v, off)
        off //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(out, 0, v)


@cuda.jit("void(int64[:], int64[:], float32[:], float32[:], int32[:])")
def shuffles(a, a_out, f, f_out, lanes):
    i = cuda.grid(1)
    a_out[i] = cuda.shfl_sync(0xffffffff, a[i], 0) + cuda.shfl_up_sync(0xffffffff, a[i], 1)
    f_out[i] = cuda.shfl_xor_sync(0xffffffff, f[i], 1)
    lanes[i] = cuda.shfl_down_sync(0xffffffff, cuda.laneid, 3)


@cuda.jit("void(int32[:], boolean[:], boolean[:], boolean[:], int32[:], uint32[:], uint32[:])")
def votes(x, all_, any_, eq, ballot, active, lt):
    i = cuda.grid(1)
    p = x[i] > 0
    all_[i] = cuda.all_sync(0xffffffff, p)
    any_[i] = cuda.any_sync(0xffffffff, x[i])
    eq[i] = cuda.eq_sync(0xffffffff, p)
    ballot[i] = cuda.ballot_sync(0xffffffff, p)
    active[i] = cuda.activemask()
    lt[i] = cuda.lanemask_lt()


@cuda.jit("void(int32[:], int32[:], int32[:], boolean[:])")
def matches(x, any_out, all_out, all_pred):
    i = cuda.grid(1)
    any_out[i] = cuda.match_any_sync(0xffffffff, x[i])
    m, p = cuda.match_all_sync(0xffffffff, x[i])
    all_out[i] = m
    all_pred[i] = p


@cuda.jit("void(int32[:], uint32[:], int64[:], int32[:, :], uint32[:, :], int64[:, :])")
def bits(a, u, w, a_out, u_out, w_out):
    i = cuda.grid(1)
    if i < a.size:
        a_out[i, 0] = cuda.popc(a[i])
        a_out[i, 1] = cuda.clz(a[i])
        a_out[i, 2] = cuda.ffs(a[i])
        u_out[i, 0] = cuda.popc(u[i])
        u_out[i, 1] = cuda.brev(u[i])
        u_out[i, 2] = cuda.ffs(u[i])
        w_out[i, 0] = cuda.popc(w[i])
        w_out[i, 1] = cuda.clz(w[i])
        w_out[i, 2] = cuda.ffs(w[i])


@cuda.jit("void(int32[:], uint32[:], uint64[:], float64[:], float32[:], int64[:])")
def atomics(a, u, u8, f, g, olds):
    if cuda.grid(1) == 0:
        olds[0] = cuda.atomic.compare_and_swap(a, 7, 9)
        olds[1] = cuda.atomic.cas(a, 1, 5, 6)
        olds[2] = cuda.atomic.cas(a, 2, 0, 6)
        olds[3] = cuda.atomic.inc(u, 0, 10)
        olds[4] = cuda.atomic.inc(u, 1, 10)
        olds[5] = cuda.atomic.dec(u, 2, 10)
        olds[6] = cuda.atomic.dec(u, 3, 10)
        olds[7] = cuda.atomic.dec(u8, 0, 5)
        cuda.atomic.nanmax(f, 0, 2.5)
        cuda.atomic.nanmax(f, 1, 2.5)
        cuda.atomic.nanmax(f, 2, f[5])
        cuda.atomic.max(f, 3, 2.5)
        cuda.atomic.max(f, 4, 2.5)
        cuda.atomic.nanmin(g, 0, 0.5)
        cuda.atomic.min(g, 1, 0.5)
        cuda.atomic.min(g, 2, 0.5)


@cuda.jit("void(int32[:], int32[:])")
def barriers(x, out):
    i = cuda.threadIdx.x
    out[3 * i] = cuda.syncthreads_count(x[i])
    out[3 * i + 1] = cuda.syncthreads_and(x[i])
    out[3 * i + 2] = cuda.syncthreads_or(x[i] - 1)
    cuda.threadfence_block()
    cuda.threadfence_system()
    cuda.syncwarp(0xffffffff)


@cuda.jit("int32(int32, int32)", device=True)
def larger(a, b):
    return cuda.selp(a > b, a, b)


@cuda.jit("void(float32[:], float64[:], float32[:], float64[:], int32[:])")
def arith(f, d, f_out, d_out, sel):
    i = cuda.grid(1)
    if i < f.size:
        f_out[i] = cuda.fma(f[i], f[i], 1.0) + cuda.cbrt(f[i])
        d_out[i] = cuda.fma(d[i], 2.0, d[i]) + cuda.cbrt(d[i])
        sel[i] = larger(i, 5)
