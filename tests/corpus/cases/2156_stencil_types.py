# A @stencil kernel applied from jit code makes an array shaped as its first argument, of the
# kernel's return type (C layout).
import numpy as np
from numba import njit, stencil


@stencil
def blur3(a):
    return (a[-1] + a[0] + a[1]) / 3.0


@stencil
def lap(a):
    return a[-1, 0] + a[1, 0] + a[0, -1] + a[0, 1] - 4 * a[0, 0]


@njit("(float64[:],)")
def run_blur(a):
    b = blur3(a)
    return b


@njit("(int64[:, :],)")
def run_lap(a):
    return lap(a)


@njit("(float32[:, ::1],)")
def lap_sum(a):
    return lap(a).sum()
