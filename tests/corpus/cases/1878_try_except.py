# try/except in compiled code (Numba supports `except:` and `except Exception:`): exceptions
# from raise statements, integer division, called jit functions, run-time messages and bounds
# checks are caught; `else` clauses are not protected; nested handlers.
import numpy as np
from numba import njit


@njit
def checked(x):
    if x > 10:
        raise ValueError("too big", x)
    return x * 2


@njit("(int64,)")
def divide(n):
    try:
        r = 100 // n
    except:  # noqa: E722
        r = -1
    return r


@njit("(int64,)")
def calls(n):
    total = 0
    for i in range(n):
        try:
            total += checked(i * 3)
        except Exception:
            total += 1000
    return total


@njit("(int64,)")
def else_clause(n):
    try:
        r = 10 // n
    except Exception:
        r = 0
    else:
        r = checked(r * 5)
    return r


@njit("(int64, int64)")
def nested(a, b):
    out = 0
    try:
        try:
            out = 10 // a
        except Exception:
            out = 100 // b
    except Exception:
        out = -7
    return out


@njit("(float64[:], int64)", boundscheck=True)
def bounded(a, i):
    try:
        v = a[i]
    except Exception:
        v = -1.0
    return v


CALLS = [
    ("divide", (4,)),
    ("divide", (0,)),
    ("calls", (6,)),
    ("else_clause", (0,)),
    ("else_clause", (5,)),
    ("else_clause", (1,)),
    ("nested", (2, 3)),
    ("nested", (0, 4)),
    ("nested", (0, 0)),
    ("bounded", (np.arange(3.0), 1)),
    ("bounded", (np.arange(3.0), 7)),
]
