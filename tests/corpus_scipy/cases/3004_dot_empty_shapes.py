# Empty operands (0x0, 0xn, nx0) and mismatched shapes for dot/@/vdot.
import numpy as np
from numba import njit


@njit("float64[:, ::1](float64[:, ::1], float64[:, ::1])")
def mm(a, b):
    return np.dot(a, b)


@njit("float64[::1](float64[:, ::1], float64[::1])")
def mv(a, x):
    return a @ x


@njit
def vv(a, b):
    return np.dot(a, b)


@njit
def vd(a, b):
    return np.vdot(a, b)


@njit
def mm_any(a, b):
    return a @ b


CALLS = [
    ("mm", (np.zeros((0, 0)), np.zeros((0, 0)))),
    ("mm", (np.zeros((0, 3)), np.ones((3, 2)))),
    ("mm", (np.ones((2, 0)), np.ones((0, 3)))),
    ("mm", (np.ones((2, 3)), np.ones((3, 0)))),
    ("mm", (np.ones((2, 3)), np.ones((2, 3)))),
    ("mv", (np.zeros((0, 4)), np.ones(4))),
    ("mv", (np.zeros((3, 0)), np.ones(0))),
    ("mv", (np.ones((3, 2)), np.ones(3))),
    ("vv", (np.ones(0), np.ones(0))),
    ("vv", (np.ones(3), np.ones(4))),
    ("vd", (np.ones(3), np.ones(2))),
    ("vd", (np.ones(0, dtype=np.complex128), np.ones(0, dtype=np.complex128))),
    ("mm_any", (np.ones(3), np.ones((2, 2)))),
    ("mm_any", (np.ones((2, 2)), np.ones(3))),
    ("mm_any", (np.ones((1, 1)), np.ones((1, 1)))),
]
