from numba import njit


@njit("(int64,)")
def empty_untyped(n):
    xs = []
    return len(xs)


@njit("(int64,)")
def index_by_float(n):
    xs = [1, 2, 3]
    return xs[1.0]


@njit("(int64,)")
def hetero(n):
    xs = [n, "a"]
    return xs


@njit("(int64,)")
def extend_bad(n):
    xs = [1, 2]
    xs.extend(["a"])
    return xs
