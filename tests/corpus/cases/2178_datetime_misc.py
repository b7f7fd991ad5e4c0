# datetime64/timedelta64 odds and ends: print (Python's str of the value), str() (Numba's
# '<object type:...>'), tuples and optionals of dates, 2-d date arrays, zeros_like, np.full
# with a date, prange over dates, sorted lists of dates, and what Numba refuses (== of a
# date and a timedelta, np.where mixing NaT tests and dates).
import numpy as np
from numba import njit, prange


@njit
def show(d):
    print(d)
    return 1


@njit
def as_str(d):
    return str(d)


@njit
def tup(a, b):
    return (a, b) if a < b else (b, a)


@njit
def opt(d, flag):
    x = d if flag else None
    if x is None:
        return d - d
    return x - d


@njit
def cmp_mixed(a, b):
    return a == b


@njit
def arr2d(d):
    return d.T.copy(), d.reshape(-1), d[:, 0].max()


@njit
def zeros_like(d):
    z = np.zeros_like(d)
    return z


@njit
def full_nat(n, t):
    return np.full(n, t)


@njit
def where_nat(d, t):
    return np.where(np.isnat(d), t, d)


@njit(parallel=True)
def par_shift(d, td):
    out = np.empty_like(d)
    for i in prange(d.shape[0]):
        out[i] = d[i] + td
    return out


@njit
def sorted_list(d):
    return sorted([x for x in d])


CALLS = [
    ("show", (np.datetime64("2024-01-05", "D"),)),
    ("as_str", (np.datetime64("2024-01-05", "D"),)),
    ("tup", (np.datetime64("2024-01-05", "D"), np.datetime64("2024-01-02", "D"))),
    ("opt", (np.datetime64("2024-01-05", "D"), True)),
    ("cmp_mixed", (np.datetime64("2024-01-05", "D"), np.timedelta64(5, "D"))),
    ("arr2d", (np.array([["2024-01-05", "2024-01-02"], ["2023-01-01", "NaT"]], dtype="M8[D]"),)),
    ("zeros_like", (np.array(["2024-01-05"], dtype="M8[D]"),)),
    ("full_nat", (3, np.datetime64("2024-01-05", "D"))),
    ("where_nat", (np.array(["2024-01-05", "NaT"], dtype="M8[D]"), np.datetime64("2000-01-01", "D"))),
    ("par_shift", (np.array(["2024-01-05", "NaT"], dtype="M8[D]"), np.timedelta64(2, "D"))),
    ("sorted_list", (np.array(["2024-01-05", "2023-01-05"], dtype="M8[D]"),)),
]
