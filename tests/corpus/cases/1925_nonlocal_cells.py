# `nonlocal` writes in inner functions: Numba inlines the calls, so the enclosing variable
# changes (unified to the widest type it takes); numrs keeps it in a cell.
from numba import njit


@njit("(int64,)")
def counter(n):
    count = 0

    def bump():
        nonlocal count
        count = count + 1.5
    bump()
    bump()
    return count


@njit("(int64,)")
def loop_counter(n):
    hits = 0

    def hit(k):
        nonlocal hits
        if k % 3 == 0:
            hits += 1
    for i in range(n):
        hit(i)
    return hits


@njit("(int64,)")
def two_cells(n):
    lo = n
    hi = n

    def see(v):
        nonlocal lo, hi
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    for i in range(-3, 7):
        see(i * n)
    return lo, hi


CALLS = [("counter", (1,)), ("loop_counter", (10,)), ("loop_counter", (0,)), ("two_cells", (2,))]
