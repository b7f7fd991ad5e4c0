# np.append with an axis (a literal or known at run time: np.concatenate of the two arrays,
# ValueError for mismatched shapes, IndexError out of bounds) and without (raveled).
import numpy as np
from numba import njit
@njit
def app0(a, b):
    return np.append(a, b, axis=0)
@njit
def app1(a, b):
    return np.append(a, b, 1)
@njit
def app_rt(a, b, ax):
    return np.append(a, b, axis=ax)
@njit
def app_flat(a, b):
    return np.append(a, b)
CALLS = [("app0", (np.ones((1, 2)), np.zeros((2, 2)))), ("app1", (np.arange(4).reshape(2, 2), np.array([[9.5], [8.5]]))),
         ("app_rt", (np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2), -1)), ("app_rt", (np.arange(4).reshape(2, 2), np.arange(4).reshape(2, 2), 2)),
         ("app0", (np.ones((1, 2)), np.zeros((1, 3)))), ("app_flat", (np.ones((1, 2)), np.array([5.0])))]
