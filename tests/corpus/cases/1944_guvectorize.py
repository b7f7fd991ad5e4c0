# @guvectorize with signatures builds a NumPy generalized ufunc: one loop per signature in the
# given order (NumPy picks the first that the inputs cast to safely), core dimensions from the
# layout, loop dimensions broadcast, outputs allocated or passed in, a scalar core output seen
# by the kernel as a 1-item array.
import numpy as np
from numba import guvectorize


@guvectorize(["void(float64[:], float64, float64[:])", "void(int64[:], int64, int64[:])"], "(n),()->(n)")
def scale(a, s, out):
    for i in range(a.shape[0]):
        out[i] = a[i] * s


@guvectorize(["void(float64[:], float64[:])"], "(n)->()")
def total(a, out):
    acc = 0.0
    for x in a:
        acc += x
    out[0] = acc


@guvectorize(["void(float64[:, :], float64[:], float64[:])"], "(m,n),(n)->(m)")
def matvec(m, v, out):
    for i in range(m.shape[0]):
        acc = 0.0
        for j in range(m.shape[1]):
            acc += m[i, j] * v[j]
        out[i] = acc


@guvectorize(["void(int32[:], int32[:], int32[:])"], "(n),(n)->(n)")
def running_max(a, b, out):
    best = a[0]
    for i in range(a.shape[0]):
        if a[i] > best:
            best = a[i]
        if b[i] > best:
            best = b[i]
        out[i] = best


CALLS = [
    ("scale", (np.arange(3.0), 2.0)),
    ("scale", (np.arange(6).reshape(2, 3), 3)),
    ("scale", (np.arange(6).reshape(2, 3), np.array([1, 2])[:, None])),
    ("scale", (np.arange(3, dtype=np.complex128), 1)),
    ("total", (np.arange(6.0).reshape(2, 3),)),
    ("total", (np.arange(4),)),
    ("matvec", (np.arange(6.0).reshape(2, 3), np.ones(3))),
    ("matvec", (np.asfortranarray(np.arange(12.0).reshape(2, 2, 3)), np.arange(6.0)[::2])),
    ("matvec", (np.arange(6.0).reshape(2, 3), np.ones(2))),
    ("running_max", (np.array([3, 1, 4, 1, 5], dtype=np.int32), np.array([2, 7, 1, 8, 2], dtype=np.int32))),
]
