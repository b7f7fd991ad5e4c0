import numpy as np
from numba import njit

@njit("(int64, int64, int64)")
def ch_int(seed, n, k):
    np.random.seed(seed)
    return np.random.choice(n, k), np.random.choice(n), np.random.choice(n, (2, 3))

@njit("(int64, float64[:], int64)")
def ch_arr(seed, a, k):
    np.random.seed(seed)
    return np.random.choice(a, k), np.random.choice(a), np.random.choice(a, k, replace=False)

@njit("(int64, int64, int64, boolean)")
def ch_rep(seed, n, k, r):
    np.random.seed(seed)
    return np.random.choice(n, k, r)

@njit("(int64, float64[:, :])")
def shuf2(seed, a):
    np.random.seed(seed)
    np.random.shuffle(a)
    return a

@njit("(int64, int64[:])")
def shuf1(seed, a):
    np.random.seed(seed)
    np.random.shuffle(a)
    return a

@njit("(int64, int64)")
def perm_int(seed, n):
    np.random.seed(seed)
    return np.random.permutation(n)

@njit("(int64, float32[:, :])")
def perm_arr(seed, a):
    np.random.seed(seed)
    return np.random.permutation(a)


CALLS = [
 ("ch_int", (1, 10, 5)), ("ch_int", (7, 3, 0)), ("ch_int", (7, 0, 2)),
 ("ch_arr", (3, np.arange(6.0) * 1.5, 4)), ("ch_arr", (3, np.arange(3.0), 4)), ("ch_arr", (3, np.arange(0.0), 0)),
 ("ch_rep", (5, 8, 8, False)), ("ch_rep", (5, 8, 9, False)), ("ch_rep", (5, 8, 9, True)),
 ("shuf2", (11, np.arange(12.0).reshape(4, 3))), ("shuf2", (11, np.arange(12.0).reshape(4, 3)[:, ::2])),
 ("shuf1", (2, np.arange(10))), ("shuf1", (2, np.arange(0))),
 ("perm_int", (9, 12)), ("perm_int", (9, 0)), ("perm_int", (9, -3)),
 ("perm_arr", (4, np.arange(12, dtype=np.float32).reshape(3, 4))),
]
