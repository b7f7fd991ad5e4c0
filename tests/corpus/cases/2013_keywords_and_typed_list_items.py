# Keyword arguments as Numba's overloads name them (np.where's condition/x/y, np.reshape's
# shape), and items looked for in a typed List cast to its item type as _sentry_safe_cast does.
import numpy as np
from numba import njit
from numba.typed import List



@njit("int64(int64)")
def tl_in_float(n):
    l = List([1, 2])
    return 1.0 in l


@njit("int64(int64)")
def tl_index_float(n):
    l = List([1, 2])
    return l.index(2.0)


@njit("int64(int64)")
def tl_count_float(n):
    l = List([1, 2, 2])
    return l.count(2.0)


@njit("int64(int64)")
def tl_remove_float(n):
    l = List([1, 2])
    l.remove(2.0)
    return len(l)


@njit("float64[:](float64[:])")
def where_kw(a):
    return np.where(a > 0, x=a, y=0.0)


@njit("float64[:](float64[:])")
def where_cond_kw(a):
    return np.where(condition=a > 0, x=a, y=-a)



@njit("float64[:, :](float64[::1])")
def reshape_newshape_kw(a):
    return np.reshape(a, newshape=(2, -1))


@njit("float64[:, :](float64[::1])")
def reshape_shape_kw(a):
    return np.reshape(a, shape=(2, -1))   


@njit("int64(int64)")
def tl_in_int(n):
    l = List([1, 2])
    return (2 in l) + l.index(2) + l.count(1)


@njit("int64(int64)")
def list_count_float(n):
    l = [1, 2, 2]
    return l.count(2.0) + (2.0 in l)


CALLS = [("where_kw", (np.array([1.0, -2.0, 3.0]),)), ("where_cond_kw", (np.array([1.0, -2.0]),)), ("reshape_shape_kw", (np.arange(6.0),)), ("tl_in_int", (0,)), ("list_count_float", (0,))]
