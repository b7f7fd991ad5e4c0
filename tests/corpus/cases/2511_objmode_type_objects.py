"""objmode annotations given as Numba type objects: a module-level `types.intp[:]`, and
`types.float64` written in the call, beside a string annotation."""
import numpy as np
from numba import njit, objmode, types


def reverse(x):
    return np.asarray(list(reversed(x.tolist())))


OUT_T = types.intp[:]


@njit("Tuple((intp[:], intp[:]))()")
def both():
    x = np.arange(5)
    y = np.zeros_like(x)
    with objmode(y="intp[:]", z=OUT_T):
        y += reverse(x)
        z = y
    return y, z


@njit
def median(a):
    with objmode(r=types.float64):
        r = float(sorted(a.tolist())[len(a) // 2])
    return r * 2


CALLS = [("both", ()), ("median", (np.array([3.0, 1.0, 2.0]),))]
