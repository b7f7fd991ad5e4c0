# More CUDA kernels for tests/ptx/launch.py: a per-thread local array, a float atomic max (a
# compare-and-swap loop on the GPU), a 3-d grid with int32 and boolean parameters.
from numba import cuda, float64


@cuda.jit("void(float64[:], float64[:])")
def local_sum(out, x):
    i = cuda.grid(1)
    if i < out.size:
        buf = cuda.local.array(4, dtype=float64)
        for k in range(4):
            buf[k] = x[i] * (k + 1)
        s = 0.0
        for k in range(4):
            s += buf[k]
        out[i] = s


@cuda.jit("void(float32[:], float32[:])")
def maximum(out, x):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.max(out, 0, x[i])


@cuda.jit("void(int32[:, :, :], int32, boolean)")
def grid3(a, k, flip):
    i, j, m = cuda.grid(3)
    if i < a.shape[0] and j < a.shape[1] and m < a.shape[2]:
        v = i * 100 + j * 10 + m + k
        if flip:
            v = -v
        a[i, j, m] = v


@cuda.jit("void(int32[:])")
def shout(a):
    i = cuda.grid(1)
    if i < a.size:
        print("item", i, a[i], 0.5)
