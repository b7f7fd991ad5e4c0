from numba import njit


@njit("(int64,)")
def methods(n):
    d = {1: 1.0, 2: 2.0}
    k = list(d.keys())
    v = list(d.values())
    it = list(d.items())
    d2 = d.copy()
    d.clear()
    x = d2.popitem()
    return k, v, it, x, len(d)


@njit("(int64,)")
def missing_method(n):
    d = {1: 1.0}
    return d.has_key(1)


@njit("(int64,)")
def unhashable_key(n):
    d = {}
    d[[1, 2]] = n
    return d


CALLS = [("methods", (1,))]
