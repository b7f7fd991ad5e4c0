# np.array and np.asarray of a list or tuple with a dtype (keyword or second argument): the
# items are cast to it.
import numpy as np
from numba import njit


@njit("int64[:](int64)")
def f1(n):
    vals = []
    for i in range(n):
        vals.append(i)
    return np.array(vals, dtype=np.int64)


@njit("int64[:](int64)")
def f2(n):
    vals = [1, 2, n]
    return np.array(vals, dtype=np.int64)


@njit("float64[:](int64)")
def f3(n):
    return np.array([1, 2, n], dtype=np.float64)


@njit("float64[:](int64)")
def f4(n):
    vals = [1, 2, n]
    return np.asarray(vals, dtype=np.float64)


@njit("float32[:](int64)")
def f5(n):
    return np.array([1.5, 2, n], np.float32)


@njit("float64[:,:](int64)")
def f7(n):
    return np.array([[1, 2], [n, 4]], dtype=np.float64)


@njit("int32[:](int64)")
def f8(n):
    return np.array((1, 2, n), dtype=np.int32)


@njit("complex128[:](int64)")
def f9(n):
    return np.asarray([1, n], dtype=np.complex128)

CALLS = [("f1", (4,)), ("f2", (5,)), ("f3", (5,)), ("f4", (5,)), ("f5", (5,)), ("f7", (3,)), ("f8", (7,)), ("f9", (2,))]
