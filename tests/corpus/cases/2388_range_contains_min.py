"""`x in range(start, stop, -1)` where x - start == INT64_MIN: numrs computes
srem(x - start, step) unconditionally (ops.rs range_contains); Numba only takes the
remainder inside the bounds, with its overflow-safe int modulo."""
from numba import njit


@njit
def rc(x, a, b, c):
    return x in range(a, b, c)


CALLS = [
    ("rc", (-2**63, 0, -5, -1)),
    ("rc", (-1, 2**63 - 1, -2**63, -1)),
]
