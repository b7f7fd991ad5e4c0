# sgkit hwe.py: `g_jit = numba_jit(g, ...)` where g calls another function compiled the same way
# (`f_jit = numba_jit(f, ...)`) through its module-level name; numba_jit merges default options.
# numrs builds f_jit, but in g the global f_jit is untyped (TypingError), so g_jit is not built.
import numpy as np
from numba import jit

DEFAULT_NUMBA_ARGS = {"nopython": True, "cache": False}


def numba_jit(*args, **kwargs):
    kwargs_ = DEFAULT_NUMBA_ARGS.copy()
    kwargs_.update(kwargs)
    return jit(*args, **kwargs_)


def f(x):
    return x * 2.0


f_jit = numba_jit(f, fastmath=True, nogil=True)


def g(a):
    out = np.empty(len(a))
    for i in range(len(a)):
        out[i] = f_jit(a[i])
    return out


g_jit = numba_jit(g, fastmath=True, nogil=True)


CALLS = [
    ("f_jit", (1.5,)),
    ("g_jit", (np.array([1.0, 2.0]),)),
]
