# Module-level constants read by jit functions: Numba freezes their values into the code.
import numpy as np
from numba import njit

W = np.array([[1.0, 2.0], [3.0, 4.0]])
Z = np.zeros((2, 3), dtype=np.int32)
FLAGS = np.array([True, False, True])
G = 6.674e-11
SHAPE = (2, 3)
NAME = "grid"


@njit("(int64,)")
def use(i):
    return W[i, 1] + Z.sum() + FLAGS.sum() + G * 1e11, SHAPE[1], W.shape[0], NAME + "!"


@njit("()")
def give():
    return W[:, 1]


CALLS = [("use", (1,)), ("use", (-2,)), ("give", ())]
