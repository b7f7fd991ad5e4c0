import random
import numpy as np
from numba import njit


@njit
def np_weibull(seed, a):
    np.random.seed(seed)
    return np.random.weibull(a)


@njit
def np_std_t(seed, df):
    np.random.seed(seed)
    return np.random.standard_t(df)


@njit
def np_expo(seed, s):
    np.random.seed(seed)
    return np.random.exponential(s)


@njit
def np_gumbel(seed, m, s):
    np.random.seed(seed)
    return np.random.gumbel(m, s)


@njit
def np_logistic(seed, m, s):
    np.random.seed(seed)
    return np.random.logistic(m, s)


@njit
def np_geometric(seed, p):
    np.random.seed(seed)
    return np.random.geometric(p)


@njit
def np_zipf(seed, a):
    np.random.seed(seed)
    return np.random.zipf(a)


@njit
def np_ncchisq(seed, df, nonc):
    np.random.seed(seed)
    return np.random.noncentral_chisquare(df, nonc)


@njit
def np_wald(seed, m, s):
    np.random.seed(seed)
    return np.random.wald(m, s)


@njit
def np_stdgamma(seed, k):
    np.random.seed(seed)
    return np.random.standard_gamma(k)


@njit
def np_beta(seed, a, b):
    np.random.seed(seed)
    return np.random.beta(a, b)


@njit
def np_f(seed, a, b):
    np.random.seed(seed)
    return np.random.f(a, b)


@njit
def np_hyper(seed, g, b, n):
    np.random.seed(seed)
    return np.random.hypergeometric(g, b, n)


@njit
def np_lognormal(seed, m, s):
    np.random.seed(seed)
    return np.random.lognormal(m, s)


@njit
def np_cauchy(seed):
    np.random.seed(seed)
    return np.random.standard_cauchy()


@njit
def py_gauss(seed, m, s):
    random.seed(seed)
    return random.gauss(m, s)


@njit
def py_vonm(seed, mu, k):
    random.seed(seed)
    return random.vonmisesvariate(mu, k)


CALLS = [
    ("np_weibull", (1, 0.0)), ("np_weibull", (1, 1e-300)), ("np_weibull", (1, 2.0)),
    ("np_std_t", (1, 0.0)), ("np_std_t", (1, 1e-300)), ("np_std_t", (1, 3.0)),
    ("np_expo", (1, float("inf"))),
    ("np_gumbel", (1, 0.0, 0.0)), ("np_logistic", (1, 0.0, 0.0)),
    ("np_geometric", (1, 1e-300)), ("np_geometric", (1, 0.9999999)),
    ("np_zipf", (1, 1.0000001)),
    ("np_ncchisq", (1, 1.0, 0.0)), ("np_ncchisq", (1, 0.5, 0.0)), ("np_ncchisq", (1, 0.0, 1.0)), ("np_ncchisq", (1, 3.0, 2.0)),
    ("np_wald", (1, 1.0, 0.0)), ("np_wald", (1, 1e300, 1.0)),
    ("np_stdgamma", (1, 0.0)), ("np_stdgamma", (1, 1e-300)),
    ("np_beta", (1, 1e-300, 1e-300)), ("np_beta", (1, 0.5, 1e-300)),
    ("np_f", (1, 1.0, 0.0)), ("np_f", (1, 1e-300, 1.0)),
    ("np_hyper", (1, 0, 0, 0)), ("np_hyper", (1, 1, 0, 1)), ("np_hyper", (1, 5, 5, 0)),
    ("np_lognormal", (1, 0.0, 0.0)), ("np_lognormal", (1, 800.0, 0.0)), ("np_cauchy", (1,)),
    ("py_gauss", (1, 0.0, 0.0)), ("py_vonm", (1, 0.0, 1e-300)),
]
