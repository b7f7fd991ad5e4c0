from numba import njit, types
from numba.typed import List


@njit("(int64,)")
def rows(n):
    outer = List()
    for i in range(n):
        inner = List.empty_list(types.int64)
        for j in range(i):
            inner.append(j)
        outer.append(inner)
    sizes = [len(r) for r in outer]
    return outer, sizes


@njit("(int64,)")
def setitem(n):
    tl = List([1, 2, 3])
    tl[0] = n
    tl[1] = 2.5
    return tl


CALLS = [("rows", (3,))]
