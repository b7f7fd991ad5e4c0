# np.median and np.nanmedian select the middle items as Numba does (its partitions by plain
# `<`), so an array with NaNs gives Numba's value, not NaN; small integer dtypes add the two
# middle items as integers of the promoted type.
import numpy as np
from numba import njit


@njit
def median(a):
    return np.median(a)


@njit
def nanmedian(a):
    return np.nanmedian(a)



CALLS = [
    ("median", (np.array([-3.5, 7.0, 2.0, 7.0, 7.0, np.nan, 7.0, -0.0]),)),
    ("median", (np.array([7.0, 7.0, np.inf, np.nan, 1.0, 1.0, 2.0, 0.0, 7.0, 1.0]),)),
    ("median", (np.array([7.0, -0.0, np.nan, -3.5, -3.5, 2.0, 0.0, np.inf, 0.0, 7.0]),)),
    ("median", (np.array([np.nan, 1.0, 2.0]),)),
    ("median", (np.array([2.0, np.nan, 1.0, 0.5, 3.0]),)),
    ("median", (np.array([127, 127, 1, 2], dtype=np.int8),)),
    ("median", (np.array([250, 250], dtype=np.uint8),)),
    ("median", (np.array([1.5, 2.5], dtype=np.float32),)),
    ("median", (np.array([[3, 1], [2, 9]]),)),
    ("median", (np.zeros(0),)),
    ("nanmedian", (np.array([0.0, np.nan, 1.0, -3.5, -0.0, 2.0, -3.5]),)),
    ("nanmedian", (np.array([np.nan, np.nan]),)),
    ("nanmedian", (np.array([4.0, np.nan, -1.0, 2.0]),)),
]
