# np.round / np.around as Numba's impl_np_round: rint for decimals 0, else round_ndigits in
# float64 (integers back through int()), arrays element by element into a new C array.
import numpy as np
from numba import njit

@njit("(float64[:], int64)")
def r64(a, d):
    return np.round(a, d), np.around(a), np.round(a)

@njit("(float32[:, :], int64)")
def r32(a, d):
    return np.round(a, d), np.round(a)

@njit("(int64[:], int64)")
def ri(a, d):
    return np.round(a, d), np.round(a)

@njit("(float64, int64)")
def rs(x, d):
    return np.round(x, d), np.round(x)

@njit("(complex128[:], int64)")
def rc(a, d):
    return np.round(a, d)



@njit("(float32, int64)")
def r32s(x, d):
    return np.round(x, d), np.round(x)


@njit("(int16, int64)")
def r16s(x, d):
    return np.round(x, d), np.round(x)


@njit("(complex64,)")
def rc64(z):
    return np.round(z)

CALLS = [
    ("r64", (np.array([1.2345, -2.5, 0.5, 1.5, 123456.789, float("nan"), float("inf"), 1e300, -0.0049]), 2)),
    ("r64", (np.array([1.2345, -2.5, 0.5, 1.5, 123456.789, float("nan"), float("inf"), 1e300, -0.0049]), -2)),
    ("r64", (np.array([1.2345, -2.5, 0.5, 1.5, 123456.789, float("nan"), float("inf"), 1e300, -0.0049]), 30)),
    ("r32", (np.array([[1.2345, -2.5, 0.5, 1.5], [123456.789, -0.25, 7.75, 2.5]], dtype=np.float32), 1)),
    ("ri", (np.array([1234, -5678, 15, 25, 35]), -1)),
    ("rs", (2.675, 2)),
    ("rs", (-1234.5678, -2)),
    ("rc", (np.array([1.234 + 5.678j, -2.5 - 0.5j]), 1)),
    ("r32s", (np.float32(2.675), 2)),
    ("r16s", (np.int16(1234), -2)),
    ("rc64", (np.complex64(1.5 - 2.5j),)),
]
