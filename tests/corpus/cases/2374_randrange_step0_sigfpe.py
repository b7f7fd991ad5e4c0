"""random.randrange(start, stop, 0): Numba's _randrange_impl only divides when step < 0 or
step > 1, so step 0 gives n = stop - start and returns start + r*0 == start (no error).
numrs kills the whole Python process with SIGFPE (integer division by zero)."""
import random
from numba import njit


@njit
def rr(a, b, c):
    random.seed(7)
    return random.randrange(a, b, c)


CALLS = [
    ("rr", (0, 10, 0)),
    ("rr", (5, 10, 0)),
]
