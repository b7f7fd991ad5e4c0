# C pointers (Numba's CPointer and voidptr) in @cfunc callbacks and jit code: indexing them,
# viewing them as arrays with carray/farray, and passing an array's .ctypes to a pointer.
import numpy as np
from numba import cfunc, njit, carray, farray, types
from numba.types import CPointer, float64, float32, intc, int64, voidptr


@cfunc("float64(intc, CPointer(float64))")
def csum(n, p):
    a = carray(p, n)
    s = 0.0
    for i in range(n):
        s += a[i]
    return s


@cfunc(types.void(CPointer(float64), intc, intc))
def cfill(p, m, n):
    a = carray(p, (m, n))
    for i in range(m):
        for j in range(n):
            a[i, j] = i * 10 + j


@njit("float64(CPointer(float64), int64)")
def ptr_sum(p, n):
    s = 0.0
    for i in range(n):
        s += p[i]
    return s


@njit("void(CPointer(float64), int64, float64)")
def ptr_set(p, i, v):
    p[i] = v


@njit("float64(CPointer(float64), int64, int64)")
def ptr_f(p, m, n):
    a = farray(p, (m, n))
    b = carray(p, (m, n), np.float64)
    return a[1, 0] + b[0, 1] * 100


@njit("float32(voidptr, int64)")
def void_view(p, n):
    a = carray(p, n, np.float32)
    return a[n - 1]


@njit("float64(voidptr, int64)")
def void_no_dtype(p, n):
    a = carray(p, n)
    return a[0]


@njit("float64(CPointer(float64), int64)")
def wrong_dtype(p, n):
    a = carray(p, n, np.float32)
    return a[0]


@njit("float64(CPointer(float64), float64)")
def bad_shape(p, n):
    a = carray(p, n)
    return a[0]


@njit("float64(CPointer(float64), float64)")
def float_index(p, x):
    return p[x]


@njit("float64(float64[::1])")
def via_ctypes(a):
    return ptr_sum(a.ctypes, a.size) + csum(np.int32(a.size), a.ctypes)


@njit("float64(float64[:, ::1])")
def fill_via_cfunc(a):
    cfill(a.ctypes, np.int32(a.shape[0]), np.int32(a.shape[1]))
    return a[1, 2] + a[0, 1] * 0.5


@njit("uintp(float64[:])")
def data_address(a):
    c = a.ctypes
    return c.data - c.data


@njit("float64(float64[::1])")
def set_via_ptr(a):
    ptr_set(a.ctypes, 0, 42.0)
    return a[0]


@njit("float64(float32[::1])")
def wrong_pointer(a):
    return ptr_sum(a.ctypes, a.size)


@njit("float64(float64[::1])")
def narrowing_to_cfunc(a):
    return csum(a.size, a.ctypes)


CALLS = [
    ("via_ctypes", (np.arange(5.0),)),
    ("fill_via_cfunc", (np.zeros((2, 3)),)),
    ("data_address", (np.arange(3.0),)),
    ("set_via_ptr", (np.arange(3.0),)),
]
