# np.random.multinomial and np.random.dirichlet as Numba computes them (binomial draws over
# the conditional probabilities; normalized gamma draws), seeded: pvals and alpha as arrays or
# tuples, with and without a size.
import numpy as np
from numba import njit


@njit(["(int64, float64[:])"])
def multinomial_draws(seed, p):
    np.random.seed(seed)
    return np.random.multinomial(20, p), np.random.multinomial(100, p, 4), np.random.multinomial(7, p, (2, 3))


@njit(["(int64,)"])
def multinomial_tuple(seed):
    np.random.seed(seed)
    return np.random.multinomial(50, (0.2, 0.3, 0.5))


@njit(["(int64, float64[:])"])
def dirichlet_draws(seed, alpha):
    np.random.seed(seed)
    return np.random.dirichlet(alpha), np.random.dirichlet(alpha, 3), np.random.dirichlet(alpha, (2, 2))


@njit(["(float64[:],)"])
def dirichlet_bad(alpha):
    return np.random.dirichlet(alpha)


@njit(["(float64,)"])
def multinomial_float_n(n):
    return np.random.multinomial(n, np.ones(3) / 3)


@njit(["(int64, float64[:])"])
def multinomial_bad_p(seed, p):
    np.random.seed(seed)
    return np.random.multinomial(10, p)


CALLS = [
    ("multinomial_draws", (3, np.array([0.1, 0.2, 0.3, 0.4]))),
    ("multinomial_draws", (11, np.array([0.5, 0.5]))),
    ("multinomial_tuple", (5,)),
    ("dirichlet_draws", (1, np.array([0.5, 1.0, 2.0]))),
    ("dirichlet_draws", (8, np.array([3.0, 0.2]))),
    ("dirichlet_bad", (np.array([1.0, 0.0]),)),
    ("multinomial_bad_p", (2, np.array([0.5, 0.7, -0.2]))),
]
