# A list nothing types (`l = []`, never appended to) given to a method waits, as Numba's
# CallConstraint waits for precise arguments: the error is the list's imprecise type at the
# line that makes it, not the method's.
from numba import njit


@njit("unicode_type(int64)")
def joined(n):
    parts = []
    return ",".join(parts)


@njit("int64(int64)")
def extended(n):
    a = [1, 2]
    b = []
    a.extend(b)
    return len(a)


@njit("unicode_type(int64)")
def filled(n):
    parts = []
    for i in range(n):
        parts.append(str(i))
    return ",".join(parts)


CALLS = [("filled", (3,))]
