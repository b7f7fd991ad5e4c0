# np.linalg.norm on 1-d arrays: ord None/0/1/2/-1/-2/3/inf/-inf, all
# dtypes, strided, empty vectors; 'fro'/'nuc' on vectors and axis= fail.
import numpy as np
from numba import njit


@njit(["(float64[::1],)", "(float64[:],)", "(float32[::1],)",
       "(complex128[::1],)", "(complex64[:],)"])
def norm_default(x):
    n = np.linalg.norm(x)
    return n


@njit
def norm_ords(x):
    return (np.linalg.norm(x, None), np.linalg.norm(x, 0), np.linalg.norm(x, 1),
            np.linalg.norm(x, 2), np.linalg.norm(x, -1), np.linalg.norm(x, -2),
            np.linalg.norm(x, 3), np.linalg.norm(x, np.inf),
            np.linalg.norm(x, -np.inf))


@njit(["(float64[::1], float64)", "(float64[::1], int64)", "(complex128[::1], int64)"])
def norm_runtime_ord(x, o):
    return np.linalg.norm(x, o)


@njit(["(float64[::1],)"])
def norm_fro_vec(x):
    return np.linalg.norm(x, 'fro')


@njit(["(float64[::1],)"])
def norm_axis(x):
    return np.linalg.norm(x, None, 0)


@njit(["(int64[::1],)", "(bool_[::1],)"])
def norm_int(x):
    return np.linalg.norm(x)


x = np.array([3.0, -4.0, 0.0, 12.0])

CALLS = [
    ("norm_default", (x,)),
    ("norm_default", (np.arange(10.0)[::3],)),
    ("norm_default", (x.astype(np.float32),)),
    ("norm_default", (np.array([3 + 4j, 0j, -12j]),)),
    ("norm_default", (np.array([3 + 4j, 1j], dtype=np.complex64),)),
    ("norm_default", (np.zeros(0),)),
    ("norm_default", (np.array([1e200, 1e200]),)),
    ("norm_default", (np.array([np.inf, 1.0]),)),
    ("norm_ords", (x,)),
    ("norm_ords", (x.astype(np.float32),)),
    ("norm_ords", (np.array([3 + 4j, 0j, -12j]),)),
    ("norm_ords", (np.array([0.5]),)),
    ("norm_ords", (np.zeros(0),)),
    ("norm_runtime_ord", (x, 2.0)),
    ("norm_runtime_ord", (x, 0.5)),
    ("norm_runtime_ord", (x, np.inf)),
    ("norm_runtime_ord", (x, 4)),
    ("norm_runtime_ord", (np.array([3 + 4j, -12j]), 1)),
]
