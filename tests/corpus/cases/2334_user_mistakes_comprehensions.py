import numpy as np
from numba import njit


@njit("(float64[:],)")
def listcomp_ok(a):
    return [x for x in a]


@njit("(int64,)")
def dictcomp(n):
    return {i: i * 2 for i in range(n)}


@njit("(int64,)")
def setcomp(n):
    return {i % 3 for i in range(n)}


@njit("(int64,)")
def nested_listcomp(n):
    return [[j for j in range(i)] for i in range(n)]


@njit("(float64[:],)")
def listcomp_hetero(a):
    return [x if x > 0 else 'a' for x in a]


@njit("(float64[:, :],)")
def listcomp_rows(a):
    return [a[i] for i in range(a.shape[0])]


@njit("(float64[:],)")
def listcomp_to_array(a):
    return np.array([x * 2 for x in a])


@njit("(int64,)")
def listcomp_tuple(n):
    return [(i, i * 0.5) for i in range(n)]
