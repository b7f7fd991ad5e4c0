"""int() of an out-of-range float *constant*: Numba's LLVM folds fptosi of a constant to
a fixed value (0 here); numrs returns a different, nondeterministic value (looks like
uninitialized stack memory / an address). With a runtime argument both give INT64_MIN."""
import numpy as np
from numba import njit


@njit
def c_int():
    return int(1e20)


@njit
def c_int_neg():
    return int(-1e20)


@njit
def c_np_int64():
    return np.int64(1e20)


@njit
def c_nan():
    return int(np.nan)


@njit
def c_local():
    x = 1e20
    return int(x)


@njit
def rt(x):
    return int(x)


CALLS = [
    ("c_int", ()), ("c_int_neg", ()), ("c_np_int64", ()), ("c_nan", ()), ("c_local", ()),
    ("rt", (1e20,)),
]
