"""From real code: a stencil reading its neighbourhood through relative slices, a stencil's
int out= array in a parallel=True caller (the parfor casts), `from numba.core import types`,
and defaults read from a module-level dict or tuple."""
import numpy as np
import numba as nb
from numba import njit, stencil
from numba.core import types
from numba.typed import Dict

METRICS = {"euclidean": np.int64(2), "cityblock": np.int64(1)}
PLAIN = {"a": 3}
SIZES = (4, 8, 16)


@stencil(neighborhood=((-1, 1), (-1, 1)))
def k_window(arr):
    result = 0.0
    window = arr[-1:2, -1:2]
    for i in range(3):
        for j in range(3):
            result += window[i, j]
    return result


@stencil(neighborhood=((-1, 1), (-1, 1)))
def k_window_sum(arr):
    return np.sum(arr[-1:2, -1:2])


@stencil(neighborhood=((-2, 2),))
def k_1d(a):
    return a[-2:3].max() - a[0]


@njit
def window(x):
    return k_window(x)


@njit
def window_sum(x):
    return k_window_sum(x)


@njit
def one_d(x):
    return k_1d(x)


@stencil(neighborhood=((-1, 1), (-1, 1)))
def avg(arr):
    s = 0.0
    for i in range(-1, 2):
        for j in range(-1, 2):
            s += arr[i, j]
    return s / 9.0


@njit(parallel=True)
def avg_into_int(arr):
    result = np.zeros_like(arr)
    avg(arr, out=result)
    return result


@njit
def typed_dict():
    d = Dict.empty(key_type=types.unicode_type, value_type=types.float64)
    d["a"] = 4.5
    return d["a"]


@njit
def dist(x, metric_id=METRICS["euclidean"], p=2.0):
    return x * metric_id + p


@njit
def plain(x, k=PLAIN["a"], n=SIZES[-1]):
    return x + k + n


@njit
def uses_defaults(x):
    return dist(x), plain(x)


CALLS = [
    ("window", (np.arange(12.0).reshape(3, 4),)),
    ("window_sum", (np.arange(20.0).reshape(4, 5),)),
    ("one_d", (np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]),)),
    ("avg_into_int", (np.arange(16).reshape(4, 4),)),
    ("typed_dict", ()),
    ("dist", (1.0,)),
    ("dist", (1.0, np.int64(1))),
    ("plain", (1,)),
    ("uses_defaults", (1.5,)),
]
