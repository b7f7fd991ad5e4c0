# Functions that pick items by position, as Numba's arrayobj.py/arraymath.py compute them:
# layout conversions (the array itself or a copy, decided at run time for A arrays), a.flags,
# take_along_axis, fill_diagonal (with Numba's value checks) and geomspace.
import numpy as np
from numba import njit

@njit(["(float64[:, :],)", "(int32[:, ::1],)", "(float32[::1, :],)", "(float64[:, :, :],)"])
def layouts(a):
    f = np.asfortranarray(a)
    c = np.ascontiguousarray(a)
    f[0, 0] = 99
    return f, c, a

@njit(["(float64,)", "(int64,)"])
def scalar_layouts(x):
    return np.asfortranarray(x), np.ascontiguousarray(x)

@njit(["(float64[:, :],)", "(int64[:],)"])
def along(a):
    idx = np.zeros(a.shape, np.int64)
    return np.take_along_axis(a, idx, 0), np.take_along_axis(a, np.zeros(3, np.int64), None)

@njit("(float64[:, :], int64[:, :], int64[:, :])")
def along2(a, i0, i1):
    return np.take_along_axis(a, i0, 0), np.take_along_axis(a, i1, 1), np.take_along_axis(a, i1, -1)

@njit(["(float64[:, :], float64, boolean)", "(int32[:, ::1], float64, boolean)", "(uint8[:, :], int64, boolean)"])
def filld(a, v, w):
    np.fill_diagonal(a, v, w)
    return a

@njit("(float64[:, :, :], float64[:])")
def filld3(a, v):
    np.fill_diagonal(a, v)
    return a

@njit("(float64[:, :], int64[:])")
def filld_arr(a, v):
    np.fill_diagonal(a, v, True)
    return a

@njit(["(int64, int64, int64)", "(float32, float64, int64)", "(float32, float32, int64)", "(float64, float64, int64)"])
def geo(a, b, n):
    return np.geomspace(a, b, n)

@njit(["(float64[:, :],)", "(float64[::1],)", "(float64[:],)", "(float32[::1, :],)", "(float64[:, :, :],)"])
def flags(a):
    return a.flags.c_contiguous, a.flags.f_contiguous, a.flags.contiguous


CALLS = [
    ("layouts", (np.arange(6.0).reshape(2, 3),)),
    ("layouts", (np.arange(6.0).reshape(3, 2).T,)),
    ("layouts", (np.arange(12.0).reshape(3, 4)[:, ::2],)),
    ("layouts", (np.arange(6, dtype=np.int32).reshape(2, 3),)),
    ("layouts", (np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)),)),
    ("layouts", (np.arange(24.0).reshape(2, 3, 4).transpose(2, 1, 0),)),
    ("layouts", (np.arange(4.0).reshape(1, 4, 1),)),
    ("scalar_layouts", (2.5,)),
    ("scalar_layouts", (7,)),
    ("along", (np.arange(6.0).reshape(2, 3),)),
    ("along", (np.arange(4),)),
    ("along2", (np.arange(12.0).reshape(3, 4) / 7, np.array([[2, 0, 1, -1]]), np.array([[3], [0], [-2]]))),
    ("along2", (np.arange(12.0).reshape(3, 4) / 7, np.array([[2, 0, 1, -1], [0, 0, 0, 0]]), np.array([[3, 1], [0, 0], [-2, 1]]))),
    ("along2", (np.arange(12.0).reshape(3, 4) / 7, np.array([[1, 0]]), np.array([[3], [0]]))),
    ("filld", (np.zeros((3, 5)), 2.5, False)),
    ("filld", (np.zeros((5, 3)), 2.5, True)),
    ("filld", (np.zeros((5, 3)), 2.5, False)),
    ("filld", (np.zeros((3, 3), dtype=np.int32), 7.9, False)),
    ("filld", (np.zeros((3, 3), dtype=np.int32), 1e10, False)),
    ("filld", (np.zeros((3, 3), dtype=np.int32), np.nan, False)),
    ("filld", (np.zeros((3, 4), dtype=np.uint8), 255, True)),
    ("filld", (np.zeros((3, 4), dtype=np.uint8), -1, True)),
    ("filld", (np.zeros((4, 6))[:, ::2], np.inf, False)),
    ("filld3", (np.zeros((3, 3, 3)), np.array([1.0, 2.0]))),
    ("filld3", (np.zeros((3, 3, 2)), np.array([1.0, 2.0]))),
    ("filld_arr", (np.zeros((7, 3)), np.array([4, 5]))),
    ("filld_arr", (np.zeros((7, 3)), np.array([], dtype=np.int64))),
    ("geo", (1, 1000, 4)),
    ("geo", (-1, -1000, 4)),
    ("geo", (0, 10, 4)),
    ("geo", (-2, 10, 3)),
    ("geo", (5, 7, 1)),
    ("geo", (5, 7, 0)),
    ("geo", (np.float32(0.1), 3.0, 6)),
    ("geo", (np.float32(0.3), np.float32(-7.0), 5)),
    ("geo", (np.float32(-0.3), np.float32(-7.0), 5)),
    ("geo", (2.0, 3.7, 9)),
    ("flags", (np.zeros((2, 3)),)),
    ("flags", (np.zeros((2, 3)).T,)),
    ("flags", (np.zeros((3, 4))[:, ::2],)),
    ("flags", (np.zeros((1, 4)),)),
    ("flags", (np.zeros((4, 1))[::2],)),
    ("flags", (np.zeros(4),)),
    ("flags", (np.zeros(6)[::2],)),
    ("flags", (np.zeros((2, 3, 4)).transpose(2, 1, 0),)),
    ("flags", (np.zeros((2, 1, 3)),)),
    ("flags", (np.zeros((0, 3)),)),
]
