# OptionalType arguments: Numba's AbstractTemplate.apply retries a template that matched
# nothing with the optional unpacked (the value is cast, TypeError for None), but templates
# that raise for it (bool/truth, float, complex, the array constructors' shape, an array
# index) are not retried.
import numpy as np
from numba import njit


@njit("(optional(int64),)")
def truth(x):
    if x:
        return 1
    return 0


@njit("(optional(int64),)")
def as_float(x):
    return float(x)


@njit("(optional(int64),)")
def as_complex(x):
    return complex(x)


@njit("(optional(int64),)")
def zeros_of(x):
    return np.zeros(x)


@njit("(optional(int64),)")
def index_with(x):
    return np.zeros(3)[x]


@njit("(optional(int64),)")
def as_text(x):
    return str(x)


@njit("(optional(int64),)")
def hashed(x):
    return hash(x)


@njit("(optional(int64),)")
def as_int_abs(x):
    return int(x) + abs(x)


@njit("(optional(float64[:]),)")
def iterate(a):
    s = 0.0
    for v in a:
        s += v
    return s


CALLS = [
    ("truth", (3,)),
    ("as_text", (5,)),
    ("as_text", (None,)),
    ("hashed", (5,)),
    ("hashed", (None,)),
    ("as_int_abs", (-4,)),
    ("iterate", (np.arange(4.0),)),
    ("iterate", (None,)),
]
