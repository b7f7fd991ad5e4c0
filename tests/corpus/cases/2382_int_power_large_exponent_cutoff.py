"""x ** n with a runtime integer exponent |n| > 0x10000: Numba's int_power falls back to
math.pow(a, float(n)) (cutoff in numba/cpython/numbers.py), then converts back to the
result type; numrs keeps doing exponentiation by squaring, so the float result differs in
the last bits and the integer result differs completely (wrap vs. pow -> inf -> int)."""
import numpy as np
from numba import njit


@njit
def pw(a, b):
    return a ** b


@njit
def pw_const(a):
    return a ** 1000000


CALLS = [
    ("pw_const", (1.0000001,)),
    ("pw", (1.0000001, 1000000)),      # Numba 1.1051709126143208 (pow); squaring gives ...081526
    ("pw", (1.0000001, 65537)),        # just above the cutoff
    ("pw", (1.0000001, 65536)),        # at the cutoff: both use squaring
    ("pw", (1.0000001, -1000000)),
    ("pw", (np.float32(1.0000001), 1000000)),
    ("pw", (3, 70001)),                # int: pow -> inf -> int64 vs wrapped product
    ("pw", (2, 100000)),
    ("pw", (-1, 100001)),
]
