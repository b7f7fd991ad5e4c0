# np.trapezoid of n-d arrays: one sum per row along the last axis (Numba's np.sum(d * y_ave, -1)),
# with dx or a 1-d x (broadcast), of C and transposed arrays.
import numpy as np
from numba import njit
@njit
def t(y):
    return np.trapezoid(y)
@njit
def t2(y, x):
    return np.trapezoid(y, x)
@njit
def t3(y):
    return np.trapezoid(y, dx=0.5)
CALLS = [("t", (np.arange(6.0).reshape(2, 3),)), ("t2", (np.arange(6.0).reshape(2, 3), np.array([0.0, 1.0, 3.0]))),
         ("t3", (np.arange(6.0).reshape(2, 3),)), ("t", (np.arange(24.0).reshape(2, 3, 4),)), ("t", (np.linspace(0, 1, 7),)),
         ("t", (np.arange(6).reshape(3, 2).T,)), ("t2", (np.arange(6.0).reshape(2, 3), np.array([0.0, 1.0])))]
