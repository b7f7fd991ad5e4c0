"""random.randrange(0, 2**63 - 2, -1): Numba's _randrange_impl computes n = (w + step + 1) // step
only (step < 0), gets n = -(2**63 - 2) <= 0 and raises ValueError. numrs also computes the
step > 1 division with divisor -1 on (n + step - 1) == INT64_MIN: SIGFPE."""
import random
from numba import njit


@njit
def rr(a, b, c):
    random.seed(7)
    return random.randrange(a, b, c)


CALLS = [
    ("rr", (0, 2**63 - 2, -1)),
]
