# Module-level arrays in Fortran order (`np.asfortranarray`, `order="F"` of the constructors
# and of `.copy`), typed with layout F as Numba's typeof gives them, next to C-ordered ones
# and transposes.
import numpy as np
from numba import njit

A = np.asfortranarray(np.arange(6.0).reshape(2, 3))
B = np.zeros((2, 3), order="F")
C = np.arange(6.0).reshape(2, 3).T
D = np.ones((3, 2), order="C")
E = np.array([[1.0, 2.0], [3.0, 4.0]], order="F")
G = np.arange(12).reshape(3, 4).copy(order="F")
H = np.ascontiguousarray(np.arange(6.0).reshape(2, 3).T)
ROW = np.zeros((1, 4), order="F")


@njit
def fortran_reads():
    return A[1, 2], A.sum(), A.flags.f_contiguous, A.flags.c_contiguous


@njit
def shapes_and_flags():
    return B.shape, B.flags.f_contiguous, E[0, 1], E.flags.f_contiguous, ROW.flags.c_contiguous


@njit
def transposed_and_copies():
    return C[2, 1], C.flags.f_contiguous, G[2, 3], G.flags.f_contiguous, H[2, 1], H.flags.c_contiguous, D.sum()


@njit
def column_sums():
    out = np.zeros(G.shape[1])
    for j in range(G.shape[1]):
        for i in range(G.shape[0]):
            out[j] += G[i, j]
    return out


@njit("float64()")
def typed_fortran():
    a = A
    g = G
    h = H
    return a[0, 1] + g[1, 1] + h[0, 0]


CALLS = [
    ("fortran_reads", ()),
    ("shapes_and_flags", ()),
    ("transposed_and_copies", ()),
    ("column_sums", ()),
    ("typed_fortran", ()),
]
