# numba-cuda's warp intrinsics (shuffles, votes, match), bit operations, the atomics beyond
# add/sub/max/min (compare_and_swap, cas, inc, dec, nanmax, nanmin), predicate barriers, fences,
# fma/cbrt and selp, as its typing context types them; and what it refuses: a boolean shuffle,
# a boolean barrier predicate, inc of a signed array.
import numpy as np
from numba import cuda, int32, float32, float64, int64, uint32


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


@cuda.jit("void(int32[:], int32[:])")
def votes(x, out):
    i = cuda.grid(1)
    p = x[i] > 0
    a = cuda.all_sync(0xffffffff, p)
    b = cuda.any_sync(0xffffffff, p)
    c = cuda.ballot_sync(0xffffffff, p)
    d = cuda.eq_sync(0xffffffff, p)
    m = cuda.activemask()
    l = cuda.lanemask_lt()
    out[i] = a + b + c + d + m + l


@cuda.jit("void(int64[:], float32[:])")
def shuffles(a, f):
    i = cuda.grid(1)
    a[i] = cuda.shfl_sync(0xffffffff, a[i], 0) + cuda.shfl_up_sync(0xffffffff, a[i], 1)
    f[i] = cuda.shfl_xor_sync(0xffffffff, f[i], 1)
    r = cuda.shfl_sync(0xffffffff, i, 3)
    a[0] = r


@cuda.jit("void(int32[:], uint32[:], int64[:])")
def bits(a, u, w):
    i = cuda.grid(1)
    a[i] = cuda.popc(a[i]) + cuda.clz(a[i]) + cuda.ffs(a[i]) + cuda.brev(a[i])
    u[i] = cuda.popc(u[i]) + cuda.brev(u[i])
    w[i] = cuda.popc(w[i]) + cuda.clz(w[i]) + cuda.ffs(w[i])


@cuda.jit("void(int32[:], uint32[:], float64[:])")
def atomics(a, u, f):
    i = cuda.grid(1)
    o1 = cuda.atomic.compare_and_swap(a, 0, 1)
    o2 = cuda.atomic.cas(a, 1, 0, 5)
    o3 = cuda.atomic.inc(u, 0, 10)
    o4 = cuda.atomic.dec(u, 1, 10)
    o5 = cuda.atomic.nanmax(f, 0, 1.5)
    o6 = cuda.atomic.nanmin(f, 1, 1.5)
    f[2] = o1 + o2 + o3 + o4 + o5 + o6


@cuda.jit("void(int32[:], float32[:], float64[:])")
def barriers(a, f, d):
    i = cuda.grid(1)
    n = cuda.syncthreads_count(a[i])
    x = cuda.syncthreads_and(i)
    y = cuda.syncthreads_or(a[i] + 1)
    cuda.threadfence_block()
    cuda.threadfence_system()
    cuda.syncwarp(0xffffffff)
    a[i] = n + x + y
    f[i] = cuda.fma(f[i], f[i], f[i]) + cuda.cbrt(f[i])
    d[i] = cuda.fma(d[i], 2.0, 1.0) + cuda.cbrt(d[i])


@cuda.jit("void(int32[:])")
def matches(a):
    i = cuda.grid(1)
    m = cuda.match_any_sync(0xffffffff, a[i])
    m2, p = cuda.match_all_sync(0xffffffff, a[i])
    a[i] = m + m2 + p + cuda.warpsize


@cuda.jit("int32(int32, int32)", device=True)
def dev_sel(a, b):
    return cuda.selp(a > b, a, b)


@cuda.jit("void(boolean[:])")
def shfl_bool(a):
    a[0] = cuda.shfl_sync(0xffffffff, a[0], 1)


@cuda.jit("void(int32[:])")
def count_bool(a):
    a[0] = cuda.syncthreads_count(a[0] > 0)


@cuda.jit("void(int32[:])")
def inc_signed(a):
    cuda.atomic.inc(a, 0, 3)


@cuda.jit("void(float32[:], int8[:])")
def narrow(f, b):
    f[0] = cuda.fma(f[0], 2, 1) + cuda.shfl_down_sync(0xffffffff, f[1], 1)
    b[0] = cuda.popc(b[0]) + cuda.clz(b[1])
