# CUDA kernels for tests/ptx/device_arrays.py: kernels launched on device arrays that stay on
# the GPU, on streams, and with dynamic shared memory (cuda.shared.array(0, ...), sized by the
# launch configuration's fourth item).
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
