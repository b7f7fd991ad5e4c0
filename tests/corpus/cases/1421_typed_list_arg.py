from numba import njit


@njit("(ListType(float64),)")
def total(tl):
    s = 0.0
    for v in tl:
        s += v
    first = tl[0]
    last = tl[-1]
    part = tl[1:]
    has = 2.0 in tl
    return s, first, last, part, has


@njit("(ListType(int64), float64)")
def append_float(tl, x):
    tl.append(x)
    return tl


@njit("(ListType(int64),)")
def append_str(tl):
    tl.append("a")
    return tl
