from numba import njit


@njit("(int64, unicode_type)")
def fmt(n, name):
    a = f"{name}-{n}"
    b = str(n)
    c = "n=" + str(n) + "!"
    d = name * 2
    e = f"{name}"
    return a, b, c, d, e


@njit("(float64,)")
def fmt_float(x):
    return f"{x}"


@njit("(int64,)")
def fmt_spec(n):
    return f"{n:>5}"


CALLS = [("fmt", (3, "ab"))]
