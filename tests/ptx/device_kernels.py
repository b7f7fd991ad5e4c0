# CUDA kernels for tests/ptx/device_arrays.py: kernels launched on device arrays that stay on
# the GPU, on streams, and with dynamic shared memory (cuda.shared.array(0, ...), sized by the
# launch configuration's fourth item); complex and tuple parameters; cuda.const.array_like.
import numpy as np
from numba import cuda, float32, int32


@cuda.jit("void(float32[:], float32)")
def add(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += v


@cuda.jit("void(float64[:, :], float64[:, :])")
def double2d(out, x):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        out[i, j] = x[i, j] * 2.0


@cuda.jit("void(float64[:, ::1])")
def negate_c(a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] = -a[i, j]


@cuda.jit("void(float32[:])")
def reverse_block(a):
    s = cuda.shared.array(0, dtype=float32)
    i = cuda.threadIdx.x
    n = s.shape[0]
    if i < n:
        s[i] = a[i]
    cuda.syncthreads()
    if i < n:
        a[i] = s[n - 1 - i]


@cuda.jit("void(int32[:], int32[:])")
def alias(a, out):
    # Every dynamic shared array of a kernel starts at the same address, as in Numba.
    x = cuda.shared.array(0, dtype=int32)
    y = cuda.shared.array((0,), dtype=int32)
    i = cuda.threadIdx.x
    x[i] = a[i] * 2
    cuda.syncthreads()
    out[i] = y[i] + y.shape[0] * 1000


@cuda.jit("void(complex128[:], complex128, complex64)")
def cscale(a, z, w):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * z + w


@cuda.jit("void(float64[:], UniTuple(int64, 2), Tuple((float64, int32)))")
def tuple_args(out, shape, pair):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = shape[0] * 10 + shape[1] + pair[0] * pair[1] + i


COEF = np.array([1.0, 2.0, 4.0, 8.0])


@cuda.jit("void(float64[:])")
def poly(out):
    c = cuda.const.array_like(COEF)
    i = cuda.grid(1)
    if i < out.size:
        s = 0.0
        for k in range(c.size):
            s += c[k] * i
        out[i] = s + COEF[1]
