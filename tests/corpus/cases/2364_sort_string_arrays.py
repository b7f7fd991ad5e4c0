# Sorting arrays of strings (np.sort, ndarray.sort, np.argsort, np.unique): by code points.
import numpy as np
from numba import njit

@njit
def s1(a):
    return np.sort(a)

@njit
def s2(a):
    b = a.copy()
    b.sort()
    return b

@njit
def s3(a):
    return np.argsort(a)

@njit
def s4(a):
    return np.unique(a)

@njit
def s5(a):
    return np.argsort(a, kind='mergesort')

@njit
def s6(a):
    return np.sort(a)[0] + np.sort(a)[-1    ("s7", (np.array([['b', 'a', 'c'], ['zz', 'z', 'za']]),)),
    ("s3", (np.array(['x', 'x', 'a', 'x']),)),
]

@njit
def s7(a):
    return np.sort(a)


A = np.array(['pear', 'apple', 'fig', 'apple', 'banana', '', 'applf', 'Zed'])

CALLS = [
    ("s1", (A,)),
    ("s2", (A,)),
    ("s3", (A,)),
    ("s4", (A,)),
    ("s5", (A,)),
    ("s6", (A,)),
    ("s1", (np.array(['b', 'a']),)),
    ("s1", (np.array(['é', 'e', 'z', '\u4e2d']),)),
    ("s7", (np.array([['b', 'a', 'c'], ['zz', 'z', 'za']]),)),
    ("s3", (np.array(['x', 'x', 'a', 'x']),)),
]
