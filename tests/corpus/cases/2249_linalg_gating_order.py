# Without SciPy, Numba's linear algebra fails to type with its ImportError, but only for a call
# its overload takes: np.dot of a number and an array finds no implementation (TypingError),
# np.linalg.norm(a, axis=1) takes no `axis` (TypingError), and np.cov/np.corrcoef with their
# own parameter names (m=, x=, y=, rowvar=, bias=) reach the ImportError.
import numpy as np
from numba import njit


@njit("float64[:](float64, float64[:])")
def dot_scalar(a, b):
    return np.dot(a, b)


@njit
def dot_arrays(a, b):
    return np.dot(a, b)


@njit
def norm_axis(a):
    return np.linalg.norm(a, axis=1)


@njit
def norm_ord(a):
    return np.linalg.norm(a, ord=2)


@njit
def cov_kw(a):
    return np.cov(m=a)


@njit
def cov_opts(a):
    return np.cov(a, rowvar=False, bias=True)


@njit
def corrcoef_kw(a):
    return np.corrcoef(x=a, y=a)


CALLS = [
    ("dot_arrays", (np.ones(2), np.ones(2))),
    ("norm_axis", (np.arange(6.0).reshape(2, 3),)),
    ("norm_ord", (np.arange(6.0).reshape(2, 3),)),
    ("cov_kw", (np.array([1.0, 2.0, 4.0]),)),
    ("cov_opts", (np.array([1.0, 2.0, 4.0]),)),
    ("corrcoef_kw", (np.array([1.0, 2.0, 4.0]),)),
]
