from numba import njit


@njit("(List(int64, reflected=True), int64)")
def stats(xs, v):
    has = v in xs
    c = xs.count(v)
    n = len(xs)
    m = max(xs)
    lo = min(xs)
    s = sum(xs)
    cp = xs.copy()
    cp.remove(v)
    return has, c, n, m, lo, s, cp


@njit("(List(int64, reflected=True),)")
def bad_method(xs):
    xs.push(1)
    return xs


CALLS = [("stats", ([3, 1, 3], 3))]
