import numpy as np
from numba import njit


class Plain:
    pass


@njit("(float64,)")
def isinst_int(x):
    if isinstance(x, int):
        return 1
    return 0


@njit("(float64[:],)")
def isinst_ndarray(a):
    if isinstance(a, np.ndarray):
        return 1
    return 0


@njit("(float64,)")
def isinst_tuple_types(x):
    if isinstance(x, (int, float)):
        return 1
    return 0


@njit("(float64[:],)")
def isinst_list(a):
    return isinstance(a, list)


@njit("(float64,)")
def isinst_pyclass(x):
    return isinstance(x, Plain)


@njit("(float64,)")
def type_eq(x):
    return type(x) == float


@njit("(int64,)")
def isinst_str(n):
    return isinstance(n, str)
