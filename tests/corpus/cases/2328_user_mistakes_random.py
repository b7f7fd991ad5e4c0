import numpy as np
from numba import njit


@njit("(int64[:],)")
def seed_array(a):
    np.random.seed(a)
    return np.random.random()


@njit("(int64,)")
def seed_int(n):
    np.random.seed(n)
    return np.random.random()


@njit("(int64, int64)")
def normal_size(n, m):
    return np.random.normal(0.0, 1.0, size=(n, m))


@njit("(float64[:], int64)")
def choice_noreplace(a, n):
    return np.random.choice(a, size=n, replace=False)


@njit("(float64[:], float64[:])")
def choice_p(a, p):
    return np.random.choice(a, 3, p=p)


@njit("(int64, int64)")
def randn_tuple(n, m):
    return np.random.randn((n, m))


@njit("(int64, int64)")
def rand_two(n, m):
    return np.random.rand(n, m)


@njit("(int64,)")
def default_rng(n):
    rng = np.random.default_rng(n)
    return rng.random()


@njit("(float64,)")
def seed_float(x):
    np.random.seed(x)
    return np.random.random()


@njit("(int64,)")
def randint_float(n):
    return np.random.randint(0.0, 10.0, size=n)
