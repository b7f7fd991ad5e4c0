# @stencil kernels applied from jit code (Numba's StencilFunc): relative indices read the
# neighbourhood of each point; points whose neighbourhood leaves the array get 0 (the
# default cval); the result is shaped and laid out as the first argument, of the kernel's
# return type.
import numpy as np
from numba import njit, stencil


@stencil
def blur3(a):
    return (a[-1] + a[0] + a[1]) / 3.0


@stencil
def forward(a):
    return a[0] + a[2]


@stencil
def lap(a):
    return a[-1, 0] + a[1, 0] + a[0, -1] + a[0, 1] - 4 * a[0, 0]


@stencil
def mix(a, b):
    return a[0] * b[0] - a[-1]


@stencil
def pick(a):
    if a[0] > 0:
        return a[-1]
    return a[1]


@njit
def run_blur(a):
    return blur3(a)


@njit
def run_forward(a):
    return forward(a)


@njit
def run_lap(a):
    return lap(a)


@njit
def run_mix(a, b):
    return mix(a, b)


@njit
def run_pick(a):
    return pick(a)


@njit
def twice(a):
    return blur3(blur3(a)).sum()


@njit
def strided(a):
    return blur3(a[::2])


CALLS = [
    ("run_blur", (np.array([3.0, 6.0, 9.0, 12.0, 0.0]),)),
    ("run_blur", (np.array([1.0, 2.0]),)),
    ("run_forward", (np.arange(6),)),
    ("run_lap", (np.arange(16.0).reshape(4, 4) ** 2,)),
    ("run_lap", (np.arange(12).reshape(3, 4),)),
    ("run_mix", (np.arange(5.0), np.arange(5.0) + 1.0)),
    ("run_pick", (np.array([1.0, -2.0, 3.0, -4.0, 5.0]),)),
    ("twice", (np.arange(10.0),)),
    ("strided", (np.arange(12.0),)),
]
