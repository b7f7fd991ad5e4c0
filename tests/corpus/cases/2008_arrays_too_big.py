# Arrays too big for intp: Numba's ValueError (the item count or the byte size overflows),
# or MemoryError when the allocation itself fails; lists and strings repeated past what can
# be allocated: MemoryError.
import numpy as np
from numba import njit





@njit("int64(int64)")
def empty_huge(n):
    return np.empty(n).size


@njit("int64(int64, int64)")
def zeros_overflow(n, m):
    return np.zeros((n, m)).size


@njit("int64(int64)")
def full_huge(n):
    return np.full((n, n), 1.0).size


@njit("float64(int64, int64)")
def empty_huge_write(n, k):
    a = np.empty(n)
    for i in range(0, k * 4096, 4096):
        a[i] = 1.0          # writes far past the real allocation
    return a[0]


@njit("float64[:](int64)")
def ones_huge(n):
    return np.ones(n)        # ones_huge(2**62): numrs segfaults (fill writes past buffer); Numba ValueError


@njit("int64(int64)")
def arange_huge(n):
    return np.arange(n).size  # arange_huge(2**62): numrs segfaults; Numba ValueError


@njit("int64(int64)")
def eye_huge(n):
    return np.eye(n).size     # eye_huge(2**32): numrs segfaults; Numba ValueError


@njit("int64(int64)")
def linspace_huge(n):
    return np.linspace(0.0, 1.0, n).size   # linspace_huge(2**62): numrs segfaults; Numba ValueError


@njit("int64(int64)")
def repeat3(n):
    return np.repeat(np.ones(3), n).size   # repeat3(2**61 + 1): numrs segfaults; Numba ValueError


@njit("int64(int64)")
def bincount_big(n):
    return np.bincount(np.array([n])).size  # bincount_big(2**61): numrs returns 2305843009213693953; Numba ValueError


@njit("int64(int64)")
def hist_bins_big(n):
    h, e = np.histogram(np.ones(3), bins=n)
    return h.size                           # hist_bins_big(2**61): numrs segfaults; Numba ValueError


@njit("int64(int64)")
def histogram_bins(n):
    return np.histogram(np.ones(3), bins=n)[0].size


@njit("int64(int64)")
def int8_huge(n):
    return np.empty(n, np.int8).size

@njit("int64(int64)")
def list_mul(n):
    return len([1.0, 2.0] * n)


@njit("int64(int64)")
def str_mul_huge(n):
    return len("ab" * n)


@njit("int64(int64)")
def list_mul_len3(n):
    l = [1, 2, 3] * n
    return len(l)


CALLS = [("empty_huge", (2**62,)), ("empty_huge", (5,)), ("zeros_overflow", (2**40, 2**40)), ("zeros_overflow", (3, 0)), ("full_huge", (2**32,)), ("empty_huge_write", (2**62, 3)), ("ones_huge", (2**62,)), ("arange_huge", (2**62,)), ("eye_huge", (2**32,)), ("linspace_huge", (2**62,)), ("repeat3", (2**61 + 1,)), ("bincount_big", (2**61,)), ("histogram_bins", (2**61,)), ("int8_huge", (2**62,)), ("list_mul", (2**62,)), ("list_mul", (3,)), ("str_mul_huge", (2**62,)), ("str_mul_huge", (3,)), ("list_mul_len3", (2**61 + 1,)), ("list_mul_len3", (-2,))]
