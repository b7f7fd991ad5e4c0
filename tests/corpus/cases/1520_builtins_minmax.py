from numba import njit


@njit("(int64, float64, int32)")
def several(a, b, c):
    m1 = min(a, b, c)
    m2 = max(a, c)
    m3 = max(a, b)
    m4 = min((a, c, 3))
    m5 = max([1.0, b])
    m6 = min(a, 2)
    return m1, m2, m3, m4, m5, m6


@njit("(List(float64, reflected=True), UniTuple(int64, 3))")
def iterables(xs, t):
    return min(xs), max(t), min(range(5)), max("abc")


@njit("(int64,)")
def min_empty(n):
    return min()


@njit("(int64,)")
def max_int(n):
    return max(n)


CALLS = [("several", (1, 2.0, 3)), ("iterables", ([1.0, 0.5], (1, 5, 2)))]
