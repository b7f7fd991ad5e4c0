import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(int32[:, ::1],)", "(float32[::1, :],)"])
def axes_ops(a):
    s = np.swapaxes(a, 0, 1)
    m = np.moveaxis(a, 0, -1)
    r = np.rot90(a)
    f = np.asfortranarray(a)
    return s, m, r, f


@njit(["(float64[:, :],)", "(int64[:],)"])
def bcast(a):
    b = np.broadcast_to(a, (3,) + a.shape)
    c = np.broadcast_to(a[0], 4)
    lst = np.broadcast_arrays(a, a)
    return b, c, lst


@njit(["(float64[:, :],)", "(int32[::1],)"])
def splits(a):
    p = np.split(a, 2)
    q = np.array_split(a, 3)
    r = np.split(a, (1, 2))
    return p, q, r


@njit(["(int64, int64)", "(float32, float64)", "(complex128, float64)"])
def spaces(a, b):
    x = np.logspace(a, b, 10)
    y = np.geomspace(a, b, 5)
    return x, y


@njit(["(float64[:, :],)", "(int32[::1],)", "(float32[::1, :],)"])
def misc(a):
    r = np.resize(a, (2, 3))
    s = np.sinc(a)
    p = np.partition(a, 1)
    q = np.argpartition(a, 1)
    v = np.vander(a)
    return r, s, p, q, v


@njit(["(float64[:, :], int64)", "(int32[:, ::1], int32)"])
def diag_tools(a, n):
    np.fill_diagonal(a, 1.5)
    i = np.triu_indices(n)
    j = np.tril_indices(n, 1, n)
    k = np.triu_indices_from(a)
    return i, j, k


@njit(["(float64[:, :],)", "(int64[:],)"])
def along(a):
    idx = np.zeros(a.shape, np.int64)
    return np.take_along_axis(a, idx, 0), np.take_along_axis(a, np.zeros(3, np.int64), None)


@njit(["(int32[:], int64[:])", "(float32[:, :], float32[::1])", "(int64[:], float64[:])"])
def setops(a, b):
    return np.union1d(a, b), np.intersect1d(a, b), np.setdiff1d(a, b), np.setxor1d(a, b)


@njit(["(float64,)", "(int64,)", "(complex64,)"])
def sinc_scalar(x):
    return np.sinc(x), np.asfortranarray(x), np.broadcast_to(x, ())


@njit(["(float64[:],)"])
def err_rot90_1d(a):
    return np.rot90(a)


@njit(["(float64[:, :],)"])
def err_swapaxes_float(a):
    return np.swapaxes(a, 0, 1.0)


@njit(["(int64[:],)"])
def err_bcast_mismatch(a):
    return np.broadcast_arrays(a, 1.0)


@njit(["(float64[:],)"])
def err_fill_diag_1d(a):
    np.fill_diagonal(a, 1.0)


@njit(["(float64[:, :], int64)"])
def err_take_along_axis_nonliteral(a, ax):
    return np.take_along_axis(a, np.zeros(a.shape, np.int64), ax)


@njit(["(float64[:],)"])
def err_partition_float_kth(a):
    return np.partition(a, 1.5)


@njit(["(boolean[:],)"])
def err_sinc_bool(a):
    return np.sinc(a)


@njit(["(float64,)"])
def err_triu_indices_float(n):
    return np.triu_indices(n)


@njit(["(float64[:],)"])
def err_logspace_array(a):
    return np.logspace(a, 2.0)
