# np.random distributions as Numba implements them (its own algorithms: CPython's
# gammavariate and betavariate, NumPy's legacy poisson, binomial, geometric, hypergeometric,
# logseries, zipf), seeded inside the function so that draws repeat: scalars and sized arrays.
import numpy as np
from numba import njit


@njit("(int64,)")
def continuous(seed):
    np.random.seed(seed)
    return (
        np.random.gamma(2.5, 2.0), np.random.gamma(0.5), np.random.gamma(1.0, 3.0),
        np.random.standard_gamma(4.0), np.random.beta(2.0, 3.0), np.random.beta(0.5, 0.5),
        np.random.chisquare(3.0), np.random.f(4.0, 7.0), np.random.standard_t(5.0),
        np.random.lognormal(), np.random.lognormal(1.0, 0.5), np.random.laplace(1.0, 2.0),
        np.random.logistic(0.5, 1.5), np.random.gumbel(0.0, 2.0), np.random.pareto(3.0),
        np.random.weibull(1.5), np.random.power(2.0), np.random.rayleigh(2.0),
        np.random.standard_cauchy(), np.random.wald(1.0, 2.0), np.random.triangular(0.0, 1.0, 3.0),
        np.random.vonmises(0.5, 2.0), np.random.vonmises(0.5, 1e-9),
        np.random.noncentral_chisquare(3.0, 2.0), np.random.noncentral_chisquare(0.5, 1.5),
    )


@njit("(int64,)")
def discrete(seed):
    np.random.seed(seed)
    return (
        np.random.poisson(3.5), np.random.poisson(40.0), np.random.poisson(0.0), np.random.poisson(),
        np.random.binomial(10, 0.3), np.random.binomial(1000, 0.4), np.random.binomial(50, 0.9),
        np.random.binomial(7, 0.0), np.random.geometric(0.5), np.random.geometric(0.05),
        np.random.negative_binomial(5, 0.4), np.random.hypergeometric(10, 5, 7),
        np.random.hypergeometric(3, 20, 10), np.random.logseries(0.6), np.random.logseries(0.99),
        np.random.zipf(2.5),
    )


@njit("(int64, int64)")
def sized(seed, n):
    np.random.seed(seed)
    return (
        np.random.gamma(3.0, 1.0, n), np.random.beta(1.5, 2.5, (n, 2)), np.random.poisson(12.0, n),
        np.random.binomial(20, 0.25, n), np.random.lognormal(0.0, 1.0, n), np.random.standard_t(3.0, n),
        np.random.geometric(0.3, n), np.random.laplace(0.0, 1.0, n), np.random.chisquare(2.0, (2, n)),
        np.random.standard_cauchy(n), np.random.weibull(2.0, n), np.random.noncentral_chisquare(0.7, 3.0, n),
    )


@njit("(int64, int64)")
def many(seed, n):
    np.random.seed(seed)
    return (
        np.random.binomial(1000, 0.4, n), np.random.binomial(300, 0.8, n), np.random.binomial(40, 0.5, n),
        np.random.poisson(100.0, n), np.random.poisson(11.0, n), np.random.gamma(0.3, 1.0, n),
        np.random.gamma(7.5, 1.0, n), np.random.zipf(1.5, n), np.random.logseries(0.9, n),
        np.random.hypergeometric(40, 25, 30, n), np.random.vonmises(-2.0, 5.0, n),
        np.random.negative_binomial(3, 0.2), np.random.negative_binomial(2.5, 0.7),
    )


@njit("(int64,)")
def negative_binomial_sized(n):
    return np.random.negative_binomial(3, 0.2, n)


@njit("(int64,)")
def zero_d(seed):
    np.random.seed(seed)
    return np.random.gamma(2.0, 1.0, ()), np.random.poisson(3.0, ()), np.random.normal(0.0, 1.0, ())


@njit("(float64,)")
def bad_gamma(k):
    np.random.seed(0)
    return np.random.gamma(k, 1.0)


@njit("(float64,)")
def bad_poisson(lam):
    return np.random.poisson(lam)


@njit("(int64, float64)")
def bad_binomial(n, p):
    return np.random.binomial(n, p)


CALLS = [
    ("continuous", (0,)),
    ("continuous", (12345,)),
    ("discrete", (0,)),
    ("discrete", (2024,)),
    ("sized", (7, 4)),
    ("many", (99, 300)),
    ("zero_d", (3,)),
    ("bad_gamma", (-1.0,)),
    ("bad_poisson", (-2.0,)),
    ("bad_binomial", (5, 1.5)),
    ("bad_binomial", (-3, 0.5)),
]
