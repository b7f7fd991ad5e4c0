import numpy as np
from numba import njit


@njit
def cs(a):
    return np.cumsum(a)


@njit
def cp(a):
    return np.cumprod(a)


@njit
def csm(a):
    return a.cumsum()


@njit
def diff(a):
    return np.diff(a)


@njit
def sum_axis(a):
    return a.sum(axis=0)


@njit
def sum_dtype(a):
    return np.sum(a, dtype=np.int8) if False else a.sum()


@njit
def dot(a, b):
    return np.dot(a, b)


CALLS = [
    ("cs", (np.array([100, 100, 100], dtype=np.int8),)),
    ("cs", (np.array([200, 100], dtype=np.uint8),)),
    ("cs", (np.array([True, True, False]),)),
    ("cs", (np.array([1.5, 2.5], dtype=np.float32),)),
    ("cs", (np.array([30000, 30000], dtype=np.int16),)),
    ("cs", (np.array([4000000000, 4000000000], dtype=np.uint32),)),
    ("cs", (np.array([2**31 - 1, 1], dtype=np.int32),)),
    ("cs", (np.array([[1, 2], [3, 4]]),)),
    ("cp", (np.array([100, 100, 100], dtype=np.int8),)),
    ("cp", (np.array([True, False, True]),)),
    ("cp", (np.array([2.0, np.nan, 0.0]),)),
    ("csm", (np.array([100, 100], dtype=np.int8),)),
    ("diff", (np.array([0, 200, 5], dtype=np.uint8),)),
    ("diff", (np.array([-128, 127], dtype=np.int8),)),
    ("diff", (np.array([True, False, True]),)),
    ("diff", (np.array([np.inf, np.inf, 1.0]),)),
    ("sum_axis", (np.array([[100, 100], [100, 100]], dtype=np.int8),)),
    ("sum_axis", (np.array([[True, True], [True, False]]),)),
    ("sum_axis", (np.array([[1.5, 2.5]], dtype=np.float32),)),
    ("sum_dtype", (np.array([100, 100], dtype=np.uint16),)),
]
