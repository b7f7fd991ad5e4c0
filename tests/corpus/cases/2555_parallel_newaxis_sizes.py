"""parallel=True array expressions: Numba asserts the operands' sizes per axis, and does not
take the axis a None index adds as a known 1 (so (n, 1) * (1, m) is its AssertionError)."""
import numpy as np
from numba import njit
@njit(parallel=True)
def f1(a, b): return a[:, None] * b[None, :]
@njit(parallel=True)
def f2(x, a): return x + a[None, :]
@njit(parallel=True)
def f3(x, a): return x + a
@njit(parallel=True)
def f4(a, m): return a[:, None] * np.ones((1, m))
@njit(parallel=True)
def f5(x, a): return x * a[:, None]
@njit(parallel=True)
def f6(a): return a[:, None] + a[:, None]
@njit(parallel=True)
def f7(x, a): return x + a.reshape((1, a.size))
CALLS = [("f1", (np.arange(3.), np.arange(2.))), ("f1", (np.arange(2.), np.arange(2.))),
    ("f2", (np.ones((3, 2)), np.arange(2.))), ("f3", (np.ones((3, 2)), np.arange(2.))),
    ("f4", (np.arange(3.), 2)), ("f5", (np.ones((3, 2)), np.arange(3.))), ("f6", (np.arange(3.),)),
    ("f7", (np.ones((3, 2)), np.arange(2.)))]
