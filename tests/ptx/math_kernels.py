# CUDA kernels calling math functions the GPU has no instruction for: numrs links NVIDIA's
# libdevice for them, as Numba's CUDA target does (tests/ptx/launch.py runs them).
import math

from numba import cuda


@cuda.jit("void(float64[:], float64[:])")
def transcendental(out, x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = math.sin(v) + math.exp(-v * v) + math.log(1.0 + v * v) + math.atan2(v, 2.0) + math.tanh(v) + abs(v) ** 1.5


@cuda.jit("void(float32[:], float32[:])")
def transcendental32(out, x):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = math.cos(v) + math.exp(v / 4) + math.sqrt(abs(v)) + math.erf(v)
