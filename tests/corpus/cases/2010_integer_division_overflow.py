# The lowest integer divided by -1: Numba gives 0 (quotient and remainder), for scalars and
# in its NumPy loops, rather than overflowing.
import numpy as np
from numba import njit

@njit("int64(int64, int64)")
def fdiv(a, b):
    return a // b

@njit("int64(int64, int64)")
def fmod(a, b):
    return a % b

@njit("UniTuple(int64, 2)(int64, int64)")
def dm(a, b):
    return divmod(a, b)

@njit("int64[:](int64[:], int64)")
def afdiv(a, b):
    return a // b

@njit("int64[:](int64[:], int64)")
def amod(a, b):
    return a % b

@njit("int32(int32, int32)")
def fdiv32(a, b):
    return a // b

M = -2**63
CALLS = [("fdiv", (-2**63, -1)), ("fmod", (-2**63, -1)), ("dm", (-2**63, -1)), ("fdiv", (7, -2)), ("dm", (-7, 2)), ("afdiv", (np.array([-2**63, 7, -7]), -1)), ("amod", (np.array([-2**63, 7, -7]), -1)), ("fdiv32", (np.int32(-2**31), np.int32(-1)))]
