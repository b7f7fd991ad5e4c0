# `f.reduce(array, axis=0, dtype=None, initial=None)` of @vectorize functions in jit code
# (Numba's experimental DUFunc reduce): identities, initial values, axes, dtypes, empty arrays.
import numpy as np
from numba import njit, vectorize


@vectorize(["int64(int64, int64)", "float64(float64, float64)"], identity=0)
def add0(x, y):
    return x + y


@vectorize(["int64(int64, int64)", "float64(float64, float64)"], identity=1)
def mul1(x, y):
    return x * y


@vectorize(["int64(int64, int64)", "float64(float64, float64)"])
def maxv(x, y):
    return x if x > y else y


@vectorize(["float64(float64, float64)"], identity="reorderable")
def addr(x, y):
    return x + y


@vectorize
def lazy_sub(x, y):
    return x - y


@njit
def r_add(a):
    return add0.reduce(a)


@njit
def r_mul(a):
    return mul1.reduce(a)


@njit
def r_max(a):
    return maxv.reduce(a)


@njit
def r_addr(a):
    return addr.reduce(a)


@njit
def r_lazy(a):
    return lazy_sub.reduce(a)


@njit
def r_axis(a, k):
    return add0.reduce(a, axis=k)


@njit
def r_max_axis(a, k):
    return maxv.reduce(a, k)


@njit
def r_initial(a):
    return add0.reduce(a, initial=100)


@njit
def r_initial_float(a):
    return maxv.reduce(a, initial=2.5)


@njit
def r_dtype(a):
    return add0.reduce(a, axis=0, dtype=np.float64)


@njit
def r_empty_axes(a):
    return add0.reduce(a, axis=())


@njit
def r_not_array(x):
    return add0.reduce(x)


CALLS = [
    ("r_add", (np.arange(5),)),
    ("r_add", (np.arange(5.0),)),
    ("r_add", (np.zeros(0),)),
    ("r_add", (np.arange(5, dtype=np.int32),)),
    ("r_add", (np.arange(10.0)[::3],)),
    ("r_mul", (np.arange(1, 6),)),
    ("r_mul", (np.zeros(0, dtype=np.int64),)),
    ("r_max", (np.array([3, 9, 2]),)),
    ("r_max", (np.zeros(0),)),
    ("r_addr", (np.arange(4.0),)),
    ("r_addr", (np.zeros(0),)),
    ("r_lazy", (np.array([10, 3, 2]),)),
    ("r_lazy", (np.array([10.0, 0.5]),)),
    ("r_axis", (np.arange(6).reshape(2, 3), 0)),
    ("r_axis", (np.arange(6).reshape(2, 3), 1)),
    ("r_axis", (np.arange(6).reshape(2, 3), -1)),
    ("r_axis", (np.arange(6).reshape(2, 3), 2)),
    ("r_axis", (np.arange(24.0).reshape(2, 3, 4), 1)),
    ("r_axis", (np.asfortranarray(np.arange(6.0).reshape(2, 3)), 0)),
    ("r_axis", (np.arange(12.0).reshape(3, 4)[:, ::2], 1)),
    ("r_axis", (np.zeros((0, 3)), 0)),
    ("r_max_axis", (np.array([[1.0, 5.0], [4.0, 2.0]]), 0)),
    ("r_max_axis", (np.array([[1, 5], [4, 2]]), 1)),
    ("r_max_axis", (np.zeros((2, 0)), 1)),
    ("r_initial", (np.arange(4),)),
    ("r_initial", (np.zeros(0, dtype=np.int64),)),
    ("r_initial_float", (np.array([1.0, 2.0]),)),
    ("r_initial_float", (np.array([1, 7]),)),
    ("r_dtype", (np.arange(6).reshape(3, 2),)),
    ("r_empty_axes", (np.arange(4.0).reshape(2, 2),)),
    ("r_not_array", (3,)),
]
