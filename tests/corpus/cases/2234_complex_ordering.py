# Complex arrays in the NumPy functions that order or compare items: np.searchsorted (Numba's
# lt_complex / less_than_or_equal_complex, NaN parts sorting last), np.isin, np.intersect1d,
# np.setxor1d, np.setdiff1d, np.nanmin/np.nanmax (nan_min_max_factory), np.ptp (lexicographic,
# the first NaN real part returned early), np.nancumsum/np.nancumprod (a NaN part skipped).
import numpy as np
from numba import njit


@njit
def ss(a, v):
    return np.searchsorted(a, v)


@njit
def ss_right(a, v):
    return np.searchsorted(a, v, side="right")


@njit
def isin_(a, b):
    return np.isin(a, b)


@njit
def isin_inv(a, b):
    return np.isin(a, b, invert=True)


@njit
def inter(a, b):
    return np.intersect1d(a, b)


@njit
def xor(a, b):
    return np.setxor1d(a, b)


@njit
def sdiff(a, b):
    return np.setdiff1d(a, b)


@njit
def nmin(a):
    return np.nanmin(a)


@njit
def nmax(a):
    return np.nanmax(a)


@njit
def ncs(a):
    return np.nancumsum(a)


@njit
def ncp(a):
    return np.nancumprod(a)


@njit
def ptp_(a):
    return np.ptp(a)


CALLS = [
    ("ss", (np.array([1j, 2 + 0j, 2 + 1j, complex(3, np.nan), complex(np.nan, 0), complex(np.nan, np.nan)]), 2 + 0.5j)),
    ("ss", (np.array([1j, 2 + 0j, 2 + 1j, complex(3, np.nan), complex(np.nan, 0), complex(np.nan, np.nan)]), np.array([0j, 2 + 0j, 5j, 3 + 1j, complex(3, np.nan), complex(np.nan, 1), complex(np.nan, np.nan)]))),
    ("ss_right", (np.array([1j, 2 + 0j, 2 + 1j, complex(3, np.nan), complex(np.nan, 0), complex(np.nan, np.nan)]), np.array([0j, 2 + 0j, 2 + 1j, complex(3, np.nan), complex(np.nan, 0), complex(np.nan, np.nan)]))),
    ("ss", (np.array([1.0, 2.0, 3.0]), 2 + 1j)),
    ("ss", (np.array([1j, 2 + 0j]), 2.0)),
    ("ss_right", (np.array([1j, 2 + 0j]), 2.0)),
    ("isin_", (np.array([1j, 2 + 0j, np.nan + 0j]), np.array([2 + 0j, np.nan + 0j]))),
    ("isin_", (np.array([[1j, 2 + 0j], [3 + 0j, 1j]]), np.array([1j, 5 + 0j, 6 + 0j, 7 + 0j, 8 + 0j, 9 + 0j, 10 + 0j, 11 + 0j, 12 + 0j, 13 + 0j, 14 + 0j, 15 + 0j]))),
    ("isin_", (np.array([1.0, 2.0]), np.array([2 + 0j, 1 + 1j]))),
    ("isin_inv", (np.array([1j, 2 + 0j]), np.array([2 + 0j]))),
    ("inter", (np.array([1j, 2 + 0j, 1j, 3 - 1j]), np.array([1j, 3 - 1j, 4 + 0j]))),
    ("inter", (np.array([1j, np.nan + 0j]), np.array([np.nan + 0j]))),
    ("xor", (np.array([1j, 2 + 0j, 1j]), np.array([1j, 3 + 0j]))),
    ("sdiff", (np.array([1j, 2 + 0j, 1j, -1 + 0j]), np.array([1j, 3 + 0j]))),
    ("sdiff", (np.array([1j, 2 + 0j, 5 + 5j]), np.arange(40) + 0j)),
    ("nmin", (np.array([2 + 1j, np.nan, 1 + 5j, 1 + 2j]),)),
    ("nmax", (np.array([2 + 1j, np.nan, 2 + 5j, 2 - 1j]),)),
    ("nmin", (np.array([complex(np.nan, 1), 3 + 0j, 2 + 0j]),)),
    ("nmax", (np.array([np.nan + 0j, np.nan + 1j]),)),
    ("nmin", (np.array([[3 + 1j, 1 - 1j], [1 - 2j, 4 + 0j]]).T,)),
    ("ncs", (np.array([2 + 1j, np.nan, 1 + 5j, complex(1, np.nan), 1j]),)),
    ("ncp", (np.array([2 + 1j, np.nan, 1 + 5j]),)),
    ("ptp_", (np.array([1j, 2 + 0j, 2 - 3j, -1 + 7j]),)),
    ("ptp_", (np.array([1j, complex(np.nan, 2), 5 + 0j]),)),
    ("ptp_", (np.array([1j, complex(np.nan, np.nan), 5 + 0j]),)),
    ("ptp_", (np.array([1j, complex(2, np.nan), 5 + 0j]),)),
    ("ptp_", (np.array([[1 + 1j, 2 + 0j], [0j, 3 + 3j]]),)),
    ("ptp_", (np.array([], dtype=np.complex128),)),
]
