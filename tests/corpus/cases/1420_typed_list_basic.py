from numba import njit, types
from numba.typed import List


@njit("(int64,)")
def make(n):
    tl = List.empty_list(types.float64)
    for i in range(n):
        tl.append(i / 2)
    tl.extend([1.0, 2.0])
    tl.insert(0, 9.0)
    x = tl.pop()
    tl.reverse()
    tl.sort()
    i = tl.index(9.0)
    c = tl.count(1.0)
    return tl, x, i, c, len(tl)


@njit("(int64,)")
def inferred(n):
    tl = List()
    tl.append(n)
    tl.append(2)
    return tl


CALLS = [("make", (3,)), ("inferred", (1,))]
