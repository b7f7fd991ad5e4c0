from numba import njit


@njit("(List(int64, reflected=True),)")
def by_key(xs):
    a = sorted(xs, key=lambda v: v % 3)
    b = sorted(xs, key=lambda v: -v, reverse=True)
    c = sorted((3, 1, 2))
    d = sorted(range(5, 0, -1))
    return a, b, c, d


@njit("(float64[:],)")
def sorted_array(a):
    return sorted(a)


@njit("(List(int64, reflected=True),)")
def sorted_bad_key(xs):
    return sorted(xs, key=3)


CALLS = [("by_key", ([5, 4, 3],))]
