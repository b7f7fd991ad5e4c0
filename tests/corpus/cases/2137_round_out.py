# np.round / np.around with an `out` array (Numba's impl_np_round): the shapes are checked
# (ValueError "invalid output shape"), each rounded item is cast to out's dtype, out is
# returned; a number is rounded into out[0].
import numpy as np
from numba import njit


@njit
def round_into(a, d):
    out = np.empty_like(a)
    r = np.round(a, d, out)
    return r, out is r


@njit
def around_into_int(a):
    out = np.zeros(a.shape, dtype=np.int32)
    np.around(a, 0, out)
    return out


@njit
def round_kw(a, d):
    out = np.zeros((a.shape[0], a.shape[1]), dtype=np.float32)
    return np.round(a, decimals=d, out=out)


@njit
def round_bad_shape(a):
    out = np.zeros(a.size + 1)
    return np.round(a, 1, out)


@njit
def round_scalar_into(x, d):
    out = np.zeros(3)
    np.round(x, d, out)
    return out


@njit
def round_none_out(a):
    return np.round(a, 2, None)


@njit
def round_complex_into_real(a):
    out = np.zeros(a.shape)
    return np.round(a, 1, out)


@njit
def round_transposed_out(a):
    out = np.zeros((a.shape[1], a.shape[0])).T
    np.round(a, 1, out)
    return out.copy()


CALLS = [
    ("round_into", (np.array([1.234, -2.5, 3.5, 0.125]), 2)),
    ("round_into", (np.array([1.5, 2.5, -0.5]), 0)),
    ("round_into", (np.array([123, -456, 789]), -1)),
    ("around_into_int", (np.array([1.4, 2.6, -3.5, 4.5]),)),
    ("round_kw", (np.arange(6.0).reshape(2, 3) / 7.0, 3)),
    ("round_bad_shape", (np.arange(3.0),)),
    ("round_scalar_into", (2.71828, 2)),
    ("round_scalar_into", (17, -1)),
    ("round_none_out", (np.array([1.2345, 6.789]),)),
    ("round_complex_into_real", (np.array([1.25 + 2j]),)),
    ("round_transposed_out", (np.arange(6.0).reshape(2, 3) / 3.0,)),
]
