# Ordering comparisons of tuples: the first differing pair decides, then the lengths; NaN
# items compare unequal and unordered.
from numba import njit


@njit("(int64, float64)")
def order(n, x):
    a = (n, x)
    b = (n, x + 1.0)
    c = (n, x, 0)
    return (a < b, a <= b, a > b, a >= b, a < c, c > a, a <= a, a < a,
            (n, 2) < (n, 1), (1.5, n) > (1, n + 5))


CALLS = [
    ("order", (3, 0.5)),
    ("order", (-1, float("nan"))),
    ("order", (0, -2.0)),
]
