# What Numba refuses only when lowering typed code: raising a BaseException that is not an
# Exception (UnsupportedError), a list variable given lists of different item types in
# different branches (list_to_list's AssertionError), the imaginary part of a real array of
# layout A (NotImplementedError: no allocation of layout A).
import numpy as np
from numba import njit

@njit("(int64,)")
def kb(x):
    if x > 0:
        raise KeyboardInterrupt("x")
    return x

@njit("(int64,)")
def kb_bare(x):
    if x > 0:
        raise SystemExit
    return x

@njit("(int64,)")
def relist(x):
    l = [1]
    if x > 0:
        l = [1.0]
    return len(l)

@njit("(float64[:],)")
def imag_a(a):
    return a.imag


CALLS = [
    ("kb", (0,)),
    ("relist", (1,)),
    ("imag_a", (np.arange(3.0),)),
]
