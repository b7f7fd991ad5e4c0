import random
import numpy as np
from numba import njit


@njit
def binom(seed, n, p):
    np.random.seed(seed)
    return np.random.binomial(n, p), np.random.binomial(n, p)


@njit
def pois(seed, lam):
    np.random.seed(seed)
    return np.random.poisson(lam), np.random.poisson(lam)


@njit
def gam(seed, k, s):
    np.random.seed(seed)
    return np.random.gamma(k, s)


@njit
def geo(seed, p):
    np.random.seed(seed)
    return np.random.geometric(p)


@njit
def randint(seed, lo, hi):
    np.random.seed(seed)
    return np.random.randint(lo, hi), np.random.randint(lo, hi)


@njit
def unif(seed, lo, hi):
    np.random.seed(seed)
    return np.random.uniform(lo, hi)


@njit
def normal(seed, m, s):
    np.random.seed(seed)
    return np.random.normal(m, s)


@njit
def expo(seed, s):
    np.random.seed(seed)
    return np.random.exponential(s)


@njit
def beta(seed, a, b):
    np.random.seed(seed)
    return np.random.beta(a, b)


@njit
def choice(seed, n, k):
    np.random.seed(seed)
    return np.random.choice(n, k)


@njit
def perm(seed, n):
    np.random.seed(seed)
    return np.random.permutation(n)


@njit
def py_rand(seed, a, b):
    random.seed(seed)
    return random.randint(a, b), random.uniform(a, b), random.random()


@njit
def py_gauss(seed):
    random.seed(seed)
    return random.gauss(0.0, 1.0), random.normalvariate(0.0, 1.0), random.expovariate(2.0)


@njit
def py_misc(seed):
    random.seed(seed)
    return random.getrandbits(64) if False else random.randrange(0, 100, 7), random.triangular(0.0, 1.0, 0.5)


@njit
def zipf(seed, a):
    np.random.seed(seed)
    return np.random.zipf(a)


@njit
def hyper(seed, g, b, n):
    np.random.seed(seed)
    return np.random.hypergeometric(g, b, n)


CALLS = [
    ("binom", (1, 0, 0.5)), ("binom", (1, 10, 0.0)), ("binom", (1, 10, 1.0)), ("binom", (1, 1000, 0.5)),
    ("binom", (1, 1000, 0.999)), ("binom", (1, 10, -0.1)), ("binom", (1, -1, 0.5)), ("binom", (1, 10, np.nan)),
    ("binom", (3, 2**40, 0.3)),
    ("pois", (1, 0.0)), ("pois", (1, 9.99)), ("pois", (1, 10.0)), ("pois", (1, 1e6)), ("pois", (1, -1.0)),
    ("pois", (1, 1e10)),
    ("gam", (1, 0.0, 1.0)), ("gam", (1, 1e-3, 1.0)), ("gam", (1, 1.0, 1.0)), ("gam", (1, 0.5, 0.0)), ("gam", (1, -1.0, 1.0)),
    ("geo", (1, 1.0)), ("geo", (1, 1e-10)), ("geo", (1, 0.0)), ("geo", (1, 0.5)), ("geo", (1, 0.3333)),
    ("randint", (1, 0, 1)), ("randint", (1, -9223372036854775808, 9223372036854775807)), ("randint", (1, 5, 5)),
    ("randint", (1, 0, 2**33)), ("randint", (1, -3, 3)),
    ("unif", (1, 1.0, 1.0)), ("unif", (1, 2.0, 1.0)), ("unif", (1, -np.inf, np.inf)),
    ("normal", (1, 0.0, 0.0)), ("normal", (1, 0.0, -1.0)), ("normal", (1, np.inf, 1.0)),
    ("expo", (1, 0.0)), ("expo", (1, -1.0)),
    ("beta", (1, 0.5, 0.5)), ("beta", (1, 1e-3, 1e-3)), ("beta", (1, 0.0, 1.0)),
    ("choice", (1, 5, 3)), ("choice", (1, 0, 3)),
    ("perm", (1, 0)), ("perm", (1, 7)),
    ("py_rand", (1, 0, 10)), ("py_rand", (1, 5, 5)), ("py_rand", (1, 5, 4)),
    ("py_gauss", (1,)), ("py_misc", (2,)),
    ("zipf", (1, 1.0)), ("zipf", (1, 1.0001)), ("zipf", (1, 50.0)),
    ("hyper", (1, 5, 5, 10)), ("hyper", (1, 0, 5, 3)), ("hyper", (1, 5, 5, 11)), ("hyper", (1, 1000, 1000, 500)),
]
