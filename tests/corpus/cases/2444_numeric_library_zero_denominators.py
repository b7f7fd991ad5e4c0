import numpy as np
from numba import njit


@njit
def dirichlet(seed, a):
    np.random.seed(seed)
    return np.random.dirichlet(a)


@njit
def multinom(seed, n, p):
    np.random.seed(seed)
    return np.random.multinomial(n, p)


@njit
def nanmean(a):
    return np.nanmean(a)


@njit
def nanvar(a):
    return np.nanvar(a)


@njit
def nanstd(a):
    return np.nanstd(a)


@njit
def std(a):
    return np.std(a)


@njit
def mean_axis(a):
    return a.mean()


@njit
def trapz(y, x):
    return np.trapz(y, x)


@njit
def unwrap(p):
    return np.unwrap(p)


@njit
def lin1(a, b):
    return np.linspace(a, b, 1)


@njit
def pct1(a, q):
    return np.percentile(a, q)


@njit
def nanpct(a, q):
    return np.nanpercentile(a, q)


@njit
def nanquant(a, q):
    return np.nanquantile(a, q)


@njit
def vdr(a, n):
    return np.vander(a, n)


@njit
def hist_one(a):
    return np.histogram(a, 1)


@njit
def corr(a, v):
    return np.correlate(a, v)


@njit
def nanmed(a):
    return np.nanmedian(a)


CALLS = [
    ("dirichlet", (1, np.array([1.0, 1.0]))), ("dirichlet", (1, np.array([0.0, 1.0]))), ("dirichlet", (1, np.array([1e-300, 1e-300]))),
    ("multinom", (1, 10, np.array([0.5, 0.5]))), ("multinom", (1, 10, np.array([0.0, 0.0]))), ("multinom", (1, 10, np.array([0.7, 0.7]))),
    ("multinom", (1, 0, np.array([0.5, 0.5]))), ("multinom", (1, 10, np.array([1.0]))),
    ("nanmean", (np.zeros(0),)), ("nanmean", (np.array([np.nan]),)),
    ("nanvar", (np.zeros(0),)), ("nanvar", (np.array([np.nan]),)), ("nanstd", (np.array([np.nan, np.nan]),)),
    ("std", (np.zeros(0),)), ("std", (np.array([1.0]),)),
    ("mean_axis", (np.zeros(0, dtype=np.int64),)), ("mean_axis", (np.zeros((0, 3)),)),
    ("trapz", (np.array([1.0, 2.0]), np.array([0.0, 0.0]))), ("trapz", (np.zeros(0), np.zeros(0))),
    ("unwrap", (np.array([0.0, 7.0, 14.0]),)), ("unwrap", (np.array([0.0, np.inf]),)), ("unwrap", (np.zeros(0),)),
    ("lin1", (0.0, 1.0)), ("lin1", (np.inf, 1.0)),
    ("pct1", (np.array([5.0]), 50.0)), ("pct1", (np.array([5.0]), 0.0)), ("pct1", (np.array([1.0, np.inf]), 50.0)),
    ("nanpct", (np.zeros(0), 50.0)), ("nanpct", (np.array([np.nan]), 50.0)),
    ("nanquant", (np.array([1.0, np.nan, 3.0]), 0.5)),
    ("vdr", (np.array([0.0, 2.0]), 3)), ("vdr", (np.array([0, 2]), 0)),
    ("hist_one", (np.array([3.0, 3.0]),)), ("hist_one", (np.array([np.inf]),)),
    ("corr", (np.array([1.0, 2.0]), np.zeros(0))),
    ("nanmed", (np.array([np.nan, np.inf, -np.inf]),)),
]
