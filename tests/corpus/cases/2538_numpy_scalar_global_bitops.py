"""Bitwise operators (`|`, `&`, `^`, `<<`) between NumPy scalar module constants (abacusutils'
`AUXPID = AUXXPID | AUXYPID | AUXZPID` of `np.uint64` values): folded as NumPy computes them,
in the operands' dtype."""
import numpy as np
from numba import njit

A = np.uint64(0x7FFF)
B = np.uint64(0x7FFF0000)
S = np.uint64(16)
OR_NP = A | B
AND_NP = A & B
XOR_NP = A ^ B
SHL_NP = A << S
ADD_NP = A + B
OR_INT = 0x7FFF | 0x7FFF0000
I32 = np.int32(5) | np.int32(2)


@njit
def f_or():
    return OR_NP


@njit
def f_and():
    return AND_NP


@njit
def f_xor():
    return XOR_NP


@njit
def f_shl():
    return SHL_NP


@njit
def f_add():
    return ADD_NP


@njit
def f_or_int():
    return OR_INT


@njit
def f_i32():
    return I32


CALLS = [("f_or", ()), ("f_and", ()), ("f_xor", ()), ("f_shl", ()), ("f_add", ()), ("f_or_int", ()), ("f_i32", ())]
