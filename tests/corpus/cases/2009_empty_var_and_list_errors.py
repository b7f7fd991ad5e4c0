# np.var/np.std of an empty array: Numba divides by the size (ZeroDivisionError); np.mean
# of one gives nan. List slice and typed List index errors.
import numpy as np
from numba import njit
from numba.typed import List

@njit("float64(float64[:])")
def mean_(a):
    return np.mean(a)

@njit("float64(float64[:])")
def var_(a):
    return a.var()

@njit("float64(float64[:])")
def std_(a):
    return np.std(a)

@njit("float64(int64[:])")
def mean_int(a):
    return a.mean()

@njit("float64(float64[:, :])")
def var2(a):
    return np.var(a)

@njit("int64(int64)")
def slice_assign(n):
    l = [1, 2, 3, 4, 5, 6]
    l[::2] = [7, 7]
    return len(l)

@njit("int64(int64)")
def typed_pop(n):
    l = List()
    l.append(1)
    return l.pop(n)

@njit("int64(int64)")
def typed_setitem(n):
    l = List()
    l.append(1)
    l[n] = 5
    return l[0]

CALLS = [("mean_", (np.zeros(0),)), ("var_", (np.zeros(0),)), ("std_", (np.zeros(0),)), ("mean_int", (np.zeros(0, np.int64),)), ("var2", (np.zeros((0, 3)),)), ("mean_", (np.ones(3),)), ("var_", (np.arange(4.0),)), ("slice_assign", (0,)), ("typed_pop", (2,)), ("typed_setitem", (2,)), ("typed_pop", (-2,))]
