# Keyword arguments to np.random's distributions, by the names of Numba's overloads (gamma(shape=,
# scale=), beta(a=, b=), lognormal(mean=, sigma=), ...), and forms no overload takes.
import numpy as np
from numba import njit


@njit
def gamma_shape_scale(a):
    np.random.seed(0)
    return np.random.gamma(shape=a, scale=1.0)


@njit
def gamma_shape(a):
    np.random.seed(0)
    return np.random.gamma(shape=a)


@njit
def gamma_scale_only(a):
    np.random.seed(0)
    return np.random.gamma(a, scale=2.0)


@njit
def gamma_size_kw(a):
    np.random.seed(0)
    return np.random.gamma(a, 1.0, size=3)[0]


@njit
def standard_gamma(a):
    np.random.seed(0)
    return np.random.standard_gamma(shape=a)


@njit
def beta_ab(a):
    np.random.seed(0)
    return np.random.beta(a=a, b=1.0)


@njit
def exponential_scale(a):
    np.random.seed(0)
    return np.random.exponential(scale=a)


@njit
def exponential_size_kw(a):
    np.random.seed(0)
    return np.random.exponential(a, size=3)[0]


@njit
def poisson_lam(a):
    np.random.seed(0)
    return np.random.poisson(lam=a)


@njit
def poisson_size_kw(a):
    np.random.seed(0)
    return np.random.poisson(a, size=3)[0]


@njit
def binomial_np(a):
    np.random.seed(0)
    return np.random.binomial(n=5, p=0.3)


@njit
def lognormal(a):
    np.random.seed(0)
    return np.random.lognormal(mean=a, sigma=1.0)


@njit
def chisquare_df(a):
    np.random.seed(0)
    return np.random.chisquare(df=a)


@njit
def weibull_a(a):
    np.random.seed(0)
    return np.random.weibull(a=a)


@njit
def pareto(a):
    np.random.seed(0)
    return np.random.pareto(a=a)


@njit
def geometric_p(a):
    np.random.seed(0)
    return np.random.geometric(p=0.3)


@njit
def triangular(a):
    np.random.seed(0)
    return np.random.triangular(left=0.0, mode=a, right=5.0)


@njit
def vonmises(a):
    np.random.seed(0)
    return np.random.vonmises(mu=0.0, kappa=a)


@njit
def hypergeometric(a):
    np.random.seed(0)
    return np.random.hypergeometric(ngood=5, nbad=3, nsample=4)


@njit
def negative_binomial(a):
    np.random.seed(0)
    return np.random.negative_binomial(n=3, p=0.4)


@njit
def rayleigh(a):
    np.random.seed(0)
    return np.random.rayleigh(scale=a)


@njit
def f_dist(a):
    np.random.seed(0)
    return np.random.f(dfnum=a, dfden=3.0)


@njit
def wald(a):
    np.random.seed(0)
    return np.random.wald(mean=a, scale=1.0)


@njit
def zipf(a):
    np.random.seed(0)
    return np.random.zipf(a=a)


@njit
def power(a):
    np.random.seed(0)
    return np.random.power(a=a)


@njit
def standard_t(a):
    np.random.seed(0)
    return np.random.standard_t(df=a)


@njit
def ok_normal_loc(a):
    np.random.seed(0)
    return np.random.normal(loc=a, scale=1.0)


@njit
def ok_logistic(a):
    np.random.seed(0)
    return np.random.logistic(loc=a, scale=1.0)


@njit
def ok_dirichlet(a):
    np.random.seed(0)
    return np.random.dirichlet(alpha=np.array([1.0, a]))[0]

@njit
def gamma_size_without_scale(a):
    return np.random.gamma(a, size=3)


@njit
def beta_a_only(a):
    return np.random.beta(a=a)


@njit
def lognormal_loc_name(a):
    return np.random.lognormal(loc=a)


CALLS = [("gamma_shape_scale", (2.5,)),
         ("gamma_shape", (2.5,)),
         ("gamma_scale_only", (2.5,)),
         ("gamma_size_kw", (2.5,)),
         ("standard_gamma", (2.5,)),
         ("beta_ab", (2.5,)),
         ("exponential_scale", (2.5,)),
         ("exponential_size_kw", (2.5,)),
         ("poisson_lam", (2.5,)),
         ("poisson_size_kw", (2.5,)),
         ("binomial_np", (2.5,)),
         ("lognormal", (2.5,)),
         ("chisquare_df", (2.5,)),
         ("weibull_a", (2.5,)),
         ("pareto", (2.5,)),
         ("geometric_p", (2.5,)),
         ("triangular", (2.5,)),
         ("vonmises", (2.5,)),
         ("hypergeometric", (2.5,)),
         ("negative_binomial", (2.5,)),
         ("rayleigh", (2.5,)),
         ("f_dist", (2.5,)),
         ("wald", (2.5,)),
         ("zipf", (2.5,)),
         ("power", (2.5,)),
         ("standard_t", (2.5,)),
         ("ok_normal_loc", (2.5,)),
         ("ok_logistic", (2.5,)),
         ("ok_dirichlet", (2.5,)),
    ("gamma_size_without_scale", (2.0,)),
    ("beta_a_only", (2.0,)),
    ("lognormal_loc_name", (2.0,)),
]
