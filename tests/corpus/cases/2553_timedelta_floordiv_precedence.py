"""timedelta64 // timedelta64 types (float64) and fails only when Numba lowers it: a typing
error elsewhere in the same function is what Numba reports."""
import numpy as np
from numba import njit, types


@njit
def lower_then_type_err(a, b):
    r = a // b
    return r, a % b


@njit
def floordiv_only(a, b):
    return a // b


@njit
def via_callee(a, b):
    return floordiv_only(a, b)


@njit((types.NPTimedelta("D"), types.NPTimedelta("D")))
def typed_later(a, b):
    r = a // b
    s = a % b
    return r, s


@njit((types.NPTimedelta("D")[:], types.NPTimedelta("D")[:]))
def arrays(a, b):
    return np.floor_divide(a, b)


@njit
def mixed_units(a, b):
    return np.floor_divide(a, b)


CALLS = [
    ("lower_then_type_err", (np.timedelta64(7, "D"), np.timedelta64(2, "D"))),
    ("floordiv_only", (np.timedelta64(7, "D"), np.timedelta64(2, "D"))),
    ("via_callee", (np.timedelta64(7, "D"), np.timedelta64(2, "D"))),
    ("arrays", (np.array([7, -7, 3], dtype="timedelta64[D]"), np.array([2, 2, 0], dtype="timedelta64[D]"))),
    ("arrays", (np.array([7, -7, 3, -1, 5], dtype="timedelta64[D]"), np.array([-2, 3, 1, -1, 5], dtype="timedelta64[D]"))),
    ("mixed_units", (np.array([7, -7, 3, 5], dtype="timedelta64[D]"), np.array([2, 2, 0, -2], dtype="timedelta64[h]"))),
    ("mixed_units", (np.array([7, 4], dtype="timedelta64[D]"), np.array([np.timedelta64("NaT"), 2], dtype="timedelta64[h]"))),
]
