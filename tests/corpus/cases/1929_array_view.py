# array.view(dtype) with a dtype of the same size: the same memory reinterpreted (writes go
# through to the original array).
import numpy as np
from numba import njit


@njit("(float64[:],)")
def bits(a):
    v = a.view(np.int64)
    v[0] = 0
    return v, a


@njit("(int32[:, ::1],)")
def ui(a):
    return a.view(np.uint32), a.view(np.float32)


CALLS = [
    ("bits", (np.array([1.5, -2.0, 0.0]),)),
    ("ui", (np.array([[-1, 2], [3, 1065353216]], dtype=np.int32),)),
]
