import numpy as np
from numba import njit


@njit
def amax(a):
    return np.max(a)


@njit
def amin(a):
    return a.min()


@njit
def argmax(a):
    return np.argmax(a)


@njit
def argmin(a):
    return a.argmin()


@njit
def ssum(a):
    return np.sum(a)


@njit
def sprod(a):
    return np.prod(a)


@njit
def mean(a):
    return np.mean(a)


@njit
def var(a):
    return np.var(a), np.std(a)


@njit
def nanfuncs(a):
    return np.nanmax(a), np.nanmin(a), np.nansum(a), np.nanmean(a)


@njit
def nanarg(a):
    return np.nanargmax(a), np.nanargmin(a)


@njit
def med(a):
    return np.median(a)


@njit
def nanmed(a):
    return np.nanmedian(a)


CALLS = [
    ("amax", (np.zeros(0),)), ("amax", (np.array([1.0, np.nan, 3.0]),)),
    ("amax", (np.array([np.nan, 1.0]),)), ("amax", (np.array([-0.0, 0.0]),)),
    ("amax", (np.array([0.0, -0.0]),)), ("amax", (np.array([1, 5, 3], dtype=np.int8),)),
    ("amax", (np.array([True, False]),)), ("amax", (np.array([1 + 1j, 1 + 2j, np.nan + 0j]),)),
    ("amax", (np.array([2 + 1j, 1 + 5j]),)),
    ("amin", (np.zeros(0, dtype=np.int64),)), ("amin", (np.array([1.0, np.nan, -3.0]),)),
    ("amin", (np.array([-0.0, 0.0]),)), ("amin", (np.array([0.0, -0.0]),)),
    ("amin", (np.array([np.inf, np.nan]),)),
    ("argmax", (np.array([1.0, np.nan, 3.0, np.nan]),)), ("argmax", (np.zeros(0),)),
    ("argmax", (np.array([3, 7, 7, 1]),)), ("argmax", (np.array([-np.inf, -np.inf]),)),
    ("argmax", (np.array([False, True, True]),)),
    ("argmin", (np.array([1.0, np.nan, -3.0]),)), ("argmin", (np.array([np.nan, np.nan]),)),
    ("argmin", (np.array([[3.0, 1.0], [0.5, 9.0]]),)),
    ("ssum", (np.array([True, True, False]),)), ("ssum", (np.array([100, 100], dtype=np.int8),)),
    ("ssum", (np.array([200, 100], dtype=np.uint8),)), ("ssum", (np.array([1.5, 2.5], dtype=np.float32),)),
    ("ssum", (np.zeros(0, dtype=np.int32),)), ("ssum", (np.array([np.inf, -np.inf]),)),
    ("ssum", (np.array([-0.0, -0.0]),)),
    ("sprod", (np.array([100, 100], dtype=np.int8),)), ("sprod", (np.zeros(0),)),
    ("sprod", (np.array([True, True]),)), ("sprod", (np.array([2**40, 2**40]),)),
    ("mean", (np.array([1, 2], dtype=np.int8),)), ("mean", (np.zeros(0),)),
    ("mean", (np.array([True, False, True]),)), ("mean", (np.array([1.0, 2.0], dtype=np.float32),)),
    ("mean", (np.array([9223372036854775807, 9223372036854775807]),)),
    ("var", (np.array([1.0, 2.0, 4.0]),)), ("var", (np.zeros(0),)), ("var", (np.array([1, 2, 3, 4]),)),
    ("var", (np.array([1 + 1j, 2 - 1j]),)), ("var", (np.array([np.inf, 1.0]),)),
    ("nanfuncs", (np.array([np.nan, 1.0, np.nan, 3.0]),)),
    ("nanfuncs", (np.array([np.nan, np.nan]),)),
    ("nanfuncs", (np.array([1, 2, 3]),)),
    ("nanarg", (np.array([np.nan, 1.0, np.nan, 3.0]),)),
    ("nanarg", (np.array([np.nan, np.nan]),)),
    ("med", (np.array([3.0, 1.0, 2.0, 4.0]),)), ("med", (np.array([3.0, np.nan, 2.0]),)),
    ("med", (np.zeros(0),)), ("med", (np.array([1, 2, 3, 4], dtype=np.int8),)),
    ("med", (np.array([np.inf, -np.inf]),)), ("med", (np.array([-0.0, 0.0]),)),
    ("nanmed", (np.array([3.0, np.nan, 1.0]),)), ("nanmed", (np.array([np.nan, np.nan]),)),
    ("nanmed", (np.zeros(0),)),
]
