# np.finfo and np.iinfo: Numba's `finfo`/`iinfo` named tuples of NumPy's values for a scalar
# class, a dtype, an array's dtype or a number; np.dtype of a string or a scalar class.
import numpy as np
from numba import njit


@njit
def eps_scaled(x):
    return np.finfo(np.float64).eps * x


@njit
def float32_limits(a):
    info = np.finfo(a.dtype)
    return info.max, info.tiny, info.eps, info.resolution, info.bits, info.nmant, info.minexp


@njit
def float64_fields(x):
    f = np.finfo(x)
    return f.epsneg, f.iexp, f.machep, f.maxexp, f.min, f.negep, f.nexp, f.precision


@njit
def complex_info(z):
    return np.finfo(z).eps


@njit
def int_limits(x):
    i = np.iinfo(x)
    return i.min, i.max, i.bits


@njit
def uint_limits():
    return np.iinfo(np.uint64).max, np.iinfo(np.uint8).max, np.iinfo(np.int16).min


@njit
def array_int_limits(a):
    return np.iinfo(a.dtype).max


@njit
def dtype_zeros(n):
    return np.zeros(n, np.dtype("float32")), np.ones(n, np.dtype(np.int16))


@njit("float64(int64)")
def finfo_of_int(x):
    return np.finfo(x).eps


@njit("int64(float64)")
def iinfo_of_float(x):
    return np.iinfo(x).max


CALLS = [
    ("eps_scaled", (3.0,)),
    ("float32_limits", (np.zeros(2, dtype=np.float32),)),
    ("float64_fields", (1.5,)),
    ("complex_info", (1j,)),
    ("int_limits", (5,)),
    ("int_limits", (np.int8(3),)),
    ("int_limits", (np.uint32(3),)),
    ("uint_limits", ()),
    ("array_int_limits", (np.zeros(3, dtype=np.uint16),)),
    ("dtype_zeros", (3,)),
]
