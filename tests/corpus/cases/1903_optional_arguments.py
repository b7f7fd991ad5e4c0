# Calls with optional arguments: Numba's AbstractTemplate.apply tries a template again with
# every OptionalType(T) unpacked to T when it gives no signature, and the lowering converts the
# value back, raising TypeError when it is None. A constant index into an optional tuple types
# but does not compile.
import math

import numpy as np
from numba import njit


@njit("(int64,)")
def optional_items(n):
    out = ["a" * n]
    out.append(None)
    out.append("b")
    k = 0
    for x in out:
        if x is not None:
            k += len(x)
    return out, k


@njit("(int64,)")
def maybe_ints(n):
    out = []
    for i in range(n):
        out.append(i if i % 2 else None)
    return out


@njit("(int64,)")
def len_of_none(n):
    s = None
    if n > 0:
        s = "x" * n
    return len(s)


@njit("(int64,)")
def sqrt_optional(n):
    x = None
    if n > 0:
        x = float(n)
    return math.sqrt(x)


@njit("(int64,)")
def array_optional(n):
    a = None
    if n > 0:
        a = np.arange(n)
    return a[n - 1], a.sum()


@njit("(int64,)")
def pop_strings(n):
    out = []
    for i in range(n):
        out.append("x" * i)
    y = out.pop()
    return out, y


@njit("(int64,)")
def constant_index(n):
    t = None
    if n > 0:
        t = (n, n + 1)
    return t[0]


@njit("(Optional(float64[:]),)")
def optional_argument(a):
    if a is None:
        return 0.0
    return a.sum() + a.shape[0] + a[0]


@njit("(int64,)")
def maybe_array(n):
    a = None
    if n > 0:
        a = np.ones(n)
    return a


@njit("(int64,)")
def set_optional(n):
    a = None
    if n > 0:
        a = np.zeros(n)
    a[0] = 5.0
    return a


@njit("(int64,)")
def optional_in_loop(n):
    s = 0.0
    for i in range(n):
        a = None
        if i % 2 == 0:
            a = np.arange(i + 1.0)
        if a is not None:
            s += a.sum()
    return s


CALLS = [
    ("optional_argument", (np.arange(3.0),)),
    ("optional_argument", (None,)),
    ("maybe_array", (3,)),
    ("maybe_array", (0,)),
    ("set_optional", (2,)),
    ("set_optional", (0,)),
    ("optional_in_loop", (5,)),
    ("optional_items", (3,)),
    ("maybe_ints", (5,)),
    ("len_of_none", (3,)),
    ("len_of_none", (0,)),
    ("sqrt_optional", (4,)),
    ("sqrt_optional", (0,)),
    ("array_optional", (4,)),
    ("array_optional", (0,)),
    ("pop_strings", (3,)),
]
