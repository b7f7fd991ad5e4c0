from numba import njit


@njit("(List(float64, reflected=True),)")
def order(xs):
    a = sorted(xs)
    b = sorted(xs, reverse=True)
    c = sorted(xs, key=lambda v: -v)
    xs.sort(key=lambda v: abs(v))
    return a, b, c, xs


@njit("(int64,)")
def sort_pairs(n):
    ps = [(n - i, i) for i in range(n)]
    ps.sort()
    s = sorted(ps, key=lambda p: p[1])
    return ps, s


CALLS = [("order", ([3.0, -1.0, 2.0],)), ("sort_pairs", (3,))]
