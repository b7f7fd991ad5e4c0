# A list display of lists whose item types differ ([[1.5, 2], [3, 4]]): Numba's list_to_list
# cast asserts equal item types when lowering (AssertionError); numrs build could not lower it.
import numpy as np
from numba import njit


@njit
def l1():
    return [[1.5, 2], [3, 4]]


@njit
def l2():
    return np.array([[1, 2], [3, 4]], dtype=np.float32)


@njit
def l3():
    return np.array([[1, 2], [3, 4]])


@njit
def l4(x):
    return [[x, 2.0], [3.0, 4.0]]


@njit("(float64,)")
def e_mixed(x):
    return [[x, 2], [3, 4]]


CALLS = [("l1", ()), ("l2", ()), ("l3", ()), ("l4", (1.5,))]
