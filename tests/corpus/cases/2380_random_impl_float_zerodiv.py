"""Float division by zero inside Numba's random-variate implementations: Numba compiles its
overloads with error_model='python', so x / 0.0 raises ZeroDivisionError. numrs returns
inf / 0.0 / INT64_MIN instead (numpy-style division, no check)."""
import random
import numpy as np
from numba import njit


@njit
def py_expo(l):
    random.seed(1)
    return random.expovariate(l)          # -log(1-random()) / lambd


@njit
def py_pareto(a):
    random.seed(1)
    return random.paretovariate(a)        # 1 / u ** (1/alpha)


@njit
def py_weibull(a, b):
    random.seed(1)
    return random.weibullvariate(a, b)    # ** (1/beta)


@njit
def np_pareto(a):
    np.random.seed(1)
    return np.random.pareto(a)


@njit
def np_weibull(a):
    np.random.seed(1)
    return np.random.weibull(a)


@njit
def np_logseries(p):
    np.random.seed(1)
    return np.random.logseries(p)


@njit
def np_geometric(p):
    np.random.seed(1)
    return np.random.geometric(p)


@njit
def np_std_t(df):
    np.random.seed(1)
    return np.random.standard_t(df)


@njit
def np_dirichlet(a):
    np.random.seed(1)
    return np.random.dirichlet(a)


CALLS = [
    ("np_dirichlet", (np.array([1e-300, 1e-300]),)),
    ("py_expo", (0.0,)), ("py_pareto", (0.0,)), ("py_weibull", (1.0, 0.0)),
    ("np_pareto", (0.0,)), ("np_weibull", (0.0,)), ("np_logseries", (1.0,)),
    ("np_geometric", (1e-300,)), ("np_std_t", (1e-300,)),
    ("py_expo", (2.0,)),
]
