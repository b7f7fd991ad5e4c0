from numba import njit


@njit("(int64, float64, boolean)")
def conversions(n, x, b):
    a = int(x)
    c = float(n)
    d = bool(n)
    e = complex(n, x)
    f = int(b)
    g = str(x)
    h = str(b)
    return a, c, d, e, f, g, h


@njit("(int64,)")
def len_int(n):
    return len(n)


@njit("(List(int64, reflected=True),)")
def hash_list(xs):
    return hash(xs)


@njit("(int64,)")
def divmod_mixed(n):
    return divmod(n, 2.5), divmod(True, 3)
