import math
from numba import njit


@njit("(float64, int64)")
def funcs(x, n):
    a = math.isnan(x)
    b = math.isinf(n)
    c = math.floor(x)
    d = math.ceil(x)
    e = math.trunc(x)
    f = math.copysign(x, -1)
    g = math.hypot(x, n)
    h = math.atan2(x, 1.0)
    i = math.erf(x)
    j = math.gamma(x)
    k = math.lgamma(x)
    l = math.log1p(x)
    m = math.expm1(n)
    o = math.degrees(x)
    p = math.radians(n)
    return a, b, c, d, e, f, g, h, i, j, k, l, m, o, p


CALLS = [("funcs", (1.5, 2))]
