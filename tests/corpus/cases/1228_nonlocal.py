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


@njit("(float64,)")
def nonlocal_no_call(x):
    acc = 0

    def add(v):
        nonlocal acc
        acc += v
    return acc
