# datetime64/timedelta64 (from the datetime hunt): floordiv
import numpy as np
from numba import njit, types


@njit((types.NPTimedelta("s")[:], types.NPTimedelta("s")[:]))
def arr_arr(a, b):
    return a // b


@njit((types.NPTimedelta("s")[:], types.NPTimedelta("s")))
def arr_scalar(a, b):
    return a // b


@njit((types.NPTimedelta("s")[:], types.NPTimedelta("s")))
def arr_mod(a, b):
    return a % b


@njit
def lazy_arr_arr(a, b):
    return a // b


CALLS = [
    ("arr_arr", (np.array([7, -7], dtype="timedelta64[s]"), np.array([2, 2], dtype="timedelta64[s]"))),
    ("arr_scalar", (np.array([7, -7], dtype="timedelta64[s]"), np.timedelta64(2, "s"))),
    ("lazy_arr_arr", (np.array([7, -7], dtype="timedelta64[s]"), np.array([2, 2], dtype="timedelta64[s]"))),
]
