import numpy as np
from numba import njit


@njit
def interp(x, xp, fp):
    return np.interp(x, xp, fp)


@njit
def interp_lr(x, xp, fp, l, r):
    return np.interp(x, xp, fp, left=l, right=r)


CALLS = [
    ("interp", (2.5, np.array([1.0, 2.0, 3.0]), np.array([10.0, 20.0, 30.0]))),
    ("interp", (np.nan, np.array([1.0, 2.0, 3.0]), np.array([10.0, 20.0, 30.0]))),
    ("interp", (np.inf, np.array([1.0, 2.0, 3.0]), np.array([10.0, 20.0, 30.0]))),
    ("interp", (2.0, np.array([1.0, 2.0, 2.0, 3.0]), np.array([10.0, 20.0, 25.0, 30.0]))),
    ("interp", (1.5, np.array([1.0, np.nan, 3.0]), np.array([10.0, 20.0, 30.0]))),
    ("interp", (1.5, np.array([1.0, 2.0]), np.array([np.inf, 20.0]))),
    ("interp", (1.0, np.array([1.0, 2.0]), np.array([np.inf, -np.inf]))),
    ("interp", (1.5, np.array([1.0, 2.0]), np.array([np.inf, np.inf]))),
    ("interp", (2.0, np.array([1.0, 2.0]), np.array([np.inf, 0.0]))),
    ("interp", (np.array([0.0, 1.0, 1.5, 2.0, 5.0]), np.array([1.0, 2.0]), np.array([3.0, 4.0]))),
    ("interp", (1.5, np.array([1.0]), np.array([7.0]))),
    ("interp", (1.5, np.zeros(0), np.zeros(0))),
    ("interp", (1.5, np.array([1.0, 2.0]), np.array([1.0, 2.0, 3.0]))),
    ("interp", (np.array([1, 2, 3]), np.array([1, 3]), np.array([0, 10]))),
    ("interp", (0.5 + 0j, np.array([0.0, 1.0]), np.array([0j, 1 + 1j]))) if False else ("interp", (0.5, np.array([0.0, 1.0]), np.array([0j, 1 + 1j]))),
    ("interp", (0.5, np.array([0.0, 1.0]), np.array([complex(np.inf, 0), 1 + 1j]))),
    ("interp", (3.0, np.array([3.0, 2.0, 1.0]), np.array([1.0, 2.0, 3.0]))),
    ("interp_lr", (0.0, np.array([1.0, 2.0]), np.array([3.0, 4.0]), -1.0, 99.0)),
    ("interp_lr", (5.0, np.array([1.0, 2.0]), np.array([3.0, 4.0]), -1.0, np.nan)),
    ("interp", (1.0 + 2.0**-52, np.array([1.0, 1.0 + 2.0**-51]), np.array([0.0, 1e308]))),
    ("interp", (np.array([1.25, 1.75]), np.array([1.0, 2.0]), np.array([-1e308, 1e308]))),
]
