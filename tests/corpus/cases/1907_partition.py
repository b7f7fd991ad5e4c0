# np.partition/np.argpartition as Numba's np_partition_impl_inner computes them: the same
# median-of-three partitions as its quicksort, NaNs last, each kth in turn from the previous one.
import numpy as np
from numba import njit

@njit(["(float64[:, :], int64)", "(int32[::1], int64)", "(float32[::1, :], int64)", "(float64[:], int64)"])
def part(a, k):
    return np.partition(a, k), np.argpartition(a, k)

@njit("(float64[:], int64[:])")
def part_many(a, ks):
    return np.partition(a, ks), np.argpartition(a, ks)

@njit("(float64[:, :, :], int64)")
def part_3d(a, k):
    return np.partition(a, k), np.argpartition(a, -1)

@njit("(int64[:], int64, int64)")
def part_loop(a, k, n):
    s = 0
    for i in range(n):
        s += np.partition(a, k)[k] + np.argpartition(a, (k, 0))[0]
    return s



CALLS = [
    ("part", (np.random.RandomState(3).rand(3, 25), 1)),
    ("part", (np.random.RandomState(3).rand(3, 25)[:, ::2], -3)),
    ("part", (np.arange(30, 0, -1, dtype=np.int32), 7)),
    ("part", (np.asfortranarray(np.random.RandomState(5).rand(4, 20).astype(np.float32)), 19)),
    ("part", (np.where(np.arange(40) % 13 == 3, np.nan, np.arange(40) * 7 % 20 * 1.0), 5)),
    ("part", (np.where(np.arange(40) % 13 == 3, np.nan, np.arange(40) * 7 % 20 * 1.0), 38)),
    ("part", (np.where(np.arange(40) % 13 == 3, np.nan, np.arange(40) * 7 % 20 * 1.0), 40)),
    ("part", (np.where(np.arange(40) % 13 == 3, np.nan, np.arange(40) * 7 % 20 * 1.0), -41)),
    ("part", (np.zeros(0), 3)),
    ("part", (np.ones(33), 16)),
    ("part_many", (np.where(np.arange(40) % 13 == 3, np.nan, np.arange(40) * 7 % 20 * 1.0), np.array([3, 30, -2, 3]))),
    ("part_many", (np.arange(20.0)[::-1].copy(), np.array([], dtype=np.int64))),
    ("part_3d", (np.random.RandomState(3).rand(2, 3, 17), 1)),
    ("part_loop", (np.random.RandomState(4).randint(0, 100, 50), 10, 20)),
]
