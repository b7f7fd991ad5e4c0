# NumPy functions called with their positional parameters named (`np.percentile(a, q=50)`,
# `np.full(shape=n, fill_value=3)`, `np.isin(element=..., test_elements=...)`), reductions of
# Fortran-ordered arrays in memory order (Numba's `np.nditer`), and `np.nanvar`/`np.nanstd`
# with `ddof`.
import numpy as np
from numba import njit


@njit
def named_reductions(a):
    return (np.percentile(a, q=50), np.quantile(a, q=0.25), np.mean(a=a), np.median(a=a),
            np.max(a=a), np.argmin(a=a), np.cumsum(a=a), np.count_nonzero(a=a))


@njit
def named_creation(n):
    return np.full(shape=n, fill_value=3), np.zeros(shape=n), np.ones(shape=(n, 2)), np.full_like(a=np.arange(n), fill_value=7)


@njit
def named_shapes(a):
    return (np.repeat(a, repeats=2), np.flip(m=a), np.roll(a=a, shift=1), np.diag(v=a),
            np.split(ary=a, indices_or_sections=2), np.tril(m=np.ones((3, 3))))


@njit
def named_numeric(a):
    return (np.interp(x=a, xp=np.array([0.0, 4.0]), fp=np.array([0.0, 1.0])), np.diff(a=a, n=1),
            np.round(a=a * 1.234, decimals=1), np.clip(a=a, a_min=1.0, a_max=2.0),
            np.searchsorted(a=np.sort(a), v=1.5), np.histogram(a=a, bins=2))


@njit
def named_isin(a):
    return np.isin(element=a, test_elements=np.array([4.0]))


@njit
def named_nan_to_num(a):
    return np.nan_to_num(x=a)


@njit
def fortran_sums(a):
    return np.sum(a), a.sum(), a.mean(), np.prod(a), np.nansum(a), np.nanmean(a), np.nanvar(a), np.sum(a + 0.0)


@njit
def nan_ddof(a):
    return np.nanstd(a, ddof=1), np.nanvar(a, ddof=1), np.nanvar(a, None, None, None, 2), np.nanstd(a, ddof=10)


CALLS = [
    ("named_reductions", (np.array([1.0, 3.0, 2.0, 0.0]),)),
    ("named_creation", (2,)),
    ("named_shapes", (np.arange(4.0),)),
    ("named_numeric", (np.array([1.0, 2.5, 0.5, 3.0]),)),
    ("named_isin", (np.array([1.0, 4.0]),)),
    ("named_nan_to_num", (np.array([np.nan, 1.0, np.inf]),)),
    ("fortran_sums", (np.array([[1e16, 1.0], [-1e16, 1.0]]).T,)),
    ("fortran_sums", (np.linspace(0, 1, 1000).reshape(10, 100).T,)),
    ("fortran_sums", (np.linspace(0, 1, 1000).reshape(10, 100)[:, ::3],)),
    ("nan_ddof", (np.array([1.0, np.nan, 2.0, 4.0]),)),
]
