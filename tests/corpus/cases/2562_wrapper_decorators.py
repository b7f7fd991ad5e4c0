"""Plain functions returning the function compiled (`def fast(f): return njit(f)`), defined at
top level, in the `else` of an optional-numba `try`, or in its body with a fallback in the
handler; and decorator helpers defined after such a `try`."""
import numpy as np

try:
    import numba
    from numba import njit

    def fast(f):
        return numba.njit(f)
except ImportError:
    def fast(f):
        return f
else:
    def cached(f):
        """Compiled and cached."""
        return njit(cache=True)(f)


def plain_wrap(f):
    return njit(f)


def _jit(sig):
    return njit(sig, error_model="numpy")


@fast
def add(a, b):
    return a + b


@cached
def scale(x, k):
    return x * k


@plain_wrap
def total(a):
    s = 0.0
    for x in a:
        s += x
    return s


@_jit("float64(float64, float64)")
def div(a, b):
    return a / b


CALLS = [
    ("add", (1, 2.5)),
    ("scale", (np.arange(3.0), 2)),
    ("total", (np.arange(4.0),)),
    ("div", (1.0, 0.0)),
]
