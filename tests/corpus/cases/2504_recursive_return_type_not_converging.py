"""A recursive function whose return type grows with each round of typing (`(n, f(n - 1))`):
Numba's call frame gives up at the 16th distinct return type ("Return type of recursive
function does not converge"), at the recursive call. One whose return type settles types."""
from numba import njit


@njit("(int64,)")
def nested_pairs(n):
    if n <= 0:
        return None
    return (n, nested_pairs(n - 1))


@njit("int64(int64)")
def depth(n):
    if n <= 0:
        return 0
    return 1 + depth(n - 1)


CALLS = [("depth", (5,))]
