# a.reshape(...) of an F-layout array: a view with NumPy's no-copy strides when the memory
# allows one in C order, else Numba's NotImplementedError("incompatible shape for array").
import numpy as np
from numba import njit

@njit
def r1(a):
    return a.reshape(-1)

@njit
def r3(a):
    return a.reshape((3, 2, 1))

@njit
def rT(a):
    return a.T.reshape(a.size)

@njit
def r4(a):
    return a.reshape(2, 1, 3, 1)

@njit
def rmod(a):
    b = a.reshape(3, 2)
    b[0, 0] = 100
    return a

CALLS = [
    ("r1", (np.asfortranarray(np.arange(6).reshape(6, 1)),)),
    ("r1", (np.asfortranarray(np.arange(6).reshape(2, 3)),)),
    ("r1", (np.asfortranarray(np.arange(6).reshape(1, 6)),)),
    ("r3", (np.asfortranarray(np.arange(6).reshape(3, 2)),)),
    ("r3", (np.asfortranarray(np.arange(6).reshape(6, 1)),)),
    ("r1", (np.zeros((0, 3), order="F"),)),
    ("rT", (np.arange(6).reshape(2, 3),)),
    ("rT", (np.arange(6).reshape(6, 1),)),
    ("r4", (np.asfortranarray(np.arange(6.0).reshape(2, 3)),)),
    ("r4", (np.arange(6.0).reshape(3, 2).T,)),
    ("r4", (np.asfortranarray(np.arange(6.0).reshape(6, 1)),)),
    ("rmod", (np.asfortranarray(np.arange(6).reshape(1, 6)),)),
    ("r1", (np.asfortranarray(np.arange(24).reshape(2, 3, 4))[:, :, :],)),
    ("r3", (np.asfortranarray(np.arange(6).reshape(1, 2, 3)),)),
]
