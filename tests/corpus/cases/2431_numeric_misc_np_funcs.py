import numpy as np
from numba import njit


@njit
def ptp(a):
    return np.ptp(a)


@njit
def avg(a, w):
    return np.average(a, weights=w)


@njit
def n2n(a):
    return np.nan_to_num(a)


@njit
def n2n_kw(a, n, p, m):
    return np.nan_to_num(a, nan=n, posinf=p, neginf=m)


@njit
def iscl(a, b):
    return np.isclose(a, b)


@njit
def allc(a, b):
    return np.allclose(a, b)


@njit
def cov(a):
    return np.cov(a)


@njit
def corr(a, b):
    return np.corrcoef(a, b)


@njit
def part(a, k):
    return np.partition(a, k)


@njit
def sinc(x):
    return np.sinc(x)


@njit
def fix(x):
    return np.fix(x)


@njit
def conv(a, b):
    return np.convolve(a, b)


@njit
def logsp(a, b, n):
    return np.logspace(a, b, n)


@njit
def geosp(a, b, n):
    return np.geomspace(a, b, n)


@njit
def cnz(a):
    return np.count_nonzero(a)


@njit
def ediff(a):
    return np.ediff1d(a)


@njit
def nvar(a):
    return np.nanvar(a), np.nanstd(a)


@njit
def nprod(a):
    return np.nanprod(a), np.nancumsum(a), np.nancumprod(a)


CALLS = [
    ("ptp", (np.array([-128, 127], dtype=np.int8),)), ("ptp", (np.array([1.0, np.nan]),)),
    ("ptp", (np.array([-9223372036854775808, 9223372036854775807]),)), ("ptp", (np.zeros(0),)),
    ("ptp", (np.array([0, 255], dtype=np.uint8),)), ("ptp", (np.array([True, False]),)),
    ("avg", (np.array([1.0, 2.0]), np.array([1.0, -1.0]))), ("avg", (np.array([1.0, 2.0]), np.array([0.0, 0.0]))),
    ("avg", (np.array([1, 2]), np.array([1, 3]))),
    ("n2n", (np.array([np.nan, np.inf, -np.inf, 1.0]),)), ("n2n", (np.array([np.nan, np.inf], dtype=np.float32),)),
    ("n2n", (np.array([complex(np.nan, np.inf)]),)), ("n2n", (np.array([1, 2]),)),
    ("n2n_kw", (np.array([np.nan, np.inf, -np.inf]), 1.0, 2.0, 3.0)),
    ("iscl", (np.array([np.inf, np.inf, np.nan, 1.0, 0.0]), np.array([np.inf, -np.inf, np.nan, 1.0 + 1e-9, 1e-9]))),
    ("iscl", (np.array([1, 2]), np.array([1, 3]))),
    ("allc", (np.array([np.inf]), np.array([np.inf]))), ("allc", (np.array([np.nan]), np.array([np.nan]))),
    ("allc", (np.zeros(0), np.zeros(0))),
    ("cov", (np.array([1.0, 1.0, 1.0]),)), ("cov", (np.array([1.0]),)), ("cov", (np.array([[1.0, 2.0], [3.0, 5.0]]),)),
    ("cov", (np.array([1, 2, 4]),)),
    ("corr", (np.array([1.0, 1.0, 1.0]), np.array([1.0, 2.0, 3.0]))), ("corr", (np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0]))),
    ("part", (np.array([3.0, np.nan, 1.0, 2.0]), 1)), ("part", (np.array([3.0, np.nan, 1.0, 2.0]), 3)),
    ("part", (np.array([5, 1, 4, 2, 3]), -1)), ("part", (np.array([5, 1]), 2)),
    ("sinc", (0.0,)), ("sinc", (1.0,)), ("sinc", (np.array([0.0, 0.5, -0.0, np.inf]),)),
    ("fix", (np.array([-2.5, 2.5, -0.0, -0.5, np.nan]),)), ("fix", (-0.5,)),
    ("conv", (np.array([100, 100], dtype=np.int8), np.array([2, 2], dtype=np.int8))),
    ("conv", (np.array([1.0, np.nan]), np.array([1.0, 1.0]))), ("conv", (np.zeros(0), np.ones(2))),
    ("logsp", (0.0, 2.0, 3)), ("logsp", (0.0, 400.0, 3)), ("logsp", (0, 1, 1)),
    ("geosp", (1.0, 1000.0, 4)), ("geosp", (-1.0, -1000.0, 4)), ("geosp", (1.0, -1000.0, 4)), ("geosp", (0.0, 1.0, 3)),
    ("geosp", (1, 256, 9)),
    ("cnz", (np.array([0.0, -0.0, np.nan, 1.0]),)), ("cnz", (np.array([0j, complex(0, -0.0), 1j]),)),
    ("ediff", (np.array([0, 200], dtype=np.uint8),)), ("ediff", (np.array([1.0, np.inf, np.inf]),)),
    ("nvar", (np.array([np.nan, 1.0, 2.0]),)), ("nvar", (np.array([np.nan]),)), ("nvar", (np.array([1, 2, 4]),)),
    ("nprod", (np.array([np.nan, 2.0, 3.0]),)), ("nprod", (np.array([np.nan, np.nan]),)), ("nprod", (np.array([2, 3], dtype=np.int8),)),
]
