# np.ptp returns Numba's unified type: int64 for signed integers (no overflow of the
# difference), float64 for unsigned integers and floats, complex128 for complex numbers;
# boolean arrays are refused, as is argmin/argmax of complex arrays.
import numpy as np
from numba import njit


@njit
def ptp(a):
    return np.ptp(a)


@njit("float64(boolean[:])")
def ptp_bool(a):
    return np.ptp(a)


@njit("int64(complex128[:])")
def argmin_complex(a):
    return np.argmin(a)


@njit("int64(complex128[:])")
def argmax_complex(a):
    return a.argmax()


CALLS = [
    ("ptp", (np.array([-128, 3], dtype=np.int8),)),
    ("ptp", (np.array([3, 200, 1], dtype=np.uint8),)),
    ("ptp", (np.array([3, 1], dtype=np.uint64),)),
    ("ptp", (np.array([1.5, -2.0], dtype=np.float32),)),
    ("ptp", (np.array([1.0, np.nan, 3.0]),)),
    ("ptp", (np.array([[1, 5], [-2, 0]]),)),
]
