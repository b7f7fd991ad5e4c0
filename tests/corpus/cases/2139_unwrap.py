# np.unwrap (Numba's numpy_unwrap): along the last axis, float64 unless p and period are both
# integers (then divmod(period, 2) bounds and integer arithmetic); discont None is period / 2;
# an axis other than -1 is a ValueError; complex p has no np.mod loop (TypingError).
import numpy as np
from numba import njit


@njit
def uw(p):
    return np.unwrap(p)


@njit
def uw_discont(p, d):
    return np.unwrap(p, d)


@njit
def uw_period(p, per):
    return np.unwrap(p, None, -1, per)


@njit
def uw_all(p, d, per):
    return np.unwrap(p, discont=d, period=per)


@njit
def uw_axis(p, ax):
    return np.unwrap(p, axis=ax)


@njit
def uw_list(n):
    xs = [0.0]
    for i in range(n):
        xs.append(xs[-1] + 2.5)
    return np.unwrap(xs)


@njit
def uw_complex(p):
    return np.unwrap(p)


CALLS = [
    ("uw", (np.array([0.0, 3.0, 6.5, 1.0]),)),
    ("uw", (np.array([[0, 3, 7], [1, 8, 2]]),)),
    ("uw", (np.linspace(0.0, 20.0, 11),)),
    ("uw", (np.array([0.0, np.pi, 2 * np.pi, -np.pi, np.nan, 1.0]),)),
    ("uw", (np.arange(12.0).reshape(2, 2, 3) * 1.7,)),
    ("uw", (np.linspace(0.0, 12.0, 7).astype(np.float32),)),
    ("uw", (np.zeros(0),)),
    ("uw", (np.array([5.0]),)),
    ("uw", (np.arange(0.0, 30.0, 4.0)[::2],)),
    ("uw_discont", (np.array([0, 3, 7, 2, 12]), 4)),
    ("uw_discont", (np.array([0.0, 3.0, 7.0, 2.0, 12.0]), 1.5)),
    ("uw_period", (np.array([0, 3, 7, 2, 12, 1]), 4)),
    ("uw_period", (np.array([0, 3, 7, 2, 12, 1]), 5)),
    ("uw_period", (np.array([0, 3, 7, 2, 12, 1]), 0)),
    ("uw_period", (np.array([0.5, 3.0, 7.2, 2.0, 12.9]), 4)),
    ("uw_period", (np.array([0, 3, 7, 2, 12, 1]), 5.5)),
    ("uw_period", (np.array([2, 9, -4, 11], dtype=np.int8), 6)),
    ("uw_all", (np.array([0, 3, 7, 2, 12, 1]), 2, 4)),
    ("uw_all", (np.array([0, 3, 7, 2, 12, 1]), 2.5, 6)),
    ("uw_all", (np.array([0.0, 3.0, 7.0, 2.0]), 2, 4.0)),
    ("uw_axis", (np.array([0.0, 4.0, 8.0]), -1)),
    ("uw_axis", (np.array([0.0, 4.0, 8.0]), 0)),
    ("uw_list", (5,)),
    ("uw_complex", (np.array([1j, 2j]),)),
]
