# Module-level aliases of NumPy submodules and their functions through attribute chains
# (`P = np.polynomial.polynomial`, `rnd = np.random`, `polyval = np.polynomial.polynomial.polyval`).
import numpy as np
from numba import njit

P = np.polynomial.polynomial
rnd = np.random
polyval = np.polynomial.polynomial.polyval


@njit("float64[:](float64[:], float64[:])")
def padd(a, b):
    return P.polyadd(a, b)


@njit
def seeded(s):
    rnd.seed(s)
    return rnd.random()


@njit("float64(float64)")
def evaluate(x):
    return polyval(x, np.array([1.0, 2.0, 3.0]))


CALLS = [
    ("padd", (np.array([1.0, 2.0]), np.array([0.5, 0.0, 1.0]))),
    ("seeded", (3,)),
    ("evaluate", (2.0,)),
]
