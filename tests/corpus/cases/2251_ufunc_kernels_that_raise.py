# @vectorize and @guvectorize kernels that raise: from Python, the ufunc raises (a ufunc's
# loop goes on and the last error wins; a gufunc's loop stops); from jit code, the exception
# is dropped (a vectorize element is 0, a gufunc's output keeps what was there).
import numpy as np
from numba import guvectorize, njit, vectorize


@vectorize(["int64(int64)", "float64(float64)"])
def raiser(x):
    if x > 2:
        raise ValueError("too big")
    return x + 1


@vectorize(["int64(int64)"])
def raiser_msg(x):
    if x > 2:
        raise ValueError("too big " + str(x))
    return x


@njit
def call_raiser(a):
    return raiser(a)


@njit
def call_raiser_sum(a):
    return raiser(a).sum()


@guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")
def doubled(a, out):
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise ValueError("neg")
        out[i] = a[i] * 2


@njit
def jit_doubled(a):
    out = np.full_like(a, 7.0)
    doubled(a, out)
    return out


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")
def scaled(a, k, out):
    for i in range(a.shape[0]):
        if k == 0:
            raise ZeroDivisionError("k")
        out[i] = a[i] / k


@njit
def jit_scaled(a, k):
    out = np.zeros_like(a)
    scaled(a, k, out)
    return out


CALLS = [
    ("raiser", (np.arange(5),)),
    ("raiser", (np.arange(2),)),
    ("raiser", (np.array([0.5, 9.0]),)),
    ("raiser", (7,)),
    ("raiser_msg", (np.arange(6),)),
    ("call_raiser", (np.arange(5),)),
    ("call_raiser", (np.arange(5.0),)),
    ("call_raiser", (5,)),
    ("call_raiser", (1,)),
    ("call_raiser_sum", (np.arange(6),)),
    ("doubled", (np.array([1.0, -1.0, 2.0]),)),
    ("doubled", (np.array([[1.0, 2.0], [-1.0, 3.0]]),)),
    ("doubled", (np.array([1.0, 2.0]),)),
    ("jit_doubled", (np.array([1.0, -1.0, 2.0]),)),
    ("jit_doubled", (np.array([[1.0, 2.0], [-1.0, 3.0], [4.0, 5.0]]),)),
    ("jit_scaled", (np.array([1.0, 2.0]), 2.0)),
    ("jit_scaled", (np.array([1.0, 2.0]), 0.0)),
    ("jit_scaled", (np.array([[1.0, 2.0], [3.0, 4.0]]), 0.0)),
]
