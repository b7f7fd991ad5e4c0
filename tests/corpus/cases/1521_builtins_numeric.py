from numba import njit


@njit("(float64, int64)")
def numeric(x, n):
    a = abs(x)
    b = abs(n)
    c = abs(-3)
    d = round(x)
    e = round(x, 2)
    f = round(n)
    g = divmod(n, 3)
    h = divmod(x, 2.0)
    i = pow(n, 2)
    j = pow(n, -1)
    k = pow(x, 2)
    l = hash(n)
    m = hash(x)
    o = hash((n, x))
    return a, b, c, d, e, f, g, h, i, j, k, l, m, o


@njit("(float32, int32)")
def numeric32(x, n):
    return abs(x), round(x), round(x, 1), divmod(n, 2), pow(x, n)


@njit("(float64,)")
def pow3_float(x):
    return pow(x, 2, 3)


@njit("(int64, int64)")
def pow_mod(a, m):
    return pow(a, 2, m)


CALLS = [("numeric", (2.567, -7))]
