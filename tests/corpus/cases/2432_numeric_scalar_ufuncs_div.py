import numpy as np
from numba import njit


@njit
def ndiv(a, b):
    return np.divide(a, b)


@njit
def nfdiv(a, b):
    return np.floor_divide(a, b)


@njit
def nrem(a, b):
    return np.remainder(a, b)


@njit
def nmod(a, b):
    return np.mod(a, b)


@njit
def nfmod(a, b):
    return np.fmod(a, b)


@njit
def npow(a, b):
    return np.power(a, b)


@njit
def ntd(a, b):
    return np.true_divide(a, b)


@njit
def ndm(a, b):
    return np.divmod(a, b)


@njit
def nmodf(x):
    return np.modf(x)


CALLS = [
    ("ndiv", (1.0, 0.0)), ("ndiv", (1, 0)), ("ndiv", (0, 0)), ("ndiv", (-1.0, -0.0)), ("ndiv", (np.int8(1), np.int8(0))),
    ("nfdiv", (7, 0)), ("nfdiv", (-7, 2)), ("nfdiv", (7.0, 0.0)), ("nfdiv", (-7.0, 0.0)), ("nfdiv", (0.0, 0.0)),
    ("nfdiv", (np.uint8(7), np.uint8(0))), ("nfdiv", (-0.0, 5.0)), ("nfdiv", (1.0, -np.inf)),
    ("nfdiv", (np.int8(-7), np.int8(2))), ("nfdiv", (np.int8(-128), np.int8(-1))),
    ("nrem", (7, 0)), ("nrem", (-7, 2)), ("nrem", (7, -2)), ("nrem", (7.0, 0.0)), ("nrem", (-0.0, 5.0)),
    ("nrem", (0.0, -5.0)), ("nrem", (-1.0, np.inf)), ("nrem", (1.0, -np.inf)), ("nrem", (np.inf, 2.0)),
    ("nrem", (np.uint8(7), np.uint8(0))), ("nrem", (np.int8(-7), np.int8(2))), ("nrem", (-7, 2.5)),
    ("nmod", (-7.5, 2.0)), ("nmod", (7, -3)),
    ("nfmod", (7, 0)), ("nfmod", (-7, 2)), ("nfmod", (7.0, 0.0)), ("nfmod", (-0.0, 5.0)), ("nfmod", (np.uint8(7), np.uint8(0))),
    ("npow", (2, -1)), ("npow", (0, -1)), ("npow", (-1, -3)), ("npow", (2, 63)), ("npow", (2, 64)),
    ("npow", (np.int8(2), np.int8(7))), ("npow", (np.uint8(2), np.uint8(8))), ("npow", (2.0, -1)),
    ("npow", (0.0, -1.0)), ("npow", (-0.0, -1.0)), ("npow", (-8.0, 1.0 / 3.0)), ("npow", (np.float32(2.0), np.float32(0.5))),
    ("npow", (2, 0.5)), ("npow", (1j, 2)), ("npow", (0j, -1 + 0j)), ("npow", (True, True)),
    ("ntd", (1, 0)), ("ntd", (np.int8(1), np.int8(3))), ("ntd", (np.uint64(1), np.int64(3))),
    ("ndm", (7, 0)), ("ndm", (-7, 2)), ("ndm", (7.0, 0.0)), ("ndm", (-7.5, 2.0)), ("ndm", (-0.0, 1.0)),
    ("nmodf", (-2.5,)), ("nmodf", (np.inf,)), ("nmodf", (-0.0,)), ("nmodf", (np.nan,)), ("nmodf", (3,)),
]
