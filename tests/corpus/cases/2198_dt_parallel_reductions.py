# Parallel reductions of timedeltas (Numba's AttributeError) beside a parallel loop over dates
# that works (from the datetime hunt).
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def par_td_sum(td):
    acc = td[0] - td[0]
    for i in prange(td.shape[0]):
        acc += td[i]
    return acc


@njit(parallel=True)
def par_min_date(d):
    best = d[0]
    for i in prange(d.shape[0]):
        best = min(best, d[i])
    return best


@njit(parallel=True)
def par_arr_sum(td):
    return td.sum()


CALLS = [
    ("par_td_sum", (np.array([1, 2, 3, 4], dtype="timedelta64[m]"),)),
    ("par_min_date", (np.array(["2024-01-03", "2024-01-01", "2024-01-02"], dtype="datetime64[D]"),)),
    ("par_arr_sum", (np.array([1, 2, 3, 4], dtype="timedelta64[m]"),)),
]
