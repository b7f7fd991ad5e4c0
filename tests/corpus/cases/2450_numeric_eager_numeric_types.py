import math
import numpy as np
from numba import njit


@njit(["int8(int8, int8)", "uint64(uint64, uint64)", "float32(float32, float32)"])
def add_decl(a, b):
    c = a + b
    return c


@njit(["(int8, int8)", "(int8, uint8)", "(int64, uint64)", "(uint32, int32)", "(float32, int64)", "(float32, int16)",
       "(boolean, boolean)", "(complex64, float64)", "(uint8, uint8)"])
def add(a, b):
    c = a + b
    return c


@njit(["(int8, int8)", "(int64, uint64)", "(float32, float32)", "(boolean, boolean)", "(uint8, int64)"])
def div(a, b):
    q = a / b
    f = a // b
    m = a % b
    return q, f, m


@njit(["(int8, int64)", "(int64, int64)", "(float32, int64)", "(float32, float32)", "(complex64, int64)", "(uint64, uint64)",
       "(int64, float64)"])
def power(a, b):
    p = a ** b
    return p


@njit(["(int8,)", "(uint8,)", "(uint64,)", "(boolean,)", "(float32,)"])
def unary(a):
    n = -a
    i = abs(a)
    return n, i


@njit(["(int8,)", "(uint16,)", "(boolean,)", "(int64,)"])
def invert(a):
    r = ~a
    return r


@njit(["(int8, int8)", "(uint64, int64)", "(uint8, uint8)", "(boolean, int64)"])
def shifts(a, b):
    l = a << b
    r = a >> b
    return l, r


@njit(["(float32,)", "(float64,)", "(int64,)", "(int8,)"])
def mathfuncs(x):
    s = math.sqrt(x)
    f = math.floor(x)
    e = math.exp(x)
    r = round(x)
    return s, f, e, r


@njit(["(float32, int64)", "(float64, int64)", "(int64, int64)"])
def rounding(x, n):
    r = round(x, n)
    return r


@njit(["(array(int8, 1d, C),)", "(array(uint8, 1d, C),)", "(array(bool, 1d, C),)", "(array(float32, 1d, C),)", "(array(int32, 1d, C),)"])
def reductions(a):
    s = a.sum()
    m = a.mean()
    c = np.cumsum(a)
    p = np.prod(a)
    return s, m, c, p


@njit(["(array(int8, 1d, C), int64)", "(array(float32, 1d, C), float64)", "(array(uint8, 1d, C), uint8)",
       "(array(int8, 1d, C), int8)", "(array(float32, 1d, C), int64)", "(array(int16, 1d, C), float32)"])
def arr_scalar(a, s):
    r = a + s
    d = a / s
    return r, d


@njit(["(int64, uint64)", "(int8, uint8)", "(float32, int32)", "(int32, uint32)"])
def ternary(a, b):
    r = a if a > 0 else b
    return r


@njit(["(uint64,)", "(int8,)", "(float32,)"])
def loop_acc(n):
    s = 0
    for i in range(3):
        s += n
    return s


@njit(["(int64, int64)", "(float64, float64)", "(int8, int8)"])
def divmod_t(a, b):
    d = divmod(a, b)
    return d


@njit(["(float64,)", "(float32,)", "(int64,)", "(complex128,)"])
def npfuncs(x):
    a = np.sqrt(x)
    b = np.floor(x) if not isinstance(x, complex) else x
    c = np.sign(x)
    return a, c


@njit(["float64(float64, float64)"])
def nextafter(a, b):
    r = math.nextafter(a, b)
    return r
