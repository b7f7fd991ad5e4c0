# np.random.dirichlet / multinomial of an empty vector: Numba's range(0, size, 0) ValueError.
import numpy as np
from numba import njit


@njit
def dir_empty(a):
    np.random.seed(1)
    return np.random.dirichlet(a)


@njit
def multi_empty(n, p):
    np.random.seed(1)
    return np.random.multinomial(n, p)


@njit
def dir_sized(a, k):
    np.random.seed(1)
    return np.random.dirichlet(a, k)


CALLS = [
    ("dir_empty", (np.zeros(0),)),
    ("multi_empty", (3, np.zeros(0))),
    ("dir_sized", (np.zeros(0), 2)),
    ("dir_empty", (np.array([1.0, 2.0]),)),
    ("multi_empty", (5, np.array([0.5, 0.5]))),
]
