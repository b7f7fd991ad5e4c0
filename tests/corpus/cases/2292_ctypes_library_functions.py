"""Functions of a shared library loaded with ctypes, their prototypes set by assignment (the
example of Numba's documentation): ExternalFunctionPointer of argtypes and restype."""
import ctypes
import ctypes.util

from numba import njit

libm = ctypes.CDLL(ctypes.util.find_library("m"))
c_cos = libm.cos
c_cos.argtypes = [ctypes.c_double]
c_cos.restype = ctypes.c_double
c_labs = libm.labs
c_labs.argtypes = (ctypes.c_long,)
libm.pow.argtypes = (ctypes.c_double, ctypes.c_double)
libm.pow.restype = ctypes.c_double
c_pow = libm.pow
c_unset = libm.sin


@njit("float64(float64)")
def use_cos(x):
    return c_cos(x) * 2.0


@njit("int32(int64)")
def use_labs(x):
    return c_labs(x)


@njit("float64(float64, float64)")
def use_pow(x, y):
    return c_pow(x, y)


@njit("float64(float64)")
def use_unset(x):
    return c_unset(x)


@njit
def lazy_cos(x):
    return c_cos(x)


CALLS = [
    ("use_cos", (0.5,)),
    ("use_labs", (-7,)),
    ("use_pow", (2.0, 10.0)),
    ("lazy_cos", (1,)),
]
