# Jit functions made by a factory whose parameter is a NumPy array: a module-level array by
# name (`make_smoother(W)`) or one made in the call (`make_smoother(np.array([...]))`). Numba
# freezes it as a read-only constant, as it freezes a global array.
import numpy as np
from numba import njit

W = np.array([0.25, 0.5, 0.25])


def make_smoother(w):
    @njit
    def smooth(a):
        out = np.zeros(a.size - w.size + 1)
        for i in range(out.size):
            out[i] = np.sum(a[i:i + w.size] * w)
        return out
    return smooth


smooth3 = make_smoother(W)
smooth_diff = make_smoother(np.array([1.0, -1.0]))
smooth_int = make_smoother(np.arange(1, 4))


def make_table(t, scale=2):
    @njit
    def lookup(i):
        return t[i] * scale, t
    return lookup


table = make_table(np.array([[1, 2], [3, 4]]))


def make_writer(t):
    @njit
    def write(i):
        t[i] = 0
        return t.sum()
    return write


writer = make_writer(np.ones(3))


CALLS = [
    ("smooth3", (np.arange(6.0),)),
    ("smooth_diff", (np.arange(4.0),)),
    ("smooth_int", (np.arange(5.0),)),
    ("table", (1,)),
    ("writer", (0,)),
]
