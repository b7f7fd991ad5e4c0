import math
from numba import njit


@njit("(float32, int32)")
def f32(x, n):
    a = math.sqrt(x)
    b = math.exp(n)
    c = math.floor(x)
    d = math.log(x)
    e = math.pow(x, 2)
    f = math.fabs(n)
    g = math.isfinite(x)
    h = math.erfc(x)
    i = math.atan2(x, x)
    j = math.tan(x)
    k = math.ldexp(x, 2)
    l = math.frexp(x)
    return a, b, c, d, e, f, g, h, i, j, k, l


@njit("(uint64, int8)")
def ints(a, b):
    return math.gcd(a, 6), math.floor(b), math.ceil(a), math.log(a), math.sin(b)


@njit("(float32,)")
def log_base_mixed(x):
    return math.log(x, 2.0)


CALLS = [("f32", (2.0, 3))]
