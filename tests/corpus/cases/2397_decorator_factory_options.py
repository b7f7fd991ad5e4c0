"""Decorator factories of the module that configure a jit decorator: parameters with
defaults, passed by position or by name, forwarded by keyword (mne's `def jit(nopython=True,
..., **kwargs): return numba.jit(nopython=nopython, ..., **kwargs)`), and `**kwargs` passed on."""
import numba
import numpy as np


def jit(nopython=True, nogil=True, fastmath=True, cache=False, **kwargs):
    return numba.jit(nopython=nopython, nogil=nogil, fastmath=fastmath, cache=cache, **kwargs)


def njit_model(error_model="numpy", **kwargs):
    return numba.njit(error_model=error_model, **kwargs)


def njit_sig(sig):
    return numba.njit(sig, cache=False)


def njit_sig_model(sig, error_model="numpy"):
    return numba.njit(sig, error_model=error_model)


def jit_fwd(nopython=True):
    return numba.jit(nopython=nopython)


@jit_fwd()
def plus2(x):
    return x + 2


@jit()
def bincount(x, weights, minlength):
    out = np.zeros(minlength)
    for idx, w in zip(x, weights):
        out[idx] += w
    return out


@njit_sig("int64(int64)")
def plus1(x):
    return x + 1


@njit_model()
def div_numpy(a, b):
    return a // b


@njit_model(error_model="python")
def div_python(a, b):
    return a // b


@njit_sig_model("int64(int64, int64)", "python")
def div_python_pos(a, b):
    return a // b


@njit_sig_model("int64(int64, int64)")
def div_numpy_sig(a, b):
    return a // b


@njit_model(boundscheck=True)
def get_checked(a, i):
    return a[i]


@jit(boundscheck=True)
def get_checked_jit(a, i):
    return a[i]


CALLS = [
    ("bincount", (np.array([0, 1, 1, 3]), np.array([0.5, 1.0, 2.0, 4.0]), 5)),
    ("plus1", (3,)),
    ("plus2", (3,)),
    ("div_numpy", (7, 0)),
    ("div_numpy", (7, 2)),
    ("div_python", (7, 0)),
    ("div_python_pos", (7, 0)),
    ("div_numpy_sig", (7, 0)),
    ("get_checked", (np.arange(3), 5)),
    ("get_checked", (np.arange(3), 1)),
    ("get_checked_jit", (np.arange(3), 5)),
]
