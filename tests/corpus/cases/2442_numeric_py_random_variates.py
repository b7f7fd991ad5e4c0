import random
import numpy as np
from numba import njit


@njit
def tri(seed, lo, hi, mode):
    random.seed(seed)
    return random.triangular(lo, hi, mode)


@njit
def tri2(seed, lo, hi):
    random.seed(seed)
    return random.triangular(lo, hi)


@njit
def expo(seed, l):
    random.seed(seed)
    return random.expovariate(l)


@njit
def gammav(seed, a, b):
    random.seed(seed)
    return random.gammavariate(a, b)


@njit
def betav(seed, a, b):
    random.seed(seed)
    return random.betavariate(a, b)


@njit
def vonm(seed, mu, k):
    random.seed(seed)
    return random.vonmisesvariate(mu, k)


@njit
def par(seed, a):
    random.seed(seed)
    return random.paretovariate(a)


@njit
def weib(seed, a, b):
    random.seed(seed)
    return random.weibullvariate(a, b)


@njit
def logn(seed, m, s):
    random.seed(seed)
    return random.lognormvariate(m, s)


@njit
def unif(seed, a, b):
    random.seed(seed)
    return random.uniform(a, b)


@njit
def np_tri(seed, a, m, b):
    np.random.seed(seed)
    return np.random.triangular(a, m, b)


@njit
def np_vonm(seed, mu, k):
    np.random.seed(seed)
    return np.random.vonmises(mu, k)


@njit
def np_wald(seed, m, s):
    np.random.seed(seed)
    return np.random.wald(m, s)


@njit
def np_logseries(seed, p):
    np.random.seed(seed)
    return np.random.logseries(p)


@njit
def np_negbin(seed, n, p):
    np.random.seed(seed)
    return np.random.negative_binomial(n, p)


@njit
def np_power(seed, a):
    np.random.seed(seed)
    return np.random.power(a)


@njit
def np_pareto(seed, a):
    np.random.seed(seed)
    return np.random.pareto(a)


@njit
def np_laplace(seed, m, s):
    np.random.seed(seed)
    return np.random.laplace(m, s)


@njit
def np_chisq(seed, k):
    np.random.seed(seed)
    return np.random.chisquare(k)


@njit
def np_f(seed, a, b):
    np.random.seed(seed)
    return np.random.f(a, b)


@njit
def np_rayleigh(seed, s):
    np.random.seed(seed)
    return np.random.rayleigh(s)


CALLS = [
    ("tri", (1, 0.0, 1.0, 0.5)), ("tri", (1, 1.0, 1.0, 1.0)), ("tri", (1, 0.0, 1.0, 2.0)), ("tri", (1, 1.0, 0.0, 0.5)),
    ("tri2", (1, 2.0, 2.0)), ("tri2", (1, 0.0, 10.0)),
    ("expo", (1, 0.0)), ("expo", (1, -1.0)), ("expo", (1, float("inf"))),
    ("gammav", (1, 0.0, 1.0)), ("gammav", (1, 0.5, 1.0)), ("gammav", (1, 1.0, 1.0)), ("gammav", (1, 5.0, 1.0)),
    ("gammav", (1, 1.0, 0.0)), ("gammav", (1, 1.0, -1.0)), ("gammav", (1, -1.0, 1.0)),
    ("betav", (1, 0.0, 1.0)), ("betav", (1, 0.5, 0.5)), ("betav", (1, 1e-5, 1e-5)),
    ("vonm", (1, 0.0, 0.0)), ("vonm", (1, 0.0, 1e-7)), ("vonm", (1, 1.0, 4.0)), ("vonm", (1, -1.0, 1000.0)),
    ("par", (1, 1.0)), ("par", (1, 0.0)), ("weib", (1, 1.0, 0.0)), ("weib", (1, 1.0, 1.0)),
    ("logn", (1, 0.0, 0.0)), ("logn", (1, 0.0, -1.0)),
    ("unif", (1, 5.0, 5.0)), ("unif", (1, 5.0, 1.0)),
    ("np_tri", (1, 0.0, 0.0, 1.0)), ("np_tri", (1, 0.0, 1.0, 1.0)), ("np_tri", (1, 1.0, 1.0, 1.0)), ("np_tri", (1, 0.0, 2.0, 1.0)),
    ("np_vonm", (1, 0.0, 0.0)), ("np_vonm", (1, 0.0, 1e-9)), ("np_vonm", (1, 0.5, 1e7)), ("np_vonm", (1, 4.0, 2.0)),
    ("np_vonm", (1, -4.0, 2.0)),
    ("np_wald", (1, 1.0, 1.0)), ("np_wald", (1, 0.0, 1.0)), ("np_wald", (1, 1.0, 1e-300)),
    ("np_logseries", (1, 0.0)), ("np_logseries", (1, 0.5)), ("np_logseries", (1, 0.99999)), ("np_logseries", (1, 1.0)),
    ("np_negbin", (1, 1, 1.0)), ("np_negbin", (1, 0, 0.5)), ("np_negbin", (1, 5, 0.0)), ("np_negbin", (1, 1.5, 0.5)),
    ("np_power", (1, 0.0)), ("np_power", (1, 1.0)), ("np_pareto", (1, 0.0)), ("np_pareto", (1, 1.0)),
    ("np_laplace", (1, 0.0, 0.0)), ("np_laplace", (1, 0.0, -1.0)),
    ("np_chisq", (1, 0.0)), ("np_chisq", (1, 0.5)), ("np_f", (1, 1.0, 1.0)), ("np_f", (1, 0.0, 1.0)),
    ("np_rayleigh", (1, 0.0)), ("np_rayleigh", (1, -1.0)),
]
