"""Module arrays made by slicing along several axes (`M[::-1, ::-1]`, `M[1:, 0]`) or resized in
place (`T.resize((2, 2))`, as pvlib's tables are), which Numba freezes with the module's values."""
import numpy as np
from numba import njit

M = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
M_REV = np.ascontiguousarray(M[::-1, ::-1])
COL = np.ascontiguousarray(M[:, 1])
TAIL = np.ascontiguousarray(M[1:, ::2])
I3 = np.arange(24).reshape(2, 3, 4)
PICK = np.ascontiguousarray(I3[1, ::-1, 1:3])
RES = np.array([[5.0, 6.0]])
RES.resize((2, 2))
FLAT = np.arange(6.0)
FLAT.resize(2, 2)
GROW = np.array([1, 2, 3])
GROW.resize(5, refcheck=False)


@njit
def use_rev():
    return M_REV


@njit
def use_col():
    return COL.sum()


@njit
def use_tail():
    return TAIL


@njit
def use_pick():
    return PICK


@njit("float64[:, :]()")
def use_rev_sig():
    return M_REV.copy()


@njit
def use_resized():
    return RES, FLAT, GROW


CALLS = [("use_resized", ()), ("use_rev", ()), ("use_col", ()), ("use_tail", ()), ("use_pick", ()), ("use_rev_sig", ())]
