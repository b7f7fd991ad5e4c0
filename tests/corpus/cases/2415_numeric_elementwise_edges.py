import numpy as np
from numba import njit


@njit
def clip(a, lo, hi):
    return np.clip(a, lo, hi)


@njit
def sign(a):
    return np.sign(a)


@njit
def fdiv(a, b):
    return np.floor_divide(a, b)


@njit
def rem(a, b):
    return np.remainder(a, b)


@njit
def fmod(a, b):
    return np.fmod(a, b)


@njit
def pw(a, b):
    return np.power(a, b)


@njit
def opdiv(a, b):
    return a // b


@njit
def opmod(a, b):
    return a % b


@njit
def optdiv(a, b):
    return a / b


@njit
def divmod_(a, b):
    return np.divmod(a, b)


CALLS = [
    ("clip", (np.array([1.0, np.nan, 5.0, -1.0]), 0.0, 2.0)),
    ("clip", (np.array([1, 5, -3]), 0, 2)),
    ("clip", (np.array([1.0, 5.0]), np.nan, 2.0)),
    ("clip", (np.array([1.0, 5.0]), 3.0, 2.0)),
    ("clip", (np.array([-0.0, 0.0]), 0.0, 0.0)),
    ("clip", (3.5, 0.0, 2.0)),
    ("sign", (np.array([-0.0, 0.0, np.nan, -np.inf, 3.0]),)),
    ("sign", (np.array([-5, 0, 7], dtype=np.int8),)),
    ("sign", (-0.0,)), ("sign", (np.nan,)), ("sign", (np.array([1 + 1j, -2j, 0j, np.nan + 1j]),)),
    ("sign", (np.array([3, 0], dtype=np.uint8),)),
    ("fdiv", (np.array([7, -7, 7, -7, 0]), np.array([2, 2, 0, 0, 0]))),
    ("fdiv", (np.array([7.0, -7.0, 7.0, -7.0, 0.0]), np.array([2.0, 2.0, 0.0, 0.0, 0.0]))),
    ("fdiv", (np.array([7, 200], dtype=np.uint8), np.array([0, 3], dtype=np.uint8))),
    ("fdiv", (np.array([1.0, -1.0]), np.array([np.inf, np.inf]))),
    ("rem", (np.array([7, -7, 7, -7, 0]), np.array([2, 2, 0, 0, 0]))),
    ("rem", (np.array([7.0, -7.0, 7.0, -0.0, 1.0]), np.array([2.0, 2.0, 0.0, 2.0, -np.inf]))),
    ("fmod", (np.array([7, -7, 7]), np.array([2, 2, 0]))),
    ("fmod", (np.array([7.0, -7.0, 7.0]), np.array([2.0, 2.0, 0.0]))),
    ("pw", (np.array([2, 3, 0]), np.array([-1, -2, -1]))),
    ("pw", (np.array([2, 3]), np.array([63, 41]))),
    ("pw", (np.array([2, -2], dtype=np.int8), np.array([7, 7], dtype=np.int8))),
    ("pw", (np.array([0.0, -0.0, 2.0]), np.array([-1.0, -1.0, 0.5]))),
    ("pw", (np.array([2, 3]), 2.0)), ("pw", (2, np.array([-1, 2]))),
    ("pw", (np.array([1, -1, 2]), -1)),
    ("opdiv", (np.array([7, -7, 7, 0]), np.array([2, 2, 0, 0]))),
    ("opdiv", (np.array([7, -7]), 0)),
    ("opmod", (np.array([7, -7, 7, 0]), np.array([2, 2, 0, 0]))),
    ("opmod", (np.array([7.0, -7.0, -0.0]), 0.0)),
    ("optdiv", (np.array([1, -1, 0]), np.array([0, 0, 0]))),
    ("optdiv", (np.array([1, -1, 0]), 0)),
    ("optdiv", (np.array([1, 2], dtype=np.int8), np.array([3, 3], dtype=np.int8))),
    ("divmod_", (np.array([7, -7, 7]), np.array([2, 2, 0]))),
    ("divmod_", (np.array([7.5, -7.5, 7.5]), np.array([2.0, 2.0, 0.0]))),
]
