# @guvectorize functions called from jit code (Numba's GUFunc typing): every operand passed,
# outputs included; arrays with at least their core's dimensions; the first loop the inputs
# cast to safely (and whose outputs cast to the given ones) runs; the call is None.
import numpy as np
from numba import guvectorize, njit


@guvectorize(["void(float64[:], float64, float64[:])", "void(int64[:], int64, int64[:])"], "(n),()->(n)")
def scale(a, s, out):
    for i in range(a.shape[0]):
        out[i] = a[i] * s


@guvectorize(["void(float64[:], float64[:])"], "(n)->()")
def total(a, out):
    acc = 0.0
    for x in a:
        acc += x
    out[0] = acc


@guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->()")
def dot(a, b, out):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    out[0] = s


@njit("(float64[:, :], float64[:, :], float64[:])")
def dots(a, b, out):
    # Core dimensions must agree; outputs are not broadcast.
    dot(a, b, out)
    return out


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)"])
def scaled(a):
    out = np.zeros(a.shape[0])
    r = scale(a, 2, out)
    return out, r


@njit(["(float64[:, :],)", "(int32[:, :],)"])
def row_totals(m):
    out = np.empty(m.shape[0])
    total(m, out)
    return out


@njit("(float64[:, :], float64[:])")
def broadcast_scale(m, s):
    # Row i is scaled by s[i]: the scalar core of `s` runs along the loop dimension.
    out = np.zeros_like(m)
    scale(m, s, out)
    return out


@njit("(float64[:],)")
def without_output(a):
    return total(a)


@njit("(float64,)")
def scalar_for_core(x):
    out = np.zeros(1)
    total(x, out)
    return out


@njit("(complex128[:],)")
def no_loop(a):
    out = np.zeros(a.shape[0], dtype=np.complex128)
    scale(a, 1, out)
    return out


CALLS = [
    ("scaled", (np.arange(4.0),)),
    ("scaled", (np.linspace(-1.0, 1.0, 5),)),
    ("row_totals", (np.arange(12.0).reshape(3, 4),)),
    ("row_totals", (np.arange(12.0).reshape(4, 3)[:, ::2],)),
    ("broadcast_scale", (np.arange(6.0).reshape(2, 3), np.array([1.0, 10.0]))),
    ("dots", (np.ones((2, 3)), np.arange(6.0).reshape(2, 3), np.zeros(2))),
    ("dots", (np.ones((2, 5)), np.ones((2, 3)), np.zeros(2))),
    ("dots", (np.ones((4, 3)), np.ones((4, 3)), np.zeros(1))),
]
