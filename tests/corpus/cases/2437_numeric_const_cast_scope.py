import math
import numpy as np
from numba import njit


@njit
def u8_neg():
    return np.uint8(-1.0)


@njit
def u8_300():
    return np.uint8(300.0)


@njit
def i8_300():
    return np.int8(300.0)


@njit
def u64_neg():
    return np.uint64(-1.0)


@njit
def i32_big():
    return np.int32(3e9)


@njit
def floor_inf():
    return math.floor(math.inf)


@njit
def round_big():
    return round(1e300)


@njit
def arr_const():
    a = np.array([1e20, -1.0, np.nan])
    return a.astype(np.int64)


@njit
def int_inf():
    return int(np.inf)


CALLS = [("u8_neg", ()), ("u8_300", ()), ("i8_300", ()), ("u64_neg", ()), ("i32_big", ()),
         ("floor_inf", ()), ("round_big", ()), ("arr_const", ()), ("int_inf", ())]
